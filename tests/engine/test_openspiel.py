"""The OpenSpiel games of ``pygames.adapters.openspiel``: OpenSpiel's own consistency checks, the same
games as the engine's seeded ones when driven by the same chance outcomes, information states that keep
each seat's secrets, ISMCTS playing whole games through the resampler, games the adapters do not know
refused, and a site wheel without them.  Every game of ``pygames.GAMES`` with an adapter module
``pygames.adapters.games.<game id>`` (optional for a game: all the adapters know of it) is tested."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import pygames.adapters.games as adapter_games
from pygames import GAMES
from pygames.adapters import openspiel  # (registers the games)
from pygames.adapters.encode import encode
from pygames.adapters.games import DrawsInPlay, GameAdapter, UnknownGame, adapted_games, adapter
from pygames.adapters.spec import spec_for
from pygames.core.outcome import Outcome
from pygames.core.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
#: The games the adapters offer (those with a pygames/adapters/games/<id>.py: optional for a game).
ADAPTED = {game: GAMES[game] for game in adapted_games()}
COUNTS = [(game, n) for game, module in ADAPTED.items() for n in module.PLAYER_COUNTS]
#: One count per game, the middle one of its counts.
MIDDLE = [(game, module.PLAYER_COUNTS[len(module.PLAYER_COUNTS) // 2]) for game, module in ADAPTED.items()]
#: The games with secrets, at their fewest and most players.
SECRET_COUNTS = [
    (game, n)
    for game, module in ADAPTED.items()
    if module.SECRETS
    for n in sorted({module.PLAYER_COUNTS[0], module.PLAYER_COUNTS[-1]})
]


def _load(game: str, players: int, **options: bool) -> pyspiel.Game:
    return pyspiel.load_game(f"pygames_{game}", {"players": players, **options})


def _chance(state: pyspiel.State, rs: np.random.RandomState) -> None:
    actions, probs = zip(*state.chance_outcomes())
    state.apply_action(int(rs.choice(actions, p=probs)))


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_openspiel_random_simulation_checks(game: str, players: int) -> None:
    """OpenSpiel's C++ checks (legal actions sorted, chance probabilities summing to 1, clones,
    returns, strings at every node) over random games."""
    pyspiel.random_sim_test(_load(game, players), num_sims=2, serialize=False, verbose=False)


def test_parameters_are_the_player_count_and_rule_options() -> None:
    game = _load("turncoats", 3, march_allows_zero=True)
    assert (game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()) == (3, 10531, 3)
    state = game.new_initial_state()
    rs = np.random.RandomState(0)
    while state.is_chance_node():
        _chance(state, rs)
    assert state.engine_state.options["march_allows_zero"] is True
    texts = {state.action_to_string(a) for a in state.legal_actions()}
    assert {"march red x0", "negotiate"} <= texts
    assert _load("oriflamme", 5).num_players() == 5
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("pygames_okiya", {"no_such_option": True})


@pytest.mark.parametrize("game", list(ADAPTED))
def test_actions_name_their_moves(game: str) -> None:
    spec = spec_for(game)
    assert len(set(spec.actions)) == len(spec.actions)
    state = _load(game, spec.players).new_initial_state()
    rs = np.random.RandomState(1)
    while not state.is_terminal():
        if state.is_chance_node():
            _chance(state, rs)
            continue
        engine = state.engine_state
        legal = state.legal_actions()
        assert [state.action_to_string(a) for a in legal] == sorted(
            (str(m) for m in engine.legal_moves()), key=spec.action_of
        )
        state.apply_action(int(rs.choice(legal)))


@pytest.mark.parametrize(("game", "players"), MIDDLE)
def test_observation_tensors_are_the_views_arrays(game: str, players: int) -> None:
    state = _load(game, players).new_initial_state()
    assert not any(state.observation_tensor(0))
    rs = np.random.RandomState(2)
    while not state.is_terminal():
        if state.is_chance_node():
            _chance(state, rs)
            continue
        for seat in range(players):
            expected = encode(game, state.engine_state.view(seat), seat, players)
            assert np.array_equal(np.array(state.observation_tensor(seat)), expected)
        state.apply_action(int(rs.choice(state.legal_actions())))


def test_returns_share_the_pot() -> None:
    spec = spec_for("oriflamme", 4)
    assert spec.returns(Outcome((5, 9, 1, 0), (1,), "score", "k")) == [-1.0, 3.0, -1.0, -1.0]
    assert spec.returns(Outcome((5, 5, 1, 0), (0, 1), "score", "k")) == [1.0, 1.0, -1.0, -1.0]
    assert spec_for("okiya").returns(Outcome((0, 0), (), "draw", "k")) == [0.0, 0.0]


def _views(state: object, players: int) -> list[dict]:
    return [state.view(seat) for seat in (*range(players), None)]


@pytest.mark.parametrize(("game", "players", "seed"), [(g, n, s) for g, n in COUNTS if n <= 4 for s in (1, 2)])
def test_a_random_game_through_openspiel_is_the_engines_game(game: str, players: int, seed: int) -> None:
    """A seeded engine game played with random moves, and the OpenSpiel state given the same chance
    outcomes (the deal, ``Spec.setup_of`` the engine's first position, then each draw in play, such as
    a Negotiate's) and actions: every seat sees the same at every step."""
    module = GAMES[game]
    engine = module.new_game(players, seed)
    state = _load(game, players).new_initial_state()
    spec = spec_for(game, players)
    for outcome in spec.setup_of(engine):
        assert outcome in dict(state.chance_outcomes())
        state.apply_action(outcome)
    rng = Rng(seed)
    while engine.outcome is None:
        assert state.current_player() == engine.to_move
        for seat in range(players):
            assert state.engine_state.view(seat) == engine.view(seat)
        legal = engine.legal_moves()
        move = legal[rng.below(len(legal))]
        state.apply_action(spec.action_of(move))
        before, engine = engine, engine.play(move)
        assert state.is_chance_node() == spec.waits(move)
        if state.is_chance_node():  # the outcome the engine drew
            seen = _views(engine, players)
            drew = [o for o, _ in state.chance_outcomes() if _views(spec.drawn(before, o)[0], players) == seen]
            assert len(drew) == 1
            state.apply_action(drew[0])
    assert state.is_terminal()
    for seat in (*range(players), None):  # a finished game shows everything
        assert state.engine_state.view(seat) == engine.view(seat)
    assert state.returns() == spec.returns(engine.outcome)
    assert sum(state.returns()) == 0


def _dealt(children: list[pyspiel.State]) -> list[pyspiel.State | None]:
    """Each of ``children`` (a setup node's outcomes) after the rest of the setup, the same draws for
    all (those the first child's first outcomes make), so that their positions differ only by that
    node's outcome; None for a child in which those draws cannot be made."""
    first = children[0].clone()
    rest = []
    while first.engine_state is None:
        rest.append(first.chance_outcomes()[0][0])
        first.apply_action(rest[-1])
    dealt: list[pyspiel.State | None] = []
    for child in children:
        child = child.clone()
        for outcome in rest:
            if outcome not in dict(child.chance_outcomes()):
                child = None
                break
            child.apply_action(outcome)
        dealt.append(child)
    return dealt


def _told_apart(before: pyspiel.State, children: list[pyspiel.State], seats: range | list[int]) -> int:
    """Each seat reads the same line for the action taken in ``before`` in all children whose
    positions its engine view cannot tell apart (what the seat learns is what the engine shows it, no
    more; a setup node's children are compared once dealt, ``_dealt``).  Returns how many (seat,
    position) pairs stood for more than one child: the secrets checked."""
    index = 1 + len(before.history())  # the action's line (after the view, or "setup")
    positions = _dealt(children) if before.engine_state is None else children
    hidden = 0
    for seat in seats:
        alike: dict[str, list[pyspiel.State]] = {}
        for child, position in zip(children, positions):
            if position is not None:
                alike.setdefault(json.dumps(position.engine_state.view(seat), sort_keys=True), []).append(child)
        for group in alike.values():
            if len(group) > 1:
                lines = {child.information_state_string(seat).split("\n")[index] for child in group}
                assert len(lines) == 1, (seat, lines)
                hidden += 1
    return hidden


#: The moves of a decision whose lines are compared (a few at random: Turncoats offers hundreds).
SAMPLED_MOVES = 8


def _without_log(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "log"}


@pytest.mark.parametrize(("game", "players"), SECRET_COUNTS)
def test_information_states_keep_each_seats_secrets(game: str, players: int) -> None:
    """A seat learns of each action only what the engine's view shows it: at every chance node (setup
    draws completed alike) and decision, the outcomes or moves a seat's view cannot tell apart give
    it the same line (the mover aside), and some do.  At every decision: each seat's string differs
    from the others'; a twin state (the other seats' hidden cards or stones resampled, which happens
    to change them) gives the seat to move the very same string."""
    openspiel_game = _load(game, players)
    state = openspiel_game.new_initial_state()
    rs = np.random.RandomState(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hidden = differed = 0
    while not state.is_terminal():
        if state.is_chance_node():
            hidden += _told_apart(state, [state.child(a) for a, _ in state.chance_outcomes()], range(players))
            _chance(state, rs)
            continue
        strings = [state.information_state_string(seat) for seat in range(players)]
        assert len(set(strings)) == players
        me = state.current_player()
        legal = state.legal_actions()
        children = [state.child(int(a)) for a in rs.choice(legal, min(len(legal), SAMPLED_MOVES), replace=False)]
        hidden += _told_apart(state, children, [seat for seat in range(players) if seat != me])
        twin = state.resample_from_infostate(me, sampler)
        assert twin.information_state_string(me) == strings[me]
        assert sorted(openspiel_game.spec.action_ids(twin.engine_state.legal_moves())) == state.legal_actions()
        assert twin.legal_actions() == state.legal_actions()
        differed += any(
            _without_log(twin.engine_state.view(other)) != _without_log(state.engine_state.view(other))
            for other in range(players)
        )
        state.apply_action(int(rs.choice(state.legal_actions())))
    assert hidden and differed


@pytest.mark.parametrize(("game", "players"), [(g, m.PLAYER_COUNTS[0]) for g, m in ADAPTED.items() if m.SECRETS])
def test_ismcts_plays_a_whole_game_through_the_resampler(game: str, players: int) -> None:
    """OpenSpiel's ISMCTS with a random rollout evaluator (it resamples with the state's own
    ``resample_from_infostate`` at every simulation) plays every seat of a whole game."""
    openspiel_game = _load(game, players)
    rs = np.random.RandomState(4)
    bot = ismcts.ISMCTSBot(
        game=openspiel_game,
        evaluator=mcts.RandomRolloutEvaluator(1, rs),
        uct_c=2.0,
        max_simulations=8,
        random_state=rs,
    )
    state = openspiel_game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            _chance(state, rs)
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions > players
    returns = state.returns()
    # zero-sum; a seat won, unless every seat tied (OpenSpiel's sampler is not seeded: any end may come)
    assert sum(returns) == 0 and (max(returns) > 0 or returns == [0.0] * players)


def test_the_site_wheel_leaves_the_adapters_out(build_mod, tmp_path) -> None:
    wheel = build_mod.build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        record = zf.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
    assert "pygames/okiya/state.py" in names
    assert not [n for n in names if n.startswith("pygames/adapters")]
    assert "pygames/adapters" not in record


@pytest.mark.parametrize("game", list(ADAPTED))
def test_every_game_has_an_adapter_module_and_a_registered_game(game: str) -> None:
    module = adapter(game)
    assert isinstance(module, GameAdapter)
    drawn = [hasattr(module, name) for name in DrawsInPlay.__annotations__]
    assert all(drawn) or not any(drawn)
    assert game in adapted_games() and game in openspiel.GAME_CLASSES
    assert openspiel.game_class(game).GAME == game
    assert f"pygames_{game}" in pyspiel.registered_names()
    assert spec_for(game).observation_size == module.OBSERVATION_SIZE > 0


def test_a_game_the_registry_lacks_is_refused_everywhere() -> None:
    """Not Turncoats' actions, not a KeyError: a ValueError naming the game and the known ones."""
    known = ", ".join(GAMES)
    message = f"pygames.adapters: no game 'chess' (known: {known})"
    view = GAMES["turncoats"].new_game(2, 1).view(0)
    for call in (
        lambda: spec_for("chess"),
        lambda: spec_for("chess", 2),
        lambda: encode("chess", view, 0, 2),
        lambda: adapter("chess"),
        lambda: openspiel.game_class("chess"),
        lambda: type("ChessGame", (openspiel.PygamesGame,), {"GAME": "chess"})({}),
    ):
        with pytest.raises(UnknownGame) as caught:
            call()
        assert isinstance(caught.value, ValueError) and not isinstance(caught.value, KeyError)
        assert str(caught.value) == message
    with pytest.raises(pyspiel.SpielError, match="pygames_chess"):
        pyspiel.load_game("pygames_chess")


def test_a_registered_game_without_an_adapter_module_is_refused(monkeypatch) -> None:
    """A game of ``pygames.GAMES`` with no ``pygames/adapters/games/<id>.py``: told what to add, not
    registered with OpenSpiel; a module that lacks some of the names: told which."""
    monkeypatch.setattr(adapter_games, "GAMES", {**{g: GAMES[g] for g in GAMES}, "unadapted": ModuleType("t")})
    assert adapted_games() == tuple(ADAPTED)
    with pytest.raises(UnknownGame, match=r"game 'unadapted' has no .*add pygames/adapters/games/unadapted\.py"):
        spec_for("unadapted")
    name = "pygames.adapters.games.unadapted"
    partial = ModuleType(name)
    partial.__spec__ = ModuleSpec(name, None)
    partial.actions = lambda: ("a1",)
    partial.waits = lambda move: False
    monkeypatch.setitem(sys.modules, name, partial)
    assert adapted_games() == (*ADAPTED, "unadapted")
    with pytest.raises(TypeError, match=r"unadapted\.py lacks OBSERVATION_SIZE, deal_length, .*draw_outcomes"):
        adapter("unadapted")


def test_the_spec_imports_no_numpy_and_no_game_before_asked() -> None:
    code = (
        "import sys\n"
        "from pygames.adapters.spec import spec_for\n"
        "assert not [m for m in sys.modules if m == 'numpy' or m.startswith(('pygames.okiya', 'pygames.turncoats'))]\n"
        "spec_for('okiya')\n"
        "assert 'numpy' not in sys.modules and 'pygames.turncoats' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


@pytest.mark.parametrize(("game", "players"), [("oriflamme", 4), ("turncoats", 3)])
def test_ismcts_keys_cost_a_line_each_not_a_view(game: str, players: int, monkeypatch) -> None:
    """The yardstick's fairness (issue 28): ISMCTS asks for an information-state string at every
    node it walks, so a string is its parent's plus one line, and the engine's view is written out
    (``json.dumps``) only where a line of play starts: once for the root and once per simulation
    (its resampled world), never per node.  A child's string still extends its parent's by exactly
    what the seat saw of the action."""
    openspiel_game = _load(game, players)
    rs = np.random.RandomState(5)
    state = openspiel_game.new_initial_state()
    for _ in range(30):  # into the play, past the setup
        if state.is_chance_node():
            _chance(state, rs)
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            _chance(state, rs)
        else:
            state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    root = openspiel.PygamesState(
        openspiel_game, openspiel._Position(openspiel_game.spec, (), state.engine_state, False, ())
    )
    child = root.child(root.legal_actions()[0])
    assert child.information_state_string(seat).startswith(root.information_state_string(seat) + "\n")
    assert child.information_state_string(seat).count("\n") == 1

    dumps = []
    real = json.dumps
    monkeypatch.setattr(openspiel.json, "dumps", lambda *a, **k: dumps.append(1) or real(*a, **k))
    simulations = 40
    bot = ismcts.ISMCTSBot(
        game=openspiel_game,
        evaluator=mcts.RandomRolloutEvaluator(1, rs),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rs,
    )
    fresh = openspiel.PygamesState(
        openspiel_game, openspiel._Position(openspiel_game.spec, (), state.engine_state, False, ())
    )
    assert bot.step(fresh) in fresh.legal_actions()
    nodes = sum(node.total_visits >= 0 for node in bot._nodes.values())
    # (the adapter before issue 28 wrote 200 views for these 40 simulations of Turncoats)
    assert nodes > 2 * players and len(dumps) <= simulations + 2 * players, (nodes, len(dumps))


@pytest.mark.parametrize(("game", "players"), MIDDLE)
def test_a_twins_start_for_another_seat_is_its_own_view_written_once_a_secret(game: str, players: int) -> None:
    """Issue 28's yardstick: a search resamples its root at every simulation, and keys the other
    seats' nodes below by their information-state strings, which start with their views of the
    twin.  Twins of one root share every public fact, so those are looked up by the seat's
    ``secret`` (the adapter module's) and written out once a secret: at every decision of random
    games, each such string of 24 twins for the seat to move (6 for each other seat: the seat to
    move's own secret then counts, a Turncoats stone drawn for a Negotiate) is the one written
    afresh from the twin itself (it fails when a secret misses something the seat's view shows),
    and each is written once a secret of a seat of a root, looked up after that."""
    openspiel_game = _load(game, players)
    rs = np.random.RandomState(7)
    sampler = pyspiel.UniformProbabilitySampler(11, 0.0, 1.0)
    asked = kept = decisions = 0
    secrets = set()  # (decision, viewer, seat, that seat's secret in a twin)
    for _ in range(2):
        state = openspiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                _chance(state, rs)
                continue
            decisions += 1
            root = openspiel.PygamesState(
                openspiel_game, openspiel._Position(openspiel_game.spec, (), state.engine_state, False, ())
            )
            for viewer in range(players):  # the seat to move's twins, and any other seat's
                for _ in range(24 if viewer == state.current_player() else 6):
                    twin = root.resample_from_infostate(viewer, sampler)._p
                    for other in range(players):
                        if other != viewer:
                            asked += 1
                            secrets.add((decisions, viewer, other, openspiel_game.spec.secret(twin.state, other)))
                            assert twin.key(other, openspiel._start) == openspiel._start(twin, other)
            kept += sum(len(starts) for _, _, starts in root._p._twins.values())
            state.apply_action(int(rs.choice(state.legal_actions())))
    assert decisions > 10 and kept == len(secrets) < asked, (kept, len(secrets), asked)


@pytest.mark.parametrize(("game", "players"), MIDDLE)
def test_python_answers_are_pyspiels(game: str, players: int) -> None:
    """``legal_actions``, ``is_chance_node`` and ``information_state_string``, answered in Python for
    speed (issue 28), say what pyspiel's own (through C++) say, at every node of a random game and for
    every seat."""
    state = _load(game, players).new_initial_state()
    rs = np.random.RandomState(6)
    while True:
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for seat in range(players):
            assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
            assert state.information_state_string(seat) == pyspiel.State.information_state_string(state, seat)
        if not state.is_chance_node() and not state.is_terminal():
            assert state.information_state_string() == pyspiel.State.information_state_string(state)
        if state.is_terminal():
            break
        if state.is_chance_node():
            _chance(state, rs)
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
    with pytest.raises(pyspiel.SpielError):
        state.information_state_string()  # no seat to move


@pytest.mark.parametrize(("game", "players"), MIDDLE)
def test_a_deep_copy_of_the_legal_actions_is_a_plain_copy_of_its_own(game: str, players: int, monkeypatch) -> None:
    """OpenSpiel's ISMCTS deep-copies the legal actions at every node it expands, then shuffles the
    copy: the adapter makes that copy a plain list at C speed (issue 28: no id deep-copied one by
    one), which must be a copy of its own, so the shuffle leaves the state's legal actions (kept
    once worked out) as they were."""
    import copy

    items = []
    monkeypatch.setitem(copy._deepcopy_dispatch, int, lambda x, memo: items.append(x) or x)
    state = _load(game, players).new_initial_state()
    rs = np.random.RandomState(3)
    while state.is_chance_node():
        _chance(state, rs)
    legal = state.legal_actions()
    copied = copy.deepcopy(legal)
    assert type(copied) is list and copied == legal and copied is not legal
    assert items == []
    rs.shuffle(copied)
    copied.reverse()
    assert state.legal_actions() == legal == sorted(legal)


def test_yardstick_sims_rate_searches_alike_from_the_same_seeds(monkeypatch) -> None:
    """``bench/yardstick.py --sims-rate`` (issue 28): ISMCTS's ms a simulation over seeded positions, and
    the same searches (moves picked, root visits) on every run, so that a before/after comparison
    shows an adapter that changed no search; its rollouts OpenSpiel's or played on the engine."""
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    import yardstick

    monkeypatch.setitem(yardstick.SIMS_RATE, "turncoats2", (6, 10))
    for rollouts in ("openspiel", "engine"):
        ms, picked = yardstick.sims_rate("turncoats2", 2, rollouts)
        assert ms > 0 and len(picked) == 2 and all("root visits" in text for text in picked)
        assert yardstick.sims_rate("turncoats2", 2, rollouts)[1] == picked


def test_yardstick_games_replay_the_same(monkeypatch) -> None:
    """``bench/yardstick.py``'s games (issue 28): ISMCTS resamples from a seeded sampler, so a game
    of a row on a fixed budget is the same game every time it is played (a table can be played
    over several sittings)."""
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    import yardstick
    from bots_bench import play_out

    ends: list[str] = []

    def recording(state, decide):
        end = play_out(state, decide)
        ends.append(end.to_text())
        return end

    monkeypatch.setattr(yardstick, "play_out", recording)
    for mode in ("sims", "playout"):
        first = yardstick.play("turncoats2", mode, 3)
        assert yardstick.play("turncoats2", mode, 3) == first and ends[-1] == ends[-2]

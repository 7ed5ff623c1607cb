"""The OpenSpiel games of ``pygames.adapters.openspiel``: OpenSpiel's own consistency checks, the same
games as the engine's seeded ones when driven by the same chance outcomes, information states that keep
each seat's secrets, ISMCTS playing whole games through the resampler, and a site wheel without them."""

from __future__ import annotations

import re
import zipfile

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from pygames import GAMES
from pygames.adapters import openspiel  # noqa: F401  (registers the games)
from pygames.adapters.encode import encode
from pygames.adapters.spec import REMOVALS, spec_for
from pygames.core.outcome import Outcome
from pygames.core.rng import Rng
from pygames.turncoats.board import AREA_COUNT, HOMELAND

COUNTS = [(game, n) for game, module in GAMES.items() for n in module.PLAYER_COUNTS]


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


@pytest.mark.parametrize("game", list(GAMES))
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


@pytest.mark.parametrize(("game", "players"), [("okiya", 2), ("oriflamme", 4), ("turncoats", 3)])
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


def _setup_outcomes(game: str, first: object) -> list[int]:
    """The chance outcomes that deal the first position ``first`` of a seeded engine game."""
    if game == "okiya":
        return [*first.layout, first.first_player]
    if game == "oriflamme":
        removed = [tuple(t for t in range(10) if mask >> t & 1) for mask in first.removed]
        return [REMOVALS.index(r) for r in removed] + [first.start]
    draws = []
    for x in range(AREA_COUNT):
        if x not in HOMELAND:
            draws += [c for c in range(3) for _ in range(first.area(x)[c])]
    for seat in range(first.players):
        draws += [c for c in range(3) for _ in range(first.hand(seat)[c])]
    return [*draws, first.first_player]


@pytest.mark.parametrize(("game", "players", "seed"), [(g, n, s) for g, n in COUNTS if n <= 4 for s in (1, 2)])
def test_a_random_game_through_openspiel_is_the_engines_game(game: str, players: int, seed: int) -> None:
    """A seeded engine game played with random moves, and the OpenSpiel state given the same chance
    outcomes (the deal, then each Negotiate's draw) and actions: every seat sees the same at every step."""
    module = GAMES[game]
    engine = module.new_game(players, seed)
    state = _load(game, players).new_initial_state()
    for outcome in _setup_outcomes(game, engine):
        assert outcome in dict(state.chance_outcomes())
        state.apply_action(outcome)
    rng = Rng(seed)
    spec = spec_for(game, players)
    while engine.outcome is None:
        assert state.current_player() == engine.to_move
        for seat in range(players):
            assert state.engine_state.view(seat) == engine.view(seat)
        legal = engine.legal_moves()
        move = legal[rng.below(len(legal))]
        state.apply_action(spec.action_of(move))
        engine = engine.play(move)
        if game == "turncoats" and engine.pending is not None and str(move) == "negotiate":
            assert state.is_chance_node()
            state.apply_action(engine.pending)
    assert state.is_terminal()
    for seat in (*range(players), None):  # a finished game shows everything
        assert state.engine_state.view(seat) == engine.view(seat)
    assert state.returns() == spec.returns(engine.outcome)
    assert sum(state.returns()) == 0


def _secret_lines(game: str, seat: int) -> re.Pattern:
    """Lines of an information state that only ``seat`` may read: its deal, its cards, its draws."""
    p = f"p{seat + 1}"
    if game == "oriflamme":
        return re.compile(rf"^{p} (removes |place (?!\?))", re.M)
    return re.compile(rf"^{p} draws \w", re.M)


def _without_log(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "log"}


@pytest.mark.parametrize(("game", "players"), [("oriflamme", 3), ("turncoats", 2), ("turncoats", 4)])
def test_information_states_keep_each_seats_secrets(game: str, players: int) -> None:
    """At every decision: each seat's string differs from the others' and holds its own secret lines
    but never another seat's; a twin state (the other seats' hidden cards or stones resampled, which
    happens to change them) gives the seat to move the very same string."""
    state = _load(game, players).new_initial_state()
    rs = np.random.RandomState(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seen_own = differed = 0
    while not state.is_terminal():
        if state.is_chance_node():
            _chance(state, rs)
            continue
        strings = [state.information_state_string(seat) for seat in range(players)]
        assert len(set(strings)) == players
        for seat, text in enumerate(strings):
            for other in range(players):
                if other != seat:
                    assert not _secret_lines(game, other).search(text), (other, text)
            seen_own += bool(_secret_lines(game, seat).search(text))
        me = state.current_player()
        twin = state.resample_from_infostate(me, sampler)
        assert twin.information_state_string(me) == strings[me]
        assert twin.legal_actions() == state.legal_actions()
        differed += any(
            _without_log(twin.engine_state.view(other)) != _without_log(state.engine_state.view(other))
            for other in range(players)
        )
        state.apply_action(int(rs.choice(state.legal_actions())))
    assert seen_own and differed


@pytest.mark.parametrize(("game", "players"), [("turncoats", 2), ("oriflamme", 3)])
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
    assert sum(state.returns()) == 0 and max(state.returns()) > 0


def test_the_site_wheel_leaves_the_adapters_out(build_mod, tmp_path) -> None:
    wheel = build_mod.build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        record = zf.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
    assert "pygames/okiya/state.py" in names
    assert not [n for n in names if n.startswith("pygames/adapters")]
    assert "pygames/adapters" not in record

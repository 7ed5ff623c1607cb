"""Every game in ``pygames.GAMES`` follows ``pygames.core.protocol`` for real: the
attributes exist with the documented types and shapes, and seeded playouts check the
notation, the position text, the views and the moves as data at every step."""

from __future__ import annotations

import inspect
import json

import pytest

from pygames import GAMES
from pygames.bots import BOTS, DEFAULT_LEVELS, bots_module
from pygames.core import protocol
from pygames.core.errors import IllegalMove, PlayerError
from pygames.core.outcome import Outcome
from pygames.core.rng import Rng
from pygames.core.session import start_match

IDS = list(GAMES)
#: Moves of each playout whose every legal move is checked (later plies check the move played).
FULL_CHECK_PLIES = 6


def plain_json(value: object) -> bool:
    """True when ``value`` is made only of JSON's own types (no tuples, sets or objects)."""
    return json.loads(json.dumps(value)) == value


@pytest.mark.parametrize("game", IDS)
def test_module_has_the_documented_attributes(game):
    module = GAMES[game]
    assert isinstance(module, protocol.GameModule)
    counts = module.PLAYER_COUNTS
    assert type(counts) is tuple and counts and all(type(n) is int and n > 0 for n in counts)
    assert list(counts) == sorted(set(counts))
    assert isinstance(module.OPTIONS, dict) and plain_json(module.OPTIONS)
    assert all(isinstance(name, str) and isinstance(v, (bool, int, str)) for name, v in module.OPTIONS.items())
    assert type(module.FORMATS) is tuple and module.FORMATS[0] == "single"
    assert all(isinstance(f, str) for f in module.FORMATS)
    assert hasattr(module, "start_match") == (len(module.FORMATS) > 1)
    assert type(module.SECRETS) is bool
    assert not hasattr(module, "PLAYERS")  # PLAYER_COUNTS is the one shape


@pytest.mark.parametrize("game", IDS)
def test_new_game_takes_players_seed_first_player_and_the_options(game):
    module = GAMES[game]
    params = inspect.signature(module.new_game).parameters
    assert list(params)[:2] == ["players", "seed"]
    assert params["first_player"].kind is inspect.Parameter.KEYWORD_ONLY
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    assert takes_any or set(module.OPTIONS) <= set(params)
    players = module.PLAYER_COUNTS[0]
    plain = module.new_game(players, 3)
    assert module.new_game(players, 3, **module.OPTIONS).to_text() == plain.to_text()
    assert module.new_game(players, 3).to_text() == plain.to_text()  # deterministic
    for seat in range(players):
        assert module.new_game(players, 3, first_player=seat).to_move == seat
    with pytest.raises(PlayerError):
        module.new_game(players, 3, first_player=players)


@pytest.mark.parametrize("game", IDS)
def test_bots_module_found_by_convention(game):
    bots = bots_module(game)
    assert isinstance(bots, protocol.BotsModule)
    assert type(bots.LEVELS) is tuple and bots.LEVELS and bots.DEFAULT_LEVEL in bots.LEVELS
    assert all(callable(getattr(bots, level)) for level in bots.LEVELS)
    assert list(BOTS[game]) == list(bots.LEVELS) and DEFAULT_LEVELS[game] == bots.DEFAULT_LEVEL


def check_move(module, state, move) -> None:
    text = str(move)
    assert isinstance(move, protocol.Move) and text
    data = move.to_json()
    assert plain_json(data) and data["text"] == text and isinstance(data["kind"], str)
    parsed = module.parse(text)
    assert str(parsed) == text and parsed == move
    assert state.play(text).to_text() == state.play(move).to_text()


def check_position(module, game, state, players) -> None:
    assert isinstance(state, protocol.State)
    text = state.to_text()
    again = module.from_text(text)
    assert again.to_text() == text and again == state
    for seat in (*range(players), None):
        view = state.view(seat)
        assert plain_json(view) and view["game"] == game
    legal = state.legal_moves()
    assert type(legal) is tuple
    if state.to_move is None:
        assert legal == () and isinstance(state.outcome, Outcome)
        assert len(state.outcome.scores) == players and set(state.outcome.winners) <= set(range(players))
        assert plain_json(state.outcome.to_json())
    else:
        assert 0 <= state.to_move < players and legal and state.outcome is None


@pytest.mark.parametrize("game", IDS)
def test_seeded_playouts_keep_the_protocol_at_every_step(game):
    module = GAMES[game]
    for players in module.PLAYER_COUNTS:
        rng = Rng(f"protocol-{game}-{players}")
        state = module.new_game(players, players * 7)
        plies = 0
        while True:
            check_position(module, game, state, players)
            if state.to_move is None:
                break
            legal = state.legal_moves()
            for move in legal if plies < FULL_CHECK_PLIES else ():
                check_move(module, state, move)
            move = legal[rng.below(len(legal))]
            check_move(module, state, move)
            before = state.to_text()
            state = state.play(move)
            assert module.from_text(before).to_text() == before  # play is pure: the old state is unchanged
            plies += 1


@pytest.mark.parametrize("game", IDS)
def test_bad_notation_and_illegal_moves_are_player_errors(game):
    module = GAMES[game]
    with pytest.raises(IllegalMove):
        module.parse("no such move")
    state = module.new_game(module.PLAYER_COUNTS[0], 1)
    with pytest.raises(IllegalMove):
        state.play("no such move")
    with pytest.raises(PlayerError):
        module.from_text("not a position")


@pytest.mark.parametrize("game", IDS)
def test_every_format_starts_a_match_with_the_match_interface(game):
    module = GAMES[game]
    players = module.PLAYER_COUNTS[0]
    for format in module.FORMATS:
        match = start_match(module, game, players, 5, format, {})
        assert isinstance(match, protocol.Match)
        assert (match.game, match.players, match.seed, match.format) == (game, players, 5, format)
        assert match.games == (match.current,) and match.notation() == [[]]
        summary = match.summary()
        assert plain_json(summary) and summary["format"] == format and summary["game"] == 1
        assert {"score", "over", "winner", "can_continue", "message"} <= set(summary)
        move = str(match.current.legal_moves()[0])
        played = match.play(move)
        assert played.notation() == [[move]] and match.notation() == [[]]
        with pytest.raises(IllegalMove):
            played.next_game()
    with pytest.raises(PlayerError):
        start_match(module, game, players, 5, "no such format", {})
    with pytest.raises(PlayerError):
        start_match(module, game, players, 5, "single", {"no such option": True})


#: Seeded random games of each game in the generic fuzzing below, spread over its player counts
#: (each game's own fuzz tests play thousands, with its own invariants).
FUZZ_GAMES = 8


@pytest.mark.parametrize("game", IDS)
def test_seeded_random_games_keep_the_generic_invariants(game):
    """At every ply of seeded random games: the seat to move is a seat and has legal moves until
    the game ends with an outcome for every seat; the position text reads back to the same
    position; the move played reads back from its notation; every view is plain JSON of this
    game; play leaves the old position as it was; the same seed and moves give the same game."""
    module = GAMES[game]
    rng = Rng(f"generic-fuzz-{game}")
    for number in range(FUZZ_GAMES):
        players = module.PLAYER_COUNTS[number % len(module.PLAYER_COUNTS)]
        state = module.new_game(players, number)
        played = []
        while state.to_move is not None:
            assert 0 <= state.to_move < players and state.outcome is None
            legal = state.legal_moves()
            assert legal and len(set(map(str, legal))) == len(legal)
            text = state.to_text()
            assert module.from_text(text) == state
            move = legal[rng.below(len(legal))]
            assert module.parse(str(move)) == move
            for seat in (*range(players), None):
                view = state.view(seat)
                assert plain_json(view) and view["game"] == game
            after = state.play(move)
            assert state.to_text() == text
            played.append(str(move))
            state = after
        assert state.legal_moves() == () and len(state.outcome.scores) == players
        assert set(state.outcome.winners) <= set(range(players))
        again = module.new_game(players, number)
        for move in played:
            again = again.play(move)
        assert again.to_text() == state.to_text()

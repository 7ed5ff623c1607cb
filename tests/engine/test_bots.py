"""Okiya bots: legal moves only, decisions from the view alone, and strength:
perfect never does worse than the game's value, wins every won worked example of
docs/rules/okiya.md section 10, medium beats easy."""

from __future__ import annotations

import copy

import pytest
from okiya_examples import EXAMPLES

from pygames.bots import BOTS, choose
from pygames.bots.okiya import LEVELS
from pygames.core.errors import PlayerError
from pygames.core.rng import Rng
from pygames.okiya import from_layout, from_text, new_game, solver


def example_state(layout, moves):
    state = from_layout(layout, first_player=0)
    for entry in moves:
        state = state.play(int(entry.split("=")[0]))
    return state


def random_move(state, rng):
    moves = state.legal_moves()
    return moves[rng.below(len(moves))]


def play_out(state, players, rng):
    """Play to the end; ``players[seat]`` is a level or None for a uniformly random player."""
    while state.outcome is None:
        seat = state.to_move
        level = players[seat]
        move = random_move(state, rng) if level is None else choose(state.view(seat), level, rng)
        assert move in state.legal_moves()
        state = state.play(move)
    return state


def test_registry_has_the_bridge_levels():
    from pygames import bridge

    okiya = next(g for g in bridge.games() if g["id"] == "okiya")
    assert LEVELS == tuple(okiya["levels"]) == ("easy", "medium", "perfect")
    assert set(BOTS["okiya"]) == set(LEVELS)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_only_legal_moves(level):
    rng = Rng(f"legal-{level}")
    for game in range(12):
        players = (level, None) if game % 2 else (None, level)
        end = play_out(new_game(2, 500 + game), players, rng)
        assert end.outcome is not None


@pytest.mark.parametrize("level", LEVELS)
def test_choice_depends_only_on_the_view(level):
    rng = Rng("views")
    state = new_game(2, 77)
    while state.outcome is None:
        seat = state.to_move
        view = state.view(seat)
        first = choose(view, level, Rng(5))
        # the same view (a copy, or rebuilt from the position text) and the same seed: same move
        assert choose(copy.deepcopy(view), level, Rng(5)) == first
        assert choose(from_text(state.to_text()).view(seat), level, Rng(5)) == first
        # the view is not modified
        assert view == state.view(seat)
        state = state.play(random_move(state, rng))


def test_choose_rejects_unknown_level_and_finished_games():
    state = new_game(2, 1)
    with pytest.raises(PlayerError) as error:
        choose(state.view(state.to_move), "grandmaster", Rng(1))
    assert error.value.key == "error.bad_level"
    with pytest.raises(PlayerError) as error:
        choose({**state.view(0), "game": "chess"}, "easy", Rng(1))
    assert error.value.key == "error.unknown_game"
    end = play_out(state, (None, None), Rng(2))
    with pytest.raises(PlayerError) as error:
        choose(end.view(0), "easy", Rng(1))
    assert error.value.key == "error.game_over"


def test_perfect_never_does_worse_than_the_value_against_random():
    # 50 games from each side; perfect play keeps at least the game-theoretic value
    rng = Rng("perfect-vs-random")
    worse = []
    results = []
    for game in range(100):
        seat = game % 2
        start = new_game(2, game // 2)
        expected = solver.value(start, seat)
        players = ("perfect", None) if seat == 0 else (None, "perfect")
        got = play_out(start, players, rng).outcome.scores[seat]
        results.append(got)
        if got < expected:
            worse.append((game // 2, seat, expected, got))
        if expected >= 0:
            assert got >= 0, f"perfect lost a game it should not lose: seed {game // 2}, seat {seat}"
    assert not worse
    assert results.count(1) >= 80  # random play throws most games away


@pytest.mark.parametrize("example", [e for e in EXAMPLES if any(row[3] == "WIN" for row in e[4])], ids=lambda e: e[0])
def test_perfect_wins_every_won_worked_example(example):
    title, layout, moves, side, rows = example
    state = example_state(layout, moves)
    seat = state.to_move
    fastest = min(plies for _cell, _tile, _res, wdl, plies in rows if wdl == "WIN")
    # against a perfect defender it wins exactly as fast as the example says
    players = ["perfect", "perfect"]
    end = play_out(state, players, Rng(title))
    assert end.outcome.winners == (seat,)
    assert end.ply - state.ply == fastest
    # against random defenders it always wins
    for k in range(10):
        players = [None, None]
        players[seat] = "perfect"
        end = play_out(state, players, Rng(f"{title}-{k}"))
        assert end.outcome.winners == (seat,)


@pytest.mark.parametrize("title", ["Example 3", "Example 4", "Example 5", "Example 6", "Example 8b"])
def test_easy_never_misses_a_win_on_the_spot(title):
    (example,) = [e for e in EXAMPLES if e[0].startswith(title + " ")]
    state = example_state(example[1], example[2])
    winning = {r[0] for r in example[4] if r[4] == 1 and r[3] == "WIN"}
    for seed in range(20):
        assert choose(state.view(state.to_move), "easy", Rng(seed)).cell in winning


def test_medium_beats_easy_most_of_the_time():
    rng = Rng("medium-vs-easy")
    wins = 0
    for game in range(100):
        seat = game % 2  # the seat medium plays; seats swap every game
        players = ("medium", "easy") if seat == 0 else ("easy", "medium")
        end = play_out(new_game(2, 2000 + game // 2), players, rng)
        wins += end.outcome.scores[seat] == 1
    assert wins >= 60


def test_perfect_beats_or_holds_medium():
    rng = Rng("perfect-vs-medium")
    for game in range(20):
        seat = game % 2
        start = new_game(2, 3000 + game // 2)
        expected = solver.value(start, seat)
        players = ("perfect", "medium") if seat == 0 else ("medium", "perfect")
        assert play_out(start, players, rng).outcome.scores[seat] >= expected

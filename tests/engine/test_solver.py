"""Okiya solver: the solved deals of docs/rules/okiya.md (section 11.2), every worked example
(section 10: value and plies to the end of each legal move), and agreement with a
plain exhaustive minimax written here (no pruning, no table, no bit tricks beyond
the masks) on positions reached by seeded random play."""

from __future__ import annotations

import pytest
from okiya_examples import EXAMPLES

from pygames.core.rng import Rng
from pygames.okiya import MOVES, from_layout, from_text, new_game, solver
from pygames.okiya.board import BORDER, PATTERNS, TILE_NAMES, match_masks
from pygames.okiya.solver import Position, Solver, outcome, plies

BORDER_CELLS = (0, 1, 2, 3, 4, 7, 8, 11, 12, 13, 14, 15)
WDL = {"WIN": 1, "DRAW": 0, "LOSS": -1}

# docs/rules/okiya.md section 11.2: the explicit layouts (NOT python's random: our
# engine's seeds differ), the deal's value for P1 and the W/D/L of the 12 openings.
SOLVED_DEALS = [
    (0, [10, 14, 5, 1, 9, 2, 3, 11, 13, 7, 8, 4, 0, 6, 15, 12], 1, "L D D D D L W D L D D W"),
    (1, [2, 10, 0, 14, 6, 5, 3, 8, 7, 11, 15, 1, 12, 13, 9, 4], 0, "L D L D D D L D D D L D"),
    (2, [12, 11, 7, 13, 6, 0, 8, 3, 9, 4, 10, 2, 5, 14, 15, 1], 1, "D D D W D L D L W D W L"),
    (3, [4, 11, 10, 13, 12, 3, 6, 0, 1, 15, 14, 5, 2, 8, 9, 7], 1, "D D W W D D D D D D D D"),
    (5, [2, 3, 4, 13, 9, 1, 6, 7, 0, 15, 10, 14, 12, 5, 11, 8], 0, " ".join("D" * 12)),
    (531, [10, 15, 14, 12, 2, 13, 3, 0, 1, 8, 6, 5, 9, 7, 11, 4], -1, " ".join("L" * 12)),
    (3147, [13, 6, 2, 12, 9, 1, 11, 8, 15, 4, 14, 0, 7, 3, 10, 5], -1, " ".join("L" * 12)),
]


def example(prefix):
    """The worked example whose title starts with ``prefix`` (e.g. "Example 8b")."""
    (found,) = [e for e in EXAMPLES if e[0].startswith(prefix + " ")]
    return found


def example_state(layout, moves):
    state = from_layout(layout, first_player=0)
    for entry in moves:
        cell, tile = entry.split("=")
        assert TILE_NAMES[layout[int(cell)]] == tile
        state = state.play(int(cell))
    return state


# --- the rules page's numbers -----------------------------------------------------------


@pytest.mark.parametrize("seed, layout, deal_value, openings", SOLVED_DEALS, ids=[f"seed{d[0]}" for d in SOLVED_DEALS])
def test_solved_deals_of_the_spec(seed, layout, deal_value, openings):
    state = from_layout(layout, first_player=0)
    # value first (null windows), then exact scores on the same solver: the table's
    # bounds from the first search must not spoil the second
    assert solver.value(state) == deal_value
    scores = solver.solve(state)
    assert [m.cell for m in scores] == list(BORDER_CELLS)
    assert " ".join("LDW"[outcome(scores[MOVES[c]]) + 1] for c in BORDER_CELLS) == openings
    # and on a fresh solver, from plain data
    fresh = Solver(layout)
    assert {c: fresh.move_score(0, 0, None, c) for c in BORDER_CELLS} == {m.cell: v for m, v in scores.items()}
    best = solver.best_move(state)
    assert outcome(scores[best]) == deal_value
    assert solver.score(state) == max(scores.values())


def test_spec_plies_of_perfect_games():
    # "in seed 2 every winning opening ends on ply 15; in seed 531 P2 wins on ply 14
    # (ply 12 after opening 13)"
    scores = solver.solve(from_layout(SOLVED_DEALS[2][1], first_player=0))
    assert {plies(v, 0) for v in scores.values() if v > 0} == {15}
    scores = solver.solve(from_layout(SOLVED_DEALS[5][1], first_player=0))
    assert {m.cell: plies(v, 0) for m, v in scores.items() if plies(v, 0) != 14} == {13: 12}


@pytest.mark.parametrize("example", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_worked_examples(example):
    title, layout, moves, side, rows = example
    state = example_state(layout, moves)
    assert state.to_move == (0 if side == "P1" else 1)
    scores = solver.solve(state)
    assert [m.cell for m in scores] == [row[0] for row in rows]
    for cell, _tile, _result, wdl, to_end in rows:
        v = scores[MOVES[cell]]
        assert outcome(v) == WDL[wdl], (title, cell)
        assert plies(v, state.ply) == to_end, (title, cell)
    top = max(scores.values())
    verdict = outcome(top)
    assert solver.value(state) == verdict
    assert solver.value(state, 1 - state.to_move) == -verdict
    assert solver.score(state) == top
    best = tuple(m for m, v in scores.items() if v == top)
    assert solver.best_moves(state) == best
    assert solver.best_move(state) in best
    for seed in range(8):
        assert solver.best_move(state, Rng(seed)) in best


def test_value_of_finished_games():
    state = example_state(*example("Example 8b")[1:3]).play(5)  # P2 completes the diagonal
    assert state.outcome is not None
    assert solver.value(state, 1) == 1 and solver.value(state, 0) == -1
    with pytest.raises(ValueError):
        solver.value(state)
    with pytest.raises(ValueError):
        solver.best_move(state)


def test_best_move_with_rng_is_uniform_among_best_moves():
    state = from_layout(SOLVED_DEALS[3][1], first_player=1)  # seed 3: openings 2 and 3 win
    best = set(solver.best_moves(state))
    seen = {solver.best_move(state, Rng(seed)) for seed in range(40)}
    assert seen == best and len(best) >= 2
    assert solver.best_move(state, Rng(7)) == solver.best_move(state, Rng(7))


def test_position_from_view_equals_position_from_state():
    rng = Rng("view")
    state = new_game(2, 12)
    while state.outcome is None:
        for seat in (0, 1):
            assert Position.from_view(state.view(seat)) == Position.from_state(state)
        moves = state.legal_moves()
        state = state.play(moves[rng.below(len(moves))])


# --- agreement with a plain exhaustive minimax -------------------------------------------


def minimax(layout, mine, theirs, last):
    """Scores of every legal move for the player to move, relative to now:
    ±(100 - plies to the end), 0 for a draw.  Full width, no pruning, no table."""
    match = match_masks(tuple(layout))
    occupied = mine | theirs
    if last is None:
        legal = [c for c in range(16) if BORDER >> c & 1]
    else:
        legal = [c for c in range(16) if match[last] >> c & 1 and not occupied >> c & 1]
    scores = {}
    for c in legal:
        now = mine | 1 << c
        left = [d for d in range(16) if not (now | theirs) >> d & 1]
        if any(now & p == p for p in PATTERNS):
            scores[c] = 99
        elif not left:
            scores[c] = 0
        elif not any(match[c] >> d & 1 for d in left):
            scores[c] = 99
        else:
            reply = max(minimax(layout, theirs, now, c).values())
            scores[c] = 1 - reply if reply > 0 else -1 - reply if reply < 0 else 0
    return scores


def random_positions(count, low, high, seed):
    """Positions with ``low..high`` tiles left, from seeded random games (several per game)."""
    rng = Rng(seed)
    found = []
    game = 0
    while len(found) < count:
        state = new_game(2, rng.below(1 << 40))
        game += 1
        while state.outcome is None and len(found) < count:
            if low <= 16 - state.ply <= high:
                found.append(state)
            moves = state.legal_moves()
            state = state.play(moves[rng.below(len(moves))])
    return found


def test_agrees_with_plain_minimax_on_200_positions():
    positions = random_positions(200, 6, 9, "minimax")
    assert len({p.layout for p in positions}) > 40
    for state in positions:
        seat = state.to_move
        expected = minimax(state.layout, state.masks[seat], state.masks[1 - seat], state.last)
        got = solver.solve(state)  # the shared per-layout solver, its table reused between positions
        assert {m.cell: v for m, v in got.items()} == expected, state.to_text()
        assert solver.value(state) == outcome(max(expected.values())), state.to_text()


def test_agrees_with_plain_minimax_through_whole_random_games():
    # every window the root code uses (value, best, best_cells, scores) on one solver
    rng = Rng("windows")
    for game in range(6):
        state = new_game(2, 1000 + game)
        s = Solver(state.layout)
        while state.outcome is None:
            if state.ply >= 6:
                seat = state.to_move
                p = (state.masks[seat], state.masks[1 - seat], state.last)
                expected = minimax(state.layout, *p)
                top = max(expected.values())
                kind = rng.below(4)
                if kind == 0:
                    assert s.value(*p) == outcome(top)
                elif kind == 1:
                    cell, v = s.best(*p)
                    assert v == top and expected[cell] == top
                elif kind == 2:
                    assert s.best_cells(*p) == (top, sorted(c for c, v in expected.items() if v == top))
                else:
                    assert s.scores(*p) == expected
            moves = state.legal_moves()
            state = state.play(moves[rng.below(len(moves))])


def test_position_text_round_trip_gives_the_same_scores():
    state = example_state(*example("Example 7a")[1:3])
    assert solver.solve(from_text(state.to_text())) == solver.solve(state)

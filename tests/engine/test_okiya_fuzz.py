"""Okiya fuzzing and perft: seeded random games checked after every move against a
second, deliberately naive reading of the rules (lists and sets, no bit masks)."""

from __future__ import annotations

import json
import os

from pygames.core.rng import Rng
from pygames.okiya import Move, from_text, new_game

GAMES = int(os.environ.get("PYGAMES_FUZZ_GAMES", "10000"))

PATTERN_CELLS = [
    *[[4 * r + c for c in range(4)] for r in range(4)],
    *[[4 * r + c for r in range(4)] for c in range(4)],
    [0, 5, 10, 15],
    [3, 6, 9, 12],
    *[[c, c + 1, c + 4, c + 5] for c in (0, 1, 2, 4, 5, 6, 8, 9, 10)],
]
BORDER_CELLS = [c for c in range(16) if c not in (5, 6, 9, 10)]


def shares(a, b):
    return a // 4 == b // 4 or a % 4 == b % 4


def naive_legal(layout, taken, last):
    if last is None:
        return BORDER_CELLS
    return [c for c in range(16) if c not in taken and shares(layout[c], layout[last])]


def naive_result(layout, owner, last, mover):
    """(winner or None, reason) after ``mover`` took ``last``; None when play goes on."""
    mine = {c for c, s in owner.items() if s == mover}
    if any(all(c in mine for c in p) for p in PATTERN_CELLS):
        return mover, "pattern"
    if len(owner) == 16:
        return None, "draw"
    if not naive_legal(layout, set(owner), last):
        return mover, "blockade"
    return None, None


def check_invariants(state, owner, last):
    text = state.to_text()
    assert from_text(text).to_text() == text
    view = state.view(state.to_move)
    assert json.loads(json.dumps(view)) == state.view(None)  # JSON-safe; Okiya has no secrets
    assert [c for c in range(16) if view["tokens"][c] is not None] == sorted(owner)
    assert state.masks[0] & state.masks[1] == 0
    counts = [bin(m).count("1") for m in state.masks]
    assert counts[state.first_player] - counts[1 - state.first_player] in (0, 1)
    if state.outcome is None:
        legal = [m.cell for m in state.legal_moves()]
        assert legal and legal == naive_legal(state.layout, set(owner), last)
    else:
        assert state.legal_moves() == () and state.to_move is None


def test_random_games_keep_every_invariant():
    endings = {}
    for seed in range(GAMES):
        rng = Rng(seed)
        state = new_game(2, seed)
        owner, last = {}, None
        check_invariants(state, owner, last)
        while state.outcome is None:
            legal = state.legal_moves()
            move = legal[rng.below(len(legal))]
            mover = state.to_move
            after = state.play(move)
            assert state.play(str(move)).to_text() == after.to_text()
            state = after
            owner[move.cell], last = mover, move.cell
            winner, reason = naive_result(state.layout, owner, last, mover)
            if reason is None:
                assert state.outcome is None
            else:
                assert state.outcome is not None
                assert state.outcome.winners == (() if winner is None else (winner,))
                assert {"pattern": ("line", "square")}.get(reason, (reason,)).count(state.outcome.reason) == 1
            check_invariants(state, owner, last)
        endings[state.outcome.reason] = endings.get(state.outcome.reason, 0) + 1
    # random play reaches every kind of ending
    assert set(endings) == {"line", "square", "blockade", "draw"}


def perft(state, depth):
    if depth == 0 or state.outcome is not None:
        return 1
    return sum(perft(state.play(m), depth - 1) for m in state.legal_moves())


def naive_perft(layout, owner, last, mover, depth):
    if depth == 0:
        return 1
    total = 0
    for cell in naive_legal(layout, set(owner), last):
        after = {**owner, cell: mover}
        winner, reason = naive_result(layout, after, cell, mover)
        total += 1 if reason else naive_perft(layout, after, cell, 1 - mover, depth - 1)
    return total


def test_perft_matches_a_naive_count():
    state = new_game(2, 2, first_player=0)
    counts = [perft(state, d) for d in range(1, 6)]
    assert counts == [naive_perft(state.layout, {}, None, 0, d) for d in range(1, 6)]
    assert counts[0] == 12
    assert counts == PERFT_SEED_2


def test_perft_deep_from_a_midgame_position():
    board = "0...1.1...00...."
    state = from_text(f"8b6539a04c127fed {board} r2c2 0")
    owner = {c: int(ch) for c, ch in enumerate(board) if ch != "."}
    assert perft(state, 11) == naive_perft(state.layout, owner, 10, state.to_move, 11)


#: Pinned node counts for new_game(2, 2, first_player=0), plies 1-5 (checked by naive_perft too).
PERFT_SEED_2 = [12, 72, 360, 1656, 7344]


def test_moves_from_text_positions_are_the_same():
    state = new_game(2, 77)
    for move in state.legal_moves():
        assert from_text(state.play(move).to_text()).legal_moves() == state.play(Move(move.cell)).legal_moves()

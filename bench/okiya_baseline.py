"""The yardstick for the solver figure: a straightforward bitboard negamax.

This is the method of ``docs/rules/okiya.md`` section 11.2, written plainly:
negamax with alpha-beta on win/draw/loss, a dict transposition table keyed by
(mover mask, opponent mask, last cell) with exact/lower/upper bounds, an
immediate-win scan first, and the other moves ordered by fewest replies.  To
choose an opening it searches the 12 openings in turn and stops at the first
win.  ``bench/run.py`` times it beside ``pygames.okiya.solver`` in the same run,
so the speed-up is a ratio of two measurements, not of a remembered figure.
"""

from __future__ import annotations

from pygames.okiya.board import BORDER, FULL, PATTERNS_THROUGH, match_masks

EXACT, LOWER, UPPER = 0, 1, 2


def choose_opening(layout: tuple[int, ...]) -> int:
    """A value-optimal opening cell for the first player."""
    match = match_masks(layout)
    table: dict[tuple[int, int, int], tuple[int, int]] = {}

    def wins_now(mine: int, theirs: int, cell: int) -> bool:
        mine |= 1 << cell
        if any(mine & p == p for p in PATTERNS_THROUGH[cell]):
            return True
        free = FULL & ~(mine | theirs)
        return free != 0 and not match[cell] & free

    def negamax(mine: int, theirs: int, last: int, alpha: int, beta: int) -> int:
        """Value for the mover of a position that is not over."""
        key = (mine, theirs, last)
        hit = table.get(key)
        if hit is not None:
            value, bound = hit
            if bound == EXACT or (bound == LOWER and value >= beta) or (bound == UPPER and value <= alpha):
                return value
        free = FULL & ~(mine | theirs)
        legal = match[last] & free
        cells = [c for c in range(16) if legal >> c & 1]
        for c in cells:
            if wins_now(mine, theirs, c):
                table[key] = (1, EXACT)
                return 1
        cells.sort(key=lambda c: (match[c] & free & ~(1 << c)).bit_count())
        alpha0, best = alpha, -1
        for c in cells:
            after = mine | 1 << c
            value = 0 if after | theirs == FULL else -negamax(theirs, after, c, -beta, -max(alpha, best))
            if value > best:
                best = value
                if best >= beta:
                    break
        table[key] = (best, LOWER if best >= beta else UPPER if best <= alpha0 else EXACT)
        return best

    best_cell, best = -1, -2
    for cell in range(16):
        if BORDER >> cell & 1:
            value = -negamax(0, 1 << cell, cell, -1, 1)
            if value > best:
                best_cell, best = cell, value
                if best == 1:
                    break
    return best_cell

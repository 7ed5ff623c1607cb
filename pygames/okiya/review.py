"""What the perfect player thinks of an Okiya game: a verdict on every move, and hints.

Okiya is small enough to solve exactly (``pygames.okiya.solver``), so a finished game
can be reviewed move by move: for the player who made each move, the value of the
position before it and after it under perfect play (1 win, 0 draw, -1 loss), a label
and the best moves there were.  The page only draws this data; its words come from the
catalog (``ui.okiya.review.label.<label>``).

Labels, for the player who moved:

* ``forced`` - the only legal move;
* ``best`` - a move with the best score (the fastest win, any draw, the longest defence);
* ``kept_win`` - still a win, but a slower one than the best;
* ``threw_win`` - the position was won and the move draws or loses;
* ``threw_draw`` - the position was drawn and the move loses;
* ``shorter_loss`` - the position was lost anyway, and a longer defence existed.
"""

from __future__ import annotations

from typing import Any

from pygames.okiya.solver import Position, outcome, solver_for
from pygames.okiya.state import MOVES, State


def label(before: int, after: int, score: int, best: int, choices: int) -> str:
    """The label of a move: ``before``/``after`` are the mover's values (-1/0/1) before
    and after it, ``score``/``best`` the move's exact score and the best one."""
    if choices == 1:
        return "forced"
    if score == best:
        return "best"
    if before > after:
        return "threw_win" if before == 1 else "threw_draw"
    return "kept_win" if before == 1 else "shorter_loss"


def verdict(state: State, cell: int) -> dict[str, Any]:
    """The verdict on taking ``cell`` in ``state`` (a game not over), for the seat to move."""
    p = Position.from_state(state)
    solver = solver_for(p.layout)
    legal = solver.legal(p.mover, p.opp, p.last)
    best, best_cells = solver.best_cells(p.mover, p.opp, p.last)
    score = best if cell in best_cells else solver.move_score(p.mover, p.opp, p.last, cell)
    before, after = outcome(best), outcome(score)
    return {
        "seat": p.seat,
        "ply": state.ply,
        "cell": cell,
        "move": str(MOVES[cell]),
        "before": before,
        "after": after,
        "label": label(before, after, score, best, len(legal)),
        "best": best_cells,
    }


def review(start: State, moves: list[str]) -> list[dict[str, Any]]:
    """A verdict for every move of a game played from ``start`` (see ``verdict``), each with
    ``view``: the position it was made in, for the page to draw."""
    verdicts = []
    state = start
    for text in moves:
        cell = state.parse_move(text).cell
        verdicts.append({**verdict(state, cell), "view": state.view()})
        state = state.play(cell)
    return verdicts


def first_mistake(verdicts: list[dict[str, Any]], seat: int | None = None) -> int | None:
    """The index of the first move (of ``seat``, or of anyone) that threw a win or a draw
    away, or None."""
    return next(
        (i for i, v in enumerate(verdicts) if v["label"] in ("threw_win", "threw_draw") and seat in (None, v["seat"])),
        None,
    )


def hint(state: State) -> list[int]:
    """The best moves of the seat to move, by cell (ascending)."""
    p = Position.from_state(state)
    return solver_for(p.layout).best_cells(p.mover, p.opp, p.last)[1]

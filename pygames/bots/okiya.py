"""Okiya bots.  Each takes the view of the seat to move and an Rng, returns a Move.

* ``easy``: a random legal move, but it never misses a win on the spot
  (a completed pattern or a blockade).
* ``medium``: a 3-ply alpha-beta search (its move, the reply, its next move) with a
  pattern-counting evaluation; ties broken at random.
* ``perfect``: the exact solver (``pygames.okiya.solver``); uniform at random among
  the moves with the best score (fastest win, else a draw, else the slowest loss).

``judge`` is not a level: the guided first game's verdict on a learner's move (the solver's).
"""

from __future__ import annotations

from typing import Any

from pygames.core.coach import judgement, message
from pygames.core.errors import IllegalMove
from pygames.core.outcome import seat_params
from pygames.okiya.board import BORDER, FULL, PATTERNS, match_masks
from pygames.okiya.review import label
from pygames.okiya.solver import Position, outcome, solver_for
from pygames.okiya.state import MOVES, parse

__all__ = ["LEVELS", "DEFAULT_LEVEL", "easy", "medium", "perfect", "judge", "weigh", "MEDIUM_DEPTH"]

#: The levels, weakest first (each a function ``(view, rng) -> Move`` here), and the one a new game offers.
LEVELS = ("easy", "medium", "perfect")
DEFAULT_LEVEL = "medium"

#: Plies the medium bot looks ahead.
MEDIUM_DEPTH = 3
#: Evaluation weight of an open pattern by the number of own tokens in it (0..3).
_WEIGHT = (0, 1, 4, 16)
_WIN = 1000


def _legal(match: tuple[int, ...], mover: int, opp: int, last: int | None) -> list[int]:
    free = FULL ^ (mover | opp)
    mask = BORDER & free if last is None else match[last] & free
    return [c for c in range(16) if mask >> c & 1]


def _wins_at_once(match: tuple[int, ...], mover: int, opp: int, cell: int) -> bool:
    """Taking ``cell`` ends the game in the mover's favour (pattern, or blockade)."""
    mine = mover | 1 << cell
    if any(mine & p == p for p in PATTERNS):
        return True
    free = FULL ^ (mine | opp)
    return bool(free) and not match[cell] & free


def _shuffled(cells: list[int], rng: Any) -> list[int]:
    cells = list(cells)
    rng.shuffle(cells)
    return cells


def easy(view: dict[str, Any], rng: Any) -> Any:
    """Random, except that it takes a win on the spot when it has one."""
    p = Position.from_view(view)
    match = match_masks(p.layout)
    cells = _shuffled(_legal(match, p.mover, p.opp, p.last), rng)
    for c in cells:
        if _wins_at_once(match, p.mover, p.opp, c):
            return MOVES[c]
    return MOVES[cells[0]]


def _evaluate(mover: int, opp: int) -> int:
    """Open patterns (no enemy token) weighted by own tokens: mover's minus opponent's."""
    score = 0
    for p in PATTERNS:
        if not p & opp:
            score += _WEIGHT[(p & mover).bit_count()]
        elif not p & mover:
            score -= _WEIGHT[(p & opp).bit_count()]
    return score


def _search(match: tuple[int, ...], mover: int, opp: int, last: int, depth: int, alpha: int, beta: int) -> int:
    """Negamax value for the mover of a position that is not over; ``depth`` plies left."""
    cells = _legal(match, mover, opp, last)
    best = -_WIN * 2
    for c in cells:
        mine = mover | 1 << c
        free = FULL ^ (mine | opp)
        if any(mine & p == p for p in PATTERNS):
            return _WIN + depth  # a pattern: the sooner the better
        if not free:
            v = 0
        elif not match[c] & free:
            return _WIN + depth  # blockade
        elif depth <= 1:
            v = -_evaluate(opp, mine)
        else:
            v = -_search(match, opp, mine, c, depth - 1, -beta, -max(alpha, best))
        if v > best:
            best = v
            if best >= beta:
                break
    return best


def medium(view: dict[str, Any], rng: Any) -> Any:
    """Looks ``MEDIUM_DEPTH`` plies ahead, then counts open patterns."""
    p = Position.from_view(view)
    match = match_masks(p.layout)
    cells = _shuffled(_legal(match, p.mover, p.opp, p.last), rng)
    best, choice = -_WIN * 4, cells[0]
    for c in cells:
        mine = p.mover | 1 << c
        free = FULL ^ (mine | p.opp)
        if _wins_at_once(match, p.mover, p.opp, c):
            return MOVES[c]
        if not free:
            v = 0
        elif MEDIUM_DEPTH <= 1:
            v = -_evaluate(p.opp, mine)
        else:
            v = -_search(match, p.opp, mine, c, MEDIUM_DEPTH - 1, -_WIN * 4, -best)
        if v > best:
            best, choice = v, c
    return MOVES[choice]


def perfect(view: dict[str, Any], rng: Any) -> Any:
    """The exact solver: a best move, uniform among all best moves."""
    p = Position.from_view(view)
    solver = solver_for(p.layout)
    order = _shuffled(solver.legal(p.mover, p.opp, p.last), rng)
    return MOVES[solver.best(p.mover, p.opp, p.last, order)[0]]


def weigh(view: dict[str, Any], rng: Any, also: Any = None) -> list[tuple[Any, float]]:
    """What the perfect player weighs in ``view`` (the seat to move's): every legal move (``also``
    among them) with its value under perfect play for the mover (1 a win, 0.5 a draw, 0 a loss),
    best first (the faster win, the slower loss; then by cell). ``rng`` is unused: the solver is
    exact."""
    p = Position.from_view(view)
    solver = solver_for(p.layout)
    scores = {cell: solver.move_score(p.mover, p.opp, p.last, cell) for cell in solver.legal(p.mover, p.opp, p.last)}
    order = sorted(scores, key=lambda cell: (-scores[cell], cell))
    return [(MOVES[cell], (outcome(scores[cell]) + 1) / 2) for cell in order]


def judge(view: dict[str, Any], move: str, rng: Any) -> dict[str, Any]:
    """The perfect player's word on ``move`` in ``view`` for the guided first game
    (``pygames.core.coach``): ``good`` (a best move: why it is), ``ok`` (a slower win, or a
    shorter defence of a lost game) or ``mistake`` (it throws a win or a draw away: why, and a
    best move instead). ``rng`` is unused: the solver is exact."""
    p = Position.from_view(view)
    cell = parse(move).cell
    match = match_masks(p.layout)
    solver = solver_for(p.layout)
    legal = solver.legal(p.mover, p.opp, p.last)
    if cell not in legal:
        raise IllegalMove("error.bad_notation", move=move[:40])
    best, best_cells = solver.best_cells(p.mover, p.opp, p.last)
    score = best if cell in best_cells else solver.move_score(p.mover, p.opp, p.last, cell)
    before, after = outcome(best), outcome(score)
    kind = label(before, after, score, best, len(legal))
    other = seat_params(1 - p.seat)
    quick = [c for c in best_cells if _wins_at_once(match, p.mover, p.opp, c)]
    better = str(MOVES[(quick or best_cells)[0]])
    if _wins_at_once(match, p.mover, p.opp, cell):
        mine = p.mover | 1 << cell
        won = any(mine & q == q for q in PATTERNS)
        key = "coach.okiya.why.wins_pattern" if won else "coach.okiya.why.wins_blockade"
        return judgement("good", message(key, other))
    if kind in ("threw_win", "threw_draw"):
        mine = p.mover | 1 << cell
        gives = any(_wins_at_once(match, p.opp, mine, d) for d in _legal(match, p.opp, mine, cell))
        key = "coach.okiya.why.gives_win" if gives else f"coach.okiya.why.{kind}"
        return judgement("mistake", message(key, other), better)
    if kind in ("kept_win", "shorter_loss"):
        return judgement("ok", message(f"coach.okiya.why.{kind}", other), better)
    threes = {c for q in PATTERNS if not q & p.mover and (q & p.opp).bit_count() == 3 for c in range(16) if q >> c & 1}
    if cell in threes - {c for c in range(16) if p.opp >> c & 1}:
        return judgement("good", message("coach.okiya.why.blocks", other))
    why = "forced" if kind == "forced" else {1: "keeps_win", 0: "holds", -1: "defends"}[before]
    return judgement("good", message(f"coach.okiya.why.{why}", other))

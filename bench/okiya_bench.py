"""Okiya engine and solver figures, pure Python: runs the same on CPython and in Pyodide.

    python bench/okiya_bench.py [seconds] [layouts]

* ``random_playouts_per_second(seconds)``: complete random games per second through
  the engine's public protocol (``new_game``, ``legal_moves``, ``play``).
* ``review_times(n_games)``: seconds to review a whole 16-move game (the perfect player's
  verdict on every move, ``pygames.okiya.review``), each on a fresh solver.
* ``solver_opening_times(n_layouts)``: seconds the perfect player needs to choose
  the opening move of ``new_game(2, seed)`` for seeds ``0 .. n_layouts-1``, each
  on a fresh solver (empty transposition table).  The one-time tables shared by
  all layouts are built before timing (``table_build_seconds`` measures them).

``bench/run.py`` imports this module on CPython and inside Pyodide.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

try:
    import pygames  # noqa: F401
except ImportError:  # run from a checkout: python bench/okiya_bench.py
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from playouts import playouts_per_second

from pygames.core.rng import Rng
from pygames.okiya import new_game
from pygames.okiya import solver as okiya_solver

__all__ = [
    "baseline_opening_times",
    "random_playouts_per_second",
    "review_times",
    "solver_opening_times",
    "table_build_seconds",
]


def random_playouts_per_second(seconds: float = 2.0, seed: int = 0) -> float:
    """Complete random games per second (uniform legal moves from a seeded Rng)."""
    return playouts_per_second(new_game, 2, seconds, seed)


def table_build_seconds() -> float:
    """Seconds to build the solver's layout-independent tables (0 if already built)."""
    start = time.perf_counter()
    okiya_solver._build_tables()
    return time.perf_counter() - start


def solver_opening_times(n_layouts: int = 20, *, bot: bool = False) -> list[float]:
    """Seconds to choose the opening move of ``new_game(2, seed)``, seeds 0..n-1.

    ``bot=False`` times ``solver.best_move(state)`` (deterministic pick); ``bot=True``
    times ``best_move(state, rng)`` as the perfect bot calls it (uniform among the
    best moves).  Either way the choice is exact: fastest win, else a draw, else
    the slowest loss."""
    table_build_seconds()
    times = []
    for seed in range(n_layouts):
        state = new_game(2, seed)
        okiya_solver._CACHE.clear()  # a fresh solver: nothing known about this layout
        rng = Rng(seed) if bot else None
        start = time.perf_counter()
        okiya_solver.best_move(state, rng)
        times.append(time.perf_counter() - start)
    okiya_solver._CACHE.clear()
    return times


def review_times(n_games: int = 10) -> list[float]:
    """Seconds to review whole 16-move games, each on a fresh solver (a hot-seat game's
    review: nothing known about the layout yet).  The games are the first ``n_games``
    deals, from seed 0 on, that perfect play by both seats draws (a full grid: 16 moves)."""
    from pygames.okiya.review import review

    table_build_seconds()
    times = []
    for seed in range(50 * n_games):
        if len(times) == n_games:
            break
        start = state = new_game(2, seed)
        moves = []
        while state.outcome is None:
            move = okiya_solver.best_move(state)
            moves.append(str(move))
            state = state.play(move)
        if len(moves) < 16:
            continue
        okiya_solver._CACHE.clear()
        begin = time.perf_counter()
        review(start, moves)
        times.append(time.perf_counter() - begin)
    okiya_solver._CACHE.clear()
    return times


def baseline_opening_times(n_layouts: int = 20) -> list[float]:
    """The same task for the plain negamax of ``okiya_baseline`` (the yardstick)."""
    import okiya_baseline

    times = []
    for seed in range(n_layouts):
        layout = new_game(2, seed).layout
        start = time.perf_counter()
        okiya_baseline.choose_opening(layout)
        times.append(time.perf_counter() - start)
    return times


def main(argv: list[str]) -> None:
    seconds = float(argv[1]) if len(argv) > 1 else 2.0
    layouts = int(argv[2]) if len(argv) > 2 else 20
    print(f"python {sys.version.split()[0]} on {sys.platform}")
    print(f"solver tables (once):             {table_build_seconds():.3f} s")
    print(f"random playouts:                  {random_playouts_per_second(seconds):,.0f} games/s")
    for bot in (False, True):
        times = solver_opening_times(layouts, bot=bot)
        label = "opening move, bot (uniform)" if bot else "opening move, best_move"
        print(
            f"{label + ':':<33} median {statistics.median(times):.4f} s, "
            f"max {max(times):.4f} s over {len(times)} layouts"
        )
    times = baseline_opening_times(layouts)
    print(f"{'opening move, plain negamax:':<33} median {statistics.median(times):.4f} s")
    times = review_times()
    print(f"{'review of a 16-move game:':<33} median {statistics.median(times):.4f} s, max {max(times):.4f} s")


if __name__ == "__main__":
    main(sys.argv)

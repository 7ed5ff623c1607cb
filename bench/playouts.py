"""Random playouts through the public protocol, shared by every game's bench (CPython and Pyodide)."""

from __future__ import annotations

import time
from typing import Any, Callable

from pygames.core.rng import Rng


def playouts_per_second(
    new_game: Callable[[int, int], Any],
    players: int,
    seconds: float = 2.0,
    seed: int = 0,
    clock: Callable[[], float] = time.perf_counter,
) -> float:
    """Complete games per second with uniform random legal moves from a seeded Rng.

    ``clock`` measures the time: wall-clock by default; ``time.process_time`` counts this
    process's CPU time only (steadier on a machine busy with other work)."""
    rng = Rng(seed)
    games = 0
    start = clock()
    deadline = start + seconds
    while True:
        state = new_game(players, games)
        while state.outcome is None:
            moves = state.legal_moves()
            state = state.play(moves[rng.below(len(moves))])
        games += 1
        now = clock()
        if now >= deadline:
            return games / (now - start)

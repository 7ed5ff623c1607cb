"""Turncoats engine and bot figures, pure Python: runs the same on CPython and in Pyodide.

    python bench/turncoats_bench.py [seconds] [games]

* ``random_playouts_per_second(players, seconds)``: complete random games per
  second through the engine's public protocol (``new_game``, ``outcome``,
  ``legal_moves``, ``play``; moves uniform among the legal ones from a seeded Rng),
  setup and final scoring included.
* ``heuristic_win_rate(players, games)``: the share of games the heuristic bot
  wins against random players, seat-rotated (game g puts the bot in seat
  ``g % players``; chance alone would give ``1 / players``).  The bot decides from
  its seat's view (``State.view``), as the bridge will call it.
"""

from __future__ import annotations

import os
import sys
import time

try:
    import pygames  # noqa: F401
except ImportError:  # run from a checkout: python bench/turncoats_bench.py
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from playouts import playouts_per_second

from pygames.bots import turncoats as bots
from pygames.core.rng import Rng, derive_seed
from pygames.turncoats import new_game

__all__ = ["heuristic_win_rate", "random_playouts_per_second"]


def random_playouts_per_second(players: int = 5, seconds: float = 2.0, seed: int = 0) -> float:
    """Complete random games of ``players`` per second."""
    return playouts_per_second(new_game, players, seconds, seed)


def heuristic_games(players: int = 3, games: int = 300, seed: int = 0) -> tuple[int, int, float]:
    """(games the heuristic won, games played, seconds) against random players."""
    wins = 0
    start = time.perf_counter()
    for game in range(games):
        hero = game % players
        rng = Rng(derive_seed("turncoats-bench", seed, game))
        state = new_game(players, derive_seed("turncoats-bench-game", seed, game))
        while state.outcome is None:
            seat = state.to_move
            if seat == hero:
                move = bots.heuristic(state.view(seat), rng)
            else:
                moves = state.legal_moves()
                move = moves[rng.below(len(moves))]
            state = state.play(move)
        wins += state.outcome.winners == (hero,)
    return wins, games, time.perf_counter() - start


def heuristic_win_rate(players: int = 3, games: int = 300, seed: int = 0) -> float:
    """Share of ``games`` the heuristic bot wins against ``players - 1`` random players."""
    wins, played, _ = heuristic_games(players, games, seed)
    return wins / played


def main(argv: list[str]) -> None:
    seconds = float(argv[1]) if len(argv) > 1 else 3.0
    games = int(argv[2]) if len(argv) > 2 else 300
    print(f"python {sys.version.split()[0]} on {sys.platform}")
    for players in (2, 5):
        print(f"random playouts, {players} players:        {random_playouts_per_second(players, seconds):,.0f} games/s")
    wins, played, spent = heuristic_games(3, games)
    print(
        f"heuristic vs 2 random, 3 players:  {wins}/{played} = {wins / played:.1%} "
        f"(chance: 33.3%; {spent / played * 1000:.1f} ms/game)"
    )


if __name__ == "__main__":
    main(sys.argv)

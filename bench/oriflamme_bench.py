"""Oriflamme engine and bot figures, pure Python: runs the same on CPython and in Pyodide.

    python bench/oriflamme_bench.py [seconds] [games]

* ``random_playouts_per_second(players, seconds)``: complete random games per second
  through the engine's public protocol (``new_game``, ``legal_moves``, ``play``; moves
  uniform from a seeded ``Rng``); the command prints wall-clock and CPU-time rates.
  Yardstick (issue 3): a public Python engine with fewer rules plays about 2,300
  random five-player games per second on this machine.
* ``heuristic_win_rate(players, games)``: the heuristic bot in one seat against random
  bots in the others, the bot's seat rotating game by game; a shared win counts as a
  fraction (1/k for k winners).  Random play would win 1/players of the time.

``bench/run.py`` can import this module on CPython and inside Pyodide.
"""

from __future__ import annotations

import os
import sys
import time

try:
    import pygames  # noqa: F401
except ImportError:  # run from a checkout: python bench/oriflamme_bench.py
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from playouts import playouts_per_second

from pygames.bots import oriflamme as bots
from pygames.core.rng import Rng, derive_seed
from pygames.oriflamme import new_game

__all__ = ["heuristic_win_rate", "moves_per_game", "random_playouts_per_second"]


def random_playouts_per_second(
    players: int = 5, seconds: float = 2.0, seed: int = 0, *, clock=time.perf_counter
) -> float:
    """Complete random games per second (see ``playouts.playouts_per_second``)."""
    return playouts_per_second(new_game, players, seconds, seed, clock)


def moves_per_game(players: int = 5, games: int = 200, seed: int = 0) -> float:
    """Average number of decisions in a random game."""
    rng = Rng(seed)
    total = 0
    for g in range(games):
        state = new_game(players, g)
        while state.outcome is None:
            moves = state.legal_moves()
            state = state.play(moves[rng.below(len(moves))])
            total += 1
    return total / games


def play_match(players: int, seed: int, levels: list[str]) -> tuple[float, ...]:
    """One game with ``levels[seat]`` bots; each seat's share of the win (1/k for k winners)."""
    state = new_game(players, seed)
    rngs = [Rng(derive_seed("bench", seed, seat)) for seat in range(players)]
    functions = [getattr(bots, level) for level in levels]
    while state.outcome is None:
        seat = state.to_move
        state = state.play(functions[seat](state.view(seat), rngs[seat]))
    winners = state.outcome.winners
    return tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(players))


def heuristic_win_rate(players: int = 4, games: int = 300, seed: int = 0) -> float:
    """Share of games the heuristic bot wins against ``players - 1`` random bots (seat rotated)."""
    won = 0.0
    for g in range(games):
        seat = g % players
        levels = ["random"] * players
        levels[seat] = "heuristic"
        won += play_match(players, derive_seed("winrate", seed, g), levels)[seat]
    return won / games


def main(argv: list[str]) -> None:
    seconds = float(argv[1]) if len(argv) > 1 else 3.0
    games = int(argv[2]) if len(argv) > 2 else 300
    print(f"python {sys.version.split()[0]} on {sys.platform}")
    for players in (3, 4, 5):
        wall = random_playouts_per_second(players, seconds)
        cpu = random_playouts_per_second(players, seconds, clock=time.process_time)
        print(
            f"random playouts, {players} players:      {wall:,.0f} games/s wall-clock, {cpu:,.0f} per CPU second "
            f"({moves_per_game(players, 100):.0f} decisions a game)"
        )
    start = time.perf_counter()
    rate = heuristic_win_rate(4, games)
    took = time.perf_counter() - start
    print(f"heuristic vs 3 random, 4 players: {rate:.1%} of {games} games won (random would win 25%; {took:.1f} s)")


if __name__ == "__main__":
    main(sys.argv)

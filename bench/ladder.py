"""The bots' levels on an Elo ladder (issue 28): a round robin, fitted with Bradley-Terry.

    python bench/ladder.py [--rows oriflamme4,turncoats3,turncoats2] [--games N] [--workers 2]
                           [--candidates random,heuristic,expert@100,...] [--anchor heuristic]

A row is one game at one player count; its candidates are bots:

* a level of the game's bots (``random``, ``novice``, ``heuristic``, ``expert``), as a new
  game offers it (the expert on its fixed budget, as ``bench/bots_bench.py`` plays it);
* ``expert@N``: the expert capped at ``N`` (its third argument: Oriflamme's search iterations,
  Turncoats' dealt positions, 0 its one-move ranking over read deals alone);
* ``heuristic~P`` (any level ``~P``): that level, but a uniformly random legal move with
  probability ``P`` (``pygames.bots.sometimes_random``).

Game g of a row seats one of the ``players``-sized sets of candidates (every set in turn,
g mod their number), rotated by (g // sets) mod players seats, so every set meets every seat
order; every bot has its own ``Rng`` from the game's seed (``bench/bots_bench.py``'s way).  A
game's result is split into pairwise outcomes: a winner beats every non-winner, winners tie
among themselves, and two non-winners compare their scores (a tie counts half each).  The
outcomes are fitted with Bradley-Terry (Hunter's MM iteration, one virtual drawn game between
every two candidates keeping a candidate that never won finite), on Elo's scale
(400 log10 of the strength ratio), the ``--anchor`` level at 1000.  The 95% intervals are the
2.5 and 97.5 percentiles of the same fit over ``--boot`` resamplings of the games (seeded), so
a game's outcomes stay together.  The table gives each candidate's Elo, interval, games and
score (its share of its pairwise outcomes).

Finished games are kept (``bench/game_cache.py``): a rerun of the same code plays only the
games still missing.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from itertools import combinations

try:
    import pygames  # noqa: F401
except ImportError:  # run from a checkout: python bench/ladder.py
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bots_bench import play_out
from game_cache import run_games

from pygames import GAMES
from pygames.bots import bots_module, sometimes_random
from pygames.core.rng import Rng, derive_seed

#: name -> (game, players, candidates).
ROWS = {
    "oriflamme4": (
        "oriflamme",
        4,
        "random,heuristic~0.6,heuristic,expert@30,expert@100,expert@300,expert@1000,expert@3000",
    ),
    "turncoats3": ("turncoats", 3, "random,heuristic~0.5,heuristic~0.25,heuristic,expert@0,expert@6,expert@24"),
    "turncoats2": ("turncoats", 2, "random,heuristic~0.5,heuristic~0.25,heuristic,expert@0,expert@6,expert@24"),
}
#: Elo's scale: a 400-point gap is 10 to 1 odds.
SCALE = 400 / math.log(10)


def bot(game: str, name: str):
    """The function ``(view, rng) -> move`` of a candidate (see the module docstring)."""
    bots = bots_module(game)
    if "~" in name:
        level, share = name.split("~")
        return sometimes_random(bot(game, level), bots.random, float(share))
    if "@" in name:
        level, budget = name.split("@")
        search = getattr(bots, level)
        return lambda view, rng: search(view, rng, int(budget))
    return getattr(bots, name)


def table_seats(candidates: tuple[str, ...], players: int, game_index: int) -> list[str]:
    """The candidate at each seat of game ``game_index``."""
    sets = list(combinations(candidates, players))
    chosen = sets[game_index % len(sets)]
    turn = game_index // len(sets) % players
    return list(chosen[turn:] + chosen[:turn])


def play(row: str, candidates: tuple[str, ...], game_index: int) -> list[tuple[str, str, float]]:
    """One seeded game: its pairwise outcomes ``(a, b, a's score: 1, 1/2 or 0)``."""
    game, players, _ = ROWS[row]
    seats = table_seats(candidates, players, game_index)
    seed = derive_seed("ladder", row, game_index)
    rngs = [Rng(derive_seed(seed, seat)) for seat in range(players)]
    bots = [bot(game, name) for name in seats]
    outcome = play_out(GAMES[game].new_game(players, seed), lambda s, view, _: bots[s](view, rngs[s])).outcome
    key = [(s in outcome.winners, outcome.scores[s]) for s in range(players)]
    return [
        (seats[a], seats[b], 1.0 if key[a] > key[b] else 0.5 if key[a] == key[b] else 0.0)
        for a, b in combinations(range(players), 2)
    ]


def _play(job: tuple[str, tuple[str, ...], int]) -> list[tuple[str, str, float]]:
    row, candidates, g = job
    return play(row, tuple(candidates), g)


def fit(candidates: tuple[str, ...], games: list[list], anchor: str) -> dict[str, float]:
    """Bradley-Terry strengths of ``candidates`` from the games' pairwise outcomes (Hunter's MM
    iteration, one virtual drawn game between every two), as Elo with ``anchor`` at 1000."""
    index = {name: i for i, name in enumerate(candidates)}
    k = len(candidates)
    wins = [0.5 * (k - 1)] * k  # the virtual draws
    met = [[0.0 if i == j else 1.0 for j in range(k)] for i in range(k)]
    for outcomes in games:
        for a, b, score in outcomes:
            i, j = index[a], index[b]
            wins[i] += score
            wins[j] += 1 - score
            met[i][j] += 1
            met[j][i] += 1
    p = [1.0] * k
    for _ in range(2000):
        new = [wins[i] / sum(met[i][j] / (p[i] + p[j]) for j in range(k) if j != i) for i in range(k)]
        norm = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / norm for x in new]
        done = max(abs(math.log(x / y)) for x, y in zip(new, p)) < 1e-9
        p = new
        if done:
            break
    base = math.log(p[index[anchor]])
    return {name: 1000 + SCALE * (math.log(p[i]) - base) for name, i in index.items()}


def ladder(row: str, candidates: tuple[str, ...], games: list[list], anchor: str, boot: int) -> list[dict]:
    """The table of a row: each candidate's Elo, 95% bootstrap interval, games and pairwise score."""
    elo = fit(candidates, games, anchor)
    rng = Rng(derive_seed("ladder-bootstrap", row, len(games)))
    samples: dict[str, list[float]] = {name: [] for name in candidates}
    for _ in range(boot):
        again = fit(candidates, [games[rng.below(len(games))] for _ in games], anchor)
        for name, value in again.items():
            samples[name].append(value)
    rows = []
    for name in candidates:
        values = sorted(samples[name])
        low, high = (values[int(q * (len(values) - 1))] for q in (0.025, 0.975)) if values else (elo[name],) * 2
        played = sum(1 for outcomes in games if any(name in pair[:2] for pair in outcomes))
        scores = [o[2] if o[0] == name else 1 - o[2] for outcomes in games for o in outcomes if name in o[:2]]
        rows.append(
            {
                "name": name,
                "elo": elo[name],
                "ci": (low, high),
                "games": played,
                "score": sum(scores) / max(1, len(scores)),
            }
        )
    return sorted(rows, key=lambda r: -r["elo"])


def table_text(row: str, games: int, rows: list[dict], anchor: str) -> str:
    game, players, _ = ROWS[row]
    lines = [f"{game} {players}p, {games} games, Bradley-Terry Elo ({anchor} = 1000), 95% bootstrap interval:"]
    lines.append(f"  {'level':<16} {'Elo':>6}  {'interval':<13} {'games':>5}  pairwise score")
    for r in rows:
        low, high = r["ci"]
        lines.append(
            f"  {r['name']:<16} {r['elo']:>6.0f}  [{low:>4.0f}, {high:>4.0f}] {r['games']:>5}  {r['score']:.1%}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", default=",".join(ROWS))
    ap.add_argument("--games", type=int, default=280)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--candidates", default="", help="comma-separated candidates (default: the row's)")
    ap.add_argument("--anchor", default="heuristic", help="the candidate at Elo 1000")
    ap.add_argument("--boot", type=int, default=200, help="bootstrap resamplings of the games")
    ap.add_argument("--no-cache", action="store_true", help="play every game again (see bench/game_cache.py)")
    args = ap.parse_args(argv)
    for row in args.rows.split(","):
        game, _, default = ROWS[row]
        candidates = tuple((args.candidates or default).split(","))
        jobs = [(row, list(candidates), g) for g in range(args.games)]
        games = run_games("ladder", game, jobs, _play, args.workers, not args.no_cache)
        print(table_text(row, args.games, ladder(row, candidates, games, args.anchor, args.boot), args.anchor))
        print(flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

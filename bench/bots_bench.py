"""The expert bots' strength and speed: seeded, seat-rotated games against the heuristic.

    python bench/bots_bench.py [--games N] [--workers 2] [--rows oriflamme4,turncoats3,turncoats2]
    python bench/bots_bench.py --timing-only [--games N]   # ms per expert move only (also in Pyodide)
    python bench/bots_bench.py --timing-only --think-ms 1000 [--games N]   # on the page's clock
    python bench/bots_bench.py --rows oriflamme4 --cap 3000   # the expert capped at another fixed budget

Each row plays ``--games`` games of one expert against heuristic bots, the expert's seat
rotating game by game (game g: seat g mod players), every bot with its own ``Rng`` derived
from the game's seed.  A game won alone counts 1 for its winner; a tie for first between k
seats counts 1/k for each (the share of the win).  The table gives the expert's mean win
share with a 95% Wilson interval (the share as the success rate of ``games`` trials), the
fair share (1/players), the target, and the time of each expert decision with more than one
legal move (lone moves play themselves), in ms: mean, median, max.  Times are the process's
CPU time (``cpu_clock``), what one free core would take: on a machine busy with other work,
wall-clock figures measure the neighbours.  Games run in
``--workers`` processes (2: this machine's cores).

Finished games are kept (``bench/game_cache.py``): a rerun of the same code plays only the games
still missing (``--no-cache``: all of them).

``bench/run.py --only bots`` runs this table on CPython and the timing rows in Pyodide.

``--think-ms N`` gives the expert the budget the page gives it at a pace (``site/ui/pace.js``:
1000 ms at the default): it thinks on the wall clock (``budget``), so its times are wall-clock
times too; without it, the fixed budget (the same move for the same seed).  ``--cap N`` sets that
fixed budget (the expert's third argument: Oriflamme's search iterations, Turncoats' dealt
positions), e.g. the Oriflamme expert on 3,000 iterations, about what it gets in the page at the
Quick pace, as reproducible as its own budget.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from typing import Callable

try:
    import pygames  # noqa: F401
except ImportError:  # run from a checkout: python bench/bots_bench.py
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game_cache import run_games

from pygames import GAMES
from pygames.bots import bots_module
from pygames.core.rng import Rng, derive_seed

#: name -> (game, players, the expert's target win share: issue 28's).
ROWS = {
    "oriflamme4": ("oriflamme", 4, 0.62),
    "turncoats3": ("turncoats", 3, 0.80),
    "turncoats2": ("turncoats", 2, 0.85),
}


def cpu_clock() -> Callable[[], float]:
    """Seconds of CPU time of this process: ``time.process_time``, or in Pyodide under Node (whose
    ``process_time`` is the wall clock) Node's own ``process.cpuUsage()``."""
    if sys.platform == "emscripten":
        try:
            import js  # Pyodide's bridge to JavaScript

            usage = js.process.cpuUsage
        except (ImportError, AttributeError):
            return time.perf_counter
        return lambda: (lambda u: (u.user + u.system) / 1e6)(usage())
    return time.process_time


CLOCK = cpu_clock()
#: The expert's budget in seconds on the wall clock (``--think-ms``), or None: its fixed budget.
THINK: float | None = None


def timed_expert(bots, view: dict, rng: Rng, times: list[float], cap: int | None = None) -> str:
    """The expert's move (capped at ``cap`` when given: its third argument, its fixed budget); its
    CPU time (wall-clock time on a clock: ``THINK``) joins ``times`` when it had a choice (a lone
    move is no decision)."""
    clock = CLOCK if THINK is None else time.perf_counter
    fixed = () if cap is None else (cap,)
    start = clock()
    move = bots.expert(view, rng, *fixed) if THINK is None else bots.expert(view, rng, *fixed, budget=THINK)
    if len(view["legal"]) > 1:
        times.append(clock() - start)
    return move


def play_out(state, decide):
    """``state`` played to its end, each move ``decide(seat, view, state)``: our bots decide from
    the seat's view; the state is there for OpenSpiel's ISMCTS (bench/yardstick.py), whose own
    resampler hides what the seat may not see."""
    while state.outcome is None:
        seat = state.to_move
        state = state.play(decide(seat, state.view(seat), state))
    return state


def play(row: str, game_index: int, opponent: str = "heuristic", cap: int | None = None) -> tuple[float, list[float]]:
    """One seeded game of ``row``: the expert's (capped at ``cap``, when given) win share and its
    decision times (s)."""
    game, players, _ = ROWS[row]
    bots = bots_module(game)
    expert_seat = game_index % players
    seed = derive_seed("bots-bench", row, game_index)
    rngs = [Rng(derive_seed(seed, seat)) for seat in range(players)]
    times: list[float] = []

    def decide(seat: int, view: dict, _state) -> str:
        if seat == expert_seat:
            return timed_expert(bots, view, rngs[seat], times, cap)
        return getattr(bots, opponent)(view, rngs[seat])

    winners = play_out(GAMES[game].new_game(players, seed), decide).outcome.winners
    return (1.0 / len(winners) if expert_seat in winners else 0.0), times


def _play(job: tuple) -> tuple[float, list[float]]:
    """A job: ``(row, game)``, or ``(row, game, cap)`` for the expert capped at another budget."""
    return play(job[0], job[1], cap=job[2] if len(job) > 2 else None)


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a success rate ``share`` over ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    centre = share + z * z / (2 * n)
    margin = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return (centre - margin) / scale, (centre + margin) / scale


def run_row(row: str, games: int, workers: int, first: int = 0, cache: bool = True, cap: int | None = None) -> dict:
    """Play a row's games ``first .. first + games - 1`` (in ``workers`` processes; games this
    code already played come from ``game_cache``), the expert capped at ``cap`` when given, and sum
    them up."""
    jobs = [(row, g) if cap is None else (row, g, cap) for g in range(first, first + games)]
    results = run_games("bots", ROWS[row][0], jobs, _play, workers, cache)
    shares = [r[0] for r in results]
    times = [t for r in results for t in r[1]]
    share = sum(shares) / games
    return {"row": row, "games": games, "share": share, "ci": wilson(share, games), "times": times, "cap": cap}


def time_text(times: list[float]) -> str:
    if not times:
        return "no decisions"
    ms = [t * 1000 for t in times]
    return f"mean {statistics.mean(ms):.0f} ms, median {statistics.median(ms):.0f} ms, max {max(ms):.0f} ms"


def row_text(result: dict) -> str:
    game, players, target = ROWS[result["row"]]
    low, high = (max(0.0, x) for x in result["ci"])
    return (
        f"{game} {players}p, expert{'' if result.get('cap') is None else '@' + str(result['cap'])} "
        f"vs {players - 1} heuristic, {result['games']} games: "
        f"win share {result['share']:.1%} [{low:.1%}, {high:.1%}] (fair {1 / players:.1%}, target {target:.0%}); "
        f"{time_text(result['times'])} per decision ({len(result['times'])} decisions)"
    )


def timing(row: str, games: int, cap: int | None = None) -> list[float]:
    """Decision times of the expert over ``games`` games (one process: for Pyodide)."""
    return [t for g in range(games) for t in play(row, g, cap=cap)[1]]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--first", type=int, default=0, help="index of the first game (to split a long run)")
    ap.add_argument("--rows", default=",".join(ROWS))
    ap.add_argument("--timing-only", action="store_true", help="only the expert's decision times, in one process")
    ap.add_argument("--no-cache", action="store_true", help="play every game again (see bench/game_cache.py)")
    ap.add_argument("--think-ms", type=int, default=0, help="the expert thinks this long on the wall clock")
    ap.add_argument(
        "--cap",
        type=int,
        default=None,
        help="the expert's fixed budget instead of its own (Oriflamme's iterations, Turncoats' dealt positions)",
    )
    args = ap.parse_args(argv)
    global THINK
    THINK = args.think_ms / 1000 if args.think_ms else None
    for row in args.rows.split(","):
        if args.timing_only:
            times = timing(row, args.games, args.cap)
            game, players, _ = ROWS[row]
            how = f", thinking {args.think_ms} ms (wall clock)" if THINK else ""
            print(f"{game} {players}p expert{how}, {args.games} games: {time_text(times)} per decision", flush=True)
        else:
            cache = not args.no_cache and THINK is None  # the cache knows the fixed budget only
            print(row_text(run_row(row, args.games, args.workers, args.first, cache, args.cap)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

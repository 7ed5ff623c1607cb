"""Issue 28's "ISMCTS (or better)" for Turncoats, measured: an ISMCTS over the expert's own reading
against the expert's look-ahead, each alone against heuristic bots on ``bench/bots_bench.py``'s seeds.

    python bench/turncoats_ismcts.py [--rows turncoats3,turncoats2] [--games 400] [--iterations 120] [--depth D]

The ISMCTS (``pygames.bots.ismcts``, the Oriflamme expert's search) gets everything the look-ahead
has: positions dealt from the reading of the rivals' hands (``turncoats_reading``, Negotiate
offers and returns included), the heuristic's order of the seat's moves as its prior with
progressive widening (Negotiate among the first, after the look-ahead's candidates), rivals
answering as the heuristic would from their dealt hands (folded into each move, so the tree holds
the seat's own decisions, as deep as the iterations reach), and the look-ahead's leaf score: the
result when the game ended, else the best estimate the seat's next move can reach; near the end
(``PLAYOUT_LEFT``) every seat plays on as the heuristic to the end, win first, then place.  What
differs is the search: a tree walked by UCB over fresh deals each iteration instead of the
look-ahead's few best moves each played on the same dealt positions.
The table gives both win shares (95% Wilson intervals) and CPU ms per decision, the look-ahead's
from ``bots_bench``'s kept games.  Not cached: a trial, not a level.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys

try:
    import pygames  # noqa: F401
except ImportError:  # run from a checkout
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import bots_bench

from pygames import GAMES
from pygames.bots import ismcts
from pygames.bots import turncoats as expert_bots
from pygames.bots.reward import placed
from pygames.bots.turncoats_reading import read_hands
from pygames.bots.turncoats_replies import deal
from pygames.core.rng import Rng, derive_seed
from pygames.turncoats.moves import NEGOTIATE_MOVE

ITERATIONS = 120
DEPTH: int | None = None


def ismcts_expert(view: dict, rng: Rng):
    """The seat's move by an ISMCTS of ``ITERATIONS`` iterations over the expert's reading (see the
    module docstring)."""
    state = expert_bots._position(view)
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]
    me, n = view["seat"], state.players
    beliefs = read_hands(view, expert_bots._colour_odds)
    judge = expert_bots._Judge(state, me, rng, beliefs)
    rival = judge.rival

    def apply(position, move):
        position = judge._returned(position._apply(move))
        while position.neg < n and position.seat != me:
            position = position._apply(rival.move(position))
        return position

    def rollout(position, _rng):
        if judge.playout:
            while position.neg < n:
                position = position._apply(rival.move(position))
        if position.neg >= n:
            outcome = position.outcome
            if judge.playout:
                value = placed(outcome.scores, outcome.winners)[me]
            else:
                value = 1.0 / len(outcome.winners) if me in outcome.winners else 0.0
        else:
            value = rival.best(position, position._hands[me], judge.estimate.chances, judge.estimate.bag)[0]
        return [value] * n  # every node of the tree is the seat's own

    def prior(position, moves):
        """The look-ahead's candidates first (the heuristic's best, Negotiate after them), then the rest."""
        order = judge.order(position, moves)
        first = expert_bots.CANDIDATES[n]
        if NEGOTIATE_MOVE in order[first:]:
            order.remove(NEGOTIATE_MOVE)
            order.insert(first, NEGOTIATE_MOVE)
        return order

    return ismcts.search(
        lambda r: deal(state, me, beliefs, r),
        ITERATIONS,
        rng,
        apply=apply,
        rollout=rollout,
        prior=prior,
        depth=DEPTH,
    )


def play(row: str, game_index: int) -> tuple[float, list[float]]:
    """``bots_bench.play``'s game ``game_index`` with the ISMCTS in the expert's seat."""
    return play_with(row, game_index, lambda view, rng, _state: ismcts_expert(view, rng))


def play_with(row: str, game_index: int, searcher) -> tuple[float, list[float]]:
    """``bots_bench.play``'s game ``game_index`` with ``searcher(view, rng, state)`` in the expert's
    seat (``state`` the whole position, for a measure that tells it more than its view):
    its win share and the CPU time of each decision it had."""
    game, players, _ = bots_bench.ROWS[row]
    seat_of_search = game_index % players
    seed = derive_seed("bots-bench", row, game_index)
    rngs = [Rng(derive_seed(seed, seat)) for seat in range(players)]
    times: list[float] = []

    def decide(seat: int, view: dict, state) -> str:
        if seat != seat_of_search:
            return expert_bots.heuristic(view, rngs[seat])
        start = bots_bench.CLOCK()
        move = searcher(view, rngs[seat], state)
        if len(view["legal"]) > 1:
            times.append(bots_bench.CLOCK() - start)
        return move

    winners = bots_bench.play_out(GAMES[game].new_game(players, seed), decide).outcome.winners
    return (1.0 / len(winners) if seat_of_search in winners else 0.0), times


def _play(job: tuple[str, int]) -> tuple[float, list[float]]:
    return play(*job)


def measure(play, row: str, first: int, games: int, workers: int) -> tuple[str, dict]:
    """Games ``first`` .. of ``row`` played by ``play((row, game))`` in ``workers`` forked processes
    (they see the options set in this one): their win share with its 95% interval and their
    decision times, in words, and ``bots_bench``'s row of the expert on the same games."""
    jobs = [(row, g) for g in range(first, first + games)]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        results = pool.map(play, jobs, chunksize=4)
    share = sum(r[0] for r in results) / games
    low, high = bots_bench.wilson(share, games)
    times = bots_bench.time_text([t for r in results for t in r[1]])
    return f"{share:.1%} [{low:.1%}, {high:.1%}], {times}", bots_bench.run_row(row, games, workers, first)


def main(argv: list[str] | None = None) -> int:
    global ITERATIONS, DEPTH
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", default="turncoats3,turncoats2")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=ITERATIONS)
    ap.add_argument("--depth", type=int, default=0, help="the most of the seat's moves a walk takes (0: no limit)")
    args = ap.parse_args(argv)
    ITERATIONS, DEPTH = args.iterations, args.depth or None
    for row in args.rows.split(","):
        trial, look = measure(_play, row, 0, args.games, args.workers)
        print(
            f"{row}, {args.games} games against heuristic bots: ISMCTS ({ITERATIONS} iterations"
            f"{f', depth {DEPTH}' if DEPTH else ''}) {trial}; the look-ahead {look['share']:.1%} "
            f"[{look['ci'][0]:.1%}, {look['ci'][1]:.1%}], {bots_bench.time_text(look['times'])}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What the Turncoats expert loses to what it cannot see: its games on ``bench/bots_bench.py``'s seeds
played again with the expert told the rivals' true hands.

    python bench/turncoats_ceiling.py [--rows turncoats2,turncoats3] [--games 400] [--first 0]

The told expert is the expert (``pygames.bots.turncoats.expert``, its fixed budget) with its reading
of the rivals' hands (``turncoats_reading.read_hands``, a distribution over each rival's hand)
replaced by certainty: each rival holds what it really holds, so its root estimate and every dealt
position carry the true hands (only the bag's order stays unknown).  Everything else is the same:
seats, seeds and rivals (heuristic bots) as in ``bots_bench``.  If the told expert wins no more
than the honest one, the reading is not what holds the expert back: its look-ahead is.  The table
gives both win shares on the same games (95% Wilson intervals), the honest one from ``bots_bench``
(its kept games).  Not cached, and no level: the told expert sees what its seat may not.
"""

from __future__ import annotations

import argparse
import os
import sys

try:
    import pygames  # noqa: F401
except ImportError:  # run from a checkout
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from turncoats_ismcts import measure, play_with

from pygames.bots import turncoats as expert_bots


def play(row: str, game_index: int) -> tuple[float, list[float]]:
    """``bots_bench.play``'s game ``game_index``, the expert told the rivals' hands."""
    return play_with(row, game_index, told_expert)


def told_expert(view: dict, rng, state):
    """The expert's move with its reading of the rivals' hands replaced by their true hands in ``state``."""
    truth = {r: {state._hands[r]: 1.0} for r in range(state.players) if r != view["seat"]}
    reading = expert_bots.read_hands
    expert_bots.read_hands = lambda _view, _odds: truth
    try:
        return expert_bots.expert(view, rng)
    finally:
        expert_bots.read_hands = reading


def _play(job: tuple[str, int]) -> tuple[float, list[float]]:
    return play(*job)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", default="turncoats2,turncoats3")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--first", type=int, default=0, help="index of the first game")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    for row in args.rows.split(","):
        told, honest = measure(_play, row, args.first, args.games, args.workers)
        print(
            f"{row}, games {args.first}-{args.first + args.games - 1} against heuristic bots: told the "
            f"rivals' hands {told}; the expert {honest['share']:.1%} [{honest['ci'][0]:.1%}, {honest['ci'][1]:.1%}]",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

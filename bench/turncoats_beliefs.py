"""How well the Turncoats expert reads the rivals' hands from their moves.

    python bench/turncoats_beliefs.py [--players 2] [--games 400] [--sharpness 20,40,60,80,120]

The expert deals the rivals' hands from ``pygames.bots.turncoats_reading.read_hands``: for every
rival, a probability for each make-up of its hand, given how likely the heuristic was to make each
move it made with that hand (``exp(SHARPNESS * (value - best value))``).  This plays ``--games``
seeded games of heuristic bots and, at every decision of seat 0 with a choice, reads the rivals'
hands from seat 0's view and scores the reading against the hands they really hold: the mean
log-loss of the true hand (nats; lower is better) and how often it is the likeliest make-up, for
each ``--sharpness`` (0: only what the moves rule out, the hypergeometric deal otherwise).  The
rivals here are what the expert assumes, heuristic bots, as on ``bench/bots_bench.py``.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

try:
    import pygames  # noqa: F401
except ImportError:  # run from a checkout
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pygames import turncoats
from pygames.bots import turncoats as bots
from pygames.bots import turncoats_reading
from pygames.core.rng import Rng


def decisions(players: int, games: int) -> list[tuple[dict, dict[int, int]]]:
    """Seat 0's view at each of its decisions with a choice in ``games`` seeded heuristic games,
    with the rivals' true (packed) hands then."""
    out = []
    for g in range(games):
        state = turncoats.new_game(players, 9000 + g)
        rng = Rng(g)
        while state.outcome is None:
            if state.to_move == 0 and len(state.legal_moves()) > 1:
                out.append((state.view(0), {s: state._hands[s] for s in range(1, players)}))
            state = state._apply(bots._heuristic_move(state, rng))
    return out


def score(seen: list[tuple[dict, dict[int, int]]], sharpness: float) -> tuple[float, float]:
    """The reading's mean log-loss of the true hands (nats) and its share of true hands read as
    the likeliest, with ``SHARPNESS`` set to ``sharpness``."""
    kept = turncoats_reading.SHARPNESS
    turncoats_reading.SHARPNESS = sharpness
    turncoats_reading._READ.clear()  # readings made at another sharpness
    try:
        loss = top = count = 0.0
        for view, truth in seen:
            beliefs = turncoats_reading.read_hands(view, bots._colour_odds)
            for seat, hand in truth.items():
                belief = beliefs[seat]
                loss -= math.log(max(belief.get(hand, 0.0), 1e-12))
                top += max(belief, key=belief.get) == hand
                count += 1
        return loss / count, top / count
    finally:
        turncoats_reading.SHARPNESS = kept
        turncoats_reading._READ.clear()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--sharpness", default="0,20,40,60,80,120")
    args = ap.parse_args(argv)
    seen = decisions(args.players, args.games)
    print(f"{args.players} players, {args.games} heuristic games, {len(seen)} decisions of seat 0:")
    for sharpness in (float(x) for x in args.sharpness.split(",")):
        loss, top = score(seen, sharpness)
        mark = "  (the expert's)" if sharpness == turncoats_reading.SHARPNESS else ""
        print(f"  SHARPNESS {sharpness:5.0f}: log-loss {loss:.3f} nats, likeliest {top:.1%}{mark}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

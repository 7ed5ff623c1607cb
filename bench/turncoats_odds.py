"""How sure the Turncoats heuristic's colour odds are, against the colour that went on to win.

    python bench/turncoats_odds.py [--players 3] [--games 150]

The heuristic (and the expert, on its look-ahead's leaves) takes each colour's chance to win as
a softmax of the areas it rules now, the colour winning the tie-breaks given a bonus, sharper as
the stones left in the hands run out (``pygames.bots.turncoats._odds_of``, its sharpness
``turncoats_replies.sharpness``).  This plays ``--games`` seeded games of heuristic bots, takes
every position with no Negotiate waiting, and reports, for the positions the expert scores on
these odds (more stones left than its ``PLAYOUT_LEFT``, where it stops playing positions out):
how often the colour ruling most areas won, by stones left; the odds' mean log-loss on the
colour that won (nats); and the best schedule on a grid, ``a + b / (1 + left / players)`` with
bonus ``c``.  The expert's leaves scored on the best fit won fewer games than on the heuristic's
own odds (``pygames.bots.turncoats``, beside ``_TIE_BONUS``): the odds rank moves well even when
they overstate how sure a lead is.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from itertools import product

try:
    import pygames  # noqa: F401
except ImportError:  # run from a checkout
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pygames import turncoats
from pygames.bots import turncoats as bots
from pygames.bots.turncoats_replies import sharpness
from pygames.core.rng import Rng
from pygames.turncoats.board import SIZE

#: The grid searched for the best schedule: ``a``, ``b`` and the bonus ``c``.
GRID = ((-0.3, -0.2, -0.1, 0.0, 0.1, 0.2, 0.3), (0.5, 1, 1.5, 2, 2.5, 3, 4, 5), (0.2, 0.4, 0.7, 1.0))


def positions(players: int, games: int) -> list[tuple[tuple[int, int, int], int, int, int, float]]:
    """``(areas ruled by colour, the colour that would win if the game ended now (3: none), stones
    left, colour that won, the heuristic's odds of it)`` at every position of ``games`` seeded
    heuristic games with a colour winning."""
    out = []
    for g in range(games):
        state = turncoats.new_game(players, 5000 + g)
        rng = Rng(g)
        seen = []
        while state.outcome is None:
            if state.drawn < 0:
                odds = bots._colour_odds(state, False, sharpness(state))
                areas = bots._RULED[(state._areas, state._axe, state._flag, state.rules)]
                leader = bots._colour_odds(state, True, 0.0).index(1.0)  # the colour that wins if it ends now
                seen.append((areas, leader, sum(map(SIZE.__getitem__, state._hands)), odds))
            state = state._apply(bots._heuristic_move(state, rng))
        won = bots._colour_odds(state, True, 0.0).index(1.0)
        if won < 3:  # leader 3: no colour would win now
            out += [(areas, leader, left, won, odds[won]) for areas, leader, left, odds in seen]
    return out


def log_loss(rows: list, players: int, a: float, b: float, bonus: float) -> float:
    """The mean log-loss of the schedule ``a + b / (1 + left / players)`` with ``bonus`` on the colour that won."""
    total = 0.0
    for areas, leader, left, won, _ in rows:
        sharp = a + b / (1 + left / players)
        scores = [areas[c] + (bonus if c == leader else 0.0) for c in range(3)]
        top = max(scores)
        weights = [math.exp(sharp * (s - top)) for s in scores]
        total -= math.log(max(weights[won] / sum(weights), 1e-12))
    return total / len(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=150)
    args = ap.parse_args(argv)
    n = args.players
    rows = [r for r in positions(n, args.games) if r[2] > bots.PLAYOUT_LEFT[n]]
    print(f"{n} players, {args.games} heuristic games, {len(rows)} positions, over {bots.PLAYOUT_LEFT[n]} stones left")
    for lo in range(bots.PLAYOUT_LEFT[n] + 1, max(r[2] for r in rows) + 1, 4):
        band = [r for r in rows if lo <= r[2] < lo + 4]
        if band:
            led = sum(leader == won for _, leader, _, won, _ in band) / len(band)
            print(f"  {lo:2d}-{lo + 3:2d} stones left: {len(band):5d} positions, the colour ruling most won {led:.1%}")
    ours = -sum(math.log(max(odds, 1e-12)) for *_, odds in rows) / len(rows)
    best = min((log_loss(rows, n, a, b, c), a, b, c) for a, b, c in product(*GRID))
    print(f"  log-loss of the heuristic's odds: {ours:.2f} nats")
    print(
        f"  best on the grid: {best[0]:.2f} nats, sharpness {best[1]} + {best[2]} / (1 + left / {n}), bonus {best[3]}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

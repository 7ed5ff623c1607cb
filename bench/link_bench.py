"""Link play figures: how long a whole game's link gets, and how often it changes hands.

For each game and player count, complete seeded random games are played between
simulated devices (``pygames.link.simulate``).  Printed: the median and maximum
length of the final link *including the site address*, and link passes per game
(each time the link must go to another device, joins included) against the
number of decisions players made.  With ``keep_hidden`` every seat sets the
Oriflamme standing order "keep my face-down cards hidden this round" on each
placement: the fewest hops the rules allow.  ``cjk max`` is the longest final link when
every seat is named with 24 CJK characters (the budget's worst case: 3 UTF-8 bytes a
character that deflate cannot shrink); the budget is 2,000 characters.

    python bench/link_bench.py [games]
"""

from __future__ import annotations

import os
import statistics
import sys

try:
    import pygames  # noqa: F401
except ImportError:  # run from a checkout: python bench/link_bench.py
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pygames import GAMES
from pygames.core.rng import Rng
from pygames.link.games import adapter
from pygames.link.simulate import play_by_link

SITE = "https://pygames.github.io/pygames/#"
#: Every game at every player count it accepts.
COUNTS = [(game, n) for game, module in GAMES.items() for n in module.PLAYER_COUNTS]


def rows() -> list[tuple[str, int, bool]]:
    """(game, players, keep-hidden orders) for every figure: each count plainly, then again with
    the standing order for the games that have one."""
    return [(g, n, False) for g, n in COUNTS] + [(g, n, True) for g, n in COUNTS if adapter(g).keeps_hidden]


def cjk_names(players: int, seed: int) -> list[str]:
    """``players`` names of 24 CJK ideographs each, different for every game."""
    rng = Rng(seed)
    return ["".join(chr(0x4E00 + rng.below(0x5000)) for _ in range(24)) for _ in range(players)]


def link_figures(game: str, players: int, games: int, keep_hidden: bool = False) -> dict:
    lengths, cjk, passes, decisions = [], [], [], []
    for seed in range(games):
        _, table, hops, moves = play_by_link(game, players, seed, keep_hidden=keep_hidden)
        lengths.append(len(SITE + table["link"]))
        passes.append(hops)
        decisions.append(moves)
        named = play_by_link(game, players, seed, keep_hidden=keep_hidden, names=cjk_names(players, seed))[1]
        cjk.append(len(SITE + named["link"]))
    return {
        "median": statistics.median(lengths),
        "max": max(lengths),
        "cjk": max(cjk),
        "passes": statistics.median(passes),
        "decisions": statistics.median(decisions),
    }


def main(games: int = 200) -> None:
    print(
        f"{'game':<16}{'link median':>12}{'max':>6}{'cjk max':>9}{'passes':>8}{'decisions':>10}   ({games} games each, "
        f"address {len(SITE)} chars included)"
    )
    for game, players, hidden in rows():
        f = link_figures(game, players, games, hidden)
        label = f"{game} {players}p" + (" keep" if hidden else "")
        print(f"{label:<16}{f['median']:>12.0f}{f['max']:>6}{f['cjk']:>9}{f['passes']:>8.0f}{f['decisions']:>10.0f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)

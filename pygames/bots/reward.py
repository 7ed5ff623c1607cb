"""What a finished game is worth to each seat, for the search bots: the win first, then the place.

With a reward of 1 for a win and 0 for anything else, a bot that can no longer win sees every
move score 0 and plays at random: it may throw away its own cards and hand the game to a rival.
``placed`` keeps the win first (a win, even shared, is worth more than any place behind it) and
then pays for the place: a seat that does not win gets ``PLACE_WEIGHT`` times the share of the
other seats it finished ahead of (a tie with one counting half).  So a beaten bot still plays to
finish as high as it can, and among moves that win equally often the one that ranks higher is
preferred.
"""

from __future__ import annotations

from typing import Sequence

__all__ = ["PLACE_WEIGHT", "placed"]

#: What finishing ahead of every other non-winner is worth, where a win is worth 1.  Below 1/5, so
#: a share of a win (1/k for k tied winners, k <= 5) always beats any place behind the winners; and
#: small, so a search still chases the win whenever it has a chance (0.15 first: the Oriflamme
#: expert won 39.1% [24.2%, 56.3%] of its first 32 bench games against heuristics, below the
#: documented 56.6% of 400 with the win-only reward; 0.02 already keeps a beaten expert's place,
#: tests/engine/test_expert_bots.py).
PLACE_WEIGHT = 0.05


def placed(keys: Sequence, winners: Sequence[int]) -> list[float]:
    """One reward per seat: ``1/k`` for each of ``k`` winners; for every other seat ``PLACE_WEIGHT``
    times the share of the other seats whose ``keys`` (higher is better: a score, or a tuple of a
    score and its tie-breaks) it beats, a tie counting half."""
    n = len(keys)
    rewards = [0.0] * n
    if n > 1:
        scale = PLACE_WEIGHT / (n - 1)
        for seat in range(n):
            mine = keys[seat]
            ahead = 0.0
            for other in range(n):
                if other != seat:
                    theirs = keys[other]
                    if mine > theirs:
                        ahead += 1.0
                    elif mine == theirs:
                        ahead += 0.5
            rewards[seat] = scale * ahead
    share = 1.0 / len(winners) if winners else 0.0
    for seat in winners:
        rewards[seat] = share
    return rewards

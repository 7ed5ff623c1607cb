"""A full Turncoats position drawn at random among those one seat's view allows (for search bots).

Public: the stones on the map, AXE and FLAG, every hand's size and the bag's size, and the
recent moves (the view's log): what each seat paid, the stones a Battle killed (they went to
the bag), the stone each Negotiate returned to the bag.  The viewer's own: its hand and the
stone it drew.  Hidden: the other hands, the bag's contents, a stone another seat just drew,
the generator.

``determinize`` deals the stones nobody may see (21 of each colour minus the map, AXE,
FLAG and the viewer's hand) uniformly to the hidden hands (by size) and the bag, keeping
only deals in which the bag can hold what the log put there: a killed or returned stone
stays in the bag until a later draw may have taken it (a draw by another seat may have
taken any stone; the viewer's own draws are known).  A stone another seat just drew is one
of its stones, each as likely.  The generator state is fresh from ``rng``.  Every kept deal
is equally likely (rejection sampling); no inference is drawn from the seats' choices, and
the log's window (``view.LOG_LENGTH`` moves) bounds how far back the bag is checked.
"""

from __future__ import annotations

from typing import Any

from pygames.core.rng import Rng
from pygames.turncoats.board import COLOUR_OF, STONES_PER_COLOUR, pack, unpack
from pygames.turncoats.moves import BATTLE, NEGOTIATE, RETURN, parse
from pygames.turncoats.state import State, from_view

__all__ = ["Sampler", "determinize"]

#: Uniform deals tried before the bag is dealt the stones the log demands first.
TRIES = 40


def determinize(view: dict[str, Any], rng: Rng) -> State:
    """A playable position with no unknown stone, consistent with ``view`` (see the module
    docstring); ``view`` is any seat's (or a spectator's) ``State.view``."""
    return Sampler(view).sample(rng)


class Sampler:
    """The position a view shows, read once, and ``sample(rng)`` to fill it as often as needed."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.state = from_view(view)
        s = self.state
        seen = [0, 0, 0]
        for p in (*s._areas, s._axe, s._flag, s._bag, *s._hands):
            if p >= 0:
                for c, k in enumerate(unpack(p)):
                    seen[c] += k
        self.pool = [c for c in range(3) for _ in range(STONES_PER_COLOUR - seen[c])]
        self.steps = _bag_steps(view)
        self.needed = _least_bag(self.steps, [0, 0, 0])[1]

    def sample(self, rng: Rng) -> State:
        """A full position: the bag dealt here, then the unknown hands, drawn stone and
        generator filled in by ``State.determinize``."""
        s = self.state
        if s._bag < 0:
            s = s._copy()
            s._bag = _deal_bag(self.pool[:], ~s._bag, self.steps, self.needed, rng)
        return s.determinize(rng)


def _deal_bag(pool: list[int], size: int, steps: list[tuple[int, int]], needed: list[int], rng: Rng) -> int:
    """The bag's counts (packed), drawn from ``pool``."""
    for _ in range(TRIES):
        rng.shuffle(pool)
        counts = [0, 0, 0]
        for c in pool[:size]:
            counts[c] += 1
        if _least_bag(steps, counts)[0]:
            return pack(counts)
    # rare: the log demands many stones; deal those first (as far as the pool holds them)
    counts = [0, 0, 0]
    for c in range(3):
        for _ in range(min(needed[c], pool.count(c), size - sum(counts))):
            pool.remove(c)
            counts[c] += 1
    rng.shuffle(pool)
    rest = size - sum(counts)
    for c in pool[:rest]:
        counts[c] += 1
    return pack(counts)


def _bag_steps(view: dict[str, Any]) -> list[tuple[int, int]]:
    """The log's effects on the bag, newest first: ``(+1, colour)`` a stone put in (killed or
    returned), ``(-1, colour)`` the viewer's own draw, ``(-1, -1)`` another seat's draw."""
    steps = []
    for entry in reversed(view.get("log") or []):
        move = parse(entry["move"])
        if move.kind == BATTLE:
            steps += [(1, c) for c in range(3) for _ in range(move.kills[c])]
        elif move.kind == RETURN:
            steps.append((1, move.colour))
        elif move.kind == NEGOTIATE:
            colour = entry["params"].get("colour")
            steps.append((-1, COLOUR_OF[colour] if colour else -1))
    return steps


def _least_bag(steps: list[tuple[int, int]], bag: list[int]) -> tuple[bool, list[int]]:
    """Walk the log back from a bag's counts: whether it can hold what the log put in it
    (another seat's draw may have taken any colour), and the stones it lacked for that."""
    counts = bag[:]
    wild = 0
    lacked = [0, 0, 0]
    for sign, c in steps:
        if sign < 0:
            if c < 0:
                wild += 1
            else:
                counts[c] += 1
        elif counts[c]:
            counts[c] -= 1
        elif wild:
            wild -= 1
        else:
            lacked[c] += 1
    return not any(lacked), lacked

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
taken any stone; the viewer's own draws are known).  The hidden hands are drawn a stone at
a time from the unseen stones' counts and the bag holds the rest: a uniform deal with one
draw a hidden stone in hand, not a shuffle of every unseen stone (the bag holds most of
them), since a search deals one at every simulation.  A stone another seat just drew is one
of its stones, each as likely.  The generator state is fresh from ``rng``.  Every kept deal
is equally likely (rejection sampling); no inference is drawn from the seats' choices, and
the log's window (``view.LOG_LENGTH`` moves) bounds how far back the bag is checked.
"""

from __future__ import annotations

from typing import Any

from pygames.core.rng import Rng
from pygames.turncoats.board import COLOUR_OF, pack
from pygames.turncoats.moves import BATTLE, NEGOTIATE, RETURN, parse
from pygames.turncoats.state import State, draw_stones, from_view

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
        #: The stones nobody here can see, by colour: the hidden hands' and the bag's.
        self.unseen = self.state.unseen()
        self.steps = _bag_steps(view)
        self.needed = _least_bag(self.steps, [0, 0, 0])[1]

    def sample(self, rng: Rng) -> State:
        """A full position: the hidden hands dealt here (the bag holds the rest), then the
        drawn stone and generator filled in (``State.dealt``)."""
        s = self.state
        hidden = [seat for seat, h in enumerate(s._hands) if h < 0]
        if not hidden and s._bag >= 0:
            return s.determinize(rng)
        for _ in range(TRIES):
            left = self.unseen[:]
            dealt = [draw_stones(left, ~s._hands[seat], rng) for seat in hidden]
            if s._bag >= 0 or _least_bag(self.steps, left)[0]:
                break
        else:  # rare: the log demands many stones; the bag keeps those first (as far as there are)
            left = self.unseen[:]
            kept = [0, 0, 0]
            for c in range(3):
                kept[c] = min(self.needed[c], left[c], ~s._bag - sum(kept))
                left[c] -= kept[c]
            dealt = [draw_stones(left, ~s._hands[seat], rng) for seat in hidden]
            left = [n + k for n, k in zip(left, kept)]
        hands = list(s._hands)
        for seat, hand in zip(hidden, dealt):
            hands[seat] = hand
        return s.dealt(hands, pack(left) if s._bag < 0 else s._bag, rng)


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

"""A full Oriflamme position drawn at random among those one seat's view allows (for search bots).

What a view shows is public or the viewer's own: every seat's influence, the queue (owners,
face-up cards, tokens on every card), the out-of-play piles (eliminated and discarded cards
by type), hand sizes, and the viewer's own hand, removed cards and face-down cards.  What it
hides is another seat's hand, its three removed cards and its face-down cards in the queue.

Each family holds exactly one card of each type, so the hidden cards of seat ``p`` are
exactly the types of its family not seen anywhere (not face up in the queue, not in its
out pile): ``determinize`` shuffles those types with ``rng`` and deals them to ``p``'s
face-down queue cards (bottom to top, queue order), its hand (by its size) and its removed
pile (the rest: always three).  Every such deal is equally likely; no inference is drawn
from the seat's earlier choices.  The game has no draws after the deal, so the position
needs no generator.
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import BadPosition
from pygames.core.rng import Rng
from pygames.oriflamme.cards import FAMILY, HAND_TYPES, UNKNOWN
from pygames.oriflamme.rules import HIDDEN, REMOVED
from pygames.oriflamme.state import State, from_view

__all__ = ["determinize", "fill"]


def determinize(view: dict[str, Any], rng: Rng) -> State:
    """A playable position with no unknown card, consistent with ``view`` (see the module
    docstring); ``view`` is any seat's (or a spectator's) ``State.view``."""
    return fill(from_view(view), rng)


def fill(state: State, rng: Rng) -> State:
    """``state`` (a ``from_view`` position) with every unknown card dealt at random."""
    hands, removed = list(state.hands), list(state.removed)
    queue = list(state.queue)
    if HIDDEN not in hands and HIDDEN not in removed and not any(_has_unknown(queue, p) for p in range(state.players)):
        return state
    for seat in range(state.players):
        if hands[seat] != HIDDEN and removed[seat] != HIDDEN and not _has_unknown(queue, seat):
            continue
        unseen = list(HAND_TYPES[FAMILY & ~state.known_types(seat)])
        hand_size = state.hand_count(seat) if hands[seat] == HIDDEN else 0
        removed_size = REMOVED if removed[seat] == HIDDEN else 0
        face_down = sum(1 for slot in queue if slot[0] == seat for c in slot[1:] if c & 15 == UNKNOWN)
        if len(unseen) != hand_size + removed_size + face_down:
            raise BadPosition("oriflamme.error.view")
        rng.shuffle(unseen)
        for i, slot in enumerate(queue):
            if slot[0] == seat and any(c & 15 == UNKNOWN for c in slot[1:]):
                queue[i] = (seat, *(c & ~15 | unseen.pop() if c & 15 == UNKNOWN else c for c in slot[1:]))
        if hands[seat] == HIDDEN:
            hands[seat] = _mask(unseen[:hand_size])
            del unseen[:hand_size]
        if removed[seat] == HIDDEN:
            removed[seat] = _mask(unseen)
    s = state._child()
    s.hands = tuple(hands)
    s.removed = tuple(removed)
    s.queue = queue
    return s


def _has_unknown(queue: list[tuple[int, ...]], seat: int) -> bool:
    return any(slot[0] == seat and any(c & 15 == UNKNOWN for c in slot[1:]) for slot in queue)


def _mask(types: list[int]) -> int:
    return sum(1 << t for t in types)

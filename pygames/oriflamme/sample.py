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

from typing import Any, Callable, Sequence

from pygames.core.errors import BadPosition
from pygames.core.rng import Rng
from pygames.oriflamme.cards import UNKNOWN
from pygames.oriflamme.rules import HIDDEN, REMOVED
from pygames.oriflamme.state import State, from_view

__all__ = ["dealer", "determinize", "fill"]


def determinize(view: dict[str, Any], rng: Rng) -> State:
    """A playable position with no unknown card, consistent with ``view`` (see the module
    docstring); ``view`` is any seat's (or a spectator's) ``State.view``."""
    return fill(from_view(view), rng)


def fill(state: State, rng: Rng) -> State:
    """``state`` (a ``from_view`` position) with every unknown card dealt at random."""
    return dealer(state)(rng)


def dealer(state: State, kept_odds: Sequence[float] | None = None) -> Callable[[Any], State]:
    """``fill`` of ``state`` as a function of the rng, for a search that deals from one position
    many times: which cards are unknown, the types each seat may hold and how many go where are
    worked out once here.

    With ``kept_odds`` (how likely an owner leaves each type face down when it is visited: a
    reading, not a rule) a face-down card that gathered k tokens was kept k times: those cards,
    most tokens first, get a type drawn with weight ``kept_odds[type] ** k`` before the rest is
    dealt uniformly as above."""
    queue = state.queue
    kept = (
        sorted(
            ((i, j) for i, slot in enumerate(queue) for j, c in enumerate(slot) if j and c & 15 == UNKNOWN and c >> 5),
            key=lambda ij: -(queue[ij[0]][ij[1]] >> 5),
        )
        if kept_odds
        else []
    )
    possible_of = [state.possible_types(seat) for seat in range(state.players)]
    picks = [(i, j, queue[i][0], [w ** (queue[i][j] >> 5) for w in kept_odds]) for i, j in kept]
    kept_of = [sum(1 for _, _, seat, _ in picks if seat == p) for p in range(state.players)]
    fills = []  # (seat, its possible types, its other unknown cards by slot, hand size or None, removed?)
    for seat in range(state.players):
        spots = [
            (i, [j for j, c in enumerate(slot) if j and c & 15 == UNKNOWN and (i, j) not in kept])
            for i, slot in enumerate(queue)
            if slot[0] == seat
        ]
        spots = [(i, js) for i, js in spots if js]
        hand_size = state.hand_count(seat) if state.hands[seat] == HIDDEN else None
        removed_hidden = state.removed[seat] == HIDDEN
        if not spots and hand_size is None and not removed_hidden:
            continue
        possible = possible_of[seat]
        wanted = (hand_size or 0) + (REMOVED if removed_hidden else 0) + sum(len(js) for _, js in spots)
        if len(possible) - kept_of[seat] != wanted:
            raise BadPosition("oriflamme.error.view")
        fills.append((seat, possible, spots, hand_size, removed_hidden))
    if not picks and not fills:
        return lambda rng: state

    def deal(rng: Any) -> State:
        q = queue[:]
        left: dict[int, list[int]] = {}  # per seat: the types its kept cards did not take
        for i, j, seat, powers in picks:
            types = left.get(seat)
            if types is None:
                types = left[seat] = list(possible_of[seat])
            slot = q[i]
            weights = [powers[t] for t in types]
            q[i] = slot[:j] + (slot[j] & ~15 | types.pop(rng.weighted(weights, sum(weights))),) + slot[j + 1 :]
        hands = list(state.hands)
        removed = list(state.removed)
        for seat, possible, spots, hand_size, removed_hidden in fills:
            unseen = left[seat] if seat in left else list(possible)
            rng.shuffle(unseen)
            for i, js in spots:
                cards = list(q[i])
                for j in js:
                    cards[j] = cards[j] & ~15 | unseen.pop()
                q[i] = tuple(cards)
            if hand_size is not None:
                hands[seat] = _mask(unseen[:hand_size])
                del unseen[:hand_size]
            if removed_hidden:
                removed[seat] = _mask(unseen)
        dealt = state._child()
        dealt.hands = tuple(hands)
        dealt.removed = tuple(removed)
        dealt.queue = q
        return dealt

    return deal


def _mask(types: list[int]) -> int:
    mask = 0
    for t in types:
        mask |= 1 << t
    return mask

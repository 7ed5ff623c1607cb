"""Oriflamme for the adapters (the names of ``pygames.adapters.games.GameAdapter``).

* **Actions** (620): ``pygames.oriflamme.moves.ALL`` (= ``int(Move)``; the ``place ?`` ones are
  never legal in a full position).
* **Setup**: one deal node per seat, the 3 cards it removes face down (outcome = index of the
  triple in ``REMOVALS``, 120 each as likely; read ``removes Ambush,Heir,Spy``; the other 7 are
  its hand, which only that seat learns), then the first player; ``pygames.oriflamme.from_deal``.
* **Play**: a placed card is seen by its owner only (the others read ``p2 place ? left``);
  resampling is the engine's ``determinize`` (``pygames.oriflamme.sample``) of the seat's view
  (its ``fill`` of the view read once).
* **Observation** (708), seats relative to the viewer in blocks of ``MAX_SEATS`` = 5:

  =========  ====  ============================================================================
  offset     size  what
  =========  ====  ============================================================================
  0          1     round (1..6)
  1          3     phase one-hot: place, resolve, over
  4          8     decision one-hot: place, reveal, target, steal, copy, decree,
                   decree_destination, show
  12         1     the slot being visited, 1-based (0: none)
  13         5     seat to move, relative one-hot
  18         5     the round's first player, relative one-hot
  23         15    per relative seat: influence, cards in hand, cards in the queue (tie-break count)
  38         10    the viewer's hand (one per card type, alphabetical: Ambush .. Spy)
  48         10    the viewer's removed cards
  58         600   30 queue slots in resolution order, 20 each: present, owner relative one-hot
                   (5), cards in the slot, top card face up, top card type one-hot (10 types, then
                   "unknown"), tokens on the top card
  658        50    per relative seat, per card type: 1 if out of play (eliminated or discarded)
  =========  ====  ============================================================================
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Callable

from pygames import oriflamme
from pygames.adapters.games import Entry, one_hot, rel
from pygames.oriflamme import from_view
from pygames.oriflamme.cards import IDS as CARD_IDS
from pygames.oriflamme.cards import NAMES as CARD_NAMES
from pygames.oriflamme.cards import TYPES as CARD_TYPES
from pygames.oriflamme.moves import ALL as MOVES
from pygames.oriflamme.sample import fill

OBSERVATION_SIZE = 708
#: The triples of card types a seat may remove face down, by chance outcome.
REMOVALS: tuple[tuple[int, ...], ...] = tuple(combinations(CARD_TYPES, 3))
#: The most slots a queue holds (5 seats x 6 rounds).
QUEUE_SLOTS = 30

_CARD = {card: t for t, card in enumerate(CARD_IDS) if card != "unknown"}
_DECISIONS = ("place", "reveal", "target", "steal", "copy", "decree", "decree_destination", "show")
_PHASES = ("place", "resolve", "over")


def actions() -> tuple[str, ...]:
    return tuple(str(m) for m in MOVES)


def action_ids(moves: Any) -> list[int]:
    """A move's ``id`` is its index in ``ALL``: its action id."""
    return [m.id for m in moves]


def deal_length(players: int) -> int:
    return players


def max_chance_outcomes(players: int) -> int:
    return len(REMOVALS)


def deal_outcomes(players: int, draws: tuple[int, ...]) -> list[tuple[int, float]]:
    return [(i, 1 / len(REMOVALS)) for i in range(len(REMOVALS))]


def _removes(outcome: int) -> str:
    return "removes " + ",".join(CARD_NAMES[t] for t in REMOVALS[outcome])


def deal_entry(players: int, draws: tuple[int, ...], outcome: int) -> Entry:
    seat = len(draws)
    return Entry(seat, f"p{seat + 1} {_removes(outcome)}", f"p{seat + 1} dealt")


def deal_text(step: int, outcome: int) -> str:
    return _removes(outcome)


def build(players: int, dealt: list[int], first: int, options: dict[str, Any]) -> Any:
    hands = [tuple(t for t in CARD_TYPES if t not in REMOVALS[i]) for i in dealt]
    return oriflamme.from_deal(first, hands, [REMOVALS[i] for i in dealt], **options)


def deal_of(state: Any) -> tuple[tuple[int, ...], int]:
    removed = [tuple(t for t in CARD_TYPES if mask >> t & 1) for mask in state.removed]
    return tuple(REMOVALS.index(r) for r in removed), state.start


def entry(state: Any, move: Any) -> Entry:
    """A placed card: its owner sees it, the others its public notation."""
    seat = state.to_move
    return Entry(seat, f"p{seat + 1} {move}", f"p{seat + 1} {state.public_notation(move)}")


def max_play_length(players: int) -> int:
    """A round is each seat's placement then a few decisions a card in the queue, counted
    generously as 5 for each of the 6 cards a seat may have placed (random games stay under a
    fifth of the bound)."""
    return 6 * (players + 5 * 6 * players)


def resampler(state: Any, seat: int) -> Callable[[Any], Any]:
    """``determinize`` of the seat's view, the view read once (``from_view``) and filled at each call."""
    partial = from_view(state.view(seat))
    return lambda rng: fill(partial, rng)


def secret(state: Any, seat: int) -> Any:
    """The seat's hand and removed cards, and its cards in the queue (face down ones too) where
    they lie."""
    own = tuple((i, slot) for i, slot in enumerate(state.queue) if slot[0] == seat)
    return state.hands[seat], state.removed[seat], own


def encode_view(out: Any, view: dict[str, Any], seat: int, players: int) -> None:
    out[0] = view["round"]
    out[1 + _PHASES.index(view["phase"])] = 1
    pending = view.get("pending")
    if pending:
        out[4 + _DECISIONS.index(pending["kind"])] = 1
    out[12] = 0 if view["cursor"] is None else view["cursor"] + 1
    one_hot(out, 13, rel(view["to_move"], seat, players))
    one_hot(out, 18, rel(view["first_player"], seat, players))
    for other in range(players):
        base = 23 + 3 * rel(other, seat, players)
        out[base : base + 3] = (view["pools"][other], view["hand_counts"][other], view["queue_cards"][other])
    for card in view["hand"] or ():
        out[38 + _CARD[card]] = 1
    for card in view["removed"][seat] or ():
        out[48 + _CARD[card]] = 1
    for i, slot in enumerate(view["queue"][:QUEUE_SLOTS]):
        base = 58 + 20 * i
        top = slot["cards"][-1]
        out[base] = 1
        out[base + 1 + rel(slot["owner"], seat, players)] = 1
        out[base + 6] = len(slot["cards"])
        out[base + 7] = top["up"]
        out[base + 8 + (10 if top["card"] is None else _CARD[top["card"]])] = 1
        out[base + 19] = top["tokens"]
    for other, pile in enumerate(view["out"]):
        for card in pile:
            out[658 + 10 * rel(other, seat, players) + _CARD[card["card"]]] = 1

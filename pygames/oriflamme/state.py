"""Oriflamme positions and the rules of ``docs/rules/oriflamme.md`` (sections 2-7).

A ``State`` is immutable from the outside: ``play`` returns a new one.  Inside, a
child state is built by copying the parent's small lists and then mutated by the
private rule methods (the round flow and the abilities); a published state is never
mutated again.

Seats 0..N-1 sit clockwise ("to the left" = next seat).  The queue is stored in
resolution order: slot 0 is resolved first (the page draws it at the left end).
A slot is a tuple ``(owner, bottom card, ..., top card)``; a card is an int (see
``pygames.oriflamme.cards``): its type (or ``UNKNOWN``), the face-up bit and its
tokens.

Who decides (``to_move``):

* placement: the seats in turn from the round's first player;
* a visited face-down card: its owner (``reveal`` or ``keep``);
* an ability's choice (``target``, ``steal``, ``copy``, the Decree's ``target`` and
  ``gap``/``on``): the owner of the acting card;
* a face-down card that is eliminated: its owner, who ``show``s it (the only device
  that knows it); what follows (an Ambush striking back) depends on what is shown.

An ability with one legal choice is still a decision with one legal move (the page
plays a lone move by itself); an ability with no legal choice does nothing and asks
nothing (a Lord, an Heir, a Conspiracy or an Ambush never asks).  Everything between
two decisions (face-up cards acting on their own, discards, uncovered cards, the end
of a round) happens inside ``play``; the log records it.

Hidden information: a position may hold cards of unknown type (another seat's
hand, removed cards and face-down cards as seen on one player's device): hands and
removed piles of ``HIDDEN``, queue cards of type ``UNKNOWN``.  Such a position
(``from_view``) plays on: the seat's own moves as usual, another seat's
placement as ``place ? ...``, and a reveal or show of an unknown card names the
card (``reveal Lord``, ``show Ambush``) among the types that seat may still hold.

The rules are split by concern: ``rules`` (numbers, options, codes), ``legal``
(move generation), ``flow`` (placement, the resolution cursor, the end of a
round), ``abilities`` (what each card does), ``scoring`` (the end of the game) and
``start`` (the deal, ``new_game``); ``State`` here joins them (the mixins
``RoundFlow``, ``Abilities`` and ``Generation``) with the protocol and the facts
other modules read (``hand_count``, ``possible_types``, ``decision``...).

Positions are built here, by ``make_state``: from text (``from_text``: ``text`` reads the
fields, ``text.check`` judges them) and from a seat's view (``from_view``: ``view`` reads the
fields).  The text and view modules never import this one: they read and write fields.
"""

from __future__ import annotations

from typing import Any

from pygames.core.outcome import Outcome
from pygames.core.position import TextPosition
from pygames.oriflamme import scoring
from pygames.oriflamme.abilities import Abilities
from pygames.oriflamme.cards import FAMILY, HAND_TYPES, UNKNOWN
from pygames.oriflamme.flow import RoundFlow
from pygames.oriflamme.legal import Generation
from pygames.oriflamme.moves import PLACE, REVEAL, REVEAL_AS, Move, parse
from pygames.oriflamme.rules import (
    DECISIONS,
    E_ROUND,
    HAND_SIZE,
    HIDDEN,
    O_TIE_COVERED,
    OPTION_BITS,
    OVER,
    P_NONE,
    P_REVEAL,
    P_SHOW,
    PLACING,
    RESOLVING,
    START_INFLUENCE,
)
from pygames.oriflamme.text import check, read_text, to_text
from pygames.oriflamme.view import read_view, state_view

_new = object.__new__


class State(RoundFlow, Abilities, Generation, TextPosition):
    """An Oriflamme position (see the module docstring).  Attributes are read-only.

    ``players``; ``options`` (int of option bits; ``option(name)`` reads one);
    ``start`` (first player of round 1); ``round`` (1..6); ``phase`` (PLACING,
    RESOLVING, OVER); ``placed`` (cards placed this round); ``cursor`` (slot being
    visited); ``pending`` and ``parg`` (the decision awaited and its argument);
    ``pools``; ``hands`` and ``removed`` (bit masks of types, or HIDDEN);
    ``queue`` (slots); ``out`` (per seat: pile entries); ``outcome``.
    """

    GAME = "oriflamme"
    __slots__ = (
        "players",
        "options",
        "start",
        "round",
        "phase",
        "placed",
        "cursor",
        "pending",
        "parg",
        "pools",
        "hands",
        "removed",
        "queue",
        "out",
        "log",
        "prevlog",
        "outcome",
        "_legal",
    )

    players: int
    options: int
    start: int
    round: int
    phase: int
    placed: int
    cursor: int
    pending: int
    parg: int
    pools: list[int]
    hands: tuple[int, ...]
    removed: tuple[int, ...]
    queue: list[tuple[int, ...]]
    out: tuple[tuple[int, ...], ...]
    outcome: Outcome | None

    # --- the protocol -------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        phase = self.phase
        if phase == PLACING:
            return (self.start + self.round - 1 + self.placed) % self.players
        if phase == OVER:
            return None
        if self.pending == P_SHOW:
            return self.queue[self.parg][0]
        return self.queue[self.cursor][0]

    @property
    def first_player(self) -> int:
        """The first player of the current round (the tile passes left each round)."""
        return (self.start + self.round - 1) % self.players

    def option(self, name: str) -> bool:
        return bool(self.options & OPTION_BITS[name][0])

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves, in this fixed order:

        * placement: by card type (Ambush, Archer, ..., Spy: alphabetical), and for
          each card ``left``, ``right``, then ``on N`` for the mover's slots in
          queue order (only ``left`` on an empty queue; ``place ? ...`` for a hand
          the position does not know);
        * a visited face-down card: ``reveal``, ``keep`` (for a card of unknown
          type: ``reveal <Type>`` for each possible type, then ``keep``);
        * ``target N``: ascending slot; Decree destinations: ``gap K`` ascending, then
          (option ``decree_may_stack``) ``on N`` ascending;
        * ``steal pK``: ascending seat; ``copy T`` and ``show T``: by type.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal

    def play(self, move: Move | str) -> "State":
        """The position after ``move``; raises IllegalMove (a ValueError) if it is not legal."""
        if type(move) is not Move:
            move = parse(str(move))
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        if move not in legal:
            move = self._alias(move, legal)
        s = self._child()
        s._do(move)
        return s

    def public_notation(self, move: Move | str) -> str:
        """What the other seats may learn of ``move`` (a legal move of this position): a
        placement hides its card (``place ? left``), a reveal names its card (``reveal Lord``);
        other moves are public as they are.  Played on another seat's ``from_view`` position,
        the public form has the same effect there."""
        if type(move) is not Move:
            move = parse(str(move))
        if move.kind == PLACE:
            return str(move.with_card(UNKNOWN))
        if move.kind == REVEAL and move.a < 0 and self.phase == RESOLVING:
            t = self.queue[self.cursor][-1] & 15
            if t != UNKNOWN:
                return str(REVEAL_AS[t])
        return str(move)

    def _play_legal(self, move: Move) -> "State":
        """Apply a move known to be in ``legal_moves()`` (the fast path for search)."""
        child = self._child()
        child._do(move)
        return child

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Everything ``seat`` may know (None: a spectator), JSON-safe: see ``pygames.oriflamme.view``."""
        return state_view(self, seat)

    def to_text(self) -> str:
        """The position text (see ``pygames.oriflamme.text``); ``from_text`` reads it back."""
        return to_text(self)

    # --- derived facts ---------------------------------------------------------------

    def hand_count(self, seat: int) -> int:
        """Cards in ``seat``'s hand (known even when the hand itself is hidden)."""
        done = self.round - 1
        if self.phase != PLACING or (seat - self.first_player) % self.players < self.placed:
            done += 1
        return HAND_SIZE - done

    def queue_cards(self, seat: int, covered: bool | None = None) -> int:
        """``seat``'s cards in the queue: all of them, or top cards only (the tie-break count)."""
        if covered is None:
            covered = bool(self.options & O_TIE_COVERED)
        if covered:
            return sum(len(slot) - 1 for slot in self.queue if slot[0] == seat)
        return sum(1 for slot in self.queue if slot[0] == seat)

    def known_types(self, seat: int) -> int:
        """Mask of ``seat``'s card types this position knows the place of."""
        mask = 0
        if self.hands[seat] != HIDDEN:
            mask |= self.hands[seat]
        if self.removed[seat] != HIDDEN:
            mask |= self.removed[seat]
        for slot in self.queue:
            if slot[0] == seat:
                for card in slot[1:]:
                    if card & 15 != UNKNOWN:
                        mask |= 1 << (card & 15)
        for entry in self.out[seat]:
            mask |= 1 << (entry & 15)
        return mask

    def possible_types(self, seat: int) -> tuple[int, ...]:
        """Types one of ``seat``'s unknown cards may be (those not known to be elsewhere)."""
        return HAND_TYPES[FAMILY & ~self.known_types(seat)]

    def hand(self, seat: int) -> tuple[int, ...] | None:
        """The card types in ``seat``'s hand, ascending; None when this position does not know
        them (another seat's hand on one player's device, ``from_deal`` with None)."""
        hand = self.hands[seat]
        return None if hand == HIDDEN else HAND_TYPES[hand]

    @property
    def decision(self) -> str | None:
        """What the seat to move decides (``rules.DECISIONS``): ``place``, ``reveal`` (or keep),
        ``target``, ``steal``, ``copy``, ``decree`` (the card to move), ``destination`` or
        ``show``; None when the game is over."""
        phase = self.phase
        if phase == OVER:
            return None
        return DECISIONS[0] if phase == PLACING else DECISIONS[self.pending]

    @property
    def secret_decision(self) -> bool:
        """Whether the decision belongs to the owner of a secret: a placement (a card of its
        hand), the reveal of its visited face-down card or the show of its eliminated one.  Only
        the owner's device knows the card, so another device's position lists guesses
        (``place ? left``, ``reveal Lord``, ``show Spy``) and must wait for the owner's move even
        when it lists one."""
        phase = self.phase
        return phase == PLACING or (phase == RESOLVING and self.pending in (P_REVEAL, P_SHOW))

    # --- a child to apply a move to (the mixins change it in place) ----------------------

    def _child(self) -> "State":
        s = _new(State)
        s.players = self.players
        s.options = self.options
        s.start = self.start
        s.round = self.round
        s.phase = self.phase
        s.placed = self.placed
        s.cursor = self.cursor
        s.pending = self.pending
        s.parg = self.parg
        s.pools = self.pools[:]
        s.hands = self.hands
        s.removed = self.removed
        s.queue = self.queue[:]
        s.out = self.out
        s.log = self.log
        s.prevlog = self.prevlog
        s.outcome = None
        s._legal = None
        return s


def make_state(
    players: int,
    options: int,
    start: int,
    hands: tuple[int, ...],
    removed: tuple[int, ...],
    *,
    round: int = 1,
    phase: int = PLACING,
    placed: int = 0,
    cursor: int = 0,
    pending: int = P_NONE,
    parg: int = 0,
    pools: list[int] | None = None,
    queue: list[tuple[int, ...]] | None = None,
    out: tuple[tuple[int, ...], ...] | None = None,
) -> State:
    """A State from its fields as they are (no checks: ``text.check`` judges one; ``from_text``
    checks).  What ``text.read_text`` and ``view.read_view`` return are its keyword arguments."""
    s = State.__new__(State)
    s.players = players
    s.options = options
    s.start = start
    s.round = round
    s.phase = phase
    s.placed = placed
    s.cursor = cursor
    s.pending = pending
    s.parg = parg
    s.pools = list(pools) if pools is not None else [START_INFLUENCE] * players
    s.hands = tuple(hands)
    s.removed = tuple(removed)
    s.queue = list(queue) if queue is not None else []
    s.out = tuple(out) if out is not None else ((),) * players
    s.log = ((E_ROUND, round, (start + round - 1) % players), None) if phase == PLACING and placed == 0 else None
    s.prevlog = None
    s.outcome = scoring.outcome(s) if phase == OVER else None
    s._legal = None
    return s


def from_text(text: str) -> State:
    """The position written by ``State.to_text``; BadPosition if it is not an Oriflamme position."""
    state = make_state(**read_text(text))
    check(state)
    return state


def from_view(view: dict[str, Any]) -> State:
    """The position as ``view``'s seat knows it (``view.read_view``): other seats' secrets become
    unknown cards.  BadPosition for a damaged view; a fault in building the position raises as itself.

    The seat's own legal moves on it are the ones ``view["legal"]`` lists; other seats'
    decisions play on with ``place ? ...``, ``reveal <Type>`` and ``show <Type>``."""
    return make_state(**read_view(view))


def resolve_from(state: State, cursor: int) -> State:
    """``state`` in its resolution phase, about to visit slot ``cursor`` (0-based), advanced to
    the first decision (for tests and analysis: e.g. the worked examples of docs/rules/oriflamme.md, whose
    "before" positions are the start of a visit, which no resting position is)."""
    s = state._child()
    s.phase = RESOLVING
    s.placed = 0
    s.cursor = cursor
    s.pending = P_NONE
    s._advance()
    return s

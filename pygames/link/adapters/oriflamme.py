"""Oriflamme in link play, sealed: each hand is dealt from its seat's own key, so other devices
hold it as unknown cards and see ``place ? left``; placements travel as card commitments, each
reveal opens one, and the audit replays the game with every hand once the keys are in."""

from __future__ import annotations

from typing import Any

from pygames.core.errors import IllegalMove
from pygames.core.rng import Rng, derive_seed
from pygames.link.commit import card_commitment, card_nonce, hand_seed
from pygames.link.errors import BadLink
from pygames.link.games import Game, Problem
from pygames.link.names import shown_names
from pygames.link.wire import Header, Move


def seat_deal(key: bytes, seed: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One seat's Oriflamme deal (hand, removed: card types) from its key and the shared seed:
    ``pygames.oriflamme.deal`` with the seat's own generator."""
    from pygames.oriflamme import deal

    return deal(Rng(hand_seed(key, seed)))


def _opened(move: Any, hand: tuple[int, ...], key: bytes, number: int, commitment: bytes | None) -> str | None:
    """The placement ``move`` (``place ? ...``) with the card of ``hand`` that ``commitment``
    opens to under ``key``'s nonce for placement ``number``; None if no card of the hand does."""
    nonce = card_nonce(key, number)
    for card in hand:
        if card_commitment(card, number, nonce) == commitment:
            return str(move.with_card(card))
    return None


class OriflammeGame(Game):
    """Oriflamme: hands dealt from each seat's key; placements travel as commitments."""

    GAME = "oriflamme"
    LINK_LEVEL = "sealed"
    has_secrets = True
    keeps_hidden = True
    #: Standing order kinds.
    KEEP_HIDDEN = 0

    def __init__(self, header: Header, seed: int, keys: dict[int, bytes]) -> None:
        super().__init__(header, seed, keys)
        n = header.players
        hands: list[tuple[int, ...] | None] = [None] * n
        removed = hands[:]
        for seat, key in keys.items():
            hands[seat], removed[seat] = seat_deal(key, seed)
        self.private = self._dealt(hands, removed)
        #: Every placement so far, by number: (seat, card commitment).
        self.placed: list[tuple[int, bytes]] = []
        #: The placements this device can open (its own seats'): number -> card type.
        self.cards: dict[int, int] = {}
        #: Placements whose card a reveal or a show has opened.
        self.opened: set[int] = set()
        #: seat -> the round in which its standing order "keep my cards hidden" holds.
        self.orders: dict[int, int] = {}

    def start(self, header: Header, seed: int) -> Any:
        """The public position: nobody's cards known."""
        unknown = [None] * header.players
        return self._dealt(unknown, unknown)

    @property
    def first_player(self) -> int:
        """Round 1's first player, drawn from the shared seed: no seat can choose it, but the
        creator's device can compute it before the start (``pygames.link.commit``)."""
        return Rng(derive_seed("first", self.seed)).below(self.header.players)

    def _dealt(self, hands: list, removed: list) -> Any:
        """The first position with these hands and removed cards (None: not known here)."""
        return self.module().from_deal(self.first_player, hands, removed, **self.options_dict(self.header.options))

    def order(self, seat: int, kind: int) -> bool:
        if kind != self.KEEP_HIDDEN or not 0 <= seat < self.header.players:
            return False
        self.orders[seat] = self.public.round
        return True

    def ordered(self, seat: int) -> bool:
        return self.orders.get(seat) == self.public.round

    def may_order(self, seat: int) -> bool:
        s = self.public
        return seat == s.to_move and s.decision == "place" and not self.ordered(seat)

    def forced(self) -> int | None:
        """A standing order answers its seat's reveals with ``keep``; otherwise ``forced_move`` of
        the public position, except for a decision on a secret (``State.secret_decision``: a
        placement, a reveal, a show): the public position lists guesses there, and only the
        owner's device knows whether its move is lone, so that device plays it (``my_forced``
        in ``Table.settle``) and the link carries it like any other move."""
        s = self.public
        if s.decision == "reveal" and self.ordered(s.to_move):
            return s.legal_moves().index(self.module().parse("keep"))
        if s.secret_decision:
            return None
        return super().forced()

    def play(self, event: Move) -> str:
        legal = self.public.legal_moves()
        if event.index >= len(legal):
            raise BadLink("link.error.illegal_move")
        move = legal[event.index]
        seat = self.public.to_move
        placing = self.public.decision == "place"
        if placing != (event.commitment is not None) or self._names_secret(move) != (event.opening is not None):
            raise BadLink("link.error.illegal_move")
        text = private_text = str(move)
        if placing:
            number = len(self.placed)
            self.placed.append((seat, event.commitment))
            key = self.keys.get(seat)
            hand = self.private.hand(seat)
            if key is not None and hand is not None:
                private_text = _opened(move, hand, key, number, event.commitment)
                if private_text is None:
                    raise self._forged(seat)
                self.cards[number] = self.module().parse(private_text).card
        elif event.opening is not None:
            self._open(seat, move.card, *event.opening)
        self.public = self.public.play(text)
        try:
            self.private = self.private.play(private_text)
        except IllegalMove:
            raise self._forged(seat) from None
        return text

    def _forged(self, seat: int) -> BadLink:
        """This device holds ``seat``: a placement or reveal of it that its cards do not allow
        was not made by it."""
        return BadLink("link.error.forged_move", name=shown_names(self.header.names)[seat])

    def _names_secret(self, move: Any) -> bool:
        """Whether public ``move`` names a face-down card (a reveal or a show by its owner)."""
        s = self.public
        return s.secret_decision and s.decision != "place" and move.card is not None

    def _open(self, seat: int, card: int, number: int, nonce: bytes) -> None:
        """Check a reveal against its placement's commitment at once (BadLink if it does not
        open there: a lie, or a link someone changed)."""
        if (
            number >= len(self.placed)
            or number in self.opened
            or self.placed[number][0] != seat
            or card_commitment(card, number, nonce) != self.placed[number][1]
        ):
            raise BadLink("link.error.false_reveal")
        self.opened.add(number)

    def private_position(self) -> Any:
        return self.private

    def encode(self, text: str) -> Move:
        move = self.module().parse(str(text))
        mine = self.private.legal_moves()
        if move not in mine:
            self.private.play(move)  # raises the IllegalMove a player reads (or accepts an alias)
            move = next(m for m in mine if self.private.play(m).to_text() == self.private.play(move).to_text())
        public = self.private.public_notation(move)
        legal = [str(m) for m in self.public.legal_moves()]
        index = legal.index(public)
        seat = self.private.to_move
        if self.private.decision == "place":
            number = len(self.placed)
            return Move(index, card_commitment(move.card, number, card_nonce(self.keys[seat], number)))
        named = self.module().parse(public)
        if self._names_secret(named):
            # a seat holds one card of each type: its unopened placement of that card
            mine = (n for n, c in self.cards.items() if c == named.card and self.placed[n][0] == seat)
            number = next(n for n in mine if n not in self.opened)
            return Move(index, None, (number, card_nonce(self.keys[seat], number)))
        return Move(index)

    def audit(self, history: list[tuple[int | None, str, Move]], keys: dict[int, bytes]) -> None:
        """Replay the whole game with every hand: each placement must open to a card of the
        placer's dealt hand, and every reveal and show must name the card that was there."""
        full = self.final_position(history, keys)
        if full.pools != self.public.pools or full.outcome is None:
            raise Problem(0, "link.audit.claim", move="")

    def final_position(self, history: list[tuple[int | None, str, Move]], keys: dict[int, bytes]) -> Any:
        parse = self.module().parse
        deals = [seat_deal(keys[seat], self.seed) for seat in range(self.header.players)]
        full = self._dealt([d[0] for d in deals], [d[1] for d in deals])
        number = 0
        for seat, text, event in history:
            if full.decision == "place":
                text = _opened(parse(text), full.hand(seat), keys[seat], number, event.commitment)
                number += 1
                if text is None:
                    raise Problem(seat, "link.audit.placement", number=number)
            try:
                full = full.play(text)
            except IllegalMove:
                raise Problem(full.to_move if seat is None else seat, "link.audit.claim", move=text) from None
        return full

    def open_steps(
        self, history: list[tuple[int | None, str, Move | None]], keys: dict[int, bytes]
    ) -> list[tuple[Any, str, Any]]:
        """Every move with every hand: each placement opened to its card (the audit verified them)."""
        parse = self.module().parse
        deals = [seat_deal(keys[seat], self.seed) for seat in range(self.header.players)]
        full = self._dealt([d[0] for d in deals], [d[1] for d in deals])
        steps, number = [], 0
        for seat, text, event in history:
            if full.decision == "place" and event is not None:
                text = _opened(parse(text), full.hand(seat), keys[seat], number, event.commitment) or text
                number += 1
            after = full.play(text)
            steps.append((full, text, after))
            full = after
        return steps

    def final_view(self, history: list, keys: dict[int, bytes]) -> dict | None:
        return self.final_position(history, keys).view(None)

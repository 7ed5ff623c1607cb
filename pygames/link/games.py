"""Each game as link play sees it: a public position every device computes alike,
and this device's private position (its own secrets filled in).

Moves travel as their index in the *public* position's legal moves, so every
device decodes them the same way.  Okiya and Turncoats have no secret the link
must keep from the engine (Turncoats is the friendly level of LINK-PLAY.md: the
hands follow from the shared seed, and only the page hides them), so their
public and private positions are one.  Oriflamme deals each hand from the seat's
own key: other devices hold it as unknown cards and see ``place ? left``.
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import IllegalMove, PlayerError
from pygames.core.rng import Rng, derive_seed
from pygames.link.commit import card_commitment, card_nonce, hand_seed
from pygames.link.errors import BadLink
from pygames.link.wire import Header, Move


class Problem(Exception):
    """A seat broke a commitment (found by the audit, or when a value is revealed)."""

    def __init__(self, seat: int, key: str, **params: Any) -> None:
        super().__init__(key)
        self.seat = seat
        self.key = key
        self.params = params


def _options_int(names: list[str], options: dict[str, Any]) -> int:
    bits = 0
    for i, name in enumerate(names):
        if options.get(name):
            bits |= 1 << i
    return bits


class Game:
    """The public/private pair for one link game (subclasses per game)."""

    #: True when every seat must reveal its key at the end for the audit.
    reveals_keys = False
    #: True when a seat may set the standing order "keep my face-down cards hidden this round".
    keeps_hidden = False

    def __init__(self, header: Header, seed: int, keys: dict[int, bytes]) -> None:
        self.header = header
        self.seed = seed
        self.keys = keys
        self.public: Any = None
        self.private: Any = None

    # --- what every device computes ----------------------------------------------------
    @property
    def position(self) -> Any:
        """The current game position of the public record (a match's current game)."""
        return self.public

    def legal(self) -> tuple:
        return self.position.legal_moves()

    def to_move(self) -> int | None:
        return self.position.to_move

    def over(self) -> bool:
        return self.position.outcome is not None

    def forced(self) -> int | None:
        """The index of a public move nobody needs to decide (a lone legal move), or None."""
        legal = self.legal()
        return 0 if len(legal) == 1 else None

    def play(self, event: Move) -> str:
        """Apply a move event to both positions; BadLink if it is not legal here."""
        legal = self.legal()
        if event.index >= len(legal) or event.commitment is not None:
            raise BadLink("link.error.illegal_move")
        text = str(legal[event.index])
        self.public = self._after(self.public, text)
        self.private = self.public
        return text

    def _after(self, position: Any, text: str) -> Any:
        return position.play(text)

    def order(self, seat: int, kind: int) -> bool:
        """Record ``seat``'s standing order ``kind`` for the current round; False when the game
        has no such order (only Oriflamme's "keep my face-down cards hidden this round")."""
        return False

    def ordered(self, seat: int) -> bool:
        """Whether ``seat``'s standing order holds this round."""
        return False

    def public_text(self) -> str:
        """The position text anyone holding the link may read (no seat's secret)."""
        return self.position.to_text()

    # --- this device -----------------------------------------------------------------------
    def my_legal(self) -> tuple:
        """The legal moves in this device's position (the seat to move must be held here)."""
        return self.position.legal_moves()

    def encode(self, text: str) -> Move:
        """The event for this device's move ``text`` (IllegalMove if it is not legal)."""
        from pygames.core.session import canonical

        legal = [str(m) for m in self.legal()]
        return Move(legal.index(canonical(self.position, str(text))[0]))

    def view(self, seat: int | None) -> dict:
        return self.private_position().view(seat)

    def private_position(self) -> Any:
        return self.position

    def audit(self, history: list[tuple[int | None, str, Move]], keys: dict[int, bytes]) -> None:
        """Check every commitment against revealed keys (raise Problem); nothing to check here."""

    def final_view(self, history: list, keys: dict[int, bytes]) -> dict | None:
        return None

    @classmethod
    def options_int(cls, options: dict[str, Any], format: str) -> int:
        return 0

    @classmethod
    def options_dict(cls, bits: int) -> dict[str, Any]:
        return {}


class OkiyaGame(Game):
    """Okiya: the layout (and each next game's) comes from the shared seed; a match
    moves on to its next game by itself."""

    def __init__(self, header: Header, seed: int, keys: dict[int, bytes]) -> None:
        from pygames.okiya.match import FORMATS, Match

        super().__init__(header, seed, keys)
        self.public = self.private = Match.start(seed, FORMATS[header.options])

    @property
    def position(self) -> Any:
        return self.public.current

    def over(self) -> bool:
        return self.public.over

    def _after(self, match: Any, text: str) -> Any:
        match = match.play(text)
        return match.next_game() if match.can_continue else match

    def view(self, seat: int | None) -> dict:
        return {**self.position.view(seat), "match": self.public.summary()}

    @classmethod
    def options_int(cls, options: dict[str, Any], format: str) -> int:
        from pygames.okiya.match import FORMATS

        if format not in FORMATS:
            raise PlayerError("error.bad_format", format=str(format)[:40])
        return FORMATS.index(format)

    @classmethod
    def options_dict(cls, bits: int) -> dict[str, Any]:
        from pygames.okiya.match import FORMATS

        if bits >= len(FORMATS):  # Okiya's header option is its match format
            raise BadLink("link.error.corrupted")
        return {}


class TurncoatsGame(Game):
    """Turncoats at the friendly level: hands and bag follow from the shared seed."""

    def __init__(self, header: Header, seed: int, keys: dict[int, bytes]) -> None:
        from pygames.turncoats import new_game

        super().__init__(header, seed, keys)
        self.public = self.private = new_game(header.players, seed, **self.options_dict(header.options))

    def public_text(self) -> str:
        """The spectator's position: hands, bag and the draw order stay sealed."""
        from pygames.turncoats import from_view

        return from_view(self.position.view(None)).to_text()

    @classmethod
    def options_int(cls, options: dict[str, Any], format: str) -> int:
        from pygames.turncoats import OPTIONS

        if set(options) - set(OPTIONS) or not all(isinstance(v, bool) for v in options.values()):
            raise PlayerError("error.bad_options")
        return _options_int(list(OPTIONS), {**OPTIONS, **options})

    @classmethod
    def options_dict(cls, bits: int) -> dict[str, Any]:
        from pygames.turncoats import OPTIONS

        names = list(OPTIONS)
        if bits >> len(names):
            raise BadLink("link.error.corrupted")
        return {name: bool(bits >> i & 1) for i, name in enumerate(names)}


def deal(key: bytes, seed: int) -> tuple[int, int]:
    """One seat's Oriflamme deal (hand mask, removed mask) from its key and the shared seed,
    the way ``new_game`` deals one family."""
    from pygames.oriflamme.cards import TYPES
    from pygames.oriflamme.state import REMOVED

    family = list(TYPES)
    Rng(hand_seed(key, seed)).shuffle(family)
    return sum(1 << t for t in family[REMOVED:]), sum(1 << t for t in family[:REMOVED])


def _opened(move: Any, hand: int, key: bytes, number: int, commitment: bytes | None) -> str | None:
    """The placement ``move`` (``place ? ...``) with the card of ``hand`` that ``commitment``
    opens to under ``key``'s nonce for placement ``number``; None if no card of the hand does."""
    from pygames.oriflamme.moves import LEFT, PLACE_LEFT, PLACE_ON, PLACE_RIGHT, RIGHT

    nonce = card_nonce(key, number)
    for t in range(10):
        if hand >> t & 1 and card_commitment(t, number, nonce) == commitment:
            return str(PLACE_LEFT[t] if move.b == LEFT else PLACE_RIGHT[t] if move.b == RIGHT else PLACE_ON[t][move.b])
    return None


class OriflammeGame(Game):
    """Oriflamme: hands dealt from each seat's key; placements travel as commitments."""

    reveals_keys = True
    keeps_hidden = True
    #: Standing order kinds.
    KEEP_HIDDEN = 0

    def __init__(self, header: Header, seed: int, keys: dict[int, bytes]) -> None:
        from pygames.oriflamme.state import HIDDEN, make_state

        super().__init__(header, seed, keys)
        n = header.players
        self.bits = self._engine_bits(header.options)
        self.start = Rng(derive_seed("first", seed)).below(n)
        hidden = (HIDDEN,) * n
        self.public = make_state(n, self.bits, self.start, hidden, hidden)
        hands, removed = list(hidden), list(hidden)
        for seat, key in keys.items():
            hands[seat], removed[seat] = deal(key, seed)
        self.private = make_state(n, self.bits, self.start, tuple(hands), tuple(removed))
        self.placements = 0
        #: seat -> the round in which its standing order "keep my cards hidden" holds.
        self.orders: dict[int, int] = {}

    @staticmethod
    def _engine_bits(bits: int) -> int:
        from pygames.oriflamme.state import OPTION_BITS, options_bits

        names = list(OPTION_BITS)
        return options_bits({name: bool(bits >> i & 1) for i, name in enumerate(names)})

    def order(self, seat: int, kind: int) -> bool:
        if kind != self.KEEP_HIDDEN or not 0 <= seat < self.header.players:
            return False
        self.orders[seat] = self.public.round
        return True

    def ordered(self, seat: int) -> bool:
        return self.orders.get(seat) == self.public.round

    def forced(self) -> int | None:
        from pygames.oriflamme.moves import KEEP_MOVE, PLACE, REVEAL, SHOW
        from pygames.oriflamme.state import P_REVEAL, RESOLVING

        s = self.public
        legal = s.legal_moves()
        if not legal:
            return None
        if s.phase == RESOLVING and s.pending == P_REVEAL and self.ordered(s.to_move):
            return legal.index(KEEP_MOVE)
        if len(legal) == 1 and legal[0].kind not in (PLACE, REVEAL, SHOW):
            return 0
        return None

    def play(self, event: Move) -> str:
        from pygames.oriflamme.moves import PLACE
        from pygames.oriflamme.state import HIDDEN

        legal = self.public.legal_moves()
        if event.index >= len(legal):
            raise BadLink("link.error.illegal_move")
        move = legal[event.index]
        seat = self.public.to_move
        placing = move.kind == PLACE
        if placing != (event.commitment is not None):
            raise BadLink("link.error.illegal_move")
        text = private_text = str(move)
        if placing:
            number = self.placements
            self.placements += 1
            key = self.keys.get(seat)
            if key is not None and self.private.hands[seat] != HIDDEN:
                private_text = _opened(move, self.private.hands[seat], key, number, event.commitment)
                if private_text is None:
                    raise BadLink("link.error.not_your_card")
        self.public = self.public.play(text)
        try:
            self.private = self.private.play(private_text)
        except IllegalMove:
            raise BadLink("link.error.not_your_card") from None
        return text

    def my_legal(self) -> tuple:
        return self.private.legal_moves()

    def private_position(self) -> Any:
        return self.private

    def encode(self, text: str) -> Move:
        from pygames.oriflamme.moves import PLACE, parse

        move = parse(str(text))
        mine = self.private.legal_moves()
        if move not in mine:
            self.private.play(move)  # raises the IllegalMove a player reads (or accepts an alias)
            move = next(m for m in mine if self.private.play(m).to_text() == self.private.play(move).to_text())
        public = self.private.public_notation(move)
        legal = [str(m) for m in self.public.legal_moves()]
        commitment = None
        if move.kind == PLACE:
            seat = self.private.to_move
            number = self.placements
            commitment = card_commitment(move.a, number, card_nonce(self.keys[seat], number))
        return Move(legal.index(public), commitment)

    def audit(self, history: list[tuple[int | None, str, Move]], keys: dict[int, bytes]) -> None:
        """Replay the whole game with every hand: each placement must open to a card of the
        placer's dealt hand, and every reveal and show must name the card that was there."""
        full = self.final_position(history, keys)
        if full.pools != self.public.pools or full.outcome is None:
            raise Problem(0, "link.audit.claim", move="")

    def final_position(self, history: list[tuple[int | None, str, Move]], keys: dict[int, bytes]) -> Any:
        from pygames.oriflamme.moves import PLACE, parse
        from pygames.oriflamme.state import make_state

        n = self.header.players
        deals = [deal(keys[seat], self.seed) for seat in range(n)]
        full = make_state(n, self.bits, self.start, tuple(d[0] for d in deals), tuple(d[1] for d in deals))
        number = 0
        for seat, text, event in history:
            move = parse(text)
            if move.kind == PLACE:
                text = _opened(move, full.hands[seat], keys[seat], number, event.commitment)
                number += 1
                if text is None:
                    raise Problem(seat, "link.audit.placement", number=number)
            try:
                full = full.play(text)
            except IllegalMove:
                raise Problem(full.to_move if seat is None else seat, "link.audit.claim", move=text) from None
        return full

    def final_view(self, history: list, keys: dict[int, bytes]) -> dict | None:
        return self.final_position(history, keys).view(None)

    @classmethod
    def options_int(cls, options: dict[str, Any], format: str) -> int:
        from pygames.oriflamme.state import OPTION_BITS, OPTIONS

        unknown = set(options) - set(OPTIONS)
        if unknown or not all(isinstance(v, bool) for v in options.values()):
            raise PlayerError("error.bad_options")
        return _options_int(list(OPTION_BITS), {**OPTIONS, **options})

    @classmethod
    def options_dict(cls, bits: int) -> dict[str, Any]:
        from pygames.oriflamme.state import OPTION_BITS

        if bits >> len(OPTION_BITS):
            raise BadLink("link.error.corrupted")
        return {name: bool(bits >> i & 1) for i, name in enumerate(OPTION_BITS)}


GAME_CLASSES: dict[str, type[Game]] = {"okiya": OkiyaGame, "oriflamme": OriflammeGame, "turncoats": TurncoatsGame}

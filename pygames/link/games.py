"""Each game as link play sees it: a public position every device computes alike,
and this device's private position (its own secrets filled in).

Moves travel as their index in the *public* position's legal moves, so every
device decodes them the same way.  One adapter class per game, found by its
``GAME`` attribute (``adapter``); a game of ``pygames.GAMES`` without one is played
by the generic ``Game`` (``new_game`` from the shared seed, its ``OPTIONS`` in the
header), or ``MatchGame`` when it has match formats (Okiya), so a new game edits nothing
here unless it needs more.  Okiya and Turncoats
have no secret the link must keep from the engine (Turncoats is played at the friendly
level: the hands follow from the shared seed, and only the page hides them),
so their public and private positions are one.  Oriflamme deals each hand from the
seat's own key: other devices hold it as unknown cards and see ``place ? left``.
The adapters call only what the game modules export.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from pygames import GAMES
from pygames.core.errors import IllegalMove, PlayerError
from pygames.core.rng import Rng, derive_seed
from pygames.core.session import forced_move
from pygames.link.commit import card_commitment, card_nonce, hand_seed
from pygames.link.errors import BadLink
from pygames.link.names import shown_names
from pygames.link.wire import Header, Move


class Problem(Exception):
    """What the audit found about a seat: a commitment it broke, proven by its own key
    (``proven``), or events in its name that it did not make (not ``proven``: not its fault)."""

    def __init__(self, seat: int, key: str, proven: bool = True, **params: Any) -> None:
        super().__init__(key)
        self.seat = seat
        self.key = key
        self.proven = proven
        self.params = params


class Game:
    """The public/private pair for one link game: the generic adapter, and the base of a
    game's own (a subclass with ``GAME`` set registers itself for that game)."""

    #: The game id in ``pygames.GAMES`` this adapter plays.
    GAME = ""
    #: Link play's level, when the adapter states it: "sealed" (no device can learn another
    #: seat's secret from the link) or "friendly" (secrets travel sealed in the link, a decoder
    #: could peek).  Unstated, it follows from the game's ``SECRETS``: see ``link_level``.
    LINK_LEVEL: str | None = None
    #: True when seats hold secrets the keys open (the final view and replay come from the keys).
    has_secrets = False
    #: True when a seat may set the standing order "keep my face-down cards hidden this round".
    keeps_hidden = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.GAME:
            _ADAPTERS[cls.GAME] = cls

    def __init__(self, header: Header, seed: int, keys: dict[int, bytes]) -> None:
        self.header = header
        self.seed = seed
        self.keys = keys
        self.public: Any = self.start(header, seed)
        self.private: Any = self.public

    def start(self, header: Header, seed: int) -> Any:
        """The first public position: the game's ``new_game`` from the shared seed."""
        return self.module().new_game(header.players, seed, **self.options_dict(header.options))

    @classmethod
    def module(cls) -> ModuleType:
        return GAMES[cls.GAME]

    @classmethod
    def link_level(cls) -> str:
        """Link play's level: the adapter's ``LINK_LEVEL`` if stated; else "sealed" for a game
        without secrets (there is nothing to peek at) and "friendly" for one with them (the
        generic adapter plays them from the shared seed, which every device knows)."""
        return cls.LINK_LEVEL or ("friendly" if cls.module().SECRETS else "sealed")

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
        """The index of the public move nobody needs to decide (``forced_move``: a lone legal
        move), or None."""
        move = forced_move(self.position)
        return None if move is None else self.legal().index(move)

    def play(self, event: Move) -> str:
        """Apply a move event to both positions; BadLink if it is not legal here."""
        legal = self.legal()
        if event.index >= len(legal) or event.commitment is not None or event.opening is not None:
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
        return self.private_position().legal_moves()

    def my_forced(self) -> Any:
        """The move this device plays by itself for the seat to move (``forced_move`` of its own
        position), or None.  It also covers the lone moves ``forced`` leaves to the owner of a
        secret (an Oriflamme player's last card), which only this device can see are lone."""
        return forced_move(self.private_position())

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

    def final_view(self, history: list, keys: dict[int, bytes]) -> dict:
        """The finished game as everybody may see it once every key is in."""
        return self.view(None)

    # --- the header's option bits ------------------------------------------------------------
    @classmethod
    def options_int(cls, options: dict[str, Any], format: str) -> int:
        """The header's option bits for the game's named rule options (its ``OPTIONS``, in order);
        ``format`` matters only to a game with match formats."""
        defaults = getattr(cls.module(), "OPTIONS", {})
        if set(options) - set(defaults) or not all(isinstance(v, bool) for v in options.values()):
            raise PlayerError("error.bad_options")
        chosen = {**defaults, **options}
        return sum(1 << i for i, name in enumerate(defaults) if chosen[name])

    @classmethod
    def options_dict(cls, bits: int) -> dict[str, Any]:
        """The named rule options of the header's option bits; BadLink for bits the game lacks."""
        names = list(getattr(cls.module(), "OPTIONS", {}))
        if bits >> len(names):
            raise BadLink("link.error.corrupted")
        return {name: bool(bits >> i & 1) for i, name in enumerate(names)}

    @classmethod
    def format_name(cls, bits: int) -> str:
        """The match format the header's option bits say (only Okiya has formats)."""
        return "single"


_ADAPTERS: dict[str, type[Game]] = {}


class MatchGame(Game):
    """A game with match formats (``FORMATS`` beyond "single"; Okiya): the module's
    ``start_match`` from the shared seed, each next game's layout from it too; the match
    moves on to its next game by itself.  The header's option bits are the format's index."""

    def start(self, header: Header, seed: int) -> Any:
        return self.module().start_match(header.players, seed, self.format_name(header.options))

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
        formats = cls.module().FORMATS
        if options or format not in formats:
            raise PlayerError("error.bad_options" if options else "error.bad_format", format=str(format)[:40])
        return formats.index(format)

    @classmethod
    def options_dict(cls, bits: int) -> dict[str, Any]:
        cls.format_name(bits)  # the header's option bits are the match format
        return {}

    @classmethod
    def format_name(cls, bits: int) -> str:
        formats = cls.module().FORMATS
        if bits >= len(formats):
            raise BadLink("link.error.corrupted")
        return formats[bits]


class TurncoatsGame(Game):
    """Turncoats at the friendly level: hands and bag follow from the shared seed."""

    GAME = "turncoats"

    def public_text(self) -> str:
        """The spectator's position: hands, bag and the draw order stay sealed."""
        return self.module().from_view(self.position.view(None)).to_text()


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
        """Round 1's first player, drawn from the shared seed (no seat can steer it)."""
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

    def final_view(self, history: list, keys: dict[int, bytes]) -> dict | None:
        return self.final_position(history, keys).view(None)


def adapter(game: str) -> type[Game]:
    """The link adapter of ``game`` (a ``pygames.GAMES`` id): its own class, or a generic one
    bound to it (``MatchGame`` for a game with match formats, else ``Game``); BadLink
    (``link.error.unknown_game``) for a game that is not in ``GAMES``."""
    if not isinstance(game, str) or game not in GAMES:
        raise BadLink("link.error.unknown_game")
    own = _ADAPTERS.get(game)
    if own is None:
        base = MatchGame if len(GAMES[game].FORMATS) > 1 else Game
        own = _ADAPTERS[game] = type(f"{game.title()}Game", (base,), {"GAME": game, "__doc__": base.__doc__})
    return own

"""Each game as link play sees it: a public position every device computes alike,
and this device's private position (its own secrets filled in).

Moves travel as their index in the *public* position's legal moves, so every
device decodes them the same way.  ``adapter(game)`` gives a game's class: its own, in
``pygames.link.adapters.<game>`` (Oriflamme, Turncoats), or the generic ``Game``
(``new_game`` from the shared seed, its ``OPTIONS`` in the header) or ``MatchGame`` (a game
with match formats: Okiya), so a new game edits nothing here.  The adapters call only what
the game modules export.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import Any

from pygames import GAMES
from pygames.core.errors import PlayerError
from pygames.core.session import forced_move
from pygames.link.errors import BadLink
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

    def may_order(self, seat: int) -> bool:
        """Whether ``seat`` may write its standing order now: only where the page writes one
        (Oriflamme: the seat to move, at its placement, once a round; the placement follows
        in the same link).  False for a game without standing orders."""
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

    # --- the replay ----------------------------------------------------------------------------
    def public_steps(self, history: list[tuple[int | None, str, Move | None]]) -> list[tuple[Any, str, Any]]:
        """Every move of ``history`` as ``(position before, notation, position after)`` in the
        public positions (a match's current game each), for the replay's list of moves."""
        return self._steps(self.start(self.header, self.seed), [text for _, text, _ in history])

    def open_steps(
        self, history: list[tuple[int | None, str, Move | None]], keys: dict[int, bytes]
    ) -> list[tuple[Any, str, Any]]:
        """``public_steps`` with every secret known, once every key is in and the audit verified
        them (``keys``: every seat's): the public positions themselves here, for a game whose
        secrets follow from the shared seed (or that has none); a sealed game deals them from
        the keys (Oriflamme)."""
        return self.public_steps(history)

    def _steps(self, position: Any, texts: list[str]) -> list[tuple[Any, str, Any]]:
        steps = []
        for text in texts:
            played = position.play(text)
            steps.append((self._shown(position), text, self._shown(played)))
            position = self._next(played)
        return steps

    def _shown(self, position: Any) -> Any:
        """The game position a replay shows of ``position`` (a match: its current game)."""
        return position

    def _next(self, position: Any) -> Any:
        """``position`` after a move once it settled (a match moves on to its next game)."""
        return position

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
        return self._next(match.play(text))

    def _shown(self, match: Any) -> Any:
        return match.current

    def _next(self, match: Any) -> Any:
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


def adapter(game: str) -> type[Game]:
    """The link adapter of ``game`` (a ``pygames.GAMES`` id): its own class (a subclass of
    ``Game`` in ``pygames.link.adapters.<game>``, imported on first use), or a generic one
    bound to it (``MatchGame`` for a game with match formats, else ``Game``); BadLink
    (``link.error.unknown_game``) for a game that is not in ``GAMES``."""
    if not isinstance(game, str) or game not in GAMES:
        raise BadLink("link.error.unknown_game")
    own = _ADAPTERS.get(game)
    if own is None and find_spec(f"{__package__}.adapters.{game}") is not None:
        import_module(f"{__package__}.adapters.{game}")  # its class registers itself (``GAME``)
        own = _ADAPTERS.get(game)
    if own is None:
        base = MatchGame if len(GAMES[game].FORMATS) > 1 else Game
        own = _ADAPTERS[game] = type(f"{game.title()}Game", (base,), {"GAME": game, "__doc__": base.__doc__})
    return own

"""The one protocol every game follows, written as code so tests (and type checkers) can hold
each game to it: ``tests/engine/test_protocol.py`` checks every game of ``pygames.GAMES``.

A game is a module (``GameModule``) that makes positions (``State``) whose legal moves are
``Move`` objects; the bridge replays a record as a ``Match`` (one game: ``SingleGame``;
a module with match formats offers its own ``start_match``).  Adding a game means one
line in ``pygames.GAMES``, its package, and its bots module ``pygames.bots.<game>``
(``BotsModule``): ``docs/adding-a-game.md`` has the steps.

Everywhere, a parameter named ``seat`` means the viewer: the seat whose knowledge a view
or a result shows (``None``: a spectator, who sees no secret).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol, runtime_checkable


@runtime_checkable
class Move(Protocol):
    """One legal move.  ``str(move)`` is its notation (``State.play`` and the module's
    ``parse`` accept it back); ``to_json()`` is the same move as data for the page,
    ``{"text": str(move), "kind": ..., ...}``, so the page never parses notation."""

    def __str__(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


@runtime_checkable
class State(Protocol):
    """An immutable position.  ``to_move`` is the seat that decides now (None when over);
    ``legal_moves()`` in a fixed, documented order; ``play(move or its notation)`` a new
    state (IllegalMove, a ``PlayerError``, if not legal); ``outcome`` an
    ``pygames.core.outcome.Outcome`` once over; ``view(seat)`` the JSON-safe dict of what
    ``seat`` may know (with a ``"game"`` field); ``to_text()`` the position text that the
    module's ``from_text`` reads back."""

    @property
    def to_move(self) -> int | None: ...

    @property
    def outcome(self) -> Any: ...

    def legal_moves(self) -> tuple[Move, ...]: ...

    def play(self, move: Move | str) -> "State": ...

    def view(self, seat: int | None = None) -> dict[str, Any]: ...

    def to_text(self) -> str: ...


@runtime_checkable
class Match(Protocol):
    """What a record replays to: the games played so far and the current one.

    ``start`` makes one (``SingleGame.start`` / the module's ``start_match``); ``play(text)``
    returns a new match with the move written in canonical notation; ``next_game()`` starts
    the next game of a match (IllegalMove when there is none); ``notation()`` the moves of
    each game; ``summary()`` the JSON-safe match state the page shows (``format``, ``game``,
    ``score``, ``over``, ``winner``, ``can_continue``, ``message``)."""

    game: str
    players: int
    seed: int
    format: str

    @property
    def options(self) -> Mapping[str, Any]: ...

    @property
    def current(self) -> State: ...

    @property
    def games(self) -> tuple[State, ...]: ...

    def play(self, move: str) -> "Match": ...

    def next_game(self) -> "Match": ...

    def notation(self) -> list[list[str]]: ...

    def summary(self) -> dict[str, Any]: ...


@runtime_checkable
class GameModule(Protocol):
    """A game's package (``pygames.GAMES[id]``).

    * ``PLAYER_COUNTS``: the player counts ``new_game`` accepts, a tuple of ints;
    * ``OPTIONS``: the named rule options, name -> default (``{}`` when none); each is a
      keyword argument of ``new_game``, which also takes ``first_player`` (a seat, or None
      to draw it from the seed);
    * ``SECRETS``: True when views differ by seat (the legal moves then go only to the
      seat to move);
    * ``FORMATS``: the match formats, ``("single",)`` when the game has none; a module
      with more offers ``start_match(players, seed, format, **options) -> Match``;
    * ``WIRE_CODE``: the game's code in a link's header, fixed for ever (links outlive
      releases): a new game takes the next free number;
    * ``CALLS`` (optional): the calls beyond the protocol the game offers the page, e.g.
      ``("review", "hint")``; each is a function of the module ``pygames.<game>.calls``
      (``review(start, moves) -> dict``, ``hint(state) -> dict``), which the bridge calls;
    * ``LESSON`` (optional, with ``"coach"`` in ``CALLS``): the guided first game, ``#learn/<game>``
      (``pygames.core.coach``): ``seed``, ``players``, the learner's ``seat``, the bots' ``level``,
      ``options``; its calls module's ``coach(start, moves, seat)`` tells the rules and what the
      position asks for, its bots module's ``judge(view, move, rng)`` the word on a move;
    * ``open_view(state) -> dict`` (optional; a game with secrets): ``state``'s view with every
      secret open (every hand, every face-down card; ``"open": true``), for the replay of a
      finished game only (``pygames.core.replay``); a game without one replays ``view(None)``;
    * ``new_game(players, seed, **options) -> State``: deterministic from its inputs;
    * ``from_text(text) -> State``: reads ``State.to_text()`` (BadPosition when it cannot);
    * ``parse(text) -> Move``: the move a notation names (IllegalMove when none).
    """

    PLAYER_COUNTS: tuple[int, ...]
    OPTIONS: Mapping[str, Any]
    SECRETS: bool
    FORMATS: tuple[str, ...]
    WIRE_CODE: int
    new_game: Callable[..., State]
    from_text: Callable[[str], State]
    parse: Callable[[str], Move]


@runtime_checkable
class BotsModule(Protocol):
    """A game's bots, ``pygames.bots.<game id>``: ``LEVELS`` names its levels (each a
    function ``(view, rng) -> Move`` of the module, deciding from the view of the seat to
    move only), ``DEFAULT_LEVEL`` the one a new game offers first, and ``weigh(view, rng,
    also=None)``: what its strongest bot weighs there, each move it rated with its estimated
    chance to win, best first (the bridge's ``weigh``: "why that move?")."""

    LEVELS: tuple[str, ...]
    DEFAULT_LEVEL: str
    weigh: Callable[..., list]

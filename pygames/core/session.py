"""A single game and the moves that led to it: what the bridge replays from a record.

``start_match`` is the one way to start what a record holds: a game module with
match formats (Okiya) offers its own ``start_match`` returning a match with the
same interface (``pygames.core.protocol.Match``); every other game is played as
one ``SingleGame``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable

from pygames.core.errors import IllegalMove, PlayerError


def canonical(state: Any, move: str) -> tuple[str, Any]:
    """The move's notation as ``str(move)`` writes it, and the state after it.

    Accepts any notation the game's ``play`` accepts; the record always keeps
    the canonical form so two devices write the same record."""
    after = state.play(move)
    for legal in state.legal_moves():
        text = str(legal)
        if text == move:
            return text, after
    text = after_text = after.to_text()
    for legal in state.legal_moves():
        if state.play(legal).to_text() == after_text:
            return str(legal), after
    return text, after  # unreachable for a consistent engine


def event_maker(game: str) -> Callable[..., list] | None:
    """What a game's moves did, as each seat may know it: ``pygames.<game>.events.events``
    ``(before, move, after, seat) -> [event, ...]``, or None for a game that tells no events.
    The bridge and link play both tell them, so it lives here, beside the forced-move policy."""
    name = f"pygames.{game}.events"
    try:
        return importlib.import_module(name).events
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None


def forced_move(state: Any) -> Any:
    """The move the seat to move has no choice over (its lone legal move), or None.

    The one forced-move policy: the hot-seat page plays it by itself after a short pause,
    and link play plays it on every device without writing it into the link."""
    if state.to_move is None:
        return None
    legal = state.legal_moves()
    return legal[0] if len(legal) == 1 else None


def start_match(module: ModuleType, game: str, players: int, seed: int, format: str, options: dict[str, Any]) -> Any:
    """The match (or single game) a record starts with: the module's own ``start_match``
    when it has one, else a ``SingleGame`` (which has only the "single" format)."""
    own = getattr(module, "start_match", None)
    if own is not None:
        return own(players, seed, format, **options)
    if format != "single":
        raise PlayerError("error.bad_format", format=str(format)[:40])
    return SingleGame.start(module, game, players, seed, options)


def check_options(module: ModuleType, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` if every one is a rule option of ``module`` (``OPTIONS``) with a value
    of its default's type; else PlayerError: a page never gets to crash ``new_game``."""
    known = module.OPTIONS
    if not isinstance(options, dict) or any(
        not isinstance(name, str) or name not in known or type(value) is not type(known[name])
        for name, value in options.items()
    ):
        raise PlayerError("error.bad_options")
    return dict(options)


@dataclass(frozen=True)
class SingleGame:
    """One game of ``module`` with its options and the moves played so far."""

    module: ModuleType
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    states: tuple[Any, ...]
    moves: tuple[tuple[str, ...], ...] = field(default=((),))
    format: str = "single"

    @classmethod
    def start(cls, module: ModuleType, game: str, players: int, seed: int, options: dict[str, Any]) -> "SingleGame":
        options = check_options(module, options)
        return cls(module, game, players, seed, options, (module.new_game(players, seed, **options),))

    @property
    def current(self) -> Any:
        return self.states[-1]

    @property
    def games(self) -> tuple[Any, ...]:
        return self.states

    def play(self, move: str) -> "SingleGame":
        text, after = canonical(self.current, move)
        return SingleGame(
            self.module, self.game, self.players, self.seed, self.options, (after,), (self.moves[-1] + (text,),)
        )

    def next_game(self) -> "SingleGame":
        raise IllegalMove("error.match_over" if self.current.outcome else "error.not_over")

    def notation(self) -> list[list[str]]:
        return [list(game) for game in self.moves]

    def summary(self) -> dict[str, Any]:
        outcome = self.current.outcome
        return {
            "format": "single",
            "game": 1,
            "score": None if outcome is None else list(outcome.scores),
            "over": outcome is not None,
            "winner": None if outcome is None or len(outcome.winners) != 1 else outcome.winners[0],
            "can_continue": False,
            "message": None,
        }

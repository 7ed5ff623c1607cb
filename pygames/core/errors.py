"""Errors a player can read.

Every error carries a catalog ``key`` and ``params`` so the page can show it in
the player's language; ``str(error)`` is the English text from the catalog.
"""

from __future__ import annotations

from typing import Any

from pygames.core.i18n import tr


class PlayerError(ValueError):
    """A bad input from a player (a move, a position, a link): never a crash."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(tr(key, **params))

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": self.params, "text": str(self)}


class IllegalMove(PlayerError):
    """A move that the rules do not allow in this position."""


class BadPosition(PlayerError):
    """A position text that does not describe a reachable position."""

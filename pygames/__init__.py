"""pygames: rules engines and bots for Okiya, Oriflamme and Turncoats.

The package is pure Python with no dependencies so that one wheel runs on
CPython and, unchanged, on Pyodide in the browser.  ``GAMES`` maps a game id
to its module; every module follows the protocol in ``pygames.core.protocol``.
"""

from __future__ import annotations

from types import ModuleType

from pygames.core.errors import IllegalMove, PlayerError

__version__ = "0.1.0"

__all__ = ["GAMES", "COMING", "IllegalMove", "PlayerError", "game_module", "__version__"]

from pygames import okiya, oriflamme, turncoats  # noqa: E402  (after the errors they use)

#: The games whose rules are complete, by id; each module follows the protocol in ARCHITECTURE.md.
GAMES: dict[str, ModuleType] = {"okiya": okiya, "oriflamme": oriflamme, "turncoats": turncoats}

#: Games still being built, with their player counts (the start page lists them as coming).
COMING: dict[str, tuple[int, int]] = {}


def game_module(game_id: str) -> ModuleType:
    """The rules module for ``game_id``; KeyError for an unknown or coming game."""
    return GAMES[game_id]

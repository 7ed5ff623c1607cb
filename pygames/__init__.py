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

#: Game ids whose rules are not playable yet; the start page shows them as coming.
COMING = ("oriflamme", "turncoats")


def game_module(game_id: str) -> ModuleType:
    """The rules module for ``game_id`` (imported lazily to keep start-up small)."""
    if game_id == "okiya":
        from pygames import okiya

        return okiya
    raise KeyError(game_id)


GAMES = ("okiya",)

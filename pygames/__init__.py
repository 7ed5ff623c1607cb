"""pygames: rules engines and bots for Okiya, Oriflamme and Turncoats.

The package is pure Python with no dependencies so that one wheel runs on
CPython and, unchanged, on Pyodide in the browser.  ``GAMES`` maps a game id
to its module; every module follows the protocol in ``pygames.core.protocol``.
Adding a game is one line in ``GAMES`` plus its own package and its bots module
``pygames.bots.<id>``: the bridge, the bots and the link layer find the rest there.
"""

from __future__ import annotations

from types import ModuleType

from pygames.core.errors import IllegalMove, PlayerError

__version__ = "0.1.0"

__all__ = ["GAMES", "IllegalMove", "PlayerError", "__version__"]

from pygames import okiya, oriflamme, turncoats  # noqa: E402  (after the errors they use)

#: The games, by id, in the order the start page lists them (the one registry).
GAMES: dict[str, ModuleType] = {"okiya": okiya, "oriflamme": oriflamme, "turncoats": turncoats}

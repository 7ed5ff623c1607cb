"""pygames: rules engines and bots for Okiya, Oriflamme and Turncoats.

The package is pure Python with no dependencies so that one wheel runs on
CPython and, unchanged, on Pyodide in the browser.  ``GAMES`` maps a game id
to its module; every module follows the protocol in ``pygames.core.protocol``.
A game's facts (player counts, options, formats, secrets, wire code, extra calls) are
declared once, by its package, and read from there by the bridge, the link layer, the
adapters, ``games.json`` and the tests: adding a game is its own files plus one line in
``GAMES`` (``docs/adding-a-game.md``).
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from pygames.core.errors import IllegalMove, PlayerError
from pygames.core.on_demand import OnDemand

__version__ = "0.1.0"

__all__ = ["GAMES", "IllegalMove", "PlayerError", "__version__"]

#: The games, by id, in the order the start page lists them (the one registry). A game's
#: package is imported on its first lookup: a page of one game never imports the others.
GAMES: OnDemand[str, ModuleType] = OnDemand(
    ("okiya", "oriflamme", "turncoats"), lambda game: import_module(f"pygames.{game}")
)

"""pygames: rules engines and bots for Okiya, Oriflamme and Turncoats.

The package is pure Python with no dependencies so that one wheel runs on
CPython and, unchanged, on Pyodide in the browser.  ``GAMES`` maps a game id
to its module; every module follows the protocol in ``pygames.core.protocol``.
Adding a game is one line in ``GAMES`` plus its own package and its bots module
``pygames.bots.<id>``: the bridge, the bots and the link layer find the rest there.
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

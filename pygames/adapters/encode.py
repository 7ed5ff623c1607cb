"""A seat's view as a flat array of small non-negative integers, for learning code (PettingZoo).

``encode(game, view, seat, players)`` reads only ``State.view(seat)``.  Seats are written
relative to the viewer: "seat +k" is the seat ``k`` places after it (``+0`` is the viewer), in
blocks of ``MAX_SEATS`` = 5 entries (zeros past the player count).  One-hot blocks hold a single
1 (or none when the thing is absent).

Each game's layout and size (``OBSERVATION_SIZE``) are its adapter module's,
``pygames.adapters.games.<game id>``, whose docstring documents them.  A game the adapters do
not know raises ``UnknownGame`` (a ``ValueError``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pygames.adapters.games import MAX_SEATS, adapter

__all__ = ["HIGH", "MAX_SEATS", "encode"]

#: The largest value an entry takes (turns played in a long Turncoats game stay far below).
HIGH = 32767


def encode(game: str, view: dict[str, Any], seat: int, players: int) -> np.ndarray:
    """The array of ``view`` (``State.view(seat)``) of ``game``, laid out as its adapter module says."""
    module = adapter(game)
    out = np.zeros(module.OBSERVATION_SIZE, dtype=np.int16)
    module.encode_view(out, view, seat, players)
    return out

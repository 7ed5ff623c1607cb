"""The calls Okiya offers the page beyond the protocol (``CALLS``): the bridge finds them here
by name and adds what every game's calls share (the record, the hint counts).

* ``review(start, moves)``: the perfect player's verdict on every move of a game played from
  ``start`` (``pygames.okiya.review.verdict`` each, with the position it was made in) and,
  by seat, the index of its first move that threw a win or a draw away (or None);
* ``hint(state)``: the best moves of the seat to move, by ``cells`` and as notation (``moves``).
"""

from __future__ import annotations

from typing import Any

from pygames.okiya import review as judge
from pygames.okiya.state import PLAYER_COUNTS, State


def review(start: State, moves: list[str]) -> dict[str, Any]:
    """The verdicts on ``moves`` played from ``start`` and each seat's first mistake."""
    verdicts = judge.review(start, moves)
    (players,) = PLAYER_COUNTS
    return {"moves": verdicts, "first_mistake": [judge.first_mistake(verdicts, seat) for seat in range(players)]}


def hint(state: State) -> dict[str, Any]:
    """The perfect player's best moves in ``state`` (a game not over)."""
    cells = judge.hint(state)
    return {"cells": cells, "moves": [str(m) for m in state.legal_moves() if m.cell in cells]}

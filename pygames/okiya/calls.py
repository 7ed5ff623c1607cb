"""The calls Okiya offers the page beyond the protocol (``CALLS``): the bridge finds them here
by name and adds what every game's calls share (the record, the hint counts).

* ``review(start, moves)``: the perfect player's verdict on every move of a game played from
  ``start`` (``pygames.okiya.review.verdict`` each, with the position it was made in) and,
  by seat, the index of its first move that threw a win or a draw away (or None);
* ``hint(state)``: the best moves of the seat to move, by ``cells`` and as notation (``moves``);
* ``chart(start, moves)``: the perfect player's verdict on the position before every move and
  after the last, as one line between the first seat's win (top), a draw and the second
  seat's win (bottom).
"""

from __future__ import annotations

from typing import Any

from pygames.core.outcome import seat_params
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


def chart(start: State, moves: list[str]) -> dict[str, Any]:
    """The verdict band over the moves: 2 when the first seat wins under perfect play, 1 a
    draw, 0 when the second seat wins; ``y_labels`` name the band in words."""
    verdicts = judge.review(start, moves)
    first = lambda v, value: value if v["seat"] == 0 else -value  # noqa: E731  (the first seat's view)
    points = [first(v, v["before"]) + 1 for v in verdicts]
    if verdicts:
        points.append(first(verdicts[-1], verdicts[-1]["after"]) + 1)
    return {
        "title": {"key": "okiya.chart.title", "params": {}},
        "x": {"key": "okiya.chart.move", "params": {}},
        "steps": list(range(len(points))),
        "y_labels": [
            {"key": "okiya.chart.wins", "params": seat_params(1)},
            {"key": "okiya.chart.draw", "params": {}},
            {"key": "okiya.chart.wins", "params": seat_params(0)},
        ],
        "series": [{"label": {"key": "okiya.chart.verdict", "params": {}}, "points": points}],
    }

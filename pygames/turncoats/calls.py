"""The calls Turncoats offers the page beyond the protocol (``CALLS``): the bridge finds them
here by name.

* ``chart(start, moves)``: how many areas each colour ruled after every turn of a finished
  game played from ``start`` (public facts: the map is open to all).
"""

from __future__ import annotations

from typing import Any

from pygames.turncoats.state import State


def chart(start: State, moves: list[str]) -> dict[str, Any]:
    """Areas ruled by each colour, turn by turn: ``steps`` (0 = the start, then each turn) and
    one series a colour (``colour``, ``label``, ``points``)."""
    state = start
    colours = start.view(None)["colours"]
    points = [[n] for n in state.standing()["areas"]]
    for move in moves:
        played = state.play(move)
        if played.turn != state.turn or (played.outcome and not state.outcome):
            for colour, line in enumerate(points):
                line.append(played.standing()["areas"][colour])
        state = played
    return {
        "title": {"key": "turncoats.chart.title", "params": {}},
        "x": {"key": "turncoats.chart.turn", "params": {}},
        "steps": list(range(len(points[0]))),
        "series": [
            {"colour": c, "label": {"key": f"turncoats.colour.{c}", "params": {}}, "points": line}
            for c, line in zip(colours, points)
        ],
    }

"""The calls Oriflamme offers the page beyond the protocol (``CALLS``): the bridge finds them
here by name.

* ``chart(start, moves)``: each player's influence at the start and at the end of every round
  of a finished game played from ``start`` (public facts: influence is never secret).
"""

from __future__ import annotations

from typing import Any

from pygames.oriflamme.state import State


def chart(start: State, moves: list[str]) -> dict[str, Any]:
    """Influence per player, round by round: ``steps`` (0 = the start, then each round) and
    one series a seat (``seat``, ``points``)."""
    state = start
    points = [[p] for p in state.pools]
    for move in moves:
        played = state.play(move)
        if played.round != state.round or (played.outcome and not state.outcome):
            for seat, line in enumerate(points):
                line.append(played.pools[seat])
        state = played
    return {
        "title": {"key": "oriflamme.chart.title", "params": {}},
        "x": {"key": "oriflamme.chart.round", "params": {}},
        "steps": list(range(len(points[0]))),
        "series": [{"seat": seat, "points": line} for seat, line in enumerate(points)],
    }

"""What one Turncoats move did, as events a page animates and counts without comparing views.

``events(before, move, after, seat)`` lists, in order, what ``move`` (played in
``before``, giving ``after``) changed, as ``seat`` may know it (None: a spectator)::

    {"kind": "recruit", "seat": 0, "colour": "red", "area": 7}           hand -> area
    {"kind": "battle", "seat": 0, "colour": "blue", "area": 4}           hand -> AXE
    {"kind": "kill", "colour": "red", "area": 4, "count": 1}             area -> bag (one per colour)
    {"kind": "march", "seat": 0, "colour": "black", "area": 5, "dest": 7, "count": 2}
                                                                         hand -> FLAG, area -> dest
    {"kind": "draw", "seat": 1, "colour": "black" | None}                bag -> hand (the colour
                                                                         only for the drawer)
    {"kind": "return", "seat": 1, "colour": "blue"}                      hand -> bag, shown

Each event also carries ``message``: the log line of the move as ``seat`` reads it
(the same message the view's log holds), so "what happened since" needs no second source.
"""

from __future__ import annotations

from typing import Any

from pygames.turncoats.board import COLOURS
from pygames.turncoats.moves import BATTLE, KIND_NAMES, MARCH, NEGOTIATE, RECRUIT, Move
from pygames.turncoats.view import log_entry


def events(before: Any, move: Move | str, after: Any, seat: int | None = None) -> list[dict[str, Any]]:
    """The events of ``move`` (played in ``before``) as ``seat`` may know them; when lone moves
    played themselves after it, ``after`` may be further on: every move since ``before`` is told."""
    played = []
    node = after._log
    while node is not None and node is not before._log:
        played.append(node[:3])
        node = node[3]
    played.reverse()
    return [event for mover, m, drawn in played for event in _told(mover, m, drawn, seat)]


def _told(mover: int, played: Move, drawn: int, seat: int | None) -> list[dict[str, Any]]:
    message = log_entry(mover, played, drawn, seat)
    event: dict[str, Any] = {"kind": KIND_NAMES[played.kind], "seat": mover, "message": message}
    if played.kind == NEGOTIATE:
        event["kind"] = "draw"
        event["colour"] = COLOURS[drawn] if seat == mover and 0 <= drawn <= 2 else None
        return [event]
    event["colour"] = COLOURS[played.colour]
    if played.kind in (RECRUIT, BATTLE):
        event["area"] = played.area
    elif played.kind == MARCH:
        event.update(
            area=played.area if played.area >= 0 else None,
            dest=played.dest if played.dest >= 0 else None,
            count=played.count,
        )
    out = [event]
    if played.kind == BATTLE:
        out += [
            {"kind": "kill", "colour": COLOURS[c], "area": played.area, "count": k}
            for c, k in enumerate(played.kills)
            if k
        ]
    return out

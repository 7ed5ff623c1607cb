"""The calls Turncoats offers the page beyond the protocol (``CALLS``): the bridge finds them
here by name.

* ``chart(start, moves)``: how many areas each colour ruled after every turn of a finished
  game played from ``start`` (public facts: the map is open to all);
* ``coach(start, moves, seat)``, from ``coach_topics(view, seat)`` and ``coach_ask(view, seat)``: the
  coach of the guided first game (``pygames.core.coach``;
  the word on a move is the bots' ``judge``, the expert's look-ahead).
"""

from __future__ import annotations

from typing import Any

from pygames.core.coach import answer, message
from pygames.turncoats.state import State, from_view


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


# ---------------------------------------------------------------- the guided first game's coach

#: The actions a turn may take, in the order the coach tells them.
_ACTIONS = ("recruit", "battle", "march", "negotiate")


def _rulers(state: State) -> list[str | None]:
    return [area["controller"] for area in state.standing()["control"]]


#: The round (a turn of every player) from which an action is told, so a first game meets one at a
#: time: Recruit at once, Battle from the second round, March from the third.
_FROM_ROUND = {"recruit": 0, "battle": 1, "march": 2}


def _actions_at_work(state: State, view: dict[str, Any]) -> list[str]:
    """The actions that matter to the learner now: a Recruit, Battle or March (each from its round,
    ``_FROM_ROUND``) that would change who rules an area, Negotiate once someone has negotiated or
    the hands run low (or nothing else would change a ruler)."""
    now = _rulers(state)
    changing = set()
    rounds = view["turn"] // view["players"]
    for move in state.legal_moves():
        kind = move.to_json()["kind"]
        if rounds >= _FROM_ROUND.get(kind, rounds + 1) and kind not in changing and _rulers(state.play(move)) != now:
            changing.add(kind)
    if view["negotiations"] or sum(view["hand_sizes"]) <= 3 * view["players"] or not changing:
        changing.add("negotiate")
    return [kind for kind in _ACTIONS if kind in changing]


def coach_topics(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The rules that matter in the learner's position (``pygames.core.coach``): the aim, who rules
    an area, each action once it matters (``coach.turncoats.action.<kind>``), the return of a
    Negotiate, and the ending once it draws near (someone negotiated, or the hands run low)."""
    topics = [message("coach.turncoats.rule.goal"), message("coach.turncoats.rule.control")]
    if view["to_move"] == seat and view["outcome"] is None:
        if view["phase"] == "return":
            topics.append(message("coach.turncoats.action.negotiate"))
        else:
            topics += [message(f"coach.turncoats.action.{kind}") for kind in _actions_at_work(from_view(view), view)]
    if view["negotiations"] or sum(view["hand_sizes"]) <= 3 * view["players"] or view["outcome"] is not None:
        topics.append(message("coach.turncoats.rule.ending"))
    return topics


def coach_ask(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """What the learner's turn asks for: the colour that would win now against the colour the
    learner holds most of, the return of a Negotiate, or the ending one Negotiate away."""
    if view["to_move"] != seat or view["outcome"] is not None:
        return None
    colours = view["colours"]
    hand = view["hand"]
    own = colours[max(range(len(colours)), key=lambda c: (hand[c], -c))]
    leader = view["standing"]["colour"]
    if view["phase"] == "return":
        return message("coach.turncoats.ask.return", {"own_key": f"turncoats.colour.{own}"})
    if view["negotiations"] == view["players"] - 1:
        key = "coach.turncoats.ask.end_now_ahead" if leader == own else "coach.turncoats.ask.end_now_behind"
        return message(key, {"own_key": f"turncoats.colour.{own}"})
    if leader is None:
        return message("coach.turncoats.ask.open", {"own_key": f"turncoats.colour.{own}"})
    key = "coach.turncoats.ask.ahead" if leader == own else "coach.turncoats.ask.behind"
    return message(key, {"own_key": f"turncoats.colour.{own}", "leader_key": f"turncoats.colour.{leader}"})


def coach(start: State, moves: list[str], seat: int) -> dict[str, Any]:
    """The coach's words after ``moves`` played from ``start``, for the learner at ``seat``
    (``pygames.core.coach.answer``: the rules that first matter, what the position asks for)."""
    return answer(start, moves, seat, coach_topics, coach_ask)

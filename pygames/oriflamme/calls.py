"""The calls Oriflamme offers the page beyond the protocol (``CALLS``): the bridge finds them
here by name.

* ``chart(start, moves)``: each player's influence at the start and at the end of every round
  of a finished game played from ``start`` (public facts: influence is never secret);
* ``coach(start, moves, seat)``, from ``coach_topics(view, seat)`` and ``coach_ask(view, seat)``: the
  coach of the guided first game (``pygames.core.coach``;
  the word on a move is the bots' ``judge``, the expert's search).
"""

from __future__ import annotations

from typing import Any

from pygames.core.coach import answer, message
from pygames.oriflamme.cards import IDS
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


# ---------------------------------------------------------------- the guided first game's coach

#: Log lines that tell a card's ability at work (not a placement, whose card is secret or the learner's own).
_ACTING = ("oriflamme.log.place",)


def _card(card_id: str) -> dict[str, Any]:
    """A card's rule, as the coach tells it: its name and its catalog text (``oriflamme.card.<id>.text``)."""
    return message("coach.oriflamme.card", {"card_id": card_id, "rule_key": f"oriflamme.card.{card_id}.text"})


def _cards_at_work(view: dict[str, Any], seat: int) -> list[str]:
    """The cards that matter to the learner now, in the order the game met them: those the log says
    were revealed or acted, those face up in the queue, and the learner's own card the resolution
    has reached."""
    found: list[str] = []
    for entry in view["log"]:
        params = entry.get("params", {})
        if not entry["key"].startswith(_ACTING):
            found += [params[k] for k in ("card_id", "target_id") if isinstance(params.get(k), str)]
    for slot in view["queue"]:
        found += [c["card"] for c in slot["cards"] if c["up"] and c["card"]]
    pending = view["pending"] or {}
    if pending.get("seat") == seat and pending.get("kind") == "reveal":
        top = view["queue"][pending["slot"]]["cards"][-1]
        if top["card"]:
            found.append(top["card"])
    return [c for i, c in enumerate(found) if c in IDS and c != "unknown" and c not in found[:i]]


def coach_topics(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The rules that matter in the learner's position (``pygames.core.coach``): the aim and the
    round, placing, reveal or keep, the influence kept cards gather, each card once it is at work
    (its catalog text), stacking from round 2, and the last round."""
    pending = view["pending"] or {}
    mine = pending.get("seat") == seat
    topics = [message("coach.oriflamme.rule.goal", {"rounds": view["rounds"]})]
    if mine and pending.get("kind") == "place":
        topics.append(message("coach.oriflamme.rule.place"))
        if view["round"] > 1:
            topics.append(message("coach.oriflamme.rule.stack"))
    if view["phase"] != "place" or (mine and pending.get("kind") == "reveal"):
        topics.append(message("coach.oriflamme.rule.resolve"))
    if any(not c["up"] and c["tokens"] for slot in view["queue"] for c in slot["cards"]):
        topics.append(message("coach.oriflamme.rule.tokens"))
    topics += [_card(c) for c in _cards_at_work(view, seat)]
    if view["round"] >= view["rounds"] or view["outcome"] is not None:
        topics.append(message("coach.oriflamme.rule.ending", {"rounds": view["rounds"]}))
    return topics


#: The decisions the coach asks about in its own words (the others: ``other``).
_ASKED = ("place", "reveal", "target", "steal", "copy", "gap", "on", "show")


def coach_ask(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """What the learner's decision asks for, by its kind (the card it is about, when there is one)."""
    pending = view["pending"] or {}
    if view["outcome"] is not None or pending.get("seat") != seat:
        return None
    kind = pending.get("kind")
    if kind == "reveal":
        top = view["queue"][pending["slot"]]["cards"][-1]
        return message("coach.oriflamme.ask.reveal", {"card_id": top["card"] or "unknown"})
    return message(f"coach.oriflamme.ask.{kind if kind in _ASKED else 'other'}")


def coach(start: State, moves: list[str], seat: int) -> dict[str, Any]:
    """The coach's words after ``moves`` played from ``start``, for the learner at ``seat``
    (``pygames.core.coach.answer``: the rules that first matter, what the position asks for)."""
    return answer(start, moves, seat, coach_topics, coach_ask)

"""The coach of a guided first game (``#learn/<game>``), the part every game shares.

A game that offers a guided game declares its ``LESSON`` once, in its package: the match to
play (``seed``, ``players``, ``options``), the learner's ``seat`` and the bots' ``level`` on
every other seat. Its calls module (``pygames.<game>.calls``) brings two functions of the
learner's *view* (never more than the seat may know):

* ``coach_topics(view, seat) -> [message, ...]``: the rules that matter in this position (a card in
  the hand or on the table, an action one may take, the ending drawing near), each a catalog
  message ``{"key", "params"}``; the key names the rule (``coach.<game>.rule.<kind>``,
  ``coach.<game>.card.<card>``...), so a new card or a changed rule is a catalog edit;
* ``coach_ask(view, seat) -> message | None``: what the position asks of the learner, in one
  line (None when the learner has nothing to decide).

Its ``coach(start, moves, seat)`` call is ``answer`` with those two. Its bots module
(``pygames.bots.<game>``) brings ``judge(view, move, rng)``: the verdict on a
move the learner proposes (``verdict``: ``"good"``, ``"ok"`` or ``"mistake"``), ``why`` (a
message) and ``better`` (the notation of a better move, for a mistake).

``first_topics`` keeps the coach stateless: a topic is told at the first decision of the
learner where it matters, found again from the record's moves, so the page keeps no list of
what it said.
"""

from __future__ import annotations

import json
from typing import Any, Callable

Message = dict[str, Any]
#: What a lesson declares (``LESSON`` in a game's package), with its types.
LESSON_FIELDS = {"seed": int, "players": int, "seat": int, "level": str, "options": dict}
#: A judge's verdicts, best first.
VERDICTS = ("good", "ok", "mistake")


def message(key: str, params: dict[str, Any] | None = None) -> Message:
    """A catalog message: the key and its params (the page writes it in its language)."""
    return {"key": key, "params": dict(params or {})}


def decides(state: Any, seat: int) -> bool:
    """Whether ``seat`` has a choice to make in ``state`` (its turn, more than one legal move):
    the moments the coach speaks at (a lone move plays itself)."""
    return state.to_move == seat and len(state.legal_moves()) > 1


def first_topics(
    start: Any, moves: list[str], seat: int, topics: Callable[[dict[str, Any], int], list[Message]]
) -> list[Message]:
    """The topics that matter now (``topics`` of the seat's view of the position after ``moves``
    played from ``start``) and did not at any earlier decision of ``seat``: each rule is told
    where it first matters, once."""
    told: set[str] = set()
    state = start
    for text in moves:
        if decides(state, seat):
            told.update(topic_id(t) for t in topics(state.view(seat), seat))
        state = state.play(text)
    return [t for t in topics(state.view(seat), seat) if topic_id(t) not in told]


def topic_id(topic: Message) -> str:
    """What makes a topic itself: its key and its params (one key may tell each card of a game)."""
    return json.dumps([topic["key"], topic["params"]], sort_keys=True)


def answer(
    start: Any,
    moves: list[str],
    seat: int,
    topics: Callable[[dict[str, Any], int], list[Message]],
    ask: Callable[[dict[str, Any], int], Message | None],
) -> dict[str, Any]:
    """A game's ``coach(start, moves, seat)`` call: the ``topics`` that first matter after ``moves``
    played from ``start`` (``first_topics``) and what the position ``ask``s of ``seat``."""
    state = start
    for text in moves:
        state = state.play(text)
    return {"topics": first_topics(start, moves, seat, topics), "ask": ask(state.view(seat), seat)}


def judgement(verdict: str, why: Message, better: str | None = None) -> dict[str, Any]:
    """A judge's answer on a proposed move (see the module docstring)."""
    if verdict not in VERDICTS:
        raise ValueError(f"unknown verdict {verdict!r}")
    return {"verdict": verdict, "why": why, "better": better}

"""What one Oriflamme move did, as events a page animates and counts without comparing views.

``events(before, move, after, seat)`` lists, oldest first, the engine's log entries the
move added (``seat`` None: a spectator), each as the seat may know it: a face-down card
another seat placed or a Royal Decree moved never names its card. Kinds::

    place      {seat, card | None, where: "left" | "right" | "on", slot}   hand -> queue
    token      {seat, slot, tokens}                 the owner kept the visited card face down
    reveal     {seat, card, slot, gain, tokens}
    eliminate  {seat, card, owner, target}          the acting ``card`` eliminated ``target``
    ambush     {seat, gain, attacker, card}         an eliminated Ambush struck back
    discard    {seat, card}                         an ability card left the queue
    gain       {seat, card, gain}                   a Lord or an Heir scored
    steal      {seat, card, owner, amount}          the Spy took from ``owner``
    copy       {seat, card}                         the Shapeshifter copied ``card``
    move       {seat, owner, card | None, from, gap | slot}   a Royal Decree moved a card
    idle       {seat, card}                         an ability with nothing to do
    round      {round, seat}                        a round began (``seat`` places first)
    end        {}                                   the game is over
    influence  {changes: [+/-n per seat]}           last, when any pool changed (no log line)

Slots are 0-based (``from``, ``slot``); every event but ``influence`` also carries
``message``: its log line as the seat reads it (the same message the view's log holds).
"""

from __future__ import annotations

from typing import Any

from pygames.oriflamme.cards import FACE_UP, IDS, UNKNOWN
from pygames.oriflamme.moves import GAP, LEFT, RIGHT, Move
from pygames.oriflamme.rules import (
    E_AMBUSH,
    E_COPY,
    E_DISCARD,
    E_ELIM,
    E_END,
    E_HEIR,
    E_IDLE,
    E_KEEP,
    E_LORD,
    E_MOVE,
    E_PLACE,
    E_REVEAL,
    E_ROUND,
    E_STEAL,
)
from pygames.oriflamme.state import State
from pygames.oriflamme.view import message

KINDS = {
    E_ROUND: "round",
    E_PLACE: "place",
    E_KEEP: "token",
    E_REVEAL: "reveal",
    E_ELIM: "eliminate",
    E_AMBUSH: "ambush",
    E_DISCARD: "discard",
    E_LORD: "gain",
    E_HEIR: "gain",
    E_STEAL: "steal",
    E_COPY: "copy",
    E_MOVE: "move",
    E_IDLE: "idle",
    E_END: "end",
}


def events(before: State, move: Move | str, after: State, seat: int | None = None) -> list[dict[str, Any]]:
    """The events ``move`` caused between ``before`` and ``after``, as ``seat`` may know them (when
    lone moves played themselves after it, ``after`` may be further on: all of them are told)."""
    told = [_event(raw, after, seat) for raw in _added(before, after)]
    changes = [a - b for a, b in zip(after.pools, before.pools)]
    if any(changes):
        told.append({"kind": "influence", "changes": changes, "message": None})
    return told


def _added(before: State, after: State) -> list[tuple]:
    """The log entries ``after`` holds that ``before`` did not (a new round moves the log aside)."""
    found: list[tuple] = []
    for log in (after.log, after.prevlog):
        while log is not None and log is not before.log:
            found.append(log[0])
            log = log[1]
        if log is before.log:
            break
    found.reverse()
    return found


def _card(t: int) -> str | None:
    return None if t == UNKNOWN else IDS[t]


def _event(raw: tuple, after: State, seat: int | None) -> dict[str, Any]:
    code = raw[0]
    said = message(raw, after, seat)
    event: dict[str, Any] = {"kind": KINDS[code]}
    if code == E_ROUND:
        event.update(round=raw[1], seat=raw[2])
    elif code == E_PLACE:
        _, p, t, where, _length = raw
        sees = "card_id" in said["params"]
        event.update(
            seat=p,
            card=_card(t) if sees else None,
            where="left" if where == LEFT else "right" if where == RIGHT else "on",
            slot=where if where >= 0 else None,
        )
    elif code == E_KEEP:
        event.update(seat=raw[1], slot=raw[2], tokens=raw[3])
    elif code == E_REVEAL:
        _, p, t, gain, slot, tokens = raw
        event.update(seat=p, card=_card(t), slot=slot, gain=gain, tokens=tokens)
    elif code == E_ELIM:
        _, me, a, owner, t = raw
        event.update(seat=me, card=_card(a), owner=owner, target=_card(t))
    elif code == E_AMBUSH:
        _, owner, gain, me, a = raw
        event.update(seat=owner, gain=gain, attacker=me, card=_card(a))
    elif code in (E_DISCARD, E_COPY, E_IDLE):
        event.update(seat=raw[1], card=_card(raw[2]))
    elif code in (E_LORD, E_HEIR):
        event.update(seat=raw[1], card=_card(raw[2]), gain=raw[3])
    elif code == E_STEAL:
        _, me, acting, victim, amount = raw
        event.update(seat=me, card=_card(acting), owner=victim, amount=amount)
    elif code == E_MOVE:
        _, me, owner, card, src, kind, dest = raw
        sees = "card_id" in said["params"]
        event.update(
            {
                "seat": me,
                "owner": owner,
                "card": _card(card & 15) if sees else None,
                "from": src,
                "up": bool(card & FACE_UP),
            }
        )
        event["gap" if kind == GAP else "slot"] = dest
    event["message"] = said
    return event

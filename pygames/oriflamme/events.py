"""What one Oriflamme move did, as events a page animates and counts without comparing views.

``events(before, move, after, seat)`` lists, oldest first, the engine's log entries the
move added (``seat`` None: a spectator), each as the seat may know it: a face-down card
another seat placed or a Royal Decree moved never names its card. Kinds::

    place      {seat, card | None, where: "left" | "right" | "on", slot, at}   hand -> queue
    token      {seat, slot, tokens}                 the owner kept the visited card face down
    reveal     {seat, card, slot, gain, tokens}
    eliminate  {seat, card, owner, target, slot}    the acting ``card`` eliminated ``target``
    ambush     {seat, gain, attacker, card}         an eliminated Ambush struck back
    discard    {seat, card, slot}                   an ability card left the queue
    gain       {seat, card, gain}                   a Lord or an Heir scored
    steal      {seat, card, owner, amount}          the Spy took from ``owner``
    copy       {seat, card}                         the Shapeshifter copied ``card``
    move       {seat, owner, card | None, from, gap | slot, to}   a Royal Decree moved a card
    idle       {seat, card}                         an ability with nothing to do
    round      {round, seat}                        a round began (``seat`` places first)
    end        {}                                   the game is over
    influence  {changes: [+/-n per seat]}           last, when any pool changed (no log line)

Slots are 0-based and count the queue as it stood when the event happened, so a page can
replay the queue's changes from them alone: ``place.at`` is the slot the card now tops,
``eliminate.slot`` / ``discard.slot`` the slot that lost its top card (gone when it held
one), ``move.to`` the slot the moved card tops once its old slot closed up (``slot`` None
when the position held too little to tell). Every event but ``influence`` also carries
``message``: its log line as the seat reads it (the same message the view's log holds).
"""

from __future__ import annotations

from typing import Any

from pygames.oriflamme.cards import FACE_UP, IDS, TYPE_MASK, UNKNOWN
from pygames.oriflamme.moves import GAP, LEFT, RIGHT, TARGET, Move, parse
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
    P_SHOW,
    P_TARGET,
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
    queue = _Queue(before, parse(move) if isinstance(move, str) else move)
    told = []
    for raw in _added(before, after):
        event = _event(raw, after, seat)
        queue.follow(raw, event)
        told.append(event)
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


class _Queue:
    """The queue's slots followed event by event from ``before``, to tell where each change
    happened (the log lines name cards, not slots). Only slot numbers leave it: a face-down
    card's identity stays here."""

    def __init__(self, before: State, move: Move) -> None:
        self.slots: list[list[int]] | None = [list(slot) for slot in before.queue]
        # a face-down target unknown to this position: the slot the move pointed at
        if before.pending == P_SHOW:
            self.hint: int | None = before.parg
        elif before.pending == P_TARGET and move.kind == TARGET:
            self.hint = move.a
        else:
            self.hint = None

    def follow(self, raw: tuple, event: dict[str, Any]) -> None:
        code = raw[0]
        if self.slots is None:  # lost track: no later slot can be told
            event.update({"at": None} if code == E_PLACE else {"to": None} if code == E_MOVE else {})
            if code in (E_ELIM, E_DISCARD):
                event["slot"] = None
        elif code == E_PLACE:
            _, p, t, where, _length = raw
            if where == LEFT:
                self.slots.insert(0, [p, t])
            elif where == RIGHT:
                self.slots.append([p, t])
            else:
                self.slots[where].append(t)
            event["at"] = 0 if where == LEFT else len(self.slots) - 1 if where == RIGHT else where
        elif code == E_REVEAL:
            _, _p, t, _gain, cur, _k = raw
            self.slots[cur][-1] = t | FACE_UP
        elif code == E_ELIM:
            event["slot"] = self._pop(self._find(raw[3], raw[4], self.hint))
            self.hint = None
        elif code == E_DISCARD:
            event["slot"] = self._pop(self._find(raw[1], raw[2], None))
        elif code == E_MOVE:
            event["to"] = self._move(raw)

    def _find(self, owner: int, t: int, hint: int | None) -> int | None:
        """The slot topped by ``owner``'s ``t`` (a family holds one of each card), else by one
        of ``owner``'s unknown cards (the hinted one first)."""
        unknown = []
        for i, slot in enumerate(self.slots):
            if slot[0] != owner:
                continue
            if slot[-1] & TYPE_MASK == t:
                return i
            if slot[-1] & TYPE_MASK == UNKNOWN:
                unknown.append(i)
        if hint in unknown:
            return hint
        return unknown[0] if len(unknown) == 1 else None

    def _pop(self, i: int | None) -> int | None:
        if i is None:
            self.slots = None
        elif len(self.slots[i]) == 2:
            del self.slots[i]
        else:
            self.slots[i].pop()
        return i

    def _move(self, raw: tuple) -> int | None:
        _, _me, owner, card, j, kind, dest = raw
        if kind == GAP:
            self.slots.insert(dest, [owner, card])
            if dest <= j:
                j += 1
        else:
            self.slots[dest].append(card)
        if len(self.slots[j]) == 2:
            del self.slots[j]
            return dest - 1 if j < dest else dest
        self.slots[j].pop()
        return dest

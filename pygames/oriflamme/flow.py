"""The round flow: placement, the resolution cursor and the end of a round (sections 3-4).

``_do`` applies one decision, then the flow runs on by itself until the next one:
a placement passes the turn (the last one starts the resolution), the cursor
visits the queue from slot 1 (``_advance``: a face-down card asks its owner, a
face-up one acts through ``pygames.oriflamme.abilities``), and the end of the
queue ends the round (the first-player tile passes left) or, after round 6, the
game (``pygames.oriflamme.scoring``).

``RoundFlow`` is a mixin of ``pygames.oriflamme.state.State``; its methods change
the position in place, so they run only on a fresh child inside ``State.play``.
"""

from __future__ import annotations

from pygames.oriflamme import scoring
from pygames.oriflamme.abilities import PENDING, STAYS
from pygames.oriflamme.cards import AMBUSH, CONSPIRACY, FACE_UP, UNKNOWN
from pygames.oriflamme.legal import PLAIN_REVEAL
from pygames.oriflamme.moves import COPY, KEEP, LEFT, PLACE, REVEAL, RIGHT, SHOW, STEAL, TARGET, Move
from pygames.oriflamme.rules import (
    E_END,
    E_KEEP,
    E_PLACE,
    E_REVEAL,
    E_ROUND,
    OVER,
    P_DEST,
    P_NONE,
    P_REVEAL,
    P_SHOW,
    P_TARGET,
    PLACING,
    RESOLVING,
    ROUNDS,
)


class RoundFlow:
    """Applying a decision and running the round on to the next one (see the module docstring)."""

    __slots__ = ()

    def _do(self, move: Move) -> None:
        kind = move.kind
        q = self.queue
        if kind == KEEP:
            cur = self.cursor
            slot = q[cur]
            top = slot[-1] + 32
            q[cur] = slot[:-1] + (top,)
            self.log = ((E_KEEP, slot[0], cur, top >> 5), self.log)
            self.cursor = cur + 1
            self._advance()
        elif kind == REVEAL:
            t = q[self.cursor][-1] & 15
            self._reveal(move.a if t == UNKNOWN else t)
        elif kind == PLACE:
            self._place(move)
        elif kind == TARGET:
            if self.pending == P_TARGET:
                i = move.a
                top = q[i][-1]
                if top & FACE_UP:
                    self._finish(self._strike(i, top & 15))
                else:
                    self.pending = P_SHOW
                    self.parg = i
            else:
                self.pending = P_DEST
                self.parg = move.a
        elif kind == SHOW:
            i = self.parg
            slot = q[i]
            if slot[-1] & 15 == UNKNOWN:
                q[i] = slot[:-1] + ((slot[-1] & ~15) | move.a,)
            self._finish(self._strike(i, move.a))
        elif kind == STEAL:
            self._steal(move.a)
            self._finish(STAYS)
        elif kind == COPY:
            self._copy(move.a)
        else:
            self._decree(move)

    def _place(self, move: Move) -> None:
        p = (self.start + self.round - 1 + self.placed) % self.players
        t = move.a
        q = self.queue
        if t != UNKNOWN:
            hands = list(self.hands)
            hands[p] &= ~(1 << t)
            self.hands = tuple(hands)
        where = move.b
        if where == LEFT:
            q.insert(0, (p, t))
        elif where == RIGHT:
            q.append((p, t))
        else:
            q[where] = q[where] + (t,)
        self.log = ((E_PLACE, p, t, where, len(q)), self.log)
        self.placed += 1
        if self.placed == self.players:
            self.phase = RESOLVING
            self.cursor = 0
            self._advance()

    def _advance(self) -> None:
        """Visit slots from the cursor on until a decision is needed or the round ends."""
        q = self.queue
        while True:
            cur = self.cursor
            if cur >= len(q):
                self._end_round()
                return
            top = q[cur][-1]
            if not top & FACE_UP:
                self.pending = P_REVEAL
                if top & 15 != UNKNOWN:
                    self._legal = PLAIN_REVEAL
                return
            r = self._act(top & 15)
            if r == PENDING:
                return
            if r == STAYS:
                self.cursor = cur + 1

    def _finish(self, result: int) -> None:
        """The visited card's ability is over: next visit (the uncovered card or the next slot)."""
        if result == STAYS:
            self.cursor += 1
        self._advance()

    def _reveal(self, t: int) -> None:
        q = self.queue
        cur = self.cursor
        slot = q[cur]
        me = slot[0]
        k = slot[-1] >> 5
        gain = 2 * k if t == CONSPIRACY else 1 if t == AMBUSH else k
        self.pools[me] += gain
        q[cur] = slot[:-1] + (t | FACE_UP,)
        self.log = ((E_REVEAL, me, t, gain, cur, k), self.log)
        r = self._act(t)
        if r != PENDING:
            self._finish(r)

    def _end_round(self) -> None:
        self.pending = P_NONE
        if self.round == ROUNDS:
            self.phase = OVER
            self.outcome = scoring.outcome(self)
            self.log = ((E_END,), self.log)
            return
        self.round += 1
        self.phase = PLACING
        self.placed = 0
        self.prevlog = self.log
        self.log = ((E_ROUND, self.round, (self.start + self.round - 1) % self.players), None)

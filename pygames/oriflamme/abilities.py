"""The cards' abilities (section 5 of the rules) and the piles they send cards to.

When the resolution visits a face-up card, ``_act`` applies its ability: at once
when it has no choice to make (a Lord, an Heir, an idle card), or by setting the
pending decision its owner answers with the next move (and its legal moves, when
finding whether there is any choice listed them: ``_targets``, ``_sources``).  The
answers end here too: an elimination (``_strike``, with the Ambush striking back), a Spy's theft, a
Shapeshifter's copy, a Royal Decree's move.  What comes after an ability (the next
visit, the end of the round) is the round flow's (``pygames.oriflamme.flow``).

``Abilities`` is a mixin of ``pygames.oriflamme.state.State``; its methods change
the position in place, so they run only on a fresh child inside ``State.play``.
"""

from __future__ import annotations

from pygames.oriflamme.cards import (
    AMBUSH,
    ARCHER,
    ASSASSINATION,
    DECREE,
    FACE_UP,
    HEIR,
    LORD,
    SHAPESHIFTER,
    SOLDIER,
    SPY,
)
from pygames.oriflamme.moves import COPY_OF, GAP, TARGET_AT, Move
from pygames.oriflamme.rules import (
    DISCARDED,
    E_AMBUSH,
    E_COPY,
    E_DISCARD,
    E_ELIM,
    E_HEIR,
    E_IDLE,
    E_LORD,
    E_MOVE,
    E_STEAL,
    ELIMINATED,
    O_AMBUSH_INTRIGUE,
    O_DECREE_UNCOVER,
    P_COPY,
    P_DECREE,
    P_STEAL,
    P_TARGET,
)

#: What became of the acting card: it stays (the next visit is the next slot), it is
#: gone (the next visit is the card it uncovered, now at the cursor), or a choice is pending.
STAYS, GONE, PENDING = 0, 1, 2


class Abilities:
    """What each card does when visited face up (see the module docstring)."""

    __slots__ = ()

    def _act(self, t: int) -> int:
        """Apply the ability of the card at the cursor (type ``t``); PENDING if a choice is needed."""
        q = self.queue
        cur = self.cursor
        me = q[cur][0]
        if t == LORD:
            self._lord(me, LORD)
            return STAYS
        if t == HEIR:
            self._heir(me, HEIR, HEIR)
            return STAYS
        if t == ARCHER or t == SOLDIER or t == ASSASSINATION:
            targets = self._targets(t)
            if targets:
                self.pending = P_TARGET
                self.parg = t
                self._legal = tuple([TARGET_AT[i] for i in targets])
                return PENDING
            self.log = ((E_IDLE, me, t), self.log)
            if t == ASSASSINATION:
                self._discard(cur, me, t)
                return GONE
            return STAYS
        if t == SPY:
            if len(q) > 1:
                self.pending = P_STEAL
                return PENDING
            self.log = ((E_IDLE, me, t), self.log)
            return STAYS
        if t == SHAPESHIFTER:
            sources = self._sources()
            if sources:
                self.pending = P_COPY
                self._legal = tuple([COPY_OF[s] for s in sources])
                return PENDING
            self.log = ((E_IDLE, me, t), self.log)
            return STAYS
        if t == DECREE:
            if len(q) > 1:
                self.pending = P_DECREE
                return PENDING
            self.log = ((E_IDLE, me, t), self.log)
            if len(q[cur]) > 2 and not self.options & O_DECREE_UNCOVER:
                self._discard(cur, me, t)
                return STAYS  # the uncovered card waits for the next round (option)
        # Ambush and Conspiracy were paid on reveal; both (and a Decree with nothing to move) leave now
        self._discard(cur, me, t)
        return GONE

    def _lord(self, me: int, acting: int) -> None:
        q = self.queue
        cur = self.cursor
        gain = 1
        if cur > 0 and q[cur - 1][0] == me:
            gain += 1
        if cur + 1 < len(q) and q[cur + 1][0] == me:
            gain += 1
        self.pools[me] += gain
        self.log = ((E_LORD, me, acting, gain), self.log)

    def _heir(self, me: int, acting: int, name: int) -> None:
        """+2 unless another uncovered face-up card named ``name`` is in the queue."""
        cur = self.cursor
        rival = name | FACE_UP
        for i, slot in enumerate(self.queue):
            if i != cur and slot[-1] & 31 == rival:
                gain = 0
                break
        else:
            gain = 2
            self.pools[me] += 2
        self.log = ((E_HEIR, me, acting, gain), self.log)

    def _steal(self, victim: int) -> None:
        me = self.queue[self.cursor][0]
        amount = 0
        if victim != me and self.pools[victim] > 0:
            amount = 1
            self.pools[victim] -= 1
            self.pools[me] += 1
        self.log = ((E_STEAL, me, self.queue[self.cursor][-1] & 15, victim, amount), self.log)

    def _copy(self, t: int) -> None:
        me = self.queue[self.cursor][0]
        self.log = ((E_COPY, me, t), self.log)
        if t == LORD:
            self._lord(me, SHAPESHIFTER)
        elif t == HEIR:
            self._heir(me, SHAPESHIFTER, SHAPESHIFTER)
        elif t == ARCHER or t == SOLDIER:
            targets = self._targets(t)
            if targets:
                self.pending = P_TARGET
                self.parg = t
                self._legal = tuple([TARGET_AT[i] for i in targets])
                return
            self.log = ((E_IDLE, me, SHAPESHIFTER), self.log)
        elif t == SPY:
            if len(self.queue) > 1:
                self.pending = P_STEAL
                return
        self._finish(STAYS)

    def _pop(self, i: int) -> int:
        """Take the top card off slot ``i`` (the slot dies when empty; the cursor follows)."""
        q = self.queue
        slot = q[i]
        if len(slot) == 2:
            del q[i]
            if i < self.cursor:
                self.cursor -= 1
        else:
            q[i] = slot[:-1]
        return slot[-1]

    def _to_pile(self, seat: int, t: int, reason: int) -> None:
        out = list(self.out)
        out[seat] = out[seat] + (t | reason << 4,)
        self.out = tuple(out)

    def _discard(self, i: int, seat: int, t: int) -> None:
        self._pop(i)
        self._to_pile(seat, t, DISCARDED)
        self.log = ((E_DISCARD, seat, t), self.log)

    def _strike(self, i: int, t: int) -> int:
        """The acting card at the cursor eliminates the top of slot ``i`` (a ``t``)."""
        q = self.queue
        cur = self.cursor
        attacker = q[cur]
        me = attacker[0]
        a = attacker[-1] & 15
        owner = q[i][0]
        self.pools[me] += 1
        self.log = ((E_ELIM, me, a, owner, t), self.log)
        if t == AMBUSH and (a != ASSASSINATION or self.options & O_AMBUSH_INTRIGUE):
            self._pop(i)
            self._to_pile(owner, AMBUSH, ELIMINATED)
            gain = 4 if owner != me else 1
            self.pools[owner] += gain
            self.log = ((E_AMBUSH, owner, gain, me, a), self.log)
            self._discard(self.cursor, me, a)
            return GONE
        self._pop(i)
        self._to_pile(owner, t, ELIMINATED)
        if i == cur:
            return GONE
        if a == ASSASSINATION:
            self._discard(self.cursor, me, a)
            return GONE
        return STAYS

    def _decree(self, move: Move) -> None:
        q = self.queue
        j = self.parg
        d = self.cursor
        me = q[d][0]
        slot = q[j]
        card = slot[-1]
        owner = slot[0]
        if move.kind == GAP:
            k = move.a
            q.insert(k, (owner, card))
            if k <= j:
                j += 1
            if k <= d:
                d += 1
        else:
            q[move.a] = q[move.a] + (card,)
        if len(q[j]) == 2:
            del q[j]
            if j < d:
                d -= 1
        else:
            q[j] = q[j][:-1]
        self.log = ((E_MOVE, me, owner, card, self.parg, move.kind, move.a), self.log)
        # the Decree leaves; the next visit is the slot after its position, or the card it uncovers
        decree = q[d]
        if len(decree) == 2:
            del q[d]
            self.cursor = d
        else:
            q[d] = decree[:-1]
            self.cursor = d if self.options & O_DECREE_UNCOVER else d + 1
        self._to_pile(me, DECREE, DISCARDED)
        self.log = ((E_DISCARD, me, DECREE), self.log)
        self._advance()

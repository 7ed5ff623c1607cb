"""Move generation: which decisions a position allows, and why a move is refused.

``State.legal_moves`` asks ``_generate`` once per position (the result is cached;
the round flow stores it itself when it has just listed the choices of the decision it
sets: a reveal of a known card, the targets or the sources of an ability);
this is the hottest code of a bot's playout, so placements come from tables built
once per hand mask, and the ability helpers (``_targets``, ``_victims``,
``_sources``, ``_destinations``) return plain lists the round flow reuses to know
whether an ability has any choice at all.  ``_alias`` and ``_illegal`` turn a move
that is not in the list into the accepted other spelling or a message a player reads.

``Generation`` is a mixin of ``pygames.oriflamme.state.State``: it reads the
position's fields and never changes them.
"""

from __future__ import annotations

from operator import itemgetter

from pygames.core.errors import IllegalMove
from pygames.oriflamme.cards import ARCHER, FACE_UP, HAND_TYPES, SHAPESHIFTER, SOLDIER, UNKNOWN
from pygames.oriflamme.moves import (
    COPY_OF,
    GAP_AT,
    KEEP_MOVE,
    ON_SLOT,
    PLACE,
    PLACE_LEFT,
    PLACE_ON,
    PLACE_RIGHT,
    REVEAL,
    REVEAL_AS,
    REVEAL_PLAIN,
    RIGHT,
    SHOW,
    SHOW_AS,
    STEAL_FROM,
    TARGET_AT,
    Move,
)
from pygames.oriflamme.rules import (
    DECISIONS,
    HIDDEN,
    O_ARCHER_SELF,
    O_ASSASSIN_SELF,
    O_DECREE_STACK,
    O_DECREE_STAY,
    O_OWN_FORCED,
    O_SHIFT_SHIFT,
    O_SPY_SELF,
    OVER,
    P_COPY,
    P_DECREE,
    P_DEST,
    P_REVEAL,
    P_SHOW,
    P_STEAL,
    P_TARGET,
    PLACING,
    RESOLVING,
)

_ENDS_OF = tuple((PLACE_LEFT[t], PLACE_RIGHT[t]) for t in range(11))
_LEFT_ONLY = tuple(tuple(PLACE_LEFT[t] for t in kinds) for kinds in HAND_TYPES)
_BOTH_ENDS = tuple(tuple(m for t in kinds for m in _ENDS_OF[t]) for kinds in HAND_TYPES)
#: The choice at a visited face-down card of known type.
PLAIN_REVEAL = (REVEAL_PLAIN, KEEP_MOVE)


class Generation:
    """The legal moves of a position and the refusals of moves that are not (see the module docstring)."""

    __slots__ = ()

    def _generate(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        q = self.queue
        if phase == PLACING:
            p = (self.start + self.round - 1 + self.placed) % self.players
            hand = self.hands[p]
            if hand == HIDDEN:
                hand = 1 << UNKNOWN
            if not q:
                return _LEFT_ONLY[hand]
            if self.round == 1:
                return _BOTH_ENDS[hand]
            own = [i for i, slot in enumerate(q) if slot[0] == p]
            if not own:
                return _BOTH_ENDS[hand]
            moves: list[Move] = []
            if len(own) == 1:
                i = own[0]
                for t in HAND_TYPES[hand]:
                    moves += _ENDS_OF[t]
                    moves.append(PLACE_ON[t][i])
            else:
                on_own = itemgetter(*own)  # a tuple of PLACE_ON[t]'s moves on the mover's slots
                for t in HAND_TYPES[hand]:
                    moves += _ENDS_OF[t]
                    moves += on_own(PLACE_ON[t])
            return tuple(moves)
        pending = self.pending
        cur = self.cursor
        if pending == P_REVEAL:
            slot = q[cur]
            if slot[-1] & 15 != UNKNOWN:
                return PLAIN_REVEAL
            return tuple(REVEAL_AS[t] for t in self.possible_types(slot[0])) + (KEEP_MOVE,)
        if pending == P_TARGET:
            return tuple([TARGET_AT[i] for i in self._targets(self.parg)])
        if pending == P_STEAL:
            return tuple([STEAL_FROM[v] for v in self._victims()])
        if pending == P_COPY:
            return tuple([COPY_OF[t] for t in self._sources()])
        if pending == P_DECREE:
            return tuple([TARGET_AT[i] for i in range(len(q)) if i != cur])
        if pending == P_DEST:
            return self._destinations()
        if pending == P_SHOW:
            slot = q[self.parg]
            t = slot[-1] & 15
            if t != UNKNOWN:
                return (SHOW_AS[t],)
            return tuple(SHOW_AS[t] for t in self.possible_types(slot[0]))
        raise AssertionError("no decision pending")

    def _targets(self, kind: int) -> list[int]:
        """Slots the acting card (top of the cursor slot) may eliminate with ``kind``'s ability."""
        q = self.queue
        cur = self.cursor
        n = len(q)
        if kind == ARCHER:
            targets = [0] if n == 1 else [0, n - 1]
            if not self.options & O_ARCHER_SELF and cur in targets:
                targets.remove(cur)
        elif kind == SOLDIER:
            targets = [i for i in (cur - 1, cur + 1) if 0 <= i < n]
        elif self.options & O_ASSASSIN_SELF:
            targets = list(range(n))
        else:
            targets = [i for i in range(n) if i != cur]
        if self.options & O_OWN_FORCED:
            me = q[cur][0]
            others = [i for i in targets if q[i][0] != me]
            if others:
                return others
        return targets

    def _victims(self) -> list[int]:
        """Seats a Spy at the cursor may steal from: owners of its neighbour slots."""
        q = self.queue
        cur = self.cursor
        owners = set()
        if cur > 0:
            owners.add(q[cur - 1][0])
        if cur + 1 < len(q):
            owners.add(q[cur + 1][0])
        if not self.options & O_SPY_SELF and len(owners) > 1:
            owners.discard(q[cur][0])
        return sorted(owners)

    def _sources(self) -> list[int]:
        """Types a Shapeshifter at the cursor may copy: its face-up neighbours."""
        q = self.queue
        cur = self.cursor
        kinds = set()
        for i in (cur - 1, cur + 1):
            if 0 <= i < len(q):
                top = q[i][-1]
                if top & FACE_UP:
                    t = top & 15
                    if t != SHAPESHIFTER or self.options & O_SHIFT_SHIFT:
                        kinds.add(t)
        return sorted(kinds)

    def _destinations(self) -> tuple[Move, ...]:
        """Where the Royal Decree may put the picked card: gaps of the queue, or (option) own stacks."""
        q = self.queue
        j = self.parg
        single = len(q[j]) == 2
        stay = self.options & O_DECREE_STAY
        moves = [GAP_AT[k] for k in range(len(q) + 1) if not single or (k != j + 1 and (k != j or stay))]
        if self.options & O_DECREE_STACK:
            owner = q[j][0]
            cur = self.cursor
            moves.extend(
                ON_SLOT[i]
                for i, slot in enumerate(q)
                if slot[0] == owner and i != cur and (i != j or (stay and not single))
            )
        return tuple(moves)

    def _alias(self, move: Move, legal: tuple[Move, ...]) -> Move:
        """Other spellings of a legal move: the public forms ``reveal <Type>`` / ``show <Type>`` of a
        known card, and ``right`` on an empty queue; otherwise an IllegalMove a player can read."""
        if self.phase == RESOLVING and (
            (move.kind == REVEAL and self.pending == P_REVEAL) or (move.kind == SHOW and self.pending == P_SHOW)
        ):
            actual = self.queue[self.cursor if move.kind == REVEAL else self.parg][-1] & 15
            if actual != UNKNOWN and move.a >= 0:
                if move.kind == REVEAL and move.a == actual:
                    return REVEAL_PLAIN
                raise IllegalMove("oriflamme.error.not_that_card", move=str(move))
        if self.phase == PLACING and move.kind == PLACE and move.b == RIGHT and not self.queue:
            alias = PLACE_LEFT[move.a]
            if alias in legal:
                return alias
        raise self._illegal(move)

    def _illegal(self, move: Move) -> IllegalMove:
        if self.phase == OVER:
            return IllegalMove("error.game_over")
        if self.phase == PLACING:
            if move.kind != PLACE:
                return IllegalMove("oriflamme.error.must_place", move=str(move))
            if move.a != UNKNOWN and self.hands[self.to_move] != HIDDEN and not self.hands[self.to_move] >> move.a & 1:
                return IllegalMove("oriflamme.error.not_in_hand", move=str(move))
            if move.b >= 0:
                if self.round == 1:
                    return IllegalMove("oriflamme.error.stack_round_one", move=str(move))
                return IllegalMove("oriflamme.error.stack_own", move=str(move))
            return IllegalMove("oriflamme.error.illegal", move=str(move))
        return IllegalMove(f"oriflamme.error.expected.{DECISIONS[self.pending]}", move=str(move))

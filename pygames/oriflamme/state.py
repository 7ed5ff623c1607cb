"""Oriflamme positions and the rules of ``docs/rules/oriflamme.md`` (sections 2-7).

A ``State`` is immutable from the outside: ``play`` returns a new one.  Inside, a
child state is built by copying the parent's small lists and then mutated by the
private rule functions; a published state is never mutated again.

Seats 0..N-1 sit clockwise ("to the left" = next seat).  The queue is stored in
resolution order: slot 0 is resolved first (the page draws it at the left end).
A slot is a tuple ``(owner, bottom card, ..., top card)``; a card is an int (see
``pygames.oriflamme.cards``): its type (or ``UNKNOWN``), the face-up bit and its
tokens.

Who decides (``to_move``):

* placement: the seats in turn from the round's first player;
* a visited face-down card: its owner (``reveal`` or ``keep``);
* an ability's choice (``target``, ``steal``, ``copy``, the Decree's ``target`` and
  ``gap``/``on``): the owner of the acting card;
* a face-down card that is eliminated: its owner, who ``show``s it (the only device
  that knows it); what follows (an Ambush striking back) depends on what is shown.

An ability with one legal choice is still a decision with one legal move (the page
plays a lone move by itself); an ability with no legal choice does nothing and asks
nothing (a Lord, an Heir, a Conspiracy or an Ambush never asks).  Everything between
two decisions (face-up cards acting on their own, discards, uncovered cards, the end
of a round) happens inside ``play``; the log records it.

Hidden information: a position may hold cards of unknown type (another seat's
hand, removed cards and face-down cards as seen on one player's device): hands and
removed piles of ``HIDDEN``, queue cards of type ``UNKNOWN``.  Such a position
(``from_view``) plays on: the seat's own moves as usual, another seat's
placement as ``place ? ...``, and a reveal or show of an unknown card names the
card (``reveal Lord``, ``show Ambush``) among the types that seat may still hold.
"""

from __future__ import annotations

from typing import Any

from pygames.core.position import TextPosition
from pygames.core.errors import BadPosition, IllegalMove
from pygames.core.outcome import Outcome, seat_params
from pygames.core.rng import Rng
from pygames.oriflamme.cards import (
    AMBUSH,
    ARCHER,
    ASSASSINATION,
    CONSPIRACY,
    DECREE,
    FACE_UP,
    FAMILY,
    HEIR,
    LORD,
    SHAPESHIFTER,
    SOLDIER,
    SPY,
    TYPES,
    UNKNOWN,
)
from pygames.oriflamme.moves import (
    COPY,
    COPY_OF,
    GAP,
    GAP_AT,
    KEEP,
    KEEP_MOVE,
    LEFT,
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
    STEAL,
    STEAL_FROM,
    TARGET,
    TARGET_AT,
    Move,
    parse,
)

MIN_PLAYERS, MAX_PLAYERS = 3, 5
ROUNDS = 6
HAND_SIZE = 7
REMOVED = 3
START_INFLUENCE = 1
#: A hand or removed pile whose cards the position does not know.
HIDDEN = -1

# --- options: the UNCONFIRMED points of the rules page, as named switches ----------
#: name -> (bit, default, section of docs/rules/oriflamme.md).  Stored in the state as one int of bits.
OPTION_BITS: dict[str, tuple[int, bool, str]] = {
    "archer_may_target_self": (1, True, "5 Archer, 6 #25"),
    "own_targets_only_if_forced": (2, False, "5 Soldier, 9"),
    "ambush_triggers_on_intrigue": (4, True, "5 Ambush, 6 #9"),
    "shapeshifter_copies_shapeshifter": (8, False, "5 Shapeshifter"),
    "spy_may_choose_self": (16, True, "5 Spy"),
    "decree_may_stack": (32, False, "5 Royal Decree, 6 #20"),
    "decree_may_stay": (64, False, "5 Royal Decree"),
    "decree_uncovered_visited_next": (128, True, "3.4"),
    "tiebreak_counts_covered": (256, True, "7"),
    "assassination_may_target_self": (512, False, "5 Assassination"),
}
O_ARCHER_SELF, O_OWN_FORCED, O_AMBUSH_INTRIGUE, O_SHIFT_SHIFT, O_SPY_SELF = 1, 2, 4, 8, 16
O_DECREE_STACK, O_DECREE_STAY, O_DECREE_UNCOVER, O_TIE_COVERED = 32, 64, 128, 256
O_ASSASSIN_SELF = 512
DEFAULT_OPTIONS = sum(bit for bit, default, _ in OPTION_BITS.values() if default)
#: Every rule option (keyword argument of ``new_game``) with its default, the page's ruling.
OPTIONS: dict[str, bool] = {name: default for name, (_, default, _) in OPTION_BITS.items()}

# --- phases and pending decisions ---------------------------------------------------
PLACING, RESOLVING, OVER = 0, 1, 2
P_NONE, P_REVEAL, P_TARGET, P_STEAL, P_COPY, P_DECREE, P_DEST, P_SHOW = range(8)

# --- log events: tuples (code, ...) kept for the current and the previous round ----
E_ROUND, E_PLACE, E_KEEP, E_REVEAL, E_ELIM, E_AMBUSH, E_DISCARD = range(7)
E_LORD, E_HEIR, E_STEAL, E_COPY, E_MOVE, E_IDLE, E_END = range(7, 14)
#: Reasons a card sits in an out-of-play pile (pile entries are ``type | reason << 4``).
ELIMINATED, DISCARDED = 0, 1

_STAYS, _GONE, _PENDING = 0, 1, 2

#: HAND_TYPES[mask] = the card types in a hand mask, ascending (bit 10: the unknown card).
HAND_TYPES = tuple(tuple(t for t in range(11) if m >> t & 1) for m in range(1 << 11))
_ENDS_OF = tuple((PLACE_LEFT[t], PLACE_RIGHT[t]) for t in range(11))
_LEFT_ONLY = tuple(tuple(PLACE_LEFT[t] for t in kinds) for kinds in HAND_TYPES)
_BOTH_ENDS = tuple(tuple(m for t in kinds for m in _ENDS_OF[t]) for kinds in HAND_TYPES)
_PLAIN_REVEAL = (REVEAL_PLAIN, KEEP_MOVE)
_new = object.__new__


class State(TextPosition):
    """An Oriflamme position (see the module docstring).  Attributes are read-only.

    ``players``; ``options`` (int of option bits; ``option(name)`` reads one);
    ``start`` (first player of round 1); ``round`` (1..6); ``phase`` (PLACING,
    RESOLVING, OVER); ``placed`` (cards placed this round); ``cursor`` (slot being
    visited); ``pending`` and ``parg`` (the decision awaited and its argument);
    ``pools``; ``hands`` and ``removed`` (bit masks of types, or HIDDEN);
    ``queue`` (slots); ``out`` (per seat: pile entries); ``outcome``.
    """

    GAME = "oriflamme"
    __slots__ = ("players", "options", "start", "round", "phase", "placed", "cursor", "pending", "parg",
                 "pools", "hands", "removed", "queue", "out", "log", "prevlog", "outcome", "_legal")

    players: int
    options: int
    start: int
    round: int
    phase: int
    placed: int
    cursor: int
    pending: int
    parg: int
    pools: list[int]
    hands: tuple[int, ...]
    removed: tuple[int, ...]
    queue: list[tuple[int, ...]]
    out: tuple[tuple[int, ...], ...]
    outcome: Outcome | None

    # --- the protocol -------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        phase = self.phase
        if phase == PLACING:
            return (self.start + self.round - 1 + self.placed) % self.players
        if phase == OVER:
            return None
        if self.pending == P_SHOW:
            return self.queue[self.parg][0]
        return self.queue[self.cursor][0]

    @property
    def first_player(self) -> int:
        """The first player of the current round (the tile passes left each round)."""
        return (self.start + self.round - 1) % self.players

    def option(self, name: str) -> bool:
        return bool(self.options & OPTION_BITS[name][0])

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves, in this fixed order:

        * placement: by card type (Ambush, Archer, ..., Spy: alphabetical), and for
          each card ``left``, ``right``, then ``on N`` for the mover's slots in
          queue order (only ``left`` on an empty queue; ``place ? ...`` for a hand
          the position does not know);
        * a visited face-down card: ``reveal``, ``keep`` (for a card of unknown
          type: ``reveal <Type>`` for each possible type, then ``keep``);
        * ``target N``: ascending slot; Decree destinations: ``gap K`` ascending, then
          (option ``decree_may_stack``) ``on N`` ascending;
        * ``steal pK``: ascending seat; ``copy T`` and ``show T``: by type.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal

    def play(self, move: Move | str) -> "State":
        """The position after ``move``; raises IllegalMove (a ValueError) if it is not legal."""
        if type(move) is not Move:
            move = parse(str(move))
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        if move not in legal:
            move = self._alias(move, legal)
        s = self._child()
        s._do(move)
        return s

    def public_notation(self, move: Move | str) -> str:
        """What the other seats may learn of ``move`` (a legal move of this position): a
        placement hides its card (``place ? left``), a reveal names its card (``reveal Lord``);
        other moves are public as they are.  Played on another seat's ``from_view`` position,
        the public form has the same effect there."""
        if type(move) is not Move:
            move = parse(str(move))
        if move.kind == PLACE:
            return str(PLACE_LEFT[UNKNOWN] if move.b == LEFT else PLACE_RIGHT[UNKNOWN] if move.b == RIGHT
                       else PLACE_ON[UNKNOWN][move.b])
        if move.kind == REVEAL and move.a < 0 and self.phase == RESOLVING:
            t = self.queue[self.cursor][-1] & 15
            if t != UNKNOWN:
                return str(REVEAL_AS[t])
        return str(move)

    def _play_legal(self, move: Move) -> "State":
        """Apply a move known to be in ``legal_moves()`` (the fast path for search)."""
        child = self._child()
        child._do(move)
        return child

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Everything ``seat`` may know (None: a spectator), JSON-safe: see ``pygames.oriflamme.view``."""
        from pygames.oriflamme.view import state_view

        return state_view(self, seat)

    def to_text(self) -> str:
        """The position text (see ``pygames.oriflamme.text``); ``from_text`` reads it back."""
        from pygames.oriflamme.text import to_text

        return to_text(self)


    # --- derived facts ---------------------------------------------------------------

    def hand_count(self, seat: int) -> int:
        """Cards in ``seat``'s hand (known even when the hand itself is hidden)."""
        done = self.round - 1
        if self.phase != PLACING or (seat - self.first_player) % self.players < self.placed:
            done += 1
        return HAND_SIZE - done

    def queue_cards(self, seat: int, covered: bool | None = None) -> int:
        """``seat``'s cards in the queue: all of them, or top cards only (the tie-break count)."""
        if covered is None:
            covered = bool(self.options & O_TIE_COVERED)
        if covered:
            return sum(len(slot) - 1 for slot in self.queue if slot[0] == seat)
        return sum(1 for slot in self.queue if slot[0] == seat)

    def known_types(self, seat: int) -> int:
        """Mask of ``seat``'s card types this position knows the place of."""
        mask = 0
        if self.hands[seat] != HIDDEN:
            mask |= self.hands[seat]
        if self.removed[seat] != HIDDEN:
            mask |= self.removed[seat]
        for slot in self.queue:
            if slot[0] == seat:
                for card in slot[1:]:
                    if card & 15 != UNKNOWN:
                        mask |= 1 << (card & 15)
        for entry in self.out[seat]:
            mask |= 1 << (entry & 15)
        return mask

    def possible_types(self, seat: int) -> tuple[int, ...]:
        """Types one of ``seat``'s unknown cards may be (those not known to be elsewhere)."""
        return HAND_TYPES[FAMILY & ~self.known_types(seat)]

    # --- move generation ---------------------------------------------------------------

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
            own = [i for i, slot in enumerate(q) if slot[0] == p] if self.round > 1 else None
            if not own:
                return _BOTH_ENDS[hand]
            moves = []
            for t in HAND_TYPES[hand]:
                moves += _ENDS_OF[t]
                on = PLACE_ON[t]
                moves += [on[i] for i in own]
            return tuple(moves)
        pending = self.pending
        cur = self.cursor
        if pending == P_REVEAL:
            slot = q[cur]
            if slot[-1] & 15 != UNKNOWN:
                return _PLAIN_REVEAL
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
        moves = [GAP_AT[k] for k in range(len(q) + 1)
                 if not single or (k != j + 1 and (k != j or stay))]
        if self.options & O_DECREE_STACK:
            owner = q[j][0]
            cur = self.cursor
            moves.extend(ON_SLOT[i] for i, slot in enumerate(q)
                         if slot[0] == owner and i != cur and (i != j or (stay and not single)))
        return tuple(moves)

    def _alias(self, move: Move, legal: tuple[Move, ...]) -> Move:
        """Other spellings of a legal move: the public forms ``reveal <Type>`` / ``show <Type>`` of a
        known card, and ``right`` on an empty queue; otherwise an IllegalMove a player can read."""
        if self.phase == RESOLVING and (
                (move.kind == REVEAL and self.pending == P_REVEAL) or (move.kind == SHOW and self.pending == P_SHOW)):
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
        expected = {P_REVEAL: "reveal", P_TARGET: "target", P_STEAL: "steal", P_COPY: "copy",
                    P_DECREE: "decree", P_DEST: "destination", P_SHOW: "show"}[self.pending]
        return IllegalMove(f"oriflamme.error.expected.{expected}", move=str(move))

    # --- applying a move (on a fresh child only) ----------------------------------------

    def _child(self) -> "State":
        s = _new(State)
        s.players = self.players
        s.options = self.options
        s.start = self.start
        s.round = self.round
        s.phase = self.phase
        s.placed = self.placed
        s.cursor = self.cursor
        s.pending = self.pending
        s.parg = self.parg
        s.pools = self.pools[:]
        s.hands = self.hands
        s.removed = self.removed
        s.queue = self.queue[:]
        s.out = self.out
        s.log = self.log
        s.prevlog = self.prevlog
        s.outcome = None
        s._legal = None
        return s

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
            self._finish(_STAYS)
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
                return
            r = self._act(top & 15)
            if r == _PENDING:
                return
            if r == _STAYS:
                self.cursor = cur + 1

    def _finish(self, result: int) -> None:
        """The visited card's ability is over: next visit (the uncovered card or the next slot)."""
        if result == _STAYS:
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
        if r != _PENDING:
            self._finish(r)

    def _act(self, t: int) -> int:
        """Apply the ability of the card at the cursor (type ``t``); _PENDING if a choice is needed."""
        q = self.queue
        cur = self.cursor
        me = q[cur][0]
        if t == LORD:
            self._lord(me, LORD)
            return _STAYS
        if t == HEIR:
            self._heir(me, HEIR, HEIR)
            return _STAYS
        if t == ARCHER or t == SOLDIER or t == ASSASSINATION:
            if self._targets(t):
                self.pending = P_TARGET
                self.parg = t
                return _PENDING
            self.log = ((E_IDLE, me, t), self.log)
            if t == ASSASSINATION:
                self._discard(cur, me, t)
                return _GONE
            return _STAYS
        if t == SPY:
            if len(q) > 1:
                self.pending = P_STEAL
                return _PENDING
            self.log = ((E_IDLE, me, t), self.log)
            return _STAYS
        if t == SHAPESHIFTER:
            if self._sources():
                self.pending = P_COPY
                return _PENDING
            self.log = ((E_IDLE, me, t), self.log)
            return _STAYS
        if t == DECREE:
            if len(q) > 1:
                self.pending = P_DECREE
                return _PENDING
            self.log = ((E_IDLE, me, t), self.log)
            if len(q[cur]) > 2 and not self.options & O_DECREE_UNCOVER:
                self._discard(cur, me, t)
                return _STAYS  # the uncovered card waits for the next round (option)
        # Ambush and Conspiracy were paid on reveal; both (and a Decree with nothing to move) leave now
        self._discard(cur, me, t)
        return _GONE

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
            if self._targets(t):
                self.pending = P_TARGET
                self.parg = t
                return
            self.log = ((E_IDLE, me, SHAPESHIFTER), self.log)
        elif t == SPY:
            if len(self.queue) > 1:
                self.pending = P_STEAL
                return
        self._finish(_STAYS)

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
            return _GONE
        self._pop(i)
        self._to_pile(owner, t, ELIMINATED)
        if i == cur:
            return _GONE
        if a == ASSASSINATION:
            self._discard(self.cursor, me, a)
            return _GONE
        return _STAYS

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

    def _end_round(self) -> None:
        self.pending = P_NONE
        if self.round == ROUNDS:
            self.phase = OVER
            self.outcome = _judge(self)
            self.log = ((E_END,), self.log)
            return
        self.round += 1
        self.phase = PLACING
        self.placed = 0
        self.prevlog = self.log
        self.log = ((E_ROUND, self.round, (self.start + self.round - 1) % self.players), None)


def _judge(s: State) -> Outcome:
    """Section 7: most influence; tie-break most own cards in the queue; then a shared win."""
    pools = s.pools
    best = max(pools)
    tied = [p for p in range(s.players) if pools[p] == best]
    names = {p: seat_params(p)["name"] for p in range(s.players)}
    if len(tied) == 1:
        (w,) = tied
        return Outcome(tuple(pools), (w,), "score", "oriflamme.win.score", {**seat_params(w), "score": best})
    counts = {p: s.queue_cards(p) for p in tied}
    most = max(counts.values())
    winners = tuple(p for p in tied if counts[p] == most)
    covered = "covered" if s.options & O_TIE_COVERED else "top"
    if len(winners) == 1:
        (w,) = winners
        others = [p for p in tied if p != w]
        return Outcome(tuple(pools), winners, "tiebreak", f"oriflamme.win.tiebreak.{covered}", {
            **seat_params(w), "score": best, "cards": most,
            "others": ", ".join(names[p] for p in others), "other_seats": others,
            "other_cards": max(counts[p] for p in others)})
    return Outcome(tuple(pools), winners, "shared", f"oriflamme.win.shared.{covered}", {
        "score": best, "cards": most, "names": ", ".join(names[p] for p in winners), "seats": list(winners)})


def new_game(players: int = 4, seed: int = 0, *, first_player: int | None = None, **options: bool) -> State:
    """A fresh game for 3-5 players, dealt from ``seed``.

    Each family is shuffled with ``pygames.core.rng.Rng(seed)`` (seat 0's first), 3
    cards are removed face down and 7 kept in hand; everyone starts with 1 influence.
    ``first_player`` is the seat that places first in round 1 (drawn from the seed
    when None: BGA's choice is UNCONFIRMED).  ``options`` are the named
    rule options of ``OPTIONS`` (UNCONFIRMED points), each defaulting to the page's ruling.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadPosition("error.players", game="Oriflamme", min=MIN_PLAYERS, max=MAX_PLAYERS)
    bits = options_bits(options)
    rng = Rng(seed)
    hands, removed = [], []
    for _ in range(players):
        family = list(TYPES)
        rng.shuffle(family)
        removed.append(sum(1 << t for t in family[:REMOVED]))
        hands.append(sum(1 << t for t in family[REMOVED:]))
    if first_player is None:
        first_player = rng.below(players)
    elif isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < players:
        raise BadPosition("oriflamme.error.first_player", players=players)
    return make_state(players, bits, first_player, tuple(hands), tuple(removed))


def options_bits(options: dict[str, Any]) -> int:
    """The option int for named options over the defaults; BadPosition for an unknown name."""
    bits = DEFAULT_OPTIONS
    for name, value in options.items():
        if name not in OPTION_BITS or not isinstance(value, bool):
            raise BadPosition("oriflamme.error.option", option=str(name)[:40])
        bit = OPTION_BITS[name][0]
        bits = bits | bit if value else bits & ~bit
    return bits


def options_dict(bits: int) -> dict[str, bool]:
    return {name: bool(bits & bit) for name, (bit, _, _) in OPTION_BITS.items()}


def make_state(players: int, options: int, start: int, hands: tuple[int, ...], removed: tuple[int, ...], *,
               round: int = 1, phase: int = PLACING, placed: int = 0, cursor: int = 0, pending: int = P_NONE,
               parg: int = 0, pools: list[int] | None = None, queue: list[tuple[int, ...]] | None = None,
               out: tuple[tuple[int, ...], ...] | None = None) -> State:
    """A State from its fields as they are (no checks: ``from_text`` checks)."""
    s = State.__new__(State)
    s.players = players
    s.options = options
    s.start = start
    s.round = round
    s.phase = phase
    s.placed = placed
    s.cursor = cursor
    s.pending = pending
    s.parg = parg
    s.pools = list(pools) if pools is not None else [START_INFLUENCE] * players
    s.hands = tuple(hands)
    s.removed = tuple(removed)
    s.queue = list(queue) if queue is not None else []
    s.out = tuple(out) if out is not None else ((),) * players
    s.log = ((E_ROUND, round, (start + round - 1) % players), None) if phase == PLACING and placed == 0 else None
    s.prevlog = None
    s.outcome = _judge(s) if phase == OVER else None
    s._legal = None
    return s


def resolve_from(state: State, cursor: int) -> State:
    """``state`` in its resolution phase, about to visit slot ``cursor`` (0-based), advanced to
    the first decision (for tests and analysis: e.g. the worked examples, whose
    "before" positions are the start of a visit, which no resting position is)."""
    s = state._child()
    s.phase = RESOLVING
    s.placed = 0
    s.cursor = cursor
    s.pending = P_NONE
    s._advance()
    return s

"""A link game as one device sees it: the record replayed by the rules, with the keys
this device holds.

The replay is the only source of truth: joins fill seats, the creator's start fixes
the shared seed, moves are checked against the public position's legal moves, and
decisions nobody needs to make (a lone legal move, a standing order) are played by
every device alike without being written down.  ``settle`` adds the events this
device owes without asking anyone (the creator's start, a forced choice of its own
seat, its key once the game is over), so a decision never costs a hop it need not.
"""

from __future__ import annotations

from typing import Any

from pygames import GAMES
from pygames.core.errors import IllegalMove
from pygames.core.i18n import tr
from pygames.link.commit import creator_rand, rand_commitment, seat_commitment, shared_seed
from pygames.link.errors import BadLink
from pygames.link.games import GAME_CLASSES, Game, Problem
from pygames.link.wire import Join, Move, Order, Record, Secret, Start

JOINING, PLAYING, REVEALING, OVER = "joining", "playing", "revealing", "over"


class Table:
    """Replay ``record`` for a device holding ``keys`` (seat -> 16-byte key; keys that match no
    seat's commitment are ignored).  BadLink for a record the rules refuse."""

    def __init__(self, record: Record, keys: dict[int, bytes] | None = None) -> None:
        header = record.header
        self.record = Record(header, ())
        self.kind = GAME_CLASSES[header.game]
        if header.players not in GAMES[header.game].PLAYER_COUNTS:
            raise BadLink("link.error.corrupted")
        self.kind.options_dict(header.options)  # refuses option bits the game does not have
        self.keys = dict(keys or {})
        self.commitments: list[bytes | None] = [header.seat0] + [None] * (header.players - 1)
        self.game: Game | None = None
        #: Public moves in order, forced ones included: (seat, notation, event or None).
        self.history: list[tuple[int | None, str, Move | None]] = []
        self.revealed: dict[int, bytes] = {}
        self.problem: Problem | None = None
        for event in record.events:
            self.add(event)

    # --- replay ------------------------------------------------------------------------------
    def add(self, event: Any) -> None:
        """Apply one more event (BadLink if the rules or the record's order refuse it)."""
        kind = type(event)
        if self.problem is not None and kind is not Secret:
            raise BadLink("link.error.broken")
        if kind is Join:
            self._join(event)
        elif kind is Start:
            self._start(event)
        elif kind is Move:
            if self.phase != PLAYING:
                raise BadLink("link.error.out_of_order")
            seat = self.game.to_move()
            self.history.append((seat, self.game.play(event), event))
            self._forced()
        elif kind is Order:
            if self.phase != PLAYING or not self.game.order(event.seat, event.kind):
                raise BadLink("link.error.out_of_order")
            self._forced()
        else:
            self._secret(event)
        self.record = self.record.extend(event)

    def _join(self, event: Join) -> None:
        if self.game is not None or not 1 <= event.seat < self.players:
            raise BadLink("link.error.out_of_order")
        if self.commitments[event.seat] is not None or event.commitment in self.commitments:
            raise BadLink("link.error.seat_taken", name=self.names[event.seat])
        self.commitments[event.seat] = event.commitment

    def _start(self, event: Start) -> None:
        if self.game is not None or None in self.commitments:
            raise BadLink("link.error.out_of_order")
        if rand_commitment(event.rand) != self.record.header.rand0:
            self.problem = Problem(0, "link.audit.rand")
            return
        seed = shared_seed(event.rand, self.commitments)
        self.game = self.kind(self.record.header, seed, self.held_keys())
        self._forced()

    def _secret(self, event: Secret) -> None:
        if self._stage() != REVEALING or event.seat >= self.players or event.seat in self.revealed:
            raise BadLink("link.error.out_of_order")
        self.revealed[event.seat] = event.key
        if seat_commitment(event.key) != self.commitments[event.seat]:
            self.problem = self.problem or Problem(event.seat, "link.audit.key")
        elif len(self.revealed) == self.players and self.problem is None:
            try:
                self.game.audit(self.history, self.revealed)
            except Problem as problem:
                self.problem = problem

    def _forced(self) -> None:
        game = self.game
        while not game.over():
            index = game.forced()
            if index is None:
                return
            seat = game.to_move()
            self.history.append((seat, game.play(Move(index)), None))

    # --- facts ---------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.record.header.players

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name or tr("link.seat", number=i + 1) for i, name in enumerate(self.record.header.names))

    @property
    def phase(self) -> str:
        """joining, playing, revealing (keys for the audit) or over (also when a commitment broke)."""
        return OVER if self.problem is not None else self._stage()

    def _stage(self) -> str:
        if self.game is None:
            return JOINING
        if not self.game.over():
            return PLAYING
        if self.game.reveals_keys and len(self.revealed) < self.players:
            return REVEALING
        return OVER

    def held_keys(self) -> dict[int, bytes]:
        """The seats this device plays: its keys that match a seat's commitment."""
        return {
            seat: key
            for seat, key in self.keys.items()
            if 0 <= seat < self.players and self.commitments[seat] == seat_commitment(key)
        }

    def next(self) -> dict[str, Any] | None:
        """Who needs the link now and for what, or None when nobody does."""
        phase = self.phase
        if phase == JOINING:
            if None in self.commitments:
                return self._who(self.commitments.index(None), "join")
            return self._who(0, "start")
        if phase == PLAYING:
            return self._who(self.game.to_move(), "move")
        if phase == REVEALING:
            return self._who(min(set(range(self.players)) - set(self.revealed)), "reveal")
        return None

    def _who(self, seat: int, action: str) -> dict[str, Any]:
        return {"seat": seat, "name": self.names[seat], "action": action}

    def my_turn(self) -> bool:
        return self.phase == PLAYING and self.game.to_move() in self.held_keys()

    # --- this device's events -------------------------------------------------------------
    def settle(self) -> None:
        """Add every event this device owes without a decision."""
        held = self.held_keys()
        while self.problem is None:
            phase = self.phase
            if phase == JOINING and None not in self.commitments and 0 in held:
                self.add(Start(creator_rand(held[0])))
            elif phase == PLAYING and self.game.to_move() in held and self.game.my_forced() is not None:
                self.add(self.game.encode(str(self.game.my_forced())))
            elif phase == REVEALING and set(held) - set(self.revealed):
                seat = min(set(held) - set(self.revealed))
                self.add(Secret(seat, held[seat]))
            else:
                return

    def play(self, move: str, keep_hidden: bool = False) -> None:
        """This device's seat to move plays ``move`` (IllegalMove if it may not)."""
        if not self.my_turn():
            raise IllegalMove("link.error.not_your_turn")
        event = self.game.encode(str(move)[:80])
        seat = self.game.to_move()
        if keep_hidden and self.game.keeps_hidden and not self.game.ordered(seat):
            self.add(Order(seat, 0))
        self.add(event)
        self.settle()

    def join(self, seat: int, key: bytes) -> None:
        if not isinstance(seat, int) or not 1 <= seat < self.players or self.phase != JOINING:
            raise BadLink("link.error.out_of_order")
        self.add(Join(seat, seat_commitment(key)))
        self.keys[seat] = key
        self.settle()

    # --- the audit --------------------------------------------------------------------------
    def audit(self) -> dict[str, Any]:
        if self.problem is not None:
            p = self.problem
            text = tr(p.key, name=self.names[p.seat], **p.params)
            return {
                "state": "failed",
                "text": text,
                "problems": [
                    {
                        "seat": p.seat,
                        "name": self.names[p.seat],
                        "key": p.key,
                        "params": {"name": self.names[p.seat], **p.params},
                        "text": text,
                    }
                ],
            }
        if self.phase != OVER:
            return {"state": "pending", "text": tr("link.audit.pending"), "problems": []}
        return {"state": "verified", "text": tr("link.audit.verified"), "problems": []}


def relation(new: Record, saved: Record) -> str:
    """How a link's record stands to the copy this device saved of the same game:
    ``same``, ``newer`` (it extends the saved one), ``older`` or ``fork``."""
    a, b = new.chain(), saved.chain()
    if a[0] != b[0]:
        return "other"
    if len(a) == len(b):
        return "same" if a[-1] == b[-1] else "fork"
    if len(a) > len(b):
        return "newer" if a[len(b) - 1] == b[-1] else "fork"
    return "older" if b[len(a) - 1] == a[-1] else "fork"

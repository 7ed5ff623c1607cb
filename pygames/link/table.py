"""A link game as one device sees it: the record replayed by the rules, with the keys
this device holds.

The replay is the only source of truth: joins fill seats, the creator's start reveals
his value and so the shared seed (which his device could compute first: ``commit``),
moves are checked against the public position's legal moves, and decisions nobody needs
to make (a lone legal move, a standing order) are played by every device alike without
being written down.  ``settle`` adds the events this device owes without asking anyone
(the creator's start, a forced choice of its own seat, its key once the game is over), so a
decision never costs a hop it need not.

The end is sealed before any key is shown (link version 3): once the game is over, every
seat that did not make the last move adds a ``Done``, its endorsement of the final position,
and only when every seat has endorsed it do the devices reveal their keys.  A revealed key
lets anyone write tags in that seat's name, so were keys shown earlier (as version 2 did,
with the last move) the next holder could rewrite the ending and re-endorse it; now every
event is covered by the tag of a seat whose key is still secret until the last key, and by
then every seat's device has saved the final position, so a rewrite is a fork it refuses.

Every event speaks for one seat (its author: the joiner, the creator's start, the seat
to move, the seat an order or a key is for).  A device checks its own seats'
endorsements as soon as it opens a link (an event in its name that it did not make is
refused, ``link.error.forged_move``); once every key is in, every device checks every
seat's endorsement (``audit``).  A revealed key or the creator's random value that does
not match its commitment cannot come from that seat's device, so it is refused as a
forgery, never blamed on the seat it names.  A standing order is accepted only where the
page writes one (the seat to move, at its placement, directly followed by that placement),
so every device refuses one written for another seat (``link.error.forged_order``).
"""

from __future__ import annotations

from typing import Any

from pygames import GAMES
from pygames.core.errors import IllegalMove
from pygames.core.i18n import tr
from pygames.link.commit import chain, creator_rand, endorsement, rand_commitment, seat_commitment, shared_seed
from pygames.link.errors import BadLink
from pygames.link.games import Game, Problem, adapter
from pygames.link.names import shown_names
from pygames.link.wire import SEALED_END, Done, Join, Move, Order, Record, Secret, Start, event_to_bytes

JOINING, PLAYING, REVEALING, OVER = "joining", "playing", "revealing", "over"
#: The game is over and the seats are endorsing the final position (``Done``); the page sees
#: it as ``revealing``: the result waits for the devices, no key is out yet.
CLOSING = "closing"


class Table:
    """Replay ``record`` for a device holding ``keys`` (seat -> 16-byte key; keys that match no
    seat's commitment are ignored).  BadLink for a record the rules refuse."""

    def __init__(self, record: Record, keys: dict[int, bytes] | None = None) -> None:
        header = record.header
        self.record = Record(header, (), record.tags)
        self.kind = adapter(header.game)
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
        #: Events in a seat's name that its revealed key does not endorse (found once every key is in).
        self.forged: list[Problem] = []
        #: The hash chain's heads: after the header, after event 1, ...
        self.heads = [chain(b"", header.to_bytes())]
        #: The seat each event speaks for, in record order.
        self.authors: list[int] = []
        #: The private position before the record event that made the last public move (for its events).
        self.before_last: Any = None
        #: The seat whose standing order was the last event: its placement must come next.
        self.ordering: int | None = None
        #: The seats that endorsed the final position: the last move's author, then each ``Done``.
        self.closed: set[int] = set()
        for event in record.events:
            self.add(event)
        if self.ordering is not None:  # the page writes an order and its placement in one link
            raise BadLink("link.error.forged_order", name=self.names[self.ordering])
        self._check_own_endorsements()

    # --- replay ------------------------------------------------------------------------------
    def add(self, event: Any, own: bool = False) -> None:
        """Apply one more event (BadLink if the rules or the record's order refuse it); ``own``:
        this device made it, and endorses it."""
        kind = type(event)
        before = self.game.private_position() if self.game is not None else None
        played = len(self.history)
        author = getattr(event, "seat", 0)  # a join, an order, a key; the creator's start
        if self.ordering is not None and kind is not Move:
            raise BadLink("link.error.forged_order", name=self.names[self.ordering])
        if kind is Join:
            self._join(event)
        elif kind is Start:
            self._start(event)
        elif kind is Move:
            if self.phase != PLAYING:
                raise BadLink("link.error.out_of_order")
            author = self.game.to_move()
            self.history.append((author, self.game.play(event), event))
            self.ordering = None  # an order's placement (the order left the position as it was)
            self._forced()
        elif kind is Order:
            self._order(event)
        elif kind is Done:
            self._done(event)
        else:
            self._secret(event)
        if len(self.history) > played:
            self.before_last = before
        self.record = self.record.extend(event)
        self.authors.append(author)
        self.heads.append(chain(self.heads[-1], event_to_bytes(event)))
        if kind is Move and self.game.over():
            # the last move's author endorses the final position with it (version 2: everyone,
            # whose keys then follow at once)
            sealed = self.record.header.version >= SEALED_END
            self.closed = {author} if sealed else set(range(self.players))
        if own:
            self._endorse()
        if kind is Secret and len(self.revealed) == self.players:
            self._final_audit()

    def _join(self, event: Join) -> None:
        if self.game is not None or not 1 <= event.seat < self.players:
            raise BadLink("link.error.out_of_order")
        if self.commitments[event.seat] is not None or event.commitment in self.commitments:
            raise BadLink("link.error.seat_taken", name=self.names[event.seat])
        self.commitments[event.seat] = event.commitment

    def _order(self, event: Order) -> None:
        """A standing order, accepted only where the page writes one (``Game.may_order``; in
        Oriflamme: by the seat to move, at its placement, once a round) and only if that seat's
        placement directly follows it (the next event, checked in ``add``; a record may not end
        on an order).  So an order written for another seat is refused by every device, not
        only by its seat's: nobody can answer "keep" for another seat's reveals."""
        if self.phase != PLAYING or not self.game.keeps_hidden or not 0 <= event.seat < self.players:
            raise BadLink("link.error.out_of_order")
        if not self.game.may_order(event.seat):
            raise BadLink("link.error.forged_order", name=self.names[event.seat])
        if not self.game.order(event.seat, event.kind):
            raise BadLink("link.error.out_of_order")
        self.ordering = event.seat

    def _done(self, event: Done) -> None:
        if self._stage() != CLOSING or not 0 <= event.seat < self.players or event.seat in self.closed:
            raise BadLink("link.error.out_of_order")
        self.closed.add(event.seat)

    def _start(self, event: Start) -> None:
        if self.game is not None or None in self.commitments:
            raise BadLink("link.error.out_of_order")
        if rand_commitment(event.rand) != self.record.header.rand0:
            raise BadLink("link.error.forged_start")  # the creator's device never writes another value
        seed = shared_seed(event.rand, self.commitments)
        self.game = self.kind(self.record.header, seed, self.held_keys())
        self._forced()

    def _secret(self, event: Secret) -> None:
        if self._stage() != REVEALING or event.seat >= self.players or event.seat in self.revealed:
            raise BadLink("link.error.out_of_order")
        if seat_commitment(event.key) != self.commitments[event.seat]:
            # anyone could write a wrong key: it proves nothing about the seat it names
            raise BadLink("link.error.forged_key", name=self.names[event.seat])
        self.revealed[event.seat] = event.key

    def _final_audit(self) -> None:
        """Every key is in: check every seat's endorsement, then (if none is forged) the game's
        own commitments (a claim built on a forged event is no evidence against anyone)."""
        self.forged = [problem for seat, key in self.revealed.items() if (problem := self._forgery(seat, key))]
        if not self.forged:
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
        """The seats' names as players read them (``names.shown_names``: cleaned, the default
        name for an empty one, a seat number beside names that read alike)."""
        return shown_names(self.record.header.names)

    @property
    def phase(self) -> str:
        """joining, playing, revealing (the seats endorse the end, then reveal their keys for the
        audit) or over (also when a commitment broke)."""
        if self.problem is not None or self.forged:
            return OVER
        stage = self._stage()
        return REVEALING if stage == CLOSING else stage

    def _stage(self) -> str:
        if self.game is None:
            return JOINING
        if not self.game.over():
            return PLAYING
        if len(self.closed) < self.players:
            return CLOSING
        if len(self.revealed) < self.players:
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
        if phase == REVEALING and self._stage() == CLOSING:
            return self._who(min(set(range(self.players)) - self.closed), "confirm")
        if phase == REVEALING:
            return self._who(min(set(range(self.players)) - set(self.revealed)), "reveal")
        return None

    def _who(self, seat: int, action: str) -> dict[str, Any]:
        return {"seat": seat, "name": self.names[seat], "action": action}

    def my_turn(self) -> bool:
        return self.phase == PLAYING and self.game.to_move() in self.held_keys()

    # --- endorsements ---------------------------------------------------------------------------
    def unendorsed(self, seat: int, key: bytes) -> list[int] | None:
        """The events (0-based) in ``seat``'s name that its endorsement under ``key`` does not
        cover: ``[]`` when it endorses the seat's latest event; None when it endorses none of
        them (the record before them was changed after the seat moved)."""
        mine = [i for i, author in enumerate(self.authors) if author == seat]
        tag = self.record.tag(seat)
        for i in reversed(mine):
            if endorsement(key, self.heads[i + 1]) == tag:
                return [j for j in mine if j > i]
        return None if mine else []

    def _check_own_endorsements(self) -> None:
        """This device's seats: refuse a record with an event in their name they did not make."""
        for seat, key in self.held_keys().items():
            forged = self.unendorsed(seat, key)
            if forged is None:
                raise BadLink("link.error.changed", name=self.names[seat])
            if forged:
                raise BadLink("link.error.forged_move", name=self.names[seat])

    def _forgery(self, seat: int, key: bytes) -> Problem | None:
        """The audit's finding on ``seat``'s events (its key revealed), or None when it endorses them all."""
        forged = self.unendorsed(seat, key)
        if forged is None:
            return Problem(seat, "link.audit.changed", proven=False)
        if forged:
            return Problem(seat, "link.audit.forged", proven=False, event=forged[0] + 1)
        return None

    def _endorse(self) -> None:
        """Renew this device's endorsements after it added events."""
        for seat, key in self.held_keys().items():
            mine = [i for i, author in enumerate(self.authors) if author == seat]
            if mine:
                self.record = self.record.with_tag(seat, endorsement(key, self.heads[mine[-1] + 1]))

    # --- this device's events -------------------------------------------------------------
    def settle(self) -> None:
        """Add every event this device owes without a decision."""
        held = self.held_keys()
        while True:
            phase = self.phase
            if phase == JOINING and None not in self.commitments and 0 in held:
                self.add(Start(creator_rand(held[0])), own=True)
            elif phase == PLAYING and self.game.to_move() in held and self.game.my_forced() is not None:
                self.add(self.game.encode(str(self.game.my_forced())), own=True)
            elif phase == REVEALING and self._stage() == CLOSING and set(held) - self.closed:
                self.add(Done(min(set(held) - self.closed)), own=True)
            elif phase == REVEALING and self._stage() == REVEALING and set(held) - set(self.revealed):
                seat = min(set(held) - set(self.revealed))
                self.add(Secret(seat, held[seat]), own=True)
            else:
                return

    def play(self, move: str, keep_hidden: bool = False) -> None:
        """This device's seat to move plays ``move`` (IllegalMove if it may not)."""
        if not self.my_turn():
            raise IllegalMove("link.error.not_your_turn")
        event = self.game.encode(str(move)[:80])
        seat = self.game.to_move()
        if keep_hidden and self.game.may_order(seat):  # as the page: at a placement, once a round
            self.add(Order(seat, 0), own=True)
        self.add(event, own=True)
        self.settle()

    def join(self, seat: int, key: bytes) -> None:
        if not isinstance(seat, int) or not 1 <= seat < self.players or self.phase != JOINING:
            raise BadLink("link.error.out_of_order")
        self.keys[seat] = key
        self.add(Join(seat, seat_commitment(key)), own=True)
        self.settle()

    # --- the audit --------------------------------------------------------------------------
    def audit(self) -> dict[str, Any]:
        """``verified``; ``pending`` (the result is unconfirmed: ``waiting`` lists the seats whose
        keys are still to come); or ``failed`` with its ``problems``: a seat's own key proving it
        broke a commitment (``cheater``: that seat), or events in a seat's name its key does not
        endorse (``cheater`` None: somebody changed the link; the seat named is not to blame)."""
        problems = self.forged + ([self.problem] if self.problem is not None else [])
        if problems:
            entries = [self._problem(p) for p in problems]
            return {"state": "failed", "text": entries[0]["text"], "problems": entries, "waiting": []}
        if self.phase != OVER:
            waiting = sorted(set(range(self.players)) - set(self.revealed))
            return {"state": "pending", "text": tr("link.audit.pending"), "problems": [], "waiting": waiting}
        return {"state": "verified", "text": tr("link.audit.verified"), "problems": [], "waiting": []}

    def _problem(self, p: Problem) -> dict[str, Any]:
        params = {"name": self.names[p.seat], **p.params}
        return {
            "seat": p.seat,
            "name": self.names[p.seat],
            "cheater": p.seat if p.proven else None,
            "key": p.key,
            "params": params,
            "text": tr(p.key, **params),
        }


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


def fork_point(new: Record, saved: Record) -> int:
    """The first event (1-based) where two records of the same game differ."""
    a, b = new.chain(), saved.chain()
    return next((i for i in range(1, min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))

"""Turncoats positions: setup, the four actions, the end, and the protocol.

A ``State`` is immutable; ``play`` returns a new one.  Seats ``0..N-1`` sit in
clockwise order.  What the state holds (sections 4 and 11):

* ``players`` (N), ``first_player`` (the seat that took the first turn), ``seat`` (the
  seat to move; once the game is over, the seat that *would* move next, which is
  where the final turn-order tie-break starts), ``neg`` (consecutive Negotiates),
  ``turn`` (turns completed), ``pending`` (during a Negotiate: the colour just
  drawn, waiting for ``return <colour>``; else None), ``rules`` (the options).
* Stones: each area, AXE, FLAG, the bag and each hand, as ``(red, blue, black)``
  triples (``areas``, ``axe``, ``flag``, ``bag``, ``hands``).  Each hand belongs to
  its seat, the bag to nobody.
* ``rng``: the state of the game's seeded generator (an int); every draw from the
  bag comes from it, so a replay of the same moves is exact.

A position may also hold *unknown* secrets (built by ``from_view`` for a bot, or
by ``from_text`` with ``?`` fields): another seat's hand known only by its size,
a bag known only by its size, an unknown drawn stone, no generator.  The seat
whose hand is known gets its exact legal moves, and plays its own Recruit,
Battle or March; a hand known only by size is treated as possibly holding any
colour.  ``determinize(rng)`` deals the unseen stones at random to fill them in.

Legal moves, in this fixed order (``legal_moves``):

1. while a Negotiate waits for its return: ``return <colour>`` for each colour in
   hand, red, blue, black;
2. otherwise: every Recruit (by colour red, blue, black, then area 0..10); the
   flag-only Marches if the option allows them (by colour); then area by area
   (0..10): the Battles at that area (by paid colour, then kills of the first
   other colour in colour order ascending, then of the second), then the Marches
   leaving it (by colour, destination ascending, then number of stones
   ascending); ``negotiate`` last.  With an empty hand only ``negotiate``.

Positions come from ``new_game`` / ``from_setup`` / ``position``, from text (``from_text``:
``pygames.turncoats.text`` reads the fields, ``make_state`` builds, ``text.check`` judges) and
from a seat's view (``from_view``: ``pygames.turncoats.view`` reads the fields).  The text and
view modules never import this one: they read and write fields, this module builds positions.
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import BadPosition, IllegalMove
from pygames.core.outcome import Outcome, seat_params
from pygames.core.position import TextPosition
from pygames.core.rng import Rng
from pygames.turncoats import scoring
from pygames.turncoats.board import (
    AREA_COUNT,
    AREAS,
    COLOUR_MASK,
    COLOURS,
    HAND_SIZE,
    HOMELAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OTHERS,
    SHIFT,
    SIZE,
    STONES_PER_COLOUR,
    UNIT,
    pack,
    unpack,
)
from pygames.turncoats.moves import (
    BATTLE,
    MARCH,
    NEGOTIATE,
    NEGOTIATE_MOVE,
    RECRUIT,
    RECRUITS_BY_MASK,
    RETURN,
    RETURNS_BY_MASK,
    ZERO_MARCHES_BY_MASK,
    Move,
    parse,
)
from pygames.turncoats.rules import Rules, rules_for
from pygames.turncoats.text import UNSEEN, check, read_text, to_text
from pygames.turncoats.view import read_view
from pygames.turncoats.view import view as state_view

_NEGOTIATE_ONLY = (NEGOTIATE_MOVE,)
_new = object.__new__


def _hand_mask(h: int) -> int:
    """Colours a packed hand may hold (an unknown hand ``~size`` may hold any)."""
    if h >= 0:
        return COLOUR_MASK[h]
    return 7 if h != -1 else 0


def _size(p: int) -> int:
    """Stones in a packed place; an unknown place is stored as ``~size``."""
    return SIZE[p] if p >= 0 else ~p


class State(TextPosition):
    """A Turncoats position (see the module docstring)."""

    GAME = "turncoats"
    __slots__ = (
        "players",
        "rules",
        "first_player",
        "seat",
        "neg",
        "turn",
        "rng",
        "drawn",
        "_areas",
        "_axe",
        "_flag",
        "_bag",
        "_hands",
        "_log",
        "_outcome",
    )

    players: int
    rules: Rules
    first_player: int
    seat: int
    neg: int
    turn: int
    rng: int | None

    # --- the protocol -------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now (the drawer while a Negotiate waits for its
        return), or None when the game is over."""
        return None if self.neg >= self.players else self.seat

    @property
    def outcome(self) -> Outcome | None:
        """None while playing; else the winner, scores and the tie-break account."""
        if self.neg < self.players:
            return None
        if self._outcome is None:
            self._outcome = scoring.outcome(self)
        return self._outcome

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves in the order given in the module docstring."""
        if self.neg >= self.players:
            return ()
        h = self._hands[self.seat]
        mask = COLOUR_MASK[h] if h >= 0 else _hand_mask(h)
        if self.drawn >= 0:
            return RETURNS_BY_MASK[mask]
        if not mask:
            return _NEGOTIATE_ONLY
        rules = self.rules
        areas = self._areas
        # each area's Battles and Marches, all 11 looked up at C speed (None: not built yet)
        parts = list(map(dict.get, rules.area_moves[mask], areas))
        if None in parts:
            for x, part in enumerate(parts):
                if part is None:
                    parts[x] = rules.build_area_moves(x, areas[x], mask)
        out = list(RECRUITS_BY_MASK[mask])
        if rules.march_zero:
            out += ZERO_MARCHES_BY_MASK[mask]
        for part in parts:
            out += part
        out.append(NEGOTIATE_MOVE)
        return tuple(out)

    def play(self, move: Move | str) -> "State":
        """The position after ``move`` (a Move or its notation); raises IllegalMove
        (a ValueError with a catalog key) if it is not legal here."""
        m = move if type(move) is Move else parse(move)
        if not self.is_legal(m):
            raise self._illegal(m)
        return self._apply(m)

    def is_legal(self, m: Move) -> bool:
        """Whether ``m`` may be played now (without generating every legal move)."""
        if self.neg >= self.players:
            return False
        h = self._hands[self.seat]
        kind = m.kind
        if self.drawn >= 0:
            return kind == RETURN and (h >> SHIFT[m.colour] & 31 > 0 if h >= 0 else h != -1)
        if kind == NEGOTIATE:
            return True
        if kind == RETURN:
            return False
        c = m.colour
        if (h >> SHIFT[c] & 31 == 0) if h >= 0 else h == -1:
            return False
        if kind == RECRUIT:
            return True
        if kind == MARCH:
            if m.count == 0:
                return self.rules.march_zero
            return m.adjacent and self._areas[m.area] >> SHIFT[c] & 31 >= m.count
        counts = unpack(self._areas[m.area])
        o1, o2 = OTHERS[c]
        kills = m.kills
        if kills[o1] > counts[o1] or kills[o2] > counts[o2]:
            return False
        return m.kill_total in self.rules.kill_range(min(counts[c], counts[o1] + counts[o2]))

    def _illegal(self, m: Move) -> IllegalMove:
        """The reason ``m`` is not legal, as an error a player can read."""
        if self.neg >= self.players:
            return IllegalMove("error.game_over")
        who = seat_params(self.seat)
        if self.drawn >= 0 and m.kind != RETURN:
            return IllegalMove("turncoats.error.must_return", **who)
        if m.kind == RETURN and self.drawn < 0:
            return IllegalMove("turncoats.error.no_draw")
        colour = COLOURS[m.colour]
        h = self._hands[self.seat]
        if h == -1 or (h >= 0 and not h >> SHIFT[m.colour] & 31):
            return IllegalMove("turncoats.error.no_stone", colour=colour, **who)
        if m.kind == MARCH:
            if m.count == 0:
                return IllegalMove("turncoats.error.march_zero")
            if not m.adjacent:
                return IllegalMove("turncoats.error.not_adjacent", source=m.area, dest=m.dest)
            have = self._areas[m.area] >> SHIFT[m.colour] & 31
            return IllegalMove("turncoats.error.march_count", colour=colour, area=m.area, count=m.count, have=have)
        counts = unpack(self._areas[m.area])
        for o in OTHERS[m.colour]:
            if m.kills[o] > counts[o]:
                return IllegalMove(
                    "turncoats.error.kill_missing", colour=COLOURS[o], area=m.area, count=m.kills[o], have=counts[o]
                )
        o1, o2 = OTHERS[m.colour]
        most = min(counts[m.colour], counts[o1] + counts[o2])
        allowed = self.rules.kill_range(most)
        if not allowed:
            return IllegalMove("turncoats.error.battle_no_kill", colour=colour, area=m.area)
        low, high = allowed.start, allowed.stop - 1
        return IllegalMove(
            "turncoats.error.kill_count" if low == high else "turncoats.error.kill_range",
            colour=colour,
            area=m.area,
            count=m.kill_total,
            low=low,
            high=high,
        )

    def _apply(self, m: Move) -> "State":
        """The position after a move already known to be legal (the fast path).

        Long on purpose: this is the playout and search hot path, one flat function with no
        calls per move kind (splitting it by kind costs measurable playouts per second)."""
        s = _new(State)
        n = self.players
        seat = self.seat
        s.players = n
        s.rules = self.rules
        s.first_player = self.first_player
        s._outcome = None
        kind = m.kind
        if kind <= MARCH:  # Recruit, Battle, March: one stone of the colour leaves the hand
            hands = list(self._hands)
            h = hands[seat]
            hands[seat] = h - m.unit if h >= 0 else h + 1
            s._hands = tuple(hands)
            if kind == RECRUIT:
                areas = list(self._areas)
                areas[m.area] += m.unit
                s._areas = tuple(areas)
                s._axe = self._axe
                s._flag = self._flag
                s._bag = self._bag
            elif kind == BATTLE:
                s._axe = self._axe + m.unit
                s._flag = self._flag
                if m.kill_total:
                    areas = list(self._areas)
                    areas[m.area] -= m.kill_packed
                    s._areas = tuple(areas)
                    b = self._bag
                    s._bag = b + m.kill_packed if b >= 0 else b - m.kill_total
                else:
                    s._areas = self._areas
                    s._bag = self._bag
            else:
                s._flag = self._flag + m.unit
                s._axe = self._axe
                s._bag = self._bag
                if m.count:
                    areas = list(self._areas)
                    areas[m.area] -= m.march_packed
                    areas[m.dest] += m.march_packed
                    s._areas = tuple(areas)
                else:
                    s._areas = self._areas
            s.seat = seat + 1 if seat + 1 < n else 0
            s.neg = 0
            s.turn = self.turn + 1
            s.rng = self.rng
            s.drawn = -1
            s._log = (seat, m, -1, self._log)
            return s
        s._areas = self._areas
        s._axe = self._axe
        s._flag = self._flag
        hands = list(self._hands)
        if kind == NEGOTIATE:
            bag = self._bag
            if bag < 0 or self.rng is None:
                raise IllegalMove("turncoats.error.unknown_bag")
            total = SIZE[bag]
            if not total:  # cannot happen in a game (section 12)
                raise IllegalMove("turncoats.error.bag_empty")
            rng = Rng.from_state(self.rng)
            i = rng.below(total)
            red = bag & 31
            c = 0 if i < red else 1 if i < red + (bag >> 5 & 31) else 2
            return self._drawing(s, c, rng.state)
        # RETURN: the stone is shown and goes back in the bag; the Negotiate is complete
        c = m.colour
        h = hands[seat]
        hands[seat] = h - UNIT[c] if h >= 0 else h + 1
        s._hands = tuple(hands)
        b = self._bag
        s._bag = b + UNIT[c] if b >= 0 else b - 1
        s.rng = self.rng
        s.seat = seat + 1 if seat + 1 < n else 0
        s.neg = self.neg + 1
        s.turn = self.turn + 1
        s.drawn = -1
        s._log = (seat, m, self.drawn, self._log)
        return s

    def _drawing(self, s: "State", c: int, rng: int | None) -> "State":
        """Finish ``s`` (a child of this position with the board copied) as the Negotiate of the
        seat to move that drew a stone of colour ``c``, the generator left in state ``rng``."""
        seat = self.seat
        s._bag = self._bag - UNIT[c] if self._bag >= 0 else self._bag + 1
        hands = list(self._hands)
        h = hands[seat]
        hands[seat] = h + UNIT[c] if h >= 0 else h - 1
        s._hands = tuple(hands)
        s.rng = rng
        s.seat = seat
        s.neg = self.neg
        s.turn = self.turn
        s.drawn = c
        s._log = (seat, NEGOTIATE_MOVE, c, self._log)
        return s

    def negotiated(self, colour: int) -> "State":
        """The position after the seat to move Negotiates and draws a stone of ``colour``
        (0 red, 1 blue, 2 black): the draw given as an explicit chance outcome instead of coming
        from the position's generator, which is left as it is (OpenSpiel's chance nodes,
        ``pygames.adapters``).  IllegalMove when Negotiate is not legal here or the bag holds
        no stone of that colour."""
        if self.neg >= self.players or self.drawn >= 0:
            raise self._illegal(NEGOTIATE_MOVE)
        if colour not in (0, 1, 2) or self._bag < 0 or not self._bag >> SHIFT[colour] & 31:
            raise IllegalMove("turncoats.error.bag_empty")
        s = _new(State)
        s.players = self.players
        s.rules = self.rules
        s.first_player = self.first_player
        s._outcome = None
        s._areas = self._areas
        s._axe = self._axe
        s._flag = self._flag
        return self._drawing(s, colour, self.rng)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Everything ``seat`` may know (None: a spectator); see ``pygames.turncoats.view``."""
        return state_view(self, seat)

    def to_text(self) -> str:
        """The position text; see ``pygames.turncoats.text``."""
        return to_text(self)

    # --- what a page or a bot reads ---------------------------------------------------

    def standing(self) -> dict[str, Any]:
        """Which colour would win if the game ended now, and why (public information only)."""
        return scoring.standing(self)

    def control(self) -> list[tuple[int, int]]:
        """``(controller colour or -1, reason code)`` for each area (section 8)."""
        return scoring.control(self)

    def area(self, x: int) -> tuple[int, int, int]:
        return unpack(self._areas[x])

    @property
    def areas(self) -> tuple[tuple[int, int, int], ...]:
        return tuple(unpack(a) for a in self._areas)

    @property
    def axe(self) -> tuple[int, int, int]:
        return unpack(self._axe)

    @property
    def flag(self) -> tuple[int, int, int]:
        return unpack(self._flag)

    @property
    def bag(self) -> tuple[int, int, int] | None:
        """The bag's contents, or None if this position does not know them."""
        return unpack(self._bag) if self._bag >= 0 else None

    @property
    def bag_size(self) -> int:
        return _size(self._bag)

    def hand(self, owner: int) -> tuple[int, int, int] | None:
        """The hand of seat ``owner``, or None if this position does not know it."""
        h = self._hands[owner]
        return unpack(h) if h >= 0 else None

    @property
    def hands(self) -> tuple[tuple[int, int, int] | None, ...]:
        return tuple(self.hand(s) for s in range(self.players))

    def hand_size(self, owner: int) -> int:
        return _size(self._hands[owner])

    @property
    def pending(self) -> int | None:
        """While a Negotiate waits for its return: the drawn colour (``UNSEEN`` if
        this position does not know it); else None."""
        return None if self.drawn < 0 else self.drawn

    @property
    def options(self) -> dict[str, bool]:
        return dict(self.rules.options)

    def log(self, limit: int | None = None) -> list[tuple[int, Move, int]]:
        """The moves that led here, oldest first, as ``(seat, move, drawn colour or -1)``
        (the drawn colour only on ``negotiate``); at most the last ``limit``."""
        out = []
        node = self._log
        while node is not None and (limit is None or len(out) < limit):
            out.append(node[:3])
            node = node[3]
        out.reverse()
        return out

    @property
    def last_move(self) -> Move | None:
        """The move that led to this position (None at the start or after ``from_text``)."""
        return None if self._log is None else self._log[1]

    def knows_everything(self) -> bool:
        """True when no hand, bag, drawn stone or generator state is unknown."""
        return self._bag >= 0 and self.rng is not None and self.drawn != UNSEEN and all(h >= 0 for h in self._hands)

    def unseen(self) -> list[int]:
        """The stones nobody here can see, by colour: 21 of each less the map, AXE, FLAG and the
        known hands and bag (what the unknown hands and bag hold between them)."""
        seen = [0, 0, 0]
        for p in (*self._areas, self._axe, self._flag, self._bag, *self._hands):
            if p >= 0:
                for c, k in enumerate(unpack(p)):
                    seen[c] += k
        return [STONES_PER_COLOUR - k for k in seen]

    def determinize(self, rng: Rng) -> "State":
        """This position with every unknown secret filled in at random: the stones
        nobody here can see are dealt uniformly to the unknown hands (by their
        sizes, ``draw_stones``), the bag holding the rest; an unknown drawn stone is
        one of the drawer's stones; the generator state comes from ``rng``.  Known
        parts are kept."""
        if self.knows_everything():
            return self
        left = self.unseen()
        sizes = [~h for h in self._hands if h < 0] + ([~self._bag] if self._bag < 0 else [])
        if min(left) < 0 or sum(sizes) != sum(left):
            raise BadPosition("turncoats.error.counts")
        hands = [draw_stones(left, ~h, rng) if h < 0 else h for h in self._hands]
        return self.dealt(hands, pack(left) if self._bag < 0 else self._bag, rng)

    def dealt(self, hands: list[int], bag: int, rng: Rng) -> "State":
        """This position with every hand and the bag as given (packed), an unknown drawn stone
        one of the drawer's stones, each as likely, and an unknown generator state from ``rng``:
        the last step of a deal (``determinize``, the sampler's)."""
        s = self._copy()
        s._hands = tuple(hands)
        s._bag = bag
        if self.drawn == UNSEEN:
            held = unpack(hands[self.seat])
            i = rng.below(sum(held))
            s.drawn = 0 if i < held[0] else 1 if i < held[0] + held[1] else 2
        if self.rng is None:
            s.rng = rng.next_u64()
        return s

    def _copy(self) -> "State":
        s = _new(State)
        for name in State.__slots__:
            setattr(s, name, getattr(self, name))
        s._outcome = None
        return s


def draw_stones(left: list[int], size: int, rng: Rng) -> int:
    """``size`` stones (packed) drawn one at a time, each as likely, from the counts ``left``
    (taken out): a uniform deal of a hand without shuffling every unseen stone (the bag holds
    most of them, and a search deals at every simulation)."""
    counts = [0, 0, 0]
    total = left[0] + left[1] + left[2]
    for _ in range(size):
        i = rng.below(total)
        c = 0 if i < left[0] else 1 if i < left[0] + left[1] else 2
        left[c] -= 1
        counts[c] += 1
        total -= 1
    return pack(counts)


def make_state(
    players: int,
    rules: Rules,
    areas: list[int],
    axe: int,
    flag: int,
    bag: int,
    hands: list[int],
    seat: int,
    first_player: int,
    neg: int = 0,
    turn: int = 0,
    rng: int | None = 0,
    drawn: int = -1,
) -> State:
    """A State from its fields as they are, no checks (``text.check`` judges one): places are packed
    triples (``board.pack``) or ``~size`` when unknown, ``rng`` None when unknown, ``drawn`` -1 (no
    Negotiate waiting), a colour or ``UNSEEN``.  What ``text.read_text`` and ``view.read_view``
    return are its keyword arguments."""
    s = _new(State)
    s.players = players
    s.rules = rules
    s.first_player = first_player
    s.seat = seat
    s.neg = neg
    s.turn = turn
    s.rng = rng
    s.drawn = drawn
    s._areas = tuple(areas)
    s._axe = axe
    s._flag = flag
    s._bag = bag
    s._hands = tuple(hands)
    s._log = None
    s._outcome = None
    return s


def from_text(text: str) -> State:
    """The position written by ``State.to_text``; BadPosition if it is not one that
    can arise in a game (stone totals, hand and bag sizes, counters)."""
    state = make_state(**read_text(text))
    check(state)
    return state


def from_view(v: dict[str, Any]) -> State:
    """A position holding exactly what view ``v`` shows (``view.read_view``): the viewer's hand
    (and own drawn stone), every other hand and the bag known only by size (unless the game is over
    and all hands are shown), no generator state.  BadPosition for a damaged view or one no game
    reaches; a fault in building or checking the position raises as itself."""
    state = make_state(**read_view(v))
    check(state)
    return state


_MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_TWO64 = 1 << 64


def _draw_many(state: int, bag: list[int], count: int) -> tuple[int, list[int]]:
    """``count`` draws without replacement from the counts in ``bag`` (changed in
    place), each exactly ``Rng.from_state(state).below(stones left)``; returns the
    new generator state and the colours drawn.  (``Rng`` inlined, constants in locals:
    setup is on the playout path.)"""
    red, blue, black = bag
    colours = []
    draw = colours.append
    gamma, mask64, limits = _GAMMA, _MASK64, _DRAW_LIMITS
    for _ in range(count):
        n = red + blue + black
        limit = limits[n]
        while True:
            state = (state + gamma) & mask64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask64
            z ^= z >> 31
            if z < limit:
                break
        i = z % n
        if i < red:
            red -= 1
            draw(0)
        elif i < red + blue:
            blue -= 1
            draw(1)
        else:
            black -= 1
            draw(2)
    bag[:] = [red, blue, black]
    return state, colours


#: ``_DRAW_LIMITS[n]``: the rejection limit of a uniform draw below ``n`` (``Rng.below``), n <= 63.
_DRAW_LIMITS = (0, *(_TWO64 - _TWO64 % n for n in range(1, 3 * STONES_PER_COLOUR + 1)))


def _check_players(players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadPosition("error.players", game="Turncoats", min=MIN_PLAYERS, max=MAX_PLAYERS)
    return players


def new_game(players: int = 3, seed: int = 0, *, first_player: int | None = None, **options: bool) -> State:
    """A fresh game (section 5), deterministic from ``players``, ``seed`` and the options.

    The bag starts with all 63 stones but the homelands' six; from the game's
    generator (``Rng(seed)``): 2 stones are drawn for each non-homeland area in
    area order, then 8 for each hand, seat 0 first; then the first player
    (``first_player``, random from the seed unless given; section 5, step 6).  The
    generator's state is kept in the position for the Negotiate draws.

    ``options``: the rule options of ``pygames.turncoats.rules.OPTIONS``."""
    players = _check_players(players)
    rules = rules_for(options)  # unknown options fail before any draw
    rng = Rng(seed)
    rng.state, colours = _draw_many(rng.state, [STONES_PER_COLOUR - 2] * 3, setup_draws(players))
    if first_player is None:
        first_player = rng.below(players)
    elif isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < players:
        raise BadPosition("turncoats.error.starter", players=players)
    return _set_up(players, rules, colours, first_player, rng.state)


def setup_draws(players: int) -> int:
    """How many stones the setup draws from the bag: 2 for each non-homeland area, then a hand each."""
    return 2 * (AREA_COUNT - len(HOMELAND)) + HAND_SIZE * players


def from_setup(
    players: int, draws: list[int] | tuple[int, ...], first_player: int, *, rng: int | None = 0, **options: bool
) -> State:
    """The first position from explicit setup draws (section 5): ``draws`` are the colours
    (0 red, 1 blue, 2 black) drawn from the bag in ``new_game``'s order (2 for each non-homeland
    area in area order, then ``HAND_SIZE`` for each hand, seat 0 first; ``setup_draws(players)``
    in all), ``first_player`` takes the first turn, ``rng`` is the generator state kept for the
    Negotiate draws.  ``new_game`` is this with the draws taken from its seed; OpenSpiel's chance
    nodes (``pygames.adapters``) give them one by one.  BadPosition for draws no bag holds."""
    players = _check_players(players)
    rules = rules_for(options)
    if isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < players:
        raise BadPosition("turncoats.error.starter", players=players)
    colours = list(draws)
    bag = [STONES_PER_COLOUR - 2] * 3
    if len(colours) != setup_draws(players) or any(c not in (0, 1, 2) for c in colours):
        raise BadPosition("turncoats.error.counts")
    for c in colours:
        bag[c] -= 1
    if min(bag) < 0:
        raise BadPosition("turncoats.error.counts")
    return _set_up(players, rules, colours, first_player, rng)


#: The map before the setup draws: each homeland holds two stones of its colour.
_HOMELANDS_ONLY = tuple(2 * UNIT[HOMELAND.index(x)] if x in HOMELAND else 0 for x in AREAS)
#: The areas that take two drawn stones at setup, in area order.
_DRAWN_AREAS = tuple(x for x in AREAS if x not in HOMELAND)


def _set_up(players: int, rules: Rules, colours: list[int], first_player: int, rng: int | None) -> State:
    """The first position from setup draws already known to fit (``from_setup`` checks them,
    ``new_game`` makes them): two stones for each non-homeland area, then a hand a seat."""
    areas = list(_HOMELANDS_ONLY)
    i = 0
    for x in _DRAWN_AREAS:
        areas[x] += UNIT[colours[i]] + UNIT[colours[i + 1]]
        i += 2
    hands = []
    for _ in range(players):
        hand = 0
        for c in colours[i : i + HAND_SIZE]:
            hand += UNIT[c]
        hands.append(hand)
        i += HAND_SIZE
    bag = pack([STONES_PER_COLOUR] * 3) - sum(areas) - sum(hands)
    return make_state(players, rules, areas, 0, 0, bag, hands, first_player, first_player, rng=rng)


def position(
    players: int,
    *,
    areas: list | tuple,
    hands: list | tuple,
    axe: tuple[int, int, int] = (0, 0, 0),
    flag: tuple[int, int, int] = (0, 0, 0),
    bag: tuple[int, int, int] | None = None,
    to_move: int = 0,
    first_player: int | None = None,
    neg: int = 0,
    turn: int | None = None,
    drawn: int | None = None,
    rng: int | None = 0,
    **options: bool,
) -> State:
    """A position from explicit counts (for tests, examples and puzzles).  ``areas``
    is 11 ``(red, blue, black)`` triples (or a dict ``{area: triple}``, the rest
    empty); ``hands`` one triple per seat; ``bag`` defaults to the stones left over
    so that each colour totals 21.  ``drawn``: a Negotiate waiting for its return
    (the stone is already in the drawer's hand).  ``to_move``: the seat whose turn it is
    (in a finished game, the seat that would move next).  Checked like ``from_text``."""
    players = _check_players(players)
    if isinstance(areas, dict):
        areas = [areas.get(x, (0, 0, 0)) for x in AREAS]
    if len(areas) != AREA_COUNT or len(hands) != players:
        raise BadPosition("turncoats.error.text")
    triples = [*areas, *hands, axe, flag] + ([] if bag is None else [bag])
    if any(
        len(t) != 3 or any(isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= STONES_PER_COLOUR for k in t)
        for t in triples
    ):
        raise BadPosition("turncoats.error.counts")
    if bag is None:
        used = [sum(t[c] for t in (*areas, *hands, axe, flag)) for c in range(3)]
        bag = tuple(STONES_PER_COLOUR - u for u in used)
    if turn is None:  # the fewest turns that lead here: every stone paid, then the Negotiates
        turn = HAND_SIZE * players - sum(map(sum, hands)) + (drawn is not None) + neg
    if any(not 0 <= k <= STONES_PER_COLOUR for k in bag):
        raise BadPosition("turncoats.error.counts")
    state = make_state(
        players,
        rules_for(options),
        [pack(a) for a in areas],
        pack(axe),
        pack(flag),
        pack(bag),
        [pack(h) for h in hands],
        to_move,
        to_move if first_player is None else first_player,
        neg,
        turn,
        rng,
        -1 if drawn is None else drawn,
    )
    check(state)
    return state

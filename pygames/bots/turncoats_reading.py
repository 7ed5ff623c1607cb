"""What the rivals' moves say about their hands: the Turncoats expert's reading of the log.

A rival that plays like the heuristic keeps the stones of the colour it expects to win and
pays, or returns on a Negotiate, the others; so its choices tell which hands it is likely
to hold.  ``read_hands(view, odds)`` follows the view's log from its oldest move (the start of the
game when the log reaches back that far) and keeps, for every other seat, a probability
for each make-up of its hand (red, blue, black counts; at most 45 of them):

* at the start of the window each hand is a uniform deal (multivariate hypergeometric) of
  its size from the stones the viewer could not see then;
* a move the rival made weighs each make-up by how likely the heuristic's estimate, with
  that hand, would have chosen a move of that kind and colour (``exp(SHARPNESS * (value -
  best value))``: the heuristic judges on a noisy estimate, so a near miss stays possible)
  and removes the stone paid or returned; a hand that could not have made the move is out;
* a stone a rival draws is one of the bag's, the bag being the unseen stones less that
  rival's hand and the other rivals' expected hands.

Each rival is read on its own (the product of the beliefs is an approximation when there
are two or more).  Everything here is public or the viewer's own: the map, AXE, FLAG, the
sizes, the colours paid and returned, the viewer's hand and draws; no random number is used.
"""

from __future__ import annotations

import math
from typing import Any

from pygames.turncoats.board import SIZE, STONES_PER_COLOUR, UNIT, pack, unpack
from pygames.turncoats.moves import BATTLE, MARCH, NEGOTIATE, RECRUIT, RETURN, parse
from pygames.turncoats.state import State, from_view, make_state

__all__ = ["Beliefs", "read_hands", "draw_hands", "expected_bag", "SHARPNESS"]

#: How sharply a rival is taken to prefer its best moves (per unit of estimated win chance).
#: Two-player expert vs heuristic, the same 200 games each: 12: 69.0%, 25: 73.5%, 40: 77.5%,
#: 60: 74.5%, 100: 74.5% (the 95% interval is about +-6 points).  Against the hands heuristic rivals
#: really hold (``bench/turncoats_beliefs.py``: mean log-loss, nats), 40 is as good as any: 2 players
#: (400 games) 20: 1.579, 40: 1.518, 60: 1.519, 80: 1.539 (the deal alone 2.506); 3 players (300)
#: 1.453, 1.379, 1.369, 1.380 (2.442).
SHARPNESS = 40.0

Belief = dict[int, float]
#: A belief for every other seat (by seat).
Beliefs = dict[int, Belief]
#: Readings already made (see ``read_hands``).
_READ: dict[tuple, Beliefs] = {}


def read_hands(view: dict[str, Any], odds) -> Beliefs:
    """For every other seat, ``{packed hand: probability}`` given the view's log (see the module
    docstring); ``odds(state, ending, sharpness)`` is the heuristic's colour estimate."""
    now = from_view(view)
    me = view["seat"]
    n = now.players
    steps = _history(view, now, me)
    start = steps[0][0] if steps else _snapshot(now)
    belief = {}
    for r in range(n):
        if r != me:
            pool = _pool(start)
            belief[r] = _deal(_minus(pool, unpack(start["hands"][me])), start["sizes"][r])
    neg = 0
    # The reading after each move is a function of the window's first position and the moves
    # so far: kept (per process) so that a game's next decision reads only the new moves.
    first = (tuple(start["areas"]), start["axe"], start["flag"], tuple(start["sizes"]), start["hands"][me])
    key: tuple = (me, n, now.rules, now.first_player, first)
    for snap, seat, move, drawn in steps:
        key = (key, seat, str(move), drawn)
        if seat != me:
            found = _READ.get(key)
            if found is None:
                snap = dict(snap, neg=neg)
                found = dict(belief)
                found[seat] = _update(belief, seat, snap, move, now, odds)
                if len(_READ) > 2_000:  # a few games of readings: bounded memory in the worker
                    _READ.clear()
                _READ[key] = found
            belief = found
        if move.kind == RETURN:
            neg += 1
        elif move.kind != NEGOTIATE:
            neg = 0
    return belief


def _snapshot(state: State) -> dict[str, Any]:
    return {
        "areas": list(state._areas),
        "axe": state._axe,
        "flag": state._flag,
        "sizes": [SIZE[h] if h >= 0 else ~h for h in state._hands],
        "hands": list(state._hands),
        "seat": state.seat,
        "drawn": state.drawn,
    }


def _history(view: dict[str, Any], now: State, me: int) -> list[tuple[dict, int, Any, int]]:
    """The log's moves oldest first, each with the public position (and the viewer's hand)
    just before it, rebuilt by undoing the moves from the current position."""
    snap = _snapshot(now)
    out = []
    for entry in reversed(view.get("log") or []):
        seat = entry["mover"]
        move = parse(entry["move"])
        snap = dict(snap, areas=snap["areas"][:], sizes=snap["sizes"][:], hands=snap["hands"][:])
        kind = move.kind
        drawn = -1
        if kind == NEGOTIATE:
            snap["sizes"][seat] -= 1
            if seat == me:
                drawn = ["red", "blue", "black"].index(entry["params"]["colour"])
                snap["hands"][me] -= UNIT[drawn]
            snap["drawn"] = -1
        else:
            snap["sizes"][seat] += 1
            if seat == me:
                snap["hands"][me] += UNIT[move.colour]
            if kind == BATTLE:
                snap["axe"] -= move.unit
                snap["areas"][move.area] += move.kill_packed
            elif kind == MARCH:
                snap["flag"] -= move.unit
                snap["areas"][move.dest] -= move.march_packed
                snap["areas"][move.area] += move.march_packed
            elif kind == RECRUIT:
                snap["areas"][move.area] -= move.unit
            snap["drawn"] = 0 if kind == RETURN else -1
        snap["seat"] = seat
        out.append((snap, seat, move, drawn))
    out.reverse()
    return out


def _pool(snap: dict[str, Any]) -> list[int]:
    """The stones in hands and the bag (every stone not on the map, AXE or FLAG)."""
    used = [0, 0, 0]
    for p in (*snap["areas"], snap["axe"], snap["flag"]):
        for c, k in enumerate(unpack(p)):
            used[c] += k
    return [STONES_PER_COLOUR - k for k in used]


def _minus(a, b) -> list[int]:
    return [max(0, x - y) for x, y in zip(a, b)]


def _deal(pool, size: int) -> Belief:
    """The make-ups of ``size`` stones dealt at random from ``pool``, with their chances."""
    total = math.comb(sum(pool), size) if sum(pool) >= size else 0
    out = {}
    for r in range(min(size, pool[0]) + 1):
        for b in range(min(size - r, pool[1]) + 1):
            k = size - r - b
            if k <= pool[2]:
                out[pack((r, b, k))] = math.comb(pool[0], r) * math.comb(pool[1], b) * math.comb(pool[2], k) / total
    return out or {pack((0, 0, 0)): 1.0}


class _Chances:
    """A rival's chance of winning as a player, by winning colour, for a given hand of its own,
    the other hands dealt from ``unseen`` (the heuristic's ``_Estimator``, computed exactly for
    each other hand on its own and multiplied).  Another hand's size is known, so against
    colour ``w`` only its count of ``w`` matters: a hypergeometric count (``_spread``)."""

    def __init__(self, unseen, sizes) -> None:
        self.unseen = unseen
        self.sizes = sizes
        self.cache: dict[int, tuple[float, ...]] = {}
        pool = sum(unseen)
        #: For each winning colour, each other hand's ``(size, below, chance)`` (``_spread``).
        self.spreads = tuple(tuple((size, *_spread(unseen[w], pool, size)) for size in sizes) for w in range(3))

    def __call__(self, hand: int) -> tuple[float, ...]:
        found = self.cache.get(hand)
        if found is None:
            h = unpack(hand)
            total = h[0] + h[1] + h[2]
            out = []
            for w in range(3):
                mine, losing = h[w], total - h[w]
                p = 1.0
                for size, below, chance in self.spreads[w]:
                    q = below[mine if mine < size + 1 else size + 1]
                    if mine <= size:  # the same count of ``w``: fewer losing stones wins
                        theirs = size - mine
                        q += chance[mine] * (1.0 if losing < theirs else 0.5 if losing == theirs else 0.0)
                    p *= q
                out.append(p)
            p = 1.0
            for size in self.sizes:  # no colour: fewest stones
                p *= 1.0 if total < size else 0.5 if total == size else 0.0
            out.append(p)
            found = self.cache[hand] = tuple(out)
        return found


_SPREADS: dict[tuple[int, int, int], tuple[list[float], list[float]]] = {}


def _spread(good: int, pool: int, size: int) -> tuple[list[float], list[float]]:
    """The chance that ``size`` stones dealt from ``pool`` hold exactly ``j`` of the ``good``
    ones (``chance[j]``, j = 0..size) and fewer than ``j`` (``below[j]``, j = 0..size+1)."""
    key = (good, pool, size)
    found = _SPREADS.get(key)
    if found is None:
        total = math.comb(pool, size) if pool >= size else 0
        chance = [
            math.comb(good, j) * math.comb(pool - good, size - j) / total if total else float(j == 0)
            for j in range(size + 1)
        ]
        below = [0.0]
        for c in chance:
            below.append(below[-1] + c)
        found = _SPREADS[key] = (below, chance)
    return found


def _dot(a, b) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]


def _update(belief: Beliefs, seat: int, snap: dict, move, now: State, odds) -> Belief:
    """The belief about ``seat``'s hand after it made ``move`` in the position ``snap``."""
    n = now.players
    left = sum(snap["sizes"])
    sharp = 0.6 + 6.0 / (1.0 + left / n)
    hands = [pack((1, 1, 1)) if s == seat else ~snap["sizes"][s] for s in range(n)]
    state = make_state(n, now.rules, snap["areas"], snap["axe"], snap["flag"], ~0, hands, seat, now.first_player)
    state.neg = snap["neg"]
    ending = snap["neg"] == n - 1
    judge = _Likelihood(_pool(snap), [snap["sizes"][s] for s in range(n) if s != seat])
    if move.kind == RETURN:
        out = judge.returned(belief[seat], move.colour, odds(state, ending, sharp))
    else:
        by_colour: list[dict[tuple, None]] = [{}, {}, {}]
        rounded: dict[tuple, tuple] = {}  # odds -> rounded (many moves lead to the same odds)
        for m in state.legal_moves():
            if m.kind != NEGOTIATE:
                table = odds(state._apply(m), False, sharp)
                key = rounded.get(table)
                if key is None:
                    key = rounded[table] = tuple(round(x, 4) for x in table)
                by_colour[m.colour][key] = None
        out = judge.acted(belief[seat], move, by_colour, odds(state, ending, sharp), _expected_others(belief, seat))
    return _normal(out, belief[seat], move)


class _Likelihood:
    """How likely a rival with a given hand was to make a move, in one position: the pool of
    stones in hands and the bag, and the other hands' sizes."""

    def __init__(self, pool: list[int], sizes: list[int]) -> None:
        self.pool = pool
        self.sizes = sizes

    def returned(self, belief: Belief, colour: int, table) -> Belief:
        """After returning ``colour`` (the heuristic keeps the best hand), ``table`` the odds."""
        out: Belief = {}
        for hand, p in belief.items():
            held = unpack(hand)
            if not held[colour]:
                continue
            chances = _Chances(_minus(self.pool, held), self.sizes)
            best = max(_dot(table, chances(hand - UNIT[c])) for c in range(3) if held[c])
            gap = _dot(table, chances(hand - UNIT[colour])) - best
            key = hand - UNIT[colour]
            out[key] = out.get(key, 0.0) + p * math.exp(SHARPNESS * gap)
        return out

    def acted(self, belief: Belief, move, by_colour, now_odds, expected: list[int]) -> Belief:
        """After ``move`` (not a return): ``by_colour[c]`` the odds after each move paying
        ``c``, ``now_odds`` those a Negotiate keeps, ``expected`` the other rivals' stones."""
        kind = move.kind
        out: Belief = {}
        for hand, p in belief.items():
            held = unpack(hand)
            if kind != NEGOTIATE and not held[move.colour]:
                continue
            unseen = _minus(self.pool, held)
            chances = _Chances(unseen, self.sizes)
            best = [-1.0, -1.0, -1.0]
            for c in range(3):
                if held[c] and by_colour[c]:
                    after = chances(hand - UNIT[c])
                    best[c] = max(_dot(t, after) for t in by_colour[c])
            negotiate = 0.0
            for d in range(3):
                if unseen[d]:
                    drawn = hand + UNIT[d]
                    keep = max(_dot(now_odds, chances(drawn - UNIT[c])) for c in range(3) if unpack(drawn)[c])
                    negotiate += unseen[d] / sum(unseen) * keep
            chosen = negotiate if kind == NEGOTIATE else best[move.colour]
            weight = p * math.exp(SHARPNESS * (chosen - max(max(best), negotiate)))
            if kind != NEGOTIATE:
                key = hand - UNIT[move.colour]
                out[key] = out.get(key, 0.0) + weight
                continue
            bag = _minus(unseen, expected)
            for d in range(3):
                if bag[d] or not sum(bag):
                    key = hand + UNIT[d]
                    out[key] = out.get(key, 0.0) + weight * (bag[d] / sum(bag) if sum(bag) else 1 / 3)
        return out


def _expected_others(belief: Beliefs, seat: int) -> list[float]:
    """The stones the other rivals are expected to hold (rounded down, by colour)."""
    total = [0.0, 0.0, 0.0]
    for s, b in belief.items():
        if s != seat:
            for hand, p in b.items():
                for c, k in enumerate(unpack(hand)):
                    total[c] += p * k
    return [int(x) for x in total]


def _normal(out: Belief, before: Belief, move) -> Belief:
    """``out`` scaled to sum 1; when the reading ruled every hand out (a rival that does not
    play like the heuristic), only the move's hard fact is kept."""
    total = sum(out.values())
    if total > 1e-12:
        return {h: p / total for h, p in out.items()}
    kept: Belief = {}
    for hand, p in before.items():
        if move.kind == NEGOTIATE:
            for d in range(3):
                kept[hand + UNIT[d]] = kept.get(hand + UNIT[d], 0.0) + p / 3
        elif unpack(hand)[move.colour]:
            key = hand - UNIT[move.colour]
            kept[key] = kept.get(key, 0.0) + p
    total = sum(kept.values())
    return {h: p / total for h, p in kept.items()} if total else before


def draw_hands(beliefs: Beliefs, unseen: list[int], rng: Any) -> list[list[int]]:
    """One hand for every other seat (seat order) drawn from ``beliefs``, redrawn (a few times)
    until together they fit in the ``unseen`` stones."""
    seats = sorted(beliefs)
    every = [list(beliefs[seat].items()) for seat in seats]
    for _ in range(20):
        hands = []
        for items in every:
            hands.append(unpack(items[rng.weighted([p for _, p in items])][0]))
        if all(sum(h[c] for h in hands) <= unseen[c] for c in range(3)):
            break
    return hands


def expected_bag(beliefs: Beliefs, unseen: list[int]) -> list[float]:
    """The bag's expected stones by colour: the ``unseen`` ones less the rivals' expected hands
    (the unseen stones themselves if that leaves none)."""
    bag = [float(k) for k in unseen]
    for belief in beliefs.values():
        for hand, p in belief.items():
            for c, k in enumerate(unpack(hand)):
                bag[c] -= p * k
    bag = [max(0.0, x) for x in bag]
    return bag if sum(bag) > 1e-9 else [float(k) for k in unseen]

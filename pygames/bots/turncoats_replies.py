"""The Turncoats expert's look-ahead: its best moves judged after the rivals answer them.

One move on its own says little in Turncoats: whatever it flips, the next seats may flip
back, and a Negotiate ends the game only if every other seat negotiates too.  So the
expert plays each of its few best moves (by its one-move estimate) on ``deals`` full
positions, each rival's hand drawn from what its moves told (``turncoats_reading``) and
the bag holding the rest, lets every rival answer as the heuristic would from its own hand
(``Rival``: the heuristic's choice, with its chance as a player computed exactly rather
than sampled), until the expert is to move again or the game is over, and scores what it
reaches: the result itself when the game ended, else the best one-move estimate the
expert's next move can reach there (``Rival.best`` with the expert's own estimate); near the
end the expert has ``Rival`` play every seat, its own too, to the end and scores the result.
The same deals (and draws from the bag) serve every candidate, so their scores differ by
the moves, not by the luck of the deals.
"""

from __future__ import annotations

from typing import Any, Callable

from pygames.bots.turncoats_reading import Beliefs, _Chances, draw_hands
from pygames.turncoats.board import COLOUR_MASK, MASK_COLOURS, SIZE, STONES_PER_COLOUR, TIED, UNIT, pack, unpack
from pygames.turncoats.moves import NEGOTIATE_MOVE, RECRUITS_BY_MASK, RETURNS, ZERO_MARCHES_BY_MASK
from pygames.turncoats.state import State

__all__ = ["deal", "Rival", "sharpness"]

Odds = Callable[[State, bool, float], tuple[float, float, float, float]]


def sharpness(state: State) -> float:
    """How sure the colour estimate is: sharper as the stones left in all hands run out."""
    left = sum(map(SIZE.__getitem__, state._hands))
    return 0.6 + 6.0 / (1.0 + left / state.players)


def _dot(a, b) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]


def deal(root: State, me: int, beliefs: Beliefs, rng: Any) -> State:
    """A full position the seat ``me`` may be in: each rival's hand drawn from ``beliefs``, the
    bag the rest of the stones ``me`` cannot see (a uniform deal when the drawn hands do not fit
    together), a fresh generator.  ``root`` is ``me``'s position (its own hand known)."""
    used = [0, 0, 0]
    for p in (*root._areas, root._axe, root._flag, root._hands[me]):
        for c, k in enumerate(unpack(p)):
            used[c] += k
    unseen = [STONES_PER_COLOUR - k for k in used]
    hands = draw_hands(beliefs, unseen, rng)
    bag = [unseen[c] - sum(h[c] for h in hands) for c in range(3)]
    s = root._copy()
    if min(bag) < 0:
        pool = [c for c in range(3) for _ in range(unseen[c])]
        rng.shuffle(pool)
        hands = []
        for seat in sorted(beliefs):
            size = SIZE[root._hands[seat]] if root._hands[seat] >= 0 else ~root._hands[seat]
            counts = [0, 0, 0]
            for _ in range(size):
                counts[pool.pop()] += 1
            hands.append(counts)
        bag = [pool.count(c) for c in range(3)]
    full = list(root._hands)
    for seat, h in zip(sorted(beliefs), hands):
        full[seat] = pack(h)
    s._hands = tuple(full)
    s._bag = pack(bag)
    s.rng = rng.next_u64()
    return s


#: A ruler's unit in a packed count of the areas each colour rules (4 bits a colour; index -1,
#: nobody, the fourth field): 11 areas never carry into the next field.
_RULER_UNIT = (1, 1 << 4, 1 << 8, 1 << 12)


def _tracks(axe: int, flag: int, section: int) -> tuple[int, int]:
    """AXE and FLAG after a move of ``section`` (``Move.effect``): a Battle adds its stone to
    AXE, a March to FLAG."""
    if section < 3:
        return axe, flag
    if section < 6:
        return axe + UNIT[section - 3], flag
    return axe, flag + UNIT[section - 6]


#: ``_items`` already made, by (rules, hand colour mask, area, packed area).
_ITEMS: dict[tuple, tuple] = {}


def _items(rules, mask: int, x: int, packed: int) -> tuple:
    """The Battles and Marches at area ``x`` holding ``packed``: ``(move, section, TIED of x
    after, destination or -1, stones added there)``."""
    part = rules.area_moves[mask][x].get(packed)
    if part is None:
        part = rules.build_area_moves(x, packed, mask)
    items = tuple((m, m.effect[0], TIED[packed + m.effect[2]], m.effect[3], m.effect[4]) for m in part)
    if len(_ITEMS) > 50_000:  # bounded memory
        _ITEMS.clear()
    _ITEMS[(rules, mask, x, packed)] = items
    return items


class Rival:
    """The heuristic's move for the seat to move in a full position, from that seat's own
    hand: the move (or the stone returned) whose colour odds, times its exact chance as a
    player against the stones it cannot see, are best; ties broken with ``rng``."""

    def __init__(self, odds: Odds, odds_of: Callable, rng: Any) -> None:
        """``odds(state, ending, sharpness)``: the heuristic's colour odds in a position;
        ``odds_of(rules, areas ruled by colour, axe, flag, ending, sharpness)`` the same from
        the areas each colour rules."""
        self.odds = odds
        self.odds_of = odds_of
        self.rng = rng
        self._after: dict[tuple, list[tuple[tuple[tuple, int], list[Any]]]] = {}
        self._units: dict[tuple[int, int], tuple[int, ...]] = {}
        #: (AXE, FLAG, sharpness) -> packed count << 4 | section -> (colour odds, colour paid)
        self._odds: dict[tuple, dict[int, tuple[tuple, int]]] = {}
        self._best: dict[tuple, tuple[float, list[Any]]] = {}
        self._negotiated: dict[tuple, float] = {}
        self._chances: dict[tuple, _Chances] = {}

    def chances(self, state: State, seat: int) -> _Chances:
        """``seat``'s chance as a player by winning colour, for a hand of its own."""
        # packed counts add up field by field (no colour reaches 32 stones): the stones seen, packed
        seen = sum(state._areas) + state._axe + state._flag + state._hands[seat]
        key = (seen, seat, tuple(map(SIZE.__getitem__, state._hands)))
        found = self._chances.get(key)
        if found is None:
            r, b, k = unpack(seen)
            unseen = [STONES_PER_COLOUR - r, STONES_PER_COLOUR - b, STONES_PER_COLOUR - k]
            sizes = [size for s, size in enumerate(key[2]) if s != seat]
            if len(self._chances) > 5_000:
                self._chances.clear()
            found = self._chances[key] = _Chances(unseen, sizes)
        return found

    def groups(self, state: State, sharp: float) -> list[tuple[tuple[tuple, int], list[Any]]]:
        """The moves of the seat to move other than Negotiate, grouped by the colour paid and the
        colour odds they lead to: ``((odds, colour), moves)``, in the order of each group's first
        move, each group's moves in their legal order.  Long on purpose: the look-ahead's hot
        path.  The areas each colour rules are counted once for each section of moves (the
        colour paid and whether AXE or FLAG gains it, ``Move.effect``), packed in one int
        (``_RULER_UNIT``, with the section in the low 4 bits), and each move, taken in legal
        order (an area's Battles and Marches from ``_items``), adds what it changes in its one
        or two areas."""
        mask = COLOUR_MASK[state._hands[state.seat]]
        areas, axe, flag, rules = state._areas, state._axe, state._flag, state.rules
        key = (areas, axe, flag, mask, sharp)
        found = self._after.get(key)
        if found is not None:
            return found
        units_of = self._units
        known_odds = self._odds.get((axe, flag, sharp))
        if known_odds is None:
            known_odds = self._odds[(axe, flag, sharp)] = {}
        odds_of = self.odds_of
        tied = [TIED[a] for a in areas]
        # each section's ruler units by TIED mask and by area, and its packed count (all << 4)
        sections: list[Any] = [None] * 9
        by: dict[int, list[Any]] = {}  # packed count << 4 | section -> its group's moves
        merged: dict[tuple, list[Any]] = {}  # (odds, colour) -> the group's moves

        def section_of(section: int) -> tuple[tuple[int, ...], list[int], int]:
            ax, fl = _tracks(axe, flag, section)
            units = units_of.get((ax, fl))
            if units is None:
                resolver = rules.resolver(ax, fl)
                units = units_of[(ax, fl)] = tuple(_RULER_UNIT[resolver[t][0]] << 4 for t in range(8))
            olds = list(map(units.__getitem__, tied))
            found = sections[section] = (units, olds, sum(olds) + section)
            return found

        def group_of(packed: int) -> list[Any]:
            """The group of the moves reaching ``packed``; sections may lead to the same odds,
            then they share it."""
            odds = known_odds.get(packed)
            if odds is None:
                count, section = packed >> 4, packed & 15
                ax, fl = _tracks(axe, flag, section)
                table = odds_of(rules, (count & 15, count >> 4 & 15, count >> 8 & 15), ax, fl, False, sharp)
                odds = known_odds[packed] = (table, section % 3)
            group = merged.get(odds)
            if group is None:
                group = merged[odds] = []
            by[packed] = group
            return group

        for c in MASK_COLOURS[mask]:  # the Recruits, by colour then area
            units, olds, base = sections[c] or section_of(c)
            unit = UNIT[c]
            for m, a, old in zip(RECRUITS_BY_MASK[1 << c], areas, olds):
                packed = base + units[TIED[a + unit]] - old
                (by.get(packed) or group_of(packed)).append(m)
        if rules.march_zero:  # the flag-only Marches: no area changes
            for c in MASK_COLOURS[mask]:
                units, olds, base = sections[6 + c] or section_of(6 + c)
                (by.get(base) or group_of(base)).append(ZERO_MARCHES_BY_MASK[1 << c][0])
        items_of = _ITEMS.get
        for c in MASK_COLOURS[mask]:  # the Battles' and Marches' sections, ready for the loop below
            if sections[3 + c] is None:
                section_of(3 + c)
            if sections[6 + c] is None:
                section_of(6 + c)
        for x, a in enumerate(areas):  # each area's Battles then Marches
            for m, section, t, y, dy in items_of((rules, mask, x, a)) or _items(rules, mask, x, a):
                units, olds, base = sections[section]
                packed = base - olds[x] + units[t]
                if y >= 0:
                    packed += units[TIED[areas[y] + dy]] - olds[y]
                (by.get(packed) or group_of(packed)).append(m)
        found = list(merged.items())
        if len(self._after) > 5_000:
            self._after.clear()
            units_of.clear()
            self._odds.clear()
        self._after[key] = found
        return found

    def move(self, state: State) -> Any:
        """The heuristic's move for the seat to move in the full position ``state``."""
        seat = state.seat
        hand = state._hands[seat]
        chances = self.chances(state, seat)
        if state.drawn >= 0:
            table = self.odds(state, state.neg == state.players - 1, sharpness(state))
            returns = [r for r in RETURNS if COLOUR_MASK[hand] >> r.colour & 1]
            values = [_dot(table, chances(hand - UNIT[r.colour])) for r in returns]
            return returns[values.index(max(values))]
        best, choices = self.best(state, hand, chances, chances.unseen)
        return choices[self.rng.below(len(choices))]

    def best(self, state: State, hand: int, chances: Callable, bag) -> tuple[float, list[Any]]:
        """The best value the seat to move (holding ``hand``) can reach with one move, on the
        colour odds times ``chances(hand after)``, and the moves that reach it; ``bag`` the
        stones a Negotiate may draw, by colour (remembered: the dealt positions often give a
        seat the same hand on the same map)."""
        n = state.players
        sharp = sharpness(state)
        ending = state.neg == n - 1
        mask = COLOUR_MASK[state._hands[state.seat]]  # the moves ``groups`` finds
        key = (state._areas, state._axe, state._flag, state.rules, mask, ending, sharp, hand, chances, tuple(bag))
        found = self._best.get(key)
        if found is None:
            found = self._best[key] = self._best_move(state, hand, chances, bag, sharp, ending)
            if len(self._best) > 20_000:  # bounded memory
                self._best.clear()
        return found

    def _best_move(
        self, state: State, hand: int, chances: Callable, bag, sharp: float, ending: bool
    ) -> tuple[float, list[Any]]:
        """``best`` worked out."""
        best, choices = -1.0, [NEGOTIATE_MOVE]
        if COLOUR_MASK[hand]:
            paid: list[Any] = [None, None, None]  # chances(hand less a stone), by colour
            for (table, c), moves in self.groups(state, sharp):
                ch = paid[c]
                if ch is None:
                    ch = paid[c] = chances(hand - UNIT[c])
                value = table[0] * ch[0] + table[1] * ch[1] + table[2] * ch[2] + table[3] * ch[3]  # _dot
                if value > best + 1e-9:
                    best, choices = value, moves
        value = self._negotiate(self.odds(state, ending, sharp), hand, chances, bag)
        if value > best + 1e-9:
            return value, [NEGOTIATE_MOVE]
        return best, choices

    def _negotiate(self, table: tuple, hand: int, chances: Callable, bag) -> float:
        """A Negotiate's value under the colour odds ``table``: a stone drawn from ``bag``, then
        the best one returned (remembered: a few odds and hands come back again and again)."""
        key = (table, hand, chances, tuple(bag))
        found = self._negotiated.get(key)
        if found is None:
            pool = sum(bag)
            found = 0.0
            for d in range(3):
                if bag[d]:
                    held = hand + UNIT[d]
                    mask = COLOUR_MASK[held]
                    keep = max(_dot(table, chances(held - UNIT[c])) for c in range(3) if mask >> c & 1)
                    found += bag[d] / pool * keep
            if len(self._negotiated) > 20_000:  # bounded memory
                self._negotiated.clear()
            self._negotiated[key] = found
        return found

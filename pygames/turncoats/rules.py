"""Rule options (the UNCONFIRMED points of ``docs/rules/turncoats.md``) and what depends on them:
move generation per area and area control (sections 7, 8 and 10).

``OPTIONS`` maps each option to its default, the page's ruling.  A ``Rules``
object holds one combination of options and the caches built for it; positions
share it, and ``rules_for(options)`` returns the same object for the same options.
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import BadPosition
from pygames.turncoats.board import ADJACENT, AREA_COUNT, MASK_COLOURS, OTHERS, unpack
from pygames.turncoats.moves import battle, march

#: Every rule option with its default (the page's ruling), in the order the
#: position text writes them.
OPTIONS: dict[str, bool] = {
    # §7.2: a Battle may kill fewer than min(k, E) stones (0..min(k, E)).
    "battle_kills_optional": False,
    # §7.2: a Battle must kill at least one stone (so k >= 1 and E >= 1).
    "battle_requires_kill": False,
    # §7.3: a "flag-only" March that moves no stone (``march red x0``) is allowed.
    "march_allows_zero": False,
    # §8: an empty area is a three-way tie settled by AXE then FLAG (else: nobody).
    "empty_area_uses_tiebreaks": False,
    # §8: an area tie is broken by AXE then FLAG among the tied colours only.  When
    # false, a tied colour takes the area only if it has strictly the most AXE
    # stones of all three colours, else strictly the most FLAG stones; else nobody.
    "tiebreak_among_tied_only": True,
    # §10.1: when every colour controls 0 areas, AXE then FLAG still pick a
    # winning colour (when false: no colour wins).
    "zero_areas_uses_tiebreaks": True,
    # §10.2 step 3: turn order starts with the seat after the player whose
    # Negotiate ended the game (when false: with the game's first player).
    "turn_order_from_next_seat": True,
}

#: Why an area has its controller (index = reason code).
CONTROL_REASONS = ("majority", "axe", "flag", "tied", "empty")
MAJORITY, BY_AXE, BY_FLAG, TIED_UP, EMPTY = range(5)


def _break_tie(
    colours: tuple[int, ...], axe: tuple[int, int, int], flag: tuple[int, int, int], among_tied: bool
) -> tuple[int, int]:
    """(colour, reason) for a tie between ``colours``: AXE then FLAG (section 8 / 10.1)."""
    if among_tied:
        best = max(axe[c] for c in colours)
        left = [c for c in colours if axe[c] == best]
        if len(left) == 1:
            return left[0], BY_AXE
        best = max(flag[c] for c in left)
        left = [c for c in left if flag[c] == best]
        if len(left) == 1:
            return left[0], BY_FLAG
        return -1, TIED_UP
    for track, reason in ((axe, BY_AXE), (flag, BY_FLAG)):
        best = max(track)
        leaders = [c for c in range(3) if track[c] == best]
        if len(leaders) == 1 and leaders[0] in colours:
            return leaders[0], reason
    return -1, TIED_UP


class Rules:
    """One combination of rule options and its caches."""

    __slots__ = (
        "options",
        "kills_optional",
        "requires_kill",
        "march_zero",
        "empty_tiebreaks",
        "tied_only",
        "zero_tiebreaks",
        "from_next_seat",
        "area_moves",
        "_resolvers",
    )

    def __init__(self, options: dict[str, bool]) -> None:
        self.options = dict(options)
        self.kills_optional = options["battle_kills_optional"]
        self.requires_kill = options["battle_requires_kill"]
        self.march_zero = options["march_allows_zero"]
        self.empty_tiebreaks = options["empty_area_uses_tiebreaks"]
        self.tied_only = options["tiebreak_among_tied_only"]
        self.zero_tiebreaks = options["zero_areas_uses_tiebreaks"]
        self.from_next_seat = options["turn_order_from_next_seat"]
        #: ``area_moves[hand colour mask][area]``: packed area -> that area's Battles and Marches
        #: (a dict per area, so ``State.legal_moves`` looks all 11 up in one ``map``)
        self.area_moves: tuple[tuple[dict[int, tuple], ...], ...] = tuple(
            tuple({} for _ in range(AREA_COUNT)) for _ in range(8)
        )
        self._resolvers: dict[int, tuple[tuple[int, int], ...]] = {}

    # --- moves ----------------------------------------------------------------------

    def kill_range(self, total: int) -> range:
        """Allowed numbers of kills when ``total`` = min(k, E) stones can be killed."""
        low = 0 if self.kills_optional else total
        if self.requires_kill:
            low = max(low, 1)
        return range(low, total + 1)

    def build_area_moves(self, area: int, packed: int, hand_mask: int) -> tuple:
        """The Battles at ``area`` then the Marches out of it, for a hand holding the
        colours of ``hand_mask`` (cached).  Battles by paid colour, then kills of the
        first other colour (colour order) ascending, then of the second; Marches by
        colour, destination, then number of stones ascending."""
        counts = unpack(packed)
        out = []
        for c in MASK_COLOURS[hand_mask]:
            o1, o2 = OTHERS[c]
            e1, e2 = counts[o1], counts[o2]
            most = min(counts[c], e1 + e2)
            allowed = self.kill_range(most)
            for k1 in range(min(most, e1) + 1):
                for k2 in range(min(most - k1, e2) + 1):
                    if k1 + k2 in allowed:
                        kills = [0, 0, 0]
                        kills[o1], kills[o2] = k1, k2
                        out.append(battle(c, area, tuple(kills)))
        for c in MASK_COLOURS[hand_mask]:
            for dest in ADJACENT[area]:
                for n in range(1, counts[c] + 1):
                    out.append(march(c, area, dest, n))
        moves = tuple(out)
        cache = self.area_moves[hand_mask][area]
        if len(cache) > 20_000:  # never in a real game; keeps memory bounded
            cache.clear()
        cache[packed] = moves
        return moves

    # --- control --------------------------------------------------------------------

    def resolver(self, axe: int, flag: int) -> tuple[tuple[int, int], ...]:
        """``resolver(axe, flag)[TIED[area]]`` is ``(controller or -1, reason code)``
        for an area, given packed AXE and FLAG counts (section 8, cached)."""
        key = axe | flag << 15
        found = self._resolvers.get(key)
        if found is None:
            ax, fl = unpack(axe), unpack(flag)
            table = [(-1, EMPTY)]
            for mask in range(1, 8):
                colours = MASK_COLOURS[mask]
                table.append(
                    (colours[0], MAJORITY) if len(colours) == 1 else _break_tie(colours, ax, fl, self.tied_only)
                )
            if self.empty_tiebreaks:
                table[0] = _break_tie((0, 1, 2), ax, fl, self.tied_only)
            if len(self._resolvers) > 100_000:  # keeps memory bounded over millions of games
                self._resolvers.clear()
            found = self._resolvers[key] = tuple(table)
        return found

    def winning_colour(
        self, areas: tuple[int, int, int], axe: tuple[int, int, int], flag: tuple[int, int, int]
    ) -> tuple[int, str, tuple[int, ...]]:
        """Section 10.1: (winning colour or -1, reason, the colours tied for most areas).
        Reasons: ``areas`` (most areas), ``axe``, ``flag`` (tie-break among the tied
        colours), ``tied`` (no colour wins), ``no_areas`` (no colour controls an area
        and ``zero_areas_uses_tiebreaks`` is off)."""
        best = max(areas)
        tied = tuple(c for c in range(3) if areas[c] == best)
        if len(tied) == 1:
            return tied[0], "areas", tied
        if best == 0 and not self.zero_tiebreaks:
            return -1, "no_areas", tied
        colour, reason = _break_tie(tied, axe, flag, True)
        return colour, CONTROL_REASONS[reason], tied


_RULES: dict[tuple, Rules] = {}
_DEFAULT_KEY = tuple(OPTIONS.values())


def check_options(options: dict[str, Any]) -> dict[str, bool]:
    """All options with defaults filled in; BadPosition for an unknown name or a non-bool."""
    merged = dict(OPTIONS)
    for name, value in options.items():
        if name not in OPTIONS or not isinstance(value, bool):
            raise BadPosition("turncoats.error.option", option=str(name)[:40])
        merged[name] = value
    return merged


def rules_for(options: dict[str, Any] | None = None) -> Rules:
    """The shared Rules object for ``options`` (missing names take their default)."""
    if not options:  # the page's rules: every new game and playout asks for them
        found = _RULES.get(_DEFAULT_KEY)
        if found is not None:
            return found
    merged = check_options(options or {})
    key = tuple(merged.values())
    found = _RULES.get(key)
    if found is None:
        found = _RULES[key] = Rules(merged)
    return found

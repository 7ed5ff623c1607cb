"""A second, deliberately naive reading of the Turncoats rules (plain lists and
strings, straight from docs/rules/turncoats.md), used to cross-check the engine
in the tests: legal moves in the documented order, area control, the winning
colour and the winning player."""

from __future__ import annotations

COLOURS = ["red", "blue", "black"]
EDGES = [
    (0, 1),
    (0, 2),
    (0, 4),
    (1, 3),
    (1, 4),
    (2, 4),
    (3, 5),
    (4, 6),
    (5, 7),
    (5, 8),
    (6, 7),
    (6, 9),
    (7, 8),
    (7, 9),
    (7, 10),
    (8, 10),
    (9, 10),
]


def neighbours(x):
    return sorted([b for a, b in EDGES if a == x] + [a for a, b in EDGES if b == x])


def legal_moves(areas, hand, pending, over, options):
    """The legal moves as notation, in the order the engine documents."""
    if over:
        return []
    held = [c for c in range(3) if hand[c] > 0]
    if pending:
        return [f"return {COLOURS[c]}" for c in held]
    moves = [f"recruit {COLOURS[c]} {x}" for c in held for x in range(11)]
    if options.get("march_allows_zero"):
        moves += [f"march {COLOURS[c]} x0" for c in held]
    for x in range(11):
        area = areas[x]
        for c in held:
            others = [o for o in range(3) if o != c]
            most = min(area[c], area[others[0]] + area[others[1]])
            for k1 in range(area[others[0]] + 1):
                for k2 in range(area[others[1]] + 1):
                    total = k1 + k2
                    if total > most:
                        continue
                    if total < most and not options.get("battle_kills_optional"):
                        continue
                    if total == 0 and options.get("battle_requires_kill"):
                        continue
                    killed = [COLOURS[others[0]]] * k1 + [COLOURS[others[1]]] * k2
                    moves.append(f"battle {COLOURS[c]} {x}" + (" kill " + ",".join(killed) if killed else ""))
        for c in held:
            for y in neighbours(x):
                for n in range(1, area[c] + 1):
                    moves.append(f"march {COLOURS[c]} {x}-{y} x{n}")
    moves.append("negotiate")
    return moves


def controller(area, axe, flag, options=None):
    """The colour ruling ``area`` (0..2) or None: most stones, then AXE, then FLAG
    among the tied colours (section 8, default options)."""
    options = options or {}
    top = max(area)
    tied = [c for c in range(3) if area[c] == top]
    if top == 0:
        if not options.get("empty_area_uses_tiebreaks"):
            return None
        tied = [0, 1, 2]
    if len(tied) == 1:
        return tied[0]
    if options.get("tiebreak_among_tied_only", True):
        for track in (axe, flag):
            best = max(track[c] for c in tied)
            tied = [c for c in tied if track[c] == best]
            if len(tied) == 1:
                return tied[0]
        return None
    for track in (axe, flag):
        leaders = [c for c in range(3) if track[c] == max(track)]
        if len(leaders) == 1 and leaders[0] in tied:
            return leaders[0]
    return None


def winning_colour(areas, axe, flag, options=None):
    counts = [0, 0, 0]
    for area in areas:
        c = controller(area, axe, flag, options)
        if c is not None:
            counts[c] += 1
    top = max(counts)
    tied = [c for c in range(3) if counts[c] == top]
    if top == 0 and options and options.get("zero_areas_uses_tiebreaks") is False:
        return None
    for track in (axe, flag):
        if len(tied) == 1:
            break
        best = max(track[c] for c in tied)
        tied = [c for c in tied if track[c] == best]
    return tied[0] if len(tied) == 1 else None


def winning_player(hands, colour, next_seat):
    """Section 10.2: most stones of the winning colour, fewest losing stones, then
    turn order from ``next_seat``."""
    n = len(hands)
    left = list(range(n))
    if colour is not None:
        best = max(hands[s][colour] for s in left)
        left = [s for s in left if hands[s][colour] == best]
    losing = [sum(h) - (h[colour] if colour is not None else 0) for h in hands]
    best = min(losing[s] for s in left)
    left = [s for s in left if losing[s] == best]
    for i in range(n):
        seat = (next_seat + i) % n
        if seat in left:
            return seat
    raise AssertionError("no winner")

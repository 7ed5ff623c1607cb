"""The Turncoats map and stones (``docs/rules/turncoats.md`` sections 2-3).

* Colours: ``0 = red``, ``1 = blue``, ``2 = black`` (``COLOURS`` gives the names).
  Every triple of counts in this package is in that order: ``(red, blue, black)``.
* Areas ``0..10`` with the 17 undirected edges of section 3.3; homelands: red 3,
  black 2, blue 9.  AXE and FLAG are not areas and are adjacent to nothing.

Stone counts of one place (an area, a hand, the bag, AXE, FLAG) are *packed* into
one int, 5 bits per colour: ``red | blue << 5 | black << 10`` (a colour never has
more than 21 stones).  The tables below are indexed by a packed triple, so the
hot paths (move generation, area control) are list look-ups.
"""

from __future__ import annotations

COLOURS = ("red", "blue", "black")
RED, BLUE, BLACK = 0, 1, 2
COLOUR_OF = {name: c for c, name in enumerate(COLOURS)}

STONES_PER_COLOUR = 21
HAND_SIZE = 8
AREA_COUNT = 11
AREAS = tuple(range(AREA_COUNT))
MIN_PLAYERS, MAX_PLAYERS = 2, 5

#: The 17 undirected edges of section 3.3, exactly as listed there.
EDGES = (
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
)
#: ``ADJACENT[x]``: the areas next to ``x``, ascending.
ADJACENT = tuple(tuple(sorted({b for a, b in EDGES if a == x} | {a for a, b in EDGES if b == x})) for x in AREAS)
#: ``IS_ADJACENT[x][y]``.
IS_ADJACENT = tuple(tuple(y in ADJACENT[x] for y in AREAS) for x in AREAS)
#: The homeland of each colour (section 3.2): red 3, blue 9, black 2.
HOMELAND = (3, 9, 2)
#: ``HOME_COLOUR[x]``: the colour whose homeland ``x`` is, or -1.
HOME_COLOUR = tuple(HOMELAND.index(x) if x in HOMELAND else -1 for x in AREAS)

# --- packed triples ---------------------------------------------------------------

SHIFT = (0, 5, 10)
UNIT = (1, 1 << 5, 1 << 10)
FIELD = 31
PACKED_LIMIT = 1 << 15
#: The two other colours of each colour, in colour order.
OTHERS = ((1, 2), (0, 2), (0, 1))


def pack(counts: tuple[int, int, int] | list[int]) -> int:
    """``(red, blue, black)`` -> packed int."""
    r, b, k = counts
    return r | b << 5 | k << 10


def unpack(p: int) -> tuple[int, int, int]:
    """Packed int -> ``(red, blue, black)``."""
    return p & 31, p >> 5 & 31, p >> 10 & 31


def _tables() -> tuple[list[int], list[int], list[int]]:
    size, mask, tied = [0] * PACKED_LIMIT, [0] * PACKED_LIMIT, [0] * PACKED_LIMIT
    for p in range(PACKED_LIMIT):
        r, b, k = p & 31, p >> 5 & 31, p >> 10 & 31
        size[p] = r + b + k
        mask[p] = (r > 0) | (b > 0) << 1 | (k > 0) << 2
        m = max(r, b, k)
        tied[p] = 0 if m == 0 else (r == m) | (b == m) << 1 | (k == m) << 2
    return size, mask, tied


#: ``SIZE[p]``: stones in a packed triple.  ``COLOUR_MASK[p]``: bit c set when colour c is present.
#: ``TIED[p]``: bit c set when colour c has the most stones (0 for an empty place).
SIZE, COLOUR_MASK, TIED = _tables()
#: The colours in a colour mask, in colour order.
MASK_COLOURS = tuple(tuple(c for c in range(3) if m >> c & 1) for m in range(8))


def area_name(x: int) -> str:
    """The notation of an area: its number."""
    return str(x)

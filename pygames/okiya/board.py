"""The fixed geometry of Okiya: cells, tiles, the 19 winning patterns, matching.

Cells are numbered 0..15 row-major from the top-left (cell ``i`` is row
``i // 4``, column ``i % 4``).  A tile id is ``4 * plant + symbol``.  Sets of
cells are 16-bit masks (bit ``i`` = cell ``i``), which is what makes both the
rules and the solver fast.
"""

from __future__ import annotations

from functools import lru_cache

PLANTS = ("maple", "cherry", "pine", "iris")
SYMBOLS = ("sun", "bird", "rain", "tanzaku")

CELLS = range(16)
FULL = 0xFFFF
#: The 12 border cells: the only legal opening moves.
BORDER = 0xFFFF & ~((1 << 5) | (1 << 6) | (1 << 9) | (1 << 10))

#: The 10 lines of four: 4 rows, 4 columns, 2 long diagonals.
LINES = (0x000F, 0x00F0, 0x0F00, 0xF000, 0x1111, 0x2222, 0x4444, 0x8888, 0x8421, 0x1248)
#: The 9 overlapping 2x2 squares.
SQUARES = (0x0033, 0x0066, 0x00CC, 0x0330, 0x0660, 0x0CC0, 0x3300, 0x6600, 0xCC00)
PATTERNS = LINES + SQUARES
#: For each cell, the patterns through it (4 for a border cell, 7 for a centre cell).
PATTERNS_THROUGH = tuple(tuple(p for p in PATTERNS if p >> c & 1) for c in CELLS)


def plant(tile: int) -> int:
    return tile >> 2


def symbol(tile: int) -> int:
    return tile & 3


def tile_name(tile: int) -> str:
    """``maple-sun`` style name of a tile id."""
    return f"{PLANTS[tile >> 2]}-{SYMBOLS[tile & 3]}"


TILE_NAMES = tuple(tile_name(t) for t in range(16))


def cell_name(cell: int) -> str:
    """``r1c2`` style name of a cell, the move notation."""
    return f"r{cell >> 2}c{cell & 3}"


CELL_NAMES = tuple(cell_name(c) for c in CELLS)


def matches(a: int, b: int) -> bool:
    """Two distinct tiles match when they share the plant or the symbol."""
    return a != b and ((a >> 2) == (b >> 2) or (a & 3) == (b & 3))


#: For each tile id, the ids of the six tiles that match it.
MATCHING_TILES = tuple(tuple(u for u in range(16) if matches(t, u)) for t in range(16))


@lru_cache(maxsize=256)
def match_masks(layout: tuple[int, ...]) -> tuple[int, ...]:
    """For each cell, the mask of cells whose tile matches the tile there (6 bits each)."""
    where = [0] * 16
    for cell, tile in enumerate(layout):
        where[tile] = cell
    masks = []
    for tile in layout:
        mask = 0
        for other in MATCHING_TILES[tile]:
            mask |= 1 << where[other]
        masks.append(mask)
    return tuple(masks)


def completed_pattern(mask: int, cell: int) -> int:
    """The first pattern through ``cell`` fully covered by ``mask`` (0 if none)."""
    for p in PATTERNS_THROUGH[cell]:
        if mask & p == p:
            return p
    return 0


def cells_of(mask: int) -> list[int]:
    return [c for c in CELLS if mask >> c & 1]

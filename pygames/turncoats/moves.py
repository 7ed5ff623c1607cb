"""Turncoats moves and their notation.

A turn is one action (section 7).  Negotiate is split in two decisions so the
secret is explicit: ``negotiate`` makes the engine draw a stone from the bag into
the player's hand (chance, from the random generator kept in the position; only
that player sees the stone), then the same player chooses ``return <colour>``:
the stone shown to everyone and put back in the bag.

Notation (lower case; colours ``red``, ``blue``, ``black``; areas ``0``..``10``):

===================================  ===================================================
``recruit red 7``                    Recruit: a red stone from hand into area 7.
``battle blue 4``                    Battle paying blue at area 4 that kills nothing
                                     (no blue stone or no enemy there).
``battle blue 4 kill red,black``     Battle paying blue at area 4, killing one red and
                                     one black stone (one word per killed stone, in
                                     colour order: ``kill red,red,black``).
``march black 5-7 x2``               March paying black: two black stones move from
                                     area 5 to adjacent area 7.
``march black x0``                   Flag-only March (only with ``march_allows_zero``).
``negotiate``                        Negotiate: draw a secret stone from the bag.
``return blue``                      The second half of Negotiate: show a blue stone
                                     from hand and put it back in the bag.
===================================  ===================================================

``parse`` also accepts extra spaces, capitals, ``kill 2 red, black`` /
``kill 2red`` / ``kill red x2`` for repeated kills, and ``march black 5 7 2`` /
``march black 5-7 2``; ``str(move)`` is always the canonical form above.

Moves are interned: the same move is the same object, so comparing and hashing
are cheap.  ``Move`` fields: ``kind`` (``RECRUIT``, ``BATTLE``, ``MARCH``,
``NEGOTIATE``, ``RETURN``), ``colour`` (-1 for negotiate), ``area`` (target, or
march source; -1 if none), ``dest`` (march destination, -1), ``count`` (stones
marched), ``kills`` (stones killed per colour, a triple).
"""

from __future__ import annotations

import re
from typing import Any

from pygames.core.errors import IllegalMove
from pygames.turncoats.board import AREA_COUNT, COLOUR_OF, COLOURS, IS_ADJACENT, UNIT, pack

RECRUIT, BATTLE, MARCH, NEGOTIATE, RETURN = range(5)
KIND_NAMES = ("recruit", "battle", "march", "negotiate", "return")


class Move:
    """One decision of the player to move; ``str(move)`` is its notation."""

    __slots__ = (
        "kind",
        "colour",
        "area",
        "dest",
        "count",
        "kills",
        "text",
        "unit",
        "kill_packed",
        "kill_total",
        "march_packed",
        "adjacent",
        "effect",
    )

    kind: int
    colour: int
    area: int
    dest: int
    count: int
    kills: tuple[int, int, int]
    text: str

    def __init__(
        self,
        kind: int,
        colour: int = -1,
        area: int = -1,
        dest: int = -1,
        count: int = 0,
        kills: tuple[int, int, int] = (0, 0, 0),
    ) -> None:
        self.kind = kind
        self.colour = colour
        self.area = area
        self.dest = dest
        self.count = count
        self.kills = kills
        self.unit = UNIT[colour] if colour >= 0 else 0
        self.kill_packed = pack(kills)
        self.kill_total = sum(kills)
        self.march_packed = count * self.unit
        self.adjacent = area >= 0 and dest >= 0 and IS_ADJACENT[area][dest]
        self.text = _notation(self)
        #: What the move does to the board, for a search's quick count of the areas each colour
        #: rules: ``(section, area changed or -1, packed stones added to it, second area changed or
        #: -1, stones added to that)``; the section is the colour paid plus 0 for a Recruit (AXE and
        #: FLAG unchanged), 3 for a Battle (AXE gains the stone), 6 for a March (FLAG gains it).
        #: None for a Negotiate or a return, which change no area.
        self.effect = _effect(self)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Move) and other.text == self.text)

    def __hash__(self) -> int:
        return hash(self.text)

    def __reduce__(self):  # copies and pickles come back as the interned move
        return (parse, (self.text,))

    def to_json(self) -> dict[str, Any]:
        """What the page needs to draw and label the move, so it never parses notation:
        ``kind``, ``colour`` (name or None), ``area`` / ``dest`` (or None), ``count``,
        ``kills`` (stones killed per colour, red-blue-black).

        >>> parse("march black 5-7 x2").to_json()["dest"], parse("battle red 4 kill blue").to_json()["kills"]
        (7, [0, 1, 0])
        """
        return {
            "text": self.text,
            "kind": KIND_NAMES[self.kind],
            "colour": COLOURS[self.colour] if self.colour >= 0 else None,
            "area": self.area if self.area >= 0 else None,
            "dest": self.dest if self.dest >= 0 else None,
            "count": self.count,
            "kills": list(self.kills),
        }


def _effect(m: Move) -> tuple[int, int, int, int, int] | None:
    kind, colour = m.kind, m.colour
    if kind == RECRUIT:
        return (colour, m.area, m.unit, -1, 0)
    if kind == BATTLE:
        return (3 + colour, m.area, -m.kill_packed, -1, 0)
    if kind == MARCH:
        if m.count:
            return (6 + colour, m.area, -m.march_packed, m.dest, m.march_packed)
        return (6 + colour, -1, 0, -1, 0)
    return None


def _notation(m: Move) -> str:
    kind = KIND_NAMES[m.kind]
    if m.kind == NEGOTIATE:
        return kind
    colour = COLOURS[m.colour]
    if m.kind == RETURN:
        return f"{kind} {colour}"
    if m.kind == RECRUIT:
        return f"{kind} {colour} {m.area}"
    if m.kind == BATTLE:
        if not m.kill_total:
            return f"{kind} {colour} {m.area}"
        killed = ",".join(COLOURS[c] for c in range(3) for _ in range(m.kills[c]))
        return f"{kind} {colour} {m.area} kill {killed}"
    if m.area < 0:
        return f"{kind} {colour} x0"
    return f"{kind} {colour} {m.area}-{m.dest} x{m.count}"


# --- interned moves ------------------------------------------------------------------

_BY_TEXT: dict[str, Move] = {}
_BY_KEY: dict[tuple, Move] = {}


def _intern(key: tuple, *args) -> Move:
    move = _BY_KEY.get(key)
    if move is None:
        move = Move(*args)
        _BY_KEY[key] = move
        _BY_TEXT[move.text] = move
    return move


def recruit(colour: int, area: int) -> Move:
    return _intern((RECRUIT, colour, area), RECRUIT, colour, area)


def battle(colour: int, area: int, kills: tuple[int, int, int] = (0, 0, 0)) -> Move:
    kills = tuple(kills)
    return _intern((BATTLE, colour, area, kills), BATTLE, colour, area, -1, 0, kills)


def march(colour: int, source: int, dest: int, count: int) -> Move:
    if count == 0:
        return _intern((MARCH, colour), MARCH, colour)
    return _intern((MARCH, colour, source, dest, count), MARCH, colour, source, dest, count)


def returning(colour: int) -> Move:
    return RETURNS[colour]


NEGOTIATE_MOVE = Move(NEGOTIATE)
_BY_TEXT[NEGOTIATE_MOVE.text] = NEGOTIATE_MOVE
RETURNS = tuple(Move(RETURN, c) for c in range(3))
for _m in RETURNS:
    _BY_TEXT[_m.text] = _m
#: ``RECRUITS_BY_MASK[mask]``: the recruits for a hand holding the colours of ``mask``,
#: by colour then area.
RECRUITS_BY_MASK = tuple(
    tuple(recruit(c, x) for c in range(3) if mask >> c & 1 for x in range(AREA_COUNT)) for mask in range(8)
)
#: ``RETURNS_BY_MASK[mask]``: the returns for a hand holding the colours of ``mask``.
RETURNS_BY_MASK = tuple(tuple(RETURNS[c] for c in range(3) if mask >> c & 1) for mask in range(8))
#: Flag-only marches (``march_allows_zero``) by hand colour mask.
ZERO_MARCHES_BY_MASK = tuple(tuple(march(c, -1, -1, 0) for c in range(3) if mask >> c & 1) for mask in range(8))

# --- parsing -------------------------------------------------------------------------

_SPACES = re.compile(r"\s+")
_KILL_ITEM = re.compile(r"^(?:(\d+)\s*x?\s*)?([a-z]+)(?:\s*x\s*(\d+))?$")
_MARCH_TAIL = re.compile(r"^(\d+)\s*(?:-|->|\s)\s*(\d+)\s+x?(\d+)$")


def _bad(text: object) -> IllegalMove:
    return IllegalMove("error.bad_notation", move=str(text)[:40])


def _colour(word: str, text: str) -> int:
    if word not in COLOUR_OF:
        raise _bad(text)
    return COLOUR_OF[word]


def _area(word: str, text: str) -> int:
    if not word.isdigit() or int(word) >= AREA_COUNT:
        raise IllegalMove("turncoats.error.no_area", area=word[:8])
    return int(word)


def parse(move: object) -> Move:
    """The Move written as ``move`` (a Move is returned as it is).  Raises IllegalMove
    (``error.bad_notation``, or ``turncoats.error.no_area`` for an area that is not
    on the map) if it is not a move's notation.  Whether the move is legal is the
    position's business (``State.play``)."""
    if type(move) is Move:
        return move
    if not isinstance(move, str):
        raise _bad(move)
    found = _BY_TEXT.get(move)
    if found is not None:
        return found
    text = _SPACES.sub(" ", move.strip().lower())
    found = _BY_TEXT.get(text)
    if found is not None:
        return found
    words = text.split(" ")
    kind = words[0]
    if kind in ("negotiate", "return") or len(words) < 3:
        if kind == "return" and len(words) == 2:
            return RETURNS[_colour(words[1], move)]
        if kind == "march" and len(words) == 3 and words[2] in ("x0", "0"):
            return march(_colour(words[1], move), -1, -1, 0)
        raise _bad(move)
    colour = _colour(words[1], move)
    if kind == "recruit" and len(words) == 3:
        return recruit(colour, _area(words[2], move))
    if kind == "battle":
        area = _area(words[2], move)
        if len(words) == 3:
            return battle(colour, area)
        if words[3] != "kill":
            raise _bad(move)
        kills = [0, 0, 0]
        for item in " ".join(words[4:]).split(","):
            found_item = _KILL_ITEM.match(item.strip())
            if not found_item or (found_item.group(1) and found_item.group(3)):
                raise _bad(move)
            times = int(found_item.group(1) or found_item.group(3) or 1)
            kills[_colour(found_item.group(2), move)] += times
        if kills[colour] or sum(kills) > 63:
            raise _bad(move)
        return battle(colour, area, tuple(kills))
    if kind == "march":
        tail = _MARCH_TAIL.match(" ".join(words[2:]))
        if not tail:
            raise _bad(move)
        source, dest, count = _area(tail.group(1), move), _area(tail.group(2), move), int(tail.group(3))
        if count > 63 or source == dest:
            raise _bad(move)
        return march(colour, source, dest, count) if count else march(colour, -1, -1, 0)
    raise _bad(move)

"""Oriflamme moves and their notation.

Every decision of the game is one ``Move``; ``str(move)`` is its notation and
``State.play`` accepts the notation (case-insensitive, extra spaces ignored).
Slots are numbered 1, 2, ... in resolution order (slot 1 is resolved first and is
drawn at the left end); seats are written ``p1``, ``p2``, ... (seat 0 = ``p1``).
Card words: Ambush, Archer, Assassination, Conspiracy, Heir, Lord, Decree (also
"Royal Decree"), Shapeshifter, Soldier, Spy; ``?`` is a card whose type the
position does not know (another seat's card on one player's device).

=================================  ============================================================
``place Archer left``              placement: new slot at the left end (resolved first); on an
                                   empty queue ``left`` is the only way (``right`` is accepted)
``place Spy right``                placement: new slot at the right end (resolved last)
``place Lord on 3``                placement from round 2: on top of your own slot 3
``place ? left``                   another seat's placement on a device that cannot see its hand
``reveal``                         the owner of the visited face-down card reveals it
``reveal Lord``                    the same, naming the card (the public form: also accepted when
                                   the card is known; the only form for a card of unknown type)
``keep``                           the owner leaves the visited card face down (+1 token on it)
``target 3``                       Archer / Soldier / Assassination (or a Shapeshifter copying
                                   Archer or Soldier): eliminate the top card of slot 3;
                                   Royal Decree: pick the top card of slot 3 to move
``steal p2``                       Spy (or a copying Shapeshifter): take 1 influence from seat p2
                                   (your own seat when your own card is the neighbour: no change)
``copy Soldier``                   Shapeshifter: copy the ability of an adjacent face-up card
``gap 2``                          Royal Decree: put the picked card in gap 2, the gap between
                                   slots 2 and 3 of the queue as it stands (``gap 0`` = left end,
                                   ``gap N`` after the last slot N = right end)
``on 4``                           Royal Decree with option ``decree_may_stack``: put the picked
                                   card on top of slot 4 (a slot of the picked card's owner)
``show Lord``                      the owner of a face-down card that was just eliminated shows
                                   it (it becomes public; an Ambush then strikes back)
=================================  ============================================================

``int(move)`` is a stable action id (the index in ``ALL``).
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import IllegalMove
from pygames.oriflamme.cards import ALIASES, IDS, NAMES, TYPES, UNKNOWN

PLACE, REVEAL, KEEP, TARGET, STEAL, COPY, GAP, ON, SHOW = range(9)
#: The first word of each kind's notation (also ``Move.to_json()["kind"]``).
KINDS = ("place", "reveal", "keep", "target", "steal", "copy", "gap", "on", "show")
#: ``Move.b`` of a placement at the left / right end; 0.. for "on slot b+1".
LEFT, RIGHT = -1, -2
#: More slots than a game can hold (5 players x 6 rounds = 30 cards).
MAX_SLOTS = 40
MAX_SEATS = 5


class Move:
    """One decision (a singleton: get moves from ``parse`` or ``State.legal_moves``, never build them).
    ``kind`` is one of PLACE..SHOW; ``a`` and ``b`` its arguments:

    * PLACE: ``a`` card type (or UNKNOWN), ``b`` LEFT, RIGHT or a 0-based slot index;
    * REVEAL: ``a`` the named type, or -1 for plain ``reveal``; KEEP: none;
    * TARGET / ON: ``a`` 0-based slot index; GAP: ``a`` the gap (0 = before slot 1);
    * STEAL: ``a`` the seat; COPY / SHOW: ``a`` the card type.
    """

    __slots__ = ("kind", "a", "b", "text", "id")

    def __init__(self, kind: int, a: int = -1, b: int = 0, text: str = "", id: int = -1) -> None:
        self.kind = kind
        self.a = a
        self.b = b
        self.text = text
        self.id = id

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"

    def __int__(self) -> int:
        return self.id

    __index__ = __int__

    # Every move exists once (the tables below; ``parse`` returns them), so moves compare by
    # identity, which keeps ``move in legal_moves()`` at C speed.  Copies come back interned.
    def __reduce__(self) -> tuple:
        return parse, (self.text,)

    def __copy__(self) -> "Move":
        return self

    def __deepcopy__(self, memo: dict) -> "Move":
        return self

    @property
    def card(self) -> int | None:
        """The card type the move names (a placement: ``UNKNOWN`` for ``place ?``; ``reveal <Type>``,
        ``copy``, ``show``), or None (plain ``reveal``, ``keep``, slots, seats and gaps)."""
        return self.a if self.kind in _NAMING and self.a >= 0 else None

    def with_card(self, card: int) -> "Move":
        """This placement naming ``card`` instead (``place ? left`` -> ``place Lord left`` once the
        card is known, and back with ``UNKNOWN``); ValueError for a move that is no placement."""
        if self.kind != PLACE:
            raise ValueError(f"not a placement: {self.text}")
        b = self.b
        return PLACE_LEFT[card] if b == LEFT else PLACE_RIGHT[card] if b == RIGHT else PLACE_ON[card][b]

    def to_json(self) -> dict[str, Any]:
        """What the page needs to draw and label the move, so it never parses notation:
        ``kind`` (the notation's first word), ``card`` (catalog id or None), ``where``
        (``left`` / ``right`` / ``on`` for a placement), ``slot`` (0-based), ``seat``, ``gap``.

        >>> parse("place Decree on 2").to_json()["card"], parse("place Spy on 2").to_json()["slot"]
        ('royal_decree', 1)
        """
        kind = self.kind
        data: dict[str, Any] = {
            "text": self.text,
            "kind": KINDS[kind],
            "card": None,
            "where": None,
            "slot": None,
            "seat": None,
            "gap": None,
        }
        if kind == PLACE:
            data["card"] = IDS[self.a] if self.a != UNKNOWN else None
            data["where"] = "left" if self.b == LEFT else "right" if self.b == RIGHT else "on"
            if self.b >= 0:
                data["slot"] = self.b
        elif kind in (REVEAL, COPY, SHOW):
            data["card"] = IDS[self.a] if self.a >= 0 else None
        elif kind in (TARGET, ON):
            data["slot"] = self.a
        elif kind == STEAL:
            data["seat"] = self.a
        elif kind == GAP:
            data["gap"] = self.a
        return data


#: The kinds whose ``a`` is a card type.
_NAMING = frozenset((PLACE, REVEAL, COPY, SHOW))

ALL: list[Move] = []


def _make(kind: int, a: int, b: int, text: str) -> Move:
    move = Move(kind, a, b, text, len(ALL))
    ALL.append(move)
    return move


_CARDS = TYPES + (UNKNOWN,)
PLACE_LEFT = tuple(_make(PLACE, t, LEFT, f"place {NAMES[t]} left") for t in _CARDS)
PLACE_RIGHT = tuple(_make(PLACE, t, RIGHT, f"place {NAMES[t]} right") for t in _CARDS)
PLACE_ON = tuple(tuple(_make(PLACE, t, i, f"place {NAMES[t]} on {i + 1}") for i in range(MAX_SLOTS)) for t in _CARDS)
REVEAL_PLAIN = _make(REVEAL, -1, 0, "reveal")
REVEAL_AS = tuple(_make(REVEAL, t, 0, f"reveal {NAMES[t]}") for t in TYPES)
KEEP_MOVE = _make(KEEP, -1, 0, "keep")
TARGET_AT = tuple(_make(TARGET, i, 0, f"target {i + 1}") for i in range(MAX_SLOTS))
STEAL_FROM = tuple(_make(STEAL, s, 0, f"steal p{s + 1}") for s in range(MAX_SEATS))
COPY_OF = tuple(_make(COPY, t, 0, f"copy {NAMES[t]}") for t in TYPES)
GAP_AT = tuple(_make(GAP, k, 0, f"gap {k}") for k in range(MAX_SLOTS + 1))
ON_SLOT = tuple(_make(ON, i, 0, f"on {i + 1}") for i in range(MAX_SLOTS))
SHOW_AS = tuple(_make(SHOW, t, 0, f"show {NAMES[t]}") for t in TYPES)
ALL = tuple(ALL)  # type: ignore[assignment]


def _bad(text: str) -> IllegalMove:
    return IllegalMove("error.bad_notation", move=text[:40])


def _card(words: list[str], text: str, unknown_ok: bool = False) -> int:
    t = ALIASES.get("".join(words).replace("-", "").replace("_", ""))
    if t is None or (t == UNKNOWN and not unknown_ok):
        raise _bad(text)
    return t


def _number(word: str, text: str, low: int, high: int) -> int:
    if not word.isdigit() or not low <= int(word) <= high:
        raise _bad(text)
    return int(word)


def parse(text: str) -> Move:
    """The Move written as ``text`` (see the module docstring); IllegalMove if it is no move."""
    words = text.strip().lower().split()
    if not words:
        raise _bad(text)
    head, rest = words[0], words[1:]
    if head == "place" and len(rest) >= 2:
        if rest[-1] in ("left", "right"):
            t = _card(rest[:-1], text, True)
            return PLACE_LEFT[t] if rest[-1] == "left" else PLACE_RIGHT[t]
        if len(rest) >= 3 and rest[-2] == "on":
            return PLACE_ON[_card(rest[:-2], text, True)][_number(rest[-1], text, 1, MAX_SLOTS) - 1]
    elif head == "reveal":
        return REVEAL_AS[_card(rest, text)] if rest else REVEAL_PLAIN
    elif head == "keep" and not rest:
        return KEEP_MOVE
    elif len(rest) == 1:
        word = rest[0]
        if head == "target":
            return TARGET_AT[_number(word, text, 1, MAX_SLOTS) - 1]
        if head == "on":
            return ON_SLOT[_number(word, text, 1, MAX_SLOTS) - 1]
        if head == "gap":
            return GAP_AT[_number(word, text, 0, MAX_SLOTS)]
        if head == "steal" and word[:1] == "p":
            return STEAL_FROM[_number(word[1:], text, 1, MAX_SEATS) - 1]
    if head == "copy" and rest:
        return COPY_OF[_card(rest, text)]
    if head == "show" and rest:
        return SHOW_AS[_card(rest, text)]
    raise _bad(text)

"""The ten card types of an Oriflamme family (``docs/rules/oriflamme.md`` sections 1 and 5).

A type is a small int (0..9, in the alphabetical order of the English names);
``UNKNOWN`` (10) stands for a card whose type the holder of the position does not
know (another seat's face-down card, as seen on one player's own device).

Each family holds exactly one card of each type, so a card is identified by
``(owner, type)``.  Inside the engine a card in the queue is one int::

    card = type | FACE_UP * up | tokens << TOKEN_SHIFT

Names: ``IDS`` are the catalog/view ids (``oriflamme.card.<id>``), ``NAMES`` the
words used in move notation (``place Decree left``), ``CODES`` the two-letter
codes of the position text.
"""

from __future__ import annotations

AMBUSH, ARCHER, ASSASSINATION, CONSPIRACY, HEIR, LORD, DECREE, SHAPESHIFTER, SOLDIER, SPY = range(10)
TYPES = tuple(range(10))
UNKNOWN = 10

#: Bit of a queue card that says it is face up.
FACE_UP = 16
#: Tokens sit above the face bit.
TOKEN_SHIFT = 5
TYPE_MASK = 15

#: Every type of a family as a bit mask (bit t = type t).
FAMILY = (1 << 10) - 1

IDS = (
    "ambush",
    "archer",
    "assassination",
    "conspiracy",
    "heir",
    "lord",
    "royal_decree",
    "shapeshifter",
    "soldier",
    "spy",
    "unknown",
)
NAMES = (
    "Ambush",
    "Archer",
    "Assassination",
    "Conspiracy",
    "Heir",
    "Lord",
    "Decree",
    "Shapeshifter",
    "Soldier",
    "Spy",
    "?",
)
CODES = ("Am", "Ar", "As", "Co", "He", "Lo", "Rd", "Sh", "So", "Sp", "??")
#: English names as printed (the catalog holds the same texts under ``oriflamme.card.<id>``).
TITLES = (
    "Ambush",
    "Archer",
    "Assassination",
    "Conspiracy",
    "Heir",
    "Lord",
    "Royal Decree",
    "Shapeshifter",
    "Soldier",
    "Spy",
    "face-down card",
)

#: One-shot cards, discarded during their own visit.
INTRIGUES = frozenset((AMBUSH, ASSASSINATION, CONSPIRACY, DECREE))
#: Cards that stay in the queue once revealed and act at every visit.
CHARACTERS = frozenset((ARCHER, HEIR, LORD, SHAPESHIFTER, SOLDIER, SPY))
CHARACTER_MASK = sum(1 << t for t in CHARACTERS)

#: Words accepted for each type in notation (lower case, spaces and dashes removed).
ALIASES: dict[str, int] = {}
for _t in TYPES:
    for _word in (NAMES[_t], IDS[_t], CODES[_t], TITLES[_t]):
        ALIASES[_word.lower().replace(" ", "").replace("_", "").replace("-", "")] = _t
ALIASES["?"] = UNKNOWN
ALIASES["??"] = UNKNOWN
del _t, _word


def card_type(card: int) -> int:
    return card & TYPE_MASK


def is_up(card: int) -> bool:
    return bool(card & FACE_UP)


def tokens(card: int) -> int:
    return card >> TOKEN_SHIFT


def types_of(mask: int) -> list[int]:
    """The types in a bit mask, ascending."""
    return [t for t in TYPES if mask >> t & 1]


#: HAND_TYPES[mask] = the card types in a hand mask, ascending (bit 10: the unknown card).
HAND_TYPES = tuple(tuple(t for t in range(11) if m >> t & 1) for m in range(1 << 11))

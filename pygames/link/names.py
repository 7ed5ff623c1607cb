"""Seat names: one cleaning rule (the page's ``site/ui/names.js`` is the same rule in
JavaScript), and names told apart at a table.

``clean_name`` turns every kind of whitespace into one plain space, drops what nobody can see
(controls, format characters such as zero-width spaces and joiners or direction marks, the
other default-ignorable code points such as variation selectors, the Hangul fillers and the
braille blank), trims, and keeps at most ``MAX_NAME`` characters. A name that cleans to
nothing is written as the empty name, which every device shows as the seat's default name
("Player 2", in its own language).

A link's header may hold any printable name a release of pygames wrote (``valid_name``);
every device shows it cleaned (``shown_names``), and two seats whose names read alike
("Ann" and "Ann", or "Ann" and Greek "Αnn") get their seat number beside the name.
"""

from __future__ import annotations

import unicodedata

from pygames.core.i18n import tr

MAX_NAME = 24

#: Whitespace of every kind: each becomes a plain space (the same list as names.js).
SPACES = frozenset("\t\n\v\f\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000" + "".join(map(chr, range(0x2000, 0x200B))))
#: Code points nobody sees beyond the categories dropped whole (Cc, Cf, Cs, Co, Cn): Unicode's
#: default-ignorable code points of other categories (the combining grapheme joiner, the Hangul
#: fillers, Khmer's inherent vowels, Mongolian and other variation selectors) and the braille
#: blank. The same list as names.js.
INVISIBLE_RANGES = (
    (0x034F, 0x034F),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFFA0, 0xFFA0),
    (0xE0100, 0xE01EF),
)
_DROPPED_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Co", "Cn"))
_INVISIBLE = frozenset(chr(c) for low, high in INVISIBLE_RANGES for c in range(low, high + 1))


def _kept(c: str) -> bool:
    return c not in _INVISIBLE and unicodedata.category(c) not in _DROPPED_CATEGORIES


def clean_name(name: object) -> str:
    """A seat name as links carry it: whitespace made plain spaces, invisible characters out,
    trimmed, at most ``MAX_NAME`` characters; "" when nothing visible is left (the default name).

    >>> clean_name("  Ann\\u00a0 Lee\\u200b ")
    'Ann Lee'
    >>> clean_name("\\u3164"), clean_name("\\u2800\\u200d"), clean_name("\\u00a0\\u00a0")
    ('', '', '')
    """
    text = "".join(" " if c in SPACES else c for c in str(name) if c in SPACES or _kept(c))
    # runs of spaces made one, trimmed, cut to MAX_NAME characters, trimmed again
    return " ".join(word for word in text.split(" ") if word)[:MAX_NAME].rstrip(" ")


def valid_name(name: str) -> bool:
    """Whether a link's header may hold ``name``: printable characters only, at most
    ``MAX_NAME`` of them, as every release's cleaning wrote (an empty name is the default one)."""
    return len(name) <= MAX_NAME and name.isprintable()


def skeleton(name: str) -> str:
    """What ``name`` looks like, roughly: compatibility forms and accents folded, case folded,
    Greek and Cyrillic letters that look Latin made Latin, look-alike strokes (l, I, 1, |)
    made one, spaces out. Two names with one skeleton may be taken for each other."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c) and not c.isspace()).casefold()
    text = text.translate(_LOOKALIKES)
    return text.replace("rn", "m").replace("vv", "w")


_LOOKALIKES = str.maketrans(
    {
        **dict(zip("αβεζηικμνορτυχϲϳ", "abezhlkmvoptuxcj")),  # Greek (casefolded)
        **dict(zip("авекмнорстухѕіјһԁԛԝӏүɡ", "abekmhopctyxsljhdqwlyg")),  # Cyrillic (casefolded)
        **dict.fromkeys("i1|ıǀ", "l"),
        "0": "o",
        "5": "s",
    }
)


def shown_names(names: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The names a table shows: each cleaned, an empty one the seat's default name ("Player 2"),
    and every name that reads like another seat's with its seat number beside it."""
    plain = [clean_name(name) or tr("link.seat", number=seat + 1) for seat, name in enumerate(names)]
    looks = [skeleton(name) for name in plain]
    return tuple(
        tr("link.seat_named", name=name, number=seat + 1) if looks.count(looks[seat]) > 1 else name
        for seat, name in enumerate(plain)
    )

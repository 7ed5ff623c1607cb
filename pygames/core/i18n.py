"""The locale catalog: every string a player reads has a key here.

The catalog files live in ``pygames/locale/<lang>.json`` and, split by game,
``pygames/locale/<lang>.<part>.json`` (flat ``key: value`` maps; a key may appear only once
per language).  A value is a text with ``{name}`` placeholders, or a plural object keyed by
the language's CLDR categories for integers (``{"one": "{count} card", "other": "{count}
cards"}``) chosen by the ``count`` param, else ``n``.  A list param (names, colours) is
written as the language's own list ("A, B and C").  A seat's name after a preposition is
``{param:case}``, the case named by the English preposition (``{owner_name:to}``, ``{name:of}``,
``{name:by}``, ``{player:for}``; ``To``/``For`` at the start of a sentence): the language's own words
for it, ``seat.default.<case>`` for a default name ("au joueur 2", "par le joueur 2", "do Xogador 2",
"polo Xogador 2", read back from ``seat.default``'s pattern), else ``seat.named.<case>`` ("à Ann").
The build copies the catalogs next to the page, whose ``t()`` does the same with
``Intl.PluralRules`` and ``Intl.ListFormat``, so Python and JS never disagree.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any

Value = str | dict[str, str]


def _uk(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


#: CLDR plural categories of an integer, per language (what ``Intl.PluralRules`` says).
PLURAL_RULES: dict[str, Callable[[int], str]] = {
    "en": lambda n: "one" if n == 1 else "other",
    "gl": lambda n: "one" if n == 1 else "other",
    "fr": lambda n: "one" if n in (0, 1) else "many" if n % 1_000_000 == 0 else "other",
    "ja": lambda n: "other",
    "uk": _uk,
}

#: How a language joins a list (CLDR's conjunction pattern): (between two, between others, before the last).
LIST_WORDS: dict[str, tuple[str, str, str]] = {
    "en": (" and ", ", ", ", and "),
    "fr": (" et ", ", ", " et "),
    "gl": (" e ", ", ", " e "),
    "ja": ("、", "、", "、"),
    "uk": (" і ", ", ", " і "),
}


@cache
def catalog(lang: str = "en") -> dict[str, Value]:
    """The flat key -> value map for ``lang``."""
    from importlib import resources  # here: a slow import in Pyodide, which Python's start does not need

    folder = resources.files("pygames.locale")
    names = sorted(f.name for f in folder.iterdir() if f.name.startswith(f"{lang}.") and f.name.endswith(".json"))
    merged: dict[str, Value] = {}
    for name in names:
        merged.update(json.loads(folder.joinpath(name).read_text("utf-8")))
    return merged


def plural(lang: str, n: int) -> str:
    """The CLDR category of the integer ``n`` in ``lang`` ("other" for a language without a rule)."""
    return PLURAL_RULES.get(lang, PLURAL_RULES["ja"])(abs(int(n)))


def list_text(words: list[Any], lang: str = "en") -> str:
    """``words`` as one phrase in ``lang`` ("Ann, Bo, and Cy")."""
    two, middle, last = LIST_WORDS.get(lang, LIST_WORDS["en"])
    items = [str(w) for w in words]
    if len(items) <= 2:
        return two.join(items)
    return middle.join(items[:-1]) + last + items[-1]


#: A placeholder with a grammatical case: ``{owner_name:to}``.
CASED = re.compile(r"\{(\w+):(\w+)\}")


@cache
def _default_name(lang: str) -> re.Pattern:
    """``seat.default`` ("Joueur {n}") as a pattern whose group is the seat number."""
    pieces = str(catalog(lang).get("seat.default", "")).split("{n}")
    return re.compile(r"(\d+)".join(re.escape(p) for p in pieces))


def name_case(name: Any, case: str, lang: str = "en") -> str:
    """A seat's name as ``lang`` says it in ``case`` ("to", "of", "by", "for"; capitalised: at a sentence's start)."""
    low = case.lower()
    default = _default_name(lang).fullmatch(str(name))
    if default:
        text = tr(f"seat.default.{low}", lang, n=int(default.group(1)))
    else:
        text = tr(f"seat.named.{low}", lang, name=name)
    return text[:1].upper() + text[1:] if case[:1].isupper() else text


def tr(key: str, lang: str = "en", **params: Any) -> str:
    """The text for ``key`` with ``params`` filled in; the key itself if unknown."""
    value = catalog(lang).get(key, key)
    if isinstance(value, dict):
        n = params.get("count", params.get("n"))
        form = plural(lang, n) if isinstance(n, int) else "other"
        value = value.get(form, value.get("other", next(iter(value.values()))))
    filled = {k: list_text(v, lang) if isinstance(v, list | tuple) else v for k, v in params.items()}

    def cased(m: re.Match) -> str:
        param, case = m.groups()
        if param not in filled:
            return m.group(0)
        filled[f"{param}__{case}"] = name_case(filled[param], case, lang)
        return f"{{{param}__{case}}}"

    value = CASED.sub(cased, value)
    try:
        return value.format(**filled)
    except (KeyError, IndexError, ValueError):
        return value

"""Every citation of the rules in the engine tests, the engine and the bench resolves in docs/rules/.

A citation is a section ("section 7.2", "sections 3-6", "§8"), a worked example ("Example 8b",
"examples 6, 7", ``test_example_3_...``, ``test_ex7c_...``, the example id ``"ex5-variant"``) or
a row of a rulings table ("row 19", "rows 4-7", ``test_row_07_...``).  It belongs to the game of
the nearest ``docs/rules/<game>.md`` named before it in the file, else to the game in the file's
path.  Sections resolve to numbered headings of that page, examples to its "Example N" headings,
rows to the numbered rows of its "Rulings table" section.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pygames

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "rules"
#: Every game of the registry has its rules page, docs/rules/<id>.md.
GAMES = tuple(pygames.GAMES)
#: The files whose citations are checked.
SOURCES = sorted([*ROOT.glob("tests/engine/*.py"), *ROOT.glob("pygames/**/*.py"), *ROOT.glob("bench/*.py")])

_SECTION = r"\d+(?:\.\d+)*"
_EXAMPLE = r"\d+[a-z]?"
#: Between two items of a list: a comma, "and" or "_" (spaces allowed), or "-" for a range (no spaces:
#: "Example 4 - 2x2 square" is one example and a title).
_SEP = r"(?:[\s_]*(?:,|and|_)[\s_]*|-)"
CITATIONS = {
    "section": re.compile(rf"(?:§\s*|(?<![a-z])sections?\s+)({_SECTION}(?:{_SEP}{_SECTION})*)", re.I),
    "example": re.compile(rf"(?<![a-z])examples?[\s_]+({_EXAMPLE}(?:{_SEP}{_EXAMPLE})*)", re.I),
    "ex": re.compile(rf"(?<![a-z0-9])ex({_EXAMPLE})(?![a-z0-9])", re.I),
    "row": re.compile(rf"(?<![a-z])rows?[\s_]+(\d+(?:{_SEP}\d+)*)", re.I),
}
DOC_NAME = re.compile(r"docs/rules/([a-z_]+)\.md")


def targets(text: str) -> dict[str, set[str]]:
    """The section numbers, example ids and ruling rows a rules page defines."""
    sections, examples, rows = set(), set(), set()
    in_rulings = False
    for line in text.splitlines():
        heading = re.match(r"(#{2,4}) (.*)", line)
        if heading:
            number = re.match(rf"({_SECTION})\.?\s", heading.group(2))
            if number:
                sections.add(number.group(1))
                in_rulings = "rulings table" in heading.group(2).lower()
            example = re.match(rf"Example ({_EXAMPLE})\b", heading.group(2))
            if example:
                examples.add(example.group(1))
        elif in_rulings and (row := re.match(r"\| (\d+) \|", line)):
            rows.add(row.group(1))
    return {"section": sections, "example": examples, "row": rows}


def _items(kind: str, listed: str) -> list[str]:
    """``"4-7"`` -> 4, 5, 6, 7 (whole numbers only); ``"6, 7"`` / ``"6_and_7"`` -> 6, 7; rows lose leading 0s."""
    parts = re.split(f"({_SEP})", listed, flags=re.I)
    items: list[str] = []
    for i in range(0, len(parts), 2):
        item = parts[i].lower()
        if i and parts[i - 1] == "-" and items and items[-1].isdigit() and item.isdigit():
            items.extend(str(n) for n in range(int(items[-1]) + 1, int(item) + 1))
        else:
            items.append(item)
    return [str(int(x)) if kind == "row" else x for x in items]


def dangling(text: str, path_game: str | None, pages: dict[str, dict[str, set[str]]]) -> list[str]:
    """Every citation in ``text`` that names no heading or row of its game's page, as readable lines."""
    named = [(m.start(), m.group(1)) for m in DOC_NAME.finditer(text)]
    problems = [f"docs/rules/{name}.md does not exist" for _, name in named if name not in pages]
    for kind, pattern in CITATIONS.items():
        for m in pattern.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            game = next((name for pos, name in reversed(named) if pos < m.start()), path_game)
            if game not in pages:
                problems.append(f"line {line}: {m.group(0)!r} cites the rules of no known game")
                continue
            where = "example" if kind == "ex" else kind
            for item in _items(kind, m.group(1)):
                if item not in pages[game][where]:
                    problems.append(f"line {line}: {m.group(0)!r}: docs/rules/{game}.md has no {where} {item}")
    return problems


@pytest.fixture(scope="module")
def pages():
    return {game: targets((DOCS / f"{game}.md").read_text(encoding="utf-8")) for game in GAMES}


def test_each_page_has_what_the_index_promises(pages):
    assert pages["okiya"]["example"] == {"1", "2", "3", "4", "5", "6", "7a", "7b", "8a", "8b"}
    assert not pages["okiya"]["row"]
    assert pages["oriflamme"]["row"] == {str(n) for n in range(1, 31)}
    assert {str(n) for n in range(1, 10)} | {"7a", "7b", "7c"} <= pages["oriflamme"]["example"]
    assert pages["turncoats"]["row"] == {str(n) for n in range(1, 21)}
    assert pages["turncoats"]["example"] == {str(n) for n in range(1, 9)}
    assert {"3.4", "10", "6"} <= pages["oriflamme"]["section"]
    assert {"7.2", "10.2", "14"} <= pages["turncoats"]["section"]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_citation_resolves(path, pages):
    game = next((g for g in GAMES if g in path.relative_to(ROOT).as_posix()), None)
    assert dangling(path.read_text(encoding="utf-8"), game, pages) == []


def test_a_dangling_citation_is_reported(pages):
    text = (
        '"""Checks (docs/rules/turncoats.md section 7.2 and rows 4-7)."""\n'
        "def test_row_21_no_such_row(): ...  # example 9\n"
        "# docs/rules/oriflamme.md §3.4, example 7c, ex7d\n"
        "# see docs/rules/chess.md\n"
    )
    assert dangling(text, None, pages) == [
        "docs/rules/chess.md does not exist",
        "line 2: 'example 9': docs/rules/turncoats.md has no example 9",
        "line 3: 'ex7d': docs/rules/oriflamme.md has no example 7d",
        "line 2: 'row_21': docs/rules/turncoats.md has no row 21",
    ]
    assert dangling("# sections 3-6, 13", "okiya", pages) == [
        "line 1: 'sections 3-6, 13': docs/rules/okiya.md has no section 13"
    ]
    assert dangling("# Example 7 shows it", "okiya", pages) == [
        "line 1: 'Example 7': docs/rules/okiya.md has no example 7"
    ]
    assert dangling("# row 3", None, pages) == ["line 1: 'row 3' cites the rules of no known game"]

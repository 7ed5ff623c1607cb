"""The locale catalogs: every language has every English key, with the same placeholders and
its own plural categories; nothing is left in English but proper names and symbols; and every
English key is used by the engine or the page.

Runs for whichever languages have catalogs (``build.merge_locales()``: the merged catalog the
page reads), so a new language is checked as soon as its files exist.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

from pygames.bridge import games
from pygames.core.i18n import LIST_WORDS, PLURAL_RULES, list_text, plural, tr

ROOT = Path(__file__).resolve().parent.parent


def _build_module():
    """build.py, loaded as the root conftest loads it (one instance per process)."""
    if "pygames_build" not in sys.modules:
        spec = importlib.util.spec_from_file_location("pygames_build", ROOT / "build.py")
        sys.modules["pygames_build"] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return sys.modules["pygames_build"]


CATALOGS = _build_module().merge_locales()
LANGS = sorted(lang for lang in CATALOGS if lang != "en")

#: CLDR's plural categories for integers, per language (what Intl.PluralRules(lang) returns).
CATEGORIES = {"en": {"one", "other"}, "fr": {"one", "many", "other"}, "gl": {"one", "other"}, "ja": {"other"}}
CATEGORIES["uk"] = {"one", "few", "many", "other"}

#: Values that may read the same as English: the games' and the site's own names, and words
#: spelled alike in a language (keys, with the languages where that is right).
SAME_AS_ENGLISH = {
    "game.okiya": "*",
    "game.oriflamme": "*",
    "game.turncoats": "*",
    "ui.app.name": "*",
    "oriflamme.card.archer": {"fr"},  # printed so on the French cards
    "okiya.plant.iris": {"fr"},
    "turncoats.level.expert": {"fr"},
    "oriflamme.level.expert": {"fr"},
    "ui.oriflamme.end.influence": {"fr"},
    "oriflamme.phase.place": {"fr"},
    "ui.turncoats.end.total": {"fr", "gl"},
}

#: Keys the sources build from a prefix the template-literal scan below cannot see, and where.
DYNAMIC_PREFIXES = {
    "oriflamme.log.": "pygames/oriflamme/view.py",  # key = "oriflamme.log." + the event's kind
    "ui.manifest.": "build.py",  # the web app manifests' words (_write_manifests)
}

#: The bot levels' names: the page builds t(`${levelKey}.${id}`) from each game's registry entry (level_key).
LEVEL_PREFIXES = tuple(f"{g['level_key']}." for g in games())

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def forms(value) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


def placeholders(value) -> set[str]:
    return {name for text in forms(value) for name in PLACEHOLDER.findall(text)}


def words(value) -> str:
    """The value's letters outside placeholders (empty for a pure symbol such as "{a} – {b}")."""
    return "".join(c for text in forms(value) for c in PLACEHOLDER.sub("", text) if c.isalpha())


@pytest.mark.parametrize("lang", LANGS)
def test_every_english_key_is_there_with_its_placeholders(lang):
    english, other = CATALOGS["en"], CATALOGS[lang]
    assert sorted(set(english) - set(other)) == [], f"{lang} lacks keys"
    assert sorted(set(other) - set(english)) == [], f"{lang} has keys English does not"
    wrong = {
        k: (placeholders(english[k]), placeholders(v))
        for k, v in other.items()
        if placeholders(v) != placeholders(english[k])
    }
    assert wrong == {}


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_plural_objects_have_the_languages_categories(lang):
    assert lang in CATEGORIES, f"add {lang}'s CLDR categories here and to pygames.core.i18n.PLURAL_RULES"
    bad = {k: sorted(v) for k, v in CATALOGS[lang].items() if isinstance(v, dict) and set(v) != CATEGORIES[lang]}
    assert bad == {}
    counted = [k for k, v in CATALOGS[lang].items() if isinstance(v, dict)]
    assert all(placeholders(CATALOGS["en"][k]) & {"count", "n"} for k in counted), "a plural needs a count or n param"


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_is_left_in_english(lang):
    english, other = CATALOGS["en"], CATALOGS[lang]
    same = sorted(
        k
        for k, v in other.items()
        if words(v) and v == english[k] and lang not in SAME_AS_ENGLISH.get(k, ()) and SAME_AS_ENGLISH.get(k) != "*"
    )
    assert same == []
    # the allowlist holds only what is needed
    needless = sorted(k for k, langs in SAME_AS_ENGLISH.items() if lang in langs and other.get(k) != english.get(k))
    assert needless == []


def _sources() -> str:
    files = [*(ROOT / "site").rglob("*.js"), ROOT / "site" / "index.html"]
    files += [p for p in (ROOT / "pygames").rglob("*.py")]
    return "\n".join(p.read_text("utf-8") for p in files)


def _dynamic_patterns(text: str) -> list[re.Pattern]:
    """Each template literal (`a.${b}.c`) and f-string (f"a.{b}") that builds a dotted key, as a
    pattern where every interpolation stands for one key segment."""
    templates = [t for t in re.findall(r"`([^`\n]*\$\{[^`\n]*)`", text) if "." in re.sub(r"\$\{[^}]*\}", "", t)]
    fstrings = re.findall(r"\bf\"([^\"\n]*\{[^\"\n]*)\"", text)
    out = [re.compile(re.sub(r"\\\$\\\{.*?\\\}", "[a-z0-9_]+", re.escape(t)) + "$") for t in templates]
    out += [re.compile(re.sub(r"\\\{.*?\\\}", "[a-z0-9_]+", re.escape(t)) + "$") for t in fstrings]
    return out


def test_no_english_key_is_unused():
    text = _sources()
    for prefix, where in DYNAMIC_PREFIXES.items():
        assert prefix.rstrip(".") in (ROOT / where).read_text("utf-8"), f"{prefix} is no longer built in {where}"
    literal = set(re.findall(r"[\"'`]([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)[\"'`]", text))
    patterns = _dynamic_patterns(text)
    unused = sorted(
        k
        for k in CATALOGS["en"]
        if k not in literal
        and not k.startswith((*DYNAMIC_PREFIXES, *LEVEL_PREFIXES))
        and not any(p.match(k) for p in patterns)
    )
    assert unused == []


#: An English possessive glued to a placeholder ("{name}'s hand"): a name such as "Me" or
#: "Bots" reads wrong with it, so the catalogs say "the hand of {name}" / "{name} holds:".
POSSESSIVE = re.compile(r"\}['’]s\b")


def test_no_english_value_puts_a_possessive_after_a_placeholder():
    glued = {key: text for key, value in CATALOGS["en"].items() for text in forms(value) if POSSESSIVE.search(text)}
    assert not glued, glued


def test_python_plural_rules_match_cldr():
    # the same categories as Intl.PluralRules (CLDR) for a sample of integers
    expected = {
        "en": {0: "other", 1: "one", 2: "other", 21: "other"},
        "gl": {0: "other", 1: "one", 2: "other", 11: "other"},
        "fr": {0: "one", 1: "one", 2: "other", 1_000_000: "many", 21: "other"},
        "ja": {0: "other", 1: "other", 5: "other"},
        "uk": {1: "one", 21: "one", 11: "many", 2: "few", 24: "few", 12: "many", 5: "many", 0: "many", 111: "many"},
    }
    assert set(expected) == set(PLURAL_RULES) == set(LIST_WORDS)
    assert {lang: {n: plural(lang, n) for n in ns} for lang, ns in expected.items()} == expected


def test_tr_chooses_plural_forms_and_writes_lists():
    march = {"name": "Ann", "colour": "rouge", "source": 1, "dest": 2}
    if "fr" in CATALOGS:
        assert "1 pion de" in tr("turncoats.log.march", "fr", count=1, **march)
        assert "2 pions de" in tr("turncoats.log.march", "fr", count=2, **march)
    assert list_text(["Ann", "Bo", "Cy"]) == "Ann, Bo, and Cy"
    assert list_text(["Ann", "Bo"], "gl") == "Ann e Bo"
    assert tr("oriflamme.win.shared.top", names=["Ann", "Bo"], score=3, cards=2).startswith("Ann and Bo tie")

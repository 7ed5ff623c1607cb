"""The locale catalogs: every language has every English key, with the same placeholders and
its own plural categories; nothing is left in English but proper names and symbols; and every
English key is used by the engine or the page.

Runs for whichever languages have catalogs (``build.merge_locales()``: the merged catalog the
page reads), so a new language is checked as soon as its files exist.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from pygames import GAMES
from pygames.bridge import games
from pygames.core import i18n
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
    **{f"game.{game}": "*" for game in GAMES},  # every game's name
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

#: A placeholder: {name}, or a seat's name in a grammatical case, {name:to} (pygames.core.i18n.tr)
PLACEHOLDER = re.compile(r"\{(\w+)(?::\w+)?\}")


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


# --- every key the code names is in the catalog, with what its text needs ------------------------

#: A catalog key as the code writes it.
KEY = re.compile(r"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+")
#: The Python calls that take a catalog key (first or second positional argument) and its params
#: (keyword arguments): errors a player reads, ``tr``, the link layer's notices and audit problems.
PY_KEY_CALLS = {"PlayerError", "IllegalMove", "BadPosition", "BadLink", "tr", "_message", "Problem"}
#: Params a call's key gets besides its own keyword arguments, and where: an audit problem's text
#: names the seat (``pygames/link/table.py`` adds ``name``).
ADDED_PARAMS = {"Problem": {"name"}}
#: Keyword arguments of those calls that are not params of the text.
NOT_PARAMS = {"lang", "proven"}


def _callee(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def python_key_uses(path: Path, text: str | None = None) -> list[tuple[str, str, set[str] | None]]:
    """Each literal key a Python file names, where, and the params given with it (None when they
    cannot be told: ``**params``, a params object built elsewhere): the key of a call of
    ``PY_KEY_CALLS`` and the ``"key"`` of a message dict ``{"key": ..., "params": {...}}``."""
    uses = []
    tree = ast.parse(path.read_text("utf-8") if text is None else text)
    for node in ast.walk(tree):
        where = f"{path.relative_to(ROOT) if path.is_absolute() else path}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Call) and _callee(node.func) in PY_KEY_CALLS:
            for arg in node.args[:2]:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and KEY.fullmatch(arg.value):
                    names = {k.arg for k in node.keywords}
                    given = None if None in names else names - NOT_PARAMS | ADDED_PARAMS.get(_callee(node.func), set())
                    uses.append((where, arg.value, given))
        elif isinstance(node, ast.Dict):
            fields = {k.value: v for k, v in zip(node.keys, node.values) if isinstance(k, ast.Constant)}
            key, params = fields.get("key"), fields.get("params")
            if isinstance(key, ast.Constant) and isinstance(key.value, str) and KEY.fullmatch(key.value):
                if "params" not in fields:
                    given = set()
                elif isinstance(params, ast.Dict) and all(isinstance(k, ast.Constant) for k in params.keys):
                    given = {k.value for k in params.keys}
                else:
                    given = None
                uses.append((where, key.value, given))
    return uses


#: ``t("key")`` / ``t("key", {params})`` in the page's scripts (``this.t``, ``i18n.t`` alike).
JS_CALL = re.compile(r"(?<![\w$])t\(\s*([\"'])(" + KEY.pattern + r")\1\s*([,)])")
#: The page's markup names keys in these attributes (``translateDom``: no params).
HTML_KEY = re.compile(r'data-i18n(?:-aria|-title)?="([^"]+)"')


def _closing(text: str, at: int) -> int:
    """The index just past the bracket that closes ``text[at]``, skipping strings."""
    depth, quote, i = 0, None, at
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "\"'`":
            quote = c
        elif c in "{[(":
            depth += 1
        elif c in "}])":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError(f"no closing bracket for {text[at : at + 40]!r}")


def _object_names(body: str) -> set[str] | None:
    """The names of an object literal's entries (``{a: 1, b, "c": 2}``); None when one cannot be
    named (a spread, a computed name)."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(body):
        c = body[i]
        if c in "\"'`":
            i = _string_end(body, i)
            continue
        if c in "{[(":
            depth += 1
        elif c in "}])":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(body[start:i])
            start = i + 1
        i += 1
    parts.append(body[start:])
    names = set()
    for part in filter(None, (p.strip() for p in parts)):
        entry = re.match(r"""(?:([A-Za-z_$][\w$]*)|(["'])(\w+)\2)\s*(?::|\(|$)""", part)
        if not entry:
            return None
        names.add(entry.group(1) or entry.group(3))
    return names


def _string_end(text: str, at: int) -> int:
    quote, i = text[at], at + 1
    while i < len(text) and text[i] != quote:
        i += 2 if text[i] == "\\" else 1
    return i + 1


def js_key_uses(path: Path, text: str | None = None) -> list[tuple[str, str, set[str] | None]]:
    """Each literal key a page script passes to ``t``, where, and the params object's names (None
    when the params are not an object literal the scan can read)."""
    text = path.read_text("utf-8") if text is None else text
    uses = []
    for call in JS_CALL.finditer(text):
        where = f"{path.relative_to(ROOT) if path.is_absolute() else path}:{text.count(chr(10), 0, call.start()) + 1}"
        if call.group(3) == ")":
            uses.append((where, call.group(2), set()))
            continue
        rest = call.end()
        while text[rest].isspace():
            rest += 1
        given = _object_names(text[rest + 1 : _closing(text, rest) - 1]) if text[rest] == "{" else None
        uses.append((where, call.group(2), given))
    return uses


def key_uses() -> list[tuple[str, str, set[str] | None]]:
    uses = [u for p in sorted((ROOT / "pygames").rglob("*.py")) for u in python_key_uses(p)]
    uses += [u for p in sorted((ROOT / "site").rglob("*.js")) for u in js_key_uses(p)]
    html = ROOT / "site" / "index.html"
    uses += [("site/index.html", key, set()) for key in HTML_KEY.findall(html.read_text("utf-8"))]
    return uses


def test_the_scans_find_keys_and_their_params():
    """The scans below see what they must (so an empty finding means something)."""
    py = python_key_uses(
        Path("a.py"),
        'raise PlayerError("error.players", game=g, min=1)\n'
        'tr("ui.x.y", "fr", count=2)\n'
        'PlayerError("error.bad", **params)\n'
        'm = {"key": "a.b", "params": {"n": 1}}\n'
        'Problem(seat, "link.audit.claim", move=m)\n'
        'print("not.a.call")\n',
    )
    assert py == [
        ("a.py:1", "error.players", {"game", "min"}),
        ("a.py:2", "ui.x.y", {"count"}),
        ("a.py:3", "error.bad", None),
        ("a.py:4", "a.b", {"n"}),
        ("a.py:5", "link.audit.claim", {"move", "name"}),
    ]
    js = js_key_uses(
        Path("a.js"),
        't("ui.a");\nthis.t("ui.b", { n: f({ x }), name, "q": "}" });\n'
        't(\'ui.c\', params);\nt("ui.d", { ...p });\nlast("ui.e");\nt(`ui.${x}`);\n',
    )
    assert js == [
        ("a.js:1", "ui.a", set()),
        ("a.js:2", "ui.b", {"n", "name", "q"}),
        ("a.js:3", "ui.c", None),
        ("a.js:4", "ui.d", None),
    ]


def test_every_key_the_code_names_is_in_every_language():
    """A key the engine or the page names literally exists (else a player reads the key itself);
    the languages' parity test then holds every language to it."""
    uses = key_uses()
    assert len(uses) > 400  # the scans still find the keys
    for lang in ("en", *LANGS):
        missing = sorted({f"{where} {key}" for where, key, _ in uses if key not in CATALOGS[lang]})
        assert missing == [], f"{lang} lacks keys the code names"


def test_every_placeholder_of_a_text_gets_its_param_where_the_key_is_named():
    """A call that names a key gives every ``{placeholder}`` of its text (else a player reads
    ``{name}``); calls whose params the scan cannot read are left to the other tests."""
    unfilled = {}
    for where, key, given in key_uses():
        if given is not None and key in CATALOGS["en"]:
            lacking = placeholders(CATALOGS["en"][key]) - given
            if lacking:
                unfilled[f"{where} {key}"] = sorted(lacking)
    assert unfilled == {}


@pytest.mark.parametrize("game", list(GAMES))
def test_every_registered_game_has_its_names_in_every_language(game):
    """What the generic page and engine build from the registry (the page would show a raw key): the
    game's name and tagline, its bots' level names (``level_key``), its rule options' names, its match
    formats' names, and the shell's words for it (site/ui/hotseat.js: the setup sheet's title, the seat
    tags, the waiting line, the first line of "How to play"), none asking for a param the shell does
    not pass."""
    (entry,) = [g for g in games() if g["id"] == game]
    passed = {
        f"game.{game}": set(),
        f"game.{game}.tagline": set(),
        f"ui.{game}.setup.title": set(),
        f"ui.{game}.seat.human": {"n"},
        f"ui.{game}.seat.bot": {"level"},
        f"ui.{game}.status.waiting_for": {"player"},
        f"ui.{game}.rules.1": set(),
    }
    passed |= {f"{entry['level_key']}.{level}": set() for level in entry["levels"]}
    passed |= {f"{game}.option.{name}": set() for name in entry["options"]}
    passed |= {f"{game}.format.{f}": set() for f in entry["formats"] if len(entry["formats"]) > 1}
    for lang in ("en", *LANGS):
        assert [k for k in passed if k not in CATALOGS[lang]] == [], lang
        asked = {k: set(PLACEHOLDER.findall(str(CATALOGS[lang][k]))) for k in passed}
        assert {k: sorted(asked[k] - passed[k]) for k in passed if asked[k] - passed[k]} == {}, lang


def _writes_in_latin(lang: str) -> bool:
    """Whether `lang`'s catalog is written in Latin letters (most of its letters are)."""
    letters = [c for v in CATALOGS[lang].values() for c in words(v)]
    return sum(c.isascii() or "LATIN" in unicodedata.name(c, "") for c in letters) > len(letters) / 2


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_game_names_follow_one_policy_per_language(lang):
    """One policy for the games' names (issue 29): a language written in Latin letters keeps the
    published names; one written in another script writes them in its own, as Japanese does, and
    none of its texts keeps a Latin name (Ukrainian wrote "Oriflamme" where Japanese has オリフラム)."""
    english = {game: CATALOGS["en"][f"game.{game}"] for game in GAMES}
    names = {game: CATALOGS[lang][f"game.{game}"] for game in GAMES}
    if _writes_in_latin(lang):
        assert names == english
        return
    assert [n for n in names.values() if re.search(r"[A-Za-z]", n)] == []
    latin = {k: v for k, v in CATALOGS[lang].items() for text in forms(v) for n in english.values() if n in text}
    assert latin == {}


# ----------------------------------------------------------------------------- names after a preposition

#: A seat's name after a preposition where the language contracts it or wants an article: French
#: "à Joueur 1" is "au joueur 1", "de Joueur 1" is "du joueur 1", "par/pour Joueur 1" is "par/pour le
#: joueur 1"; Galician "de Xogador 2" is "do Xogador 2", "a Xogador 2" is "ao Xogador 2", "por
#: Xogador 2" is "polo Xogador 2", "para Xogador 2" is "para o Xogador 2". The catalogs say {name:to},
#: {name:of}, {name:by}, {name:for} there (issue 29); a list of names is not put after one.
BAD_AFTER = {
    "fr": r"(?<![\w’'])(?:[àÀ]|[Dd]e|[Pp]ar|[Pp]our) \{(?:\w*names?|player)\}",
    "gl": r"(?<![\w’'])(?:[Aa]|[Dd]e|[Pp]or|[Pp]ara) \{(?:\w*names?|player)\}",
}
#: What a default name must never follow once rendered
WRONG_BEFORE_DEFAULT = {
    "fr": r"(?<![\w’'])(?:[àÀ]|[Dd]e|[Pp]ar|[Pp]our)",
    "gl": r"(?<![\w’'])(?:[Aa]|[Dd]e|[Pp]or|[Pp]ara)",
}
DEFAULT_NAME = {"fr": "Joueur", "gl": "Xogador"}
#: Texts as the players read them, a default name and a typed one in each
CASED_EXAMPLES = [
    (
        "fr",
        "oriflamme.log.steal",
        {"card": "Archer", "name": "Joueur 1", "owner_name": "Joueur 2"},
        "Archer (Joueur 1) vole 1 point d’influence au joueur 2.",
    ),
    (
        "fr",
        "oriflamme.log.steal",
        {"card": "Archer", "name": "Joueur 1", "owner_name": "Ann"},
        "Archer (Joueur 1) vole 1 point d’influence à Ann.",
    ),
    ("fr", "ui.status.turn", {"player": "Joueur 3"}, "Au joueur 3 de jouer"),
    ("fr", "ui.oriflamme.hand.title", {"name": "Joueur 1"}, "Main du joueur 1"),
    (
        "gl",
        "ui.oriflamme.describe.up",
        {"slot": 2, "card": "Herdeiro", "name": "Xogador 2"},
        "Posición 2: Herdeiro do Xogador 2, bocarriba.",
    ),
    (
        "gl",
        "ui.oriflamme.describe.up",
        {"slot": 2, "card": "Herdeiro", "name": "Brais"},
        "Posición 2: Herdeiro de Brais, bocarriba.",
    ),
    ("gl", "ui.link.send.to", {"name": "Xogador 3"}, "Mándalle esta ligazón ao Xogador 3"),
    (
        "fr",
        "link.audit.placement",
        {"name": "Joueur 2", "number": 3},
        "La carte posée par le joueur 2 au placement 3 ne fait pas partie de la main distribuée, "
        "ou ne correspond pas à son engagement.",
    ),
    (
        "fr",
        "ui.okiya.review.detail",
        {"player": "Joueur 1", "before": "+2", "after": "-1"},
        "Pour le joueur 1, la position valait +2 avant ce coup et -1 après.",
    ),
    (
        "fr",
        "ui.okiya.review.detail",
        {"player": "Ann", "before": "+2", "after": "-1"},
        "Pour Ann, la position valait +2 avant ce coup et -1 après.",
    ),
    ("gl", "ui.oriflamme.status.waiting_for", {"player": "Xogador 2"}, "Agardando polo Xogador 2"),
    ("gl", "ui.turncoats.prompt.wait", {"player": "Brais"}, "Agardando por Brais."),
    (
        "gl",
        "ui.okiya.review.detail",
        {"player": "Xogador 1", "before": "+2", "after": "-1"},
        "Para o Xogador 1, a posición era +2 antes deste movemento e -1 despois.",
    ),
]


def _render(lang: str, key: str, params: dict, monkeypatch) -> str:
    """`key` as pygames.core.i18n.tr writes it from the merged catalog the page reads."""
    monkeypatch.setattr(i18n, "catalog", lambda code="en": CATALOGS[code])
    i18n._default_name.cache_clear()
    try:
        return tr(key, lang, **params)
    finally:
        i18n._default_name.cache_clear()


@pytest.mark.parametrize("lang", sorted(BAD_AFTER))
def test_default_names_after_to_and_of_read_right(lang, monkeypatch):
    """No text puts a seat's bare name after "à"/"de"/"par"/"pour" (fr) or "a"/"de"/"por"/"para" (gl);
    every text that says a name in a case, rendered with default names, never reads "de Joueur 2",
    "par Joueur 2" / "de Xogador 2", "por Xogador 2"."""
    bare = {
        k: text
        for k, v in CATALOGS[lang].items()
        for text in forms(v)
        if re.search(BAD_AFTER[lang], text) and not k.startswith("seat.named.")  # (the case's own words)
    }
    assert bare == {}
    word = DEFAULT_NAME[lang]
    wrong = re.compile(rf"{WRONG_BEFORE_DEFAULT[lang]} {word} \d")
    cased = [k for k, v in CATALOGS[lang].items() for text in forms(v) if i18n.CASED.search(text)]
    assert len(cased) >= 20
    for key in cased:
        params = {
            p: (f"{word} 2" if p.endswith("name") or p == "player" else 2) for p in placeholders(CATALOGS["en"][key])
        }
        text = _render(lang, key, params, monkeypatch)
        assert not wrong.search(text) and "{" not in text, (key, text)


@pytest.mark.parametrize(("lang", "key", "params", "want"), CASED_EXAMPLES)
def test_names_after_to_and_of_examples(lang, key, params, want, monkeypatch):
    assert _render(lang, key, params, monkeypatch) == want


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js runs the page's t()")
def test_the_page_says_names_after_to_and_of_as_the_engine():
    """site/i18n.js's t() (run by Node on the merged catalogs) writes the examples as tr does."""
    module = (ROOT / "site" / "i18n.js").as_uri()
    script = (
        f'import {{ loadLocale, t }} from "{module}";'
        'import { readFileSync } from "node:fs";'
        "const { catalogs, examples } = JSON.parse(readFileSync(0, 'utf8'));"
        "globalThis.document = { documentElement: {}, querySelector: () => null };"
        "const out = [];"
        "for (const [lang, key, params] of examples) {"
        "  globalThis.fetch = async () => ({ ok: true, json: async () => catalogs[lang] });"
        "  await loadLocale(lang);"
        "  out.push(t(key, params));"
        "}"
        "process.stdout.write(JSON.stringify(out));"
    )
    data = {"catalogs": {lang: CATALOGS[lang] for lang in BAD_AFTER}, "examples": CASED_EXAMPLES}
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(out.stdout) == [want for *_, want in CASED_EXAMPLES]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js reads the page's i18n.js")
def test_the_words_built_into_the_page_are_the_english_catalogs():
    """site/i18n.js's BUILT_IN (what the page says when no catalog could be downloaded) is en.json's
    words for those keys, and t() gives them, not the key, without a catalog."""
    module = (ROOT / "site" / "i18n.js").as_uri()
    script = (
        f'import {{ BUILT_IN, t }} from "{module}";'
        "process.stdout.write(JSON.stringify({ built: BUILT_IN, said: Object.keys(BUILT_IN).map((k) => t(k)) }));"
    )
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True, timeout=60
    )
    got = json.loads(out.stdout)
    assert {"ui.app.name", "ui.error.catalogs", "ui.error.reload"} <= set(got["built"])
    assert got["built"] == {k: CATALOGS["en"][k] for k in got["built"]}
    assert got["said"] == list(got["built"].values())

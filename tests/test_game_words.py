"""Every registered game has, in every language, the words the shared layers build from its id
and its registry facts (the page shows a raw key where one is missing: the test is what fails).

The shell and link play build these keys from the game's id, its options and formats
(``site/ui/hotseat.js``, ``site/ui/options.js``, ``site/app.js``, ``site/link/*.js``); a game's own
page adds its own keys, which ``tests/test_catalogs.py`` checks as literals."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pygames import GAMES
from pygames.bridge import games

ROOT = Path(__file__).resolve().parent.parent
LANGS = sorted({p.name.split(".")[0] for p in (ROOT / "pygames" / "locale").glob("*.json")})


def _catalog(lang: str) -> dict:
    merged: dict = {}
    for folder in (ROOT / "pygames" / "locale", ROOT / "site" / "locale"):
        for path in sorted(folder.glob(f"{lang}.json")) + sorted(folder.glob(f"{lang}.*.json")):
            merged.update(json.loads(path.read_text("utf-8")))
    return merged


CATALOGS = {lang: _catalog(lang) for lang in LANGS}


def _shell_keys(entry: dict) -> dict[str, set[str]]:
    """The keys the shared layers build for a game, each with the params they pass."""
    game = entry["id"]
    keys: dict[str, set[str]] = {
        f"game.{game}": set(),
        f"game.{game}.tagline": set(),
        f"ui.{game}.setup.title": set(),
        f"ui.{game}.seat.human": {"n"},
        f"ui.{game}.seat.bot": {"level"},
        f"ui.{game}.status.waiting_for": {"player"},
        f"ui.{game}.rules.1": set(),
    }
    keys.update({f"{entry['level_key']}.{level}": set() for level in entry["levels"]})
    keys.update({f"{game}.option.{name}": set() for name in entry["options"]})
    if len(entry["formats"]) > 1:
        keys.update({f"{game}.format.{f}": set() for f in entry["formats"]})
    return keys


def _placeholders(value: object) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {name for text in texts for name in re.findall(r"\{(\w+)\}", str(text))}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("entry", games(), ids=lambda e: e["id"])
def test_every_game_has_the_words_the_shell_builds_for_it(entry, lang):
    catalog = CATALOGS[lang]
    missing = sorted(k for k in _shell_keys(entry) if k not in catalog)
    assert missing == [], f"{lang} lacks {missing}"
    # no text asks for a param the shell does not pass (it would show "{name}" to the player)
    unknown = {k: _placeholders(catalog[k]) - passed for k, passed in _shell_keys(entry).items()}
    assert {k: v for k, v in unknown.items() if v} == {}


def test_the_games_are_the_registry():
    assert [e["id"] for e in games()] == list(GAMES)

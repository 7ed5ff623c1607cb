"""Seat names never break a table: one cleaning rule (Python and the page's JavaScript), a name
that cleans to nothing is the seat's default name on every device, and names that read alike
are told apart by their seat number."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pygames.core.i18n import tr
from pygames.link import BadLink, api, decode
from pygames.link.names import MAX_NAME, clean_name, shown_names, skeleton
from pygames.link.simulate import Device, derive_key
from pygames.link.wire import Header, Record

ROOT = Path(__file__).resolve().parents[2]

#: Names nobody can see: each cleans to nothing.
INVISIBLE = [
    "\u200b",  # zero-width space
    "\u00a0\u00a0",  # no-break spaces only
    "\u3164",  # Hangul filler
    "\u2800",  # braille blank
    "\u115f\u1160",  # Hangul choseong and jungseong fillers
    "\uffa0",  # halfwidth Hangul filler
    "\u200c\u200d\u2060\ufeff",  # zero-width non-joiner, joiner, word joiner, byte order mark
    "\u202e\u2066\u2069\u200e",  # direction overrides, isolates and marks
    "\u3000\t\n",  # ideographic space, tab, new line
    "\u00ad\u034f\ufe0f\U000e0100",  # soft hyphen, grapheme joiner, variation selectors
    "\U000e0041\U000e007f",  # tag characters
]

#: Strings both rules must clean alike (assigned characters of Unicode 14, which every Python
#: and browser the site runs on knows).
TRICKY = INVISIBLE + [
    "Ann",
    "  Ann   Lee  ",
    "Ann\u00a0Lee",
    "Ann\u200bLee",
    "Ann\u3164",
    "\u2800Ann\u2800",
    "Zoë",
    "Zoe\u0308",
    "Αnn",  # Greek capital alpha
    "Аnn",  # Cyrillic capital a
    "<img src=x onerror=f()>",
    "a\u0000b\u0007c\u007fd\u0085e",
    "x" * 40,
    "a" * 23 + " b",  # cut after the space: trimmed again
    "😀" * 30,  # astral characters count as one each
    "👨\u200d👩\u200d👧",  # the joiners go
    "❤\ufe0f",
    "山田\u3000太郎",
    "مريم\u061c",
    "\ue000private\U000f0000",
    "\ud800lone",  # a lone surrogate
    "é" * 25,
    "\u2028line\u2029para",
    "Ｆｕｌｌ",
]


def _game(names: list[str], game: str = "okiya", key: str = "names") -> dict:
    return api.link_create(game, len(names), names, key=derive_key(key, 0))


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_name_that_cleans_to_nothing_is_the_default_name_on_every_device(name):
    created = _game([name, f"Ben{name}"])
    assert created["names"] == ["Player 1", "Ben"]
    assert decode(created["link"]).header.names == ("", "Ben")
    # the creator's device opens its own link...
    mine = api.link_open(created["link"], {"0": created["key"]["key"]}, None)
    assert mine["names"] == ["Player 1", "Ben"] and mine["mine"] == [0]
    # ... and so does every other device: it can join, and the game starts
    joined = api.link_join(created["link"], 1, {}, key=derive_key("names", 1))
    assert joined["names"] == ["Player 1", "Ben"]
    started = api.link_open(joined["link"], {"0": created["key"]["key"]}, created["link"])
    assert started["phase"] == "playing" and started["names"] == ["Player 1", "Ben"]


def test_clean_name_keeps_what_shows_and_cuts_at_the_limit():
    assert clean_name("  Ann \t Lee\u200b ") == "Ann Lee"
    assert clean_name("Ann\u00a0Lee") == "Ann Lee"  # a no-break space is a space, not nothing
    assert clean_name("a" * 23 + " b") == "a" * 23  # never a trailing space after the cut
    assert clean_name("😀" * 30) == "😀" * MAX_NAME
    assert clean_name("👨\u200d👩\u200d👧") == "👨👩👧"
    assert clean_name("山田\u3000太郎") == "山田 太郎"
    assert clean_name("Zoe\u0308") == "Zoe\u0308"  # a combining accent stays with its letter
    assert clean_name(None) == "None" and clean_name(7) == "7"


def test_a_name_cut_after_a_space_makes_a_link_every_device_opens():
    created = _game(["a" * 23 + " bcd", "Ben"])
    assert created["names"][0] == "a" * 23
    assert api.link_open(created["link"], {}, None)["names"][0] == "a" * 23


def _header(names: tuple[str, ...]) -> Header:
    record = decode(_game(["x", "y"])["link"])
    return Header(record.header.game, len(names), 0, names, record.header.seat0, record.header.rand0)


def test_names_older_releases_wrote_still_open_and_show_cleaned():
    # an older release kept the Hangul filler and the braille blank, and could cut after a space
    table = api.link_open(Record(_header(("\u3164Ann\u2800", "b" * 23 + " ")), ()).to_text(), {}, None)
    assert table["names"] == ["Ann", "b" * 23]
    table = api.link_open(Record(_header(("\u3164", "")), ()).to_text(), {}, None)
    assert table["names"] == ["Player 1", "Player 2"]


@pytest.mark.parametrize("name", ["a\u0000b", "a\u200bb", "a\u00a0b", "x" * (MAX_NAME + 1), "\ud800"])
def test_a_header_name_no_release_writes_is_refused(name):
    try:
        text = Record(_header((name, "b")), ()).to_text()
    except UnicodeEncodeError:
        return  # a lone surrogate cannot even be written
    with pytest.raises(BadLink) as caught:
        decode(text)
    assert caught.value.key == "link.error.bad_name"


@pytest.mark.parametrize(
    "names,shown",
    [
        (["Ann", "Bob"], ["Ann", "Bob"]),
        (["Ann", "Ann"], ["Ann (1)", "Ann (2)"]),
        (["Ann", "\u0391nn", "Bob"], ["Ann (1)", "\u0391nn (2)", "Bob"]),  # Greek capital alpha
        (["Ann", "\u0410nn"], ["Ann (1)", "\u0410nn (2)"]),  # Cyrillic capital a
        (["ann", "ANN"], ["ann (1)", "ANN (2)"]),
        (["Ian", "lan"], ["Ian (1)", "lan (2)"]),
        (["Zoë", "Zoe"], ["Zoë (1)", "Zoe (2)"]),
        (["Ann", "Ann\u200b", "Ａｎｎ"], ["Ann (1)", "Ann (2)", "Ａｎｎ (3)"]),
        (["Player 2", ""], ["Player 2 (1)", "Player 2 (2)"]),  # a typed name like the default one
        (["Ann Lee", "AnnLee"], ["Ann Lee (1)", "AnnLee (2)"]),
    ],
)
def test_names_that_read_alike_get_their_seat_number(names, shown):
    assert list(shown_names(names)) == shown


def test_every_message_names_seats_told_apart():
    names = ["Ann", "\u0391nn"]
    created = _game(names, key="alike")
    assert created["names"] == ["Ann (1)", "\u0391nn (2)"]
    assert created["next"]["name"] == "\u0391nn (2)"
    joined = api.link_join(created["link"], 1, {}, key=derive_key("alike", 1))
    with pytest.raises(BadLink) as caught:  # the seat is taken: the message names it told apart
        api.link_join(joined["link"], 1, {}, key=derive_key("alike", 2))
    assert caught.value.key == "link.error.seat_taken" and "\u0391nn (2)" in str(caught.value)
    assert tr("link.seat_named", name="Ann", number=1) == "Ann (1)"


def test_skeleton_folds_what_looks_alike_and_keeps_what_does_not():
    assert skeleton("Ann") == skeleton("\u0391NN") == skeleton("аnn")
    assert skeleton("Ann") != skeleton("Ben")
    assert skeleton("Marie") != skeleton("Mario")


def _js_clean(texts: list[str]) -> list[str]:
    """The page's rule (site/ui/names.js) run by Node on ``texts``."""
    module = (ROOT / "site" / "ui" / "names.js").as_uri()
    script = (
        f'import {{ cleanName }} from "{module}";'
        'import { readFileSync } from "node:fs";'
        "const texts = JSON.parse(readFileSync(0, 'utf8'));"
        "process.stdout.write(JSON.stringify(texts.map(cleanName)));"
    )
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(out.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js runs the page's rule")
def test_the_page_cleans_names_exactly_as_the_engine():
    assert _js_clean(TRICKY) == [clean_name(text) for text in TRICKY]


def test_a_device_keeps_playing_a_game_whose_names_clean_to_nothing():
    devices = [Device(), Device()]
    created = _game(["\u200b", "\u2800"], key="play")
    devices[0].keep(created, created["key"])
    joined = api.link_join(created["link"], 1, {}, key=derive_key("play", 1))
    table = devices[1].keep(joined, joined["key"])
    for _ in range(4):
        table = devices[table["next"]["seat"]].open(table["link"])
        if table["my_turn"]:
            table = devices[table["seat"]].play(table["link"], table["legal"][0])
    assert table["names"] == ["Player 1", "Player 2"] and table["phase"] == "playing"

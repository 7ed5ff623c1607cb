"""Seat keys as the page sends them: exactly 32 hex digits (either case), nothing else; the
canonical text (lower case) is the one every answer carries and the page saves."""

from __future__ import annotations

import pytest

from pygames.link import BadLink, api
from pygames.link.api import _key, _keys
from pygames.link.simulate import derive_key

KEY = derive_key("keys", 0)


def test_a_key_is_exactly_32_hex_digits_in_either_case():
    assert _key(KEY) == bytes.fromhex(KEY)
    assert _key(KEY.upper()) == bytes.fromhex(KEY) and _key(KEY.upper()).hex() == KEY


@pytest.mark.parametrize(
    "text",
    [
        f" {KEY}",
        f"{KEY} ",
        f"{KEY[:16]} {KEY[16:]}",  # bytes.fromhex would read these spaces
        f"{KEY}\n",
        KEY[:-1],
        KEY + "0",
        "0x" + KEY[2:],
        KEY[:-1] + "g",
        KEY[:-1] + "\uff10",  # a full-width digit
        "",
        None,
        12,
        bytes.fromhex(KEY),
    ],
)
def test_anything_else_is_not_a_key(text):
    with pytest.raises(BadLink) as caught:
        _key(text)
    assert caught.value.key == "link.error.bad_key"


def test_the_page_keys_are_read_canonically_and_junk_is_left_out():
    assert _keys({"0": KEY.upper(), "1": f" {KEY}", "2": 5, "x": KEY}) == {0: bytes.fromhex(KEY)}


def test_an_upper_case_key_holds_its_seat_and_answers_in_lower_case():
    created = api.link_create("okiya", 2, ["Ann", "Ben"], key=KEY.upper())
    assert created["key"] == {"seat": 0, "key": KEY}
    assert api.link_open(created["link"], {"0": KEY.upper()}, None)["mine"] == [0]
    assert api.link_open(created["link"], {"0": f" {KEY} "}, None)["mine"] == []
    moved = api.link_open(f"{created['link']}&k=0.{KEY.upper()}", {}, None)
    assert moved["mine"] == [0] and moved["imported"] == {"seat": 0, "key": KEY}
    with pytest.raises(BadLink):
        api.link_open(f"{created['link']}&k=0.{KEY[:16]}%20{KEY[16:]}", {}, None)

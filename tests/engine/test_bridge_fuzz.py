"""Hostile calls never look like bugs: whatever a page sends to ``bridge.call`` (junk JSON,
junk arguments in every parameter of every call, damaged records), the answer is JSON and,
when refused, a player error with a catalog key, never ``error.internal``."""

from __future__ import annotations

import importlib.util
import json

import pytest

from pygames import bridge
from pygames.core.i18n import catalog
from pygames.core.rng import Rng
from pygames.link.simulate import play_by_link

#: QR codes need segno, which the page installs on first use (inside Pyodide's test run it is absent).
HAS_SEGNO = importlib.util.find_spec("segno") is not None

JUNK = [
    None,
    True,
    False,
    0,
    -1,
    7,
    2**70,
    1e999,
    -1e999,
    0.5,
    "",
    "x",
    "x" * 5000,
    "\u4e2d\u0000",
    [],
    [None],
    [[[]]],
    {},
    {"v": 1},
    {"0": None},
    {"x": [1, {"y": 2}]},
]


def call(fn: str, args: dict) -> dict:
    answer = json.loads(bridge.call(fn, json.dumps(args)))
    assert isinstance(answer, dict) and isinstance(answer["ok"], bool)
    if not answer["ok"]:
        error = answer["error"]
        assert error["key"] != "error.internal", (fn, args, error)
        assert error["key"] in catalog("en") and error["text"]
    return answer


def ok(fn: str, **args) -> dict:
    answer = call(fn, args)
    assert answer["ok"], answer
    return answer["result"]


@pytest.fixture(scope="module")
def valid_calls() -> list[tuple[str, dict]]:
    """One valid call of every bridge function (hot-seat and link), with real records and links."""
    okiya = ok("new_match", game="okiya", seed=5, format="best_of_three")
    turncoats = ok("play", record=ok("new_match", game="turncoats", seed=4, players=3)["record"], move="negotiate")
    devices, table, _, _ = play_by_link("oriflamme", 3, 2)
    keys = devices[0].entry(table["link"])["keys"]
    created = ok("link_create", game="okiya", players=2, names=["Ann", "Ben"])
    return [
        ("games", {}),
        ("new_match", {"game": "oriflamme", "seed": 1, "players": 3, "format": "single", "options": {}}),
        ("state", {"record": turncoats["record"], "seat": 1}),
        ("play", {"record": okiya["record"], "move": okiya["legal"][0], "seat": 0}),
        ("undo", {"record": okiya["record"], "seats": [0, 1], "seat": None}),
        ("next_game", {"record": okiya["record"]}),
        ("bot_move", {"record": okiya["record"], "level": "easy"}),
        ("link_create", {"game": "turncoats", "players": 2, "names": ["A", "B"], "options": {}, "format": "single"}),
        ("link_id", {"link": table["link"]}),
        ("link_open", {"link": table["link"], "keys": keys, "saved": table["link"]}),
        ("link_join", {"link": created["link"], "seat": 1, "keys": {}}),
        ("link_play", {"link": created["link"], "move": "r0c0", "keys": {"0": created["key"]["key"]}}),
        ("link_replay", {"link": table["link"], "keys": keys, "step": 3}),
    ] + ([("link_qr", {"text": "g=abc"})] if HAS_SEGNO else [])


@pytest.mark.parametrize(
    "text", ["", "null", "[]", "1", '"x"', "{", '{"record": ' * 5000, "[" * 100000, '{"record": NaN}', "\ud800"]
)
def test_junk_json_is_a_player_error(text):
    for fn in ("state", "link_open", "games", "nothing"):
        answer = json.loads(bridge.call(fn, text))
        assert answer["ok"] or answer["error"]["key"] != "error.internal"


def test_junk_in_every_argument_of_every_call_is_a_player_error(valid_calls):
    for fn, args in valid_calls:
        call(fn, args)
        for name in [*args, "bogus"]:
            for junk in JUNK:
                call(fn, {**args, name: junk})
        for name in args:
            call(fn, {k: v for k, v in args.items() if k != name})


def test_damaged_records_are_player_errors(valid_calls):
    rng = Rng("bridge-fuzz")
    records = [args["record"] for _, args in valid_calls if "record" in args]
    for _ in range(400):
        record = json.loads(json.dumps(records[rng.below(len(records))]))
        if rng.below(2):  # a field replaced by junk
            record[list(record)[rng.below(len(record))]] = JUNK[rng.below(len(JUNK))]
        else:  # a junk move among the real ones
            record["games"][-1].insert(rng.below(len(record["games"][-1]) + 1), JUNK[rng.below(len(JUNK))])
        for fn in ("state", "play", "undo", "next_game", "bot_move"):
            call(
                fn,
                {"record": record, "move": "r0c0", "seats": [0], "level": "easy"}
                if fn != "state"
                else {"record": record},
            )


def test_a_replay_step_out_of_range_is_a_clean_answer(valid_calls):
    args = dict(valid_calls)["link_replay"]
    assert call("link_replay", {**args, "step": 1e999})["error"]["key"] == "error.bad_call"
    assert ok("link_replay", **{**args, "step": 10**30})["step"] == ok("link_replay", **args)["steps"]
    assert ok("link_replay", **{**args, "step": -5})["step"] == 0


def test_a_bug_answers_error_internal_with_its_type(monkeypatch, capsys):
    def broken(**_):
        raise ZeroDivisionError("boom")

    monkeypatch.setitem(bridge.CALLS, "games", broken)
    answer = json.loads(bridge.call("games", "{}"))
    assert answer == {
        "ok": False,
        "error": {
            "key": "error.internal",
            "params": {"type": "ZeroDivisionError"},
            "text": catalog("en")["error.internal"].format(type="ZeroDivisionError"),
        },
    }
    assert "ZeroDivisionError: boom" in capsys.readouterr().err

"""Hostile calls never look like bugs: whatever a page sends to ``bridge.call`` (junk JSON,
junk arguments in every parameter of every call, damaged records), the answer is JSON and,
when refused, a player error with a catalog key, never ``error.internal``."""

from __future__ import annotations

import importlib.util
import json

import pytest

from pygames import GAMES, bridge
from pygames.bots import bots_module
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


def _legal(result: dict) -> list[str]:
    """The moves of the seat to move (a game with secrets tells them to that seat only)."""
    return ok("state", record=result["record"], seat=result["to_move"])["legal"]


@pytest.fixture(scope="module", params=list(GAMES))
def valid_calls(request) -> list[tuple[str, dict]]:
    """One valid call of every bridge function (hot-seat, the calls the game offers, and link
    play), with real records and links of the game, for every game of ``pygames.GAMES``."""
    game = request.param
    module, players = GAMES[game], GAMES[game].PLAYER_COUNTS[0]
    names = [f"P{seat}" for seat in range(players)]
    start = ok("new_match", game=game, seed=5, players=players, format=module.FORMATS[-1])
    played = start
    for _ in range(3):
        played = ok("play", record=played["record"], move=_legal(played)[0])
    over = start
    while over["to_move"] is not None:
        over = ok("play", record=over["record"], move=_legal(over)[0])
    devices, table, _, _ = play_by_link(game, players, 2)
    keys = devices[0].entry(table["link"])["keys"]
    created = ok("link_create", game=game, players=players, names=names)
    devices, moving, _, _ = play_by_link(game, players, 3, until=lambda t: t["next"]["action"] == "move")
    seat = moving["next"]["seat"]
    mine = devices[seat].open(moving["link"])
    my_keys = devices[seat].entry(mine["link"])["keys"]
    return [
        ("games", {}),
        ("new_match", {"game": game, "seed": 1, "players": players, "format": "single", "options": {}}),
        ("state", {"record": played["record"], "seat": played["to_move"]}),
        ("play", {"record": played["record"], "move": _legal(played)[0], "seat": played["to_move"]}),
        ("undo", {"record": played["record"], "seats": list(range(players)), "seat": None}),
        ("next_game", {"record": over["record"]}),
        ("bot_move", {"record": played["record"], "level": bots_module(game).LEVELS[0]}),
        *((fn, {"record": played["record"]}) for fn in getattr(module, "CALLS", ())),
        ("replay", {"record": over["record"], "step": 3}),
        ("link_create", {"game": game, "players": players, "names": names, "options": {}, "format": "single"}),
        ("link_id", {"link": table["link"]}),
        ("link_open", {"link": table["link"], "keys": keys, "saved": table["link"]}),
        ("link_join", {"link": created["link"], "seat": 1, "keys": {}}),
        ("link_play", {"link": mine["link"], "move": mine["legal"][0], "keys": my_keys}),
        ("link_replay", {"link": table["link"], "keys": keys, "step": 3}),
    ] + ([("link_qr", {"text": "g=abc"})] if HAS_SEGNO else [])


@pytest.mark.parametrize(
    "text", ["", "null", "[]", "1", '"x"', "{", '{"record": ' * 5000, "[" * 100000, '{"record": NaN}', "\ud800"]
)
def test_junk_json_is_a_player_error(text):
    for fn in ("state", "link_open", "games", "nothing"):
        answer = json.loads(bridge.call(fn, text))
        assert answer["ok"] or (answer["error"]["key"] != "error.internal" and answer["error"]["key"] in catalog("en"))


def test_every_valid_call_answers(valid_calls):
    """The calls the fuzzing starts from are real: each answers ok (but undo in a game with
    secrets, and the next game of a game without match formats, refused with their own message)."""
    for fn, args in valid_calls:
        answer = call(fn, args)
        module = GAMES[args["record"]["game"]] if "record" in args else None
        if fn == "undo" and module.SECRETS:
            assert answer["error"]["key"] == "error.no_undo"
        elif fn == "next_game" and len(module.FORMATS) == 1:
            assert not answer["ok"]
        else:
            assert answer["ok"], (fn, answer)


def test_junk_in_every_argument_of_every_call_is_a_player_error(valid_calls):
    for fn, args in valid_calls:
        for name in [*args, "bogus"]:
            for junk in JUNK:
                call(fn, {**args, name: junk})
        for name in args:
            call(fn, {k: v for k, v in args.items() if k != name})


def test_junk_inside_every_list_and_object_argument_is_a_player_error(valid_calls):
    """One item of a list argument (names, seats) or one value of an object argument (options,
    keys, a record's fields) replaced by junk (every third kind), or a junk key added."""
    for fn, args in valid_calls:
        for name, value in args.items():
            if isinstance(value, list) and value:
                for junk in JUNK[::3]:
                    for at in {0, len(value) - 1}:
                        call(fn, {**args, name: [*value[:at], junk, *value[at + 1 :]]})
            elif isinstance(value, dict):
                for junk in JUNK[::3]:
                    for key in [*value, "0", "bogus"]:
                        call(fn, {**args, name: {**value, key: junk}})


def test_damaged_records_are_player_errors(valid_calls):
    rng = Rng("bridge-fuzz")
    records = [args["record"] for _, args in valid_calls if "record" in args]
    move = dict(valid_calls)["play"]["move"]
    for _ in range(200):
        record = json.loads(json.dumps(records[rng.below(len(records))]))
        if rng.below(2):  # a field replaced by junk
            record[list(record)[rng.below(len(record))]] = JUNK[rng.below(len(JUNK))]
        else:  # a junk move among the real ones
            record["games"][-1].insert(rng.below(len(record["games"][-1]) + 1), JUNK[rng.below(len(JUNK))])
        for fn in ("state", "play", "undo", "next_game", "bot_move", "review", "hint", "chart", "coach", "replay"):
            call(
                fn,
                {"record": record, "move": move, "seats": [0], "level": "no level"}
                if fn not in ("state", "review", "hint", "chart", "coach", "replay")
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

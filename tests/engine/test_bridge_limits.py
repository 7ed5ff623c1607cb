"""What the bridge reads at all: a call longer than any real one is refused with a message,
before anything is done with its text, in bounded memory."""

from __future__ import annotations

import json
import tracemalloc

import pytest

from pygames import bridge
from pygames.core.i18n import catalog
from pygames.link.wire import MAX_TEXT

#: A generous ceiling for what refusing a hostile call may allocate (a real link call needs ~1 MB).
PEAK_BYTES = 30_000_000


def answer(fn: str, args_json: str) -> dict:
    return json.loads(bridge.call(fn, args_json))


def peak_of(fn: str, args_json: str) -> tuple[dict, int]:
    """The bridge's answer and the peak memory Python allocated while making it."""
    tracemalloc.start()
    try:
        result = answer(fn, args_json)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return result, peak


def test_a_two_megabyte_link_is_refused_as_too_long_in_bounded_memory():
    bridge.call("link_id", json.dumps({"link": "g=AAAA"}))  # the link layer imported outside the measure
    args_json = json.dumps({"link": "g=" + "A" * 2_000_000, "keys": {}, "saved": None})
    result, peak = peak_of("link_open", args_json)
    assert result["ok"] is False
    error = result["error"]
    assert error["key"] == "error.too_long" and error["text"] == catalog()["error.too_long"]
    assert peak < PEAK_BYTES, f"refusing a 2 MB link allocated {peak / 1e6:.1f} MB"


_LONGEST = bridge.MAX_CALL - 20


@pytest.mark.parametrize(
    "body",
    [
        pytest.param('"' + "x" * _LONGEST + '"', id="one long string"),
        pytest.param('"' + '\\"[' * (_LONGEST // 3) + '"', id="escaped quotes"),
    ],
)
def test_the_nesting_scan_of_the_longest_call_read_keeps_memory_flat(body):
    args_json = '{"link": ' + body + "}"
    assert len(args_json) <= bridge.MAX_CALL
    result, peak = peak_of("link_id", args_json)
    assert result["error"]["key"] in ("link.error.too_long", "link.error.not_a_link")
    # the call text itself is not counted (it was made before); json.loads copies the string once
    assert peak < 4 * bridge.MAX_CALL + 1_000_000, f"{peak / 1e6:.1f} MB"


def test_brackets_inside_strings_and_escapes_do_not_count_as_nesting():
    nest = bridge._nesting
    assert nest('{"a": [[1], {"b": []}]}') == 4
    assert nest('{"a": "[[[[{{{{"}') == 1
    assert nest('{"a": "\\"[[[", "b": [1]}') == 2  # an escaped quote does not end the string
    assert nest('{"a": "\\\\", "b": [[1]]}') == 3  # an escaped backslash does not escape the quote
    assert nest("[" * 100_000) == bridge.MAX_NESTING + 1  # the scan stops once past the limit
    assert answer("state", '{"record": ' + "[" * 40 + "]" * 40 + "}")["error"]["key"] == "error.bad_call"
    assert answer("state", '{"record": "' + "[" * 40 + '"}')["error"]["key"] == "error.bad_record"


def test_the_longest_real_calls_are_far_under_the_cap():
    """A record of MAX_MOVES moves with notation longer than any game writes, and a link call
    with two links of the longest text the link layer reads, are read (and refused only by
    what they hold)."""
    record = {
        "v": 1,
        "game": "turncoats",
        "players": 5,
        "seed": 2**63,
        "format": "single",
        "options": {},
        "games": [["x" * 40] * bridge.MAX_MOVES],
    }
    args_json = json.dumps({"record": record, "seat": 0})
    assert 2 * len(args_json) < bridge.MAX_CALL
    assert answer("state", args_json)["error"]["key"] != "error.too_long"
    link = "g=" + "A" * MAX_TEXT
    args_json = json.dumps({"link": link, "keys": {str(s): "0" * 32 for s in range(5)}, "saved": link})
    assert 2 * len(args_json) < bridge.MAX_CALL
    assert answer("link_open", args_json)["error"]["key"] == "link.error.too_long"


def test_a_call_just_over_the_cap_is_too_long_and_just_under_it_is_read():
    filler = bridge.MAX_CALL - len('{"link": ""}')
    assert answer("link_id", json.dumps({"link": "A" * filler}))["error"]["key"] == "link.error.too_long"
    assert answer("link_id", json.dumps({"link": "A" * (filler + 1)}))["error"]["key"] == "error.too_long"

"""What a hostile input costs the bridge before it is refused: time and peak memory.

A player can paste anything into the page; the worker hands it to ``pygames.bridge.call``.
For each input below (a 2 MB link, a 2 MB call of nothing but backslashes, brackets nested
deep inside a long string), and again for the same inputs just under the bridge's length cap
(``MAX_CALL``: the most text the bridge reads at all), this prints the answer's error key,
the time the call took and the peak memory Python allocated during it (``tracemalloc``; the
peak, not what is left).

    python bench/link_memory.py [megabytes]
"""

from __future__ import annotations

import json
import os
import sys
import time
import tracemalloc

try:
    import pygames  # noqa: F401
except ImportError:  # run from a checkout: python bench/link_memory.py
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pygames import bridge


def inputs(size: int) -> list[tuple[str, str, str]]:
    """(label, call, args_json) of at most ``size`` characters each."""
    size -= 50
    link = "g=" + "A" * size
    return [
        ("link_open, a long link", "link_open", json.dumps({"link": link, "keys": {}, "saved": None})),
        ("link_open, backslashes", "link_open", '{"link": "' + "\\\\" * (size // 2) + '"}'),
        ("state, brackets in a string", "state", '{"record": "' + "[{" * (size // 2) + '"}'),
    ]


def measure(fn: str, args_json: str) -> tuple[str, float, float]:
    """The answer's error key (or "ok"), seconds, and peak MB of one call (timed once plainly,
    then run again under tracemalloc, which slows Python down)."""
    start = time.perf_counter()
    answer = json.loads(bridge.call(fn, args_json))
    seconds = time.perf_counter() - start
    tracemalloc.start()
    bridge.call(fn, args_json)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    key = "ok" if answer["ok"] else answer["error"]["key"]
    return key, seconds, peak / 1e6


def main(megabytes: float = 2.0) -> None:
    size = int(megabytes * 1_000_000)
    bridge.call("games")  # imports done outside the measurement
    bridge.call("link_id", '{"link": "g=AAAA"}')
    print(f"{'input':<30}{'chars':>10}{'answer':>22}{'seconds':>9}{'peak MB':>9}")
    cap = getattr(bridge, "MAX_CALL", None)  # None before the bridge had a cap
    for label, fn, args_json in inputs(size) + (inputs(cap) if cap else []):
        key, seconds, peak = measure(fn, args_json)
        print(f"{label:<30}{len(args_json):>10}{key:>22}{seconds:>9.2f}{peak:>9.1f}")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)

#!/usr/bin/env python3
"""The first board paint of each game's page, warm (issue 15: <= 0.5 s), in headless Chromium.

    python bench/board_bench.py [--runs 5]      (after `python build.py`)

One fresh on-disk profile visits the start page until Python is ready, the service worker
controls the page and the memory snapshot is stored (a returning visitor). Then, per game and
round, two loads of the game page (navigation start -> the page's performance marks):

* a new game's deep link (a fresh seed: nothing saved): ``py:board-frame``, the board's frame
  drawn before Python (site/ui/early.js);
* a reload of the same link once the game is saved: ``py:board``, the first board with a
  position, the save's stored view (for Oriflamme and Turncoats the view of nobody's secrets).

Prints the medians and how many of those first boards came before Python was ready.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
from pathlib import Path

LINKS = {
    "okiya": "#play/okiya?seed={seed}&bots=1&level=easy&format=single",
    "oriflamme": "#play/oriflamme?seed={seed}&players=3&bots=1,2",
    "turncoats": "#play/turncoats?seed={seed}&players=3&bots=1,2",
}
MARK = "(name) => (performance.getEntriesByName(name)[0] || {}).startTime ?? null"
READY = "document.documentElement.dataset.python === 'ready'"
# the game waits for its one human, and its save holds a view of that very position
SAVED = """(key) => {
  const s = JSON.parse(localStorage.getItem(key) || 'null');
  const current = !!(s && s.shown) && JSON.stringify(s.shown.record) === JSON.stringify(s.record);
  return current && document.querySelector('#status').dataset.state === 'turn';
}"""
TIMEOUT = 120_000


def first_board(page, url: str, mark: str) -> tuple[float, bool]:
    """Load `url` anew; seconds from navigation to `mark`, and whether Python was not ready then."""
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_function(f"() => ({MARK})('{mark}') !== null", timeout=TIMEOUT, polling=20)
    at = page.evaluate(MARK, mark)
    ready = page.evaluate(f"({MARK})('py:ready')")
    page.wait_for_function(READY, timeout=TIMEOUT)
    return at / 1000, ready is None or ready > at


def measure(pw, build, base: str, profile: Path, runs: int) -> dict[str, list[tuple[float, bool]]]:
    ctx = pw.chromium.launch_persistent_context(str(profile), **build.chromium_launch_args())
    got: dict[str, list[tuple[float, bool]]] = {}
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(base)
        page.wait_for_function(READY, timeout=TIMEOUT)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
        page.wait_for_function("performance.getEntriesByName('py:snapshot-stored').length > 0", timeout=TIMEOUT)
        for n in range(runs):
            for game, link in LINKS.items():
                url = base + link.format(seed=1000 + n)
                got.setdefault(f"{game}: new game, board frame", []).append(first_board(page, url, "py:board-frame"))
                page.wait_for_function(SAVED, arg=f"pygames.{game}.save", timeout=TIMEOUT)
                got.setdefault(f"{game}: saved game, board", []).append(first_board(page, url, "py:board"))
    finally:
        ctx.close()
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    from run import build  # build.py, loaded once (bench/ is this script's folder on sys.path)

    tmp = Path(tempfile.mkdtemp(prefix="pygames-board-"))
    server = build.serve_in_background(build.DIST, base="/pygames/")
    try:
        with sync_playwright() as pw:
            got = measure(pw, build, server.base_url, tmp / "profile", args.runs)
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(tmp, ignore_errors=True)
    for label, rows in got.items():
        times = [t for t, _ in rows]
        early = sum(1 for _, before in rows if before)
        print(
            f"{label:38} median {statistics.median(times):.3f} s "
            f"(min {min(times):.3f}, max {max(times):.3f}; before Python {early} of {len(rows)}; target <= 0.5 s warm)"
        )


if __name__ == "__main__":
    main()

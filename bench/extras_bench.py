"""The optional packages' cost in headless Chromium: what the first visit downloads of them (it
should be nothing) and how long micropip takes to install segno at its first use, online and
then offline from the service worker's cache (a new visit restored from the memory snapshot).

    python bench/extras_bench.py [--runs 5]      (after python build.py)

Each round is a fresh profile on disk. Times are the worker's marks (site/extras.js), from
``py:extras-start`` (the first QR code asked for) to micropip's standard library added, its
wheel unpacked (``loadPackage``), micropip imported, and segno installed (``micropip.install``
against the site's index). Prints the medians of the rounds.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

TIMEOUT = 120_000
MARK = "(name) => (performance.getEntriesByName(name)[0] || {}).startTime ?? null"


class Served:
    """Bytes of the optional files (build.is_optional) the server sent in full."""

    def __init__(self):
        self.optional = 0
        self.lock = threading.Lock()

    def handler(self, folder: Path):
        served = self

        class Handler(build.SiteHandler):
            def send_response(self, code, message=None):
                super().send_response(code, message)
                rel = self.path.split("?")[0].removeprefix("/pygames/")
                if code == 200 and build.is_optional(rel) and (folder / rel).is_file():
                    with served.lock:
                        served.optional += (folder / rel).stat().st_size

        return Handler


def first_qr(page) -> dict[str, float]:
    """Create an Okiya link game and wait for its QR code; the install's times (seconds)."""
    page.locator('[data-link-new="okiya"]').click()
    page.locator("#link-create:not([disabled])").wait_for(timeout=TIMEOUT)
    page.fill("#link-name-0", "Ann")
    page.fill("#link-name-1", "Ben")
    page.click("#link-create")
    page.wait_for_function(f"() => ({MARK})('py:extras-installed') !== null", timeout=TIMEOUT)
    marks = ("extras-start", "micropip-stdlib", "micropip-wheel", "micropip-loaded", "extras-installed")
    start, *times = (page.evaluate(MARK, f"py:{m}") for m in marks)
    labels = ("its stdlib added", "micropip unpacked", "micropip imported", "segno installed")
    return {label: (t - start) / 1000 for label, t in zip(labels, times, strict=True)}


def one_round(pw, url: str, profile: Path, served: Served) -> dict[str, float]:
    ctx = pw.chromium.launch_persistent_context(str(profile), locale="en-US", **build.chromium_launch_args())
    out: dict[str, float] = {}
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        before = served.optional
        page.goto(url)
        page.wait_for_function("document.documentElement.dataset.python === 'ready'", timeout=TIMEOUT)
        page.wait_for_function("!!navigator.serviceWorker.controller", timeout=TIMEOUT)
        page.wait_for_function(f"() => ({MARK})('py:snapshot-stored') !== null", timeout=TIMEOUT)
        out["first visit: optional bytes"] = served.optional - before
        for key, value in first_qr(page).items():
            out[f"online: {key}"] = value
        out["first use: optional bytes"] = served.optional - before
        ctx.set_offline(True)
        page.close()
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_function("document.documentElement.dataset.python === 'ready'", timeout=TIMEOUT)
        for key, value in first_qr(page).items():
            out[f"offline: {key}"] = value
        return out
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


def main() -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not (build.DIST / "build-info.json").is_file():
        print("run python build.py first", file=sys.stderr)
        return 2
    served = Served()
    server = build.serve_in_background(build.DIST, base="/pygames/", handler_class=served.handler(build.DIST))
    rounds = []
    try:
        with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
            for n in range(args.runs):
                rounds.append(one_round(pw, server.base_url, Path(tmp) / f"profile-{n}", served))
    finally:
        server.shutdown()
        server.server_close()
    for key in rounds[0]:
        values = [r[key] for r in rounds]
        unit = "bytes" if key.endswith("bytes") else "s"
        shown = ", ".join(f"{v:.2f}" if unit == "s" else str(v) for v in values)
        print(f"{key:32} median {statistics.median(values):>10.2f} {unit}   ({shown})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

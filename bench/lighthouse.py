#!/usr/bin/env python3
"""Lighthouse 12 on the built site, as a phone on a slow network sees it:

    python bench/lighthouse.py [--runs 3]      (or: python bench/run.py --only lighthouse)

Lighthouse's default mobile profile (simulated slow 4G, 4x CPU slowdown, a fresh profile per
run, so every run is a first visit) on the start page and an Okiya deep link, served the way
the real host serves them (`build.py serve`'s compressing handler: gzip for text, JSON,
JavaScript and wasm). Prints, per page, the medians of the runs: the performance score, largest
contentful paint, total blocking time, first contentful paint, the bytes transferred, and the
accessibility and best-practices scores, against the targets of issue 15; and, measured in the
page itself without throttling (Playwright, PerformanceObserver "longtask"), the main thread's
tasks over 50 ms from navigation until Python is ready and its snapshot stored.

Lighthouse is a bench-only tool, never shipped nor installed in the repository: its npm
tarball (pinned version and sha256, like axe-core in tests/browser/test_axe.py) is installed
with its dependencies into the download cache (``~/.cache/pygames/lighthouse-<version>/``,
or ``$PYGAMES_CACHE``) once. It drives Debian's Chromium (``build.find_chromium()``, else
Playwright's) headless through ``CHROME_PATH``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

LIGHTHOUSE_VERSION = "12.8.2"  # npm package "lighthouse"
LIGHTHOUSE_SHA256 = "d0ccc7ae0ddcd67d165e88ff7dad71c29bc90c32afe8dd85ec7498f0a2c69d72"
CHROME_FLAGS = "--headless=new --no-sandbox"
CATEGORIES = ("performance", "accessibility", "best-practices")

#: (label, the page's address after the site's base) -- the deep link is the route of ui/routes.js
PAGES = (
    ("start page", ""),
    ("okiya deep link", "#play/okiya?seed=5&bots=1"),
)

#: (figure, label, format, target text)
ROWS = (
    ("performance", "performance", "{:.2f}", ">= 0.9"),
    ("lcp", "LCP", "{:.2f} s", None),
    ("tbt", "TBT", "{:.0f} ms", "<= 200 ms"),
    ("fcp", "FCP", "{:.2f} s", None),
    ("transfer", "transfer", "{:.2f} MB", None),
    ("accessibility", "accessibility", "{:.2f}", None),
    ("best-practices", "best practices", "{:.2f}", None),
)


def lighthouse_cli(build) -> Path:
    """The CLI script of the pinned Lighthouse, installed into the cache on first use."""
    home = build.cache_dir() / f"lighthouse-{LIGHTHOUSE_VERSION}"
    cli = home / "node_modules" / "lighthouse" / "cli" / "index.js"
    if cli.is_file():
        return cli
    npm = shutil.which("npm")
    if not npm:
        raise RuntimeError("npm not found: install Node.js and npm")
    with tempfile.TemporaryDirectory(dir=build.cache_dir(), prefix="lighthouse-") as tmp:
        build.run([npm, "pack", f"lighthouse@{LIGHTHOUSE_VERSION}", "--pack-destination", tmp, "--silent"])
        tarball = Path(tmp) / f"lighthouse-{LIGHTHOUSE_VERSION}.tgz"
        digest = build.sha256_file(tarball)
        if digest != LIGHTHOUSE_SHA256:
            raise RuntimeError(f"lighthouse@{LIGHTHOUSE_VERSION} checksum mismatch: got {digest}")
        folder = Path(tmp) / "install"
        folder.mkdir()
        quiet = ["--no-save", "--no-audit", "--no-fund", "--silent"]
        build.run([npm, "install", *quiet, "--prefix", str(folder), str(tarball)])
        if home.exists():
            shutil.rmtree(home)
        folder.replace(home)
    return cli


def chrome_path(build) -> str:
    """The Chromium Lighthouse launches: the tests' and bench's own, else Playwright's."""
    exe = build.find_chromium()
    if exe:
        return exe
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        return pw.chromium.executable_path


def audit(cli: Path, url: str, chrome: str) -> dict:
    """One Lighthouse run (its mobile defaults) on ``url``: the report as JSON."""
    cmd = [
        shutil.which("node") or "node",
        str(cli),
        url,
        "--output=json",
        "--output-path=stdout",
        "--quiet",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={CHROME_FLAGS}",
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "CHROME_PATH": chrome}, timeout=600)
    if proc.returncode:
        raise RuntimeError(proc.stderr.strip()[-800:] or f"lighthouse exited {proc.returncode}")
    return json.loads(proc.stdout)


# Every main-thread task over 50 ms (PerformanceObserver "longtask"), from navigation on.
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""


def long_tasks(pw, build, url: str) -> list[list[float]]:
    """[start, duration] (ms) of the main thread's tasks over 50 ms on a first visit without
    throttling, from navigation until Python is ready and its memory snapshot stored (the
    worker's last start-up step): what Python's start costs the page, as a phone-sized tab."""
    browser = pw.chromium.launch(**build.chromium_launch_args())
    try:
        ctx = browser.new_context(viewport={"width": 412, "height": 823}, device_scale_factor=1.75, is_mobile=True)
        ctx.add_init_script(LONG_TASKS)
        page = ctx.new_page()
        page.goto(url)
        # polling by timer: the default (every animation frame) would keep the page busy itself
        page.wait_for_function("document.documentElement.dataset.python === 'ready'", timeout=180_000, polling=250)
        stored = "performance.getEntriesByName('py:snapshot-stored').length > 0"
        page.wait_for_function(stored, timeout=180_000, polling=250)
        return page.evaluate("window.__longTasks")
    finally:
        browser.close()


def figures(report: dict) -> dict:
    """The figures of one report (scores 0..1, times in s or ms, transfer in MB)."""
    if report.get("runtimeError"):
        raise RuntimeError(report["runtimeError"].get("message", "lighthouse runtime error"))
    audits, cats = report["audits"], report["categories"]
    out = {name: cats[name]["score"] for name in CATEGORIES}
    out["lcp"] = audits["largest-contentful-paint"]["numericValue"] / 1000
    out["tbt"] = audits["total-blocking-time"]["numericValue"]
    out["fcp"] = audits["first-contentful-paint"]["numericValue"] / 1000
    out["transfer"] = audits["total-byte-weight"]["numericValue"] / 1e6
    tasks = (audits.get("long-tasks", {}).get("details") or {}).get("items") or []
    out["longest task"] = max((t["duration"] for t in tasks), default=0)
    # the audits that count towards a score and fall short
    weighted = {ref["id"] for name in CATEGORIES for ref in cats[name]["auditRefs"] if ref.get("weight")}
    out["failed"] = [a for a in weighted if audits[a].get("score") is not None and audits[a]["score"] < 0.9]
    return out


def report(label: str, runs: list[dict], line) -> None:
    """Medians of the runs of one page, one line."""

    def med(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    parts = []
    for key, name, fmt, target in ROWS:
        text = f"{name} {fmt.format(med(key))}"
        parts.append(text + (f" (target {target})" if target else ""))
    line(f"lighthouse {label}", ", ".join(parts))
    scores = " ".join(f"{r['performance']:.2f}" for r in runs)
    longest = statistics.median(r["longest task"] for r in runs)
    line(f"lighthouse {label}: runs", f"performance {scores}; longest task {longest:.0f} ms (simulated, median)")
    if all("tasks" in r for r in runs):
        over = statistics.median(len(r["tasks"]) for r in runs)
        top = statistics.median(max((d for _, d in r["tasks"]), default=0) for r in runs)
        line(
            f"lighthouse {label}: main thread, no throttling",
            f"{over:.0f} tasks over 50 ms, the longest {top:.0f} ms, navigation -> Python ready and its snapshot "
            "stored (medians; target: none)",
        )
    below = sorted({a for r in runs for a in r["failed"]})
    if below:
        line(f"lighthouse {label}: audits under 0.9", ", ".join(below))


def run(args, tmp: Path, build, line, error) -> None:
    """Serve build.DIST as the host does and audit each page ``args.lighthouse_runs`` times."""
    from playwright.sync_api import sync_playwright

    cli = lighthouse_cli(build)
    chrome = chrome_path(build)
    server = build.serve_in_background(build.DIST, base="/pygames/", handler_class=build.CompressingHandler)
    try:
        for label, route in PAGES:
            runs = []
            for n in range(args.lighthouse_runs):
                try:
                    found = audit(cli, server.base_url + route, chrome)
                    if getattr(args, "lighthouse_keep", None):
                        kept = Path(args.lighthouse_keep) / f"{label.replace(' ', '-')}-{n + 1}.json"
                        kept.parent.mkdir(parents=True, exist_ok=True)
                        kept.write_text(json.dumps(found))
                    runs.append(figures(found))
                    with sync_playwright() as pw:
                        runs[-1]["tasks"] = long_tasks(pw, build, server.base_url + route)
                except Exception as e:  # noqa: BLE001
                    error(f"lighthouse {label}, run {n + 1}", e)
            if runs:
                report(label, runs, line)
    finally:
        server.shutdown()
        server.server_close()
    line("lighthouse", f"{LIGHTHOUSE_VERSION}, mobile (simulated slow 4G, 4x CPU), {args.lighthouse_runs} runs a page")


def main() -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import run as bench  # loads build.py once, prints lines and ERRORs as bench/run.py does

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lighthouse-runs", "--runs", type=int, default=3, help="runs a page (medians)")
    ap.add_argument("--no-build", action="store_true", help="audit dist/site as it is")
    ap.add_argument("--keep", dest="lighthouse_keep", metavar="DIR", help="write each Lighthouse report (JSON) there")
    args = ap.parse_args()
    if not args.no_build:
        bench.build.build(quiet=True)
    run(args, Path(tempfile.gettempdir()), bench.build, bench.line, bench.error)
    return 1 if bench.ERRORS else 0


if __name__ == "__main__":
    sys.exit(main())

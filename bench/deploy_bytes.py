"""Bytes a returning player downloads on a deploy where one Python file changed.

    python bench/deploy_bytes.py [--repo DIR]

Builds the site of ``--repo`` (default: this one) into a temporary folder, opens it in
headless Chromium (a fresh profile) until the service worker controls the page, changes
one line of ``pygames/__init__.py`` in a temporary copy of the sources, builds again into
the same folder (as a deploy would), lets the browser check for the update, and prints the
bytes the server sent in full (200 answers) for that update. ``--repo`` may be an older
checkout (``git archive <commit> | tar -x -C DIR``) to compare.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def load_build(repo: Path):
    spec = importlib.util.spec_from_file_location(f"build_{abs(hash(repo))}", repo / "build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def counting_server(build, dist: Path, sent: list[tuple[str, int]]):
    """build.py's own handler under /pygames/, recording (path, bytes) of every 200 answer."""

    class Counting(build.SiteHandler):
        base = "/pygames/"
        quiet = True

        def send_head(self):
            f = super().send_head()
            if f is not None and self._status == 200:
                sent.append((self.path, os.fstat(f.fileno()).st_size))
            return f

    server = build._Server(("127.0.0.1", 0), functools.partial(Counting, directory=str(dist)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/pygames/"


def quiet(sent: list, seconds: float = 3.0) -> None:
    """Wait until the server has answered nothing for `seconds` (an install's last files)."""
    while True:
        count = len(sent)
        time.sleep(seconds)
        if len(sent) == count:
            return


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", type=Path, default=HERE)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    ours = load_build(HERE)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "repo"
        shutil.copytree(args.repo, src, ignore=shutil.ignore_patterns("dist", ".git", "__pycache__", "node_modules"))
        build = load_build(src)
        dist = Path(tmp) / "dist" / "site"
        build.build(dist, quiet=True)
        sent: list[tuple[str, int]] = []
        server, url = counting_server(build, dist, sent)
        idle = "() => navigator.serviceWorker.getRegistration().then((r) => !!r && !!r.active && !r.installing)"
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**ours.chromium_launch_args())
            page = browser.new_page()
            page.goto(url)
            page.wait_for_function("document.documentElement.dataset.python === 'ready'", timeout=180_000)
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
            page.wait_for_function(idle, timeout=180_000)
            quiet(sent)
            init = src / "pygames" / "__init__.py"
            init.write_text(init.read_text("utf-8") + "\n# a one-line change\n", "utf-8")
            build.build(dist, quiet=True)
            before = page.evaluate("() => caches.keys()")
            sent.clear()
            page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
            # the new version's cache exists and its install is over (waiting, or active)
            page.wait_for_function(
                f"old => caches.keys().then((ns) => ns.some((n) => !old.includes(n))).then((n) => n && ({idle})())",
                arg=before,
                timeout=180_000,
            )
            quiet(sent)
            browser.close()
        server.shutdown()
    total = sum(n for _, n in sent)
    print(f"{args.repo}: {total} bytes in {len(sent)} files re-downloaded")
    for path, n in sorted(sent, key=lambda s: -s[1])[:6]:
        print(f"  {n:>10}  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

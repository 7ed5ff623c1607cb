"""The site's start-up in headless Chromium against bare Pyodide pages, in one run.

The bare pages call loadPyodide() in a module worker and nothing else: "stock" loads Pyodide 314
as its npm package ships it (the issue's bare page, the targets' baseline), "bare" loads the
site's own runtime folder (its trimmed standard library, as bytecode), which shows what the
page and the engine cost on top of the runtime. Every round gives each page a fresh profile on
disk (an incognito context never keeps the compiled wasm), alternating the pages so drift hits
all alike. Per profile:

* cold: the first visit, navigation -> Python ready (``<html data-python="ready">``), and
  its first contentful paint; the first-visit transfer is what the server answered in full
  (every file counted at its gzip size, as a compressing host sends it), the service
  worker's install and the snapshot's storing included;
* warm: a reload of the same tab (the site: after its service worker installed and its
  memory snapshot is stored);
* offline: the same reload with the network off (the site only: the bare pages have no
  service worker);
* the Okiya deep link (site only): the first board drawn (its frame) on its first visit (a
  page load of its own, the site cached), and the first board with the position on a reload
  (the game's stored view).

Prints medians of the rounds, the ratios to both bare pages and the targets of issue 15, and
the site's start-up marks of a cold visit (worker created and started, Pyodide's module in,
Pyodide loaded, the wheel unpacked, ready): where the time goes.
"""

from __future__ import annotations

import gzip
import shutil
import statistics
import threading
from pathlib import Path

# The baseline: loadPyodide() and nothing else, in a module worker like the site's.
BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>bare Pyodide (worker)</title></head><body>
<p>bare Pyodide: loadPyodide() in a module worker and nothing else</p>
<script type="module">
const worker = new Worker(new URL("./bare-pyodide-worker.js", import.meta.url), { type: "module" });
worker.onmessage = () => { document.documentElement.dataset.python = "ready"; };
</script>
</body></html>
"""

BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
postMessage("ready");
"""
#: The bare pages: "bare" borrows the site's runtime folder (its trimmed standard library, as
#: bytecode); "stock" is Pyodide as its npm package ships it, the issue's "bare Pyodide 314 page"
#: (the targets' baseline: trimming and compiling the standard library is one of the ways the
#: site starts faster).
BARE_PAGES = {"bare": "pyodide", "stock": "stock-pyodide"}

# Records performance.now() (ms since navigation start) when <html data-python="ready"> appears.
READY_PROBE = """
(() => {
  const mark = () => {
    if (window.__pyReady === undefined && document.documentElement &&
        document.documentElement.dataset.python === "ready") window.__pyReady = performance.now();
  };
  new MutationObserver(mark).observe(document, {attributes: true, subtree: true,
                                                attributeFilter: ["data-python"]});
})();
"""

FIRST_PAINT = "() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null"
# The last largest-contentful-paint candidate so far (ms), and what it was.
LCP = """() => new Promise((done) => {
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    const el = last && last.element;
    done(last ? [last.startTime, (el && (el.id || el.className || el.tagName)) || ""] : null);
  }).observe({ type: "largest-contentful-paint", buffered: true });
  setTimeout(() => done(null), 2000);
})"""
MARK = "(name) => (performance.getEntriesByName(name)[0] || {}).startTime ?? null"
SW_READY = """() => !navigator.serviceWorker ? null : Promise.race([
    navigator.serviceWorker.getRegistration().then(r => r ? navigator.serviceWorker.ready : null),
    new Promise(r => setTimeout(r, 30000))])"""
SW_CONTROLS = "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"
OKIYA = "#play/okiya?seed=5&bots=1&level=easy&format=single"
#: The site's start-up marks (python.js, worker.js) printed for a cold visit: where its time goes.
PHASES = ("worker-create", "worker-start", "pyodide-imported", "pyodide-loaded", "wheel-loaded", "ready")
TIMEOUT = 120_000


class Transfer:
    """Bytes a compressing host would send for the files served in full (200), by gzip size."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.total = 0
        self._sizes: dict[str, int] = {}
        self._lock = threading.Lock()

    def served(self, path: str) -> None:
        with self._lock:
            if path not in self._sizes:
                file = Path(path)
                self._sizes[path] = len(gzip.compress(file.read_bytes(), 6, mtime=0)) if file.is_file() else 0
            self.total += self._sizes[path]


def counting_handler(build, transfer: Transfer):
    class Handler(build.SiteHandler):
        def send_response(self, code, message=None):
            super().send_response(code, message)
            if code == 200:
                path = self.translate_path(self.path)
                transfer.served(str(Path(path) / "index.html") if Path(path).is_dir() else path)

    return Handler


def wait_ready(page) -> float:
    page.wait_for_function("window.__pyReady !== undefined", timeout=TIMEOUT, polling=20)
    return page.evaluate("window.__pyReady") / 1000


def profile_run(pw, build, url: str, profile: Path, transfer: Transfer, site: bool) -> dict[str, float]:
    """One fresh profile: the figures of one round for one page (seconds; bytes for transfer)."""
    ctx = pw.chromium.launch_persistent_context(str(profile), **build.chromium_launch_args())
    out: dict[str, float] = {}
    try:
        ctx.add_init_script(READY_PROBE)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        before = transfer.total
        page.goto(url)
        out["cold"] = wait_ready(page)
        out["paint"] = page.evaluate(FIRST_PAINT) / 1000
        lcp = page.evaluate(LCP)
        if lcp:
            out["lcp"] = lcp[0] / 1000
            out["lcp element"] = lcp[1]
        if site:
            for phase in PHASES:
                at = page.evaluate(MARK, f"py:{phase}")
                if at is not None:
                    out[f"phase {phase}"] = at / 1000
            page.evaluate(SW_READY)
            page.wait_for_function(SW_CONTROLS, timeout=TIMEOUT)
            page.wait_for_function("performance.getEntriesByName('py:snapshot-stored').length > 0", timeout=TIMEOUT)
        out["transfer"] = transfer.total - before
        page.reload()
        out["warm"] = wait_ready(page)
        if site:
            out["warm start"] = page.evaluate("document.documentElement.dataset.pythonStart === 'snapshot'")
            ctx.set_offline(True)
            page.reload()
            out["offline"] = wait_ready(page)
            ctx.set_offline(False)
            page.goto("about:blank")  # a load of its own: from the page's address, only its hash would change
            page.goto(url + OKIYA)
            page.wait_for_function(f"() => ({MARK})('py:board') !== null", timeout=TIMEOUT)
            out["board frame, first visit"] = page.evaluate(MARK, "py:board-frame") / 1000
            page.reload()
            page.wait_for_function(f"() => ({MARK})('py:board') !== null", timeout=TIMEOUT)
            out["board, reload"] = page.evaluate(MARK, "py:board") / 1000
            wait_ready(page)
        return out
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


#: (figure, label, the bare page's figure it is compared with, target ratio or None)
ROWS = (
    ("cold", "python ready, cold", "cold", 1.0),
    ("warm", "python ready, warm", "warm", 0.5),
    ("offline", "python ready, offline", "warm", 0.5),
    ("paint", "first contentful paint, cold", "paint", None),
    ("lcp", "largest contentful paint, cold", "lcp", None),
    ("board frame, first visit", "okiya deep link: board frame, first visit", None, None),
    ("board, reload", "okiya deep link: board with position, reload", None, None),
)


def run(args, tmp: Path, build, line, error) -> None:
    from playwright.sync_api import sync_playwright

    folder = tmp / "site"
    shutil.copytree(build.DIST, folder)
    shutil.copytree(build.fetch_pyodide(), folder / BARE_PAGES["stock"], ignore=shutil.ignore_patterns(".*"))
    for name, runtime in BARE_PAGES.items():
        (folder / f"{name}-pyodide.html").write_text(BARE_PAGE.replace("bare-pyodide-worker.js", f"{name}-worker.js"))
        (folder / f"{name}-worker.js").write_text(BARE_WORKER.replace("./pyodide/", f"./{runtime}/"))
    transfer = Transfer(folder)
    server = build.serve_in_background(folder, base="/pygames/", handler_class=counting_handler(build, transfer))
    pages = {"site": server.base_url, **{name: server.base_url + f"{name}-pyodide.html" for name in BARE_PAGES}}
    got: dict[str, list[dict]] = {name: [] for name in pages}
    try:
        with sync_playwright() as pw:
            n = 0
            for _ in range(args.runs):
                for name, url in pages.items():
                    n += 1
                    try:
                        got[name].append(profile_run(pw, build, url, tmp / f"profile-{n}", transfer, name == "site"))
                    except Exception as e:  # noqa: BLE001
                        error(f"browser round {n} ({name})", e)
            browser = pw.chromium.launch(**build.chromium_launch_args())
            version = browser.version
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    report(got, line)
    line("browser", f"Chromium {version}, {args.runs} alternating rounds, a fresh profile per page and round")


def report(got: dict[str, list[dict]], line) -> None:
    def med(name: str, key: str) -> float | None:
        vals = [r[key] for r in got[name] if r.get(key) is not None]
        return statistics.median(vals) if vals else None

    for key, label, base, target in ROWS:
        mine = med("site", key)
        if mine is None:
            continue
        text = f"site {mine:.3f} s"
        for name in ("stock", "bare") if base else ():
            theirs = med(name, base)
            if theirs:
                text += f", {name} {theirs:.3f} s ({'warm' if key == 'offline' else base}): {mine / theirs:.2f}x"
                if target is not None and name == "stock":
                    text += f" (target <= {target:.1f}x)"
        if key == "board, reload":
            text += " (target <= 0.5 s warm)"
        line(label, text)
    phases = [(phase, med("site", f"phase {phase}")) for phase in PHASES]
    line("cold start phases (site)", ", ".join(f"{phase} {at:.3f} s" for phase, at in phases if at is not None))
    elements = sorted({str(r.get("lcp element")) for r in got["site"]})
    line("largest contentful paint elements (site)", ", ".join(elements))
    restored = [r.get("warm start") for r in got["site"]]
    line("warm visits restored from the snapshot", f"{sum(1 for r in restored if r)} of {len(restored)}")
    for name in got:
        mb = med(name, "transfer")
        if mb is not None:
            line(f"first-visit transfer, gzip ({name})", f"{mb / 1e6:.2f} MB (target <= 6 MB for the site)")

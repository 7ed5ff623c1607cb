"""The Python worker's memory snapshot (site/snapshot.js, site/worker.js), visit by visit in one
browser profile: the first visit starts Python afresh and stores a snapshot of the ready
interpreter; the next restores it (offline too) and plays; a damaged stored snapshot falls
back to the normal start with one console report and still plays; a new build's first visit
ignores the old snapshot and replaces it; a device that never stored one does not look for it.

Which start a visit took is the page's ``data-python-start`` ("fresh" or "snapshot"); the
worker's mark ``py:snapshot-stored`` says the snapshot is on disk.
"""

from __future__ import annotations

import os
import re
import shutil

import pytest
from helpers import OKIYA_STATE_JS as STATE_JS
from helpers import READY_MS, STEP_MS, text_pattern, wait_python
from playwright.sync_api import expect

OKIYA_HOT_SEAT = "#play/okiya?seed=5&bots=&format=single"
SNAPSHOT_FLAG = "pygames.snapshot-stored"  # (localStorage: python.js sets it, index.html reads it)
STORED_KEYS_JS = "async () => (await (await caches.open('pygames.snapshot')).keys()).map((r) => r.url)"


def visit(context, url: str):
    """A new tab on `url`, with Python ready; returns (page, console lines about the snapshot)."""
    page = context.new_page()
    said: list[str] = []
    page.on("console", lambda msg: said.append(msg.text) if "memory snapshot" in msg.text else None)
    page.goto(url)
    wait_python(page)
    return page, said


def start_of(page) -> str:
    return page.evaluate("document.documentElement.dataset.pythonStart")


def wait_stored(page) -> None:
    page.wait_for_function("performance.getEntriesByName('py:snapshot-stored').length > 0", timeout=READY_MS)


def play_a_move(page) -> None:
    """Click a legal tile on the hot-seat Okiya page and wait for the position to move on."""
    page.wait_for_function(f"{STATE_JS} !== null", timeout=STEP_MS)
    ply = page.evaluate(f"{STATE_JS}.view.ply")
    page.locator("button[data-move]").first.click()
    page.wait_for_function(f"ply => {STATE_JS}.view.ply > ply", arg=ply, timeout=STEP_MS)


def test_first_visit_makes_it_next_visit_restores_it_offline_and_plays(browser, site_url):
    context = browser.new_context()
    try:
        first, said = visit(context, site_url + OKIYA_HOT_SEAT)
        assert start_of(first) == "fresh"
        wait_stored(first)
        first.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_MS)
        (key,) = first.evaluate(STORED_KEYS_JS)
        assert first.evaluate("fetch('build-info.json').then((r) => r.json()).then((i) => i.hash)") in key
        first.close()
        context.set_offline(True)
        later, said_later = visit(context, site_url + OKIYA_HOT_SEAT)
        assert start_of(later) == "snapshot"
        play_a_move(later)
        assert said == [] and said_later == []
    finally:
        context.close()


def test_a_device_that_never_stored_one_does_not_look_for_it(browser, site_url):
    """The page starts the worker with "#no-snapshot" while the flag that a snapshot was stored
    is missing (a first visit: Cache Storage is not opened before Python starts). Without the
    flag, a snapshot still on disk is not looked for: that visit (offline: the service worker
    serves the worker's script whatever follows its "#") starts afresh, quietly, and stores one
    again; the flag is back and the next visit restores it."""
    context = browser.new_context()
    try:
        first, _ = visit(context, site_url)
        wait_stored(first)
        first.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_MS)
        assert first.evaluate(f"localStorage.getItem('{SNAPSHOT_FLAG}')") is not None
        first.evaluate(f"localStorage.removeItem('{SNAPSHOT_FLAG}')")
        first.close()
        context.set_offline(True)
        later, said = visit(context, site_url + OKIYA_HOT_SEAT)
        assert [w.url.endswith("#no-snapshot") for w in later.workers] == [True]
        assert start_of(later) == "fresh" and said == []
        play_a_move(later)
        wait_stored(later)
        again, _ = visit(context, site_url)
        assert [w.url.endswith("#no-snapshot") for w in again.workers] == [False]
        assert start_of(again) == "snapshot"
    finally:
        context.close()


DAMAGE_JS = """async (how) => {
  const cache = await caches.open('pygames.snapshot');
  const [req] = await cache.keys();
  const res = await cache.match(req);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const kept = how === 'truncated' ? bytes.slice(0, bytes.length >> 1) : bytes;
  if (how === 'scrambled') crypto.getRandomValues(kept.subarray(0, 4096));
  await cache.put(req, new Response(kept, { headers: res.headers }));
}"""


@pytest.mark.parametrize("how", ["truncated", "scrambled"])
def test_a_damaged_snapshot_falls_back_and_still_plays(browser, site_url, how):
    context = browser.new_context()
    try:
        first, _ = visit(context, site_url)
        wait_stored(first)
        first.evaluate(DAMAGE_JS, how)
        first.close()
        later, said = visit(context, site_url + OKIYA_HOT_SEAT)
        assert start_of(later) == "fresh"
        play_a_move(later)
        assert len(said) == 1, said  # reported once, in the console only
        wait_stored(later)  # and replaced by a whole one
        again, said_again = visit(context, site_url)
        assert start_of(again) == "snapshot" and said_again == []
    finally:
        context.close()


def test_a_new_build_ignores_the_old_snapshot_and_replaces_it(browser, build_mod, dist_site, tmp_path):
    """Two builds served one after the other at the same address (no service worker, so the
    page is the server's current build)."""
    new = tmp_path / "new"
    shutil.copytree(dist_site, new)
    catalog = new / "locale" / "en.json"
    catalog.write_text(catalog.read_text("utf-8").replace('"ui.app.tagline": "', '"ui.app.tagline": "New! '), "utf-8")
    new_hash = build_mod.seal(new)["hash"]
    current = tmp_path / "current"
    current.symlink_to(dist_site, target_is_directory=True)
    server = build_mod.serve_in_background(current, base="/pygames/")
    context = browser.new_context(service_workers="block")
    try:
        first, _ = visit(context, server.base_url)
        old_hash = first.evaluate("fetch('build-info.json').then((r) => r.json()).then((i) => i.hash)")
        assert old_hash != new_hash
        wait_stored(first)
        first.close()
        swap = tmp_path / "swap"
        swap.symlink_to(new, target_is_directory=True)
        os.replace(swap, current)  # the deploy
        later = context.new_page()
        context.new_cdp_session(later).send("Network.clearBrowserCache")  # as after max-age
        later.goto(server.base_url + OKIYA_HOT_SEAT)
        wait_python(later)
        assert start_of(later) == "fresh"
        wait_stored(later)
        (key,) = later.evaluate(STORED_KEYS_JS)
        assert new_hash in key and old_hash not in key
        play_a_move(later)
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def test_a_saved_game_shows_its_board_before_python_and_moves_wait_for_it(browser, site_url):
    """The runtime's download is held back on the second visit: the board of the saved game is
    there (its stored view), its moves locked; released, Python comes up and the game goes on."""
    context = browser.new_context(service_workers="block")
    try:
        first, _ = visit(context, site_url + OKIYA_HOT_SEAT)
        play_a_move(first)
        shown = first.evaluate(STATE_JS)
        first.close()
        held = []
        context.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        later = context.new_page()
        later.goto(site_url + OKIYA_HOT_SEAT)
        later.wait_for_function(f"{STATE_JS} !== null", timeout=STEP_MS)
        assert later.evaluate(STATE_JS)["view"] == shown["view"]
        assert later.evaluate("performance.getEntriesByName('py:board').length") == 1
        assert later.evaluate("document.documentElement.dataset.python") != "ready"
        assert later.locator("button[data-move]").count() == 0  # no move offered yet
        assert held, "the runtime was not asked for"
        for route in held:
            route.continue_()
        context.unroute("**/pyodide.asm.wasm")
        wait_python(later)
        play_a_move(later)
    finally:
        context.close()


# When the page asked for its service worker (performance.now(), ms), in window.__swAskedAt.
SW_ASKED_JS = """
const register = ServiceWorkerContainer.prototype.register;
ServiceWorkerContainer.prototype.register = function (...args) {
  if (window.__swAskedAt === undefined) window.__swAskedAt = performance.now();
  return register.apply(this, args);
};
"""


def test_the_service_worker_installs_once_the_first_position_is_drawn(browser, site_url):
    """A first visit's service worker (it reads and stores the whole build) is asked for once
    Python's first calls are answered and drawn, not at Python's arrival, where its install
    competed with the frame that shows the first position."""
    context = browser.new_context()
    try:
        context.add_init_script(SW_ASKED_JS)
        page, _ = visit(context, site_url + OKIYA_HOT_SEAT)
        page.wait_for_function("window.__swAskedAt !== undefined", timeout=READY_MS)
        marks = "['py:ready', 'py:board'].map((n) => performance.getEntriesByName(n)[0]?.startTime)"
        asked, ready, board = page.evaluate(f"[window.__swAskedAt, ...{marks}]")
        assert board is not None, f"the service worker was asked for ({asked:.0f} ms) before the first position"
        assert asked > board > ready, (asked, board, ready)
        page.evaluate("navigator.serviceWorker.ready")  # and it does install
    finally:
        context.close()


# ------------------------------------------------------------------ a first visit that fails

#: The loading bar's words, and its Reload button.
LABEL = "#loading .label"
RELOAD = "#loading button"


def failing_visit(browser, site_url, broken: str, how: str, stall_ms: int | None = None):
    """A first visit (no service worker yet) while `broken` cannot be had: `how` "abort" (the
    connection drops: an error at once) or "hold" (it stalls: no answer ever). With `stall_ms`,
    the page's first load gives up on a start that hears nothing that long (the tests' knob for
    the stall timeout; the reload after it has the real one). Returns (context, page, fix),
    fix() making the file reachable again."""
    context = browser.new_context(service_workers="block")
    if stall_ms:
        context.add_init_script(
            "if (!sessionStorage.getItem('stall-knob-used')) {"
            f" sessionStorage.setItem('stall-knob-used', '1'); window.__pygamesStallMs = {stall_ms}; }}"
        )
    held = []
    context.route(broken, lambda route: route.abort() if how == "abort" else held.append(route))
    page = context.new_page()
    page.goto(site_url)

    def fix():
        context.unroute(broken)
        for route in held:
            try:
                route.abort()  # the stalled answers never come: the reload asks again
            except Exception:  # noqa: BLE001 - already gone with the worker the page stopped
                pass

    return context, page, fix


def assert_says_why_and_reloads(page, fix, words: re.Pattern, catalog) -> None:
    """The loading bar says why in words (never a catalog key) with a Reload that works once the
    file can be had again."""
    expect(page.locator(LABEL)).to_have_text(words, timeout=STEP_MS)
    expect(page.locator(RELOAD)).to_have_text(catalog["ui.error.reload"])
    assert page.evaluate("document.documentElement.dataset.python") == "failed"
    fix()
    page.locator(RELOAD).click()
    wait_python(page)
    expect(page.locator(LABEL)).to_have_text(catalog["ui.loading.stage.ready"])


@pytest.mark.parametrize("how", ["abort", "hold"])
def test_a_first_visit_without_pyodide_mjs_says_so_and_reloads(browser, site_url, catalog, how):
    """Pyodide's module unreachable: the bar said "Starting Python… 2%" and its button the raw
    key ui.error.reload (the failure came before the catalogs, and the boot painted the bar
    over it); held, the page waited for ever."""
    context, page, fix = failing_visit(browser, site_url, "**/pyodide/pyodide.mjs", how, stall_ms=3000)
    try:
        load = text_pattern(catalog["ui.error.load"], detail=".*pyodide.*")
        words = load if how == "abort" else text_pattern(catalog["ui.error.stalled"])
        assert_says_why_and_reloads(page, fix, words, catalog)
    finally:
        context.close()


def test_a_first_visit_whose_runtime_download_fails_says_so_at_once(browser, site_url, catalog):
    """pyodide.asm.wasm unreachable: the page sat at "Starting Python… 78%" with no word (Pyodide
    waits for ever for a runtime it could not fetch). Now the worker's own download fails the
    start at once, naming the file (no stall timeout is needed: its knob is left at 20 s)."""
    context, page, fix = failing_visit(browser, site_url, "**/pyodide.asm.wasm", "abort")
    try:
        words = text_pattern(catalog["ui.error.load"], detail=".*pyodide\\.asm\\.wasm.*")
        expect(page.locator(LABEL)).to_have_text(words, timeout=15_000)
        assert_says_why_and_reloads(page, fix, words, catalog)
    finally:
        context.close()


def test_a_first_visit_whose_runtime_download_stalls_says_so(browser, site_url, catalog):
    """pyodide.asm.wasm never answered (a connection that drops without an error): once the
    worker has said nothing for the stall timeout (3 s here; 20 s for players), the page says
    the download stopped, with a Reload."""
    context, page, fix = failing_visit(browser, site_url, "**/pyodide.asm.wasm", "hold", stall_ms=3000)
    try:
        assert_says_why_and_reloads(page, fix, text_pattern(catalog["ui.error.stalled"]), catalog)
    finally:
        context.close()


def test_a_slow_start_is_not_a_stalled_one(browser, site_url):
    """A slow connection (400 kB/s: the 10 MB runtime takes some 25 s) with a stall timeout of 10 s:
    Python starts, as bytes keep arriving; the stall timeout counts silence, not the whole start
    (only the start's last steps, which download nothing, are silent: a few seconds)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script("window.__pygamesStallMs = 10000")
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": 0, "downloadThroughput": 400 * 1024, "uploadThroughput": -1},
        )
        page.goto(site_url)
        started = "['ready', 'failed'].includes(document.documentElement.dataset.python)"
        page.wait_for_function(started, timeout=READY_MS)
        assert page.evaluate("document.documentElement.dataset.python") == "ready", page.text_content(LABEL)
        took = page.evaluate("performance.getEntriesByName('py:wasm-compiled')[0].startTime")
        assert took > 20_000, f"the runtime came in {took:.0f} ms: no slower than the stall timeout twice"
    finally:
        context.close()


def test_a_first_visit_without_its_catalogs_says_so_in_english_and_reloads(browser, site_url, catalog):
    """Every locale/*.json unreachable (the connection drops on a first visit): the page painted its
    catalog keys ("ui.start.heading", "ui.loading.stage.ready"...) for words. Now it says in the
    English words built into the page (site/i18n.js BUILT_IN) that its words could not be
    downloaded, with a Reload that starts the page whole once they can be had."""
    context, page, fix = failing_visit(browser, site_url, "**/locale/*.json", "abort")
    try:
        expect(page.locator(LABEL)).to_have_text(catalog["ui.error.catalogs"], timeout=STEP_MS)
        expect(page.locator(RELOAD)).to_have_text(catalog["ui.error.reload"])
        expect(page.locator("#view-start")).to_be_hidden()
        assert page.title() == catalog["ui.app.name"]
        fix()
        page.locator(RELOAD).click()
        wait_python(page)
        expect(page.locator(LABEL)).to_have_text(catalog["ui.loading.stage.ready"])
        expect(page.locator("#view-start h1")).to_have_text(catalog["ui.start.heading"])
    finally:
        context.close()

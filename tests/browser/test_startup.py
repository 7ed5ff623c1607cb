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
import shutil

import pytest
from helpers import OKIYA_STATE_JS as STATE_JS
from helpers import READY_MS, STEP_MS, wait_python

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

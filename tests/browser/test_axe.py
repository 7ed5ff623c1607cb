"""axe-core finds no accessibility violation on the site's screens: the start page, each game
page, a privacy screen, an end screen, the link invite and My games.

axe-core is a test-only dependency: fetched with ``npm pack`` at a pinned version and sha256
into the download cache (like Pyodide in build.py), never shipped in the site.
"""

from __future__ import annotations

import shutil
import tarfile
import tempfile
from pathlib import Path

import pytest
from helpers import READY_MS, finished_record, open_finished, wait_python
from playwright.sync_api import expect

AXE_VERSION = "4.10.3"  # npm package "axe-core"
AXE_SHA256 = "0f2b4d7dcdf7d1219df8d1959ad68e565f51d14c3f0d88bb71cd59abeb956292"

GAME_ROUTES = {
    "okiya": "#play/okiya?seed=3&players=2&bots=1&names=Ann",
    "oriflamme": "#play/oriflamme?seed=5&players=3&bots=1,2&names=Ann",
    "turncoats": "#play/turncoats?seed=4&players=2&bots=1&names=Ann",
}


@pytest.fixture(scope="session")
def axe_js(build_mod) -> Path:
    """axe.min.js of the pinned axe-core, checksum-verified, from the cache (npm pack on a miss)."""
    cache = build_mod.cache_dir()
    script = cache / f"axe-core-{AXE_VERSION}.min.js"
    if script.is_file():
        return script
    tarball = cache / f"axe-core-{AXE_VERSION}.tgz"
    if not tarball.is_file() or build_mod.sha256_file(tarball) != AXE_SHA256:
        npm = shutil.which("npm")
        assert npm, "npm not found: install Node.js and npm"
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            build_mod.run([npm, "pack", f"axe-core@{AXE_VERSION}", "--pack-destination", tmp, "--silent"])
            got = Path(tmp) / f"axe-core-{AXE_VERSION}.tgz"
            digest = build_mod.sha256_file(got)
            assert digest == AXE_SHA256, f"axe-core@{AXE_VERSION} checksum mismatch: got {digest}"
            got.replace(tarball)
    with tarfile.open(tarball) as tar:
        data = tar.extractfile("package/axe.min.js").read()
    partial = script.with_suffix(".part")
    partial.write_bytes(data)
    partial.replace(script)
    return script


def violations(page, axe_js: Path) -> list[str]:
    """axe.run() on the page as it is: one line per violation (rule id, impact, first targets)."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(axe_js))
    # label-content-name-mismatch is experimental (off by default): the site keeps to it too
    rules = {"label-content-name-mismatch": {"enabled": True}}
    found = page.evaluate("async rules => (await axe.run(document, { rules })).violations", rules)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}" for v in found]


def test_start_page(page, site_url, axe_js):
    page.goto(site_url)
    page.locator(".game-card[data-game]").first.wait_for()
    wait_python(page)
    assert violations(page, axe_js) == []


@pytest.mark.parametrize("game", sorted(GAME_ROUTES))
def test_game_page(fast, site_url, axe_js, game):
    page = fast
    page.goto(site_url + GAME_ROUTES[game])
    wait_python(page)
    settled = "['turn', 'over'].includes(document.querySelector('#status').dataset.state)"
    page.wait_for_function(settled, timeout=READY_MS)
    assert violations(page, axe_js) == []


def test_privacy_screen(page, site_url, axe_js):
    page.goto(site_url + "#play/oriflamme?seed=5&players=3&bots=&names=Ann,Bob,Cy")
    wait_python(page)
    page.wait_for_function("window.__pygames.oriflamme && window.__pygames.oriflamme.privacy()", timeout=READY_MS)
    expect(page.locator("#privacy")).to_be_visible()
    assert violations(page, axe_js) == []


def test_end_screen(fast, site_url, axe_js):
    record = finished_record("okiya", 7, 2)
    open_finished(fast, site_url, "okiya", "#play/okiya?seed=7&players=2&bots=1&names=Ann", record)
    assert violations(fast, axe_js) == []


def test_link_invite(page, site_url, axe_js):
    page.goto(site_url)
    wait_python(page)
    page.locator('[data-link-new="okiya"]').click()
    page.locator("#link-create:not([disabled])").wait_for()
    assert violations(page, axe_js) == []
    page.fill("#link-name-0", "Ann")
    page.click("#link-create")
    expect(page.locator("#link-panel")).to_be_visible(timeout=READY_MS)
    assert violations(page, axe_js) == []


def test_my_games(page, site_url, axe_js):
    page.goto(site_url + "#my-games")
    wait_python(page)
    page.locator("#link-view, #view-link, main").first.wait_for()
    assert violations(page, axe_js) == []

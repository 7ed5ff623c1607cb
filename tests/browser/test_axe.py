"""axe-core finds no accessibility violation on the site's screens: the start page, and for
every registered game its page, its privacy screen (a game with secrets), its end screen and
its link invite; My games.

axe-core is a test-only dependency: fetched with ``npm pack`` at a pinned version and sha256
into the download cache (like Pyodide in build.py), never shipped in the site.
"""

from __future__ import annotations

import shutil
import tarfile
import tempfile
from pathlib import Path

import pytest
from helpers import READY_MS, REGISTRY, finished_record, open_finished, vs_bots, wait_python
from playwright.sync_api import expect
from test_link_play import SETTLED_JS, open_link

from pygames import GAMES
from pygames.link.simulate import play_by_link

AXE_VERSION = "4.10.3"  # npm package "axe-core"
AXE_SHA256 = "0f2b4d7dcdf7d1219df8d1959ad68e565f51d14c3f0d88bb71cd59abeb956292"

#: The games whose page hides a player's secrets behind a privacy screen between players.
SECRET_GAMES = [game for game in GAMES if REGISTRY[game]["secrets"]]


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
        # evaluated, not added as a <script>: the page's Content-Security-Policy runs no inline script
        page.evaluate(axe_js.read_text("utf-8") + "\n;0")
    # label-content-name-mismatch is experimental (off by default): the site keeps to it too
    rules = {"label-content-name-mismatch": {"enabled": True}}
    found = page.evaluate("async rules => (await axe.run(document, { rules })).violations", rules)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}" for v in found]


def test_start_page(page, site_url, axe_js):
    page.goto(site_url)
    page.locator(".game-card[data-game]").first.wait_for()
    wait_python(page)
    assert violations(page, axe_js) == []


@pytest.mark.parametrize("game", list(GAMES))
def test_game_page(fast, site_url, axe_js, game):
    page = fast
    page.goto(site_url + vs_bots(game, 5))
    wait_python(page)
    settled = "['turn', 'over'].includes(document.querySelector('#status').dataset.state)"
    page.wait_for_function(settled, timeout=READY_MS)
    assert violations(page, axe_js) == []


#: A human's decision shown on any game's page: the privacy screen, or a move button to press.
DECISION_JS = """() => {
  const h = window.__pygames && window.__pygames[document.querySelector('#view-game').dataset.mode];
  if (!h || h.busy()) return false;
  if (h.privacy()) return 'privacy';
  if (document.querySelector('#status').dataset.state === 'over') return 'over';
  return [...document.querySelectorAll('#view-game button[data-move]:not([disabled])')].some((b) => b.checkVisibility())
    && 'turn';
}"""


def axe_along_a_game(page, axe_js, game: str, decisions: int = 14) -> list[str]:
    """Play `decisions` human decisions of the shown game (or to its end), varying the button
    pressed; axe runs at the first decision of every kind (Oriflamme: place, reveal or keep,
    an ability's target...). Returns every violation found, with the kind it was found at."""
    found, seen = [], set()
    for turn in range(decisions):
        got = page.wait_for_function(DECISION_JS, timeout=READY_MS).json_value()
        if got == "over":
            break
        if got == "privacy":
            page.locator("#privacy-continue").click()
            continue
        kind = page.evaluate(f"window.__pygames.{game}.state().moves[0].kind")
        if kind not in seen:
            seen.add(kind)
            found += [f"{kind}: {v}" for v in violations(page, axe_js)]
        buttons = page.locator("#view-game button[data-move]:not([disabled]):visible")
        before = page.evaluate(f"window.__pygames.{game}.state().record.games.at(-1).length")
        buttons.nth(turn % buttons.count()).click()
        page.wait_for_function(
            f"n => {{ const h = window.__pygames.{game}; const s = h.state();"
            " return h.privacy() || (s && s.record.games.at(-1).length > n); }",
            arg=before,
            timeout=READY_MS,
        )
    assert seen, "no decision came"
    return found


@pytest.mark.parametrize("game", list(GAMES))
def test_mid_game_against_bots_and_hot_seat_and_the_hot_seat_end(fast, site_url, axe_js, game):
    """Issue 29: mid-game, at every kind of decision a human meets (Oriflamme's "keep it hidden"
    among them), against bots and hot-seat; and a hot-seat game's end screen (against bots:
    test_end_screen)."""
    page = fast
    page.goto(site_url + vs_bots(game, 5, level=REGISTRY[game]["levels"][0]))
    wait_python(page)
    assert axe_along_a_game(page, axe_js, game) == []
    players = min(REGISTRY[game]["players"])
    hot_seat = f"#play/{game}?seed=6&players={players}&bots=&names=Ann,Bob,Cy"
    page.goto(site_url + hot_seat)
    assert axe_along_a_game(page, axe_js, game) == []
    open_finished(page, site_url, game, hot_seat, finished_record(game, 6, players))
    assert violations(page, axe_js) == []


@pytest.mark.parametrize("game", SECRET_GAMES)
def test_privacy_screen(page, site_url, axe_js, game):
    players = min(REGISTRY[game]["players"])
    page.goto(site_url + f"#play/{game}?seed=5&players={players}&bots=&names=Ann,Bob,Cy")
    wait_python(page)
    page.wait_for_function(f"window.__pygames.{game} && window.__pygames.{game}.privacy()", timeout=READY_MS)
    expect(page.locator("#privacy")).to_be_visible()
    assert violations(page, axe_js) == []


@pytest.mark.parametrize("game", list(GAMES))
def test_end_screen(fast, site_url, axe_js, game):
    players = min(REGISTRY[game]["players"])
    record = finished_record(game, 7, players)
    open_finished(fast, site_url, game, vs_bots(game, 7), record)
    assert violations(fast, axe_js) == []


@pytest.mark.parametrize("game", list(GAMES))
def test_link_invite(page, site_url, axe_js, game):
    page.goto(site_url)
    wait_python(page)
    page.locator(f'[data-link-new="{game}"]').click()
    page.locator("#link-create:not([disabled])").wait_for()
    assert violations(page, axe_js) == []
    page.fill("#link-name-0", "Ann")
    page.click("#link-create")
    expect(page.locator("#link-panel")).to_be_visible(timeout=READY_MS)
    assert violations(page, axe_js) == []


@pytest.mark.parametrize("game", list(GAMES))
def test_link_game_mid_game_and_end(phones, site_url, axe_js, game):
    """Issue 29: a game played by link, on the phone to move at a turn and at the end screen (the
    links come from devices simulated in Python; the phone takes its seat by an export link)."""
    players = min(REGISTRY[game]["players"])
    mid = lambda t: t["played"] >= 2 and t["next"]["action"] == "move"  # noqa: E731
    devices, table, _, _ = play_by_link(game, players, seed=5, until=mid)
    seat = table["next"]["seat"]
    key = devices[seat].saved[table["id"]]["keys"][str(seat)]
    phone = phones.new()
    open_link(phone, site_url, f"{table['link']}&k={seat}.{key}")
    expect(phone.locator("#status")).to_have_attribute("data-state", "turn")
    assert violations(phone, axe_js) == []
    _, final, _, _ = play_by_link(game, players, seed=5)
    assert open_link(phone, site_url, final["link"])["audit"]["state"] == "verified"
    expect(phone.locator("#link-end")).to_be_visible()
    assert violations(phone, axe_js) == []


def test_my_games(page, site_url, axe_js):
    page.goto(site_url + "#my-games")
    wait_python(page)
    page.wait_for_function(SETTLED_JS, arg="my-games", timeout=READY_MS)  # My games drawn, not the start page
    expect(page.locator("#link-mine-empty")).to_be_visible()  # (a fresh profile keeps no game)
    assert violations(page, axe_js) == []

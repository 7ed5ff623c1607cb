"""The board before Python (site/ui/early.js): the runtime's download (pyodide.asm.wasm) is held
back, so Python cannot be ready, and the game page must already show its board.

* A new game's deep link draws its board's frame (Okiya's empty garden, Oriflamme's banners,
  Turncoats' map) under a note saying what is loading; the setup sheet opens with its rule
  options; no move is offered until the runtime is let through and Python is up.
* A saved hot-seat game with secrets (Oriflamme, Turncoats) paints the view of nobody's secrets
  stored with its save: never a hand, in the save or on the page; after Python the privacy
  screen comes first, then the seat's own moves.
* Nothing moves when Python arrives: on a phone, Okiya's garden and the status line keep the
  box they had around the frame drawn before Python, while the first move list appears.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from helpers import MOVE_BUTTON, REGISTRY, STEP_MS, HotSeat, fmt, vs_bots, wait_python
from playwright.sync_api import expect

from pygames import GAMES

WASM = "**/pyodide.asm.wasm"
SITE = Path(__file__).resolve().parents[2] / "site"
HOOKS = "window.__pygames && window.__pygames.{game}"

# The canvas pixel [r, g, b, a] at a viewport point.
PIXEL_JS = """([sel, x, y]) => {
  const c = document.querySelector(sel);
  const r = c.getBoundingClientRect();
  const k = c.width / r.width;
  return [...c.getContext('2d').getImageData(Math.round((x - r.left) * k), Math.round((y - r.top) * k), 1, 1).data];
}"""


def held_context(browser, service_workers: str = "block"):
    """A context (by default with no service worker) whose runtime download waits; returns
    (context, held routes). The first visit's service worker installs only after Python's start."""
    context = browser.new_context(service_workers=service_workers)
    context.add_init_script("window.__pygamesBotPauseMs = 0")
    held = []
    context.route(WASM, lambda route: held.append(route))
    return context, held


def release(context, held) -> None:
    assert held, "the runtime was not asked for"
    for route in held:
        route.continue_()
    context.unroute(WASM)


def pattern(template: str, **params) -> re.Pattern:
    """A catalog template as a regular expression: `params` filled in, {pct} any number."""
    text = re.escape(fmt(template, **params))
    return re.compile("^" + text.replace(re.escape("{pct}"), r"\d+") + "$")


def distance(a: list[int], b: list[int]) -> int:
    return sum(abs(x - y) for x, y in zip(a[:3], b[:3]))


# How many colours the board's canvas shows (every 7th pixel's).
COLOURS_JS = """() => {
  const c = document.querySelector('#view-game canvas');
  const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const seen = new Set();
  for (let i = 0; i < data.length; i += 4 * 7) seen.add(data.subarray(i, i + 4).join());
  return seen.size;
}"""


def assert_frame_drawn(page, game: str) -> None:
    """What only the frame draws is on the canvas: Okiya's empty places (not the gravel between
    them), Oriflamme's banners (above the mat), Turncoats' land (not the cloth around it); on
    another game's board, more than a plain background."""
    hooks = HOOKS.format(game=game)
    pixel = lambda sel, p: page.evaluate(PIXEL_JS, [sel, p["x"], p["y"]])  # noqa: E731
    assert page.evaluate(COLOURS_JS) > 8, "the board's canvas is blank"
    if game == "okiya":
        a, b = page.evaluate(f"[5, 6].map((c) => {hooks}.cellCenter(c))")
        gap = {"x": (a["x"] + b["x"]) / 2, "y": a["y"]}
        assert distance(pixel("#ok-board", a), pixel("#ok-board", gap)) > 30
    elif game == "oriflamme":
        banner = page.evaluate(f"{hooks}.seatCenter(0)")
        assert pixel("#of-board", banner)[3] == 255
    elif game == "turncoats":
        centres = page.evaluate(f"[...Array(11).keys()].map((a) => {hooks}.areaCenter(a))")
        land = {"x": centres[0]["x"], "y": centres[0]["y"] + centres[0]["size"] * 0.3}
        ring = [centres[a] for a in (1, 3, 4, 5, 6, 7)]  # around the map's empty middle
        cloth = {"x": sum(p["x"] for p in ring) / 6, "y": sum(p["y"] for p in ring) / 6}
        assert distance(pixel("#tc-board", land), pixel("#tc-board", cloth)) > 60


@pytest.mark.parametrize("game", list(GAMES))
def test_a_new_game_draws_its_frame_and_says_what_loads_before_python(browser, site_url, catalog, game):
    context, held = held_context(browser)
    try:
        page = context.new_page()
        page.set_viewport_size({"width": 1100, "height": 800})
        page.goto(site_url + vs_bots(game, 5, level=REGISTRY[game]["levels"][0]))
        page.wait_for_function("performance.getEntriesByName('py:board-frame').length === 1", timeout=STEP_MS)
        note = page.locator(".early-note")
        expect(note.locator(".early-what")).to_have_text(pattern(catalog["ui.early.stage.runtime"]))
        expect(note).to_contain_text(catalog["ui.early.moves"])
        assert_frame_drawn(page, game)
        assert page.evaluate("document.documentElement.dataset.python") != "ready"
        assert page.evaluate(f"{HOOKS.format(game=game)}.state()") is None
        assert page.locator("button[data-move]").count() == 0
        # the setup sheet opens before Python, with the game's rule options from the registry
        page.locator("#btn-new").click()
        dialog = page.locator("#seats-dialog")
        expect(dialog).to_be_visible()
        registry = json.loads(page.evaluate("fetch('games.json').then((r) => r.text())"))
        options = next(g["options"] for g in registry if g["id"] == game)
        assert options == REGISTRY[game]["options"]  # games.json is the engine's registry
        expect(dialog.locator("input[data-option]")).to_have_count(len(options))
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        release(context, held)
        wait_python(page)
        expect(note).to_be_hidden()
        # moves unlock once the engine has answered (bots answer at once here)
        page.wait_for_function("document.querySelector('button[data-move]:not([disabled])') !== null", timeout=STEP_MS)
    finally:
        context.close()


#: The games whose views differ by seat (a hand, a draw): their saves hold only the public view.
SECRET_GAMES = [game for game in GAMES if REGISTRY[game]["secrets"]]


def two_humans(game: str) -> str:
    """A hot-seat route of `game` at its fewest players: Ann and Bo at seats 0 and 1, bots after them."""
    players = min(REGISTRY[game]["players"])
    bots = ",".join(str(s) for s in range(2, players))
    return f"#play/{game}?seed=3&players={players}&bots={bots}&names=Ann,Bo"


SAVED_JS = """([key, record]) => {
  const save = JSON.parse(localStorage.getItem(key) || 'null');
  const same = (r) => JSON.stringify(r) === JSON.stringify(record);
  return !!(save && save.shown && same(save.record) && same(save.shown.record));
}"""


def play_until_saved(page, hs: HotSeat, key: str) -> dict:
    """Play the hot-seat game (passing the device) until a move is in and a seat's hand is on the
    screen; wait until its save holds the public view of that position; returns the save."""
    for _ in range(20):
        kind = hs.wait_idle(page)
        if kind == "privacy":
            hs.pass_device(page)
        elif hs.played(page) >= 1:
            break
        else:
            hs.act(page, page.locator(f"{hs.choices} {MOVE_BUTTON}").first)
    state = hs.state(page)
    assert state["view"]["seat"] is not None and state["view"]["hand"] is not None
    page.wait_for_function(SAVED_JS, arg=[key, state["record"]], timeout=STEP_MS)
    return json.loads(page.evaluate(f"localStorage.getItem('{key}')"))


def assert_no_hand(view: dict) -> None:
    assert view["seat"] is None and view["hand"] is None
    assert not any(view["hands"] or []) and not any(view.get("removed") or [])  # Oriflamme: per seat
    assert view["legal"] == [] and view["moves"] == []
    assert view.get("drawn") is None  # Turncoats: the stone a seat drew


@pytest.mark.parametrize("game", SECRET_GAMES)
def test_a_saved_game_with_secrets_shows_its_public_board_before_python(browser, site_url, catalog, game):
    hs, route = HotSeat(game), two_humans(game)
    key = f"pygames.{game}.save"
    context = browser.new_context(service_workers="block")
    context.add_init_script("window.__pygamesBotPauseMs = 0")
    try:
        first = context.new_page()
        first.goto(site_url + route)
        wait_python(first)
        save = play_until_saved(first, hs, key)
        hand_text = first.text_content("#view-game [id$='-hand-text']")  # the seat's hand in words
        assert hand_text
        first.close()
        shown = save["shown"]
        assert_no_hand(shown["view"])
        assert shown["legal"] == [] and shown["moves"] == [] and shown["forced"] is None
        held = []
        context.route(WASM, lambda r: held.append(r))
        later = context.new_page()
        later.goto(site_url + route)
        later.wait_for_function("performance.getEntriesByName('py:board').length === 1", timeout=STEP_MS)
        view = later.evaluate(f"{HOOKS.format(game=game)}.state()")["view"]
        assert view == shown["view"]
        assert_no_hand(view)
        expect(later.locator("#hint")).to_have_text(catalog["ui.status.waiting"])
        expect(later.locator(".early-note")).to_be_hidden()  # the board has a position on it
        body = later.locator("body")
        expect(body).not_to_contain_text(hand_text, use_inner_text=True)
        for name in ("Ann", "Bo"):
            expect(body).not_to_contain_text(fmt(catalog[f"ui.{game}.hand.title"], name=name), use_inner_text=True)
        assert later.evaluate("document.documentElement.dataset.python") != "ready"
        assert later.locator("button[data-move], #privacy-continue:visible").count() == 0
        release(context, held)
        wait_python(later)
        # the device may have changed hands: the privacy screen first, then the seat's own moves
        assert hs.wait_idle(later) == "privacy"
        hs.pass_device(later)
        assert hs.wait_idle(later) == "turn"
        assert hs.state(later)["record"] == save["record"]
    finally:
        context.close()


# the stylesheets the page links in its head (first paint waits for them)
HEAD_LINKS = re.findall(r'<link rel="stylesheet" href="([^"]+)"', (SITE / "index.html").read_text())
HEAD_CSS = tuple("/" + href for href in HEAD_LINKS)


def late_css(url: str) -> bool:
    """A stylesheet nothing waits for before the frame is drawn: not in the head, not a game's own
    (games/<id>.css: its page waits for it)."""
    path = urlparse(url).path
    return path.endswith(".css") and not path.endswith(HEAD_CSS) and "/games/" not in path


BOXES_JS = """() => ['#ok-board', '#status'].map((sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return [r.x, r.y, r.width, r.height].map(Math.round);
})"""


def test_nothing_moves_when_python_arrives_on_a_phone(browser, site_url):
    # with its service worker, as a player's first visit (without one, the page says at the
    # top that offline play is not available, which moves the page on purpose)
    context, held = held_context(browser, service_workers="allow")
    # a stylesheet a page module adds late (ui/*.css) arrives after the frame on a busy machine:
    # held too, so whatever it would move, moves in every run
    late = []
    context.route(late_css, lambda route: late.append(route))
    try:
        page = context.new_page()
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(site_url + vs_bots("okiya", 5, level="easy"), wait_until="commit")  # (the load event waits for them)
        page.wait_for_function("performance.getEntriesByName('py:board-frame').length === 1", timeout=STEP_MS)
        before = page.evaluate(BOXES_JS)
        for route in late:
            route.continue_()
        context.unroute(late_css)
        release(context, held)
        wait_python(page)
        # the first turn lists every edge tile below the garden (on a phone: several rows)
        page.wait_for_function("document.querySelectorAll('button[data-move]').length >= 8", timeout=STEP_MS)
        assert page.evaluate(BOXES_JS) == before
    finally:
        context.close()

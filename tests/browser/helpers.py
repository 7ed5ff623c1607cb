"""Helpers shared by the browser tests: catalog text, waiting for Python, the registry's games
and deep links to them, what a game page saved, and driving a hot-seat game page through its
test hooks (window.__pygames.<game>).
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from pygames import bridge

READY_MS = 120_000  # Python cold start
STEP_MS = 30_000  # one decision (a bot's answer, a bridge call)
#: The Okiya page's state (its test hook), null before the page is up; in parentheses, so that
#: f"{OKIYA_STATE_JS}.view.ply" reads the state's field (without them it read `null.view.ply`
#: only when the state was missing, and a wait on a field returned at once)
OKIYA_STATE_JS = "((window.__pygames && window.__pygames.okiya && window.__pygames.okiya.state()) || null)"

#: Every registered game's entry as the bridge lists it (build.py writes games.json from the same
#: call): its players, levels, default_level, formats, options, secrets... Tests iterate
#: pygames.GAMES and read a game's facts from here, never from a list of their own.
REGISTRY = {g["id"]: g for g in bridge.games()}

#: On any game's page, its decision panel (the game view's group of buttons), a button there of a
#: move a human may make now, and every such button (the pages of games played before in the same
#: document keep theirs, hidden: pick the visible ones).
MOVE_PANEL = "#view-game [role=group]"
MOVE_BUTTON = "button[data-move]:not([disabled])"
MOVE_BUTTONS = f"{MOVE_PANEL} {MOVE_BUTTON}"


def vs_bots(game: str, seed: int, *, players: int | None = None, level: str | None = None, names: str = "Ann") -> str:
    """A deep link to `game`: a human at seat 0 against bots on every other seat, at the game's
    fewest players unless `players` is given, the bots at `level` (else the game's default)."""
    n = players or min(REGISTRY[game]["players"])
    query = [f"seed={seed}", f"players={n}", "bots=" + ",".join(str(s) for s in range(1, n))]
    if level:
        query.append(f"level={level}")
    return f"#play/{game}?" + "&".join([*query, f"names={names}"])


def saved_js(game: str) -> str:
    """A JS expression: the route (hash) `game`'s page saved its shown game under
    (localStorage pygames.<game>.save, ui/storage.js), or false while that save is not the shown game's."""
    hooks = f"window.__pygames && window.__pygames.{game}"
    save = f"JSON.parse(localStorage.getItem('pygames.{game}.save') || 'null')"
    return f"(() => {{ const h = {hooks}, s = {save}; return !!h && !!s && s.hash === h.hash() && s.hash; }})()"


def saved_route(page, game: str) -> str:
    """The route the page saved the shown game under, as the player's device keeps it."""
    return page.wait_for_function(saved_js(game), timeout=STEP_MS).json_value()


def bot_levels(route: str) -> dict[int, str]:
    """The bots' levels a route names, by seat (`level` names one for every bot, or one per bot)."""
    query = dict(part.split("=", 1) for part in route.split("?", 1)[1].split("&"))
    seats = [int(s) for s in query.get("bots", "").split(",") if s]
    levels = query.get("level", "").split(",")
    return {seat: levels[i] if len(levels) > 1 else levels[0] for i, seat in enumerate(seats)}


def fmt(template: str, **params) -> str:
    """A catalog template with its {params} filled in (unknown ones left as they are)."""
    return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m.group(1), m.group(0))), template)


def text_pattern(template: str, **parts: str) -> re.Pattern:
    """A catalog text as a whole-text pattern, each ``{param}`` standing for the regex ``parts[param]``."""
    pieces = re.split(r"\{(\w+)\}", template)
    body = "".join(re.escape(p) if i % 2 == 0 else f"(?:{parts[p]})" for i, p in enumerate(pieces))
    return re.compile(f"^{body}$")


def shown_names(catalog: dict[str, str], names: list[str]) -> list[str]:
    """The names the page shows: an empty one is "Player N"."""
    return [n or fmt(catalog["seat.default"], n=i + 1) for i, n in enumerate(names)]


def wait_python(page) -> None:
    page.wait_for_function("document.documentElement.dataset.python === 'ready'", timeout=READY_MS)


def start_frame_counter(page) -> None:
    """Count animation frames in window.__frames (a frozen page stops counting)."""
    page.evaluate(
        "() => { window.__frames = 0;"
        " const tick = () => { window.__frames++; requestAnimationFrame(tick); };"
        " requestAnimationFrame(tick); }"
    )


class HotSeat:
    """One hot-seat game page, driven through its test hooks and its decision panel."""

    def __init__(self, game: str, choices: str = MOVE_PANEL, turn_button: str = MOVE_BUTTON):
        self.game = game
        self.choices = choices  # the decision panel's selector, e.g. "#tc-choices" (by default any game's)
        self.hooks = f"window.__pygames.{game}"
        # idle: the privacy screen is up, the game is over, or a human may act now
        self.idle_js = f"""() => {{
  const h = window.__pygames && window.__pygames.{game};
  if (!h) return false;
  if (h.privacy()) return "privacy";
  if (h.busy()) return false;  // also while the page is not shown: its DOM is the last game's
  const st = document.querySelector('#status').dataset.state;
  if (st === 'over') return 'over';
  // (a shown button: another game's page left in the view keeps its buttons, hidden)
  const shown = [...document.querySelectorAll('{choices} {turn_button}')].some((b) => b.checkVisibility());
  if (st === 'turn' && shown) return 'turn';
  return false;
}}"""

    def hook(self, page, name: str, arg=None):
        return page.evaluate(f"a => {self.hooks}.{name}(a)", arg)

    def state(self, page) -> dict | None:
        return self.hook(page, "state")

    def played(self, page) -> int:
        s = self.state(page)
        return len(s["record"]["games"][0]) if s else -1

    def wait_idle(self, page) -> str:
        return page.wait_for_function(self.idle_js, timeout=STEP_MS).json_value()

    def act(self, page, target) -> None:
        """Click something that sends a move (a locator, or a point {x, y}); wait until the engine answered."""
        before = self.played(page)
        if isinstance(target, dict):
            page.mouse.click(target["x"], target["y"])
        else:
            target.click()
        page.wait_for_function(
            f"n => {{ const h = {self.hooks}; const s = h.state();"
            " return h.privacy() || (s && s.record.games[0].length > n); }",
            arg=before,
            timeout=STEP_MS,
        )

    def legal_buttons(self, page) -> list[str]:
        """The moves of the decision panel's data-move buttons."""
        return page.eval_on_selector_all(f"{self.choices} button[data-move]", "bs => bs.map(b => b.dataset.move)")

    def take_device(self, page, names: list[str], assert_hidden) -> int:
        """The privacy screen is up: it hides everything (assert_hidden(name) checks it), the
        player it asks for takes the device, and it is their turn. Returns their seat."""
        assert self.wait_idle(page) == "privacy"
        seat = self.hook(page, "waitingFor")
        assert_hidden(names[seat])
        page.locator("#privacy-continue").click()
        assert self.wait_idle(page) == "turn"
        return seat

    def play_against_bots(self, page, url: str, *, shown_moves, pick) -> int:
        """The human at seat 0 plays `url` against bots to the end on a desktop-sized page,
        counting frames (window.__frames: the page stays alive). At every turn the decision
        panel offers exactly shown_moves(state), and pick(state, turn) is clicked.
        Returns the turns played."""
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(url)
        wait_python(page)
        start_frame_counter(page)
        turns = 0
        for _ in range(200):
            kind = self.wait_idle(page)
            assert kind != "privacy", "one human: the hand never needs hiding"
            if kind == "over":
                break
            s = self.state(page)
            assert s["to_move"] == 0 and s["view"]["seat"] == 0
            assert sorted(self.legal_buttons(page)) == sorted(shown_moves(s))
            turns += 1
            self.act(page, pick(s, turns))
        return turns

    def pass_device(self, page) -> None:
        """The player the privacy screen asks for takes the device."""
        page.locator("#privacy-continue").click()
        page.wait_for_function(f"!{self.hooks}.privacy()")

    def assert_privacy_shown(self, page, catalog, name: str, *, clickable: str, hidden: list[str]) -> None:
        """The privacy screen asks for `name`: nothing matching `clickable` is visible, nor
        the status nor any element of `hidden` (ids)."""
        expect(page.locator("#privacy")).to_be_visible()
        expect(page.locator("#privacy-title")).to_have_text(fmt(catalog["ui.privacy.title"], name=name))
        expect(page.locator(clickable)).to_have_count(0)
        for sel in ["#status", *hidden]:
            expect(page.locator(sel)).to_be_hidden()

    def open_seat_setup(self, page, site_url: str):
        """From the start page (the game is listed and playable), open the game's seat setup sheet."""
        page.goto(site_url)
        card = page.locator(f".game-card[data-game={self.game}]")
        card.wait_for()  # the list comes from games.json: the same before and after Python is up
        wait_python(page)
        page.locator(f"button[data-play={self.game}]").click()
        dialog = page.locator("#seats-dialog")
        expect(dialog).to_be_visible()
        return dialog

    def assert_setup_offers_the_player_counts(self, dialog) -> None:
        """The seat setup sheet offers the game's player counts as the registry lists them (its
        levels: test_registry_page)."""
        counts = dialog.locator("input[name=players]")
        expect(counts).to_have_count(len(REGISTRY[self.game]["players"]))
        assert counts.evaluate_all("bs => bs.map(b => Number(b.value))") == REGISTRY[self.game]["players"]


def finished_record(game: str, seed: int, players: int, format: str = "single") -> dict:
    """The record of a whole game (or match of ``format``) played to its end by the game's first
    bot level (CPython engine): a quick way to the end screen."""
    level = REGISTRY[game]["levels"][0]
    res = bridge.new_match(game, seed, players, format)
    while True:
        while res["to_move"] is not None:
            res = bridge.play(res["record"], bridge.bot_move(res["record"], level)["move"])
        if format == "single" or res["match"]["over"]:
            return res["record"]
        res = bridge.next_game(res["record"])


def open_finished(page, site_url: str, game: str, route: str, record: dict) -> None:
    """Open `route` with `record` (a finished game) saved under it: the page resumes at its end screen."""
    key = f"pygames.{game}.save"
    page.goto(site_url + route)
    hooks = f"window.__pygames && window.__pygames.{game}"
    # the save of this route's game (a route changed by its hash alone leaves the last one's save
    # in place until the new game's first position replaces it)
    saved = saved_js(game)
    got = page.wait_for_function(
        f"({hooks}) ? ({saved} ? 'saved' : ({hooks}).privacy() ? 'privacy' : false) : false",
        timeout=READY_MS,
    ).json_value()
    if got == "privacy":
        page.locator("#privacy-continue").click()
        page.wait_for_function(saved, timeout=STEP_MS)
    canonical = page.evaluate(f"JSON.parse(localStorage.getItem('{key}')).hash")
    save = {"hash": canonical, "record": record, "over": True}
    page.add_init_script(f"localStorage.setItem({key!r}, {json.dumps(json.dumps(save))})")
    page.reload()
    page.wait_for_function("document.querySelector('#status').dataset.state === 'over'", timeout=READY_MS)


#: The phone a link player holds in the link-play tests.
PHONE_VIEWPORT = {"width": 430, "height": 900}


class Phones:
    """Browser contexts standing for players' phones; fails the test on any page error or dialog."""

    def __init__(self, browser, site_url: str):
        self.browser = browser
        self.site_url = site_url
        self.contexts = []
        self.errors: list[str] = []

    def new(self):
        ctx = self.browser.new_context(viewport=PHONE_VIEWPORT)
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(STEP_MS)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("dialog", lambda d: (self.errors.append(f"dialog: {d.message}"), d.dismiss()))
        page.goto(self.site_url)
        wait_python(page)
        return page

    def close(self):
        for ctx in self.contexts:
            ctx.close()

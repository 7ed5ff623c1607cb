"""What the registry offers is what players get (issue 25): a game page takes its bot levels, its
default level, its player counts, formats, rule options and undo from the game's entry in
games.json (pygames.bridge.games()) and from nowhere else.

* No page config restates a registry fact (site/games/<id>.js holds presentation only), and every
  game has its start-page picture where the start page looks for it.
* The seat setup sheet offers each game's bot levels under their catalog names, the registry's
  default preselected (Expert for the games that have one), and starting from it plays that level.
* A deep link's `level=expert` plays expert bots: the moves the page saved are the expert's.
* The start page draws every game's picture.

Needs `python build.py` first; `site_url` serves dist/site under a sub-path.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import READY_MS, STEP_MS, fmt, wait_python
from playwright.sync_api import expect

from pygames import GAMES, bridge

pytestmark = pytest.mark.usefixtures("no_page_errors")

ROOT = Path(__file__).resolve().parents[2]
REGISTRY = {g["id"]: g for g in bridge.games()}
#: The registry facts the issue names: a page config holding any of them fails the test below.
FACTS = {"levels", "defaultLevel", "minPlayers", "maxPlayers", "formats", "undo", "ruleOptions", "levelKey"}


def page_config(game: str) -> str:
    """The text of `static config = {...}` in the game's page module."""
    text = (ROOT / "site" / "games" / f"{game}.js").read_text("utf-8")
    found = re.search(r"static config = \{(.*?)\n  \};", text, re.S)
    assert found, f"site/games/{game}.js has no static config"
    return found.group(1)


@pytest.mark.parametrize("game", GAMES)
def test_no_page_config_restates_a_registry_fact(game):
    keys = set(re.findall(r"^\s*(\w+)\s*:", page_config(game), re.M))
    assert "game" in keys  # the block was read
    assert keys & FACTS == set(), f"site/games/{game}.js restates what games.json says"
    # the page refuses a config that does, at load (ui/config.js REGISTRY_FACTS), for the same keys
    registry = (ROOT / "site" / "ui" / "config.js").read_text("utf-8")
    refused = set(re.findall(r'"(\w+)"', re.search(r"REGISTRY_FACTS = \[(.*?)\]", registry).group(1)))
    assert FACTS <= refused


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_start_page_picture(game):
    thumb = ROOT / "site" / "render" / f"{game}-thumb.js"
    assert thumb.exists(), "the start page draws render/<id>-thumb.js"
    assert re.search(r"^export function drawThumb\(ctx, w, h, dark\)", thumb.read_text("utf-8"), re.M)


def open_setup(page, site_url: str, game: str):
    """A newcomer's first seat setup sheet of `game`, opened from its start-page card (no Python needed)."""
    page.goto(site_url)
    page.locator(f"button[data-play={game}]").click()
    dialog = page.locator("#seats-dialog")
    expect(dialog).to_be_visible()
    return dialog


@pytest.mark.parametrize("game", GAMES)
def test_the_setup_sheet_offers_the_registry_levels_and_plays_its_default(page, site_url, catalog, game):
    info = REGISTRY[game]
    if "expert" in info["levels"]:
        assert info["default_level"] == "expert"  # the strongest bot is what a newcomer meets
    names = [catalog[f"{info['level_key']}.{level}"] for level in info["levels"]]
    dialog = open_setup(page, site_url, game)
    bots = dialog.locator(".seat-row:visible select.seat-level:visible")
    expect(bots.first).to_be_visible()  # the first setup seats a bot: its level shows
    default = catalog[f"{info['level_key']}.{info['default_level']}"]
    for i in range(bots.count()):
        select = bots.nth(i)
        expect(select.locator("option")).to_have_text(names)
        expect(select.locator("option:checked")).to_have_text(default)
    dialog.locator("#seats-start").click()
    expect(dialog).to_have_count(0)
    page.wait_for_function(f"location.hash.startsWith('#play/{game}?')")
    route = page.evaluate("location.hash")
    assert re.search(rf"[?&]level={info['default_level']}(&|$)", route), route


def expert_link(game: str) -> tuple[str, int]:
    """A deep link to `game` at its most players, a human at seat 0 and expert bots on the other
    seats, and how many moves the bots make before the human's first turn. Its seed is the first
    from 7 where one of those moves is the expert's alone (no other level makes it), so that bots
    of another level could not have made them."""
    players = max(REGISTRY[game]["players"])
    others = [level for level in REGISTRY[game]["levels"] if level != "expert"]
    for seed in range(7, 60):
        res, told = bridge.new_match(game, seed, players), False
        plies = 0
        while res["to_move"] not in (0, None) and plies < 6:
            move = bridge.bot_move(res["record"], "expert")["move"]
            told = told or all(bridge.bot_move(res["record"], level)["move"] != move for level in others)
            res, plies = bridge.play(res["record"], move), plies + 1
        if told and res["to_move"] == 0:
            bots = ",".join(str(s) for s in range(1, players))
            return f"#play/{game}?seed={seed}&players={players}&bots={bots}&level=expert", plies
    raise AssertionError(f"no seed tells {game}'s expert from its other levels")


#: Every text the toast strip showed, in window.__toasts (it hides after a few seconds).
RECORD_TOASTS = """
window.__toasts = [];
document.addEventListener("DOMContentLoaded", () => {
  const toast = document.querySelector("#toast");
  new MutationObserver(() => { if (!toast.hidden && toast.textContent) window.__toasts.push(toast.textContent); })
    .observe(toast, { childList: true, characterData: true, subtree: true, attributes: true });
});
"""


@pytest.mark.parametrize("game", [g for g in GAMES if "expert" in REGISTRY[g]["levels"]])
def test_a_deep_link_with_level_expert_plays_expert_bots(fast, site_url, catalog, game):
    page = fast
    link, plies = expert_link(game)
    page.add_init_script(RECORD_TOASTS)
    page.goto(site_url + link)
    wait_python(page)
    # the human's first turn, the bots' moves before it saved
    save = f"JSON.parse(localStorage.getItem('pygames.{game}.save') || 'null')"
    saved = page.wait_for_function(
        f"""() => {{
  const h = window.__pygames && window.__pygames.{game}, s = {save};
  const st = document.querySelector('#status').dataset.state;
  return !!h && !h.busy() && st === 'turn' && !!s && s.hash === h.hash() && s.record.games[0].length === {plies} && s;
}}""",
        timeout=READY_MS,
    ).json_value()
    assert re.search(r"[?&]level=expert(&|$)", saved["hash"]), saved["hash"]
    # each bot move the record holds is the one the expert makes in that position
    record, moves = saved["record"], saved["record"]["games"][0]
    for i, move in enumerate(moves):
        before = {**record, "games": [moves[:i]]}
        assert bridge.bot_move(before, "expert")["move"] == move, f"move {i + 1} is not the expert's"
    # and the page took the link as it was: no "..., which this game does not have" notice
    which = catalog["ui.route.ignored"].split("{values}")[1]
    toasts = page.evaluate("window.__toasts")
    assert not [text for text in toasts if which in text], toasts
    # (the notice is heard when there is one: a level the game lacks, in another game's link)
    other = re.sub(r"seed=\d+", "seed=1", link).replace("level=expert", "level=godlike")
    page.evaluate("h => { location.hash = h; }", other)
    notice = fmt(catalog["ui.route.ignored"], values="level=godlike")
    page.wait_for_function("text => window.__toasts.includes(text)", arg=notice, timeout=STEP_MS)


def test_the_start_page_draws_every_games_picture(page, site_url):
    page.goto(site_url)
    for game in GAMES:
        page.wait_for_function(
            """game => {
  const c = document.querySelector(`.game-card[data-game=${game}] canvas`);
  if (!c || !c.width) return false;
  const data = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  for (let i = 3; i < data.length; i += 4) if (data[i]) return true;
  return false;
}""",
            arg=game,
            timeout=STEP_MS,
        )


def test_games_json_is_the_registry(dist_site):
    """The page reads games.json: the bridge's games(), level_key and calls included."""
    assert json.loads((dist_site / "games.json").read_text("utf-8")) == list(REGISTRY.values())


def test_a_deep_link_to_a_game_the_site_lacks_says_so(page, site_url, catalog):
    page.goto(f"{site_url}#play/chess?seed=1")
    # the start page, and the reason in words (the id is shown as text, never as markup)
    said = catalog["error.unknown_game"].replace("{game}", "chess")
    expect(page.locator("#toast")).to_have_text(said, timeout=READY_MS)
    expect(page.locator(".game-card")).to_have_count(len(GAMES))
    assert page.evaluate("location.hash") in ("", "#")


@pytest.mark.parametrize("game", GAMES)
def test_the_setup_sheet_opens_on_its_title_not_a_text_field(page, site_url, catalog, game):
    """On a phone a focused name field pops the keyboard up over the sheet (issue 29)."""
    page.set_viewport_size({"width": 390, "height": 844})
    dialog = open_setup(page, site_url, game)
    title = dialog.locator("h2")
    expect(title).to_have_text(catalog[f"ui.{game}.setup.title"])
    expect(title).to_be_focused()
    assert page.evaluate("document.activeElement.tagName") != "INPUT"

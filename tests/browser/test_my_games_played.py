"""My games keeps every game, not only link games (issue 27): a finished hot-seat game and a
game against a bot are listed after a reload with their players and results, the record of
play counts them per game and bot level, an unfinished one resumes where it stood, and the
seat backup carries them."""

from __future__ import annotations

import json

from helpers import OKIYA_STATE_JS as STATE_JS
from helpers import READY_MS, STEP_MS, fmt, wait_python
from playwright.sync_api import expect

HOT_SEAT = "#play/okiya?seed=5&bots=&format=single&names=Ann,Ben"
VS_BOT = "#play/okiya?seed=4&bots=1&level=easy&format=single&names=Ann"


def play_to_the_end(page) -> dict:
    """Click the first legal tile whenever a human is to move, until the game is over."""
    for _ in range(40):
        s = page.wait_for_function(
            f"() => {{ const s = {STATE_JS}; return s && (s.view.outcome || (!s.forced && s.legal.length"
            " && !!document.querySelector('button[data-move]:not([disabled])'))) ? s : null; }",
            timeout=STEP_MS,
        ).json_value()
        if s["view"]["outcome"]:
            return s
        page.locator("button[data-move]:not([disabled])").first.click()
        page.wait_for_function(
            f"p => {{ const s = {STATE_JS}; return s && (s.view.outcome || s.view.ply > p); }}",
            arg=s["view"]["ply"],
            timeout=STEP_MS,
        )
    raise AssertionError("the game did not end")


def names_of(winners: list[int], names: list[str]) -> str:
    return " and ".join(names[s] for s in winners)


def test_my_games_lists_hot_seat_and_bot_games_after_a_reload_and_counts_them(page, site_url, catalog):
    page.goto(site_url + HOT_SEAT)
    wait_python(page)
    hot = play_to_the_end(page)
    page.goto(site_url + VS_BOT)
    bot = play_to_the_end(page)
    page.goto(site_url + "#play/okiya?seed=9&bots=1&level=easy&format=single&names=Ann")  # left unfinished
    page.wait_for_function(f"() => {{ const s = {STATE_JS}; return !!s && s.to_move === 0; }}", timeout=READY_MS)
    page.locator("button[data-move]:not([disabled])").first.click()
    page.wait_for_function(f"() => {{ const s = {STATE_JS}; return !!s && s.view.ply >= 2; }}", timeout=STEP_MS)

    page.goto(site_url + "#my-games")
    page.reload()
    items = page.locator("#played-list > li")
    expect(items).to_have_count(3)
    # newest first: the unfinished game, then the bot game, then the hot-seat game
    expect(items.nth(0)).to_have_attribute("data-over", "false")
    expect(items.nth(0).locator(".played-result")).to_have_text(catalog["ui.link.played.in_progress"])
    default = fmt(catalog["seat.default"], n=2)
    for item, s, names in ((items.nth(1), bot, ["Ann", default]), (items.nth(2), hot, ["Ann", "Ben"])):
        expect(item).to_have_attribute("data-over", "true")
        winners = s["view"]["outcome"]["winners"]
        won = fmt(catalog["ui.link.mine.won"], names=names_of(winners, names))
        want = won if winners else catalog["ui.link.mine.draw"]
        expect(item.locator(".played-result")).to_have_text(want)
    bot_label = fmt(catalog["ui.link.played.bot_seat"], name=default, level=catalog["okiya.level.easy"])
    expect(items.nth(1).locator(".link-game-names")).to_contain_text(bot_label)
    expect(items.nth(2).locator(".link-game-names")).to_have_text("Ann and Ben")
    # the record: one game against the easy bot (won if Ann won), one on one screen
    easy = page.locator('#played-record tr[data-game="okiya"][data-level="easy"]')
    expect(easy.locator(".played-count")).to_have_text("1")
    expect(easy.locator(".won-count")).to_have_text("1" if 0 in bot["view"]["outcome"]["winners"] else "0")
    expect(page.locator('#played-record tr[data-game="okiya"][data-level="hotseat"] .played-count')).to_have_text("1")
    unfinished = json.loads(page.evaluate("localStorage.getItem('pygames.played')"))["games"][0]

    # another game replaced the page's own save; Resume brings the unfinished one back as it stood
    page.goto(site_url + "#play/okiya?seed=12&bots=&format=single")
    page.wait_for_function(f"() => {{ const s = {STATE_JS}; return !!s && s.view.ply === 0; }}", timeout=READY_MS)
    page.locator("button[data-move]:not([disabled])").first.click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('pygames.played')).games.length === 4")
    page.goto(site_url + "#my-games")
    page.locator(f'#played-list > li[data-hash="{unfinished["hash"]}"] [data-action="resume"]').click()
    page.wait_for_function(
        f"want => {{ const s = {STATE_JS}; return !!s && JSON.stringify(s.record) === want; }}",
        arg=json.dumps(unfinished["record"], separators=(",", ":")),
        timeout=READY_MS,
    )
    assert "seed=9" in page.evaluate("location.hash")

    # the backup file carries them; Delete drops one from the list, not from the record
    backup = page.evaluate("import('./link/backup.js').then((m) => m.seatsBackup())")
    assert len(backup["played"]) == 4 and {g["hash"] for g in backup["played"]} >= {unfinished["hash"]}
    page.goto(site_url + "#my-games")
    page.locator('#played-list > li[data-over="true"]').first.locator('[data-action="delete"]').click()
    expect(page.locator("#played-list > li")).to_have_count(3)
    expect(page.locator('#played-list > li[data-over="true"]')).to_have_count(1)
    expect(easy.locator(".played-count")).to_have_text("1")

"""Screen readers hear each move: the polite live region #said receives the sentence the
page shows for it (on a page that keeps a log, the log's newest line; Okiya, which keeps no
log, names the tile taken)."""

from __future__ import annotations

import pytest
from helpers import MOVE_BUTTONS, STEP_MS, HotSeat, fmt, text_pattern, vs_bots, wait_python
from playwright.sync_api import expect

from pygames import GAMES

#: A game page's log of moves (its lines newest first), on the pages that keep one.
LOG = "#view-game .hs-log"


@pytest.mark.parametrize("game", list(GAMES))
def test_live_region_says_the_moves_sentence(fast, site_url, game):
    page = fast
    seat = HotSeat(game)
    page.goto(site_url + vs_bots(game, 5))
    wait_python(page)
    said = page.locator("#said")
    expect(said).to_have_attribute("aria-live", "polite")
    assert seat.wait_idle(page) == "turn"
    seat.act(page, page.locator(f"{MOVE_BUTTONS}:visible").first)
    seat.wait_idle(page)
    expect(said).not_to_have_text("")
    if page.locator(LOG).count():  # (built with the page, before any position)
        newest = page.locator(f"{LOG} li").first
        expect(newest).not_to_have_text("")
        expect(said).to_have_text(newest.text_content())


def test_live_region_names_the_okiya_tile_taken(fast, site_url, catalog):
    page = fast
    page.goto(site_url + "#play/okiya?seed=3&players=2&bots=1&names=Ann")
    wait_python(page)
    said = page.locator("#said")
    expect(said).to_have_attribute("aria-live", "polite")
    page.locator("button[data-move]").first.wait_for(timeout=STEP_MS)
    page.locator("button[data-move]").first.click()
    expect(said).to_have_text(text_pattern(catalog["ui.okiya.said.took"], tile=".+"), timeout=STEP_MS)


def test_okiya_board_has_a_description(fast, site_url, catalog):
    page = fast
    okiya = HotSeat("okiya", "#ok-moves", "button[data-move]")
    page.goto(site_url + "#play/okiya?seed=3&players=2&bots=1&names=Ann")
    wait_python(page)
    expect(page.locator("#ok-board")).to_have_attribute("aria-describedby", "ok-board-text")
    text = page.locator("#ok-board-text")
    assert okiya.wait_idle(page) == "turn"
    expect(text).to_contain_text(fmt(catalog["ui.okiya.describe.free"], count=16 - okiya.played(page)))
    okiya.act(page, page.locator("#ok-moves button[data-move]").first)
    assert okiya.wait_idle(page) == "turn"
    expect(text).to_contain_text(fmt(catalog["ui.okiya.describe.free"], count=16 - okiya.played(page)))
    expect(text).to_contain_text(page.locator("#said").text_content())
    expect(text).not_to_contain_text(fmt(catalog["ui.okiya.describe.none"], player="Ann"))

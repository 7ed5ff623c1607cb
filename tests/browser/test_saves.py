"""Saved games survive changes of the page: a game saved by an earlier version still resumes."""

from __future__ import annotations

import json

from helpers import OKIYA_STATE_JS as STATE_JS
from helpers import READY_MS
from playwright.sync_api import expect

from pygames import bridge

HASH = "#play/okiya?seed=5&bots=1&level=medium&format=single"


def old_okiya_save(moves: int) -> dict:
    """What the Okiya page saved before it moved onto the shared controller: {hash, result}."""
    result = bridge.new_match("okiya", 5)
    for _ in range(moves):
        result = bridge.play(result["record"], result["legal"][0])
    return {"hash": HASH, "result": result}


def test_a_game_saved_by_the_earlier_okiya_page_resumes(page, site_url):
    saved = old_okiya_save(2)
    page.add_init_script(f"localStorage.setItem('pygames.okiya.save', {json.dumps(json.dumps(saved))})")
    page.goto(site_url)
    resume = page.locator('[data-resume="okiya"]')
    expect(resume).to_have_attribute("href", HASH, timeout=READY_MS)
    resume.click()
    page.wait_for_function(
        f"(() => {{ const s = {STATE_JS}; return s && s.record.games[0].length >= 2; }})()", timeout=READY_MS
    )
    record = page.evaluate(STATE_JS)["record"]
    assert record["games"][0][:2] == saved["result"]["record"]["games"][0]
    assert record["seed"] == 5


def test_a_game_without_bots_saved_with_a_bot_level_in_its_link_resumes(page, site_url):
    """Older pages wrote the default bot level into a game without bots (`bots=&level=medium`);
    links no longer carry it (issue 13, item 9), and such a save still resumes."""
    older = "#play/okiya?seed=5&bots=&level=medium&format=single"
    result = bridge.new_match("okiya", 5)
    for _ in range(3):
        result = bridge.play(result["record"], result["legal"][0])
    saved = {"hash": older, "record": result["record"], "over": False}
    page.add_init_script(f"localStorage.setItem('pygames.okiya.save', {json.dumps(json.dumps(saved))})")
    page.goto(site_url + older)
    page.wait_for_function(
        f"(() => {{ const s = {STATE_JS}; return s && s.record.games[0].length >= 3; }})()", timeout=READY_MS
    )
    assert page.evaluate(STATE_JS)["record"]["games"] == result["record"]["games"]
    # the same game's link as the page writes it now has no bot level
    page.locator("button[data-move]").first.click()
    page.wait_for_function("JSON.parse(localStorage.getItem('pygames.okiya.save')).record.games[0].length === 4")
    assert "level=" not in page.evaluate("JSON.parse(localStorage.getItem('pygames.okiya.save')).hash")

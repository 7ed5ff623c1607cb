"""Bot pace the player sets (ui/pace.js), in the built site (Chromium): one human against
expert bots to the end of an Oriflamme and a Turncoats game at the "instant" pace chosen on
the page, the log telling the bots' moves, the game saved as played against expert bots (and
Turncoats' seat strip saying so); "Skip to my turn" while bots play at the relaxed pace; the
pace remembered across a reload.

Needs `python build.py` first; `site_url` serves dist/site under a sub-path.
"""

from __future__ import annotations

import json

import pytest
from helpers import STEP_MS, HotSeat, bot_levels, fmt, saved_route, shown_names, wait_python
from playwright.sync_api import expect

pytestmark = pytest.mark.usefixtures("no_page_errors")

OF = HotSeat("oriflamme", "#of-choices", "button[data-move]:not([disabled])")
TC = HotSeat("turncoats", "#tc-choices", "button:not([disabled])")


def play_to_the_end(page, game: HotSeat, log: str, pick) -> int:
    """The human at seat 0 plays pick(state) at every turn until the game ends; at every
    turn the log lists every entry of the view's log. Returns the turns played."""
    turns = 0
    for _ in range(300):
        kind = game.wait_idle(page)
        assert kind != "privacy", "one human: the hand never needs hiding"
        if kind == "over":
            return turns
        s = game.state(page)
        assert s["to_move"] == 0
        expect(page.locator(f"{log} li")).to_have_count(len(s["view"]["log"]))
        turns += 1
        game.act(page, pick(s))
    raise AssertionError("the game did not end")


def choose_pace(page, prefix: str, pace: str) -> None:
    page.locator(f"#{prefix}-pace").select_option(pace)
    assert json.loads(page.evaluate("localStorage.getItem('pygames.pace')")) == pace


def assert_bots_told_in_the_log(page, log: str, bots: list[str]) -> None:
    """Every bot's name is in the log's words."""
    text = page.locator(log).inner_text()
    assert all(name in text for name in bots), (bots, text[:400])


def assert_saved_against(page, game: str, level: str, bots: list[int]) -> None:
    """The game this device saved was played against bots at `level` on the seats `bots`
    (a level the page does not offer would have been replaced by its default, and saved so)."""
    assert bot_levels(saved_route(page, game)) == dict.fromkeys(bots, level)


def test_oriflamme_against_four_expert_bots_at_instant_pace(page, site_url, catalog):
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the pace bar fits the top
    page.goto(site_url + "#play/oriflamme?seed=12&players=5&bots=1,2,3,4&level=expert&names=Me")
    choose_pace(page, "of", "instant")
    expect(page.locator("#of-pace")).to_be_in_viewport()
    wait_python(page)
    turns = play_to_the_end(page, OF, "#of-log", lambda s: page.locator("#of-choices button[data-move]").first)
    assert turns >= 6
    final = OF.state(page)
    assert final["view"]["outcome"] is not None and final["record"]["players"] == 5
    names = shown_names(catalog, ["Me", "", "", "", ""])
    assert_bots_told_in_the_log(page, "#of-log", names[1:])
    expect(page.locator("#of-skip")).to_be_hidden()
    assert_saved_against(page, "oriflamme", "expert", [1, 2, 3, 4])
    expect(page.locator("#of-pace")).to_have_value("instant")


def test_turncoats_against_expert_bots_at_instant_pace(page, site_url, catalog):
    page.goto(site_url + "#play/turncoats?seed=12&players=5&bots=1,2,3,4&level=expert&names=Me")
    choose_pace(page, "tc", "instant")
    wait_python(page)
    page.locator(".tc-log summary").click()  # the log is folded at first
    turns = play_to_the_end(
        page,
        TC,
        "#tc-log",
        lambda s: (
            page.locator("#tc-choices [data-move^='return']").first
            if s["view"]["phase"] == "return"
            else page.locator("#tc-choices [data-move='negotiate']")
        ),
    )
    assert turns >= 2
    final = TC.state(page)
    assert final["view"]["outcome"] is not None and final["record"]["players"] == 5
    assert_bots_told_in_the_log(page, "#tc-log", shown_names(catalog, ["Me", "", "", "", ""])[1:])
    assert_saved_against(page, "turncoats", "expert", [1, 2, 3, 4])
    # the seats strip names each bot with its level
    expert = fmt(catalog["ui.turncoats.seat.bot"], level=catalog["turncoats.level.expert"])
    expect(page.locator(".tc-seat .tc-seat-tag")).to_have_text([catalog["ui.tag.you"], *[expert] * 4])
    expect(page.locator("#tc-pace")).to_have_value("instant")


def test_skip_to_my_turn_while_bots_play_and_the_pace_is_remembered(page, site_url):
    page.goto(site_url + "#play/oriflamme?seed=12&players=5&bots=1,2,3,4&level=expert&names=Me")
    choose_pace(page, "of", "relaxed")
    wait_python(page)
    skip = page.locator("#of-skip")
    for _ in range(40):
        assert OF.wait_idle(page) == "turn"
        expect(skip).to_be_hidden()  # the human decides: nothing to skip
        before = OF.played(page)
        OF.act(page, page.locator("#of-choices button[data-move]").first)
        # bots to move: the button shows (unless the human is to move again first); pressed at
        # once, the bots play on without pausing
        seen = page.wait_for_function(
            f"""() => {{
  const skip = document.querySelector('#of-skip');
  if (!skip.hidden) {{ skip.click(); return window.__pygames.oriflamme.skipping() ? 'skipping' : 'not skipping'; }}
  return ({OF.idle_js})() === 'turn' && 'turn';
}}""",
            timeout=STEP_MS,
        ).json_value()
        assert seen != "not skipping"
        if seen == "skipping":
            break
    else:
        raise AssertionError("the skip button never showed while bots played")
    # the bots play on without pausing until the human is to move again; then skipping ends
    assert OF.wait_idle(page) == "turn"
    assert not OF.hook(page, "skipping")
    expect(skip).to_be_hidden()
    assert OF.played(page) > before + 1  # the human's move, and bots' after it
    page.reload()
    wait_python(page)
    expect(page.locator("#of-pace")).to_have_value("relaxed")

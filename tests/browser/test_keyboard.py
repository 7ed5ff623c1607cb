"""Playing without a mouse: Okiya's garden is played with Tab, the arrow keys and Enter (its
ring's tile said in words), and on every game page the focus lands on something sensible,
never the page's body: after a move, a bot's move, undo, a privacy screen, the setup sheet,
and on Rematch at the end. Only page.keyboard drives these games (no clicks, no focus())."""

from __future__ import annotations

import re

import pytest
from helpers import STEP_MS, HotSeat, Phones, text_pattern, vs_bots, wait_python
from playwright.sync_api import expect
from test_link_play import create_game, gather, open_link

from pygames import GAMES

OKIYA = HotSeat("okiya", "#ok-moves", "button[data-move]")
FOCUS_IS = "s => document.activeElement === document.querySelector(s)"
ON_BODY = "() => !document.activeElement || document.activeElement === document.body"


def tab_to(page, selector: str, limit: int = 60) -> None:
    """Press Tab until the element `selector` has the focus."""
    for _ in range(limit):
        if page.evaluate(FOCUS_IS, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def moves_played(page, seat: HotSeat) -> int:
    s = seat.state(page)
    return sum(len(g) for g in s["record"]["games"]) if s else -1


def press_and_wait(page, seat: HotSeat, key: str) -> None:
    """Press `key` (it plays a move or takes one back); wait until the engine answered."""
    before = moves_played(page, seat)
    page.keyboard.press(key)
    page.wait_for_function(
        f"n => {{ const h = {seat.hooks}; const s = h.state();"
        " return h.privacy() || (s && s.record.games.reduce((a, g) => a + g.length, 0) !== n); }",
        arg=before,
        timeout=STEP_MS,
    )


def move_words(catalog) -> re.Pattern:
    """A move's words ("Take {tile} (row {row}, column {col})") as a pattern."""
    return text_pattern(catalog["ui.okiya.move.label"], tile=".+", row="[1-4]", col="[1-4]")


def test_okiya_keyboard_only_game_against_a_bot_ends_on_rematch(fast, site_url, catalog):
    page = fast
    page.goto(site_url + "#play/okiya?seed=3&bots=1&level=easy")
    wait_python(page)
    board = page.locator("#ok-board")
    expect(board).to_have_attribute("role", "application")
    expect(board).to_have_attribute("aria-label", catalog["ui.okiya.board.label"])
    assert OKIYA.wait_idle(page) == "turn"
    tab_to(page, "#ok-board")
    said = page.locator("#ok-board-focus")
    expect(said).to_have_attribute("aria-live", "polite")
    expect(said).to_have_text(move_words(catalog))
    # the ring goes from legal tile to legal tile: Home and End are the first and the last
    legal = sorted(m["cell"] for m in OKIYA.state(page)["moves"])
    page.keyboard.press("End")
    assert OKIYA.hook(page, "keyFocus") == legal[-1]
    page.keyboard.press("Home")
    assert OKIYA.hook(page, "keyFocus") == legal[0]
    turns = 0
    for _ in range(20):
        kind = OKIYA.wait_idle(page)
        if kind == "over":
            break
        assert kind == "turn"
        # after the bot's move the focus is still on the board, the ring on a legal tile, said in words
        expect(board).to_be_focused()
        cells = {m["cell"] for m in OKIYA.state(page)["moves"]}
        assert OKIYA.hook(page, "keyFocus") in cells
        expect(said).to_have_text(move_words(catalog))
        page.keyboard.press("ArrowDown" if turns % 2 else "ArrowRight")
        assert OKIYA.hook(page, "keyFocus") in cells
        press_and_wait(page, OKIYA, "Enter")
        turns += 1
    assert OKIYA.state(page)["view"]["outcome"], "the game ended"
    assert turns >= 3
    expect(page.locator("#ok-rematch")).to_be_focused()


def test_okiya_focus_after_a_move_a_bot_move_and_undo(fast, site_url):
    page = fast
    page.goto(site_url + "#play/okiya?seed=4&bots=1&level=easy")  # the human moves first
    wait_python(page)
    first_move = "#ok-moves button[data-move]"
    for _ in range(2):
        assert OKIYA.wait_idle(page) == "turn"
        tab_to(page, first_move)
        press_and_wait(page, OKIYA, "Enter")
        assert not page.evaluate(ON_BODY), "after a human move"
        assert OKIYA.wait_idle(page) == "turn"
        # after the bot's answer the focus is on the first tile button again
        assert page.evaluate(FOCUS_IS, first_move), "after the bot's move"
    tab_to(page, "#ok-undo")
    press_and_wait(page, OKIYA, "Enter")
    assert OKIYA.wait_idle(page) == "turn"
    expect(page.locator("#ok-undo")).to_be_focused()  # more moves to take back: Undo keeps the focus
    press_and_wait(page, OKIYA, "Enter")
    assert OKIYA.wait_idle(page) == "turn"
    assert moves_played(page, OKIYA) == 0
    assert page.evaluate(FOCUS_IS, first_move), "nothing left to undo: the first tile"


def test_okiya_focus_after_the_setup_sheet(fast, site_url):
    page = fast
    page.goto(site_url + "#play/okiya?seed=3&bots=1&level=easy")
    wait_python(page)
    assert OKIYA.wait_idle(page) == "turn"
    tab_to(page, "#ok-new")
    page.keyboard.press("Enter")
    expect(page.locator("#seats-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#seats-dialog")).to_have_count(0)
    expect(page.locator("#ok-new")).to_be_focused()
    seed = OKIYA.state(page)["record"]["seed"]
    page.keyboard.press("Enter")
    tab_to(page, "#seats-start")
    page.keyboard.press("Enter")
    new_game = f"s => {{ const st = {OKIYA.hooks}.state(); return !!st && st.record.seed !== s; }}"
    page.wait_for_function(new_game, arg=seed, timeout=STEP_MS)
    OKIYA.wait_idle(page)
    assert not page.evaluate(ON_BODY), "after a new game from the setup sheet"


#: After Enter on a choice: the device changes hands, or the next choice has the focus.
STEPPED = """() => { const h = window.__pygames.turncoats; const a = document.activeElement;
  return h.privacy() || (!h.busy() && !!a && a.matches('#tc-choices button')); }"""


def test_privacy_screen_hands_the_focus_to_the_game(fast, site_url):
    page = fast
    turncoats = HotSeat("turncoats", "#tc-choices", "button:not([disabled])")
    page.goto(site_url + "#play/turncoats?seed=4&players=2")
    wait_python(page)
    first_choice = "#tc-choices button:not([disabled])"
    for _ in range(3):
        assert turncoats.wait_idle(page) == "privacy"
        expect(page.locator("#privacy-continue")).to_be_focused()
        page.keyboard.press("Enter")
        assert turncoats.wait_idle(page) == "turn"
        assert page.evaluate(FOCUS_IS, first_choice), "the first choice has the focus"
        # Enter on the first choice until the move is made and the device changes hands
        for _ in range(6):
            page.keyboard.press("Enter")
            page.wait_for_function(STEPPED, timeout=STEP_MS)
            if turncoats.hook(page, "privacy"):
                break
        else:
            raise AssertionError("no move was made")


@pytest.mark.parametrize("game", list(GAMES))
def test_how_to_play_lists_the_keys(fast, site_url, catalog, game):
    """Every game's rules panel lists the keys every page has, then the game's own ones (its
    ui.<game>.keys.* texts)."""
    page = fast
    page.goto(site_url + vs_bots(game, 4))
    wait_python(page)
    keys = ["ui.keys.tab", "ui.keys.arrows", "ui.keys.enter", "ui.keys.escape"]
    own = sorted(catalog[k] for k in catalog if k.startswith(f"ui.{game}.keys."))
    box = page.locator(".rules:visible")
    expect(box.locator(".rules-keys-title")).to_have_text(catalog["ui.keys.title"])
    listed = box.locator(".rules-keys li")
    expect(listed).to_have_count(len(keys) + len(own))
    texts = listed.all_text_contents()
    assert texts[: len(keys)] == [catalog[k] for k in keys] and sorted(texts[len(keys) :]) == own


def test_okiya_link_board_plays_by_keys(browser, site_url, catalog):
    phones = Phones(browser, site_url)
    try:
        by_seat = {0: phones.new(), 1: phones.new()}
        t = create_game(by_seat[0], "okiya", ["Ann", "Ben"])
        t, link = gather(by_seat, site_url, t["link"])
        for page in by_seat.values():
            t = open_link(page, site_url, link)
            if t["my_turn"]:
                break
        else:
            raise AssertionError("nobody is to move")
        board = page.locator("canvas.link-okiya")
        expect(board).to_have_attribute("role", "application")
        tab_to(page, "canvas.link-okiya")
        expect(page.locator("#ok-link-board-focus")).to_have_text(move_words(catalog))
        page.keyboard.press("End")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "n => { const h = window.__pygames.link; const t = h.table(); return h.idle() && t.events > n; }",
            arg=t["events"],
            timeout=STEP_MS,
        )
    finally:
        phones.close()
    assert not phones.errors

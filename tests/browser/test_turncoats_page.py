"""The Turncoats page in the real built site (Chromium): a whole 2-player hot-seat game
through the decision buttons, the canvas and the privacy screen; a 1-human-vs-4-bots
game to the end; the privacy screen hiding every hand; the start page and the seat
setup sheet. Needs `python build.py` first; `site_url` serves dist/site under a sub-path.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest

from helpers import STEP_MS, HotSeat, fmt, shown_names, wait_python

pytestmark = pytest.mark.usefixtures("no_page_errors")

TC = HotSeat("turncoats", "#tc-choices", "button:not([disabled])")


def assert_privacy_hides_everything(page, catalog, name: str) -> None:
    # nothing of the game is rendered: no hand, no move, no map
    TC.assert_privacy_shown(page, catalog, name, clickable="[data-move]:visible, [data-colour]:visible, [data-area]:visible",
                            hidden=["#tc-hand-text", "#tc-board"])
    hand_marker = fmt(catalog["ui.turncoats.hand.text"], name="", stones="").split(":")[0] + ":"
    assert hand_marker not in page.inner_text("body")


def colour_names(catalog) -> dict[str, str]:
    return {c: catalog[f"turncoats.colour.{c}"] for c in ("red", "blue", "black")}


def assert_end_screen(page, catalog, names: list[str]) -> dict:
    page.wait_for_function("document.querySelector('#status').dataset.state === 'over'", timeout=STEP_MS)
    s = TC.state(page)
    outcome = s["view"]["outcome"]
    assert outcome is not None and s["to_move"] is None
    winner = outcome["winners"][0]
    status = page.text_content("#status")
    assert names[winner] in status, status
    end = page.locator("#tc-end")
    assert end.is_visible()
    colour_line = page.text_content("#tc-end-colour")
    if outcome["colour"]:
        assert colour_names(catalog)[outcome["colour"]] in colour_line
        assert page.locator(f"#tc-end-colour .stone.{outcome['colour']}").count() == 1
    else:
        assert colour_line  # "No colour wins: ..."
    # control of every area, every hand revealed, the tie-break in words
    assert page.locator("#tc-end .tc-end-areas li").count() == 11
    rows = page.locator("#tc-end .tc-hands tbody tr")
    assert rows.count() == len(names)
    assert rows.first.get_attribute("data-seat") == str(winner)
    steps = page.locator("#tc-steps li")
    assert steps.count() >= 2 and names[winner] in steps.last.text_content()
    assert page.locator("[data-move]").count() == 0
    assert page.locator("#tc-rematch").is_visible()
    return s


# ----------------------------------------------------------------------------- hot-seat


def test_two_player_hot_seat_game_to_the_end(page, site_url, catalog):
    names = ["Ann", "Bob"]
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "#play/turncoats?seed=7&players=2&bots=&names=" + ",".join(names))
    wait_python(page)
    privacy_seen = 0
    actions = 0
    used_canvas = False
    for _ in range(120):
        kind = TC.wait_idle(page)
        if kind == "over":
            break
        s = TC.state(page)
        if kind == "privacy":
            privacy_seen += 1
            assert_privacy_hides_everything(page, catalog, names[TC.hook(page, "waitingFor")])
            TC.pass_device(page)
            continue
        viewer = TC.hook(page, "viewer")
        assert viewer == s["to_move"] and s["view"]["seat"] == viewer
        # the view shows this player's own hand only
        assert s["view"]["hand"] is not None and s["view"]["hands"] is None
        assert names[viewer] in page.text_content("#tc-hand-text")
        if s["view"]["phase"] == "return":
            buttons = TC.legal_buttons(page)
            assert sorted(buttons) == sorted(s["legal"])
            TC.act(page, page.locator("#tc-choices [data-move^='return']").first)
            continue
        if actions < 6 and any(m != "negotiate" for m in s["legal"]):
            actions += 1
            if not used_canvas:
                # colour from the hand on the canvas, then the area on the map, then a move button
                colour = next(m.split()[1] for m in s["legal"] if m.startswith("recruit"))
                c = TC.hook(page, "handCenter", colour)
                page.mouse.click(c["x"], c["y"])
                page.locator("#tc-choices [data-area]").first.wait_for()
                area = next(int(m.split()[2]) for m in s["legal"] if m.startswith(f"recruit {colour} "))
                c = TC.hook(page, "areaCenter", area)
                assert c["size"] >= 44, "areas are at least 44 px across"
                page.mouse.click(c["x"], c["y"])
                move = f"recruit {colour} {area}"
                button = page.locator(f"#tc-choices [data-move='{move}']")
                assert button.count() == 1
                used_canvas = True
                TC.act(page, button)
            else:
                # the same flow through the buttons: colour chip, area chip, then the move
                colours = page.locator("#tc-choices [data-colour]")
                colours.nth(actions % colours.count()).click()
                chips = page.locator("#tc-choices [data-area]")
                chips.nth(min(actions, chips.count() - 1)).click()
                buttons = TC.legal_buttons(page)
                assert buttons and all(b in s["legal"] for b in buttons)
                TC.act(page, page.locator("#tc-choices [data-move]").last)
            continue
        # then everyone negotiates and the game ends
        TC.act(page, page.locator("#tc-choices [data-move='negotiate']"))
    final = assert_end_screen(page, catalog, names)
    assert privacy_seen >= 3  # at the start and at every change of player
    assert actions >= 2 and used_canvas
    assert final["view"]["hands"] is not None  # every hand is shown at the end


def test_privacy_screen_hides_the_hand(page, site_url, catalog):
    names = ["Rosa", "Teo", "Uma"]
    page.goto(site_url + "#play/turncoats?seed=3&players=3&bots=&names=" + ",".join(names))
    wait_python(page)
    first = TC.take_device(page, names, lambda name: assert_privacy_hides_everything(page, catalog, name))
    hand_text = page.text_content("#tc-hand-text")
    assert names[first] in hand_text
    TC.act(page, page.locator("#tc-choices [data-move='negotiate']"))
    assert TC.wait_idle(page) == "turn"  # the same player returns a stone: no screen in between
    drawn = TC.state(page)["view"]["drawn"]
    assert drawn in ("red", "blue", "black")
    assert colour_names(catalog)[drawn] in page.text_content("#tc-prompt")
    TC.act(page, page.locator("#tc-choices [data-move^='return']").first)

    def hidden(name):
        assert_privacy_hides_everything(page, catalog, name)
        assert hand_text not in page.inner_text("body")
        # the recap tells what happened, without the secret draw
        recap = page.inner_text("#privacy .privacy-recap")
        assert names[first] in recap and colour_names(catalog)[drawn] not in recap.split("\n")[0]

    nxt = TC.take_device(page, names, hidden)
    assert nxt == (first + 1) % 3
    assert names[nxt] in page.text_content("#tc-hand-text")
    assert TC.state(page)["view"]["seat"] == nxt


# ----------------------------------------------------------------------------- against bots


def test_one_human_against_four_bots_to_the_end(fast, site_url, catalog):
    page = fast
    names = ["Me", "", "", "", ""]
    # the panel's first step offers negotiate (and a drawn stone's return) as moves: the human plays those
    turns = TC.play_against_bots(
        page, site_url + "#play/turncoats?seed=11&players=5&bots=1,2,3,4&level=heuristic,random,heuristic,random&names=Me",
        shown_moves=lambda s: [m for m in s["legal"] if m in ("negotiate",) or m.startswith("return")],
        pick=lambda s, turn: page.locator("#tc-choices [data-move^='return']").first if s["view"]["phase"] == "return"
        else page.locator("#tc-choices [data-move='negotiate']"),
    )
    final = assert_end_screen(page, catalog, shown_names(catalog, names))
    assert turns >= 2
    # the seats strip names every player, the bots with their level
    tags = page.locator(".tc-seat .tc-seat-tag").all_text_contents()
    assert tags[1] == fmt(catalog["ui.turncoats.seat.bot"], level=catalog["turncoats.level.heuristic"])
    assert tags[2] == fmt(catalog["ui.turncoats.seat.bot"], level=catalog["turncoats.level.random"])
    assert page.evaluate("window.__frames") > 5
    assert final["record"]["players"] == 5


# ----------------------------------------------------------------------------- start page and setup


def test_start_page_lists_turncoats_and_sets_up_seats(page, site_url, catalog):
    dialog = TC.open_seat_setup(page, site_url, catalog)
    dialog.locator("input[name=players][value='3']").check(force=True)
    assert dialog.locator(".seat-row:visible").count() == 3
    tricky = "Zoë <b>x</b>, & co"
    dialog.locator("input[name=name0]").fill(tricky)
    dialog.locator("input[name=kind0][value=human]").check(force=True)
    dialog.locator("input[name=kind1][value=bot]").check(force=True)
    dialog.locator("select[name=level1]").select_option("random")
    dialog.locator("input[name=kind2][value=human]").check(force=True)
    page.locator("#seats-start").click()
    page.wait_for_function("location.hash.startsWith('#play/turncoats?')")
    hash_ = page.evaluate("location.hash")
    assert "players=3" in hash_ and "bots=1" in hash_ and "level=random" in hash_
    assert "names=" + quote(tricky, safe="") in hash_
    kind = TC.wait_idle(page)
    # two humans: the device is passed first; the name is shown as text, never as markup
    if kind == "privacy":
        assert page.locator("#privacy-title b").count() == 0
        if TC.hook(page, "waitingFor") == 0:
            assert tricky in page.text_content("#privacy-title")
    assert page.locator(".tc-seat-name").first.text_content() == tricky
    assert page.locator(".tc-seat b").count() == 0
    # two humans and a bot: while the bot plays nobody's hand is shown; the device then
    # goes to the next human
    seen = set()
    for _ in range(40):
        if TC.hook(page, "privacy"):
            seen.add(TC.hook(page, "waitingFor"))
            if len(seen) == 2:
                break
            page.locator("#privacy-continue").click()
            continue
        st = page.get_attribute("#status", "data-state")
        if st == "thinking":
            assert not page.locator("#tc-hand-text").is_visible()
            assert TC.hook(page, "viewer") is None
            page.wait_for_function("document.querySelector('#status').dataset.state !== 'thinking'"
                                   f" || {TC.hooks}.privacy()", timeout=STEP_MS)
            continue
        if TC.wait_idle(page) == "turn":
            TC.act(page, page.locator("#tc-choices [data-move^='return'], #tc-choices [data-move='negotiate']").first)
    assert seen == {0, 2}

"""The Turncoats page in the real built site (Chromium): a whole 2-player hot-seat game
through the decision buttons, the canvas and the privacy screen; a 1-human-vs-4-bots
game to the end; the privacy screen hiding every hand; the start page and the seat
setup sheet. Needs `python build.py` first; `site_url` serves dist/site under a sub-path.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest
from helpers import STEP_MS, HotSeat, bot_levels, fmt, saved_route, shown_names, wait_python
from playwright.sync_api import expect

pytestmark = pytest.mark.usefixtures("no_page_errors")

TC = HotSeat("turncoats", "#tc-choices", "button:not([disabled])")


def assert_privacy_hides_everything(page, catalog, name: str) -> None:
    # nothing of the game is rendered: no hand, no move, no map
    TC.assert_privacy_shown(
        page,
        catalog,
        name,
        clickable="[data-move]:visible, [data-colour]:visible, [data-area]:visible",
        hidden=["#tc-hand-text", "#tc-board"],
    )
    hand_marker = fmt(catalog["ui.turncoats.hand.text"], name="", stones="").split(":")[0] + ":"
    expect(page.locator("body")).not_to_contain_text(hand_marker, use_inner_text=True)


def expect_buttons(page, legal: list[str]) -> None:
    """The decision panel offers exactly the legal moves (waits until it does)."""
    page.wait_for_function(
        "want => JSON.stringify([...document.querySelectorAll('#tc-choices button[data-move]')]"
        ".map(b => b.dataset.move).sort())"
        " === JSON.stringify(want)",
        arg=sorted(legal),
        timeout=STEP_MS,
    )


def colour_names(catalog) -> dict[str, str]:
    return {c: catalog[f"turncoats.colour.{c}"] for c in ("red", "blue", "black")}


def assert_end_screen(page, catalog, names: list[str]) -> dict:
    page.wait_for_function("document.querySelector('#status').dataset.state === 'over'", timeout=STEP_MS)
    s = TC.state(page)
    outcome = s["view"]["outcome"]
    assert outcome is not None and s["to_move"] is None
    winner = outcome["winners"][0]
    expect(page.locator("#status")).to_contain_text(names[winner])
    expect(page.locator("#tc-end")).to_be_visible()
    colour_line = page.locator("#tc-end-colour")
    if outcome["colour"]:
        expect(colour_line).to_contain_text(colour_names(catalog)[outcome["colour"]])
        expect(page.locator(f"#tc-end-colour .stone.{outcome['colour']}")).to_have_count(1)
    else:
        expect(colour_line).not_to_be_empty()  # "No colour wins: ..."
    # control of every area, every hand revealed, the tie-break in words
    expect(page.locator("#tc-end .tc-end-areas li")).to_have_count(len(s["view"]["map"]))
    rows = page.locator("#tc-end .tc-hands tbody tr")
    expect(rows).to_have_count(len(names))
    expect(rows.first).to_have_attribute("data-seat", str(winner))
    steps = page.locator("#tc-steps li")
    expect(steps.nth(1)).to_be_attached()
    expect(steps.last).to_contain_text(names[winner])
    expect(page.locator("[data-move]")).to_have_count(0)
    expect(page.locator("#tc-rematch")).to_be_visible()
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
        expect(page.locator("#tc-hand-text")).to_contain_text(names[viewer])
        if s["view"]["phase"] == "return":
            expect_buttons(page, s["legal"])
            TC.act(page, page.locator("#tc-choices [data-move^='return']").first)
            continue
        if actions < 6 and any(m["kind"] != "negotiate" for m in s["moves"]):
            actions += 1
            if not used_canvas:
                # colour from the hand on the canvas, then the area on the map, then a move button
                recruit = next(m for m in s["moves"] if m["kind"] == "recruit")
                c = TC.hook(page, "handCenter", recruit["colour"])
                page.mouse.click(c["x"], c["y"])
                page.locator("#tc-choices [data-area]").first.wait_for()
                c = TC.hook(page, "areaCenter", recruit["area"])
                assert c["size"] >= 44, "areas are at least 44 px across"
                page.mouse.click(c["x"], c["y"])
                button = page.locator(f"#tc-choices [data-move='{recruit['text']}']")
                expect(button).to_have_count(1)
                used_canvas = True
                TC.act(page, button)
            else:
                # the same flow through the buttons: colour chip, area chip, then the move
                colours = page.locator("#tc-choices [data-colour]")
                expect(colours.first).to_be_visible()
                colours.nth(actions % colours.count()).click()
                chips = page.locator("#tc-choices [data-area]")
                expect(chips.first).to_be_visible()
                chips.nth(min(actions, chips.count() - 1)).click()
                expect(page.locator("#tc-choices [data-area]")).to_have_count(0)
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
    expect(page.locator("#tc-hand-text")).to_contain_text(names[first])
    hand_text = page.text_content("#tc-hand-text")
    TC.act(page, page.locator("#tc-choices [data-move='negotiate']"))
    assert TC.wait_idle(page) == "turn"  # the same player returns a stone: no screen in between
    drawn = TC.state(page)["view"]["drawn"]
    assert drawn in ("red", "blue", "black")
    expect(page.locator("#tc-prompt")).to_contain_text(colour_names(catalog)[drawn])
    TC.act(page, page.locator("#tc-choices [data-move^='return']").first)

    def hidden(name):
        assert_privacy_hides_everything(page, catalog, name)
        expect(page.locator("body")).not_to_contain_text(hand_text, use_inner_text=True)
        # the recap tells what happened, without the secret draw
        draw_line = page.locator("#privacy .privacy-recap li").first
        expect(draw_line).to_contain_text(names[first])
        expect(draw_line).not_to_contain_text(colour_names(catalog)[drawn])

    nxt = TC.take_device(page, names, hidden)
    assert nxt == (first + 1) % 3
    expect(page.locator("#tc-hand-text")).to_contain_text(names[nxt])
    assert TC.state(page)["view"]["seat"] == nxt


# ----------------------------------------------------------------------------- against bots


def test_one_human_against_four_bots_to_the_end(fast, site_url, catalog):
    page = fast
    names = ["Me", "", "", "", ""]
    # the panel's first step offers negotiate (and a drawn stone's return) as moves: the human plays those
    turns = TC.play_against_bots(
        page,
        site_url + "#play/turncoats?seed=11&players=5&bots=1,2,3,4&level=heuristic,random,heuristic,random&names=Me",
        shown_moves=lambda s: [m["text"] for m in s["moves"] if m["kind"] in ("negotiate", "return")],
        pick=lambda s, turn: (
            page.locator("#tc-choices [data-move^='return']").first
            if s["view"]["phase"] == "return"
            else page.locator("#tc-choices [data-move='negotiate']")
        ),
    )
    final = assert_end_screen(page, catalog, shown_names(catalog, names))
    assert turns >= 2
    # the seats strip names every player, the bots with their level; the game is saved so
    levels = {1: "heuristic", 2: "random", 3: "heuristic", 4: "random"}
    bots = [fmt(catalog["ui.turncoats.seat.bot"], level=catalog[f"turncoats.level.{lv}"]) for lv in levels.values()]
    expect(page.locator(".tc-seat .tc-seat-tag")).to_have_text([catalog["ui.tag.you"], *bots])
    assert bot_levels(saved_route(page, "turncoats")) == levels
    assert page.evaluate("window.__frames") > 5
    assert final["record"]["players"] == 5


# ----------------------------------------------------------------------------- start page and setup


def test_start_page_lists_turncoats_and_sets_up_seats(page, site_url, catalog):
    dialog = TC.open_seat_setup(page, site_url)
    TC.assert_setup_offers_the_player_counts(dialog)
    dialog.locator("input[name=players][value='3']").check(force=True)
    expect(dialog.locator(".seat-row:visible")).to_have_count(3)
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
        expect(page.locator("#privacy-title b")).to_have_count(0)
        if TC.hook(page, "waitingFor") == 0:
            expect(page.locator("#privacy-title")).to_contain_text(tricky)
    expect(page.locator(".tc-seat-name").first).to_have_text(tricky)
    expect(page.locator(".tc-seat b")).to_have_count(0)
    # two humans and a bot: while the bot plays nobody's hand is shown; the device then
    # goes to the next human
    seen = set()
    for _ in range(40):
        if TC.hook(page, "privacy"):
            seen.add(TC.hook(page, "waitingFor"))
            if len(seen) == 2:
                break
            TC.pass_device(page)
            continue
        # one snapshot of the page: while a bot thinks, no hand is on screen
        now = page.evaluate(f"""() => ({{ st: document.querySelector('#status').dataset.state,
            hand: !!document.querySelector('#tc-hand-text').checkVisibility(), viewer: {TC.hooks}.viewer() }})""")
        if now["st"] == "thinking":
            assert not now["hand"] and now["viewer"] is None, now
            page.wait_for_function(
                f"document.querySelector('#status').dataset.state !== 'thinking' || {TC.hooks}.privacy()",
                timeout=STEP_MS,
            )
            continue
        if TC.wait_idle(page) == "turn":
            TC.act(page, page.locator("#tc-choices [data-move^='return'], #tc-choices [data-move='negotiate']").first)
    assert seen == {0, 2}
    # the game is saved as set up: against a random bot (saved once a human has the device)
    assert bot_levels(saved_route(page, "turncoats")) == {1: "random"}

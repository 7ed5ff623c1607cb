"""Oriflamme without a mouse, in the real built site (Chromium): one human against bots at
instant pace played to the end with the keyboard only (Tab to the canvas, the arrows move
its ring, Enter picks; Tab to the move buttons), "i" opening the ringed card's rules, and
the canvas's description naming the queue's cards as the viewer sees them, never a hidden one.

Needs `python build.py` first; `site_url` serves dist/site under a sub-path.
"""

from __future__ import annotations

import re

import pytest
from helpers import STEP_MS, HotSeat, Phones, fmt, shown_names, wait_python
from playwright.sync_api import expect
from test_link_play import create_game, gather, link_to_send, open_link, table

from pygames import bridge

pytestmark = pytest.mark.usefixtures("no_page_errors")

OF = HotSeat("oriflamme", "#of-choices", "button[data-move]:not([disabled])")
NAMES = ["Me", "", ""]
ROUTE = "#play/oriflamme?seed=21&players=3&bots=1,2&level=random&names=Me"

#: The decisions the canvas's ring can make (reveal or keep hidden are buttons beside the card).
ON_THE_BOARD = {"place", "target", "steal", "copy", "decree", "decree_destination"}
CANVAS = "a => a && a.id === 'of-board'"
MOVE_BUTTON = "a => !!a && a.matches('#of-choices button[data-move]:not([disabled]), #of-float button')"


def tab_to(page, is_it: str, limit: int = 60) -> None:
    """Press Tab (then Shift+Tab) until the focused element passes the JS test `is_it`."""
    for key in ["Tab"] * limit + ["Shift+Tab"] * (2 * limit):
        if page.evaluate(f"({is_it})(document.activeElement)"):
            return
        page.keyboard.press(key)
    raise AssertionError(f"Tab never reached {is_it}")


def hook(page, name: str):
    return OF.hook(page, name)


def ring_to(page, want: dict) -> list[str]:
    """Move the canvas's ring with the arrow keys to the target `want` ({kind, id}), as someone
    who sees the ring would: up or down to its row, then along it. Returns the keys pressed."""
    pressed: list[str] = []
    for _ in range(40):
        ring = hook(page, "ring")
        if ring == {"kind": want["kind"], "id": want["id"]}:
            return pressed
        targets = hook(page, "keyTargets")
        here = next(t for t in targets if {"kind": t["kind"], "id": t["id"]} == ring)
        there = next(t for t in targets if t["kind"] == want["kind"] and t["id"] == want["id"])
        dx = there["x"] + there["w"] / 2 - here["x"] - here["w"] / 2
        dy = there["y"] + there["h"] / 2 - here["y"] - here["h"] / 2
        vertical = "ArrowDown" if dy > 0 else "ArrowUp"
        horizontal = "ArrowRight" if dx > 0 else "ArrowLeft"
        keys = [vertical, horizontal] if abs(dy) > max(here["h"], there["h"]) / 2 else [horizontal, vertical]
        for key in keys:
            page.keyboard.press(key)
            pressed.append(key)
            if hook(page, "ring") != ring:
                break
    raise AssertionError(f"the arrows never brought the ring to {want}: {pressed}")


def enter_and_wait(page, key: str = "Enter") -> None:
    """Press `key` on what has the focus: a move; wait until the engine answered."""
    before = OF.played(page)
    page.keyboard.press(key)
    page.wait_for_function(
        f"n => {{ const s = {OF.hooks}.state(); return s && s.record.games[0].length > n; }}",
        arg=before,
        timeout=STEP_MS,
    )


def play_on_the_board(page, catalog: dict, s: dict, turn: int) -> None:
    """Make the move of this turn with the canvas's ring only."""
    tab_to(page, CANVAS)
    page.keyboard.press("Home")
    assert hook(page, "ring") is not None, "the canvas took the focus with nothing ringed"
    if s["view"]["pending"]["kind"] == "place":
        hand = [t for t in hook(page, "keyTargets") if t["kind"] == "hand"]
        card = hand[turn % len(hand)]
        ring_to(page, card)
        expect(page.locator("#of-board")).to_have_attribute(
            "aria-label", re.compile(re.escape(catalog[f"oriflamme.card.{card['id']}"]))
        )
        page.keyboard.press("Enter")  # picks the card up
    moves = [t for t in hook(page, "keyTargets") if t["move"]]
    assert moves, "a decision on the board with no target on it"
    assert sorted({t["move"] for t in moves}) == sorted(
        {m["text"] for m in s["view"]["moves"] if m.get("card") in (None, card["id"])}
        if s["view"]["pending"]["kind"] == "place"
        else {m["text"] for m in s["view"]["moves"]}
    )
    target = moves[turn % len(moves)]
    ring_to(page, target)
    enter_and_wait(page, "Enter" if turn % 2 else " ")


def play_with_buttons(page) -> None:
    """Make the move of this turn with the first move button (reached by Tab)."""
    tab_to(page, MOVE_BUTTON)
    enter_and_wait(page, "Enter")


def test_a_whole_game_by_keyboard(fast, site_url, catalog):
    page = fast
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url + ROUTE)
    wait_python(page)
    on_board = by_buttons = 0
    for turn in range(300):
        kind = OF.wait_idle(page)
        assert kind != "privacy", "one human: the hand never needs hiding"
        if kind == "over":
            break
        s = OF.state(page)
        assert s["to_move"] == 0
        if s["view"]["pending"]["kind"] in ON_THE_BOARD and turn % 3 != 2:
            play_on_the_board(page, catalog, s, turn)
            on_board += 1
        else:
            play_with_buttons(page)
            by_buttons += 1
    else:
        raise AssertionError("the game did not end")
    assert OF.state(page)["view"]["outcome"] is not None
    assert on_board >= 3 and by_buttons >= 3, (on_board, by_buttons)
    expect(page.locator("#of-end")).to_be_visible()


#: Arrow keys pressed to roam the board: each way, and back
ROAM = ["ArrowUp", "ArrowRight", "ArrowRight", "ArrowDown", "ArrowLeft", "ArrowLeft", "ArrowLeft", "ArrowUp"] * 2


def ringed_move(page) -> tuple[dict, str | None]:
    """Where the ring is, and the move a press of Enter there would make (None: none)."""
    ring = hook(page, "ring")
    return ring, page.evaluate(
        "r => { const h = window.__pygames.oriflamme;"
        " const t = h.keyTargets().find((t) => t.kind === r.kind && t.id === r.id); return t ? t.move : null; }",
        ring,
    )


def test_the_arrows_move_only_among_what_may_be_picked(fast, site_url):
    """Issue 29 (README: the arrows move between what may be picked): at a placement the ring
    visits only hand cards; once Enter picked one up, it never goes to another hand card (Enter
    there swapped the pick) nor to a card in the queue that cannot be chosen (a rival's
    face-down card), only to the places of the card picked and back to it."""
    page = fast
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url + ROUTE)
    wait_python(page)
    rivals_seen = 0
    for _ in range(12):
        if OF.wait_idle(page) == "over":
            break
        s = OF.state(page)
        if s["view"]["pending"]["kind"] != "place":
            play_with_buttons(page)
            continue
        rivals_seen += sum(slot["owner"] != 0 for slot in s["view"]["queue"])
        tab_to(page, CANVAS)
        page.keyboard.press("Home")
        for key in ROAM:
            page.keyboard.press(key)
            assert hook(page, "ring")["kind"] == "hand", key
        picked = hook(page, "ring")["id"]
        page.keyboard.press("Enter")  # picks it up
        places = {m["text"] for m in s["view"]["moves"] if m["card"] == picked}
        for key in ROAM:
            page.keyboard.press(key)
            ring, move = ringed_move(page)
            assert ring == {"kind": "hand", "id": picked} or move in places, (key, ring, move)
        page.keyboard.press("Escape")  # lets go of it
        play_with_buttons(page)
    assert rivals_seen, "no placement with a rival's card in the queue came"


def test_i_opens_the_ringed_cards_rules_and_escape_comes_back(fast, site_url, catalog):
    page = fast
    page.goto(site_url + ROUTE)
    wait_python(page)
    assert OF.wait_idle(page) == "turn"
    tab_to(page, CANVAS)
    page.keyboard.press("End")  # the last card of the hand
    ring = hook(page, "ring")
    assert ring["kind"] == "hand"
    card = catalog[f"oriflamme.card.{ring['id']}"]
    expect(page.locator("#of-board")).to_have_attribute(
        "aria-label", fmt(catalog["ui.oriflamme.ring.hand"], card=card) + " " + catalog["ui.oriflamme.ring.pick"]
    )
    page.keyboard.press("i")
    expect(page.locator("#of-info")).to_be_visible()
    expect(page.locator("#of-info-title")).to_have_text(card)
    expect(page.locator("#of-info-close")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#of-info")).to_be_hidden()
    expect(page.locator("#of-board")).to_be_focused()
    assert hook(page, "ring") == ring


def slot_sentence(catalog: dict, view: dict, j: int, names: list[str], card: str | None) -> str:
    """The description's first sentence for slot j when its top card reads as `card` (None: unknown)."""
    slot = view["queue"][j]
    top = slot["cards"][-1]
    key = "up" if top["up"] else "down_known" if card else "down"
    name = catalog[f"oriflamme.card.{card}"] if card else ""
    return fmt(catalog[f"ui.oriflamme.describe.{key}"], slot=j + 1, name=names[slot["owner"]], card=name)


def test_the_description_tells_the_queue_as_the_viewer_knows_it(fast, site_url, catalog):
    page = fast
    page.goto(site_url + ROUTE)
    wait_python(page)
    names = shown_names(catalog, NAMES)
    text = page.locator("#of-board-text")
    expect(page.locator("#of-board")).to_have_attribute("aria-describedby", "of-board-text")
    hidden_seen = own_down_seen = 0
    for _ in range(8):
        assert OF.wait_idle(page) == "turn"
        s = OF.state(page)
        view = s["view"]
        for seat in range(3):
            expect(text).to_contain_text(
                fmt(
                    catalog["ui.oriflamme.board.seat"]["other"],
                    name=names[seat],
                    pool=view["pools"][seat],
                    count=view["hand_counts"][seat],
                )
                if view["hand_counts"][seat] != 1
                else fmt(catalog["ui.oriflamme.board.seat"]["one"], name=names[seat], pool=view["pools"][seat], count=1)
            )
        for j, slot in enumerate(view["queue"]):
            top = slot["cards"][-1]
            expect(text).to_contain_text(slot_sentence(catalog, view, j, names, top["card"]))
            if top["up"]:
                continue
            if slot["owner"] == 0:
                own_down_seen += 1
                continue
            # another seat's face-down card: the page never names it
            truth = bridge.state(s["record"], slot["owner"])["view"]["queue"][j]["cards"][-1]["card"]
            assert truth and top["card"] is None
            expect(text).not_to_contain_text(slot_sentence(catalog, view, j, names, truth))
            hidden_seen += 1
        for card in view["hand"]:
            expect(text).to_contain_text(catalog[f"oriflamme.card.{card}"])
        OF.act(page, page.locator("#of-choices button[data-move]").last)
    assert hidden_seen and own_down_seen


def test_link_play_by_keyboard_and_described(browser, site_url, catalog):
    phones = Phones(browser, site_url)
    try:
        by_seat = {seat: phones.new() for seat in range(3)}
        create_game(by_seat[0], "oriflamme", ["Ada", "Bea", "Cid"], players=3)
        t, link = gather(by_seat, site_url, link_to_send(by_seat[0]))
        page = by_seat[t["next"]["seat"]] if t["next"] else by_seat[0]
        t = open_link(page, site_url, t["link"] if t["my_turn"] else link)
        assert t["my_turn"] and t["view"]["phase"] == "place"
        canvas = page.locator("canvas.link-oriflamme")
        expect(canvas).to_have_attribute("aria-describedby", "link-of-board-text")
        expect(page.locator("#link-of-board-text")).to_contain_text(catalog["ui.oriflamme.describe.queue_empty"])
        tab_to(page, "a => !!a && a.matches('canvas.link-oriflamme')")
        page.keyboard.press("End")  # the last card of the hand
        picked = t["view"]["hand"][-1]
        card = catalog[f"oriflamme.card.{picked}"]
        expect(canvas).to_have_attribute(
            "aria-label", fmt(catalog["ui.oriflamme.ring.hand"], card=card) + " " + catalog["ui.oriflamme.ring.pick"]
        )
        page.keyboard.press("Enter")  # picked up
        expect(canvas).to_have_attribute("aria-label", re.compile(re.escape(catalog["ui.oriflamme.ring.picked"])))
        page.keyboard.press("Home")  # where the queue starts
        place = fmt(catalog["ui.link.of.place_left"], card=card)
        expect(canvas).to_have_attribute("aria-label", fmt(catalog["ui.oriflamme.ring.move"], move=place))
        before = t["events"]
        page.keyboard.press("Enter")
        page.wait_for_function(
            "n => { const h = window.__pygames.link; const t = h.table(); return h.idle() && !!t && t.events > n; }",
            arg=before,
        )
        view = table(page)["view"]
        # the card ringed and picked, face down at the start of the queue: named for its owner only
        assert view["queue"] == [{"owner": view["seat"], "cards": [{"card": picked, "up": False, "tokens": 0}]}]
        expect(page.locator("#link-of-board-text")).to_contain_text(
            fmt(
                catalog["ui.oriflamme.describe.down_known"], slot=1, name=["Ada", "Bea", "Cid"][view["seat"]], card=card
            )
        )
    finally:
        phones.close()
    assert not phones.errors, phones.errors

"""Turncoats without a mouse, in the built site (Chromium): one human against random bots at
instant pace plays a whole game with the keyboard only (Tab, arrow keys, Enter, Space,
Escape), some moves picked on the map with its focus ring, others with the decision buttons,
on a desktop (the hand beside the map) and on a phone (the hand below it); link play's map
takes the keyboard too; and the canvas's description (#tc-board-text) names every area's
stones, the trays, the bag and every hand's size, and the hand of the seat looking, never
another player's.

Needs `python build.py` first; `site_url` serves dist/site under a sub-path.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from helpers import STEP_MS, HotSeat, fmt, wait_python
from playwright.sync_api import expect
from test_link_play import create_game, gather, open_link, table

pytestmark = pytest.mark.usefixtures("no_page_errors")

TC = HotSeat("turncoats", "#tc-choices", "button:not([disabled])")
INSTANT = "localStorage.setItem('pygames.pace', JSON.stringify('instant'))"


def plural(value, count: int) -> str:
    """The English form of a catalog value for `count` (a plain text, or one/other)."""
    return value if isinstance(value, str) else value["one" if count == 1 else "other"]


FOCUSED_JS = "s => !!document.activeElement && document.activeElement.matches(s)"


def focused(page, selector: str) -> bool:
    return page.evaluate(FOCUSED_JS, selector)


def wait_focused(page, selector: str) -> None:
    """Wait until `selector` has the focus (the page moves it as it draws the next step)."""
    page.wait_for_function(FOCUSED_JS, arg=selector, timeout=STEP_MS)


def wait_ring(page, kind: str, id_=None) -> None:
    """Wait until the map's ring is on a `kind` (and, given `id_`, on that one)."""
    page.wait_for_function(
        f"([kind, id]) => {{ const r = {TC.hooks}.keyFocus();"
        " return !!r && r.kind === kind && (id === null || r.id === id); }",
        arg=[kind, id_],
        timeout=STEP_MS,
    )


# which way `selector` lies from the focus: 1 after it (or nothing has the focus), -1 before it
WHICH_WAY = """s => {
  const target = document.querySelector(s), at = document.activeElement;
  if (!target || !at || at === document.body) return 1;
  return at.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_PRECEDING ? -1 : 1;
}"""


def tab_to(page, selector: str) -> None:
    """Press Tab (Shift+Tab when it lies before the focus) until `selector` has the focus,
    as a player tabbing through the page does."""
    for _ in range(80):
        if focused(page, selector):
            return
        page.keyboard.press("Tab" if page.evaluate(WHICH_WAY, selector) > 0 else "Shift+Tab")
    raise AssertionError(f"Tab never reached {selector}")


def ring(page) -> dict | None:
    """What the map's keyboard ring is on ({kind, id}), or None."""
    return TC.hook(page, "keyFocus")


def ring_to(page, hit: dict) -> None:
    """Arrow keys move the ring onto `hit`, as a player looking at the map would: towards it."""
    for _ in range(30):
        here = ring(page)
        if here == hit:
            return
        spots = {json.dumps(t["hit"], sort_keys=True): t for t in TC.hook(page, "keyTargets")}
        a, b = spots[json.dumps(here, sort_keys=True)], spots[json.dumps(hit, sort_keys=True)]
        dx, dy = b["x"] - a["x"], b["y"] - a["y"]
        keys = ["ArrowRight" if dx > 0 else "ArrowLeft", "ArrowDown" if dy > 0 else "ArrowUp"]
        if abs(dy) > abs(dx):
            keys.reverse()
        for key in keys:
            page.keyboard.press(key)
            if ring(page) != here:
                break
        else:
            raise AssertionError(f"the arrow keys do not lead from {here} to {hit}")
    raise AssertionError(f"the ring never reached {hit}")


def containing(text: str) -> re.Pattern:
    return re.compile(re.escape(text))


def wait_moved(page, before: int) -> None:
    page.wait_for_function(
        f"n => {TC.hooks}.state().record.games[0].length > n",
        arg=before,
        timeout=STEP_MS,
    )


def last_move(page, at: int) -> str:
    return TC.state(page)["record"]["games"][0][at]


def area_hit(a: int) -> dict:
    return {"kind": "area", "id": a}


def colour_hit(c: str) -> dict:
    return {"kind": "colour", "id": c}


def ring_move(page, catalog, m: dict, moves: list[dict], *, step_back: bool) -> None:
    """Play `m` on the map: the ring picks its colour, its area (and its destination), Enter
    or Space picks; the last step of a Recruit or Battle (and a march's count) is a button.
    `step_back`: Escape lets go of the colour once, and Space picks it again."""
    tab_to(page, "#tc-board")
    canvas = page.locator("#tc-board")
    if m["kind"] == "return":
        ring_to(page, colour_hit(m["colour"]))
        page.keyboard.press("Enter")
        return
    ring_to(page, colour_hit(m["colour"]))
    colour = catalog[f"turncoats.colour.{m['colour']}"]
    expect(canvas).to_have_attribute("aria-label", containing(colour))
    page.keyboard.press("Enter")
    # the ring went on to the areas where that colour acts
    wait_ring(page, "area")
    expect(page.locator("#tc-prompt")).to_have_text(fmt(catalog["ui.turncoats.prompt.area"], colour=colour))
    if step_back:
        page.keyboard.press("Escape")
        wait_ring(page, "colour", m["colour"])
        expect(page.locator("#tc-prompt")).to_have_text(catalog["ui.turncoats.prompt.colour"])
        page.keyboard.press(" ")
    ring_to(page, area_hit(m["area"]))
    expect(canvas).to_have_attribute("aria-label", containing(fmt(catalog["ui.turncoats.ring.act"], colour=colour)))
    page.keyboard.press("Enter")
    if any(x["kind"] == "march" and (x["colour"], x["area"]) == (m["colour"], m["area"]) for x in moves):
        wait_focused(page, "#tc-board")  # the ring goes on to the destinations
        wait_ring(page, "area")
    else:
        wait_focused(page, "#tc-choices button[data-move]")  # the focus goes on to the moves that finish the pick
    if m["kind"] == "march":
        ring_to(page, area_hit(m["dest"]))
        page.keyboard.press("Enter")
        same = [
            x
            for x in moves
            if x["kind"] == "march" and (x["colour"], x["area"], x["dest"]) == (m["colour"], m["area"], m["dest"])
        ]
        if len(same) == 1:
            return  # the only march there: played at once
    tab_to(page, f'#tc-choices [data-move="{m["text"]}"]')
    page.keyboard.press("Enter")


def button_move(page, m: dict) -> None:
    """Play `m` with the decision buttons: its colour, its area, then the move itself."""
    if m["kind"] not in ("negotiate", "return"):
        tab_to(page, f'#tc-choices [data-colour="{m["colour"]}"]')
        page.keyboard.press("Enter")
        tab_to(page, f'#tc-choices [data-area="{m["area"]}"]')
        page.keyboard.press("Space")
    tab_to(page, f'#tc-choices [data-move="{m["text"]}"]')
    page.keyboard.press("Enter")


def choose(s: dict, turn: int, rng: random.Random) -> dict:
    """The human's move: a march when one is there every third turn, a Negotiate now and then, else any."""
    moves = s["moves"]
    if s["view"]["phase"] == "return":
        return rng.choice(moves)
    acts = [m for m in moves if m["kind"] not in ("negotiate",)]
    marches = [m for m in acts if m["kind"] == "march"]
    if turn % 3 == 0 and marches:
        return rng.choice(marches)
    if turn % 5 == 4 or not acts:
        return next(m for m in moves if m["kind"] == "negotiate")
    return rng.choice(acts)


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_a_whole_game_by_keyboard_only(page, site_url, catalog, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_init_script(INSTANT)
    page.goto(site_url + "#play/turncoats?seed=21&players=3&bots=1,2&level=random&names=Me")
    wait_python(page)
    rng = random.Random(21)
    by = {"ring": 0, "buttons": 0, "ring march": 0}
    for turn in range(200):
        kind = TC.wait_idle(page)
        assert kind != "privacy", "one human: the hand never needs hiding"
        if kind == "over":
            break
        s = TC.state(page)
        assert s["to_move"] == 0
        m = choose(s, turn, rng)
        on_map = m["kind"] != "negotiate" and turn % 2 == 0
        before = TC.played(page)
        if on_map:
            ring_move(page, catalog, m, s["moves"], step_back=turn % 4 == 0)
            by["ring"] += 1
            by["ring march"] += m["kind"] == "march"
        else:
            button_move(page, m)
            by["buttons"] += 1
        wait_moved(page, before)
        assert last_move(page, before) == m["text"]
    else:
        raise AssertionError("the game did not end")
    final = TC.state(page)
    assert final["view"]["outcome"] is not None
    assert by["ring"] >= 3 and by["buttons"] >= 3 and by["ring march"] >= 1, by
    # the end screen's first choice is a key press away too
    tab_to(page, "#tc-rematch")


def described(catalog, view: dict, names: list[str]) -> list[str]:
    """Sentences (or their openings) the description of `view` must hold: every area with its
    stones and ruler, AXE and FLAG, the bag, every hand's size."""
    out = []
    for a in view["map"]:
        red, blue, black = a["stones"]
        ruler = catalog[f"turncoats.colour.{a['controller']}"] if a["controller"] else catalog["ui.turncoats.nobody"]
        area = a["area"] + 1
        out.append(fmt(catalog["ui.turncoats.board.area"], area=area, red=red, blue=blue, black=black, ruler=ruler))
    for tray in ("axe", "flag"):
        out.append(fmt(catalog["ui.turncoats.describe.tray"], tray=catalog[f"turncoats.{tray}"]).split("{stones}")[0])
    out.append(fmt(plural(catalog["ui.turncoats.describe.bag"], view["bag"]), count=view["bag"]))
    for seat, size in enumerate(view["hand_sizes"]):
        out.append(fmt(plural(catalog["ui.turncoats.describe.hand_size"], size), name=names[seat], count=size))
    return out


def test_the_description_names_every_area_and_only_the_viewers_hand(page, site_url, catalog):
    page.goto(site_url + "#play/turncoats?seed=7&players=2&names=Ann,Bob")
    wait_python(page)
    text = page.locator("#tc-board-text")
    expect(page.locator("#tc-board")).to_have_attribute("aria-describedby", "tc-board-text")
    names = ["Ann", "Bob"]
    holds = [fmt(catalog["ui.turncoats.hand.text"], name=n).split("{stones}")[0] for n in names]
    for _ in range(4):
        assert TC.wait_idle(page) == "privacy"
        TC.pass_device(page)
        assert TC.wait_idle(page) == "turn"
        s = TC.state(page)
        for sentence in described(catalog, s["view"], names):
            expect(text).to_contain_text(sentence)
        # the hand of the seat looking, never the other one
        me = s["to_move"]
        expect(text).to_contain_text(holds[me])
        expect(text).not_to_contain_text(holds[1 - me])
        # a Recruit (by mouse: this test is about the words); the device goes to the other player
        page.locator("#tc-choices [data-colour]").first.click()
        page.locator("#tc-choices [data-area]").first.click()
        TC.act(page, page.locator("#tc-choices [data-move^='recruit']"))


def test_a_link_game_move_on_the_map_by_keyboard(phones, site_url, catalog):
    """Link play's map takes the keyboard too: the ring picks a colour (Escape lets go of it),
    then an area, and the move is finished on the map or with the first move button."""
    by_seat = {0: phones.new(), 1: phones.new()}
    names = ["Ann", "Ben"]
    t = create_game(by_seat[0], "turncoats", names, players=2)
    t, link = gather(by_seat, site_url, t["link"])
    page = by_seat[t["next"]["seat"]]
    t = open_link(page, site_url, link)
    assert t["my_turn"]
    me = t["view"]["seat"]
    text = page.locator("#link-tc-board-text")
    expect(page.locator(".link-turncoats")).to_have_attribute("aria-describedby", "link-tc-board-text")
    for sentence in described(catalog, t["view"], names):
        expect(text).to_contain_text(sentence)
    holds = [fmt(catalog["ui.turncoats.hand.text"], name=n).split("{stones}")[0] for n in names]
    expect(text).to_contain_text(holds[me])
    expect(text).not_to_contain_text(holds[1 - me])
    tab_to(page, ".link-turncoats")
    prompt = page.locator("#link-prompt")
    page.keyboard.press("Enter")
    expect(prompt).not_to_have_text(catalog["ui.turncoats.prompt.colour"])
    page.keyboard.press("Escape")
    expect(prompt).to_have_text(catalog["ui.turncoats.prompt.colour"])
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # the first area where that colour acts
    if focused(page, "#link-moves button[data-move]"):
        page.keyboard.press("Enter")
    else:
        assert focused(page, ".link-turncoats")
        page.keyboard.press("Enter")  # the first destination of a march
        if focused(page, "#link-moves button[data-move]"):
            page.keyboard.press("Enter")
    page.wait_for_function("n => window.__pygames.link.table().events > n", arg=t["events"])
    assert not table(page)["my_turn"]

"""The Oriflamme page in the real built site (Chromium): a whole 3-player hot-seat game
through the decision buttons, the canvas and the privacy screen; a 1-human-vs-4-bots
game to the end; the log in words; the card rules from the cards; names shown as text;
resuming a saved game; the queue's motion from the move's events (none under reduced
motion); the start page and the seat setup sheet.
Needs `python build.py` first; `site_url` serves dist/site under a sub-path.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from helpers import REGISTRY, STEP_MS, HotSeat, bot_levels, fmt, saved_route, shown_names, wait_python
from playwright.sync_api import expect

pytestmark = pytest.mark.usefixtures("no_page_errors")

OF = HotSeat("oriflamme", "#of-choices", "button[data-move]:not([disabled])")

CARDS = (
    "ambush",
    "archer",
    "assassination",
    "conspiracy",
    "heir",
    "lord",
    "royal_decree",
    "shapeshifter",
    "soldier",
    "spy",
)


def english_list(words: list[str]) -> str:
    """What the page's Intl.ListFormat (en, conjunction) makes of ``words``."""
    return (
        words[0] if len(words) == 1 else ", ".join(words[:-1]) + (", and " if len(words) > 2 else " and ") + words[-1]
    )


def say(catalog: dict[str, str], entry: dict, names: list[str]) -> str:
    """The text the page shows for a view's log entry (the page's own names and card words)."""
    p = dict(entry["params"])
    for role, key in (("seat", "name"), ("owner", "owner_name"), ("attacker", "attacker_name")):
        if isinstance(p.get(role), int):
            p[key] = names[p[role]]
    if p.get("card_id"):
        p["card"] = catalog[f"oriflamme.card.{p['card_id']}"]
    if p.get("target_id"):
        p["target"] = catalog[f"oriflamme.card.{p['target_id']}"]
    if isinstance(p.get("other_seats"), list):
        p["others"] = english_list([names[s] for s in p["other_seats"]])
    if isinstance(p.get("seats"), list):
        p["names"] = english_list([names[s] for s in p["seats"]])
    return fmt(catalog[entry["key"]], **p)


def assert_privacy_hides_everything(page, catalog, name: str) -> None:
    # nothing of the game is rendered: no hand, no move, no queue
    OF.assert_privacy_shown(
        page,
        catalog,
        name,
        clickable="[data-move]:visible, [data-float]:visible, [data-card]:visible",
        hidden=["#of-hand-text", "#of-board", "#of-info"],
    )
    hand_marker = fmt(catalog["ui.oriflamme.hand.text"], name="", cards="", removed="").split(":")[0] + ":"
    expect(page.locator("body")).not_to_contain_text(hand_marker, use_inner_text=True)


def assert_end_screen(page, catalog, names: list[str]) -> dict:
    page.wait_for_function("document.querySelector('#status').dataset.state === 'over'", timeout=STEP_MS)
    expect(page.locator("#of-end")).to_be_visible()
    s = OF.state(page)
    view = s["view"]
    outcome = view["outcome"]
    assert outcome is not None and s["to_move"] is None
    winners = outcome["winners"]
    # the status and the end screen give the engine's account (with the tie-break) in words
    why = page.text_content("#of-end-why")
    expect(page.locator("#status")).to_contain_text(why)  # after "You won." / "You lost." for a lone human
    assert all(names[w] in why for w in winners), why
    assert "{" not in why and "oriflamme." not in why
    expected_rule = (
        "ui.oriflamme.end.rule_covered" if outcome["tiebreak_counts_covered"] else "ui.oriflamme.end.rule_top"
    )
    expect(page.locator("#of-end-rule")).to_have_text(catalog[expected_rule])
    title = page.text_content("#of-end-title")
    assert any(names[w] in title for w in winners) or title == catalog["ui.end.title.you_win"]
    # the scores, best first, with the tie-break count
    rows = page.locator("#of-scores tbody tr")
    expect(rows).to_have_count(len(names))
    assert int(rows.first.get_attribute("data-seat")) in winners
    for i in range(rows.count()):
        seat = int(rows.nth(i).get_attribute("data-seat"))
        cells = rows.nth(i).locator("td").all_text_contents()
        assert cells == [str(outcome["scores"][seat]), str(outcome["queue_cards"][seat])]
        assert names[seat] in rows.nth(i).text_content()
    # everybody's remaining cards: the unplayed card, the cards in the queue, the set-aside ones
    cards = page.locator("#of-end-cards > li")
    expect(cards).to_have_count(len(names))
    for i in range(cards.count()):
        li = cards.nth(i)
        seat = int(li.get_attribute("data-seat"))
        shown = li.locator(".ofl-card-chip").evaluate_all("cs => cs.map(c => c.dataset.card)")
        in_queue = [c["card"] for slot in view["queue"] if slot["owner"] == seat for c in slot["cards"]]
        assert sorted(shown) == sorted(view["hands"][seat] + in_queue + view["removed"][seat])
        assert len(view["hands"][seat]) == 1  # 7 cards, 6 rounds: one left unplayed
        assert None not in shown
    expect(page.locator("[data-move]")).to_have_count(0)
    expect(page.locator("#of-rematch")).to_be_visible()
    return s


# ----------------------------------------------------------------------------- hot-seat


def test_three_player_hot_seat_game_to_the_end(fast, site_url, catalog):
    page = fast
    names = ["Ann", "Bob", "Cy"]
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "#play/oriflamme?seed=5&players=3&bots=&names=" + ",".join(names))
    wait_python(page)
    privacy_seen = 0
    decisions = 0
    used = set()
    clicked = {}  # record index -> the move a canvas click should have sent
    for _ in range(400):
        kind = OF.wait_idle(page)
        if kind == "over":
            break
        if kind == "privacy":
            privacy_seen += 1
            waiting = OF.hook(page, "waitingFor")
            assert_privacy_hides_everything(page, catalog, names[waiting])
            OF.pass_device(page)
            continue
        s = OF.state(page)
        view = s["view"]
        viewer = OF.hook(page, "viewer")
        assert viewer == s["to_move"] and view["seat"] == viewer
        # this player's own hand only, and every legal move is a button
        assert view["hand"] is not None and all(h is None for i, h in enumerate(view["hands"]) if i != viewer)
        expect(page.locator("#of-hand-text")).to_contain_text(names[viewer])
        expect_buttons(page, s["legal"])
        assert len(s["legal"]) > 1  # a lone legal move is played by the page itself
        pending = view["pending"]["kind"]
        decisions += 1
        if pending == "place" and "canvas-place" not in used and view["queue"]:
            # pick a card up from the hand on the canvas, then click a glowing end of the queue
            move, card = next(
                (m["text"], m["card"]) for m in s["moves"] if m["kind"] == "place" and m["where"] == "right"
            )
            page.mouse.click(**xy(OF.hook(page, "handCenter", card)))
            page.wait_for_function("() => !!document.querySelector('#of-choices .ofl-row.chosen')")
            used.add("canvas-place")
            OF.act(page, OF.hook(page, "dropCenter", "right"))
            clicked[len(s["record"]["games"][0])] = move
            continue
        if pending == "reveal" and "float" not in used:
            # the buttons beside the visited card
            expect(page.locator("#of-float")).to_be_visible()
            used.add("float")
            OF.act(page, page.locator("#of-float [data-float='reveal']"))
            continue
        if pending == "target" and "canvas-target" not in used:
            # click a glowing card of the queue
            move, slot = s["moves"][-1]["text"], s["moves"][-1]["slot"]
            used.add("canvas-target")
            OF.act(page, OF.hook(page, "slotCenter", slot))
            clicked[len(s["record"]["games"][0])] = move
            continue
        buttons = page.locator("#of-choices button[data-move]")
        if pending == "reveal":
            # keep early cards hidden now and then, reveal the rest
            choice = "keep" if decisions % 3 == 0 else "reveal"
            OF.act(page, page.locator(f"#of-choices [data-move='{choice}']"))
        else:
            OF.act(page, buttons.nth(decisions % buttons.count()))
    final = assert_end_screen(page, catalog, names)
    assert privacy_seen >= 6  # at the start and at every change of player
    assert decisions >= 30
    assert used == {"canvas-place", "float", "canvas-target"}
    moves = final["record"]["games"][0]
    assert len(moves) > decisions  # the lone legal moves were played by the page itself
    assert all(moves[i] == m for i, m in clicked.items()), clicked
    assert final["view"]["hands"] is not None  # every hand is shown at the end
    # the log tells the whole story in words
    expect(page.locator("#of-log li").first).to_be_attached()
    log = page.locator("#of-log li").all_text_contents()
    assert all("oriflamme." not in line and "{" not in line for line in log)


def expect_buttons(page, legal: list[str]) -> None:
    """The decision panel offers exactly the legal moves (waits until it does)."""
    page.wait_for_function(
        "want => JSON.stringify([...document.querySelectorAll('#of-choices button[data-move]')]"
        ".map(b => b.dataset.move).sort())"
        " === JSON.stringify(want)",
        arg=sorted(legal),
        timeout=STEP_MS,
    )


def xy(point: dict) -> dict:
    return {"x": point["x"], "y": point["y"]}


def test_privacy_screen_hides_the_hand_and_recaps(fast, site_url, catalog):
    page = fast
    names = ["Rosa", "Teo", "Uma"]
    page.goto(site_url + "#play/oriflamme?seed=3&players=3&bots=&names=" + ",".join(names))
    wait_python(page)
    first = OF.take_device(page, names, lambda name: assert_privacy_hides_everything(page, catalog, name))
    s = OF.state(page)
    card = s["view"]["hand"][0]
    expect(page.locator("#of-hand-text")).to_contain_text(names[first])
    expect(page.locator("#of-hand-text")).to_contain_text(catalog[f"oriflamme.card.{card}"])
    hand_text = page.text_content("#of-hand-text")
    OF.act(page, page.locator("#of-choices button[data-move]").first)

    def hidden(name):
        assert_privacy_hides_everything(page, catalog, name)
        expect(page.locator("body")).not_to_contain_text(hand_text, use_inner_text=True)
        # the recap tells what happened without the placed card's name
        recap = page.locator("#privacy .privacy-recap")
        expect(recap).to_contain_text(names[first])
        expect(recap).not_to_contain_text(catalog[f"oriflamme.card.{card}"])

    nxt = OF.take_device(page, names, hidden)
    assert nxt == (first + 1) % 3
    expect(page.locator("#of-hand-text")).to_contain_text(names[nxt])
    assert OF.state(page)["view"]["seat"] == nxt


# ----------------------------------------------------------------------------- against bots


def test_one_human_against_four_bots_to_the_end(fast, site_url, catalog):
    page = fast
    names = ["Me", "", "", "", ""]
    buttons = page.locator("#of-choices button[data-move]")
    turns = OF.play_against_bots(
        page,
        site_url + "#play/oriflamme?seed=11&players=5&bots=1,2,3,4&level=heuristic,random,heuristic,random&names=Me",
        shown_moves=lambda s: s["legal"],
        pick=lambda s, turn: buttons.nth(turn % buttons.count()),
    )
    final = assert_end_screen(page, catalog, shown_names(catalog, names))
    assert turns >= 6
    assert page.evaluate("window.__frames") > 5
    assert final["record"]["players"] == 5
    # the game was played and saved against the bots and levels the link asked for
    assert bot_levels(saved_route(page, "oriflamme")) == {1: "heuristic", 2: "random", 3: "heuristic", 4: "random"}
    # the canvas still shows the final queue; the start page offers no resume of a finished game
    expect(page.locator("#of-board")).to_be_visible()
    page.goto(site_url + "#")
    page.locator(".game-card[data-game=oriflamme]").wait_for()
    expect(page.locator("[data-resume=oriflamme]")).to_have_count(0)


# ----------------------------------------------------------------------------- words, rules, names


def test_log_speaks_in_catalog_words(fast, site_url, catalog):
    page = fast
    names = ["Ann", "", ""]
    page.goto(site_url + "#play/oriflamme?seed=8&players=3&bots=1,2&level=heuristic&names=Ann")
    wait_python(page)
    # play until the resolution has told a few stories
    for _ in range(60):
        kind = OF.wait_idle(page)
        if kind == "over":
            break
        s = OF.state(page)
        if s["view"]["round"] >= 3:
            break
        buttons = page.locator("#of-choices button[data-move]")
        OF.act(page, buttons.first)
    s = OF.state(page)
    shown = shown_names(catalog, names)
    expected = [say(catalog, e, shown) for e in reversed(s["view"]["log"])]
    expect(page.locator("#of-log li")).to_have_text(expected)
    lines = page.locator("#of-log li").all_text_contents()
    keys = {e["key"] for e in s["view"]["log"]}
    assert len(keys) >= 4
    assert all("oriflamme." not in line and "{" not in line for line in lines)
    # the last event is also the hint under the status
    expect(page.locator("#hint")).to_have_text(expected[0])


def test_card_rules_open_from_the_cards(fast, site_url, catalog):
    page = fast
    page.goto(site_url + "#play/oriflamme?seed=21&players=3&bots=1,2&level=random&names=Ann")
    wait_python(page)
    assert OF.wait_idle(page) == "turn"
    s = OF.state(page)
    card = s["view"]["hand"][0]
    # the (i) of a hand card on the canvas
    page.mouse.click(**xy(OF.hook(page, "handInfoCenter", card)))
    info = page.locator("#of-info")
    expect(info).to_be_visible()
    expect(page.locator("#of-info-title")).to_have_text(catalog[f"oriflamme.card.{card}"])
    expect(page.locator("#of-info-text")).to_have_text(catalog[f"oriflamme.card.{card}.text"])
    page.locator("#of-info-close").click()
    expect(info).to_be_hidden()
    # the (i) beside each card in the decision panel
    other = s["view"]["hand"][1]
    page.locator(f"#of-choices [data-info='{other}']").click()
    expect(page.locator("#of-info-title")).to_have_text(catalog[f"oriflamme.card.{other}"])
    page.keyboard.press("Escape")
    expect(info).to_be_hidden()
    # a face-up card in the queue: play on until one is there, then click it
    for _ in range(80):
        kind = OF.wait_idle(page)
        assert kind != "over"
        s = OF.state(page)
        up = [i for i, slot in enumerate(s["view"]["queue"]) if slot["cards"][-1]["up"]]
        if up and s["view"]["pending"]["kind"] == "place":
            break
        buttons = page.locator("#of-choices button[data-move]")
        OF.act(page, buttons.first)
    slot = up[0]
    top = s["view"]["queue"][slot]["cards"][-1]["card"]
    page.mouse.click(**xy(OF.hook(page, "slotCenter", slot)))
    expect(info).to_be_visible()
    expect(page.locator("#of-info-title")).to_have_text(catalog[f"oriflamme.card.{top}"])
    expect(page.locator("#of-info-text")).to_have_text(catalog[f"oriflamme.card.{top}.text"])
    expect(page.locator("#of-info-extra")).to_contain_text(f"{slot + 1}")
    # the reference lists all ten cards
    page.locator("#of-info-close").click()
    page.locator(".ofl-rules summary").click()
    expect(page.locator("#of-card-ref li")).to_have_count(len(CARDS))
    for c in CARDS:
        expect(page.locator(f"#of-card-ref li[data-card={c}]")).to_contain_text(catalog[f"oriflamme.card.{c}.text"])


def test_names_with_markup_are_text(fast, site_url, catalog):
    page = fast
    tricky = "<b>x</b>"
    other = "Zoë & co"
    page.goto(
        site_url
        + "#play/oriflamme?seed=4&players=3&bots=2&names="
        + quote(tricky, safe="")
        + ","
        + quote(other, safe="")
    )
    wait_python(page)
    kind = OF.wait_idle(page)
    shown_privacy = False
    for _ in range(20):
        if kind == "privacy":
            shown_privacy = True
            expect(page.locator("#privacy b")).to_have_count(0)
            who = OF.hook(page, "waitingFor")
            expect(page.locator("#privacy-title")).to_contain_text([tricky, other][who])
            page.locator("#privacy-continue").click()
        elif kind == "turn":
            s = OF.state(page)
            if s["to_move"] == 0:
                break
            OF.act(page, page.locator("#of-choices button[data-move]").first)
        kind = OF.wait_idle(page)
    assert shown_privacy
    expect(page.locator("#status")).to_contain_text(tricky)
    expect(page.locator("#of-hand-text")).to_contain_text(tricky)
    expect(page.locator("#view-game b, #privacy b")).to_have_count(0)
    expect(page.locator("#of-board-text")).to_contain_text(tricky)  # the canvas's description


def test_saved_game_resumes(fast, site_url, catalog):
    page = fast
    route = "#play/oriflamme?seed=9&players=3&bots=&names=A,B,C"
    page.goto(site_url + route)
    wait_python(page)
    for _ in range(6):
        if OF.wait_idle(page) == "privacy":
            OF.pass_device(page)
            continue
        OF.act(page, page.locator("#of-choices button[data-move]").first)
    # settled (a lone move that plays itself has played): this is the game that is saved
    assert OF.wait_idle(page) in ("privacy", "turn")
    record = OF.state(page)["record"]
    page.goto(site_url + "#")
    resume = page.locator("[data-resume=oriflamme]")
    resume.wait_for()
    resume.click()
    page.wait_for_function("location.hash.startsWith('#play/oriflamme?')")
    assert OF.wait_idle(page) == "privacy"  # the device may have changed hands meanwhile
    OF.pass_device(page)
    assert OF.wait_idle(page) == "turn"
    assert OF.state(page)["record"] == record


@pytest.mark.parametrize("reduced", [False, True])
def test_queue_motion_follows_the_moves_events(fast, site_url, reduced):
    page = fast
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    page.goto(site_url + "#play/oriflamme?seed=4&players=3&bots=1,2&names=Ann")
    wait_python(page)
    assert OF.wait_idle(page) == "turn"
    s = OF.state(page)
    assert s["view"]["pending"]["kind"] == "place"
    page.evaluate("window.__pygamesBotPauseMs = 600000")  # the bots wait: the board keeps this move's motion
    where = "right" if s["view"]["queue"] else "left"
    move = next(m["text"] for m in s["moves"] if m["kind"] == "place" and m["where"] == where)
    OF.act(page, page.locator(f'#of-choices button[data-move="{move}"]'))
    slot = len(s["view"]["queue"]) if where == "right" else 0
    page.wait_for_function(
        "n => window.__pygames.oriflamme.slotCenter(n) !== null", arg=len(s["view"]["queue"]), timeout=STEP_MS
    )
    events = OF.state(page)["events"]
    assert [e["at"] for e in events if e["kind"] == "place"] == [slot]
    motion = OF.hook(page, "motion")
    if reduced:
        assert motion == []
    else:
        # the card placed rises from the hand into its new slot; the stacks behind it slide over
        assert {"kind": "slide", "slot": slot, "fade": True, "arc": False, "card": None, "reason": None} in motion


# ----------------------------------------------------------------------------- start page and setup


def test_start_page_lists_oriflamme_and_sets_up_seats(fast, site_url, catalog):
    page = fast
    dialog = OF.open_seat_setup(page, site_url)
    OF.assert_setup_offers_the_player_counts(dialog)
    dialog.locator("input[name=players][value='4']").check(force=True)
    expect(dialog.locator(".seat-row:visible")).to_have_count(4)
    dialog.locator("input[name=name0]").fill("Ann")
    dialog.locator("input[name=kind0][value=human]").check(force=True)
    for s in (1, 2, 3):
        dialog.locator(f"input[name=kind{s}][value=bot]").check(force=True)
    dialog.locator("select[name=level2]").select_option("random")
    page.locator("#seats-start").click()
    page.wait_for_function("location.hash.startsWith('#play/oriflamme?')")
    hash_ = page.evaluate("location.hash")
    default = REGISTRY["oriflamme"]["default_level"]
    assert "players=4" in hash_ and "bots=1,2,3" in hash_ and f"level={default},random,{default}" in hash_
    assert "names=Ann" in hash_
    assert OF.hook(page, "route") == hash_
    assert bot_levels(saved_route(page, "oriflamme")) == {1: default, 2: "random", 3: default}
    # one human: no privacy screen, the human's hand is on the table
    for _ in range(30):
        kind = OF.wait_idle(page)
        assert kind != "privacy"
        if kind == "turn":
            break
    assert OF.state(page)["view"]["seat"] == 0
    expect(page.locator("#of-board")).to_be_visible()


def test_setup_rule_options_reach_the_record(fast, site_url, catalog):
    page = fast
    dialog = OF.open_seat_setup(page, site_url)
    options = dialog.locator("details.rule-options")
    options.wait_for(state="attached")
    expect(options).not_to_have_attribute("open", re.compile(".*"))  # collapsed at first
    expect(options.locator("summary")).to_have_text(catalog["ui.link.new.options"])
    label = options.locator("label.rule-option", has=page.locator("input[data-option=tiebreak_counts_covered]"))
    expect(label).to_contain_text(catalog["oriflamme.option.tiebreak_counts_covered"])
    defaults = {
        name: checked
        for name, checked in options.locator("input[data-option]").evaluate_all(
            "bs => bs.map(b => [b.dataset.option, b.checked])"
        )
    }
    assert defaults["tiebreak_counts_covered"] is True
    # untouched: the game starts with the rules as written
    page.locator("#seats-start").click()
    page.wait_for_function("location.hash.startsWith('#play/oriflamme?')")
    assert "opts=" not in page.evaluate("location.hash")
    OF.wait_idle(page)
    assert OF.state(page)["record"]["options"] == defaults
    # one option turned off: shown as changed on the sheet, kept in the route and the record
    page.locator("#of-new").click()
    dialog = page.locator("#seats-dialog")
    options = dialog.locator("details.rule-options")
    options.locator("summary").click()
    dialog.locator("input[data-option=tiebreak_counts_covered]").uncheck()
    expect(options.locator("summary")).to_contain_text(fmt(catalog["ui.options.changed"], n=1))
    page.locator("#seats-start").click()
    page.wait_for_function("location.hash.includes('opts=-tiebreak_counts_covered')")
    page.wait_for_function(
        f"() => {{ const s = {OF.hooks}.state(); return s && s.record.options.tiebreak_counts_covered === false; }}",
        timeout=STEP_MS,
    )
    assert OF.state(page)["record"]["options"] == {**defaults, "tiebreak_counts_covered": False}
    # the saved game keeps them, and the sheet opens with the game's options
    saved = page.evaluate(
        "() => Object.values(localStorage).map(v => { try { return JSON.parse(v); } catch (_) { return null; } })"
        ".find(v => v && v.record && v.hash && v.hash.includes('opts='))"
    )
    assert saved["record"]["options"]["tiebreak_counts_covered"] is False
    page.locator("#of-new").click()
    expect(page.locator("#seats-dialog input[data-option=tiebreak_counts_covered]")).not_to_be_checked()

"""The Oriflamme page in the real built site (Chromium): a whole 3-player hot-seat game
through the decision buttons, the canvas and the privacy screen; a 1-human-vs-4-bots
game to the end; the log in words; the card rules from the cards; names shown as text;
resuming a saved game; the start page and the seat setup sheet.
Needs `python build.py` first; `site_url` serves dist/site under a sub-path.
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest

READY_MS = 120_000  # Python cold start
STEP_MS = 30_000  # one decision (a bot's answer, a bridge call)

IDLE_JS = """() => {
  const h = window.__pygames && window.__pygames.oriflamme;
  if (!h) return false;
  if (h.privacy()) return "privacy";
  const st = document.querySelector('#status').dataset.state;
  if (st === 'over') return 'over';
  if (st === 'turn' && !h.busy() && document.querySelector('#of-choices button[data-move]:not([disabled])')) return 'turn';
  return false;
}"""

CARDS = ("ambush", "archer", "assassination", "conspiracy", "heir", "lord", "royal_decree", "shapeshifter",
         "soldier", "spy")


@pytest.fixture(scope="session")
def catalog(dist_site) -> dict[str, str]:
    return json.loads((dist_site / "locale" / "en.json").read_text("utf-8"))


def fmt(template: str, **params) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m.group(1), m.group(0))), template)


@pytest.fixture(autouse=True)
def no_page_errors(page):
    """Every test fails on an uncaught error in the page."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield
    assert not errors, errors


@pytest.fixture
def fast(page):
    """Bots and forced moves answer without the pause the page leaves for people to follow them."""
    page.add_init_script("window.__pygamesBotPauseMs = 0")
    return page


def wait_python(page) -> None:
    page.wait_for_function("document.documentElement.dataset.python === 'ready'", timeout=READY_MS)


def state(page) -> dict | None:
    return page.evaluate("window.__pygames.oriflamme.state()")


def played(page) -> int:
    s = state(page)
    return len(s["record"]["games"][0]) if s else -1


def wait_idle(page) -> str:
    return page.wait_for_function(IDLE_JS, timeout=STEP_MS).json_value()


def hook(page, name: str, arg=None):
    return page.evaluate(f"a => window.__pygames.oriflamme.{name}(a)", arg)


def act(page, locator_or_point) -> None:
    """Click something that sends a move; wait until the engine answered."""
    before = played(page)
    if isinstance(locator_or_point, dict):
        page.mouse.click(locator_or_point["x"], locator_or_point["y"])
    else:
        locator_or_point.click()
    page.wait_for_function(
        "n => { const h = window.__pygames.oriflamme; const s = h.state();"
        " return h.privacy() || (s && s.record.games[0].length > n); }",
        arg=before,
        timeout=STEP_MS,
    )


def legal_buttons(page) -> list[str]:
    return page.eval_on_selector_all("#of-choices button[data-move]", "bs => bs.map(b => b.dataset.move)")


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
        p["others"] = catalog["ui.oriflamme.list_sep"].join(names[s] for s in p["other_seats"])
    if isinstance(p.get("seats"), list):
        p["names"] = catalog["ui.oriflamme.list_sep"].join(names[s] for s in p["seats"])
    return fmt(catalog[entry["key"]], **p)


def assert_privacy_hides_everything(page, catalog, name: str) -> None:
    assert page.locator("#privacy").is_visible()
    assert page.text_content("#privacy-title") == fmt(catalog["ui.privacy.title"], name=name)
    # nothing of the game is rendered: no hand, no move, no queue
    assert page.locator("[data-move]:visible, [data-float]:visible, [data-card]:visible").count() == 0
    assert not page.locator("#of-hand-text").is_visible()
    assert not page.locator("#of-board").is_visible()
    assert not page.locator("#status").is_visible()
    assert not page.locator("#of-info").is_visible()
    hand_marker = fmt(catalog["ui.oriflamme.hand.text"], name="", cards="", removed="").split(":")[0] + ":"
    assert hand_marker not in page.inner_text("body")


def assert_end_screen(page, catalog, names: list[str]) -> dict:
    page.wait_for_function("document.querySelector('#status').dataset.state === 'over'", timeout=STEP_MS)
    s = state(page)
    view = s["view"]
    outcome = view["outcome"]
    assert outcome is not None and s["to_move"] is None
    winners = outcome["winners"]
    # the status and the end screen give the engine's account (with the tie-break) in words
    status = page.text_content("#status")
    why = page.text_content("#of-end-why")
    assert status == why
    assert all(names[w] in why for w in winners), why
    assert "{" not in why and "oriflamme." not in why
    expected_rule = "ui.oriflamme.end.rule_covered" if outcome["tiebreak_counts_covered"] else "ui.oriflamme.end.rule_top"
    assert page.text_content("#of-end-rule") == catalog[expected_rule]
    assert page.locator("#of-end").is_visible()
    title = page.text_content("#of-end-title")
    assert any(names[w] in title for w in winners) or title == catalog["ui.end.title.you_win"]
    # the scores, best first, with the tie-break count
    rows = page.locator("#of-scores tbody tr")
    assert rows.count() == len(names)
    assert int(rows.first.get_attribute("data-seat")) in winners
    for i in range(rows.count()):
        seat = int(rows.nth(i).get_attribute("data-seat"))
        cells = rows.nth(i).locator("td").all_text_contents()
        assert cells == [str(outcome["scores"][seat]), str(outcome["queue_cards"][seat])]
        assert names[seat] in rows.nth(i).text_content()
    # everybody's remaining cards: the unplayed card, the cards in the queue, the set-aside ones
    cards = page.locator("#of-end-cards > li")
    assert cards.count() == len(names)
    for i in range(cards.count()):
        li = cards.nth(i)
        seat = int(li.get_attribute("data-seat"))
        shown = li.locator(".ofl-card-chip").evaluate_all("cs => cs.map(c => c.dataset.card)")
        in_queue = [c["card"] for slot in view["queue"] if slot["owner"] == seat for c in slot["cards"]]
        assert sorted(shown) == sorted(view["hands"][seat] + in_queue + view["removed"][seat])
        assert len(view["hands"][seat]) == 1  # 7 cards, 6 rounds: one left unplayed
        assert None not in shown
    assert page.locator("[data-move]").count() == 0
    assert page.locator("#of-rematch").is_visible()
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
        kind = wait_idle(page)
        if kind == "over":
            break
        if kind == "privacy":
            privacy_seen += 1
            waiting = page.evaluate("window.__pygames.oriflamme.waitingFor()")
            assert_privacy_hides_everything(page, catalog, names[waiting])
            page.locator("#privacy-continue").click()
            page.wait_for_function("!window.__pygames.oriflamme.privacy()")
            continue
        s = state(page)
        view = s["view"]
        viewer = page.evaluate("window.__pygames.oriflamme.viewer()")
        assert viewer == s["to_move"] and view["seat"] == viewer
        # this player's own hand only, and every legal move is a button
        assert view["hand"] is not None and all(h is None for i, h in enumerate(view["hands"]) if i != viewer)
        assert names[viewer] in page.text_content("#of-hand-text")
        assert sorted(legal_buttons(page)) == sorted(s["legal"])
        assert len(s["legal"]) > 1  # a lone legal move is played by the page itself
        pending = view["pending"]["kind"]
        decisions += 1
        if pending == "place" and "canvas-place" not in used and view["queue"]:
            # pick a card up from the hand on the canvas, then click a glowing end of the queue
            move = next(m for m in s["legal"] if m.endswith(" right"))
            word = move.split()[1].lower()
            card = "royal_decree" if word == "decree" else word
            page.mouse.click(**xy(hook(page, "handCenter", card)))
            page.wait_for_function("() => !!document.querySelector('#of-choices .ofl-row.chosen')")
            used.add("canvas-place")
            act(page, hook(page, "dropCenter", "right"))
            clicked[len(s["record"]["games"][0])] = move
            continue
        if pending == "reveal" and "float" not in used:
            # the buttons beside the visited card
            assert page.locator("#of-float").is_visible()
            used.add("float")
            act(page, page.locator("#of-float [data-float='reveal']"))
            continue
        if pending == "target" and "canvas-target" not in used:
            # click a glowing card of the queue
            move = s["legal"][-1]
            slot = int(move.split()[1]) - 1
            used.add("canvas-target")
            act(page, hook(page, "slotCenter", slot))
            clicked[len(s["record"]["games"][0])] = move
            continue
        buttons = page.locator("#of-choices button[data-move]")
        if pending == "reveal":
            # keep early cards hidden now and then, reveal the rest
            choice = "keep" if decisions % 3 == 0 else "reveal"
            act(page, page.locator(f"#of-choices [data-move='{choice}']"))
        else:
            act(page, buttons.nth(decisions % buttons.count()))
    final = assert_end_screen(page, catalog, names)
    assert privacy_seen >= 6  # at the start and at every change of player
    assert decisions >= 30
    assert used == {"canvas-place", "float", "canvas-target"}
    moves = final["record"]["games"][0]
    assert len(moves) > decisions  # the lone legal moves were played by the page itself
    assert all(moves[i] == m for i, m in clicked.items()), clicked
    assert final["view"]["hands"] is not None  # every hand is shown at the end
    # the log tells the whole story in words
    log = page.locator("#of-log li").all_text_contents()
    assert log and all("oriflamme." not in line and "{" not in line for line in log)


def xy(point: dict) -> dict:
    return {"x": point["x"], "y": point["y"]}


def test_privacy_screen_hides_the_hand_and_recaps(fast, site_url, catalog):
    page = fast
    names = ["Rosa", "Teo", "Uma"]
    page.goto(site_url + "#play/oriflamme?seed=3&players=3&bots=&names=" + ",".join(names))
    wait_python(page)
    assert wait_idle(page) == "privacy"
    first = page.evaluate("window.__pygames.oriflamme.waitingFor()")
    assert_privacy_hides_everything(page, catalog, names[first])
    page.locator("#privacy-continue").click()
    assert wait_idle(page) == "turn"
    hand_text = page.text_content("#of-hand-text")
    assert names[first] in hand_text
    s = state(page)
    card = s["view"]["hand"][0]
    assert catalog[f"oriflamme.card.{card}"] in hand_text
    act(page, page.locator("#of-choices button[data-move]").first)
    assert wait_idle(page) == "privacy"
    nxt = page.evaluate("window.__pygames.oriflamme.waitingFor()")
    assert nxt == (first + 1) % 3
    assert_privacy_hides_everything(page, catalog, names[nxt])
    assert hand_text not in page.inner_text("body")
    # the recap tells what happened without the placed card's name
    recap = page.inner_text("#privacy .privacy-recap")
    assert names[first] in recap
    assert catalog[f"oriflamme.card.{card}"] not in recap
    page.locator("#privacy-continue").click()
    assert wait_idle(page) == "turn"
    assert names[nxt] in page.text_content("#of-hand-text")
    assert state(page)["view"]["seat"] == nxt


# ----------------------------------------------------------------------------- against bots


def test_one_human_against_four_bots_to_the_end(fast, site_url, catalog):
    page = fast
    page.set_viewport_size({"width": 1280, "height": 800})
    names = ["Me", "", "", "", ""]
    page.goto(site_url + "#play/oriflamme?seed=11&players=5&bots=1,2,3,4&level=heuristic,random,heuristic,random&names=Me")
    wait_python(page)
    page.evaluate(
        "() => { window.__frames = 0; const tick = () => { window.__frames++; requestAnimationFrame(tick); };"
        " requestAnimationFrame(tick); }"
    )
    turns = 0
    for _ in range(200):
        kind = wait_idle(page)
        assert kind != "privacy", "one human: the hand never needs hiding"
        if kind == "over":
            break
        s = state(page)
        assert s["to_move"] == 0 and s["view"]["seat"] == 0
        assert sorted(legal_buttons(page)) == sorted(s["legal"])
        turns += 1
        buttons = page.locator("#of-choices button[data-move]")
        act(page, buttons.nth(turns % buttons.count()))
    default = [fmt(catalog["seat.default"], n=i + 1) for i in range(5)]
    final = assert_end_screen(page, catalog, [n or default[i] for i, n in enumerate(names)])
    assert turns >= 6
    assert page.evaluate("window.__frames") > 5
    assert final["record"]["players"] == 5
    # the canvas still shows the final queue; the start page offers no resume of a finished game
    assert page.locator("#of-board").is_visible()
    page.goto(site_url + "#")
    page.locator(".game-card[data-game=oriflamme]").wait_for()
    assert page.locator("[data-resume=oriflamme]").count() == 0


# ----------------------------------------------------------------------------- words, rules, names


def test_log_speaks_in_catalog_words(fast, site_url, catalog):
    page = fast
    names = ["Ann", "", ""]
    page.goto(site_url + "#play/oriflamme?seed=8&players=3&bots=1,2&level=heuristic&names=Ann")
    wait_python(page)
    # play until the resolution has told a few stories
    for _ in range(60):
        kind = wait_idle(page)
        if kind == "over":
            break
        s = state(page)
        if s["view"]["round"] >= 3:
            break
        buttons = page.locator("#of-choices button[data-move]")
        act(page, buttons.first)
    s = state(page)
    shown = [n or fmt(catalog["seat.default"], n=i + 1) for i, n in enumerate(names)]
    expected = [say(catalog, e, shown) for e in reversed(s["view"]["log"])]
    lines = page.locator("#of-log li").all_text_contents()
    assert lines == expected
    keys = {e["key"] for e in s["view"]["log"]}
    assert len(keys) >= 4
    assert all("oriflamme." not in line and "{" not in line for line in lines)
    # the last event is also the hint under the status
    assert page.text_content("#hint") == expected[0]


def test_card_rules_open_from_the_cards(fast, site_url, catalog):
    page = fast
    page.goto(site_url + "#play/oriflamme?seed=21&players=3&bots=1,2&level=random&names=Ann")
    wait_python(page)
    assert wait_idle(page) == "turn"
    s = state(page)
    card = s["view"]["hand"][0]
    # the (i) of a hand card on the canvas
    page.mouse.click(**xy(hook(page, "handInfoCenter", card)))
    info = page.locator("#of-info")
    assert info.is_visible()
    assert page.text_content("#of-info-title") == catalog[f"oriflamme.card.{card}"]
    assert page.text_content("#of-info-text") == catalog[f"oriflamme.card.{card}.text"]
    page.locator("#of-info-close").click()
    assert not info.is_visible()
    # the (i) beside each card in the decision panel
    other = s["view"]["hand"][1]
    page.locator(f"#of-choices [data-info='{other}']").click()
    assert page.text_content("#of-info-title") == catalog[f"oriflamme.card.{other}"]
    page.keyboard.press("Escape")
    assert not info.is_visible()
    # a face-up card in the queue: play on until one is there, then click it
    for _ in range(80):
        kind = wait_idle(page)
        assert kind != "over"
        s = state(page)
        up = [i for i, slot in enumerate(s["view"]["queue"]) if slot["cards"][-1]["up"]]
        if up and s["view"]["pending"]["kind"] == "place":
            break
        buttons = page.locator("#of-choices button[data-move]")
        act(page, buttons.first)
    slot = up[0]
    top = s["view"]["queue"][slot]["cards"][-1]["card"]
    page.mouse.click(**xy(hook(page, "slotCenter", slot)))
    assert info.is_visible()
    assert page.text_content("#of-info-title") == catalog[f"oriflamme.card.{top}"]
    assert page.text_content("#of-info-text") == catalog[f"oriflamme.card.{top}.text"]
    assert f"{slot + 1}" in page.text_content("#of-info-extra")
    # the reference lists all ten cards
    page.locator("#of-info-close").click()
    page.locator(".ofl-rules summary").click()
    assert page.locator("#of-card-ref li").count() == len(CARDS)
    for c in CARDS:
        assert catalog[f"oriflamme.card.{c}.text"] in page.text_content(f"#of-card-ref li[data-card={c}]")


def test_names_with_markup_are_text(fast, site_url, catalog):
    page = fast
    tricky = "<b>x</b>"
    other = "Zoë & co"
    page.goto(site_url + "#play/oriflamme?seed=4&players=3&bots=2&names=" + quote(tricky, safe="") + "," + quote(other, safe=""))
    wait_python(page)
    kind = wait_idle(page)
    shown_privacy = False
    for _ in range(20):
        if kind == "privacy":
            shown_privacy = True
            assert page.locator("#privacy b").count() == 0
            who = page.evaluate("window.__pygames.oriflamme.waitingFor()")
            assert [tricky, other][who] in page.text_content("#privacy-title")
            page.locator("#privacy-continue").click()
        elif kind == "turn":
            s = state(page)
            if s["to_move"] == 0:
                break
            act(page, page.locator("#of-choices button[data-move]").first)
        kind = wait_idle(page)
    assert shown_privacy
    assert tricky in page.text_content("#status")
    assert tricky in page.text_content("#of-hand-text")
    assert page.locator("#view-game b, #privacy b").count() == 0
    assert tricky in page.get_attribute("#of-board", "aria-label")


def test_saved_game_resumes(fast, site_url, catalog):
    page = fast
    route = "#play/oriflamme?seed=9&players=3&bots=&names=A,B,C"
    page.goto(site_url + route)
    wait_python(page)
    for _ in range(6):
        if wait_idle(page) == "privacy":
            page.locator("#privacy-continue").click()
            continue
        act(page, page.locator("#of-choices button[data-move]").first)
    record = state(page)["record"]
    page.goto(site_url + "#")
    resume = page.locator("[data-resume=oriflamme]")
    resume.wait_for()
    resume.click()
    page.wait_for_function("location.hash.startsWith('#play/oriflamme?')")
    assert wait_idle(page) == "privacy"  # the device may have changed hands meanwhile
    page.locator("#privacy-continue").click()
    assert wait_idle(page) == "turn"
    assert state(page)["record"] == record


# ----------------------------------------------------------------------------- start page and setup


def test_start_page_lists_oriflamme_and_sets_up_seats(fast, site_url, catalog):
    page = fast
    page.goto(site_url)
    card = page.locator(".game-card[data-game=oriflamme]")
    card.wait_for()
    assert card.get_attribute("data-coming") is None
    wait_python(page)
    page.wait_for_timeout(300)  # the list is refreshed from the bridge once Python is up
    card = page.locator(".game-card[data-game=oriflamme]")
    assert card.get_attribute("data-coming") is None
    assert catalog["ui.games.coming"] not in card.text_content()
    page.locator("button[data-play=oriflamme]").click()
    dialog = page.locator("#seats-dialog")
    assert dialog.is_visible()
    assert dialog.locator("input[name=players]").count() == 3  # 3, 4 or 5 players
    dialog.locator("input[name=players][value='4']").check(force=True)
    assert dialog.locator(".seat-row:visible").count() == 4
    dialog.locator("input[name=name0]").fill("Ann")
    dialog.locator("input[name=kind0][value=human]").check(force=True)
    for s in (1, 2, 3):
        dialog.locator(f"input[name=kind{s}][value=bot]").check(force=True)
    dialog.locator("select[name=level2]").select_option("random")
    page.locator("#seats-start").click()
    page.wait_for_function("location.hash.startsWith('#play/oriflamme?')")
    hash_ = page.evaluate("location.hash")
    assert "players=4" in hash_ and "bots=1,2,3" in hash_ and "level=heuristic,random,heuristic" in hash_
    assert "names=Ann" in hash_
    assert page.evaluate("window.__pygames.oriflamme.route()") == hash_
    # one human: no privacy screen, the human's hand is on the table
    for _ in range(30):
        kind = wait_idle(page)
        assert kind != "privacy"
        if kind == "turn":
            break
    assert state(page)["view"]["seat"] == 0
    assert page.locator("#of-board").is_visible()

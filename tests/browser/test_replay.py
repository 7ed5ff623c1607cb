"""The replay of every finished game, in every mode (built site, Chromium, a 390x844 phone): a
hot-seat game from its end screen, a game against bots from My games, and a link game from its
end screen once the audit verified it. Each steps back and forth and jumps to a move: the board
is given the engine's position after that move with every hand and face-down card open, the
headline names that move, every hand is listed, and the board stays inside the phone's screen.
axe finds nothing on the replay screen. Okiya's replay carries the perfect player's verdicts and
rings; its hint marks the best tile on the board and on its move button.

Needs `python build.py` first; `site_url` serves dist/site under a sub-path.
"""

from __future__ import annotations

import math

import pytest
from helpers import READY_MS, REGISTRY, STEP_MS, finished_record, fmt, open_finished, vs_bots, wait_python
from playwright.sync_api import expect
from test_axe import axe_js, violations  # noqa: F401 - axe_js is a fixture
from test_link_play import SETTLED_JS, fragment

from pygames import GAMES, bridge
from pygames.link import api
from pygames.link.simulate import play_by_link

pytestmark = pytest.mark.usefixtures("no_page_errors")

PHONE = {"width": 390, "height": 844}
NAMES = ["Ann", "Ben", "Cy", "Di", "Ed"]
#: The replay is open and drew its first position.
OPENED_JS = (
    "() => { const d = document.querySelector('#replay');"
    " return !!d && !!d.dataset.step && !d.hasAttribute('aria-busy'); }"
)
SHOWN_JS = "() => window.__pygames.replay && window.__pygames.replay.shown()"


def shown_at(page, step: int) -> dict:
    """Wait until the replay shows the position after `step` moves (drawn), and return it."""
    page.wait_for_function(
        "n => { const r = window.__pygames.replay; const s = r && r.open() && r.shown();"
        " return !!s && s.step === n && !document.querySelector('#replay').hasAttribute('aria-busy'); }",
        arg=step,
        timeout=STEP_MS,
    )
    return page.evaluate(SHOWN_JS)


def assert_board_in_view(page) -> None:
    """The board is drawn inside the phone's screen, big enough to read."""
    box = page.locator("#replay-board canvas").bounding_box()
    assert box and box["height"] >= 200 and box["width"] >= 300, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box


def check_step(page, game: str, step: int, want: dict, names: list[str], catalog) -> None:
    """The replay shows the engine's answer for `step` (`want`: the position then, every hand
    open), names its move in the headline, lists every hand and keeps the board in view."""
    got = shown_at(page, step)
    assert got["view"] == want["view"]
    assert (got["steps"], got["move"], got["seat"]) == (want["steps"], want["move"], want["seat"])
    view = got["view"]
    if REGISTRY[game]["secrets"]:
        assert view["open"] is True and all(hand is not None for hand in view["hands"])
        if game == "oriflamme":  # every face-down card is named
            assert all(card["card"] for entry in view["queue"] for card in entry["cards"])
        hands = page.locator("#replay-hands li")
        expect(hands).to_have_count(len(view["hands"]))
        for seat in range(len(view["hands"])):
            expect(hands.nth(seat)).to_contain_text(names[seat])
    if step:
        head = fmt(catalog["ui.replay.step"], step=step, steps=want["steps"], name=names[want["seat"]])
        expect(page.locator("#replay-headline")).to_contain_text(head.split("{move}")[0])
    else:
        expect(page.locator("#replay-headline")).to_have_text(fmt(catalog["ui.replay.start"], steps=want["steps"]))
    expect(page.locator(f'#replay-moves button[data-step="{step}"]')).to_have_attribute("aria-current", "step")
    assert_board_in_view(page)


def step_through(page, game: str, answer, names: list[str], catalog) -> int:
    """Open at the end, step back, forward, jump to a move in the list, drag the slider to the
    start; each time the position the engine gives (`answer(step)`). Returns the steps."""
    page.wait_for_function(OPENED_JS)
    end = page.evaluate(SHOWN_JS)
    steps = end["steps"]
    assert end["step"] == steps and steps > 2
    check_step(page, game, steps, answer(steps), names, catalog)
    expect(page.locator("#replay-outcome")).to_be_visible()  # the end says how it ended
    page.locator("#replay-prev").click()
    check_step(page, game, steps - 1, answer(steps - 1), names, catalog)
    page.locator("#replay-next").click()
    check_step(page, game, steps, answer(steps), names, catalog)
    middle = steps // 2
    page.locator(f'#replay-moves button[data-step="{middle}"]').click()
    check_step(page, game, middle, answer(middle), names, catalog)
    page.keyboard.press("ArrowLeft")
    check_step(page, game, middle - 1, answer(middle - 1), names, catalog)
    page.locator("#replay-slider").fill("0")
    check_step(page, game, 0, answer(0), names, catalog)
    return steps


def open_replay(page, button) -> None:
    button.click()
    page.wait_for_function(SHOWN_JS, timeout=STEP_MS)
    expect(page.locator("#replay")).to_be_visible()


@pytest.mark.parametrize("game", list(GAMES))
def test_replay_in_every_mode(browser, site_url, catalog, axe_js, game):  # noqa: F811 - the axe_js fixture
    context = browser.new_context(viewport=PHONE, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("window.__pygamesBotPauseMs = 0")
    players = min(REGISTRY[game]["players"])
    names = NAMES[:players]
    try:
        # hot-seat: the end screen's Replay
        record = finished_record(game, 7, players)
        route = f"#play/{game}?seed=7&players={players}&bots=&names={','.join(names)}"
        open_finished(page, site_url, game, route, record)
        open_replay(page, page.locator("#view-game button[id$='-replay']:visible"))
        step_through(page, game, lambda k: bridge.replay(record, k), names, catalog)
        assert violations(page, axe_js) == []
        page.locator("#replay-close").click()
        expect(page.locator("#replay")).to_have_count(0)

        # against bots: My games lists the finished game, its Replay opens right there
        bots = finished_record(game, 8, players)
        open_finished(page, site_url, game, vs_bots(game, 8, names="Ann"), bots)
        page.goto(site_url + "#my-games")
        page.wait_for_function(SETTLED_JS, arg="my-games", timeout=READY_MS)
        item = page.locator(f'#played-list > li[data-game="{game}"][data-over="true"]').first
        expect(item.locator('[data-action="replay"]')).to_have_text(catalog["ui.replay.open"])
        open_replay(page, item.locator('[data-action="replay"]'))
        bot_names = ["Ann"] + [fmt(catalog["seat.default"], n=s + 1) for s in range(1, players)]
        step_through(page, game, lambda k: bridge.replay(bots, k), bot_names, catalog)
        page.keyboard.press("Escape")
        expect(page.locator("#replay")).to_have_count(0)

        # by link: the last link of a game whose audit verified every key, opened on a phone
        _, table, _, _ = play_by_link(game, players, 4, names=names)
        assert table["audit"]["state"] == "verified"
        frag = fragment(table["link"]) if "#" in table["link"] else table["link"]
        page.goto(site_url + "#" + frag)
        wait_python(page)
        page.wait_for_function(SETTLED_JS, arg=frag, timeout=READY_MS)
        open_replay(page, page.locator("#link-replay-open"))
        step_through(page, game, lambda k: api.link_replay(table["link"], {}, k), names, catalog)
        # the audit verified every key: "Why this move?" weighs the moves with every hand open
        step = next(n for n in range(2, 40) if not bridge.link_weigh(table["link"], {}, n)["forced"])
        page.locator(f'#replay-moves button[data-step="{step}"]').click()
        shown_at(page, step)
        ask_why(page, bridge.link_weigh(table["link"], {}, step), names, catalog)
        assert violations(page, axe_js) == []
    finally:
        context.close()
    assert not errors, errors


def test_okiya_replay_is_the_review_and_the_hint_marks_its_tile(fast, site_url, catalog):
    page = fast
    page.set_viewport_size(PHONE)
    # the hint: a star-marked ring on the board and a "Best" badge on the tile's button
    seed = next(s for s in range(1, 40) if bridge.new_match("okiya", s)["to_move"] == 0)
    page.goto(site_url + vs_bots("okiya", seed, level="perfect"))
    wait_python(page)
    page.wait_for_function("document.querySelector('#status').dataset.state === 'turn'", timeout=READY_MS)
    page.locator("#ok-hint").click()
    page.wait_for_function("() => window.__pygames.okiya.marks().best.length > 0", timeout=STEP_MS)
    best = page.evaluate("window.__pygames.okiya.marks()").get("best")
    start = bridge.new_match("okiya", seed)["record"]
    assert sorted(best) == sorted(bridge.hint(start)["cells"])
    hinted = page.locator("#ok-moves button[data-hint=best]")
    expect(hinted).to_have_count(len(best))
    for i in range(len(best)):
        expect(hinted.nth(i)).to_contain_text(catalog["ui.okiya.hint.badge"])
        assert catalog["ui.okiya.hint.badge"] in hinted.nth(i).get_attribute("aria-label")
    others = page.locator("#ok-moves button[data-move]:not([data-hint])")
    expect(others.locator(".ok-hint-badge")).to_have_count(0)

    # the replay of a finished game carries the perfect player's verdict on every move
    record = finished_record("okiya", 7, 2)
    review = bridge.review(record)
    open_finished(page, site_url, "okiya", vs_bots("okiya", 7), record)
    open_replay(page, page.locator("#ok-replay"))
    moves = review["moves"]
    labelled = page.locator("#replay-moves button[data-label]")
    expect(labelled).to_have_count(len(moves))
    assert labelled.evaluate_all("bs => bs.map(b => b.dataset.label)") == [m["label"] for m in moves]
    firsts = [i for i in review["first_mistake"] if i is not None]
    if firsts:
        first = min(firsts)
        player = ["Ann", catalog["ui.okiya.seat.1"]][moves[first]["seat"]]  # the bot keeps its colour's name
        summary = fmt(catalog["ui.okiya.review.first_mistake"], player=player, n=first + 1)
    else:
        first, summary = 1, catalog["ui.okiya.review.no_mistake"]
    expect(page.locator("#replay-summary")).to_have_text(summary)
    # the move picked: its tile and the best ones ringed on the board, its verdict in words
    page.locator(f'#replay-moves button[data-step="{first + 1}"]').click()
    shown_at(page, first + 1)
    verdict = moves[first]
    assert page.evaluate("window.__pygames.replay.marks()") == {"played": verdict["cell"], "best": verdict["best"]}
    expect(page.locator("#replay-note")).to_contain_text(catalog["ui.okiya.review.detail"].split("{")[0].strip())


def test_each_game_of_an_okiya_match_replays(fast, site_url, catalog):
    """A best-of-three match's replay opens on its last game and picks any other, each with its
    own moves, positions and verdicts."""
    page = fast
    page.set_viewport_size(PHONE)
    record = finished_record("okiya", 3, 2, "best_of_three")
    games = record["games"]
    assert len(games) >= 2
    open_finished(page, site_url, "okiya", vs_bots("okiya", 3) + "&format=best_of_three", record)
    open_replay(page, page.locator("#ok-replay"))
    picks = page.locator("#replay-games button")
    expect(picks).to_have_count(len(games))
    expect(picks.nth(len(games) - 1)).to_have_attribute("aria-pressed", "true")
    for index in range(len(games)):
        expect(picks.nth(index)).to_have_text(fmt(catalog["ui.replay.game"], n=index + 1))
    picks.nth(0).click()
    expect(picks.nth(0)).to_have_attribute("aria-pressed", "true")
    want = bridge.replay(record, 10**9, 0)
    got = shown_at(page, want["steps"])
    assert (got["game"], got["view"]) == (0, want["view"])
    expect(page.locator("#replay-moves button[data-step]")).to_have_count(len(games[0]) + 1)
    labels = page.locator("#replay-moves button[data-label]").evaluate_all("bs => bs.map(b => b.dataset.label)")
    assert labels == [m["label"] for m in want["review"]["moves"]]
    page.locator('#replay-moves button[data-step="1"]').click()
    got = shown_at(page, 1)
    assert (got["game"], got["view"]) == (0, bridge.replay(record, 1, 0)["view"])
    assert_board_in_view(page)


def ask_why(page, want: dict, names: list[str], catalog: dict) -> None:
    """Click "Why this move?" and check it lists ``want`` (the bridge's weighing) in words."""
    why = page.locator("#replay-why")
    page.locator("#replay-why-open").click()
    items = why.locator("li")
    expect(items).to_have_count(len(want["candidates"]))
    expect(why.locator("p")).to_have_text(fmt(catalog["ui.replay.why.title"], name=names[want["seat"]]))
    for i, c in enumerate(want["candidates"]):
        assert items.nth(i).get_attribute("data-move") == c["move"]
        if c["share"] is not None:
            expect(items.nth(i)).to_contain_text(f"{math.floor(100 * c['share'] + 0.5)}%")  # JS Math.round
        expect(items.nth(i)).to_have_attribute("data-played", "true" if c["played"] else "false")
    expect(why.locator('li[data-played="true"]')).to_contain_text(catalog["ui.replay.why.played"])


def test_why_this_move_lists_what_the_strongest_bot_weighed(fast, site_url, catalog, axe_js):  # noqa: F811
    """Issue 28, item 7: in the replay of a game against bots, "Why this move?" lists the best
    few moves the strongest bot weighed for the move shown, from its mover's seat, each with its
    chance to win, the move played marked; another move asks again."""
    page = fast
    page.set_viewport_size(PHONE)
    record = finished_record("oriflamme", 7, 3)
    open_finished(page, site_url, "oriflamme", vs_bots("oriflamme", 7, names="Ann,Ben,Cy"), record)
    open_replay(page, page.locator("#of-replay"))
    moves = record["games"][-1]
    step = next(n for n in range(2, len(moves)) if not bridge.weigh(record, n)["forced"])
    page.locator(f'#replay-moves button[data-step="{step}"]').click()
    shown_at(page, step)
    why = page.locator("#replay-why")
    expect(why).to_be_hidden()
    ask_why(page, bridge.weigh(record, step), ["Ann", "Ben", "Cy"], catalog)
    assert violations(page, axe_js) == []
    # another move shown: the answer goes, to be asked again
    page.keyboard.press("ArrowLeft")
    shown_at(page, step - 1)
    expect(why).to_be_hidden()


def test_okiya_says_why_the_bot_took_its_tile_during_the_game(fast, site_url, catalog):
    """Okiya has no secrets, so "Why that move?" is offered during the game: after the bot's
    move, the perfect player's word on its best tiles and on the one taken (a win, a draw or a
    loss for the bot), gone with the next move."""
    page = fast
    page.set_viewport_size(PHONE)
    seed = next(s for s in range(1, 40) if bridge.new_match("okiya", s)["to_move"] == 0)
    page.goto(site_url + vs_bots("okiya", seed, level="easy"))
    wait_python(page)
    turn = "document.querySelector('#status').dataset.state === 'turn'"
    page.wait_for_function(turn, timeout=READY_MS)
    expect(page.locator("#ok-why")).to_be_hidden()  # nobody moved yet
    page.locator("#ok-moves button[data-move]").first.click()
    page.wait_for_function(
        f"() => {turn} && JSON.parse(localStorage.getItem('pygames.okiya.save')).record.games[0].length === 2",
        timeout=STEP_MS,
    )
    page.locator("#ok-why").click()
    text = page.locator("#ok-why-text")
    record = page.evaluate("JSON.parse(localStorage.getItem('pygames.okiya.save')).record")
    want = bridge.weigh(record)
    bot = catalog["ui.okiya.seat.1"]
    expect(text).to_contain_text(fmt(catalog["ui.okiya.why.text"], player=bot).split("{list}")[0])
    verdicts = {1.0: "ui.okiya.why.win", 0.5: "ui.okiya.why.draw", 0.0: "ui.okiya.why.loss"}
    for c in want["candidates"]:
        row, col = c["data"]["cell"] // 4 + 1, c["data"]["cell"] % 4 + 1
        where = f"(row {row}, column {col})"
        expect(text).to_contain_text(where)
        if c["played"]:
            taken = fmt(catalog["ui.okiya.why.played"], tile="", verdict=catalog[verdicts[c["share"]]]).strip()
            expect(text).to_contain_text(f"{where}{taken}")
    expect(page.locator("#ok-why")).to_be_hidden()  # asked: the answer stands in its place
    page.locator("#ok-moves button[data-move]").first.click()  # the next move: the answer goes
    expect(text).to_be_hidden()

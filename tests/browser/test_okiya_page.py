"""The real built site in Chromium: start page, a hot-seat game by clicking the canvas,
a game against the perfect bot, offline reload through the service worker, a lone legal
tile that plays itself, and the sub-path the site is served under (every test runs under
/pygames/). The Okiya page's test hooks are window.__pygames.okiya (ui/hotseat.js).

Needs `python build.py` first (or `python build.py test`); `site_url` comes from the
root conftest and serves dist/site under a sub-path.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest
from helpers import OKIYA_STATE_JS as STATE_JS
from helpers import READY_MS, bot_levels, fmt, saved_route, start_frame_counter, wait_python
from playwright.sync_api import expect
from test_okiya_review_page import first_listed_game

from pygames import GAMES, bridge

STEP_MS = 60_000  # one move (a perfect bot's opening can take a while)


# ----------------------------------------------------------------------------- helpers


def end_messages(catalog: dict[str, str]) -> set[str]:
    """Every text #status may show when a game has ended."""
    names = [catalog["ui.okiya.seat.0"], catalog["ui.okiya.seat.1"]]
    out = {catalog["okiya.draw"]}
    for key in ("okiya.win.line", "okiya.win.square", "okiya.win.blockade"):
        out |= {fmt(catalog[key], name=n) for n in names}
    # a lone human facing the bot is told first whether they won
    out |= {fmt(catalog[k], detail=m) for k in ("ui.status.you_won", "ui.status.you_lost") for m in out}
    return out


@pytest.fixture
def requests_seen(page):
    """Every URL the page (and its workers) requested."""
    urls: list[str] = []
    page.context.on("request", lambda req: urls.append(req.url))
    return urls


def assert_inside(urls: list[str], site_url: str) -> None:
    """No request left the sub-path the site is served under."""
    assert urlsplit(site_url).path not in ("", "/"), "the fixture must serve under a sub-path"
    outside = [u for u in urls if not u.startswith(site_url) and not u.startswith(("data:", "blob:"))]
    assert not outside, f"requests outside {site_url}: {outside[:5]}"


def state(page) -> dict | None:
    return page.evaluate(STATE_JS)


def wait_state(page) -> None:
    page.wait_for_function(f"{STATE_JS} !== null", timeout=STEP_MS)


def cell_center(page, cell: int) -> dict:
    return page.evaluate("cell => window.__pygames.okiya.cellCenter(cell)", cell)


def wait_ply_after(page, game: int, ply: int) -> None:
    """Wait until the position moved past (game, ply)."""
    page.wait_for_function(
        f"([g, p]) => {{ const s = {STATE_JS}; return s && (s.match.game > g || s.view.ply > p); }}",
        arg=[game, ply],
        timeout=STEP_MS,
    )


# ----------------------------------------------------------------------------- 1. start page


def test_start_page_lists_every_registered_game_all_playable(page, site_url, catalog, requests_seen):
    page.goto(site_url)
    cards = page.locator(".game-card")
    cards.first.wait_for()
    # the registry's games, in its order, each named from the catalog (the shell paints them
    # without waiting for Python), each playable
    expect(cards).to_have_count(len(GAMES))
    assert cards.evaluate_all("cs => cs.map(c => c.dataset.game)") == [g["id"] for g in bridge.games()]
    for game in GAMES:
        expect(page.locator(f".game-card[data-game={game}] h2")).to_have_text(catalog[f"game.{game}"])
    wait_python(page)
    for game in GAMES:
        expect(page.locator(f"button[data-play={game}]")).to_be_enabled()
    play = page.locator("button[data-play=okiya]")
    # the seat setup sheet: hot-seat, best of three
    play.click()
    dialog = page.locator("#seats-dialog")
    expect(dialog).to_be_visible()
    dialog.locator("input[name=kind1][value=human]").check(force=True)
    expect(dialog.locator("select[name=level1]")).to_be_hidden()  # no bot, no bot level shown
    dialog.locator("input[name=format][value=best_of_three]").check(force=True)
    page.locator("#seats-start").click()
    page.wait_for_function("location.hash.startsWith('#play/okiya?')")
    hash_ = page.evaluate("location.hash")
    assert "bots=&" in hash_ and "format=best_of_three" in hash_ and re.search(r"seed=\d+", hash_)
    assert "level=" not in hash_  # nor in the link
    page.locator("button[data-move]").first.wait_for(timeout=STEP_MS)
    expect(page.locator("#matchbar")).to_be_visible()
    assert page.evaluate("document.querySelector('link[rel=manifest]').getAttribute('href')") == "manifest.webmanifest"
    assert_inside(requests_seen, site_url)


# ----------------------------------------------------------------------------- 2. hot-seat by canvas


def test_hot_seat_game_to_the_end_by_clicking_the_canvas(page, site_url, catalog, requests_seen):
    page.set_viewport_size({"width": 390, "height": 844})  # phone portrait
    page.goto(site_url + "#play/okiya?seed=5&bots=&format=single")
    wait_python(page)
    wait_state(page)
    tried_illegal = False
    for _ in range(16):
        s = state(page)
        if s["view"]["outcome"]:
            break
        if s["forced"]:  # a lone legal tile plays itself
            wait_ply_after(page, s["match"]["game"], s["view"]["ply"])
            continue
        legal = s["view"]["legal"]
        assert legal and s["to_move"] in (0, 1)
        # both seats are human: every legal move is also a button
        assert sorted(page.eval_on_selector_all("button[data-move]", "bs => bs.map(b => b.dataset.move)")) == sorted(
            s["legal"]
        )
        blocked = None
        if not tried_illegal:
            # a tile that is not legal (a centre tile on the opening) does nothing: the
            # next move the record holds is the legal one clicked after it
            blocked = next(c for c in range(16) if c not in legal and s["view"]["tokens"][c] is None)
            c = cell_center(page, blocked)
            page.mouse.click(c["x"], c["y"])
            tried_illegal = True
        cell = legal[len(legal) // 2]
        c = cell_center(page, cell)
        assert c["size"] >= 44, "touch targets must be at least 44 px"
        page.mouse.click(c["x"], c["y"])
        wait_ply_after(page, s["match"]["game"], s["view"]["ply"])
        after = state(page)
        assert after["view"]["tokens"][cell] == s["to_move"]
        clicked = next(m["text"] for m in s["moves"] if m["cell"] == cell)
        assert after["record"]["games"][-1][len(s["record"]["games"][-1])] == clicked
        if blocked is not None:
            assert after["view"]["tokens"][blocked] is None
    final = state(page)
    assert final["view"]["outcome"] is not None
    page.wait_for_function("document.querySelector('#status').dataset.state === 'over'")
    assert page.text_content("#status") in end_messages(catalog)
    expect(page.locator("button[data-move]")).to_have_count(0)
    expect(page.locator("#ok-end")).to_be_visible()
    expect(page.locator("#ok-rematch")).to_be_visible()
    assert_inside(requests_seen, site_url)


# ----------------------------------------------------------------------------- 3. against the perfect bot


def test_game_against_the_perfect_bot_keeps_the_page_alive(page, site_url, catalog, requests_seen):
    page.goto(site_url + "#play/okiya?seed=11&bots=1&level=perfect&format=single")
    wait_python(page)
    start_frame_counter(page)
    thinking_checked = 0
    for _ in range(40):
        page.wait_for_function(
            "() => document.querySelector('button[data-move]')"
            " || document.querySelector('#status').dataset.state === 'over'"
            " || document.querySelector('#status').dataset.state === 'thinking'",
            timeout=STEP_MS,
        )
        st = page.locator("#status").get_attribute("data-state")
        if st == "over":
            break
        if st == "thinking":
            # the bot (seat 1) is choosing: no move buttons while it thinks, and the page keeps
            # painting (a frozen main thread paints no frame until the bot has answered); both
            # read in the page at once, since the bot may answer at any moment
            before = page.evaluate("window.__frames")
            seen = page.wait_for_function(
                "b => { const thinking = document.querySelector('#status').dataset.state === 'thinking';"
                " if (thinking && document.querySelector('button[data-move]')) return 'buttons while thinking';"
                " return thinking && window.__frames >= b + 2 ? 'painting' : !thinking && 'answered'; }",
                arg=before,
                timeout=STEP_MS,
            ).json_value()
            assert seen in ("painting", "answered"), seen
            if seen == "painting":
                thinking_checked += 1
            page.wait_for_function("document.querySelector('#status').dataset.state !== 'thinking'", timeout=STEP_MS)
            continue
        s = state(page)
        assert s["to_move"] == 0
        button = page.locator("button[data-move]").first
        label = button.get_attribute("aria-label")
        assert re.search(r"\(row \d, column \d\)", label), label
        button.click()
        wait_ply_after(page, s["match"]["game"], s["view"]["ply"])
    final = state(page)
    assert final["view"]["outcome"] is not None
    assert page.text_content("#status") in end_messages(catalog)
    assert thinking_checked >= 1
    # the perfect bot played: its moves are the solver's (seeded, the same in Python here), the
    # saved game names it, and the end says how the human fared against it
    expected = first_listed_game(11)
    assert final["record"]["games"] == expected["games"]
    assert bot_levels(saved_route(page, "okiya")) == {1: "perfect"}
    winners = bridge.state(expected)["view"]["outcome"]["winners"]
    title = "you_win" if 0 in winners else "you_lose" if winners else "draw"
    expect(page.locator("#ok-end-title")).to_have_text(catalog[f"ui.end.title.{title}"])
    assert_inside(requests_seen, site_url)


# ----------------------------------------------------------------------------- 4. offline


def test_offline_reload_through_the_service_worker(page, site_url, requests_seen):
    page.goto(site_url)
    wait_python(page)
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=READY_MS)
    page.context.set_offline(True)
    try:
        response = page.reload()
        assert response is None or response.from_service_worker
        wait_python(page)
        # start a game from the start page, offline
        page.locator("button[data-play=okiya]").click()
        expect(page.locator("#seats-dialog")).to_be_visible()
        page.locator("input[name=kind0][value=human]").check(force=True)
        page.locator("input[name=kind1][value=bot]").check(force=True)
        page.locator("select[name=level1]").select_option("easy")
        page.locator("#seats-start").click()
        page.wait_for_function(
            "() => document.querySelector('button[data-move]')"
            " || document.querySelector('#status').dataset.state === 'thinking'",
            timeout=STEP_MS,
        )
        page.locator("button[data-move]").first.wait_for(timeout=STEP_MS)
        s = state(page)
        page.locator("button[data-move]").first.click()
        wait_ply_after(page, s["match"]["game"], s["view"]["ply"])
        # and a reload while offline resumes the same game
        played = state(page)["record"]
        page.reload()
        wait_python(page)
        wait_state(page)
        assert state(page)["record"]["games"][0][: len(played["games"][0])] == played["games"][0]
    finally:
        page.context.set_offline(False)
    assert_inside(requests_seen, site_url)


# ----------------------------------------------------------------------------- match, undo


def play_with_buttons_until_over(page) -> dict:
    for _ in range(20):
        s = state(page)
        if s["view"]["outcome"]:
            return s
        if not s["forced"]:  # a lone legal tile plays itself
            page.locator("button[data-move]").first.click()
        wait_ply_after(page, s["match"]["game"], s["view"]["ply"])
    raise AssertionError("the game did not end in 16 moves")


def test_best_of_three_next_game_and_score(page, site_url, catalog):
    page.goto(site_url + "#play/okiya?seed=21&bots=&format=best_of_three")
    wait_python(page)
    page.locator("button[data-move]").first.wait_for(timeout=STEP_MS)
    first = play_with_buttons_until_over(page)
    match = first["match"]
    assert match["format"] == "best_of_three" and match["game"] == 1
    a, b = match["score"]
    score = fmt(catalog["ui.match.score"], p0=catalog["ui.okiya.seat.0"], a=a, p1=catalog["ui.okiya.seat.1"], b=b)
    expect(page.locator("#matchbar")).to_contain_text(score)
    assert match["can_continue"]  # one game never decides a best of three
    page.locator("#ok-next").click()
    page.wait_for_function(f"{STATE_JS}.match.game === 2", timeout=STEP_MS)
    second = state(page)
    assert second["view"]["ply"] == 0 and second["view"]["outcome"] is None
    winners = first["view"]["outcome"]["winners"]
    if winners:  # the loser starts the next game
        assert second["match"]["starter"] == 1 - winners[0]
    expect(page.locator("button[data-move]")).to_have_count(len(second["legal"]))
    expect(page.locator("#matchbar")).to_contain_text(fmt(catalog["ui.match.game"], n=2))


def test_undo_against_a_bot_returns_to_the_human_turn(page, site_url):
    page.goto(site_url + "#play/okiya?seed=4&bots=1&level=easy&format=single")
    wait_python(page)
    page.locator("button[data-move]").first.wait_for(timeout=STEP_MS)
    before = state(page)
    page.locator("button[data-move]").first.click()
    # the bot's answer: the human is to move again, two plies on, with buttons to click
    page.wait_for_function(
        f"p => {{ const s = {STATE_JS}; return !!s && s.view.ply === p && s.to_move === 0"
        " && !!document.querySelector('button[data-move]'); }",
        arg=before["view"]["ply"] + 2,
        timeout=STEP_MS,
    )
    page.locator("#ok-undo").click()
    # back to the position before the human's move (read in the page at once)
    page.wait_for_function(
        f"want => {{ const s = {STATE_JS}; return !!s && JSON.stringify(s.record) === want && s.to_move === 0"
        " && !!document.querySelector('button[data-move]'); }",
        arg=json.dumps(before["record"], separators=(",", ":")),
        timeout=STEP_MS,
    )
    assert state(page)["view"]["ply"] == before["view"]["ply"]


def test_undo_waits_for_a_humans_move_when_the_bot_opens(page, site_url):
    # seat 0 opens and is the bot: after its first move the human has nothing to take back
    page.goto(site_url + "#play/okiya?seed=4&bots=0&level=easy&format=single")
    wait_python(page)
    page.wait_for_function(
        f"() => {{ const s = {STATE_JS}; return !!s && s.view.ply === 1 && s.to_move === 1"
        " && !!document.querySelector('button[data-move]'); }",
        timeout=STEP_MS,
    )
    undo = page.locator("#ok-undo")
    expect(undo).to_be_visible()
    expect(undo).to_be_disabled()
    after_bot = state(page)["record"]
    page.locator("button[data-move]").first.click()
    page.wait_for_function(
        f"() => {{ const s = {STATE_JS}; return !!s && s.view.ply === 3 && s.to_move === 1"
        " && !!document.querySelector('button[data-move]'); }",
        timeout=STEP_MS,
    )
    expect(undo).to_be_enabled()
    undo.click()
    page.wait_for_function(
        f"want => {{ const s = {STATE_JS}; return !!s && JSON.stringify(s.record) === want"
        " && !!document.querySelector('button[data-move]'); }",
        arg=json.dumps(after_bot, separators=(",", ":")),
        timeout=STEP_MS,
    )
    expect(undo).to_be_disabled()


# ----------------------------------------------------------------------------- a lone legal tile


def lone_tile_game() -> tuple[int, list[str], str]:
    """A seed, the moves that lead to a position whose player has one legal tile, and that tile
    (the shortest such game found when both players take the first legal tile)."""
    best = None
    for seed in range(60):
        r = bridge.new_match("okiya", seed)
        moves: list[str] = []
        while r["to_move"] is not None and (best is None or len(moves) < len(best[1])):
            if r["forced"]:
                best = (seed, moves, r["forced"])
                break
            moves.append(r["legal"][0])
            r = bridge.play(r["record"], moves[-1])
    assert best is not None
    return best


def test_a_lone_legal_tile_plays_itself(page, site_url, catalog):
    seed, moves, lone = lone_tile_game()
    page.add_init_script("window.__pygamesBotPauseMs = 1500")  # the pause before it plays: long enough to look
    page.goto(site_url + f"#play/okiya?seed={seed}&bots=&format=single")
    wait_python(page)
    wait_state(page)
    for move in moves:
        s = state(page)
        page.locator(f"button[data-move='{move}']").click()
        wait_ply_after(page, s["match"]["game"], s["view"]["ply"])
    # the player to move has one tile: the page shows it, offers no button, says why (all read
    # in the page at once: the pause before the tile plays itself is short)
    r = bridge.new_match("okiya", seed)
    for move in moves:
        r = bridge.play(r["record"], move)
    want = fmt(catalog["ui.okiya.hint.forced"], player=catalog[f"ui.okiya.seat.{r['to_move']}"])
    shown = page.wait_for_function(
        "want => { const h = window.__pygames.okiya; const f = h.forced();"
        " if (!f || document.querySelector('button[data-move]')) return false;"
        " return document.querySelector('#hint').textContent === want && {forced: f, state: h.state()}; }",
        arg=want,
        timeout=STEP_MS,
    ).json_value()
    forced, s = shown["forced"], shown["state"]
    assert s["forced"] == lone and s["legal"] == [lone]
    assert (forced["move"], forced["seat"], forced["data"]["text"]) == (lone, s["to_move"], lone)
    # ... and takes it by itself
    page.wait_for_function(
        "n => window.__pygames.okiya.state().record.games[0].length > n", arg=len(moves), timeout=STEP_MS
    )
    assert state(page)["record"]["games"][0][: len(moves) + 1] == [*moves, lone]

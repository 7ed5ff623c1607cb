"""The real built site in Chromium: start page, a hot-seat game by clicking the canvas,
a game against the perfect bot, offline reload through the service worker, and the
sub-path the site is served under (every test runs under /pygames/).

Needs `python build.py` first (or `python build.py test`); `site_url` comes from the
root conftest and serves dist/site under a sub-path.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from helpers import READY_MS, fmt, start_frame_counter, wait_python

STEP_MS = 60_000  # one move (a perfect bot's opening can take a while)


# ----------------------------------------------------------------------------- helpers


def end_messages(catalog: dict[str, str]) -> set[str]:
    """Every text #status may show when a game has ended."""
    names = [catalog["ui.seat.0"], catalog["ui.seat.1"]]
    out = {catalog["okiya.draw"]}
    for key in ("okiya.win.line", "okiya.win.square", "okiya.win.blockade"):
        out |= {fmt(catalog[key], name=n) for n in names}
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
    return page.evaluate("window.__pygames.state()")


def wait_ply_after(page, game: int, ply: int) -> None:
    """Wait until the position moved past (game, ply)."""
    page.wait_for_function(
        "([g, p]) => { const s = window.__pygames.state();"
        " return s && (s.match.game > g || s.view.ply > p); }",
        arg=[game, ply],
        timeout=STEP_MS,
    )


# ----------------------------------------------------------------------------- 1. start page


def test_start_page_lists_three_games_all_playable(page, site_url, catalog, requests_seen):
    page.goto(site_url)
    cards = page.locator(".game-card")
    cards.first.wait_for()
    assert cards.count() == 3
    assert [cards.nth(i).get_attribute("data-game") for i in range(3)] == ["okiya", "oriflamme", "turncoats"]
    # the shell paints from the catalog without waiting for Python
    assert page.locator(".game-card[data-game=okiya] h2").text_content() == catalog["game.okiya"]
    coming = page.locator(".game-card[data-coming]")
    for i in range(coming.count()):
        assert catalog["ui.games.coming"] in coming.nth(i).text_content()
    for playable in ("okiya", "oriflamme", "turncoats"):
        assert page.locator(f".game-card[data-game={playable}][data-coming]").count() == 0
        assert page.locator(f"button[data-play={playable}]").count() == 1
    play = page.locator("button[data-play=okiya]")
    assert play.is_enabled()
    # the new-game panel: hot-seat, best of three
    play.click()
    dialog = page.locator("#newgame")
    assert dialog.is_visible()
    dialog.locator("input[name=seat1][value=human]").check(force=True)
    dialog.locator("input[name=format][value=best_of_three]").check(force=True)
    page.locator("#newgame-start").click()
    page.wait_for_function("location.hash.startsWith('#play/okiya?')")
    hash_ = page.evaluate("location.hash")
    assert "bots=&" in hash_ and "format=best_of_three" in hash_ and re.search(r"seed=\d+", hash_)
    wait_python(page)
    page.locator("button[data-move]").first.wait_for(timeout=STEP_MS)
    assert page.locator("#matchbar").is_visible()
    assert page.evaluate("document.querySelector('link[rel=manifest]').getAttribute('href')") == "manifest.webmanifest"
    assert_inside(requests_seen, site_url)


# ----------------------------------------------------------------------------- 2. hot-seat by canvas


def test_hot_seat_game_to_the_end_by_clicking_the_canvas(page, site_url, catalog, requests_seen):
    page.set_viewport_size({"width": 390, "height": 844})  # phone portrait
    page.goto(site_url + "#play/okiya?seed=5&bots=&format=single")
    wait_python(page)
    page.wait_for_function("window.__pygames.state() !== null", timeout=STEP_MS)
    tried_illegal = False
    for _ in range(16):
        s = state(page)
        if s["view"]["outcome"]:
            break
        legal = s["view"]["legal"]
        assert legal and s["to_move"] in (0, 1)
        # both seats are human: every legal move is also a button
        assert sorted(page.eval_on_selector_all("button[data-move]", "bs => bs.map(b => b.dataset.move)")) == sorted(
            s["legal"]
        )
        if not tried_illegal:
            # a tile that is not legal (a centre tile on the opening) does nothing
            blocked = next(c for c in range(16) if c not in legal and s["view"]["tokens"][c] is None)
            c = page.evaluate("cell => window.__pygames.cellCenter(cell)", blocked)
            page.mouse.click(c["x"], c["y"])
            page.wait_for_timeout(300)
            assert state(page)["view"]["ply"] == s["view"]["ply"]
            tried_illegal = True
        cell = legal[len(legal) // 2]
        c = page.evaluate("cell => window.__pygames.cellCenter(cell)", cell)
        assert c["size"] >= 44, "touch targets must be at least 44 px"
        page.mouse.click(c["x"], c["y"])
        wait_ply_after(page, s["match"]["game"], s["view"]["ply"])
        after = state(page)
        assert after["view"]["tokens"][cell] == s["to_move"]
    final = state(page)
    assert final["view"]["outcome"] is not None
    page.wait_for_function("document.querySelector('#status').dataset.state === 'over'")
    assert page.text_content("#status") in end_messages(catalog)
    assert page.locator("button[data-move]").count() == 0
    assert page.locator("#endpanel").is_visible()
    assert page.locator("#btn-rematch").is_visible()
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
            # the bot (seat 1) is choosing: no move buttons, and the page keeps painting
            assert page.locator("button[data-move]").count() == 0
            # (a frozen main thread gives 0 frames; a busy 2-core machine still gives several)
            before = page.evaluate("window.__frames")
            page.wait_for_timeout(400)
            if page.locator("#status").get_attribute("data-state") == "thinking":
                assert page.evaluate("window.__frames") >= before + 2, "the page froze while the bot thought"
                thinking_checked += 1
            page.wait_for_function(
                "document.querySelector('#status').dataset.state !== 'thinking'", timeout=STEP_MS
            )
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
    assert page.text_content("#end-title") in {
        catalog["ui.end.title.you_win"],
        catalog["ui.end.title.you_lose"],
        catalog["ui.end.title.draw"],
    }
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
        page.locator("input[name=seat0][value=human]").check(force=True)
        page.locator("input[name=seat1][value=bot]").check(force=True)
        page.locator("input[name=level][value=easy]").check(force=True)
        page.locator("#newgame-start").click()
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
        page.wait_for_function("window.__pygames.state() !== null", timeout=STEP_MS)
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
    bar = page.text_content("#matchbar")
    a, b = match["score"]
    assert fmt(catalog["ui.match.score"], p0=catalog["ui.seat.0"], a=a, p1=catalog["ui.seat.1"], b=b) in bar
    if match["can_continue"]:
        page.locator("#btn-next").click()
        page.wait_for_function("window.__pygames.state().match.game === 2", timeout=STEP_MS)
        second = state(page)
        assert second["view"]["ply"] == 0 and second["view"]["outcome"] is None
        winners = first["view"]["outcome"]["winners"]
        if winners:  # the loser starts the next game
            assert second["match"]["starter"] == 1 - winners[0]
        assert page.locator("button[data-move]").count() == len(second["legal"])
        assert catalog["ui.match.game"].replace("{n}", "2") in page.text_content("#matchbar")


def test_undo_against_a_bot_returns_to_the_human_turn(page, site_url):
    page.goto(site_url + "#play/okiya?seed=4&bots=1&level=easy&format=single")
    wait_python(page)
    page.locator("button[data-move]").first.wait_for(timeout=STEP_MS)
    before = state(page)
    page.locator("button[data-move]").first.click()
    # wait for the bot's answer: the human is to move again
    page.locator("button[data-move]").first.wait_for(timeout=STEP_MS)
    assert state(page)["view"]["ply"] == before["view"]["ply"] + 2
    page.locator("#btn-undo").click()
    page.wait_for_function(
        "ply => window.__pygames.state().view.ply === ply", arg=before["view"]["ply"], timeout=STEP_MS
    )
    after = state(page)
    assert after["record"] == before["record"]
    assert after["to_move"] == 0
    page.locator("button[data-move]").first.wait_for(timeout=STEP_MS)

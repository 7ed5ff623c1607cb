"""Learning from the perfect player on the Okiya page (built site, Chromium): a game lost to
the perfect bot, a hint asked on the way, and the review that shows the first move that threw
the result away, checked against the solver run here in Python.

Needs `python build.py` first; `site_url` serves dist/site under a sub-path.
"""

from __future__ import annotations

import pytest
from helpers import OKIYA_STATE_JS as STATE_JS
from helpers import fmt, wait_python
from playwright.sync_api import expect

from pygames import bridge
from pygames.okiya import new_game, solver

pytestmark = pytest.mark.usefixtures("no_page_errors")

STEP_MS = 60_000  # one move (a perfect bot's opening can take a while)


def first_listed_game(seed: int) -> dict:
    """The record of seed ``seed`` where seat 0 always takes the first listed tile and seat 1
    is the perfect bot (the bot's choice is seeded, so the page plays the same game)."""
    record = bridge.new_match("okiya", seed)["record"]
    while (res := bridge.state(record))["to_move"] is not None:
        move = res["legal"][0] if res["to_move"] == 0 else bridge.bot_move(record, "perfect")["move"]
        record = bridge.play(record, move)["record"]
    return record


def lost_game_with_a_late_mistake() -> tuple[int, dict, int]:
    """A seed whose first-listed-tile game seat 0 loses after a move that threw a result away
    (not its first move), the record, and that move's index, found with the solver."""
    for seed in range(1, 60):
        record = first_listed_game(seed)
        state = new_game(2, seed)
        first = None
        for ply, move in enumerate(record["games"][0]):
            if state.to_move == 0 and first is None:
                scores = {m.cell: s for m, s in solver.solve(state).items()}
                played = solver.outcome(scores[state.parse_move(move).cell])
                if played < solver.outcome(max(scores.values())):
                    first = ply
            state = state.play(move)
        if state.outcome.winners == (1,) and first:
            return seed, record, first
    raise AssertionError("no such game in seeds 1-59")


def wait_moved_past(page, ply: int) -> None:
    page.wait_for_function(f"p => {{ const s = {STATE_JS}; return s && s.view.ply > p; }}", arg=ply, timeout=STEP_MS)


def test_review_after_a_lost_game_shows_the_first_move_that_threw_it_away(page, site_url, catalog):
    seed, expected, first = lost_game_with_a_late_mistake()
    page.goto(site_url + f"#play/okiya?seed={seed}&bots=1&level=perfect&format=single")
    wait_python(page)
    hinted = False
    for _ in range(20):
        page.wait_for_function(
            "() => (document.querySelector('button[data-move]') && !window.__pygames.okiya.busy())"
            " || document.querySelector('#status').dataset.state === 'over'",
            timeout=STEP_MS,
        )
        s = page.evaluate(STATE_JS)
        if s["view"]["outcome"]:
            break
        if not hinted:
            # a hint rings the perfect player's tiles, says them, and the record counts it
            page.locator("#ok-hint").click()
            page.wait_for_function(f"() => ({STATE_JS}).record.hints", timeout=STEP_MS)
            state = new_game(2, seed)
            for move in s["record"]["games"][0]:
                state = state.play(move)
            best = [m.cell for m in solver.best_moves(state)]
            assert page.evaluate("window.__pygames.okiya.marks()")["best"] == best
            assert page.evaluate(STATE_JS)["record"]["hints"] == [1, 0]
            expect(page.locator("#hint")).to_contain_text(catalog["ui.okiya.hint.best"].split("{")[0].strip())
            hinted = True
        page.locator("button[data-move]").first.click()
        wait_moved_past(page, s["view"]["ply"])
    page.wait_for_function("document.querySelector('#status').dataset.state === 'over'", timeout=STEP_MS)
    final = page.evaluate(STATE_JS)
    assert final["record"]["games"] == expected["games"]
    assert final["view"]["outcome"]["winners"] == [1]
    expect(page.locator("#ok-hints")).to_have_text(fmt(catalog["ui.okiya.hints.you"]["one"], count=1))  # the one human
    # the replay is the review: every move listed with its verdict, the first one that threw the
    # result away named
    page.locator("#ok-replay").click()
    expect(page.locator("#replay")).to_be_visible()
    moves = page.locator("#replay-moves button[data-label]")
    expect(moves).to_have_count(len(expected["games"][0]))
    expect(page.locator("#replay-summary")).to_have_text(
        fmt(catalog["ui.okiya.review.first_mistake"], player=catalog["ui.okiya.seat.0"], n=first + 1)
    )
    picked = page.locator(f'#replay-moves button[data-step="{first + 1}"]')
    picked.click()
    expect(picked).to_have_attribute("aria-current", "step")
    # its label is the solver's: the value of the position before the move, and after it
    state = new_game(2, seed)
    for move in expected["games"][0][:first]:
        state = state.play(move)
    scores = {m.cell: s for m, s in solver.solve(state).items()}
    cell = state.parse_move(expected["games"][0][first]).cell
    before, after = solver.outcome(max(scores.values())), solver.outcome(scores[cell])
    label = "threw_win" if before == 1 else "threw_draw"
    assert after < before
    expect(picked).to_have_attribute("data-label", label)
    expect(picked).to_contain_text(catalog[f"ui.okiya.review.label.{label}"])
    value = lambda x: catalog["ui.okiya.review.value." + ("win" if x > 0 else "loss" if x < 0 else "draw")]  # noqa: E731
    expect(page.locator("#replay-note")).to_contain_text(
        fmt(
            catalog["ui.okiya.review.detail"],
            player=catalog["ui.okiya.seat.0"],
            before=value(before),
            after=value(after),
        )
    )
    # the board shows the tile taken and the best ones ringed
    best = sorted(c for c, v in scores.items() if v == max(scores.values()))
    page.wait_for_function("c => (window.__pygames.replay.marks() || {}).played === c", arg=cell)
    assert page.evaluate("window.__pygames.replay.marks()") == {"played": cell, "best": best}
    # picking another move draws that one
    page.locator('#replay-moves button[data-step="1"]').click()
    page.wait_for_function(
        "c => (window.__pygames.replay.marks() || {}).played === c",
        arg=new_game(2, seed).parse_move(expected["games"][0][0]).cell,
    )
    page.locator("#replay-close").click()
    expect(page.locator("#replay")).to_have_count(0)
    assert page.evaluate("window.__pygames.okiya.marks()") == {"played": None, "best": []}

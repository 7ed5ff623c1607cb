"""Names never break a link table (the real built site, Chromium; each context is a phone):

- a name nobody can see (a zero-width space, a Hangul filler) is the seat's default name: the
  link opens on the creator's phone and on the invitee's, who joins, and the game starts;
- two seats whose names read alike ("Ann" and Greek "Αnn") show their seat number beside the
  name wherever the page names them: the seat list, the invitation, the claim button, My games.
"""

from __future__ import annotations

from helpers import STEP_MS, fmt
from playwright.sync_api import expect
from test_link_play import create_game, gather, open_link

expect.set_options(timeout=STEP_MS)


def test_names_nobody_can_see_become_the_default_names_and_the_game_starts(phones, site_url, catalog):
    ann, ben = phones.new(), phones.new()
    t = create_game(ann, "okiya", ["\u200b\u00a0", "\u3164"])
    default = [fmt(catalog["seat.default"], n=s + 1) for s in (0, 1)]
    assert t["names"] == default
    expect(ann.locator("#link-error")).to_be_hidden()
    expect(ann.locator("#link-seats")).to_contain_text(default[1])
    # the invitee's phone opens the invitation (gather: it joins, the creator's phone starts the game)
    open_link(ben, site_url, t["link"])
    claim = ben.locator('button[data-claim="1"]')
    expect(claim).to_contain_text(default[1])
    t, _ = gather({0: ann, 1: ben}, site_url, t["link"])
    assert t["phase"] == "playing" and t["names"] == default
    for page in (ann, ben):
        expect(page.locator("#link-error")).to_be_hidden()


def test_names_that_read_alike_show_their_seat_number_everywhere(phones, site_url, catalog):
    ann, ben = phones.new(), phones.new()
    names = ["Ann", "\u0391nn"]  # the second begins with Greek capital alpha
    shown = [fmt(catalog["link.seat_named"], name=name, number=s + 1) for s, name in enumerate(names)]
    assert shown == ["Ann (1)", "\u0391nn (2)"]
    t = create_game(ann, "okiya", names)
    assert t["names"] == shown
    seats = ann.locator("#link-seats")
    for name in shown:
        expect(seats).to_contain_text(name)
    expect(ann.locator("#link-panel")).to_contain_text(shown[1])  # who the invitation goes to
    open_link(ben, site_url, t["link"])
    claim = ben.locator('button[data-claim="1"]')
    expect(claim).to_contain_text(shown[1])
    t, _ = gather({0: ann, 1: ben}, site_url, t["link"])
    assert t["phase"] == "playing"
    mover = shown[t["to_move"]]
    waiting = ben if t["to_move"] == 0 else ann
    open_link(waiting, site_url, t["link"])
    expect(waiting.locator("#status")).to_contain_text(mover)
    open_link(ben, site_url, "my-games")
    games = ben.locator("#link-games")
    for name in shown:
        expect(games).to_contain_text(name)

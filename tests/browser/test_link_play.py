"""Play by link in the real built site (Chromium): separate browser contexts are
separate phones, each with its own localStorage; the only thing that travels between
them is the link (read from #link-url, opened with page.goto).

- two phones play a whole Okiya game, ending with the audit verified on both;
- three phones play a whole 3-player Oriflamme game (each link goes to TABLE.next's
  phone), ending with the audit verified on all three;
- a tampered link shows the error and changes nothing saved; an older link shows the
  notice and does not roll the game back; My games lists, archives, restores, deletes;
- a hostile player name is shown as text everywhere.

Needs `python build.py` first; `site_url` serves dist/site under a sub-path.
"""

from __future__ import annotations

import re

import pytest

from helpers import STEP_MS, fmt, wait_python

HOSTILE = "<img src=x onerror=alert(1)>"
STORE = "pygames.link.games"
VIEWPORT = {"width": 430, "height": 900}

SETTLED_JS = """f => {
  const h = window.__pygames && window.__pygames.link;
  return !!h && h.requested() === f && h.idle();
}"""
IDLE_JS = "() => { const h = window.__pygames && window.__pygames.link; return !!h && h.idle(); }"


class Phones:
    """Browser contexts standing for players' phones; fails the test on any page error or dialog."""

    def __init__(self, browser, site_url: str):
        self.browser = browser
        self.site_url = site_url
        self.contexts = []
        self.errors: list[str] = []

    def new(self):
        ctx = self.browser.new_context(viewport=VIEWPORT)
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(STEP_MS)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("dialog", lambda d: (self.errors.append(f"dialog: {d.message}"), d.dismiss()))
        page.goto(self.site_url)
        wait_python(page)
        return page

    def close(self):
        for ctx in self.contexts:
            ctx.close()


@pytest.fixture
def phones(browser, site_url):
    p = Phones(browser, site_url)
    yield p
    p.close()
    assert not p.errors, p.errors


# ----------------------------------------------------------------------------- helpers


def table(page) -> dict | None:
    return page.evaluate("window.__pygames.link.table()")


def saved(page) -> dict:
    return page.evaluate(f"JSON.parse(localStorage.getItem('{STORE}') || '{{}}')")


def fragment(url: str) -> str:
    assert "#" in url, url
    return url.split("#", 1)[1]


def link_to_send(page) -> str:
    """The link the page offers to send (the #link-url field), as a fragment."""
    field = page.locator("#link-url")
    assert field.is_visible()
    return fragment(field.input_value())


def open_link(page, site_url: str, frag: str) -> dict:
    """Open `frag` on this phone (a link, or "my-games") and wait until the page settled."""
    if "#" in page.url and fragment(page.url) == frag and page.evaluate(IDLE_JS):
        return table(page)  # already shown (the browser would not even fire hashchange)
    page.goto(site_url + "#" + frag)
    page.wait_for_function(SETTLED_JS, arg=frag)
    return table(page)


def act(page, locator) -> dict:
    """Click something that calls the bridge; wait until the page has settled again."""
    before = table(page)
    locator.click()
    page.wait_for_function(
        "n => { const h = window.__pygames.link; const t = h.table();"
        " return h.idle() && !!t && (t.events > n || !!document.querySelector('#toast:not([hidden])')); }",
        arg=before["events"] if before else -1,
    )
    return table(page)


KEPT: list[int] = []  # how often a test ticked "keep my face-down cards hidden this round"


def play_my_turns(page, *, keep_hidden: bool = False) -> dict:
    """While it is this phone's turn, play the first legal move through its data-move button."""
    t = table(page)
    while t["my_turn"]:
        assert page.locator("#status").get_attribute("data-state") == "turn"
        buttons = page.locator("#link-moves button[data-move]")
        shown = buttons.evaluate_all("els => els.map(e => e.dataset.move)")
        assert set(shown) == set(t["legal"]), "every legal move is a button"
        if keep_hidden and page.locator("#link-keep-hidden").is_visible():
            page.locator("#link-keep-hidden").check()
            KEPT.append(t["events"])
        if page.locator("#link-moves button[data-move]:visible").count() == 0:
            page.locator("#link-all-moves > summary").click()  # Turncoats: the full list folds away
        t = act(page, page.locator("#link-moves button[data-move]:visible").first)
    return t


def create_game(page, game: str, names: list[str], players: int | None = None) -> dict:
    page.locator(f'[data-link-new="{game}"]').click()
    dlg = page.locator("#link-new")
    dlg.wait_for(state="visible")
    page.locator("#link-create:not([disabled])").wait_for()
    if players is not None:
        dlg.locator(f'input[name="players"][value="{players}"]').check(force=True)
    for s, name in enumerate(names):
        page.fill(f"#link-name-{s}", name)
    page.click("#link-create")
    page.wait_for_function(IDLE_JS)
    t = table(page)
    assert t["phase"] == "joining" and t["mine"] == [0]
    return t


def gather(phones_by_seat: dict, site_url: str, first: str) -> tuple[dict, str]:
    """Pass the creator's invitation round: every seat claims, the creator starts.
    Returns the last TABLE and the link to pass on."""
    link = first
    t = table(phones_by_seat[0])
    while t["phase"] == "joining":
        nxt = t["next"]
        page = phones_by_seat[nxt["seat"]]
        t = open_link(page, site_url, link)
        if nxt["action"] == "join":
            assert page.locator("#status").get_attribute("data-state") == "claim"
            assert page.locator("#link-claim").is_visible()
            t = act(page, page.locator(f'button[data-claim="{nxt["seat"]}"]'))
            assert nxt["seat"] in t["mine"]
        if t["phase"] == "joining" or not t["my_turn"]:
            link = link_to_send(page)
        else:
            link = t["link"]
    return t, link


def pass_around(phones_by_seat: dict, site_url: str, t: dict, link: str, *, keep_hidden_seat=None, limit=400) -> tuple[dict, str, dict]:
    """Follow TABLE.next from phone to phone until nobody needs the link; returns the
    final TABLE, link and the phone that made it."""
    page = None
    for _ in range(limit):
        nxt = t["next"]
        if page is not None and nxt is None:
            return t, link, page
        if nxt is not None:
            page = phones_by_seat[nxt["seat"]]
            t = open_link(page, site_url, link)
        t = play_my_turns(page, keep_hidden=keep_hidden_seat in t["mine"])
        if t["next"] is not None:
            share = page.locator("#link-panel")
            assert share.is_visible()
            assert share.get_attribute("data-next-seat") == str(t["next"]["seat"])
        link = link_to_send(page)
        assert fragment(page.url) == t["link"] == link
    raise AssertionError("the game did not end")


def assert_verified(page, catalog):
    page.locator("#link-end").wait_for(state="visible")
    audit = page.locator("#link-audit")
    assert audit.get_attribute("data-audit") == "verified"
    assert catalog["link.audit.verified"] in audit.inner_text()
    assert page.locator("#link-view").get_attribute("data-link-phase") == "over"
    assert page.locator("#status").get_attribute("data-state") == "over"


# ----------------------------------------------------------------------------- tests


def test_okiya_by_link_two_phones(phones, site_url, catalog):
    ann, ben = phones.new(), phones.new()
    t = create_game(ann, "okiya", ["Ann", "Ben"])
    # the invitation: whom to send it to, the link, Share or Copy
    panel = ann.locator("#link-panel")
    assert panel.is_visible()
    assert fmt(catalog["ui.link.send.to"], name="Ben") in panel.inner_text()
    assert ann.locator("#link-copy").is_visible()
    invite = link_to_send(ann)
    assert invite == t["link"] and invite.startswith("g=")
    assert ann.locator("#link-view").get_attribute("data-link-phase") == "joining"
    assert saved(ann)[t["id"]]["link"] == invite
    # the QR code: segno (loaded by the worker on first use) draws the link as an SVG image
    qr = ann.locator("#link-qr")
    qr.wait_for(state="attached")
    ann.wait_for_function("() => !document.querySelector('#link-qr').hidden", timeout=30000)
    qr.locator("summary").click()
    ann.wait_for_function("() => { const i = document.querySelector('#link-qr img');"
                          " return i && i.complete && i.naturalWidth > 0; }", timeout=30000)
    assert ann.locator("#link-qr img").get_attribute("src").startswith("data:image/svg+xml")

    by_seat = {0: ann, 1: ben}
    t, link = gather(by_seat, site_url, invite)
    assert t["phase"] == "playing"
    t, final, last = pass_around(by_seat, site_url, t, link)
    assert t["phase"] == "over" and t["audit"]["state"] == "verified"
    assert len(site_url) + len(final) <= 2000
    assert_verified(last, catalog)
    other = ben if last is ann else ann
    t2 = open_link(other, site_url, final)
    assert t2["events"] == t["events"]
    assert_verified(other, catalog)
    # the end explains the result through the catalog
    outcome_text = last.locator("#link-outcome").inner_text()
    assert outcome_text and not outcome_text.startswith("okiya.")
    # the replay steps through the game
    last.locator("#link-replay summary").click()
    last.wait_for_function("() => document.querySelector('#link-replay').dataset.step === '0'")
    last.locator("#replay-next").click()
    last.wait_for_function("() => document.querySelector('#link-replay').dataset.step === '1'")
    assert last.locator("#replay-prev").is_enabled()
    # both phones list the finished game in My games
    for page in (ann, ben):
        open_link(page, site_url, "my-games")
        item = page.locator(f'li[data-link-id="{t["id"]}"]')
        assert item.is_visible()
        assert fragment(item.locator("input.link-url").input_value()) == final


def test_oriflamme_by_link_three_phones(phones, site_url, catalog):
    a, b, c = phones.new(), phones.new(), phones.new()
    t = create_game(a, "oriflamme", ["Ada", "Bea", "Cid"], players=3)
    by_seat = {0: a, 1: b, 2: c}
    t, link = gather(by_seat, site_url, link_to_send(a))
    assert t["phase"] == "playing"
    # the placement offers the standing order to keep face-down cards hidden
    KEPT.clear()
    t, final, last = pass_around(by_seat, site_url, t, link, keep_hidden_seat=1)
    assert len(KEPT) >= 6, "Bea used the standing order in her placements"
    assert t["phase"] == "over" and t["audit"]["state"] == "verified"
    assert len(site_url) + len(final) <= 2000
    for page in (a, b, c):
        if page is not last:
            open_link(page, site_url, final)
        assert_verified(page, catalog)
        # the winner's line names players by their own names
        assert re.search(r"Ada|Bea|Cid", page.locator("#link-end-title").inner_text())


def test_turncoats_by_link_says_friendly_level(phones, site_url, catalog):
    ann, ben = phones.new(), phones.new()
    ann.locator('[data-link-new="turncoats"]').click()
    note = ann.locator("#link-new #link-friendly")
    note.wait_for(state="visible")
    assert note.inner_text() == catalog["ui.link.friendly"]
    ann.locator("#link-new button[value=cancel]").click()
    t = create_game(ann, "turncoats", ["Ann", "Ben"], players=2)
    assert t["friendly"] is True
    open_link(ben, site_url, t["link"])
    assert ben.locator("#link-claim-friendly").inner_text() == catalog["ui.link.friendly"]
    t, link = gather({0: ann, 1: ben}, site_url, t["link"])
    t, final, last = pass_around({0: ann, 1: ben}, site_url, t, link)
    assert t["audit"]["state"] == "verified"
    assert_verified(last, catalog)
    assert last.locator("#link-steps li").count() >= 1


def test_bad_and_older_links_change_nothing(phones, site_url, catalog):
    ann, ben = phones.new(), phones.new()
    t0 = create_game(ann, "okiya", ["Ann", "Ben"])
    invite = t0["link"]
    # Ben joins; Ann opens his link, which starts the game on her phone
    t = open_link(ben, site_url, invite)
    t = act(ben, ben.locator('button[data-claim="1"]'))
    joined = link_to_send(ben)
    t = open_link(ann, site_url, joined)
    assert t["phase"] == "playing" and t["link"] != joined  # the start was added on this phone
    t = play_my_turns(ann)
    latest = t["link"]
    # a second game, so My games holds two
    ann.goto(site_url + "#")
    ann.wait_for_selector('[data-link-new="okiya"]')
    create_game(ann, "okiya", ["Ann", "Cy"])
    before = saved(ann)
    assert len(before) == 2 and before[t["id"]]["link"] == latest
    # a tampered link: one character changed in the middle of the data
    data = latest[2:]
    i = len(data) // 2
    bad = "g=" + data[:i] + ("A" if data[i] != "A" else "B") + data[i + 1:]
    open_link(ann, site_url, bad)
    err = ann.locator("#link-error")
    assert err.is_visible()
    texts = {v for k, v in catalog.items() if k.startswith("link.error.")}
    assert ann.locator("#link-error-text").inner_text() in texts
    assert catalog["ui.link.error.safe"] in err.inner_text()
    assert ann.locator("#status").get_attribute("data-state") == "error"
    assert saved(ann) == before
    # a truncated link, a foreign one
    for broken in (latest[: len(latest) // 2], "g=hello-world"):
        open_link(ann, site_url, broken)
        assert ann.locator("#link-error").is_visible()
        assert ann.locator("#link-error-text").inner_text() in texts
        assert saved(ann) == before
    # My games: the same list, the same latest links
    open_link(ann, site_url, "my-games")
    items = ann.locator("#link-games > li[data-link-id]")
    assert sorted(items.evaluate_all("els => els.map(e => e.dataset.linkId)")) == sorted(before)
    for gid, entry in before.items():
        field = ann.locator(f'li[data-link-id="{gid}"] input.link-url')
        assert fragment(field.input_value()) == entry["link"]
    # an older link of a game it holds: the notice, and the newer game stays
    t = open_link(ann, site_url, invite)
    notice = ann.locator("#link-notice")
    assert notice.is_visible()
    assert notice.inner_text() == catalog["link.notice.older"]
    assert t["link"] == latest and t["events"] > t0["events"]
    assert fragment(ann.url) == latest
    assert saved(ann) == before
    # opening a link whose game is saved on another phone only: the spectator's view
    carl = phones.new()
    t = open_link(carl, site_url, latest)
    assert t["seat"] is None and t["mine"] == []
    assert carl.locator("#link-spectator").is_visible()
    assert carl.locator("#link-moves button").count() == 0
    assert carl.locator("#status").get_attribute("data-state") == "watch"
    assert saved(carl) == {}


def test_my_games_archive_restore_delete(phones, site_url, catalog):
    ann = phones.new()
    t = create_game(ann, "okiya", ["Ann", "Ben"])
    open_link(ann, site_url, "my-games")
    item = ann.locator(f'#link-games li[data-link-id="{t["id"]}"]')
    assert fmt(catalog["ui.link.status.wait_join"], name="Ben") in item.inner_text()
    assert item.locator("time").count() == 1
    item.locator('[data-action="archive"]').click()
    assert ann.locator("#link-games li").count() == 0
    assert ann.locator("#link-archived").is_visible()
    ann.locator("#link-archived > summary").click()
    archived = ann.locator(f'#link-archived-list li[data-link-id="{t["id"]}"]')
    assert saved(ann)[t["id"]]["archived"] is True
    archived.locator('[data-action="restore"]').click()
    assert item.is_visible() and saved(ann)[t["id"]]["archived"] is False
    # delete asks first
    item.locator('[data-action="delete"]').click()
    item.locator('[data-action="cancel-delete"]').click()
    assert t["id"] in saved(ann)
    item.locator('[data-action="delete"]').click()
    item.locator('[data-action="confirm-delete"]').click()
    assert saved(ann) == {}
    assert ann.locator("#link-mine-empty").is_visible()


def test_seat_export_moves_a_seat(phones, site_url, catalog):
    ann, ann2, ben = phones.new(), phones.new(), phones.new()
    t = create_game(ann, "okiya", ["Ann", "Ben"])
    ann.locator("#link-more > summary").click()
    ann.locator('button[data-export="0"]').click()
    panel = ann.locator("#link-export-panel")
    assert panel.is_visible()
    assert fmt(catalog["ui.link.export.warning"], name="Ann") in panel.inner_text()
    export = fragment(ann.locator("#link-export-url").input_value())
    key = saved(ann)[t["id"]]["keys"]["0"]
    assert export == f'{t["link"]}&k=0.{key}'
    # the second phone takes the seat; the secret leaves its address bar
    t2 = open_link(ann2, site_url, export)
    assert t2["mine"] == [0]
    assert saved(ann2)[t["id"]]["keys"] == {"0": key}
    assert "&k=" not in ann2.url
    # and plays it: Ben joins, the second phone starts the game
    open_link(ben, site_url, t["link"])
    act(ben, ben.locator('button[data-claim="1"]'))
    t3 = open_link(ann2, site_url, link_to_send(ben))
    assert t3["phase"] == "playing"


def test_hostile_names_are_text(phones, site_url, catalog):
    ann, ben = phones.new(), phones.new()
    t = create_game(ann, "okiya", ["Ann", HOSTILE])
    shown = t["names"][1]  # the engine caps names; whatever it kept must show as text
    assert shown.startswith("<img")
    assert ann.locator("#link-view img[src='x']").count() == 0
    assert shown in ann.locator("#link-panel").inner_text()
    assert shown in ann.locator("#link-seats").inner_text()
    open_link(ben, site_url, t["link"])
    claim = ben.locator('button[data-claim="1"]')
    assert shown in claim.inner_text()
    act(ben, claim)
    assert shown in ben.locator("#link-seats").inner_text()
    open_link(ben, site_url, "my-games")
    assert shown in ben.locator("#link-games").inner_text()
    for page in (ann, ben):
        assert page.locator("img[src='x']").count() == 0

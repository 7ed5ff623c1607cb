"""Play by link in the real built site (Chromium): separate browser contexts are
separate phones, each with its own localStorage; the only thing that travels between
them is the link (read from #link-url, opened with page.goto).

- two phones play a whole Okiya game, ending with the audit verified on both;
- three phones play a whole 3-player Oriflamme game (each link goes to TABLE.next's
  phone), ending with the audit verified on all three;
- a tampered link shows the error and changes nothing saved; an older link shows the
  notice and does not roll the game back; My games lists, archives, restores, deletes;
- a hostile player name is shown as text everywhere.

Every check of the page waits on a condition (Playwright `expect`, `wait_for_function`):
the page renders after the bridge answers, so nothing is read the instant it is asked.

Needs `python build.py` first; `site_url` serves dist/site under a sub-path.
"""

from __future__ import annotations

import re

from helpers import READY_MS, STEP_MS, fmt
from playwright.sync_api import expect

expect.set_options(timeout=STEP_MS)

HOSTILE = "<img src=x onerror=alert(1)>"
STORE = "pygames.link.games"

SETTLED_JS = """f => {
  const h = window.__pygames && window.__pygames.link;
  return !!h && h.requested() === f && h.idle();
}"""
IDLE_JS = "() => { const h = window.__pygames && window.__pygames.link; return !!h && h.idle(); }"
# the saved games (localStorage), as a JS expression
SAVED_GAMES_JS = f"JSON.parse(localStorage.getItem('{STORE}') || '{{}}')"
# deep equality of the saved games and `arg` (key order aside)
SAVED_EQUAL = """(games, want) => {
  const eq = (a, b) => a === b || (!!a && !!b && typeof a === "object" && typeof b === "object"
    && Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => eq(a[k], b[k])));
  return eq(games, want);
}"""
# the move buttons are drawn and name exactly the legal moves
BUTTONS_JS = """legal => {
  const shown = [...document.querySelectorAll('#link-moves button[data-move]')].map(e => e.dataset.move);
  const want = new Set(legal);
  return shown.length > 0 && new Set(shown).size === want.size && shown.every(m => want.has(m));
}"""
# whether some move button shows, or the full list is folded away (Turncoats): null while drawing
FOLDED_JS = """() => {
  const buttons = [...document.querySelectorAll('#link-moves button[data-move]')];
  if (!buttons.length) return null;
  return buttons.some(b => b.checkVisibility()) ? "shown" : "folded";
}"""


# ----------------------------------------------------------------------------- helpers


def table(page) -> dict | None:
    return page.evaluate("window.__pygames.link.table()")


def saved(page) -> dict:
    return page.evaluate(SAVED_GAMES_JS)


def wait_saved(page, check: str, arg=None) -> dict:
    """Wait until the saved games pass `check` (a JS function (games, arg) => bool); return them."""
    page.wait_for_function(f"arg => ({check})({SAVED_GAMES_JS}, arg)", arg=arg)
    return saved(page)


def expect_hash(page, frag: str) -> None:
    """Wait until the address bar's fragment is `frag`."""
    page.wait_for_function("f => location.hash === '#' + f", arg=frag)


def fragment(url: str) -> str:
    assert "#" in url, url
    return url.split("#", 1)[1]


def link_to_send(page) -> str:
    """The link the page offers to send (the #link-url field), as a fragment."""
    field = page.locator("#link-url")
    expect(field).to_be_visible()
    expect(field).to_have_value(re.compile(r"#g="))
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
        expect(page.locator("#status")).to_have_attribute("data-state", "turn")
        page.wait_for_function(BUTTONS_JS, arg=t["legal"])  # every legal move is a button
        keep = page.locator("#link-keep-hidden")
        if keep_hidden and (t["view"] or {}).get("phase") == "place":
            expect(keep).to_be_visible()  # offered on every placement
            keep.check()
            KEPT.append(t["events"])
        elif keep_hidden:
            expect(keep).to_be_hidden()
        if page.wait_for_function(FOLDED_JS).json_value() == "folded":
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
            expect(page.locator("#status")).to_have_attribute("data-state", "claim")
            expect(page.locator("#link-claim")).to_be_visible()
            t = act(page, page.locator(f'button[data-claim="{nxt["seat"]}"]'))
            assert nxt["seat"] in t["mine"]
        if t["phase"] == "joining" or not t["my_turn"]:
            link = link_to_send(page)
        else:
            link = t["link"]
    return t, link


def pass_around(
    phones_by_seat: dict, site_url: str, t: dict, link: str, *, keep_hidden_seat=None, limit=400
) -> tuple[dict, str, dict]:
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
            expect(share).to_be_visible()
            expect(share).to_have_attribute("data-next-seat", str(t["next"]["seat"]))
        link = link_to_send(page)
        assert t["link"] == link
        expect_hash(page, link)
    raise AssertionError("the game did not end")


def assert_verified(page, catalog):
    page.locator("#link-end").wait_for(state="visible")
    audit = page.locator("#link-audit")
    expect(audit).to_have_attribute("data-audit", "verified")
    expect(audit).to_contain_text(catalog["link.audit.verified"])
    expect(page.locator("#link-view")).to_have_attribute("data-link-phase", "over")
    expect(page.locator("#status")).to_have_attribute("data-state", "over")


# ----------------------------------------------------------------------------- tests


def test_okiya_by_link_two_phones(phones, site_url, catalog):
    ann, ben = phones.new(), phones.new()
    t = create_game(ann, "okiya", ["Ann", "Ben"])
    # the invitation: whom to send it to, the link, Share or Copy
    panel = ann.locator("#link-panel")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text(fmt(catalog["ui.link.send.to"], name="Ben"))
    expect(ann.locator("#link-copy")).to_be_visible()
    invite = link_to_send(ann)
    assert invite == t["link"] and invite.startswith("g=")
    expect(ann.locator("#link-view")).to_have_attribute("data-link-phase", "joining")
    wait_saved(ann, "(games, [id, link]) => !!games[id] && games[id].link === link", [t["id"], invite])
    # the QR code: segno (loaded by the worker on first use) draws the link as an SVG image
    qr = ann.locator("#link-qr")
    qr.wait_for(state="attached")
    ann.wait_for_function("() => !document.querySelector('#link-qr').hidden", timeout=30000)
    qr.locator("summary").click()
    ann.wait_for_function(
        "() => { const i = document.querySelector('#link-qr img'); return i && i.complete && i.naturalWidth > 0; }",
        timeout=30000,
    )
    expect(ann.locator("#link-qr img")).to_have_attribute("src", re.compile(r"^data:image/svg\+xml"))

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
    # the end explains the result in the catalog's words, naming the players by their names
    message = t["outcome"]["message"]
    said = dict(message["params"])
    if "seat" in said:
        said["name"] = t["names"][said["seat"]]
    expect(last.locator("#link-outcome")).to_have_text(fmt(catalog[message["key"]], **said))
    # the replay opens at the end and steps back (tests/browser/test_replay.py: every game and mode)
    last.locator("#link-replay-open").click()
    last.wait_for_function("() => { const d = document.querySelector('#replay'); return d && d.dataset.step; }")
    steps = int(last.evaluate("document.querySelector('#replay').dataset.step"))
    last.locator("#replay-prev").click()
    last.wait_for_function("n => document.querySelector('#replay').dataset.step === String(n)", arg=steps - 1)
    expect(last.locator("#replay-next")).to_be_enabled()
    last.locator("#replay-close").click()
    expect(last.locator("#replay")).to_have_count(0)
    # both phones list the finished game in My games
    for page in (ann, ben):
        open_link(page, site_url, "my-games")
        item = page.locator(f'li[data-link-id="{t["id"]}"]')
        expect(item).to_be_visible()
        expect(item.locator("input.link-url")).to_have_value(re.compile(re.escape("#" + final) + "$"))


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
        # the hot-seat end screen's account (issue 26): the scores with the tie-break column,
        # everybody's cards now that the keys are in
        details = page.locator("#link-end-details")
        expect(details.locator(".ofl-scores thead th").nth(2)).to_have_text(catalog["ui.oriflamme.end.queue_cards"])
        for seat in range(3):
            row = details.locator(f'.ofl-scores tbody tr[data-seat="{seat}"] td')
            expect(row.nth(0)).to_have_text(str(t["outcome"]["scores"][seat]))
            expect(row.nth(1)).to_have_text(str(t["outcome"]["queue_cards"][seat]))
            hand = details.locator(f'.ofl-end-cards li[data-seat="{seat}"] .ofl-end-line').first
            expect(hand.locator(".ofl-card-chip")).to_have_count(len(t["view"]["hands"][seat]))
        # the picture after the game (issue 27), as on the hot-seat end screen: each player's
        # influence round by round, in words too
        chart = page.locator("#link-end-chart figure.game-chart")
        expect(chart.locator("figcaption")).to_have_text(catalog["oriflamme.chart.title"])
        expect(chart.locator("polyline")).to_have_count(3)
        words = chart.locator(".game-chart-words li")
        for seat, name in enumerate(["Ada", "Bea", "Cid"]):
            expect(words.nth(seat)).to_contain_text(name)
            expect(words.nth(seat)).to_contain_text(str(t["outcome"]["scores"][seat]))
        # only the phone that wrote the final link asks to send it on
        panel = page.locator("#link-panel")
        if page is last:
            expect(panel).to_contain_text(catalog["ui.link.send.final"])
        else:
            expect(panel).to_be_hidden()
        # the winner's line names the winners by their own names
        for seat in t["outcome"]["winners"]:
            expect(page.locator("#link-end-title")).to_contain_text(["Ada", "Bea", "Cid"][seat])


def test_turncoats_by_link_says_friendly_level(phones, site_url, catalog):
    ann, ben = phones.new(), phones.new()
    ann.locator('[data-link-new="turncoats"]').click()
    note = ann.locator("#link-new #link-friendly")
    expect(note).to_be_visible()
    expect(note).to_have_text(catalog["ui.link.friendly"])
    ann.locator("#link-new button[value=cancel]").click()
    t = create_game(ann, "turncoats", ["Ann", "Ben"], players=2)
    assert t["friendly"] is True
    open_link(ben, site_url, t["link"])
    expect(ben.locator("#link-claim-friendly")).to_have_text(catalog["ui.link.friendly"])
    t, link = gather({0: ann, 1: ben}, site_url, t["link"])
    t, final, last = pass_around({0: ann, 1: ben}, site_url, t, link)
    assert t["audit"]["state"] == "verified"
    assert_verified(last, catalog)
    # the hot-seat end screen's account (issue 26): who rules each area, every hand with the
    # winner's row marked, the tie-break in words ending on the result
    details = last.locator("#link-end-details")
    expect(details.locator(".tc-end-areas li")).to_have_count(len(t["view"]["map"]))
    for s in t["outcome"]["winners"]:
        expect(details.locator(f'.tc-hands tbody tr.won[data-seat="{s}"]')).to_be_visible()
    expect(details.locator(".tc-hands tbody tr")).to_have_count(2)
    expect(details.locator(".tc-steps li")).to_have_count(len(t["outcome"]["steps"]) + 1)
    expect(last.locator("#link-scores")).to_be_hidden()


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
    before = wait_saved(
        ann, "(games, [id, link]) => Object.keys(games).length === 2 && games[id].link === link", [t["id"], latest]
    )
    # a tampered link: one character changed in the middle of the data
    data = latest[2:]
    i = len(data) // 2
    bad = "g=" + data[:i] + ("A" if data[i] != "A" else "B") + data[i + 1 :]
    open_link(ann, site_url, bad)
    err = ann.locator("#link-error")
    expect(err).to_be_visible()
    texts = {v for k, v in catalog.items() if k.startswith("link.error.")}
    one_of_texts = re.compile("^(" + "|".join(re.escape(v) for v in sorted(texts)) + ")$")
    expect(ann.locator("#link-error-text")).to_have_text(one_of_texts)
    expect(err).to_contain_text(catalog["ui.link.error.safe"])
    expect(ann.locator("#status")).to_have_attribute("data-state", "error")
    wait_saved(ann, SAVED_EQUAL, before)
    # a truncated link, a foreign one
    for broken in (latest[: len(latest) // 2], "g=hello-world"):
        open_link(ann, site_url, broken)
        expect(ann.locator("#link-error")).to_be_visible()
        expect(ann.locator("#link-error-text")).to_have_text(one_of_texts)
        wait_saved(ann, SAVED_EQUAL, before)
    # My games: the same list, the same latest links
    open_link(ann, site_url, "my-games")
    expect(ann.locator("#link-games > li[data-link-id]")).to_have_count(len(before))
    for gid, entry in before.items():
        field = ann.locator(f'#link-games > li[data-link-id="{gid}"] input.link-url')
        expect(field).to_have_value(re.compile(re.escape("#" + entry["link"]) + "$"))
    # an older link of a game it holds: the notice, and the newer game stays
    t = open_link(ann, site_url, invite)
    notice = ann.locator("#link-notice")
    expect(notice).to_be_visible()
    expect(notice).to_have_text(catalog["link.notice.older"])
    assert t["link"] == latest and t["events"] > t0["events"]
    expect_hash(ann, latest)
    wait_saved(ann, SAVED_EQUAL, before)
    # opening a link whose game is saved on another phone only: the spectator's view
    carl = phones.new()
    t = open_link(carl, site_url, latest)
    assert t["seat"] is None and t["mine"] == []
    expect(carl.locator("#link-spectator")).to_be_visible()
    expect(carl.locator("#link-moves button")).to_have_count(0)
    expect(carl.locator("#status")).to_have_attribute("data-state", "watch")
    wait_saved(carl, SAVED_EQUAL, {})


def test_my_games_archive_restore_delete(phones, site_url, catalog):
    ann = phones.new()
    t = create_game(ann, "okiya", ["Ann", "Ben"])
    open_link(ann, site_url, "my-games")
    item = ann.locator(f'#link-games li[data-link-id="{t["id"]}"]')
    expect(item).to_contain_text(fmt(catalog["ui.link.status.wait_join"], name="Ben"))
    expect(item.locator("time")).to_have_count(1)
    item.locator('[data-action="archive"]').click()
    expect(ann.locator("#link-games li")).to_have_count(0)
    expect(ann.locator("#link-archived")).to_be_visible()
    ann.locator("#link-archived > summary").click()
    archived = ann.locator(f'#link-archived-list li[data-link-id="{t["id"]}"]')
    wait_saved(ann, "(games, id) => games[id].archived === true", t["id"])
    archived.locator('[data-action="restore"]').click()
    expect(item).to_be_visible()
    wait_saved(ann, "(games, id) => games[id].archived === false", t["id"])
    # delete asks first
    item.locator('[data-action="delete"]').click()
    item.locator('[data-action="cancel-delete"]').click()
    expect(item.locator(".link-confirm")).to_be_hidden()
    wait_saved(ann, "(games, id) => id in games", t["id"])
    item.locator('[data-action="delete"]').click()
    item.locator('[data-action="confirm-delete"]').click()
    wait_saved(ann, SAVED_EQUAL, {})
    expect(ann.locator("#link-mine-empty")).to_be_visible()


def test_seat_export_moves_a_seat(phones, site_url, catalog):
    ann, ann2, ben = phones.new(), phones.new(), phones.new()
    t = create_game(ann, "okiya", ["Ann", "Ben"])
    ann.locator("#link-more > summary").click()
    ann.locator('button[data-export="0"]').click()
    panel = ann.locator("#link-export-panel")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text(fmt(catalog["ui.link.export.warning"], name="Ann"))
    key = wait_saved(ann, "(games, id) => !!games[id] && !!games[id].keys['0']", t["id"])[t["id"]]["keys"]["0"]
    field = ann.locator("#link-export-url")
    expect(field).to_have_value(re.compile(re.escape(f"#{t['link']}&k=0.{key}") + "$"))
    export = fragment(field.input_value())
    # the second phone takes the seat; the secret leaves its address bar
    t2 = open_link(ann2, site_url, export)
    assert t2["mine"] == [0]
    wait_saved(
        ann2,
        "(games, [id, key]) => !!games[id] && JSON.stringify(games[id].keys) === JSON.stringify({0: key})",
        [t["id"], key],
    )
    expect(ann2).not_to_have_url(re.compile("&k="))
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
    expect(ann.locator("#link-view img[src='x']")).to_have_count(0)
    expect(ann.locator("#link-panel")).to_contain_text(shown)
    expect(ann.locator("#link-seats")).to_contain_text(shown)
    open_link(ben, site_url, t["link"])
    claim = ben.locator('button[data-claim="1"]')
    expect(claim).to_contain_text(shown)
    act(ben, claim)
    expect(ben.locator("#link-seats")).to_contain_text(shown)
    open_link(ben, site_url, "my-games")
    expect(ben.locator("#link-games")).to_contain_text(shown)
    for page in (ann, ben):
        expect(page.locator("img[src='x']")).to_have_count(0)


def test_a_move_forged_for_another_seat_is_refused_by_its_phone(phones, site_url, catalog):
    """Three phones; someone edits the link text to add a move for the seat to move. That
    seat's phone refuses it in words; no phone's saved games change."""
    from pygames.link import decode
    from pygames.link.wire import Move

    names = ["Ann", "Ben", "Cy"]
    seats = {s: phones.new() for s in range(3)}
    t0 = create_game(seats[0], "turncoats", names, players=3)
    t, link = gather(seats, site_url, t0["link"])
    victim = t["next"]["seat"]
    before = {s: saved(page) for s, page in seats.items()}
    forged = decode(link).extend(Move(0)).to_text()  # the edit: one more move, in the victim's name
    open_link(seats[victim], site_url, forged)
    expect(seats[victim].locator("#link-error")).to_be_visible()
    expect(seats[victim].locator("#link-error-text")).to_have_text(
        fmt(catalog["link.error.forged_move"], name=names[victim])
    )
    expect(seats[victim].locator("#status")).to_have_attribute("data-state", "error")
    for s, page in seats.items():
        wait_saved(page, SAVED_EQUAL, before[s])


# Every answer of the Python worker to a call named in window.__hold is kept back (in
# window.__held) until window.__release() hands them on, in order: a busy machine's slow answer,
# made to come exactly when a test wants it.
HOLD_ANSWERS = """(() => {
  const Real = window.Worker;
  window.__hold = new Set();
  window.__held = [];
  const calls = new Map();
  window.Worker = class extends Real {
    postMessage(msg, ...rest) {
      if (msg && msg.id !== undefined) calls.set(msg.id, msg.fn);
      return super.postMessage(msg, ...rest);
    }
    set onmessage(fn) {
      super.onmessage = fn && ((e) => {
        const id = e.data && e.data.id;
        if (id !== undefined && window.__hold.has(calls.get(id))) window.__held.push(() => fn.call(this, e));
        else fn.call(this, e);
      });
    }
    get onmessage() { return super.onmessage; }
  };
  window.__release = () => window.__held.splice(0).forEach((deliver) => deliver());
})();"""


def test_a_link_opened_while_a_claim_is_out_can_be_played(page, site_url):
    """Issue 29: an invitee taps "claim" on a busy machine, then opens another link before the
    claim's answer came: the new link's screen settles and its seats can be claimed (the dropped
    answer used to leave the page busy for good: every button disabled, never idle)."""
    from pygames.link import api

    first = api.link_create("oriflamme", 3, ["Ann", "Ben", "Cy"], key="a1" * 16)["link"]
    second = api.link_create("okiya", 2, ["Di", "Ed"], key="b2" * 16)["link"]
    page.add_init_script(HOLD_ANSWERS)
    page.goto(site_url + "#" + first)
    page.wait_for_function(SETTLED_JS, arg=first, timeout=READY_MS)
    page.evaluate("window.__hold.add('link_join')")
    page.locator('button[data-claim="1"]').click()
    page.wait_for_function("() => window.__held.length === 1")  # the claim's answer, held back
    page.evaluate("f => { location.hash = '#' + f; }", second)
    page.wait_for_function("f => { const t = window.__pygames.link.table(); return !!t && t.link === f; }", arg=second)
    page.evaluate("window.__hold.clear(); window.__release()")  # the first claim answers at last: dropped
    page.wait_for_function(SETTLED_JS, arg=second)
    claim = page.locator('button[data-claim="1"]')
    expect(claim).to_be_enabled()
    assert page.evaluate("window.__pygames.link.table().mine") == []
    act(page, claim)
    assert table(page)["mine"] == [1]


def test_a_worker_that_dies_after_python_is_ready_says_so_and_reload_recovers(browser, site_url, catalog):
    """Issue 29: an invitee saw "Reading the link…" for good after Python was ready. When the
    worker dies then (here: its message handler throws, the call it was given is never answered,
    and the page hears an error event), the page said nothing and waited for ever. Now each call
    out fails, the status line says Python stopped (no "this link cannot be used": the link is
    fine), and the bar's Reload opens the link again."""
    from pygames.link import api

    frag = api.link_create("okiya", 2, ["Di", "Ed"], key="c3" * 16)["link"]
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_function("document.documentElement.dataset.python === 'ready'", timeout=READY_MS)
        (worker,) = [w for w in page.workers if "worker.js" in w.url]
        worker.evaluate("() => { self.onmessage = () => { throw new Error('the worker died (test)'); }; }")
        page.evaluate("f => { location.hash = '#' + f; }", frag)
        expect(page.locator("#status")).to_have_text(catalog["ui.error.worker"])
        expect(page.locator("#status")).to_have_attribute("data-state", "error")
        expect(page.locator("#link-error")).to_be_hidden()
        assert page.evaluate("document.documentElement.dataset.python") == "lost"
        reload = page.locator("#loading button")
        expect(reload).to_have_text(catalog["ui.error.reload"])
        reload.click()
        page.wait_for_function(SETTLED_JS, arg=frag, timeout=READY_MS)
        assert table(page)["link"] == frag
        expect(page.locator("#loading button")).to_have_count(0)
    finally:
        context.close()

"""Layout as a tested property (issue 13): at a phone's 390×844 and a desktop's 1280×800
(and 360×640 for the start page and the link invite) each game and mode reaches a state —
first turn, a decision with many choices, a privacy screen, the most players a game has with
12-letter names, an end screen, the link invite, My games, a spectator — and the page shows what
the player needs now in sight (not clipped by a scrolling column, not under a toast),
scrolls nowhere sideways and cuts no name. End screens come from finished records saved
under the route (tests/browser/helpers.open_finished), not from long play. A screenshot
of each state is written to test-results/layout-*.png for review.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import REGISTRY, STEP_MS, HotSeat, finished_record, fmt, open_finished, text_pattern, wait_python
from playwright.sync_api import expect
from test_link_play import IDLE_JS, create_game, link_to_send

from pygames import GAMES

pytestmark = pytest.mark.usefixtures("no_page_errors")

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SMALL = {"width": 360, "height": 640}
VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP}
NAMES = ["Annabelle Wu", "Bartholomew", "Christabel", "Dorotheanne", "Evangelinus"]  # up to 12 letters
OF = HotSeat("oriflamme", "#of-choices", "button[data-move]")
SHOTS = Path(__file__).resolve().parents[2] / "test-results"
#: Any game page's end screen, and its first button (Rematch)
END = "#view-game section[aria-labelledby$='-end-title']"
REMATCH = "#view-game [id$='-rematch']"

# whether the element `sel` is where the player can see and press it: its centre is inside
# the window and the element there is it (not a toast, not the edge of a scrolled column)
IN_SIGHT_JS = """sel => {
  const e = document.querySelector(sel);
  if (!e) return false;
  const r = e.getBoundingClientRect();
  if (!r.width || !r.height) return false;
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return !!hit && (hit === e || e.contains(hit));
}"""

# names shown in DOM cells that would be cut (an ellipsis or a clip): their text when cut
CUT_NAMES_JS = """() => [...document.querySelectorAll(
  '.tc-seat-name, .ofl-name, .ofl-end-who strong, .tc-hands tbody th, #link-scores th, .link-seat-name, .privacy h2')]
  .filter(e => e.checkVisibility() && e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"""


# the texts of the visible elements matching `sel` that are cut (an ellipsis or a clip) or
# that break a word across lines ("INFLUEN/CE", "ボッ/ト"): each word of each text (a run
# without spaces: a Japanese label is one) must lie on one line
BROKEN_JS = """sel => {
  const out = [];
  for (const e of document.querySelectorAll(sel)) {
    if (!e.checkVisibility()) continue;
    if (e.scrollWidth > e.clientWidth + 1) { out.push(`cut: ${e.textContent}`); continue; }
    const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const r = document.createRange();
        r.setStart(node, m.index);
        r.setEnd(node, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].filter((x) => x.width).map((x) => Math.round(x.bottom)));
        if (tops.size > 1) out.push(`broken: ${m[0]}`);
      }
    }
  }
  return out;
}"""


# the visible buttons matching `sel` whose words go on more than one line ("Copier / le lien")
WRAPPED_JS = """sel => [...document.querySelectorAll(sel)].filter((b) => {
  if (!b.checkVisibility()) return false;
  const r = document.createRange();
  r.selectNodeContents(b);
  return new Set([...r.getClientRects()].filter((x) => x.width).map((x) => Math.round(x.bottom))).size > 1;
}).map((b) => b.textContent)"""


def assert_words_whole(page, sel: str) -> None:
    """No text of `sel` is cut, nor any of its words broken across lines."""
    assert page.evaluate(BROKEN_JS, sel) == [], sel


# true once nothing scrolls any more (the page scrolls an end screen into view smoothly)
SETTLED_JS = """() => {
  const now = [scrollX, scrollY, ...[...document.querySelectorAll('.hs-below, .below')].map(e => e.scrollTop)].join();
  const same = window.__layoutScroll === now;
  window.__layoutScroll = now;
  return same;
}"""


def settle(page) -> None:
    page.wait_for_function(SETTLED_JS, polling=150, timeout=STEP_MS)


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"layout-{name}.png"))


def expect_in_sight(page, *selectors: str) -> None:
    """Every selector's element comes into sight (the page may scroll it there itself)."""
    settle(page)
    for sel in selectors:
        page.wait_for_function(IN_SIGHT_JS, arg=sel, timeout=STEP_MS)


def assert_fits(page, name: str) -> None:
    """No sideways scroll, no cut name, no toast over a button; a screenshot for review."""
    settle(page)
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"sideways scroll: {width}"
    assert page.evaluate(CUT_NAMES_JS) == []
    covered = page.evaluate(
        """() => { const t = document.querySelector('#toast');
        if (!t || t.hidden) return [];
        const a = t.getBoundingClientRect();
        return [...document.querySelectorAll('button, a.btn')].filter(b => { const r = b.getBoundingClientRect();
          return b.checkVisibility() && r.width
            && r.left < a.right && r.right > a.left && r.top < a.bottom && r.bottom > a.top;
        }).map(b => b.textContent); }"""
    )
    assert covered == [], covered
    shot(page, name)


def assert_sections_marked(page) -> None:
    """Item 8: every folded section's heading shows a marker, turned when it opens.

    An end screen's chart (and its section in words) comes from the bridge after the screen: it is
    waited for first, and each heading is held by its element, so a section that arrives late
    cannot shift a locator's n-th match between the click and the wait."""
    if page.locator(".end-chart").count():
        expect(page.locator(".end-chart .game-chart")).to_be_attached(timeout=2 * STEP_MS)
    summaries = page.locator("details > summary:visible").element_handles()
    assert summaries
    for s in summaries:
        closed = s.evaluate("e => [getComputedStyle(e, '::before').content, getComputedStyle(e, '::before').transform]")
        assert closed[0] not in ("none", "normal"), s.text_content()
        if not s.evaluate("e => e.parentElement.open"):
            s.click()
            page.wait_for_function(
                "([e, closed]) => e.parentElement.open && getComputedStyle(e, '::before').transform !== closed",
                arg=[s, closed[1]],
                timeout=STEP_MS,
            )
            s.click()


def route(game: str, players: int, bots: str = "") -> str:
    level = REGISTRY[game]["levels"][0]  # the bots that answer at once
    return f"#play/{game}?seed=11&players={players}&bots={bots}&level={level}&names={','.join(NAMES[:players])}"


def most(game: str) -> int:
    """The most players `game` is played by."""
    return max(REGISTRY[game]["players"])


def offers(page, game: str, hook: str) -> bool:
    """Whether `game`'s page offers the test hook `hook` (a check only some games' pages need)."""
    return page.evaluate(f"typeof window.__pygames.{game}.{hook} === 'function'")


# ----------------------------------------------------------------------------- end screens


@pytest.mark.parametrize("size", VIEWPORTS)
@pytest.mark.parametrize("game", list(GAMES))
def test_end_screen_with_the_most_players(page, site_url, game, size):
    """Items 1, 3, 5, 8: the rematch / new game / home buttons in sight, whole names (also those
    a canvas draws), the hand tray's label on one line, folded sections marked."""
    page.set_viewport_size(VIEWPORTS[size])
    n = most(game)
    open_finished(page, site_url, game, route(game, n), finished_record(game, 11, n))
    expect_in_sight(page, REMATCH)
    expect(page.locator(END)).to_be_visible()
    if offers(page, game, "cutNames"):  # names drawn on the canvas
        page.wait_for_function(f"window.__pygames.{game}.cutNames().length === 0")
    if offers(page, game, "handTitleLines"):
        assert page.evaluate(f"window.__pygames.{game}.handTitleLines()") == 1
    assert_fits(page, f"{game}-end-{n}-{size}")
    assert_sections_marked(page)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_lone_human_is_told_they_won_or_lost(page, site_url, catalog, game):
    """Items 4 and 9: one human against bots reads "You won" / "You lost" first, never "Player 5 wins"."""
    page.set_viewport_size(PHONE)
    n = most(game)
    record = finished_record(game, 11, n)
    open_finished(page, site_url, game, route(game, n, ",".join(str(s) for s in range(1, n))), record)
    winners = page.evaluate(f"window.__pygames.{game}.state().view.outcome.winners")
    assert winners, "a game with a winner"
    key = "ui.status.you_won" if 0 in winners else "ui.status.you_lost"
    expect(page.locator("#status")).to_have_text(text_pattern(catalog[key], detail=".+"))
    assert_fits(page, f"{game}-end-lone-human")


def test_turncoats_result_in_plain_words(page, site_url, catalog):
    """Item 4: the colour's tie-break said as a player would, areas numbered as on the board;
    issue 29: why the game ended (both players negotiated in a row), and why an area tied on
    stones is ruled by Red (FLAG), in words on the area list, not only in a tooltip."""
    page.set_viewport_size(PHONE)
    record = finished_record("turncoats", 3, 2)  # seed 3, two players: FLAG breaks the tie
    open_finished(page, site_url, "turncoats", route("turncoats", 2), record)
    outcome = page.evaluate("window.__pygames.turncoats.state().view.outcome")
    assert outcome["colour_message"]["key"] == "turncoats.colour_win.flag"
    words = catalog["turncoats.colour_win.flag"].split("{colour}")[1].split("(")[0].strip()
    expect(page.locator("#tc-end-colour")).to_contain_text(words)
    expect(page.locator("#tc-end-ended")).to_have_text(fmt(catalog["turncoats.ended.negotiations"]["other"], count=2))
    areas = page.locator("#tc-end .tc-end-areas .tc-area-no")
    expect(areas).to_have_text([str(n) for n in range(1, 12)])
    # area 11 (10 in the view): a tie on stones that FLAG gives to Red; the areas a majority rules need no words
    flag = fmt(catalog["turncoats.control.flag"], colour=catalog["turncoats.colour.red"])
    expect(page.locator("#tc-end .tc-end-areas .tc-area-why")).to_have_text([flag])
    expect(page.locator("#tc-end .tc-end-areas li[data-area='10'] .tc-area-why")).to_be_visible()
    expect_in_sight(page, "#tc-rematch")
    # issue 29: the hands revealed keep clear of the next heading
    gap = page.evaluate(
        "() => { const t = document.querySelector('#tc-end table.tc-hands');"
        " return t.nextElementSibling.getBoundingClientRect().top - t.getBoundingClientRect().bottom; }"
    )
    assert gap >= 8, gap
    assert_fits(page, "turncoats-end-tie-break-phone")


@pytest.mark.parametrize("lang", ["en", "fr", "uk"])
def test_oriflamme_end_table_headings_whole(page, site_url, lang):
    """Issue 29: at 390x844 the end table's headings wrap between words, never inside one
    ("INFLUEN/CE" in English and French, "ВПЛИ/В" in Ukrainian), and names stay whole."""
    page.set_viewport_size(PHONE)
    open_finished(
        page, site_url, "oriflamme", route("oriflamme", 3) + f"&lang={lang}", finished_record("oriflamme", 11, 3)
    )
    expect(page.locator("#of-end")).to_be_visible()
    assert_words_whole(page, "#of-end th")
    assert_fits(page, f"oriflamme-end-{lang}")


def test_okiya_end_on_a_phone(page, site_url, catalog):
    """Item 9: every move of the list in sight; issue 29: no bot pace in a game without bots; at the
    end one "New game" (the end screen's) and no dead Undo; one human is told their own hints."""
    page.set_viewport_size(PHONE)
    page.goto(site_url + "#play/okiya?seed=3&bots=&level=medium&format=single")
    wait_python(page)
    expect(page.locator("#ok-pacebar")).to_be_hidden()  # two humans: no bot to pace
    moves = page.locator(".ok-below .moves .move, #view-game .moves .move:visible")
    expect(moves.first).to_be_visible(timeout=STEP_MS)
    assert moves.count() >= 8  # the first turn offers every edge tile
    # the list wraps: no strip scrolled sideways, every move inside the window's width
    assert page.evaluate(
        "() => [...document.querySelectorAll('.moves')].filter(m => m.checkVisibility())"
        ".every(m => m.scrollWidth <= m.clientWidth + 1)"
    )
    assert_fits(page, "okiya-first-turn-phone")
    against_bot = "#play/okiya?seed=3&bots=1&level=medium&format=single"
    record = {**finished_record("okiya", 3, 2), "hints": [7, 0]}
    open_finished(page, site_url, "okiya", against_bot, record)
    expect(page.locator("#ok-pacebar")).to_be_visible()
    expect(page.locator("#ok-undo")).to_be_hidden()
    new_game = page.get_by_role("button", name=catalog["ui.nav.new"], exact=True)
    expect(new_game).to_have_count(1)  # the end screen's; not the header's nor the controls' too
    expect(page.locator("#ok-end").get_by_role("button", name=catalog["ui.end.new"], exact=True)).to_be_visible()
    expect(page.locator("#ok-hints")).to_have_text(fmt(catalog["ui.okiya.hints.you"]["other"], count=7))
    expect_in_sight(page, "#ok-rematch")
    assert_fits(page, "okiya-end-phone")


# ----------------------------------------------------------------------------- decisions


@pytest.mark.parametrize("size", VIEWPORTS)
def test_oriflamme_first_turn_choices_in_sight(fast, site_url, size):
    """Items 2, 3, 7, 9: the board leaves the choices in sight at the first turn, the first
    placement buttons are not under the offline toast, names are whole, each card's places
    form an even column."""
    page = fast
    page.set_viewport_size(VIEWPORTS[size])
    page.goto(site_url + route("oriflamme", 5))
    wait_python(page)
    page.wait_for_function("window.__pygames?.oriflamme?.privacy()", timeout=STEP_MS)
    expect_in_sight(page, "#privacy-continue")
    assert_fits(page, f"oriflamme-privacy-{size}")
    page.locator("#privacy-continue").click()
    page.wait_for_function("!!document.querySelector('#of-choices .ofl-places button[data-move]')", timeout=STEP_MS)
    expect_in_sight(page, "#of-choices .ofl-places button[data-move]")
    page.wait_for_function("window.__pygames.oriflamme.cutNames().length === 0")
    assert_fits(page, f"oriflamme-first-turn-5-{size}")
    # later: a decision with many choices (a card may go to either end or onto the player's own)
    for _ in range(12):
        if OF.wait_idle(page) == "privacy":
            OF.pass_device(page)
            continue
        rows = page.evaluate(
            "() => [...document.querySelectorAll('#of-choices .ofl-places')].map(p =>"
            " [...p.children].map(b => { const r = b.getBoundingClientRect();"
            " return [Math.round(r.left), Math.round(r.width)]; }))"
        )
        if rows and max(len(r) for r in rows) >= 2:
            # the place buttons: equal widths, and every card's column starts at the same x
            assert len({w for r in rows for _, w in r}) == 1, rows
            assert len({r[0][0] for r in rows}) == 1, rows
            expect_in_sight(page, "#of-choices .ofl-places button[data-move]")
            assert_fits(page, f"oriflamme-many-choices-{size}")
            return
        OF.act(page, page.locator("#of-choices button[data-move]").first)
    raise AssertionError("no placement with several places came")


@pytest.mark.parametrize("size", VIEWPORTS)
def test_turncoats_five_players_first_turn(fast, site_url, size):
    """Item 3: five 12-letter names stay whole in the seat strip; the choices are in sight."""
    page = fast
    page.set_viewport_size(VIEWPORTS[size])
    page.goto(site_url + route("turncoats", 5))
    wait_python(page)
    page.wait_for_function("window.__pygames?.turncoats?.privacy()", timeout=STEP_MS)
    assert_fits(page, f"turncoats-privacy-{size}")
    page.locator("#privacy-continue").click()
    page.wait_for_function("!!document.querySelector('#tc-choices button:not([disabled])')", timeout=STEP_MS)
    expect_in_sight(page, "#tc-choices button:not([disabled])")
    expect(page.locator(".tc-seat-name")).to_have_count(5)
    assert_fits(page, f"turncoats-first-turn-5-{size}")


# ----------------------------------------------------------------------------- languages on a phone

LANGS = ["en", "fr", "gl", "ja", "uk"]


def every_level(game: str) -> str:
    """A deep link to `game` at its most players, seat 0 human and every other a bot, the bots'
    levels taken in turn so that each level of the game is on some banner."""
    n, levels = most(game), REGISTRY[game]["levels"]
    bots = range(1, n)
    level = ",".join(levels[s % len(levels)] for s in bots)
    return f"#play/{game}?seed=3&players={n}&bots={','.join(map(str, bots))}&level={level}"


@pytest.mark.parametrize("lang", LANGS)
def test_header_and_setup_sheet_keep_words_whole(page, site_url, lang):
    """Issue 29: at 390x844 in every language the header shows each game's whole name (not
    "· Ok…", nor only dots), and the setup sheet keeps each seat's Human and Bot side by side,
    each word whole (not stacked, not "ボッ/ト"), every seat a bot so its level shows too; the
    tags a board draws under the names ("IA · Heuristique") are whole, at every bot level, and
    the texts it draws in boxes (Turncoats' "Мішечок", the hand's "×6") stay inside them."""
    page.set_viewport_size(PHONE)
    page.goto(site_url + f"?lang={lang}")
    wait_python(page)
    for game in GAMES:
        page.locator(f"button[data-play={game}]").click()
        dialog = page.locator("#seats-dialog")
        expect(dialog).to_be_visible()
        dialog.locator("input[name=players]").last.check(force=True)
        for kind in dialog.locator(".seat-row:not([hidden]) input[value=bot]").all():
            kind.check(force=True)
        rows = dialog.locator(".seat-row:not([hidden])")
        for i in range(rows.count()):
            tops = (
                rows.nth(i)
                .locator(".seat-kind span")
                .evaluate_all("ss => ss.map(s => Math.round(s.getBoundingClientRect().top))")
            )
            assert len(set(tops)) == 1, f"{game} seat {i + 1}: Human and Bot stacked {tops}"
        assert_words_whole(page, "#seats-dialog .seg span, #seats-dialog h2")
        shot(page, f"setup-{game}-{lang}")
        page.keyboard.press("Escape")
        expect(dialog).to_have_count(0)
        page.evaluate("r => { location.hash = r; }", every_level(game))
        page.wait_for_function("g => document.querySelector('#view-game').dataset.mode === g", arg=game)
        expect(page.locator("#title")).not_to_be_empty()
        assert_words_whole(page, "#title")
        if offers(page, game, "tags"):  # tags drawn on the canvas: each whole, on one line or two
            hook = f"window.__pygames.{game}"
            page.wait_for_function(f"() => {hook}.tags().some(t => t.view)", timeout=STEP_MS)
            tags = page.evaluate(f"{hook}.tags()")
            assert len({t["text"] for t in tags}) == len(REGISTRY[game]["levels"]) + 1, tags  # You and each level
            assert [t for t in tags if not t["whole"]] == [], tags
        if offers(page, game, "texts"):  # texts in canvas boxes (trays, the hand's counts): inside, unsqueezed
            hook = f"window.__pygames.{game}"
            page.wait_for_function(f"() => {hook}.texts().some(t => t.what.startsWith('hand-'))", timeout=STEP_MS)
            texts = page.evaluate(f"{hook}.texts()")
            spill = [t for t in texts if t["left"] < t["room"][0] or t["right"] > t["room"][1]]
            assert spill == [], spill
        shot(page, f"header-{game}-{lang}")
        page.evaluate("() => { location.hash = ''; }")
        expect(page.locator(f"button[data-play={game}]")).to_be_visible()


# ----------------------------------------------------------------------------- start page and link play


@pytest.mark.parametrize("size", ["small", "phone", "desktop"])
def test_start_page_fits(page, site_url, size):
    page.set_viewport_size({"small": SMALL, **VIEWPORTS}[size])
    page.goto(site_url)
    wait_python(page)
    expect_in_sight(page, "button[data-play]")
    assert_fits(page, f"start-{size}")


@pytest.mark.parametrize("size", ["small", "phone"])
def test_link_invite_my_games_and_a_spectator(phones, site_url, size):
    """The invite (five 12-letter names), a spectator's claim screen, My games: all fit; issue 29:
    at 390x844 My games keeps each button's words on one line ("Copy link", "Back up my seats",
    "Restore from a file"), in every language."""
    host = phones.new()
    host.set_viewport_size({"small": SMALL, "phone": PHONE}[size])
    create_game(host, "oriflamme", NAMES, players=5)
    link = link_to_send(host)
    expect_in_sight(host, "#link-url")
    assert_fits(host, f"link-invite-{size}")
    other = phones.new()
    other.set_viewport_size({"small": SMALL, "phone": PHONE}[size])
    other.goto(site_url + "#" + link)
    other.wait_for_function(IDLE_JS)
    expect(other.locator("#link-claim")).to_be_visible()
    assert_fits(other, f"link-spectator-{size}")
    host.goto(site_url + "#my-games")
    host.wait_for_function(IDLE_JS)
    assert_fits(host, f"link-my-games-{size}")
    if size == "phone":
        for lang in LANGS:
            host.goto(site_url + f"?lang={lang}#my-games")
            host.wait_for_function(IDLE_JS)
            expect(host.locator("#link-backup-restore")).to_be_visible()
            expect(host.locator(".link-game-actions [data-action=copy]")).to_be_visible()
            assert host.evaluate(WRAPPED_JS, "#view-game .btn") == [], lang
            assert_fits(host, f"link-my-games-{lang}")


def test_bad_deep_link_values_are_named(page, site_url, catalog):
    """Item 9: players=9 and level=godlike are not silently replaced: a notice names them,
    and it sits above the page rather than over its buttons."""
    page.set_viewport_size(PHONE)
    page.goto(site_url + "#play/turncoats?seed=4&players=9&bots=1&level=godlike")
    toast = page.locator("#toast")
    named = ".*".join(["players=9", "level=godlike"])  # in a list as the language writes it
    expect(toast).to_have_text(text_pattern(catalog["ui.route.ignored"], values=f".*{named}.*"), timeout=STEP_MS)
    assert_fits(page, "bad-deep-link-phone")


# the link board's buttons for a red stone in area 3 that may battle (killing nothing) or march
LINK_STEP3_JS = """async () => {
  const { default: TurncoatsLink } = await import('./games/turncoats.link.js');
  const moves = [
    { text: 'battle red 3', kind: 'battle', colour: 'red', area: 3, kills: [0, 0, 0] },
    { text: 'march red 3 4 1', kind: 'march', colour: 'red', area: 3, dest: 4, count: 1 },
  ];
  const host = { sel: { colour: 'red', area: 3 }, board: null, onPlay: () => {}, pick: () => {} };
  const view = { colours: ['red', 'blue', 'black'], phase: 'act' };
  const box = document.createElement('div');
  box.append(...TurncoatsLink.prototype.buttons.call(host, view, moves.map((m) => m.text), [], { moves }));
  return [...box.querySelectorAll('[data-group]')].map((g) => [g.dataset.group,
    g.querySelector('.tc-group-title').textContent,
    [...g.querySelectorAll('button[data-move]')].map((b) => b.dataset.move)]);
}"""


def test_link_battle_that_kills_nothing_is_headed_battle(page, site_url, catalog):
    """Item 6: in link play a battle that kills nothing still sits under a "Battle" heading
    (it spends a stone), beside the march under "March"."""
    page.goto(site_url)
    wait_python(page)
    assert page.evaluate(LINK_STEP3_JS) == [
        ["battle", catalog["turncoats.action.battle"], ["battle red 3"]],
        ["march", catalog["turncoats.action.march"], ["march red 3 4 1"]],
    ]

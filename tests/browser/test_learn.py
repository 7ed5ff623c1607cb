"""The guided first games (`#learn/<game>`, site/ui/learn.js): each game that declares a lesson is
played to its end at 390×844, from its card's "Learn by playing" link, with the coach's words on
screen; a mistake is held with its reason and taken back (the move is not played) and, once, kept;
the end offers "Play a real game", which opens the game's setup. One game is played by keyboard
only, one in another language, and axe finds no violation on the guided screens."""

from __future__ import annotations

from helpers import REGISTRY, STEP_MS, wait_python
from playwright.sync_api import expect
from test_axe import axe_js, violations  # noqa: F401  (axe_js is a fixture)
from test_keyboard import tab_to

from pygames import GAMES
from pygames.oriflamme.cards import IDS

PHONE = {"width": 390, "height": 844}
CARDS = [card for card in IDS if card != "unknown"]
LESSONS = [game for game in GAMES if REGISTRY[game]["lesson"]]
MOVE_BUTTONS = "#view-game [role=group] button[data-move]:not([disabled])"

#: Where the guided game stands: "over", "held" (a mistake waits: Take back / Keep it), "turn"
#: (the learner may move and the coach has spoken about this position: its `data-at` is the
#: position's number of moves), or false (wait).
STAND_JS = """() => {
  const h = window.__pygames && window.__pygames[GAME];
  if (!h || h.busy()) return false;
  const coach = document.querySelector('#view-game .coach:not([hidden])');
  if (!coach) return false;
  // the coach's words are about this very position (they come after it is shown)
  const s = h.state();
  if (!s) return false;
  const made = s.record.games.reduce((n, g) => n + g.length, 0);
  if (coach.dataset.at !== String(made)) return false;
  const asked = coach.querySelector('.coach-ask:not([hidden])');
  if (document.querySelector('#status').dataset.state === 'over') return asked ? 'over' : false;
  if ([...coach.querySelectorAll('.coach-actions button')].some((b) => b.checkVisibility())) return 'held';
  const shown = [...document.querySelectorAll('MOVES')].some((b) => b.checkVisibility());
  return document.querySelector('#status').dataset.state === 'turn' && shown && asked ? 'turn' : false;
}"""


def stand(page, game: str) -> str:
    js = STAND_JS.replace("GAME", repr(game)).replace("MOVES", MOVE_BUTTONS)
    return page.wait_for_function(js, timeout=STEP_MS).json_value()


def moves_made(page, game: str) -> int:
    return page.evaluate(f"() => window.__pygames[{game!r}].state().record.games[0].length")


def open_lesson(page, site_url: str, game: str, lang: str = "en") -> None:
    """The start page, then the game card's "Learn by playing" link."""
    page.set_viewport_size(PHONE)
    page.goto(f"{site_url}?lang={lang}")
    page.locator(f'a[data-learn="{game}"]').click()
    expect(page).to_have_url(f"{site_url}?lang={lang}#learn/{game}")
    wait_python(page)


def coach(page):
    return page.locator("#view-game .coach:not([hidden])")


def play_lesson(
    page, game: str, catalog: dict, *, click, take_back, keep_once: bool = True, axe=None, first=None
) -> dict:
    """Play the guided game to its end: `click(move)` makes a move (the first one shown, or
    `first(state)`, or the coach's better one after a mistake taken back). Returns what was seen."""
    seen = {"held": 0, "taken_back": 0, "kept": 0, "topics": set(), "axe": []}
    retry = None
    for _ in range(200):
        where = stand(page, game)
        for item in coach(page).locator(".coach-topics li").all_inner_texts():
            seen["topics"].add(item)
        if where == "over":
            return seen
        if where == "held":
            seen["held"] += 1
            judged = coach(page).locator(".coach-judged")
            expect(judged).to_have_attribute("data-verdict", "mistake")
            better = judged.get_attribute("data-better")
            assert better, "a mistake names a better move"
            if axe is not None and not seen["axe"]:
                seen["axe"] = axe()
            before = moves_made(page, game)
            if keep_once and not seen["kept"] and seen["taken_back"]:
                seen["kept"] += 1
                click_button(page, "#view-game .coach-actions button[id$='-keep']", take_back)
                page.wait_for_function(
                    f"n => window.__pygames[{game!r}].state().record.games[0].length > n", arg=before, timeout=STEP_MS
                )
                continue
            seen["taken_back"] += 1
            click_button(page, "#view-game .coach-actions button[id$='-take-back']", take_back)
            expect(coach(page).locator(".coach-actions")).to_be_hidden()
            assert moves_made(page, game) == before, "taking back plays nothing"
            retry = better
            continue
        shown = first(page.evaluate(f"() => window.__pygames[{game!r}].state()")) if first else None
        move = retry or shown or page.locator(MOVE_BUTTONS).first.get_attribute("data-move")
        retry = None
        click(move)
    raise AssertionError("the guided game did not end")


def click_button(page, selector: str, keyboard: bool) -> None:
    if keyboard:
        # the coach hands the focus to Take back when it holds a mistake: Tab reaches Keep it
        page.wait_for_function(
            "() => !!document.activeElement && document.activeElement.matches('#view-game .coach-actions button')",
            timeout=STEP_MS,
        )
        for _ in range(10):
            if page.evaluate("s => document.activeElement === document.querySelector(s)", selector):
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
    else:
        page.locator(selector).click()


def assert_real_game_button(page, game: str, catalog: dict) -> None:
    real = page.locator("#view-game .end-actions button[id$='-real']")
    expect(real).to_be_visible()
    expect(real).to_have_text(catalog["ui.learn.real"])
    real.click()
    expect(page.locator("dialog[open]")).to_be_visible()
    # the setup sheet of a real game: it starts one, with its own layout and no coach
    page.locator("#seats-start").click()
    page.wait_for_function(f"() => location.hash.startsWith('#play/{game}?')", timeout=STEP_MS)
    expect(page.locator("#view-game .coach")).to_have_count(1)
    expect(page.locator("#view-game .coach")).to_be_hidden()
    assert page.evaluate("() => document.querySelector('#view-game').dataset.lesson") is None


def assert_board_and_coach_in_one_screen(page, whole: bool = True) -> None:
    """At 390×844, scrolled to the top: the coach above the board and the board in sight (`whole`:
    all of it; else its top part: Oriflamme's and Turncoats' boards grow with the game and scroll
    with the page, the coach leaves them most of the first screen)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    box = page.evaluate(
        "() => { const c = document.querySelector('#view-game .coach:not([hidden])').getBoundingClientRect();"
        " const b = document.querySelector('#view-game .board-area:not([hidden]) canvas').getBoundingClientRect();"
        " return { coach: c.bottom, top: b.top, bottom: b.bottom, height: innerHeight }; }"
    )
    assert box["coach"] <= box["top"] + 1, box
    assert box["bottom"] <= box["height"] if whole else box["top"] <= 0.6 * box["height"], box


# ----------------------------------------------------------------------------- Okiya


def test_every_game_has_a_lesson_linked_from_its_card(page, site_url, catalog):
    assert LESSONS == list(GAMES)
    page.goto(site_url)
    for game in LESSONS:
        link = page.locator(f'.game-card[data-game="{game}"] a[data-learn="{game}"]')
        expect(link).to_have_text(catalog["ui.learn.link"])
        expect(link).to_have_attribute("href", f"#learn/{game}")


def okiya_click(page):
    """Take a tile by clicking the garden at its cell (the move's data: the legal moves' cells)."""

    def click(move: str) -> None:
        before = moves_made(page, "okiya")
        at = page.evaluate("c => window.__pygames.okiya.cellCenter(c)", move_data(page, "okiya", move)["cell"])
        page.mouse.click(at["x"], at["y"])
        wait_played_or_held(page, "okiya", before)

    return click


def move_data(page, game: str, text: str) -> dict:
    """The legal move ``text`` as data (the page's list of the engine's moves)."""
    return page.evaluate(
        "([g, t]) => { const s = window.__pygames[g].state(); return s.moves[s.legal.indexOf(t)]; }", [game, text]
    )


def wait_played_or_held(page, game: str, before: int) -> None:
    """Wait until the page is idle with one more move played, or the coach holds a mistake."""
    page.wait_for_function(
        "([g, n]) => { const h = window.__pygames[g]; return h.busy() === false &&"
        " (h.state().record.games[0].length > n"
        " || !!document.querySelector('.coach-actions:not([hidden]) button')); }",
        arg=[game, before],
        timeout=STEP_MS,
    )


def test_okiya_guided_game_on_a_phone(fast, site_url, catalog, axe_js):  # noqa: F811
    page = fast
    open_lesson(page, site_url, "okiya")
    assert stand(page, "okiya") == "turn"
    expect(coach(page).locator(".coach-topics li").first).to_have_text(catalog["coach.okiya.rule.opening"])
    assert_board_and_coach_in_one_screen(page)
    assert violations(page, axe_js) == []
    axe = lambda: violations(page, axe_js)  # noqa: E731
    seen = play_lesson(page, "okiya", catalog, click=okiya_click(page), take_back=False, axe=axe)
    assert seen["held"] and seen["taken_back"] and seen["axe"] == []
    assert catalog["coach.okiya.rule.follow"] in seen["topics"]
    expect(coach(page).locator(".coach-ask")).to_have_text(catalog["ui.learn.end"])
    assert violations(page, axe_js) == []
    assert page.evaluate("() => localStorage.getItem('pygames.okiya.save')") is None  # a lesson is not saved
    assert_real_game_button(page, "okiya", catalog)


def keyboard_move(page, game: str):
    """Make a move by keyboard only: Tab to its button, then Enter."""

    def move(text: str) -> None:
        before = moves_made(page, game)
        tab_to(page, f'{MOVE_BUTTONS}[data-move="{text}"]', limit=80)
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"n => {{ const h = window.__pygames[{game!r}]; return h.busy() === false &&"
            " (h.state().record.games[0].length > n"
            " || !!document.querySelector('.coach-actions:not([hidden]) button')); }",
            arg=before,
            timeout=STEP_MS,
        )

    return move


def test_okiya_guided_game_by_keyboard_in_japanese(fast, site_url, all_catalogs):
    page = fast
    (ja,) = [c for c in all_catalogs if c.get("ui.learn.real") and c["game.okiya"] == "オキヤ"]
    open_lesson(page, site_url, "okiya", lang="ja")
    assert stand(page, "okiya") == "turn"
    expect(coach(page).locator(".coach-topics li").first).to_have_text(ja["coach.okiya.rule.opening"])
    seen = play_lesson(page, "okiya", ja, click=keyboard_move(page, "okiya"), take_back=True)
    assert seen["held"] and seen["taken_back"] and seen["kept"]
    expect(coach(page).locator(".coach-ask")).to_have_text(ja["ui.learn.end"])
    real = page.locator("#ok-real")
    expect(real).to_be_focused()  # the end lands the keyboard on "Play a real game"
    page.keyboard.press("Enter")
    expect(page.locator("dialog[open]")).to_be_visible()


def button_move(page, game: str):
    """Make a move by clicking its button in the decision panel."""

    def move(text: str) -> None:
        before = moves_made(page, game)
        page.locator(f'{MOVE_BUTTONS}[data-move="{text}"]').first.click()
        page.wait_for_function(
            f"n => {{ const h = window.__pygames[{game!r}]; return h.busy() === false &&"
            " (h.state().record.games[0].length > n"
            " || !!document.querySelector('.coach-actions:not([hidden]) button')); }",
            arg=before,
            timeout=STEP_MS,
        )

    return move


def test_oriflamme_guided_game_on_a_phone_in_french(fast, site_url, all_catalogs, axe_js):  # noqa: F811
    page = fast
    (fr,) = [c for c in all_catalogs if c.get("ui.learn.real") == "Jouer une vraie partie"]
    open_lesson(page, site_url, "oriflamme", lang="fr")
    assert stand(page, "oriflamme") == "turn"
    expect(coach(page).locator(".coach-topics li").first).to_have_text(
        fr["coach.oriflamme.rule.goal"].replace("{rounds}", "6")
    )
    assert_board_and_coach_in_one_screen(page, whole=False)
    assert violations(page, axe_js) == []
    axe = lambda: violations(page, axe_js)  # noqa: E731
    seen = play_lesson(page, "oriflamme", fr, click=button_move(page, "oriflamme"), take_back=False, axe=axe)
    assert seen["held"] and seen["taken_back"] and seen["axe"] == []
    cards = [t for t in seen["topics"] if any(t.startswith(fr[f"oriflamme.card.{c}"] + " :") for c in CARDS)]
    assert len(cards) >= 6, seen["topics"]  # the cards, each told with its rule when it first acts
    expect(coach(page).locator(".coach-ask")).to_have_text(fr["ui.learn.end"])
    assert violations(page, axe_js) == []
    assert_real_game_button(page, "oriflamme", fr)


# ----------------------------------------------------------------------------- Turncoats


def turncoats_move(page):
    """Make a Turncoats move with the decision buttons: its colour, its area, then the move."""

    def move(text: str) -> None:
        before = moves_made(page, "turncoats")
        m = move_data(page, "turncoats", text)
        if m["kind"] not in ("negotiate", "return"):
            page.locator(f'#tc-choices [data-colour="{m["colour"]}"]').click()
            page.locator(f'#tc-choices [data-area="{m["area"]}"]').click()
        page.locator(f'#tc-choices [data-move="{text}"]').click()
        wait_played_or_held(page, "turncoats", before)

    return move


def test_turncoats_guided_game_on_a_phone(fast, site_url, catalog, axe_js):  # noqa: F811
    page = fast
    open_lesson(page, site_url, "turncoats")
    assert stand(page, "turncoats") == "turn"
    expect(coach(page).locator(".coach-topics li")).to_have_text(
        [
            catalog["coach.turncoats.rule.goal"],
            catalog["coach.turncoats.rule.control"],
            catalog["coach.turncoats.action.recruit"],
        ]
    )
    assert_board_and_coach_in_one_screen(page, whole=False)
    assert violations(page, axe_js) == []
    axe = lambda: violations(page, axe_js)  # noqa: E731
    seen = play_lesson(
        page, "turncoats", catalog, click=turncoats_move(page), take_back=False, axe=axe, first=lambda s: s["legal"][0]
    )
    assert seen["held"] and seen["taken_back"] and seen["axe"] == []
    actions = {catalog[f"coach.turncoats.action.{kind}"] for kind in ("recruit", "battle", "march", "negotiate")}
    assert actions <= seen["topics"] and catalog["coach.turncoats.rule.ending"] in seen["topics"]
    expect(coach(page).locator(".coach-ask")).to_have_text(catalog["ui.learn.end"])
    assert violations(page, axe_js) == []
    assert_real_game_button(page, "turncoats", catalog)

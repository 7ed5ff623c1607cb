"""The page in every language the build has (locale/languages.json): the start page and one
move in each registered game read in that language — no raw catalog key, no `{placeholder}`, no English
sentence left, no button whose text is cut off — on a phone (390×844) and a desktop (1280×800);
and choosing the language: `?lang=`, the header's picker, the remembered choice, the browser's
own languages on a first visit, `<html lang>`.
"""

from __future__ import annotations

import json
import re

import pytest
from helpers import MOVE_BUTTONS, REGISTRY, STEP_MS, vs_bots, wait_python
from playwright.sync_api import expect

from pygames import GAMES

#: The picker names each language in its own words.
NATIVE = {"en": "English", "fr": "Français", "gl": "Galego", "ja": "日本語", "uk": "Українська"}

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}

#: A list of three as each language writes it (CLDR), whether or not the browser's Intl has the language.
LISTS = {"en": "A, B, and C", "fr": "A, B et C", "gl": "A, B e C", "ja": "A、B、C", "uk": "A, B і C"}
LIST_JS = "async () => (await import(new URL('i18n.js', document.baseURI))).listText(['A', 'B', 'C'])"

#: Every text a person or a screen reader meets on the page, and the buttons whose text overflows.
READ_JS = """() => {
  const texts = [document.title, document.body.innerText];
  const attrs = ['aria-label', 'title', 'alt', 'placeholder'];
  for (const el of document.querySelectorAll('[aria-label], [title], [alt], [placeholder]'))
    for (const a of attrs) if (el.hasAttribute(a)) texts.push(el.getAttribute(a));
  const cut = [];
  for (const b of document.querySelectorAll('button, .btn, select')) {
    if (!b.getClientRects().length || getComputedStyle(b).visibility === 'hidden') continue;
    if (b.scrollWidth > b.clientWidth + 1) cut.push((b.textContent || b.getAttribute('aria-label') || '').trim());
  }
  const wide = document.documentElement.scrollWidth > document.documentElement.clientWidth + 1;
  return { text: texts.join('\\n'), cut, wide };
}"""


def languages(dist_site) -> list[str]:
    return json.loads((dist_site / "locale" / "languages.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def catalogs(dist_site) -> dict[str, dict]:
    folder = dist_site / "locale"
    return {lang: json.loads((folder / f"{lang}.json").read_text("utf-8")) for lang in languages(dist_site)}


def english_sentences(catalogs: dict[str, dict], lang: str) -> list[str]:
    """English texts (two words or more, no placeholder) that `lang` says otherwise."""
    english, other = catalogs["en"], catalogs[lang]
    return [
        v
        for k, v in english.items()
        if isinstance(v, str) and "{" not in v and len(v.split()) > 1 and other.get(k) != v
    ]


def assert_reads_in(page, catalogs: dict[str, dict], lang: str, where: str) -> None:
    """Everything on the page is `lang`'s text: no key, no placeholder, no English, nothing cut off."""
    assert page.evaluate("document.documentElement.lang") == lang
    seen = page.evaluate(READ_JS)
    text = seen["text"]
    keys = sorted(k for k in re.findall(r"\b[a-z]+(?:\.[a-z0-9_]+)+\b", text) if k in catalogs["en"])
    assert keys == [], f"{lang} {where}: raw catalog keys"
    assert re.findall(r"\{\w+\}", text) == [], f"{lang} {where}: unfilled placeholders"
    if lang != "en":
        left = [s for s in english_sentences(catalogs, lang) if s in text]
        assert left == [], f"{lang} {where}: English left"
    assert seen["cut"] == [], f"{lang} {where}: button text cut off"
    assert not seen["wide"], f"{lang} {where}: the page is wider than the screen"


def play_one_move(page, game: str) -> None:
    """Wait for the human's turn in `game`, play its first listed move, wait for the answer."""
    hooks = f"window.__pygames && window.__pygames.{game}"
    ready = f"() => {{ const h = {hooks}; const bs = [...document.querySelectorAll('{MOVE_BUTTONS}')];"
    ready += " return !!(h && h.state() && !h.busy() && bs.some((b) => b.checkVisibility())); }"
    page.wait_for_function(ready, timeout=STEP_MS)
    before = page.evaluate(f"JSON.stringify({hooks}.state().record)")
    page.locator(f"{MOVE_BUTTONS}:visible").first.click()
    page.wait_for_function(
        f"b => {{ const h = {hooks}; return JSON.stringify(h.state().record) !== b && !h.busy(); }}",
        arg=before,
        timeout=STEP_MS,
    )


@pytest.mark.parametrize("size", VIEWPORTS)
def test_every_language_reads_in_full(fast, site_url, dist_site, catalogs, size):
    page = fast
    page.set_viewport_size(VIEWPORTS[size])
    for lang in languages(dist_site):
        page.goto(f"{site_url}?lang={lang}")
        page.locator(".game-card").first.wait_for()
        expect(page.locator("#view-start h1")).to_have_text(catalogs[lang]["ui.start.heading"])
        wait_python(page)
        assert_reads_in(page, catalogs, lang, "start page")
        assert page.evaluate(LIST_JS) == LISTS[lang]
        for game in GAMES:  # a human (seat 0) against bots that answer at once
            page.goto(f"{site_url}?lang={lang}{vs_bots(game, 11, level=REGISTRY[game]['levels'][0])}")
            play_one_move(page, game)
            assert_reads_in(page, catalogs, lang, f"{game} after a move")


#: The name, description and language of the web app manifest the page links.
MANIFEST_JS = """() => fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())
  .then((m) => ({ name: m.name, description: m.description, lang: m.lang }))"""


def test_lang_in_the_address_is_remembered(page, site_url, dist_site, catalogs):
    others = [lang for lang in languages(dist_site) if lang != "en"]
    assert others, "the build has a language beside English"
    for lang in others:
        page.goto(f"{site_url}?lang={lang}")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.goto(site_url)  # no ?lang: the choice stays
        expect(page.locator("#view-start h1")).to_have_text(catalogs[lang]["ui.start.heading"])
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.evaluate(MANIFEST_JS) == {  # an installed app is named in the player's language
            "name": catalogs[lang]["ui.manifest.name"],
            "description": catalogs[lang]["ui.manifest.description"],
            "lang": lang,
        }
    page.goto(f"{site_url}?lang=en")
    expect(page.locator("#view-start h1")).to_have_text(catalogs["en"]["ui.start.heading"])


def test_the_picker_switches_and_remembers(page, site_url, dist_site, catalogs):
    page.goto(f"{site_url}?lang=en")
    picker = page.locator("header #lang")
    expect(picker).to_be_visible()
    expect(picker).to_have_attribute("aria-label", catalogs["en"]["ui.nav.language"])
    codes = picker.locator("option").evaluate_all("os => os.map(o => o.value)")
    assert sorted(codes) == sorted(languages(dist_site))  # each language the build has, in its own name
    names = picker.locator("option").evaluate_all("os => os.map(o => o.textContent)")
    assert names == [NATIVE[code] for code in codes]
    for lang in [c for c in codes if c != "en"]:
        with page.expect_navigation():
            picker.select_option(lang)
        expect(page.locator("#view-start h1")).to_have_text(catalogs[lang]["ui.start.heading"])
        assert page.evaluate("document.documentElement.lang") == lang
        assert "lang=" not in page.url  # the address no longer overrides the choice
        page.reload()
        expect(page.locator("#view-start h1")).to_have_text(catalogs[lang]["ui.start.heading"])
        expect(page.locator("header #lang")).to_have_value(lang)


@pytest.mark.parametrize("locale", ["fr-FR", "gl-ES", "ja-JP", "uk-UA", "de-DE"])
def test_a_first_visit_follows_the_browsers_languages(browser, site_url, dist_site, catalogs, locale):
    context = browser.new_context(locale=locale)
    try:
        page = context.new_page()
        page.goto(site_url)
        code = locale.split("-")[0]
        expected = code if code in languages(dist_site) else "en"
        expect(page.locator("html")).to_have_attribute("lang", expected)
        expect(page.locator("#view-start h1")).to_have_text(catalogs[expected]["ui.start.heading"])
    finally:
        context.close()

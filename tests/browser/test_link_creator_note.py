"""The "Play with friends" sheet tells the creator what his device can see and steer (issue 26,
bullet 8; docs/link-play.md, "What the creator can see and steer"): for every game of the
registry, before he creates the invitation, the sheet shows the sentence that fits the game's
link facts, as plain text.

Needs `python build.py` first; `site_url` serves dist/site under a sub-path.
"""

from __future__ import annotations

from helpers import STEP_MS
from playwright.sync_api import expect

from pygames import GAMES
from pygames.link.api import link_level

expect.set_options(timeout=STEP_MS)


def creator_key(game: str) -> str:
    """The catalog key of the sentence for `game`: at the friendly level every secret follows
    from the shared seed; a sealed game with secrets deals the creator only his own hand; a game
    without secrets has only its starting board (and, for all, who plays first)."""
    if link_level(game) == "friendly":
        return "ui.link.creator.friendly"
    return "ui.link.creator.own" if GAMES[game].SECRETS else "ui.link.creator.open"


def test_the_create_sheet_says_what_the_creator_can_see_for_every_game(phones, catalog):
    page = phones.new()
    for game in GAMES:
        page.locator(f'[data-link-new="{game}"]').click()
        sheet = page.locator("#link-new")
        expect(sheet).to_be_visible()
        page.locator("#link-create:not([disabled])").wait_for()  # the registry entry has filled it
        note = sheet.locator("#link-creator-note")
        expect(note).to_be_visible()
        expect(note).to_have_text(catalog[creator_key(game)])
        expect(note.locator("*")).to_have_count(0)  # text, never HTML
        sheet.locator("button[value=cancel]").click()
        expect(sheet).to_have_count(0)

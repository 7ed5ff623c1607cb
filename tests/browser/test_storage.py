"""Storage that says when it cannot keep things, and seats that can be kept elsewhere.

- storage full (setItem throws): every page shows that games are not being kept, and a game
  still plays;
- storage blocked (localStorage throws): the same notice; the creator of a link game is warned
  first, then gets the seat's export link at once, the game plays on in the page, and that
  link carries the seat to a device that can keep it;
- "Back up my seats" in My games gives one file; restored in a fresh profile, the game goes on.
"""

from __future__ import annotations

import json
import re

import pytest
from helpers import OKIYA_STATE_JS as OKIYA
from helpers import STEP_MS, fmt, wait_python
from playwright.sync_api import expect
from test_link_play import IDLE_JS, act, create_game, fragment, link_to_send, open_link, table, wait_saved

expect.set_options(timeout=STEP_MS)

FULL = "Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };"
BLOCKED = (
    "Object.defineProperty(window, 'localStorage', { configurable: true,"
    " get() { throw new DOMException('blocked', 'SecurityError'); } });"
)


class Devices:
    """Browser contexts (each its own storage); `init` runs in each page before the site's scripts."""

    def __init__(self, browser, url: str):
        self.browser, self.url = browser, url
        self.contexts = []
        self.errors: list[str] = []

    def new(self, init: str | None = None, hash_: str = ""):
        ctx = self.browser.new_context(viewport={"width": 430, "height": 900}, accept_downloads=True)
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(STEP_MS)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        if init:
            page.add_init_script(init)
        page.goto(self.url + hash_)
        wait_python(page)
        return page


@pytest.fixture
def devices(browser, site_url):
    d = Devices(browser, site_url)
    yield d
    for ctx in d.contexts:
        ctx.close()
    assert not d.errors, d.errors


def test_full_storage_says_so_and_the_game_plays(devices, catalog):
    page = devices.new(FULL, "#play/okiya?seed=5&bots=&format=single")
    notice = page.locator("#storage-notice")
    expect(notice).to_be_visible()
    expect(notice).to_have_text(catalog["ui.storage.not_kept"])
    page.wait_for_function(f"{OKIYA} !== null")
    for ply in (1, 2):
        page.locator("button[data-move]").first.click()
        page.wait_for_function(f"n => {{ const s = {OKIYA}; return s && s.view.ply >= n; }}", arg=ply)
    # and on every page: the start page too
    page.locator("a.brand").click()
    expect(page.locator("#view-start")).to_be_visible()
    expect(notice).to_be_visible()


def test_the_creator_without_storage_gets_the_export_link(devices, catalog):
    ann = devices.new(BLOCKED)
    expect(ann.locator("#storage-notice")).to_have_text(catalog["ui.storage.not_kept"])
    ann.locator('[data-link-new="okiya"]').click()
    warning = ann.locator("#link-nostore")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text(catalog["ui.link.nostore.title"])
    ann.locator("#link-nostore-go").click()
    ann.locator("#link-create:not([disabled])").click()
    ann.wait_for_function(IDLE_JS)
    t = table(ann)
    assert t["mine"] == [0]
    panel = ann.locator("#link-export-panel")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text(fmt(catalog["ui.link.export.warning"], name=t["names"][0]))
    field = ann.locator("#link-export-url")
    expect(field).to_have_value(re.compile(re.escape(f"#{t['link']}&k=0.") + "[0-9a-f]{32}$"))
    export = fragment(field.input_value())
    # the seat key lives in the page while it is open: My games lists the game
    open_link(ann, devices.url, "my-games")
    expect(ann.locator(f'li[data-link-id="{t["id"]}"]')).to_be_visible()
    # the export link takes the seat to a device that keeps it
    ann2 = devices.new()
    assert open_link(ann2, devices.url, export)["mine"] == [0]
    wait_saved(ann2, "(games, id) => !!games[id] && !!games[id].keys['0']", t["id"])


def test_a_backup_of_seats_restored_in_a_fresh_profile_continues_the_game(devices, catalog, tmp_path):
    ann = devices.new()
    expect(ann.locator("#storage-notice")).to_be_hidden()  # a browser that keeps things
    t = create_game(ann, "okiya", ["Ann", "Ben"])
    open_link(ann, devices.url, "my-games")
    with ann.expect_download() as download:
        ann.locator("#link-backup-save").click()
    path = tmp_path / "seats.json"
    download.value.save_as(path)
    backup = json.loads(path.read_text("utf-8"))
    assert [g["link"] for g in backup["games"]] == [t["link"]]
    # a fresh profile restores the file: the game and Ann's seat key are back
    ann2 = devices.new(hash_="#my-games")
    ann2.wait_for_function(IDLE_JS)
    ann2.locator("#link-backup-file").set_input_files(path)
    expect(ann2.locator("#toast")).to_have_text(fmt(catalog["ui.link.backup.restored"], n=1, total=1))
    expect(ann2.locator(f'li[data-link-id="{t["id"]}"]')).to_be_visible()
    key = backup["games"][0]["keys"]["0"]
    wait_saved(ann2, "(games, [id, key]) => !!games[id] && games[id].keys['0'] === key", [t["id"], key])
    # Ben joins; the restored device starts the game
    ben = devices.new()
    open_link(ben, devices.url, t["link"])
    act(ben, ben.locator('button[data-claim="1"]'))
    t2 = open_link(ann2, devices.url, link_to_send(ben))
    assert t2["mine"] == [0] and t2["phase"] == "playing"

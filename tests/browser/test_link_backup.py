"""Restoring seats from a backup file never loses a seat (the real built site, Chromium):

- a key written in upper case with spaces around (a file edited by hand) is saved in its
  canonical form, so the restored phone holds the seat;
- an entry whose key for a seat this phone holds is another key is left out, the toast says
  so, and the phone keeps its seat; the same key in upper case restores as usual.
"""

from __future__ import annotations

import json

from helpers import STEP_MS, fmt
from playwright.sync_api import expect
from test_link_play import IDLE_JS, create_game, open_link, saved, wait_saved

expect.set_options(timeout=STEP_MS)


def backup_file(tmp_path, name: str, games: list[dict]):
    """A backup file as "Back up my seats" writes it, holding `games` ({link, keys})."""
    path = tmp_path / name
    path.write_text(json.dumps({"kind": "pygames-seats", "version": 1, "saved": "2025-01-01", "games": games}), "utf-8")
    return path


def restore(page, site_url: str, path) -> None:
    open_link(page, site_url, "my-games")
    page.wait_for_function(IDLE_JS)
    page.locator("#link-backup-file").set_input_files(path)


def test_a_key_in_upper_case_with_spaces_restores_its_seat(phones, site_url, catalog, tmp_path):
    ann = phones.new()
    t = create_game(ann, "okiya", ["Ann", "Ben"])
    key = wait_saved(ann, "(games, id) => !!games[id] && !!games[id].keys['0']", t["id"])[t["id"]]["keys"]["0"]
    path = backup_file(tmp_path, "hand-edited.json", [{"link": t["link"], "keys": {"0": f"  {key.upper()} \n"}}])
    phone = phones.new()
    restore(phone, site_url, path)
    expect(phone.locator("#toast")).to_have_text(fmt(catalog["ui.link.backup.restored"], n=1, total=1))
    wait_saved(phone, "(games, [id, key]) => !!games[id] && games[id].keys['0'] === key", [t["id"], key])
    assert open_link(phone, site_url, t["link"])["mine"] == [0]


def test_an_entry_that_would_take_a_held_seat_away_is_refused(phones, site_url, catalog, tmp_path):
    ann = phones.new()
    t = create_game(ann, "okiya", ["Ann", "Ben"])
    before = wait_saved(ann, "(games, id) => !!games[id] && !!games[id].keys['0']", t["id"])
    key = before[t["id"]]["keys"]["0"]
    other = "0123456789abcdef" * 2 if key != "0123456789abcdef" * 2 else "f" * 32
    path = backup_file(tmp_path, "other-key.json", [{"link": t["link"], "keys": {"0": other}}])
    restore(ann, site_url, path)
    restored = fmt(catalog["ui.link.backup.restored"], n=0, total=1)
    kept = fmt(catalog["ui.link.backup.kept_seats"]["one"], count=1)
    expect(ann.locator("#toast")).to_have_text(f"{restored} {kept}")
    after = saved(ann)
    assert after[t["id"]]["keys"] == {"0": key} and after[t["id"]]["mine"] == [0]
    assert open_link(ann, site_url, t["link"])["mine"] == [0]
    # the same key in upper case is this seat's key: restored, and kept canonical
    path = backup_file(tmp_path, "same-key.json", [{"link": t["link"], "keys": {"0": key.upper()}}])
    restore(ann, site_url, path)
    expect(ann.locator("#toast")).to_have_text(fmt(catalog["ui.link.backup.restored"], n=1, total=1))
    assert saved(ann)[t["id"]]["keys"] == {"0": key}

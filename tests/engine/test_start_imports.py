"""What Python's start imports in the page's worker: the bridge alone, then a game (and its
bots) on its first use; the link layer only for play by link. A fresh interpreter per case,
as in the worker: ``sys.modules`` is what is checked."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygames

ROOT = Path(__file__).resolve().parents[2]

#: A game page's first calls, as the worker makes them (JSON in, JSON out).
GAME_PAGE = """
first = json.loads(bridge.call("new_match", json.dumps({"game": GAME, "seed": 5})))["result"]
assert json.loads(bridge.call("state", json.dumps({"record": first["record"]})))["ok"]
assert json.loads(bridge.call("bot_move", json.dumps({"record": first["record"]})))["ok"]
"""
GAMES = list(pygames.GAMES)
#: The link layer and what only it uses (its commitments' HMAC, random keys, base64 text).
LINK_ONLY = {"pygames.link", "hmac", "secrets", "base64"}


def imported_after(code: str, **names: str) -> set[str]:
    """The modules a fresh interpreter holds after ``import pygames.bridge as bridge`` and ``code``."""
    script = f"import json, sys\nimport pygames.bridge as bridge\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    setup = "".join(f"{name} = {value!r}\n" for name, value in names.items())
    proc = subprocess.run([sys.executable, "-c", setup + script], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(json.loads(proc.stdout.splitlines()[-1]))


def games_in(modules: set[str]) -> set[str]:
    """The games whose own package or bots are among ``modules``."""
    own = {m.split(".")[1] for m in modules if m.startswith("pygames.")}
    bots = {m.split(".")[2] for m in modules if m.startswith("pygames.bots.")}
    return set(GAMES) & (own | bots)


def test_the_start_imports_no_game_and_no_link_layer() -> None:
    modules = imported_after("")
    assert games_in(modules) == set()
    assert not modules & LINK_ONLY


def test_a_game_page_imports_its_own_game_only() -> None:
    for game in GAMES:
        modules = imported_after(GAME_PAGE, GAME=game)
        assert games_in(modules) == {game}
        assert not modules & LINK_ONLY


def test_import_engine_imports_every_game_with_its_bots_and_events() -> None:
    modules = imported_after("assert bridge.import_engine() == list(GAMES)", GAMES=list(GAMES))
    assert games_in(modules) == set(GAMES)
    assert {f"pygames.bots.{g}" for g in GAMES} <= modules
    assert not modules & LINK_ONLY

"""The engine inside Pyodide (Node), offline: its own tests, and the same games.

These run the built wheel (dist/site/wheels/...) in the pinned Pyodide runtime
through tests/pyodide/run_pytest.mjs and run_python.mjs.  Knobs:
PYGAMES_PYODIDE_FUZZ_GAMES (default 300) becomes PYGAMES_FUZZ_GAMES inside
Pyodide, so the folder's seeded fuzzing stays short there; the rules tests run whole.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import bootstrap
import pytest

from pygames import GAMES

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 900


@pytest.fixture(scope="session")
def pyodide_dir(build_mod) -> Path:
    if not shutil.which("node"):
        pytest.fail(
            "node is needed for the Pyodide tests (Node.js 20): `python build.py test` installs it", pytrace=False
        )
    return build_mod.fetch_pyodide()


@pytest.fixture(scope="session")
def pytest_wheels(build_mod) -> list[Path]:
    return bootstrap.fetch_test_wheels(build_mod)


def run_node(build_mod, dist, pyodide_dir, script, *args, wheels=(), env=None, timeout=TIMEOUT):
    cmd = bootstrap.node_runner_cmd(script, *args, pyodide_dir=pyodide_dir, dist=dist, wheels=wheels)
    proc = subprocess.run(
        cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT, env={**os.environ, **(env or {})}
    )
    return proc.returncode, proc.stdout + proc.stderr


#: Engine tests of ``pygames.adapters`` (OpenSpiel, PettingZoo: CPython libraries the site's wheel
#: leaves out), which Pyodide cannot run.
# (test_start_imports.py starts a fresh interpreter per case: START_SCRIPT below is its Pyodide side;
# test_bridge_limits.py measures CPython's memory with tracemalloc, which the site's runtime leaves out)
CPYTHON_ONLY = ("test_openspiel.py", "test_pettingzoo.py", "test_start_imports.py", "test_bridge_limits.py")


def test_engine_tests_pass_in_pyodide(build_mod, dist_site, pyodide_dir, pytest_wheels):
    """The whole engine suite in the site's own runtime: its trimmed standard library
    (tests/pyodide/stdlib_zip.py) holds everything the engine and its tests import."""
    site_runtime = dist_site / "pyodide"
    with (
        zipfile.ZipFile(site_runtime / "python_stdlib.zip") as trimmed,
        zipfile.ZipFile(pyodide_dir / "python_stdlib.zip") as full,
    ):
        assert len(trimmed.namelist()) < len(full.namelist()) / 2, "the site's standard library is not trimmed"
    engine = ROOT / "tests" / "engine"
    if not any(engine.glob("test_*.py")):
        pytest.fail("tests/engine has no tests")
    fuzz = os.environ.get("PYGAMES_PYODIDE_FUZZ_GAMES", "300")
    rc, out = run_node(
        build_mod,
        dist_site,
        site_runtime,
        "run_pytest.mjs",
        "--mount",
        f"{engine}:/tests/engine",
        "--",
        "-q",
        "-ra",
        *(f"--ignore=/tests/engine/{name}" for name in CPYTHON_ONLY),
        "/tests/engine",
        wheels=pytest_wheels,
        env={"PYGAMES_FUZZ_GAMES": fuzz, "PYGAMES_LINK_FUZZ": "5000"},
    )
    print(out)
    assert rc == 0, f"engine tests inside Pyodide exited {rc}:\n{out[-6000:]}"
    assert " passed" in out


def test_runner_fails_on_a_failing_test(build_mod, dist_site, pyodide_dir, pytest_wheels, tmp_path):
    (tmp_path / "test_canary.py").write_text(
        textwrap.dedent("""
        import sys

        def test_canary_passes():
            assert sys.platform == "emscripten"

        def test_canary_deliberately_fails():
            assert 1 + 1 == 3
    """)
    )
    rc, out = run_node(
        build_mod,
        dist_site,
        pyodide_dir,
        "run_pytest.mjs",
        "--mount",
        f"{tmp_path}:/canary",
        "--",
        "-q",
        "/canary",
        wheels=pytest_wheels,
    )
    assert rc != 0, out
    assert "test_canary_deliberately_fails" in out, out
    assert "1 failed, 1 passed" in out, out


GAMES_SCRIPT = """
import hashlib, json, sys
from pygames import GAMES
from pygames.core.rng import Rng

def play(module, players, seed):
    # a seeded random game: a digest of every position text and the record of moves played
    state = module.new_game(players, seed)
    rng = Rng(seed)
    h = hashlib.sha256()
    record = []
    while True:
        h.update(state.to_text().encode("utf-8") + b"\\n")
        if state.outcome is not None:
            h.update(json.dumps(record).encode("utf-8"))
            h.update(json.dumps(list(state.outcome.scores)).encode("utf-8"))
            return h.hexdigest(), len(record)
        moves = state.legal_moves()
        move = moves[rng.below(len(moves))]
        record.append(str(move))
        state = state.play(move)

n = int(sys.argv[1])
games = {f"{game} {players}p": [play(module, players, seed) for seed in range(n)]
         for game, module in GAMES.items() for players in module.PLAYER_COUNTS}
print(json.dumps({"python": sys.version.split()[0], "platform": sys.platform,
                  "digests": {k: [d for d, _ in v] for k, v in games.items()},
                  "plies": {k: sum(p for _, p in v) for k, v in games.items()}}))
"""


def test_same_games_on_cpython_and_pyodide(build_mod, dist_site, pyodide_dir, tmp_path):
    """Every game at every player count: the same seeds and random moves give the same position texts,
    move records and scores on CPython and inside Pyodide."""
    script = tmp_path / "games.py"
    script.write_text(GAMES_SCRIPT)
    n = "30"
    cp = subprocess.run(
        [sys.executable, str(script), n],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert cp.returncode == 0, cp.stderr
    rc, out = run_node(build_mod, dist_site, pyodide_dir, "run_python.mjs", str(script), "--", n)
    assert rc == 0, out
    here = json.loads(cp.stdout.strip().splitlines()[-1])
    there = json.loads(out.strip().splitlines()[-1])
    assert there["platform"] == "emscripten" and here["platform"] != "emscripten"
    assert {k.split()[0] for k in here["digests"]} == set(GAMES)
    for key, digests in here["digests"].items():
        assert len(digests) == int(n) and len(set(digests)) == int(n), key  # every seed its own game
        assert here["plies"][key] > int(n), key
        diff = [i for i, (a, b) in enumerate(zip(digests, there["digests"][key])) if a != b]
        assert not diff, (
            f"{key}: games differ between CPython {here['python']} and Pyodide {there['python']}: seeds {diff[:10]}"
        )
    assert here["digests"] == there["digests"] and here["plies"] == there["plies"]


START_SCRIPT = """
import json, sys

import pygames.bridge as bridge
from pygames import GAMES

def games():
    # the games of the registry whose package or bots are imported
    names = {m.split(".")[1] for m in sys.modules if m.startswith("pygames.")}
    names |= {m.split(".")[2] for m in sys.modules if m.startswith("pygames.bots.")}
    return sorted(names & set(GAMES))

start = {"games": games(), "slow": sorted(m for m in ("importlib.resources", "pygames.link") if m in sys.modules)}
pages = {}
for game in GAMES:  # each game's page in the same interpreter: it imports its own game and no other
    before = set(games())
    first = json.loads(bridge.call("new_match", json.dumps({"game": game, "seed": 5})))["result"]
    level = bridge.bots_module(game).LEVELS[0]  # the quickest to decide: what is checked is imports
    assert json.loads(bridge.call("bot_move", json.dumps({"record": first["record"], "level": level})))["ok"]
    pages[game] = {"games": sorted(set(games()) - before), "link": "pygames.link" in sys.modules}
print(json.dumps({"start": start, "pages": pages}))
"""


def test_python_start_in_pyodide_imports_no_game(build_mod, dist_site, pyodide_dir, tmp_path):
    """The worker's start (``import pygames.bridge``) in a fresh Pyodide imports no game, no link
    layer and not importlib.resources (slow there); each game's page then imports that game alone."""
    script = tmp_path / "start.py"
    script.write_text(START_SCRIPT)
    rc, out = run_node(build_mod, dist_site, dist_site / "pyodide", "run_python.mjs", str(script))
    assert rc == 0, out
    got = json.loads(out.strip().splitlines()[-1])
    assert got == {
        "start": {"games": [], "slow": []},
        "pages": {game: {"games": [game], "link": False} for game in GAMES},
    }


BYTECODE_SCRIPT = """
import json, sys, traceback
zip_path = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
# (the modules Python has frozen in, os and codecs among them, name the zip too, but never load from it)
zipped = [m for m in list(sys.modules.values()) if type(getattr(m.__spec__, "loader", None)).__name__ == "zipimporter"]
from_zip = [m.__file__ for m in zipped]
try:
    json.loads("{")
except ValueError as e:
    last = traceback.extract_tb(e.__traceback__)[-1]
print(json.dumps({
    "from zip": len(from_zip),
    "sources": sorted(f for f in from_zip if not f.endswith(".pyc")),
    "json source shipped": json.__spec__.loader.get_source("json") is not None,
    "traceback": [last.filename, last.lineno > 0],
}))
"""


def test_the_site_runtime_imports_its_standard_library_as_bytecode(build_mod, dist_site, tmp_path):
    """The site's zip holds the standard library compiled (tests/pyodide/stdlib_zip.py), so the start
    compiles none of it: every module Pyodide's start and the engine load from it is a .pyc of
    this runtime's Python (a wrong magic number would fail the import), and a traceback through it
    still names the source file and line."""
    script = tmp_path / "bytecode.py"
    script.write_text(BYTECODE_SCRIPT)
    rc, out = run_node(build_mod, dist_site, dist_site / "pyodide", "run_python.mjs", str(script))
    assert rc == 0, out
    got = json.loads(out.strip().splitlines()[-1])
    assert got["from zip"] > 50, got
    assert got["sources"] == [], got
    assert got["json source shipped"] is False
    assert got["traceback"] == ["/lib/python314.zip/json/decoder.py", True]

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
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 900


@pytest.fixture(scope="session")
def pyodide_dir(build_mod) -> Path:
    if not shutil.which("node"):
        pytest.fail("node is needed for the Pyodide tests (Node.js 20): `python build.py test` installs it",
                    pytrace=False)
    return build_mod.fetch_pyodide()


@pytest.fixture(scope="session")
def pytest_wheels(build_mod) -> list[Path]:
    return build_mod.fetch_test_wheels()


def run_node(build_mod, dist, pyodide_dir, script, *args, wheels=(), env=None, timeout=TIMEOUT):
    cmd = build_mod.node_runner_cmd(script, *args, pyodide_dir=pyodide_dir, dist=dist, wheels=wheels)
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT,
                          env={**os.environ, **(env or {})})
    return proc.returncode, proc.stdout + proc.stderr


def test_engine_tests_pass_in_pyodide(build_mod, dist_site, pyodide_dir, pytest_wheels):
    engine = ROOT / "tests" / "engine"
    if not any(engine.glob("test_*.py")):
        pytest.fail("tests/engine has no tests")
    fuzz = os.environ.get("PYGAMES_PYODIDE_FUZZ_GAMES", "300")
    rc, out = run_node(build_mod, dist_site, pyodide_dir, "run_pytest.mjs",
                       "--mount", f"{engine}:/tests/engine", "--", "-q", "-ra", "/tests/engine",
                       wheels=pytest_wheels, env={"PYGAMES_FUZZ_GAMES": fuzz, "PYGAMES_LINK_FUZZ": "5000"})
    print(out)
    assert rc == 0, f"engine tests inside Pyodide exited {rc}:\n{out[-6000:]}"
    assert " passed" in out


def test_runner_fails_on_a_failing_test(build_mod, dist_site, pyodide_dir, pytest_wheels, tmp_path):
    (tmp_path / "test_canary.py").write_text(textwrap.dedent("""
        import sys

        def test_canary_passes():
            assert sys.platform == "emscripten"

        def test_canary_deliberately_fails():
            assert 1 + 1 == 3
    """))
    rc, out = run_node(build_mod, dist_site, pyodide_dir, "run_pytest.mjs",
                       "--mount", f"{tmp_path}:/canary", "--", "-q", "/canary",
                       wheels=pytest_wheels)
    assert rc != 0, out
    assert "test_canary_deliberately_fails" in out, out
    assert "1 failed, 1 passed" in out, out


GAMES_SCRIPT = """
import hashlib, json, sys
from pygames.okiya import new_game
from pygames.core.rng import Rng

def play(seed):
    state = new_game(2, seed)
    rng = Rng(seed)
    h = hashlib.sha256()
    plies = 0
    while True:
        h.update(state.to_text().encode("utf-8") + b"\\n")
        if state.outcome is not None:
            return h.hexdigest(), plies
        moves = state.legal_moves()
        state = state.play(moves[rng.below(len(moves))])
        plies += 1

games = [play(seed) for seed in range(int(sys.argv[1]))]
print(json.dumps({"python": sys.version.split()[0], "platform": sys.platform,
                  "digests": [d for d, _ in games], "plies": sum(p for _, p in games)}))
"""


def test_same_games_on_cpython_and_pyodide(build_mod, dist_site, pyodide_dir, tmp_path):
    script = tmp_path / "games.py"
    script.write_text(GAMES_SCRIPT)
    n = "200"
    cp = subprocess.run([sys.executable, str(script), n], capture_output=True, text=True,
                        timeout=TIMEOUT, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert cp.returncode == 0, cp.stderr
    rc, out = run_node(build_mod, dist_site, pyodide_dir, "run_python.mjs", str(script), "--", n)
    assert rc == 0, out
    here = json.loads(cp.stdout.strip().splitlines()[-1])
    there = json.loads(out.strip().splitlines()[-1])
    assert there["platform"] == "emscripten" and here["platform"] != "emscripten"
    assert len(here["digests"]) == 200 and here["plies"] > 200
    diff = [i for i, (a, b) in enumerate(zip(here["digests"], there["digests"])) if a != b]
    assert not diff, f"games differ between CPython {here['python']} and Pyodide {there['python']}: seeds {diff[:10]}"
    assert here == {**there, "python": here["python"], "platform": here["platform"]}

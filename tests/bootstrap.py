"""What ``python build.py test`` sets up before pytest runs, so the one test command works on a
fresh machine: the Python test extras, a Chromium (Debian's, or Playwright's on GitHub Actions),
Node and npm; installing only what is missing.  Also the lint step the command runs first, and
what running Python inside Pyodide under Node takes (the engine's tests, the bench): pytest's
wheels for Pyodide's Python and the command line of the runner in tests/pyodide/.

Not a test module: build.py loads it by path (``build.load_bootstrap()``; it lives with the
tests it serves).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER_DIR = ROOT / "tests" / "pyodide"
#: Pure-Python wheels that let pytest run inside Pyodide (tests only, never deployed).
PYODIDE_TEST_WHEELS = (
    "pytest==9.2.0",
    "pluggy==1.7.0",
    "iniconfig==2.3.1",
    "packaging==26.4",
    "pygments==2.21.0",
)


def _is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _apt_install(*packages: str) -> None:
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    print(f"apt-get install {' '.join(packages)} ...", flush=True)
    subprocess.run(["apt-get", "update", "-q"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-q", *packages], check=True, env=env)


def ensure_test_tools(find_chromium: Callable[[], str | None]) -> None:
    """pip test deps, a Chromium, node/npm — installing only what is missing."""
    need = [
        m
        for m in (
            "pytest",
            "playwright",
            "pytest_playwright",
            "segno",
            "ruff",
            "pyspiel",
            "pettingzoo",
            "numpy",
            "xdist",
        )
        if importlib.util.find_spec(m) is None
    ]
    if need:
        extra = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
        reqs = extra["project"]["optional-dependencies"]["test"]
        print(f"pip install {' '.join(reqs)} ...", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", *reqs], check=True)

    on_gha = os.environ.get("GITHUB_ACTIONS") == "true"
    playwright_install = [sys.executable, "-m", "playwright", "install", "chromium"]
    if on_gha or _is_root():
        playwright_install.insert(-1, "--with-deps")
    if os.environ.get("PYGAMES_CHROMIUM") == "playwright":
        print(" ".join(playwright_install[1:]), flush=True)
        subprocess.run(playwright_install, check=True)
    elif find_chromium() is None:
        if on_gha:
            print("no chromium found: " + " ".join(playwright_install[1:]), flush=True)
            subprocess.run(playwright_install, check=True)
        elif _is_root() and shutil.which("apt-get"):
            _apt_install("chromium")
        else:
            raise SystemExit(
                "build.py: error: no chromium found. Install it (Debian: sudo apt-get install -y chromium), "
                "or set PYGAMES_CHROMIUM=/path/to/chromium "
                "(PYGAMES_CHROMIUM=playwright: use `playwright install chromium`, which needs its CDN)."
            )

    if not (shutil.which("node") and shutil.which("npm")):
        if _is_root() and shutil.which("apt-get"):
            _apt_install("nodejs", "npm")
        else:
            raise SystemExit(
                "build.py: error: node and npm are needed (Node.js 20; Debian: apt-get install -y nodejs npm)"
            )


def lint_python() -> int:
    """ruff's lint and format check over the Python (settings in pyproject.toml); 0 when clean."""
    check = subprocess.call([sys.executable, "-m", "ruff", "check", "--quiet", "."], cwd=ROOT)
    formatted = subprocess.call([sys.executable, "-m", "ruff", "format", "--check", "--quiet", "."], cwd=ROOT)
    return 1 if check or formatted else 0


def fetch_test_wheels(build) -> list[Path]:
    """The wheels pytest needs inside Pyodide (pip download for Pyodide's Python, cached);
    ``build`` is build.py as a module (its cache, pip and Pyodide pins)."""
    dest = build.cache_dir() / f"wheels-py{build.PYODIDE_PYTHON}"
    dest.mkdir(parents=True, exist_ok=True)

    def find(req: str) -> Path | None:
        name, version = req.split("==")
        hits = sorted(dest.glob(f"{name}-{version}-*.whl"))
        return hits[0] if hits else None

    missing = [r for r in PYODIDE_TEST_WHEELS if find(r) is None]
    if missing:
        build.log(f"downloading py{build.PYODIDE_PYTHON} wheels: {' '.join(missing)}")
        target = ("--python-version", build.PYODIDE_PYTHON, "--platform", "any", "--implementation", "py")
        build.pip_download(dest, *missing, *target)
    wheels = [find(r) for r in PYODIDE_TEST_WHEELS]
    if None in wheels:
        raise build.BuildError(f"pip download did not give {PYODIDE_TEST_WHEELS} in {dest}")
    return wheels  # type: ignore[return-value]


def node_runner_cmd(script: str, *args: str, pyodide_dir: Path, dist: Path, wheels: list[Path] = ()) -> list[str]:
    """argv for ``node tests/pyodide/<script> ...`` with the runtime and the pygames wheel."""
    node = shutil.which("node")
    if not node:
        raise SystemExit("build.py: error: node not found: install Node.js 20")
    cmd = [node, str(RUNNER_DIR / script), "--pyodide", str(pyodide_dir), "--dist", str(dist)]
    for w in wheels:
        cmd += ["--wheel", str(w)]
    return cmd + list(args)

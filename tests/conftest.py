"""Root fixtures: the built site served under a sub-path, and Debian's Chromium.

The static server and the paths come from ``build.py`` (loaded from the repo
root, so the code exists once).  Tests never build: ``python build.py test``
builds first; when running pytest by hand, run ``python build.py`` before.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_build():
    """The repo's build.py as a module (one instance per process)."""
    mod = sys.modules.get("pygames_build")
    if mod is None:
        spec = importlib.util.spec_from_file_location("pygames_build", ROOT / "build.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules["pygames_build"] = mod
        spec.loader.exec_module(mod)
    return mod


def _stale_files(build, dist: Path) -> list[str]:
    """Source files whose copy in dist/site differs (or is missing)."""
    stale: list[str] = []
    info = (dist / "build-info.json").read_text("utf-8")
    wheel = dist / json.loads(info)["wheel"]
    if not wheel.is_file():
        return [str(wheel.relative_to(dist))]
    with zipfile.ZipFile(wheel) as zf:
        packed = {n: zf.read(n) for n in zf.namelist() if n.startswith("pygames/")}
    src = ROOT / "pygames"
    seen = set()
    for p in sorted(src.rglob("*")):
        rel = p.relative_to(ROOT).as_posix()
        if not p.is_file() or "__pycache__" in p.parts or p.suffix == ".pyc":
            continue
        if rel.startswith(build.SITE_WHEEL_EXCLUDES):  # not shipped with the site
            continue
        seen.add(rel)
        if packed.get(rel) != p.read_bytes():
            stale.append(rel)
    stale += [n for n in packed if n not in seen]
    for p in build._site_files():
        rel = p.relative_to(build.SITE)
        if rel.as_posix() in build.TEMPLATES or (rel.parts[0] == "locale" and rel.suffix == ".json"):
            continue
        copy = dist / rel
        if not copy.is_file() or copy.read_bytes() != p.read_bytes():
            stale.append(f"site/{rel.as_posix()}")
    for lang, catalog in build.merge_locales().items():
        built = dist / "locale" / f"{lang}.json"
        if not built.is_file() or json.loads(built.read_text("utf-8")) != catalog:
            stale.append(f"locale/{lang}.json")
    return stale


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which reads the groups into the test ids
def pytest_collection_modifyitems(items):
    """Under ``python build.py test`` (two pytest-xdist workers, ``--dist loadgroup``) the
    browser tests run one after another on one worker, which spends much of its time waiting on
    the page, while the other worker runs the engine and the rest; each test in Pyodide keeps to
    one worker too, so their runtime is set up once."""
    for item in items:
        parts = item.path.relative_to(ROOT).parts
        if parts[:2] == ("tests", "browser"):
            item.add_marker(pytest.mark.xdist_group("browser"))
        elif parts[-1] == "test_pyodide.py":
            item.add_marker(pytest.mark.xdist_group("pyodide"))


@pytest.fixture(scope="session")
def build_mod():
    """build.py, for its paths, pins and helpers."""
    return load_build()


@pytest.fixture(scope="session")
def dist_site(build_mod) -> Path:
    """The built site (dist/site); fails when it is missing or older than the sources."""
    dist = build_mod.DIST
    if not (dist / "build-info.json").is_file():
        pytest.fail(
            "dist/site is not built: run `python build.py` first "
            "(or `python build.py test`, which builds and runs every test)",
            pytrace=False,
        )
    stale = _stale_files(build_mod, dist)
    if stale:
        shown = ", ".join(stale[:8]) + (" ..." if len(stale) > 8 else "")
        pytest.fail(f"dist/site is older than the sources ({shown}): run `python build.py`", pytrace=False)
    return dist


@pytest.fixture(scope="session")
def site_url(build_mod, dist_site) -> str:
    """Base URL of dist/site served under a sub-path, e.g. http://127.0.0.1:PORT/pygames/."""
    server = build_mod.serve_in_background(dist_site, base="/pygames/")
    try:
        yield server.base_url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Drive Debian's Chromium when there is one (``playwright install`` needs a CDN)."""
    ours = load_build().chromium_launch_args()
    return {**browser_type_launch_args, **ours, "args": [*browser_type_launch_args.get("args", []), *ours["args"]]}

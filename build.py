#!/usr/bin/env python3
"""Build, serve and test pygames — standard library only (Python 3.11+).

    python build.py                 build dist/site/ (wheel + Pyodide runtime + page)
    python build.py serve [--port 8000] [--host 127.0.0.1] [--base /pygames/]
                                    build, then serve dist/site/
    python build.py test [pytest args...]
                                    install what is missing, build, run every test

(Long on purpose: the design card keeps one build script at the top level, so the build and
the local server that behaves like the host live here together; what the test command installs
first, and the runner of Python inside Pyodide under Node, are in tests/bootstrap.py.)

The Pyodide runtime comes from the npm registry (``npm pack``), pinned below by
version AND sha256, cached outside the tree in ``~/.cache/pygames/`` (or
``$PYGAMES_CACHE``).  Nothing is fetched from a CDN, at build time or at run time.

Other tools import this file (``tests/conftest.py``, ``bench/run.py``) for the
static file server, the cached downloads and the Chromium to drive.
"""

from __future__ import annotations

import argparse
import email.parser
import functools
import gzip
import hashlib
import html
import http.server
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import urllib.parse
import zipfile
from pathlib import Path

# ---- Pins: the ONE place the runtime and the site's wheels are chosen (test wheels: tests/bootstrap.py)
PYODIDE_VERSION = "314.0.7"  # npm package "pyodide"; Python 3.14 inside
PYODIDE_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
#: The runtime files the page needs (copied to dist/site/pyodide/).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYODIDE_PYTHON = "3.14"
#: The optional packages: pure-Python wheels the page installs with micropip on the first call
#: that needs them, from the site's own package index (never PyPI nor a CDN):
#: {wheel file: (sha256, [bridge calls])}.
SITE_WHEELS = {
    "segno-1.6.6-py3-none-any.whl": ("28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7", ["link_qr"]),
}
#: micropip itself (from PyPI, for Pyodide's Python), loaded by URL on the first such call,
#: with the standard-library files it needs that the start's trimmed zip leaves out.
MICROPIP_WHEEL = (
    "micropip-0.11.1-py3-none-any.whl",
    "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
)
MICROPIP_STDLIB = "pyodide/stdlib-micropip.zip"

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
DIST = ROOT / "dist" / "site"

#: MIME types the server must get right (module scripts and wasm are strict).
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".woff2": "font/woff2",
}


class BuildError(Exception):
    """A build step failed; the message says what to do."""


def log(msg: str) -> None:
    print(msg, flush=True)


def cache_dir() -> Path:
    d = Path(os.environ.get("PYGAMES_CACHE") or Path.home() / ".cache" / "pygames")
    d.mkdir(parents=True, exist_ok=True)
    return d


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    """Run a command, raising BuildError with its output when it fails."""
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if proc.returncode != 0:
        raise BuildError(f"command failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stdout}{proc.stderr}")
    return proc


# ---- Downloads (cached, verified) ----------------------------------------
def fetch_pyodide() -> Path:
    """The extracted, checksum-verified npm package dir of the pinned Pyodide."""
    cache = cache_dir()
    target = cache / f"pyodide-{PYODIDE_VERSION}"
    stamp = target / ".sha256"
    if stamp.is_file() and stamp.read_text().strip() == PYODIDE_SHA256:
        return target
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.is_file() or sha256_file(tarball) != PYODIDE_SHA256:
        npm = shutil.which("npm")
        if not npm:
            raise BuildError("npm not found: install Node.js 20 and npm (Debian: apt-get install -y nodejs npm)")
        log(f"fetching pyodide@{PYODIDE_VERSION} from npm ...")
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            proc = run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", tmp, "--silent"])
            got = Path(tmp) / f"pyodide-{PYODIDE_VERSION}.tgz"
            if not got.is_file():
                raise BuildError(f"npm pack gave no tarball:\n{proc.stdout}{proc.stderr}")
            digest = sha256_file(got)
            if digest != PYODIDE_SHA256:
                raise BuildError(
                    f"pyodide@{PYODIDE_VERSION} checksum mismatch: got {digest}, pinned {PYODIDE_SHA256} (build.py)"
                )
            os.replace(got, tarball)
    # Extract once, into a temp dir, then move into place.
    staging = Path(tempfile.mkdtemp(dir=cache, prefix=".extract-"))
    os.chmod(staging, 0o755)
    try:
        with tarfile.open(tarball, "r:gz") as tar:
            members = [m for m in tar.getmembers() if m.isfile() and m.name.startswith("package/")]
            for m in members:
                name = m.name[len("package/") :]
                if not name or name.startswith("/") or ".." in Path(name).parts:
                    continue
                dest = staging / name
                dest.parent.mkdir(parents=True, exist_ok=True)
                with tar.extractfile(m) as src, open(dest, "wb") as out:
                    shutil.copyfileobj(src, out)
        missing = [f for f in PYODIDE_FILES if not (staging / f).is_file()]
        if missing:
            raise BuildError(f"pyodide tarball lacks {missing}")
        (staging / ".sha256").write_text(PYODIDE_SHA256 + "\n")
        if target.exists():
            shutil.rmtree(target)
        os.replace(staging, target)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return target


def pip_download(dest: Path, *args: str) -> None:
    """``pip download`` of pinned binary wheels (no dependencies) into ``dest``."""
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--disable-pip-version-check",
            "-q",
            "--only-binary=:all:",
            "--no-deps",
            "-d",
            str(dest),
            *args,
        ]
    )


def fetch_site_wheels() -> list[Path]:
    """The third-party wheels the site ships, micropip first (pip download from PyPI for
    Pyodide's Python, sha256-checked, cached)."""
    dest = cache_dir() / "site-wheels"
    dest.mkdir(parents=True, exist_ok=True)
    paths = []
    pins = [MICROPIP_WHEEL] + [(name, digest) for name, (digest, _) in SITE_WHEELS.items()]
    for name, digest in pins:
        path = dest / name
        if not path.is_file() or sha256_file(path) != digest:
            project, version = name.split("-")[:2]
            log(f"downloading {project}=={version}")
            target = ("--python-version", PYODIDE_PYTHON, "--platform", "any", "--implementation", "py")
            pip_download(dest, f"{project}=={version}", *target)
            if not path.is_file() or sha256_file(path) != digest:
                raise BuildError(f"{name}: missing or checksum mismatch (pinned in build.py)")
        paths.append(path)
    return paths


# ---- Build ---------------------------------------------------------------
#: What the site's wheel leaves out: ``pygames.adapters`` needs CPython-only libraries (OpenSpiel,
#: PettingZoo) and nothing the page calls imports it.
SITE_WHEEL_EXCLUDES = ("pygames/adapters/",)


def _strip_wheel(wheel: Path) -> None:
    """Rewrite ``wheel`` without the files under ``SITE_WHEEL_EXCLUDES`` (nor their RECORD lines)."""
    excluded = tuple(p.encode() for p in SITE_WHEEL_EXCLUDES)
    with zipfile.ZipFile(wheel) as src:
        items = [(i, src.read(i)) for i in src.infolist() if not i.filename.startswith(SITE_WHEEL_EXCLUDES)]
    with zipfile.ZipFile(wheel, "w") as out:
        for info, data in items:
            if info.filename.endswith(".dist-info/RECORD"):
                data = b"".join(line for line in data.splitlines(keepends=True) if not line.startswith(excluded))
            out.writestr(info, data)


def build_wheel(out_dir: Path) -> Path:
    """Build the pure py3-none-any wheel the site ships with hatchling (PEP 517 hook), without
    ``SITE_WHEEL_EXCLUDES`` (``pip install .`` still installs them)."""
    code = "import sys, hatchling.build as b; print(b.build_wheel(sys.argv[1]))"
    try:
        proc = run([sys.executable, "-c", code, str(out_dir)], cwd=ROOT)
    except BuildError as e:
        if "No module named 'hatchling'" not in str(e):
            raise
        log("installing hatchling ...")
        run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", "hatchling"])
        proc = run([sys.executable, "-c", code, str(out_dir)], cwd=ROOT)
    name = proc.stdout.strip().splitlines()[-1]
    wheel = out_dir / name
    if not wheel.is_file() or not name.endswith("-py3-none-any.whl"):
        raise BuildError(f"expected a py3-none-any wheel, got {name!r}")
    _strip_wheel(wheel)
    return wheel


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _is_catalog_value(value) -> bool:
    """A text, or a plural object: CLDR category -> text (pygames.core.i18n)."""
    if isinstance(value, dict):
        return bool(value) and set(value) <= PLURAL_CATEGORIES and all(isinstance(v, str) for v in value.values())
    return isinstance(value, str)


PLURAL_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}


def _load_catalog(path: Path) -> dict[str, str | dict[str, str]]:
    def no_dupes(pairs):
        seen: dict[str, str] = {}
        for k, v in pairs:
            if k in seen:
                raise BuildError(f"{_rel(path)}: duplicate key {k!r}")
            seen[k] = v
        return seen

    try:
        data = json.loads(path.read_text("utf-8"), object_pairs_hook=no_dupes)
    except json.JSONDecodeError as e:
        raise BuildError(f"{_rel(path)}: invalid JSON: {e}") from None
    if not isinstance(data, dict) or not all(_is_catalog_value(v) for v in data.values()):
        raise BuildError(f'{_rel(path)}: must be a flat {{"key": "text" or {{"one": ..., "other": ...}}}} object')
    return data


def merge_locales() -> dict[str, dict[str, str | dict[str, str]]]:
    """lang -> engine catalog (pygames/locale) + page catalog (site/locale); no key twice."""
    sources = [ROOT / "pygames" / "locale", SITE / "locale"]
    # a language's catalog may be split by part: en.json, en.oriflamme.json, ...
    langs = sorted({p.name.split(".")[0] for d in sources if d.is_dir() for p in d.glob("*.json")})
    merged: dict[str, dict[str, str | dict[str, str]]] = {}
    for lang in langs:
        out: dict[str, str | dict[str, str]] = {}
        origin: dict[str, Path] = {}
        for d in sources:
            for path in sorted(d.glob(f"{lang}.json")) + sorted(d.glob(f"{lang}.*.json")):
                for k, v in _load_catalog(path).items():
                    if k in out:
                        raise BuildError(f"locale {lang}: key {k!r} is in both {_rel(origin[k])} and {_rel(path)}")
                    out[k] = v
                    origin[k] = path
        merged[lang] = out
    return merged


def game_registry() -> list[dict]:
    """The games the page lists, as ``pygames.bridge.games()`` gives them: written to games.json
    so the start page paints before Python is up, and the page holds no list of its own."""
    sys.path.insert(0, str(ROOT))
    try:
        from pygames.bridge import games
    finally:
        sys.path.remove(str(ROOT))
    return games()


def _site_files() -> list[Path]:
    """Files of site/ to copy as they are (no dotfiles, no caches)."""
    if not SITE.is_dir():
        return []
    files = []
    for p in sorted(SITE.rglob("*")):
        rel = p.relative_to(SITE)
        if not p.is_file() or any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        files.append(p)
    return files


#: Files of site/ the build writes from them rather than copies: the service worker (its
#: precache list) and the web app manifest (one per language).
TEMPLATES = ("sw.js", "manifest.webmanifest")


def _stage_page(staging: Path, quiet: bool) -> str | None:
    """Copy the page as written, merge the locale catalogs, write the game registry;
    return the service worker's template (sw.js is not copied as it is)."""
    sw_template = None
    for src in _site_files():
        rel = src.relative_to(SITE)
        if rel.as_posix() in TEMPLATES:  # written from the template below
            if rel.as_posix() == "sw.js":
                sw_template = src.read_text("utf-8")
            continue
        if rel.parts[0] == "locale" and rel.suffix == ".json" and len(rel.parts) == 2:
            continue
        dest = staging / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest)
    if not (SITE / "index.html").is_file() and not quiet:
        log("warning: site/index.html is missing (the page is not written yet?)")
    catalogs = merge_locales()
    for lang, catalog in catalogs.items():
        dest = staging / "locale" / f"{lang}.json"
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(json.dumps(catalog, ensure_ascii=False, indent=1, sort_keys=True) + "\n", "utf-8")
    _write_manifests(staging, catalogs)
    # the header's language picker offers the languages this build has
    (staging / "locale" / "languages.json").write_text(json.dumps(sorted(catalogs)) + "\n", "utf-8")
    # the start page and the routes read the registry before Python is up
    (staging / "games.json").write_text(json.dumps(game_registry(), indent=1) + "\n", "utf-8")
    return sw_template


#: The standard library's files the site ships (tests/pyodide/stdlib.txt, one zip member a line).
def _write_manifests(staging: Path, catalogs: dict[str, dict]) -> None:
    """The web app manifest in each language, its name and description from the catalogs:
    ``manifest.<lang>.webmanifest``, English as ``manifest.webmanifest``. The page links the one
    of its language (i18n.js); the English one also carries the others as ``translations``
    (the manifest localization proposal), for a platform that reads them from one file."""
    template = json.loads((SITE / "manifest.webmanifest").read_text("utf-8"))

    def words(lang: str) -> dict[str, str]:
        return {"name": catalogs[lang]["ui.manifest.name"], "description": catalogs[lang]["ui.manifest.description"]}

    for lang in catalogs:
        manifest = {**words(lang), "lang": lang, **template}
        if lang == "en":
            manifest["translations"] = {other: words(other) for other in sorted(catalogs) if other != "en"}
        name = "manifest.webmanifest" if lang == "en" else f"manifest.{lang}.webmanifest"
        (staging / name).write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", "utf-8")


def _stage_python(staging: Path) -> Path:
    """Copy the Pyodide runtime, build our wheel, add the optional wheels (listed by seal()); our wheel."""
    pyodide_dir = fetch_pyodide()
    (staging / "pyodide").mkdir(exist_ok=True)
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":  # trimmed, compiled (tests/pyodide/stdlib_zip.py)
            load_helper("pyodide/stdlib_zip.py").stage(
                sys.modules[__name__], pyodide_dir / name, staging / "pyodide", staging / MICROPIP_STDLIB
            )
        else:
            shutil.copyfile(pyodide_dir / name, staging / "pyodide" / name)
    (staging / "wheels").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        wheel = build_wheel(Path(tmp))
        shutil.copyfile(wheel, staging / "wheels" / wheel.name)
    optional = fetch_site_wheels()
    for path in optional:
        shutil.copyfile(path, staging / "wheels" / path.name)
    write_package_index(staging, optional[1:])  # micropip is loaded by URL, not installed from the index
    return staging / "wheels" / wheel.name


#: Where micropip finds a project's page of the site's package index ({package_name}: micropip's).
INDEX_URL = "simple/{package_name}/index.html"


def write_package_index(site: Path, wheels: list[Path]) -> None:
    """The site's package index for micropip, a static PEP 503 "simple" index: one page per
    project (simple/<project>/index.html) linking each wheel with its sha256, its Requires-Python,
    and its core metadata (PEP 658: the wheel's own METADATA beside it as <wheel>.metadata,
    Requires-Dist and all), so micropip resolves what the wheel itself declares before it
    downloads it. Links are relative to the page, as the simple API allows (a static host serves
    it as text/html; pip can read it too: ``pip install --index-url <site>/simple/ segno``)."""
    pages: dict[str, list[str]] = {}
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            meta_name = next(n for n in zf.namelist() if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
            meta_bytes = zf.read(meta_name)
        meta = email.parser.BytesHeaderParser().parsebytes(meta_bytes)
        (site / "wheels" / f"{wheel.name}.metadata").write_bytes(meta_bytes)
        project = re.sub(r"[-_.]+", "-", meta["Name"]).lower()
        meta_sha = hashlib.sha256(meta_bytes).hexdigest()
        attrs = f' data-core-metadata="sha256={meta_sha}" data-dist-info-metadata="sha256={meta_sha}"'
        if meta.get("Requires-Python"):
            attrs += f' data-requires-python="{html.escape(meta["Requires-Python"])}"'
        href = f"../../wheels/{wheel.name}#sha256={sha256_file(wheel)}"
        link = f'    <a href="{html.escape(href)}"{attrs}>{html.escape(wheel.name)}</a><br>'
        pages.setdefault(project, []).append(link)
    for project, links in pages.items():
        page = ["<!DOCTYPE html>", "<html>", '  <head><meta name="pypi:repository-version" content="1.0">']
        page += [f"  <title>Links for {project}</title></head>", "  <body>", f"    <h1>Links for {project}</h1>"]
        page += links + ["  </body>", "</html>", ""]
        (site / "simple" / project).mkdir(parents=True, exist_ok=True)
        (site / "simple" / project / "index.html").write_text("\n".join(page), "utf-8")


def _content_hash(hashes: dict[str, str], sw_template: str) -> str:
    """A hash of every file's hash and the service worker's template: the cache version."""
    h = hashlib.sha256()
    for rel in sorted(hashes):
        h.update(f"{rel}\0{hashes[rel]}\n".encode())
    h.update(b"sw.js\0" + sw_template.encode("utf-8"))
    return h.hexdigest()[:16]


#: Files a build writes last and a service worker never takes from a cache of the site:
#: build-info.json (the page's and the worker's view of the build) and sw.js (the build itself).
SEALS = ("build-info.json", "sw.js")


def seal(folder: Path, sw_template: str | None = None) -> dict:
    """Write ``build-info.json`` and ``sw.js`` for the site files in ``folder``.

    Every file gets its sha256 in both: the service worker installs a build only when each
    file it caches has the hash its own script lists (sw.js is the root of trust, and it
    lists build-info.json's hash too), and the Python worker checks the wheel it loads
    against build-info.json. Tests reseal a copied build after changing it (a marker)."""
    folder = Path(folder)
    if sw_template is None:
        sw_template = (SITE / "sw.js").read_text("utf-8")
    for name in SEALS:
        (folder / name).unlink(missing_ok=True)
    hashes = {p.relative_to(folder).as_posix(): sha256_file(p) for p in sorted(folder.rglob("*")) if p.is_file()}
    wheels = sorted(rel for rel in hashes if rel.startswith("wheels/pygames-") and rel.endswith(".whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one pygames wheel in {folder}/wheels, found {wheels}")
    extras: dict[str, list[str]] = {}  # {bridge call: [pinned requirement]}, for micropip
    for name, (_, calls) in SITE_WHEELS.items():
        if f"wheels/{name}" in hashes:
            project, version = name.split("-")[:2]
            for fn in calls:
                extras.setdefault(fn, []).append(f"{project}=={version}")
    content_hash = _content_hash(hashes, sw_template)
    info = {
        "version": wheels[0].split("-")[1],
        "wheel": wheels[0],
        "pyodide": PYODIDE_VERSION,
        "hash": content_hash,
        "extras": extras,
        "micropip": f"wheels/{MICROPIP_WHEEL[0]}",
        "micropip_stdlib": MICROPIP_STDLIB,
        "index": INDEX_URL,
        "files": hashes,
        "bytes": sum((folder / rel).stat().st_size for rel in hashes),
    }
    (folder / "build-info.json").write_text(json.dumps(info, indent=1) + "\n", "utf-8")
    hashes["build-info.json"] = sha256_file(folder / "build-info.json")
    _write_service_worker(folder, sw_template, content_hash, hashes)
    return info


def is_optional(rel: str) -> bool:
    """Whether the site file ``rel`` is one only an optional package needs (micropip, the package
    index, its wheels): the service worker caches those at first use, not on install, so a
    first visit does not download them."""
    optional = {MICROPIP_STDLIB} | {f"wheels/{name}" for name in [MICROPIP_WHEEL[0], *SITE_WHEELS]}
    return rel.removesuffix(".metadata") in optional or rel.startswith("simple/")


def _write_service_worker(folder: Path, sw_template: str, content_hash: str, hashes: dict[str, str]) -> None:
    """sw.js from its template: {url: sha256} of every file to precache, under a versioned cache
    ("./" is the page's address: index.html), and of the optional files it caches at first use."""
    precache = {"./": hashes["index.html"]} if "index.html" in hashes else {}
    precache.update(sorted((rel, sha) for rel, sha in hashes.items() if not is_optional(rel)))
    lazy = dict(sorted((rel, sha) for rel, sha in hashes.items() if is_optional(rel)))
    for placeholder in ("__PRECACHE__", "__LAZY__", "__CACHE_VERSION__"):
        if placeholder not in sw_template:
            raise BuildError(f"site/sw.js lacks the placeholder {placeholder}")
    sw = sw_template.replace("__PRECACHE__", json.dumps(precache, indent=1))
    sw = sw.replace("__LAZY__", json.dumps(lazy, indent=1)).replace("__CACHE_VERSION__", content_hash)
    (folder / "sw.js").write_text(sw, "utf-8")


def _same_file(a: Path, b: Path) -> bool:
    return b.is_file() and a.stat().st_size == b.stat().st_size and sha256_file(a) == sha256_file(b)


def _sync(staging: Path, dist: Path) -> list[str]:
    """Move the staged site into ``dist``, writing only the files whose content changed (an
    unchanged file keeps its date, so servers and caches keep answering "not modified"), the
    seals last; remove what the build no longer has. Returns the files written."""
    if not dist.exists():
        os.replace(staging, dist)
        return sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    staged = sorted(p.relative_to(staging).as_posix() for p in staging.rglob("*") if p.is_file())
    staged.sort(key=lambda rel: (rel in SEALS, SEALS.index(rel) if rel in SEALS else 0, rel))
    written = []
    for rel in staged:
        src, dest = staging / rel, dist / rel
        if _same_file(src, dest):
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        os.replace(src, dest)
        written.append(rel)
    keep = set(staged)
    for p in sorted(dist.rglob("*"), reverse=True):
        rel = p.relative_to(dist).as_posix()
        if p.is_file() and rel not in keep:
            p.unlink()
        elif p.is_dir() and not any(p.iterdir()):
            p.rmdir()
    return written


def build(dist: Path = DIST, *, quiet: bool = False) -> dict:
    """Assemble dist/site/ and return build-info (plus a few stats)."""
    t0 = time.perf_counter()
    dist = Path(dist)
    dist.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=dist.parent, prefix=".site-"))
    try:
        sw_template = _stage_page(staging, quiet)
        wheel = _stage_python(staging)
        if sw_template is None:
            raise BuildError("site/sw.js is missing: the site cannot work offline")
        info = seal(staging, sw_template)
        written = _sync(staging, dist)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    files = [p for p in dist.rglob("*") if p.is_file()]
    info = dict(
        info,
        files=len(files),
        written=written,
        bytes=sum(p.stat().st_size for p in files),
        seconds=time.perf_counter() - t0,
    )
    if not quiet:
        log(
            f"built {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist}: "
            f"{info['files']} files, {info['bytes'] / 1e6:.1f} MB, {len(written)} written "
            f"(wheel {wheel.name}, pyodide {PYODIDE_VERSION}, hash {info['hash']}) "
            f"in {info['seconds']:.1f} s"
        )
    return info


def site_sizes(dist: Path = DIST) -> tuple[int, int]:
    """(total bytes, sum of each file's gzip -9 size) of a built site."""
    total = gz = 0
    for p in sorted(Path(dist).rglob("*")):
        if p.is_file():
            data = p.read_bytes()
            total += len(data)
            gz += len(gzip.compress(data, 9, mtime=0))
    return total, gz


# ---- Static server (shared with tests/conftest.py and bench/run.py) ------
class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves ``directory`` under the URL prefix ``base`` ("/" or "/pygames/")."""

    base = "/"
    quiet = False
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def translate_path(self, path: str) -> str:
        url_path = urllib.parse.urlsplit(path).path
        base = self.base.rstrip("/")
        if base:
            if url_path == base:
                url_path = "/"
            elif url_path.startswith(base + "/"):
                url_path = url_path[len(base) :]
            else:
                return os.path.join(self.directory, ".nonexistent", "404")
        return super().translate_path(url_path)

    def list_directory(self, path):  # no directory listings
        self.send_error(404, "Not found")
        return None

    #: (path, mtime_ns, size) -> ETag, shared by every request (files are hashed once).
    _etags: dict[tuple[str, int, int], str] = {}
    _etag: str | None = None

    def send_head(self):
        """Answer ``If-None-Match`` with 304 when the file's content is unchanged (as GitHub
        Pages does), so a revalidation never downloads an unchanged file again; dates
        (``If-Modified-Since``) are not trusted."""
        split = urllib.parse.urlsplit(self.path)
        if self.base != "/" and split.path == self.base.rstrip("/"):
            return self._to_base(split.query)
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        self._etag = None
        if os.path.isfile(path):
            st = os.stat(path)
            key = (path, st.st_mtime_ns, st.st_size)
            if key not in self._etags:
                self._etags[key] = f'"{sha256_file(Path(path))[:32]}"'
            self._etag = self._etags[key]
            wanted = [tag.strip() for tag in self.headers.get("If-None-Match", "").split(",")]
            if self._etag in wanted or "*" in wanted:
                self.send_response(304)
                self.end_headers()
                return None
            # validators are content, never dates: a file of an older deploy is not "not modified"
            del self.headers["If-Modified-Since"]
        return super().send_head()

    def _to_base(self, query: str) -> None:
        """``/pygames`` -> ``/pygames/`` as a redirect the browser may keep for a year: the
        page's address never moves, and a kept redirect still works offline."""
        self.send_response(301)
        self.send_header("Location", self.base + (f"?{query}" if query else ""))
        self.send_header("Cache-Control", "max-age=31536000")
        self.send_header("Content-Length", "0")
        self.end_headers()

    #: GitHub Pages' caching policy (it serves every file with max-age=600 and
    #: validators). Without an explicit lifetime a browser guesses one from
    #: Last-Modified (a tenth of the file's age: a second or two right after a
    #: build), then revalidates, and a 304 throws away Chromium's compiled-code
    #: cache for pyodide.asm.wasm; warm starts would depend on how old the build is.
    cache_control = "max-age=600"
    _status = 0

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def end_headers(self) -> None:
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        if self.cache_control and self._status in (200, 304):
            self.send_header("Cache-Control", self.cache_control)
        if self._etag and self._status in (200, 304):
            self.send_header("ETag", self._etag)
        if self.base != "/" and urllib.parse.urlsplit(self.path).path == self.base + "sw.js":
            # the service worker may also answer "/pygames" (no slash), offline too
            self.send_header("Service-Worker-Allowed", self.base.rstrip("/"))
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class CompressingHandler(SiteHandler):
    """SiteHandler that gzips what GitHub Pages gzips (text, JSON, JavaScript, wasm, SVG) for
    a browser that accepts it, as the real host does, so `build.py serve` sends what a player
    downloads. Compressed bodies are kept per file version."""

    COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".map", ".webmanifest", ".wasm", ".svg", ".txt", ".md")
    _gzipped: dict[tuple[str, int, int], bytes] = {}
    _gzip_body: bytes | None = None  # this answer's compressed body, if any

    def send_head(self):
        self._gzip_body = None
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if (
            "gzip" in self.headers.get("Accept-Encoding", "")
            and os.path.isfile(path)
            and path.endswith(self.COMPRESSIBLE)
        ):
            st = os.stat(path)
            key = (path, st.st_mtime_ns, st.st_size)
            if key not in self._gzipped:
                self._gzipped[key] = gzip.compress(Path(path).read_bytes(), 6, mtime=0)
            self._gzip_body = self._gzipped[key]
        answer = super().send_head()
        if answer is None:
            self._gzip_body = None  # a 304 or an error: no body
        return answer

    def send_header(self, keyword: str, value: str) -> None:
        body = getattr(self, "_gzip_body", None)
        if body is not None and self._status == 200 and keyword.lower() == "content-length":
            super().send_header("Content-Encoding", "gzip")
            super().send_header("Vary", "Accept-Encoding")
            value = str(len(body))
        super().send_header(keyword, value)

    def copyfile(self, source, outputfile) -> None:
        body = getattr(self, "_gzip_body", None)
        if body is None:
            return super().copyfile(source, outputfile)
        self._gzip_body = None
        outputfile.write(body)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:
        """A browser that hangs up half-way through an answer (a page left or reloaded, a service
        worker's update cancelled) is no fault of the site: only other errors print a traceback
        (they used to break into the test run's output)."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path | str,
    host: str = "127.0.0.1",
    port: int = 0,
    base: str = "/",
    quiet: bool = False,
    handler_class: type[SiteHandler] = SiteHandler,
) -> http.server.ThreadingHTTPServer:
    """A server for ``directory`` at http://host:port<base> (port 0 = a free one); tests pass a
    ``handler_class`` of their own (e.g. one serving a mix of builds)."""
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    handler = type("Handler", (handler_class,), {"base": base, "quiet": quiet})
    handler = functools.partial(handler, directory=str(directory))
    server = _Server((host, port), handler)
    server.base_url = f"http://{host}:{server.server_address[1]}{base}"  # type: ignore[attr-defined]
    return server


def serve_in_background(
    directory: Path | str,
    base: str = "/pygames/",
    host: str = "127.0.0.1",
    port: int = 0,
    quiet: bool = True,
    handler_class: type[SiteHandler] = SiteHandler,
):
    """Start a server thread; returns the server (``.base_url``; call ``.shutdown()``)."""
    server = make_server(directory, host, port, base, quiet, handler_class)
    thread = threading.Thread(target=server.serve_forever, name="pygames-site", daemon=True)
    thread.start()
    return server


# ---- Test command --------------------------------------------------------
#: Flags for headless Chromium in containers and CI (tests and bench).
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


def chromium_launch_args() -> dict:
    """Playwright ``launch()`` kwargs: Debian's Chromium when present, our flags."""
    args: dict = {"args": list(CHROMIUM_ARGS)}
    exe = find_chromium()
    if exe:
        args["executable_path"] = exe
    return args


def find_chromium() -> str | None:
    """The system Chromium Playwright should drive (None = use Playwright's own)."""
    explicit = os.environ.get("PYGAMES_CHROMIUM")
    if explicit:
        return None if explicit == "playwright" else explicit
    return shutil.which("chromium") or shutil.which("chromium-browser")


def load_helper(path: str):
    """A helper of the build kept with the tests it serves (``path`` under tests/), loaded by path:
    "bootstrap.py" (what the test command installs, the Pyodide test wheels and runner) or
    "pyodide/stdlib_zip.py" (the standard library the site ships)."""
    file = ROOT / "tests" / path
    spec = importlib.util.spec_from_file_location(f"pygames_build_{file.stem}", file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_bootstrap():
    """tests/bootstrap.py: what the test command installs, the Pyodide test wheels and runner."""
    return load_helper("bootstrap.py")


def _workers(pytest_args: list[str]) -> list[str]:
    """Two pytest-xdist workers: the browser tests, which mostly wait on the page, keep to one
    (tests/conftest.py groups them) while the other runs the rest, so the suite takes about the
    browser tests' time. ``-n 0`` (or ``-p no:xdist``) among the arguments runs in one process."""
    if any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in pytest_args) or "no:xdist" in pytest_args:
        return []
    return ["-n", "2", "--dist", "loadgroup"]


def cmd_test(pytest_args: list[str]) -> int:
    """Install what the tests need (tests/bootstrap.py), build, lint, run pytest."""
    bootstrap = load_bootstrap()
    t0 = time.perf_counter()
    bootstrap.ensure_test_tools(find_chromium)
    fetch_pyodide()
    bootstrap.fetch_test_wheels(sys.modules[__name__])
    build()
    log(f"ready to test in {time.perf_counter() - t0:.1f} s")
    lint = bootstrap.lint_python()
    # `python build.py test tests/engine -x` runs just that folder; options alone run all of tests/
    paths = [a for a in pytest_args if not a.startswith("-") and (ROOT / a.split("::")[0]).exists()]
    tests = subprocess.call(
        [sys.executable, "-m", "pytest", *_workers(pytest_args), *([] if paths else ["tests"]), *pytest_args], cwd=ROOT
    )
    if lint:
        log("ruff found problems (above): `python -m ruff check --fix . && python -m ruff format .` mends most")
    return tests or lint


def cmd_serve(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="build.py serve")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--base", default="/", help="URL prefix, e.g. /pygames/ as on GitHub Pages")
    ap.add_argument("--no-build", action="store_true", help="serve dist/site as it is")
    args = ap.parse_args(argv)
    if not args.no_build:
        build()
    server = make_server(DIST, args.host, args.port, args.base, handler_class=CompressingHandler)
    log(f"serving {DIST} at {server.base_url}  (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def main(argv: list[str]) -> int:
    cmd, rest = (argv[0], argv[1:]) if argv and not argv[0].startswith("-") else ("build", argv)
    try:
        if cmd == "build":
            if rest:
                print(__doc__)
                return 2
            build()
            return 0
        if cmd == "serve":
            return cmd_serve(rest)
        if cmd == "test":
            return cmd_test(rest)
        if cmd == "fetch":  # warm the caches only
            log(str(fetch_pyodide()))
            for w in load_bootstrap().fetch_test_wheels(sys.modules[__name__]):
                log(str(w))
            return 0
        print(__doc__)
        return 2
    except BuildError as e:
        print(f"build.py: error: {e}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as e:
        print(f"build.py: error: {' '.join(map(str, e.cmd))} exited {e.returncode}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The standard library the site ships, as ``build.py`` makes it from Pyodide's python_stdlib.zip:
trimmed to the files stdlib.txt lists (written by stdlib_used.py beside this file), then
compiled to bytecode by Pyodide's own Python under Node (compile_stdlib.mjs).

Not a test module: build.py loads it by path (``build.load_helper("pyodide/stdlib_zip.py")``), like
tests/bootstrap.py; it lives with the listing and the runners it uses.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: What Pyodide's start, the engine, the link layer, the bridge, segno and the engine's tests import.
KEEP = HERE / "stdlib.txt"
#: The ones only micropip needs, shipped apart and fetched at its first use (site/extras.js).
MICROPIP = HERE / "stdlib_micropip.txt"
COMPILER = (HERE / "compile_stdlib.mjs", HERE / "compile_stdlib.py")


def trim(build, src: Path, dest: Path, listing: Path = KEEP) -> None:
    """Pyodide's python_stdlib.zip with only the files ``listing`` names (tests/test_pyodide.py
    runs the engine's suite against the result). The members keep their dates, so the same list
    gives the same bytes."""
    keep = {line.strip() for line in listing.read_text("utf-8").splitlines()}
    keep = {name for name in keep if name and not name.startswith("#")}
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zout:
        missing = keep - set(zin.namelist())
        if missing:
            raise build.BuildError(
                f"{listing.name} lists files Pyodide {build.PYODIDE_VERSION} lacks: {sorted(missing)[:5]}"
            )
        for info in zin.infolist():
            if info.filename in keep:
                zout.writestr(info, zin.read(info), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)


def compile_to_bytecode(build, src: Path, dest: Path) -> None:
    """The zip ``src`` of standard-library sources as bytecode, so the runtime imports without
    compiling: its start imports ~150 modules from it, and a cold start spent most of its Python
    time compiling them (loadPyodide under Node: 2.1 s from sources, 0.7 s from bytecode).
    Docstrings, asserts (optimize=2) and column tables are left out to keep the first visit's
    transfer small; tracebacks keep file names and line numbers. Cached by the hash of the
    sources and the compiler: the same sources give the same bytes."""
    h = hashlib.sha256(src.read_bytes() + build.PYODIDE_VERSION.encode())
    for script in COMPILER:
        h.update(script.read_bytes())
    cached = build.cache_dir() / "stdlib-bytecode" / f"{h.hexdigest()[:20]}.zip"
    if not cached.is_file():
        node = shutil.which("node")
        if not node:
            raise build.BuildError("node not found: install Node.js 20 (Debian: apt-get install -y nodejs npm)")
        cached.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "out.zip"
            build.run([node, str(COMPILER[0]), str(build.fetch_pyodide()), str(src), str(out)])
            shutil.move(out, cached)
    shutil.copyfile(cached, dest)


def stage(build, src: Path, runtime_dir: Path, micropip_dest: Path) -> None:
    """The site's two zips from Pyodide's ``src``: the start's (trimmed and compiled) as
    ``runtime_dir``/python_stdlib.zip, micropip's extra files (trimmed) as ``micropip_dest``."""
    with tempfile.TemporaryDirectory() as tmp:
        trimmed = Path(tmp) / src.name
        trim(build, src, trimmed)
        compile_to_bytecode(build, trimmed, runtime_dir / src.name)
    trim(build, src, micropip_dest, MICROPIP)

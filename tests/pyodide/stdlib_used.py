"""Print tests/pyodide/stdlib.txt: the files of Pyodide's standard-library zip that the site needs.

Run inside Pyodide with the full runtime (build.py's cache), pytest's wheels and segno:

    PYGAMES_FUZZ_GAMES=20 node tests/pyodide/run_python.mjs --pyodide ~/.cache/pygames/pyodide-314.0.7 \\
        --wheel-dir ~/.cache/pygames/wheels-py3.14 --wheel ~/.cache/pygames/site-wheels/segno-*.whl \\
        --mount tests/engine:/tests/engine tests/pyodide/stdlib_used.py > tests/pyodide/stdlib.txt

It runs the engine's test suite, imports every module of the site's wheel and draws a QR code
with segno, then lists every module loaded from the zip (Pyodide's own start included).
"""

from __future__ import annotations

import contextlib
import importlib
import pkgutil
import sys

import pytest

ZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
SKIPPED = ("pygames.adapters", "pygames.__main__")  # CPython-only, or not shipped


def main() -> int:
    with contextlib.redirect_stdout(sys.stderr):  # stdout is the list
        rc = pytest.main(
            ["-p", "no:cacheprovider", "-q", "--color=no", "--ignore=/tests/engine/test_openspiel.py"]
            + ["--ignore=/tests/engine/test_pettingzoo.py", "/tests/engine"]
        )
    if rc != 0:
        print("the engine's tests failed: no list", file=sys.stderr)
        return 1
    import segno

    import pygames

    for module in pkgutil.walk_packages(pygames.__path__, "pygames."):
        if not module.name.startswith(SKIPPED):
            importlib.import_module(module.name)
    segno.make("https://example.org/#g=abc", error="m").svg_inline()
    files = {getattr(m, "__file__", None) or "" for m in list(sys.modules.values())}
    print("# Pyodide's standard-library files the site ships (stdlib_zip.py trims to it): made by")
    print("# tests/pyodide/stdlib_used.py (see its docstring); tests/test_pyodide.py runs the engine's")
    print("# tests against the trimmed zip.")
    for name in sorted(f[len(ZIP) :] for f in files if f.startswith(ZIP)):
        print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())

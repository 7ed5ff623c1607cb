"""The house rules a newcomer can rely on, checked on the source tree.

* Rooms stay small: no source file over 800 lines and no function over 80 lines unless
  it says "long on purpose" and why (at the top of the file or of the function).
* The page holds no rules: ``site/`` parses no move notation (the bridge sends moves as data),
  names no game outside that game's own controller and renderer, and lists no games (the
  registry does, written to games.json by build.py).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_FILE_LINES = 800
MAX_FUNCTION_LINES = 80
REASON = re.compile(r"long on purpose", re.I)


def sources() -> list[Path]:
    files = [*ROOT.glob("pygames/**/*.py"), *ROOT.glob("bench/*.py"), ROOT / "build.py", *ROOT.glob("site/**/*.js")]
    return sorted(p for p in files if "__pycache__" not in p.parts)


def long_python_functions(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = node.end_lineno - node.lineno + 1
            head = "\n".join(path.read_text("utf-8").splitlines()[node.lineno - 1 : node.lineno + 12])
            if length > MAX_FUNCTION_LINES and not REASON.search(head):
                found.append(f"{node.name} ({length} lines)")
    return found


JS_FUNCTION = re.compile(
    r"^(?P<indent>\s*)(?:export\s+)?(?:async\s+)?(?:static\s+)?"
    r"(?:function\s*\*?\s*[\w$]+\s*\(|(?!(?:if|for|while|switch|catch|return|else)\b)[\w$]+\s*\()[^;]*\{\s*$"
)


def long_js_functions(path: Path) -> list[str]:
    """Functions and methods (a header line ending in "{", closed by "}" at the same indent)."""
    lines = path.read_text("utf-8").splitlines()
    found = []
    for i, line in enumerate(lines):
        match = JS_FUNCTION.match(line)
        if not match:
            continue
        indent = match.group("indent")
        for j in range(i + 1, len(lines)):
            if lines[j].startswith(indent + "}") and not lines[j][len(indent)].isspace():
                head = "\n".join(lines[max(0, i - 3) : i + 3])
                if j - i + 1 > MAX_FUNCTION_LINES and not REASON.search(head):
                    found.append(f"{line.strip()[:40]} ({j - i + 1} lines)")
                break
    return found


def test_no_file_over_the_limit_without_a_reason() -> None:
    too_long = []
    for path in sources():
        lines = path.read_text("utf-8").splitlines()
        if len(lines) > MAX_FILE_LINES and not REASON.search("\n".join(lines[:12])):
            too_long.append(f"{path.relative_to(ROOT)} ({len(lines)} lines)")
    assert not too_long, too_long


def test_no_function_over_the_limit_without_a_reason() -> None:
    too_long = []
    for path in sources():
        found = long_python_functions(path) if path.suffix == ".py" else long_js_functions(path)
        too_long += [f"{path.relative_to(ROOT)}: {name}" for name in found]
    assert not too_long, too_long


def test_the_function_check_finds_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"  x{i} = {i};" for i in range(90))
    js = tmp_path / "a.js"
    js.write_text(f"export function big(a) {{\n{body}\n}}\nfunction small() {{\n  return 1;\n}}\n")
    assert long_js_functions(js) == ["export function big(a) { (92 lines)"]
    js.write_text(f"// long on purpose: a test\nexport function big(a) {{\n{body}\n}}\n")
    assert long_js_functions(js) == []
    py = tmp_path / "a.py"
    py.write_text("def big():\n" + "\n".join(f"    x{i} = {i}" for i in range(90)) + "\n")
    assert long_python_functions(py) == ["big (91 lines)"]


def site_scripts() -> list[Path]:
    return sorted(ROOT.glob("site/**/*.js"))


def test_the_page_parses_no_move_notation() -> None:
    notation = re.compile(r"parseMove|r\(\\d\)c\(\\d\)|\b(?:move|notation|legal)\w*(?:\.text)?\.(?:split|match)\(")
    hits = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in site_scripts()
        for n, line in enumerate(p.read_text("utf-8").splitlines(), 1)
        if notation.search(line)
    ]
    assert not hits, hits


def test_the_page_names_no_game_outside_its_own_files() -> None:
    """A game id appears only in that game's own controller, renderer and stylesheet."""
    from pygames import GAMES

    ids = re.compile(r"[\"'`](" + "|".join(GAMES) + r")[\"'`.]")
    hits = []
    for path in site_scripts():
        own = path.name.split(".")[0] if path.parent.name in ("games", "render") else None
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if line.lstrip().startswith(("//", "*", "/*")):
                continue  # comments may give examples
            hits += [f"{path.relative_to(ROOT)}:{n} {m}" for m in ids.findall(line) if m != own]
    assert not hits, hits

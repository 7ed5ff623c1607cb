"""The house rules a newcomer can rely on, checked on the source tree.

* Rooms stay small: no source file over 800 lines and no function over 80 lines unless
  it says "long on purpose" and why (at the top of the file or of the function).
* The page holds no rules: ``site/`` parses no move notation (the bridge sends moves as data),
  names no game outside that game's own controller and renderer, and lists no games (the
  registry does, written to games.json by build.py).
* A game is its own files plus one registry line: no game id appears outside the game's own
  files (``pygames/<id>/``, ``pygames/bots/<id>*.py``, ``pygames/adapters/games/<id>.py``,
  ``pygames/link/adapters/<id>.py``, ``site/games/<id>*.js``, ``site/render/<id>*.js``) but in
  the registry, quoted or not (a string, a name, an attribute, an import, a class or function
  name such as ``OkiyaGame``); comments and docstrings may give examples.
* The layers: ``pygames/core`` knows no game (imports nothing of ``pygames`` outside core); a
  game knows no bots, links, adapters or page (imports only core and its own package); bots play
  views, never links (no link layer, bridge or adapters); the link layer never calls the bridge;
  ``bridge.py`` is the one surface the page calls (the page imports no other Python module).
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


def _words(name: str) -> set[str]:
    """The lower-case words of an identifier or a text (``OkiyaGame`` -> okiya, game; ``spec_okiya``
    -> spec, okiya; ``"pygames.okiya.save"`` -> pygames, okiya, save)."""
    return {w.lower() for w in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", name)}


def _game_words(name: str, own: str | None) -> set[str]:
    from pygames import GAMES

    return _words(name) & set(GAMES) - {own}


def _own_game(path: Path) -> str | None:
    """The game whose own file ``path`` is (None for a file of the shared layers)."""
    from pygames import GAMES

    rel = path.relative_to(ROOT).parts if path.is_absolute() else path.parts
    stem = re.split(r"[.-]", rel[-1])[0]
    if rel[0] == "pygames" and len(rel) > 2 and rel[1] in GAMES:
        return rel[1]
    if rel[:2] == ("pygames", "bots") or rel[:3] in (("pygames", "adapters", "games"), ("pygames", "link", "adapters")):
        stem = rel[-1][: -len(".py")]
        return next((g for g in GAMES if stem == g or (rel[1] == "bots" and stem.startswith(f"{g}_"))), None)
    if rel[0] == "site" and rel[-2] in ("games", "render") and stem in GAMES:
        return stem
    return None


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _registry_nodes(tree: ast.AST) -> set[int]:
    """The nodes of ``GAMES = ...`` (the registry line of ``pygames/__init__.py``)."""
    found = set()
    for node in ast.walk(tree):
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        if any(isinstance(t, ast.Name) and t.id == "GAMES" for t in targets):
            found |= {id(n) for n in ast.walk(node)}
    return found


def python_game_names(path: Path, text: str | None = None) -> list[str]:
    """Where a Python file names a game that it does not belong to: in a name, an attribute, an
    argument or keyword, an import, a class or function name, or a string (docstrings aside)."""
    own = _own_game(path)
    tree = ast.parse(path.read_text("utf-8") if text is None else text)
    skip = _docstrings(tree) | (_registry_nodes(tree) if path.as_posix().endswith("pygames/__init__.py") else set())
    hits = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        names: list[str] = []
        if isinstance(node, ast.Name):
            names = [node.id]
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.arg):
            names = [node.arg]
        elif isinstance(node, ast.keyword) and node.arg:
            names = [node.arg]
        elif isinstance(node, ast.alias):
            names = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names = [node.value]
        hits += [f"{node.lineno}: {name[:60]}" for name in names if _game_words(name, own)]
    return sorted(set(hits), key=lambda h: int(h.split(":")[0]))


#: A JavaScript token: a comment, a string or template literal, or an identifier.
JS_TOKEN = re.compile(
    r"""//[^\n]*|/\*.*?\*/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`|[A-Za-z_$][\w$]*""", re.S
)


def js_game_names(path: Path, text: str | None = None) -> list[str]:
    """Where a page script names a game it does not belong to, in code or in a string (comments
    may give examples)."""
    own = _own_game(path)
    text = path.read_text("utf-8") if text is None else text
    hits = []
    for token in JS_TOKEN.finditer(text):
        word = token.group()
        if not word.startswith(("//", "/*")) and _game_words(word, own):
            hits.append(f"{text.count(chr(10), 0, token.start()) + 1}: {word[:60]}")
    return hits


def test_the_game_name_checks_find_quoted_and_unquoted_names():
    py = Path("pygames/bridge.py")
    assert python_game_names(py, "from pygames import okiya\n") == ["1: okiya"]
    assert python_game_names(py, "if game == okiya:\n    x = spec.turncoats\n") == ["1: okiya", "2: turncoats"]
    assert python_game_names(py, "class OkiyaGame:\n    GAME = 'okiya'\n") == ["1: OkiyaGame", "2: okiya"]
    assert python_game_names(py, "from pygames.oriflamme.cards import IDS\n") == ["1: pygames.oriflamme.cards"]
    assert python_game_names(py, '"""Okiya, for example."""\n# okiya\nx = f(game)\n') == []
    assert python_game_names(Path("pygames/okiya/calls.py"), "from pygames.okiya import review\n") == []
    assert python_game_names(Path("pygames/bots/turncoats_reading.py"), "import pygames.turncoats\n") == []
    js = Path("site/ui/hotseat.js")
    assert js_game_names(js, 'if (game === okiya) f(cfg.oriflamme, "turncoats");\n') == [
        "1: okiya",
        "1: oriflamme",
        '1: "turncoats"',
    ]
    assert js_game_names(js, "// okiya, for example\nconst tile = `${game}.level`;\n") == []
    assert js_game_names(Path("site/render/oriflamme-cards.js"), 'const s = "oriflamme.card";\n') == []


def test_no_python_file_names_a_game_outside_its_own_files():
    """The bridge, the link layer, the adapters' shared modules, core, the bots' shared modules,
    ``__main__`` and build.py know the games only through ``pygames.GAMES``."""
    hits = []
    for path in sorted([*ROOT.glob("pygames/**/*.py"), ROOT / "build.py"]):
        if "__pycache__" not in path.parts:
            hits += [f"{path.relative_to(ROOT)}:{hit}" for hit in python_game_names(path)]
    assert not hits, hits


def test_the_page_names_no_game_outside_its_own_files():
    """A game id appears only in that game's own controller and renderer, quoted or not."""
    hits = [f"{path.relative_to(ROOT)}:{hit}" for path in site_scripts() for hit in js_game_names(path)]
    assert not hits, hits


def _imports(path: Path) -> list[tuple[int, str]]:
    """The ``pygames`` modules a Python file imports (``from a import b`` counts as ``a`` and ``a.b``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found += [(node.lineno, node.module)]
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return [(line, name) for line, name in found if name == "pygames" or name.startswith("pygames.")]


def _within(name: str, *packages: str) -> bool:
    return any(name == p or name.startswith(f"{p}.") for p in packages)


def test_each_layer_imports_only_what_the_house_allows():
    from pygames import GAMES

    wrong = []
    for path in sorted(ROOT.glob("pygames/**/*.py")):
        rel = path.relative_to(ROOT).parts
        for line, name in _imports(path):
            where = f"{path.relative_to(ROOT)}:{line} imports {name}"
            if rel[1] == "core" and not _within(name, "pygames.core"):
                wrong.append(f"{where} (core knows no game, bots, links or bridge)")
            elif rel[1] in GAMES and not _within(name, "pygames.core", f"pygames.{rel[1]}"):
                wrong.append(f"{where} (a game knows no bots, links, adapters, page or other game)")
            elif rel[1] == "bots" and _within(name, "pygames.link", "pygames.bridge", "pygames.adapters"):
                wrong.append(f"{where} (bots play views, never links)")
            elif rel[1] == "link" and _within(name, "pygames.bridge"):
                wrong.append(f"{where} (the link layer never calls the bridge)")
    assert not wrong, wrong


def test_the_page_calls_python_through_the_bridge_only():
    """``bridge.py`` is the one surface the page calls: the Python our page imports (``pyimport``,
    ``import`` in the code it runs) is ``pygames.bridge`` alone."""
    pattern = re.compile(r"pyimport\(\s*[\"'](pygames[\w.]*)|(?:^|[\"'\s;])(?:import|from)\s+(pygames[\w.]*)", re.M)
    named = [
        (f"{path.relative_to(ROOT)}", module or imported)
        for path in site_scripts()
        for line in path.read_text("utf-8").splitlines()
        if not line.lstrip().startswith(("//", "*", "/*"))  # comments may name what they explain
        for module, imported in pattern.findall(line)
    ]
    assert named, "the scan finds the page's import of the bridge"
    assert {module for _, module in named} == {"pygames.bridge"}, named


def test_test_modules_have_distinct_names():
    """pytest imports test modules by their file name (the folders are not packages): two of one name
    stop the whole run at collection."""
    names = [p.name for p in (ROOT / "tests").rglob("test_*.py")]
    assert sorted({n for n in names if names.count(n) > 1}) == []

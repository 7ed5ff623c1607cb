"""Positions from text and from views: the modules that read never build, and a builder's fault is loud.

For every game of ``pygames.GAMES`` that has them:

* its ``text.py`` and ``view.py`` read and write a position's fields and never import its
  ``state.py``; ``state.py`` imports them at its top (no import inside a function), and builds;
* a damaged view (not a dict, a key missing, a value of the wrong type or out of range) gives
  BadPosition, never another error;
* a fault while building or checking the position (in ``make_state``, ``check``...) is raised
  as itself by ``from_view`` and ``from_text``, not turned into BadPosition.  The readers are
  the functions named ``read_*`` that ``from_view`` and ``from_text`` call; everything else they
  call builds or checks.
"""

from __future__ import annotations

import ast
import inspect
import sys
import textwrap
from pathlib import Path
from types import FunctionType, ModuleType
from typing import Any

import pytest

from pygames import GAMES
from pygames.core.errors import BadPosition
from pygames.core.rng import Rng


def package_dir(game: str) -> Path:
    return Path(GAMES[game].__file__).parent


def imported_modules(tree: ast.AST, package: str) -> set[str]:
    """Every module an import in ``tree`` names (``from a import b`` names ``a`` and ``a.b``)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0]
                base = f"{parent}.{base}" if base else parent
            names.add(base)
            names |= {f"{base}.{alias.name}" for alias in node.names}
    return names


READERS = [(game, name) for game in GAMES for name in ("text", "view") if (package_dir(game) / f"{name}.py").exists()]
WITH_STATE = [game for game in GAMES if (package_dir(game) / "state.py").exists()]
WITH_VIEWS = [game for game in GAMES if hasattr(GAMES[game], "from_view")]


def test_the_games_have_reading_modules_to_check() -> None:
    assert READERS and WITH_VIEWS


@pytest.mark.parametrize("game,name", READERS)
def test_text_and_view_never_import_state(game: str, name: str) -> None:
    tree = ast.parse((package_dir(game) / f"{name}.py").read_text("utf-8"))
    names = imported_modules(tree, f"pygames.{game}")
    assert f"pygames.{game}.state" not in names, f"pygames/{game}/{name}.py imports state"


@pytest.mark.parametrize("game", WITH_STATE)
def test_state_imports_nothing_inside_a_function(game: str) -> None:
    tree = ast.parse((package_dir(game) / "state.py").read_text("utf-8"))
    late = [
        f"line {inner.lineno}: {ast.unparse(inner)}"
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        for inner in ast.walk(node)
        if isinstance(inner, (ast.Import, ast.ImportFrom))
    ]
    assert late == [], f"pygames/{game}/state.py imports inside a function: {late}"


def positions(game: str) -> list[Any]:
    """A few positions of one seeded random game: the start, some along the way, the end."""
    module = GAMES[game]
    state = module.new_game(module.PLAYER_COUNTS[0], 3)
    rng = Rng(11)
    found = [state]
    while state.outcome is None:
        moves = state.legal_moves()
        state = state.play(moves[rng.below(len(moves))])
        if rng.below(12) == 0:
            found.append(state)
    return found[:6] + [state]


def views(game: str) -> list[dict[str, Any]]:
    return [s.view(seat) for s in positions(game) for seat in (None, *range(s.players))]


@pytest.mark.parametrize("game", WITH_VIEWS)
def test_a_view_rebuilds(game: str) -> None:
    module = GAMES[game]
    for view in views(game):
        assert isinstance(module.from_view(view), module.State)


@pytest.mark.parametrize("game", WITH_VIEWS)
def test_what_is_not_a_view_is_a_bad_position(game: str) -> None:
    from_view = GAMES[game].from_view
    for junk in (None, "junk", 7, [], {}, {"game": game}, [("players", 3)]):
        with pytest.raises(BadPosition):
            from_view(junk)
    view = views(game)[0]
    assert "players" in view
    for damaged in ({k: v for k, v in view.items() if k != "players"}, dict(view, players="3"), dict(view, players=99)):
        with pytest.raises(BadPosition):
            from_view(damaged)


def paths(value: Any, path: tuple = ()) -> list[tuple]:
    """The path of every value inside a view (dict keys and list indexes), the view's own keys first."""
    found = []
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    else:
        return found
    found += [(*path, key) for key, _ in items]
    for key, inner in items:
        found += paths(inner, (*path, key))
    return found


def damaged(view: dict[str, Any], path: tuple, value: Any = None, remove: bool = False) -> dict[str, Any]:
    """A deep copy of the view's branch along ``path``, with its last step replaced (or removed)."""

    def copy(node: Any, rest: tuple) -> Any:
        node = dict(node) if isinstance(node, dict) else list(node)
        if len(rest) == 1:
            if remove:
                del node[rest[0]]
            else:
                node[rest[0]] = value
        else:
            node[rest[0]] = copy(node[rest[0]], rest[1:])
        return node

    return copy(view, path)


JUNK = (None, "junk", -1, 10**6, 1.5, True, [], {}, [0, 0, 0], {"card": None})


@pytest.mark.parametrize("game", WITH_VIEWS)
def test_a_damaged_view_is_a_bad_position_or_a_position_never_a_crash(game: str) -> None:
    module = GAMES[game]
    rejected = 0
    every = views(game)
    for view in every[:: max(1, len(every) // 6)]:
        for path in paths(view):
            if path[0] in ("log", "moves", "legal") and len(path) > 1 and (len(path) > 2 or path[1] >= 2):
                continue  # long lists of messages and moves: their first two entries stand for the rest
            for kind, changed in [("removed", damaged(view, path, remove=True))] + [
                (repr(junk), damaged(view, path, junk)) for junk in JUNK
            ]:
                try:
                    assert isinstance(module.from_view(changed), module.State)
                except BadPosition:
                    rejected += 1
                except Exception as error:  # noqa: BLE001 - the point: nothing but BadPosition
                    pytest.fail(f"{game}: view{list(path)} {kind}: {type(error).__name__}: {error}")
    assert rejected


def called_globals(function: FunctionType) -> list[str]:
    """The module-level names ``function`` calls, in order."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    module = sys.modules[function.__module__]
    names = [n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
    return [name for name in dict.fromkeys(names) if isinstance(getattr(module, name, None), FunctionType)]


def builders(function: FunctionType) -> list[str]:
    """What ``function`` (a ``from_view`` or ``from_text``) calls to build and check, readers aside;
    empty when it calls no reader (it does not split reading from building)."""
    called = called_globals(function)
    if not any(name.startswith("read") for name in called):
        return []
    return [name for name in called if not name.startswith("read")]


FAULTS = (TypeError, KeyError, ValueError, IndexError, AttributeError, RuntimeError)
SPLIT = [
    (game, kind)
    for game in GAMES
    for kind in ("from_view", "from_text")
    if hasattr(GAMES[game], kind) and builders(getattr(GAMES[game], kind))
]


def test_some_games_split_reading_from_building() -> None:
    assert {kind for _, kind in SPLIT} == {"from_view", "from_text"}


@pytest.mark.parametrize("game,kind", SPLIT)
@pytest.mark.parametrize("fault", FAULTS, ids=lambda fault: fault.__name__)
def test_a_fault_while_building_is_raised_as_itself(
    game: str, kind: str, fault: type[Exception], monkeypatch: pytest.MonkeyPatch
) -> None:
    function = getattr(GAMES[game], kind)
    module: ModuleType = sys.modules[function.__module__]
    state = positions(game)[1]
    given = state.view(state.to_move) if kind == "from_view" else state.to_text()
    function(given)  # the genuine article builds
    for name in builders(function):

        def broken(*args: Any, _name: str = name, **kwargs: Any) -> Any:
            raise fault(f"a bug in {_name}")

        with monkeypatch.context() as patch:
            patch.setattr(module, name, broken)
            with pytest.raises(fault) as raised:
                function(given)
        assert type(raised.value) is fault and not isinstance(raised.value, BadPosition), name
        assert f"a bug in {name}" in str(raised.value)

"""The examples in the engine's docstrings are tests too: every module of ``pygames`` is run through doctest."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pygames

#: Modules imported on first use elsewhere (they need an optional package such as segno).
OPTIONAL = {"pygames.__main__"}

MODULES = sorted(info.name for info in pkgutil.walk_packages(pygames.__path__, "pygames.") if info.name not in OPTIONAL)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} docstring examples in {name} failed"


def test_the_engine_has_docstring_examples() -> None:
    attempted = sum(doctest.testmod(importlib.import_module(n), verbose=False).attempted for n in MODULES)
    assert attempted >= 5

"""The locale catalog: every string a player reads has a key here.

The catalog files live in ``pygames/locale/<lang>.json`` and, split by game,
``pygames/locale/<lang>.<part>.json`` (flat ``key: text`` maps with ``{name}``
placeholders; a key may appear only once per language).  The build copies them next to the page,
which formats the same keys the same way, so Python and JS never disagree.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def catalog(lang: str = "en") -> dict[str, str]:
    """The flat key -> text map for ``lang``."""
    folder = resources.files("pygames.locale")
    names = sorted(f.name for f in folder.iterdir() if f.name.startswith(f"{lang}.") and f.name.endswith(".json"))
    merged: dict[str, str] = {}
    for name in names:
        merged.update(json.loads(folder.joinpath(name).read_text("utf-8")))
    return merged


def tr(key: str, lang: str = "en", **params: Any) -> str:
    """The text for ``key`` with ``params`` filled in; the key itself if unknown."""
    template = catalog(lang).get(key, key)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template

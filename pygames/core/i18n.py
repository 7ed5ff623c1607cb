"""The locale catalog: every string a player reads has a key here.

The catalog files live in ``pygames/locale/<lang>.json`` (flat ``key: text``
maps with ``{name}`` placeholders).  The build copies them next to the page,
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
    text = resources.files("pygames.locale").joinpath(f"{lang}.json").read_text("utf-8")
    return json.loads(text)


def tr(key: str, lang: str = "en", **params: Any) -> str:
    """The text for ``key`` with ``params`` filled in; the key itself if unknown."""
    template = catalog(lang).get(key, key)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template

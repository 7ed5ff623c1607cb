"""A mapping whose values are made on first use: the page's worker imports only what it needs.

The registry of games and of their bots knows its keys up front, but a game's package (and
its bots, with their search code) is imported only when something asks for that game, so
Python is ready sooner and a page of one game never imports the others.

>>> made = []
>>> squares = OnDemand((1, 2, 3), lambda n: made.append(n) or n * n)
>>> list(squares), 2 in squares, made
([1, 2, 3], True, [])
>>> squares[3], squares[3], made
(9, 9, [3])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class OnDemand(Mapping[K, V]):
    """Fixed keys, in their order; ``make(key)`` gives a key's value on its first lookup (then kept)."""

    def __init__(self, keys: Iterable[K], make: Callable[[K], V]):
        self._keys = tuple(keys)
        self._make = make
        self._made: dict[K, V] = {}

    def __getitem__(self, key: K) -> V:
        if key not in self._made:
            if key not in self._keys:
                raise KeyError(key)
            self._made[key] = self._make(key)
        return self._made[key]

    def __contains__(self, key: object) -> bool:
        return key in self._keys

    def __iter__(self) -> Iterator[K]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __repr__(self) -> str:
        return f"OnDemand({list(self._keys)!r})"

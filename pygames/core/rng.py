"""Our own seeded generator, identical on every Python (CPython 3.11, Pyodide 3.14).

``random``'s shuffle and choice are not promised to give the same sequence across
versions, so game randomness comes from SplitMix64 here.  The whole generator
state is one integer, so it can live inside a game state and a replay is exact.
"""

from __future__ import annotations

import hashlib
from typing import MutableSequence, Sequence, TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")

#: ``Rng.below``'s rejection limit by bound (the bounds a game uses are few and small).
_LIMITS: dict[int, int] = {}


def derive_seed(*parts: object) -> int:
    """A 64-bit seed from any mix of ints and strings (e.g. match seed + game number)."""
    text = "\x1f".join(str(p) for p in parts).encode("utf-8")
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


class Rng:
    """SplitMix64: tiny, fast in pure Python, and statistically sound for games."""

    __slots__ = ("state",)

    def __init__(self, seed: int | str) -> None:
        self.state = derive_seed("rng", seed)

    @classmethod
    def from_state(cls, state: int) -> "Rng":
        rng = cls.__new__(cls)
        rng.state = state & _MASK
        return rng

    def next_u64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling: no modulo bias).  The hot call of
        every search playout: ``next_u64`` is written out here and the limit kept per ``n``."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("below() needs n > 0")
            limit = (1 << 64) - ((1 << 64) % n)
            if n < 4096:
                _LIMITS[n] = limit
        s = self.state
        while True:
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                self.state = s
                return x % n

    def weighted(self, weights: Sequence[float], total: float = 1.0) -> int:
        """An index drawn with probability ``weights[i] / total`` (``total``: their sum, 1 for
        probabilities; the last index when rounding leaves some over)."""
        x = self.below(1 << 30) / (1 << 30) * total
        for i, w in enumerate(weights):
            x -= w
            if x < 0:
                return i
        return len(weights) - 1

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

"""What every game's State shares: equality, hashing and repr by its position text."""

from __future__ import annotations


class TextPosition:
    """Two positions are equal when their position texts are; ``repr`` is a ``from_text`` call.

    Subclasses define ``to_text()`` and the class attribute ``GAME`` (the module name)."""

    __slots__ = ()
    GAME = ""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_text() == other.to_text()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self.to_text())  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"{self.GAME}.from_text({self.to_text()!r})"  # type: ignore[attr-defined]

"""How a finished game ended, in the same shape for every game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pygames.core.i18n import tr


@dataclass(frozen=True)
class Outcome:
    """The end of a game.

    ``scores`` has one entry per seat, ``winners`` the winning seats (empty for a
    draw), ``reason`` a short machine-readable word, and ``key``/``params`` the
    catalog entry that explains the result (and any tie-break) to players.
    ``cells`` is game-specific detail to highlight (Okiya: the winning pattern).
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    cells: tuple[int, ...] = ()

    @property
    def account(self) -> str:
        """The English explanation of the result."""
        return tr(self.key, **self.params)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reason": self.reason,
            "cells": list(self.cells),
            "message": {"key": self.key, "params": dict(self.params)},
        }


def seat_params(player: int) -> dict[str, Any]:
    """Message parameters naming seat ``player``; the page replaces ``name`` with the player's own name."""
    return {"seat": player, "name": tr("seat.default", n=player + 1)}

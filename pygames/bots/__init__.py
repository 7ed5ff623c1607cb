"""Bots: a move for the seat to move, decided from that seat's view only.

``choose(view, level, rng) -> Move`` is what the bridge calls:

* ``view`` is ``State.view(seat)`` of the seat to move (a JSON-safe dict with a
  ``"game"`` field).  A bot never sees more than that seat may know; for Okiya
  the view is the whole position anyway, but the bot still rebuilds its
  position from the view, not from the engine's hidden fields.
* ``level`` is one of ``LEVELS`` (``"easy"``, ``"medium"``, ``"perfect"``).
* ``rng`` is a ``pygames.core.rng.Rng``: every random choice comes from it, so the
  same view and the same rng seed always give the same move.

``BOTS[game][level]`` holds the functions ``(view, rng) -> Move``.
"""

from __future__ import annotations

from typing import Any, Callable

from pygames.bots import okiya, oriflamme, turncoats

__all__ = ["BOTS", "LEVELS", "choose"]

LEVELS = ("easy", "medium", "perfect")

BOTS: dict[str, dict[str, Callable[[dict[str, Any], Any], Any]]] = {
    "okiya": {"easy": okiya.easy, "medium": okiya.medium, "perfect": okiya.perfect},
    "oriflamme": {"random": oriflamme.random, "heuristic": oriflamme.heuristic},
    "turncoats": {"random": turncoats.random, "heuristic": turncoats.heuristic},
}


def choose(view: dict[str, Any], level: str, rng: Any) -> Any:
    """The move the bot of ``level`` plays in ``view`` (the view of the seat to move)."""
    game = view.get("game")
    if game not in BOTS:
        raise KeyError(f"no bots for game {game!r}")
    bots = BOTS[game]
    if level not in bots:
        raise KeyError(f"no bot level {level!r} (levels: {', '.join(bots)})")
    if view.get("to_move") is None:
        raise ValueError("the game is over")
    return bots[level](view, rng)

"""Bots: a move for the seat to move, decided from that seat's view only.

``choose(view, level, rng) -> Move`` is what the bridge calls:

* ``view`` is ``State.view(seat)`` of the seat to move (a JSON-safe dict with a
  ``"game"`` field).  A bot never sees more than that seat may know; for Okiya
  the view is the whole position anyway, but the bot still rebuilds its
  position from the view, not from the engine's hidden fields.
* ``level`` is one of the game's levels: each game's bots live in
  ``pygames.bots.<game id>`` (``pygames.core.protocol.BotsModule``), which names them
  in ``LEVELS`` and the one a new game offers in ``DEFAULT_LEVEL``.
* ``rng`` is a ``pygames.core.rng.Rng``: every random choice comes from it, so the
  same view and the same rng seed always give the same move.

``BOTS[game][level]`` holds the functions ``(view, rng) -> Move`` of every game in
``pygames.GAMES``, found by that convention.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any, Callable

from pygames import GAMES
from pygames.core.errors import PlayerError
from pygames.core.on_demand import OnDemand

__all__ = ["BOTS", "DEFAULT_LEVELS", "bots_module", "choose", "sometimes_random"]


def bots_module(game: str) -> ModuleType:
    """The bots of ``game``: the module ``pygames.bots.<game>``."""
    return import_module(f"pygames.bots.{game}")


def _levels(game: str) -> dict[str, Callable[[dict[str, Any], Any], Any]]:
    module = bots_module(game)
    return {level: getattr(module, level) for level in module.LEVELS}


#: (a game's bots are imported on its first lookup, like the game: ``pygames.core.on_demand``)
BOTS: OnDemand[str, dict[str, Callable[[dict[str, Any], Any], Any]]] = OnDemand(GAMES, _levels)
#: The level a new game offers first, by game.
DEFAULT_LEVELS: OnDemand[str, str] = OnDemand(GAMES, lambda game: bots_module(game).DEFAULT_LEVEL)


def choose(view: dict[str, Any], level: str, rng: Any, budget: float | None = None) -> Any:
    """The move the bot of ``level`` plays in ``view`` (the view of the seat to move).
    ``budget``, when given, is the time in seconds the bot may think: a level whose function takes
    a ``budget`` keyword (it thinks on a clock) gets it; the others ignore it.

    PlayerError (``error.unknown_game``, ``error.bad_level``, ``error.game_over``) when
    there is no such bot or nothing to decide."""
    game = view.get("game") if isinstance(view, dict) else None
    if not isinstance(game, str) or game not in BOTS:
        raise PlayerError("error.unknown_game", game=str(game)[:40])
    if not isinstance(level, str) or level not in BOTS[game]:
        raise PlayerError("error.bad_level", level=str(level)[:40])
    if view.get("to_move") is None:
        raise PlayerError("error.game_over")
    bot = BOTS[game][level]
    if budget is not None and _on_a_clock(bot):
        return bot(view, rng, budget=budget)
    return bot(view, rng)


def _on_a_clock(bot: Callable[..., Any]) -> bool:
    """Whether a level's function takes a ``budget`` (seconds to think)."""
    code = getattr(bot, "__code__", None)
    return code is not None and "budget" in code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]


def sometimes_random(
    bot: Callable[[dict[str, Any], Any], Any], random: Callable[[dict[str, Any], Any], Any], share: float
) -> Callable[[dict[str, Any], Any], Any]:
    """A weaker ``bot``: with probability ``share`` (drawn from the rng first) it plays ``random``'s
    move instead of its own.  Still from the view and the rng alone."""
    cut = round(share * (1 << 20))

    def level(view: dict[str, Any], rng: Any) -> Any:
        return random(view, rng) if rng.below(1 << 20) < cut else bot(view, rng)

    return level

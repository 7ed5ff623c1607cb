"""The replay of a finished game, the same for a hot-seat record (``pygames.bridge.replay``) and
a link game once its audit verified it (``pygames.link.api.link_replay``): every position of the
game with every secret open (the game's ``open_view``), one step at a time.

A replay is built only from a game that is over: an open view of a game under way would show
every seat what only its owner may know.
"""

from __future__ import annotations

import importlib
from typing import Any

from pygames.core.errors import PlayerError
from pygames.core.session import event_maker

#: One move of a replay: the position it was made in, its notation, the position after it.
Step = tuple[Any, str, Any]


def open_view(game: str, state: Any) -> dict[str, Any]:
    """``state``'s view with every secret open: the game's own ``open_view``, or the spectator's
    view of a game without secrets."""
    opened = getattr(importlib.import_module(f"pygames.{game}"), "open_view", None)  # the game's package
    return opened(state) if opened is not None else state.view(None)


def replay_answer(game: str, steps: list[Step], step: int, start: Any = None) -> dict[str, Any]:
    """What a replay call answers for the position after ``step`` moves of a finished game whose
    moves are ``steps`` (``start``: the first position, for a game without moves):

    * ``steps``: how many moves the game had; ``step``: the one shown (clamped to 0..steps);
    * ``view``: the position after ``step`` moves with every secret open (``open_view``);
    * ``move`` and ``seat``: the notation of the move that led there and who made it (None at 0);
    * ``moves``: every move of the game, ``{"seat", "move", "data", "said"}``: the mover, the
      notation, the move as data (``Move.to_json``) and what it did in the game's log messages
      as a spectator reads them (empty for a game that tells no events).

    PlayerError ``error.replay_unfinished`` when the game is not over."""
    last = steps[-1][2] if steps else start
    if last is None or last.outcome is None:
        raise PlayerError("error.replay_unfinished")
    step = max(0, min(step, len(steps)))
    shown = steps[step - 1][2] if step else steps[0][0] if steps else start
    return {
        "steps": len(steps),
        "step": step,
        "view": open_view(game, shown),
        "move": steps[step - 1][1] if step else None,
        "seat": steps[step - 1][0].to_move if step else None,
        "moves": replay_moves(game, steps),
    }


def replay_moves(game: str, steps: list[Step]) -> list[dict[str, Any]]:
    """Every move of ``steps`` as a replay lists it (``replay_answer``'s ``moves``): what it did
    as a spectator reads it, so the list never tells a secret whatever the positions hold."""
    make = event_maker(game)
    moves = []
    for before, text, after in steps:
        data = next((m.to_json() for m in before.legal_moves() if str(m) == text), {"text": text})
        said = [e["message"] for e in make(before, text, after, None) if e.get("message")] if make else []
        moves.append({"seat": before.to_move, "move": text, "data": data, "said": said})
    return moves

"""Okiya for the adapters (the names of ``pygames.adapters.games.GameAdapter``).

* **Actions** (16): the cells ``r0c0`` .. ``r3c3`` (= ``int(Move)``).
* **Setup**: 16 deal nodes, the tile of each cell in turn (outcome = tile id, uniform over the
  tiles left; read ``maple-sun``), then the first player; ``pygames.okiya.from_layout``.
* **Play**: no secret, no draw: every seat sees each move as it is; resampling keeps the position.
* **Observation** (178): per cell 0..15, 11 values each: plant one-hot (maple, cherry, pine, iris),
  symbol one-hot (sun, bird, rain, tanzaku), the viewer's token, the opponent's token, the last
  tile taken; then the viewer's tokens left, the opponent's.
"""

from __future__ import annotations

from typing import Any, Callable

from pygames import okiya
from pygames.adapters.games import Entry, move_entry, public, rel
from pygames.okiya.board import TILE_NAMES

OBSERVATION_SIZE = 178
_CELLS = 16


def actions() -> tuple[str, ...]:
    return tuple(str(m) for m in okiya.MOVES)


def action_ids(moves: Any) -> list[int]:
    """A move's cell is its action id."""
    return [m.cell for m in moves]


def deal_length(players: int) -> int:
    return _CELLS


def max_chance_outcomes(players: int) -> int:
    return _CELLS


def deal_outcomes(players: int, draws: tuple[int, ...]) -> list[tuple[int, float]]:
    left = sorted(set(range(_CELLS)) - set(draws))
    return [(t, 1 / len(left)) for t in left]


def deal_entry(players: int, draws: tuple[int, ...], outcome: int) -> Entry:
    return public(f"{okiya.MOVES[len(draws)]} {TILE_NAMES[outcome]}")


def deal_text(step: int, outcome: int) -> str:
    return TILE_NAMES[outcome]


def build(players: int, dealt: list[int], first: int, options: dict[str, Any]) -> Any:
    return okiya.from_layout(dealt, first_player=first)


def deal_of(state: Any) -> tuple[tuple[int, ...], int]:
    return tuple(state.layout), state.first_player


entry = move_entry


def max_play_length(players: int) -> int:
    """Okiya fills at most its 16 cells."""
    return _CELLS


def resampler(state: Any, seat: int) -> Callable[[Any], Any]:
    """Okiya has no secret: the position itself."""
    return lambda rng: state


def secret(state: Any, seat: int) -> Any:
    """Nothing: every seat sees the whole board."""
    return ()


def encode_view(out: Any, view: dict[str, Any], seat: int, players: int) -> None:
    for cell, (tile, token) in enumerate(zip(view["layout"], view["tokens"])):
        base = 11 * cell
        out[base + (tile >> 2)] = 1
        out[base + 4 + (tile & 3)] = 1
        if token is not None:
            out[base + 8 + rel(token, seat, 2)] = 1
        out[base + 10] = cell == view["last"]
    out[176] = view["tokens_left"][seat]
    out[177] = view["tokens_left"][1 - seat]

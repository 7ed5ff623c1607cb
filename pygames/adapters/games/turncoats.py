"""Turncoats for the adapters (the names of ``pygames.adapters.games.GameAdapter`` and ``DrawsInPlay``).

* **Actions** (10531): ``return`` red/blue/black, ``negotiate``, recruits (colour, area), flag-only
  marches (colour), battles (colour, area, kills of the first other colour then of the second,
  at most 21 in all), marches (colour, source, adjacent destination, 1..21 stones).
* **Setup**: ``setup_draws(players)`` deal nodes, one stone each (outcome = colour, as likely as
  its count in the bag; read ``red``) in ``new_game``'s order: 2 for each non-homeland area, seen
  by all, then each seat's hand, seen by its owner only; then the first player;
  ``pygames.turncoats.from_setup``.
* **Draws in play**: the move ``negotiate`` waits for a chance node drawing a stone from the bag
  (read ``draw black``; ``State.negotiated``), which only the drawer sees.  Resampling is the
  engine's ``determinize`` (``pygames.turncoats.sample``) of the seat's view (its ``Sampler``,
  the view read once).
* **Observation** (58): stones per area 0..10 (red, blue, black: 33), AXE (3), FLAG (3), stones in
  the bag (1), hand sizes per relative seat (5), the viewer's hand (3), the stone it just drew,
  one-hot (3; zeros unless a Negotiate of its own waits for the return), seat to move relative
  one-hot (5), consecutive Negotiates (1), turns played (1).
"""

from __future__ import annotations

from functools import cache
from typing import Any, Callable

from pygames import turncoats
from pygames.adapters.games import Entry, by_count, move_entry, one_hot, public, rel
from pygames.turncoats.board import ADJACENT, AREA_COUNT, COLOURS, HAND_SIZE, HOMELAND, STONES_PER_COLOUR
from pygames.turncoats.moves import BATTLE, MARCH, NEGOTIATE, RECRUIT, RETURN, Move
from pygames.turncoats.sample import Sampler

OBSERVATION_SIZE = 58
#: Most stones one move can kill or march (every stone of one colour).
_MOST = STONES_PER_COLOUR
#: The areas the setup fills, two stones each, in ``new_game``'s order.
_DEALT_AREAS = tuple(x for x in range(AREA_COUNT) if x not in HOMELAND)


@cache
def actions() -> tuple[str, ...]:
    """Every move text, in the order of the module docstring (built once: 10531 moves)."""
    texts = [str(Move(RETURN, c)) for c in range(3)] + [str(Move(NEGOTIATE))]
    texts += [str(Move(RECRUIT, c, x)) for c in range(3) for x in range(AREA_COUNT)]
    texts += [str(Move(MARCH, c)) for c in range(3)]
    for c in range(3):
        o1, o2 = (o for o in range(3) if o != c)
        for x in range(AREA_COUNT):
            for k1 in range(_MOST + 1):
                for k2 in range(_MOST + 1 - k1):
                    kills = [0, 0, 0]
                    kills[o1], kills[o2] = k1, k2
                    texts.append(str(Move(BATTLE, c, x, -1, 0, tuple(kills))))
    texts += [
        str(Move(MARCH, c, x, y, n))
        for c in range(3)
        for x in range(AREA_COUNT)
        for y in ADJACENT[x]
        for n in range(1, _MOST + 1)
    ]
    return tuple(texts)


@cache
def _index() -> dict[str, int]:
    return {text: i for i, text in enumerate(actions())}


def action_ids(moves: Any) -> list[int]:
    """Looked up by each move's notation (``Move.text``, which ``str`` gives)."""
    index = _index()
    return [index[m.text] for m in moves]


def deal_length(players: int) -> int:
    return turncoats.setup_draws(players)


def max_chance_outcomes(players: int) -> int:
    return len(COLOURS)


def deal_outcomes(players: int, draws: tuple[int, ...]) -> list[tuple[int, float]]:
    return by_count([STONES_PER_COLOUR - 2 - draws.count(c) for c in range(3)])


def deal_entry(players: int, draws: tuple[int, ...], outcome: int) -> Entry:
    step = len(draws)
    areas = 2 * len(_DEALT_AREAS)
    if step < areas:
        return public(f"area {_DEALT_AREAS[step // 2]} {COLOURS[outcome]}")
    seat = (step - areas) // HAND_SIZE
    return Entry(seat, f"p{seat + 1} draws {COLOURS[outcome]}", f"p{seat + 1} draws")


def deal_text(step: int, outcome: int) -> str:
    return COLOURS[outcome]


def build(players: int, dealt: list[int], first: int, options: dict[str, Any]) -> Any:
    return turncoats.from_setup(players, dealt, first, **options)


def deal_of(state: Any) -> tuple[tuple[int, ...], int]:
    dealt: list[int] = []
    for x in _DEALT_AREAS:
        dealt += [c for c in range(3) for _ in range(state.area(x)[c])]
    for seat in range(state.players):
        dealt += [c for c in range(3) for _ in range(state.hand(seat)[c])]
    return tuple(dealt), state.first_player


entry = move_entry


def max_play_length(players: int) -> int:
    """A turn spends one of the 8 stones each seat holds, or Negotiates (fewer than ``players`` times
    in a row but at the end; each Negotiate is a move, a draw and a return)."""
    stone_turns = 8 * players
    negotiates = (stone_turns + 1) * (players - 1) + 1
    return stone_turns + 3 * negotiates


def resampler(state: Any, seat: int) -> Callable[[Any], Any]:
    """``determinize`` of the seat's view, the view read once (the engine's ``Sampler``)."""
    return Sampler(state.view(seat)).sample


def secret(state: Any, seat: int) -> Any:
    """The seat's hand, and the stone it just drew while its Negotiate waits for the return."""
    return state.hand(seat), state.drawn if state.seat == seat else -1


# --- DrawsInPlay: Negotiate -------------------------------------------------------------


def waits(move: Any) -> bool:
    return str(move) == "negotiate"


def draw_outcomes(state: Any) -> list[tuple[int, float]]:
    return by_count(list(state.bag))


def drawn(state: Any, outcome: int) -> tuple[Any, Entry]:
    seat = state.to_move
    colour = COLOURS[outcome]
    return state.negotiated(outcome), Entry(seat, f"p{seat + 1} draws {colour}", f"p{seat + 1} draws")


def draw_text(outcome: int) -> str:
    return f"draw {COLOURS[outcome]}"


def encode_view(out: Any, view: dict[str, Any], seat: int, players: int) -> None:
    for area in view["map"]:
        out[3 * area["area"] : 3 * area["area"] + 3] = area["stones"]
    out[33:36] = view["axe"]
    out[36:39] = view["flag"]
    out[39] = view["bag"]
    for other, size in enumerate(view["hand_sizes"]):
        out[40 + rel(other, seat, players)] = size
    out[45:48] = view["hand"]
    if view["drawn"]:
        out[48 + COLOURS.index(view["drawn"])] = 1
    one_hot(out, 51, rel(view["to_move"], seat, players))
    out[56] = view["negotiations"]
    out[57] = view["turn"]

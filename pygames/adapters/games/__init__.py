"""Each game's part of the adapters: one module per game, ``pygames.adapters.games.<game id>``.

The generic adapters (``spec``, ``encode``, ``openspiel``, ``pettingzoo``) know no game: they look
a game's module up here by its id in ``pygames.GAMES`` (``adapter``), as the bots are found in
``pygames.bots.<game id>``.  A game gets its OpenSpiel game and PettingZoo environment by adding
``pygames/adapters/games/<game id>.py`` with the names of ``GameAdapter`` (and of ``DrawsInPlay``
when its moves wait for a draw); nothing else in the adapters changes.

An id that is not in ``pygames.GAMES``, or a game without such a module, is refused with
``UnknownGame`` (a ``ValueError``), never given another game's actions:

>>> adapter("chess")
Traceback (most recent call last):
...
pygames.adapters.games.UnknownGame: pygames.adapters: no game 'chess' (known: okiya, ...)
>>> len(adapter("okiya").actions())
16

This package imports no game and no numpy: a game's module is imported on its first lookup.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import Any, Callable, NamedTuple, Protocol, runtime_checkable

from pygames import GAMES

__all__ = [
    "MAX_SEATS",
    "DrawsInPlay",
    "Entry",
    "GameAdapter",
    "UnknownGame",
    "adapted_games",
    "adapter",
    "by_count",
    "move_entry",
    "one_hot",
    "public",
    "rel",
]


class UnknownGame(ValueError):
    """A game id the adapters cannot offer: not in ``pygames.GAMES``, or without an adapter module."""


class Entry(NamedTuple):
    """What the seats learn of one action: ``owner`` (a seat, or None when everyone sees the same)
    sees ``private``, every other seat ``public``."""

    owner: int | None
    private: str
    public: str

    def seen_by(self, seat: int) -> str:
        return self.private if self.owner is None or self.owner == seat else self.public


@runtime_checkable
class GameAdapter(Protocol):
    """The names a game's adapter module ``pygames.adapters.games.<game id>`` provides.

    ``players`` is always a count of the game's ``PLAYER_COUNTS``; a ``view`` is the engine's
    ``State.view(seat)``.

    * ``actions() -> tuple[str, ...]``: every move text the game can ever list (in any position, at
      any player count), each once, in a fixed order: an action id is an index into it.
    * The **setup** is the chance draws of the engine's seeded ``new_game``, as explicit chance
      nodes: first the deal, ``deal_length(players)`` nodes, then one node drawing the first
      player (uniform over the seats; ``pygames.adapters.spec.Spec`` adds it):

      - ``deal_length(players) -> int``: the deal's nodes;
      - ``deal_outcomes(players, draws) -> [(outcome, probability)]``: the outcomes of the deal's
        next node after the outcomes ``draws`` (a tuple of ints) of the nodes before it;
      - ``deal_entry(players, draws, outcome) -> Entry``: what each seat learns of that outcome;
      - ``deal_text(step, outcome) -> str``: the outcome of node ``step`` in a spectator's words
        (OpenSpiel's ``action_to_string`` of a chance action);
      - ``build(players, dealt, first, options) -> State``: the first position from the deal's
        outcomes ``dealt`` (a list), the first player ``first`` and the rule ``options`` (every
        option of the game's ``OPTIONS``, by name);
      - ``deal_of(state) -> (dealt, first)``: ``build``'s inverse, the deal's outcomes and the
        first player that build the first position ``state`` (a seeded ``new_game``'s, say);
      - ``max_chance_outcomes(players) -> int``: the most outcomes of any chance node but the
        first player's (those of ``DrawsInPlay`` included).
    * ``action_ids(moves) -> list[int]``: the action ids of engine moves (the indices of their
      notations in ``actions()``), in their order: a search asks at every step, so each game
      reads them its fastest way.
    * ``entry(state, move) -> Entry``: what each seat learns of ``move``, legal in ``state``
      (``move_entry`` when everyone sees it as it is).
    * ``max_play_length(players) -> int``: a bound on the actions after the setup (moves, and
      draws in play), for OpenSpiel's ``max_game_length``.
    * ``resampler(state, seat) -> Callable[[Rng], State]``: what gives, from a
      ``pygames.core.rng.Rng``, a full position ``seat`` cannot tell from ``state`` (the engine's
      ``determinize`` of its view; a game without secrets: ``state`` itself), for OpenSpiel's
      ``resample_from_infostate``: a search resamples one position at every simulation, so the
      view is read once.
    * ``secret(state, seat) -> hashable``: what only ``seat`` knows of ``state``, a game under way
      (its hand, its face-down cards: everything of its view that another seat's lacks), such
      that two positions resampled for one seat (the same public facts) whose secrets for
      ``seat`` are equal give ``seat`` the same view.  A search keys each resampled line by the
      other seats' views: with the secret it writes each such view out once, not once a
      simulation.
    * ``OBSERVATION_SIZE: int`` and ``encode_view(out, view, seat, players)``: a view as a flat
      array of small non-negative integers; ``out`` is a zeroed integer array of
      ``OBSERVATION_SIZE`` entries (numpy's, but written by indexing only, so the module needs
      no numpy), written as the module's docstring documents; seats relative to the viewer
      (``rel``), in blocks of ``MAX_SEATS``.
    """

    OBSERVATION_SIZE: int
    actions: Callable[[], tuple[str, ...]]
    deal_length: Callable[[int], int]
    deal_outcomes: Callable[[int, tuple[int, ...]], list[tuple[int, float]]]
    deal_entry: Callable[[int, tuple[int, ...], int], Entry]
    deal_text: Callable[[int, int], str]
    build: Callable[[int, list[int], int, dict[str, Any]], Any]
    deal_of: Callable[[Any], tuple[tuple[int, ...], int]]
    max_chance_outcomes: Callable[[int], int]
    action_ids: Callable[[Any], list[int]]
    entry: Callable[[Any, Any], Entry]
    max_play_length: Callable[[int], int]
    resampler: Callable[[Any, int], Callable[[Any], Any]]
    secret: Callable[[Any, int], Any]
    encode_view: Callable[[Any, dict[str, Any], int, int], None]


@runtime_checkable
class DrawsInPlay(Protocol):
    """The names of a game whose moves may wait for a draw (Turncoats' Negotiate): all of them, or
    none (then no move waits).

    * ``waits(move) -> bool``: whether ``move`` takes effect only with a chance node's outcome;
    * ``draw_outcomes(state) -> [(outcome, probability)]``: that node's outcomes, ``state`` the
      position before the move;
    * ``drawn(state, outcome) -> (State, Entry)``: the position after the seat to move of ``state``
      plays the waiting move and the draw gives ``outcome``, and what each seat learns of the draw;
    * ``draw_text(outcome) -> str``: the outcome in a spectator's words.
    """

    waits: Callable[[Any], bool]
    draw_outcomes: Callable[[Any], list[tuple[int, float]]]
    drawn: Callable[[Any, int], tuple[Any, Entry]]
    draw_text: Callable[[int], str]


def _names(protocol: type) -> tuple[str, ...]:
    return tuple(protocol.__annotations__)


def _module_name(game: str) -> str:
    return f"{__name__}.{game}"


def _has_module(game: str) -> bool:
    return find_spec(_module_name(game)) is not None


def adapted_games() -> tuple[str, ...]:
    """The games of ``pygames.GAMES`` that have an adapter module, in the registry's order."""
    return tuple(game for game in GAMES if _has_module(game))


@cache
def adapter(game: str) -> ModuleType:
    """The adapter module of ``game`` (an id of ``pygames.GAMES``), checked against ``GameAdapter``
    (and ``DrawsInPlay``). ``UnknownGame`` for an id not in ``pygames.GAMES`` or a game without one;
    ``TypeError`` for a module that lacks some of the names."""
    if not isinstance(game, str) or game not in GAMES:
        raise UnknownGame(f"pygames.adapters: no game {game!r} (known: {', '.join(GAMES)})")
    if not _has_module(game):
        raise UnknownGame(
            f"pygames.adapters: game {game!r} has no OpenSpiel or PettingZoo model: add "
            f"pygames/adapters/games/{game}.py (the names of pygames.adapters.games.GameAdapter)"
        )
    module = import_module(_module_name(game))
    missing = [name for name in _names(GameAdapter) if not hasattr(module, name)]
    draws = [name for name in _names(DrawsInPlay) if hasattr(module, name)]
    if draws and len(draws) < len(_names(DrawsInPlay)):
        missing += [name for name in _names(DrawsInPlay) if name not in draws]
    if missing:
        raise TypeError(f"pygames/adapters/games/{game}.py lacks {', '.join(missing)} (see GameAdapter, DrawsInPlay)")
    return module


# --- what the games' modules share -------------------------------------------------------

#: Seat blocks of an observation hold this many entries (zeros past the player count).
MAX_SEATS = 5


def public(text: str) -> Entry:
    """An action every seat learns as ``text``."""
    return Entry(None, text, text)


def move_entry(state: Any, move: Any) -> Entry:
    """A move every seat sees as it is: ``p2 r1c3``."""
    return public(f"p{state.to_move + 1} {move}")


def by_count(counts: list[int]) -> list[tuple[int, float]]:
    """Draws from a bag holding ``counts[i]`` things of kind ``i``: each kind present, with its
    probability.

    >>> by_count([2, 0, 6])
    [(0, 0.25), (2, 0.75)]
    """
    total = sum(counts)
    return [(c, k / total) for c, k in enumerate(counts) if k]


def rel(other: int | None, seat: int, players: int) -> int | None:
    """Seat ``other`` relative to the viewer ``seat``: ``k`` for the seat ``k`` places after it (0:
    the viewer); None stays None."""
    return None if other is None else (other - seat) % players


def one_hot(out: Any, offset: int, index: int | None) -> None:
    """Set ``out[offset + index]`` to 1 (nothing when ``index`` is None)."""
    if index is not None:
        out[offset + index] = 1

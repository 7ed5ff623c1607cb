"""What both adapters need to know of a game: a fixed integer action space and its chance steps.

``spec_for(game, players, options)`` returns a ``Spec``, generic: each game's part is its adapter
module ``pygames.adapters.games.<game id>`` (the names of ``pygames.adapters.games.GameAdapter``),
whose docstring gives its action space, setup and observation layout.  An id not in
``pygames.GAMES``, or a game without an adapter module, raises ``UnknownGame`` (a ``ValueError``).

* **actions** — every move text the game can ever list (for any position of that game), in a
  fixed order (the adapter module's ``actions()``); an action id is the index of a move's
  notation there.

* **setup** — the chance draws of the engine's seeded ``new_game``, one chance node each, with
  their probabilities (``setup_outcomes``): the game's deal (its module's ``deal_*``), then the
  first player (uniform over the seats); ``build``, the first position from those draws, and
  ``setup_of``, the draws that build a given first position.

* **draws in play** — a move may wait (``waits``) for a chance node (``draw_outcomes``,
  ``drawn``) when the game's module has the names of ``DrawsInPlay`` (Turncoats' Negotiate).

Every chance outcome and move is also an ``Entry``: what each seat learns of it (``entry``,
``setup_entry``), so an information state is the seat's view plus what it saw happen.

This module imports no numpy, and no game before it is asked for one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from types import ModuleType
from typing import Any, Callable, Sequence

from pygames import GAMES
from pygames.adapters.games import DrawsInPlay, Entry, UnknownGame, adapter, public

__all__ = ["Entry", "Spec", "UnknownGame", "spec_for"]


@cache
def _draws_in_play(game: str) -> bool:
    return isinstance(adapter(game), DrawsInPlay)


@cache
def _actions(game: str) -> tuple[tuple[str, ...], dict[str, int]]:
    texts = tuple(adapter(game).actions())
    return texts, {text: i for i, text in enumerate(texts)}


@dataclass(frozen=True)
class Spec:
    """One game at one player count with its rule options (see the module docstring)."""

    game: str
    players: int
    options: tuple[tuple[str, bool], ...]

    @property
    def module(self) -> ModuleType:
        """The game's engine package (``pygames.GAMES[game]``)."""
        return GAMES[self.game]

    @property
    def adapter(self) -> ModuleType:
        """The game's adapter module (``pygames.adapters.games.<game>``)."""
        return adapter(self.game)

    @property
    def actions(self) -> tuple[str, ...]:
        return _actions(self.game)[0]

    @cached_property
    def index(self) -> dict[str, int]:
        """Action ids by move text."""
        return _actions(self.game)[1]

    def action_of(self, move: object) -> int:
        """The action id of a move (or its notation)."""
        return self.index[str(move)]

    @cached_property
    def action_ids(self) -> Callable[[Sequence[Any]], list[int]]:
        """The action ids of engine moves, in their order (the adapter module's ``action_ids``)."""
        return self.adapter.action_ids

    @cached_property
    def _moves(self) -> dict[int, tuple[Any, bool]]:
        """``move_of``'s memory, by action id."""
        return {}

    def move_of(self, action: int) -> tuple[Any, bool]:
        """The engine move of action id ``action`` (its notation parsed by the game's ``parse``: the
        engines intern their moves, one object a move) and whether it ``waits``, worked out once an
        action id (a search applies thousands of actions a move)."""
        found = self._moves.get(action)
        if found is None:
            move = self.module.parse(self.actions[action])
            found = self._moves[action] = (move, self.waits(move))
        return found

    def legal(self, state: Any) -> dict[int, Any]:
        """The legal moves of an engine state by action id."""
        moves = state.legal_moves()
        return dict(zip(self.action_ids(moves), moves))

    @property
    def observation_size(self) -> int:
        """The length of an observation array (``pygames.adapters.encode``)."""
        return self.adapter.OBSERVATION_SIZE

    # --- setup --------------------------------------------------------------------------

    @property
    def setup_length(self) -> int:
        """Chance nodes before the first move: the deal, then the first player."""
        return self.adapter.deal_length(self.players) + 1

    @property
    def max_chance_outcomes(self) -> int:
        return max(self.adapter.max_chance_outcomes(self.players), self.players)

    @property
    def max_game_length(self) -> int:
        """A bound on actions in a game, chance nodes included."""
        return self.setup_length + self.adapter.max_play_length(self.players)

    def _first_node(self, step: int) -> bool:
        return step == self.setup_length - 1

    def setup_outcomes(self, draws: tuple[int, ...]) -> list[tuple[int, float]]:
        """The outcomes of the next setup node after ``draws``, with their probabilities."""
        if self._first_node(len(draws)):
            return [(seat, 1 / self.players) for seat in range(self.players)]
        return self.adapter.deal_outcomes(self.players, draws)

    def setup_entry(self, draws: tuple[int, ...], outcome: int) -> Entry:
        """What each seat learns of setup outcome ``outcome`` drawn after ``draws``."""
        if self._first_node(len(draws)):
            return public(f"first p{outcome + 1}")
        return self.adapter.deal_entry(self.players, draws, outcome)

    def build(self, draws: tuple[int, ...]) -> Any:
        """The first position after every setup node (``draws``, first player last)."""
        *dealt, first = draws
        return self.adapter.build(self.players, dealt, first, dict(self.options))

    def setup_of(self, state: Any) -> tuple[int, ...]:
        """The setup outcomes that ``build`` the first position ``state`` (a seeded ``new_game``'s)."""
        dealt, first = self.adapter.deal_of(state)
        return (*dealt, first)

    def setup_text(self, step: int, outcome: int) -> str:
        """A setup outcome at node ``step``, as ``_action_to_string`` writes it (spectator's words)."""
        if self._first_node(step):
            return f"first p{outcome + 1}"
        return self.adapter.deal_text(step, outcome)

    # --- play ---------------------------------------------------------------------------

    def returns(self, outcome: Any) -> list[float]:
        """Zero-sum returns of a finished game: each seat stakes 1 and the winners share the pot (a
        winner gets ``players / winners - 1``, the others -1); no winner: everyone 0."""
        n = self.players
        winners = outcome.winners
        if not winners:
            return [0.0] * n
        share = n / len(winners) - 1
        return [share if seat in winners else -1.0 for seat in range(n)]

    def entry(self, state: Any, move: Any) -> Entry:
        """What each seat learns of ``move`` (legal in ``state``): Oriflamme hides a placed card."""
        return self.adapter.entry(state, move)

    def waits(self, move: object) -> bool:
        """Whether ``move`` takes effect only with a chance node's outcome (Turncoats' Negotiate)."""
        return _draws_in_play(self.game) and self.adapter.waits(move)

    def draw_outcomes(self, state: Any) -> list[tuple[int, float]]:
        """The outcomes of the draw a waiting move makes in ``state`` (before it), with probabilities."""
        return self.adapter.draw_outcomes(state)

    def drawn(self, state: Any, outcome: int) -> tuple[Any, Entry]:
        """The position after the seat to move of ``state`` plays its waiting move and draws ``outcome``."""
        return self.adapter.drawn(state, outcome)

    def draw_text(self, outcome: int) -> str:
        """A chance outcome of a draw in play, as ``_action_to_string`` writes it."""
        return self.adapter.draw_text(outcome)

    def resampler(self, state: Any, seat: int) -> Callable[[Any], Any]:
        """What gives, from an ``Rng``, a full position ``seat`` cannot tell from ``state`` (its
        view determinized)."""
        return self.adapter.resampler(state, seat)

    @cached_property
    def secret(self) -> Callable[[Any, int], Any]:
        """What only a seat knows of an engine state (the adapter module's ``secret``)."""
        return self.adapter.secret


def spec_for(game: str, players: int | None = None, options: dict[str, bool] | None = None) -> Spec:
    """The spec of ``game`` (an id of ``pygames.GAMES``) for ``players`` (default: the fewest)
    with rule ``options`` over the defaults; ``UnknownGame`` (a ValueError) for a game the adapters
    do not know, ValueError for an unknown count or option.

    >>> spec_for("chess")
    Traceback (most recent call last):
    ...
    pygames.adapters.games.UnknownGame: pygames.adapters: no game 'chess' (known: okiya, ...)
    """
    adapter(game)
    module = GAMES[game]
    players = module.PLAYER_COUNTS[0] if players is None else players
    if players not in module.PLAYER_COUNTS:
        raise ValueError(f"{game} takes {module.PLAYER_COUNTS} players, not {players}")
    options = dict(options or {})
    unknown = set(options) - set(module.OPTIONS)
    if unknown:
        raise ValueError(f"unknown {game} options: {sorted(unknown)}")
    merged = {name: bool(options.get(name, default)) for name, default in module.OPTIONS.items()}
    return Spec(game, players, tuple(merged.items()))

"""Our games as OpenSpiel Python games: importing this module registers ``pygames_<game id>`` with
``pyspiel`` for every game of ``pygames.GAMES`` that has an adapter module
(``pygames.adapters.games.<game id>``): ``pygames_okiya``, ``pygames_oriflamme``,
``pygames_turncoats`` (``pip install pygames[openspiel]``).

>>> import pyspiel, pygames.adapters.openspiel
>>> game = pyspiel.load_game("pygames_turncoats", {"players": 3})
>>> game.num_players(), game.num_distinct_actions()
(3, 10531)

* **Parameters**: ``players`` and every rule option of the game's ``OPTIONS`` (booleans, the
  engine's defaults).
* **Actions**: a fixed space per game, an action id indexing every move text the game can list
  (``pygames.adapters.spec``, from the game's adapter module); ``action_to_string`` gives our
  notation (``r1c2``, ``place Lord on 2``, ``battle blue 4 kill red``), chance actions read
  ``maple-sun``, ``removes Ambush,Heir,Spy``, ``red``, ``first p2``, ``draw black``.
* **Chance**: explicit chance nodes for every draw the engine makes from its seed (the layout or
  deal, who starts, Turncoats' setup stones and each Negotiate's draw: each game's adapter module
  says which), with their probabilities, so a state is driven by chance actions, never by a seed.
* **Returns** (zero-sum): each seat stakes 1 and the winners share the pot: a winner gets
  ``players / winners - 1``, every other seat -1; a game without a winner (an Okiya draw, a
  Turncoats game no colour wins) gives everyone 0.
* **Information**: ``observation_string(p)`` is the canonical JSON of ``State.view(p)`` (the
  engine's view: never another seat's secret) but its recent ``log``;
  ``information_state_string(p)`` is what ``p`` knew where the state's line of play began (that
  JSON, or ``setup`` for ``new_initial_state``) then, one line each, what ``p`` saw happen since
  (every move and chance outcome, another seat's secrets in their public form: ``p2 place ? left``,
  ``p3 draws``): perfect recall, built a line at a time, so a search's node keys cost one line each
  (the view is written out only where a line begins).  ``observation_tensor(p)`` is the view as the array the
  PettingZoo adapter observes (``pygames.adapters.encode``); no information-state tensor.
* **Resampling**: ``state.resample_from_infostate(p, sampler)`` (the callback OpenSpiel's ISMCTS
  takes) is a full state consistent with ``p``'s information: the engine's ``determinize`` of
  ``p``'s view, seeded from ``sampler()`` (the game's adapter module's ``resampler``, the view
  read once a state and seat: Okiya's is the position itself); its ``history()`` is empty (the
  position is the engine's) and it keeps only what ``p`` saw of the past.
* **Speed**: a search through the adapter spends its time in the engine and OpenSpiel's own
  Python: ``legal_actions``, ``is_chance_node`` and ``information_state_string`` are answered in
  Python (pyspiel's go through C++ and call back into Python several times), a state works out
  its player and its legal action ids once (a twin for the seat to move shares them: its view
  lists them), a clone shares its position, the legal actions'
  deep copy (ISMCTS makes one at every node it expands) is a plain copy, and the twins of one
  state share the other seats' views of them, looked up by each seat's secret (the game's adapter
  module's ``secret``: a view is written out once a secret, not once a simulation).

A game without an adapter module is not registered: ``game_class`` (and ``PygamesGame`` of such a
game) raises ``UnknownGame``, a ``ValueError``, saying what to add.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from typing import Any, Callable

import numpy as np
import pyspiel

from pygames import GAMES
from pygames.adapters.encode import encode
from pygames.adapters.games import Entry, adapted_games, adapter
from pygames.adapters.spec import Spec, spec_for
from pygames.core.rng import Rng

#: The OpenSpiel short name of each game.
SHORT_NAMES = {game: f"pygames_{game}" for game in GAMES}
_CHANCE = pyspiel.PlayerId.CHANCE
_TERMINAL = pyspiel.PlayerId.TERMINAL


class _ActionIds(list):
    """Legal action ids whose deep copy is a plain copy (ints need no deeper one): OpenSpiel's
    ISMCTS deep-copies the legal actions at every node it expands, item by item in Python, which
    cost a Turncoats simulation a tenth of its time."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict) -> list[int]:
        return self[:]


class _Position:
    """Everything a state holds, immutable, so a clone shares it (deep copies return it as it is):
    ``draws`` the setup outcomes so far (read only during the setup; a resampled state has none),
    ``state`` the engine's position once dealt, ``waiting`` while a move waits for a chance outcome,
    ``entries`` what each seat saw happen.

    A search applies thousands of actions a move and asks for a few information-state strings, so
    a position after an action keeps only its ``parent`` and that action's entry (``entries`` and
    the entry itself are worked out when asked for: an action costs the same early and late in a
    game), and each seat's information-state string (``key``) is its parent's plus one line, kept
    once worked out: the engine's view is written out (``json.dumps``) only where a line of
    positions starts (a new state, a resampled one), not at every node of a search tree.

    A random rollout asks each position for its player several times and for its legal actions
    once, then applies one of them: ``player`` is worked out once, and the legal moves' action
    ids, sorted (``_sorted``); an action's move is the engine's move of that id (``Spec.move_of``)."""

    __slots__ = (
        "spec",
        "draws",
        "state",
        "waiting",
        "player",
        "_entries",
        "parent",
        "_entry",
        "_keys",
        "_sorted",
        "_twins",
        "_starts",
    )

    def __init__(
        self,
        spec: Spec,
        draws: tuple[int, ...],
        state: Any,
        waiting: bool,
        entries: tuple | None,
        parent: "_Position | None" = None,
        entry: Any = None,
    ) -> None:
        """``entries`` as they are, or (None) those of ``parent`` followed by ``entry``: an Entry, or
        ``(engine state, move)`` whose entry ``spec.entry`` gives when it is needed."""
        self.spec = spec
        self.draws = draws
        self.state = state
        self.waiting = waiting
        self._entries = entries
        self.parent = parent
        self._entry = entry
        self._keys: dict[int, str] | None = None
        self._sorted: list[int] | None = None
        self._twins: dict[int, tuple[Callable[[Rng], Any], tuple, dict]] | None = None
        self._starts: dict[tuple[int, Any], str] | None = None
        if state is None or waiting:
            self.player = _CHANCE
        else:
            seat = state.to_move
            self.player = _TERMINAL if seat is None else seat

    def __deepcopy__(self, memo: dict) -> "_Position":
        return self

    @property
    def in_setup(self) -> bool:
        return self.state is None

    @property
    def entry(self) -> Entry:
        """The entry of the action that led here from ``parent``."""
        entry = self._entry
        if type(entry) is tuple:
            entry = self._entry = self.spec.entry(*entry)
        return entry

    @property
    def entries(self) -> tuple:
        """What each seat saw happen, action by action."""
        if self._entries is None:
            chain = []
            node = self
            while node._entries is None:
                chain.append(node)
                node = node.parent
            entries = node._entries
            for node in reversed(chain):
                entries = node._entries = (*entries, node.entry)
        return self._entries

    def key(self, seat: int, start: Any) -> str:
        """``seat``'s information-state string: ``start(self, seat)`` where a line of positions starts
        (the position with its entries as they were given), then one line an action."""
        chain = []
        node = self
        while (node._keys is None or seat not in node._keys) and node.parent is not None:
            chain.append(node)
            node = node.parent
        keys = node._keys
        if keys is None:
            keys = node._keys = {}
        text = keys.get(seat)
        if text is None:
            text = keys[seat] = node.start(seat, start)
        for node in reversed(chain):
            text += "\n" + node.entry.seen_by(seat)
            if node._keys is None:
                node._keys = {}
            node._keys[seat] = text
        return text

    def start(self, seat: int, start: Any) -> str:
        """``start(self, seat)``, this position starting a line; a twin (``twin_maker``) looks it up
        among its siblings' by the seat's ``secret`` first: twins of one position for one seat
        share every public fact, so another seat's view of a twin is its secret's, and a search
        that resamples its root at every simulation writes each such view out once."""
        starts = self._starts
        if starts is None:
            return start(self, seat)
        key = (seat, self.spec.secret(self.state, seat))
        found = starts.get(key)
        if found is None:
            found = starts[key] = start(self, seat)
        return found

    def twin_maker(self, seat: int) -> tuple[Callable[[Rng], Any], tuple, dict]:
        """What a twin of this position for ``seat`` is made of (``resample_from_infostate``): the
        engine's resampler of the seat's view, the entries as the seat saw them (another seat's
        secrets in their public form) and the twins' shared start strings (``start``).  A search
        resamples its root at every simulation: all three are worked out once a seat."""
        if self._twins is None:
            self._twins = {}
        found = self._twins.get(seat)
        if found is None:
            entries = tuple(e if e.owner in (None, seat) else Entry(None, e.public, e.public) for e in self.entries)
            found = self._twins[seat] = (self.spec.resampler(self.state, seat), entries, {})
        return found

    def legal_actions(self) -> list[int]:
        """The action ids of the engine state's legal moves, sorted (the list kept: copy it to change it)."""
        if self._sorted is None:
            self._sorted = sorted(self.spec.action_ids(self.state.legal_moves()))
        return self._sorted

    def move(self, action: int) -> tuple[Any, bool]:
        """The engine's move of legal action id ``action`` and whether it waits for a draw
        (``Spec.move_of``; KeyError when it is not legal)."""
        legal = self.legal_actions() if self._sorted is None else self._sorted
        i = bisect_left(legal, action)
        if i == len(legal) or legal[i] != action:
            raise KeyError(action)
        return self.spec.move_of(action)


def _game_type(game: str) -> pyspiel.GameType:
    adapter(game)  # UnknownGame first, for a game the adapters do not know
    module = GAMES[game]
    secret = bool(module.SECRETS)
    return pyspiel.GameType(
        short_name=SHORT_NAMES[game],
        long_name=f"pygames {game.capitalize()}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if secret
        else pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(module.PLAYER_COUNTS),
        min_num_players=min(module.PLAYER_COUNTS),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": min(module.PLAYER_COUNTS), **module.OPTIONS},
    )


class PygamesGame(pyspiel.Game):
    """One of our games (``GAME``, set by each subclass: ``GAME_CLASSES``) with its parameters (player
    count and rule options).  ``pyspiel`` registers the subclasses themselves: a registered function
    (a closure) would be released after the interpreter shuts down and abort it."""

    GAME = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.GAME
        game_type = _game_type(game)
        params = dict(params or {})
        players = int(params.get("players", game_type.min_num_players))
        self.spec = spec_for(game, players, {k: v for k, v in params.items() if k != "players"})
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.spec.actions),
            max_chance_outcomes=self.spec.max_chance_outcomes,
            num_players=players,
            min_utility=-1.0,
            max_utility=float(players - 1),
            utility_sum=0.0,
            max_game_length=self.spec.max_game_length,
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> "PygamesState":
        return PygamesState(self, _Position(self.spec, (), None, False, ()))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "ViewObserver":
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        return ViewObserver(self.spec, bool(iig_obs_type is not None and iig_obs_type.perfect_recall))


class PygamesState(pyspiel.State):
    """A position of one of our games, or one of the chance nodes that lead to it."""

    def __init__(self, game: PygamesGame, position: _Position) -> None:
        super().__init__(game)
        self._p = position

    @property
    def engine_state(self) -> Any:
        """The engine's ``State`` (None during the setup draws)."""
        return self._p.state

    def current_player(self) -> int:
        return self._p.player

    def is_chance_node(self) -> bool:
        """(pyspiel's own asks ``current_player`` through C++: a search asks at every step.)"""
        return self._p.player == _CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """pyspiel's ``legal_actions``, answered here at a decision (a search asks at every step,
        and pyspiel's own asks four questions through C++ and copies the list twice)."""
        p = self._p
        if p.player >= 0 and (player is None or player == p.player):
            legal = p._sorted
            return _ActionIds(p.legal_actions() if legal is None else legal)
        if player is None:
            return pyspiel.State.legal_actions(self)
        return pyspiel.State.legal_actions(self, player)

    def information_state_string(self, player: int | None = None) -> str:
        """pyspiel's, answered here for a seat (a search keys every node it walks by it, and
        pyspiel's own reaches ``ViewObserver.string_from`` through C++)."""
        p = self._p
        seat = p.player if player is None else player
        if 0 <= seat < p.spec.players:
            return p.key(seat, _start)
        return pyspiel.State.information_state_string(self, seat)

    def _legal_actions(self, player: int) -> list[int]:
        return self._p.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = self._p
        return p.spec.setup_outcomes(p.draws) if p.in_setup else p.spec.draw_outcomes(p.state)

    def _apply_action(self, action: int) -> None:
        p = self._p
        spec = p.spec
        if p.player >= 0:
            move, waits = p.move(action)
            state = p.state if waits else p.state.play(move)
            self._p = _Position(spec, p.draws, state, waits, None, p, (p.state, move))
        elif p.in_setup:
            entry = spec.setup_entry(p.draws, action)
            draws = (*p.draws, action)
            state = spec.build(draws) if len(draws) == spec.setup_length else None
            self._p = _Position(spec, draws, state, False, None, p, entry)
        else:
            state, entry = spec.drawn(p.state, action)
            self._p = _Position(spec, p.draws, state, False, None, p, entry)

    def _action_to_string(self, player: int, action: int) -> str:
        p = self._p
        if player != pyspiel.PlayerId.CHANCE:
            return p.spec.actions[action]
        if p.in_setup:
            return p.spec.setup_text(len(p.draws), action)
        return p.spec.draw_text(action) if p.waiting else f"chance {action}"

    def is_terminal(self) -> bool:
        return self._p.player == _TERMINAL

    def returns(self) -> list[float]:
        p = self._p
        return p.spec.returns(p.state.outcome) if p.player == _TERMINAL else [0.0] * p.spec.players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "PygamesState":
        """A full state ``player_id`` cannot tell from this one (see the module docstring)."""
        p = self._p
        if p.in_setup or p.waiting:
            raise ValueError("resample_from_infostate needs a decision node")
        seed = int(probability_sampler() * (1 << 53))
        resample, entries, starts = p.twin_maker(player_id)
        twin = _Position(p.spec, (), resample(Rng(seed)), False, entries)
        twin._starts = starts
        if player_id == p.player:  # the seat's view lists its legal moves: the twin has the same
            twin._sorted = p.legal_actions()
        twin._keys = {player_id: p.key(player_id, _start)}  # what the seat knows: the same string
        return PygamesState(self.get_game(), twin)

    def __str__(self) -> str:
        p = self._p
        if p.in_setup:
            return "setup " + " ".join(map(str, p.draws))
        return p.state.to_text() + (" (drawing)" if p.waiting else "")


class ViewObserver:
    """OpenSpiel's observer, from the engine's view of the seat: strings, and for observations (no
    perfect recall) the tensor ``observation``, the view's array of ``pygames.adapters.encode``
    (zeros during the setup draws)."""

    def __init__(self, spec: Spec, perfect_recall: bool) -> None:
        self.spec = spec
        self.perfect_recall = perfect_recall
        self.tensor = None if perfect_recall else np.zeros(spec.observation_size, np.float32)
        self.dict: dict[str, Any] = {} if perfect_recall else {"observation": self.tensor}

    def set_from(self, state: PygamesState, player: int) -> None:
        if self.tensor is not None:
            p = state._p
            view = None if p.in_setup else p.state.view(player)
            self.tensor[:] = 0 if view is None else encode(self.spec.game, view, player, self.spec.players)

    def string_from(self, state: PygamesState, player: int) -> str:
        p = state._p
        if self.perfect_recall:
            return p.key(player, _start)
        return _viewed(p, player)


def _viewed(p: _Position, player: int) -> str:
    """``player``'s view of a position as canonical JSON, without its recent ``log`` ("setup" during the setup)."""
    if p.in_setup:
        return "setup"
    view = {k: v for k, v in p.state.view(player).items() if k != "log"}
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def _start(p: _Position, player: int) -> str:
    """The information-state string where a line of positions starts: the view, one line an entry."""
    return _viewed(p, player) + "".join("\n" + e.seen_by(player) for e in p.entries)


def _subclass(game: str) -> type[PygamesGame]:
    """The ``PygamesGame`` subclass of ``game`` (``OkiyaGame`` for ``okiya``)."""
    name = f"{game.capitalize()}Game"
    doc = f"``pygames_{game}``: {game} (``pygames.adapters.games.{game}``)."
    return type(name, (PygamesGame,), {"GAME": game, "__module__": __name__, "__qualname__": name, "__doc__": doc})


#: The game class of each game id with an adapter module, in the registry's order (kept for
#: good: ``pyspiel`` holds the classes).
GAME_CLASSES: dict[str, type[PygamesGame]] = {game: _subclass(game) for game in adapted_games()}
for _game, _cls in GAME_CLASSES.items():
    pyspiel.register_game(_game_type(_game), _cls)


def game_class(game: str) -> type[PygamesGame]:
    """The registered class of ``game``; ``UnknownGame`` (a ValueError) when the adapters do not know it."""
    adapter(game)
    return GAME_CLASSES[game]

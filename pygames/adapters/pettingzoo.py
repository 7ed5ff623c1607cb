"""Our games as PettingZoo AEC environments (``pip install pygames[pettingzoo]``).

>>> from pygames.adapters.pettingzoo import env
>>> e = env("oriflamme", players=4)
>>> e.reset(seed=7)
>>> e.agent_selection, int(e.action_space("player_0").n)
('player_2', 620)

* **Agents**: ``player_0`` .. ``player_{n-1}``, the engine's seats.
* **Actions**: ``Discrete``, the game's fixed action space (``pygames.adapters.spec``: the same ids
  as the OpenSpiel games); an illegal action raises ``ValueError``.
* **Observations**: ``{"observation": int16 array, "action_mask": int8 array}``; the array is
  the agent's own view laid out as ``pygames.adapters.encode`` and the game's adapter module
  (``pygames.adapters.games.<game id>``) document; the mask marks the legal actions of the agent
  to move (all zeros for the others).
* **Rewards**: at the end only, zero-sum: each seat stakes 1 and the winners share the pot
  (``Spec.returns``: a lone winner of 4 gets +3, the others -1).
* **Seeding**: ``reset(seed=s)`` starts the engine's ``new_game(players, s, **options)``, so the
  deal, the first player and every later draw come from ``pygames.core.rng.Rng``: the same seed
  and actions replay the same game.  Without a seed, the next of a sequence drawn from the last one.
* ``render_mode="ansi"``: ``render()`` returns the engine's position text.

A game the adapters do not know (not in ``pygames.GAMES``, or without an adapter module) raises
``UnknownGame``, a ``ValueError``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from pygames.adapters.encode import HIGH, encode
from pygames.adapters.spec import spec_for
from pygames.core.rng import Rng


class PygamesEnv(AECEnv):
    """One of our games as an AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "pygames_v0", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None, **options: bool):
        super().__init__()
        self.game_spec = spec_for(game, players, options)
        self.metadata = {**self.metadata, "name": f"pygames_{game}_v0"}
        self.render_mode = render_mode
        n = self.game_spec.players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        actions = len(self.game_spec.actions)
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0, HIGH, shape=(self.game_spec.observation_size,), dtype=np.int16),
                    "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._seeds = Rng("pettingzoo")
        self.state: Any = None
        self._legal_of: tuple[Any, dict[int, Any]] = (None, {})

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = Rng(seed)
        else:
            seed = self._seeds.next_u64()
        spec = self.game_spec
        self.state = spec.module.new_game(spec.players, seed, **dict(spec.options))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[self.state.to_move]

    def _legal(self) -> dict[int, Any]:
        """The legal moves of the current state by action id (kept until the state changes)."""
        if self._legal_of[0] is not self.state:
            self._legal_of = (self.state, self.game_spec.legal(self.state))
        return self._legal_of[1]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        spec = self.game_spec
        mask = np.zeros(len(spec.actions), dtype=np.int8)
        if seat == self.state.to_move:
            mask[list(self._legal())] = 1
        return {"observation": encode(spec.game, self.state.view(seat), seat, spec.players), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self._legal()
        if action is None or int(action) not in legal:
            raise ValueError(f"action {action} is not legal for {agent}")
        self._cumulative_rewards[agent] = 0.0
        self.state = self.state.play(legal[int(action)])
        outcome = self.state.outcome
        if outcome is not None:
            self.rewards = dict(zip(self.agents, self.game_spec.returns(outcome)))
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.agents[self.state.to_move]
        self._accumulate_rewards()

    def render(self) -> str | None:
        return self.state.to_text() if self.render_mode == "ansi" and self.state is not None else None

    def close(self) -> None:
        """Nothing to release."""


def env(game: str, players: int | None = None, render_mode: str | None = None, **options: bool) -> PygamesEnv:
    """The environment of ``game`` (an id of ``pygames.GAMES``) for ``players`` (default: the fewest)
    with rule ``options`` over the defaults; ``UnknownGame`` (a ValueError) for a game the adapters
    do not know."""
    return PygamesEnv(game, players, render_mode, **options)

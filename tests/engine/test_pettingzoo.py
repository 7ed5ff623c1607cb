"""The PettingZoo environments of ``pygames.adapters.pettingzoo``: PettingZoo's own API and seed tests for
every game and player count, the engine's seeded game behind ``reset(seed)``, masks, rewards and the
documented observation layout; a game the adapters do not know refused."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from pygames import GAMES
from pygames.adapters.games import UnknownGame, adapted_games
from pygames.adapters.pettingzoo import env
from pygames.adapters.spec import spec_for
from pygames.core.rng import Rng

#: The games the adapters offer (those with a pygames/adapters/games/<id>.py: optional for a game).
ADAPTED = {game: GAMES[game] for game in adapted_games()}
COUNTS = [(game, n) for game, module in ADAPTED.items() for n in module.PLAYER_COUNTS]
#: One count per game, the middle one of its counts.
MIDDLE = [(game, module.PLAYER_COUNTS[len(module.PLAYER_COUNTS) // 2]) for game, module in ADAPTED.items()]


# The observation is a dict with an action mask, as in PettingZoo's classic games (which api_test knows by
# name and so does not warn about).
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_pettingzoo_api(game: str, players: int) -> None:
    api_test(env(game, players), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("game", list(ADAPTED))
def test_pettingzoo_seeding(game: str) -> None:
    seed_test(lambda: env(game), num_cycles=200)


@pytest.mark.parametrize(("game", "players"), MIDDLE)
def test_reset_seed_is_the_engines_seeded_game(game: str, players: int) -> None:
    """``reset(seed=s)`` is ``new_game(players, s)``; the masks are its legal moves (the mover's only);
    the rewards at the end are the shared pot; the same seed and actions give the same game again."""
    e = env(game, players)
    e.reset(seed=11)
    spec = spec_for(game, players)
    engine = GAMES[game].new_game(players, 11)
    assert e.state.to_text() == engine.to_text()
    mask = e.observe(e.agent_selection)["action_mask"]
    assert list(np.flatnonzero(mask)) == sorted(spec.action_of(m) for m in engine.legal_moves())
    rewards = dict.fromkeys(e.possible_agents, 0.0)
    taken = []
    rng = Rng(5)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        rewards[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert not any(e.observe(other)["action_mask"].any() for other in e.agents if other != agent)
        action = int(legal[rng.below(len(legal))])
        taken.append(action)
        engine = engine.play(spec.actions[action])
        e.step(action)
    assert engine.outcome is not None
    assert list(rewards.values()) == spec.returns(engine.outcome)
    again = env(game, players)
    again.reset(seed=11)
    for action in taken:
        again.step(action)
    assert again.state.to_text() == engine.to_text()


def test_an_illegal_action_is_refused() -> None:
    e = env("okiya")
    e.reset(seed=3)
    illegal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(ValueError):
        e.step(illegal)


def test_observations_follow_the_documented_layout() -> None:
    """Spot checks of the tables of the games' adapter modules (``pygames.adapters.games.<id>``) on real
    positions."""
    e = env("turncoats", 3)
    e.reset(seed=2)
    seat = e.possible_agents.index(e.agent_selection)
    view = e.state.view(seat)
    obs = e.observe(e.agent_selection)["observation"]
    assert obs.shape == (spec_for("turncoats").observation_size,) == (58,)
    assert list(obs[0:3]) == view["map"][0]["stones"]
    assert list(obs[45:48]) == view["hand"] and obs[40] == sum(view["hand"])
    assert obs[51] == 1  # the seat to move is the viewer (+0)
    e = env("okiya")
    e.reset(seed=2)
    obs = e.observe("player_0")["observation"]
    cells = obs[:176].reshape(16, 11)
    assert (cells[:, :4].sum(axis=1) == 1).all() and (cells[:, 4:8].sum(axis=1) == 1).all()
    assert list(obs[176:]) == [8, 8]
    e = env("oriflamme", 3)
    e.reset(seed=2)
    obs = e.observe("player_1")["observation"]
    assert obs[38:48].sum() == 7 and obs[48:58].sum() == 3 and obs[0] == 1 and obs[1] == 1
    assert not (obs[38:48] & obs[48:58]).any()


def test_a_game_the_adapters_do_not_know_is_refused() -> None:
    with pytest.raises(UnknownGame, match=r"^pygames.adapters: no game 'chess' \(known: ") as caught:
        env("chess")
    assert isinstance(caught.value, ValueError) and not isinstance(caught.value, KeyError)

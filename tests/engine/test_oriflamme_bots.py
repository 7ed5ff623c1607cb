"""Oriflamme bots: legal moves from the seat's view only, blind to other seats' secrets, and the
heuristic clearly beats random play."""

from __future__ import annotations

import pytest
from test_oriflamme_fuzz import twin

from pygames.bots import oriflamme as bots
from pygames.core.rng import Rng, derive_seed
from pygames.oriflamme import new_game
from pygames.oriflamme.moves import Move


def play(players, seed, levels):
    state = new_game(players, seed)
    rngs = [Rng(derive_seed("test", seed, seat)) for seat in range(players)]
    states = []
    while state.outcome is None:
        seat = state.to_move
        move = getattr(bots, levels[seat])(state.view(seat), rngs[seat])
        assert isinstance(move, Move) and move in state.legal_moves()
        states.append(state)
        state = state.play(move)
    return state, states


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("level", ["random", "novice", "heuristic"])
def test_bots_play_legal_moves_to_the_end(players, level):
    for seed in range(3):
        final, _ = play(players, seed, [level] * players)
        assert final.outcome is not None


def test_same_view_and_seed_same_move():
    _, states = play(4, 1, ["heuristic", "random", "heuristic", "random"])
    for state in states[::5]:
        view = state.view(state.to_move)
        for level in ("random", "novice", "heuristic"):
            assert getattr(bots, level)(view, Rng(7)) is getattr(bots, level)(view, Rng(7))


@pytest.mark.parametrize("level", ["random", "novice", "heuristic"])
def test_bots_ignore_secrets_they_cannot_see(level):
    rng = Rng(11)
    bot = getattr(bots, level)
    for seed in range(3):
        _, states = play(4, seed, ["heuristic"] * 4)
        for state in states:
            seat = state.to_move
            other = twin(state, seat, rng)
            assert other.view(seat) == state.view(seat)
            assert bot(other.view(seat), Rng(seed)) is bot(state.view(seat), Rng(seed))


def test_heuristic_clearly_beats_random_bots():
    games, won = 80, 0.0
    for g in range(games):
        seat = g % 4
        levels = ["random"] * 4
        levels[seat] = "heuristic"
        final, _ = play(4, 1000 + g, levels)
        if seat in final.outcome.winners:
            won += 1 / len(final.outcome.winners)
    assert won / games > 0.5  # random play wins a quarter


def test_the_expert_is_offered_and_is_the_default():
    """What a newcomer gets in the setup sheet and from ``level=expert``: the registry's listing."""
    from pygames import bridge

    (listed,) = [g for g in bridge.games() if g["id"] == "oriflamme"]
    assert listed["levels"] == ["random", "novice", "heuristic", "expert"]
    assert listed["default_level"] == "expert"
    assert listed["link_level"] == "sealed"  # each hand is dealt from its seat's own key

"""The Turncoats expert thinks with Python's cyclic collector paused (``_collector_paused``): safe
only because a decision leaves no cyclic garbage, and only if the collector comes back after."""

from __future__ import annotations

import gc

import pytest

from pygames.bots import turncoats as bots
from pygames.core.rng import Rng
from pygames.turncoats import new_game


def _views(players: int, seed: int, count: int) -> list[dict]:
    """Views of the seat to move with a choice, from a game of heuristic players."""
    state = new_game(players, seed)
    rng = Rng(seed)
    views = []
    while state.outcome is None and len(views) < count:
        view = state.view(state.to_move)
        if len(view["legal"]) > 1:
            views.append(view)
        state = state.play(bots.heuristic(view, rng))
    return views


@pytest.fixture
def collector():
    """Whatever a test does to the collector, it is back on afterwards."""
    yield
    gc.enable()


def test_a_decision_leaves_no_cyclic_garbage(collector):
    """What the expert and ``weigh`` drop, reference counting frees: nothing waits for a collection."""
    views = _views(3, 11, 40)[::8] + _views(2, 12, 40)[::8]
    gc.collect()
    gc.disable()
    for i, view in enumerate(views):
        bots.expert(view, Rng(i), 6)
        bots.weigh(view, Rng(i), 6)
    assert gc.collect() == 0


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_paused_while_thinking_and_as_it_was_after(collector, monkeypatch, enabled):
    seen = []
    dealt = bots.deal

    def deal(*args):
        seen.append(gc.isenabled())
        return dealt(*args)

    monkeypatch.setattr(bots, "deal", deal)
    view = _views(3, 13, 1)[0]
    (gc.enable if enabled else gc.disable)()
    bots.expert(view, Rng(1), 4)
    bots.weigh(view, Rng(1), 4)
    assert seen and not any(seen)
    assert gc.isenabled() is enabled


def test_the_collector_comes_back_when_thinking_fails(collector):
    gc.enable()
    with pytest.raises(ValueError), bots._collector_paused():
        assert not gc.isenabled()
        raise ValueError("no move")
    assert gc.isenabled()

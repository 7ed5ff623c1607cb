"""The Turncoats ISMCTS trial (bench/turncoats_ismcts.py): it searches from the seat's view alone,
plays legal moves, the same move for the same view and seed, and a whole bench game."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import turncoats_ismcts  # noqa: E402

from pygames import turncoats  # noqa: E402
from pygames.bots import turncoats as bots  # noqa: E402
from pygames.core.rng import Rng, derive_seed  # noqa: E402


def test_the_search_plays_a_legal_move_from_the_view_the_same_for_the_same_seed(monkeypatch):
    monkeypatch.setattr(turncoats_ismcts, "ITERATIONS", 12)
    state = turncoats.new_game(3, 8)
    rngs = [Rng(derive_seed("trial", seat)) for seat in range(3)]
    searched = 0
    while state.outcome is None:
        view = state.view(state.to_move)
        if len(view["legal"]) > 1 and state.to_move == 1:
            move = turncoats_ismcts.ismcts_expert(view, Rng(5))
            assert str(move) in view["legal"]
            assert turncoats_ismcts.ismcts_expert(view, Rng(5)) == move
            searched += 1
        state = state.play(bots.heuristic(view, rngs[state.to_move]))
    assert searched >= 5


def test_a_bench_game_gives_the_searchers_share_and_times(monkeypatch):
    monkeypatch.setattr(turncoats_ismcts, "ITERATIONS", 8)
    share, times = turncoats_ismcts.play("turncoats2", 3)
    assert share in (0.0, 0.5, 1.0)
    assert times and all(t >= 0 for t in times)

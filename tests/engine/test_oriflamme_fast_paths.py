"""Oriflamme's fast paths for search give exactly what the plain ones give.

The round flow stores the legal moves it has just listed (``State._legal``); a playout draws a
legal placement without listing the moves (``_rollout_placement``); the expert deals its positions from
a plan worked out once (``pygames.oriflamme.sample.dealer``).  Seeded random games, with the
default options and with every option flipped, from the full position and from every seat's view.
"""

from __future__ import annotations

import pytest

from pygames.bots import oriflamme as bots
from pygames.core.rng import Rng
from pygames.oriflamme import OPTIONS, from_view, new_game
from pygames.oriflamme.cards import UNKNOWN
from pygames.oriflamme.moves import LEFT, RIGHT
from pygames.oriflamme.rules import HIDDEN, PLACING
from pygames.oriflamme.sample import fill

FLIPPED = {name: not default for name, default in OPTIONS.items()}


def _positions(players: int, seed: int, options: dict[str, bool]):
    """Every position of a seeded random game, and every seat's view position of it."""
    rng = Rng(f"fast-{players}-{seed}")
    state = new_game(players, seed, **options)
    while state.outcome is None:
        yield state
        for seat in range(players):
            yield from_view(state.view(seat))
        legal = state.legal_moves()
        state = state.play(legal[rng.below(len(legal))])


def _old_deal(state, rng):
    """The expert's deal as it was: each iteration works everything out from the position."""
    queue = list(state.queue)
    unseen: dict[int, list[int]] = {}
    kept = [(i, j) for i, s in enumerate(queue) for j, c in enumerate(s) if j and c & 15 == UNKNOWN and c >> 5]
    for i, j in sorted(kept, key=lambda ij: -(queue[ij[0]][ij[1]] >> 5)):
        slot = queue[i]
        types = unseen.setdefault(slot[0], list(state.possible_types(slot[0])))
        weights = [bots._KEPT[t] ** (slot[j] >> 5) for t in types]
        pick = rng.weighted(weights, sum(weights))
        queue[i] = slot[:j] + (slot[j] & ~15 | types.pop(pick),) + slot[j + 1 :]
    partial = state._child()
    partial.queue = queue
    return fill(partial, rng)


@pytest.mark.parametrize("options", [{}, FLIPPED], ids=["default", "flipped"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_fast_paths_match_the_plain_ones(players, options):
    for seed in range(4):
        for state in _positions(players, seed, options):
            legal = state.legal_moves()
            assert legal == state._generate()
            for child in {state._play_legal(m) for m in legal[:6]}:
                if child._legal is not None:  # stored by the round flow
                    assert child._legal == child._generate()
            if state.phase == PLACING:
                for k in range(3):
                    move = bots._rollout_placement(state, Rng(k).below)
                    assert move in legal and move.b in (LEFT, RIGHT)
            if HIDDEN in state.hands and state.to_move is not None:
                for k in range(2):
                    plain, fast = Rng(k), Rng(k)
                    dealt = bots._deal(state, fast)
                    assert dealt.to_text() == _old_deal(state, plain).to_text() and plain.state == fast.state

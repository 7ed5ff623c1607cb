"""``Rng.weighted``: the one weighted draw of the dealers, the Turncoats reading and the yardstick."""

from __future__ import annotations

from pygames.core.rng import Rng


def test_weighted_draws_each_index_by_its_weight_and_never_a_zero_one():
    rng = Rng("weighted")
    counts = [0, 0, 0]
    for _ in range(20_000):
        counts[rng.weighted([0.25, 0.0, 0.75])] += 1
    assert counts[1] == 0 and 4_500 < counts[0] < 5_500 and 14_500 < counts[2] < 15_500
    scaled = Rng("weighted")
    assert [scaled.weighted([2.0, 0.0, 6.0], 8.0) for _ in range(500)] == [
        Rng.from_state(s).weighted([0.25, 0.0, 0.75]) for s in _states(Rng("weighted"), 500)
    ]


def test_weighted_takes_one_draw_and_keeps_the_last_index_for_what_rounding_leaves():
    a, b = Rng(7), Rng(7)
    a.weighted([0.5, 0.5])
    b.below(1 << 30)
    assert a.state == b.state  # later draws do not shift
    assert all(Rng(s).weighted([0.0, 0.0]) == 1 for s in range(20))  # nothing left: the last index


def _states(rng: Rng, n: int) -> list[int]:
    """The generator's state before each of ``n`` draws."""
    states = []
    for _ in range(n):
        states.append(rng.state)
        rng.below(1 << 30)
    return states

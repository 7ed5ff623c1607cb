"""The Elo ladder of the bots' levels (bench/ladder.py): its seating, its pairwise outcomes and its fit."""

from __future__ import annotations

import math
import sys
from collections import Counter
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import ladder  # noqa: E402

from pygames.core.rng import Rng  # noqa: E402


def test_every_set_of_candidates_meets_every_seat_in_a_cycle():
    candidates = ("a", "b", "c", "d")
    cycle = 4 * 3  # four 3-sets, three rotations each
    tables = [tuple(ladder.table_seats(candidates, 3, g)) for g in range(cycle)]
    assert len(set(tables)) == cycle
    seats = Counter((name, seat) for table in tables for seat, name in enumerate(table))
    assert set(seats.values()) == {3}  # each candidate sits in each seat equally often


def test_the_fit_recovers_known_strengths():
    """Games drawn from Bradley-Terry strengths 1000, 1200 and 1400 give those back, near enough."""
    truth = {"a": 1000.0, "b": 1200.0, "c": 1400.0}
    rng = Rng(1)
    games = []
    for _ in range(3000):
        x, y = (list(permutations(truth, 2)))[rng.below(6)]
        p = 1 / (1 + 10 ** ((truth[y] - truth[x]) / 400))
        games.append([(x, y, 1.0 if rng.below(1 << 20) < p * (1 << 20) else 0.0)])
    elo = ladder.fit(tuple(truth), games, "a")
    assert elo["a"] == 1000
    assert abs(elo["b"] - 1200) < 30 and abs(elo["c"] - 1400) < 30


def test_a_candidate_that_never_wins_stays_finite_and_intervals_hold_the_fit():
    games = [[("a", "b", 1.0), ("a", "c", 0.5), ("b", "c", 0.0)] for _ in range(20)]
    rows = {r["name"]: r for r in ladder.ladder("t", ("a", "b", "c"), games, "a", boot=20)}
    assert math.isfinite(rows["b"]["elo"]) and rows["b"]["elo"] < rows["c"]["elo"] <= rows["a"]["elo"]
    for r in rows.values():
        assert r["ci"][0] <= r["elo"] <= r["ci"][1] and r["games"] == 20
    assert rows["a"]["score"] == 0.75 and rows["b"]["score"] == 0.0


def test_a_game_splits_into_pairwise_outcomes():
    outcomes = ladder.play("turncoats2", ("random", "heuristic"), 0)
    assert len(outcomes) == 1
    (a, b, score) = outcomes[0]
    assert {a, b} == {"random", "heuristic"} and score in (0.0, 0.5, 1.0)
    assert ladder.play("turncoats2", ("random", "heuristic"), 0) == outcomes  # seeded

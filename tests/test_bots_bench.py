"""bench/bots_bench.py's ``--cap``: the expert on another fixed budget plays that budget, in games
kept apart from those of its own budget."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import bots_bench  # noqa: E402

from pygames.bots import turncoats as bots  # noqa: E402


def test_a_capped_expert_plays_its_cap_in_games_of_its_own(monkeypatch):
    caps: list[tuple] = []
    expert = bots.expert

    def spy(view, rng, *args, **kwargs):
        caps.append(args)
        return expert(view, rng, *args, **kwargs) if args else bots.heuristic(view, rng)  # quick

    monkeypatch.setattr(bots, "expert", spy)
    share, times = bots_bench._play(("turncoats2", 1, 2))
    assert share in (0.0, 0.5, 1.0) and times and set(caps) == {(2,)}
    del caps[:]
    bots_bench._play(("turncoats2", 1))
    assert caps and set(caps) == {()}  # its own budget

    jobs: list = []
    monkeypatch.setattr(
        bots_bench, "run_games", lambda bench, game, todo, *rest: jobs.extend(todo) or [(1.0, [])] * len(todo)
    )
    result = bots_bench.run_row("turncoats2", 3, 1, first=5, cap=2)
    assert jobs == [("turncoats2", g, 2) for g in (5, 6, 7)]  # the cache keys them apart
    assert "expert@2 vs 1 heuristic, 3 games" in bots_bench.row_text(result)
    del jobs[:]
    result = bots_bench.run_row("turncoats2", 1, 1)
    assert jobs == [("turncoats2", 0)] and "expert vs 1 heuristic" in bots_bench.row_text(result)

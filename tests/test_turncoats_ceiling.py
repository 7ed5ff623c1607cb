"""The told expert of bench/turncoats_ceiling.py: every reading it makes is the rivals' true hands,
its moves are legal, and the expert's own reading is back once it has moved."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import bots_bench  # noqa: E402
import turncoats_ceiling  # noqa: E402

from pygames.bots import turncoats as bots  # noqa: E402


def test_the_told_expert_reads_the_true_hands_and_only_while_it_moves(monkeypatch):
    readings: list[tuple[dict, dict]] = []  # what the expert read, and the true hands then
    play_out = bots_bench.play_out

    def watched(state, decide):
        def decide_and_watch(seat, view, now):
            expert = bots.expert

            def spy(view, rng, *args, **kwargs):
                readings.append((bots.read_hands(view, None), {s: now._hands[s] for s in range(now.players)}))
                return expert(view, rng, *args, **kwargs)

            monkeypatch.setattr(bots, "expert", spy)
            move = decide(seat, view, now)
            monkeypatch.setattr(bots, "expert", expert)
            assert move in now.legal_moves() or str(move) in view["legal"]
            return move

        return play_out(state, decide_and_watch)

    monkeypatch.setattr(bots_bench, "play_out", watched)
    honest = bots.read_hands
    share, times = turncoats_ceiling.play("turncoats3", 4)
    assert share in (0.0, 0.5, 1.0) and times
    assert len(readings) >= 5
    for reading, hands in readings:
        assert set(reading) == set(hands) - {4 % 3}  # every rival, not the expert's own seat
        for seat, belief in reading.items():
            assert belief == {hands[seat]: 1.0}
    assert bots.read_hands is honest

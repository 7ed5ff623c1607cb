"""bench/turncoats_beliefs.py: the expert's reading of heuristic rivals' hands beats the deal it
starts from, never rules their true hands out, and the bench leaves the reading as it found it."""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import turncoats_beliefs  # noqa: E402

from pygames.bots import turncoats as bots  # noqa: E402
from pygames.bots import turncoats_reading  # noqa: E402


def test_the_reading_of_heuristic_rivals_beats_the_deal_and_keeps_their_true_hands():
    seen = turncoats_beliefs.decisions(2, 12)
    assert len(seen) > 50
    kept = turncoats_reading.SHARPNESS
    read, read_top = turncoats_beliefs.score(seen, kept)
    dealt, dealt_top = turncoats_beliefs.score(seen, 0.0)
    assert read < dealt - 0.3 and read_top > dealt_top  # the moves tell much of the hands
    assert turncoats_reading.SHARPNESS == kept
    for view, truth in seen:
        beliefs = turncoats_reading.read_hands(view, bots._colour_odds)
        assert math.isclose(sum(beliefs[1].values()), 1.0)
        assert beliefs[1][truth[1]] > 1e-6  # a move the heuristic made never rules its hand out

"""The calibration bench of the Turncoats heuristic's colour odds (bench/turncoats_odds.py)."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import turncoats_odds  # noqa: E402

from pygames.bots import turncoats as bots  # noqa: E402


def test_the_grids_schedule_at_the_heuristics_constants_is_the_heuristics_odds():
    """The schedule the bench fits, at the heuristic's own constants (sharpness 0.6 + 6 / (1 + left /
    players), bonus ``_TIE_BONUS``), scores every position as the heuristic's odds do: the fit is
    measured against the odds the bots really use."""
    rows = turncoats_odds.positions(3, 4)
    assert len(rows) > 50 and {won for *_, won, _ in rows} <= {0, 1, 2}
    ours = -sum(math.log(odds) for *_, odds in rows) / len(rows)
    assert turncoats_odds.log_loss(rows, 3, 0.6, 6.0, bots._TIE_BONUS) == pytest.approx(ours)
    assert turncoats_odds.log_loss(rows, 3, 0.1, 2.0, 0.7) != pytest.approx(ours)

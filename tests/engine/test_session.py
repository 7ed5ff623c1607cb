"""SingleGame: the record of one game for games without match formats."""

from __future__ import annotations

import pytest

from pygames import IllegalMove, PlayerError, okiya
from pygames.core.session import SingleGame
from pygames.okiya.board import TILE_NAMES


def test_moves_are_recorded_in_canonical_notation():
    session = SingleGame.start(okiya, "okiya", 2, 5, {})
    state = session.current
    cell = state.legal_moves()[3].cell
    after = session.play(TILE_NAMES[state.layout[cell]])  # another notation of the same move
    assert after.notation() == [[str(state.legal_moves()[3])]]
    assert after.current == state.play(state.legal_moves()[3])
    assert session.notation() == [[]]  # pure


def test_illegal_moves_and_options_are_refused():
    session = SingleGame.start(okiya, "okiya", 2, 5, {})
    with pytest.raises(IllegalMove):
        session.play("r1c1")
    with pytest.raises(PlayerError):
        SingleGame.start(okiya, "okiya", 2, 5, {"no_such_rule": True})
    with pytest.raises(IllegalMove):
        session.next_game()


def test_summary_follows_the_outcome():
    session = SingleGame.start(okiya, "okiya", 2, 9, {})
    assert session.summary()["over"] is False
    while session.current.outcome is None:
        session = session.play(str(session.current.legal_moves()[0]))
    summary = session.summary()
    assert summary["over"] and summary["score"] == list(session.current.outcome.scores)

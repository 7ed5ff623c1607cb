"""SingleGame: the record of one game (every game's "single" format), for every game of
``pygames.GAMES``; Okiya's second notation shows that moves are recorded canonically."""

from __future__ import annotations

import pytest

from pygames import GAMES, IllegalMove, PlayerError, okiya
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


@pytest.mark.parametrize("game", list(GAMES))
def test_illegal_moves_and_options_are_refused(game):
    module = GAMES[game]
    session = SingleGame.start(module, game, module.PLAYER_COUNTS[0], 5, {})
    with pytest.raises(IllegalMove):
        session.play("no such move")
    assert session.notation() == [[]]
    with pytest.raises(PlayerError):
        SingleGame.start(module, game, module.PLAYER_COUNTS[0], 5, {"no_such_rule": True})
    with pytest.raises(IllegalMove):
        session.next_game()


@pytest.mark.parametrize("game", list(GAMES))
def test_summary_follows_the_outcome(game):
    module = GAMES[game]
    session = SingleGame.start(module, game, module.PLAYER_COUNTS[0], 9, {})
    assert session.summary()["over"] is False
    while session.current.outcome is None:
        move = str(session.current.legal_moves()[0])
        played = session.play(move)
        assert played.notation() == [[*session.notation()[0], move]]
        session = played
    summary = session.summary()
    assert summary["over"] and summary["score"] == list(session.current.outcome.scores)
    with pytest.raises(IllegalMove):
        session.next_game()  # one game: nothing follows

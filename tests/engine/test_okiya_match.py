"""Okiya match formats (docs/rules/okiya.md section 7): scoring, who starts next, when a match ends."""

from __future__ import annotations

import pytest

from pygames import IllegalMove, PlayerError
from pygames.core.rng import Rng
from pygames.okiya.match import Match, game_points, game_seed


def finish(match: Match, seed: int, want: str | None = None) -> Match:
    """Play the current game to its end with seeded random moves; if ``want`` is a reason
    (``"draw"``/``"win"``), retry other random lines until the game ends that way."""
    for attempt in range(500):
        rng = Rng((seed, attempt).__repr__())
        trial = match
        while trial.current.outcome is None:
            legal = trial.current.legal_moves()
            trial = trial.play(legal[rng.below(len(legal))])
        got = "draw" if not trial.current.outcome.winners else "win"
        if want in (None, got):
            return trial
    raise AssertionError("no such ending found")


def test_single_game_match_ends_with_the_game():
    match = finish(Match.start(4, "single"), 1)
    assert match.over and not match.can_continue
    if match.current.outcome.winners:
        assert match.winner == match.current.outcome.winners[0]
        assert sum(match.score) == 1
    with pytest.raises(IllegalMove):
        match.next_game()


def test_loser_starts_the_next_game_and_layout_is_fresh():
    match = finish(Match.start(8, "best_of_three"), 2, want="win")
    loser = 1 - match.current.outcome.winners[0]
    following = match.next_game()
    assert following.current.first_player == loser
    assert following.current.layout != match.current.layout
    assert following.current.layout == Match.start(game_seed(8, 2)).current.layout


def test_after_a_draw_the_other_seat_starts_and_draws_count_for_nobody():
    match = finish(Match.start(10, "best_of_three"), 3, want="draw")
    assert match.score == (0, 0) and match.can_continue
    assert match.next_game().current.first_player == 1 - match.current.first_player


def test_best_of_three_needs_two_wins():
    match = Match.start(12, "best_of_three")
    number = 0
    while not match.over:
        if match.current.outcome is not None:
            match = match.next_game()
        match = finish(match, 100 + number)
        number += 1
        assert max(match.score) <= 2
    assert max(match.score) == 2 and match.winner == match.score.index(2)


def test_points_match_scores_tiles_left_and_ends_at_ten():
    match = Match.start(14, "points_10")
    games = 0
    while not match.over:
        if match.current.outcome is not None:
            match = match.next_game()
        before = match.score
        match = finish(match, 200 + games)
        games += 1
        state = match.current
        gained = [after - b for after, b in zip(match.score, before)]
        if state.outcome.winners:
            assert gained[state.outcome.winners[0]] == 16 - state.ply == game_points(state)
        else:
            assert gained == [0, 0]
    assert games >= 2  # one game is worth at most 9 points
    assert max(match.score) >= 10 and match.winner == match.score.index(max(match.score))


def test_unknown_format_is_refused():
    with pytest.raises(PlayerError):
        Match.start(1, "best_of_five")


def test_game_one_uses_the_match_seed_itself():
    from pygames.okiya import new_game

    assert Match.start(5).current.to_text() == new_game(2, 5).to_text()


def test_the_bridge_lists_okiyas_formats_levels_and_calls():
    """What the page offers for Okiya: its match formats, its bots (medium first), its review, hint
    and picture after the game."""
    from pygames import bridge

    (listed,) = [g for g in bridge.games() if g["id"] == "okiya"]
    assert listed["formats"] == ["single", "best_of_three", "points_10"] and listed["players"] == [2]
    assert listed["default_level"] == "medium"  # the levels themselves: test_bots
    assert listed["options"] == {} and not listed["secrets"] and listed["link_level"] == "sealed"
    assert listed["calls"] == ["review", "hint", "chart", "coach"]

"""The Okiya review and hints (pygames.okiya.review through the bridge): every verdict
checked against the solver's exact score of every move, and the hint counts the record keeps."""

from __future__ import annotations

import pytest

from pygames import bridge
from pygames.core.errors import PlayerError
from pygames.core.rng import Rng
from pygames.okiya import new_game, solver
from pygames.okiya.review import first_mistake, label


def played_record(seed: int, picks: int) -> dict:
    """A game of seed ``seed``: seat 0 plays seeded random moves, seat 1 the perfect bot."""
    rng = Rng(picks)
    record = bridge.new_match("okiya", seed)["record"]
    while (res := bridge.state(record))["to_move"] is not None:
        if res["to_move"] == 0:
            move = res["legal"][rng.below(len(res["legal"]))]
        else:
            move = bridge.bot_move(record, "perfect")["move"]
        record = bridge.play(record, move)["record"]
    return record


@pytest.mark.parametrize("seed", [1, 7, 23])
def test_every_verdict_agrees_with_the_solver_scores(seed):
    record = played_record(seed, seed + 100)
    moves = record["games"][0]
    review = bridge.review(record)
    assert [v["move"] for v in review["moves"]] == moves
    state = new_game(2, seed)
    labels = set()
    for ply, (verdict, move) in enumerate(zip(review["moves"], moves, strict=True)):
        scores = {m.cell: s for m, s in solver.solve(state).items()}
        cell = state.parse_move(move).cell
        top = max(scores.values())
        assert verdict["seat"] == state.to_move and verdict["ply"] == ply and verdict["cell"] == cell
        assert verdict["before"] == solver.outcome(top)
        assert verdict["after"] == solver.outcome(scores[cell])
        assert verdict["best"] == sorted(c for c, s in scores.items() if s == top)
        expected = (
            "forced"
            if len(scores) == 1
            else "best"
            if scores[cell] == top
            else {(1, 0): "threw_win", (1, -1): "threw_win", (0, -1): "threw_draw", (1, 1): "kept_win"}.get(
                (solver.outcome(top), solver.outcome(scores[cell])), "shorter_loss"
            )
        )
        assert verdict["label"] == expected
        labels.add(expected)
        state = state.play(move)
    assert state.outcome is not None
    assert "best" in labels
    mistakes = review["first_mistake"]
    for seat in (0, 1):
        index = mistakes[seat]
        earlier = review["moves"][: len(moves) if index is None else index]
        assert not [v for v in earlier if v["seat"] == seat and v["label"] in ("threw_win", "threw_draw")]
        if index is not None:
            assert review["moves"][index]["seat"] == seat
            assert review["moves"][index]["label"] in ("threw_win", "threw_draw")


def test_a_random_player_against_the_perfect_bot_throws_the_result_away():
    """Against perfect play a random opponent loses, and the review names where."""
    record = played_record(7, 3)
    review = bridge.review(record)
    assert bridge.state(record)["view"]["outcome"]["winners"] == [1]
    first = review["first_mistake"][0]
    assert first is not None
    mistake = review["moves"][first]
    assert mistake["seat"] == 0 and mistake["before"] >= 0 and mistake["after"] < mistake["before"]
    # the perfect bot never throws anything away
    assert review["first_mistake"][1] is None


@pytest.mark.parametrize(
    ("before", "after", "score", "best", "choices", "expected"),
    [
        (1, 1, 95, 95, 3, "best"),
        (1, 1, 91, 95, 3, "kept_win"),
        (1, 0, 0, 95, 3, "threw_win"),
        (1, -1, -90, 95, 3, "threw_win"),
        (0, -1, -90, 0, 2, "threw_draw"),
        (-1, -1, -88, -85, 2, "shorter_loss"),
        (-1, -1, -85, -85, 1, "forced"),
    ],
)
def test_label(before, after, score, best, choices, expected):
    assert label(before, after, score, best, choices) == expected


def test_first_mistake_by_seat():
    verdicts = [{"seat": 0, "label": "best"}, {"seat": 1, "label": "threw_draw"}, {"seat": 0, "label": "threw_win"}]
    assert first_mistake(verdicts) == 1
    assert first_mistake(verdicts, 0) == 2
    assert first_mistake(verdicts[:2], 0) is None


def test_a_hint_names_the_best_moves_and_the_record_counts_it():
    record = bridge.new_match("okiya", 5)["record"]
    record = bridge.play(record, bridge.state(record)["legal"][0])["record"]
    assert "hints" not in record
    got = bridge.hint(record)
    state = new_game(2, 5).play(record["games"][0][0])
    assert got["cells"] == [m.cell for m in solver.best_moves(state)]
    assert got["moves"] == [str(m) for m in solver.best_moves(state)]
    seat = state.to_move
    assert got["record"]["hints"] == [int(s == seat) for s in (0, 1)]
    # the count stays in the record through play, state, undo and a second hint
    after = bridge.play(got["record"], got["moves"][0])["record"]
    assert after["hints"] == got["record"]["hints"]
    assert bridge.state(after)["record"]["hints"] == after["hints"]
    assert bridge.undo(after, [seat])["record"]["hints"] == after["hints"]
    twice = bridge.hint(after)["record"]["hints"]
    assert sum(twice) == 2
    assert bridge.review(after)["hints"] == after["hints"]


@pytest.mark.parametrize("hints", [[1], [True, 0], [-1, 0], "2", [0, 10**9]])
def test_a_damaged_hint_count_reads_as_none(hints):
    record = {**bridge.new_match("okiya", 5)["record"], "hints": hints}
    assert "hints" not in bridge.state(record)["record"]
    assert bridge.hint(record)["record"]["hints"] in ([1, 0], [0, 1])


def test_only_okiya_is_reviewed():
    record = bridge.new_match("turncoats", 5, 2)["record"]
    for call in (bridge.review, bridge.hint):
        with pytest.raises(PlayerError) as error:
            call(record)
        assert error.value.key == "error.not_offered"


def test_no_hint_once_the_game_is_over():
    with pytest.raises(PlayerError) as error:
        bridge.hint(played_record(7, 3))
    assert error.value.key == "error.game_over"

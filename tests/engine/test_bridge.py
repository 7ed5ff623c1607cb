"""The JSON bridge the page calls: every answer is JSON, bad input is a readable error."""

from __future__ import annotations

import json

import pytest

from pygames import bridge


def call(fn, **args):
    return json.loads(bridge.call(fn, json.dumps(args)))


def ok(fn, **args):
    answer = call(fn, **args)
    assert answer["ok"], answer
    return answer["result"]


def test_games_lists_the_registry_with_what_the_page_and_link_play_need():
    listed = ok("games")
    assert [g["id"] for g in listed] == ["okiya", "oriflamme", "turncoats"]
    okiya, oriflamme, turncoats = listed
    assert turncoats["players"] == [2, 3, 4, 5] and turncoats["levels"] == ["random", "heuristic", "expert"]
    assert okiya["formats"] == ["single", "best_of_three", "points_10"] and oriflamme["formats"] == ["single"]
    assert okiya["default_level"] == "medium" and turncoats["default_level"] == "expert"
    assert okiya["options"] == {} and turncoats["options"] and not okiya["secrets"] and oriflamme["secrets"]
    assert [g["link_level"] for g in listed] == ["sealed", "sealed", "friendly"]


def test_a_whole_game_through_the_bridge():
    result = ok("new_match", game="okiya", seed=5)
    assert result["view"]["layout"] and len(result["legal"]) == 12
    while result["to_move"] is not None:
        result = ok("play", record=result["record"], move=result["legal"][-1])
    assert result["view"]["outcome"] is not None and result["legal"] == []
    assert result["match"]["over"]
    again = ok("state", record=result["record"])
    assert again == result


def test_illegal_move_is_a_readable_error_and_record_unchanged():
    start = ok("new_match", game="okiya", seed=5)
    answer = call("play", record=start["record"], move="r1c1")
    assert not answer["ok"]
    assert answer["error"]["key"] == "okiya.error.opening_border"
    assert "border" in answer["error"]["text"]
    assert ok("state", record=start["record"]) == start


def test_undo_returns_to_the_humans_turn():
    result = ok("new_match", game="okiya", seed=6)
    human = result["to_move"]
    for _ in range(3):
        result = ok("play", record=result["record"], move=result["legal"][0])
    undone = ok("undo", record=result["record"], seats=[human])
    assert undone["to_move"] == human
    assert len(undone["record"]["games"][-1]) == 2
    start = ok("new_match", game="okiya", seed=6)
    assert call("undo", record=start["record"], seats=[0, 1])["error"]["key"] == "error.nothing_to_undo"


def test_results_say_who_made_each_move_so_undo_is_offered_only_after_a_humans_move():
    result = ok("new_match", game="okiya", seed=6)
    first = result["to_move"]
    assert result["movers"] == []
    result = ok("play", record=result["record"], move=result["legal"][0])
    assert result["movers"] == [first]
    # the bot (the first mover) alone has moved: the human at the other seat has nothing to take back
    assert call("undo", record=result["record"], seats=[1 - first])["error"]["key"] == "error.nothing_to_undo"
    for _ in range(2):
        result = ok("play", record=result["record"], move=result["legal"][0])
    assert result["movers"] == [first, 1 - first, first]
    assert ok("state", record=result["record"])["movers"] == result["movers"]
    undone = ok("undo", record=result["record"], seats=[1 - first])
    assert undone["movers"] == [first] and undone["to_move"] == 1 - first
    over = ok("new_match", game="okiya", seed=6, format="best_of_three")
    while over["to_move"] is not None:
        over = ok("play", record=over["record"], move=over["legal"][0])
    assert ok("next_game", record=over["record"])["movers"] == []
    # a game that tells events replays its last move apart: the same movers
    secret = ok("new_match", game="oriflamme", seed=3, players=3)
    for _ in range(5):
        seat = secret["to_move"]
        secret = ok(
            "play", record=secret["record"], move=ok("state", record=secret["record"], seat=seat)["legal"][0], seat=seat
        )
        assert ok("state", record=secret["record"], seat=0)["movers"] == secret["movers"]
    assert len(secret["movers"]) == 5


def test_bot_move_is_legal_and_reproducible():
    result = ok("new_match", game="okiya", seed=7)
    for level in ("easy", "medium", "perfect"):
        move = ok("bot_move", record=result["record"], level=level)["move"]
        assert move in result["legal"]
        assert ok("bot_move", record=result["record"], level=level)["move"] == move
    assert call("bot_move", record=result["record"], level="godlike")["error"]["key"] == "error.bad_level"
    # no level: the game's default_level
    assert ok("bot_move", record=result["record"]) == ok("bot_move", record=result["record"], level="medium")


def test_match_flow_next_game():
    result = ok("new_match", game="okiya", seed=3, format="best_of_three")
    assert call("next_game", record=result["record"])["error"]["key"] == "error.not_over"
    while result["to_move"] is not None:
        result = ok("play", record=result["record"], move=result["legal"][0])
    nxt = ok("next_game", record=result["record"])
    assert nxt["match"]["game"] == 2 and len(nxt["record"]["games"]) == 2


@pytest.mark.parametrize(
    "record,key",
    [
        (None, "error.bad_record"),
        ([], "error.bad_record"),
        ("x", "error.bad_record"),
        ({}, "error.bad_record"),
        ({"v": 2, "game": "okiya", "seed": 1, "games": [[]]}, "error.bad_record"),
        ({"v": 1, "game": "chess", "seed": 1, "games": [[]]}, "error.unknown_game"),
        ({"v": 1, "game": "okiya", "seed": -1, "games": [[]]}, "error.bad_record"),
        ({"v": 1, "game": "okiya", "seed": True, "games": [[]]}, "error.bad_record"),
        ({"v": 1, "game": "okiya", "seed": 1, "games": []}, "error.bad_record"),
        ({"v": 1, "game": "okiya", "seed": 1, "games": [["r0c0"] * 17]}, "okiya.error.taken"),
        ({"v": 1, "game": "okiya", "seed": 1, "games": [[1, 2]]}, "error.bad_record"),
        ({"v": 1, "game": "okiya", "seed": 1, "games": [["r1c1"]]}, "okiya.error.opening_border"),
        ({"v": 1, "game": "okiya", "seed": 1, "games": [["r0c0"], []]}, "error.not_over"),
        ({"v": 1, "game": "okiya", "seed": 1, "format": "bo5", "games": [[]]}, "error.bad_format"),
        ({"v": 1, "game": "okiya", "seed": 1, "games": [[]] * 1000}, "error.bad_record"),
    ],
)
def test_damaged_records_are_refused_with_a_message(record, key):
    answer = call("state", record=record)
    assert not answer["ok"] and answer["error"]["key"] == key and answer["error"]["text"]


def test_unknown_calls_and_garbage_json():
    assert json.loads(bridge.call("eval", "{}"))["error"]["key"] == "error.unknown_call"
    assert json.loads(bridge.call("state", "not json"))["error"]["key"] == "error.bad_call"
    assert json.loads(bridge.call("state", '{"bogus": 1}'))["error"]["key"] == "error.bad_call"
    assert call("new_match", game="chess", seed=1)["error"]["key"] == "error.unknown_game"


def test_a_turncoats_game_between_bots_through_the_bridge():
    result = ok("new_match", game="turncoats", seed=4, players=3)
    assert result["legal"] == []  # asked as a spectator: the legal moves would reveal a hand
    moves = 0
    while result["to_move"] is not None:
        seat = result["to_move"]
        mine = ok("state", record=result["record"], seat=seat)
        assert mine["legal"] and mine["view"] == ok("state", record=result["record"], seat=seat)["view"]
        move = ok("bot_move", record=result["record"], level="heuristic" if seat == 0 else "random")["move"]
        assert move in mine["legal"]
        result = ok("play", record=result["record"], move=move)
        moves += 1
    assert result["match"]["over"] and moves == len(result["record"]["games"][0])
    assert ok("state", record=result["record"]) == result


def test_turncoats_views_through_the_bridge_hide_other_hands():
    result = ok("new_match", game="turncoats", seed=8, players=4)
    other = (result["to_move"] + 1) % 4
    theirs = ok("state", record=result["record"], seat=other)
    assert theirs["legal"] == []
    assert json.dumps(theirs["view"]) != json.dumps(
        ok("state", record=result["record"], seat=result["to_move"])["view"]
    )
    assert call("new_match", game="turncoats", seed=1, players=6)["error"]["key"] == "error.players"
    assert (
        call("new_match", game="turncoats", seed=1, players=3, options={"bogus": True})["error"]["key"]
        == "error.bad_options"
    )


def test_an_oriflamme_game_between_bots_through_the_bridge():
    listed = {g["id"]: g for g in ok("games")}
    assert listed["oriflamme"]["players"] == [3, 4, 5]
    result = ok("new_match", game="oriflamme", seed=2, players=4)
    assert result["legal"] == []
    while result["to_move"] is not None:
        seat = result["to_move"]
        mine = ok("state", record=result["record"], seat=seat)
        move = ok("bot_move", record=result["record"], level="heuristic" if seat == 1 else "random")["move"]
        assert move in mine["legal"]
        result = ok("play", record=result["record"], move=move)
    assert result["match"]["over"]
    assert ok("state", record=result["record"]) == result


@pytest.mark.parametrize("game,players", [("turncoats", 2), ("oriflamme", 3)])
def test_no_undo_in_games_with_secrets(game, players):
    result = ok("new_match", game=game, seed=3, players=players)
    seat = result["to_move"]
    mine = ok("state", record=result["record"], seat=seat)
    result = ok("play", record=result["record"], move=mine["legal"][0])
    assert call("undo", record=result["record"], seats=[seat])["error"]["key"] == "error.no_undo"


@pytest.mark.parametrize("game,players", [("turncoats", 3), ("oriflamme", 3), ("okiya", 2)])
def test_a_seats_result_carries_the_public_view_of_games_with_secrets(game, players):
    """What a page may store to paint before Python: the same position as nobody's secrets show it."""
    result = ok("new_match", game=game, seed=5, players=players)
    seat = result["to_move"]
    result = ok("play", record=result["record"], move=ok("state", record=result["record"], seat=seat)["legal"][0])
    seat = result["to_move"]
    mine = ok("state", record=result["record"], seat=seat)
    nobody = ok("state", record=result["record"])
    if game == "okiya":  # nothing secret: nothing more to carry
        assert mine["public"] is None and nobody["public"] is None
        return
    assert mine["public"] == nobody["view"] != mine["view"]
    assert nobody["public"] is None  # already the public view

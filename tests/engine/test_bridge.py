"""The JSON bridge the page calls: every answer is JSON, bad input is a readable error.

Every test but the few named for one game's rules runs for every game of ``pygames.GAMES``
(or every game with the property it is about), with the game's own facts: a game is tested
here the moment it is registered."""

from __future__ import annotations

import json

import pytest

from pygames import GAMES, bridge
from pygames.bots import bots_module
from pygames.core.i18n import catalog


def call(fn, **args):
    return json.loads(bridge.call(fn, json.dumps(args)))


def ok(fn, **args):
    answer = call(fn, **args)
    assert answer["ok"], answer
    return answer["result"]


def refused(fn, **args) -> str:
    """The key of the player error ``fn`` answers (never ``error.internal``)."""
    answer = call(fn, **args)
    assert not answer["ok"], answer
    error = answer["error"]
    assert error["key"] != "error.internal" and error["key"] in catalog("en") and error["text"], error
    return error["key"]


IDS = list(GAMES)
WITH_SECRETS = [game for game in GAMES if GAMES[game].SECRETS]
WITHOUT_SECRETS = [game for game in GAMES if not GAMES[game].SECRETS]
WITH_MATCHES = [game for game in GAMES if len(GAMES[game].FORMATS) > 1]


def fewest(game: str) -> int:
    return GAMES[game].PLAYER_COUNTS[0]


def start(game: str, seed: int, **args) -> dict:
    return ok("new_match", game=game, seed=seed, players=args.pop("players", fewest(game)), **args)


def legal(result: dict) -> list[str]:
    """The legal moves of the seat to move (a game with secrets tells them to that seat only)."""
    return ok("state", record=result["record"], seat=result["to_move"])["legal"]


def play_first(result: dict, moves: int = 1) -> dict:
    """``result`` after the seat to move plays its first legal move, ``moves`` times."""
    for _ in range(moves):
        result = ok("play", record=result["record"], move=legal(result)[0])
    return result


def test_games_lists_the_registry_in_its_order():
    """Each entry's facts are the game's own (``test_manifest``); the order is the registry's."""
    assert [g["id"] for g in ok("games")] == list(GAMES)


@pytest.mark.parametrize("game", IDS)
def test_a_whole_game_between_bots_through_the_bridge(game):
    """Bots of the game's first levels play a game at its fewest seats; every step answers the
    seat to move with its legal moves (a spectator of a game with secrets gets none) and a
    record that ``state`` reads back the same."""
    levels = bots_module(game).LEVELS
    result = start(game, 4)
    moves = 0
    while result["to_move"] is not None:
        seat = result["to_move"]
        mine = ok("state", record=result["record"], seat=seat)
        assert mine["legal"] and [m["text"] for m in mine["moves"]] == mine["legal"]
        assert (result["legal"] == []) is GAMES[game].SECRETS
        level = levels[min(1, len(levels) - 1)] if seat == 0 else levels[0]
        move = ok("bot_move", record=result["record"], level=level)["move"]
        assert move in mine["legal"]
        result = ok("play", record=result["record"], move=move)
        assert result["last_move"] == move
        moves += 1
    assert result["legal"] == [] and result["match"]["over"] and result["view"]["game"] == game
    assert moves == len(result["record"]["games"][0])
    assert ok("state", record=result["record"]) == result


@pytest.mark.parametrize("game", IDS)
def test_an_illegal_move_is_a_readable_error_and_the_record_unchanged(game):
    first = start(game, 5)
    for move in ("no such move", "", "x" * 200):
        refused("play", record=first["record"], move=move)
    assert ok("state", record=first["record"]) == first


def test_an_okiya_rule_broken_is_named():
    first = ok("new_match", game="okiya", seed=5)
    answer = call("play", record=first["record"], move="r1c1")
    assert answer["error"]["key"] == "okiya.error.opening_border" and "border" in answer["error"]["text"]


@pytest.mark.parametrize("game", WITHOUT_SECRETS)
def test_undo_returns_to_the_humans_turn(game):
    result = start(game, 6)
    human = result["to_move"]
    result = play_first(result, 3)
    keep = max(k for k, seat in enumerate(result["movers"]) if seat == human)
    undone = ok("undo", record=result["record"], seats=[human])
    assert undone["to_move"] == human and undone["movers"] == result["movers"][:keep]
    assert len(undone["record"]["games"][-1]) == keep
    assert refused("undo", record=start(game, 6)["record"], seats=list(range(fewest(game)))) == "error.nothing_to_undo"


@pytest.mark.parametrize("game", IDS)
def test_results_say_who_made_each_move_so_undo_is_offered_only_after_a_humans_move(game):
    result = start(game, 6)
    assert result["movers"] == []
    seats = []
    for _ in range(5):
        seats.append(result["to_move"])
        result = play_first(result)
        assert result["movers"] == seats
        # a game that tells events replays its last move apart: the same movers
        assert ok("state", record=result["record"], seat=0)["movers"] == seats
    if GAMES[game].SECRETS:
        return
    others = [s for s in range(fewest(game)) if s != seats[0]]
    after_one = play_first(start(game, 6))
    # the first mover alone has moved: the humans at the other seats have nothing to take back
    assert refused("undo", record=after_one["record"], seats=others) == "error.nothing_to_undo"
    undone = ok("undo", record=result["record"], seats=others)
    assert undone["movers"] == seats[: len(undone["movers"])] and undone["to_move"] in others


@pytest.mark.parametrize("game", IDS)
def test_bot_moves_are_legal_at_every_level_and_the_default_is_the_games(game):
    """(Each level deciding alike from the same record is ``bot_move``'s seeded rng: checked once,
    on the default level, which a call without a level plays.)"""
    result = start(game, 7)
    mine = legal(result)
    moves = {level: ok("bot_move", record=result["record"], level=level)["move"] for level in bots_module(game).LEVELS}
    assert set(moves.values()) <= set(mine)
    assert ok("bot_move", record=result["record"])["move"] == moves[bots_module(game).DEFAULT_LEVEL]
    assert refused("bot_move", record=result["record"], level="godlike") == "error.bad_level"
    over = result
    while over["to_move"] is not None:
        over = play_first(over)
    assert refused("bot_move", record=over["record"]) == "error.game_over"


@pytest.mark.parametrize("game", WITH_MATCHES)
def test_match_flow_next_game(game):
    for format in GAMES[game].FORMATS[1:]:
        result = start(game, 3, format=format)
        assert refused("next_game", record=result["record"]) == "error.not_over"
        while result["to_move"] is not None:
            result = play_first(result)
        nxt = ok("next_game", record=result["record"])
        assert nxt["match"]["game"] == 2 and len(nxt["record"]["games"]) == 2 and nxt["movers"] == []


@pytest.mark.parametrize("game", IDS)
def test_damaged_records_are_refused_with_a_message(game):
    first = start(game, 1)
    record = first["record"]
    move = legal(first)[0]
    damaged = [
        (None, "error.bad_record"),
        ([], "error.bad_record"),
        ("x", "error.bad_record"),
        ({}, "error.bad_record"),
        ({**record, "v": 2}, "error.bad_record"),
        ({**record, "game": "chess"}, "error.unknown_game"),
        ({**record, "game": game.upper()}, "error.unknown_game"),
        ({**record, "game": None}, "error.unknown_game"),
        ({**record, "seed": -1}, "error.bad_record"),
        ({**record, "seed": True}, "error.bad_record"),
        ({**record, "seed": 2**64}, "error.bad_record"),
        ({**record, "games": []}, "error.bad_record"),
        ({**record, "games": [[1, 2]]}, "error.bad_record"),
        ({**record, "games": [[move], []]}, "error.not_over"),
        ({**record, "games": [[]] * 1000}, "error.bad_record"),
        ({**record, "format": "bo5"}, "error.bad_format"),
        ({**record, "players": max(GAMES[game].PLAYER_COUNTS) + 1}, "error.players"),
        ({**record, "options": {"no_such_rule": True}}, "error.bad_options"),
    ]
    for bad, key in damaged:
        assert refused("state", record=bad) == key, bad
    refused("state", record={**record, "games": [[move, "no such move"]]})  # the game's own key


@pytest.mark.parametrize(
    "moves,key",
    [([["r0c0"] * 17], "okiya.error.taken"), ([["r1c1"]], "okiya.error.opening_border")],
)
def test_a_damaged_okiya_record_names_the_rule_it_breaks(moves, key):
    record = ok("new_match", game="okiya", seed=1)["record"]
    assert refused("state", record={**record, "games": moves}) == key


def test_unknown_calls_and_garbage_json():
    assert json.loads(bridge.call("eval", "{}"))["error"]["key"] == "error.unknown_call"
    assert json.loads(bridge.call("state", "not json"))["error"]["key"] == "error.bad_call"
    assert json.loads(bridge.call("state", '{"bogus": 1}'))["error"]["key"] == "error.bad_call"


@pytest.mark.parametrize("game", ["chess", "", "Okiya ", "__init__", "core", "bots", "link", "bridge"])
def test_an_unknown_game_is_refused_by_every_call_that_names_one(game):
    """Never guessed, never another game's rules: ``error.unknown_game`` naming what was asked."""
    assert game not in GAMES
    answer = json.loads(bridge.call("new_match", json.dumps({"game": game, "seed": 1})))
    assert answer["ok"] is False and answer["error"]["key"] == "error.unknown_game"
    assert answer["error"]["params"]["game"] == game and answer["error"]["text"]
    assert refused("link_create", game=game, players=2, names=["A", "B"]) == "error.unknown_game"
    record = {"v": 1, "game": game, "players": 2, "seed": 1, "format": "single", "options": {}, "games": [[]]}
    for fn in ("state", "play", "undo", "next_game", "bot_move", "review", "hint", "chart", "coach", "replay"):
        args = {"record": record, **{"play": {"move": "x"}, "undo": {"seats": [0]}}.get(fn, {})}
        assert refused(fn, **args) == "error.unknown_game", fn


def test_the_chess_example_of_the_issue_is_refused():
    answer = json.loads(bridge.call("new_match", '{"game": "chess", "seed": 1}'))
    assert answer["ok"] is False and answer["error"]["key"] == "error.unknown_game"


@pytest.mark.parametrize("game", IDS)
def test_player_counts_and_options_outside_the_games_are_refused(game):
    counts = GAMES[game].PLAYER_COUNTS
    for players in (0, min(counts) - 1, max(counts) + 1, True, "2"):
        if players not in counts:
            key = refused("new_match", game=game, seed=1, players=players)
            assert key in ("error.players", "error.bad_call"), players
    assert refused("new_match", game=game, seed=1, players=max(counts) + 1) == "error.players"
    assert refused("new_match", game=game, seed=1, options={"bogus": True}) == "error.bad_options"
    assert refused("new_match", game=game, seed=1, format="no such format") == "error.bad_format"


@pytest.mark.parametrize("game", WITH_SECRETS)
def test_views_through_the_bridge_hide_other_seats_secrets(game):
    players = GAMES[game].PLAYER_COUNTS[-1]
    result = start(game, 8, players=players)
    mover = result["to_move"]
    assert result["legal"] == [] and result["moves"] == []  # asked as a spectator
    mine = ok("state", record=result["record"], seat=mover)
    for other in range(players):
        if other != mover:
            theirs = ok("state", record=result["record"], seat=other)
            assert theirs["legal"] == [] and theirs["view"] != mine["view"]


@pytest.mark.parametrize("game", WITH_SECRETS)
def test_no_undo_in_games_with_secrets(game):
    result = start(game, 3)
    seat = result["to_move"]
    result = play_first(result)
    assert refused("undo", record=result["record"], seats=[seat]) == "error.no_undo"


@pytest.mark.parametrize("game", IDS)
def test_a_seats_result_carries_the_public_view_of_games_with_secrets(game):
    """What a page may store to paint before Python: the same position as nobody's secrets show it."""
    result = play_first(start(game, 5))
    seat = result["to_move"]
    mine = ok("state", record=result["record"], seat=seat)
    nobody = ok("state", record=result["record"])
    if not GAMES[game].SECRETS:  # nothing secret: nothing more to carry
        assert mine["public"] is None and nobody["public"] is None
        return
    assert mine["public"] == nobody["view"] != mine["view"]
    assert nobody["public"] is None  # already the public view


@pytest.mark.parametrize("game", [game for game in GAMES if getattr(GAMES[game], "CALLS", ())])
def test_the_calls_a_game_offers_answer_on_a_new_game(game):
    """(A call a game does not offer is refused: ``test_manifest``.)"""
    record = start(game, 5)["record"]
    for fn in GAMES[game].CALLS:
        assert isinstance(ok(fn, record=record), dict), fn

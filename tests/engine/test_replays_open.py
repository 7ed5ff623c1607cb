"""The replay of a finished game (``bridge.replay``, and ``link_replay`` once the audit verified
every key): every step's position with every hand and face-down card open, and never a replay of
a game under way."""

from __future__ import annotations

import json

import pytest

from pygames import GAMES, bridge
from pygames.bots import BOTS
from pygames.link import api
from pygames.link.simulate import play_by_link


def finished(game: str, seed: int = 7) -> dict:
    """A record of a whole game (the game's fewest players), played by its first bot level."""
    players = min(GAMES[game].PLAYER_COUNTS)
    res = bridge.new_match(game, seed, players)
    while res["to_move"] is not None:
        res = bridge.play(res["record"], bridge.bot_move(res["record"], list(BOTS[game])[0])["move"])
    return res["record"]


def positions(record: dict) -> list:
    """The game's positions, the first one then after every move."""
    state = bridge.rebuild({**record, "games": [[]]}).current
    out = [state]
    for move in record["games"][0]:
        state = state.play(move)
        out.append(state)
    return out


def hands_open(game: str, view: dict, state) -> None:
    """Every seat's secrets are in ``view`` exactly as that seat knows them."""
    if game == "oriflamme":
        players = len(view["hands"])
        assert view["open"] is True
        assert view["hands"] == [state.view(s)["hand"] for s in range(players)]
        assert view["removed"] == [state.view(s)["removed"][s] for s in range(players)]
        # every face-down card of the queue is named, as its owner sees it
        for slot, entry in enumerate(view["queue"]):
            assert entry["cards"] == state.view(entry["owner"])["queue"][slot]["cards"]
            assert all(card["card"] for card in entry["cards"])
    elif game == "turncoats":
        players = len(view["hand_sizes"])
        assert view["open"] is True
        assert view["hands"] == [state.view(s)["hand"] for s in range(players)]
    else:  # a game without secrets: what everybody sees
        assert view == state.view(None)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_finished_game_replays_every_position_with_every_hand_open(game):
    record = finished(game)
    moves = record["games"][0]
    states = positions(record)
    for step in sorted({0, 1, len(moves) // 2, len(moves) - 1, len(moves)}):
        answer = bridge.replay(record, step)
        assert (answer["steps"], answer["step"]) == (len(moves), step)
        assert answer["move"] == (moves[step - 1] if step else None)
        assert answer["seat"] == (states[step - 1].to_move if step else None)
        hands_open(game, answer["view"], states[step])
        assert [m["move"] for m in answer["moves"]] == moves
        assert [m["seat"] for m in answer["moves"]] == [s.to_move for s in states[:-1]]
    # a step out of range shows the nearest end
    assert bridge.replay(record, -3)["step"] == 0
    assert bridge.replay(record, 10**9)["step"] == len(moves)


@pytest.mark.parametrize("game", [g for g in GAMES if GAMES[g].SECRETS])
def test_the_list_of_moves_never_tells_a_secret(game):
    """The moves' words are the spectator's (the board and the hands are what is open)."""
    answer = bridge.replay(finished(game), 0)
    said = json.dumps([m["said"] for m in answer["moves"]])
    assert "draw_own" not in said  # Turncoats: "(you) drew a blue stone"
    assert "place_card" not in said  # Oriflamme: "placed the Lord"


@pytest.mark.parametrize("game", list(GAMES))
def test_an_unfinished_game_is_refused_with_a_clear_message(game):
    record = finished(game)
    unfinished = {**record, "games": [record["games"][0][:-1]]}
    answer = json.loads(bridge.call("replay", json.dumps({"record": unfinished, "step": 1})))
    assert answer["ok"] is False
    assert answer["error"]["key"] == "error.replay_unfinished"
    assert "finished" in answer["error"]["text"]


def test_okiya_replay_carries_the_review():
    record = finished("okiya")
    answer = bridge.replay(record, 2)
    review = bridge.review(record)
    assert answer["review"]["first_mistake"] == review["first_mistake"]
    assert [m["label"] for m in answer["review"]["moves"]] == [m["label"] for m in review["moves"]]
    assert [m["best"] for m in answer["review"]["moves"]] == [m["best"] for m in review["moves"]]
    assert "view" not in answer["review"]["moves"][0]  # the replay's own view is the position


def finished_okiya_match(seed: int = 3) -> dict:
    """A best-of-three Okiya match played to its end by the easy bots (two or three games)."""
    res = bridge.new_match("okiya", seed, 2, "best_of_three")
    while True:
        while res["to_move"] is not None:
            res = bridge.play(res["record"], bridge.bot_move(res["record"], "easy")["move"])
        if res["match"]["over"]:
            return res["record"]
        res = bridge.next_game(res["record"])


def test_each_game_of_an_okiya_match_replays_with_its_own_review():
    record = finished_okiya_match()
    games = record["games"]
    assert len(games) >= 2
    last = bridge.replay(record, 10**9)
    assert (last["game"], last["games"]) == (len(games) - 1, len(games))
    for index, moves in enumerate(games):
        answer = bridge.replay(record, 10**9, index)
        assert (answer["game"], answer["steps"]) == (index, len(moves))
        assert [m["move"] for m in answer["moves"]] == moves
        assert answer["view"]["outcome"] is not None  # every game of the match ended
        # the review is that game's: the verdicts of its own moves
        alone = {**record, "games": games[: index + 1]}
        assert answer["review"]["moves"] == [
            {k: v for k, v in m.items() if k != "view"} for m in bridge.review(alone)["moves"]
        ]
        first = bridge.replay(record, 0, index)
        assert first["step"] == 0 and first["move"] is None
    answer = json.loads(bridge.call("replay", json.dumps({"record": record, "step": 0, "game": len(games)})))
    assert answer["ok"] is False and answer["error"]["key"] == "error.bad_replay_game"
    assert str(len(games)) in answer["error"]["text"]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_verified_link_game_replays_with_every_hand_open(game):
    players = min(GAMES[game].PLAYER_COUNTS)
    devices, table, _, _ = play_by_link(game, players, 4)
    assert table["audit"]["state"] == "verified"
    keys = devices[0].entry(table["link"])["keys"]
    end = api.link_replay(table["link"], keys, 10**6)
    steps = end["steps"]
    middle = api.link_replay(table["link"], keys, steps // 2)
    assert middle["step"] == steps // 2 and middle["move"] == middle["moves"][steps // 2 - 1]["move"]
    if GAMES[game].SECRETS:
        for answer in (middle, end):
            assert answer["view"]["open"] is True
            assert all(h is not None for h in answer["view"]["hands"])
        if game == "oriflamme":
            assert all(card["card"] for entry in middle["view"]["queue"] for card in entry["cards"])
    assert end["view"]["outcome"] == table["outcome"]


def test_a_link_replay_before_the_keys_are_in_keeps_the_other_hands_shut():
    devices, table, _, _ = play_by_link("oriflamme", 3, 4, until=lambda t: t["phase"] == "revealing")
    keys = devices[0].entry(table["link"])["keys"]
    middle = api.link_replay(table["link"], keys, 10)
    assert "open" not in middle["view"]
    assert [h is None for h in middle["view"]["hands"]] == [False, True, True]  # this device holds seat 0
    assert len(middle["moves"]) == middle["steps"]

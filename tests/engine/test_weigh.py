"""Why that move? (issue 28, item 7): the bridge's ``weigh`` tells, for a move of a game, what
the strongest bot weighed there from the mover's view: its best few candidates with their
estimated chance to win, and the move played among them. A game with secrets is weighed only
once over (the candidates would tell the mover's hand), and Okiya's estimates are the perfect
player's."""

from __future__ import annotations

import json

import pytest

from pygames import GAMES, bridge
from pygames.bots import BOTS
from pygames.link import api
from pygames.link.simulate import play_by_link


def finished(game: str, seed: int = 5) -> dict:
    level = next(iter(BOTS[game]))  # the quickest level: the weighing is what is tested
    res = bridge.new_match(game, seed, min(GAMES[game].PLAYER_COUNTS))
    while res["to_move"] is not None:
        res = bridge.play(res["record"], bridge.bot_move(res["record"], level)["move"])
    return res["record"]


@pytest.mark.parametrize("game", list(GAMES))
def test_each_move_is_weighed_from_its_movers_seat_with_the_move_played_among_the_candidates(game):
    record = finished(game)
    moves = record["games"][-1]
    for step in (1, 2, len(moves) // 2, len(moves)):
        answer = bridge.weigh(record, step)
        assert answer == bridge.weigh(record, step)  # seeded: the same answer every time
        before = bridge.rebuild({**record, "games": [moves[: step - 1]]}).current
        assert (answer["seat"], answer["move"], answer["step"]) == (before.to_move, moves[step - 1], step)
        legal = {str(m): m.to_json() for m in before.legal_moves()}
        assert answer["forced"] == (len(legal) == 1)
        candidates = answer["candidates"]
        if answer["forced"]:
            assert candidates == []
            continue
        assert 2 <= len(candidates) <= bridge.WEIGHED + 1
        assert len({c["move"] for c in candidates}) == len(candidates)
        assert all(legal[c["move"]] == c["data"] for c in candidates)
        assert [c["move"] for c in candidates if c["played"]] == [moves[step - 1]]
        shares = [c["share"] for c in candidates if c["share"] is not None]
        assert shares and all(0 <= s <= 1 for s in shares)
        if game != "oriflamme":  # best first (Oriflamme: the search's choice, then the most tried)
            top = [c["share"] for c in candidates[: bridge.WEIGHED]]
            assert top == sorted(top, reverse=True)


def test_okiya_weighs_as_the_perfect_player():
    record = finished("okiya", 7)
    verdicts = bridge.review(record)["moves"]
    for step, verdict in enumerate(verdicts, 1):
        answer = bridge.weigh(record, step)
        if answer["forced"]:
            continue
        best = answer["candidates"][0]
        assert best["data"]["cell"] in verdict["best"]
        played = next(c for c in answer["candidates"] if c["played"])
        # the played move's estimate is its verdict: a win 1, a draw 0.5, a loss 0
        assert played["share"] == {1: 1.0, 0: 0.5, -1: 0.0}[verdict["after"]]


@pytest.mark.parametrize("game", [game for game, module in GAMES.items() if module.SECRETS])
def test_a_game_with_secrets_is_weighed_only_once_over(game):
    record = finished(game)
    under_way = {**record, "games": [record["games"][-1][:4]]}
    answer = json.loads(bridge.call("weigh", json.dumps({"record": under_way, "step": 2})))
    assert answer["ok"] is False and answer["error"]["key"] == "error.weigh_secret"
    assert "replay" in answer["error"]["text"]


def test_a_move_the_game_does_not_have_is_refused_in_words():
    record = finished("okiya")
    n = len(record["games"][-1]) + 1
    answer = json.loads(bridge.call("weigh", json.dumps({"record": record, "step": n})))
    assert answer["ok"] is False and answer["error"]["key"] == "error.bad_weigh_step"
    assert str(n) in answer["error"]["text"]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_link_game_is_weighed_in_its_replay_once_the_audit_verified_every_key(game):
    """The link replay's "Why this move?": each move weighed from its mover's seat, the move played
    among the candidates, with every hand open only after the audit (the keys are in the link)."""
    _, table, _, _ = play_by_link(game, min(GAMES[game].PLAYER_COUNTS), 4)
    assert table["audit"]["state"] == "verified"
    moves = api.link_replay(table["link"], {}, 0)["moves"]
    _, _, steps = api.verified_steps(table["link"], {})
    for step in (1, len(moves) // 2, len(moves)):
        answer = json.loads(bridge.call("link_weigh", json.dumps({"link": table["link"], "step": step})))
        assert answer["ok"] is True
        weighed = answer["result"]
        assert weighed == bridge.link_weigh(table["link"], {}, step)  # seeded: the same answer every time
        assert (weighed["seat"], weighed["move"]) == (moves[step - 1]["seat"], moves[step - 1]["move"])
        legal = {str(m): m.to_json() for m in steps[step - 1][0].legal_moves()}
        assert weighed["forced"] == (len(legal) == 1)
        if not weighed["forced"]:
            assert all(legal[c["move"]] == c["data"] for c in weighed["candidates"])
            assert [c["move"] for c in weighed["candidates"] if c["played"]] == [moves[step - 1]["move"]]


@pytest.mark.parametrize("game", [game for game, module in GAMES.items() if module.SECRETS])
def test_a_link_game_is_not_weighed_before_its_audit(game):
    players = min(GAMES[game].PLAYER_COUNTS)
    _, under_way, _, _ = play_by_link(game, players, 4, until=lambda t: len(t.get("moves") or []) >= 3)
    answer = json.loads(bridge.call("link_weigh", json.dumps({"link": under_way["link"], "step": 2})))
    assert answer["ok"] is False and answer["error"]["key"] == "error.weigh_secret"

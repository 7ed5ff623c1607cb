"""The pictures after a game (issue 27, item 4): the bridge's ``chart`` of a finished game is
the game's own numbers, step by step: Oriflamme's influence round by round ends on the final
scores, Turncoats' territories turn by turn end on the final standing, Okiya's perfect-play
verdict move by move ends on the result; a game under way is charted so far, and a game
without a picture is refused in words (tests/engine/test_manifest.py)."""

from __future__ import annotations

import pytest

from pygames import GAMES, bridge
from pygames.bots import BOTS
from pygames.link import api
from pygames.link.errors import BadLink
from pygames.link.simulate import play_by_link

CHARTED = [game for game, module in GAMES.items() if "chart" in getattr(module, "CALLS", ())]


def finished(game: str, seed: int, players: int) -> dict:
    res = bridge.new_match(game, seed, players)
    while res["to_move"] is not None:
        res = bridge.play(res["record"], bridge.bot_move(res["record"], "heuristic")["move"])
    return res


def test_oriflamme_influence_round_by_round_ends_on_the_scores():
    res = finished("oriflamme", 5, 4)
    chart = bridge.chart(res["record"])
    assert chart["steps"] == list(range(7))  # the start and six rounds
    assert [s["seat"] for s in chart["series"]] == [0, 1, 2, 3]
    assert [s["points"][0] for s in chart["series"]] == [1, 1, 1, 1]
    assert [s["points"][-1] for s in chart["series"]] == list(res["view"]["outcome"]["scores"])


def test_turncoats_territories_turn_by_turn_end_on_the_standing():
    res = finished("turncoats", 5, 3)
    chart = bridge.chart(res["record"])
    assert [s["colour"] for s in chart["series"]] == res["view"]["colours"]
    assert [s["points"][-1] for s in chart["series"]] == res["view"]["standing"]["areas"]
    assert len(chart["steps"]) == res["view"]["turn"] + 1
    assert all(len(s["points"]) == len(chart["steps"]) for s in chart["series"])


@pytest.mark.parametrize("seed", [4, 9])
def test_okiya_verdict_move_by_move_ends_on_the_result(seed):
    res = bridge.new_match("okiya", seed, 2)
    while res["to_move"] is not None:
        res = bridge.play(res["record"], bridge.bot_move(res["record"], "easy")["move"])
    chart = bridge.chart(res["record"])
    (line,) = chart["series"]
    moves = res["record"]["games"][0]
    assert len(line["points"]) == len(chart["steps"]) == len(moves) + 1
    winners = res["view"]["outcome"]["winners"]
    assert line["points"][-1] == (1 if not winners else 2 if winners == [0] else 0)
    # each step is the solver's value for the first seat, a band the labels name
    review = bridge.review(res["record"])["moves"]
    assert line["points"][:-1] == [(v["before"] if v["seat"] == 0 else -v["before"]) + 1 for v in review]
    assert [m["key"] for m in chart["y_labels"]] == ["okiya.chart.wins", "okiya.chart.draw", "okiya.chart.wins"]


@pytest.mark.parametrize("game", CHARTED)
def test_a_chart_of_a_game_under_way_covers_the_moves_so_far(game):
    level = next(iter(BOTS[game]))  # the first, quickest level: the picture is what is tested
    res = bridge.new_match(game, 3, min(GAMES[game].PLAYER_COUNTS))
    for _ in range(6):
        res = bridge.play(res["record"], bridge.bot_move(res["record"], level)["move"])
    chart = bridge.chart(res["record"])
    assert all(len(s["points"]) == len(chart["steps"]) for s in chart["series"])
    finished = res
    while finished["to_move"] is not None:
        finished = bridge.play(finished["record"], bridge.bot_move(finished["record"], level)["move"])
    assert len(bridge.chart(finished["record"])["steps"]) > len(chart["steps"])


@pytest.mark.parametrize("game", CHARTED)
def test_a_finished_link_game_is_charted_from_its_public_moves(game):
    """A link game's end screen gets the same picture as a hot-seat one, before any key is out
    (what it shows is public), and a game under way gets none."""
    players = min(GAMES[game].PLAYER_COUNTS)
    under_way = play_by_link(game, players, 4, until=lambda t: len(t.get("moves") or []) >= 2)[1]
    with pytest.raises(BadLink) as refused:
        api.link_chart(under_way["link"])
    assert refused.value.key == "link.error.not_over"
    ended = play_by_link(game, players, 4, until=lambda t: t["phase"] in ("revealing", "over"))[1]
    chart = api.link_chart(ended["link"])
    final = play_by_link(game, players, 4)[1]
    assert api.link_chart(final["link"]) == chart  # the keys add nothing to it
    assert chart["title"]["key"] == f"{game}.chart.title"
    assert all(len(s["points"]) == len(chart["steps"]) for s in chart["series"])
    outcome = final["view"]["outcome"]
    if game == "oriflamme":
        assert [s["points"][-1] for s in chart["series"]] == list(outcome["scores"])
    elif game == "turncoats":
        assert [s["points"][-1] for s in chart["series"]] == final["view"]["standing"]["areas"]
    else:  # Okiya: the last band is the result (the first seat's win on top)
        (line,) = chart["series"]
        assert line["points"][-1] == (1 if not outcome["winners"] else 2 if outcome["winners"] == [0] else 0)

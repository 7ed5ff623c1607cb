"""The pictures after a game (issue 27, item 4): the bridge's ``chart`` of a finished game is
the game's own numbers, step by step: Oriflamme's influence round by round ends on the final
scores, Turncoats' territories turn by turn end on the final standing; an unfinished game or a
game without a picture is refused in words (tests/engine/test_manifest.py)."""

from __future__ import annotations

import pytest

from pygames import GAMES, bridge
from pygames.core.errors import PlayerError

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


@pytest.mark.parametrize("game", CHARTED)
def test_a_chart_waits_for_the_end(game):
    res = bridge.new_match(game, 3, min(GAMES[game].PLAYER_COUNTS))
    with pytest.raises(PlayerError) as caught:
        bridge.chart(res["record"])
    assert caught.value.key == "error.not_over"

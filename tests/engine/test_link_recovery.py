"""Recovery without data loss (issue 26, hole 3): a device that opened a forged link takes the
honest link the victim sends next, when nothing of its own is in the forged branch, says so,
and keeps its keys; a device that played on the forged branch keeps it (its moves are there)."""

from __future__ import annotations

import copy
import json

import pytest
from link_refusals import refused

from pygames import GAMES
from pygames.link import BadLink, Table, api, decode
from pygames.link.simulate import play_by_link
from pygames.link.wire import Move, Record

#: Every game with three seats (a forger, a victim and a bystander) at three and at its most.
THREE = [
    (game, n)
    for game, module in GAMES.items()
    if 3 in module.PLAYER_COUNTS
    for n in sorted({3, module.PLAYER_COUNTS[-1]})
]


def _a_forged_turn(game: str, players: int, seed: int):
    """Devices at a move of ``victim``, and a link where the forger wrote that move itself (not
    the victim's first legal move, which the victim then plays)."""
    devices, table, _, _ = play_by_link(
        game, players, seed=seed, until=lambda t: t["played"] >= 4 and t["next"]["action"] == "move"
    )
    return devices, table, table["next"]["seat"], _forge_a_move(decode(table["link"])).to_text()


def _forge_a_move(record: Record) -> Record:
    """``record`` and a move in the name of the seat to move, not its first legal one."""
    public = Table(record, {})
    for index in reversed(range(1, len(public.game.legal()))):
        for commitment in (None, bytes(6)):  # a placement's card commitment: anything will do
            try:
                forged = record.extend(Move(index, commitment))
                Table(forged, {})
            except BadLink:  # a reveal needs what only its owner has
                continue
            return forged
    raise AssertionError("no move to forge at this point: choose another seed")


@pytest.mark.parametrize("game,players", THREE)
def test_a_device_that_opened_a_forged_link_takes_the_victims_honest_link(game, players):
    devices, table, victim, forged = _a_forged_turn(game, players, seed=13)
    forger = table["seat"]
    bystander = next(s for s in range(players) if s not in (victim, forger))
    keys = copy.deepcopy(devices[bystander].saved[table["id"]]["keys"])
    devices[bystander].open(forged)  # it cannot tell: the move is in the victim's name
    refused(devices[victim], forged, "link.error.forged_move")
    honest = devices[victim].play(table["link"], devices[victim].open(table["link"])["legal"][0])
    recovered = devices[bystander].open(honest["link"])
    assert recovered["notice"]["key"] == "link.notice.fork"
    assert recovered["replaced"] is True
    entry = devices[bystander].saved[table["id"]]
    assert entry["link"] == recovered["link"] and entry["keys"] == keys
    assert decode(recovered["link"]).events[: len(decode(honest["link"]).events)] == decode(honest["link"]).events
    # and the game goes on from the honest link
    assert recovered["next"] is not None and recovered["audit"]["state"] == "pending"


@pytest.mark.parametrize("game,players", THREE)
def test_a_device_that_played_on_a_forged_branch_keeps_it(game, players):
    devices, table, victim, forged = _a_forged_turn(game, players, seed=13)
    honest = devices[victim].play(table["link"], devices[victim].open(table["link"])["legal"][0])
    while (after := api.link_open(forged, {}, None)["next"]["seat"]) == victim:  # the rest of its turn
        forged = _forge_a_move(decode(forged)).to_text()
    played = devices[after].open(forged)
    devices[after].play(forged, played["legal"][0])
    before = json.dumps(devices[after].saved, sort_keys=True)
    refused(devices[after], honest["link"], "link.error.fork")
    assert json.dumps(devices[after].saved, sort_keys=True) == before

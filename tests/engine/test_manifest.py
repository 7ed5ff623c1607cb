"""What each game declares about itself (``pygames.core.protocol.GameModule``) is what the rest
of the house reads: the link header's code, the extra calls the bridge serves, the registry the
page takes its facts from (``games.json`` is ``bridge.games()``)."""

from __future__ import annotations

import json

import pytest

from pygames import GAMES, bridge
from pygames.bots import bots_module
from pygames.core.i18n import tr
from pygames.link.games import adapter
from pygames.link.wire import game_of_code

IDS = list(GAMES)


def test_wire_codes_are_distinct_and_never_change():
    codes = {game: GAMES[game].WIRE_CODE for game in IDS}
    assert all(type(code) is int and 0 <= code < 256 for code in codes.values())
    assert len(set(codes.values())) == len(codes)
    # links outlive releases: the codes links already carry stay what they were
    assert (codes["okiya"], codes["oriflamme"], codes["turncoats"]) == (0, 1, 2)


@pytest.mark.parametrize("game", IDS)
def test_a_link_header_names_the_game_by_its_code(game):
    assert game_of_code(GAMES[game].WIRE_CODE) == game


@pytest.mark.parametrize("game", IDS)
def test_the_registry_entry_is_the_games_own_facts(game):
    (entry,) = [e for e in bridge.games() if e["id"] == game]
    module, bots = GAMES[game], bots_module(game)
    assert entry["players"] == list(module.PLAYER_COUNTS)
    assert entry["formats"] == list(module.FORMATS)
    assert entry["options"] == dict(module.OPTIONS)
    assert entry["secrets"] is module.SECRETS
    assert entry["levels"] == list(bots.LEVELS) and entry["default_level"] == bots.DEFAULT_LEVEL
    assert entry["calls"] == list(getattr(module, "CALLS", ()))
    assert entry["link_level"] == adapter(game).link_level()
    # every level has a name in the catalog under the registry's prefix
    for level in entry["levels"]:
        key = f"{entry['level_key']}.{level}"
        assert tr(key) != key, key
    json.dumps(entry)


@pytest.mark.parametrize("game", [g for g in IDS if getattr(GAMES[g], "CALLS", ())])
def test_every_offered_call_is_served(game):
    calls = bridge.game_calls(game)
    for name in GAMES[game].CALLS:
        assert name in bridge.CALLS, f"the bridge has no {name} call to serve"
        assert callable(getattr(calls, name)), f"pygames.{game}.calls lacks {name}"


#: Every call some game offers, with each game that does not offer it.
NOT_OFFERED = [
    (g, name)
    for name in sorted({c for g in IDS for c in getattr(GAMES[g], "CALLS", ())})
    for g in IDS
    if name not in getattr(GAMES[g], "CALLS", ())
]


@pytest.mark.parametrize("game,name", NOT_OFFERED)
def test_a_call_the_game_does_not_offer_is_refused_in_words(game, name):
    record = json.loads(bridge.call("new_match", json.dumps({"game": game, "seed": 3})))["result"]["record"]
    answer = json.loads(bridge.call(name, json.dumps({"record": record})))
    assert answer["error"]["key"] == "error.not_offered"
    assert tr(f"game.{game}") in answer["error"]["text"]

"""The events a move causes (``pygames.<game>.events``): what the page animates and counts.

They must tell what happened, in order, and only what the receiving seat may know."""

from __future__ import annotations

import json

import pytest

import pygames.oriflamme as oriflamme
import pygames.turncoats as turncoats
from pygames import GAMES, bridge
from pygames.core.rng import Rng
from pygames.core.session import event_maker
from pygames.oriflamme.events import events as oriflamme_events
from pygames.turncoats.events import events as turncoats_events


def _games(module, players, seeds):
    """Every (before, move, after) of seeded random games."""
    for seed in seeds:
        rng = Rng(seed)
        state = module.new_game(players, seed)
        while state.to_move is not None:
            legal = state.legal_moves()
            move = legal[rng.below(len(legal))]
            after = state.play(move)
            yield state, move, after
            state = after


@pytest.mark.parametrize("players", [3, 5])
def test_oriflamme_events_are_the_new_log_lines_and_hide_face_down_cards(players):
    seats = [None, *range(players)]
    kinds = set()
    for before, move, after in _games(oriflamme, players, range(4)):
        for seat in seats:
            told = oriflamme_events(before, move, after, seat)
            json.dumps(told)
            kinds.update(e["kind"] for e in told)
            log = after.view(seat)["log"]
            # the same lines the seat's log gains, in the same order
            lines = [e["message"] for e in told if e["kind"] != "influence"]
            assert lines == log[len(log) - len(lines) :]
            changes = [a - b for a, b in zip(after.view(seat)["pools"], before.view(seat)["pools"])]
            assert [e["changes"] for e in told if e["kind"] == "influence"] == ([changes] if any(changes) else [])
            over = after.outcome is not None
            for e in told:
                if e["kind"] == "place" and e["seat"] != seat and not over:
                    assert e["card"] is None and "card_id" not in e["message"]["params"]
                if e["kind"] == "place" and e["seat"] == seat:
                    assert e["card"] == move.to_json()["card"]
                if e["kind"] == "move" and e["owner"] != seat and not e["up"] and not over:
                    assert e["card"] is None and "card_id" not in e["message"]["params"]
    assert {"place", "reveal", "eliminate", "discard", "token", "round", "end", "influence"} <= kinds


def _replay_slots(queue, told):
    """The queue's shape (owner, depth per slot) after ``told``, from the events' slots alone
    (what the page's animation does)."""
    slots = [[slot["owner"], len(slot["cards"])] for slot in queue]

    def lose_top(i):
        slots[i][1] -= 1
        if not slots[i][1]:
            del slots[i]

    for e in told:
        if e["kind"] == "place":
            if e["where"] == "on":
                slots[e["at"]][1] += 1
            else:
                slots.insert(e["at"], [e["seat"], 1])
        elif e["kind"] in ("eliminate", "discard"):
            lose_top(e["slot"])
        elif e["kind"] == "move":
            if "gap" in e:
                slots.insert(e["gap"], [e["owner"], 1])
                lose_top(e["from"] + (e["gap"] <= e["from"]))
            else:
                slots[e["slot"]][1] += 1
                lose_top(e["from"])
            assert slots[e["to"]][0] == e["owner"]
    return slots


@pytest.mark.parametrize("players", [3, 4])
def test_oriflamme_event_slots_replay_the_queue(players):
    moved = 0
    for before, move, after in _games(oriflamme, players, range(6)):
        for seat in (None, 0):
            told = oriflamme_events(before, move, after, seat)
            moved += sum(e["kind"] == "move" for e in told)
            shape = _replay_slots(before.view(seat)["queue"], told)
            assert shape == [[slot["owner"], len(slot["cards"])] for slot in after.view(seat)["queue"]]
    assert moved


def test_oriflamme_face_down_card_never_in_another_seats_events():
    state = oriflamme.new_game(3, 11)
    mover = state.to_move
    move = state.legal_moves()[0]
    after = state.play(move)
    card = move.to_json()["card"]
    for seat in (None, *range(3)):
        text = json.dumps(oriflamme_events(state, move, after, seat))
        assert (card in text) == (seat == mover)


@pytest.mark.parametrize("players", [2, 4])
def test_turncoats_events_follow_the_move_and_keep_draws_secret(players):
    kinds = set()
    for before, move, after in _games(turncoats, players, range(3)):
        data = move.to_json()
        for seat in (None, *range(players)):
            told = turncoats_events(before, move, after, seat)
            json.dumps(told)
            first = told[0]
            kinds.update(e["kind"] for e in told)
            assert first["seat"] == before.to_move
            assert first["message"] == after.view(seat)["log"][-1]
            if data["kind"] == "negotiate":
                drawn = after.view(before.to_move)["drawn"]
                assert first["kind"] == "draw" and first["colour"] == (drawn if seat == before.to_move else None)
                assert (seat == before.to_move) == ("colour" in first["message"]["params"])
            else:
                assert first["kind"] == data["kind"] and first["colour"] == data["colour"]
            if data["kind"] == "battle":
                kills = [0, 0, 0]
                for e in told[1:]:
                    assert e["kind"] == "kill" and e["area"] == data["area"]
                    kills[turncoats.COLOURS.index(e["colour"])] += e["count"]
                assert kills == data["kills"]
            else:
                assert len(told) == 1
    assert {"recruit", "battle", "march", "draw", "return"} <= kinds


def test_bridge_tells_the_last_moves_events_to_each_seat():
    start = bridge.new_match("oriflamme", 7, 3)
    assert start["events"] == []
    mover = start["to_move"]
    move = bridge.state(start["record"], mover)["legal"][0]
    played = bridge.play(start["record"], move, seat=mover)
    assert [e["kind"] for e in played["events"]] == ["place"] and played["events"][0]["card"]
    other = bridge.state(played["record"], (mover + 1) % 3)
    assert other["events"][0]["kind"] == "place" and other["events"][0]["card"] is None
    assert bridge.state(played["record"], mover)["events"] == played["events"]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_tells_its_events_to_each_seat_through_the_bridge(game):
    """A game with ``pygames.<id>.events`` tells what each move did, as JSON with a ``kind``, to
    every seat and a spectator alike through ``play`` and ``state``; a game without tells nothing."""
    make = event_maker(game)
    players = GAMES[game].PLAYER_COUNTS[0]
    result = bridge.new_match(game, 9, players)
    assert result["events"] == []
    told = 0
    for _ in range(12):
        if result["to_move"] is None:
            break
        seat = result["to_move"]
        move = bridge.state(result["record"], seat)["legal"][0]
        result = bridge.play(result["record"], move, seat=seat)
        for viewer in (None, *range(players)):
            events = bridge.state(result["record"], viewer)["events"]
            assert json.loads(json.dumps(events)) == events
            assert all(isinstance(e, dict) and isinstance(e["kind"], str) for e in events)
            told += len(events)
            if make is None:
                assert events == []
        assert bridge.state(result["record"], seat)["events"] == result["events"]
    assert (told > 0) is (make is not None)


def test_link_tables_tell_the_last_public_moves_events_without_other_seats_cards():
    from pygames.link import api
    from pygames.link.simulate import Device, derive_key

    rng = Rng(5)
    devices = [Device() for _ in range(3)]
    table = api.link_create("oriflamme", 3, ["A", "B", "C"], key=derive_key("events", 0))
    devices[0].keep(table, table["key"])
    for seat in (1, 2):
        joined = api.link_join(table["link"], seat, {}, key=derive_key("events", seat))
        table = devices[seat].keep(joined, joined["key"])
    table = devices[0].open(table["link"])
    assert table["last_events"] == []
    placed = 0
    while table["phase"] == "playing" and placed < 12:
        seat = table["next"]["seat"]
        table = devices[seat].open(table["link"])
        if not table["my_turn"]:
            continue
        move = table["legal"][rng.below(len(table["legal"]))]
        table = devices[seat].play(table["link"], move)
        told = [e for e in table["last_events"] if e["kind"] != "round"]
        assert not told or told[0]["seat"] == seat, told  # a Decree's pick tells nothing yet
        if move.startswith("place"):
            placed += 1
            assert told[0]["kind"] == "place" and told[0]["card"] is not None  # my own card
            other = devices[(seat + 1) % 3].open(table["link"])
            mine = [e for e in other["last_events"] if e["kind"] == "place"]
            assert mine and mine[0]["card"] is None and "card_id" not in mine[0]["message"]["params"]
    assert placed == 12


def test_link_event_slots_replay_the_seats_queue_without_its_secrets():
    """A device's position hides the other seats' face-down cards: the slots still add up."""
    from pygames.link import api
    from pygames.link.simulate import Device, derive_key

    rng = Rng(8)
    devices = [Device() for _ in range(3)]
    table = api.link_create("oriflamme", 3, ["A", "B", "C"], key=derive_key("slots", 0))
    devices[0].keep(table, table["key"])
    for seat in (1, 2):
        joined = api.link_join(table["link"], seat, {}, key=derive_key("slots", seat))
        table = devices[seat].keep(joined, joined["key"])
    table = devices[0].open(table["link"])
    checked = 0
    kinds = set()
    while table["phase"] == "playing" and checked < 120:
        table = devices[table["next"]["seat"]].open(table["link"])
        if not table["my_turn"]:
            continue
        move = table["legal"][rng.below(len(table["legal"]))]
        after = devices[table["seat"]].play(table["link"], move)
        if after["played"] == table["played"] + 1:
            kinds.update(e["kind"] for e in after["last_events"])
            shape = _replay_slots(table["view"]["queue"], after["last_events"])
            assert shape == [[slot["owner"], len(slot["cards"])] for slot in after["view"]["queue"]]
            checked += 1
        table = after
    assert checked > 40 and {"place", "eliminate", "discard"} <= kinds, kinds

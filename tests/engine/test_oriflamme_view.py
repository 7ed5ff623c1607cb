"""Oriflamme hidden information: views, the log, positions held from one seat's view."""

from __future__ import annotations

import json
import re

import pytest
from oriflamme_examples import at_visit

from pygames.core.errors import BadPosition
from pygames.core.i18n import catalog
from pygames.core.rng import Rng
from pygames.oriflamme import from_text, from_view, new_game
from pygames.oriflamme.cards import IDS, NAMES
from pygames.oriflamme.rules import OVER, PLACING, RESOLVING


def legal(state):
    return [str(m) for m in state.legal_moves()]


def random_game(players, seed, stop=None):
    """States of a seeded random game (all of them, or up to ``stop`` moves)."""
    rng = Rng(seed)
    state = new_game(players, seed)
    states = [state]
    while state.outcome is None and (stop is None or len(states) <= stop):
        moves = state.legal_moves()
        state = state.play(moves[rng.below(len(moves))])
        states.append(state)
    return states


def test_new_game_view():
    state = new_game(4, 3, first_player=1)
    view = state.view(2)
    assert view["game"] == "oriflamme" and view["seat"] == 2 and view["players"] == 4
    assert view["phase"] == "place" and view["round"] == 1 and view["rounds"] == 6
    assert view["to_move"] == 1 and view["first_player"] == 1 and view["start_player"] == 1
    assert view["pools"] == [1, 1, 1, 1] and view["hand_counts"] == [7, 7, 7, 7]
    assert len(view["hand"]) == 7 and set(view["hand"]) <= set(IDS)
    assert view["hands"][2] == view["hand"] and view["hands"][0] is None
    assert len(view["removed"][2]) == 3 and view["removed"][1] is None
    assert view["queue"] == [] and view["cursor"] is None and view["legal"] == []
    assert view["pending"] == {"kind": "place", "seat": 1}
    assert view["prompt"]["key"] == "oriflamme.prompt.place"
    assert view["log"] == [{"key": "oriflamme.log.round", "params": {"round": 1, "seat": 1, "name": "Player 2"}}]
    assert state.view(1)["legal"] == legal(state)
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["hands"] == [None] * 4 and spectator["removed"] == [None] * 4
    for bad in (4, -1, "1", True):
        with pytest.raises(BadPosition):
            state.view(bad)


def test_face_down_cards_are_seen_by_their_owner_only():
    state = at_visit(
        "[R:Spy(d,0) / R:Soldier(u)] | R:Lord(u) | B:Archer(d,1) | [B:Heir(d,2) / B:Lord(d,0)]", "", 2, round=2
    )
    red, blue, spectator = state.view(0), state.view(1), state.view(None)
    assert red["queue"][0]["cards"] == [
        {"card": "soldier", "up": True, "tokens": 0},
        {"card": "spy", "up": False, "tokens": 0},
    ]
    assert blue["queue"][0]["cards"] == [
        {"card": "soldier", "up": True, "tokens": 0},
        {"card": None, "up": False, "tokens": 0},
    ]
    assert red["queue"][3]["cards"] == [
        {"card": None, "up": False, "tokens": 0},
        {"card": None, "up": False, "tokens": 2},
    ]
    assert blue["queue"][3]["cards"][0]["card"] == "lord"  # own covered card: known to its owner
    assert spectator["queue"][2]["cards"] == [{"card": None, "up": False, "tokens": 1}]
    # the owner sees what revealing or keeping gives (it tells the card's kind: nobody else does)
    assert blue["pending"] == {"kind": "reveal", "seat": 1, "slot": 2, "reveal_gain": 1, "keep_tokens": 2}
    assert red["pending"] == spectator["pending"] == {"kind": "reveal", "seat": 1, "slot": 2} and blue["cursor"] == 2
    assert blue["legal"] == ["reveal", "keep"] and red["legal"] == []


def test_the_log_hides_placed_cards_from_other_seats():
    state = new_game(3, 4, first_player=0)
    card = legal(state)[0].split()[1]
    state = state.play(legal(state)[0])
    own = state.view(0)["log"][-1]
    other = state.view(1)["log"][-1]
    assert own["key"] == "oriflamme.log.place_card.new" and own["params"]["card"] == card
    assert other["key"] == "oriflamme.log.place.new" and "card" not in other["params"]


def test_every_log_and_prompt_key_is_in_the_catalog_and_fully_filled():
    texts = catalog("en")
    seen = set()
    for seed in range(12):
        states = random_game(3 + seed % 3, seed)
        for state in states[::3] + states[-1:]:
            for seat in [None, *range(state.players)]:
                view = state.view(seat)
                messages = list(view["log"])
                if view["prompt"]:
                    messages.append(view["prompt"])
                if view["outcome"]:
                    messages.append(view["outcome"]["message"])
                for message in messages:
                    assert message["key"] in texts, message["key"]
                    seen.add(message["key"])
                    text = texts[message["key"]].format(**message["params"])
                    assert not re.search(r"\{\w+\}", text)
    from pygames.oriflamme import OPTIONS

    assert all(f"oriflamme.option.{name}" in texts for name in OPTIONS)
    for t in IDS:
        assert f"oriflamme.card.{t}" in texts
        if t != "unknown":
            assert f"oriflamme.card.{t}.text" in texts
    assert len(seen) > 30


def test_views_are_json_safe_and_the_game_end_shows_every_card():
    state = random_game(4, 9)[-1]
    assert state.phase == OVER
    view = state.view(1)
    assert json.loads(json.dumps(view)) == view
    assert all(len(hand) == 1 for hand in view["hands"]) and all(len(r) == 3 for r in view["removed"])
    assert all(c["card"] is not None for slot in view["queue"] for c in slot["cards"])
    outcome = view["outcome"]
    assert outcome["scores"] == state.pools and outcome["winners"] == list(state.outcome.winners)
    assert outcome["queue_cards"] == [state.queue_cards(p) for p in range(4)]
    assert view["legal"] == [] and view["to_move"] is None and view["pending"] is None


def test_a_seats_view_ignores_other_seats_secrets():
    # the same deal for seats 1-3, seat 0 differs only in its hidden cards' arrangement
    from test_oriflamme_fuzz import twin

    rng = Rng(3)
    for state in random_game(5, 21)[:-1]:
        for seat in range(5):
            assert twin(state, seat, rng).view(seat) == state.view(seat)
        assert twin(state, None, rng).view(None) == state.view(None)


# --- positions held from one seat's view ------------------------------------------------


def test_from_view_offers_the_seats_own_moves():
    for state in random_game(4, 5)[:-1]:
        seat = state.to_move
        held = from_view(state.view(seat))
        assert legal(held) == legal(state)
        assert held.to_move == seat
        move = state.legal_moves()[-1]
        assert held.play(move).view(seat)["pools"] == state.play(move).view(seat)["pools"]


def test_held_positions_use_placeholders_for_unknown_cards():
    state = random_game(3, 2, stop=4)[-1]
    held = from_view(state.view(0))
    text = held.to_text()
    assert "hands=" in text and ",?," in text and "??d" in text
    assert from_text(text) == held
    if held.to_move != 0 and held.phase == PLACING:
        assert all(m.startswith("place ? ") for m in legal(held))


def test_another_seats_unknown_card_may_be_anything_it_can_still_be():
    state = at_visit("R:Lord(u) | B:Heir(d,1) | G:Spy(d,0)", "", 1, round=2)  # B: 1 card out of play
    held = from_view(state.view(0))
    options = legal(held)
    assert options[-1] == "keep" and "reveal Heir" in options
    blue_known = {NAMES[IDS.index(c["card"])] for c in state.view(0)["out"][1]}
    assert blue_known and all(f"reveal {name}" not in options for name in blue_known)
    assert len(options) - 1 == 10 - len(blue_known)
    revealed = held.play("reveal Heir")
    assert revealed.view(0)["queue"][1]["cards"][-1] == {"card": "heir", "up": True, "tokens": 0}
    assert revealed.pools == state.play("reveal").pools


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_device_holding_one_seats_view_stays_in_step(players):
    """Link play: one device knows one seat's secrets only; fed every other seat's move in its
    public form, it shows that seat exactly what the full engine shows."""
    for seed in range(4):
        rng = Rng(seed)
        full = new_game(players, seed)
        seat = seed % players
        held = from_view(full.view(seat))
        while full.outcome is None:
            moves = full.legal_moves()
            move = moves[rng.below(len(moves))]
            public = str(move) if full.to_move == seat else full.public_notation(move)
            if full.to_move != seat:
                assert public not in ("reveal",) and not re.match(r"place (?!\?)", public)
            held = held.play(public)
            full = full.play(move)
            if full.outcome is None:
                assert held.view(seat) == full.view(seat)
        assert held.outcome.scores == full.outcome.scores and held.outcome.winners == full.outcome.winners


def test_public_notation():
    state = new_game(3, 1, first_player=0)
    move = state.legal_moves()[0]
    assert state.public_notation(move) == "place ? left"
    visit = at_visit("R:Lord(d,2) | B:Heir(d,0)", "", 0)
    assert visit.public_notation("reveal") == "reveal Lord" and visit.public_notation("keep") == "keep"


def test_from_view_rejects_junk():
    with pytest.raises(BadPosition):
        from_view({"game": "oriflamme"})
    view = new_game(3, 0).view(0)
    view["queue"] = [{"owner": 0, "cards": [{"card": "dragon", "up": False, "tokens": 0}]}]
    with pytest.raises(BadPosition):
        from_view(view)


def test_resolution_view_fields():
    state = at_visit("R:Decree(d,0) | B:Spy(d,3) | G:Lord(d,0)", "", 0).play("reveal").play("target 2")
    view = state.view(0)
    assert view["phase"] == "resolve" and state.phase == RESOLVING
    assert view["pending"] == {"kind": "decree_destination", "seat": 0, "slot": 0, "picked": 1}
    assert view["legal"] == ["gap 0", "gap 3"]
    assert view["prompt"]["key"] == "oriflamme.prompt.decree_destination"
    shown = at_visit("R:Soldier(u) | B:Lord(d,3)", "", 0).play("target 2")
    assert shown.view(1)["pending"] == {"kind": "show", "seat": 1, "slot": 0, "eliminated": 1}
    assert shown.view(0)["pending"]["seat"] == 1 and shown.view(0)["legal"] == []

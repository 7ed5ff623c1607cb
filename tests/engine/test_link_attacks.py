"""Link play against a hostile friend (docs/link-play.md): what a holder of a link can write
with the page's own calls and ``decode(...).extend(...)``.  Each attack is refused at once
(a ``BadLink`` with its own message) or flagged by the audit, and nobody is blamed for
what someone else could have written."""

from __future__ import annotations

import json

import pytest
from link_refusals import LINK_GAMES, refused

from pygames import GAMES, bridge
from pygames.core.rng import Rng
from pygames.link import BadLink, Table, api, decode
from pygames.link.commit import card_commitment, card_nonce, endorsement
from pygames.link.games import adapter as link_adapter
from pygames.link.simulate import Device, derive_key, play_by_link
from pygames.link.wire import Done, Move, Order, Record, Secret, Start
from pygames.okiya.match import MATCH_GAME_LIMIT, game_seed
from pygames.okiya.state import new_game

#: Every game at one player count, the middle one of its counts.
MIDDLE = [(game, module.PLAYER_COUNTS[len(module.PLAYER_COUNTS) // 2]) for game, module in GAMES.items()]


def _keys(devices: list[Device], link: str) -> dict[int, bytes]:
    """Every seat's key (the test sees all devices)."""
    keys: dict[int, bytes] = {}
    for device in devices:
        keys.update({int(s): bytes.fromhex(k) for s, k in device.entry(link)["keys"].items()})
    return keys


def _keys_due(table: dict) -> bool:
    """The game is over and every seat has sealed its end: the keys are due."""
    return table["phase"] == "revealing" and table["next"]["action"] == "reveal"


def _text(record: Record) -> str:
    return record.to_text()


# --- 1. only you move for your seat --------------------------------------------------------------


@pytest.mark.parametrize("game,players", LINK_GAMES)
def test_a_move_forged_for_the_seat_to_move_is_refused_by_that_seats_device(game, players):
    devices, table, _, _ = play_by_link(
        game, players, seed=3, until=lambda t: t["played"] >= 3 and t["next"]["action"] == "move"
    )
    victim = table["next"]["seat"]
    public = Table(decode(table["link"]), {})
    event = _a_move(public)
    if event.opening is not None:  # a made-up reveal: every device refuses it at once
        refused(devices[(victim + 1) % players], _text(public.record.extend(event)), "link.error.false_reveal")
        return
    error = refused(devices[victim], _text(public.record.extend(event)), "link.error.forged_move")
    assert error.params["name"] == table["names"][victim]


def _a_move(public: Table) -> Move:
    """A well-formed public move for the seat to move, as a forger writes it (an Oriflamme
    placement with a made-up commitment, a reveal with a made-up opening)."""
    game = public.game
    if getattr(game.public, "decision", None) == "place":
        return Move(0, bytes(6))
    names = getattr(game, "_names_secret", lambda m: False)
    plain = [i for i, m in enumerate(game.legal()) if not names(m)]
    return Move(plain[0]) if plain else Move(0, None, (0, bytes(6)))


def test_the_victims_device_says_so_in_words():
    devices, table, _, _ = play_by_link("okiya", 2, seed=8, until=lambda t: t["played"] >= 2)
    victim = table["next"]["seat"]
    forged = _text(decode(table["link"]).extend(Move(0)))
    keys = devices[victim].entry(table["link"])["keys"]
    answer = json.loads(bridge.call("link_open", json.dumps({"link": forged, "keys": keys})))
    assert answer["ok"] is False and answer["error"]["key"] == "link.error.forged_move"
    assert "did not make" in answer["error"]["text"] and table["names"][victim] in answer["error"]["text"]


def test_a_forged_move_is_named_by_every_devices_audit_once_the_keys_are_in():
    """Other devices cannot tell at once (no key of the victim); the audit can, and it names the
    forged event, never the victim as a cheater."""
    devices, table, _, _ = play_by_link("okiya", 2, seed=11, until=lambda t: t["played"] >= 1)
    victim = table["next"]["seat"]
    forger = 1 - victim
    keys = _keys(devices, table["link"])
    rng = Rng(5)
    link = table["link"]
    forged_any = False
    while True:  # the forger plays its own seat and writes the victim's moves itself
        public = Table(decode(link), {forger: keys[forger]})
        if public.phase != "playing":
            break
        if public.game.to_move() == victim:
            record = public.record.extend(Move(rng.below(len(public.game.legal()))))
            forged_any = True
            link = _text(record)
        else:
            link = api.link_play(link, public.game.legal()[0].__str__(), {str(forger): keys[forger].hex()})["link"]
    assert forged_any
    end = api.link_open(link, {str(forger): keys[forger].hex()}, None)
    assert end["audit"]["state"] == "pending" and end["audit"]["waiting"] == [victim]
    refused(devices[victim], link, "link.error.forged_move")
    # had the victim's device sealed the end and every key come in anyway, every device's
    # audit names the forged event
    record = decode(end["link"])
    if victim not in Table(record, {}).closed:
        record = record.extend(Done(victim))
    revealed = Table(record, {}).revealed
    record = record.extend(*(Secret(seat, keys[seat]) for seat in (forger, victim) if seat not in revealed))
    audit = Table(record, {}).audit()
    assert audit["state"] == "failed"
    assert {p["key"] for p in audit["problems"]} == {"link.audit.forged"}
    assert all(p["cheater"] is None for p in audit["problems"])
    assert audit["problems"][0]["seat"] == victim


def test_a_forged_standing_order_and_a_forged_keep_are_refused_by_their_seat():
    devices, table, _, _ = play_by_link(
        "oriflamme", 3, seed=4, until=lambda t: t["played"] >= 4 and t["next"]["action"] == "move"
    )
    public = Table(decode(table["link"]), {})
    victim = (public.game.to_move() + 1) % 3
    # an order for a seat that is not to move: every device refuses it (tests/engine/test_link_orders.py)
    refused(devices[victim], _text(public.record.extend(Order(victim, 0))), "link.error.forged_order")
    # "keep my card hidden" written for the owner of a visited face-down card
    devices, table, _, _ = play_by_link(
        "oriflamme", 3, seed=4, until=lambda t: t["next"]["action"] == "move" and _decision(t) == "reveal"
    )
    public = Table(decode(table["link"]), {})
    owner = public.game.to_move()
    keep = [str(m) for m in public.game.legal()].index("keep")
    refused(devices[owner], _text(public.record.extend(Move(keep))), "link.error.forged_move")


def _decision(table: dict) -> str | None:
    public = Table(decode(table["link"]), {})
    return public.game.public.decision if public.game is not None else None


def test_an_earlier_move_rewritten_is_refused_by_a_seat_that_moved_after_it():
    """The first move rewritten (and what followed it dropped): a seat that moved later finds
    that its endorsement covers another history."""
    devices, table, _, _ = play_by_link("turncoats", 3, seed=5, until=lambda t: t["played"] >= 6)
    record = decode(table["link"])
    public = Table(record, {})
    first = next(i for i, e in enumerate(record.events) if type(e) is Move)
    other = next(i for i in range(len(public.game.legal())) if i != record.events[first].index)
    changed = Record(record.header, record.events[:first] + (Move(other),), record.tags)
    Table(changed, {})  # a well-formed game, as far as a spectator can tell
    victim = next(a for a in public.authors[first + 1 :] if a != public.authors[first])
    fresh = Device()  # the victim's key on a device without a saved copy (no fork to compare)
    fresh.saved = {table["id"]: {"link": None, "keys": devices[victim].saved[table["id"]]["keys"]}}
    refused(fresh, changed.to_text(), "link.error.changed")


# --- 2. nobody is framed -------------------------------------------------------------------------


@pytest.mark.parametrize("game,players", LINK_GAMES)
def test_a_wrong_key_for_a_seat_is_refused_by_every_device_and_blames_nobody(game, players):
    devices, table, _, _ = play_by_link(game, players, seed=6, until=_keys_due)
    record = decode(table["link"])
    victim = Table(record, {}).audit()["waiting"][0]
    forged = _text(record.extend(Secret(victim, bytes(16))))
    for device in devices:
        error = refused(device, forged, "link.error.forged_key")
        assert "not to blame" in error.to_json()["text"]
    with pytest.raises(BadLink):
        Table(decode(forged), {})


@pytest.mark.parametrize("game,players", MIDDLE)
def test_a_changed_random_value_after_the_last_join_is_refused_and_the_game_goes_on(game, players):
    keys = [derive_key("rand", game, seat) for seat in range(players)]
    table = api.link_create(game, players, [f"P{i}" for i in range(players)], key=keys[0])
    creator = Device()
    creator.keep(table, table["key"])
    link = table["link"]
    for seat in range(1, players):
        link = api.link_join(link, seat, {}, key=keys[seat])["link"]
    forged = _text(decode(link).extend(Start(bytes(16))))
    refused(creator, forged, "link.error.forged_start")
    with pytest.raises(BadLink) as caught:
        Table(decode(forged), {})
    assert caught.value.key == "link.error.forged_start"
    started = creator.open(link)  # the honest link: the creator's device starts the game
    assert started["phase"] == "playing" and started["audit"]["problems"] == []


# --- 3. lies are caught when told ---------------------------------------------------------------


def _at_a_reveal(seed: int):
    """An Oriflamme link game stopped where a seat must reveal or keep its visited face-down card."""
    devices, table, _, _ = play_by_link(
        "oriflamme", 3, seed=seed, until=lambda t: t["next"]["action"] == "move" and _decision(t) == "reveal"
    )
    keys = _keys(devices, table["link"])
    public = Table(decode(table["link"]), {})
    owner = public.game.to_move()
    mine = Table(decode(table["link"]), {owner: keys[owner]})
    actual = mine.game.private.queue[mine.game.private.cursor][-1] & 15
    return devices, public, owner, keys, mine, actual


def _reveal_index(public: Table, card: int) -> int:
    return next(i for i, m in enumerate(public.game.legal()) if m.kind == 1 and m.a == card)


def test_a_reveal_that_names_another_card_is_refused_by_every_device_at_once():
    devices, public, owner, keys, mine, actual = _at_a_reveal(7)
    number = next(n for n, c in mine.game.cards.items() if c == actual and n not in mine.game.opened)
    nonce = card_nonce(keys[owner], number)
    lie = next(t for t in range(10) if t != actual)
    attempts = {
        "no opening": Move(_reveal_index(public, lie)),
        "the true nonce, another card": Move(_reveal_index(public, lie), None, (number, nonce)),
        "a placement that does not exist": Move(_reveal_index(public, actual), None, (999, nonce)),
    }
    other = next((n for n, (seat, _) in enumerate(public.game.placed) if seat != owner), None)
    if other is not None:  # another seat's placement, with a nonce the liar made up
        attempts["another seat's card"] = Move(_reveal_index(public, lie), None, (other, bytes(6)))
    for why, event in attempts.items():
        forged = _text(public.record.extend(event))
        for device in devices:
            with pytest.raises(BadLink) as caught:
                device.open(forged)
            assert caught.value.key in ("link.error.false_reveal", "link.error.illegal_move"), why
    honest = _text(public.record.extend(Move(_reveal_index(public, actual), None, (number, nonce))))
    for seat, device in enumerate(devices):
        if seat != owner:
            assert device.open(honest)["played"] == len(public.history) + 1


def test_a_placement_cannot_be_opened_twice():
    devices, public, owner, keys, mine, actual = _at_a_reveal(7)
    number = next(n for n, c in mine.game.cards.items() if c == actual and n not in mine.game.opened)
    event = Move(_reveal_index(public, actual), None, (number, card_nonce(keys[owner], number)))
    table = Table(public.record.extend(event), {})
    assert number in table.game.opened
    with pytest.raises(BadLink) as caught:
        table.game._open(owner, actual, number, card_nonce(keys[owner], number))
    assert caught.value.key == "link.error.false_reveal"


def test_a_commitment_opens_to_its_own_card_only():
    nonce = card_nonce(bytes(range(16)), 3)
    assert card_commitment(4, 3, nonce) != card_commitment(5, 3, nonce)
    assert card_commitment(4, 3, nonce) != card_commitment(4, 4, nonce)


# --- 4. an audit that always ends ----------------------------------------------------------------


@pytest.mark.parametrize("game,players", LINK_GAMES)
def test_a_seat_that_withholds_its_key_leaves_the_result_unconfirmed_and_says_whose(game, players):
    devices, table, _, _ = play_by_link(game, players, seed=9, until=_keys_due)
    waiting = table["audit"]["waiting"]
    assert table["audit"]["state"] == "pending" and waiting
    assert table["next"] == {"seat": waiting[0], "name": table["names"][waiting[0]], "action": "reveal"}
    assert table["outcome"] is not None  # the standings are there, and unconfirmed
    for seat in waiting:
        table = devices[seat].open(table["link"])
    assert table["audit"]["state"] == "verified" and table["audit"]["waiting"] == []


def test_an_honest_game_endorses_every_event_and_verifies():
    devices, table, _, _ = play_by_link("oriflamme", 4, seed=12)
    record = decode(table["link"])
    keys = _keys(devices, table["link"])
    public = Table(record, {})
    for seat, key in keys.items():
        assert public.unendorsed(seat, key) == []
        last = max(i for i, a in enumerate(public.authors) if a == seat)
        assert record.tag(seat) == endorsement(key, public.heads[last + 1])
    assert public.audit()["state"] == "verified"


def test_a_tag_stripped_from_a_link_is_refused_by_its_seat():
    devices, table, _, _ = play_by_link("turncoats", 2, seed=2, until=lambda t: t["played"] >= 4)
    record = decode(table["link"])
    mover = Table(record, {}).authors[-1]
    stripped = Record(record.header, record.events, tuple(None for _ in record.header.names))
    refused(devices[mover], _text(stripped), "link.error.changed")


# --- smaller items --------------------------------------------------------------------------------


def test_a_seat_export_with_a_non_ascii_digit_is_a_bad_key_not_a_bug():
    table = api.link_create("okiya", 2, ["A", "B"], key=derive_key("export", 0))
    for seat in ("\u00b2", "\u0663", "9", "", "01"):
        link = table["link"] + "&k=" + seat + "." + "ab" * 16
        answer = json.loads(bridge.call("link_open", json.dumps({"link": link})))
        assert answer["error"]["key"] == "link.error.bad_key", seat


def test_an_enormous_replay_step_is_a_clean_message():
    _, table, _, _ = play_by_link("okiya", 2, seed=1)
    raw = '{"link": "%s", "step": 1e999}' % table["link"]
    answer = json.loads(bridge.call("link_replay", raw))
    assert answer["ok"] is False and answer["error"]["key"] == "error.bad_call"


def _drawn_moves(seed: int, first: int) -> list[str]:
    """The moves of a drawn Okiya game on game seed ``seed`` (found by seeded random play)."""
    rng = Rng(seed)
    for _ in range(20000):
        state = new_game(2, seed, first_player=first)
        moves = []
        while state.outcome is None:
            move = state.legal_moves()[rng.below(len(state.legal_moves()))]
            moves.append(str(move))
            state = state.play(move)
        if not state.outcome.winners:
            return moves
    raise AssertionError("no draw found")


@pytest.mark.parametrize("format", ["best_of_three", "points_10"])
def test_an_okiya_match_of_drawn_games_ends_at_the_limit_by_link(format):
    keys = [derive_key("draws", format, seat) for seat in range(2)]
    table = api.link_create("okiya", 2, ["A", "B"], format=format, key=keys[0])
    a, b = Device(), Device()
    a.keep(table, table["key"])
    joined = api.link_join(table["link"], 1, {}, key=keys[1])
    table = b.keep(joined, joined["key"])
    table = a.open(table["link"])
    seed = Table(decode(table["link"]), {}).game.public.seed
    plans: dict[int, list[str]] = {}
    while table["phase"] == "playing":
        number = table["match"]["game"]
        if number not in plans:
            plans[number] = _drawn_moves(game_seed(seed, number), table["view"]["starter"])
        device = a if table["next"]["seat"] == 0 else b
        table = device.open(table["link"])
        if table["my_turn"]:
            table = device.play(table["link"], plans[number][table["view"]["ply"]])
    assert len(plans) == MATCH_GAME_LIMIT
    assert table["match"]["over"] and table["match"]["winner"] is None
    assert table["match"]["message"]["key"] == "okiya.match.drawn"


@pytest.mark.parametrize("game,players", [(game, n) for game, n in MIDDLE if not link_adapter(game).has_secrets])
def test_a_reveal_opening_in_a_game_without_hidden_cards_isrefused(game, players):
    _, table, _, _ = play_by_link(game, players, seed=2, until=lambda t: t["played"] >= 2)
    record = decode(table["link"]).extend(Move(0, None, (0, bytes(6))))
    with pytest.raises(BadLink) as caught:
        Table(decode(record.to_text()), {})
    assert caught.value.key == "link.error.illegal_move"

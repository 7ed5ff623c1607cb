"""Oriflamme's standing order ("keep my face-down cards hidden this round") in link play
(issue 26, bullet 2; docs/link-play.md, "Who speaks for which seat").

The page writes an order only for the seat to move, at its placement, once a round, and that
seat's placement follows it in the same link.  Every device accepts an order only there, so
an order written for another seat is refused by every device (a bystander holding a third
seat's key, a spectator with no key, the victim's), not only by the victim's: nobody can
answer "keep" for another seat's reveals and carry the game on past it."""

from __future__ import annotations

import pytest
from link_refusals import refused

from pygames import GAMES
from pygames.core.rng import Rng
from pygames.link import BadLink, Table, decode
from pygames.link.commit import endorsement
from pygames.link.simulate import Device, play_by_link
from pygames.link.wire import Move, Order, Record

COUNTS = GAMES["oriflamme"].PLAYER_COUNTS


def _public(table: dict) -> Table:
    """The game as a spectator replays it."""
    return Table(decode(table["link"]), {})


def _state(table: dict):
    """The public Oriflamme position of ``table`` (None before the start)."""
    game = _public(table).game
    return None if game is None else game.public


def _at(round_: int | None, decision: str | None):
    """``until`` for ``play_by_link``: a seat is to move at ``decision`` (``"place"``, or any other
    than a placement when None), in ``round_`` (any round when None)."""

    def holds(table: dict) -> bool:
        if table["next"] is None or table["next"]["action"] != "move":
            return False
        state = _state(table)
        if round_ is not None and state.round != round_:
            return False
        return state.decision == decision if decision else state.decision != "place"

    return holds


def _key(device: Device, link: str, seat: int) -> bytes:
    return bytes.fromhex(device.entry(link)["keys"][str(seat)])


def _own_move(device: Device, link: str, seat: int) -> Move:
    """The move event ``seat``'s device would write now (its first legal move)."""
    table = Table(decode(link), {seat: _key(device, link, seat)})
    return table.game.encode(str(table.game.my_legal()[0]))


def _signed(record: Record, seat: int, key: bytes) -> Record:
    """``record`` with ``seat``'s endorsement renewed over its last event (the forger's own)."""
    return record.with_tag(seat, endorsement(key, record.chain()[-1]))


def _refused(device: Device, link: str, key: str = "link.error.forged_order") -> BadLink:
    """``device`` refuses ``link`` (by default as a forged order) and keeps its saved game."""
    return refused(device, link, key)


def _forged_at_own_placement(players: int, seed: int, round_: int, last: bool = False):
    """A forger, at its own placement in ``round_``, writes "keep hidden" for another seat and then
    its own placement, endorsed as its device would: (devices, forged link, forger, victim).  The
    victim is the next seat; with ``last``, the forger places last in the round and the victim is
    the seat that placed just before it (its round's placement already made)."""
    at = _at(round_, "place")
    until = (lambda t: at(t) and _state(t).placed == players - 1) if last else at
    devices, table, _, _ = play_by_link("oriflamme", players, seed, keep_hidden=True, until=until)
    forger = table["next"]["seat"]
    victim = (forger + (-1 if last else 1)) % players
    link = table["link"]
    device = devices[forger]
    record = decode(link).extend(Order(victim, 0), _own_move(device, link, forger))
    return devices, _signed(record, forger, _key(device, link, forger)).to_text(), forger, victim


# --- a forged order is refused by every device ------------------------------------------------------


@pytest.mark.parametrize("players", COUNTS)
def test_an_order_forged_for_another_seat_is_refused_by_every_device(players):
    devices, link, forger, victim = _forged_at_own_placement(players, seed=6, round_=2)
    bystander = next(s for s in range(players) if s not in (forger, victim))
    for device in (devices[bystander], Device(), devices[victim], devices[forger]):  # a spectator: no key
        error = _refused(device, link)
        assert error.params["name"] == f"P{victim + 1}"
        assert f"P{victim + 1}" in str(error)


def _carry_on_without(victim: int, devices: list[Device], link: str, seed: int) -> str:
    """Pass ``link`` on the way the other players' devices would, the victim's never opening it:
    ``"victim"`` once the victim is needed, ``"over"`` if the game ends without it, or the
    message key of the first device that refuses the link."""
    rng = Rng(seed)
    while True:
        try:
            needed = Table(decode(link), {}).next()  # who is to get it, as the sender sees
            if needed is None or needed["action"] != "move":
                return "over"
            seat = needed["seat"]
            if seat == victim:
                return "victim"
            table = devices[seat].open(link)
            if table["my_turn"]:
                table = devices[seat].play(table["link"], table["legal"][rng.below(len(table["legal"]))])
        except BadLink as error:
            return error.key
        link = table["link"]


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("seed", range(4))
def test_an_order_forged_in_round_6_cannot_carry_the_game_past_the_victim(players, seed):
    """The issue's attack: "keep hidden" forged in the last round for a seat that has placed its
    card let the other devices answer its reveals and often reach the end without it (before,
    most of these games ended with the victim's device never asked).  Now the next device refuses it."""
    devices, link, _, victim = _forged_at_own_placement(players, seed, round_=6, last=True)
    assert _carry_on_without(victim, devices, link, seed) == "link.error.forged_order"


def test_an_order_without_its_placement_is_refused_by_every_device():
    """An order for the seat to move at its placement, where the page writes one, but not followed
    by that seat's placement: alone at the end of the link, or twice."""
    devices, table, _, _ = play_by_link("oriflamme", 3, seed=2, until=_at(3, "place"))
    seat = table["next"]["seat"]
    bystander = (seat + 1) % 3
    record = decode(table["link"])
    for forged in (record.extend(Order(seat, 0)), record.extend(Order(seat, 0), Order(seat, 0))):
        for device in (devices[bystander], Device()):
            _refused(device, forged.to_text())
    # twice, even with the placement after: the page writes one order a round
    placement = Move(0, bytes(6))
    _refused(Device(), record.extend(Order(seat, 0), Order(seat, 0), placement).to_text())


def test_an_order_in_another_seats_turn_or_outside_a_placement_is_refused_by_every_device():
    """During the resolution: an order for another seat in the middle of a seat's turn, or for the
    seat to move itself at a decision that is not a placement."""
    devices, table, _, _ = play_by_link("oriflamme", 3, seed=5, until=_at(None, None))
    mover = table["next"]["seat"]
    bystander, victim = (mover + 1) % 3, (mover + 2) % 3
    link = table["link"]
    key = _key(devices[mover], link, mover)
    own = _own_move(devices[mover], link, mover)
    for seat in (victim, mover):
        forged = _signed(decode(link).extend(Order(seat, 0), own), mover, key).to_text()
        for device in (devices[bystander], Device()):
            _refused(device, forged)


def test_an_order_at_the_victims_own_placement_is_a_forged_move_for_its_device():
    """Where the page writes an order, one written by someone else comes with a placement in the
    victim's name: other devices cannot tell it from a forged move until the audit (the limit
    docs/link-play.md states for every forged move), and the victim's device refuses it."""
    devices, table, _, _ = play_by_link("oriflamme", 3, seed=2, until=_at(3, "place"))
    victim = table["next"]["seat"]
    forged = decode(table["link"]).extend(Order(victim, 0), Move(0, bytes(6))).to_text()
    Device().open(forged)
    _refused(devices[victim], forged, "link.error.forged_move")


# --- honest orders --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("seed", range(3))
def test_honest_orders_are_accepted_at_every_player_count(players, seed):
    devices, table, _, _ = play_by_link("oriflamme", players, seed, keep_hidden=True)
    assert table["next"] is None and table["audit"]["state"] == "verified"
    record = decode(table["link"])
    spectator = Table(record, {})
    orders = [i for i, event in enumerate(record.events) if type(event) is Order]
    assert orders
    for i in orders:  # each one directly followed by its own seat's placement
        assert type(record.events[i + 1]) is Move and record.events[i + 1].commitment is not None
        assert spectator.authors[i + 1] == record.events[i].seat
    assert Device().open(table["link"])["audit"]["state"] == "verified"


def test_keep_hidden_writes_an_order_only_at_a_placement_as_the_page_does():
    """The page offers "keep hidden" only while placing; the engine writes an order for
    ``keep_hidden`` only there too, so its own links never hold one another device refuses."""
    devices, table, _, _ = play_by_link("oriflamme", 3, seed=5, until=_at(None, None))
    seat = table["next"]["seat"]
    opened = devices[seat].open(table["link"])
    assert opened["my_turn"] and opened["view"]["phase"] != "place"
    after = devices[seat].play(opened["link"], opened["legal"][0], keep_hidden=True)
    record = decode(after["link"])
    assert not any(type(e) is Order for e in record.events[len(decode(opened["link"]).events) :])
    Device().open(after["link"])

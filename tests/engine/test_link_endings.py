"""Endings nobody can rewrite: no key is revealed until every seat has endorsed the final
position ("done"), so whoever holds the link at any moment of the end, with every key it
has seen, cannot change the game without a key that is still secret; and every device that
saw the end refuses the rewritten one (issue 26, hole 1)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from link_refusals import LINK_GAMES, refused

from pygames.core.rng import Rng
from pygames.link import BadLink, Table, api, decode
from pygames.link.commit import endorsement, seat_commitment
from pygames.link.simulate import Device, play_by_link
from pygames.link.wire import Done, Join, Move, Record, Secret


def _over(table: dict) -> bool:
    return table["phase"] in ("revealing", "over")


def _saw_the_end(device: Device, link: str) -> bool:
    saved = device.entry(link)["link"]
    return saved is not None and Table(decode(saved), {}).game is not None and Table(decode(saved), {}).game.over()


def _known_keys(device: Device, link: str) -> dict[int, bytes]:
    """What the link's holder knows: its own keys and every key revealed in the link."""
    keys = {int(s): bytes.fromhex(k) for s, k in device.entry(link)["keys"].items()}
    return {**keys, **Table(decode(link), {}).revealed}


def _rewrite_the_ending(link: str, keys: dict[int, bytes]) -> str | None:
    """The holder's best forgery: one of the last moves replaced by another legal one (what
    followed it dropped), every seat whose key it knows re-endorsed (and its "done" and keys
    written again, as a device holding them would), the other seats' tags left as they were.
    None when none of the last moves had another choice the rules take."""
    record = decode(link)
    moves = [i for i, e in enumerate(record.events) if type(e) is Move][-8:]
    for at in reversed(moves):
        was = record.events[at]
        choices = len(Table(Record(record.header, record.events[:at], ()), {}).game.legal())
        for index in (i for i in range(choices) if i != was.index):
            events = record.events[:at] + (Move(index, was.commitment, was.opening),)
            try:
                public = Table(Record(record.header, events, ()), {})
            except BadLink:  # a move the rules refuse in that form (a reveal without its opening)
                continue
            tags = list(record.tags) + [None] * (public.players - len(record.tags))
            for seat, key in keys.items():
                mine = [i for i, a in enumerate(public.authors) if a == seat]
                if mine:
                    tags[seat] = endorsement(key, public.heads[mine[-1] + 1])
            forged = Table(Record(record.header, events, tuple(tags)), keys)
            forged.settle()
            return forged.record.to_text()
    return None


@pytest.mark.parametrize("game,players", LINK_GAMES)
def test_whoever_holds_the_ending_cannot_rewrite_it(game, players):
    """At every pass after the last move the holder rewrites the last move with every key it
    knows: every device that saw the end refuses it, and no device ever verifies it."""
    devices, table, _, _ = play_by_link(game, players, seed=21, until=_over)
    link = table["link"]
    attempts = 0
    while True:
        holder = table["next"]["seat"] if table["next"] else None
        for forger, device in enumerate(devices):
            if device.entry(link)["link"] is None:
                continue
            forged = _rewrite_the_ending(link, _known_keys(device, link))
            if forged is None:
                continue
            attempts += 1
            _nobody_is_fooled(devices, forger, forged)
        if holder is None:
            break
        table = devices[holder].open(link)
        link = table["link"]
    assert attempts, "no ending of this game could be rewritten: choose another seed"
    assert table["audit"]["state"] == "verified"


def _nobody_is_fooled(devices: list[Device], forger: int, forged: str) -> None:
    """Pass the forged link on as honest devices would: each device that saw the end refuses
    it; a device that did not may accept it (it cannot tell a move forged in another seat's
    name), but the game never reaches a verified result."""
    link, passes = forged, 0
    while passes < 3 * len(devices):
        table = api.link_open(link, {}, None)
        nxt = table["next"]
        if nxt is None:
            break
        device = devices[nxt["seat"]]
        if _saw_the_end(device, link):
            before = dict(device.saved)
            with pytest.raises(BadLink):
                device.open(link)
            assert device.saved == before
            return
        copy = Device()
        copy.saved = {k: dict(v) for k, v in device.saved.items()}
        try:
            table = copy.open(link)
        except BadLink:
            return
        assert table["audit"]["state"] != "verified", f"seat {forger}'s rewrite was verified"
        link, passes = table["link"], passes + 1


def test_no_key_is_revealed_before_every_seat_has_sealed_the_end():
    devices, table, _, _ = play_by_link("turncoats", 3, seed=5, until=_over)
    sealed = []
    while table["next"] is not None:
        public = Table(decode(table["link"]), {})
        assert not public.revealed or public.closed == {0, 1, 2}, "a key was out before every seat sealed the end"
        sealed.append(len(public.closed))
        table = devices[table["next"]["seat"]].open(table["link"])
    assert sealed[0] == 1 and 2 in sealed  # the last mover, then one "done" a pass
    assert table["audit"]["state"] == "verified"


def test_a_done_is_accepted_once_per_seat_and_only_after_the_end():
    devices, table, _, _ = play_by_link("okiya", 2, seed=4, until=_over)
    record = decode(table["link"])
    public = Table(record, {})
    waiting = table["next"]["seat"]
    assert table["next"]["action"] == "confirm" and public.closed == {1 - waiting}
    refused(devices[waiting], record.extend(Done(1 - waiting)).to_text(), "link.error.out_of_order")
    refused(devices[1 - waiting], record.extend(Secret(1 - waiting, bytes(16))).to_text(), "link.error.out_of_order")
    devices, table, _, _ = play_by_link("okiya", 2, seed=4, until=lambda t: t["played"] >= 2)
    refused(devices[0], decode(table["link"]).extend(Done(0)).to_text(), "link.error.out_of_order")


def test_a_game_begun_in_link_version_2_ends_by_its_own_rule():
    """A game created before this release ends as version 2 did (keys right after the last
    move, no "done"), so games under way on the day of the update still finish and verify."""
    keys = {seat: bytes([seat + 1]) * 16 for seat in range(3)}
    made = api.link_create("turncoats", 3, ["A", "B", "C"], key=keys[0].hex())
    old = replace(decode(made["link"]).header, version=2)
    table = Table(Record(old, ()), keys)
    for seat in (1, 2):
        table.add(Join(seat, seat_commitment(keys[seat])), own=True)
    table.settle()
    rng = Rng(8)
    while table.phase == "playing":
        table.play(str(table.game.my_legal()[rng.below(len(table.game.my_legal()))]))
    link = table.record.to_text()
    assert decode(link).header.version == 2
    assert not any(type(e) is Done for e in decode(link).events)
    assert api.link_open(link, {}, None)["audit"]["state"] == "verified"

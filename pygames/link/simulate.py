"""Devices passing a link around, in one process: how tests and the bench play whole
link games the way phones would (each device holds only its own keys and its saved
copy of each game, and talks to the same calls the page makes)."""

from __future__ import annotations

import hashlib

from pygames.core.rng import Rng
from pygames.link import api


def derive_key(*parts: object) -> str:
    """A seat key (hex) fixed by ``parts``, so a simulated game is the same on every run."""
    return hashlib.sha256("\x1f".join(map(str, parts)).encode()).digest()[:16].hex()


class Device:
    """One phone: its saved games (latest link and its own seat keys, nothing else)."""

    def __init__(self) -> None:
        self.saved: dict[str, dict] = {}

    def keep(self, table: dict, key: dict | None = None) -> dict:
        entry = self.saved.setdefault(table["id"], {"link": None, "keys": {}})
        entry["link"] = table["link"]
        if key:
            entry["keys"][str(key["seat"])] = key["key"]
        return table

    def entry(self, link: str) -> dict:
        return self.saved.get(api.link_id(link)["id"], {"link": None, "keys": {}})

    def open(self, link: str) -> dict:
        entry = self.entry(link)
        return self.keep(api.link_open(link, entry["keys"], entry["link"]))

    def play(self, link: str, move: str, keep_hidden: bool = False) -> dict:
        return self.keep(api.link_play(link, move, self.entry(link)["keys"], keep_hidden))


def play_by_link(game: str, players: int, seed: int, *, keep_hidden: bool = False, until=None, names=None):
    """A whole game passed between ``players`` devices; returns (devices, last table, passes, decisions).
    ``until(table)``: stop as soon as it holds for the table the last device answered."""
    rng = Rng(seed)
    devices = [Device() for _ in range(players)]
    names = list(names) if names else [f"P{i + 1}" for i in range(players)]
    key = lambda seat: derive_key("simulate", game, players, seed, seat)  # noqa: E731  (seeded: replays are exact)
    table = api.link_create(game, players, names, key=key(0))
    devices[0].keep(table, table["key"])
    for seat in range(1, players):
        assert table["next"] == {"seat": seat, "name": names[seat], "action": "join"}
        joined = api.link_join(table["link"], seat, {}, key=key(seat))
        table = devices[seat].keep(joined, joined["key"])
    passes, decisions, holder = players - 1, 0, players - 1
    while table["next"] is not None and not (until and until(table)):
        seat = table["next"]["seat"]
        if seat != holder:
            passes += 1
            holder = seat
            table = devices[seat].open(table["link"])
            continue
        move = table["legal"][rng.below(len(table["legal"]))]
        hide = keep_hidden and move.startswith("place")
        table = devices[seat].play(table["link"], move, hide)
        decisions += 1
    return devices, table, passes, decisions

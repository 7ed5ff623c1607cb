"""A seat's view as a flat array of small non-negative integers, for learning code (PettingZoo).

``encode(game, view, seat, players)`` reads only ``State.view(seat)``.  Seats are written
relative to the viewer: "seat +k" is the seat ``k`` places after it (``+0`` is the viewer), in
blocks of ``MAX_SEATS`` = 5 entries (zeros past the player count).  One-hot blocks hold a single
1 (or none when the thing is absent).

Okiya (178): per cell 0..15, 11 values each: plant one-hot (maple, cherry, pine, iris), symbol
one-hot (sun, bird, rain, tanzaku), the viewer's token, the opponent's token, the last tile taken;
then the viewer's tokens left, the opponent's.

Oriflamme (708):

=========  ====  ================================================================================
offset     size  what
=========  ====  ================================================================================
0          1     round (1..6)
1          3     phase one-hot: place, resolve, over
4          8     decision one-hot: place, reveal, target, steal, copy, decree, decree_destination,
                 show
12         1     the slot being visited, 1-based (0: none)
13         5     seat to move, relative one-hot
18         5     the round's first player, relative one-hot
23         15    per relative seat: influence, cards in hand, cards in the queue (tie-break count)
38         10    the viewer's hand (one per card type, alphabetical: Ambush .. Spy)
48         10    the viewer's removed cards
58         600   30 queue slots in resolution order, 20 each: present, owner relative one-hot (5),
                 cards in the slot, top card face up, top card type one-hot (10 types, then
                 "unknown"), tokens on the top card
658        50    per relative seat, per card type: 1 if out of play (eliminated or discarded)
=========  ====  ================================================================================

Turncoats (58): stones per area 0..10 (red, blue, black: 33), AXE (3), FLAG (3), stones in the
bag (1), hand sizes per relative seat (5), the viewer's hand (3), the stone it just drew, one-hot
(3; zeros unless a Negotiate of its own waits for the return), seat to move relative one-hot (5),
consecutive Negotiates (1), turns played (1).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pygames.oriflamme.cards import IDS as CARD_IDS

MAX_SEATS = 5
#: The most slots an Oriflamme queue holds (5 seats x 6 rounds).
QUEUE_SLOTS = 30
SIZES = {"okiya": 178, "oriflamme": 708, "turncoats": 58}
#: The largest value an entry takes (turns played in a long Turncoats game stay far below).
HIGH = 32767

_CARD = {card: t for t, card in enumerate(CARD_IDS) if card != "unknown"}
_DECISIONS = ("place", "reveal", "target", "steal", "copy", "decree", "decree_destination", "show")
_PHASES = ("place", "resolve", "over")
_COLOURS = ("red", "blue", "black")


def encode(game: str, view: dict[str, Any], seat: int, players: int) -> np.ndarray:
    """The array of ``view`` (``State.view(seat)``) of ``game``, laid out as the module docstring says."""
    out = np.zeros(SIZES[game], dtype=np.int16)
    {"okiya": _okiya, "oriflamme": _oriflamme, "turncoats": _turncoats}[game](out, view, seat, players)
    return out


def _rel(other: int | None, seat: int, players: int) -> int | None:
    return None if other is None else (other - seat) % players


def _okiya(out: np.ndarray, view: dict[str, Any], seat: int, players: int) -> None:
    for cell, (tile, token) in enumerate(zip(view["layout"], view["tokens"])):
        base = 11 * cell
        out[base + (tile >> 2)] = 1
        out[base + 4 + (tile & 3)] = 1
        if token is not None:
            out[base + 8 + _rel(token, seat, 2)] = 1
        out[base + 10] = cell == view["last"]
    out[176] = view["tokens_left"][seat]
    out[177] = view["tokens_left"][1 - seat]


def _one_hot(out: np.ndarray, offset: int, index: int | None) -> None:
    if index is not None:
        out[offset + index] = 1


def _oriflamme(out: np.ndarray, view: dict[str, Any], seat: int, players: int) -> None:
    out[0] = view["round"]
    out[1 + _PHASES.index(view["phase"])] = 1
    pending = view.get("pending")
    if pending:
        out[4 + _DECISIONS.index(pending["kind"])] = 1
    out[12] = 0 if view["cursor"] is None else view["cursor"] + 1
    _one_hot(out, 13, _rel(view["to_move"], seat, players))
    _one_hot(out, 18, _rel(view["first_player"], seat, players))
    for other in range(players):
        base = 23 + 3 * _rel(other, seat, players)
        out[base : base + 3] = (view["pools"][other], view["hand_counts"][other], view["queue_cards"][other])
    for card in view["hand"] or ():
        out[38 + _CARD[card]] = 1
    for card in view["removed"][seat] or ():
        out[48 + _CARD[card]] = 1
    for i, slot in enumerate(view["queue"][:QUEUE_SLOTS]):
        base = 58 + 20 * i
        top = slot["cards"][-1]
        out[base] = 1
        out[base + 1 + _rel(slot["owner"], seat, players)] = 1
        out[base + 6] = len(slot["cards"])
        out[base + 7] = top["up"]
        out[base + 8 + (10 if top["card"] is None else _CARD[top["card"]])] = 1
        out[base + 19] = top["tokens"]
    for other, pile in enumerate(view["out"]):
        for entry in pile:
            out[658 + 10 * _rel(other, seat, players) + _CARD[entry["card"]]] = 1


def _turncoats(out: np.ndarray, view: dict[str, Any], seat: int, players: int) -> None:
    for area in view["map"]:
        out[3 * area["area"] : 3 * area["area"] + 3] = area["stones"]
    out[33:36] = view["axe"]
    out[36:39] = view["flag"]
    out[39] = view["bag"]
    for other, size in enumerate(view["hand_sizes"]):
        out[40 + _rel(other, seat, players)] = size
    out[45:48] = view["hand"]
    if view["drawn"]:
        out[48 + _COLOURS.index(view["drawn"])] = 1
    _one_hot(out, 51, _rel(view["to_move"], seat, players))
    out[56] = view["negotiations"]
    out[57] = view["turn"]

"""What the link tests share: the games they attack, and what they check of a refused link
(the device says why, and keeps what it had)."""

from __future__ import annotations

import json

import pytest

from pygames import GAMES
from pygames.link import BadLink
from pygames.link.simulate import Device

#: Every game of the registry at its fewest and its most seats.
LINK_GAMES = [
    (game, n) for game, module in GAMES.items() for n in sorted({module.PLAYER_COUNTS[0], module.PLAYER_COUNTS[-1]})
]


def refused(device: Device, link: str, key: str) -> BadLink:
    """``device`` refuses ``link`` with message ``key`` and keeps its saved game as it was."""
    before = json.dumps(device.saved, sort_keys=True)
    with pytest.raises(BadLink) as caught:
        device.open(link)
    assert caught.value.key == key
    assert json.dumps(device.saved, sort_keys=True) == before
    return caught.value

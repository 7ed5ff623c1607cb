"""Okiya (Niya): two players take garden tiles that match the last one taken.

Follows the game protocol of ``pygames.core.protocol``; matches (best of three,
points to 10) live in ``pygames.okiya.match`` and ``start_match`` starts one.
``from_layout`` sets up a game on an explicit layout (tests and examples).
"""

from pygames.okiya.match import FORMATS, Match, start_match
from pygames.okiya.state import MOVES, OPTIONS, PLAYER_COUNTS, Move, State, from_layout, from_text, new_game, parse

#: Okiya has no secrets: every seat (and a spectator) sees everything, legal moves included.
SECRETS = False
#: The game's code in a link's header: links outlive releases, so it never changes.
WIRE_CODE = 0
#: The calls beyond the protocol this game offers the page (``pygames.okiya.calls``): the
#: perfect player's verdict on every move of a game, its best moves as a hint, and the
#: verdict over the moves as a picture.
CALLS = ("review", "hint", "chart")

__all__ = [
    "CALLS",
    "FORMATS",
    "MOVES",
    "OPTIONS",
    "PLAYER_COUNTS",
    "SECRETS",
    "WIRE_CODE",
    "Match",
    "Move",
    "State",
    "from_layout",
    "from_text",
    "new_game",
    "parse",
    "start_match",
]

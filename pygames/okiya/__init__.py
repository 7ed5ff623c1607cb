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
CALLS = ("review", "hint", "chart", "coach")
#: The guided first game (``#learn/okiya``; ``pygames.core.coach``): the learner (seat 0) starts
#: against the medium bot on a garden where careful play wins in a few moves.
LESSON = {"seed": 6, "players": 2, "seat": 0, "level": "medium", "options": {}}

__all__ = [
    "CALLS",
    "FORMATS",
    "LESSON",
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

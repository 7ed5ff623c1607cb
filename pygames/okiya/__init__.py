"""Okiya (Niya): two players take garden tiles that match the last one taken.

The protocol every game follows: ``new_game``, ``State.to_move``,
``State.legal_moves``, ``State.play``, ``State.outcome``, ``State.view``,
``State.to_text`` and ``from_text``; matches (best of three, points to 10)
live in ``pygames.okiya.match``.
"""

from pygames.okiya.match import FORMATS
from pygames.okiya.state import MOVES, PLAYER_COUNTS, PLAYERS, Move, State, from_layout, from_text, new_game

#: Okiya has no secrets: every seat (and a spectator) sees everything, legal moves included.
SECRETS = False

__all__ = ["SECRETS", "FORMATS", "MOVES", "PLAYER_COUNTS", "PLAYERS", "Move", "State", "from_layout", "from_text", "new_game"]

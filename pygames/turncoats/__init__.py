"""Turncoats (2-5 players): play all sides of a three-colour war on a ring of eleven areas.

The rules are ``docs/rules/turncoats.md``; this package follows the game protocol
of ``pygames.core.protocol``.  Also: ``State.standing()`` (which colour would win if the game
ended now), ``from_view`` (a position from one seat's view, secrets unknown),
``State.determinize``, ``position`` (a position from explicit counts), ``from_setup`` and
``State.negotiated`` (the setup draws and a Negotiate's draw given as explicit chance outcomes);
``open_view`` shows a finished game's positions with every hand open (its replay).

* ``board``: colours, the 11 areas, the 17 edges, homelands.
* ``moves``: ``Move`` and the notation (``recruit red 7``, ``battle blue 4 kill
  red,black``, ``march black 5-7 x2``, ``negotiate``, ``return blue``).
* ``rules``: the rule ``OPTIONS`` (the UNCONFIRMED points of the rules page) and their defaults.
* ``state``: positions and moves, ``from_text`` and ``from_view``; ``scoring``: control, winning colour, winning
  player; ``text``: the position text; ``view``: views and reading one back (``read_view``).
"""

from pygames.turncoats.board import ADJACENT, COLOURS, EDGES, HOMELAND, MAX_PLAYERS, MIN_PLAYERS
from pygames.turncoats.moves import Move, parse
from pygames.turncoats.rules import OPTIONS
from pygames.turncoats.state import State, from_setup, from_text, from_view, new_game, position, setup_draws
from pygames.turncoats.view import open_view

#: The player counts new_game accepts.
PLAYER_COUNTS = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
#: Hands and the bag are secret: the bridge shows legal moves only to the seat to move.
SECRETS = True
#: One game, no match formats.
FORMATS = ("single",)
#: The game's code in a link's header: links outlive releases, so it never changes.
WIRE_CODE = 2
#: The calls beyond the protocol this game offers the page (``pygames.turncoats.calls``): the
#: picture of a finished game.
CALLS = ("chart", "coach")
#: The guided first game (``#learn/turncoats``; ``pygames.core.coach``): the learner (seat 0)
#: against one heuristic bot, two players.
LESSON = {"seed": 3, "players": 2, "seat": 0, "level": "heuristic", "options": {}}

__all__ = [
    "CALLS",
    "LESSON",
    "ADJACENT",
    "COLOURS",
    "EDGES",
    "HOMELAND",
    "FORMATS",
    "OPTIONS",
    "PLAYER_COUNTS",
    "SECRETS",
    "WIRE_CODE",
    "Move",
    "State",
    "from_setup",
    "from_text",
    "from_view",
    "new_game",
    "open_view",
    "parse",
    "position",
    "setup_draws",
]

"""Oriflamme (base game, 3-5 players): hidden cards in a queue, six rounds of plots.

Follows the game protocol of ``pygames.core.protocol``; plus ``from_view`` (a position as one seat
knows it, other seats' secrets unknown).  Rule options: ``OPTIONS`` (name ->
default: the UNCONFIRMED points of ``docs/rules/oriflamme.md``, keyword arguments of ``new_game``, which
also takes ``first_player``: a seat, or None to draw it from the seed).  A game dealt
elsewhere (link play: each seat deals its own cards): ``deal`` (one seat's cards from a
generator) and ``from_deal`` (the first position from the hands, None for unknown ones);
``State.hand``, ``State.decision``, ``State.secret_decision``, ``State.public_notation``,
``Move.card`` and ``Move.with_card`` are what another device may ask; ``open_view`` shows a
finished game's positions with every card open (its replay).  Notation: see
``pygames.oriflamme.moves``; position text: ``pygames.oriflamme.text``; view
format: ``pygames.oriflamme.view``.
"""

from pygames.oriflamme.moves import Move, parse
from pygames.oriflamme.rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, ROUNDS, options_bits
from pygames.oriflamme.start import deal, from_deal, new_game
from pygames.oriflamme.state import State, from_text, from_view
from pygames.oriflamme.view import open_view

#: The player counts ``new_game`` accepts.
PLAYER_COUNTS = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
#: Hands, removed cards and face-down cards are secret: views differ by seat, and the
#: legal moves of the seat to move (they name its cards) are for that seat only.
SECRETS = True
#: One game, no match formats.
FORMATS = ("single",)
#: The game's code in a link's header: links outlive releases, so it never changes.
WIRE_CODE = 1
#: The calls beyond the protocol this game offers the page (``pygames.oriflamme.calls``): the
#: picture of a finished game.
CALLS = ("chart", "coach")
#: The guided first game (``#learn/oriflamme``; ``pygames.core.coach``): the learner (seat 0)
#: against two heuristic bots, three players.
LESSON = {"seed": 4, "players": 3, "seat": 0, "level": "heuristic", "options": {}}

__all__ = [
    "CALLS",
    "FORMATS",
    "LESSON",
    "OPTIONS",
    "PLAYER_COUNTS",
    "ROUNDS",
    "SECRETS",
    "WIRE_CODE",
    "Move",
    "State",
    "deal",
    "from_deal",
    "from_text",
    "from_view",
    "new_game",
    "open_view",
    "options_bits",
    "parse",
]

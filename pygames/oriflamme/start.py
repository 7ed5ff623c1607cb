"""How a game starts: each seat's deal and the first position (section 2 of the rules).

The deal is written once, here: ``new_game`` deals every seat from one seeded
generator, and link play deals each seat from its own key's generator on its own
device (``pygames.link.games``), then both build the position with ``from_deal``,
which takes the hands a position does not know as None.
"""

from __future__ import annotations

from collections.abc import Sequence

from pygames.core.errors import BadPosition
from pygames.core.rng import Rng
from pygames.oriflamme.cards import TYPES
from pygames.oriflamme.rules import HIDDEN, MAX_PLAYERS, MIN_PLAYERS, REMOVED, options_bits
from pygames.oriflamme.state import State, make_state


def deal(rng: Rng) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One seat's deal: its family of ten cards shuffled by ``rng``; the first 3 are removed
    face down, the other 7 are its hand.  Returns (hand, removed) as card types, ascending."""
    family = list(TYPES)
    rng.shuffle(family)
    return tuple(sorted(family[REMOVED:])), tuple(sorted(family[:REMOVED]))


def new_game(players: int = 4, seed: int = 0, *, first_player: int | None = None, **options: bool) -> State:
    """A fresh game for 3-5 players, dealt from ``seed``.

    Each family is dealt (``deal``) with one ``pygames.core.rng.Rng(seed)`` (seat 0's
    first); everyone starts with 1 influence.  ``first_player`` is the seat that places
    first in round 1 (drawn from the seed after the deal when None: docs/rules/oriflamme.md leaves
    BGA's choice UNCONFIRMED).  ``options`` are the named rule options of ``OPTIONS``
    (UNCONFIRMED points), each defaulting to the ruling of docs/rules/oriflamme.md.
    """
    _check_players(players)
    rng = Rng(seed)
    hands, removed = zip(*(deal(rng) for _ in range(players)))
    if first_player is None:
        first_player = rng.below(players)
    return from_deal(first_player, hands, removed, **options)


def from_deal(
    first_player: int, hands: Sequence[Sequence[int] | None], removed: Sequence[Sequence[int] | None], **options: bool
) -> State:
    """The first position of a game dealt elsewhere: one entry per seat of ``hands`` and
    ``removed`` (card types), None for a seat whose cards this position does not know (link
    play: the other devices' deals); ``first_player`` places first; ``options`` as in ``new_game``."""
    players = len(hands)
    _check_players(players)
    if len(removed) != players:
        raise BadPosition("error.players", game="Oriflamme", min=MIN_PLAYERS, max=MAX_PLAYERS)
    bits = options_bits(options)
    if isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < players:
        raise BadPosition("oriflamme.error.first_player", players=players)
    return make_state(players, bits, first_player, tuple(map(_mask, hands)), tuple(map(_mask, removed)))


def _mask(cards: Sequence[int] | None) -> int:
    return HIDDEN if cards is None else sum(1 << t for t in set(cards))


def _check_players(players: object) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadPosition("error.players", game="Oriflamme", min=MIN_PLAYERS, max=MAX_PLAYERS)

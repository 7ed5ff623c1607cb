"""The Turncoats position text: one line of ``name=value`` fields, like a FEN.

    turncoats players=3 first=0 seat=2 turn=2 neg=0 draw=blue rng=41236580b4112999
      areas=2.0.0/0.1.1/0.0.2/2.0.0/2.0.0/0.2.0/1.0.1/1.1.2/0.0.1/0.2.0/1.0.1
      axe=0.0.0 flag=0.1.0 bag=3.7.6 hands=3.3.1/4.1.2/2.3.4 [options=+battle_kills_optional,...]

(on one line: ``new_game(3, 1, first_player=0)`` after ``recruit red 7``, ``march blue
8-7 x1`` and ``negotiate``, which drew a blue stone for seat 2).  Stone counts are ``red.blue.black``;
``areas`` lists areas 0..10
and ``hands`` seats 0..N-1, separated by ``/``.  ``seat`` is the seat to move
(once the game is over: the seat after the one that ended it); ``first`` the
seat that took the first turn; ``turn`` the turns completed; ``neg`` the
consecutive Negotiates (the game is over when it equals ``players``); ``draw``
the colour drawn by a Negotiate that waits for its return (``-`` if none);
``rng`` the generator state (16 hex digits).  ``options`` lists the options that
differ from their defaults, ``+name`` for on and ``-name`` for off, and is
left out when there are none.

Unknown secrets (see ``State``): a hand or the bag written ``?<size>``, ``draw=?``
and ``rng=?``.  ``from_text(state.to_text())`` gives the same position (the move
log of a game is not part of it).

This module reads and writes fields, never builds a position: ``read_text`` gives the fields
a text holds (keyword arguments of ``pygames.turncoats.state.make_state``), ``to_text``
writes a position's fields, ``check`` judges a position built from them.
``pygames.turncoats.state`` imports this module (``from_text`` lives there); this module
never imports it.
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import BadPosition
from pygames.turncoats.board import (
    AREA_COUNT,
    COLOUR_OF,
    COLOURS,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SIZE,
    STONES_PER_COLOUR,
    pack,
    unpack,
)
from pygames.turncoats.rules import OPTIONS, rules_for

_FIELDS = ("players", "first", "seat", "turn", "neg", "draw", "rng", "areas", "axe", "flag", "bag", "hands")
#: Stones on the map after setup (6 in homelands + 16 drawn).
SETUP_MAP_STONES = 22
#: ``drawn`` code of a drawn stone that a position does not know (another seat's draw), written
#: ``draw=?``.  Here, below ``state`` and ``view``, so that each reads it without the other.
UNSEEN = 3


_TRIPLE_TEXT: dict[int, str] = {}
_TEXT_TRIPLE: dict[str, int] = {}


def _triple(p: int) -> str:
    found = _TRIPLE_TEXT.get(p)
    if found is None:
        found = f"?{~p}" if p < 0 else ".".join(str(k) for k in unpack(p))
        _TRIPLE_TEXT[p] = found
    return found


def to_text(state: Any) -> str:
    """The position text of ``state`` (a ``State``)."""
    draw = "-" if state.drawn < 0 else "?" if state.drawn > 2 else COLOURS[state.drawn]
    rng = "?" if state.rng is None else f"{state.rng:016x}"
    fields = [
        "turncoats",
        f"players={state.players}",
        f"first={state.first_player}",
        f"seat={state.seat}",
        f"turn={state.turn}",
        f"neg={state.neg}",
        f"draw={draw}",
        f"rng={rng}",
        "areas=" + "/".join(_triple(a) for a in state._areas),
        f"axe={_triple(state._axe)}",
        f"flag={_triple(state._flag)}",
        f"bag={_triple(state._bag)}",
        "hands=" + "/".join(_triple(h) for h in state._hands),
    ]
    changed = [("+" if value else "-") + name for name, value in state.rules.options.items() if value != OPTIONS[name]]
    if changed:
        fields.append("options=" + ",".join(changed))
    return " ".join(fields)


def _bad() -> BadPosition:
    return BadPosition("turncoats.error.text")


def _int(text: str, low: int, high: int) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise _bad()
    return int(text)


def _place(text: str, unknown_ok: bool) -> int:
    found = _TEXT_TRIPLE.get(text)
    if found is not None:
        return found
    if text.startswith("?"):
        if not unknown_ok:
            raise _bad()
        return ~_int(text[1:], 0, 3 * STONES_PER_COLOUR)
    parts = text.split(".")
    if len(parts) != 3:
        raise _bad()
    found = pack([_int(p, 0, STONES_PER_COLOUR) for p in parts])
    if _triple(found) == text:  # remember canonical spellings only
        _TEXT_TRIPLE[text] = found
    return found


def read_text(text: str) -> dict[str, Any]:
    """The fields of the position ``text`` writes (see the module docstring), as keyword arguments
    of ``make_state``; BadPosition if it is not a position text.  Whether the position can arise
    in a game is ``check``'s to say, on the position built from them."""
    if not isinstance(text, str):
        raise _bad()
    words = text.split()
    if not words or words[0] != "turncoats":
        raise _bad()
    fields: dict[str, str] = {}
    for word in words[1:]:
        name, eq, value = word.partition("=")
        if not eq or name in fields or (name not in _FIELDS and name != "options"):
            raise _bad()
        fields[name] = value
    if any(name not in fields for name in _FIELDS):
        raise _bad()
    options: dict[str, bool] = {}
    if "options" in fields:
        for item in fields["options"].split(","):
            if item[:1] not in ("+", "-") or item[1:] not in OPTIONS or item[1:] in options:
                raise _bad()
            options[item[1:]] = item[0] == "+"
    players = _int(fields["players"], MIN_PLAYERS, MAX_PLAYERS)
    draw = fields["draw"]
    if draw == "-":
        drawn = -1
    elif draw == "?":
        drawn = UNSEEN
    elif draw in COLOUR_OF:
        drawn = COLOUR_OF[draw]
    else:
        raise _bad()
    rng_text = fields["rng"]
    if rng_text == "?":
        rng = None
    else:
        try:
            rng = int(rng_text, 16)
        except ValueError:
            raise _bad() from None
        if len(rng_text) != 16:
            raise _bad()
    areas = [_place(a, False) for a in fields["areas"].split("/")]
    hands = [_place(h, True) for h in fields["hands"].split("/")]
    if len(areas) != AREA_COUNT or len(hands) != players:
        raise _bad()
    return {
        "players": players,
        "rules": rules_for(options),
        "areas": areas,
        "axe": _place(fields["axe"], False),
        "flag": _place(fields["flag"], False),
        "bag": _place(fields["bag"], True),
        "hands": hands,
        "seat": _int(fields["seat"], 0, players - 1),
        "first_player": _int(fields["first"], 0, players - 1),
        "neg": _int(fields["neg"], 0, players),
        "turn": _int(fields["turn"], 0, 10**6),
        "rng": rng,
        "drawn": drawn,
    }


def check(state: Any) -> None:
    """BadPosition unless ``state`` (a ``State``) can arise in a game: 21 stones of each colour,
    hand and bag sizes that fit the counters, a draw only in a hand that holds it."""
    n = state.players
    bad = BadPosition("turncoats.error.counts")
    places = (*state._areas, state._axe, state._flag, state._bag, *state._hands)
    seen = [0, 0, 0]
    unknown = 0
    for p in places:
        if p < 0:
            unknown += ~p
        else:
            for c, k in enumerate(unpack(p)):
                if k > STONES_PER_COLOUR:
                    raise bad
                seen[c] += k
    if any(k > STONES_PER_COLOUR for k in seen) or sum(seen) + unknown != 3 * STONES_PER_COLOUR:
        raise bad
    if unknown == 0 and seen != [STONES_PER_COLOUR] * 3:
        raise bad
    size = [SIZE[p] if p >= 0 else ~p for p in places]
    hands_total = sum(SIZE[h] if h >= 0 else ~h for h in state._hands)
    pending = state.drawn >= 0
    if pending:
        h = state._hands[state.seat]
        if state.neg >= n or (h >= 0 and (state.drawn > 2 or not unpack(h)[state.drawn])) or h == -1:
            raise BadPosition("turncoats.error.draw")
        hands_total -= 1
    actions = HAND_SIZE * n - hands_total  # Recruits + Battles + Marches so far
    axe, flag = SIZE[state._axe], SIZE[state._flag]
    recruits = actions - axe - flag
    map_stones = sum(size[:AREA_COUNT])
    bag_size = SIZE[state._bag] if state._bag >= 0 else ~state._bag
    if recruits < 0 or map_stones > SETUP_MAP_STONES + recruits or (bag_size < 1 and not pending):
        raise bad
    for seat, h in enumerate(state._hands):  # a hand only shrinks (a drawn stone waits for its return)
        if (SIZE[h] if h >= 0 else ~h) > HAND_SIZE + (pending and seat == state.seat):
            raise bad
    if not actions + state.neg <= state.turn <= HAND_SIZE * n * n + n:
        raise BadPosition("turncoats.error.turns")

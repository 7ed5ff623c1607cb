"""What one seat may know of a Turncoats position, as a JSON-safe dict, and back.

``view(state, seat)`` (``State.view``) shows the map, AXE, FLAG, the bag's size,
every hand's size, the seat's own hand (and the stone it just drew), the
counters, the recent moves and the live standing; never another seat's hand,
the bag's contents or the generator state.  ``seat=None`` is a spectator.  Once
the game is over every hand is shown.

    {"game": "turncoats", "players": 3, "seat": 0, "to_move": 0, "current": 0,
     "phase": "action" | "return" | "over", "first": 2, "turn": 7,
     "negotiations": 1, "negotiations_to_end": 3,
     "colours": ["red", "blue", "black"], "edges": [[0, 1], ...],
     "map": [{"area": 0, "stones": [r, b, k], "home": null | "red", "adjacent": [1, 2, 4],
              "controller": null | "blue", "reason": "majority" | "axe" | "flag" | "tied" | "empty"}, ...],
     "axe": [r, b, k], "flag": [r, b, k], "bag": 17, "hand_sizes": [8, 7, 8],
     "hand": [r, b, k] | null, "drawn": null | "black", "pending": null | seat,
     "legal": ["recruit red 0", ...]  (only in the view of the seat to move),
     "moves": [Move.to_json(), ...]   (the same moves as data: kind, colour, area, dest, count, kills),
     "log": [{"seat": 1, "move": "march black 5-7 x2", "key": "turncoats.log.march", "params": {...}}, ...],
     "standing": State.standing(), "options": {...},
     "hands": null | [[r, b, k], ...]  (all hands, once the game is over, or in ``open_view``),
     "outcome": null | {"winners": [s], "scores": [...], "reason": ..., "message": {...},
                        "ended": {"key": ..., "params": ...}  (why the game ended),
                        "colour": null | "blue", "ranking": [seats], "start": seat,
                        "steps": [{"key": ..., "params": ...}, ...], "hands": [[r, b, k], ...]}}

``read_view(view)`` reads a view back into the fields of the position it shows, with the
unseen secrets left unknown (see ``State``); ``pygames.turncoats.from_view`` builds that
position (in ``pygames.turncoats.state``, which imports this module; this module never imports
it), and the seat's own legal moves work on it.
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import BadPosition
from pygames.core.outcome import seat_params
from pygames.turncoats import scoring
from pygames.turncoats.board import (
    ADJACENT,
    AREA_COUNT,
    AREAS,
    COLOUR_OF,
    COLOURS,
    EDGES,
    HOME_COLOUR,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SIZE,
    STONES_PER_COLOUR,
    pack,
    unpack,
)
from pygames.turncoats.moves import BATTLE, MARCH, NEGOTIATE, RECRUIT
from pygames.turncoats.rules import rules_for
from pygames.turncoats.text import UNSEEN

#: How many recent moves a view lists.
LOG_LENGTH = 60


def _kills_text(kills: tuple[int, int, int]) -> list[str]:
    """The kills as a list param (``tr`` and the page write it in their language)."""
    return [f"{k} {COLOURS[c]}" for c, k in enumerate(kills) if k]


def log_entry(mover: int, move, drawn: int, seat: int | None) -> dict[str, Any]:
    """One move of the log as a catalog message (the drawn stone only for its drawer)."""
    params: dict[str, Any] = dict(seat_params(mover))
    kind = move.kind
    if kind == NEGOTIATE:
        if seat == mover and 0 <= drawn <= 2:
            key = "turncoats.log.draw_own"
            params["colour"] = COLOURS[drawn]
        else:
            key = "turncoats.log.draw"
    else:
        params["colour"] = COLOURS[move.colour]
        if kind == RECRUIT:
            key = "turncoats.log.recruit"
            params["area"] = move.area
        elif kind == BATTLE:
            key = "turncoats.log.battle" if move.kill_total else "turncoats.log.battle_none"
            params.update(
                area=move.area,
                kills=_kills_text(move.kills),
                kill_counts=list(move.kills),
                killed=[{"colour": COLOURS[c], "count": k} for c, k in enumerate(move.kills) if k],
                count=move.kill_total,
            )
        elif kind == MARCH:
            if move.count:
                key = "turncoats.log.march"
                params.update(source=move.area, dest=move.dest, count=move.count)
            else:
                key = "turncoats.log.march_zero"
        else:
            key = "turncoats.log.return"
    return {"mover": mover, "move": move.text, "key": key, "params": params}


def view(state: Any, seat: int | None = None) -> dict[str, Any]:
    """What ``seat`` may know of ``state`` (a ``State``): see the module docstring."""
    n = state.players
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
        raise BadPosition("turncoats.error.seat", seat=str(seat)[:8])
    over = state.neg >= n
    standing = scoring.standing(state)
    own = state._hands[seat] if seat is not None else -1
    drawer = state.seat if state.drawn >= 0 else None
    legal = state.legal_moves() if seat is not None and seat == state.seat and not over else ()
    result: dict[str, Any] = {
        "game": "turncoats",
        "players": n,
        "seat": seat,
        "to_move": None if over else state.seat,
        "current": state.seat,
        "phase": "over" if over else "return" if state.drawn >= 0 else "action",
        "first": state.first_player,
        "turn": state.turn,
        "negotiations": state.neg,
        "negotiations_to_end": n,
        "colours": list(COLOURS),
        "edges": [list(e) for e in EDGES],
        "map": [
            {
                "area": x,
                "stones": list(unpack(state._areas[x])),
                "home": None if HOME_COLOUR[x] < 0 else COLOURS[HOME_COLOUR[x]],
                "adjacent": list(ADJACENT[x]),
                **{k: ctl[k] for k in ("controller", "reason")},
            }
            for x, ctl in zip(AREAS, standing["control"])
        ],
        "axe": list(unpack(state._axe)),
        "flag": list(unpack(state._flag)),
        "bag": SIZE[state._bag] if state._bag >= 0 else ~state._bag,
        "hand_sizes": [SIZE[h] if h >= 0 else ~h for h in state._hands],
        "hand": list(unpack(own)) if own >= 0 else None,
        "drawn": COLOURS[state.drawn] if drawer is not None and drawer == seat and state.drawn <= 2 else None,
        "pending": drawer,
        "legal": [m.text for m in legal],
        "moves": [m.to_json() for m in legal],
        "log": [log_entry(s, m, d, seat) for s, m, d in state.log(LOG_LENGTH)],
        "standing": standing,
        "options": dict(state.rules.options),
        "hands": None,
        "outcome": None,
    }
    if over and all(h >= 0 for h in state._hands):
        final = scoring.final(state)
        result["hands"] = [list(h) for h in final["hands"]]
        result["outcome"] = {
            **state.outcome.to_json(),
            "colour": None if final["colour"] < 0 else COLOURS[final["colour"]],
            "colour_message": standing["message"],
            "ended": final["ended"],
            "ranking": final["ranking"],
            "start": final["start"],
            "steps": final["steps"],
            "hands": [list(h) for h in final["hands"]],
        }
    return result


def open_view(state: Any) -> dict[str, Any]:
    """The position ``state`` with every hand shown (``hands``, ``"open": true``) and the stone
    just drawn (``drawn``), as a spectator's view otherwise: the view of a step of a finished
    game's replay, never of a game under way (``pygames.core.replay`` checks that)."""
    result = view(state, None)
    if all(h >= 0 for h in state._hands):
        result["hands"] = [list(unpack(h)) for h in state._hands]
    if state.drawn >= 0 and state.drawn <= 2:
        result["drawn"] = COLOURS[state.drawn]
    result["open"] = True
    return result


def _bad() -> BadPosition:
    return BadPosition("turncoats.error.view")


def _triple(value: Any) -> int:
    if (
        not isinstance(value, list)
        or len(value) != 3
        or any(isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= STONES_PER_COLOUR for k in value)
    ):
        raise _bad()
    return pack(value)


def _count(value: Any, high: int) -> int:
    """``value`` if it is an int in 0..high, else BadPosition."""
    if type(value) is not int or not 0 <= value <= high:
        raise _bad()
    return value


def read_view(v: dict[str, Any]) -> dict[str, Any]:
    """The fields of the position view ``v`` shows, as keyword arguments of ``make_state``: the
    viewer's hand (and own drawn stone), every other hand and the bag known only by size (unless
    the game is over and all hands are shown), no generator state.  BadPosition when ``v`` is not a
    Turncoats view (a key missing, a value of the wrong type or out of range); whether the position
    can arise in a game is ``text.check``'s to say, on the position built from them."""
    try:
        if type(v) is not dict or v.get("game") != "turncoats":
            raise _bad()
        n = v["players"]
        if type(n) is not int or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise _bad()
        seat = v["seat"]
        if seat is not None:
            _count(seat, n - 1)
        places = v["map"]
        if not isinstance(places, list) or len(places) != AREA_COUNT:
            raise _bad()
        areas = [_triple(a["stones"]) for a in places]
        sizes = v["hand_sizes"]
        if not isinstance(sizes, list) or len(sizes) != n:
            raise _bad()
        hands = [~_count(k, 3 * STONES_PER_COLOUR) for k in sizes]
        shown = v.get("hands")
        if shown:
            if not isinstance(shown, list) or len(shown) != n:
                raise _bad()
            hands = [_triple(h) for h in shown]
        elif seat is not None and v.get("hand") is not None:
            hands[seat] = _triple(v["hand"])
        axe, flag = _triple(v["axe"]), _triple(v["flag"])
        bag = ~_count(v["bag"], 3 * STONES_PER_COLOUR)
        if all(h >= 0 for h in hands):
            used = [0, 0, 0]
            for p in (*areas, axe, flag, *hands):
                for c, k in enumerate(unpack(p)):
                    used[c] += k
            bag = pack([STONES_PER_COLOUR - k for k in used])
        drawn = -1
        if v.get("pending") is not None:
            drawn = COLOUR_OF[v["drawn"]] if v.get("drawn") else UNSEEN
        options = v.get("options") or {}
        if not isinstance(options, dict):
            raise _bad()
        return {
            "players": n,
            "rules": rules_for(options),
            "areas": areas,
            "axe": axe,
            "flag": flag,
            "bag": bag,
            "hands": hands,
            "seat": _count(v["current"], n - 1),
            "first_player": _count(v["first"], n - 1),
            "neg": _count(v["negotiations"], n),
            "turn": _count(v["turn"], 10**6),
            "rng": None,
            "drawn": drawn,
        }
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, BadPosition):
            raise
        raise _bad() from None

"""Who rules each area, which colour wins and which player wins (sections 8 and 10).

Pure functions of a position; ``State.standing()`` and ``State.outcome`` call them.
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import BadPosition
from pygames.core.i18n import tr
from pygames.core.outcome import Outcome, seat_params
from pygames.turncoats.board import AREAS, COLOURS, SIZE, TIED, unpack
from pygames.turncoats.rules import CONTROL_REASONS


def control(state) -> list[tuple[int, int]]:
    """``(controller or -1, reason code)`` of every area, in area order."""
    table = state.rules.resolver(state._axe, state._flag)
    return [table[TIED[a]] for a in state._areas]


def standing(state) -> dict[str, Any]:
    """Which colour would win if the game ended now, and why (JSON-safe)."""
    ctl = control(state)
    counts = [0, 0, 0]
    for c, _ in ctl:
        if c >= 0:
            counts[c] += 1
    axe, flag = unpack(state._axe), unpack(state._flag)
    colour, reason, tied = state.rules.winning_colour(tuple(counts), axe, flag)
    # lists are lists (``tr`` and the page's ``t`` write them in their language); pages name ``tied_colours``
    params: dict[str, Any] = {
        "tied": [COLOURS[c] for c in tied],
        "tied_colours": [COLOURS[c] for c in tied],
        "count": counts[tied[0]],
    }
    if colour >= 0:
        params.update(colour=COLOURS[colour], axe=axe[colour], flag=flag[colour])
    return {
        "control": [
            {"area": x, "controller": None if c < 0 else COLOURS[c], "reason": CONTROL_REASONS[r]}
            for x, (c, r) in zip(AREAS, ctl)
        ],
        "areas": counts,
        "axe": list(axe),
        "flag": list(flag),
        "colour": None if colour < 0 else COLOURS[colour],
        "reason": reason,
        "tied": [COLOURS[c] for c in tied],
        "message": {"key": f"turncoats.colour_win.{reason}", "params": params},
    }


def _name(seat: int) -> str:
    found = _NAMES.get(seat)
    if found is None:
        found = _NAMES[seat] = seat_params(seat)["name"]
    return found


_NAMES: dict[int, str] = {}


def winning_colour(state) -> int:
    """The winning colour if the game ended now (section 10.1), or -1 (every playout's end: a
    colour with strictly the most areas needs no tie-break)."""
    table = state.rules.resolver(state._axe, state._flag)
    counts = [0, 0, 0, 0]  # the last: nobody's
    for a in state._areas:
        counts[table[TIED[a]][0]] += 1
    red, blue, black = counts[0], counts[1], counts[2]
    if red > blue and red > black:
        return 0
    if blue > red and blue > black:
        return 1
    if black > red and black > blue:
        return 2
    return state.rules.winning_colour((red, blue, black), unpack(state._axe), unpack(state._flag))[0]


def decide(state) -> tuple[int, list[int], list[int], list[int], int]:
    """Section 10.2 without words: (winning colour or -1, ranking of the seats,
    stones of the winning colour per seat, losing stones per seat, the seat where
    turn order starts).  ``ranking[0]`` is the winner."""
    if min(state._hands) < 0:
        raise BadPosition("turncoats.error.unknown_hands")
    n = state.players
    colour = winning_colour(state)
    start = state.seat if state.rules.from_next_seat else state.first_player
    hands = state._hands
    shift = 5 * colour
    most = [hands[s] >> shift & 31 if colour >= 0 else 0 for s in range(n)]
    losing = [SIZE[hands[s]] - most[s] for s in range(n)]
    ranking = sorted(range(n), key=lambda s: (-most[s], losing[s], (s - start) % n))
    return colour, ranking, most, losing, start


def _filters(colour: int, most: list[int], losing: list[int]):
    if colour >= 0:
        yield "most_winning", most, max
    yield ("fewest_losing" if colour >= 0 else "fewest_stones"), losing, min


def _reason(colour: int, most: list[int], losing: list[int]) -> tuple[str, list[tuple[str, int, list[int]]]]:
    """The step of section 10.2 that leaves one player, and each step's (name, value, seats left)."""
    left = list(range(len(most)))
    steps = []
    for name, values, pick in _filters(colour, most, losing):
        best = pick(values[s] for s in left)
        left = [s for s in left if values[s] == best]
        steps.append((name, best, left))
        if len(left) == 1:
            return name, steps
    return "turn_order", steps


def _message(
    state, colour: int, ranking: list[int], most: list[int], losing: list[int], start: int, reason: str
) -> dict[str, Any]:
    winner = ranking[0]
    return {
        "key": f"turncoats.win.{reason}",
        "params": {
            "seat": winner,
            "name": _name(winner),
            "colour": COLOURS[colour] if colour >= 0 else "",
            "count": most[winner],
            "losing": losing[winner],
            "start": start,
            "start_name": _name(start),
        },
    }


def final(state) -> dict[str, Any]:
    """The end of the game: the winning colour, the player ranking and the
    tie-break steps of section 10.2, each step a catalog message."""
    colour, ranking, most, losing, start = decide(state)
    reason, steps = _reason(colour, most, losing)
    messages = [
        {
            "key": f"turncoats.tiebreak.{name}",
            "params": {
                "count": best,
                "colour": COLOURS[colour] if colour >= 0 else "",
                "seats": left,
                "names": [_name(s) for s in left],
            },
        }
        for name, best, left in steps
    ]
    if reason == "turn_order":
        left = steps[-1][2]
        messages.append(
            {
                "key": "turncoats.tiebreak.turn_order",
                "params": {
                    "seat": start,
                    "name": _name(start),
                    "seats": left,
                    "winner": ranking[0],
                    "names": [_name(s) for s in left],
                },
            }
        )
    return {
        # why the game ended: the only ending is a Negotiate by every player in a row (section 9)
        "ended": {"key": "turncoats.ended.negotiations", "params": {"count": state.players}},
        "standing": standing(state),
        "colour": colour,
        "hands": [unpack(h) for h in state._hands],
        "winner": ranking[0],
        "ranking": ranking,
        "reason": reason,
        "steps": messages,
        "start": start,
        "message": _message(state, colour, ranking, most, losing, start, reason),
    }


def outcome(state) -> Outcome:
    """The Outcome of a finished game: one winner; ``scores[seat]`` is the number of
    players ranked below that seat by the same keys (an extension for 2nd and later
    places, section 10.2)."""
    colour, ranking, most, losing, start = decide(state)
    reason, _ = _reason(colour, most, losing)
    n = state.players
    scores = [0] * n
    for place, s in enumerate(ranking):
        scores[s] = n - 1 - place
    message = _message(state, colour, ranking, most, losing, start, reason)
    return Outcome(tuple(scores), (ranking[0],), reason, message["key"], message["params"])


def account(state) -> str:
    """The whole ending in English words (colour, then each tie-break step)."""
    result = final(state)
    parts = [tr(result["ended"]["key"], **result["ended"]["params"])]
    parts.append(tr(result["standing"]["message"]["key"], **result["standing"]["message"]["params"]))
    parts += [tr(step["key"], **step["params"]) for step in result["steps"]]
    parts.append(tr(result["message"]["key"], **result["message"]["params"]))
    return " ".join(parts)

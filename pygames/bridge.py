"""The only surface the page calls: JSON in, JSON out.

The worker calls ``call(fn, args_json)`` and gets back a JSON text, either
``{"ok": true, "result": ...}`` or ``{"ok": false, "error": {"key", "params", "text"}}``.
The bridge is stateless: the page keeps the game *record* (plain JSON: game,
seed, format and the moves of each game of the match) and sends it with each
call; the engine replays it, so the page never holds rules or trusted state.

    record = {"v": 1, "game": "okiya", "players": 2, "seed": 5, "format": "single",
              "options": {}, "games": [["r0c3", "r2c1"]]}
"""

from __future__ import annotations

import json
from typing import Any, Callable

from pygames import COMING, GAMES
from pygames.bots import LEVELS
from pygames.core.errors import PlayerError
from pygames.core.rng import Rng, derive_seed
from pygames.okiya.match import FORMATS, Match

RECORD_VERSION = 1
#: Limits that keep a hostile record from costing more than a real one.
MAX_GAMES = 64
MAX_SEED = 2**64



def games() -> list[dict[str, Any]]:
    """The games the start page lists, playable or coming."""
    return [
        {"id": "okiya", "players": [2, 2], "playable": True, "formats": list(FORMATS), "levels": list(LEVELS)},
        {"id": "oriflamme", "players": [3, 5], "playable": False},
        {"id": "turncoats", "players": [2, 5], "playable": False},
    ]


def new_match(game: str, seed: int, players: int | None = None, format: str = "single") -> dict[str, Any]:
    """A fresh match record and its first position."""
    _check_game(game)
    if players not in (None, 2):
        raise PlayerError("error.players", game="Okiya", min=2, max=2)
    match = Match.start(_check_seed(seed), format)
    return _result(match)


def state(record: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    """The position a record describes, as ``seat`` sees it."""
    return _result(replay(record), seat)


def play(record: dict[str, Any], move: str) -> dict[str, Any]:
    """The record with ``move`` played in the current game; IllegalMove if it is not legal."""
    return _result(replay(record).play(str(move)[:40]))


def undo(record: dict[str, Any], seats: list[int]) -> dict[str, Any]:
    """Take back moves of the current game until one of ``seats`` (the humans) is to move again."""
    match = replay(record)
    games = match.notation()
    humans = set(seats) if isinstance(seats, list) else set()
    for keep in range(len(games[-1]) - 1, -1, -1):
        earlier = replay({**_record(match), "games": games[:-1] + [games[-1][:keep]]})
        if earlier.current.to_move in humans:
            return _result(earlier)
    raise PlayerError("error.nothing_to_undo")


def next_game(record: dict[str, Any]) -> dict[str, Any]:
    """Start the match's next game (the loser starts)."""
    return _result(replay(record).next_game())


def bot_move(record: dict[str, Any], level: str = "perfect") -> dict[str, Any]:
    """The move a bot of ``level`` makes for the seat to move, decided from that seat's view."""
    from pygames.bots import choose

    if level not in LEVELS:
        raise PlayerError("error.bad_level", level=str(level)[:40])
    match = replay(record)
    current = match.current
    seat = current.to_move
    if seat is None:
        raise PlayerError("error.game_over")
    rng = Rng(derive_seed("bot", match.seed, len(match.games), current.ply, level))
    return {"move": str(choose(current.view(seat), level, rng))}


def replay(record: dict[str, Any]) -> Match:
    """Rebuild a match from its record, checking every field and every move."""
    if not isinstance(record, dict) or record.get("v") != RECORD_VERSION:
        raise PlayerError("error.bad_record")
    _check_game(record.get("game"))
    games = record.get("games")
    if (
        not isinstance(games, list)
        or not 1 <= len(games) <= MAX_GAMES
        or not all(isinstance(g, list) and len(g) <= 16 and all(isinstance(m, str) for m in g) for g in games)
    ):
        raise PlayerError("error.bad_record")
    match = Match.start(_check_seed(record.get("seed")), record.get("format", "single"))
    for number, moves in enumerate(games):
        if number:
            match = match.next_game()
        for move in moves:
            match = match.play(move)
    return match


def _record(match: Match) -> dict[str, Any]:
    return {
        "v": RECORD_VERSION,
        "game": "okiya",
        "players": 2,
        "seed": match.seed,
        "format": match.format,
        "options": {},
        "games": match.notation(),
    }


def _result(match: Match, seat: int | None = None) -> dict[str, Any]:
    current = match.current
    return {
        "record": _record(match),
        "view": current.view(seat),
        "to_move": current.to_move,
        "legal": [str(m) for m in current.legal_moves()],
        "last_move": None if current.last is None else str(current.parse_move(current.last)),
        "match": match.summary(),
    }


def _check_game(game: object) -> None:
    if game in COMING:
        raise PlayerError("error.coming", game=str(game))
    if game not in GAMES:
        raise PlayerError("error.unknown_game", game=str(game)[:40])


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise PlayerError("error.bad_record")
    return seed


CALLS: dict[str, Callable[..., Any]] = {
    f.__name__: f for f in (games, new_match, state, play, undo, next_game, bot_move)
}


def call(fn: str, args_json: str = "{}") -> str:
    """Run bridge function ``fn`` with keyword arguments from ``args_json``; always returns JSON."""
    try:
        args = json.loads(args_json or "{}")
        if fn not in CALLS or not isinstance(args, dict):
            raise PlayerError("error.unknown_call")
        result = CALLS[fn](**args)
    except PlayerError as error:
        return json.dumps({"ok": False, "error": error.to_json()})
    except (TypeError, ValueError, RecursionError):
        error = PlayerError("error.bad_record")
        return json.dumps({"ok": False, "error": error.to_json()})
    return json.dumps({"ok": True, "result": result})

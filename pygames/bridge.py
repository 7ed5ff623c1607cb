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

import importlib
import json
from typing import Any, Callable

from pygames import COMING, GAMES
from pygames.bots import BOTS
from pygames.core.errors import PlayerError
from pygames.core.i18n import tr
from pygames.core.rng import Rng, derive_seed
from pygames.core.session import SingleGame, forced_move
from pygames.okiya.match import Match

RECORD_VERSION = 1
#: Limits that keep a hostile record from costing more than a real one.
MAX_GAMES = 64
MAX_MOVES = 2000
MAX_SEED = 2**64

#: Games whose records hold a match of several games (the rest play one game).
MATCHES = {"okiya": Match}
#: Games the page can draw and play; the start page lists the others as coming.
PAGES = ("okiya", "oriflamme", "turncoats")
ORDER = ("okiya", "oriflamme", "turncoats")


def games() -> list[dict[str, Any]]:
    """The games the start page lists, in a fixed order, playable or coming."""
    listed = []
    for game in ORDER:
        if game in COMING:
            listed.append({"id": game, "players": list(COMING[game]), "playable": False})
            continue
        module = GAMES[game]
        counts = module.PLAYER_COUNTS
        listed.append({
            "id": game,
            "players": [min(counts), max(counts)],
            "playable": game in PAGES,
            "formats": list(getattr(module, "FORMATS", ("single",))),
            "levels": list(BOTS.get(game, {})),
            "options": getattr(module, "OPTIONS", {}),
        })
    return listed


def new_match(
    game: str, seed: int, players: int | None = None, format: str = "single", options: dict | None = None
) -> dict[str, Any]:
    """A fresh match record and its first position."""
    return _result(_start(game, seed, players, format, options or {}))


def state(record: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    """The position a record describes, as ``seat`` sees it."""
    match, before = _replay_last(record)
    return _result(match, seat, before)


def play(record: dict[str, Any], move: str, seat: int | None = None) -> dict[str, Any]:
    """The record with ``move`` played in the current game, as ``seat`` then sees it;
    IllegalMove if it is not legal."""
    before = replay(record)
    return _result(before.play(str(move)[:80]), seat, before)


def undo(record: dict[str, Any], seats: list[int], seat: int | None = None) -> dict[str, Any]:
    """Take back moves of the current game until one of ``seats`` (the humans) is to move again."""
    match = replay(record)
    if GAMES[match.game].SECRETS:
        # draws and deals are fixed by the seed: taking a move back would let a player peek and choose again
        raise PlayerError("error.no_undo")
    games = match.notation()
    humans = set(seats) if isinstance(seats, list) else set()
    for keep in range(len(games[-1]) - 1, -1, -1):
        earlier = replay({**_record(match), "games": games[:-1] + [games[-1][:keep]]})
        if earlier.current.to_move in humans:
            return _result(earlier, seat)
    raise PlayerError("error.nothing_to_undo")


def next_game(record: dict[str, Any]) -> dict[str, Any]:
    """Start the match's next game (the loser starts)."""
    return _result(replay(record).next_game())


def bot_move(record: dict[str, Any], level: str = "perfect") -> dict[str, Any]:
    """The move a bot of ``level`` makes for the seat to move, decided from that seat's view."""
    from pygames.bots import choose

    match = replay(record)
    if level not in BOTS.get(match.game, {}):
        raise PlayerError("error.bad_level", level=str(level)[:40])
    current = match.current
    seat = current.to_move
    if seat is None:
        raise PlayerError("error.game_over")
    rng = Rng(derive_seed("bot", match.seed, len(match.games), len(match.moves[-1]), level))
    return {"move": str(choose(current.view(seat), level, rng))}


def replay(record: dict[str, Any]) -> Any:
    """Rebuild a match from its record, checking every field and every move."""
    if not isinstance(record, dict) or record.get("v") != RECORD_VERSION:
        raise PlayerError("error.bad_record")
    games = record.get("games")
    if (
        not isinstance(games, list)
        or not 1 <= len(games) <= MAX_GAMES
        or not all(isinstance(g, list) and all(isinstance(m, str) for m in g) for g in games)
        or sum(len(g) for g in games) > MAX_MOVES
    ):
        raise PlayerError("error.bad_record")
    match = _start(record.get("game"), record.get("seed"), record.get("players"),
                   record.get("format", "single"), record.get("options", {}))
    for number, moves in enumerate(games):
        if number:
            match = match.next_game()
        for move in moves:
            match = match.play(move)
    return match


def _start(game: object, seed: object, players: object, format: object, options: object) -> Any:
    _check_game(game)
    module = GAMES[game]
    counts = module.PLAYER_COUNTS
    if players is None:
        players = min(counts)
    if players not in counts or isinstance(players, bool):
        raise PlayerError("error.players", game=tr(f"game.{game}"), min=min(counts), max=max(counts))
    if not isinstance(options, dict) or not all(
        isinstance(k, str) and isinstance(v, (bool, int, str)) for k, v in options.items()
    ):
        raise PlayerError("error.bad_options")
    seed = _check_seed(seed)
    if game in MATCHES:
        if options:
            raise PlayerError("error.bad_options")
        return MATCHES[game].start(seed, format)
    if format != "single":
        raise PlayerError("error.bad_format", format=str(format)[:40])
    return SingleGame.start(module, game, players, seed, options)


def _record(match: Any) -> dict[str, Any]:
    return {
        "v": RECORD_VERSION,
        "game": match.game,
        "players": match.players,
        "seed": match.seed,
        "format": match.format,
        "options": dict(match.options),
        "games": match.notation(),
    }


def event_maker(game: str) -> Callable[..., list] | None:
    """``pygames.<game>.events.events``, or None for a game that tells no events."""
    name = f"pygames.{game}.events"
    try:
        return importlib.import_module(name).events
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None


def _replay_last(record: dict[str, Any]) -> tuple[Any, Any]:
    """The match a record describes and, for a game that tells events, the match one move
    earlier that it was played from (the events compare the two; else None)."""
    game = record.get("game") if isinstance(record, dict) else None
    games = record.get("games") if game in GAMES and event_maker(game) is not None else None
    if not isinstance(games, list) or not games or not isinstance(games[-1], list) or not games[-1] \
            or not isinstance(games[-1][-1], str):
        return replay(record), None
    before = replay({**record, "games": games[:-1] + [games[-1][:-1]]})
    return before.play(games[-1][-1]), before


def _events(before: Any, match: Any, seat: int | None) -> list[dict[str, Any]]:
    """What the current game's last move did, as ``seat`` may know it (never another seat's secret)."""
    moves = match.notation()[-1]
    make = event_maker(match.game)
    if make is None or before is None or not moves or len(before.notation()) != len(match.notation()):
        return []
    return make(before.current, moves[-1], match.current, seat)


def _result(match: Any, seat: int | None = None, before: Any = None) -> dict[str, Any]:
    current = match.current
    moves = match.notation()[-1]
    secrets = GAMES[match.game].SECRETS
    # with secrets, the legal moves tell what a hand holds: only the seat to move sees them
    legal = current.legal_moves() if not secrets or seat == current.to_move else ()
    return {
        "record": _record(match),
        "view": current.view(seat),
        "to_move": current.to_move,
        "legal": [str(m) for m in legal],
        # the same moves as data (kind, card, slot, area, colour, cell...): the page never parses notation
        "moves": [m.to_json() for m in legal],
        # a lone legal move plays itself (hot-seat and link play alike): the page shows it, then sends it
        "forced": str(legal[0]) if len(legal) == 1 and forced_move(current) is not None else None,
        "last_move": moves[-1] if moves else None,
        # what the last move did (placed, revealed, killed, drew...), as ``seat`` may know it
        "events": _events(before, match, seat),
        "match": match.summary(),
    }


def _check_game(game: object) -> None:
    if game in COMING:
        raise PlayerError("error.coming", game=tr(f"game.{game}"))
    if game not in GAMES:
        raise PlayerError("error.unknown_game", game=str(game)[:40])


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise PlayerError("error.bad_record")
    return seed


CALLS: dict[str, Callable[..., Any]] = {
    f.__name__: f for f in (games, new_match, state, play, undo, next_game, bot_move)
}
#: Play-by-link calls, in ``pygames.link.api``: imported on first use, so start-up does not pay for them.
LINK_CALLS = ("link_create", "link_id", "link_open", "link_join", "link_play", "link_replay", "link_qr")


def _function(fn: str) -> Callable[..., Any]:
    if fn in LINK_CALLS:
        from pygames.link import api

        return getattr(api, fn)
    if fn in CALLS:
        return CALLS[fn]
    raise PlayerError("error.unknown_call")


def call(fn: str, args_json: str = "{}") -> str:
    """Run bridge function ``fn`` with keyword arguments from ``args_json``; always returns JSON."""
    try:
        args = json.loads(args_json or "{}")
        if not isinstance(args, dict):
            raise PlayerError("error.unknown_call")
        result = _function(str(fn))(**args)
    except PlayerError as error:
        return json.dumps({"ok": False, "error": error.to_json()})
    except (TypeError, ValueError, RecursionError):
        error = PlayerError("error.bad_record")
        return json.dumps({"ok": False, "error": error.to_json()})
    return json.dumps({"ok": True, "result": result})

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
import inspect
import json
import re
import sys
import traceback
import types
import typing
from typing import Any, Callable

from pygames import GAMES
from pygames.bots import BOTS, DEFAULT_LEVELS, bots_module
from pygames.core.coach import LESSON_FIELDS
from pygames.core.errors import PlayerError
from pygames.core.i18n import tr
from pygames.core.replay import replay_answer
from pygames.core.rng import Rng, derive_seed
from pygames.core.session import canonical, event_maker, forced_move, start_match

RECORD_VERSION = 1
#: Limits that keep a hostile record from costing more than a real one.
MAX_GAMES = 64
MAX_MOVES = 2000
MAX_SEED = 2**64


def games() -> list[dict[str, Any]]:
    """What the page and the link layer need about every game, in the registry's order:
    ``id``, ``players`` (the player counts), ``formats``, ``levels`` and ``default_level``
    (its bots), ``level_key`` (the catalog prefix of the levels' names: ``<id>.level``),
    ``options`` (rule option -> default), ``secrets`` (views differ by seat), ``link_level``
    (link play's level: ``"sealed"`` or ``"friendly"``), ``calls`` (the calls beyond the
    protocol the game offers, e.g. Okiya's ``review`` and ``hint``) and ``lesson`` (its guided
    first game, ``#learn/<id>``: ``pygames.core.coach``; None for a game without one). Each fact is the game's
    own (its module and its bots module): the page never restates one."""
    from pygames.link.api import link_level

    return [
        {
            "id": game,
            "players": list(module.PLAYER_COUNTS),
            "formats": list(module.FORMATS),
            "levels": list(BOTS[game]),
            "default_level": DEFAULT_LEVELS[game],
            "level_key": f"{game}.level",
            "options": dict(module.OPTIONS),
            "secrets": bool(module.SECRETS),
            "link_level": link_level(game),
            "calls": list(offered_calls(module)),
            "lesson": lesson_of(module),
        }
        for game, module in GAMES.items()
    ]


def new_match(
    game: str, seed: int, players: int | None = None, format: str = "single", options: dict | None = None
) -> dict[str, Any]:
    """A fresh match record and its first position."""
    return _result(_start(game, seed, players, format, options or {}), [])


def state(record: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    """The position a record describes, as ``seat`` sees it."""
    match, before, movers = _replay_last(record)
    return _with_hints(record, _result(match, movers, seat, before))


def play(record: dict[str, Any], move: str, seat: int | None = None) -> dict[str, Any]:
    """The record with ``move`` played in the current game, as ``seat`` then sees it;
    IllegalMove if it is not legal."""
    before, movers = _replay(record)
    after = before.play(move[:80])
    return _with_hints(record, _result(after, movers + [before.current.to_move], seat, before))


def undo(record: dict[str, Any], seats: list[int], seat: int | None = None) -> dict[str, Any]:
    """Take back moves of the current game until one of ``seats`` (the humans) is to move again."""
    match, movers = _replay(record)
    if GAMES[match.game].SECRETS:
        # draws and deals are fixed by the seed: taking a move back would let a player peek and choose again
        raise PlayerError("error.no_undo")
    humans = set(seats)
    keep = next((k for k in range(len(movers) - 1, -1, -1) if movers[k] in humans), None)
    if keep is None:
        raise PlayerError("error.nothing_to_undo")
    games = match.notation()
    earlier = rebuild({**_record(match), "games": games[:-1] + [games[-1][:keep]]})
    return _with_hints(record, _result(earlier, movers[:keep], seat))


def next_game(record: dict[str, Any]) -> dict[str, Any]:
    """Start the match's next game (the loser starts)."""
    return _with_hints(record, _result(rebuild(record).next_game(), []))


#: The longest a bot may be asked to think on a clock, in ms (the page's paces ask for less).
MAX_THINK_MS = 10_000


def bot_move(record: dict[str, Any], level: str | None = None, think_ms: int | None = None) -> dict[str, Any]:
    """The move a bot of ``level`` (default: the game's ``default_level``) makes for the seat
    to move, decided from that seat's view.  ``think_ms`` (above 0: the time the page's pace
    gives a bot) lets a bot that thinks on a clock search that long (``pygames.bots.choose``'s
    ``budget``); without it, or 0, the same record always gets the same move."""
    from pygames.bots import choose

    if think_ms is not None and not 0 <= think_ms <= MAX_THINK_MS:
        raise PlayerError("error.bad_call")
    match = rebuild(record)
    level = DEFAULT_LEVELS[match.game] if level is None else level
    if level not in BOTS[match.game]:
        raise PlayerError("error.bad_level", level=level[:40])
    current = match.current
    seat = current.to_move
    if seat is None:
        raise PlayerError("error.game_over")
    rng = Rng(derive_seed("bot", match.seed, len(match.games), len(match.notation()[-1]), level))
    return {"move": str(choose(current.view(seat), level, rng, think_ms / 1000 if think_ms else None))}


def review(record: dict[str, Any]) -> dict[str, Any]:
    """The game's review of the current game, for a game that offers it (``CALLS``; Okiya: the
    perfect player's verdict on every move, ``moves``, and each seat's ``first_mistake``), with
    the ``hints`` each seat asked for."""
    match = _offering(record, "review")
    games = match.notation()
    start = rebuild({**record, "games": games[:-1] + [[]]}).current
    return {**game_calls(match.game).review(start, games[-1]), "hints": _hints(record, match.players)}


def hint(record: dict[str, Any]) -> dict[str, Any]:
    """The game's hint for the seat to move, for a game that offers it (``CALLS``; Okiya: the
    perfect player's best ``cells`` and their notation, ``moves``), with the ``record`` counting
    one more hint for that seat (``hints``)."""
    match = _offering(record, "hint")
    seat = match.current.to_move
    if seat is None:
        raise PlayerError("error.game_over")
    hints = _hints(record, match.players)
    hints[seat] += 1
    return {**game_calls(match.game).hint(match.current), "record": {**_record(match), "hints": hints}}


def chart(record: dict[str, Any]) -> dict[str, Any]:
    """The picture of a finished game, for a game that offers it (``CALLS``; Oriflamme: each
    player's influence round by round; Turncoats: the areas each colour ruled turn by turn):
    ``title``, the ``x`` axis's name, its ``steps`` and ``series`` (``seat`` or ``label``, and
    ``points``), for the moves so far (the page shows it on the end screen)."""
    match = _offering(record, "chart")
    games = match.notation()
    start = rebuild({**record, "games": games[:-1] + [[]]}).current
    return game_calls(match.game).chart(start, games[-1])


def coach(record: dict[str, Any], move: str | None = None) -> dict[str, Any]:
    """The coach of a guided first game (``pygames.core.coach``), for a game that offers it
    (``CALLS`` and its ``LESSON``), on the record's current position as the learner's seat sees it:

    * ``topics``: the rules that matter now and were not told at an earlier decision of the learner;
    * ``ask``: what the position asks of the learner (None when the learner has nothing to decide);
    * with ``move`` (one of the learner's legal moves, not played): ``judgement``, the bots' word on
      it from the learner's view (``verdict`` good / ok / mistake, ``why``, ``better``)."""
    match = _offering(record, "coach")
    lesson = lesson_of(GAMES[match.game])
    seat = lesson["seat"] if lesson and lesson["seat"] < match.players else 0
    games = match.notation()
    start = rebuild({**_record(match), "games": games[:-1] + [[]]}).current
    current = match.current
    answer: dict[str, Any] = {"seat": seat, **game_calls(match.game).coach(start, games[-1], seat)}
    if move is not None:
        if current.to_move != seat:
            raise PlayerError("error.bad_call" if current.to_move is not None else "error.game_over")
        text, _ = canonical(current, move[:80])
        rng = Rng(derive_seed("coach", match.seed, len(games), len(games[-1])))
        answer["judgement"] = bots_module(match.game).judge(current.view(seat), text, rng)
    return answer


def lesson_of(module: Any) -> dict[str, Any] | None:
    """A game module's guided first game (its ``LESSON``, checked: ``pygames.core.coach``), or None."""
    lesson = getattr(module, "LESSON", None)
    if lesson is None or "coach" not in offered_calls(module):
        return None
    if set(lesson) != set(LESSON_FIELDS) or not all(isinstance(lesson[k], t) for k, t in LESSON_FIELDS.items()):
        raise ValueError(f"a LESSON holds {sorted(LESSON_FIELDS)}: {lesson!r}")
    return {**lesson, "options": dict(lesson["options"])}


def replay(record: dict[str, Any], step: int = 0, game: int | None = None) -> dict[str, Any]:
    """The replay of game ``game`` of a record's match (0 the first; by default the current
    one, the last) at ``step`` moves: the position then with every secret open
    (``pygames.core.replay.replay_answer``: ``steps``, ``step``, ``view``, ``move``, ``seat``,
    ``moves``), which game of how many (``game``, ``games``), and for a game offering a
    ``review`` the game's verdict on every move (``review``: ``moves`` without their views,
    ``first_mistake``, ``hints``). PlayerError ``error.replay_unfinished`` for a game not over:
    its secrets stay shut; ``error.bad_replay_game`` for a game the match does not have."""
    match = rebuild(record)
    games = match.notation()
    index = len(games) - 1 if game is None else game
    if not 0 <= index < len(games):
        raise PlayerError("error.bad_replay_game", n=str(game)[:12])
    start = rebuild({**_record(match), "games": games[:index] + [[]]}).current
    state, steps = start, []
    for text in games[index]:
        after = state.play(text)
        steps.append((state, text, after))
        state = after
    answer = {**replay_answer(match.game, steps, step, start), "game": index, "games": len(games)}
    if "review" in offered_calls(GAMES[match.game]):
        review = game_calls(match.game).review(start, games[index])
        moves = [{k: v for k, v in verdict.items() if k != "view"} for verdict in review["moves"]]
        answer["review"] = {**review, "moves": moves, "hints": _hints(record, match.players)}
    return answer


#: How many of the moves a bot weighed ``weigh`` tells (the one played is told besides).
WEIGHED = 3


def weigh(record: dict[str, Any], step: int | None = None, game: int | None = None) -> dict[str, Any]:
    """What the strongest bot weighed for move ``step`` (1 the first; by default the last) of game
    ``game`` of the record's match (by default the current one), from the view of the seat that
    made it: ``seat``, the ``move`` played, ``forced`` (its only move), and ``candidates``: the
    ``WEIGHED`` moves it rated best and the one played, each ``move``, ``data``, ``share`` (its
    estimated chance to win, 0..1) and ``played``. A game with secrets is weighed only once over:
    the candidates would tell the mover's hand (PlayerError ``error.weigh_secret``)."""
    match = rebuild(record)
    games = match.notation()
    index = len(games) - 1 if game is None else game
    if not 0 <= index < len(games):
        raise PlayerError("error.bad_replay_game", n=str(game)[:12])
    moves = games[index]
    at = len(moves) if step is None else step
    if not 1 <= at <= len(moves):
        raise PlayerError("error.bad_weigh_step", n=str(at)[:12])
    if GAMES[match.game].SECRETS and match.current.outcome is None:
        raise PlayerError("error.weigh_secret")
    before = rebuild({**_record(match), "games": games[:index] + [moves[: at - 1]]}).current
    return _weighed(match.game, before, moves[at - 1], at, Rng(derive_seed("weigh", match.seed, index, at)))


def link_weigh(link: str, keys: dict | None = None, step: int | None = None) -> dict[str, Any]:
    """``weigh`` for move ``step`` (1 the first; by default the last) of a link game's public
    moves, once its audit verified every key (every hand open; before, PlayerError
    ``error.weigh_secret``): what its replay's "Why this move?" tells."""
    from pygames.link.api import verified_steps

    game, seed, steps = verified_steps(link, keys)
    at = len(steps) if step is None else step
    if not 1 <= at <= len(steps):
        raise PlayerError("error.bad_weigh_step", n=str(at)[:12])
    before, played, _ = steps[at - 1]
    return _weighed(game, before, played, at, Rng(derive_seed("link-weigh", seed, at)))


def _weighed(game: str, before: Any, played: str, at: int, rng: Rng) -> dict[str, Any]:
    """``weigh``'s answer for move ``at``, ``played`` in position ``before`` (every secret known)."""
    seat = before.to_move
    legal = before.legal_moves()
    answer: dict[str, Any] = {"seat": seat, "move": played, "step": at, "forced": len(legal) == 1, "candidates": []}
    if len(legal) == 1:
        return answer
    chosen = next(m for m in legal if str(m) == played)
    weighed = bots_module(game).weigh(before.view(seat), rng, also=chosen)
    shown = weighed[:WEIGHED] + [(m, share) for m, share in weighed[WEIGHED:] if str(m) == played]
    if not any(str(m) == played for m, _ in shown):  # a move the search never tried: no estimate
        shown.append((chosen, None))
    answer["candidates"] = [
        {
            "move": str(m),
            "data": m.to_json(),
            "share": None if share is None else round(share, 3),
            "played": str(m) == played,
        }
        for m, share in shown
    ]
    return answer


def offered_calls(module: Any) -> tuple[str, ...]:
    """The calls beyond the protocol a game module offers (its ``CALLS``; none by default)."""
    return tuple(getattr(module, "CALLS", ()))


def game_calls(game: str) -> Any:
    """The module of a game's own calls, ``pygames.<game>.calls`` (imported on first use: the
    Okiya solver stays out of Python's start)."""
    return importlib.import_module(f"pygames.{game}.calls")


def import_engine() -> list[str]:
    """Import every game with its bots and events now, and name the games. The bridge itself
    imports a game on its first use (``pygames.GAMES``), so Python is ready sooner; the worker
    calls this in idle time before it copies the interpreter into its memory snapshot, so a
    later visit restores them all. Not a page call."""
    for game in GAMES:
        bots_module(game)  # the game's bots, and the game they play
        event_maker(game)
    return list(GAMES)


def _offering(record: dict[str, Any], call: str) -> Any:
    """The match of a record whose game offers ``call``; PlayerError otherwise."""
    match = rebuild(record)
    if call not in offered_calls(GAMES[match.game]):
        raise PlayerError("error.not_offered", game=tr(f"game.{match.game}"))
    return match


def _hints(record: dict[str, Any], players: int) -> list[int]:
    """The hints each seat asked for, as the record keeps them (``hints``: a count by seat);
    zeros for a record without them or with a damaged list."""
    hints = record.get("hints")
    if (
        isinstance(hints, list)
        and len(hints) == players
        and all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_MOVES for n in hints)
    ):
        return list(hints)
    return [0] * players


def _with_hints(record: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """``result`` whose record keeps the hint counts of ``record`` (when any hint was used)."""
    hints = _hints(record, result["record"]["players"])
    if any(hints):
        result["record"]["hints"] = hints
    return result


def rebuild(record: dict[str, Any]) -> Any:
    """Rebuild a match from its record, checking every field and every move."""
    return _replay(record)[0]


def _replay(record: dict[str, Any]) -> tuple[Any, list[int]]:
    """``rebuild``, with the seat that made each move of the current game (whose moves undo may
    take back)."""
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
    match = _start(
        record.get("game"),
        record.get("seed"),
        record.get("players"),
        record.get("format", "single"),
        record.get("options", {}),
    )
    movers: list[int] = []
    for number, moves in enumerate(games):
        if number:
            match, movers = match.next_game(), []
        for move in moves:
            movers.append(match.current.to_move)
            match = match.play(move)
    return match, movers


def _start(game: object, seed: object, players: object, format: object, options: object) -> Any:
    if not isinstance(game, str) or game not in GAMES:
        raise PlayerError("error.unknown_game", game=str(game)[:40])
    module = GAMES[game]
    counts = module.PLAYER_COUNTS
    if players is None:
        players = min(counts)
    if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
        raise PlayerError("error.players", game=tr(f"game.{game}"), min=min(counts), max=max(counts))
    if not isinstance(options, dict) or not all(
        isinstance(k, str) and isinstance(v, (bool, int, str)) for k, v in options.items()
    ):
        raise PlayerError("error.bad_options")
    if not isinstance(format, str):
        raise PlayerError("error.bad_format", format=str(format)[:40])
    return start_match(module, game, players, _check_seed(seed), format, options)


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


def _replay_last(record: dict[str, Any]) -> tuple[Any, Any, list[int]]:
    """The match a record describes, for a game that tells events the match one move earlier
    that it was played from (the events compare the two; else None), and the current game's movers."""
    game = record.get("game") if isinstance(record, dict) else None
    games = record.get("games") if isinstance(game, str) and game in GAMES and event_maker(game) else None
    if (
        not isinstance(games, list)
        or not games
        or not isinstance(games[-1], list)
        or not games[-1]
        or not isinstance(games[-1][-1], str)
    ):
        match, movers = _replay(record)
        return match, None, movers
    before, movers = _replay({**record, "games": games[:-1] + [games[-1][:-1]]})
    return before.play(games[-1][-1]), before, movers + [before.current.to_move]


def _events(before: Any, match: Any, seat: int | None) -> list[dict[str, Any]]:
    """What the current game's last move did, as ``seat`` may know it (never another seat's secret)."""
    moves = match.notation()[-1]
    make = event_maker(match.game)
    if make is None or before is None or not moves or len(before.notation()) != len(match.notation()):
        return []
    return make(before.current, moves[-1], match.current, seat)


def _result(match: Any, movers: list[int], seat: int | None = None, before: Any = None) -> dict[str, Any]:
    if seat is not None and not 0 <= seat < match.players:
        raise PlayerError("error.bad_seat")
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
        # the seat that made each move of the current game: the page offers undo when a human made one
        "movers": list(movers),
        # what the last move did (placed, revealed, killed, drew...), as ``seat`` may know it
        "events": _events(before, match, seat),
        "match": match.summary(),
        # with secrets, the same position as nobody's secrets show it: what a page may store and
        # paint before Python on its next visit (never a seat's own view)
        "public": current.view(None) if secrets and seat is not None else None,
    }


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise PlayerError("error.bad_record")
    return seed


CALLS: dict[str, Callable[..., Any]] = {
    f.__name__: f
    for f in (
        games,
        new_match,
        state,
        play,
        undo,
        next_game,
        bot_move,
        review,
        hint,
        chart,
        coach,
        replay,
        weigh,
        link_weigh,
    )
}
#: Play-by-link calls, in ``pygames.link.api``: imported on first use, so start-up does not pay for them.
LINK_CALLS = ("link_create", "link_id", "link_open", "link_join", "link_play", "link_replay", "link_chart", "link_qr")


def _function(fn: object) -> Callable[..., Any]:
    if not isinstance(fn, str):
        raise PlayerError("error.unknown_call")
    if fn in LINK_CALLS:
        from pygames.link import api

        return getattr(api, fn)
    if fn in CALLS:
        return CALLS[fn]
    raise PlayerError("error.unknown_call")


#: How long a call's JSON may be, in characters. The longest real call is a hot-seat record of
#: MAX_MOVES moves (each move's notation at most ~35 characters: about 80,000 characters; a link
#: call holds two links of at most ``link.wire.MAX_TEXT``): four times that is refused before
#: anything else is done with the text, so a pasted megabyte costs no more than a real game.
MAX_CALL = 320_000
#: How deep a call's JSON may nest (a record is 3 deep): deeper text is refused before parsing,
#: because in the browser the parser's recursion would overflow the JavaScript stack first.
MAX_NESTING = 32
#: What the nesting scan stops at: a quote, a backslash (inside a string it escapes the next
#: character) and the brackets.
_STRUCTURE = re.compile(r'["\\\[\]{}]')


def _nesting(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text (brackets inside strings do not count),
    up to the first level past MAX_NESTING. One pass that keeps no list: memory stays flat
    whatever the text (a string literal matched whole by a regular expression cost the matcher
    ~150 bytes a character)."""
    depth = deepest = 0
    in_string = False
    escaped = -1  # the index of the character a backslash escapes
    for found in _STRUCTURE.finditer(text):
        at = found.start()
        c = text[at]
        if at == escaped:
            continue
        if in_string:
            if c == "\\":
                escaped = at + 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_NESTING:
                break  # refused: how much deeper does not matter
        elif c in "]}":
            depth -= 1
    return deepest


#: The error a page argument of the wrong shape gives, by parameter (else ``error.bad_call``).
_SHAPE_ERRORS = {"record": "error.bad_record"}


def _arguments(function: Callable[..., Any], args_json: str) -> dict[str, Any]:
    """The keyword arguments in ``args_json``, checked against ``function``'s parameters and
    their annotations: a page sending the wrong shape gets a PlayerError, never a crash deep
    in the engine."""
    if not isinstance(args_json, str):
        raise PlayerError("error.bad_call")
    if len(args_json) > MAX_CALL:
        raise PlayerError("error.too_long")
    if _nesting(args_json) > MAX_NESTING:
        raise PlayerError("error.bad_call")
    try:
        args = json.loads(args_json or "{}")
    except (ValueError, RecursionError):
        raise PlayerError("error.bad_call") from None
    if not isinstance(args, dict):
        raise PlayerError("error.bad_call")
    try:
        inspect.signature(function).bind(**args)
    except TypeError:
        raise PlayerError("error.bad_call") from None
    hints = typing.get_type_hints(function)
    for name, value in args.items():
        if not _fits(value, hints.get(name, Any)):
            raise PlayerError(_SHAPE_ERRORS.get(name, "error.bad_call"))
    return args


def _fits(value: object, hint: Any) -> bool:
    """Whether a JSON value has the annotated type (``bool`` is not an ``int``; a list's
    items are checked, a dict's are left to the function)."""
    if hint is Any:
        return True
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, option) for option in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if origin is list:
        (item,) = typing.get_args(hint) or (Any,)
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    kind = origin or hint
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def call(fn: str, args_json: str = "{}") -> str:
    """Run bridge function ``fn`` with keyword arguments from ``args_json``; always returns JSON.

    A ``PlayerError`` (an illegal move, a damaged record or link, a malformed call) is a
    message for the player; any other exception is a bug: ``error.internal`` names its type
    and the traceback goes to stderr (the browser console)."""
    try:
        function = _function(fn)
        result = function(**_arguments(function, args_json))
    except PlayerError as error:
        return json.dumps({"ok": False, "error": error.to_json()})
    except Exception as bug:  # noqa: BLE001 - not a player's mistake: report it as a bug, keep the page alive
        traceback.print_exc(file=sys.stderr)
        params = {"type": type(bug).__name__}
        return json.dumps(
            {"ok": False, "error": {"key": "error.internal", "params": params, "text": tr("error.internal", **params)}}
        )
    return json.dumps({"ok": True, "result": result})

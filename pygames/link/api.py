"""The link-play calls the page makes (through ``pygames.bridge``): JSON in, JSON out.

The page keeps, per game id, the latest link and this device's seat keys (hex); it
sends them with each call and saves what comes back only when the call succeeded,
so a bad link never changes anything saved.  ``_table`` documents what a call returns.
"""

from __future__ import annotations

import io
from importlib import import_module
from typing import Any

from pygames import GAMES
from pygames.core.errors import PlayerError
from pygames.core.i18n import tr
from pygames.core.replay import replay_answer, replay_moves
from pygames.core.session import event_maker
from pygames.link.commit import KEY_BYTES, creator_rand, new_key, rand_commitment, seat_commitment
from pygames.link.errors import BadLink
from pygames.link.games import Game
from pygames.link.games import adapter as game_adapter
from pygames.link.names import clean_name
from pygames.link.table import JOINING, OVER, Table, fork_point, relation
from pygames.link.wire import Header, Record, decode, split


def adapter(game: object) -> type[Game]:
    """The link adapter class of ``game`` (``pygames.link.games``); PlayerError for a game
    that cannot be played by link."""
    if not isinstance(game, str) or game not in GAMES:
        raise PlayerError("error.unknown_game", game=str(game)[:40])
    return game_adapter(game)


def link_level(game: str) -> str:
    """Link play's level for ``game``: ``"sealed"`` (no device can learn another seat's secret)
    or ``"friendly"`` (secrets travel sealed in the link, only the page hides them)."""
    return adapter(game).link_level()


def format_name(game: str, bits: int) -> str:
    """The match format a link header's option bits carry."""
    return adapter(game).format_name(bits)


def link_create(
    game: str, players: int, names: list, options: dict | None = None, format: str = "single", key: str | None = None
) -> dict[str, Any]:
    """A new link game with this device in seat 0: the invite link and seat 0's key."""
    kind = adapter(game)
    counts = GAMES[game].PLAYER_COUNTS
    if isinstance(players, bool) or players not in counts:
        raise PlayerError("error.players", game=tr(f"game.{game}"), min=min(counts), max=max(counts))
    if not isinstance(names, list) or len(names) != players:
        raise PlayerError("link.error.names")
    if not isinstance(options, (dict, type(None))):
        raise PlayerError("error.bad_options")
    if not isinstance(format, str):
        raise PlayerError("error.bad_format", format=str(format)[:40])
    secret = _key(key) if key is not None else new_key()
    header = Header(
        game,
        players,
        kind.options_int(options or {}, format),
        tuple(clean_name(n) for n in names),
        seat_commitment(secret),
        rand_commitment(creator_rand(secret)),
    )
    table = Table(Record(header, ()), {0: secret})
    return {**_table(table), "key": {"seat": 0, "key": secret.hex()}}


def link_id(link: str) -> dict[str, Any]:
    record = decode(link)
    return {"id": record.id, "game": record.header.game}


def link_open(link: str, keys: dict | None = None, saved: str | None = None) -> dict[str, Any]:
    """The game a link holds as this device sees it (after the events it owes itself)."""
    record = decode(link)
    keys = _keys(keys)
    imported = _export(link)
    if imported:
        keys[imported[0]] = imported[1]
    notice = None
    replaced = False
    if saved:
        try:
            saved_record = decode(saved)
        except BadLink:
            saved_record = None
        if saved_record is not None and saved_record.id == record.id:
            how = relation(record, saved_record)
            if how == "fork":
                event = fork_point(record, saved_record)
                if _wrote_since(saved_record, event, keys):
                    raise BadLink("link.error.fork")
                notice, replaced = _message("link.notice.fork"), True
            if how == "older":
                record = saved_record
                notice = _message("link.notice.older")
    table = Table(record, keys)
    if imported and table.held_keys().get(imported[0]) != imported[1]:
        raise BadLink("link.error.bad_key")
    table.settle()
    result = _table(table, notice)
    if replaced:  # the page saves it over the branch it had (nothing of this device's was in it)
        result["replaced"] = True
    if imported:
        result["imported"] = {"seat": imported[0], "key": imported[1].hex()}
    return result


def _wrote_since(saved: Record, event: int, keys: dict[int, bytes]) -> bool:
    """Whether this device wrote anything in its ``saved`` branch from event ``event``
    (1-based) on, or cannot tell (it keeps the branch then).  A branch it only read, such as
    a forged link a friend passed on, may be replaced by the other: nothing of its own is lost."""
    try:
        table = Table(saved, keys)
    except BadLink:
        return True
    held = table.held_keys()
    return any(author in held for author in table.authors[event - 1 :])


def link_join(link: str, seat: int, keys: dict | None = None, key: str | None = None) -> dict[str, Any]:
    """Claim ``seat`` of a game that is still filling its seats."""
    table = Table(decode(link), _keys(keys))
    if table.held_keys():
        raise BadLink("link.error.already_seated")
    secret = _key(key) if key is not None else new_key()
    table.join(seat, secret)
    return {**_table(table), "key": {"seat": seat, "key": secret.hex()}}


def link_play(link: str, move: str, keys: dict | None = None, keep_hidden: bool = False) -> dict[str, Any]:
    """This device's move; the result holds the next link to send."""
    table = Table(decode(link), _keys(keys))
    table.settle()
    table.play(str(move), bool(keep_hidden))
    return _table(table)


def link_replay(link: str, keys: dict | None = None, step: int = 0) -> dict[str, Any]:
    """The position after ``step`` public moves, as this device may see it: once the audit has
    verified every key, the replay of ``pygames.core.replay`` (every hand and face-down card
    open); before, this device's own view, with the public ``moves``."""
    table = Table(decode(link), _keys(keys))
    if table.game is None:
        raise BadLink("link.error.not_started")
    history = table.history
    step = max(0, min(step, len(history)))
    game = table.record.header.game
    if _verified(table):  # every hand and face-down card is open
        return replay_answer(game, table.game.open_steps(history, table.revealed), step)
    replay = Table(Record(table.record.header, ()), table.keys)
    for event in table.record.events:
        if replay.game is not None and len(replay.history) >= step:
            break
        replay.add(event)
    step = len(replay.history)
    steps = table.game.public_steps(history)
    return {
        "steps": len(history),
        "step": step,
        "view": replay.game.view(_shown_seat(table)),
        "move": history[step - 1][1] if step else None,
        "seat": steps[step - 1][0].to_move if step else None,
        "moves": replay_moves(game, steps),
    }


def _verified(table: Table) -> bool:
    """Whether the game is over, every key is in and the audit verified them."""
    return table.phase == OVER and table.problem is None and not table.forged


def verified_steps(link: str, keys: dict | None = None) -> tuple[str, int, list[tuple[Any, str, Any]]]:
    """A finished link game's id, seed and moves with every secret open, each ``(position before,
    notation, position after)`` (``open_steps``), for the bridge's ``link_weigh``: only once the
    audit has verified every key, since what a bot weighed tells hidden cards (PlayerError
    ``error.weigh_secret`` before)."""
    table = Table(decode(link), _keys(keys))
    if table.game is None:
        raise BadLink("link.error.not_started")
    if not _verified(table):
        raise PlayerError("error.weigh_secret")
    return table.record.header.game, table.game.seed, table.game.open_steps(table.history, table.revealed)


def link_chart(link: str, keys: dict | None = None) -> dict[str, Any]:
    """The picture of a finished link game, for a game that offers one (its ``CALLS``, as the
    hot-seat end screen's ``chart``), drawn from the public moves of its last game (an Okiya
    match's last game): what it shows is public (influence, areas ruled, the perfect player's
    verdict), so it comes with the end, before the keys. BadLink ``link.error.not_over`` while
    the game goes on."""
    table = Table(decode(link), _keys(keys))
    if table.game is None:
        raise BadLink("link.error.not_started")
    game = table.record.header.game
    if "chart" not in getattr(GAMES[game], "CALLS", ()):
        raise PlayerError("error.not_offered", game=tr(f"game.{game}"))
    steps = table.game.public_steps(table.history)
    if not steps or steps[-1][2].outcome is None:
        raise BadLink("link.error.not_over")
    first = max((i + 1 for i, (_, _, after) in enumerate(steps[:-1]) if after.outcome is not None), default=0)
    calls = import_module(f"pygames.{game}.calls")
    return calls.chart(steps[first][0], [text for _, text, _ in steps[first:]])


def link_qr(text: str) -> dict[str, Any]:
    """The QR code of ``text`` as an SVG (made by segno)."""
    import segno

    if not isinstance(text, str) or not 0 < len(text) <= 2953:
        raise BadLink("link.error.too_long")
    out = io.BytesIO()
    segno.make(text, error="l", micro=False).save(
        out, kind="svg", scale=4, border=2, dark="#2a2320", light="#fbf6ec", xmldecl=False, svgns=True, omitsize=True
    )  # a standalone, scalable SVG (usable as a data URL)
    return {"svg": out.getvalue().decode("utf-8")}


# --- helpers ---------------------------------------------------------------------------------


def _shown_seat(table: Table) -> int | None:
    held = table.held_keys()
    if not held:
        return None
    if table.game is not None and table.game.to_move() in held:
        return table.game.to_move()
    return min(held)


def _table(table: Table, notice: dict | None = None) -> dict[str, Any]:
    """What every link call answers: the game as this device may see it (``view``, shown for
    ``seat``), whose turn it is (``next``, ``my_turn``), this device's legal moves (``legal``:
    notation; ``moves``: the same as data), the public moves so far (``played``), the
    ``audit``, the ``link`` to pass on, and the game's ``format``, ``options`` and level."""
    record = table.record
    header = record.header
    game = table.game
    held = table.held_keys()
    seat = _shown_seat(table)
    phase = table.phase
    view = outcome = None
    legal: tuple = ()
    if game is not None:
        if phase == OVER and table.problem is None and not table.forged:
            view = game.final_view(table.history, table.revealed)
        else:
            view = game.view(seat)
        outcome = view.get("outcome")
        if table.my_turn():
            legal = game.my_legal()
    return {
        "id": record.id,
        "game": header.game,
        "players": header.players,
        "names": list(table.names),
        "options": adapter(header.game).options_dict(header.options),
        "format": format_name(header.game, header.options),
        "link": record.to_text(),
        "events": len(record.events),
        "phase": phase,
        "claimed": [c is not None for c in table.commitments],
        "mine": sorted(held),
        "seat": seat,
        "view": view,
        "legal": [str(m) for m in legal],
        "moves": [m.to_json() for m in legal],
        # the one forced-move policy (core.session.forced_move): this device's lone move plays itself
        "forced": str(legal[0]) if len(legal) == 1 else None,
        "to_move": game.to_move() if game is not None and phase != JOINING else None,
        "my_turn": table.my_turn(),
        "next": table.next(),
        "outcome": outcome,
        "match": view.get("match") if view else None,
        "audit": table.audit(),
        # this device wrote the record's last event: nobody else has this link yet (at the
        # end, the one device that owes the others the final link)
        "wrote_last": bool(table.authors) and table.authors[-1] in held,
        "notice": notice,
        # what the last public move did (and the lone moves it set off), as this device may know it
        "last_events": _last_events(table, seat),
        "friendly": link_level(header.game) == "friendly",
        "played": len(table.history),  # public moves so far, forced ones included ("moves": the legal moves as data)
    }


def _last_events(table: Table, seat: int | None) -> list[dict[str, Any]]:
    """The events of the last public move (``pygames.<game>.events``): from the position before
    the record event that played it to the one it led to (later events, keys, change neither)."""
    make = event_maker(table.record.header.game)
    if make is None or table.before_last is None:
        return []
    after = table.game.private_position()
    return make(table.before_last, table.history[-1][1], after, seat)


def _message(key: str, **params: Any) -> dict[str, Any]:
    return {"key": key, "params": params, "text": tr(key, **params)}


_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def _key(text: object) -> bytes:
    """A seat key from its text: exactly 32 hex digits, in either case (nothing else: no
    spaces, no prefix). Its canonical text, the one the page saves, is ``key.hex()``
    (lower case); BadLink for anything else."""
    if not isinstance(text, str) or len(text) != 2 * KEY_BYTES or not _HEX_DIGITS.issuperset(text):
        raise BadLink("link.error.bad_key")
    return bytes.fromhex(text)


def _keys(keys: object) -> dict[int, bytes]:
    """This device's keys for a game, from the page's ``{"seat": hex}`` (junk ignored)."""
    out: dict[int, bytes] = {}
    if isinstance(keys, dict):
        for seat, text in keys.items():
            try:
                out[int(seat)] = _key(text)
            except (BadLink, ValueError):
                continue
    return out


def _export(link: str) -> tuple[int, bytes] | None:
    """The seat and key an export link carries (``&k=seat.hex``), if any."""
    _, export = split(link)
    if not export:
        return None
    seat_text, _, hex_key = export.partition(".")
    if len(seat_text) != 1 or seat_text not in "01234":
        raise BadLink("link.error.bad_key")
    return int(seat_text), _key(hex_key)

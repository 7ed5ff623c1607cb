"""What one seat may know of an Oriflamme position, as a JSON-safe dict, and back.

``state_view(state, seat)`` (= ``State.view(seat)``; ``seat=None`` is a spectator)::

    {"game": "oriflamme", "seat": 2 | None, "players": 4, "options": {name: bool, ...},
     "round": 3, "rounds": 6, "phase": "place" | "resolve" | "over",
     "start_player": 0, "first_player": 2, "placed": 1, "to_move": 3 | None,
     "pools": [2, 1, 4, 3], "hand_counts": [5, 4, 4, 4],
     "hand": ["archer", "lord", ...] | None,            # the seat's own hand (None: spectator)
     "hands": [[...] | None per seat],                  # what this seat sees of each hand
     "removed": [[...] | None per seat],                # own removed cards only (all once over)
     "queue": [{"owner": 1, "cards": [card, ...]}],     # resolution order; cards bottom -> top
     "cursor": 2 | None,                                # 0-based slot being visited (resolve)
     "pending": {...} | None, "prompt": {"key", "params"} | None,
     "out": [[{"card": "lord", "reason": "eliminated" | "discarded"}, ...] per seat],
     "queue_cards": [n per seat],                       # the tie-break count (option aware)
     "legal": ["reveal", "keep"],                       # only for the seat to move, else []
     "moves": [Move.to_json(), ...],                    # the same moves as data (kind, card, slot...)
     "cards": {"ambush": "intrigue", "archer": "character", ...},   # every card of a family, in order
     "log": [{"key": "oriflamme.log....", "params": {...}}, ...],   # previous + current round
     "outcome": None | {"scores", "winners", "reason", "message", "queue_cards", ...}}

A queue card is ``{"card": id | None, "up": bool, "tokens": n}``: ``card`` is None
when this seat may not know it (another seat's face-down card).  Once the game is
over every card the position knows is shown (the end screen shows everyone's cards).

``pending`` (resolve phase): ``{"kind": k, "seat": s, "slot": cursor, ...}`` with
kind ``reveal``, ``target`` (+ ``"ability"``: archer / soldier / assassination),
``steal``, ``copy``, ``decree`` (pick a card), ``decree_destination`` (+ ``"picked"``:
slot of the picked card; ``gap K`` moves put it between slots K-1 and K, 0-based),
``show`` (+ ``"eliminated"``: slot of the eliminated face-down card; ``seat`` is its
owner); in the owner's view ``reveal`` adds ``"reveal_gain"`` and ``"keep_tokens"``.
During placement ``{"kind": "place", "seat": s}``.

Log and outcome messages name seats with pairs ``seat``/``name``,
``owner``/``owner_name``, ``attacker``/``attacker_name`` (``name`` texts are the
default "Player n"; a page substitutes its players' names by seat).  Cards appear as
``card``/``target`` (English title) with ``card_id``/``target_id``.

A view is a read-only snapshot (log entries are shared between views): copy it
before changing it.

``read_view(view)`` reads a view back into the fields of the position it shows: cards the
view hides become unknown (``UNKNOWN`` type, ``HIDDEN`` hands).  ``pygames.oriflamme.from_view``
builds that position (in ``pygames.oriflamme.state``, which imports this module; this module
never imports it), and the seat's own legal moves work on it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pygames.core.errors import BadPosition
from pygames.core.i18n import tr
from pygames.core.outcome import seat_params
from pygames.oriflamme.cards import FACE_UP, IDS, INTRIGUES, TOKEN_SHIFT, TYPES, UNKNOWN
from pygames.oriflamme.moves import GAP, KEEP, LEFT, REVEAL, RIGHT
from pygames.oriflamme.rules import (
    DISCARDED,
    E_AMBUSH,
    E_COPY,
    E_DISCARD,
    E_ELIM,
    E_END,
    E_HEIR,
    E_IDLE,
    E_KEEP,
    E_LORD,
    E_MOVE,
    E_PLACE,
    E_REVEAL,
    E_ROUND,
    E_STEAL,
    ELIMINATED,
    HIDDEN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    O_TIE_COVERED,
    OVER,
    P_COPY,
    P_DECREE,
    P_DEST,
    P_REVEAL,
    P_SHOW,
    P_STEAL,
    P_TARGET,
    PLACING,
    RESOLVING,
    ROUNDS,
    options_bits,
    options_dict,
)

PHASES = ("place", "resolve", "over")
#: Every card of a family and its kind, so a page draws and explains it without a copy of the rules.
CARD_KINDS = {IDS[t]: "intrigue" if t in INTRIGUES else "character" for t in TYPES}
PENDING_KINDS = {
    P_REVEAL: "reveal",
    P_TARGET: "target",
    P_STEAL: "steal",
    P_COPY: "copy",
    P_DECREE: "decree",
    P_DEST: "decree_destination",
    P_SHOW: "show",
}
_ID = {name: t for t, name in enumerate(IDS) if t != UNKNOWN}
_PENDING_CODE = {kind: code for code, kind in PENDING_KINDS.items()}
_REASON = {"eliminated": ELIMINATED << 4, "discarded": DISCARDED << 4}


def _ids(mask: int) -> list[str] | None:
    if mask == HIDDEN:
        return None
    return [IDS[t] for t in range(10) if mask >> t & 1]


@cache
def _title(t: int) -> str:
    return tr(f"oriflamme.card.{IDS[t]}")


@cache
def _name(seat: int) -> str:
    return seat_params(seat)["name"]


def _seat(role: str, seat: int) -> dict[str, Any]:
    if role == "seat":
        return {"seat": seat, "name": _name(seat)}
    return {role: seat, f"{role}_name": _name(seat)}


def _card(role: str, t: int) -> dict[str, Any]:
    return {role: _title(t), f"{role}_id": IDS[t]}


def state_view(s: Any, seat: int | None = None, *, opened: bool = False) -> dict[str, Any]:
    """What ``seat`` may know of ``s`` (a ``State``): see the module docstring.  ``opened``:
    every card shown as at the end (``open_view``, a finished game's replay only)."""
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.players):
        raise BadPosition("oriflamme.error.seat", seat=str(seat)[:10])
    n = s.players
    over = s.phase == OVER or opened
    to_move = s.to_move
    queue = []
    for slot in s.queue:
        owner = slot[0]
        visible = over or seat == owner
        cards = []
        for card in slot[1:]:
            t = card & 15
            up = bool(card & FACE_UP)
            cards.append(
                {"card": IDS[t] if (up or visible) and t != UNKNOWN else None, "up": up, "tokens": card >> TOKEN_SHIFT}
            )
        queue.append({"owner": owner, "cards": cards})
    legal = s.legal_moves() if seat is not None and seat == to_move else ()
    hands = [_ids(s.hands[p]) if over or seat == p else None for p in range(n)]
    removed = [_ids(s.removed[p]) if over or seat == p else None for p in range(n)]
    view: dict[str, Any] = {
        "game": "oriflamme",
        "seat": seat,
        "players": n,
        "options": dict(_options(s.options)),
        "round": s.round,
        "rounds": ROUNDS,
        "phase": PHASES[s.phase],
        "start_player": s.start,
        "first_player": s.first_player,
        "placed": s.placed if s.phase == PLACING else n,
        "to_move": to_move,
        "pools": list(s.pools),
        "hand_counts": [s.hand_count(p) for p in range(n)],
        "hand": None if seat is None else hands[seat],
        "hands": hands,
        "removed": removed,
        "queue": queue,
        "cursor": s.cursor if s.phase == RESOLVING else None,
        "pending": _pending(s, seat),
        "prompt": _prompt(s),
        "out": [
            [{"card": IDS[e & 15], "reason": "discarded" if e >> 4 == DISCARDED else "eliminated"} for e in pile]
            for pile in s.out
        ],
        "queue_cards": _queue_cards(s),
        "legal": [str(m) for m in legal],
        "moves": [m.to_json() for m in legal],
        "cards": CARD_KINDS,
        "log": log_messages(s, seat, opened),
        "outcome": None,
    }
    if opened:
        view["open"] = True
    if s.outcome is not None:
        outcome = s.outcome.to_json()
        outcome["queue_cards"] = view["queue_cards"]
        outcome["tiebreak_counts_covered"] = bool(s.options & O_TIE_COVERED)
        view["outcome"] = outcome
    return view


def open_view(s: Any) -> dict[str, Any]:
    """The position ``s`` with every hand, removed card and face-down card shown (``"open":
    true``, ``"seat": None``): the view of a step of a finished game's replay, never of a game
    under way (``pygames.core.replay`` checks that)."""
    return state_view(s, None, opened=True)


_options = cache(options_dict)


def _queue_cards(s: Any) -> list[int]:
    counts = [0] * s.players
    covered = s.options & O_TIE_COVERED
    for slot in s.queue:
        counts[slot[0]] += len(slot) - 1 if covered else 1
    return counts


def _pending(s: Any, seat: int | None) -> dict[str, Any] | None:
    if s.phase == PLACING:
        return {"kind": "place", "seat": s.to_move}
    if s.phase == OVER:
        return None
    p = s.pending
    info: dict[str, Any] = {"kind": PENDING_KINDS[p], "seat": s.to_move, "slot": s.cursor}
    if p == P_TARGET:
        info["ability"] = IDS[s.parg]
    elif p == P_DEST:
        info["picked"] = s.parg
    elif p == P_SHOW:
        info["eliminated"] = s.parg
    elif p == P_REVEAL and seat == s.to_move:
        info.update(_reveal_preview(s))
    return info


def _reveal_preview(s: Any) -> dict[str, int]:
    """What the owner of the visited card gets by revealing it (``reveal_gain``) or keeping it
    (``keep_tokens`` on it then), read from the engine's own log of each move: the owner's view
    only, since the gain tells the card's kind."""
    preview = {}
    for move in s.legal_moves():
        if move.kind not in (REVEAL, KEEP):
            continue
        after = s.play(move)
        log, first = after.log if after.prevlog is s.prevlog else after.prevlog, None
        while log is not None and log is not s.log:
            first, log = log[0], log[1]
        if first is not None and first[0] == E_REVEAL:
            preview["reveal_gain"] = first[3]
        elif first is not None and first[0] == E_KEEP:
            preview["keep_tokens"] = first[3]
    return preview


def _prompt(s: Any) -> dict[str, Any] | None:
    if s.phase == OVER:
        return None
    params = seat_params(s.to_move)
    if s.phase == PLACING:
        return {"key": "oriflamme.prompt.place", "params": params}
    p = s.pending
    acting = s.queue[s.cursor][-1] & 15
    if p == P_TARGET:
        return {"key": f"oriflamme.prompt.target.{IDS[s.parg]}", "params": {**params, **_card("card", acting)}}
    if p in (P_STEAL, P_COPY):
        return {"key": f"oriflamme.prompt.{PENDING_KINDS[p]}", "params": {**params, **_card("card", acting)}}
    slot = s.parg if p == P_SHOW else s.cursor
    return {"key": f"oriflamme.prompt.{PENDING_KINDS[p]}", "params": {**params, "slot": slot + 1}}


def _events(log: tuple | None) -> list[tuple]:
    events = []
    while log is not None:
        events.append(log[0])
        log = log[1]
    events.reverse()
    return events


#: Messages already built, by (event, whether the seat sees the event's hidden card).  Views share
#: these dicts (a view is a read-only snapshot: serialize it or copy before changing it).
_MEMO: dict[tuple[tuple, bool], dict[str, Any]] = {}
_MEMO_SIZE = 20000


def log_messages(s: Any, seat: int | None, opened: bool = False) -> list[dict[str, Any]]:
    """The events of the previous and the current round, oldest first, as this seat may read them
    (``opened``: as everybody reads them at the end)."""
    over = s.phase == OVER or opened
    messages = []
    for event in _events(s.prevlog) + _events(s.log):
        code = event[0]
        sees = (over or seat == event[1 if code == E_PLACE else 2]) if code in (E_PLACE, E_MOVE) else False
        built = _MEMO.get((event, sees))
        if built is None:
            if len(_MEMO) >= _MEMO_SIZE:
                _MEMO.clear()
            built = _MEMO[(event, sees)] = _message(event, sees)
        messages.append(built)
    return messages


def message(event: tuple, s: Any, seat: int | None) -> dict[str, Any]:
    """The catalog message for a log event as ``seat`` may read it."""
    code = event[0]
    owner = event[1] if code == E_PLACE else event[2] if code == E_MOVE else -1
    return _message(event, s.phase == OVER or seat == owner)


def _message(event: tuple, sees: bool) -> dict[str, Any]:
    """``sees``: the reader may know the hidden card an event mentions (a placement, a moved card)."""
    code = event[0]
    key = "oriflamme.log."
    params: dict[str, Any]
    if code == E_ROUND:
        key += "round"
        params = {"round": event[1], **_seat("seat", event[2])}
    elif code == E_PLACE:
        _, p, t, where, length = event
        params = _seat("seat", p)
        place = "left" if where == LEFT else "right" if where == RIGHT else "on"
        if length == 1:
            place = "new"
        if place == "on":
            params["slot"] = where + 1
        if t != UNKNOWN and sees:
            key += f"place_card.{place}"
            params.update(_card("card", t))
        else:
            key += f"place.{place}"
    elif code == E_KEEP:
        _, p, slot, tokens = event
        key += "keep"
        params = {**_seat("seat", p), "slot": slot + 1, "tokens": tokens}
    elif code == E_REVEAL:
        _, p, t, gain, slot, tokens = event
        params = {**_seat("seat", p), **_card("card", t), "gain": gain, "tokens": tokens, "slot": slot + 1}
        key += "reveal." + ("conspiracy" if t == 3 else "ambush" if t == 0 else "tokens" if gain else "plain")
    elif code == E_ELIM:
        _, me, a, owner, t = event
        key += "eliminated"
        params = {**_seat("seat", me), **_card("card", a), **_seat("owner", owner), **_card("target", t)}
    elif code == E_AMBUSH:
        _, owner, gain, me, a = event
        key += "ambush.own" if owner == me else "ambush"
        params = {**_seat("seat", owner), "gain": gain, **_seat("attacker", me), **_card("card", a)}
    elif code == E_DISCARD:
        key += "discarded"
        params = {**_seat("seat", event[1]), **_card("card", event[2])}
    elif code == E_LORD:
        _, me, acting, gain = event
        key += "lord"
        params = {**_seat("seat", me), **_card("card", acting), "gain": gain}
    elif code == E_HEIR:
        _, me, acting, gain = event
        key += "heir" if gain else "heir.rival"
        params = {**_seat("seat", me), **_card("card", acting), "gain": gain}
    elif code == E_STEAL:
        _, me, acting, victim, amount = event
        key += "steal.self" if victim == me else "steal" if amount else "steal.broke"
        params = {**_seat("seat", me), **_card("card", acting), **_seat("owner", victim), "amount": amount}
    elif code == E_COPY:
        key += "copy"
        params = {**_seat("seat", event[1]), **_card("card", event[2])}
    elif code == E_MOVE:
        _, me, owner, card, src, kind, dest = event
        t = card & 15
        shown = t != UNKNOWN and (card & FACE_UP or sees)
        key += ("decree." if shown else "decree_hidden.") + ("gap" if kind == GAP else "on")
        params = {**_seat("seat", me), **_seat("owner", owner), "from": src + 1}
        if shown:
            params.update(_card("card", t))
        if kind == GAP:
            params["gap"] = dest
        else:
            params["slot"] = dest + 1
    elif code == E_IDLE:
        key += "idle"
        params = {**_seat("seat", event[1]), **_card("card", event[2])}
    elif code == E_END:
        key += "end"
        params = {}
    else:  # pragma: no cover - every event code is listed above
        raise AssertionError(event)
    return {"key": key, "params": params}


# --- a position held from one seat's view ----------------------------------------------


def _mask(ids: list[str] | None) -> int:
    if ids is None:
        return HIDDEN
    mask = 0
    for card in ids:
        mask |= 1 << _ID[card]
    return mask


def _int(value: Any, low: int, high: int) -> int:
    """``value`` if it is an int in ``low..high``; else ValueError (``read_view`` reports it)."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(value)
    return value


def _per_seat(value: Any, players: int) -> list | tuple:
    if not isinstance(value, (list, tuple)) or len(value) != players:
        raise ValueError(value)
    return value


def read_view(view: dict[str, Any]) -> dict[str, Any]:
    """The fields of the position as ``view``'s seat knows it, as keyword arguments of
    ``make_state``: other seats' secrets become unknown cards.  BadPosition when ``view`` is not an
    Oriflamme view (a key missing, a value of the wrong type or out of range).

    On the bots' path (a view read per decision): the checks are inline."""
    try:
        n = _int(view["players"], MIN_PLAYERS, MAX_PLAYERS)
        phase = PHASES.index(view["phase"])
        queue = []
        for slot in view["queue"]:
            owner = slot["owner"]
            if type(owner) is not int or not 0 <= owner < n:
                raise ValueError(owner)
            cards = [owner]
            for c in slot["cards"]:
                tokens = c["tokens"]
                if type(tokens) is not int or not 0 <= tokens <= 99:
                    raise ValueError(tokens)
                t = UNKNOWN if c["card"] is None else _ID[c["card"]]
                cards.append(t | (FACE_UP if c["up"] else 0) | tokens << TOKEN_SHIFT)
            if len(cards) == 1:
                raise ValueError(slot)
            queue.append(tuple(cards))
        out = tuple(tuple(_ID[e["card"]] | _REASON[e["reason"]] for e in pile) for pile in _per_seat(view["out"], n))
        pools = list(_per_seat(view["pools"], n))
        for p in pools:
            if type(p) is not int or not 0 <= p <= 999:
                raise ValueError(p)
        pending = view["pending"]
        code, parg = 0, 0
        last = len(queue) - 1
        if phase == RESOLVING:
            code = _PENDING_CODE[pending["kind"]]
            if code == P_TARGET:
                parg = _ID[pending["ability"]]
            elif code == P_DEST:
                parg = _int(pending["picked"], 0, last)
            elif code == P_SHOW:
                parg = _int(pending["eliminated"], 0, last)
        options = view["options"]
        if type(options) is not dict:
            raise TypeError(options)
        return {
            "players": n,
            "options": options_bits(options),
            "start": _int(view["start_player"], 0, n - 1),
            "hands": tuple(_mask(h) for h in _per_seat(view["hands"], n)),
            "removed": tuple(_mask(r) for r in _per_seat(view["removed"], n)),
            "round": _int(view["round"], 1, ROUNDS),
            "phase": phase,
            "placed": _int(view["placed"], 0, n - 1) if phase == PLACING else 0,
            "cursor": _int(view["cursor"], 0, last) if phase == RESOLVING else 0,
            "pending": code,
            "parg": parg,
            "pools": pools,
            "queue": queue,
            "out": out,
        }
    except (KeyError, TypeError, ValueError, IndexError):
        raise BadPosition("oriflamme.error.view") from None

"""Oriflamme position text: one line of ``key=value`` fields, any position (mid-round too).

    players=3 start=p1 round=2 phase=resolve cursor=2 pending=reveal pools=2,1,3
    hands=HeLoSoSp,?,? removed=AmAsCo,?,? queue=p1:Lou,p2:Asd0/Cod2,p3:??d1 out=-,-,Arx

(one line; wrapped here).  Fields, in this order:

* ``players`` 3-5; ``start`` the first player of round 1 (``p1`` = seat 0);
  ``round`` 1-6;
* ``phase``: ``place`` with ``placed=K`` (cards placed so far this round), or
  ``resolve`` with ``cursor=N`` (the slot being visited, 1-based) and ``pending=``
  the decision awaited: ``reveal``, ``target:<Card>`` (a target for that card's
  ability: Archer, Soldier or Assassination; the acting card may be a Shapeshifter
  copying it), ``steal``, ``copy``, ``decree`` (the Decree picks a card),
  ``decree:N`` (the card of slot N is picked; a destination is awaited),
  ``show:N`` (the card of slot N was eliminated face down; its owner shows it);
  or ``over``;
* ``pools``: influence per seat;
* ``hands`` and ``removed``: per seat the two-letter codes of the cards (see
  ``cards.CODES``: Am Ar As Co He Lo Rd Sh So Sp), ``-`` when empty, ``?`` when unknown;
* ``queue``: the slots in resolution order, ``-`` when empty; a slot is
  ``p<seat>:`` then its cards from the TOP down, separated by ``/``; a card is
  its code (``??`` when unknown) then ``u`` (face up) or ``d<tokens>`` (face down);
* ``out``: per seat the out-of-play pile in order, each card as its code plus
  ``x`` (eliminated) or ``d`` (discarded); ``-`` when empty;
* ``options`` (only when some differ from the defaults): ``name:0`` / ``name:1``
  separated by commas.

The log of recent events is history, not position: it is not written.

This module reads and writes fields, never builds a position: ``read_text`` gives the fields
a text holds (keyword arguments of ``pygames.oriflamme.state.make_state``), ``to_text``
writes a position's fields, ``check`` judges a position built from them.
``pygames.oriflamme.state`` imports this module (``from_text`` lives there); this module never
imports it.
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import BadPosition
from pygames.oriflamme.cards import (
    AMBUSH,
    ARCHER,
    ASSASSINATION,
    CODES,
    CONSPIRACY,
    DECREE,
    FACE_UP,
    FAMILY,
    INTRIGUES,
    SHAPESHIFTER,
    SOLDIER,
    SPY,
    TOKEN_SHIFT,
    UNKNOWN,
)
from pygames.oriflamme.rules import (
    DEFAULT_OPTIONS,
    DISCARDED,
    ELIMINATED,
    HIDDEN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTION_BITS,
    P_COPY,
    P_DECREE,
    P_DEST,
    P_NONE,
    P_REVEAL,
    P_SHOW,
    P_STEAL,
    P_TARGET,
    PLACING,
    REMOVED,
    RESOLVING,
    ROUNDS,
)

_CODE = {code: t for t, code in enumerate(CODES)}
_PHASES = ("place", "resolve", "over")
_FIELDS = (
    "players",
    "start",
    "round",
    "phase",
    "placed",
    "cursor",
    "pending",
    "pools",
    "hands",
    "removed",
    "queue",
    "out",
    "options",
)


_MASK_TEXT = tuple("".join(CODES[t] for t in range(10) if m >> t & 1) or "-" for m in range(1 << 10))


def _cards(mask: int) -> str:
    return "?" if mask == HIDDEN else _MASK_TEXT[mask]


def _card(card: int) -> str:
    code = CODES[card & 15]
    return f"{code}u" if card & FACE_UP else f"{code}d{card >> TOKEN_SHIFT}"


def _pending(s: Any) -> str:
    p = s.pending
    if p == P_TARGET:
        return f"target:{_NAMES[s.parg]}"
    if p == P_DEST:
        return f"decree:{s.parg + 1}"
    if p == P_SHOW:
        return f"show:{s.parg + 1}"
    return _PENDING_WORDS[p]


_NAMES = {ARCHER: "Archer", SOLDIER: "Soldier", ASSASSINATION: "Assassination"}
_PENDING_WORDS = {P_REVEAL: "reveal", P_STEAL: "steal", P_COPY: "copy", P_DECREE: "decree"}


def to_text(s: Any) -> str:
    """The position text of ``s`` (a ``State``)."""
    parts = [f"players={s.players}", f"start=p{s.start + 1}", f"round={s.round}", f"phase={_PHASES[s.phase]}"]
    if s.phase == PLACING:
        parts.append(f"placed={s.placed}")
    elif s.phase == RESOLVING:
        parts.append(f"cursor={s.cursor + 1}")
        parts.append(f"pending={_pending(s)}")
    parts.append("pools=" + ",".join(map(str, s.pools)))
    parts.append("hands=" + ",".join(_cards(h) for h in s.hands))
    parts.append("removed=" + ",".join(_cards(r) for r in s.removed))
    slots = [f"p{slot[0] + 1}:" + "/".join(_card(c) for c in reversed(slot[1:])) for slot in s.queue]
    parts.append("queue=" + (",".join(slots) or "-"))
    parts.append(
        "out="
        + ",".join(
            "".join(CODES[e & 15] + ("d" if e >> 4 == DISCARDED else "x") for e in pile) or "-" for pile in s.out
        )
    )
    if s.options != DEFAULT_OPTIONS:
        parts.append(
            "options="
            + ",".join(
                f"{name}:{int(bool(s.options & bit))}"
                for name, (bit, default, _) in OPTION_BITS.items()
                if bool(s.options & bit) != default
            )
        )
    return " ".join(parts)


def _bad(why: str = "text") -> BadPosition:
    return BadPosition(f"oriflamme.error.{why}")


def _int(text: str, low: int, high: int) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise _bad()
    return int(text)


def _seat(text: str, players: int) -> int:
    if text[:1] != "p":
        raise _bad()
    return _int(text[1:], 1, players) - 1


def _mask(text: str) -> int:
    mask = _MASKS.get(text)
    return _parse_mask(text) if mask is None else mask


def _parse_mask(text: str) -> int:
    if text == "?":
        return HIDDEN
    if text == "-":
        return 0
    if len(text) % 2:
        raise _bad()
    mask = 0
    for i in range(0, len(text), 2):
        t = _CODE.get(text[i : i + 2])
        if t is None or t == UNKNOWN or mask >> t & 1:
            raise _bad()
        mask |= 1 << t
    return mask


def _parse_card(text: str) -> int:
    card = _CARDS.get(text)
    return _read_card(text) if card is None else card


def _read_card(text: str) -> int:
    t = _CODE.get(text[:2])
    rest = text[2:]
    if t is None:
        raise _bad()
    if rest == "u":
        if t == UNKNOWN:
            raise _bad()
        return t | FACE_UP
    if rest[:1] != "d":
        raise _bad()
    return t | _int(rest[1:], 0, 99) << TOKEN_SHIFT


#: The texts of every hand/removed mask and of common queue cards, read once.
_MASKS = {text: m for m, text in enumerate(_MASK_TEXT)}
_MASKS["?"] = HIDDEN
_CARDS = {
    _card(t | up | k << TOKEN_SHIFT): t | up | k << TOKEN_SHIFT
    for t in range(11)
    for up in (0, FACE_UP)
    for k in range(40)
    if not (up and (k or t == UNKNOWN))
}


def _per_seat(text: str, players: int) -> list[str]:
    items = text.split(",")
    if len(items) != players:
        raise _bad()
    return items


def read_text(text: str) -> dict[str, Any]:
    """The fields of the position ``text`` writes (see the module docstring), as keyword arguments
    of ``make_state``; BadPosition if it is not an Oriflamme position text.  Whether the position
    can arise in a game is ``check``'s to say, on the position built from them."""
    fields = _fields(text)
    try:
        players = _int(fields["players"], MIN_PLAYERS, MAX_PLAYERS)
        start = _seat(fields["start"], players)
        rnd = _int(fields["round"], 1, ROUNDS)
        phase_word = fields["phase"]
        pools = [_int(v, 0, 999) for v in _per_seat(fields["pools"], players)]
        hands = tuple(_mask(v) for v in _per_seat(fields["hands"], players))
        removed = tuple(_mask(v) for v in _per_seat(fields["removed"], players))
        queue = _parse_queue(fields["queue"], players)
        out = tuple(_parse_pile(pile) for pile in _per_seat(fields["out"], players))
    except KeyError:
        raise _bad() from None
    if phase_word not in _PHASES:
        raise _bad()
    phase = _PHASES.index(phase_word)
    placed = cursor = parg = 0
    pending = P_NONE
    if phase == PLACING:
        if "cursor" in fields or "pending" in fields:
            raise _bad()
        placed = _int(fields.get("placed", ""), 0, players - 1)
    elif phase == RESOLVING:
        if "placed" in fields or not queue:
            raise _bad()
        cursor = _int(fields.get("cursor", ""), 1, len(queue)) - 1
        pending, parg = _parse_pending(fields.get("pending", ""), len(queue))
    elif rnd != ROUNDS or {"placed", "cursor", "pending"} & fields.keys():
        raise _bad()
    return {
        "players": players,
        "options": _parse_options(fields.get("options")),
        "start": start,
        "hands": hands,
        "removed": removed,
        "round": rnd,
        "phase": phase,
        "placed": placed,
        "cursor": cursor,
        "pending": pending,
        "parg": parg,
        "pools": pools,
        "queue": queue,
        "out": out,
    }


def _fields(text: str) -> dict[str, str]:
    """``key=value`` words, each key known and given once."""
    if not isinstance(text, str) or len(text) > 4000:
        raise _bad()
    fields: dict[str, str] = {}
    for part in text.split():
        key, sep, value = part.partition("=")
        if not sep or key not in _FIELDS or key in fields:
            raise _bad()
        fields[key] = value
    return fields


def _parse_options(text: str | None) -> int:
    """The option bits: the defaults, changed by ``name:0`` / ``name:1`` items."""
    options = DEFAULT_OPTIONS
    for item in text.split(",") if text is not None else ():
        name, _, value = item.partition(":")
        if name not in OPTION_BITS or value not in ("0", "1"):
            raise _bad("option_text")
        bit = OPTION_BITS[name][0]
        options = options | bit if value == "1" else options & ~bit
    return options


def _parse_queue(text: str, players: int) -> list[tuple[int, ...]]:
    """The queue's slots: ``owner:card/card...`` (top card first), comma separated, or ``-``."""
    queue = []
    if text != "-":
        for slot_text in text.split(","):
            owner_text, sep, cards_text = slot_text.partition(":")
            if not sep or not cards_text:
                raise _bad()
            owner = _seat(owner_text, players)
            cards = [_parse_card(c) for c in reversed(cards_text.split("/"))]
            queue.append((owner, *cards))
    return queue


def _parse_pile(text: str) -> tuple[int, ...]:
    """One seat's cards out of play: a two-letter code and ``x`` (eliminated) or ``d`` (discarded) each."""
    pile = []
    if text != "-":
        if len(text) % 3:
            raise _bad()
        for i in range(0, len(text), 3):
            t = _CODE.get(text[i : i + 2])
            reason = {"x": ELIMINATED, "d": DISCARDED}.get(text[i + 2])
            if t is None or t == UNKNOWN or reason is None:
                raise _bad()
            pile.append(t | reason << 4)
    return tuple(pile)


def _parse_pending(text: str, slots: int) -> tuple[int, int]:
    word, _, arg = text.partition(":")
    if word == "target":
        kinds = {"archer": ARCHER, "soldier": SOLDIER, "assassination": ASSASSINATION}
        if arg.lower() not in kinds:
            raise _bad()
        return P_TARGET, kinds[arg.lower()]
    if word == "decree" and arg:
        return P_DEST, _int(arg, 1, slots) - 1
    if word == "show":
        return P_SHOW, _int(arg, 1, slots) - 1
    plain = {"reveal": P_REVEAL, "steal": P_STEAL, "copy": P_COPY, "decree": P_DECREE}
    if word not in plain or arg:
        raise _bad()
    return plain[word], 0


def check(s: Any) -> None:
    """BadPosition unless ``s`` (a ``State``) could arise in a game (cards conserved, counts, faces, decision)."""
    n = s.players
    q = s.queue
    for p in range(n):
        known = []
        count = s.hand_count(p) + REMOVED + len(s.out[p])
        for slot in q:
            if slot[0] == p:
                count += len(slot) - 1
                known += [c & 15 for c in slot[1:] if c & 15 != UNKNOWN]
        known += [e & 15 for e in s.out[p]]
        for mask, size in ((s.hands[p], s.hand_count(p)), (s.removed[p], REMOVED)):
            if mask != HIDDEN:
                if mask.bit_count() != size:
                    raise _bad("cards")
                known += [t for t in range(10) if mask >> t & 1]
        if count != 10 or len(set(known)) != len(known):
            raise _bad("cards")
        if s.round == 1 and s.phase == PLACING and any(slot[0] == p and len(slot) > 2 for slot in q):
            raise _bad("cards")
    cur = s.cursor
    for i, slot in enumerate(q):
        for depth, card in enumerate(reversed(slot[1:])):
            t = card & 15
            if card & FACE_UP:
                acting = (
                    s.phase == RESOLVING
                    and i == cur
                    and depth == 0
                    and s.pending in (P_TARGET, P_SHOW, P_DECREE, P_DEST)
                )
                if t in (AMBUSH, CONSPIRACY) or (t in INTRIGUES and not acting):
                    raise _bad("faces")
    if s.phase == RESOLVING:
        top = q[cur][-1]
        t = top & 15
        up = top & FACE_UP
        p, arg = s.pending, s.parg
        if p == P_REVEAL:
            ok = not up
        elif p == P_TARGET:
            ok = up and (t == arg or (t == SHAPESHIFTER and arg in (ARCHER, SOLDIER)))
        elif p == P_STEAL:
            ok = up and t in (SPY, SHAPESHIFTER)
        elif p == P_COPY:
            ok = up and t == SHAPESHIFTER
        elif p in (P_DECREE, P_DEST):
            ok = up and t == DECREE and (p == P_DECREE or arg != cur)
        else:
            ok = p == P_SHOW and up and t in (ARCHER, SOLDIER, ASSASSINATION, SHAPESHIFTER) and not q[arg][-1] & FACE_UP
        if not ok or not s.legal_moves():
            raise _bad("decision")
        if p == P_SHOW and not _show_reachable(s):
            raise _bad("decision")
    for p in range(n):
        if s.hands[p] != HIDDEN and s.hands[p] & ~FAMILY:
            raise _bad("cards")


def _show_reachable(s: Any) -> bool:
    """The eliminated slot must be one the acting card could target."""
    t = s.queue[s.cursor][-1] & 15
    if t == SHAPESHIFTER:
        return any(s.parg in s._targets(k) for k in (ARCHER, SOLDIER))
    return s.parg in s._targets(t)

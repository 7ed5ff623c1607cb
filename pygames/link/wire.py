"""The link's bytes: a record (header + events), raw deflate, base64url.

    header  = version, game, players, options (varint), names (varint length + UTF-8: printable
              characters only, written by ``names.clean_name``; "" is the seat's default name),
              seat 0's commitment (16 bytes), the creator's random-value commitment (16)
    tags    = a byte with bit s set when seat s has endorsed the record, then those seats'
              endorsements (6 bytes each, seat order): ``commit.endorsement``
    event   = varint tag, then by tag:
              tag & 1 == 0  a move: index = tag >> 2 in the public position's legal moves;
                            tag & 2 -> a 6-byte card commitment follows (an Oriflamme placement)
              tag == 1      join:   seat (1 byte), seat commitment (16)
              tag == 3      start:  the creator's random value (16)
              tag == 5      order:  seat (1 byte), order kind (1 byte)
              tag == 7      secret: seat (1 byte), seat key (16) -- revealed at the end
              tag == 9      a move that opens a face-down card: index (varint), the
                            placement's number (varint) and its nonce (6)
              tag == 11     done:   seat (1 byte) -- the seat endorses the final position
                            (version 3: every seat does, before any key is revealed)
    check   = the first 4 bytes of the hash over the chain's head and the tags (a typo
              in a link is caught even when deflate does not notice)

The hash chain runs over the header and the events only: the tags are renewed as
seats move, and two records with the same events are the same game history.

The link text is ``g=`` + base64url(deflate(header + events + check)).  Decoding
checks the structure only; ``pygames.link.table`` replays the events by the rules.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import dataclass
from typing import NamedTuple, Union

from pygames import GAMES
from pygames.link.commit import CARD_COMMIT_BYTES, COMMIT_BYTES, KEY_BYTES, NONCE_BYTES, TAG_BYTES, chain
from pygames.link.errors import BadLink
from pygames.link.names import MAX_NAME, valid_name

VERSION = 3
#: The first version a device of this release can still read (older links were made by an
#: older release, whose events carry no endorsements: they get their own message).  A
#: version 2 game is played to its end by version 2's rule: keys follow the last move at once,
#: with no "done" round (``table.Table``); new games are version 3.
OLDEST = 2
#: The first version whose games end with every seat's "done" before any key is revealed.
SEALED_END = 3
#: Limits that keep a hostile link from costing more than a real one.
MAX_TEXT = 8000
MAX_BYTES = 16384
MAX_EVENTS = 3000
PREFIX = "g="


class Join(NamedTuple):
    seat: int
    commitment: bytes


class Start(NamedTuple):
    rand: bytes


class Move(NamedTuple):
    index: int
    #: a placement's card commitment (Oriflamme)
    commitment: bytes | None = None
    #: (placement number, nonce) opening a face-down card this move names (Oriflamme reveals)
    opening: tuple[int, bytes] | None = None


class Order(NamedTuple):
    seat: int
    kind: int


class Secret(NamedTuple):
    seat: int
    key: bytes


class Done(NamedTuple):
    """A seat endorses the final position (its tag then covers the whole game), so no key is
    revealed while anyone's endorsement still leaves an event open to rewriting."""

    seat: int


Event = Union[Join, Start, Move, Order, Secret, Done]


@dataclass(frozen=True)
class Header:
    game: str
    players: int
    options: int
    names: tuple[str, ...]
    seat0: bytes
    rand0: bytes
    #: the link format the game was created in (a game keeps its version to the end)
    version: int = VERSION

    def to_bytes(self) -> bytes:
        out = bytearray([self.version, GAMES[self.game].WIRE_CODE, self.players])
        _varint(out, self.options)
        for name in self.names:
            data = name.encode("utf-8")
            _varint(out, len(data))
            out += data
        return bytes(out + self.seat0 + self.rand0)


@dataclass(frozen=True)
class Record:
    """A link game: its header and events, in order."""

    header: Header
    events: tuple[Event, ...]
    #: per seat: its endorsement of the record (``commit.endorsement``), or None
    tags: tuple[bytes | None, ...] = ()

    def tag(self, seat: int) -> bytes | None:
        return self.tags[seat] if seat < len(self.tags) else None

    def with_tag(self, seat: int, tag: bytes) -> "Record":
        tags = list(self.tags) + [None] * (self.header.players - len(self.tags))
        tags[seat] = tag
        return Record(self.header, self.events, tuple(tags))

    def tag_bytes(self) -> bytes:
        present = [(seat, tag) for seat, tag in enumerate(self.tags) if tag is not None]
        return bytes([sum(1 << seat for seat, _ in present)]) + b"".join(tag for _, tag in present)

    def event_bytes(self) -> list[bytes]:
        return [event_to_bytes(e) for e in self.events]

    def chain(self) -> list[bytes]:
        """Hash chain heads: [after the header, after event 1, ...]."""
        heads = [chain(b"", self.header.to_bytes())]
        for data in self.event_bytes():
            heads.append(chain(heads[-1], data))
        return heads

    @property
    def id(self) -> str:
        """The game's id: the header's hash (the header holds the creator's fresh commitments)."""
        return chain(b"", self.header.to_bytes())[:8].hex()

    def extend(self, *events: Event) -> "Record":
        return Record(self.header, self.events + tuple(events), self.tags)

    def to_bytes(self) -> bytes:
        tags = self.tag_bytes()
        body = self.header.to_bytes() + tags + b"".join(self.event_bytes())
        return body + chain(self.chain()[-1], tags)[:4]

    def to_text(self) -> str:
        """The link fragment (without ``#``)."""
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        data = packer.compress(self.to_bytes()) + packer.flush()
        return PREFIX + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _varint(out: bytearray, n: int) -> None:
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def event_to_bytes(event: Event) -> bytes:
    """One event as the link writes it (and the hash chain covers it)."""
    out = bytearray()
    if type(event) is Move and event.opening is not None:
        out.append(9)
        _varint(out, event.index)
        _varint(out, event.opening[0])
        out += event.opening[1]
    elif type(event) is Move:
        _varint(out, event.index << 2 | (2 if event.commitment is not None else 0))
        if event.commitment is not None:
            out += event.commitment
    elif type(event) is Join:
        out += bytes([1, event.seat]) + event.commitment
    elif type(event) is Start:
        out += bytes([3]) + event.rand
    elif type(event) is Order:
        out += bytes([5, event.seat, event.kind])
    elif type(event) is Done:
        out += bytes([11, event.seat])
    else:
        out += bytes([7, event.seat]) + event.key
    return bytes(out)


def split(text: str) -> tuple[str, str | None]:
    """The record data and the optional seat export (``&k=seat.key``) of a link, a
    fragment or bare data."""
    if not isinstance(text, str):
        raise BadLink("link.error.empty")
    text = text.strip()
    if "#" in text:
        text = text.split("#", 1)[1]
    if not text:
        raise BadLink("link.error.empty")
    if len(text) > MAX_TEXT:
        raise BadLink("link.error.too_long")
    data, _, rest = text.partition("&")
    if data.startswith(PREFIX):
        data = data[len(PREFIX) :]
    export = None
    for part in rest.split("&"):
        if part.startswith("k="):
            export = part[2:]
    return data, export


def decode(text: str) -> Record:
    """The record a link holds, or BadLink with a message a player understands."""
    data, _ = split(text)
    if not data:
        raise BadLink("link.error.empty")
    if any(c not in _B64 for c in data):
        raise BadLink("link.error.not_a_link")
    if len(data) % 4 == 1:  # no base64 text has this length: characters were lost
        raise BadLink("link.error.truncated")
    try:
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        unpacker = zlib.decompressobj(-15)
        body = unpacker.decompress(raw, MAX_BYTES + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise BadLink("link.error.corrupted") from None
    if base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != data:
        raise BadLink("link.error.corrupted")  # stray bits in the last character: not a link we made
    if len(body) > MAX_BYTES or unpacker.unconsumed_tail:
        raise BadLink("link.error.too_long")
    if not unpacker.eof or unpacker.unused_data:
        raise BadLink("link.error.truncated")
    return _parse(body)


_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise BadLink("link.error.truncated")
        self.at += 1
        return self.data[self.at - 1]

    def bytes(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise BadLink("link.error.truncated")
        self.at += n
        return self.data[self.at - n : self.at]

    def varint(self) -> int:
        n = shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
            if shift > 63:
                raise BadLink("link.error.corrupted")


def _parse(body: bytes) -> Record:
    if len(body) < 4:
        raise BadLink("link.error.truncated")
    record = read_record(body[:-4])
    if record.to_bytes() != body:
        raise BadLink("link.error.corrupted")
    return record


def game_of_code(code: int) -> str:
    """The game whose code a link's header carries: the one whose module's ``WIRE_CODE`` it is
    (each game declares its own, fixed for ever); BadLink when no game of this site has it.
    Games are imported in the registry's order until one has the code."""
    game = next((game for game in GAMES if GAMES[game].WIRE_CODE == code), None)
    if game is None:
        raise BadLink("link.error.unknown_game")
    return game


def read_record(data: bytes) -> Record:
    """The record in ``data`` (a link's bytes without the check value); BadLink if malformed."""
    r = _Reader(data)
    version = r.byte()
    if version > VERSION:
        raise BadLink("link.error.version")
    if version < OLDEST:
        raise BadLink("link.error.old_version" if version else "link.error.corrupted")
    game = game_of_code(r.byte())
    players = r.byte()
    if not 2 <= players <= 5:
        raise BadLink("link.error.corrupted")
    options = r.varint()
    names = []
    for _ in range(players):
        length = r.varint()
        if length > 4 * MAX_NAME:
            raise BadLink("link.error.bad_name")
        try:
            name = r.bytes(length).decode("utf-8")
        except UnicodeDecodeError:
            raise BadLink("link.error.bad_name") from None
        if not valid_name(name):  # shown cleaned: pygames.link.names.shown_names
            raise BadLink("link.error.bad_name")
        names.append(name)
    header = Header(game, players, options, tuple(names), r.bytes(COMMIT_BYTES), r.bytes(COMMIT_BYTES), version)
    mask = r.byte()
    if mask >> players:
        raise BadLink("link.error.corrupted")
    tags = tuple(r.bytes(TAG_BYTES) if mask >> seat & 1 else None for seat in range(players))
    events: list[Event] = []
    while r.at < len(data):
        if len(events) >= MAX_EVENTS:
            raise BadLink("link.error.too_long")
        tag = r.varint()
        if not tag & 1:
            events.append(Move(tag >> 2, r.bytes(CARD_COMMIT_BYTES) if tag & 2 else None))
        elif tag == 1:
            events.append(Join(r.byte(), r.bytes(COMMIT_BYTES)))
        elif tag == 3:
            events.append(Start(r.bytes(KEY_BYTES)))
        elif tag == 5:
            events.append(Order(r.byte(), r.byte()))
        elif tag == 7:
            events.append(Secret(r.byte(), r.bytes(KEY_BYTES)))
        elif tag == 9:
            index, number = r.varint(), r.varint()
            events.append(Move(index, None, (number, r.bytes(NONCE_BYTES))))
        elif tag == 11 and version >= SEALED_END:
            events.append(Done(r.byte()))
        else:
            raise BadLink("link.error.corrupted")
    return Record(header, tuple(events), tags)

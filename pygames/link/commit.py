"""Hash commitments: how a link game stays fair and private with no server.

Every seat holds a 16-byte secret ``key`` on its own device and publishes only
``seat_commitment(key)``.  Shared randomness: the creator commits to a random value
(``rand_commitment``) in the header, every joiner's seat commitment is its contribution,
and the creator reveals its value in the start once all seats are filled; the seed hashes
them all.  Nobody can choose the seed: the creator's value was fixed before anyone joined,
and a joiner sees only its commitment.  But the creator's device learns the seed first:
when the last joiner's link reaches it, it can compute the seed before it writes the start,
and with it everything the seed decides that this device may know (who plays first, the
starting position, its own Oriflamme hand, at the friendly level every Turncoats hand and
draw).  The creator cannot change that deal, but could decline to start and create a new
game for another; a joiner cannot (``docs/link-play.md``, "What the creator can see and steer").

An Oriflamme hand comes from ``hand_seed(key, seed)``: the key was committed before
the seed existed, so nobody can choose their hand (only re-roll it, the creator by starting
over), and nobody else can compute it.
A face-down card is published as ``card_commitment`` of the card, its placement
number and a nonce only its owner can derive from the key; revealing the card later
publishes that nonce, so every device checks the reveal at once, and the end-of-game
audit re-derives every hand and nonce from the revealed keys and checks every placement.

Every seat also endorses its own events: ``endorsement(key, head)`` over the hash chain's
head after the seat's latest event (``docs/link-play.md``).  Only the key's holder can make
it, so the seat's own device finds at once any event written in its name, and every device
checks every seat's endorsement once the keys are revealed at the end.
"""

from __future__ import annotations

import hashlib
import secrets

KEY_BYTES = 16
COMMIT_BYTES = 16
CARD_COMMIT_BYTES = 6
NONCE_BYTES = 6
TAG_BYTES = 6


def _hash(*parts: bytes) -> bytes:
    h = hashlib.sha256(b"pygames-link")
    for part in parts:
        h.update(len(part).to_bytes(2, "big"))
        h.update(part)
    return h.digest()


def new_key() -> bytes:
    """A fresh seat secret from the platform's entropy (crypto.getRandomValues in the browser)."""
    return secrets.token_bytes(KEY_BYTES)


def seat_commitment(key: bytes) -> bytes:
    return _hash(b"seat", key)[:COMMIT_BYTES]


def creator_rand(key: bytes) -> bytes:
    """The creator's random contribution, derived from its key so the device keeps one secret only."""
    return _hash(b"rand", key)[:KEY_BYTES]


def rand_commitment(rand: bytes) -> bytes:
    return _hash(b"rand-commit", rand)[:COMMIT_BYTES]


def shared_seed(rand: bytes, commitments: list[bytes]) -> int:
    """The game's seed: the creator's revealed value and every seat's commitment."""
    return int.from_bytes(_hash(b"seed", rand, *commitments)[:8], "big")


def hand_seed(key: bytes, seed: int) -> int:
    """The seed of one seat's private deal: its key and the shared seed."""
    return int.from_bytes(_hash(b"hand", key, seed.to_bytes(8, "big"))[:8], "big")


def card_nonce(key: bytes, placement: int) -> bytes:
    return _hash(b"nonce", key, placement.to_bytes(2, "big"))[:NONCE_BYTES]


def card_commitment(card: int, placement: int, nonce: bytes) -> bytes:
    return _hash(b"card", bytes([card]), placement.to_bytes(2, "big"), nonce)[:CARD_COMMIT_BYTES]


def endorsement(key: bytes, head: bytes) -> bytes:
    """A seat's tag over the record up to its latest event (``head``: the chain's head there):
    it endorses that event and every earlier one, its own and everybody else's."""
    return _hash(b"endorse", key, head)[:TAG_BYTES]


def chain(previous: bytes, event: bytes) -> bytes:
    """The hash chain over a record: one comparison tells whether one record extends another."""
    return _hash(b"chain", previous, event)

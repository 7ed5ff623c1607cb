"""What the creator of a link game can see before the start (docs/link-play.md, "What the
creator can see and steer"; issue 26, bullet 8).

The shared seed hashes the creator's random value (committed in the header before anyone
joins) with every seat's commitment, and the creator reveals his value in the start event
once every seat is claimed.  So when the last joiner's link reaches the creator's device,
that device can compute the seed *before* writing the start, and with it everything the seed
decides for the creator's seat: who plays first, the starting position, his own hand, and at
the friendly level every hand and draw.  He cannot choose it (his value was fixed before the
others joined), but he can decline to start and create a new game for another.  A joiner
cannot: the link carries only the commitment to the creator's value.
"""

from __future__ import annotations

import pytest

from pygames import GAMES
from pygames.link import Table, api, decode
from pygames.link.commit import creator_rand, rand_commitment, shared_seed
from pygames.link.games import Game
from pygames.link.games import adapter as link_adapter
from pygames.link.simulate import derive_key
from pygames.link.wire import Join, Start

#: Every game of the registry at every player count it takes.
COUNTS = [(game, players) for game, module in GAMES.items() for players in module.PLAYER_COUNTS]


def _joined(game: str, players: int, tag: object) -> tuple[str, bytes]:
    """A game whose seats are all claimed and that is not started yet, as the last joiner's
    device sends it to the creator: (that link, the creator's key)."""
    table = api.link_create(game, players, [f"P{s + 1}" for s in range(players)], key=derive_key("preview", tag, 0))
    creator = bytes.fromhex(table["key"]["key"])
    for seat in range(1, players):
        table = api.link_join(table["link"], seat, {}, key=derive_key("preview", tag, seat))
    assert table["next"] == {"seat": 0, "name": "P1", "action": "start"}
    return table["link"], creator


def _preview(link: str, key: bytes) -> tuple[int, Game]:
    """What the creator's device computes from the joined link and its own key alone, writing
    nothing: the shared seed, and the game that seed starts as this device would hold it."""
    record = decode(link)
    assert not any(isinstance(event, Start) for event in record.events), "not started yet"
    joins = sorted((event.seat, event.commitment) for event in record.events if isinstance(event, Join))
    commitments = [record.header.seat0] + [commitment for _, commitment in joins]
    seed = shared_seed(creator_rand(key), commitments)
    return seed, link_adapter(record.header.game)(record.header, seed, {0: key})


def _first_mover(table: Table) -> int:
    """The seat that made the started game's first move, or is to make it."""
    return table.history[0][0] if table.history else table.game.to_move()


@pytest.mark.parametrize("game,players", COUNTS)
def test_the_creator_computes_the_seed_and_the_deal_before_writing_the_start(game, players):
    link, key = _joined(game, players, (game, players))
    seed, preview = _preview(link, key)
    # the creator's device opens the last joiner's link: it writes the start by itself
    started = api.link_open(link, {"0": key.hex()}, None)
    assert started["phase"] != "joining"
    table = Table(decode(started["link"]), {0: key})
    assert table.game.seed == seed  # the seed the game then uses is the one computed before
    assert _first_mover(table) == preview.to_move()  # who plays first
    # the start as the creator's device holds it (a fresh one if a move was played by itself)
    held = table.game if not table.history else link_adapter(game)(table.record.header, seed, {0: key})
    assert preview.view(0) == held.view(0)  # what the creator's seat sees at the start: its own hand
    if link_adapter(game).link_level() == "friendly" or not GAMES[game].SECRETS:
        # every secret follows from the seed (or there is none): the whole starting position,
        # every seat's hand included
        assert preview.private_position().to_text() == held.private_position().to_text()
        assert [preview.view(s) for s in range(players)] == [held.view(s) for s in range(players)]
    # every other device agrees on that game
    spectator = Table(decode(started["link"]))
    assert spectator.game.seed == seed and _first_mover(spectator) == preview.to_move()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_joiner_has_only_the_commitment_to_the_creators_value(game):
    players = GAMES[game].PLAYER_COUNTS[0]
    link, key = _joined(game, players, ("joiner", game))
    record = decode(link)
    rand = creator_rand(key)
    assert record.header.rand0 == rand_commitment(rand)
    assert rand not in record.to_bytes()  # the value the seed needs is revealed only by the start
    started = decode(api.link_open(link, {"0": key.hex()}, None)["link"])
    assert [event.rand for event in started.events if isinstance(event, Start)] == [rand]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_creator_who_starts_over_gets_another_deal(game):
    """Nobody chooses the seed, but a new game (new keys all round) is a new draw: over fresh
    invitations the creator's preview of who plays first takes every seat, and his deal changes."""
    players = GAMES[game].PLAYER_COUNTS[0]
    firsts, views = set(), set()
    for attempt in range(24):
        link, key = _joined(game, players, ("again", game, attempt))
        _, preview = _preview(link, key)
        firsts.add(preview.to_move())
        views.add(repr(preview.view(0)))
    assert firsts == set(range(players))
    assert len(views) > 1

"""Play by link: whole games between simulated devices, the audit, and every kind of bad link."""

from __future__ import annotations

import base64
import zlib

import pytest

from pygames import GAMES
from pygames.core.errors import PlayerError
from pygames.core.i18n import tr
from pygames.core.rng import Rng
from pygames.link import BadLink, Table, api, decode
from pygames.link.adapters.oriflamme import seat_deal
from pygames.link.commit import seat_commitment
from pygames.link.games import adapter as link_adapter
from pygames.link.simulate import Device, derive_key, play_by_link
from pygames.link.wire import MAX_NAME, VERSION, Header, Join, Move, Record

#: Every game of the registry at every player count it takes.
COUNTS = [(game, players) for game, module in GAMES.items() for players in module.PLAYER_COUNTS]
IDS = list(GAMES)
SITE = "https://pygames.github.io/pygames/#"


@pytest.mark.parametrize("game,players", COUNTS)
def test_a_whole_game_by_link_between_devices_ends_verified(game, players):
    devices, table, passes, decisions = play_by_link(game, players, seed=players * 7 + len(game))
    assert table["outcome"] is not None
    for device in devices:
        final = device.open(table["link"])
        assert final["phase"] == "over" and final["audit"]["state"] == "verified", final["audit"]
    assert len(SITE + table["link"]) <= 2000
    # joins and the start: one pass a seat; the end: a round of "done", then one of keys
    assert passes <= decisions + 3 * players
    # every device agrees on the result
    views = {repr(d.open(table["link"])["outcome"]) for d in devices}
    assert len(views) == 1


def test_an_oriflamme_device_never_sees_other_hands_or_face_down_cards_before_the_end():
    rng = Rng(3)
    devices = [Device() for _ in range(3)]
    table = api.link_create("oriflamme", 3, ["A", "B", "C"], key=derive_key("privacy", 0))
    devices[0].keep(table, table["key"])
    for seat in (1, 2):
        joined = api.link_join(table["link"], seat, {}, key=derive_key("privacy", seat))
        table = devices[seat].keep(joined, joined["key"])
    assert table["next"]["action"] == "start"
    table = devices[0].open(table["link"])  # the creator's device starts the game by itself
    spectator_checked = False
    while table["phase"] == "playing":
        seat = table["next"]["seat"]
        table = devices[seat].open(table["link"])
        view = table["view"]
        assert table["seat"] == seat
        assert [h is not None for h in view["hands"]] == [p == seat for p in range(3)]
        for slot in view["queue"]:
            for card in slot["cards"]:
                if not card["up"] and slot["owner"] != seat:
                    assert card["card"] is None
        spectator = api.link_open(table["link"], {}, None)
        assert spectator["seat"] is None and spectator["legal"] == [] and not spectator["my_turn"]
        assert all(h is None for h in spectator["view"]["hands"])
        spectator_checked = True
        if table["my_turn"]:
            table = devices[seat].play(table["link"], table["legal"][rng.below(len(table["legal"]))])
    assert spectator_checked
    # nothing in the link text spells a card: placements are commitments
    assert "Archer" not in table["link"]


def test_standing_orders_and_forced_moves_save_hops():
    _, _, plain, _ = play_by_link("oriflamme", 4, seed=11)
    _, _, ordered, _ = play_by_link("oriflamme", 4, seed=11, keep_hidden=True)
    assert ordered < plain


def test_hands_come_from_each_seat_key_and_the_shared_seed():
    key = bytes(range(16))
    hand, removed = seat_deal(key, 42)
    assert len(hand) == 7 and len(removed) == 3 and not set(hand) & set(removed)
    assert seat_deal(key, 43) != (hand, removed) or seat_deal(bytes(16), 42) != (hand, removed)


# --- bad links ---------------------------------------------------------------------------------


def _in_play(game: str, moves: int = 4, seed: object = 0) -> tuple[str, list[Device]]:
    """A link of ``game`` at its fewest seats once ``moves`` moves are played, and each seat's device."""
    players = GAMES[game].PLAYER_COUNTS[0]
    devices, table, _, _ = play_by_link(game, players, seed, until=lambda t: t["played"] >= moves)
    return table["link"], devices


def _mover(link: str, devices: list[Device]) -> Device:
    """The device of the seat the link waits for."""
    return devices[api.link_open(link, {}, None)["next"]["seat"]]


@pytest.mark.parametrize("game", IDS)
def test_a_table_sends_the_legal_moves_as_data_and_counts_the_moves_played(game):
    link, devices = _in_play(game, 3)
    friendly = api.link_level(game) == "friendly"
    for device in devices:
        table = device.open(link)
        assert table["played"] == 3 and [m["text"] for m in table["moves"]] == table["legal"]
        assert bool(table["legal"]) == table["my_turn"] and table["friendly"] is friendly


def _created(game: str, players: int, salt: object = 0):
    table = api.link_create(game, players, [f"P{i}" for i in range(players)], key=derive_key(game, players, salt))
    return table, table["key"]


def _pack(body: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "g=" + base64.urlsafe_b64encode(packer.compress(body) + packer.flush()).decode().rstrip("=")


@pytest.mark.parametrize(
    "text,key",
    [
        ("", "link.error.empty"),
        ("https://pygames.github.io/pygames/#", "link.error.empty"),
        ("g=" + "A" * 9000, "link.error.too_long"),
        ("g=hello world!", "link.error.not_a_link"),
        ("g=****", "link.error.not_a_link"),
        ("g=AAAA", "link.error.truncated"),
        ("g=____", "link.error.corrupted"),
    ],
)
def test_junk_links_get_a_clear_message(text, key):
    with pytest.raises(BadLink) as caught:
        decode(text)
    assert caught.value.key == key and str(caught.value) and "{" not in str(caught.value)


@pytest.mark.parametrize("game", IDS)
def test_truncated_and_corrupted_links_are_refused(game):
    link, _ = _in_play(game)
    for cut in (1, 2, 5, len(link) // 2):
        with pytest.raises(BadLink) as caught:
            decode(link[:-cut])
        assert caught.value.key in ("link.error.truncated", "link.error.corrupted", "link.error.not_a_link")
    for at in range(3, len(link)):
        changed = link[:at] + ("B" if link[at] != "B" else "C") + link[at + 1 :]
        with pytest.raises(BadLink):
            decode(changed)


@pytest.mark.parametrize("game", IDS)
def test_a_future_version_a_foreign_game_and_an_enormous_body_are_refused(game):
    record = decode(_in_play(game)[0])
    assert record.header.game == game and record.to_bytes()[1] == GAMES[game].WIRE_CODE
    body = record.to_bytes()
    with pytest.raises(BadLink) as caught:
        decode(_pack(bytes([VERSION + 1]) + body[1:]))
    assert caught.value.key == "link.error.version"
    with pytest.raises(BadLink) as caught:  # a link of version 1 (no endorsements): made by an older release
        decode(_pack(bytes([1]) + body[1:]))
    assert caught.value.key == "link.error.old_version"
    with pytest.raises(BadLink) as caught:
        decode(_pack(body[:1] + bytes([max(GAMES[g].WIRE_CODE for g in GAMES) + 1]) + body[2:]))
    assert caught.value.key == "link.error.unknown_game"
    with pytest.raises(BadLink) as caught:
        decode(_pack(body[:-4] + bytes(20000)))  # a zip bomb's little brother
    assert caught.value.key == "link.error.too_long"


@pytest.mark.parametrize("game", IDS)
def test_an_illegal_move_in_a_well_formed_link_is_refused(game):
    record = decode(_in_play(game)[0])
    beyond = Move(len(Table(record, {}).game.legal()))
    with pytest.raises(BadLink) as caught:
        Table(record.extend(beyond), {})
    assert caught.value.key == "link.error.illegal_move"
    with pytest.raises(BadLink) as caught:
        Table(decode(record.extend(beyond).to_text()), {})
    assert caught.value.key == "link.error.illegal_move"


def test_a_rewritten_earlier_move_a_fork_and_an_older_link_change_nothing_saved():
    link, devices = _in_play("okiya", 6)
    a = devices[0]
    saved_before = {k: dict(v) for k, v in a.saved.items()}
    record = decode(link)
    # a rewritten earlier move: same game, different history
    events = list(record.events)
    first_move = next(i for i, e in enumerate(events) if type(e) is Move)
    for index in range(12):
        forged = Record(record.header, tuple(events[:first_move]) + (Move(index),))
        if forged.chain()[-1] != Record(record.header, tuple(events[: first_move + 1])).chain()[-1]:
            break
    with pytest.raises(BadLink) as caught:
        a.open(forged.to_text())
    assert caught.value.key == "link.error.fork"
    assert a.saved == saved_before
    # an older link of the same game: the device keeps (and shows) its newer copy
    older = Record(record.header, tuple(events[: first_move + 1])).to_text()
    shown = api.link_open(older, a.entry(link)["keys"], a.entry(link)["link"])
    assert shown["notice"]["key"] == "link.notice.older" and shown["link"] == a.entry(link)["link"]
    assert a.saved == saved_before


@pytest.mark.parametrize("game", IDS)
def test_a_replayed_link_of_another_game_is_refused(game):
    one = decode(_in_play(game, 4, seed="one")[0])
    other = decode(_in_play(game, 4, seed="other")[0])
    spliced = Record(one.header, other.events)
    with pytest.raises(BadLink):
        Table(spliced, {})  # the other game's joiner commitment and start do not fit this header
    body = one.header.to_bytes() + b"".join(other.event_bytes()) + other.chain()[-1][:4]
    with pytest.raises(BadLink) as caught:
        decode(_pack(body))
    assert caught.value.key == "link.error.corrupted"


def test_a_seat_claimed_twice_is_refused():
    table, _ = _created("turncoats", 3)
    link = api.link_join(table["link"], 1, {}, key=derive_key("twice", 1))["link"]
    with pytest.raises(BadLink) as caught:
        api.link_join(link, 1, {}, key=derive_key("twice", 2))
    assert caught.value.key == "link.error.seat_taken"
    record = decode(link)
    with pytest.raises(BadLink):
        Table(record.extend(Join(1, seat_commitment(bytes(16)))), {})
    with pytest.raises(BadLink):
        Table(record.extend(Join(2, record.events[0].commitment)), {})


def test_hostile_names_travel_as_plain_text_and_long_ones_are_cut_or_refused():
    html = "<img src=x onerror=f()>"
    table = api.link_create("okiya", 2, [html, "x" * 10_000], key=derive_key("names"))
    assert table["names"][0] == html  # shown by the page as text, never as HTML
    assert len(table["names"][1]) == MAX_NAME
    record = decode(table["link"])
    long = Header(record.header.game, 2, 0, (html, "y" * 10_000), record.header.seat0, record.header.rand0)
    with pytest.raises(BadLink) as caught:
        decode(Record(long, ()).to_text())
    assert caught.value.key in ("link.error.bad_name", "link.error.too_long")
    control = Header(record.header.game, 2, 0, ("a\u0000b", "c"), record.header.seat0, record.header.rand0)
    with pytest.raises(BadLink):
        decode(Record(control, ()).to_text())


@pytest.mark.parametrize("game", IDS)
def test_a_seat_moves_to_another_device_with_its_export_link(game):
    link, devices = _in_play(game, 2)
    b = devices[1]
    keys = b.entry(link)["keys"]
    ((seat, key),) = keys.items()
    phone = api.link_open(f"{SITE}{link}&k={seat}.{key}", {}, None)
    assert phone["imported"] == {"seat": int(seat), "key": key} and phone["mine"] == [int(seat)]
    with pytest.raises(BadLink) as caught:
        api.link_open(f"{link}&k={seat}.{'0' * 32}", {}, None)
    assert caught.value.key == "link.error.bad_key"


@pytest.mark.parametrize("game", IDS)
def test_moves_out_of_turn_or_illegal_are_refused_with_a_message(game):
    link, devices = _in_play(game, 2)
    device = _mover(link, devices)
    move = device.open(link)["legal"][0]
    with pytest.raises(PlayerError) as caught:
        api.link_play(link, move, {})
    assert caught.value.key == "link.error.not_your_turn"
    with pytest.raises(PlayerError) as caught:
        device.play(link, "no such move")
    assert caught.value.key == "error.bad_notation" and str(caught.value)


@pytest.mark.parametrize("game", IDS)
def test_relation_tells_newer_older_same_and_fork(game):
    from pygames.link import relation

    record = decode(_in_play(game, 4)[0])
    shorter = Record(record.header, record.events[:-1])
    assert relation(record, record) == "same"
    assert relation(record, shorter) == "newer"
    assert relation(shorter, record) == "older"
    other = Record(record.header, record.events[:-1] + (Move(0) if record.events[-1] != Move(0) else Move(1),))
    assert relation(other, record) == "fork"


@pytest.mark.parametrize("game", IDS)
def test_check_command_prints_the_game_and_whose_turn_or_the_reason(game, capsys):
    from pygames.__main__ import main

    link, _ = _in_play(game, 3)
    assert main(["check", SITE + link]) == 0
    out = capsys.readouterr().out
    players = GAMES[game].PLAYER_COUNTS[0]
    assert f"{tr(f'game.{game}')}, {players} players: in play." in out and "Waiting for" in out
    for cut in range(1, 8):
        assert main(["check", link[:-cut]]) == 1
        err = capsys.readouterr().err
        assert "cut short" in err or "damaged" in err, err
    assert main(["check", "g=%%%"]) == 1
    assert "not a pygames game link" in capsys.readouterr().err


def test_an_okiya_match_by_link_moves_on_to_the_next_game_by_itself():
    rng = Rng(4)
    a, b = Device(), Device()
    table = api.link_create("okiya", 2, ["A", "B"], format="best_of_three", key=derive_key("match", 0))
    a.keep(table, table["key"])
    joined = api.link_join(table["link"], 1, {}, key=derive_key("match", 1))
    table = b.keep(joined, joined["key"])
    games = set()
    while table["next"] is not None:
        device = a if table["next"]["seat"] == 0 else b
        table = device.open(table["link"])
        if table["my_turn"]:
            table = device.play(table["link"], table["legal"][rng.below(len(table["legal"]))])
        if table["view"]:
            games.add(table["view"]["match"]["game"])
    assert table["format"] == "best_of_three" and table["view"]["match"]["over"]
    assert len(games) >= 2 and table["audit"]["state"] == "verified"
    assert len(SITE + table["link"]) <= 2000


def test_the_replay_steps_through_the_game_and_shows_every_card_once_verified():
    devices, table, _, _ = play_by_link("oriflamme", 3, 12)
    entry = devices[1].entry(table["link"])
    last = devices[1].open(table["link"])
    steps = api.link_replay(last["link"], entry["keys"], 0)["steps"]
    assert steps == last["played"] > 20
    start = api.link_replay(last["link"], entry["keys"], 0)
    assert start["move"] is None and start["view"]["queue"] == []
    middle = api.link_replay(last["link"], entry["keys"], steps // 2)
    assert middle["move"] and middle["view"]["phase"] in ("place", "resolve")
    end = api.link_replay(last["link"], entry["keys"], steps)
    assert end["view"]["outcome"] == last["outcome"]
    assert all(h is not None for h in end["view"]["hands"])  # every remaining card, once audited
    # a spectator's replay during play hides what it must
    record = decode(last["link"])
    halfway = Record(record.header, record.events[: len(record.events) // 2]).to_text()
    seen = api.link_replay(halfway, {}, 10**6)["view"]
    assert all(h is None for h in seen["hands"])


def test_check_command_never_prints_a_turncoats_hand_or_the_bag(capsys):
    """The friendly level seals hands and bag in the link; the tools must not unseal them."""
    from pygames.__main__ import main
    from pygames.turncoats import new_game

    _, table, _, _ = play_by_link("turncoats", 3, 2)
    record = decode(table["link"])
    halfway = Record(record.header, record.events[: len(record.events) // 2]).to_text()
    assert main(["check", halfway]) == 0
    out = capsys.readouterr().out
    full = Table(decode(halfway), {}).game.position.to_text()
    hands = next(part for part in full.split() if part.startswith("hands="))
    bag = next(part for part in full.split() if part.startswith("bag="))
    assert hands not in out and bag not in out and "hands=?" in out
    assert new_game(3, 0).to_text().split()[0] in out  # it is still the game's position text


@pytest.mark.parametrize("game", [game for game in GAMES if not link_adapter(game).keeps_hidden])
def test_keep_hidden_is_ignored_by_games_without_standing_orders(game):
    link, devices = _in_play(game, 2)
    device = _mover(link, devices)
    table = device.open(link)
    after = device.play(link, table["legal"][0], keep_hidden=True)
    assert after["played"] == table["played"] + 1
    assert not any(type(e).__name__ == "Order" for e in decode(after["link"]).events)


@pytest.mark.parametrize("game", ["chess", "", "Okiya", "link", None, 0])
def test_an_unknown_game_is_refused_never_guessed(game):
    """No link game, no adapter, no level for a game the registry does not hold."""
    with pytest.raises(PlayerError) as caught:
        api.link_create(game, 2, ["A", "B"])
    assert caught.value.key == "error.unknown_game"
    with pytest.raises(PlayerError) as caught:
        api.link_level(game)
    assert caught.value.key == "error.unknown_game"
    with pytest.raises(BadLink) as caught:
        link_adapter(game)
    assert caught.value.key == "link.error.unknown_game"


@pytest.mark.parametrize("game", IDS)
def test_a_game_without_secrets_is_sealed_and_each_level_is_known(game):
    level = api.link_level(game)
    assert level in ("sealed", "friendly")
    if not GAMES[game].SECRETS:  # nothing secret: nothing a link could leak
        assert level == "sealed"

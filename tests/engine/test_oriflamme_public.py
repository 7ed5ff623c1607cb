"""The calls another device (link play) makes of the Oriflamme engine: the deal, a position
from hands, who owns a decision's secret, and a move as the other seats see it."""

import pytest

from pygames import GAMES
from pygames.core.rng import Rng
from pygames.core.session import forced_move
from pygames.link.errors import BadLink
from pygames.link.games import Game, adapter
from pygames.oriflamme import deal, from_deal, new_game, parse


def test_new_game_is_from_deal_of_one_generator():
    for players in (3, 4, 5):
        rng = Rng(17)
        hands, removed = zip(*(deal(rng) for _ in range(players)))
        first = rng.below(players)
        assert from_deal(first, hands, removed) == new_game(players, 17)
        assert all(len(h) == 7 and len(r) == 3 and not set(h) & set(r) for h, r in zip(hands, removed))


def test_unknown_hands_play_on_as_guesses_and_their_decisions_are_secret():
    state = new_game(3, 5)
    seat = state.to_move
    blind = from_deal(state.first_player, [None] * 3, [None] * 3)
    assert blind.hand(seat) is None and state.hand(seat) is not None
    assert state.decision == blind.decision == "place" and blind.secret_decision
    move = state.legal_moves()[0]
    assert move.card in state.hand(seat)
    public = state.public_notation(move)
    assert public.startswith("place ? ") and str(parse(public).with_card(move.card)) == str(move)
    assert public in [str(m) for m in blind.legal_moves()]


def test_secret_decisions_are_placements_reveals_and_shows_and_a_finished_game_has_none():
    state = new_game(3, 2)
    rng = Rng(2)
    while state.outcome is None:
        legal = state.legal_moves()
        assert state.secret_decision == (state.decision in ("place", "reveal", "show"))
        state = state.play(legal[rng.below(len(legal))])
    assert state.decision is None and not state.secret_decision and forced_move(state) is None


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_has_a_link_adapter_with_its_level_and_format_names(game):
    kind = adapter(game)
    assert issubclass(kind, Game) and kind.GAME == game
    # unstated, the level follows from the game's secrets
    derived = "friendly" if GAMES[game].SECRETS else "sealed"
    assert kind.link_level() == (kind.LINK_LEVEL or derived)
    for format in GAMES[game].FORMATS:
        assert kind.format_name(kind.options_int({}, format)) == format


def test_link_levels_as_the_readme_says():
    assert adapter("oriflamme").link_level() == "sealed"  # stated: hands are dealt from each seat's key
    assert adapter("okiya").link_level() == "sealed"  # derived: no secrets
    assert adapter("turncoats").link_level() == "friendly"  # derived: its secrets follow from the shared seed


def test_an_unknown_game_has_no_link_adapter():
    with pytest.raises(BadLink):
        adapter("chess")

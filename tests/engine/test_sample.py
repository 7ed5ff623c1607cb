"""The samplers of hidden information (``pygames.<game>.sample``): from real seeded games at
every ply, for every seat and a spectator, a sampled position shows the viewer exactly its
view, holds no unknown, is possible (every card once, 21 stones of each colour, the bag
holding what the log put there) and plays on to the end."""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

import pytest

from pygames import GAMES, oriflamme, turncoats
from pygames.core.errors import BadPosition
from pygames.core.rng import Rng
from pygames.oriflamme.cards import FAMILY, UNKNOWN
from pygames.oriflamme.rules import HIDDEN
from pygames.oriflamme.sample import determinize as oriflamme_determinize
from pygames.turncoats.board import STONES_PER_COLOUR, unpack
from pygames.turncoats.sample import Sampler, _least_bag
from pygames.turncoats.sample import determinize as turncoats_determinize
from pygames.turncoats.state import from_view
from pygames.turncoats.text import check

#: The games with secrets that offer a sampler, ``pygames.<id>.sample.determinize(view, rng)``: a
#: full position the viewer cannot tell from its view (what the expert bots and the adapters use).
SAMPLERS = {
    game: import_module(f"pygames.{game}.sample").determinize
    for game in GAMES
    if GAMES[game].SECRETS and find_spec(f"pygames.{game}.sample")
}


def _same_view(a: dict, b: dict) -> None:
    """Every field but the log (a sampled position starts without a history)."""
    assert {k: v for k, v in a.items() if k != "log"} == {k: v for k, v in b.items() if k != "log"}


def _play_out(state, rng: Rng) -> None:
    while state.outcome is None:
        legal = state.legal_moves()
        assert legal
        state = state.play(legal[rng.below(len(legal))])


def _games(module, counts, games):
    """Every position of seeded random games, with its player count."""
    rng = Rng("sample-games")
    for players in counts:
        for seed in range(games):
            state = module.new_game(players, seed)
            while state.outcome is None:
                yield state
                legal = state.legal_moves()
                state = state.play(legal[rng.below(len(legal))])
            yield state


def _oriflamme_cards(state, seat: int) -> list[int]:
    types = [t for t in range(10) if state.hands[seat] >> t & 1]
    types += [t for t in range(10) if state.removed[seat] >> t & 1]
    types += [c & 15 for slot in state.queue if slot[0] == seat for c in slot[1:]]
    types += [e & 15 for e in state.out[seat]]
    return types


def test_oriflamme_samples_match_the_view_and_are_possible():
    rng = Rng("oriflamme-sample")
    checked = 0
    for ply, state in enumerate(_games(oriflamme, (3, 4, 5), 4)):
        for seat in (None, *range(state.players)):
            view = state.view(seat)
            sampled = oriflamme_determinize(view, rng)
            _same_view(sampled.view(seat), view)
            for p in range(state.players):
                assert HIDDEN not in (sampled.hands[p], sampled.removed[p])
                assert sorted(_oriflamme_cards(sampled, p)) == list(range(10))  # each card once
                if p == seat:  # the viewer's own cards exactly
                    assert sampled.hands[p] == state.hands[p] and sampled.removed[p] == state.removed[p]
            assert all(c & 15 != UNKNOWN for slot in sampled.queue for c in slot[1:])
            if ply % 7 == 0:
                _play_out(sampled, rng)
            checked += 1
    assert checked > 1000


def test_oriflamme_samples_vary_the_hidden_cards():
    state = oriflamme.new_game(4, 3)
    view = state.view(0)
    rng = Rng(1)
    hands = {oriflamme_determinize(view, rng).hands[1] for _ in range(30)}
    assert len(hands) > 10 and all(h & ~FAMILY == 0 for h in hands)


def test_turncoats_samples_match_the_view_and_are_possible():
    rng = Rng("turncoats-sample")
    checked = 0
    for ply, state in enumerate(_games(turncoats, (2, 3, 5), 4)):
        for seat in (None, *range(state.players)):
            view = state.view(seat)
            sampled = turncoats_determinize(view, rng)
            _same_view(sampled.view(seat), view)
            assert sampled.knows_everything()
            check(sampled)  # 21 stones of each colour, sizes as the counters allow
            totals = [0, 0, 0]
            for p in (*sampled._areas, sampled._axe, sampled._flag, sampled._bag, *sampled._hands):
                totals = [t + k for t, k in zip(totals, unpack(p))]
            assert totals == [STONES_PER_COLOUR] * 3
            assert _least_bag(Sampler(view).steps, list(sampled.bag))[0]  # the log's stones are in the bag
            if seat is not None:
                assert sampled.hand(seat) == state.hand(seat)
            if ply % 7 == 0:
                _play_out(sampled, rng)
            checked += 1
    assert checked > 1000


def test_turncoats_killed_stones_stay_in_the_bag():
    """After a Battle kills a stone, every sample's bag holds it until someone draws (with five
    players the bag starts with one stone, so an unchecked deal would mostly miss it)."""
    state = turncoats.new_game(5, 0).play("battle red 0 kill blue")
    view = state.view(state.seat)
    rng = Rng(5)
    bags = [turncoats_determinize(view, rng).bag for _ in range(50)]
    assert all(bag[1] >= 1 for bag in bags)
    assert len(set(bags)) > 1


@pytest.mark.parametrize("dealer", ["sampler", "determinize"])
def test_turncoats_hidden_hands_are_dealt_uniformly(dealer):
    """Every deal of the unseen stones is as likely (the hands are drawn a stone at a time from the
    unseen counts, the bag holding the rest; ``draw_stones``, shared by the sampler and
    ``State.determinize``): over 3,000 samples of a seat's view at the start of a 3-player game,
    each hidden hand and the bag hold each colour as often as the hypergeometric law says, within
    5 standard errors (a draw of colours by kind, not by stone, misses by far more)."""
    state = turncoats.new_game(3, 21)
    view = state.view(0)
    sampler = Sampler(view)
    deal = sampler.sample if dealer == "sampler" else from_view(view).determinize
    unseen = sampler.unseen
    total = sum(unseen)
    rng = Rng("uniform-deals")
    samples = 3000
    sums = {who: [0, 0, 0] for who in (1, 2, "bag")}
    for _ in range(samples):
        sampled = deal(rng)
        for who in sums:
            held = sampled.bag if who == "bag" else sampled.hand(who)
            sums[who] = [a + b for a, b in zip(sums[who], held)]
    for who, got in sums.items():
        size = sum(state.bag) if who == "bag" else sum(state.hand(who))
        for c in range(3):
            p = unseen[c] / total
            mean = size * p
            error = (size * p * (1 - p) * (total - size) / (total - 1) / samples) ** 0.5
            assert abs(got[c] / samples - mean) < 5 * error, (who, c, got[c] / samples, mean)


def test_turncoats_determinize_refuses_hidden_sizes_the_unseen_stones_cannot_fill():
    """A position whose unknown hands and bag hold more stones than nobody can see is no position:
    ``determinize`` says so (BadPosition, the counts' message) rather than deal what is not there."""
    state = from_view(turncoats.new_game(3, 21).view(0))
    assert sum(state.unseen()) == ~state._bag + ~state._hands[1] + ~state._hands[2]  # what is hidden, exactly
    broken = state._copy()
    broken._bag = ~(~state._bag + 1)  # one stone more in the bag than there is to deal
    with pytest.raises(BadPosition) as raised:
        broken.determinize(Rng(1))
    assert raised.value.key == "turncoats.error.counts"
    assert state.determinize(Rng(1)).knows_everything()


@pytest.mark.parametrize("game", list(SAMPLERS))
def test_a_sample_shows_every_viewer_its_own_view_and_resamples_the_rest(game):
    """For every game with a sampler: what a seat (or a spectator) cannot see is dealt again, and
    the sampled position shows the viewer exactly its view (the log aside): no view tells more
    than the viewer may know, or the samples would differ in it."""
    module = GAMES[game]
    players = module.PLAYER_COUNTS[len(module.PLAYER_COUNTS) // 2]
    rng = Rng(f"{game}-sample-views")
    differ = 0
    for state in _games(module, (players,), 2):
        for seat in (None, *range(players)):
            view = state.view(seat)
            sampled = SAMPLERS[game](view, rng)
            _same_view(sampled.view(seat), view)
            differ += sampled.to_text() != state.to_text()
    assert differ > 5  # the hidden part really was dealt again


@pytest.mark.parametrize("game", list(SAMPLERS))
def test_same_rng_same_sample(game):
    module = GAMES[game]
    state = module.new_game(module.PLAYER_COUNTS[0], 11)
    view = state.view(1)
    assert SAMPLERS[game](view, Rng(4)).to_text() == SAMPLERS[game](view, Rng(4)).to_text()

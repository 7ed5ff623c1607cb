"""The Turncoats expert's reading of rivals' hands (``pygames.bots.turncoats_reading``): every
hand it believes possible fits what the view shows, the rival's true hand is never ruled out
against heuristic rivals, and the reading gives the true hand more weight than a blind deal."""

from __future__ import annotations

import math

from pygames import turncoats
from pygames.bots import turncoats as bots
from pygames.bots.turncoats_reading import _deal, read_hands
from pygames.core.rng import Rng, derive_seed
from pygames.turncoats.board import SIZE, STONES_PER_COLOUR, unpack


def _unseen(view) -> list[int]:
    """The stones ``view``'s seat cannot see: in other hands or the bag."""
    used = [0, 0, 0]
    for place in (*(a["stones"] for a in view["map"]), view["axe"], view["flag"], view["hand"]):
        for c, k in enumerate(place):
            used[c] += k
    return [STONES_PER_COLOUR - k for k in used]


def _readings(players: int, games: int):
    """(view, true hands, beliefs) at every decision of seat 0 in seeded heuristic games."""
    for seed in range(games):
        state = turncoats.new_game(players, seed)
        rngs = [Rng(derive_seed("reading", seed, s)) for s in range(players)]
        while state.outcome is None:
            seat = state.to_move
            view = state.view(seat)
            if seat == 0:
                yield view, state._hands, read_hands(view, bots._colour_odds)
            state = state.play(bots.heuristic(view, rngs[seat]))


def test_beliefs_fit_the_view_and_keep_the_true_hand():
    checked = 0
    for view, hands, beliefs in _readings(3, 2):
        unseen = _unseen(view)
        assert sorted(beliefs) == [1, 2]
        for seat, belief in beliefs.items():
            assert math.isclose(sum(belief.values()), 1.0)
            for hand in belief:
                assert SIZE[hand] == view["hand_sizes"][seat]
                assert all(k <= u for k, u in zip(unpack(hand), unseen))
            assert belief.get(hands[seat], 0.0) > 0.0
            checked += 1
    assert checked > 20


def test_reading_weighs_the_true_hand_more_than_a_blind_deal():
    read = blind = 0.0
    for view, hands, beliefs in _readings(2, 4):
        blind += math.log(_deal(_unseen(view), view["hand_sizes"][1])[hands[1]])
        read += math.log(beliefs[1][hands[1]])
    assert read > blind + 10.0


def test_a_negotiate_return_tells_about_the_hand(monkeypatch):
    """The stone a rival shows and returns on a Negotiate is read, not only taken off its hand: the
    true hand is more likely after the reading of the return than after the hard fact alone."""
    from pygames.bots import turncoats_reading as reading
    from pygames.turncoats.board import UNIT
    from pygames.turncoats.moves import RETURN

    def hard_fact_only(self, belief, colour, table):
        out = {}
        for hand, p in belief.items():
            if unpack(hand)[colour]:
                out[hand - UNIT[colour]] = out.get(hand - UNIT[colour], 0.0) + p
        return out

    def true_hand_chance(view, hand) -> float:
        reading._READ.clear()  # readings are kept per process: read afresh
        return read_hands(view, bots._colour_odds)[1].get(hand, 0.0)

    read = hard = 0.0
    returns = 0
    for seed in range(16):
        state = turncoats.new_game(2, seed)
        rngs = [Rng(derive_seed("returns", seed, s)) for s in range(2)]
        while state.outcome is None:
            seat = state.to_move
            view = state.view(seat)
            last = state.log(1)
            if seat == 0 and last and last[0][0] == 1 and last[0][1].kind == RETURN:
                read += math.log(max(true_hand_chance(view, state._hands[1]), 1e-12))
                with monkeypatch.context() as patch:
                    patch.setattr(reading._Likelihood, "returned", hard_fact_only)
                    hard += math.log(max(true_hand_chance(view, state._hands[1]), 1e-12))
                returns += 1
            state = state.play(bots.heuristic(view, rngs[seat]))
    reading._READ.clear()
    assert returns >= 4
    assert read > hard + 0.5

"""The Turncoats expert's look-ahead (``pygames.bots.turncoats_replies``): the full positions it
deals fit the seat's view and its reading, and the rivals it plays against answer as the
heuristic would: ending a game they win, never one they lose."""

from __future__ import annotations

from pygames import turncoats
from pygames.bots import turncoats as bots
from pygames.bots.turncoats_reading import read_hands
from pygames.bots.turncoats_replies import Rival, deal, sharpness
from pygames.core.rng import Rng, derive_seed
from pygames.turncoats import from_view
from pygames.turncoats.moves import NEGOTIATE
from pygames.turncoats.view import LOG_LENGTH

#: A map red wins by far (6 areas to blue's 3 and black's 2), late in a three-player game.
RED_AHEAD = {
    0: (2, 0, 0),
    1: (2, 0, 0),
    2: (2, 0, 0),
    3: (2, 0, 0),
    4: (2, 0, 0),
    5: (2, 0, 0),
    6: (0, 2, 0),
    7: (0, 2, 0),
    8: (0, 2, 0),
    9: (0, 0, 2),
    10: (0, 0, 2),
}


def test_dealt_positions_fit_the_view_and_the_reading():
    rng = Rng("replies-deal")
    checked = 0
    for seed in range(2):
        state = turncoats.new_game(3, seed)
        rngs = [Rng(derive_seed("replies", seed, s)) for s in range(3)]
        while state.outcome is None:
            seat = state.to_move
            view = state.view(seat)
            if seat == 0 and len(view["log"]) < LOG_LENGTH:  # the reading covers the whole game
                beliefs = read_hands(view, bots._colour_odds)
                full = deal(from_view(view), seat, beliefs, rng)
                assert full.knows_everything()
                public = {k: v for k, v in view.items() if k != "log"}
                assert {k: v for k, v in full.view(seat).items() if k != "log"} == public
                for rival in (1, 2):
                    assert beliefs[rival].get(full._hands[rival], 0.0) > 0.0
                checked += 1
            state = state.play(bots.heuristic(view, rngs[seat]))
    assert checked > 10


def test_a_rival_ends_the_game_it_wins_and_not_one_it_loses():
    # Two Negotiates in a row: the seat to move (2) ends the game by negotiating.  Red wins the
    # map; with the red stones the seat negotiates, without them it plays on.
    rival = Rival(bots._colour_odds, bots._odds_of, Rng(1))
    winning = turncoats.position(3, areas=RED_AHEAD, hands=[(0, 4, 0), (0, 0, 4), (4, 0, 0)], to_move=2, neg=2)
    assert rival.move(winning).kind == NEGOTIATE
    losing = turncoats.position(3, areas=RED_AHEAD, hands=[(4, 0, 0), (0, 0, 4), (0, 4, 0)], to_move=2, neg=2)
    move = rival.move(losing)
    assert move.kind != NEGOTIATE and move in losing.legal_moves()


def test_the_expert_ends_the_game_it_wins():
    state = turncoats.position(3, areas=RED_AHEAD, hands=[(4, 0, 0), (0, 0, 4), (0, 4, 0)], to_move=0, neg=2)
    assert bots.expert(state.view(0), Rng(2)).kind == NEGOTIATE


def test_groups_are_the_moves_by_the_odds_each_reaches():
    # Rival.groups counts the areas ruled from what each move changes; played out one by one, every
    # move must land in the group of its own odds, groups and moves in legal order, under every option.
    rng = Rng("replies-groups")
    options = ({}, {"march_allows_zero": True, "empty_area_uses_tiebreaks": True}, {"tiebreak_among_tied_only": False})
    checked = 0
    for opts in options:
        rival = Rival(bots._colour_odds, bots._odds_of, Rng(1))
        for seed in range(3):
            state = turncoats.new_game(3, seed, **opts)
            while state.outcome is None:
                if state.pending is None and state.hand(state.seat) != (0, 0, 0):
                    sharp = sharpness(state)
                    expected: dict[tuple, list] = {}
                    for m in state.legal_moves():
                        if m.kind != NEGOTIATE:
                            odds = bots._colour_odds(state._apply(m), False, sharp)
                            expected.setdefault((odds, m.colour), []).append(m)
                    assert rival.groups(state, sharp) == list(expected.items())
                    checked += 1
                moves = state.legal_moves()
                state = state.play(moves[rng.below(len(moves))])
    assert checked > 50

"""Turncoats fuzzing: seeded random games for 2, 3, 4 and 5 players, checked after
every move against the invariants of docs/rules/turncoats.md section 12, notation and position-text
round trips; every DEEP-th game also against the naive reading of the rules
(legal moves in order, control, winner) and for leaks in every seat's view.

PYGAMES_FUZZ_GAMES sets the number of games per player count (default 1,000: 4,000 games, so the
whole suite stays under 25 minutes; a larger count is run with the knob and reported in the
issue notes)."""

from __future__ import annotations

import json
import os

import pytest
import turncoats_naive as naive

from pygames.core.rng import Rng
from pygames.turncoats import from_text, from_view, new_game, parse
from pygames.turncoats.moves import BATTLE, MARCH, NEGOTIATE, RECRUIT, RETURN

GAMES = int(os.environ.get("PYGAMES_FUZZ_GAMES", "1000"))
#: Every DEEP-th game gets the expensive checks (naive legal moves, views) on every move.
DEEP = 20


class Tally:
    """What happened so far, counted independently of the engine."""

    def __init__(self, n):
        self.n = n
        self.recruits = self.battles = self.marches = self.kills = 0
        self.actions_by_seat = [0] * n
        self.turns = 0
        self.run = 0  # consecutive Negotiates


def check_invariants(state, tally, pending_before=None):
    n = state.players
    totals = [0, 0, 0]
    for place in (*state.areas, state.axe, state.flag, state.bag, *state.hands):
        for c in range(3):
            totals[c] += place[c]
    assert totals == [21, 21, 21]
    pending = state.pending is not None
    hand_sizes = [sum(h) for h in state.hands]
    for seat in range(n):
        expected = 8 - tally.actions_by_seat[seat] + (pending and seat == state.seat)
        assert hand_sizes[seat] == expected == state.hand_size(seat)
    actions = tally.recruits + tally.battles + tally.marches
    assert sum(hand_sizes) - pending == 8 * n - actions
    assert sum(state.axe) == tally.battles and sum(state.flag) == tally.marches
    assert sum(map(sum, state.areas)) == 22 + tally.recruits - tally.kills
    assert sum(state.bag) == 41 - 8 * n + tally.kills - pending
    assert sum(state.bag) >= (0 if pending else 1)
    assert state.turn == tally.turns <= 8 * n * n + n
    assert state.neg == tally.run
    over = tally.run == n
    assert (state.outcome is not None) == over and (state.to_move is None) == over
    if over:
        assert state.legal_moves() == ()
    else:
        assert state.legal_moves()


def check_text(state):
    text = state.to_text()
    assert from_text(text).to_text() == text


def check_naive(state):
    legal = [str(m) for m in state.legal_moves()]
    hand = state.hand(state.seat)
    assert legal == naive.legal_moves(
        state.areas, hand, state.pending is not None, state.outcome is not None, state.options
    )
    controls = [naive.controller(a, state.axe, state.flag) for a in state.areas]
    assert [None if c < 0 else c for c, _ in state.control()] == controls
    colour = naive.winning_colour(state.areas, state.axe, state.flag)
    standing = state.standing()
    assert standing["colour"] == (None if colour is None else naive.COLOURS[colour])


def check_views(state, rng, seats):
    """Each seat's view shows nothing more than it may know: re-dealing everything
    that seat cannot see (other hands, bag, generator) leaves its view unchanged."""
    if state.outcome is not None:
        return
    for seat in seats:
        v = state.view(seat)
        assert json.loads(json.dumps(v)) == v
        twin = from_view(v).determinize(rng)
        assert twin.knows_everything()
        twin._log = state._log  # the move log is public; from_view does not carry it
        assert twin.view(seat) == v
        if seat is not None:
            others = [s for s in range(state.players) if s != seat]
            assert v["hand"] == list(state.hand(seat))
            assert v["legal"] == ([str(m) for m in state.legal_moves()] if seat == state.to_move else [])
            mine = from_view(v)
            assert mine.hand(seat) == state.hand(seat)
            assert all(mine.hand(s) is None for s in others) and mine.bag is None
            if seat == state.to_move:
                assert mine.legal_moves() == state.legal_moves()


def play_random_game(players, seed, deep):
    rng = Rng(("fuzz", players, seed).__repr__())
    state = new_game(players, seed)
    tally = Tally(players)
    check_invariants(state, tally)
    while state.outcome is None:
        legal = state.legal_moves()
        move = legal[rng.below(len(legal))]
        seat = state.to_move
        assert parse(str(move)) is move
        if deep:
            check_naive(state)
            # one seat per move, in turn (the spectator too), so a game covers them all
            check_views(state, rng, [(*range(players), None)[state.turn % (players + 1)], seat])
            assert from_text(state.to_text()).legal_moves() == legal
        if move.kind == NEGOTIATE:
            assert sum(state.bag) >= 1  # the bag is never empty at a draw
        bag_before = sum(state.bag)
        axe_before, flag_before = state.axe, state.flag
        after = state.play(move)
        if deep:
            assert state.play(str(move)).to_text() == after.to_text()
        if move.kind in (RECRUIT, BATTLE, MARCH):
            tally.actions_by_seat[seat] += 1
            tally.turns += 1
            tally.run = 0
            tally.recruits += move.kind == RECRUIT
            tally.battles += move.kind == BATTLE
            tally.marches += move.kind == MARCH
            tally.kills += sum(move.kills)
            assert sum(after.bag) == bag_before + sum(move.kills)
            assert after.to_move == (seat + 1) % players
        elif move.kind == RETURN:
            tally.turns += 1
            tally.run += 1
            assert sum(after.bag) == bag_before + 1
        else:
            assert sum(after.bag) == bag_before - 1 and after.to_move == seat
            assert after.pending in (0, 1, 2)
        # AXE and FLAG only ever grow
        assert all(a >= b for a, b in zip(after.axe, axe_before)) and all(
            a >= b for a, b in zip(after.flag, flag_before)
        )
        state = after
        check_invariants(state, tally)
        check_text(state)
    outcome = state.outcome
    colour = naive.winning_colour(state.areas, state.axe, state.flag)
    winner = naive.winning_player(state.hands, colour, state.seat)
    assert outcome.winners == (winner,)
    assert sorted(outcome.scores) == list(range(players))
    assert outcome.scores[winner] == players - 1
    if deep:
        check_naive(state)
        v = state.view(None)
        assert v["outcome"]["winners"] == [winner] and v["hands"] == [list(h) for h in state.hands]
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players):
    for seed in range(GAMES):
        play_random_game(players, seed, deep=seed % DEEP == 0)


def test_replays_are_exact():
    """The same seed and the same moves give the same positions (draws included)."""
    for players in (2, 5):
        rng = Rng("replay")
        state = new_game(players, 99)
        moves = []
        while state.outcome is None:
            legal = state.legal_moves()
            # prefer Negotiates so that draws happen
            negotiate = [m for m in legal if m.kind in (NEGOTIATE, RETURN)]
            pick = negotiate if negotiate and rng.below(3) else legal
            move = pick[rng.below(len(pick))]
            moves.append(str(move))
            state = state.play(move)
        again = new_game(players, 99)
        for move in moves:
            again = again.play(move)
        assert again.to_text() == state.to_text()

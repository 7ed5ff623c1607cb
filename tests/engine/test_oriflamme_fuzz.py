"""Oriflamme fuzzing: seeded random games for 3, 4 and 5 players, invariants after every move.

After every move: each family's 10 cards are all somewhere exactly once (hand, queue,
out-of-play, removed); pools never negative; only top cards act; tokens only on
face-down cards, and a covered card never changes; legal moves exist until the end;
after round 6 every hand holds exactly one card; the notation of every legal move
and the position text round-trip; views leak nothing (the view of a random seat, or
of a spectator, is the same for a twin position where every other seat's hidden cards
are shuffled among its hand, removed pile and face-down queue cards); a position
rebuilt from the mover's view offers the same legal moves and view (checked when the
random seat is the mover, else on a random quarter of the moves).  Views are JSON-safe
(checked on a random eighth of the moves and at every game end).

``PYGAMES_FUZZ_GAMES`` games per player count (default 1,000: 3,000 games, so the whole suite stays
under 25 minutes; a larger count is run with the knob and reported in the issue notes;
Pyodide runs ``PYGAMES_PYODIDE_FUZZ_GAMES``).
"""

from __future__ import annotations

import json
import os

import pytest

from pygames.core.rng import Rng
from pygames.oriflamme import OPTIONS, from_text, from_view, new_game, options_bits
from pygames.oriflamme.cards import DECREE, FACE_UP, SHAPESHIFTER, TYPES, UNKNOWN
from pygames.oriflamme.moves import parse
from pygames.oriflamme.rules import (
    E_COPY,
    E_ELIM,
    E_HEIR,
    E_IDLE,
    E_LORD,
    E_MOVE,
    E_REVEAL,
    E_STEAL,
    OVER,
)
from pygames.oriflamme.state import State

GAMES = int(os.environ.get("PYGAMES_FUZZ_GAMES", "1000"))


def new_events(before: State, after: State) -> list[tuple]:
    """The log events the move from ``before`` to ``after`` added, oldest first."""
    events = []
    node = after.log
    while node is not None and node is not before.log:
        events.append(node[0])
        node = node[1]
    if node is None and after.prevlog is not before.prevlog:  # a new round began: the rest is there
        node = after.prevlog
        while node is not None and node is not before.log:
            events.append(node[0])
            node = node[1]
    events.reverse()
    return events


def acting_card(event: tuple) -> tuple[int, int] | None:
    """(owner, type) of the card whose ability or reveal an event reports, if any."""
    code = event[0]
    if code in (E_REVEAL, E_ELIM, E_LORD, E_HEIR, E_STEAL, E_IDLE):
        return event[1], event[2]
    if code == E_COPY:
        return event[1], SHAPESHIFTER
    if code == E_MOVE:
        return event[1], DECREE
    return None


def where(state: State) -> dict[tuple[int, int], tuple[int, int, int]]:
    """(owner, type) -> (slot, depth from the top, card) for every queue card."""
    found = {}
    for i, slot in enumerate(state.queue):
        cards = slot[1:]
        for depth, card in enumerate(reversed(cards)):
            found[(slot[0], card & 15)] = (i, depth, card)
    return found


def check_cards(state: State) -> None:
    n = state.players
    for p in range(n):
        places = []
        places += [t for t in TYPES if state.hands[p] >> t & 1]
        places += [t for t in TYPES if state.removed[p] >> t & 1]
        places += [c & 15 for slot in state.queue if slot[0] == p for c in slot[1:]]
        places += [e & 15 for e in state.out[p]]
        assert sorted(places) == list(TYPES), (p, state.to_text())
        assert state.removed[p].bit_count() == 3
        assert state.hands[p].bit_count() == state.hand_count(p)
        assert state.pools[p] >= 0
    for slot in state.queue:
        assert len(slot) >= 2 and 0 <= slot[0] < n
        for card in slot[1:]:
            assert card & 15 != UNKNOWN
            if card & FACE_UP:
                assert card >> 5 == 0, "tokens on a face-up card"
    if state.phase == OVER:
        assert all(state.hands[p].bit_count() == 1 for p in range(n))
        assert state.outcome is not None and state.to_move is None and state.legal_moves() == ()
        assert state.outcome.scores == tuple(state.pools)
    else:
        assert state.outcome is None and state.legal_moves()


def check_move(before: State, after: State) -> None:
    """Covered cards never change; only top cards (or cards uncovered by this move) act."""
    old, new = where(before), where(after)
    for key, (_slot, depth, card) in old.items():
        if depth > 0:
            assert key in new and new[key][2] == card, ("covered card changed", key, before.to_text())
    for event in new_events(before, after):
        key = acting_card(event)
        if key in old and old[key][1] > 0:
            # it was covered: the move must have uncovered it (its cover left or was moved away)
            assert key in new and new[key][1] == 0, ("covered card acted", key, before.to_text())


def twin(state: State, seat: int | None, rng: Rng) -> State:
    """``state`` with every other seat's hidden cards (hand, removed, face-down queue cards)
    shuffled among themselves: what ``seat`` sees must not change."""
    s = state._child()
    hands, removed = list(s.hands), list(s.removed)
    for p in range(s.players):
        if p == seat:
            continue
        spots = [
            (i, k)
            for i, slot in enumerate(s.queue)
            if slot[0] == p
            for k in range(1, len(slot))
            if not slot[k] & FACE_UP
        ]
        kinds = [t for t in TYPES if hands[p] >> t & 1] + [t for t in TYPES if removed[p] >> t & 1]
        kinds += [s.queue[i][k] & 15 for i, k in spots]
        rng.shuffle(kinds)
        h = state.hand_count(p)
        hands[p] = sum(1 << t for t in kinds[:h])
        removed[p] = sum(1 << t for t in kinds[h : h + 3])
        for (i, k), t in zip(spots, kinds[h + 3 :]):
            slot = list(s.queue[i])
            slot[k] = (slot[k] & ~15) | t
            s.queue[i] = tuple(slot)
    s.hands, s.removed = tuple(hands), tuple(removed)
    return s


def strip_log(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "log"}


def check_views(state: State, rng: Rng) -> None:
    n = state.players
    seats = [None, *range(n)]
    seat = seats[rng.below(len(seats))]
    view = state.view(seat)
    if state.phase == OVER or rng.below(8) == 0:
        assert json.loads(json.dumps(view)) == view
    if state.phase != OVER:
        assert twin(state, seat, rng).view(seat) == view
    mover = state.to_move
    if mover is not None and (mover == seat or rng.below(4) == 0):
        mine = view if mover == seat else state.view(mover)
        assert mine["legal"] == [str(m) for m in state.legal_moves()]
        held = from_view(mine)
        assert [str(m) for m in held.legal_moves()] == mine["legal"]
        assert strip_log(held.view(mover)) == strip_log(mine)


def check_text(state: State, text: str) -> None:
    back = from_text(text)
    assert back.to_text() == text
    assert back.legal_moves() == state.legal_moves()
    for move in state.legal_moves():
        assert parse(str(move)) is move


def play_game(players: int, seed: int, **options: bool) -> State:
    rng = Rng(seed)
    state = new_game(players, seed, **options)
    check_cards(state)
    check_text(state, state.to_text())
    while state.outcome is None:
        moves = state.legal_moves()
        move = moves[rng.below(len(moves))]
        after = state.play(move)  # play(str(move)) is the same: check_text parses every legal move
        text = after.to_text()
        check_cards(after)
        check_move(state, after)
        check_text(after, text)
        check_views(after, rng)
        state = after
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_keep_every_invariant(players):
    reasons = {}
    for seed in range(GAMES):
        final = play_game(players, seed * 10 + players)
        reasons[final.outcome.reason] = reasons.get(final.outcome.reason, 0) + 1
    assert sum(reasons.values()) == GAMES


#: Every rule option set against its default.
FLIPPED = {name: not default for name, default in OPTIONS.items()}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_with_every_option_flipped(players):
    for seed in range(max(1, GAMES // 10)):
        final = play_game(players, seed * 10 + players, **FLIPPED)
        assert final.options == options_bits(FLIPPED) and all(final.option(n) == v for n, v in FLIPPED.items())

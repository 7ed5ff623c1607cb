"""Turncoats bots.  Each takes the view of the seat to move and an Rng, returns a Move.

Every level rebuilds the position with ``pygames.turncoats.from_view``: other hands and
the bag are known there only by their sizes, so nothing a seat cannot see can
change the choice.

* ``random``: a uniformly random legal move.
* ``heuristic``: a one-move look-ahead on a win estimate.  For every legal
  move it asks "which colour is likely to win from here, and how likely am I
  to be the winning player for each colour?":

  - the chance of each colour winning is a softmax of the areas it would rule
    (plus a bonus for the colour that wins the current AXE/FLAG tie-breaks),
    sharper as the stones left in all hands run out, and exact when the move
    ends the game;
  - the chance of winning as a player, for a given winning colour and a given
    own hand, is measured on a few random deals of the stones it cannot see to
    the other hands (most stones of the winning colour, then fewest losing
    stones, with a tie counted as a coin flip).

  Paying a stone of the colour it collects costs win chance, paying a losing
  colour gains some, so it recruits and marches where that flips areas to its
  colour, battles to flip areas, and negotiates (swapping a stone, and pushing
  towards the end) when it leads.  For the return of a Negotiate it keeps the
  hand with the best estimate.  Ties between equally good moves are broken with
  ``rng``.
* ``expert``: a look-ahead over its best moves, from the seat's view only.  It reads the
  rivals' hands from their moves (``pygames.bots.turncoats_reading``: a rival that returned or
  paid a colour is unlikely to hoard it) and ranks its own moves by the heuristic's estimate
  over ``ROOT_SAMPLES`` deals of those hands.  Then it plays each of its ``CANDIDATES`` best moves
  (by player count; and Negotiate) on ``ITERATIONS`` full positions dealt from that reading
  (``pygames.bots.turncoats_replies``, the same positions for every candidate): the rivals answer
  as the heuristic would from their dealt hands until the seat is to move again, and the
  candidate scores the result when the game ended there (so a Negotiate is judged by whether
  the others end the game and who really wins then), else the best estimate its next move can
  reach.  Near the end (``PLAYOUT_LEFT``: few stones left in the hands) it plays each position
  out to the end instead, every seat, its own too, moving as the heuristic would, and scores the
  real result.  It plays the candidate with the best mean score (with 2 players and no clock,
  the better of its two leaders once both are played on three times as many new positions:
  ``FINALISTS``).  A move that only looks good until the next seats flip it back, or a Negotiate
  the others will not follow, loses out.
* ``novice``: the heuristic playing a random move a quarter of the time (``NOVICE_RANDOM``),
  midway between ``random`` and ``heuristic`` on an Elo ladder (``bench/ladder.py``, table in the
  README).

``judge`` is not a level: the guided first game's word on a learner's move, by the expert's
look-ahead from the learner's view.
"""

from __future__ import annotations

import gc
import math
import time
from contextlib import contextmanager
from typing import Any, Iterator

from pygames.bots import sometimes_random
from pygames.bots.reward import placed
from pygames.bots.turncoats_reading import Beliefs, draw_hands, expected_bag, read_hands
from pygames.bots.turncoats_replies import Rival, deal
from pygames.core.coach import judgement, message
from pygames.turncoats import from_view
from pygames.turncoats.board import COLOUR_MASK, SIZE, STONES_PER_COLOUR, TIED, UNIT, unpack
from pygames.turncoats.moves import NEGOTIATE, NEGOTIATE_MOVE, RETURN, RETURNS
from pygames.turncoats.state import State

__all__ = [
    "DEFAULT_LEVEL",
    "ITERATIONS",
    "LEVELS",
    "NOVICE_RANDOM",
    "SAMPLES",
    "expert",
    "heuristic",
    "judge",
    "novice",
    "random",
    "weigh",
]

#: The levels, weakest first (each a function ``(view, rng) -> Move`` here), and the one a new game offers.
#: On an Elo ladder (``bench/ladder.py``, 1,200 games, the table in the README) they stand about
#: 55-105, 120-170 and 160-225 points apart (3 and 2 players): a game of much luck leaves no room
#: for more levels 150-200 points apart (the expert on 6 dealt positions is about as strong as on
#: 24, on none little stronger than the heuristic).
LEVELS = ("random", "novice", "heuristic", "expert")
#: ``novice``: the heuristic, but a random legal move with this probability (midway on the ladder).
NOVICE_RANDOM = 0.25
#: The expert: it wins more often than the heuristic against heuristic rivals (``bench/bots_bench.py
#: --rows turncoats3,turncoats2 --games 400``: 83.8% [79.8%, 87.0%] of two-player games, fair 50%;
#: 74.8% [70.3%, 78.8%] of three-player games, fair 33.3%), thinking per decision (CPU time on
#: CPython, those games, a machine slower than when they were first played) 2 players mean 89 ms,
#: median 73, max 567 (with its ``FINALISTS``); 3 players mean 123, median 74, max 1012.  Pausing the collector
#: (``_collector_paused``) made a decision about 1.3x faster, measured on one machine in one sitting.
#: In the page it thinks on the clock (``expert``'s ``budget``).
DEFAULT_LEVEL = "expert"
#: The expert's look-ahead: its best moves (by the one-move estimate) it plays out against the
#: rivals' answers (a Negotiate always among them), on ``ITERATIONS`` full positions dealt from its
#: reading.  Three players, 150 games each against two heuristic bots: one-move ranking alone 41.5%
#: (of 200); 6 candidates on 16 positions 53.3%, scored by the best next move 62.0%; 10 candidates
#: on 24 positions, so scored, 66.7%; with one more round of the seat's best move and the rivals'
#: answers before the score (6 on 16) 64.0%, not kept.  400 games each: 10 on 24 won 66.5% (3p) and
#: 76.0% (2p); 12 on 32 won 64.5% and 74.8%, no better.  By player count: with 2 players many more
#: candidates pay, bots_bench's games 0-1199 (1200-2399): 10 on 24 won 74.2% (71.6%), 20 76.7%, 40
#: 83.0% (81.2%), mean 132 ms of CPU a decision; games 0-399: 40 on 24 83.5%, 80 on 24 83.0%, 40 on
#: 48 83.0%, so no more.  Three players, games 0-248: 40 won 76.7% and 10 75.6%, not worth 4x the
#: time; 4 and 5 players not measured beyond 10.  The leaf's chance as a player stays the root
#: reading's: three players, games 0-399, 74.8%; half from the dealt rivals' hands 71.5%, from
#: unseen stones dealt uniformly 72.8%.
CANDIDATES = {2: 40, 3: 10, 4: 10, 5: 10}
ITERATIONS = 24
#: On a clock (``expert``'s ``budget``): more positions ``BATCH`` at a time, at most ``MAX_DEALS`` in all.
BATCH = 8
MAX_DEALS = 400
#: Near the end the expert plays each dealt position out to the end instead (every seat, its own
#: too, as the heuristic would): from this many stones left in all hands down, by player count.
#: Three players, the same 150 games each: 66.7% without; from 12 stones 69.3% (median 91 ms, max
#: 651); from 16 72.0%; from the start (6 candidates on 16 positions) 64.7%.  400 games each on
#: ``bench/bots_bench.py``'s seeds 0-399 (400-799): from 12 70.5% (65.5%), from 16 74.8% (69.5%),
#: from 20 73.8%, from 24 72.0%, so 16 (mean 175 ms, max 1.3 s: on the page's clock it stops at
#: its budget).  Two players, seeds 0-399 (400-799): from 4 77.0%, from 6 78.0% (71.0%), from 8
#: 80.0% (71.2%), from 10 75.2%, so 8; with 40 candidates, seeds 0-399 (400-799): from 8 83.5%
#: (82.8%), from 10 84.5% (82.2%), from 12 84.2%, so 8 still.  Four and five players keep 4 a seat
#: (not measured).  More positions when playing out (64, not 24) won 75.2% of the 3-player games
#: 0-399 (74.8%): not kept.
PLAYOUT_LEFT = {2: 8, 3: 16, 4: 16, 5: 20}
#: Without a clock, the expert then plays its ``FINALISTS`` leading candidates (by player count) on
#: ``FINAL_ROUND`` times as many new positions and plays the better of them: among 41 candidates
#: scored on 24 positions, the leader is often one the luck of the deals favoured.  Two players,
#: the 2 leaders on 72 more positions, bots_bench's seeds 400-799, 800-1199, 1200-1999 and
#: 2000-2799: 84.2%, 83.2%, 85.9% and 82.2% against 82.8%, 82.8%, 82.2% and 79.4% without (83.9% of
#: the 2,400 games against 81.5%; mean 92-103 ms a decision against 80-94); on seeds 400-799 the 4
#: leaders on 48 more won 81.8%, the 8 on 24 82.8%, the 2 on 144 84.0%.  Three players (10
#: candidates), the 2 on 72 more: 70.2% of seeds 400-799 against 69.5%, not kept.  On a clock more
#: positions go to every candidate while the time lasts instead: two players, seeds 0-399, a 700 ms
#: clock (CPython, ``bots_bench.py --think-ms 700``: about what the page's second buys in Pyodide)
#: won 84.2%; the final round played on it too, after the same share of the time as of the work
#: without a clock, 83.0%, not kept.
FINALISTS = {2: 2, 3: 0, 4: 0, 5: 0}
FINAL_ROUND = 3

#: Random deals of the unseen stones used to estimate a player's chance.
SAMPLES = 32
#: Random deals behind the expert's estimate at the root (the heuristic's ``SAMPLES`` leave it
#: noisy: with 400 blind deals the expert's first choice alone wins 63% of two-player games, not
#: 51%; with 400 deals of the rivals' hands as read from their moves, 75.0% of 400).
ROOT_SAMPLES = 400
#: Bonus (in areas) for the colour that currently wins its tie-breaks.  These odds are sure of
#: themselves: over positions of 150 heuristic 3-player games with more than 16 stones left in the
#: hands (where the expert scores its look-ahead's leaves on them), the colour ruling most areas
#: won 45-64% of the time, and the odds' log-loss on the colour that won is 1.58 nats against 0.92
#: for the best fit (sharpness -0.2 + 4 / (1 + left / players), bonus 0.7; ``bench/turncoats_odds.py``;
#: 2 players, 300 games: 0.94 against 0.65).  Yet the expert's leaves scored on fitted odds won
#: fewer of ``bench/bots_bench.py``'s 3-player games 0-399 than on these (74.8%): 71.5% (0.1 + 2 /
#: ..., bonus 0.7), 74.0% (0.3 + 3 / ..., 0.5), and sharper ones 73.2% (1.0 + 8 / ..., 0.4): they
#: rank moves, not chances, so they stay the heuristic's.
_TIE_BONUS = 0.4


def _position(view: dict[str, Any]):
    """The position the view shows; the view must be that of the seat to move."""
    if view.get("to_move") is None or view.get("seat") != view.get("to_move"):
        raise ValueError("a bot needs the view of the seat to move")
    return from_view(view)


def random(view: dict[str, Any], rng: Any) -> Any:
    """A uniformly random legal move."""
    moves = _position(view).legal_moves()
    return moves[rng.below(len(moves))]


class _Estimator:
    """The chance of winning as a player, by winning colour and own hand."""

    def __init__(self, state, me: int, rng: Any, samples: int = SAMPLES, beliefs: Beliefs | None = None) -> None:
        """Other hands dealt uniformly from the unseen stones, or, given ``beliefs`` (the
        rivals' hands as read from their moves, ``turncoats_reading``), drawn from those."""
        self.me = me
        hand = state._hands[me]
        seen = [0, 0, 0]
        for p in (*state._areas, state._axe, state._flag, hand):
            for c, k in enumerate(unpack(p)):
                seen[c] += k
        self.unseen = [STONES_PER_COLOUR - k for k in seen]
        pool = [c for c in range(3) for _ in range(self.unseen[c])]
        #: The bag's expected make-up, which a Negotiate draws from.
        self.bag = self.unseen if beliefs is None else expected_bag(beliefs, self.unseen)
        sizes = [SIZE[h] if h >= 0 else ~h for s, h in enumerate(state._hands) if s != me]
        dealt = sum(sizes)
        # For each deal and each winning colour (index 3 = no colour), the best key
        # of the other players: (most of the colour, then fewest losing stones).
        self.best: list[list[tuple[int, int]]] = [[], [], [], []]
        for _ in range(samples):
            if beliefs is not None:
                hands = draw_hands(beliefs, self.unseen, rng)
            else:
                for i in range(dealt):  # partial Fisher-Yates: the first ``dealt`` stones
                    j = i + rng.below(len(pool) - i)
                    pool[i], pool[j] = pool[j], pool[i]
                start = 0
                hands = []
                for size in sizes:
                    counts = [0, 0, 0]
                    for c in pool[start : start + size]:
                        counts[c] += 1
                    start += size
                    hands.append(counts)
            if not hands:
                for w in range(4):
                    self.best[w].append((-1, -99))
                continue
            totals = [sum(h) for h in hands]
            for w in range(3):
                self.best[w].append(max([(h[w], h[w] - total) for h, total in zip(hands, totals)]))
            self.best[3].append(max([(0, -total) for total in totals]))
        self._cache: dict[int, tuple[float, float, float, float]] = {}

    def chances(self, hand: int) -> tuple[float, float, float, float]:
        """P(I win) if red, blue, black or no colour wins, holding the packed ``hand``."""
        found = self._cache.get(hand)
        if found is None:
            counts = unpack(hand)
            total = sum(counts)
            out = []
            for w in range(4):
                mine = (counts[w], -(total - counts[w])) if w < 3 else (0, -total)
                score = 0.0
                for best in self.best[w]:
                    if mine > best:
                        score += 1.0
                    elif mine == best:
                        score += 0.5
                out.append(score / len(self.best[w]))
            found = self._cache[hand] = tuple(out)
        return found


def _colour_odds(state, ending: bool, sharpness: float) -> tuple[float, float, float, float]:
    """How likely each colour (and, last, no colour) is to win the game from ``state``
    (the areas each colour rules remembered by map, AXE and FLAG)."""
    key = (state._areas, state._axe, state._flag, state.rules)
    areas = _RULED.get(key)
    if areas is None:
        table = state.rules.resolver(state._axe, state._flag)
        counts = [0, 0, 0, 0]  # the last: nobody's
        for a in state._areas:
            counts[table[TIED[a]][0]] += 1
        if len(_RULED) > 50_000:  # bounded memory over many games
            _RULED.clear()
        areas = _RULED[key] = (counts[0], counts[1], counts[2])
    return _odds_of(state.rules, areas, state._axe, state._flag, ending, sharpness)


_RULED: dict[tuple, tuple[int, int, int]] = {}


def _odds_of(rules, areas: tuple[int, int, int], axe: int, flag: int, ending: bool, sharpness: float):
    """``_colour_odds`` from the areas each colour rules and the packed AXE and FLAG (remembered
    by what they depend on, the areas ruled and the winning colour: the look-ahead asks for the
    same few again and again)."""
    red, blue, black = areas
    top = red if red >= blue and red >= black else blue if blue >= black else black
    if (red == top) + (blue == top) + (black == top) == 1:  # AXE and FLAG decide nothing
        colour = 0 if red == top else 1 if blue == top else 2
    else:
        colour = _tie_winner(rules, areas, axe, flag)
    key = (areas, colour, ending, sharpness)
    found = _ODDS.get(key)
    if found is None:
        if ending:
            found = tuple(1.0 if c == colour or (c == 3 and colour < 0) else 0.0 for c in range(4))
        else:
            scores = [areas[c] + (_TIE_BONUS if c == colour else 0.0) for c in range(3)]
            top_score = max(scores)
            weights = [math.exp(sharpness * (s - top_score)) for s in scores]
            total = sum(weights)
            found = weights[0] / total, weights[1] / total, weights[2] / total, 0.0
        if len(_ODDS) > 50_000:  # bounded memory over many games
            _ODDS.clear()
        _ODDS[key] = found
    return found


def _tie_winner(rules, areas: tuple[int, int, int], axe: int, flag: int) -> int:
    """The winning colour (or -1) when colours tie for most areas (remembered)."""
    key = (rules, areas, axe, flag)
    found = _TIE_WINNERS.get(key)
    if found is None:
        if len(_TIE_WINNERS) > 50_000:  # bounded memory over many games
            _TIE_WINNERS.clear()
        found = _TIE_WINNERS[key] = rules.winning_colour(areas, unpack(axe), unpack(flag))[0]
    return found


_TIE_WINNERS: dict[tuple, int] = {}
_ODDS: dict[tuple, tuple[float, float, float, float]] = {}


def _value(odds, chances) -> float:
    return odds[0] * chances[0] + odds[1] * chances[1] + odds[2] * chances[2] + odds[3] * chances[3]


def heuristic(view: dict[str, Any], rng: Any) -> Any:
    """The move with the best estimated chance of winning (see the module docstring)."""
    return _heuristic_move(_position(view), rng)


def _heuristic_move(state: State, rng: Any) -> Any:
    """The heuristic's move for the seat to move in ``state``, which must know that seat's hand;
    it reads nothing else of a hidden kind (other hands by size only, never the bag)."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    values = _heuristic_values(state, moves, _Estimator(state, state.seat, rng))
    best = max(values)
    choices = [m for m, v in zip(moves, values) if v >= best - 1e-9]
    return choices[rng.below(len(choices))]


def _heuristic_values(state: State, moves: tuple[Any, ...], estimate: _Estimator) -> list[float]:
    """The heuristic's win estimate after each of ``moves`` (legal in ``state``) for the seat to move."""
    me = state.seat
    n = state.players
    hand = state._hands[me]
    left = sum(SIZE[h] if h >= 0 else ~h for h in state._hands)
    sharpness = 0.6 + 6.0 / (1.0 + left / n)
    values = []
    if moves[0].kind == RETURN:  # the second half of Negotiate: keep the best hand
        ending = state.neg == n - 1
        odds = _colour_odds(state, ending, sharpness)
        for m in moves:
            values.append(_value(odds, estimate.chances(hand - UNIT[m.colour])))
    else:
        odds_now = _colour_odds(state, False, sharpness)
        unseen = estimate.bag
        pool = sum(unseen)
        for m in moves:
            if m.kind == NEGOTIATE:
                # draw a stone the bag may hold, then return the least useful one
                ending = state.neg == n - 1
                odds = _colour_odds(state, True, sharpness) if ending else odds_now
                value = 0.0
                for d in range(3):
                    if unseen[d]:
                        held = hand + UNIT[d]
                        value += (
                            unseen[d]
                            / pool
                            * max(
                                _value(odds, estimate.chances(held - UNIT[r.colour]))
                                for r in RETURNS
                                if COLOUR_MASK[held] >> r.colour & 1
                            )
                        )
                values.append(value)
            else:
                after = state._apply(m)
                odds = _colour_odds(after, False, sharpness)
                values.append(_value(odds, estimate.chances(after._hands[me])))
    return values


# --- expert: search over what the seat may not see -------------------------------------------


class _Judge:
    """The searcher's chance to win, on the heuristic's estimate: each colour's odds from the map
    times the chance of the searcher's hand winning with that colour against ``ROOT_SAMPLES``
    deals of the rivals' hands as read from their moves (``_Estimator``), once the rivals have
    answered as the heuristic would (``rival``) on full positions dealt from that reading (``deal``)."""

    def __init__(self, state: State, me: int, rng: Any, beliefs: Beliefs) -> None:
        self.state = state
        self.me = me
        self.rng = rng
        self.beliefs = beliefs
        self.estimate = _Estimator(state, me, rng, ROOT_SAMPLES, beliefs)
        self.rival = Rival(_colour_odds, _odds_of, rng)
        #: With few stones left in the hands, every position is played to its end.
        left = sum(SIZE[h] if h >= 0 else ~h for h in state._hands)
        self.playout = left <= PLAYOUT_LEFT[state.players]

    def deal(self, count: int) -> list[State]:
        """``count`` full positions dealt from the reading of the rivals' hands."""
        return [deal(self.state, self.me, self.beliefs, self.rng) for _ in range(count)]

    def total(self, move: Any, positions: list[State]) -> float:
        """``move``'s chances to win (``answered``) summed over ``positions``."""
        return sum(self.answered(position, move) for position in positions)

    def answered(self, position: State, move: Any) -> float:
        """The searcher's chance to win after playing ``move`` in the full ``position`` (a
        Negotiate returning its best stone) and the rivals answering (``rival``): the result
        if the game ended, else the best it can reach with its next move; near the end
        (``playout``), the result once ``rival`` played every seat to the end: the win, else the
        place (``pygames.bots.reward.placed`` on the game's ranking), so a seat that can no longer
        win still plays for the best place it can reach."""
        rival = self.rival
        state = self._returned(position._apply(move))
        while state.neg < state.players and (self.playout or state.seat != self.me):
            state = state._apply(rival.move(state))
        if state.neg >= state.players:
            outcome = state.outcome
            if self.playout:  # every candidate is scored by real ends: the place counts after the win
                return placed(outcome.scores, outcome.winners)[self.me]
            winners = outcome.winners
            return 1.0 / len(winners) if self.me in winners else 0.0
        return rival.best(state, state._hands[self.me], self.estimate.chances, self.estimate.bag)[0]

    def _returned(self, state: State) -> State:
        """``state``, or after a Negotiate of the searcher's, the position once it returned its best stone."""
        if state.drawn < 0 or state.seat != self.me:
            return state
        returns = state.legal_moves()
        values = _heuristic_values(state, returns, self.estimate)
        return state._apply(returns[values.index(max(values))])

    def order(self, state: State, legal: tuple[Any, ...]) -> list[Any]:
        """The searcher's moves best first by the heuristic's estimate (a Negotiate by the
        average over the stones it may draw), one move for each different position reached
        (a Battle that kills nothing is the same anywhere)."""
        values = _heuristic_values(state, legal, self.estimate)
        scored = []
        seen = set()
        for i, m in enumerate(legal):
            if m.kind == NEGOTIATE:
                key = None
            else:
                after = state._apply(m)
                key = (after._areas, after._axe, after._flag, after._hands[self.me], after.drawn)
            if key not in seen:
                seen.add(key)
                scored.append((values[i], -i))
        scored.sort(reverse=True)
        return [legal[-i] for _, i in scored]


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for a decision (as it was after).  The look-ahead
    makes and drops many small containers while its caches hold many more, and every collection
    pass walks them: about a quarter of the expert's time on CPython.  A decision leaves no cyclic
    garbage (``tests/engine/test_collector.py``), so reference counting frees everything it drops
    and pausing loses nothing; no move depends on it.  The look-ahead runs in a function of its
    own, so its caches are gone before the collector is back (else the first pass after walks
    them all: about a tenth of a decision)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def expert(
    view: dict[str, Any], rng: Any, deals: int = ITERATIONS, budget: float | None = None, most: int = MAX_DEALS
) -> Any:
    """The best of the seat's few best moves (by the one-move estimate over read deals) once the
    rivals have answered, on ``deals`` full positions drawn from the reading
    (``pygames.bots.turncoats_replies``); see the module docstring.

    ``budget``, when given, is the time to think, in seconds of the wall clock from this call (the
    page's pace): it deals positions ``BATCH`` at a time (the first batch no more than ``deals``)
    while the time lasts, at most ``most`` in all, and stops sooner when the choice is clear (the
    leading candidate's total is ahead of the next by more than the positions the time leaves
    could give: each scores at most 1); without it the move depends on the view and the rng alone."""
    deadline = None if budget is None else time.perf_counter() + budget
    with _collector_paused():  # what the look-ahead drops is freed before the collector is back
        return _look_ahead(view, rng, deals, deadline, most)


def _look_ahead(view: dict[str, Any], rng: Any, deals: int, deadline: float | None, most: int) -> Any:
    """``expert``'s move: its look-ahead until ``deadline`` (``time.perf_counter``), if any."""
    state = _position(view)
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]
    me = view["seat"]
    beliefs = read_hands(view, _colour_odds)
    judge = _Judge(state, me, rng, beliefs)
    ranked = judge.order(state, legal)
    if deals <= 0:
        return ranked[0]
    candidates = ranked[: CANDIDATES[state.players]]
    if state.drawn < 0 and NEGOTIATE_MOVE not in candidates:
        candidates.append(NEGOTIATE_MOVE)
    started = time.perf_counter()
    done = deals if deadline is None else min(deals, BATCH, most)  # on a clock: a batch at a time
    full = judge.deal(done)
    totals = [judge.total(m, full) for m in candidates]
    while deadline is not None and done < most:
        now = time.perf_counter()
        if now >= deadline:
            break
        left = min(most - done, (deadline - now) * done / max(now - started, 1e-9))
        order = sorted(totals)
        if len(order) < 2 or order[-1] - order[-2] > left:
            break
        batch = min(BATCH, most - done)
        more = judge.deal(batch)
        for i, m in enumerate(candidates):
            totals[i] += judge.total(m, more)
        done += batch
    finalists = FINALISTS[state.players]
    if deadline is None and finalists and len(candidates) > finalists:
        return _final(judge, candidates, totals, finalists, deals * FINAL_ROUND)
    return candidates[totals.index(max(totals))]


def _final(judge: _Judge, candidates: list[Any], totals: list[float], finalists: int, more: int) -> Any:
    """The best of the ``finalists`` leading candidates (by ``totals``, the earlier on a tie) once
    each is played on ``more`` new positions too (``FINALISTS``)."""
    leaders = sorted(range(len(candidates)), key=lambda i: (-totals[i], i))[:finalists]
    positions = judge.deal(more)
    scores = {i: totals[i] + judge.total(candidates[i], positions) for i in leaders}
    return candidates[max(leaders, key=lambda i: (scores[i], -i))]


#: The coach's look-ahead (``judge``): the expert's, without a clock (the same record always gets
#: the same word). A move whose chance to win is this far below the best candidate's is a mistake;
#: within ``JUDGE_CLOSE`` of it, as good as the best. It weighs ``JUDGE_CANDIDATES`` of the seat's best
#: moves (its margins were set on them) whatever the count of players.
JUDGE_MARGIN = 0.15
JUDGE_CLOSE = 0.04
JUDGE_CANDIDATES = 10


def weigh(
    view: dict[str, Any], rng: Any, deals: int = ITERATIONS, also: Any = None, breadth: int | None = None
) -> list[tuple[Any, float]]:
    """What the expert weighs in ``view`` (the seat to move's): its look-ahead from the seat's view
    (its reading of the rivals' hands, its ``breadth`` best moves, by default as many as the expert
    weighs (``CANDIDATES``), and Negotiate, then ``also``
    when given, each played on the same ``deals`` positions against the rivals' answers, no clock:
    the same view and rng give the same answer), each candidate with its chance to win, best
    first (the earlier candidate on a tie). ``also`` comes last, so the other candidates' scores
    do not depend on it."""
    with _collector_paused():  # what the look-ahead drops is freed before the collector is back
        return _weighed(view, rng, deals, also, breadth)


def _weighed(view: dict[str, Any], rng: Any, deals: int, also: Any, breadth: int | None) -> list[tuple[Any, float]]:
    """``weigh``'s candidates and their chances."""
    state = _position(view)
    me = view["seat"]
    beliefs = read_hands(view, _colour_odds)
    scorer = _Judge(state, me, rng, beliefs)
    count = CANDIDATES[state.players] if breadth is None else breadth
    candidates = scorer.order(state, state.legal_moves())[:count]
    if state.drawn < 0 and NEGOTIATE_MOVE not in candidates:
        candidates.append(NEGOTIATE_MOVE)
    if also is not None and also not in candidates:
        candidates.append(also)
    full = scorer.deal(deals)
    means = [scorer.total(m, full) / deals for m in candidates]
    order = sorted(range(len(candidates)), key=lambda i: (-means[i], i))
    return [(candidates[i], means[i]) for i in order]


def judge(view: dict[str, Any], move: str, rng: Any, deals: int = ITERATIONS) -> dict[str, Any]:
    """The coach's word on ``move`` in ``view`` for the guided first game (``pygames.core.coach``):
    the expert's look-ahead from the seat's view (``weigh``, ``move`` among its candidates) gives
    every candidate a chance to win; ``move`` is ``good`` when none does better (by
    ``JUDGE_CLOSE``), a ``mistake`` when the best does clearly better (``JUDGE_MARGIN``), then with
    the best as ``better``, else ``ok``."""
    state = _position(view)
    legal = state.legal_moves()
    chosen = next(m for m in legal if str(m) == move)
    kind = chosen.to_json()["kind"]
    if len(legal) == 1:
        return judgement("good", message("coach.turncoats.why.forced"))
    weighed = weigh(view, rng, deals, also=chosen, breadth=JUDGE_CANDIDATES)
    top, best = weighed[0]
    mine = dict(weighed)[chosen]
    if chosen == top or mine >= best - JUDGE_CLOSE:
        return judgement("good", message(f"coach.turncoats.why.good_{kind}"))
    if mine < best - JUDGE_MARGIN:
        return judgement("mistake", message(f"coach.turncoats.why.worse_{kind}"), str(top))
    return judgement("ok", message("coach.turncoats.why.close"), str(top))


#: The heuristic, but a uniformly random legal move with probability ``NOVICE_RANDOM``.
novice = sometimes_random(heuristic, random, NOVICE_RANDOM)

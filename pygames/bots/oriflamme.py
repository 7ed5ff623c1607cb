"""Oriflamme bots.  Each takes the view of the seat to move and an Rng, returns a Move.

Every level decides from the seat's view only: they rebuild the position with
``pygames.oriflamme.from_view`` (other seats' hands, removed cards and face-down
cards unknown), so two positions that differ only in secrets the seat cannot see
get the same answer.

* ``random``: a uniformly random legal move.
* ``heuristic``: plays sensibly.  Placement scores each (card, place) by rules:
  Conspiracies early, Lords beside their own family, an Heir only while no rival
  Heir is face up, Soldiers and Spies beside the richest rival, an Ambush on top of
  (or beside) an own card that a rival Soldier or Archer threatens.  Reveal-or-keep
  follows the card: reveal when it pays now (a Lord, a unique Heir, a Spy beside a
  rival with influence, an attacker with a rival card to hit), keep a Conspiracy
  until its tokens are worth it and an Ambush as a trap.  Ability choices (target,
  steal, copy, the Royal Decree) are simulated one step on the rebuilt position and
  scored: influence plus the future income of the cards in the queue, own score
  against the leading rival; when a face-down rival card would be eliminated, the
  result is averaged over what that card may be, so the risk of an Ambush counts.
* ``expert``: information-set Monte Carlo tree search (``pygames.bots.ismcts``) with
  ``ITERATIONS`` iterations.  Each iteration deals the cards the seat cannot see
  (``_deal``): a rival's face-down card that gathered k tokens was kept face down k times,
  so its type is drawn with weight ``_KEPT[type] ** k`` (an Ambush or a Conspiracy is
  kept, a Lord hardly ever), the other unknown cards uniformly (``pygames.oriflamme.sample``).
  It walks one tree of the seat's moves and its rivals' moves as the seat sees them (a
  rival's placement by where, not by which card) and finishes the game with a cheap playout
  policy (``_rollout_move``: place at the ends of the queue, reveal what usually pays, attack
  and rob rivals rather than oneself, otherwise at random), each seat rewarded with its share of
  the win, else its place (``pygames.bots.reward``: a beaten seat still plays for the best place
  it can reach, and never throws the game to a rival by folly); the move tried most often is
  played.  Against three
  heuristic bots in 4-player games it takes a 62.2% win share over 400 games (95% CI
  57.4-66.8%, fair share 25%; ``bench/bots_bench.py``; 60.5% on seeds 400-799), 133 ms of CPU per
  decision on CPython (mean; median 137, max 258; ``--timing-only``, 20 games).
* ``novice``: the heuristic playing a random move 3 times in 5 (``NOVICE_RANDOM``), midway
  between ``random`` and ``heuristic`` on an Elo ladder (``bench/ladder.py``, table in the README).

``judge`` is not a level: the guided first game's word on a learner's move, scored by the
expert's search from the learner's view.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from pygames.bots import sometimes_random
from pygames.bots.ismcts import search
from pygames.bots.reward import placed
from pygames.core.coach import judgement, message
from pygames.oriflamme import from_view
from pygames.oriflamme.cards import (
    AMBUSH,
    ARCHER,
    ASSASSINATION,
    CONSPIRACY,
    FACE_UP,
    HAND_TYPES,
    HEIR,
    LORD,
    SHAPESHIFTER,
    SOLDIER,
    SPY,
    UNKNOWN,
)
from pygames.oriflamme.moves import (
    KEEP_MOVE,
    KINDS,
    LEFT,
    PLACE,
    PLACE_LEFT,
    PLACE_RIGHT,
    REVEAL,
    RIGHT,
    SHOW,
    STEAL,
    TARGET,
    Move,
    parse,
)
from pygames.oriflamme.rules import HIDDEN, O_TIE_COVERED, OVER, P_TARGET, PLACING, ROUNDS
from pygames.oriflamme.sample import dealer
from pygames.oriflamme.state import State

__all__ = [
    "DEFAULT_LEVEL",
    "ITERATIONS",
    "LEVELS",
    "MAX_ITERATIONS",
    "NOVICE_RANDOM",
    "expert",
    "heuristic",
    "judge",
    "novice",
    "random",
    "weigh",
]

#: The levels, weakest first (each a function ``(view, rng) -> Move`` here), and the one a new game offers.
#: On an Elo ladder (``bench/ladder.py``, 400 games, the table in the README) they stand about 130,
#: 155 and 160 points apart.  The expert on other budgets makes no level 150-200 points from its
#: neighbours: on 3,000 iterations it is level with the expert, on 300 about 120 points above the
#: heuristic and 40 below the expert, on 100 about 60 above the heuristic, on 30 about 110 below it.
LEVELS = ("random", "novice", "heuristic", "expert")
DEFAULT_LEVEL = "expert"
#: ``novice``: the heuristic, but a random legal move with this probability.  At 0.5 it stood 120
#: points below the heuristic and 170 above random play (400 games); Elo falls faster the more
#: random the moves (a quadratic through 0, 0.5 and 1 put 0.6 some 150 and 140 points from them):
#: at 0.6 it stands 157 [104, 209] below the heuristic and 130 above random play.
NOVICE_RANDOM = 0.6
#: The expert's search budget: iterations per decision (a move in about a second in Pyodide).
ITERATIONS = 1000
#: On a clock (``expert``'s ``budget``), the most iterations of one decision.
MAX_ITERATIONS = 20_000
#: UCB's exploration constant (rewards are win shares, 0..1, or a place behind the winners).  Against
#: heuristics (``bench/bots_bench.py``, 400 games) 1.0 won 62.2% on the bench's seeds and 60.5% on
#: seeds 400-799, where 0.7 won 59.4% and 59.0%, 0.5 60.8% (seeds 0-399 only).
EXPLORATION = 1.0

#: Income a face-up character brings per visit, by type (Lord and Heir computed).
_INCOME = {SPY: 0.7, SOLDIER: 1.0, ARCHER: 1.0, SHAPESHIFTER: 0.8}
#: How deep the simulation follows forced or unknown-card steps.
_DEPTH = 4


def random(view: dict[str, Any], rng: Any) -> Move:
    """A uniformly random legal move."""
    legal = view["legal"]
    return parse(legal[rng.below(len(legal))])


# --- evaluation ----------------------------------------------------------------------------


def _heir_rival(state: State, slot: int, name: int) -> bool:
    rival = name | FACE_UP
    return any(i != slot and s[-1] & 31 == rival for i, s in enumerate(state.queue))


def _own_neighbours(state: State, i: int, owner: int) -> int:
    q = state.queue
    return (i > 0 and q[i - 1][0] == owner) + (i + 1 < len(q) and q[i + 1][0] == owner)


def _scores(state: State) -> list[float]:
    """Influence plus the expected future income of each seat's cards in the queue."""
    scores = [float(p) for p in state.pools]
    if state.phase == OVER:
        return scores
    visits = ROUNDS - state.round + 1
    for i, slot in enumerate(state.queue):
        owner, top = slot[0], slot[-1]
        t = top & 15
        k = top >> 5
        if top & FACE_UP:
            if t == LORD:
                income = 1 + _own_neighbours(state, i, owner)
            elif t == HEIR:
                income = 0 if _heir_rival(state, i, HEIR) else 2
            else:
                income = _INCOME.get(t, 0)
            scores[owner] += income * visits * 0.6
        elif t == CONSPIRACY:
            scores[owner] += 1.6 * k + 1
        elif t == UNKNOWN:
            scores[owner] += 0.9 * k + 0.8
        else:
            scores[owner] += 0.8 * k + 1
    return scores


def _evaluate(state: State, me: int) -> float:
    scores = _scores(state)
    others = [s for p, s in enumerate(scores) if p != me]
    return scores[me] - 0.6 * max(others) - 0.4 * sum(others) / len(others)


def _expect(state: State, me: int, depth: int = _DEPTH) -> float:
    """The evaluation after forced steps and the average over an unknown card being shown."""
    if depth and state.phase != OVER:
        legal = state.legal_moves()
        if state.to_move == me and len(legal) == 1:
            return _expect(state._play_legal(legal[0]), me, depth - 1)
        if legal and legal[0].kind == SHOW:
            # the owner shows an eliminated card: known (one move) or any it may be (average)
            return sum(_expect(state._play_legal(m), me, depth - 1) for m in legal) / len(legal)
    return _evaluate(state, me)


def _best_by_simulation(state: State, me: int, legal: tuple[Move, ...], rng: Any) -> tuple[Move, float]:
    best, value = legal[0], -1e9
    for move in legal:
        after = state._play_legal(move)
        v = _expect(after, me)
        if after.to_move == me and after.phase != PLACING and after.legal_moves():
            # our own follow-up choice (a target after a copy, a destination after a pick)
            v = max(v, _best_by_simulation(after, me, after.legal_moves(), rng)[1])
        v += rng.below(1000) * 1e-6  # a tie-break that still depends only on the rng
        if v > value:
            best, value = move, v
    return best, value


# --- placement -----------------------------------------------------------------------------


def _threatened(state: State, i: int, me: int) -> bool:
    """A rival's face-up Soldier (or Shapeshifter) is beside slot ``i``, or ``i`` is at an end
    while a rival's Archer is face up."""
    q = state.queue
    for j in (i - 1, i + 1):
        if 0 <= j < len(q) and q[j][0] != me and q[j][-1] & FACE_UP and q[j][-1] & 15 in (SOLDIER, SHAPESHIFTER):
            return True
    if i in (0, len(q) - 1):
        return any(s[0] != me and s[-1] & 31 == ARCHER | FACE_UP for s in q)
    return False


def _placement_score(state: State, me: int, t: int, where: int) -> float:
    q = state.queue
    rnd = state.round
    if where == LEFT:
        neighbours = [q[0]] if q else []
    elif where == RIGHT:
        neighbours = [q[-1]] if q else []
    else:
        neighbours = [q[j] for j in (where - 1, where + 1) if 0 <= j < len(q)]
    own = sum(1 for s in neighbours if s[0] == me)
    rivals = [s for s in neighbours if s[0] != me]
    rich = max((state.pools[s[0]] for s in rivals), default=0)
    left = ROUNDS - rnd + 1
    if t == CONSPIRACY:
        score = 3.5 - rnd * 0.6
    elif t == LORD:
        score = 1.5 + 1.2 * own + 0.1 * left
    elif t == HEIR:
        score = 0.3 if _heir_rival(state, -1, HEIR) else 2.4 + 0.1 * left
    elif t == SPY:
        score = 0.8 + (0.15 * rich if rich else -0.5)
    elif t == SOLDIER:
        score = 1.0 + 0.6 * len(rivals) - 0.4 * own
        score += 0.4 * sum(1 for s in rivals if s[-1] & FACE_UP)
    elif t == ARCHER:
        score = 1.3
    elif t == ASSASSINATION:
        score = 1.6
    elif t == SHAPESHIFTER:
        sources = [s[-1] & 15 for s in neighbours if s[-1] & FACE_UP and s[-1] & 15 != SHAPESHIFTER]
        score = 0.6 + (1.2 if any(x in (LORD, HEIR) for x in sources) else 0.6 if sources else 0)
    elif t == AMBUSH:
        score = 1.0
        if where >= 0 and _threatened(state, where, me):
            score += 2.5
        elif any(s[-1] & FACE_UP and s[-1] & 15 in (SOLDIER, SHAPESHIFTER) for s in rivals):
            score += 1.5
    else:  # Royal Decree
        score = 1.2
    if where >= 0:
        top = q[where][-1]
        if top & FACE_UP:
            covered = top & 15
            score -= (
                2.0 if covered in (LORD, HEIR) and not (covered == HEIR and _heir_rival(state, where, HEIR)) else 0.8
            )
        else:
            score -= 0.5 + 0.3 * (top >> 5)
            if t == AMBUSH and _threatened(state, where, me):
                score += 0.5 + 0.3 * (top >> 5)
    return score


def _place(state: State, me: int, legal: tuple[Move, ...], rng: Any) -> Move:
    best, value = legal[0], -1e9
    for move in legal:
        v = _placement_score(state, me, move.a, move.b) + rng.below(1000) * 1e-4
        if v > value:
            best, value = move, v
    return best


# --- reveal or keep --------------------------------------------------------------------------


def _reveal(state: State, me: int, legal: tuple[Move, ...], rng: Any) -> Move:
    reveal = legal[0]
    q = state.queue
    cur = state.cursor
    top = q[cur][-1]
    t, k = top & 15, top >> 5
    rnd = state.round
    if t == AMBUSH:
        later = any(
            s[0] != me and s[-1] & FACE_UP and s[-1] & 15 in (ARCHER, SOLDIER, SHAPESHIFTER) for s in q[cur + 1 :]
        )
        return reveal if rnd == ROUNDS and not later else KEEP_MOVE
    if t == CONSPIRACY:
        pays = rnd == ROUNDS or (k >= 3 and rnd >= 4) or (k >= 2 and _threatened(state, cur, me))
        return reveal if pays else KEEP_MOVE
    if t == HEIR:
        return reveal if not _heir_rival(state, cur, HEIR) or k >= 2 or rnd == ROUNDS else KEEP_MOVE
    if t == LORD:
        return reveal
    if t == SPY:
        rich = [s for j, s in enumerate(q) if abs(j - cur) == 1 and s[0] != me and state.pools[s[0]] > 0]
        return reveal if rich or k >= 2 else KEEP_MOVE
    if t == SHAPESHIFTER:
        sources = [s for j, s in enumerate(q) if abs(j - cur) == 1 and s[-1] & FACE_UP]
        return reveal if sources or k >= 2 else KEEP_MOVE
    # attackers and the Royal Decree: reveal when the best follow-up beats keeping
    after = state._play_legal(reveal)
    if after.to_move == me and after.phase != PLACING and after.legal_moves():
        value = _best_by_simulation(after, me, after.legal_moves(), rng)[1]
    else:
        value = _expect(after, me)
    keep = _evaluate(state._play_legal(KEEP_MOVE), me) + 0.3
    return reveal if value > keep or (rnd == ROUNDS and value > keep - 1) else KEEP_MOVE


def heuristic(view: dict[str, Any], rng: Any) -> Move:
    """A sensible move for the seat to move, from its view only (see the module docstring)."""
    state = from_view(view)
    me = view["seat"]
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]
    if legal[0].kind == PLACE:
        return _place(state, me, legal, rng)
    if legal[0].kind == REVEAL:
        return _reveal(state, me, legal, rng)
    return _best_by_simulation(state, me, legal, rng)[0]


# --- expert: search over what the seat may not see -------------------------------------------


def _rollout_move(state: State, legal: tuple[Move, ...], rng: Any) -> Move:
    """A cheap playout move: a card is placed at an end of the queue (``_rollout_placement``),
    a face-down card is revealed when it usually pays (a Conspiracy once it holds tokens, an
    Ambush only in the last round, anything else four times in five), an attack or a Spy picks a
    rival when it can; everything else at random."""
    kind = legal[0].kind
    if kind == PLACE:
        return _rollout_placement(state, rng.below)
    if kind == REVEAL:
        top = state.queue[state.cursor][-1]
        t = top & 15
        if t == AMBUSH:
            reveal = state.round == ROUNDS
        elif t == CONSPIRACY:
            reveal = state.round == ROUNDS or top >> 5 >= 2 + rng.below(3)
        else:
            reveal = rng.below(5) != 0
        return legal[0] if reveal else legal[-1]
    if kind == TARGET and state.pending == P_TARGET:
        q = state.queue
        me = q[state.cursor][0]
        rivals = [m for m in legal if q[m.a][0] != me]
        if rivals:
            return rivals[rng.below(len(rivals))]
    elif kind == STEAL:
        me = state.queue[state.cursor][0]
        rivals = [m for m in legal if m.a != me and state.pools[m.a] > 0]
        if rivals:
            return rivals[rng.below(len(rivals))]
    return legal[rng.below(len(legal))]


def _rollout_placement(state: State, below: Callable[[int], int]) -> Move:
    """A playout's placement: a card of the hand at random, at either end of the queue, never on
    the seat's own card (covering one at random mostly throws away its tokens or its ability), drawn
    without listing the moves (the hot loop).  Against heuristics the expert won 53.9% of
    ``bench/bots_bench.py``'s 400 games with a uniform draw over every legal placement, 59.4% with
    this; on its seeds 400-799, 56.6% and 61.4% (a first version of this draw)."""
    hand = state.hands[state.to_move]
    kinds = HAND_TYPES[1 << UNKNOWN if hand == HIDDEN else hand]
    if not state.queue:
        return PLACE_LEFT[kinds[below(len(kinds))]]
    i = below(2 * len(kinds))
    return (PLACE_LEFT if i & 1 else PLACE_RIGHT)[kinds[i >> 1]]


def _rollout(state: State, rng: Any) -> list[float]:
    """Playout moves (``_rollout_move``) to the end, then each seat's reward: its share of the win,
    else its place (``pygames.bots.reward.placed``: by influence, then cards in the queue, the
    game's own tie-break), so a seat that cannot win still plays for the best place it can reach.
    The playout changes one private copy in place (no new position a move: the hot loop)."""
    if state.phase != OVER:
        state = state._child()
        below = rng.below
        play = state._do
        while True:
            phase = state.phase
            if phase == PLACING:
                play(_rollout_placement(state, below))
                continue
            if phase == OVER:
                break
            legal = state._legal  # the round flow's list, when it made one
            if legal is None:
                legal = state._generate()
            state._legal = None  # the state changes in place
            play(legal[0] if len(legal) == 1 else _rollout_move(state, legal, rng))
    cards = [0] * state.players  # ``queue_cards`` of every seat in one pass
    if state.options & O_TIE_COVERED:
        for slot in state.queue:
            cards[slot[0]] += len(slot) - 1
    else:
        for slot in state.queue:
            cards[slot[0]] += 1
    return placed(list(zip(state.pools, cards)), state.outcome.winners)


#: How likely an owner leaves each type face down when it is visited (Ambush ... Spy): a rival's
#: card that gathered k tokens was kept k times, so its type is drawn with weight ``_KEPT[t] ** k``.
_KEPT = (0.95, 0.4, 0.35, 0.9, 0.6, 0.05, 0.6, 0.1, 0.1, 0.1)


def _deal(state: State, rng: Any) -> State:
    """A full position for one iteration: rivals' face-down cards that were kept get a type
    drawn by how likely it is to be kept that often (``_KEPT``), then the rest is dealt uniformly
    (``pygames.oriflamme.sample.dealer``).  A search deals from one position every iteration, so
    what its deals share is worked out once and kept from the last call."""
    global _last_dealer
    if _last_dealer is None or _last_dealer[0] is not state:
        _last_dealer = (state, dealer(state, _KEPT))
    return _last_dealer[1](rng)


#: ``_deal``'s last position and its dealer.
_last_dealer: tuple[State, Callable[[Any], State]] | None = None


def expert(view: dict[str, Any], rng: Any, iterations: int | None = None, budget: float | None = None) -> Move:
    """Information-set MCTS from the seat's view (``pygames.bots.ismcts``): each iteration
    deals the cards the seat cannot see (``_deal``) and plays out with ``_rollout_move``;
    ``iterations`` overrides ``ITERATIONS``.  ``budget``, when given, is the time to think, in
    seconds of the wall clock from this call (the page's pace): the search runs until then, at
    most ``iterations`` (default ``MAX_ITERATIONS``) iterations, and stops sooner when the choice
    is clear; without it the move depends on the view and the rng alone."""
    deadline = None if budget is None else time.perf_counter() + budget
    state = from_view(view)
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]
    return _search(
        state, view["seat"], iterations or (ITERATIONS if deadline is None else MAX_ITERATIONS), rng, deadline
    )


def _search(
    state: State,
    me: int,
    iterations: int,
    rng: Any,
    deadline: float | None = None,
    stats: dict | None = None,
    exploration: float = EXPLORATION,
) -> Move:
    """The expert's search for seat ``me`` in ``state`` (its view's position): ``iterations`` deals
    of what the seat cannot see, played out with ``_rollout``, until ``deadline`` when given;
    ``stats`` receives the search's figures (``pygames.bots.ismcts.search``)."""

    # A rival's card drawn at random in the tree: drawn by UCB over the rival's own statistics of
    # card and place instead, the expert won 60.1% of bots_bench's games 0-399 (62.2%), not kept.
    def public(position: State, moves: tuple[Move, ...]) -> list[int] | None:
        """A rival's placement as the seat sees it: where, not which card."""
        return None if position.phase != PLACING or position.to_move == me else [m.b for m in moves]

    return search(
        lambda r: _deal(state, r),
        iterations,
        rng,
        apply=State._play_legal,
        rollout=_rollout,
        exploration=exploration,
        public=public,
        deadline=deadline,
        stats=stats,
    )


#: The coach's search (``judge``): iterations per judged move, without a clock (the same record
#: always gets the same word).
JUDGE_ITERATIONS = 600
#: A move whose average result (a win share, 0..1) is this far below the best move's is a mistake;
#: within ``JUDGE_CLOSE`` of it, as good as the best.
JUDGE_MARGIN = 0.12
JUDGE_CLOSE = 0.03
#: The coach's search explores as the expert did when those margins were set (0.7): the wider
#: exploration of the expert's own search (``EXPLORATION``) spreads the root's visits over weaker
#: moves, whose replies are then tried more widely too, and draws the moves' averages together, so
#: fewer clear mistakes would stand out (none in the Oriflamme lesson, tests/engine/test_coach.py).
JUDGE_EXPLORATION = 0.7
#: The kinds of decision the coach has its own words for (the others: ``other``).
_JUDGED_KINDS = ("place", "reveal", "keep", "target")


def weigh(
    view: dict[str, Any], rng: Any, iterations: int = JUDGE_ITERATIONS, also: Move | None = None
) -> list[tuple[Move, float]]:
    """What the expert weighs in ``view`` (the seat to move's; more than one legal move): its
    search from the seat's view (``expert``'s deals and playouts, ``iterations`` of them, exploring
    as the coach's margins need, ``JUDGE_EXPLORATION``; no clock: the same view and rng give the
    same answer), every move it tried with its average
    result (a win share, 0..1), its choice first, then by how much the search tried them.
    (``also``, a move to weigh besides, is among them when the search tried it.)"""
    stats: dict[str, Any] = {}
    best = _search(from_view(view), view["seat"], iterations, rng, stats=stats, exploration=JUDGE_EXPLORATION)
    root = stats["root"]
    mean = {m: reward / visits if visits else 0.0 for m, (visits, reward) in root.items()}
    others = sorted((m for m in root if m != best), key=lambda m: (-root[m][0], -mean[m], str(m)))
    return [(best, mean.get(best, 0.0)), *((m, mean[m]) for m in others)]


def judge(view: dict[str, Any], move: str, rng: Any, iterations: int = JUDGE_ITERATIONS) -> dict[str, Any]:
    """The coach's word on ``move`` in ``view`` for the guided first game (``pygames.core.coach``):
    the expert's search from the seat's view (``weigh``) scores every move by its average result;
    the move is ``good`` when it is the search's choice or as good, a ``mistake`` when it does
    clearly worse (``JUDGE_MARGIN``), then with the search's choice as ``better``, else ``ok``."""
    state = from_view(view)
    legal = state.legal_moves()
    chosen = next((m for m in legal if str(m) == move), None)
    if chosen is None:
        chosen = parse(move)
    kind = KINDS[chosen.kind] if KINDS[chosen.kind] in _JUDGED_KINDS else "other"
    if len(legal) == 1:
        return judgement("good", message("coach.oriflamme.why.forced"))
    weighed = weigh(view, rng, iterations)
    best = weighed[0][0]
    means = dict(weighed)
    pending = view["pending"] or {}
    # reveal or keep: the words name the learner's card the resolution reached
    said = {"card_id": view["queue"][pending["slot"]]["cards"][-1]["card"]} if kind in ("reveal", "keep") else {}

    def mean(m: Move) -> float:
        return means.get(m, 0.0)

    if chosen == best or mean(chosen) >= mean(best) - JUDGE_CLOSE:
        return judgement("good", message(f"coach.oriflamme.why.good_{kind}", said))
    if mean(chosen) < mean(best) - JUDGE_MARGIN:
        return judgement("mistake", message(f"coach.oriflamme.why.worse_{kind}", said), str(best))
    return judgement("ok", message("coach.oriflamme.why.close"), str(best))


#: The heuristic, but a uniformly random legal move with probability ``NOVICE_RANDOM``.
novice = sometimes_random(heuristic, random, NOVICE_RANDOM)

"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS), shared by the search bots.

The bot knows only its seat's view, so it cannot search one position: each iteration draws a
full position consistent with the view (``sample(rng)``, a game's ``sample`` module), walks
one tree of the seat's information set with that position's legal moves, adds one node,
finishes the game with a playout (``rollout``: a reward per seat) and backs the rewards up.
A node's statistics are those of the move that leads to it, seen from the seat that played
it; a move is chosen by UCB over the moves legal in this iteration's position, counting
how often each was available (Cowling, Powley & Whitehouse 2012).  The answer is the most
visited move at the root.

Everything random comes from the ``rng`` given, and the budget is a number of iterations,
so the same view and seed give the same move on every Python.  In the page a bot may think on a
clock instead (``deadline``): it searches until the clock says so, at most ``iterations``
iterations, and stops sooner when the choice is clear: when the most visited move leads the next
by more visits than the iterations left could give it (their number read from the pace so far),
the answer can no longer change.
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable

__all__ = ["search"]

State = Any
Move = Any


class _Node:
    """The statistics of one move in the tree and the moves tried after it."""

    __slots__ = ("mover", "visits", "avail", "reward", "children", "order")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[Move, _Node] = {}
        #: With a prior: the moves after this node, most promising first (from the first visit).
        self.order: list[Move] | None = None


def search(
    sample: Callable[[Any], State],
    iterations: int,
    rng: Any,
    *,
    apply: Callable[[State, Move], State],
    rollout: Callable[[State, Any], list[float]],
    exploration: float = 0.7,
    prior: Callable[[State, tuple[Move, ...]], list[Move]] | None = None,
    widening: float = 1.0,
    depth: int | None = None,
    public: Callable[[State, tuple[Move, ...]], list[Any] | None] | None = None,
    deadline: float | None = None,
    clock: Callable[[], float] | None = None,
    stats: dict[str, Any] | None = None,
) -> Move:
    """The move to play: the root's most visited after ``iterations`` iterations (see the module
    docstring).  ``sample(rng)`` draws a full position (the seat to move is the searcher's),
    ``apply(state, move)`` plays a legal move, ``rollout(state, rng)`` plays on (or judges the
    position) and returns one reward per seat (e.g. 1 for a win, 1/k for a k-way tie).

    ``prior(state, legal)``, when given, orders a node's moves best first on its first visit;
    the node then offers only its first ``1 + widening * sqrt(visits)`` moves that are legal
    (progressive widening: a game with a hundred moves a turn is searched deep, not wide).
    ``depth``, when given, is the most moves of the tree an iteration walks before its rollout.
    ``public(state, legal)``, when given, names each move as the searcher sees it (None: each
    move itself): the moves of a rival that look the same (a card placed face down) share one
    node, and which of them is played is drawn at random, so the tree never branches on what
    the searcher cannot see.

    ``deadline``, when given, is the time on ``clock`` (default ``time.perf_counter``) at which the
    search stops (then ``iterations`` is only a cap); it also stops when the root's most visited move
    can no longer be overtaken in the iterations the clock leaves (see the module docstring).
    ``stats``, when given, receives ``iterations``: how many were run, and ``root``: each move of
    the root tried, with its visits and its total reward for the searcher (the coach of a guided
    game scores the moves by it)."""
    root = _Node(-1)
    first = None
    timer = None if deadline is None else _Timer(deadline, clock or time.perf_counter, iterations)
    done = 0
    for done in range(1, iterations + 1):
        if timer is not None and not (done - 1) & _CHECK and done > 1 and timer.stop(root, done - 1):
            done -= 1
            break
        state = sample(rng)
        node = root
        path = []
        while state.to_move is not None:
            legal = state.legal_moves()
            if first is None:
                first = legal
            if prior is not None:
                legal = _widened(node, state, legal, prior, widening)
            node.visits += node is root
            keys = None if public is None else public(state, legal)
            if keys is None:
                chosen, child = _select(node, state.to_move, legal, exploration, rng, prior is not None)
            else:
                groups: dict[Any, list[Move]] = {}
                for move, key in zip(legal, keys):
                    groups.setdefault(key, []).append(move)
                key, child = _select(node, state.to_move, list(groups), exploration, rng, False)
                alike = groups[key]
                chosen = alike[0] if len(alike) == 1 else alike[rng.below(len(alike))]
            path.append(child)
            state = apply(state, chosen)
            if child.visits == 0 or len(path) == depth:
                break
            node = child
        rewards = rollout(state, rng)
        for node in path:
            node.visits += 1
            node.reward += rewards[node.mover]
    if stats is not None:
        stats["iterations"] = done
        # each move of the root tried: (visits, total reward of the searcher): a coach's scores
        stats["root"] = {move: (child.visits, child.reward) for move, child in root.children.items()}
    if not root.children:
        return first[0]
    return max(root.children.items(), key=lambda item: item[1].visits)[0]


#: On a clock, the search looks at the time once every ``_CHECK + 1`` iterations.
_CHECK = 7


class _Timer:
    """A search on a clock: whether to stop after ``done`` iterations (see the module docstring)."""

    def __init__(self, deadline: float, clock: Callable[[], float], iterations: int) -> None:
        self.deadline = deadline
        self.clock = clock
        self.iterations = iterations
        self.started = clock()

    def stop(self, root: _Node, done: int) -> bool:
        now = self.clock()
        if now >= self.deadline:
            return True
        pace = done / max(now - self.started, 1e-9)  # iterations a second so far
        left = min(self.iterations - done, (self.deadline - now) * pace)
        first = second = 0
        for child in root.children.values():
            v = child.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > left


def _widened(node: _Node, state: State, legal: tuple[Move, ...], prior: Callable, widening: float) -> list[Move]:
    """The moves of ``legal`` a node offers now: its first ones in the prior's order."""
    order = node.order
    if order is None:
        order = node.order = prior(state, legal)
    room = 1 + int(widening * math.sqrt(node.visits))
    offered = []
    for move in order:
        if move in legal:
            offered.append(move)
            if len(offered) >= room:
                break
    return offered or list(legal)


def _select(node: _Node, mover: int, legal, exploration: float, rng: Any, ordered: bool) -> tuple[Move, _Node]:
    """An untried move if any (the first when ``legal`` is in the prior's order, else one at
    random), else the best by UCB with availability counts."""
    children = node.children
    untried = []
    best, best_value, chosen = None, -1.0, None
    log, sqrt = math.log, math.sqrt
    for move in legal:
        child = children.get(move)
        if child is None:
            untried.append(move)
            continue
        child.avail += 1
        if not untried:
            value = child.reward / child.visits + exploration * sqrt(log(child.avail) / child.visits)
            if value > best_value:
                best, best_value, chosen = child, value, move
    if untried:
        chosen = untried[0] if ordered or len(untried) == 1 else untried[rng.below(len(untried))]
        best = children[chosen] = _Node(mover)
        best.avail = 1
    return chosen, best

"""Exact perfect-play solver for Okiya (rules: ``docs/rules/okiya.md``).

Every Okiya deal is a small game of perfect information, so the bot can play
perfectly by searching to the end of the game on every move.  This module does
that in pure Python, fast enough for the browser (Pyodide).

Scores
------
A score is the game-theoretic value of a position *for the player to move*
(or of a move, for the player making it), assuming perfect play where the
winner wins as fast as possible and the loser holds out as long as possible:

* win  = ``100 - p``, where ``p`` is the number of plies to the end of the game
  counting the move itself (an immediate win is 99);
* loss = ``-(100 - p)``;
* draw = 0 (a draw always ends on ply 16, when the grid is full).

So "higher is better" also orders wins by speed and losses by length, which is
what the points match needs (points = tiles left = 16 - plies played).
``outcome(score)`` gives -1/0/1 and ``plies(score, ply)`` the plies to the end.

API on engine positions (``pygames.okiya.State``)
-------------------------------------------------
* ``solve(state) -> dict[Move, int]``: exact score of every legal move.
* ``value(state, seat=None) -> int``: -1/0/1 for ``seat`` (default: the seat to
  move); on a finished game the result for ``seat``.
* ``best_move(state, rng=None) -> Move``: a move with the best score.  Without
  ``rng`` the choice is deterministic; with a ``pygames.core.rng.Rng`` it is
  uniform among all best moves (cheaply: the moves are searched in a shuffled
  order and the first best one is kept).
* ``best_moves(state) -> tuple[Move, ...]``: every move with the best score.
* ``score(state) -> int``: exact score of the position for the seat to move.

Plain-data API (no engine needed): ``Solver(layout)`` with positions given as
``(mover mask, opponent mask, last cell or None)`` — see its methods — and
``Position.from_view(view)`` for bots that must decide from a seat's view.

How it works
------------
Negamax with fail-soft alpha-beta on those scores, stored as *absolute* scores
(``±(100 - ply at which the game ends)``), so negation needs no adjustment and a
transposition-table entry is valid whatever the depth it was reached from.  The
table is two dicts keyed by one int ``(mover << 20) | (opponent << 4) | last``
holding a lower and an upper bound (a value cut off by the window is stored as a
bound, never as exact).  Only positions with at most ``TABLE_PLIES`` tokens go in
it: deeper down transpositions are rare and searching is cheaper than the table.
Per node, in one scan of the legal moves:

1. an immediate pattern win or blockade returns at once (rule order: pattern
   win, then a full grid is a draw, then blockade);
2. moves after which the opponent completes a pattern at once are dropped (lost
   in 2), a move that leaves one tile to a harmless opponent is a draw;
3. a move after which *every* reply of the opponent lets us complete a pattern is
   a win in 3;
4. the rest are ordered by fewest safe replies left to the opponent, then our own
   threats, then centre cells before corners before edges.

A node with a single candidate move continues in a loop instead of recursing.
At the root the moves are first tested with null windows (is it a win?); once a
win is found, later moves are only asked "do you win faster?", a search that
stops at the ply where the best win so far ends.  A ``Solver`` keeps its table, so later moves of the
same game cost little (a whole game of perfect play costs about as much as its
opening move).

Checked against the rules page: the W/D/L of every opening of seeds 0-4999 (python
``random`` layouts, section 11.2) reproduces its counts exactly (3,405 / 1,593 / 2
deals; 7,076 / 42,391 / 10,533 openings); ``tests/engine/test_solver.py`` checks the
explicit layouts, the worked examples and a plain minimax.
"""

from __future__ import annotations

from typing import Any, Iterable, NamedTuple

from pygames.okiya.board import BORDER, FULL, PATTERNS, match_masks

__all__ = [
    "Position",
    "Solver",
    "best_move",
    "best_moves",
    "outcome",
    "plies",
    "score",
    "solve",
    "solver_for",
    "value",
]

#: Scores are ``±(WIN - plies to the end)``.
WIN = 100
#: Positions with at most this many tokens placed go in the transposition table.
TABLE_PLIES = 8
_CENTRE = (1 << 5) | (1 << 6) | (1 << 9) | (1 << 10)
_CORNERS = (1 << 0) | (1 << 3) | (1 << 12) | (1 << 15)
#: Order of preference between otherwise equal moves (centre, corner, edge), pre-shifted.
_PRIORITY = tuple((0 if _CENTRE >> c & 1 else 4 if _CORNERS >> c & 1 else 8) * 16 + c for c in range(16))

# --- tables shared by every layout (built on first use: ~30 ms on CPython, ~50 ms in Pyodide) ---

_POP: bytes = b""  # popcount of every 16-bit mask
_HAS_PATTERN: bytes = b""  # 1 if the mask contains one of the 19 patterns
_THREATS: list[int] = []  # cells that would complete a pattern for a player holding the mask


def _build_tables() -> None:
    global _POP, _HAS_PATTERN, _THREATS
    if _THREATS:
        return
    pop = bytearray(1)
    for _ in range(16):
        pop += bytes(x + 1 for x in pop)
    has = bytearray(1 << 16)
    threats = [0] * (1 << 16)
    for p in PATTERNS:
        # every mask containing p minus one cell: that cell is a threat
        subsets = [0]
        rest = FULL ^ p
        for k in range(16):
            if rest >> k & 1:
                bit = 1 << k
                subsets += [s | bit for s in subsets]
        for s in subsets:
            has[p | s] = 1
        for k in range(16):
            if p >> k & 1:
                bit = 1 << k
                base = p ^ bit
                for s in subsets:
                    threats[base | s] |= bit
    _POP = bytes(pop)
    _HAS_PATTERN = bytes(has)
    _THREATS = threats


def outcome(score: int) -> int:
    """-1, 0 or 1: the sign of a score."""
    return (score > 0) - (score < 0)


def plies(score: int, ply: int) -> int:
    """Plies to the end of the game under perfect play, for a score of a position after
    ``ply`` placements (a draw runs until the grid is full)."""
    return WIN - abs(score) if score else 16 - ply


class Solver:
    """The solver for one layout (tile ids by cell).  Keeps its transposition table.

    Positions are plain data: ``mover`` and ``opp`` are the 16-bit masks of the
    tokens of the player to move and of the other player, ``last`` the cell of
    the last tile taken (None only before the opening move, when the grid is
    empty).  The position must not be over.  Scores are relative to the player
    to move, as described in the module docstring.
    """

    #: Clear the table beyond this many entries (about 100-150 bytes each; a whole
    #: game of perfect play typically leaves 5,000-20,000).
    MAX_ENTRIES = 1_000_000

    def __init__(self, layout: Iterable[int]) -> None:
        _build_tables()
        self.layout = tuple(layout)
        self.match = match = match_masks(self.layout)
        self.lower: dict[int, int] = {}
        self.upper: dict[int, int] = {}
        self._search = _make_search(match, self.lower, self.upper)

    # --- plain-data API -------------------------------------------------------------

    def legal(self, mover: int, opp: int, last: int | None) -> list[int]:
        """Legal cells, ascending."""
        free = FULL ^ (mover | opp)
        mask = BORDER & free if last is None else self.match[last] & free
        return [c for c in range(16) if mask >> c & 1]

    def move_score(self, mover: int, opp: int, last: int | None, cell: int) -> int:
        """Exact score of taking ``cell`` (assumed legal), for the player taking it."""
        self._trim()
        n = _POP[mover | opp]
        return _relative(self._move(mover, opp, cell, -WIN, WIN), n)

    def scores(self, mover: int, opp: int, last: int | None) -> dict[int, int]:
        """Exact score of every legal move, by cell."""
        self._trim()
        n = _POP[mover | opp]
        return {c: _relative(self._move(mover, opp, c, -WIN, WIN), n) for c in self.legal(mover, opp, last)}

    def value(self, mover: int, opp: int, last: int | None) -> int:
        """-1, 0 or 1 for the player to move (two null-window tests at most)."""
        self._trim()
        cells = self._ordered(mover, opp, last)
        if any(self._move(mover, opp, c, 0, 1) >= 1 for c in cells):
            return 1
        if any(self._move(mover, opp, c, -1, 0) >= 0 for c in cells):
            return 0
        return -1

    def best(self, mover: int, opp: int, last: int | None, order: list[int] | None = None) -> tuple[int, int]:
        """``(cell, score)`` of a best move: the first best one in ``order`` (default:
        the solver's own move ordering, the fastest).  ``order`` must hold every legal
        cell; pass them shuffled to pick uniformly among the best moves."""
        self._trim()
        cells = self._ordered(mover, opp, last) if order is None else list(order)
        n = _POP[mover | opp]
        cell, best = self._best(mover, opp, cells)
        return cell, _relative(best, n)

    def best_cells(self, mover: int, opp: int, last: int | None) -> tuple[int, list[int]]:
        """``(score, cells)``: the best score and every move that reaches it (ascending)."""
        self._trim()
        n = _POP[mover | opp]
        move = self._move
        cells = self._ordered(mover, opp, last)
        wins = [c for c in cells if move(mover, opp, c, 0, 1) >= 1]
        if not wins:
            draws = [c for c in cells if move(mover, opp, c, -1, 0) >= 0]
            if draws:
                return 0, sorted(draws)
        exact = {c: move(mover, opp, c, -WIN, WIN) for c in (wins or cells)}
        top = max(exact.values())
        return _relative(top, n), sorted(c for c, v in exact.items() if v == top)

    def clear(self) -> None:
        """Forget the transposition table."""
        self.lower.clear()
        self.upper.clear()

    # --- internals --------------------------------------------------------------------

    def _trim(self) -> None:
        if len(self.lower) + len(self.upper) > self.MAX_ENTRIES:
            self.clear()

    def _move(self, m: int, o: int, c: int, alpha: int, beta: int) -> int:
        """Absolute score of move ``c`` for the mover, searched with window (alpha, beta)."""
        bit = 1 << c
        nm = m | bit
        n = _POP[m | o]
        if _HAS_PATTERN[nm]:
            return WIN - 1 - n
        free = FULL ^ (nm | o)
        if not free:
            return 0
        if not self.match[c] & free:
            return WIN - 1 - n
        return -self._search(o, nm, c, -beta, -alpha)

    def _ordered(self, m: int, o: int, last: int | None) -> list[int]:
        """Legal cells in search order: the same heuristic as inside the search."""
        free = FULL ^ (m | o)
        match = self.match
        tho = _THREATS[o]
        keyed = []
        for c in self.legal(m, o, last):
            bit = 1 << c
            f2 = free ^ bit
            r = match[c] & f2
            if _HAS_PATTERN[m | bit] or not f2 or not r:
                key = -1  # ends the game at once
            elif r & tho:
                key = 9000  # the opponent completes a pattern at once
            else:
                thm = _THREATS[m | bit] & f2
                unsafe = 0
                for x in range(16):
                    if thm >> x & 1:
                        unsafe |= match[x]
                key = (_POP[r & ~unsafe] * 8 - min(_POP[thm], 2)) * 16
            keyed.append((key + _PRIORITY[c], c))
        keyed.sort()
        return [c for _, c in keyed]

    def _best(self, m: int, o: int, cells: list[int]) -> tuple[int, int]:
        """First move in ``cells`` with the best absolute score, and that score."""
        move = self._move
        # 1. the first winning move, if any (null windows: "is it a win?")
        for i, c in enumerate(cells):
            if move(m, o, c, 0, 1) >= 1:
                best = move(m, o, c, 0, WIN)
                # 2. later moves only matter if they win faster (cheap: depth-limited)
                for d in cells[i + 1 :]:
                    if move(m, o, d, best, best + 1) > best:
                        best = move(m, o, d, best, WIN)
                        c = d
                return c, best
        # 3. no win: the first draw, all draws are equal
        for c in cells:
            if move(m, o, c, -1, 0) >= 0:
                return c, 0
        # 4. every move loses: the slowest loss
        c = cells[0]
        best = move(m, o, c, -WIN, 0)
        for d in cells[1:]:
            if move(m, o, d, best, best + 1) > best:
                best = move(m, o, d, best, 0)
                c = d
        return c, best


def _relative(score: int, n: int) -> int:
    """Absolute score (±(100 - ply at the end)) to a score relative to a position after
    ``n`` placements (±(100 - plies from now))."""
    return score + n if score > 0 else score - n if score < 0 else 0


def _make_search(match: tuple[int, ...], LO: dict[int, int], HI: dict[int, int]):
    """The negamax search for one layout, as a closure over its tables.

    ``search(m, o, l, alpha, beta)`` returns the fail-soft absolute score of the
    position for the mover: ``m`` mover's mask, ``o`` opponent's, ``l`` the last
    cell taken (by the opponent).  The position must not be over.

    Long on purpose: this is the solver's hot loop.  Tables are bound as closure locals and
    forced moves, move ordering and the transposition table are inlined in ``search``,
    because each call saved is worth more than a shorter function here.
    """
    POP = _POP
    WINS = _HAS_PATTERN
    THREAT = _THREATS
    PRI = _PRIORITY
    # for each last cell: the cells matching it, with their bit and their own matches
    NB = tuple(tuple((c, 1 << c, match[c]) for c in range(16) if match[l] >> c & 1) for l in range(16))
    # match mask of a cell by its bit
    MB = [0] * (FULL + 1)
    for c in range(16):
        MB[1 << c] = match[c]

    def search(m: int, o: int, l: int, alpha: int, beta: int) -> int:
        # long on purpose: the hot loop (see _make_search)
        sign = 1
        while True:
            occ = m | o
            free = FULL ^ occ
            n = POP[occ]
            kids = []
            tho = THREAT[o]
            best = n - 98  # every move lets the opponent win on the next ply
            win3 = False
            for c, b, mc in NB[l]:
                if free & b:
                    nm = m | b
                    if WINS[nm]:
                        return sign * (99 - n)  # pattern
                    f2 = free ^ b
                    if not f2:
                        return 0  # the 16th tile, no pattern: draw
                    r = mc & f2
                    if not r:
                        return sign * (99 - n)  # blockade
                    if win3 or r & tho:
                        continue  # the opponent can complete a pattern: lost in 2
                    if not f2 & (f2 - 1):
                        if best < 0:
                            best = 0  # the opponent takes the last tile: draw
                        continue
                    thm = THREAT[nm] & f2
                    if thm:
                        # replies that let us complete a pattern next are not safe
                        if thm & (thm - 1):
                            u = 0
                            while thm:
                                x = thm & -thm
                                u |= MB[x]
                                thm ^= x
                            r &= ~u
                            if not r:
                                win3 = True
                                continue
                            kids.append((POP[r] * 8 - 2) * 16 + PRI[c])
                        else:
                            r &= ~MB[thm]
                            if not r:
                                win3 = True
                                continue
                            kids.append((POP[r] * 8 - 1) * 16 + PRI[c])
                    else:
                        kids.append(POP[r] * 128 + PRI[c])
            if win3:
                return sign * (97 - n)
            if not kids or best >= beta:
                return sign * best
            if alpha >= 97 - n:
                return sign * (97 - n)  # no immediate win: a win in 3 is the best left
            if len(kids) == 1 and best < 0:
                # a forced move: its value is this node's value, go on without recursing
                c = kids[0] & 15
                m, o, l = o, m | (1 << c), c
                alpha, beta = -beta, -alpha
                sign = -sign
                continue
            break
        if len(kids) > 1:
            kids.sort()
        if n > TABLE_PLIES:
            # deep in the game transpositions are rare: searching is cheaper than the table
            a = alpha if alpha > best else best
            for k in kids:
                c = k & 15
                v = -search(o, m | (1 << c), c, -beta, -a)
                if v > best:
                    best = v
                    if v > a:
                        a = v
                        if v >= beta:
                            break
            return sign * best
        key = (m << 20) | (o << 4) | l
        lo = LO.get(key, -100)
        hi = HI.get(key, 100)
        if lo >= beta:
            return sign * lo
        if hi <= alpha:
            return sign * hi
        if lo == hi:
            return sign * lo
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
        a = alpha if alpha > best else best
        for k in kids:
            c = k & 15
            v = -search(o, m | (1 << c), c, -beta, -a)
            if v > best:
                best = v
                if v > a:
                    a = v
                    if v >= beta:
                        break
        if best >= beta:
            LO[key] = best
        elif best <= alpha:
            HI[key] = best
        else:
            LO[key] = HI[key] = best
        return sign * best

    return search


# --- positions from the engine and from views ------------------------------------------


class Position(NamedTuple):
    """A position as plain data, from the point of view of the player to move."""

    layout: tuple[int, ...]
    mover: int
    opp: int
    last: int | None
    seat: int  # the seat to move

    @classmethod
    def from_state(cls, state: Any) -> "Position":
        seat = state.to_move
        if seat is None:
            raise ValueError("the game is over")
        return cls(tuple(state.layout), state.masks[seat], state.masks[1 - seat], state.last, seat)

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> "Position":
        """From ``State.view(seat)``: what a bot may use."""
        seat = view["to_move"]
        if seat is None:
            raise ValueError("the game is over")
        masks = [0, 0]
        for c, token in enumerate(view["tokens"]):
            if token is not None:
                masks[token] |= 1 << c
        return cls(tuple(view["layout"]), masks[seat], masks[1 - seat], view["last"], seat)


_CACHE: dict[tuple[int, ...], Solver] = {}
_CACHE_SIZE = 2


def solver_for(layout: Iterable[int]) -> Solver:
    """The shared Solver of a layout (the last few are kept, with their tables)."""
    layout = tuple(layout)
    solver = _CACHE.pop(layout, None)
    if solver is None:
        solver = Solver(layout)
    _CACHE[layout] = solver  # most recently used last
    while len(_CACHE) > _CACHE_SIZE:
        del _CACHE[next(iter(_CACHE))]
    return solver


def _moves():
    from pygames.okiya.state import MOVES

    return MOVES


def solve(state: Any) -> dict[Any, int]:
    """Exact score of every legal move of ``state`` for the seat to move, by Move."""
    p = Position.from_state(state)
    moves = _moves()
    return {moves[c]: v for c, v in solver_for(p.layout).scores(p.mover, p.opp, p.last).items()}


def score(state: Any) -> int:
    """Exact score of ``state`` for the seat to move."""
    p = Position.from_state(state)
    return solver_for(p.layout).best(p.mover, p.opp, p.last)[1]


def value(state: Any, seat: int | None = None) -> int:
    """-1 (lost), 0 (draw) or 1 (won) for ``seat`` under perfect play (default: the
    seat to move).  On a finished game: its result for ``seat`` (which is then required)."""
    if state.outcome is not None:
        if seat is None:
            raise ValueError("the game is over: say for which seat")
        return outcome(state.outcome.scores[seat])
    p = Position.from_state(state)
    v = solver_for(p.layout).value(p.mover, p.opp, p.last)
    return v if seat is None or seat == p.seat else -v


def best_move(state: Any, rng: Any = None) -> Any:
    """A Move with the best score.  With an ``Rng``, uniform among all best moves."""
    p = Position.from_state(state)
    solver = solver_for(p.layout)
    order = None
    if rng is not None:
        order = solver.legal(p.mover, p.opp, p.last)
        rng.shuffle(order)
    return _moves()[solver.best(p.mover, p.opp, p.last, order)[0]]


def best_moves(state: Any) -> tuple[Any, ...]:
    """Every Move with the best score, in cell order."""
    p = Position.from_state(state)
    moves = _moves()
    return tuple(moves[c] for c in solver_for(p.layout).best_cells(p.mover, p.opp, p.last)[1])

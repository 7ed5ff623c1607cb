"""Okiya positions and moves: the rules of ``docs/rules/okiya.md`` sections 3-6.

A ``State`` is immutable; ``play`` returns a new one.  Seats 0 and 1 are fixed
people; ``first_player`` is the seat that made ply 1 of this game (matches alternate
it), so the seat to move is ``(first_player + ply) % 2``.
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import BadPosition, IllegalMove
from pygames.core.outcome import Outcome, seat_params
from pygames.core.position import TextPosition
from pygames.core.rng import Rng
from pygames.okiya.board import (
    BORDER,
    CELL_NAMES,
    CELLS,
    FULL,
    LINES,
    TILE_NAMES,
    cells_of,
    completed_pattern,
    match_masks,
)

#: The player counts new_game accepts.
PLAYER_COUNTS = (2,)
#: Okiya has no rule options (its choices are the match formats of ``pygames.okiya.match``).
OPTIONS: dict[str, bool] = {}
#: Tokens each player has (rules section 2): the page draws the ones still in hand.
TOKENS_EACH = 8


class Move:
    """Take the tile at ``cell`` and put a token there.  ``int(move)`` is the cell
    (the integer action id, 0..15); ``str(move)`` the notation ``r{row}c{col}``.

    >>> str(Move(7)), int(Move(7))
    ('r1c3', 7)
    """

    __slots__ = ("cell",)

    def __init__(self, cell: int) -> None:
        self.cell = cell

    def __str__(self) -> str:
        return CELL_NAMES[self.cell]

    def __repr__(self) -> str:
        return f"Move({self.cell})"

    def __int__(self) -> int:
        return self.cell

    __index__ = __int__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and other.cell == self.cell

    def __hash__(self) -> int:
        return self.cell

    def to_json(self) -> dict[str, Any]:
        """What the page needs to draw and label the move, so it never parses notation.

        >>> Move(7).to_json()
        {'text': 'r1c3', 'kind': 'take', 'cell': 7, 'row': 1, 'col': 3}
        """
        return {
            "text": CELL_NAMES[self.cell],
            "kind": "take",
            "cell": self.cell,
            "row": self.cell // 4,
            "col": self.cell % 4,
        }


MOVES = tuple(Move(c) for c in CELLS)
_CELL_BY_NAME = {name: c for c, name in enumerate(CELL_NAMES)}


def parse(text: str) -> Move:
    """The Move a notation names: ``r1c2`` (``str(move)``) or a cell number; IllegalMove if none.

    >>> parse("r1c3")
    Move(7)
    """
    name = text.strip().lower() if isinstance(text, str) else ""
    if name in _CELL_BY_NAME:
        return MOVES[_CELL_BY_NAME[name]]
    if name.isascii() and name.isdigit() and int(name) < 16:
        return MOVES[int(name)]
    raise IllegalMove("error.bad_notation", move=str(text)[:40])


def _win(mover: int, reason: str, pattern: int = 0) -> Outcome:
    scores = (1, -1) if mover == 0 else (-1, 1)
    return Outcome(scores, (mover,), reason, f"okiya.win.{reason}", seat_params(mover), tuple(cells_of(pattern)))


_DRAW = Outcome((0, 0), (), "draw", "okiya.draw")


class State(TextPosition):
    """An Okiya position: the fixed layout, each seat's tokens and the last tile taken."""

    GAME = "okiya"
    __slots__ = ("layout", "masks", "last", "first_player", "ply", "outcome", "_match")

    layout: tuple[int, ...]
    masks: tuple[int, int]
    last: int | None
    first_player: int
    ply: int
    outcome: Outcome | None

    def __init__(
        self,
        layout: tuple[int, ...],
        masks: tuple[int, int] = (0, 0),
        last: int | None = None,
        first_player: int = 0,
        *,
        _match: tuple[int, ...] | None = None,
        _outcome: Outcome | None = None,
        _ply: int | None = None,
    ) -> None:
        self.layout = layout
        self.masks = masks
        self.last = last
        self.first_player = first_player
        self.ply = _ply if _ply is not None else (masks[0] | masks[1]).bit_count()
        self._match = _match if _match is not None else match_masks(layout)
        self.outcome = _outcome

    # --- the protocol -------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that must move now, or None when the game is over."""
        if self.outcome is not None:
            return None
        return (self.first_player + self.ply) & 1

    def legal_mask(self) -> int:
        """The cells that may be taken now, as a 16-bit mask."""
        if self.outcome is not None:
            return 0
        if self.last is None:
            return BORDER
        return self._match[self.last] & ~(self.masks[0] | self.masks[1])

    def legal_moves(self) -> tuple[Move, ...]:
        """Legal moves in ascending cell order."""
        mask = self.legal_mask()
        return tuple(MOVES[c] for c in CELLS if mask >> c & 1)

    def parse_move(self, move: Move | str | int) -> Move:
        """The Move meant by ``move``: a Move, a cell number, its notation (``parse``) or,
        in this position's layout, a tile name."""
        if isinstance(move, Move):
            return move
        if isinstance(move, int) and not isinstance(move, bool) and 0 <= move < 16:
            return MOVES[move]
        if isinstance(move, str) and move.strip().lower() in TILE_NAMES:
            return MOVES[self.layout.index(TILE_NAMES.index(move.strip().lower()))]
        return parse(str(move))

    def play(self, move: Move | str | int) -> "State":
        """The position after ``move``; raises IllegalMove (a ValueError) if it is not legal."""
        cell = self.parse_move(move).cell
        if not self.legal_mask() >> cell & 1:
            raise self._illegal(cell)
        return self._play_cell(cell)

    def _play_cell(self, cell: int) -> "State":
        """Apply a move already known to be legal (the fast path for search and fuzzing)."""
        mover = (self.first_player + self.ply) & 1
        bit = 1 << cell
        mine = self.masks[mover] | bit
        masks = (mine, self.masks[1]) if mover == 0 else (self.masks[0], mine)
        ply = self.ply + 1
        return State(
            self.layout,
            masks,
            cell,
            self.first_player,
            _match=self._match,
            _ply=ply,
            _outcome=_judge(mover, mine, masks[0] | masks[1], cell, ply, self._match),
        )

    def _illegal(self, cell: int) -> IllegalMove:
        name = CELL_NAMES[cell]
        if self.outcome is not None:
            return IllegalMove("error.game_over")
        if (self.masks[0] | self.masks[1]) >> cell & 1:
            return IllegalMove("okiya.error.taken", cell=name)
        tile = TILE_NAMES[self.layout[cell]]
        if self.last is None:
            return IllegalMove("okiya.error.opening_border", cell=name, tile=tile)
        return IllegalMove("okiya.error.no_match", cell=name, tile=tile, last=TILE_NAMES[self.layout[self.last]])

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Everything a seat may know; Okiya has no secrets, so every seat sees it all."""
        occupied = self.masks[0] | self.masks[1]
        return {
            "game": "okiya",
            "layout": list(self.layout),
            "tokens": [0 if self.masks[0] >> c & 1 else 1 if occupied >> c & 1 else None for c in CELLS],
            "tokens_each": TOKENS_EACH,
            "tokens_left": [TOKENS_EACH - self.masks[0].bit_count(), TOKENS_EACH - self.masks[1].bit_count()],
            "last": self.last,
            "last_tile": None if self.last is None else self.layout[self.last],
            "starter": self.first_player,  # the view field keeps its name (pages and saved views use it)
            "ply": self.ply,
            "to_move": self.to_move,
            "legal": cells_of(self.legal_mask()),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    def to_text(self) -> str:
        """Position text: ``<layout as 16 hex digits> <16 cells of . 0 1> <last cell|-> <first player>``.

        >>> new_game(2, 0, first_player=0).play("r0c0").to_text()[17:]
        '0............... r0c0 0'
        """
        layout = "".join(f"{t:x}" for t in self.layout)
        board = "".join("0" if self.masks[0] >> c & 1 else "1" if self.masks[1] >> c & 1 else "." for c in CELLS)
        last = "-" if self.last is None else CELL_NAMES[self.last]
        return f"{layout} {board} {last} {self.first_player}"


def _judge(mover: int, mine: int, occupied: int, cell: int, ply: int, match: tuple[int, ...]) -> Outcome | None:
    """Section 6 in its order: pattern win, then full grid = draw, then blockade win."""
    pattern = completed_pattern(mine, cell)
    if pattern:
        return _win(mover, "line" if pattern in LINES else "square", pattern)
    if occupied == FULL:
        return _DRAW
    if not match[cell] & ~occupied:
        return _win(mover, "blockade")
    return None


def new_game(players: int = 2, seed: int = 0, *, first_player: int | None = None) -> State:
    """A fresh game: the 16 tiles shuffled from ``seed``; the first player drawn from it too unless given."""
    if players not in PLAYER_COUNTS:
        raise BadPosition("error.players", game="okiya", min=2, max=2)
    rng = Rng(seed)
    layout = list(range(16))
    rng.shuffle(layout)
    if first_player is None:
        first_player = rng.below(2)
    elif first_player not in (0, 1):
        raise BadPosition("okiya.error.starter")
    return State(tuple(layout), first_player=first_player)


def from_layout(
    layout: list[int] | tuple[int, ...], moves: list[str] | tuple[str, ...] = (), first_player: int = 0
) -> State:
    """A game on an explicit layout (tile ids by cell) after ``moves`` (for tests and examples)."""
    layout = tuple(layout)
    if sorted(layout) != list(range(16)):
        raise BadPosition("okiya.error.layout")
    state = State(layout, first_player=first_player)
    for move in moves:
        state = state.play(move)
    return state


def from_text(text: str) -> State:
    """The position written by ``State.to_text``; BadPosition if it cannot arise in a game."""
    fields = text.split()
    if len(fields) != 4:
        raise BadPosition("okiya.error.text")
    layout_text, board, last_text, first_text = fields
    try:
        layout = tuple(int(ch, 16) for ch in layout_text)
    except ValueError:
        raise BadPosition("okiya.error.text") from None
    if sorted(layout) != list(range(16)):
        raise BadPosition("okiya.error.layout")
    if len(board) != 16 or set(board) - set(".01") or first_text not in ("0", "1"):
        raise BadPosition("okiya.error.text")
    first_player = int(first_text)
    masks = tuple(sum(1 << c for c in CELLS if board[c] == s) for s in "01")
    ply = (masks[0] | masks[1]).bit_count()
    counts = (masks[first_player].bit_count(), masks[1 - first_player].bit_count())
    if counts[0] - counts[1] not in (0, 1):
        raise BadPosition("okiya.error.counts")
    if ply == 0:
        if last_text != "-":
            raise BadPosition("okiya.error.text")
        return State(layout, (0, 0), None, first_player)
    if last_text not in _CELL_BY_NAME:
        raise BadPosition("okiya.error.text")
    last = _CELL_BY_NAME[last_text]
    mover = (first_player + ply - 1) & 1
    if not masks[mover] >> last & 1 or (ply == 1 and not BORDER >> last & 1):
        raise BadPosition("okiya.error.last")
    other = masks[1 - mover]
    if any(completed_pattern(other, c) for c in cells_of(other)):
        raise BadPosition("okiya.error.over")
    match = match_masks(layout)
    outcome = _judge(mover, masks[mover], masks[0] | masks[1], last, ply, match)
    return State(layout, (masks[0], masks[1]), last, first_player, _match=match, _outcome=outcome, _ply=ply)

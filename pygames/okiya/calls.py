"""The calls Okiya offers the page beyond the protocol (``CALLS``): the bridge finds them here
by name and adds what every game's calls share (the record, the hint counts).

* ``review(start, moves)``: the perfect player's verdict on every move of a game played from
  ``start`` (``pygames.okiya.review.verdict`` each, with the position it was made in) and,
  by seat, the index of its first move that threw a win or a draw away (or None);
* ``hint(state)``: the best moves of the seat to move, by ``cells`` and as notation (``moves``);
* ``chart(start, moves)``: the perfect player's verdict on the position before every move and
  after the last, as one line between the first seat's win (top), a draw and the second
  seat's win (bottom);
* ``coach(start, moves, seat)``, from ``coach_topics(view, seat)`` and ``coach_ask(view, seat)``: the
  coach of the guided first game (``pygames.core.coach``;
  the verdict on a move is the bots' ``judge``, the perfect player's).
"""

from __future__ import annotations

from typing import Any

from pygames.core.coach import answer, message
from pygames.core.outcome import seat_params
from pygames.okiya import review as judge
from pygames.okiya.board import BORDER, FULL, PATTERNS, cells_of, match_masks
from pygames.okiya.state import PLAYER_COUNTS, State


def review(start: State, moves: list[str]) -> dict[str, Any]:
    """The verdicts on ``moves`` played from ``start`` and each seat's first mistake."""
    verdicts = judge.review(start, moves)
    (players,) = PLAYER_COUNTS
    return {"moves": verdicts, "first_mistake": [judge.first_mistake(verdicts, seat) for seat in range(players)]}


def hint(state: State) -> dict[str, Any]:
    """The perfect player's best moves in ``state`` (a game not over)."""
    cells = judge.hint(state)
    return {"cells": cells, "moves": [str(m) for m in state.legal_moves() if m.cell in cells]}


def chart(start: State, moves: list[str]) -> dict[str, Any]:
    """The verdict band over the moves: 2 when the first seat wins under perfect play, 1 a
    draw, 0 when the second seat wins; ``y_labels`` name the band in words."""
    verdicts = judge.review(start, moves)
    first = lambda v, value: value if v["seat"] == 0 else -value  # noqa: E731  (the first seat's view)
    points = [first(v, v["before"]) + 1 for v in verdicts]
    if verdicts:
        points.append(first(verdicts[-1], verdicts[-1]["after"]) + 1)
    return {
        "title": {"key": "okiya.chart.title", "params": {}},
        "x": {"key": "okiya.chart.move", "params": {}},
        "steps": list(range(len(points))),
        "y_labels": [
            {"key": "okiya.chart.wins", "params": seat_params(1)},
            {"key": "okiya.chart.draw", "params": {}},
            {"key": "okiya.chart.wins", "params": seat_params(0)},
        ],
        "series": [{"label": {"key": "okiya.chart.verdict", "params": {}}, "points": points}],
    }


# ---------------------------------------------------------------- the guided first game's coach


def _masks(view: dict[str, Any]) -> list[int]:
    masks = [0, 0]
    for cell, token in enumerate(view["tokens"]):
        if token is not None:
            masks[token] |= 1 << cell
    return masks


def _legal(match: tuple[int, ...], taken: int, last: int | None) -> list[int]:
    free = FULL ^ taken
    mask = BORDER & free if last is None else match[last] & free
    return cells_of(mask)


def _wins(match: tuple[int, ...], mine: int, theirs: int, cell: int) -> bool:
    """Taking ``cell`` wins at once: a pattern completed, or the other player left no tile."""
    mine |= 1 << cell
    if any(mine & p == p for p in PATTERNS):
        return True
    free = FULL ^ (mine | theirs)
    return bool(free) and not match[cell] & free


def _threes(mine: int, theirs: int) -> list[int]:
    """The cells that would complete a pattern holding three of ``mine`` and none of ``theirs``."""
    return sorted({cells_of(p & ~mine)[0] for p in PATTERNS if not p & theirs and (p & mine).bit_count() == 3})


class _Seen:
    """What the learner's position holds, as the coach reads it from the view."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.view, self.seat, self.opp = view, seat, 1 - seat
        self.match = match_masks(tuple(view["layout"]))
        masks = _masks(view)
        self.mine, self.theirs = masks[seat], masks[1 - seat]
        self.deciding = view["to_move"] == seat
        self.legal = _legal(self.match, self.mine | self.theirs, view["last"]) if self.deciding else []

    def winning(self) -> list[int]:
        return [c for c in self.legal if _wins(self.match, self.mine, self.theirs, c)]

    def giving(self) -> list[int]:
        """The learner's moves after which the other player can win at once."""
        out = []
        for c in self.legal:
            mine = self.mine | 1 << c
            if any(_wins(self.match, self.theirs, mine, d) for d in _legal(self.match, mine | self.theirs, c)):
                out.append(c)
        return out

    def blockade_near(self) -> bool:
        """A blockade is one move away: the learner can make one, or can give the other player one."""
        for c in self.legal:
            mine = self.mine | 1 << c
            free = FULL ^ (mine | self.theirs)
            if free and not self.match[c] & free:
                return True
            for d in _legal(self.match, mine | self.theirs, c):
                left = free & ~(1 << d)
                if left and not self.match[d] & left:
                    return True
        return False


def coach_topics(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The rules that matter in the learner's position (``pygames.core.coach``): the opening
    and the matching rule, the patterns once stones gather, the blockade once it is near, the
    draw at a full garden."""
    seen = _Seen(view, seat)
    topics = [message("coach.okiya.rule.opening" if view["last"] is None else "coach.okiya.rule.follow")]
    gathering = lambda a, b: any((p & a).bit_count() >= 2 and not p & b for p in PATTERNS)  # noqa: E731
    if gathering(seen.mine, seen.theirs) or gathering(seen.theirs, seen.mine):
        topics.append(message("coach.okiya.rule.patterns"))
    if seen.deciding and seen.blockade_near():
        topics.append(message("coach.okiya.rule.blockade"))
    outcome = view["outcome"]
    if outcome is not None:
        topics.append(message(f"coach.okiya.rule.end_{outcome['reason']}"))
    return topics


def coach_ask(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """What the learner's position asks for: win now, block a pattern, beware of the tiles that
    let the other player win, open on the edge, or build."""
    seen = _Seen(view, seat)
    if not seen.deciding:
        return None
    other = seat_params(seen.opp)
    if seen.winning():
        return message("coach.okiya.ask.win", other)
    if set(_threes(seen.theirs, seen.mine)) & set(seen.legal):
        return message("coach.okiya.ask.block", other)
    if view["last"] is None:
        return message("coach.okiya.ask.opening", other)
    giving = seen.giving()
    if giving and len(giving) < len(seen.legal):
        return message("coach.okiya.ask.danger", other)
    return message("coach.okiya.ask.build", other)


def coach(start: State, moves: list[str], seat: int) -> dict[str, Any]:
    """The coach's words after ``moves`` played from ``start``, for the learner at ``seat``
    (``pygames.core.coach.answer``: the rules that first matter, what the position asks for)."""
    return answer(start, moves, seat, coach_topics, coach_ask)

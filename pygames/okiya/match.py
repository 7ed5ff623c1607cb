"""Okiya match formats (``docs/rules/okiya.md`` section 7): a single game, best of three, first to 10 points.

A match is a sequence of games on fresh layouts.  Game 1 uses the match seed
itself (so ``#play/okiya?seed=5`` shows ``new_game(2, 5)``), later games a seed
derived from it.  The loser of a game starts the next; after a draw, the seat
that did not start the drawn game starts (UNCONFIRMED, our default).
"""

from __future__ import annotations

from dataclasses import dataclass

from pygames.core.errors import IllegalMove, PlayerError
from pygames.core.i18n import tr
from pygames.core.outcome import seat_params
from pygames.core.rng import derive_seed
from pygames.okiya.board import CELL_NAMES
from pygames.okiya.state import PLAYER_COUNTS, Move, State, new_game

FORMATS = ("single", "best_of_three", "points_10")
#: Points a seat needs to take a points match.
POINTS_TARGET = 10
#: A match of several games ends after this many games even when nobody has reached its
#: target (drawn games count for nobody, so draws could go on for ever): the seat ahead then
#: takes the match, and level scores draw it (our ruling; docs/rules/okiya.md section 7).
MATCH_GAME_LIMIT = 9


def start_match(players: int, seed: int, format: str = "single", **options: object) -> "Match":
    """A new match: Okiya's entry point for ``pygames.core.session.start_match`` (it plays
    its own match formats; it has no rule options)."""
    if options:
        raise PlayerError("error.bad_options")
    if players not in PLAYER_COUNTS:
        raise PlayerError("error.players", game=tr("game.okiya"), min=min(PLAYER_COUNTS), max=max(PLAYER_COUNTS))
    return Match.start(seed, format)


def game_seed(seed: int, number: int) -> int:
    """The layout seed of game ``number`` (1-based) of a match."""
    return seed if number == 1 else derive_seed("okiya-match", seed, number)


def game_points(state: State) -> int:
    """Points for the winner of a finished game: tiles left in the grid after the winning move
    (``16 - plies``, UNCONFIRMED off-by-one: our default).  A draw scores nothing."""
    return 16 - state.ply if state.outcome and state.outcome.winners else 0


@dataclass(frozen=True)
class Match:
    """The games of a match so far; the last one is being played or has just ended."""

    seed: int
    format: str
    games: tuple[State, ...]
    #: The cells taken in each game, in order (the record a link or a save keeps).
    moves: tuple[tuple[int, ...], ...] = ((),)

    @classmethod
    def start(cls, seed: int, format: str = "single") -> "Match":
        if format not in FORMATS:
            raise PlayerError("error.bad_format", format=str(format)[:40])
        return cls(seed, format, (new_game(2, seed),))

    game = "okiya"
    players = 2

    @property
    def options(self) -> dict:
        """Okiya has no rule options (its choices are the match formats)."""
        return {}

    @property
    def current(self) -> State:
        return self.games[-1]

    @property
    def score(self) -> tuple[int, int]:
        """Games won (single, best of three) or points (points_10) per seat."""
        totals = [0, 0]
        for game in self.games:
            if game.outcome and game.outcome.winners:
                totals[game.outcome.winners[0]] += game_points(game) if self.format == "points_10" else 1
        return totals[0], totals[1]

    @property
    def winner(self) -> int | None:
        """The seat that has won the match, if any."""
        if self.current.outcome is None:
            return None
        need = {"single": 1, "best_of_three": 2, "points_10": POINTS_TARGET}[self.format]
        score = self.score
        for seat, total in enumerate(score):
            if total >= need:
                return seat
        if len(self.games) >= MATCH_GAME_LIMIT and score[0] != score[1]:
            return 0 if score[0] > score[1] else 1
        return None

    @property
    def over(self) -> bool:
        """True when no further game will be played: a seat won it, a single game ended (a draw
        too), or the match reached ``MATCH_GAME_LIMIT`` games."""
        if self.current.outcome is None:
            return False
        return self.winner is not None or self.format == "single" or len(self.games) >= MATCH_GAME_LIMIT

    @property
    def can_continue(self) -> bool:
        return self.current.outcome is not None and not self.over

    def play(self, move: Move | str) -> "Match":
        state = self.current.play(move)
        return Match(
            self.seed, self.format, self.games[:-1] + (state,), self.moves[:-1] + (self.moves[-1] + (state.last,),)
        )

    def next_game(self) -> "Match":
        """Start the next game: the loser starts; after a draw, the other seat than last time."""
        last = self.current
        if last.outcome is None:
            raise IllegalMove("error.not_over")
        if self.over:
            raise IllegalMove("error.match_over")
        first = 1 - last.outcome.winners[0] if last.outcome.winners else 1 - last.first_player
        game = new_game(2, game_seed(self.seed, len(self.games) + 1), first_player=first)
        return Match(self.seed, self.format, self.games + (game,), self.moves + ((),))

    def notation(self) -> list[list[str]]:
        """The moves of every game in move notation."""
        return [[CELL_NAMES[c] for c in game] for game in self.moves]

    def _message(self, winner: int | None) -> dict | None:
        if self.format == "single" or not self.over:
            return None
        if winner is None:
            return {"key": "okiya.match.drawn", "params": {"games": len(self.games)}}
        return {"key": "okiya.match.won", "params": seat_params(winner)}

    def summary(self) -> dict:
        """The match as the page shows it."""
        winner = self.winner
        return {
            "format": self.format,
            "game": len(self.games),
            "score": list(self.score),
            "over": self.over,
            "winner": winner,
            "can_continue": self.can_continue,
            "starter": self.current.first_player,
            "message": self._message(winner),
        }

"""What both adapters need to know of a game: a fixed integer action space and its chance steps.

``spec_for(game, players, options)`` returns a ``Spec``:

* **actions** — every move text the game can ever list (for any position of that game), in a
  fixed order; an action id is the index of a move's notation there:

  ========== ====== =========================================================================
  game       size   order
  ========== ====== =========================================================================
  okiya      16     the cells ``r0c0`` .. ``r3c3`` (= ``int(Move)``)
  oriflamme  620    ``pygames.oriflamme.moves.ALL`` (= ``int(Move)``; the ``place ?`` ones
                    are never legal in a full position)
  turncoats  10531  ``return`` red/blue/black, ``negotiate``, recruits (colour, area), flag-only
                    marches (colour), battles (colour, area, kills of the first other colour
                    then of the second, at most 21 in all), marches (colour, source, adjacent
                    destination, 1..21 stones)
  ========== ====== =========================================================================

* **setup** — the chance draws of the engine's seeded ``new_game``, one chance node each, with
  their probabilities (``setup_outcomes``), and ``build``, the first position from those draws:

  - okiya: 16 nodes, the tile of each cell in turn (outcome = tile id, uniform over the tiles
    left), then the first player (0 or 1); ``pygames.okiya.from_layout``;
  - oriflamme: one node per seat, the 3 cards it removes face down (outcome = index of the triple
    in ``REMOVALS``, 120 each as likely; the other 7 are its hand), then the first player;
    ``pygames.oriflamme.from_deal``;
  - turncoats: ``setup_draws(players)`` nodes, one stone each (outcome = colour, as likely as its
    count in the bag) in ``new_game``'s order, then the first player; ``pygames.turncoats.from_setup``.

* **draws in play** — Turncoats' Negotiate: the move ``negotiate`` waits (``waits``) for a chance
  node drawing a stone from the bag (``draw_outcomes``, ``drawn``: ``State.negotiated``).

Every chance outcome and move is also an ``Entry``: what each seat learns of it (``entry``,
``setup_entry``), so an information state is the seat's view plus what it saw happen.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations
from typing import Any, NamedTuple

from pygames import GAMES, okiya, oriflamme, turncoats
from pygames.okiya.board import TILE_NAMES
from pygames.oriflamme.cards import NAMES as CARD_NAMES
from pygames.oriflamme.cards import TYPES as CARD_TYPES
from pygames.oriflamme.moves import ALL as ORIFLAMME_MOVES
from pygames.turncoats.board import ADJACENT, AREA_COUNT, COLOURS, HAND_SIZE, HOMELAND, STONES_PER_COLOUR
from pygames.turncoats.moves import BATTLE, MARCH, NEGOTIATE, RECRUIT, RETURN, Move

#: Oriflamme: the triples of card types a seat may remove face down, by chance outcome.
REMOVALS: tuple[tuple[int, ...], ...] = tuple(combinations(CARD_TYPES, 3))
#: Most stones one move of Turncoats can kill or march (every stone of one colour).
_MOST = STONES_PER_COLOUR


class Entry(NamedTuple):
    """What the seats learn of one action: ``owner`` (a seat, or None when everyone sees the same)
    sees ``private``, every other seat ``public``."""

    owner: int | None
    private: str
    public: str

    def seen_by(self, seat: int) -> str:
        return self.private if self.owner is None or self.owner == seat else self.public


def _public(text: str) -> Entry:
    return Entry(None, text, text)


def turncoats_actions() -> tuple[str, ...]:
    """Every Turncoats move text, in the order of the module docstring's table."""
    texts = [str(Move(RETURN, c)) for c in range(3)] + [str(Move(NEGOTIATE))]
    texts += [str(Move(RECRUIT, c, x)) for c in range(3) for x in range(AREA_COUNT)]
    texts += [str(Move(MARCH, c)) for c in range(3)]
    for c in range(3):
        o1, o2 = (o for o in range(3) if o != c)
        for x in range(AREA_COUNT):
            for k1 in range(_MOST + 1):
                for k2 in range(_MOST + 1 - k1):
                    kills = [0, 0, 0]
                    kills[o1], kills[o2] = k1, k2
                    texts.append(str(Move(BATTLE, c, x, -1, 0, tuple(kills))))
    texts += [
        str(Move(MARCH, c, x, y, n))
        for c in range(3)
        for x in range(AREA_COUNT)
        for y in ADJACENT[x]
        for n in range(1, _MOST + 1)
    ]
    return tuple(texts)


@cache
def _actions(game: str) -> tuple[tuple[str, ...], dict[str, int]]:
    if game == "okiya":
        texts = tuple(str(m) for m in okiya.MOVES)
    elif game == "oriflamme":
        texts = tuple(str(m) for m in ORIFLAMME_MOVES)
    else:
        texts = turncoats_actions()
    return texts, {text: i for i, text in enumerate(texts)}


@dataclass(frozen=True)
class Spec:
    """One game at one player count with its rule options (see the module docstring)."""

    game: str
    players: int
    options: tuple[tuple[str, bool], ...]

    @property
    def module(self) -> Any:
        return GAMES[self.game]

    @property
    def actions(self) -> tuple[str, ...]:
        return _actions(self.game)[0]

    @cached_property
    def index(self) -> dict[str, int]:
        """Action ids by move text."""
        return _actions(self.game)[1]

    def action_of(self, move: object) -> int:
        """The action id of a move (or its notation)."""
        return self.index[str(move)]

    def legal(self, state: Any) -> dict[int, Any]:
        """The legal moves of an engine state by action id."""
        index = self.index
        return {index[str(m)]: m for m in state.legal_moves()}

    # --- setup --------------------------------------------------------------------------

    @property
    def setup_length(self) -> int:
        """Chance nodes before the first move."""
        if self.game == "okiya":
            return 17
        if self.game == "oriflamme":
            return self.players + 1
        return turncoats.setup_draws(self.players) + 1

    @property
    def max_chance_outcomes(self) -> int:
        return {"okiya": 16, "oriflamme": len(REMOVALS)}.get(self.game, max(3, self.players))

    def setup_outcomes(self, draws: tuple[int, ...]) -> list[tuple[int, float]]:
        """The outcomes of the next setup node after ``draws``, with their probabilities."""
        if len(draws) == self.setup_length - 1:
            return [(seat, 1 / self.players) for seat in range(self.players)]
        if self.game == "okiya":
            left = sorted(set(range(16)) - set(draws))
            return [(t, 1 / len(left)) for t in left]
        if self.game == "oriflamme":
            return [(i, 1 / len(REMOVALS)) for i in range(len(REMOVALS))]
        bag = [STONES_PER_COLOUR - 2 - draws.count(c) for c in range(3)]
        return _by_count(bag)

    def setup_entry(self, draws: tuple[int, ...], outcome: int) -> Entry:
        """What each seat learns of setup outcome ``outcome`` drawn after ``draws``."""
        step = len(draws)
        if step == self.setup_length - 1:
            return _public(f"first p{outcome + 1}")
        if self.game == "okiya":
            return _public(f"{okiya.MOVES[step]} {TILE_NAMES[outcome]}")
        if self.game == "oriflamme":
            cards = ",".join(CARD_NAMES[t] for t in REMOVALS[outcome])
            return Entry(step, f"p{step + 1} removes {cards}", f"p{step + 1} dealt")
        areas = 2 * (AREA_COUNT - len(HOMELAND))
        if step < areas:
            area = [x for x in range(AREA_COUNT) if x not in HOMELAND][step // 2]
            return _public(f"area {area} {COLOURS[outcome]}")
        seat = (step - areas) // HAND_SIZE
        return Entry(seat, f"p{seat + 1} draws {COLOURS[outcome]}", f"p{seat + 1} draws")

    def build(self, draws: tuple[int, ...]) -> Any:
        """The first position after every setup node (``draws``, first player last)."""
        *dealt, first = draws
        options = dict(self.options)
        if self.game == "okiya":
            return okiya.from_layout(dealt, first_player=first)
        if self.game == "oriflamme":
            hands = [tuple(t for t in CARD_TYPES if t not in REMOVALS[i]) for i in dealt]
            return oriflamme.from_deal(first, hands, [REMOVALS[i] for i in dealt], **options)
        return turncoats.from_setup(self.players, dealt, first, **options)

    # --- play ---------------------------------------------------------------------------

    def returns(self, outcome: Any) -> list[float]:
        """Zero-sum returns of a finished game: each seat stakes 1 and the winners share the pot (a
        winner gets ``players / winners - 1``, the others -1); no winner: everyone 0."""
        n = self.players
        winners = outcome.winners
        if not winners:
            return [0.0] * n
        share = n / len(winners) - 1
        return [share if seat in winners else -1.0 for seat in range(n)]

    def waits(self, move: object) -> bool:
        """Whether ``move`` takes effect only with a chance node's outcome (Turncoats' Negotiate)."""
        return self.game == "turncoats" and str(move) == "negotiate"

    def draw_outcomes(self, state: Any) -> list[tuple[int, float]]:
        """The stones a Negotiate may draw in ``state`` (before it), by colour, with probabilities."""
        return _by_count(list(state.bag))

    def drawn(self, state: Any, outcome: int) -> tuple[Any, Entry]:
        """The position after the seat to move of ``state`` Negotiates and draws ``outcome``."""
        seat = state.to_move
        colour = COLOURS[outcome]
        return state.negotiated(outcome), Entry(seat, f"p{seat + 1} draws {colour}", f"p{seat + 1} draws")

    def entry(self, state: Any, move: Any) -> Entry:
        """What each seat learns of ``move`` (legal in ``state``): Oriflamme hides a placed card."""
        seat = state.to_move
        if self.game == "oriflamme":
            return Entry(seat, f"p{seat + 1} {move}", f"p{seat + 1} {state.public_notation(move)}")
        return _public(f"p{seat + 1} {move}")

    def draw_text(self, outcome: int) -> str:
        """A chance outcome of a Negotiate, as ``_action_to_string`` writes it."""
        return f"draw {COLOURS[outcome]}"

    def setup_text(self, step: int, outcome: int) -> str:
        """A setup outcome at node ``step``, as ``_action_to_string`` writes it (spectator's words)."""
        if step == self.setup_length - 1:
            return f"first p{outcome + 1}"
        if self.game == "okiya":
            return TILE_NAMES[outcome]
        if self.game == "oriflamme":
            return "removes " + ",".join(CARD_NAMES[t] for t in REMOVALS[outcome])
        return COLOURS[outcome]


def _by_count(counts: list[int]) -> list[tuple[int, float]]:
    total = sum(counts)
    return [(c, k / total) for c, k in enumerate(counts) if k]


def spec_for(game: str, players: int | None = None, options: dict[str, bool] | None = None) -> Spec:
    """The spec of ``game`` (an id of ``pygames.GAMES``) for ``players`` (default: the fewest)
    with rule ``options`` over the defaults; ValueError for an unknown game, count or option."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    module = GAMES[game]
    players = module.PLAYER_COUNTS[0] if players is None else players
    if players not in module.PLAYER_COUNTS:
        raise ValueError(f"{game} takes {module.PLAYER_COUNTS} players, not {players}")
    options = dict(options or {})
    unknown = set(options) - set(module.OPTIONS)
    if unknown:
        raise ValueError(f"unknown {game} options: {sorted(unknown)}")
    merged = {name: bool(options.get(name, default)) for name, default in module.OPTIONS.items()}
    return Spec(game, players, tuple(merged.items()))

"""Every bot level of Oriflamme and Turncoats decides from its seat's view only: twin positions
that look the same from the seat but hide other cards or stones get the same move for the same
rng seed; the expert searches only positions its view allows, replays exactly, and plays legal
moves to the end.  Expert tests use a small iteration budget (the point is not strength; the
shipped budget is exercised once on one position; ``bench/bots_bench.py`` measures strength)."""

from __future__ import annotations

import pytest

from pygames import oriflamme, turncoats
from pygames.bots import oriflamme as oriflamme_bots
from pygames.bots import turncoats as turncoats_bots
from pygames.core.rng import Rng, derive_seed
from pygames.oriflamme.cards import AMBUSH, CONSPIRACY
from pygames.oriflamme.sample import determinize as oriflamme_determinize
from pygames.turncoats.sample import determinize as turncoats_determinize

#: The expert's budget in these tests (iterations per decision).
SMALL = {"oriflamme": 40, "turncoats": 6}
GAMES = {"oriflamme": (oriflamme, oriflamme_bots, 4), "turncoats": (turncoats, turncoats_bots, 3)}


def _bot(game: str, level: str):
    bots = GAMES[game][1]
    if level == "expert":
        return lambda view, rng: bots.expert(view, rng, SMALL[game])
    return getattr(bots, level)


def _positions(game: str, seed: int, every: int):
    """Positions of a seeded game played by random bots (one in ``every``), with the seat to move."""
    module, bots, players = GAMES[game]
    state = module.new_game(players, seed)
    rng = Rng(derive_seed("expert-positions", game, seed))
    ply = 0
    while state.outcome is None:
        if ply % every == 0:
            yield state
        state = state.play(bots.random(state.view(state.to_move), rng))
        ply += 1


def _twin(game: str, state, seat: int, rng: Rng):
    """Another full position that ``seat`` sees exactly as ``state`` (its hidden cards or stones
    dealt again at random; the same public history)."""
    view = state.view(seat)
    if game == "oriflamme":
        other = oriflamme_determinize(view, rng)
        other.log, other.prevlog = state.log, state.prevlog
    else:
        other = turncoats_determinize(view, rng)
        other._log = state._log
    assert other.view(seat) == view
    return other


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("level", ["random", "heuristic", "expert"])
def test_twins_get_the_same_move(game, level):
    bot = _bot(game, level)
    rng = Rng(f"twins-{game}-{level}")
    differ = 0
    for seed in range(2):
        for state in _positions(game, seed, 4 if level == "expert" else 1):
            seat = state.to_move
            other = _twin(game, state, seat, rng)
            differ += other.to_text() != state.to_text()
            assert bot(other.view(seat), Rng(seed)) is bot(state.view(seat), Rng(seed))
    assert differ > 5  # the twins really hide something else


@pytest.mark.parametrize("game", sorted(GAMES))
def test_expert_samples_only_positions_the_view_allows(game, monkeypatch):
    seen = []
    if game == "oriflamme":
        fill = oriflamme_bots.fill

        def recording(state, rng):
            seen.append(fill(state, rng))
            return seen[-1]

        monkeypatch.setattr(oriflamme_bots, "fill", recording)
    else:
        deal = turncoats_bots.deal

        def recording(root, me, beliefs, rng):
            seen.append(deal(root, me, beliefs, rng))
            return seen[-1]

        monkeypatch.setattr(turncoats_bots, "deal", recording)
    for state in list(_positions(game, 3, 9))[:4]:
        seat = state.to_move
        view = state.view(seat)
        del seen[:]
        _bot(game, "expert")(view, Rng(1))
        assert len(seen) >= SMALL[game] or len(view["legal"]) == 1
        public = {k: v for k, v in view.items() if k != "log"}
        for sampled in seen:
            assert {k: v for k, v in sampled.view(seat).items() if k != "log"} == public


@pytest.mark.parametrize("game", sorted(GAMES))
def test_expert_replays_exactly_and_plays_to_the_end(game):
    module, bots, players = GAMES[game]
    expert = _bot(game, "expert")

    def play(seed: int) -> list[str]:
        state = module.new_game(players, seed)
        rngs = [Rng(derive_seed("expert-game", seed, seat)) for seat in range(players)]
        moves = []
        while state.outcome is None:
            seat = state.to_move
            bot = expert if seat == 0 else bots.heuristic
            move = bot(state.view(seat), rngs[seat])
            assert move in state.legal_moves()
            moves.append(str(move))
            state = state.play(move)
        return moves

    assert play(5) == play(5)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_expert_at_the_shipped_budget(game):
    """The shipped budget plays a legal move; the expert is listed last (Oriflamme's default)."""
    module, bots, players = GAMES[game]
    state = module.new_game(players, 2)
    view = state.view(state.to_move)
    move = bots.expert(view, Rng(3))
    assert move in state.legal_moves()
    assert bots.LEVELS[-1] == "expert" and oriflamme_bots.DEFAULT_LEVEL == "expert"


#: A 3-player Oriflamme position in round 3, as text with ``{cursor}`` and ``{pending}`` to fill in:
#: p1's face-down Ambush (1 token) leads; p2's face-up Soldier sits between p2's own Archer and p3's
#: Spy; p2's face-down Conspiracy holds 2 tokens.
_RESOLVING = (
    "players=3 start=p1 round=3 phase=resolve cursor={cursor} pending={pending} pools=2,3,1 "
    "hands=HeSoShRd,HeLoShRd,AmArAsCo removed=ArAsCo,AmAsSp,RdShSo "
    "queue=p1:Amd1,p2:Ard0,p2:Sou,p3:Spu,p1:Lod0,p3:Hed0,p1:Spd0,p2:Cod2,p3:Lou out=-,-,-"
)


def test_oriflamme_playout_keeps_traps_and_hits_rivals():
    """The expert's playout policy: an Ambush stays face down before the last round, a Conspiracy
    with 2 tokens is sometimes cashed and sometimes kept, a Soldier hits the rival beside it rather
    than its owner's own card."""
    rng = Rng("playout")

    def moves(cursor: int, pending: str) -> set[str]:
        state = oriflamme.from_text(_RESOLVING.format(cursor=cursor, pending=pending))
        legal = state.legal_moves()
        return {str(oriflamme_bots._rollout_move(state, legal, rng)) for _ in range(60)}

    assert moves(1, "reveal") == {"keep"}
    assert moves(8, "reveal") == {"reveal", "keep"}
    assert moves(3, "target:Soldier") == {"target 4"}


def test_oriflamme_deal_reads_how_often_a_card_was_kept():
    """A rival's face-down card kept twice is dealt as an Ambush or a Conspiracy far more often than
    a uniform deal would (1 in 5), a card never visited stays near uniform, and every deal looks
    the same from the seat."""
    text = (
        "players=4 start=p1 round=3 phase=place placed=0 pools=1,2,1,3 "
        "hands=HeLoSoSpRd,ArAsHeLoRd,AmArAsCoRd,AmArAsCoLo removed=AmAsCo,ShSoSp,ShSoHe,RdShSp "
        "queue=p1:Ard0,p2:Amd2,p3:Lou,p2:Cod1,p4:Hed1,p1:Shd0,p3:Spd0,p4:Sod0 out=-,-,-,-"
    )
    view = oriflamme.from_text(text).view(0)
    seen = oriflamme.from_view(view)
    rng = Rng("deal")
    trap = {AMBUSH, CONSPIRACY}
    kept = fresh = 0
    for _ in range(300):
        dealt = oriflamme_bots._deal(seen, 0, rng)
        assert {k: v for k, v in dealt.view(0).items() if k != "log"} == {k: v for k, v in view.items() if k != "log"}
        kept += dealt.queue[1][-1] & 15 in trap  # p2's card with 2 tokens
        fresh += dealt.queue[6][-1] & 15 in trap  # p3's card with none (a uniform 2 in 9)
    assert kept > 150 and 30 < fresh < 110


def test_turncoats_expert_plays_the_end_out():
    """With at most ``PLAYOUT_LEFT`` stones left in the hands, the expert scores a move on a dealt
    position by playing it to the end: the searcher's real share of the win (0, 1/k or 1); with
    more, by the estimate its next move can reach, a chance between those."""
    from pygames.bots.turncoats_reading import read_hands
    from pygames.bots.turncoats_replies import Rival, deal

    state = turncoats.new_game(3, 4)
    rngs = [Rng(derive_seed("expert-end", seat)) for seat in range(3)]
    results = {0.0, 1 / 3, 0.5, 1.0}
    seen = {True: 0, False: 0}
    while state.outcome is None:
        view = state.view(state.to_move)
        if state.to_move == 0:
            root = turncoats_bots._position(view)
            beliefs = read_hands(view, turncoats_bots._colour_odds)
            judge = turncoats_bots._Judge(root, 0, Rng(1), beliefs)
            rival = Rival(turncoats_bots._colour_odds, turncoats_bots._odds_of, Rng(2))
            position = deal(root, 0, beliefs, Rng(3))
            scores = {judge.answered(position, m, rival) for m in position.legal_moves()}
            assert judge.playout == (sum(view["hand_sizes"]) <= turncoats_bots.PLAYOUT_LEFT)  # 3 players
            assert scores <= results if judge.playout else scores - results
            seen[judge.playout] += 1
        state = state.play(turncoats_bots.heuristic(view, rngs[state.to_move]))
    assert seen[True] >= 3 and seen[False] >= 3

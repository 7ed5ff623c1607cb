"""Every bot level of every game with secrets decides from its seat's view only: twin positions
that look the same from the seat but hide other cards or stones get the same move for the same
rng seed.  Every expert (a game whose bots offer the level ``expert``) searches only positions
its view allows, replays exactly, and plays legal moves to the end.  Expert tests use a small
iteration budget (the point is not strength; the shipped budget is exercised once on one
position; ``bench/bots_bench.py`` measures strength).  The games come from ``pygames.GAMES``;
the tests of one expert's own playout and deal name their game."""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

import pytest

from pygames import GAMES, oriflamme, turncoats
from pygames.bots import bots_module
from pygames.bots import oriflamme as oriflamme_bots
from pygames.bots import turncoats as turncoats_bots
from pygames.core.rng import Rng, derive_seed
from pygames.oriflamme.cards import AMBUSH, CONSPIRACY

#: The games whose bots offer an expert.
EXPERTS = [game for game in GAMES if "expert" in bots_module(game).LEVELS]
#: The games with secrets and a sampler (``pygames.<id>.sample.determinize``): their twins.
TWINNED = [game for game in GAMES if GAMES[game].SECRETS and find_spec(f"pygames.{game}.sample")]


def _players(game: str) -> int:
    """A table above the fewest seats where the game has one (more rivals hiding more)."""
    counts = GAMES[game].PLAYER_COUNTS
    return counts[min(1, len(counts) - 1)]


def _small(game: str) -> int | None:
    """The expert's budget in these tests: a 25th of the shipped one, at least 6 (None: the shipped one)."""
    shipped = getattr(bots_module(game), "ITERATIONS", None)
    return None if shipped is None else max(6, shipped // 25)


def _bot(game: str, level: str):
    bots = bots_module(game)
    if level == "expert" and _small(game) is not None:
        return lambda view, rng: bots.expert(view, rng, _small(game))
    return getattr(bots, level)


def _positions(game: str, seed: int, every: int):
    """Positions of a seeded game played by random bots (one in ``every``), with the seat to move."""
    module, bots = GAMES[game], bots_module(game)
    state = module.new_game(_players(game), seed)
    rng = Rng(derive_seed("expert-positions", game, seed))
    ply = 0
    while state.outcome is None:
        if ply % every == 0:
            yield state
        state = state.play(getattr(bots, bots.LEVELS[0])(state.view(state.to_move), rng))
        ply += 1


def _twin_view(game: str, state, seat: int, rng: Rng) -> tuple[dict, bool]:
    """The view ``seat`` has of another full position it cannot tell from ``state`` (its hidden
    cards or stones dealt again at random; the same public history, so the same log), and
    whether that position differs."""
    view = state.view(seat)
    other = import_module(f"pygames.{game}.sample").determinize(view, rng)
    seen = {**other.view(seat), "log": view.get("log")} if "log" in view else other.view(seat)
    assert seen == view
    return seen, other.to_text() != state.to_text()


@pytest.mark.parametrize("game", TWINNED)
def test_twins_get_the_same_move_at_every_level(game):
    rng = Rng(f"twins-{game}")
    for level in bots_module(game).LEVELS:
        bot = _bot(game, level)
        differ = 0
        for seed in range(2):
            for state in _positions(game, seed, 4 if level == "expert" else 1):
                seat = state.to_move
                twin, differs = _twin_view(game, state, seat, rng)
                differ += differs
                assert bot(twin, Rng(seed)) is bot(state.view(seat), Rng(seed)), level
        assert differ > 5  # the twins really hide something else


def _sampled(game: str, monkeypatch, hook: str) -> list:
    """Record what the expert of ``game`` deals through its bots module's function ``hook``."""
    bots = bots_module(game)
    seen: list = []
    deal = getattr(bots, hook)

    def recording(*args):
        seen.append(deal(*args))
        return seen[-1]

    monkeypatch.setattr(bots, hook, recording)
    return seen


@pytest.mark.parametrize(("game", "hook"), [("oriflamme", "_deal"), ("turncoats", "deal")])
def test_expert_samples_only_positions_the_view_allows(game, hook, monkeypatch):
    """(Each expert deals its positions in its own function: ``hook``.)"""
    seen = _sampled(game, monkeypatch, hook)
    for state in list(_positions(game, 3, 9))[:4]:
        seat = state.to_move
        view = state.view(seat)
        del seen[:]
        _bot(game, "expert")(view, Rng(1))
        assert len(seen) >= _small(game) or len(view["legal"]) == 1
        public = {k: v for k, v in view.items() if k != "log"}
        for sampled in seen:
            assert {k: v for k, v in sampled.view(seat).items() if k != "log"} == public


@pytest.mark.parametrize("game", EXPERTS)
def test_expert_replays_exactly_and_plays_to_the_end(game):
    module, bots, players = GAMES[game], bots_module(game), _players(game)
    expert = _bot(game, "expert")
    other = getattr(bots, bots.LEVELS[min(1, len(bots.LEVELS) - 1)])

    def play(seed: int) -> list[str]:
        state = module.new_game(players, seed)
        rngs = [Rng(derive_seed("expert-game", seed, seat)) for seat in range(players)]
        moves = []
        while state.outcome is None:
            seat = state.to_move
            bot = expert if seat == 0 else other
            move = bot(state.view(seat), rngs[seat])
            assert move in state.legal_moves()
            moves.append(str(move))
            state = state.play(move)
        return moves

    assert play(5) == play(5)


@pytest.mark.parametrize("game", EXPERTS)
def test_expert_at_the_shipped_budget(game):
    """The shipped budget plays a legal move; the expert is listed last."""
    module, bots = GAMES[game], bots_module(game)
    state = module.new_game(_players(game), 2)
    view = state.view(state.to_move)
    move = bots.expert(view, Rng(3))
    assert move in state.legal_moves()
    assert bots.LEVELS[-1] == "expert"


#: A 3-player Oriflamme position in round 3, as text with ``{cursor}`` and ``{pending}`` to fill in:
#: p1's face-down Ambush (1 token) leads; p2's face-up Soldier sits between p2's own Archer and p3's
#: Spy; p2's face-down Conspiracy holds 2 tokens.
_RESOLVING = (
    "players=3 start=p1 round=3 phase=resolve cursor={cursor} pending={pending} pools=2,3,1 "
    "hands=HeSoShRd,HeLoShRd,AmArAsCo removed=ArAsCo,AmAsSp,RdShSo "
    "queue=p1:Amd1,p2:Ard0,p2:Sou,p3:Spu,p1:Lod0,p3:Hed0,p1:Spd0,p2:Cod2,p3:Lou out=-,-,-"
)


#: Round 3, p3 to place (Ambush, Archer, Assassination, Conspiracy, Royal Decree) with two cards of
#: its own in the queue (a face-up Lord, a face-down Spy).
_PLACING = (
    "players=4 start=p1 round=3 phase=place placed=0 pools=1,2,1,3 "
    "hands=HeLoSoSpRd,ArAsHeLoRd,AmArAsCoRd,AmArAsCoLo removed=AmAsCo,ShSoSp,ShSoHe,RdShSp "
    "queue=p1:Ard0,p2:Amd2,p3:Lou,p2:Cod1,p4:Hed1,p1:Shd0,p3:Spd0,p4:Sod0 out=-,-,-,-"
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


def test_oriflamme_playout_places_at_the_ends_never_on_its_own_cards():
    """A playout's placement (``_rollout_move``, ``_rollout_placement`` in the playout's loop): any
    card of the hand at either end of the queue, never covering the seat's own card, though the
    rules allow it (a random cover mostly throws away the covered card)."""
    state = oriflamme.from_text(_PLACING)
    moves = state.legal_moves()
    legal = {str(m) for m in moves}
    rng = Rng("placement")
    drawn = {str(oriflamme_bots._rollout_move(state, moves, rng)) for _ in range(300)}
    assert drawn == {str(oriflamme_bots._rollout_placement(state, rng.below)) for _ in range(300)}
    ends = {m for m in legal if m.endswith((" left", " right"))}  # any card of the hand, either end
    assert drawn == ends and ends < legal


def test_oriflamme_deal_reads_how_often_a_card_was_kept():
    """A rival's face-down card kept twice is dealt as an Ambush or a Conspiracy far more often than
    a uniform deal would (1 in 5), a card never visited stays near uniform, and every deal looks
    the same from the seat."""
    view = oriflamme.from_text(_PLACING).view(0)
    seen = oriflamme.from_view(view)
    rng = Rng("deal")
    trap = {AMBUSH, CONSPIRACY}
    kept = fresh = 0
    for _ in range(300):
        dealt = oriflamme_bots._deal(seen, rng)
        assert {k: v for k, v in dealt.view(0).items() if k != "log"} == {k: v for k, v in view.items() if k != "log"}
        kept += dealt.queue[1][-1] & 15 in trap  # p2's card with 2 tokens
        fresh += dealt.queue[6][-1] & 15 in trap  # p3's card with none (a uniform 2 in 9)
    assert kept > 150 and 30 < fresh < 110


def test_turncoats_expert_plays_the_end_out():
    """With at most ``PLAYOUT_LEFT[3]`` stones left in the hands, the expert scores a move on a dealt
    position by playing it to the end: 1 for the win, else its place (``pygames.bots.reward``: 0
    for 3rd, ``PLACE_WEIGHT / 2`` for 2nd of 3); with more, by the estimate its next move can
    reach, a chance (other values)."""
    from pygames.bots.reward import PLACE_WEIGHT
    from pygames.bots.turncoats_reading import read_hands
    from pygames.bots.turncoats_replies import deal

    state = turncoats.new_game(3, 4)
    rngs = [Rng(derive_seed("expert-end", seat)) for seat in range(3)]
    results = {0.0, PLACE_WEIGHT / 2, 1.0}
    seen = {True: 0, False: 0}
    while state.outcome is None:
        view = state.view(state.to_move)
        if state.to_move == 0:
            root = turncoats_bots._position(view)
            beliefs = read_hands(view, turncoats_bots._colour_odds)
            judge = turncoats_bots._Judge(root, 0, Rng(1), beliefs)
            position = deal(root, 0, beliefs, Rng(3))
            scores = {judge.answered(position, m) for m in position.legal_moves()}
            assert judge.playout == (sum(view["hand_sizes"]) <= turncoats_bots.PLAYOUT_LEFT[3])
            assert scores <= results if judge.playout else scores - results
            seen[judge.playout] += 1
        state = state.play(turncoats_bots.heuristic(view, rngs[state.to_move]))
    assert seen[True] >= 3 and seen[False] >= 3


def _place_of(state, seat: int) -> int:
    """``seat``'s place in a finished Oriflamme game: 1 + the seats ahead of it by influence,
    then cards in the queue (the game's tie-break)."""
    key = [(state.pools[s], state.queue_cards(s)) for s in range(state.players)]
    return 1 + sum(k > key[seat] for k in key)


def _ends(state, seat: int) -> set[tuple[tuple[int, ...], int]]:
    """Every (winners, ``seat``'s place) the game can end with from ``state``, whatever anyone decides."""
    if state.outcome is not None:
        return {(state.outcome.winners, _place_of(state, seat))}
    return {end for m in state.legal_moves() for end in _ends(state.play(m), seat)}


#: Three-player Oriflamme, the seat to move beaten whatever it does, from the last round of
#: seeded games (bots.heuristic for every seat, each seat's rng ``derive_seed("gift", seed, seat)``;
#: seeds 17 and 21): (position, the move that keeps 2nd place, the move that drops to 3rd).
_BEATEN = [
    (
        "players=3 start=p2 round=6 phase=resolve cursor=3 pending=reveal pools=12,11,15 hands=Rd,Co,Sh "
        "removed=AmArCo,AmAsRd,CoHeSp queue=p2:Aru,p1:Spu,p2:Shd0 "
        "out=HexLoxAsdSodShx,SoxLoxHexSpx,AsdLoxArxSoxAmxRdx",
        "reveal",
        "keep",
    ),
    (
        "players=3 start=p1 round=6 phase=resolve cursor=8 pending=reveal pools=25,11,12 hands=Rd,Rd,Rd "
        "removed=AsCoSo,AsCoSh,AmArSh queue=p3:Heu,p2:Heu,p1:Heu,p1:Shu,p2:Spu/Amd1,p1:Spu,p1:Aru,p2:Ard0 "
        "out=AmxLox,SodLox,LoxCoxAsdSpxSox",
        "reveal",
        "keep",
    ),
]


@pytest.mark.parametrize("text, holds, drops", _BEATEN)
def test_oriflamme_beaten_expert_still_plays_for_second_place(text, holds, drops):
    """A seat that cannot win any more keeps the best place it can reach: here every end is
    decided by its move alone (the same for any cards it cannot see), neither move wins, one keeps
    2nd and the other drops to 3rd.  With a reward for the win only both score 0 and the expert
    played the losing move for 4 of the first 6 seeds in each position; with the place after the
    win (``pygames.bots.reward``) it keeps 2nd for every seed."""
    from pygames.oriflamme.sample import fill

    state = oriflamme.from_text(text)
    seat = state.to_move
    view = state.view(seat)
    seen = oriflamme.from_view(view)
    rng = Rng("beaten")
    for full in [state] + [fill(seen, rng) for _ in range(5)]:  # the true cards and other deals alike
        ends = {str(m): _ends(full.play(m), seat) for m in full.legal_moves()}
        assert set(ends) == {holds, drops}
        ((holds_winners, holds_place),) = ends[holds]
        ((_, drops_place),) = ends[drops]
        assert seat not in holds_winners and (holds_place, drops_place) == (2, 3)
    assert {str(oriflamme_bots.expert(view, Rng(k))) for k in range(8)} == {holds}


def test_reward_puts_the_win_first_then_the_place():
    """``placed``: a win (even shared by five) beats any place behind it; behind the winners, each
    seat beaten is worth the same, a tie half."""
    from pygames.bots.reward import PLACE_WEIGHT, placed

    assert placed([9, 7, 5, 3], (0,)) == [1.0, PLACE_WEIGHT * 2 / 3, PLACE_WEIGHT / 3, 0.0]
    assert placed([5, 5, 2], (0, 1)) == [0.5, 0.5, 0.0]
    assert placed([(4, 2), (3, 1), (3, 1)], (0,)) == [1.0, PLACE_WEIGHT / 4, PLACE_WEIGHT / 4]
    assert 1 / 5 > PLACE_WEIGHT


def test_search_on_a_clock_stops_at_its_deadline_or_when_settled():
    """``ismcts.search`` on a clock (a fake one: each reading 10 ms later) runs until the deadline,
    reading the time every 8 iterations; with time to spare it stops once the leading move can no
    longer be overtaken, with the move the full count of iterations gives."""
    from pygames.bots.ismcts import search

    state = oriflamme.new_game(4, 3)
    seat = state.to_move
    seen = oriflamme.from_view(state.view(seat))

    def run(iterations, deadline=None, ticks=0.01):
        readings = [0]

        def clock():
            readings[0] += 1
            return readings[0] * ticks

        stats = {}
        move = search(
            lambda r: oriflamme_bots._deal(seen, r),
            iterations,
            Rng(4),
            apply=type(state)._play_legal,
            rollout=oriflamme_bots._rollout,
            deadline=deadline,
            clock=clock,
            stats=stats,
        )
        return move, stats["iterations"]

    # the clock: read at the start and every 8 iterations; 0.1 s is its 10th reading, after 72
    assert run(500, deadline=0.1)[1] == 72
    # no deadline: every iteration; a far one: settled sooner, the same move
    full, count = run(300)
    assert count == 300
    early, fewer = run(300, deadline=1e9, ticks=1e-9)
    assert early is full and fewer < 300


@pytest.mark.parametrize("game", EXPERTS)
def test_expert_on_a_far_clock_plays_its_capped_move(game):
    """With a budget it never reaches, the expert plays what its fixed budget plays (Oriflamme:
    the same iteration cap; Turncoats: no more positions than the fixed ``deals``): stopping early
    when the choice is clear never changes the choice."""
    bots = bots_module(game)
    for state in list(_positions(game, 9, 7))[:6]:
        view = state.view(state.to_move)
        if len(view["legal"]) < 2:
            continue
        if game == "oriflamme":
            capped = bots.expert(view, Rng(1), 60)
            clocked = bots.expert(view, Rng(1), 60, budget=1e6)
        else:
            capped = bots.expert(view, Rng(1), 6)
            clocked = bots.expert(view, Rng(1), 6, budget=1e6, most=6)
        assert clocked == capped


def test_bridge_bot_move_thinks_on_the_pace_given():
    """``bot_move``'s ``think_ms``: 0 is the fixed budget (the same move as without it), a time
    within bounds plays a legal move, one out of bounds is a malformed call."""
    import json

    from pygames import bridge

    record = bridge.new_match("oriflamme", 5, 3)["record"]
    fixed = bridge.bot_move(record, "expert")["move"]
    assert bridge.bot_move(record, "expert", 0)["move"] == fixed
    assert bridge.bot_move(record, "heuristic", 200)["move"] == bridge.bot_move(record, "heuristic")["move"]
    bridge.play(record, bridge.bot_move(record, "expert", 50)["move"])  # legal: it plays
    for bad in (-1, bridge.MAX_THINK_MS + 1, 0.5, True):
        answer = json.loads(bridge.call("bot_move", json.dumps({"record": record, "think_ms": bad})))
        assert answer["error"]["key"] == "error.bad_call", bad

"""Turncoats bots: legal moves only, decisions from the seat's view alone, sensible
choices in clear positions, and the heuristic beats random players."""

from __future__ import annotations

import pytest

from pygames.bots import turncoats as bots
from pygames.core.rng import Rng, derive_seed
from pygames.turncoats import from_view, new_game, position
from pygames.turncoats.moves import NEGOTIATE, RETURN

LEVELS = {"random": bots.random, "novice": bots.novice, "heuristic": bots.heuristic}


def play_game(players, seed, bot_seats, level, rng):
    """A whole game: ``bot_seats`` play ``level``, the others uniformly at random."""
    state = new_game(players, seed)
    while state.outcome is None:
        seat = state.to_move
        if seat in bot_seats:
            move = LEVELS[level](state.view(seat), rng)
            assert move in state.legal_moves()
        else:
            legal = state.legal_moves()
            move = legal[rng.below(len(legal))]
        state = state.play(move)
    return state


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_play_only_legal_moves_to_the_end(level, players):
    rng = Rng(f"legal-{level}-{players}")
    for seed in range(4):
        end = play_game(players, 300 + seed, set(range(players)), level, rng)
        assert end.outcome is not None


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_choice_depends_only_on_the_view(level):
    """Two positions that differ only in what the seat cannot see (other hands, the
    bag, the generator) give the same move for the same bot seed."""
    rng = Rng(f"view-{level}")
    checked = 0
    for seed in range(6):
        players = 2 + seed % 4
        state = new_game(players, 700 + seed)
        while state.outcome is None:
            seat = state.to_move
            view = state.view(seat)
            twin = from_view(view).determinize(Rng(derive_seed("twin", seed, state.turn)))
            twin._log = state._log
            assert twin.view(seat) == view
            if twin.to_text() != state.to_text():
                checked += 1
            bot_seed = derive_seed("bot", seed, state.turn)
            move = LEVELS[level](view, Rng(bot_seed))
            assert LEVELS[level](twin.view(seat), Rng(bot_seed)) is move
            legal = state.legal_moves()
            state = state.play(legal[rng.below(len(legal))])
    assert checked > 50


def test_heuristic_ends_the_game_when_it_leads():
    # red rules most areas and the bot holds five reds; the other seat has just negotiated
    leading = position(
        2,
        areas={0: (2, 0, 0), 1: (2, 0, 0), 4: (1, 0, 0), 6: (0, 1, 0)},
        hands=[(5, 0, 0), (1, 4, 3)],
        to_move=0,
        neg=1,
    )
    move = bots.heuristic(leading.view(0), Rng(1))
    assert move.kind == NEGOTIATE


def test_heuristic_keeps_playing_when_the_end_would_lose():
    # red would win, but the bot holds only black: it works for black instead
    losing = position(
        2,
        areas={0: (2, 0, 0), 1: (2, 0, 0), 4: (1, 0, 1), 6: (0, 1, 0)},
        hands=[(0, 0, 5), (3, 3, 2)],
        to_move=0,
        neg=1,
    )
    for seed in range(5):
        move = bots.heuristic(losing.view(0), Rng(seed))
        assert move.kind != NEGOTIATE
        assert losing.play(move).standing()["areas"][2] > losing.standing()["areas"][2]


def test_heuristic_returns_a_losing_colour():
    state = position(
        3,
        areas={0: (2, 0, 0), 1: (2, 0, 0), 4: (1, 0, 0), 6: (0, 1, 0)},
        hands=[(3, 0, 1), (2, 3, 3), (2, 3, 3)],
        to_move=0,
        neg=0,
    )
    for seed in range(40):  # find a draw, whatever it is, and check the return
        text = state.to_text().split()
        text[7] = f"rng={Rng(seed).next_u64():016x}"
        from pygames.turncoats import from_text

        drawn = from_text(" ".join(text)).play("negotiate")
        move = bots.heuristic(drawn.view(0), Rng(seed))
        assert move.kind == RETURN and move.colour != 0


def test_heuristic_beats_random_players():
    """Seat-rotated three-player games: one heuristic bot against two random players."""
    games = 60
    wins = 0
    for game in range(games):
        hero = game % 3
        end = play_game(3, 9000 + game, {hero}, "heuristic", Rng(derive_seed("rate", game)))
        wins += end.outcome.winners == (hero,)
    assert wins / games > 0.6


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_bots_need_the_view_of_the_seat_to_move(level):
    state = new_game(3, 5, first_player=0)
    for view in (state.view(1), state.view(None)):
        with pytest.raises(ValueError):
            LEVELS[level](view, Rng(0))


def test_the_expert_is_offered_and_is_the_default():
    """What a newcomer gets in the setup sheet and from ``level=expert``: the registry's listing."""
    from pygames import bridge

    (listed,) = [g for g in bridge.games() if g["id"] == "turncoats"]
    assert listed["levels"] == ["random", "novice", "heuristic", "expert"]
    assert listed["default_level"] == "expert"
    assert listed["players"] == [2, 3, 4, 5] and listed["options"]
    assert listed["link_level"] == "friendly"  # hands and bag follow from the shared seed


def test_the_expert_weighs_forty_moves_with_two_players_ten_with_three_and_the_coach_ten():
    two = new_game(2, 1)
    view = two.view(two.to_move)
    assert len(view["legal"]) > 41
    wide = bots.weigh(view, Rng(1), deals=2)
    narrow = bots.weigh(view, Rng(1), deals=2, breadth=bots.JUDGE_CANDIDATES)
    assert len(wide) >= 40 and len(narrow) <= bots.JUDGE_CANDIDATES + 1  # Negotiate may join
    three = new_game(3, 1)
    assert len(bots.weigh(three.view(three.to_move), Rng(1), deals=2)) <= bots.CANDIDATES[3] + 1


def test_with_two_players_the_expert_deals_its_two_leaders_more_positions_and_plays_one_of_them(monkeypatch):
    """Without a clock the two-player expert plays its ``FINALISTS`` leading candidates (by their
    total over the first positions, ``weigh``'s order on the same positions) on ``FINAL_ROUND``
    times as many new positions, and plays one of them; with three players it deals only the first."""
    dealt = []
    real_deal = bots.deal
    monkeypatch.setattr(bots, "deal", lambda *a: dealt.append(1) or real_deal(*a))
    for players, seed in ((2, 1), (2, 4), (3, 1)):
        state = new_game(players, seed)
        view = state.view(state.to_move)
        del dealt[:]
        move = bots.expert(view, Rng(7), deals=4)
        finalists = bots.FINALISTS[players]
        assert len(dealt) == 4 + (4 * bots.FINAL_ROUND if finalists else 0)
        weighed = [m for m, _ in bots.weigh(view, Rng(7), deals=4)]
        assert move in weighed[: max(finalists, 1)]

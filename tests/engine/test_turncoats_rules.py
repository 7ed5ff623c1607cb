"""Turncoats rules: the map, setup, every worked example of section 14 and every
row of section 13 of docs/rules/turncoats.md, the options, notation, position
text and views."""

from __future__ import annotations

import json
from collections import deque

import pytest
import turncoats_naive as naive

from pygames import IllegalMove
from pygames.core.errors import BadPosition
from pygames.core.i18n import catalog, tr
from pygames.core.rng import Rng
from pygames.turncoats import (
    ADJACENT,
    EDGES,
    HOMELAND,
    OPTIONS,
    Move,
    from_text,
    from_view,
    new_game,
    parse,
    position,
)
from pygames.turncoats.board import HOME_COLOUR, IS_ADJACENT
from pygames.turncoats.moves import BATTLE, MARCH, NEGOTIATE, RECRUIT, RETURN
from pygames.turncoats.scoring import account

R, U, K = 0, 1, 2  # red, blue, black


def moves_of(state, kind=None):
    return [str(m) for m in state.legal_moves() if kind is None or m.kind == kind]


def illegal_key(state, move):
    with pytest.raises(IllegalMove) as info:
        state.play(move)
    return info.value.key


def with_area(area, axe=(0, 0, 0), flag=(0, 0, 0), players=3, x=7, **options):
    """A position whose area ``x`` holds ``area`` (the rest of the map empty)."""
    return position(players, areas={x: area}, axe=axe, flag=flag, hands=[(0, 0, 0)] * players, **options)


# --- section 3: the map ---------------------------------------------------------------


def test_map_has_the_17_listed_edges_and_adjacency_lists():
    assert len(EDGES) == 17 == len(set(EDGES))
    assert EDGES == tuple(naive.EDGES)
    lists = {
        0: [1, 2, 4],
        1: [0, 3, 4],
        2: [0, 4],
        3: [1, 5],
        4: [0, 1, 2, 6],
        5: [3, 7, 8],
        6: [4, 7, 9],
        7: [5, 6, 8, 9, 10],
        8: [5, 7, 10],
        9: [6, 7, 10],
        10: [7, 8, 9],
    }
    assert {x: list(ADJACENT[x]) for x in range(11)} == lists
    assert all(IS_ADJACENT[a][b] and IS_ADJACENT[b][a] for a, b in EDGES)
    assert sum(map(sum, IS_ADJACENT)) == 34


def test_map_checks_degrees_diameter_homelands_and_no_symmetry():
    assert sorted((len(ADJACENT[x]) for x in range(11)), reverse=True) == [5, 4, 3, 3, 3, 3, 3, 3, 3, 2, 2]

    def distances(src):
        dist = {src: 0}
        queue = deque([src])
        while queue:
            x = queue.popleft()
            for y in ADJACENT[x]:
                if y not in dist:
                    dist[y] = dist[x] + 1
                    queue.append(y)
        return dist

    assert max(max(distances(x).values()) for x in range(11)) == 4
    assert all(len(distances(x)) == 11 for x in range(11))
    assert HOMELAND == (3, 9, 2)  # red 3, blue 9, black 2
    assert [len(ADJACENT[h]) for h in HOMELAND] == [2, 3, 2]
    assert [HOME_COLOUR[x] for x in range(11)] == [-1, -1, K, R, -1, -1, -1, -1, -1, U, -1]

    def automorphisms():
        count = 0

        def extend(mapping):
            nonlocal count
            x = len(mapping)
            if x == 11:
                count += 1
                return
            for y in range(11):
                if y in mapping or len(ADJACENT[y]) != len(ADJACENT[x]):
                    continue
                if all(IS_ADJACENT[x][a] == IS_ADJACENT[y][mapping[a]] for a in range(x)):
                    extend(mapping + [y])

        extend([])
        return count

    assert automorphisms() == 1


# --- section 5 and example 1: setup --------------------------------------------------


@pytest.mark.parametrize("players,bag", [(2, 25), (3, 17), (4, 9), (5, 1)])
def test_example_1_setup(players, bag):
    for seed in range(20):
        state = new_game(players, seed)
        assert state.area(3) == (2, 0, 0) and state.area(2) == (0, 0, 2) and state.area(9) == (0, 2, 0)
        assert all(sum(state.area(x)) == 2 for x in range(11))
        assert sum(map(sum, state.areas)) == 22
        assert [sum(h) for h in state.hands] == [8] * players
        assert state.axe == state.flag == (0, 0, 0)
        assert sum(state.bag) == bag == 63 - 6 - 16 - 8 * players
        assert state.neg == 0 and state.turn == 0 and state.pending is None
        assert [sum(p[c] for p in (*state.areas, *state.hands, state.bag)) for c in range(3)] == [21] * 3
        assert state.to_move == state.first_player


def test_setup_draws_come_from_rng_seed_in_the_documented_order():
    for players in (2, 5):
        for seed in (0, 17, "text seed"):
            rng = Rng(seed)
            bag = [19, 19, 19]

            def draw(rng=rng, bag=bag):
                i = rng.below(sum(bag))
                c = 0 if i < bag[0] else 1 if i < bag[0] + bag[1] else 2
                bag[c] -= 1
                return c

            areas = {3: [2, 0, 0], 9: [0, 2, 0], 2: [0, 0, 2]}
            for x in (0, 1, 4, 5, 6, 7, 8, 10):
                areas[x] = [0, 0, 0]
                for _ in range(2):
                    areas[x][draw()] += 1
            hands = []
            for _ in range(players):
                hand = [0, 0, 0]
                for _ in range(8):
                    hand[draw()] += 1
                hands.append(tuple(hand))
            first = rng.below(players)
            state = new_game(players, seed)
            assert state.areas == tuple(tuple(areas[x]) for x in range(11))
            assert state.hands == tuple(hands) and state.bag == tuple(bag) and state.first_player == first
            assert state.rng == rng.state


def test_setup_is_deterministic_and_the_first_player_a_parameter():
    assert new_game(4, 12).to_text() == new_game(4, 12).to_text()
    assert new_game(4, 12).to_text() != new_game(4, 13).to_text()
    firsts = {new_game(4, seed).first_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}  # row 19: random from the seed by default
    state = new_game(4, 12, first_player=2)
    assert state.to_move == 2 == state.first_player
    with pytest.raises(BadPosition):
        new_game(4, 12, first_player=4)
    for bad in (1, 6, "3", True):
        with pytest.raises(BadPosition):
            new_game(bad, 0)


def test_row_20_two_players_have_no_special_rules():
    state = new_game(2, 3, first_player=0)
    assert [sum(h) for h in state.hands] == [8, 8]
    assert len(moves_of(state, RECRUIT)) == 11 * sum(1 for k in state.hand(0) if k)
    # two Negotiates in a row end a 2-player game
    state = state.play("negotiate")
    state = state.play(moves_of(state)[0])
    assert state.neg == 1 and state.outcome is None
    state = state.play("negotiate")
    state = state.play(moves_of(state)[0])
    assert state.outcome is not None


# --- example 2 and rows 14, 15: area control ------------------------------------------


@pytest.mark.parametrize(
    "area,axe,flag,expected,reason",
    [
        ((3, 1, 0), (2, 2, 4), (0, 1, 0), R, "majority"),
        ((2, 2, 1), (2, 2, 4), (0, 1, 0), U, "flag"),
        ((1, 0, 1), (2, 2, 4), (0, 1, 0), K, "axe"),
        ((0, 0, 0), (2, 2, 4), (0, 1, 0), -1, "empty"),
        ((1, 1, 0), (1, 1, 0), (0, 0, 0), -1, "tied"),
    ],
)
def test_example_2_area_control(area, axe, flag, expected, reason):
    state = with_area(area, axe, flag)
    assert state.control()[7] == (expected, ["majority", "axe", "flag", "tied", "empty"].index(reason))
    standing = state.standing()
    assert standing["control"][7] == {
        "area": 7,
        "reason": reason,
        "controller": None if expected < 0 else ["red", "blue", "black"][expected],
    }
    assert naive.controller(area, axe, flag) == (None if expected < 0 else expected)


def test_row_14_empty_area_is_uncontrolled_unless_the_option_says_otherwise():
    assert with_area((0, 0, 0), (1, 3, 0)).control()[7] == (-1, 4)
    assert with_area((0, 0, 0), (1, 3, 0), empty_area_uses_tiebreaks=True).control()[7] == (U, 1)
    # a three-way tie settled as in section 8: AXE keeps red and blue, FLAG picks blue (black is out)
    assert with_area((0, 0, 0), (1, 1, 0), (0, 2, 5), empty_area_uses_tiebreaks=True).control()[7] == (U, 2)


def test_row_15_only_the_tied_colours_compare_axe_and_flag():
    # {2,2,1}, AXE {2,2,4}: black leads AXE but is not tied for most, so FLAG decides
    assert with_area((2, 2, 1), (2, 2, 4), (0, 1, 0)).control()[7] == (U, 2)
    # the other reading: black, the overall AXE leader, is not tied -> FLAG leader blue is tied -> blue
    other = with_area((2, 2, 1), (2, 2, 4), (0, 1, 0), tiebreak_among_tied_only=False)
    assert other.control()[7] == (U, 2)
    # the readings differ: red and blue tied, AXE red 2 > blue 1 but black leads AXE overall
    assert with_area((2, 2, 0), (2, 1, 4)).control()[7] == (R, 1)
    assert with_area((2, 2, 0), (2, 1, 4), tiebreak_among_tied_only=False).control()[7] == (-1, 3)
    assert with_area((2, 2, 0), (2, 1, 4), (0, 3, 0), tiebreak_among_tied_only=False).control()[7] == (U, 2)


# --- example 3 and rows 4-7: Battle -------------------------------------------------


def example_3(**options):
    return position(
        3,
        areas={7: (2, 3, 1), 0: (3, 0, 1), 3: (2, 0, 0), 9: (0, 2, 0), 2: (0, 0, 2)},
        axe=(0, 1, 0),
        flag=(1, 0, 0),
        hands=[(2, 1, 5), (2, 2, 2), (1, 2, 2)],
        neg=2,
        **options,
    )


def test_example_3_battle():
    state = example_3()
    bag = state.bag
    assert [m for m in moves_of(state, BATTLE) if m.startswith("battle red 7")] == [
        "battle red 7 kill blue,black",
        "battle red 7 kill blue,blue",
    ]
    after = state.play("battle red 7 kill blue,black")
    assert after.area(7) == (2, 2, 0)
    assert after.axe == (1, 1, 0)
    assert after.hand(0) == (1, 1, 5)
    assert after.bag == (bag[0], bag[1] + 1, bag[2] + 1)
    assert after.neg == 0 and after.to_move == 1
    # tied red/blue, tied on AXE 1-1: FLAG decides (red 1 > blue 0)
    assert after.control()[7] == (R, 2)
    assert after.log() == [(0, parse("battle red 7 kill blue,black"), -1)]
    assert after.last_move is parse("battle red 7 kill blue,black") and state.last_move is None


def test_example_3_variants_kill_only_what_is_there():
    state = example_3()
    assert [m for m in moves_of(state, BATTLE) if m.startswith("battle red 0")] == ["battle red 0 kill black"]
    assert state.play("battle red 0 kill black").area(0) == (3, 0, 0)
    assert [m for m in moves_of(state, BATTLE) if m.startswith("battle black 0")] == ["battle black 0 kill red"]
    assert state.play("battle black 0 kill red").area(0) == (2, 0, 1)


def test_row_4_battle_kills_exactly_min_k_e_unless_optional():
    state = example_3()
    assert illegal_key(state, "battle red 7 kill blue") == "turncoats.error.kill_count"
    assert illegal_key(state, "battle red 7") == "turncoats.error.kill_count"
    assert illegal_key(state, "battle red 7 kill blue,blue,black") == "turncoats.error.kill_count"
    optional = example_3(battle_kills_optional=True)
    assert [m for m in moves_of(optional, BATTLE) if m.startswith("battle red 7")] == [
        "battle red 7",
        "battle red 7 kill black",
        "battle red 7 kill blue",
        "battle red 7 kill blue,black",
        "battle red 7 kill blue,blue",
    ]
    assert optional.play("battle red 7 kill blue").area(7) == (2, 2, 1)
    assert illegal_key(optional, "battle red 7 kill blue,blue,black") == "turncoats.error.kill_range"


def test_row_5_battle_with_nothing_to_kill_still_pays_axe():
    state = example_3()
    # area 5 is empty (k = 0, E = 0); area 3 holds only red (E = 0 for red); black at 3: k = 0
    for move, area in (("battle blue 5", 5), ("battle red 3", 3), ("battle black 3", 3)):
        assert move in moves_of(state, BATTLE)
        after = state.play(move)
        assert after.area(area) == state.area(area)
        assert sum(after.axe) == sum(state.axe) + 1 and after.bag == state.bag
    strict = example_3(battle_requires_kill=True)
    assert "battle blue 5" not in moves_of(strict, BATTLE)
    assert illegal_key(strict, "battle red 3") == "turncoats.error.battle_no_kill"
    assert "battle red 7 kill blue,black" in moves_of(strict, BATTLE)
    both = example_3(battle_requires_kill=True, battle_kills_optional=True)
    assert "battle red 7" not in moves_of(both, BATTLE) and "battle red 7 kill blue" in moves_of(both, BATTLE)


def test_row_6_and_7_attacker_chooses_the_mix_and_kills_go_to_the_bag():
    state = position(2, areas={4: (3, 2, 2)}, hands=[(1, 0, 0), (0, 0, 0)])
    battles = [m for m in moves_of(state, BATTLE) if m.startswith("battle red 4")]
    assert battles == ["battle red 4 kill blue,black,black", "battle red 4 kill blue,blue,black"]
    for move in battles:
        after = state.play(move)
        killed = parse(move).kills
        assert after.area(4) == tuple(a - k for a, k in zip(state.area(4), killed))
        assert after.bag == tuple(b + k for b, k in zip(state.bag, killed))
    assert illegal_key(state, "battle red 4 kill black,black,black") == "turncoats.error.kill_missing"
    assert illegal_key(state, "battle red 4 kill red") == "error.bad_notation"


# --- example 4 and rows 8-11: March ---------------------------------------------------


def example_4(**options):
    return position(2, areas={5: (3, 0, 1), 7: (0, 2, 0)}, hands=[(1, 0, 0), (0, 1, 1)], **options)


def test_example_4_march():
    state = example_4()
    after = state.play("march red 5-7 x2")
    assert after.area(5) == (1, 0, 1) and after.area(7) == (2, 2, 0)
    assert after.flag == (1, 0, 0) and after.hand(0) == (0, 0, 0) and after.neg == 0
    marches = moves_of(state, MARCH)
    assert marches == [
        "march red 5-3 x1",
        "march red 5-3 x2",
        "march red 5-3 x3",
        "march red 5-7 x1",
        "march red 5-7 x2",
        "march red 5-7 x3",
        "march red 5-8 x1",
        "march red 5-8 x2",
        "march red 5-8 x3",
    ]


def test_example_4_illegal_variants():
    state = example_4()
    assert illegal_key(state, "march red 5-4 x2") == "turncoats.error.not_adjacent"  # row 10
    assert illegal_key(state, "march black 5-7 x1") == "turncoats.error.no_stone"  # pays black, has none
    # paying red moves only red: every March from 5 leaves its black stone there
    assert all(state.play(m).area(5)[K] == 1 for m in moves_of(state, MARCH))
    with pytest.raises(IllegalMove):  # row 9: no way to write a split March
        state.play("march red 5-7,8 x1")
    assert illegal_key(state, "march red 5-7 x0") == "turncoats.error.march_zero"  # row 8
    assert illegal_key(state, "march red 5-7 x4") == "turncoats.error.march_count"
    assert illegal_key(state, "march red 6-7 x1") == "turncoats.error.march_count"  # source has no red


def test_row_8_flag_only_march_with_the_option():
    state = example_4(march_allows_zero=True)
    assert "march red x0" in moves_of(state, MARCH)
    after = state.play("march red 5-7 x0")
    assert str(after.log()[-1][1]) == "march red x0"
    assert after.flag == (1, 0, 0) and after.areas == state.areas


def test_row_11_axe_and_flag_are_not_areas():
    state = example_4()
    for move in ("recruit red axe", "recruit red flag", "battle red axe", "march red 5-flag x1"):
        assert illegal_key(state, move) in ("error.bad_notation", "turncoats.error.no_area")
    for move in ("recruit red 11", "battle red 12", "march red 5-11 x1"):
        assert illegal_key(state, move) == "turncoats.error.no_area"


def test_row_12_axe_and_flag_stones_stay():
    state = position(2, areas={1: (1, 1, 0)}, axe=(2, 0, 0), flag=(0, 0, 1), hands=[(0, 3, 0), (0, 0, 0)])
    after = state.play("battle blue 1 kill red").play("negotiate")
    assert after.axe == (2, 1, 0) and after.flag == (0, 0, 1)


def test_row_13_homelands_are_ordinary_areas_after_setup():
    state = new_game(3, 5, first_player=0)
    for colour in (c for c in range(3) if state.hand(0)[c]):
        name = ["red", "blue", "black"][colour]
        for home in HOMELAND:
            assert f"recruit {name} {home}" in moves_of(state)
            assert any(m.startswith(f"battle {name} {home}") for m in moves_of(state, BATTLE))
    home = position(2, areas={3: (2, 0, 0), 5: (0, 1, 0)}, hands=[(1, 1, 0), (0, 0, 0)])
    assert home.play("march red 3-5 x2").area(3) == (0, 0, 0)  # a homeland may be emptied
    assert home.play("march blue 5-3 x1").area(3) == (2, 1, 0)  # and entered by any colour
    # an enemy colour can rule a homeland
    captured = position(2, areas={3: (1, 2, 0)}, hands=[(0, 0, 0), (0, 0, 0)])
    assert captured.control()[3] == (U, 0)


# --- example 5 and row 18: the end -------------------------------------------------------


def drawing(state, colour):
    """``state`` after ``negotiate`` drawing ``colour``: the first generator state that draws it."""
    text = state.to_text().split()
    for seed in range(1000):
        text[7] = f"rng={Rng(seed).next_u64():016x}"
        drawn = from_text(" ".join(text)).play("negotiate")
        if drawn.pending == colour:
            return drawn
    raise AssertionError("no such draw")


def negotiate(state, keep=False):
    """Negotiate and return the drawn stone (keep=False) or the first colour in hand."""
    drawn = state.play("negotiate")
    colour = drawn.pending if not keep else next(c for c in range(3) if drawn.hand(drawn.seat)[c])
    return drawn.play(f"return {['red', 'blue', 'black'][colour]}")


def test_example_5_the_end_after_n_consecutive_negotiates():
    state = new_game(3, 8, first_player=0)
    a_colour = next(c for c in range(3) if state.hand(0)[c] >= 1)
    name = ["red", "blue", "black"][a_colour]
    counters = []
    state = state.play(f"recruit {name} 7")  # A
    counters.append(state.neg)
    state = negotiate(state)  # B
    counters.append(state.neg)
    state = negotiate(state)  # C
    counters.append(state.neg)
    state = state.play(moves_of(state, BATTLE)[0])  # A
    counters.append(state.neg)
    for _ in range(3):  # B, C, A
        assert state.outcome is None
        state = negotiate(state)
        counters.append(state.neg)
    assert counters == [0, 1, 2, 0, 1, 2, 3]
    assert state.outcome is not None and state.to_move is None and state.legal_moves() == ()
    assert state.seat == 1  # the final tie-break starts with B
    assert state.view(None)["outcome"]["start"] == 1
    with pytest.raises(IllegalMove) as info:
        state.play("negotiate")
    assert info.value.key == "error.game_over"


def test_row_18_two_players_counter_resets():
    state = position(2, areas={7: (2, 2, 2)}, hands=[(2, 2, 2), (2, 2, 2)])
    state = negotiate(state)  # A
    state = state.play("recruit red 7")  # B
    state = negotiate(state)  # A
    assert state.neg == 1 and state.outcome is None
    state = negotiate(state)  # B
    assert state.outcome is not None


def test_example_5_detail_one_negotiate():
    # B's hand {2,1,0}; B draws (hidden) a black and returns (shown) a red
    state = position(
        3,
        areas={0: (2, 1, 1), 1: (1, 2, 1), 2: (0, 0, 2), 3: (2, 0, 0), 9: (0, 2, 0)},
        hands=[(0, 1, 1), (2, 1, 0), (1, 0, 1)],
        axe=(0, 2, 1),
        flag=(0, 1, 1),
        to_move=1,
        neg=1,
    )
    drawn = drawing(state, K)
    assert drawn.to_move == 1 and drawn.pending == K and drawn.hand(1) == (2, 1, 1)
    assert drawn.view(1)["drawn"] == "black" and drawn.view(1)["phase"] == "return"
    assert all(drawn.view(s)["drawn"] is None and drawn.view(s)["pending"] == 1 for s in (0, 2, None))
    assert moves_of(drawn) == ["return red", "return blue", "return black"]
    assert illegal_key(drawn, "recruit red 1") == "turncoats.error.must_return"
    after = drawn.play("return red")
    assert after.hand(1) == (1, 1, 1) and sum(after.bag) == sum(state.bag)
    assert after.bag == (state.bag[R] + 1, state.bag[U], state.bag[K] - 1)
    assert after.neg == 2 and after.to_move == 2
    assert [e["key"] for e in after.view(0)["log"]] == ["turncoats.log.draw", "turncoats.log.return"]
    assert after.view(1)["log"][0]["key"] == "turncoats.log.draw_own"
    assert after.view(1)["log"][0]["params"]["colour"] == "black"
    assert illegal_key(after, "return red") == "turncoats.error.no_draw"


def test_draws_come_from_the_generator_in_the_position():
    state = new_game(3, 21)
    seen = set()
    for seed in range(30):
        text = state.to_text().split()
        text[7] = f"rng={Rng(seed).next_u64():016x}"
        varied = from_text(" ".join(text))
        seen.add(varied.play("negotiate").pending)
        assert varied.play("negotiate").to_text() == varied.play("negotiate").to_text()
    assert seen == {0, 1, 2}


# --- examples 6, 7 and rows 16, 17: scoring ---------------------------------------------

EX6_AREAS = [
    (2, 0, 0),
    (3, 1, 0),
    (0, 0, 2),
    (2, 0, 0),
    (1, 1, 0),
    (2, 0, 1),
    (0, 2, 0),
    (2, 3, 0),
    (0, 0, 1),
    (0, 2, 0),
    (0, 0, 0),
]
EX6_HANDS = [(1, 2, 0), (0, 2, 2), (2, 0, 0), (0, 2, 1)]


def example_6(ender=2, **options):
    return position(
        4,
        areas=EX6_AREAS,
        axe=(3, 3, 0),
        flag=(1, 2, 5),
        bag=(2, 1, 9),
        hands=EX6_HANDS,
        to_move=(ender + 1) % 4,
        neg=4,
        **options,
    )


def test_example_6_scoring_with_colour_and_player_tie_breaks():
    state = example_6()
    control = [c for c, _ in state.control()]
    assert [x for x in range(11) if control[x] == R] == [0, 1, 3, 5]
    assert [x for x in range(11) if control[x] == U] == [4, 6, 7, 9]
    assert [x for x in range(11) if control[x] == K] == [2, 8]
    assert control[10] == -1 and state.control()[4] == (U, 2)
    standing = state.standing()
    assert standing["colour"] == "blue" and standing["reason"] == "flag" and standing["areas"] == [4, 4, 2]
    assert standing["tied"] == ["red", "blue"]
    outcome = state.outcome
    assert outcome.winners == (3,) and outcome.reason == "turn_order"  # D
    v = state.view(0)["outcome"]
    assert [s["key"] for s in v["steps"]] == [
        "turncoats.tiebreak.most_winning",
        "turncoats.tiebreak.fewest_losing",
        "turncoats.tiebreak.turn_order",
    ]
    assert [s["params"]["seats"] for s in v["steps"]] == [[0, 1, 3], [0, 3], [0, 3]]
    assert v["colour"] == "blue" and v["hands"] == [list(h) for h in EX6_HANDS]
    # if D had ended the game, A would win
    assert example_6(ender=3).outcome.winners == (0,)


def test_row_17_turn_order_option_starts_at_the_first_player():
    state = position(
        4,
        areas=EX6_AREAS,
        axe=(3, 3, 0),
        flag=(1, 2, 5),
        bag=(2, 1, 9),
        hands=EX6_HANDS,
        to_move=3,
        first_player=0,
        neg=4,
        turn_order_from_next_seat=False,
    )
    assert state.outcome.winners == (0,)


EX7_AREAS = {
    0: (1, 0, 0),
    1: (1, 0, 0),
    3: (2, 0, 0),
    4: (0, 1, 0),
    6: (0, 1, 0),
    9: (0, 2, 0),
    2: (0, 0, 2),
    5: (0, 0, 1),
    8: (0, 0, 1),
    7: (1, 1, 0),
}


def test_example_7_no_winning_colour():
    state = position(
        3, areas=EX7_AREAS, axe=(1, 1, 1), flag=(2, 2, 2), hands=[(2, 1, 1), (1, 1, 0), (0, 0, 2)], to_move=2, neg=3
    )  # ended by B
    standing = state.standing()
    assert standing["areas"] == [3, 3, 3] and standing["colour"] is None and standing["reason"] == "tied"
    assert [c for c, _ in state.control()].count(-1) == 2
    outcome = state.outcome
    assert outcome.winners == (2,) and outcome.reason == "turn_order"  # C
    steps = state.view(None)["outcome"]["steps"]
    assert steps[0]["key"] == "turncoats.tiebreak.fewest_stones" and steps[0]["params"]["seats"] == [1, 2]
    # why it ended: the three players negotiated in a row (the only ending, section 9)
    ended = state.view(None)["outcome"]["ended"]
    assert ended == {"key": "turncoats.ended.negotiations", "params": {"count": 3}}
    assert tr(ended["key"], **ended["params"]) == "The game ended: 3 negotiations in a row, one by each player."


def test_row_16_no_winning_colour_fewest_stones_decides_alone():
    state = position(
        3, areas=EX7_AREAS, axe=(1, 1, 1), flag=(2, 2, 2), hands=[(2, 1, 1), (1, 1, 1), (0, 0, 1)], to_move=0, neg=3
    )
    assert state.outcome.winners == (2,) and state.outcome.reason == "fewest_stones"


def test_winning_colour_clear_and_by_axe_and_most_stones_decides():
    areas = {0: (1, 0, 0), 1: (1, 0, 0), 4: (0, 1, 0)}
    state = position(2, areas=areas, hands=[(3, 0, 1), (2, 2, 2)], to_move=1, neg=2)
    assert state.standing()["reason"] == "areas" and state.standing()["colour"] == "red"
    assert state.outcome.winners == (0,) and state.outcome.reason == "most_winning"
    assert state.outcome.scores == (1, 0)
    tied = position(
        2, areas={0: (1, 0, 0), 4: (0, 1, 0)}, axe=(0, 1, 0), hands=[(3, 0, 1), (2, 2, 2)], to_move=1, neg=2
    )
    assert tied.standing()["reason"] == "axe" and tied.outcome.winners == (1,)
    losing = position(2, areas=areas, hands=[(2, 0, 1), (2, 0, 3)], to_move=1, neg=2)
    assert losing.outcome.winners == (0,) and losing.outcome.reason == "fewest_losing"


def test_zero_areas_option():
    empty = dict(areas={}, axe=(1, 0, 0), hands=[(3, 0, 1), (2, 2, 2)], to_move=1, neg=2)
    assert position(2, **empty).standing()["colour"] == "red"
    off = position(2, **empty, zero_areas_uses_tiebreaks=False)
    assert off.standing()["colour"] is None and off.standing()["reason"] == "no_areas"
    assert off.outcome.reason == "fewest_stones" and off.outcome.winners == (0,)


# --- rows 1-3 and example 8: Negotiate ------------------------------------------------


def test_example_8_and_row_1_empty_hand_with_the_smallest_bag():
    areas = {
        0: (2, 1, 1),
        1: (1, 1, 1),
        2: (0, 0, 3),
        3: (3, 0, 0),
        4: (1, 1, 1),
        5: (1, 1, 1),
        6: (0, 1, 1),
        7: (1, 1, 1),
        8: (0, 1, 1),
        9: (0, 2, 0),
        10: (1, 0, 1),
    }
    state = position(
        5, areas=areas, hands=[(3, 3, 2), (3, 2, 3), (2, 3, 3), (3, 3, 2), (0, 0, 0)], bag=(0, 1, 0), to_move=4
    )
    assert moves_of(state) == ["negotiate"]
    drawn = state.play("negotiate")
    assert drawn.bag == (0, 0, 0) and drawn.hand(4) == (0, 1, 0) and drawn.view(4)["drawn"] == "blue"
    assert moves_of(drawn) == ["return blue"]
    after = drawn.play("return blue")
    assert after.hand(4) == (0, 0, 0) and after.bag == (0, 1, 0) and after.neg == 1 and after.to_move == 0
    assert after.view(0)["log"][-1]["params"]["colour"] == "blue"  # everyone saw it


def test_row_2_the_bag_is_never_empty_outside_a_draw():
    start = new_game(5, 0)
    assert sum(start.bag) == 1
    colour = start.bag.index(1)
    hands = [list(h) for h in start.hands]
    hands[0][colour] += 1
    setup = dict(areas=start.areas, hands=[tuple(h) for h in hands], bag=(0, 0, 0))
    with pytest.raises(BadPosition):  # the last stone in a hand, outside a draw: impossible
        position(5, **setup)
    drawing = position(5, **setup, drawn=colour)  # only inside a Negotiate
    assert drawing.bag == (0, 0, 0) and drawing.to_move == 0
    assert drawing.play(f"return {['red', 'blue', 'black'][colour]}").bag == start.bag


def test_row_3_return_the_stone_just_drawn():
    state = position(2, areas={0: (1, 1, 1)}, hands=[(2, 0, 0), (0, 0, 0)])
    drawn = drawing(state, K)
    assert moves_of(drawn) == ["return red", "return black"]
    after = drawn.play("return black")
    assert after.hand(0) == (2, 0, 0) and after.bag == state.bag


# --- options ------------------------------------------------------------------------------


def test_options_are_named_with_the_spec_defaults():
    assert OPTIONS == {
        "battle_kills_optional": False,
        "battle_requires_kill": False,
        "march_allows_zero": False,
        "empty_area_uses_tiebreaks": False,
        "tiebreak_among_tied_only": True,
        "zero_areas_uses_tiebreaks": True,
        "turn_order_from_next_seat": True,
    }
    state = new_game(3, 1, battle_kills_optional=True, tiebreak_among_tied_only=False)
    assert state.options["battle_kills_optional"] and not state.options["tiebreak_among_tied_only"]
    assert "options=+battle_kills_optional,-tiebreak_among_tied_only" in state.to_text()
    assert from_text(state.to_text()).options == state.options
    assert state.view(0)["options"] == state.options
    for bad in ({"no_such_rule": True}, {"battle_kills_optional": 1}):
        with pytest.raises(BadPosition):
            new_game(3, 1, **bad)


# --- notation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,kind",
    [
        ("recruit red 7", RECRUIT),
        ("battle blue 4", BATTLE),
        ("battle blue 4 kill red,black", BATTLE),
        ("battle red 10 kill blue,blue,black", BATTLE),
        ("march black 5-7 x2", MARCH),
        ("march red x0", MARCH),
        ("negotiate", NEGOTIATE),
        ("return blue", RETURN),
    ],
)
def test_notation_forms_round_trip(text, kind):
    move = parse(text)
    assert isinstance(move, Move) and move.kind == kind and str(move) == text and parse(str(move)) is move


@pytest.mark.parametrize(
    "variant,canonical",
    [
        ("  Recruit  RED 7 ", "recruit red 7"),
        ("battle blue 4 kill black, red", "battle blue 4 kill red,black"),
        ("battle red 4 kill 2 blue, black", "battle red 4 kill blue,blue,black"),
        ("battle red 4 kill 2blue", "battle red 4 kill blue,blue"),
        ("battle red 4 kill blue x2", "battle red 4 kill blue,blue"),
        ("march black 5 7 2", "march black 5-7 x2"),
        ("march black 5-7 2", "march black 5-7 x2"),
        ("march black 5->7 x2", "march black 5-7 x2"),
        ("march black 5-7 x0", "march black x0"),
        ("NEGOTIATE", "negotiate"),
    ],
)
def test_notation_variants(variant, canonical):
    assert str(parse(variant)) == canonical


@pytest.mark.parametrize(
    "junk",
    [
        "",
        "pass",
        "recruit",
        "recruit purple 3",
        "recruit red",
        "recruit red 3 4",
        "battle red 4 kill",
        "battle red 4 kill red",
        "battle red 4 slay blue",
        "march red 5-5 x1",
        "march red 5-7 xx",
        "return",
        "return red blue",
        7,
        None,
    ],
)
def test_bad_notation(junk):
    with pytest.raises(IllegalMove) as info:
        new_game(3, 0).play(junk)
    assert info.value.key in ("error.bad_notation", "turncoats.error.no_area")


def test_legal_moves_follow_the_documented_order():
    rng = Rng("order")
    for seed in range(30):
        state = new_game(2 + seed % 4, seed)
        while state.outcome is None:
            legal = moves_of(state)
            assert legal == naive.legal_moves(
                state.areas, state.hand(state.seat), state.pending is not None, False, state.options
            )
            assert len(set(legal)) == len(legal)
            state = state.play(legal[rng.below(len(legal))])


# --- position text ---------------------------------------------------------------------------


def test_position_text_round_trips_and_is_documented_form():
    state = new_game(3, 4)
    text = state.to_text()
    assert text.startswith("turncoats players=3 first=")
    assert from_text(text) == state and from_text(text).to_text() == text
    drawn = state.play("negotiate")
    assert "draw=" + ["red", "blue", "black"][drawn.pending] in drawn.to_text()
    assert from_text(drawn.to_text()).legal_moves() == drawn.legal_moves()
    assert from_text(drawn.to_text()).play(drawn.legal_moves()[0]) == drawn.play(drawn.legal_moves()[0])


@pytest.mark.parametrize(
    "change",
    [
        lambda t: "",
        lambda t: "okiya " + t,
        lambda t: t.replace("players=3", "players=6"),
        lambda t: t.replace("players=3", "players=2"),
        lambda t: t.replace("seat=", "seat=9"),
        lambda t: t + " extra=1",
        lambda t: t + " options=+nothing",
        lambda t: t.replace("rng=", "rng=zz"),
        lambda t: t.replace("draw=-", "draw=green"),
        lambda t: t.replace("neg=0", "neg=4"),
        lambda t: t.replace("axe=0.0.0", "axe=1.0.0"),
        lambda t: t.replace("areas=", "areas=9.9.9/"),
        lambda t: t.replace("turn=0", "turn=999999"),
        lambda t: t.replace("hands=", "hands=?8/"),
    ],
)
def test_position_text_rejects_junk(change):
    text = new_game(3, 4).to_text()
    with pytest.raises(BadPosition):
        from_text(change(text))


# --- views --------------------------------------------------------------------------------


def test_view_shows_own_hand_and_public_sizes_only():
    state = new_game(4, 9, first_player=1)
    for seat in range(4):
        v = state.view(seat)
        assert json.loads(json.dumps(v)) == v
        assert v["hand"] == list(state.hand(seat)) and v["hand_sizes"] == [8, 8, 8, 8]
        assert v["bag"] == 9 and v["hands"] is None and v["outcome"] is None
        assert (v["legal"] != []) == (seat == 1)
        assert "rng" not in json.dumps(v)
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["legal"] == [] and spectator["drawn"] is None
    assert [a["stones"] for a in spectator["map"]] == [list(a) for a in state.areas]
    assert spectator["map"][3]["home"] == "red" and spectator["map"][7]["adjacent"] == [5, 6, 8, 9, 10]
    with pytest.raises(BadPosition):
        state.view(4)


def test_views_are_equal_for_positions_differing_only_in_secrets():
    base = dict(areas=EX6_AREAS, axe=(3, 3, 0), flag=(1, 2, 5), to_move=1, neg=1)
    one = position(4, hands=[(1, 2, 0), (0, 2, 2), (2, 0, 0), (0, 2, 1)], bag=(2, 1, 9), **base)
    two = position(4, hands=[(1, 2, 0), (1, 1, 2), (0, 1, 1), (1, 1, 1)], bag=(2, 2, 8), rng=12345, **base)
    assert one.view(0) == two.view(0) and one.view(None) == two.view(None)
    assert one.view(1) != two.view(1)
    mine = from_view(one.view(1))
    assert mine.legal_moves() == one.legal_moves() and mine.hand(0) is None and mine.bag is None
    assert mine.bag_size == 12 and mine.hand_size(2) == 2
    assert "?" in mine.to_text() and from_text(mine.to_text()).to_text() == mine.to_text()
    with pytest.raises(IllegalMove) as info:
        mine.play("negotiate")  # the bag is unknown here
    assert info.value.key == "turncoats.error.unknown_bag"
    # its own actions work on the view; others' hands are placeholders
    after = mine.play("recruit blue 10")
    assert after.hand(1) == (0, 1, 2) and after.to_move == 2 and len(after.legal_moves()) > 1
    filled = mine.determinize(Rng(1))
    assert filled.knows_everything() and filled.hand(1) == one.hand(1)
    assert sum(map(sum, filled.hands)) == sum(map(sum, one.hands)) and filled.play("negotiate").pending is not None


def test_view_at_the_end_reveals_every_hand_and_explains():
    state = example_6()
    v = state.view(2)
    assert v["phase"] == "over" and v["to_move"] is None and v["legal"] == []
    assert v["hands"] == [list(h) for h in EX6_HANDS]
    out = v["outcome"]
    assert out["winners"] == [3] and out["ranking"][0] == 3 and out["message"]["key"] == "turncoats.win.turn_order"
    assert out["colour_message"]["key"] == "turncoats.colour_win.flag"
    back = from_view(v)
    assert back.hands == state.hands and back.bag == state.bag and back.outcome.winners == (3,)


def test_standing_is_a_pure_summary_of_public_facts():
    state = new_game(3, 2)
    before = state.to_text()
    standing = state.standing()
    assert state.to_text() == before
    assert sum(standing["areas"]) == sum(1 for a in standing["control"] if a["controller"])
    assert state.view(0)["standing"] == standing == state.view(None)["standing"]


def test_every_message_key_is_in_the_catalog_with_its_parameters():
    words = catalog()
    rng = Rng("keys")
    keys = set()

    def check(message):
        keys.add(message["key"])
        text = tr(message["key"], **message["params"])
        assert "{" not in text and text != message["key"]

    for seed in range(40):
        state = new_game(2 + seed % 4, seed)
        while state.outcome is None:
            v = state.view(state.to_move)
            for message in (*v["log"], v["standing"]["message"]):
                check(message)
            legal = state.legal_moves()
            state = state.play(legal[rng.below(len(legal))])
        out = state.view(None)["outcome"]
        for message in (out["message"], out["colour_message"], *out["steps"]):
            check(message)
        assert "{" not in account(state)
    keys |= {f"turncoats.option.{name}" for name in OPTIONS}
    assert keys - set(words) == set()
    assert "turncoats.log.draw_own" in words and all(k.startswith("turncoats.") for k in keys)


@pytest.mark.parametrize(
    "setup,move,key",
    [
        (lambda: example_3(), "recruit red 7", None),
        (lambda: example_3().play("negotiate"), "recruit red 7", "turncoats.error.must_return"),
        (lambda: example_3(), "return red", "turncoats.error.no_draw"),
        (lambda: example_4(), "recruit blue 1", "turncoats.error.no_stone"),
        (lambda: example_4(), "march red 5-4 x1", "turncoats.error.not_adjacent"),
        (lambda: example_4(), "march red 5-7 x9", "turncoats.error.march_count"),
        (lambda: example_4(), "march red 5-7 x0", "turncoats.error.march_zero"),
        (lambda: example_3(), "battle red 7 kill black,black", "turncoats.error.kill_missing"),
        (lambda: example_3(), "battle red 7 kill blue", "turncoats.error.kill_count"),
        (
            lambda: example_3(battle_kills_optional=True),
            "battle red 7 kill blue,blue,black",
            "turncoats.error.kill_range",
        ),
        (lambda: example_3(battle_requires_kill=True), "battle blue 5", "turncoats.error.battle_no_kill"),
        (lambda: example_6(), "negotiate", "error.game_over"),
        (lambda: example_3(), "recruit red 15", "turncoats.error.no_area"),
        (lambda: example_3(), "recruit red", "error.bad_notation"),
    ],
)
def test_errors_name_the_rule_in_words(setup, move, key):
    state = setup()
    if key is None:
        state.play(move)
        return
    with pytest.raises(IllegalMove) as info:
        state.play(move)
    assert info.value.key == key
    assert "{" not in str(info.value) and str(info.value) != key

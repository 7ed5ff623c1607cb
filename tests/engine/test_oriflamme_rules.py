"""Oriflamme rules (docs/rules/oriflamme.md): the worked examples (section 10), every row of the rulings table
(section 6), the options (UNCONFIRMED points), setup, rounds and scoring (sections 2, 3, 7)."""

from __future__ import annotations

import pytest
from oriflamme_examples import EXAMPLES, at_visit, describe, pools_text

from pygames import IllegalMove
from pygames.core.errors import BadPosition
from pygames.oriflamme import OPTIONS, from_text, new_game
from pygames.oriflamme.cards import HEIR, LORD
from pygames.oriflamme.rules import OVER, PLACING, RESOLVING

COLOURS = "RBGYP"
KINDS = {"reveal": 1, "target": 2, "steal": 3, "copy": 4, "decree": 5, "destination": 6, "show": 7}


def legal(state):
    return [str(m) for m in state.legal_moves()]


def at_right(state, avoid=()):
    """The first placement at the right end (at the left on an empty queue), avoiding some cards."""
    moves = [m for m in legal(state) if not any(card in m for card in avoid)]
    return next((m for m in moves if m.endswith(" right")), moves[0])


def replay(state, moves):
    for move in moves:
        assert move in legal(state), (move, legal(state))
        after = state.play(move)
        assert from_text(after.to_text()) == after
        state = after
    return state


def pile(state, colour):
    """``["Lord x", "Soldier d"]``: a seat's out-of-play pile with reasons (x eliminated, d discarded)."""
    from pygames.oriflamme.cards import NAMES

    return [f"{NAMES[e & 15]} {'d' if e >> 4 else 'x'}" for e in state.out[COLOURS.index(colour)]]


def awaiting(state, kind, colour, slot):
    assert state.phase == RESOLVING
    assert state.pending == KINDS[kind]
    assert state.to_move == COLOURS.index(colour)
    assert state.cursor == slot


def log_keys(state, seat=None):
    return [m["key"] for m in state.view(seat)["log"]]


# --- section 10: the worked examples --------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_worked_example(example):
    _, _, before, pools, rnd, cursor, steps, after, after_pools, next_decision = example
    state = at_visit(before, pools, cursor, round=rnd)
    for expected, move in steps:
        if expected is not None:
            assert legal(state) == expected
        state = replay(state, [move])
    assert describe(state) == after
    assert pools_text(state) == " ".join(sorted(after_pools.split(), key=lambda p: COLOURS.index(p[0])))
    if next_decision == "place":
        assert state.phase == PLACING
    else:
        awaiting(state, *next_decision)


def test_ex1_piles_and_log():
    state = replay(at_visit("R:Soldier(u) | B:Ambush(d,2) | G:Lord(d,0)", "R1 B1 G1", 0), ["target 2", "show Ambush"])
    assert pile(state, "R")[-1] == "Soldier d" and pile(state, "B")[-1] == "Ambush x"
    keys = log_keys(state)
    assert keys[-3:] == ["oriflamme.log.eliminated", "oriflamme.log.ambush", "oriflamme.log.discarded"]


def test_ex1_the_show_belongs_to_the_ambush_owner():
    state = replay(at_visit("R:Soldier(u) | B:Ambush(d,2) | G:Lord(d,0)", "R1 B1 G1", 0), ["target 2"])
    awaiting(state, "show", "B", 0)
    assert state.view(1)["legal"] == ["show Ambush"]
    assert state.view(0)["legal"] == [] and state.view(0)["queue"][1]["cards"][0]["card"] is None
    with pytest.raises(IllegalMove):
        state.play("show Lord")


def test_ex3_heir_goes_to_reds_pile_and_log_reads_in_order():
    state = replay(
        at_visit("G:Lord(u) | [B:Assassination(d,0) / B:Conspiracy(d,2)] | R:Heir(u)", "G2 B1 R3", 0, round=3),
        ["reveal", "target 3", "reveal"],
    )
    assert pile(state, "R")[-1] == "Heir x"
    assert pile(state, "B")[-2:] == ["Assassination d", "Conspiracy d"]
    keys = log_keys(state)
    i = keys.index("oriflamme.log.lord")
    assert keys[i : i + 6] == [
        "oriflamme.log.lord",
        "oriflamme.log.reveal.plain",
        "oriflamme.log.eliminated",
        "oriflamme.log.discarded",
        "oriflamme.log.reveal.conspiracy",
        "oriflamme.log.discarded",
    ]


def test_ex4_next_round_neither_heir_pays():
    state = replay(at_visit("R:Heir(u) | B:Heir(d,1) | G:Spy(d,0)", "R1 B1 G1", 0), ["reveal", "keep"])
    assert state.phase == PLACING and pools_text(state) == "R3 B2 G1"
    while state.phase == PLACING:
        state = state.play(next(m for m in legal(state) if m.endswith("right")))
    # both Heirs (face up, uncovered) were visited without paying; G's Spy is next
    awaiting(state, "reveal", "G", 2)
    assert pools_text(state) == "R3 B2 G1"
    assert log_keys(state).count("oriflamme.log.heir.rival") == 3  # B's reveal, then R and B again


def test_ex7c_decree_cannot_stack_or_move_itself():
    state = replay(at_visit("G:Lord(u) | R:Decree(d,0) | B:Spy(d,1) | B:Soldier(d,0)", "G2", 1), ["reveal"])
    assert "target 2" not in legal(state)
    with pytest.raises(IllegalMove):
        state.play("target 2")
    picked = state.play("target 3")
    assert all(m.startswith("gap") for m in legal(picked))
    with pytest.raises(IllegalMove):
        picked.play("on 4")


def test_ex9_eliminated_card_is_public():
    state = replay(
        at_visit("R:Archer(u) | G:Heir(d,1) | [B:Lord(d,0) / B:Conspiracy(d,3)]", "R1 B1", 0), ["target 3", "show Lord"]
    )
    assert pile(state, "B")[-1] == "Lord x"
    assert state.view(2)["out"][1][-1] == {"card": "lord", "reason": "eliminated"}
    msg = [m for m in state.view(2)["log"] if m["key"] == "oriflamme.log.eliminated"][-1]
    assert msg["params"]["target_id"] == "lord" and msg["params"]["owner"] == 1


# --- section 6: the rulings table, one test per row -----------------------------------------


def test_row_01_reveal_the_round_it_is_placed_collects_nothing():
    state = new_game(3, 7, first_player=0)
    while state.phase == PLACING:
        state = state.play(next(m for m in legal(state) if "Conspiracy" not in m and "Ambush" not in m))
    seat = state.to_move
    before = state.pools[seat]
    state = state.play("reveal")
    reveal = [m for m in state.view(None)["log"] if m["key"].startswith("oriflamme.log.reveal")][-1]
    assert reveal["params"]["tokens"] == 0 and reveal["params"]["gain"] == 0
    assert state.pools[seat] >= before


def test_row_02_ability_harming_its_owner_is_still_mandatory():
    state = at_visit("R:Archer(u)", "R1", 0)
    assert legal(state) == ["target 1"]
    state = replay(state, ["target 1"])
    assert describe(state) == "" and pools_text(state) == "R2 B1 G1" and pile(state, "R")[-1] == "Archer x"


def test_row_03_soldier_with_only_own_neighbours_eliminates_one():
    state = at_visit("R:Lord(u) | R:Soldier(u) | R:Heir(d,0)", "R1", 1)
    assert legal(state) == ["target 1", "target 3"]
    state = replay(state, ["target 1"])
    assert describe(state) == "R:Soldier(u) | R:Heir(d,0)" and state.pools[0] == 2


def test_row_04_attacks_may_hit_face_up_cards():
    state = replay(at_visit("R:Assassination(d,0) | B:Lord(u) | G:Heir(u)", "", 0), ["reveal"])
    assert legal(state) == ["target 2", "target 3"]
    state = state.play("target 2")  # face up: no show needed
    assert describe(state) == "G:Heir(u)" and pools_text(state) == "R2 B1 G3"
    for line in ("R:Archer(u) | B:Lord(u)", "R:Soldier(u) | B:Lord(u)"):
        assert "target 2" in legal(at_visit(line, "", 0))


def test_row_05_tokens_on_an_eliminated_card_are_lost():
    state = replay(at_visit("R:Soldier(u) | B:Lord(d,3)", "", 0), ["target 2", "show Lord"])
    assert pools_text(state) == "R2 B1 G1" and pile(state, "B")[-1] == "Lord x"


def test_row_06_only_the_top_of_a_stack_is_eliminated():
    state = replay(at_visit("R:Soldier(u) | [B:Lord(d,0) / B:Heir(u)]", "", 0), ["target 2", "show Lord"])
    assert describe(state) == "R:Soldier(u) | B:Heir(u)"


def test_row_07_opponent_eliminates_your_ambush():
    state = replay(at_visit("R:Archer(u) | G:Lord(u) | B:Ambush(d,3)", "R1 B1 G1", 0), ["target 3", "show Ambush"])
    assert pools_text(state) == "R2 B5 G2"  # G's Lord still visits after (next to nobody of G)
    assert pile(state, "R")[-1] == "Archer d" and pile(state, "B")[-1] == "Ambush x"


def test_row_08_own_ambush_gives_two_in_all_and_both_go():
    state = replay(at_visit("B:Soldier(u) | B:Ambush(d,1) | R:Lord(d,0)", "B3", 0), ["target 2", "show Ambush"])
    assert state.pools[1] == 5 and describe(state) == "R:Lord(d,0)"
    assert pile(state, "B")[-2:] == ["Ambush x", "Soldier d"]


def test_row_09_assassination_hitting_an_ambush():
    line = "R:Assassination(d,0) | B:Ambush(d,2) | G:Lord(d,0)"
    state = replay(at_visit(line, "", 0), ["reveal", "target 2", "show Ambush"])
    assert pools_text(state) == "R2 B5 G1" and pile(state, "R")[-1] == "Assassination d"
    off = replay(at_visit(line, "", 0, ambush_triggers_on_intrigue=False), ["reveal", "target 2", "show Ambush"])
    assert (
        pools_text(off) == "R2 B1 G1" and pile(off, "B")[-1] == "Ambush x" and pile(off, "R")[-1] == "Assassination d"
    )


def test_row_10_revealing_your_own_ambush():
    state = replay(at_visit("B:Ambush(d,3) | R:Lord(d,0)", "B2", 0), ["reveal"])
    assert state.pools[1] == 3 and describe(state) == "R:Lord(d,0)" and pile(state, "B")[-1] == "Ambush d"


def test_row_11_decree_moving_an_ambush_triggers_nothing():
    state = replay(at_visit("R:Decree(d,0) | B:Ambush(d,1) | G:Lord(d,0)", "", 0), ["reveal", "target 2", "gap 3"])
    assert describe(state) == "G:Lord(d,0) | B:Ambush(d,1)" and pools_text(state) == "R1 B1 G1"
    awaiting(state, "reveal", "G", 0)


def test_row_12_conspiracy_pays_double_its_tokens():
    state = replay(at_visit("R:Conspiracy(d,4) | B:Lord(d,0)", "", 0), ["reveal"])
    assert state.pools[0] == 9 and describe(state) == "B:Lord(d,0)" and pile(state, "R")[-1] == "Conspiracy d"


def test_row_13_a_face_down_rival_heir_does_not_block():
    state = at_visit("R:Heir(u) | B:Heir(d,1) | G:Spy(d,0)", "", 0)
    assert state.pools[0] == 3


def test_row_14_two_face_up_heirs_neither_pays():
    state = at_visit("R:Heir(u) | G:Spy(d,0) | B:Heir(u)", "", 0)
    assert pools_text(state) == "R1 B1 G1"
    state = replay(state, ["keep"])
    assert pools_text(state) == "R1 B1 G1"


def test_row_15_a_covered_face_up_heir_does_not_block():
    state = at_visit("[B:Spy(d,0) / B:Heir(u)] | R:Heir(u) | G:Lord(d,0)", "", 1)
    assert state.pools[0] == 3


def test_row_16_shapeshifter_copying_the_only_heir():
    alone = replay(at_visit("B:Heir(u) | R:Shapeshifter(d,0) | G:Lord(d,0)", "", 0), ["reveal", "copy Heir"])
    assert alone.pools[0] == 3
    rival = replay(
        at_visit("B:Heir(u) | R:Shapeshifter(d,0) | G:Shapeshifter(u) | Y:Lord(d,0)", "", 0), ["reveal", "copy Heir"]
    )
    assert rival.pools[0] == 1 and rival.pools[1] == 3


def test_row_17_lord_counts_own_stack_and_own_face_down_neighbour():
    state = at_visit("[R:Spy(d,0) / R:Soldier(u)] | R:Lord(u) | R:Archer(d,1) | B:Heir(d,0)", "R2", 1)
    assert state.pools[0] == 5
    awaiting(state, "reveal", "R", 2)


def test_row_18_spy_next_only_to_own_cards_changes_nothing():
    state = at_visit("R:Lord(u) | R:Spy(u) | R:Heir(d,0) | B:Lord(d,0)", "R2 B3", 1)
    assert legal(state) == ["steal p1"]
    state = replay(state, ["steal p1"])
    assert pools_text(state) == "R2 B3 G1"
    assert log_keys(state)[-1] == "oriflamme.log.steal.self"


def test_row_19_spy_victim_with_nothing():
    state = replay(at_visit("B:Lord(u) | R:Spy(u)", "B0 R1", 1), ["steal p2"])
    assert pools_text(state) == "R1 B0 G1" and min(state.pools) >= 0
    assert "oriflamme.log.steal.broke" in log_keys(state)


def test_row_20_decree_cannot_put_a_card_on_a_stack():
    line = "R:Decree(d,0) | B:Lord(d,0) | B:Heir(d,0) | G:Spy(d,0)"
    picked = replay(at_visit(line, "", 0), ["reveal", "target 2"])
    assert legal(picked) == ["gap 0", "gap 3", "gap 4"]
    stacking = replay(at_visit(line, "", 0, decree_may_stack=True), ["reveal", "target 2"])
    assert legal(stacking) == ["gap 0", "gap 3", "gap 4", "on 3"]
    state = stacking.play("on 3")
    assert describe(state) == "[B:Lord(d,0) / B:Heir(d,0)] | G:Spy(d,0)"


def test_row_21_decree_moves_a_resolved_card_after_itself():
    state = replay(
        at_visit("G:Lord(u) | R:Decree(d,0) | B:Spy(d,1) | B:Soldier(d,0)", "G2", 1), ["reveal", "target 1", "gap 2"]
    )
    assert state.pools[2] == 3
    assert log_keys(state)[-4:] == [
        "oriflamme.log.reveal.plain",
        "oriflamme.log.decree.gap",
        "oriflamme.log.discarded",
        "oriflamme.log.lord",
    ]


def test_row_22_decree_moves_an_unresolved_card_before_itself():
    state = replay(
        at_visit("G:Lord(u) | R:Decree(d,0) | B:Spy(d,1) | B:Soldier(d,0)", "G2", 1),
        ["reveal", "target 4", "gap 0", "keep"],
    )
    assert state.phase == PLACING and describe(state) == "B:Soldier(d,0) | G:Lord(u) | B:Spy(d,2)"


def test_row_23_assassination_on_own_stack_then_the_uncovered_card():
    state = replay(at_visit("[B:Assassination(d,0) / B:Lord(d,2)] | R:Heir(u)", "", 0, round=2), ["reveal", "target 2"])
    awaiting(state, "reveal", "B", 0)
    state = state.play("reveal")
    assert state.pools[1] == 1 + 1 + 2 + 1  # start, elimination, Lord's tokens, Lord alone


def test_row_24_card_uncovered_behind_the_cursor_waits():
    state = replay(at_visit("[B:Lord(d,0) / B:Heir(u)] | R:Soldier(u)", "", 1), ["target 1", "show Lord"])
    assert state.phase == PLACING and describe(state) == "B:Heir(u) | R:Soldier(u)"
    assert state.pools[1] == 1


def test_row_25_archer_may_eliminate_itself():
    state = at_visit("R:Archer(u) | B:Lord(d,0)", "", 0)
    assert legal(state) == ["target 1", "target 2"]
    state = state.play("target 1")
    assert state.pools[0] == 2 and describe(state) == "B:Lord(d,0)"
    awaiting(state, "reveal", "B", 0)
    assert legal(at_visit("R:Archer(u) | B:Lord(d,0)", "", 0, archer_may_target_self=False)) == ["target 2"]


def test_row_26_empty_queue_first_player_starts_a_new_queue():
    state = new_game(3, 1, first_player=1)
    assert state.to_move == 1 and all(m.endswith(" left") for m in legal(state))
    card = legal(state)[0].split()[1]
    assert state.play(f"place {card} right") == state.play(f"place {card} left")
    emptied = replay(at_visit("B:Soldier(u) | B:Ambush(d,1)", "", 0), ["target 2", "show Ambush"])
    assert emptied.queue == [] and all(m.endswith(" left") for m in legal(emptied))


def test_row_27_resolution_always_starts_at_slot_one():
    from pygames.core.rng import Rng

    rng = Rng(27)
    state = new_game(4, 27)
    while state.outcome is None:
        moves = state.legal_moves()
        before = state
        state = state.play(moves[rng.below(len(moves))])
        if before.phase == PLACING and state.phase == RESOLVING:
            # every slot before the first decision was a face-up card acting on its own
            assert all(slot[-1] & 16 and slot[-1] & 15 in (HEIR, LORD) for slot in state.queue[: state.cursor])
    assert "direction" not in state.to_text()


def test_row_28_tokens_on_a_covered_card_are_frozen():
    state = replay(at_visit("[R:Spy(d,0) / R:Conspiracy(d,2)] | B:Lord(d,0)", "", 0, round=2), ["keep", "keep"])
    assert describe(state) == "[R:Spy(d,1) / R:Conspiracy(d,2)] | B:Lord(d,1)"
    # placing on a face-down card with tokens leaves them there
    while state.to_move != 0:
        state = state.play(next(m for m in legal(state) if m.endswith("right")))
    on = next(m for m in legal(state) if m.endswith("on 2")) if any(m.endswith("on 2") for m in legal(state)) else None
    assert on is None  # slot 2 is B's
    state = state.play(next(m for m in legal(state) if m.endswith("on 1")))
    assert "R:Spy(d,1) / R:Conspiracy(d,2)]" in describe(state)


def test_row_29_a_moved_card_keeps_its_tokens():
    state = replay(at_visit("R:Decree(d,0) | B:Spy(d,3) | G:Lord(d,0)", "", 0), ["reveal", "target 2", "gap 3"])
    assert describe(state) == "G:Lord(d,0) | B:Spy(d,3)"


def test_row_30_covered_cards_cannot_be_targeted_moved_or_copied():
    state = at_visit("R:Shapeshifter(u) | [B:Spy(d,0) / B:Soldier(u)]", "", 0)
    awaiting(state, "reveal", "B", 1)  # nothing to copy: the face-up Soldier is covered
    assert log_keys(state)[-1] == "oriflamme.log.idle"
    state = replay(at_visit("R:Assassination(d,0) | [B:Spy(d,0) / B:Lord(u)]", "", 0), ["reveal"])
    assert legal(state) == ["target 2"]
    state = replay(state, ["target 2", "show Spy"])
    assert describe(state) == "B:Lord(u)"
    decree = replay(at_visit("R:Decree(d,0) | [B:Spy(d,0) / B:Lord(u)]", "", 0), ["reveal", "target 2", "gap 0"])
    assert describe(decree) == "B:Spy(d,0) | B:Lord(u)"


# --- section 3.4: more cursor cases ---------------------------------------------------------


def test_soldier_eliminating_the_slot_after_it():
    state = replay(at_visit("R:Soldier(u) | B:Lord(d,0) | G:Heir(d,0)", "", 0), ["target 2", "show Lord"])
    awaiting(state, "reveal", "G", 1)


def test_soldier_eliminating_the_slot_before_it_keeps_the_cursor_on_the_next():
    state = replay(at_visit("B:Lord(d,0) | R:Soldier(u) | G:Heir(d,0)", "", 1), ["target 1", "show Lord"])
    awaiting(state, "reveal", "G", 1)


def test_stacked_soldier_hitting_an_ambush_uncovers_a_card_visited_next():
    state = replay(
        at_visit("[R:Soldier(u) / R:Lord(d,2)] | B:Ambush(d,0)", "", 0, round=2), ["target 2", "show Ambush"]
    )
    awaiting(state, "reveal", "R", 0)
    assert pools_text(state) == "R2 B5 G1"


def test_stacked_archer_eliminating_itself_uncovers_a_card_visited_next():
    state = replay(at_visit("[R:Archer(u) / R:Heir(u)] | B:Lord(d,0)", "", 0, round=2), ["target 1"])
    assert state.pools[0] == 4  # +1 elimination, then the uncovered Heir +2
    awaiting(state, "reveal", "B", 1)


def test_decree_on_a_stack_uncovers_a_card_visited_next_by_default():
    line = "[R:Decree(d,0) / R:Lord(d,0)] | B:Spy(d,0) | G:Heir(d,0)"
    state = replay(at_visit(line, "", 0, round=2), ["reveal", "target 3", "gap 1"])
    assert describe(state) == "R:Lord(d,0) | G:Heir(d,0) | B:Spy(d,0)"
    awaiting(state, "reveal", "R", 0)
    off = replay(at_visit(line, "", 0, round=2, decree_uncovered_visited_next=False), ["reveal", "target 3", "gap 1"])
    awaiting(off, "reveal", "G", 1)


def test_decree_moving_a_card_right_after_itself_is_visited_next():
    state = replay(at_visit("R:Decree(d,0) | B:Spy(d,0) | G:Heir(d,0)", "", 0), ["reveal", "target 3", "gap 1"])
    awaiting(state, "reveal", "G", 0)


def test_decree_alone_is_discarded():
    state = replay(at_visit("R:Decree(d,0)", "", 0), ["reveal"])
    assert state.queue == [] and pile(state, "R")[-1] == "Decree d"


def test_face_down_card_visited_twice_gets_two_decisions():
    state = replay(at_visit("B:Spy(d,0) | R:Decree(d,0) | G:Heir(d,0)", "", 0), ["keep", "reveal", "target 1", "gap 2"])
    awaiting(state, "reveal", "B", 0)
    state = state.play("keep")
    assert describe(state).startswith("B:Spy(d,2)")


def test_shapeshifter_copies_a_soldier_and_is_discarded_by_an_ambush():
    state = replay(at_visit("R:Soldier(u) | G:Shapeshifter(d,0) | B:Ambush(d,0)", "", 1), ["reveal"])
    assert legal(state) == ["copy Soldier"]
    state = replay(state, ["copy Soldier"])
    assert legal(state) == ["target 1", "target 3"]
    state = replay(state, ["target 3", "show Ambush"])
    assert pools_text(state) == "R1 B5 G2" and pile(state, "G")[-1] == "Shapeshifter d"


def test_shapeshifter_chooses_between_two_neighbours_and_acts_from_its_place():
    state = replay(at_visit("R:Lord(u) | G:Shapeshifter(d,0) | G:Spy(u) | B:Heir(d,0)", "", 1), ["reveal"])
    assert legal(state) == ["copy Lord", "copy Spy"]
    lord = state.play("copy Lord")
    assert lord.pools[2] == 1 + 2  # Lord from the Shapeshifter's place: base 1 + own Spy beside
    spy = state.play("copy Spy")
    assert legal(spy) == ["steal p1", "steal p3"]


def test_shapeshifter_copy_of_archer_may_hit_itself():
    state = replay(at_visit("G:Shapeshifter(d,0) | R:Archer(u) | B:Lord(d,0)", "", 0), ["reveal", "copy Archer"])
    assert legal(state) == ["target 1", "target 3"]
    state = state.play("target 1")
    assert pile(state, "G")[-1] == "Shapeshifter x" and state.pools[2] == 2


def test_assassination_with_no_other_card_is_just_discarded():
    state = replay(at_visit("R:Assassination(d,2)", "", 0), ["reveal"])
    assert state.pools[0] == 3 and pile(state, "R")[-1] == "Assassination d"


# --- options: every UNCONFIRMED point can be flipped ----------------------------------------


def test_options_are_named_with_the_spec_defaults():
    assert OPTIONS == {
        "archer_may_target_self": True,
        "own_targets_only_if_forced": False,
        "ambush_triggers_on_intrigue": True,
        "shapeshifter_copies_shapeshifter": False,
        "spy_may_choose_self": True,
        "decree_may_stack": False,
        "decree_may_stay": False,
        "decree_uncovered_visited_next": True,
        "tiebreak_counts_covered": True,
        "assassination_may_target_self": False,
    }
    state = new_game(3, 1, decree_may_stack=True, archer_may_target_self=False)
    assert "options=archer_may_target_self:0,decree_may_stack:1" in state.to_text()
    assert from_text(state.to_text()).options == state.options
    assert state.view(0)["options"]["decree_may_stack"] is True
    with pytest.raises(BadPosition):
        new_game(3, 1, no_such_rule=True)


def test_option_own_targets_only_if_forced():
    line = "R:Lord(d,0) | R:Soldier(u) | B:Heir(d,0)"
    assert legal(at_visit(line, "", 1)) == ["target 1", "target 3"]
    assert legal(at_visit(line, "", 1, own_targets_only_if_forced=True)) == ["target 3"]
    assert legal(at_visit("R:Lord(d,0) | R:Soldier(u)", "", 1, own_targets_only_if_forced=True)) == ["target 1"]


def test_option_spy_may_choose_self():
    line = "R:Lord(d,0) | R:Spy(u) | B:Heir(d,0)"
    assert legal(at_visit(line, "", 1)) == ["steal p1", "steal p2"]
    assert legal(at_visit(line, "", 1, spy_may_choose_self=False)) == ["steal p2"]


def test_option_shapeshifter_copies_shapeshifter():
    line = "R:Shapeshifter(u) | G:Shapeshifter(d,0) | B:Heir(d,0)"
    plain = replay(at_visit(line, "", 1), ["reveal"])
    awaiting(plain, "reveal", "B", 2)
    copying = replay(at_visit(line, "", 1, shapeshifter_copies_shapeshifter=True), ["reveal"])
    assert legal(copying) == ["copy Shapeshifter"]
    after = copying.play("copy Shapeshifter")
    assert after.pools == copying.pools
    awaiting(after, "reveal", "B", 2)


def test_option_decree_may_stay():
    line = "R:Decree(d,0) | B:Spy(d,0) | G:Heir(d,0)"
    assert legal(replay(at_visit(line, "", 0), ["reveal", "target 2"])) == ["gap 0", "gap 3"]
    staying = replay(at_visit(line, "", 0, decree_may_stay=True), ["reveal", "target 2"])
    assert legal(staying) == ["gap 0", "gap 1", "gap 3"]
    assert describe(staying.play("gap 1")) == "B:Spy(d,0) | G:Heir(d,0)"


def test_option_assassination_may_target_self():
    line = "R:Assassination(d,0) | B:Lord(d,0)"
    assert legal(replay(at_visit(line, "", 0), ["reveal"])) == ["target 2"]
    selfish = replay(at_visit(line, "", 0, assassination_may_target_self=True), ["reveal"])
    assert legal(selfish) == ["target 1", "target 2"]
    state = selfish.play("target 1")
    assert state.pools[0] == 2 and pile(state, "R")[-1] == "Assassination x" and describe(state) == "B:Lord(d,0)"


def final(pools, queue, **options):
    """A finished game (round 6 over) with these pools and queue (the notation of section 10)."""
    from oriflamme_examples import position

    from pygames.oriflamme.state import make_state

    base = position(queue, pools, round=6, **options)
    state = make_state(
        base.players,
        base.options,
        base.start,
        base.hands,
        base.removed,
        round=6,
        phase=OVER,
        pools=base.pools,
        queue=base.queue,
        out=base.out,
    )
    assert from_text(state.to_text()) == state
    return state


def test_highest_influence_wins():
    state = final("R5 B4 G4", "R:Lord(u) | B:Heir(u) | B:Spy(u)")
    assert state.outcome.winners == (0,) and state.outcome.reason == "score"
    assert state.outcome.scores == (5, 4, 4) and state.to_move is None and state.legal_moves() == ()


def test_tiebreak_more_cards_in_the_queue_counts_covered_cards():
    line = "[R:Lord(u) / R:Heir(u) / R:Spy(u)] | B:Heir(u) | B:Spy(u)"
    state = final("R5 B5 G2", line)
    assert state.outcome.winners == (0,) and state.outcome.reason == "tiebreak"
    assert state.outcome.key == "oriflamme.win.tiebreak.covered" and state.outcome.params["cards"] == 3
    tops = final("R5 B5 G2", line, tiebreak_counts_covered=False)
    assert tops.outcome.winners == (1,) and tops.outcome.key == "oriflamme.win.tiebreak.top"
    assert "Player 2" in tops.outcome.account


def test_tie_on_both_counts_shares_the_victory():
    state = final("R5 B5 G5", "R:Lord(u) | B:Heir(u) | G:Spy(u) | G:Lord(u)")
    assert state.outcome.winners == (2,)
    shared = final("R5 B5 G1", "R:Lord(u) | B:Heir(u) | G:Spy(u) | G:Lord(u)")
    assert shared.outcome.winners == (0, 1) and shared.outcome.reason == "shared"
    assert shared.view(None)["outcome"]["message"]["key"] == "oriflamme.win.shared.covered"


# --- setup and the round structure ---------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup(players):
    state = new_game(players, 11)
    assert state.pools == [1] * players and state.queue == [] and state.round == 1
    for p in range(players):
        assert state.hands[p].bit_count() == 7 and state.removed[p].bit_count() == 3
        assert state.hands[p] & state.removed[p] == 0
    assert 0 <= state.start < players and state.to_move == state.start
    assert new_game(players, 11).to_text() == state.to_text()  # deterministic
    assert len({new_game(players, s).to_text() for s in range(20)}) == 20


@pytest.mark.parametrize("players", [2, 6, "4", True])
def test_player_counts(players):
    with pytest.raises(BadPosition):
        new_game(players, 0)


def test_first_player_option_and_passing_left():
    from pygames.core.rng import Rng

    rng = Rng(5)
    state = new_game(4, 5, first_player=2)
    firsts = []
    while state.outcome is None:
        if state.phase == PLACING and state.placed == 0:
            firsts.append(state.to_move)
            order = [(state.to_move + k) % 4 for k in range(4)]
            seen = []
            while state.phase == PLACING:
                seen.append(state.to_move)
                moves = state.legal_moves()
                state = state.play(moves[rng.below(len(moves))])
            assert seen == order
            continue
        moves = state.legal_moves()
        state = state.play(moves[rng.below(len(moves))])
    assert firsts == [2, 3, 0, 1, 2, 3]
    assert all(state.hand_count(p) == 1 and state.hands[p].bit_count() == 1 for p in range(4))
    with pytest.raises(BadPosition):
        new_game(4, 5, first_player=4)


def test_stacking_only_on_own_slots_from_round_two():
    state = new_game(3, 2, first_player=0)
    for _ in range(3):
        state = state.play(at_right(state))
    while state.phase != PLACING:
        state = state.play("keep")
    assert state.round == 2
    own = [i + 1 for i, slot in enumerate(state.queue) if slot[0] == state.to_move]
    ons = sorted({int(m.split()[-1]) for m in legal(state) if " on " in m})
    assert ons == own
    other = next(i + 1 for i, slot in enumerate(state.queue) if slot[0] != state.to_move)
    card = legal(state)[0].split()[1]
    with pytest.raises(IllegalMove) as err:
        state.play(f"place {card} on {other}")
    assert err.value.key == "oriflamme.error.stack_own"


def test_keep_adds_one_token_each_visit_and_reveal_collects():
    state = new_game(3, 3, first_player=0)
    for _ in range(3):
        state = state.play(at_right(state, ("Ambush", "Conspiracy")))
    for _ in range(3):
        state = state.play("keep")
    assert [slot[-1] >> 5 for slot in state.queue] == [1, 1, 1]


# --- notation and errors ---------------------------------------------------------------------


def test_every_move_notation_parses_back():
    from pygames.oriflamme.moves import ALL, parse

    for move in ALL:
        assert parse(str(move)) is move
        assert int(move) == ALL.index(move)
    assert str(parse("  PLACE royal decree   LEFT ")) == "place Decree left"
    assert str(parse("place Royal-Decree on 3")) == "place Decree on 3"
    assert str(parse("steal P2")) == "steal p2"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "place",
        "place Archer",
        "place Archer middle",
        "place Dragon left",
        "target",
        "target 0",
        "target x",
        "steal 2",
        "steal p9",
        "copy",
        "gap -1",
        "reveal Dragon",
        "show ?",
        "keep it",
        "on",
        "place Archer on 0",
    ],
)
def test_bad_notation(text):
    with pytest.raises(IllegalMove) as err:
        new_game(3, 0).play(text)
    assert err.value.key == "error.bad_notation"


def test_illegal_moves_say_why():
    state = new_game(3, 0, first_player=0)
    missing = next(n for n in ("Ambush", "Archer", "Spy", "Lord", "Heir") if f"place {n} left" not in legal(state))
    with pytest.raises(IllegalMove) as err:
        state.play(f"place {missing} left")
    assert err.value.key == "oriflamme.error.not_in_hand"
    with pytest.raises(IllegalMove) as err:
        state.play("keep")
    assert err.value.key == "oriflamme.error.must_place"
    with pytest.raises(IllegalMove) as err:
        at_visit("R:Soldier(u) | B:Lord(d,0)", "", 0).play("reveal")
    assert err.value.key == "oriflamme.error.expected.target" and "target" in str(err.value)
    over = final("R5 B4 G4", "R:Lord(u)")
    with pytest.raises(IllegalMove) as err:
        over.play("keep")
    assert err.value.key == "error.game_over"


def test_reveal_naming_the_card_is_the_same_move():
    state = at_visit("R:Lord(d,2) | B:Heir(d,0)", "", 0)
    assert state.play("reveal Lord") == state.play("reveal")
    with pytest.raises(IllegalMove) as err:
        state.play("reveal Heir")
    assert err.value.key == "oriflamme.error.not_that_card"


# --- position text ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "junk",
    [
        "",
        "players=3",
        "hello world",
        "players=2 start=p1 round=1 phase=place placed=0",
        "players=3 start=p1 round=1 phase=place placed=0 pools=1,1,1 hands=AmArAsHeLoShSo,ArAsCoHeLoRdSo,"
        "AmArAsHeRdShSo removed=CoRdSp,AmShSp,CoLoSp queue=- out=-,-,- extra=1",
        # a card twice in a family
        "players=3 start=p1 round=1 phase=place placed=0 pools=1,1,1 hands=AmArAsHeLoShSo,ArAsCoHeLoRdSo,"
        "AmArAsHeRdShSo removed=CoRdSo,AmShSp,CoLoSp queue=- out=-,-,-",
        # negative pool
        "players=3 start=p1 round=1 phase=place placed=0 pools=-1,1,1 hands=AmArAsHeLoShSo,ArAsCoHeLoRdSo,"
        "AmArAsHeRdShSo removed=CoRdSp,AmShSp,CoLoSp queue=- out=-,-,-",
        # a face-up Ambush in the queue
        "players=3 start=p1 round=1 phase=place placed=1 pools=1,1,1 hands=ArAsHeLoShSo,ArAsCoHeLoRdSo,"
        "AmArAsHeRdShSo removed=CoRdSp,AmShSp,CoLoSp queue=p1:Amu out=-,-,-",
        # reveal pending on a face-up card
        "players=3 start=p1 round=1 phase=resolve cursor=1 pending=reveal pools=1,1,1 hands=ArAsHeShSoSp,"
        "ArAsCoHeRdSo,AmArAsHeRdSh removed=CoRdAm,AmShSp,CoLoSp queue=p1:Lou,p2:Lod0,p3:Sod0 out=-,-,-",
    ],
)
def test_junk_position_text(junk):
    with pytest.raises(BadPosition):
        from_text(junk)


def test_position_text_round_trips_mid_decision():
    state = replay(at_visit("R:Decree(d,0) | B:Spy(d,3) | G:Lord(d,0)", "", 0), ["reveal", "target 2"])
    text = state.to_text()
    assert "pending=decree:2" in text and from_text(text) == state
    assert legal(from_text(text)) == legal(state)
    show = replay(at_visit("R:Soldier(u) | B:Lord(d,3)", "", 0), ["target 2"])
    assert "pending=show:2" in show.to_text() and legal(from_text(show.to_text())) == ["show Lord"]


# --- more rulings of section 5 ----------------------------------------------------------------


@pytest.mark.parametrize("card", ["Soldier", "Spy"])
def test_soldier_or_spy_alone_in_the_queue_does_nothing(card):
    state = at_visit(f"R:{card}(u)", "R2", 0)
    assert state.phase == PLACING and state.pools[0] == 2 and describe(state) == f"R:{card}(u)"
    assert "oriflamme.log.idle" in log_keys(state)


def test_an_eliminated_conspiracy_pays_nothing():
    state = replay(at_visit("R:Soldier(u) | B:Conspiracy(d,3)", "", 0), ["target 2", "show Conspiracy"])
    assert pools_text(state) == "R2 B1 G1" and pile(state, "B")[-1] == "Conspiracy x"


def test_heir_pays_earlier_in_a_round_and_stops_once_a_rival_is_revealed():
    state = at_visit("R:Heir(u) | B:Heir(d,0) | G:Lord(d,0)", "", 0)
    assert state.pools[0] == 3
    state = replay(state, ["reveal", "keep"])
    while state.phase == PLACING:
        state = state.play(at_right(state))
    assert state.pools[0] == 3 and state.pools[1] == 1  # both face up now: neither pays


def test_spy_steals_from_the_pool_never_from_tokens():
    state = replay(at_visit("R:Spy(u) | B:Lord(d,4)", "B2", 0), ["steal p2"])
    assert pools_text(state) == "R2 B1 G1" and describe(state).startswith("R:Spy(u) | B:Lord(d,4)")

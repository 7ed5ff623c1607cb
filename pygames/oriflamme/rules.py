"""The numbers of the game, its rule options and the codes a position stores.

Every other module of the engine (positions, move generation, abilities, round
flow, scoring, the position text and the views) reads these names, so they live
apart from the code that uses them: the phases and pending decisions say where a
position stands, the log events are what the view narrates, and ``OPTION_BITS``
holds the UNCONFIRMED points of docs/rules/oriflamme.md as named switches (one int of bits in a state).
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import BadPosition

MIN_PLAYERS, MAX_PLAYERS = 3, 5
ROUNDS = 6
HAND_SIZE = 7
REMOVED = 3
START_INFLUENCE = 1
#: A hand or removed pile whose cards the position does not know.
HIDDEN = -1

# --- options: the UNCONFIRMED points of the rules page, as named switches ----------
#: name -> (bit, default, section of docs/rules/oriflamme.md).  Stored in the state as one int of bits.
OPTION_BITS: dict[str, tuple[int, bool, str]] = {
    "archer_may_target_self": (1, True, "5 Archer, 6 #25"),
    "own_targets_only_if_forced": (2, False, "5 Soldier, 9"),
    "ambush_triggers_on_intrigue": (4, True, "5 Ambush, 6 #9"),
    "shapeshifter_copies_shapeshifter": (8, False, "5 Shapeshifter"),
    "spy_may_choose_self": (16, True, "5 Spy"),
    "decree_may_stack": (32, False, "5 Royal Decree, 6 #20"),
    "decree_may_stay": (64, False, "5 Royal Decree"),
    "decree_uncovered_visited_next": (128, True, "3.4"),
    "tiebreak_counts_covered": (256, True, "7"),
    "assassination_may_target_self": (512, False, "5 Assassination"),
}
O_ARCHER_SELF, O_OWN_FORCED, O_AMBUSH_INTRIGUE, O_SHIFT_SHIFT, O_SPY_SELF = 1, 2, 4, 8, 16
O_DECREE_STACK, O_DECREE_STAY, O_DECREE_UNCOVER, O_TIE_COVERED = 32, 64, 128, 256
O_ASSASSIN_SELF = 512
DEFAULT_OPTIONS = sum(bit for bit, default, _ in OPTION_BITS.values() if default)
#: Every rule option (keyword argument of ``new_game``) with its default, the rules page's ruling.
OPTIONS: dict[str, bool] = {name: default for name, (_, default, _) in OPTION_BITS.items()}

# --- phases and pending decisions ---------------------------------------------------
PLACING, RESOLVING, OVER = 0, 1, 2
P_NONE, P_REVEAL, P_TARGET, P_STEAL, P_COPY, P_DECREE, P_DEST, P_SHOW = range(8)
#: What the seat to move decides, by pending decision (``State.decision``; the placement
#: phase is ``place``): the words of the catalog's ``oriflamme.error.expected.*`` keys.
DECISIONS = ("place", "reveal", "target", "steal", "copy", "decree", "destination", "show")

# --- log events: tuples (code, ...) kept for the current and the previous round ----
E_ROUND, E_PLACE, E_KEEP, E_REVEAL, E_ELIM, E_AMBUSH, E_DISCARD = range(7)
E_LORD, E_HEIR, E_STEAL, E_COPY, E_MOVE, E_IDLE, E_END = range(7, 14)
#: Reasons a card sits in an out-of-play pile (pile entries are ``type | reason << 4``).
ELIMINATED, DISCARDED = 0, 1


def options_bits(options: dict[str, Any]) -> int:
    """The option int for named options over the defaults; BadPosition for an unknown name."""
    bits = DEFAULT_OPTIONS
    for name, value in options.items():
        if name not in OPTION_BITS or not isinstance(value, bool):
            raise BadPosition("oriflamme.error.option", option=str(name)[:40])
        bit = OPTION_BITS[name][0]
        bits = bits | bit if value else bits & ~bit
    return bits


def options_dict(bits: int) -> dict[str, bool]:
    """The named options an option int holds (the inverse of ``options_bits``)."""
    return {name: bool(bits & bit) for name, (bit, _, _) in OPTION_BITS.items()}

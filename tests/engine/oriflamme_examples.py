"""The worked examples of docs/rules/oriflamme.md section 10, as data, in that page's notation.

Queue in resolution order, ``R:Soldier(u)`` = Red's face-up Soldier, ``B:Ambush(d,2)``
= Blue's face-down Ambush with 2 tokens, ``[top / below]`` a stack; pools ``R1 B1 G1``.
Colours are seats: R = p1 (seat 0), B = p2, G = p3, Y = p4, P = p5.

``position(queue, pools, ...)`` turns such a "before" into an engine position (the
missing cards of each family are filled in: earlier cards in the out-of-play piles,
the rest in hand and removed), and ``describe(state)`` writes a queue back in the
page's notation, so tests compare with its text directly.

Each example: id, title, before queue, before pools, round (or None: the least that
fits), the 0-based slot whose visit starts, then steps ``(legal moves expected before
the step or None, move)``, then the expected queue, pools, and the decision awaited
after the steps: ``(kind, seat colour, 0-based slot)`` or a phase word.
"""

from __future__ import annotations

from pygames.oriflamme import from_text
from pygames.oriflamme.cards import NAMES, TYPES, UNKNOWN
from pygames.oriflamme.rules import DISCARDED, RESOLVING, options_bits
from pygames.oriflamme.state import State, make_state, resolve_from

COLOURS = "RBGYP"
#: Spec card words -> type.
WORDS = {name: t for t, name in enumerate(NAMES) if t != UNKNOWN}
#: Out-pile fillers, preferred first (cards placed in earlier rounds and long gone).
FILLERS = (3, 0, 6, 2, 7, 9, 8, 1, 4, 5)


def parse_queue(text: str) -> list[tuple[int, list[tuple[int, bool, int]]]]:
    """``"R:Lord(u) | [B:Spy(d,0) / B:Heir(u)]"`` -> [(seat, [(type, up, tokens) top first])]."""
    slots = []
    if not text.strip():
        return slots
    for part in text.split("|"):
        part = part.strip()
        inner = part[1:-1] if part.startswith("[") else part
        cards = []
        owner = None
        for item in inner.split("/"):
            item = item.strip()
            colour, rest = item.split(":")
            name, state = rest[:-1].split("(")
            seat = COLOURS.index(colour)
            assert owner in (None, seat), part
            owner = seat
            if state == "u":
                cards.append((WORDS[name], True, 0))
            else:
                face, tokens = state.split(",")
                assert face == "d"
                cards.append((WORDS[name], False, int(tokens)))
        slots.append((owner, cards))
    return slots


def parse_pools(text: str, players: int) -> list[int]:
    pools = [1] * players
    for item in text.split():
        pools[COLOURS.index(item[0])] = int(item[1:])
    return pools


def position(
    queue: str, pools: str, *, players: int = 3, round: int | None = None, start: int = 0, **options: bool
) -> State:
    """A resolution-phase position of round ``round`` (all its cards placed) holding ``queue``;
    no decision is set yet (``at_visit`` starts one)."""
    slots = parse_queue(queue)
    seats = {owner for owner, _ in slots} | {COLOURS.index(i[0]) for i in pools.split()}
    players = max(players, max(seats, default=0) + 1)
    in_queue = [[t for owner, cards in slots if owner == p for t, _, _ in cards] for p in range(players)]
    rnd = max([len(c) for c in in_queue] + [round or 1])
    hands, removed, outs = [], [], []
    for p in range(players):
        out = [t for t in FILLERS if t not in in_queue[p]][: rnd - len(in_queue[p])]
        rest = [t for t in TYPES if t not in in_queue[p] and t not in out]
        removed.append(sum(1 << t for t in rest[:3]))
        hands.append(sum(1 << t for t in rest[3:]))
        outs.append(tuple(t | DISCARDED << 4 for t in out))
    queue_slots = [(owner, *[t | (16 if up else 0) | k << 5 for t, up, k in reversed(cards)]) for owner, cards in slots]
    return make_state(
        players,
        options_bits(options),
        start,
        tuple(hands),
        tuple(removed),
        round=rnd,
        phase=RESOLVING,
        pools=parse_pools(pools, players),
        queue=queue_slots,
        out=tuple(outs),
    )


def at_visit(queue: str, pools: str, cursor: int, **kw) -> State:
    """The position of ``queue`` about to visit slot ``cursor`` (0-based), at its first decision;
    checked like a position text (cards conserved, faces, the decision)."""
    state = resolve_from(position(queue, pools, **kw), cursor)
    assert from_text(state.to_text()) == state
    return state


def describe(state: State) -> str:
    """The queue of ``state`` in the notation of section 10."""
    parts = []
    for slot in state.queue:
        owner = COLOURS[slot[0]]
        cards = []
        for card in reversed(slot[1:]):
            t, up, k = card & 15, card & 16, card >> 5
            cards.append(f"{owner}:{NAMES[t]}({'u' if up else f'd,{k}'})")
        parts.append(cards[0] if len(cards) == 1 else "[" + " / ".join(cards) + "]")
    return " | ".join(parts)


def pools_text(state: State) -> str:
    return " ".join(f"{COLOURS[p]}{v}" for p, v in enumerate(state.pools))


EXAMPLES = [
    (
        "ex1",
        "Opponent's Soldier hits a face-down Ambush",
        "R:Soldier(u) | B:Ambush(d,2) | G:Lord(d,0)",
        "R1 B1 G1",
        None,
        0,
        [(["target 2"], "target 2"), (["show Ambush"], "show Ambush")],
        "G:Lord(d,0)",
        "R2 B5 G1",
        ("reveal", "G", 0),
    ),
    (
        "ex2",
        "Your own Soldier hits your own Ambush",
        "B:Soldier(u) | B:Ambush(d,1)",
        "R1 B3 G1",
        None,
        0,
        [(["target 2"], "target 2"), (["show Ambush"], "show Ambush")],
        "",
        "R1 B5 G1",
        "place",
    ),
    (
        "ex3",
        "Assassination on a stack, then the uncovered Conspiracy resolves at once",
        "G:Lord(u) | [B:Assassination(d,0) / B:Conspiracy(d,2)] | R:Heir(u)",
        "G2 B1 R3",
        3,
        0,
        [(["reveal", "keep"], "reveal"), (["target 1", "target 3"], "target 3"), (["reveal", "keep"], "reveal")],
        "G:Lord(u)",
        "R3 B6 G3",
        "place",
    ),
    (
        "ex4",
        "Heir uniqueness is checked at each Heir's own visit",
        "R:Heir(u) | B:Heir(d,1) | G:Spy(d,0)",
        "R1 B1 G1",
        None,
        0,
        [(["reveal", "keep"], "reveal"), (["reveal", "keep"], "keep")],
        "R:Heir(u) | B:Heir(u) | G:Spy(d,1)",
        "R3 B2 G1",
        "place",
    ),
    (
        "ex5",
        "Shapeshifter copying an Heir",
        "B:Heir(u) | R:Shapeshifter(d,1) | G:Archer(d,0)",
        "B1 R1 G1",
        None,
        0,
        [(["reveal", "keep"], "reveal"), (["copy Heir"], "copy Heir")],
        "B:Heir(u) | R:Shapeshifter(u) | G:Archer(d,0)",
        "R4 B3 G1",
        ("reveal", "G", 2),
    ),
    (
        "ex5-variant",
        "Shapeshifter copying an Heir while another Shapeshifter is face up",
        "B:Heir(u) | R:Shapeshifter(d,1) | G:Archer(d,0) | G:Shapeshifter(u)",
        "B1 R1 G1",
        None,
        0,
        [(["reveal", "keep"], "reveal"), (["copy Heir"], "copy Heir")],
        "B:Heir(u) | R:Shapeshifter(u) | G:Archer(d,0) | G:Shapeshifter(u)",
        "R2 B3 G1",
        ("reveal", "G", 2),
    ),
    (
        "ex6",
        "Lord adjacency with a stack",
        "[R:Spy(d,0) / R:Soldier(u)] | R:Lord(u) | B:Archer(d,1)",
        "R2",
        None,
        1,
        [],
        "[R:Spy(d,0) / R:Soldier(u)] | R:Lord(u) | B:Archer(d,1)",
        "R4 B1 G1",
        ("reveal", "B", 2),
    ),
    (
        "ex7a",
        "Royal Decree moves the visited Lord after itself: visited again",
        "G:Lord(u) | R:Decree(d,0) | B:Spy(d,1) | B:Soldier(d,0)",
        "G2",
        None,
        1,
        [
            (["reveal", "keep"], "reveal"),
            (["target 1", "target 3", "target 4"], "target 1"),
            (["gap 2", "gap 3", "gap 4"], "gap 2"),
        ],
        "G:Lord(u) | B:Spy(d,1) | B:Soldier(d,0)",
        "R1 B1 G3",
        ("reveal", "B", 1),
    ),
    (
        "ex7b",
        "Royal Decree moves an unvisited Soldier to the front: skipped this round",
        "G:Lord(u) | R:Decree(d,0) | B:Spy(d,1) | B:Soldier(d,0)",
        "G2",
        None,
        1,
        [(["reveal", "keep"], "reveal"), (None, "target 4"), (["gap 0", "gap 1", "gap 2"], "gap 0")],
        "B:Soldier(d,0) | G:Lord(u) | B:Spy(d,1)",
        "R1 B1 G2",
        ("reveal", "B", 2),
    ),
    (
        "ex8",
        "Spy steals from the richer neighbour",
        "B:Lord(u) | R:Spy(u) | G:Archer(d,0)",
        "B0 R2 G3",
        None,
        1,
        [(["steal p2", "steal p3"], "steal p3")],
        "B:Lord(u) | R:Spy(u) | G:Archer(d,0)",
        "R3 B0 G2",
        ("reveal", "G", 2),
    ),
    (
        "ex8-broke",
        "Spy chooses the broke neighbour: nothing changes",
        "B:Lord(u) | R:Spy(u) | G:Archer(d,0)",
        "B0 R2 G3",
        None,
        1,
        [(["steal p2", "steal p3"], "steal p2")],
        "B:Lord(u) | R:Spy(u) | G:Archer(d,0)",
        "R2 B0 G3",
        ("reveal", "G", 2),
    ),
    (
        "ex9",
        "Archer hits the top of a stack at the far end",
        "R:Archer(u) | G:Heir(d,1) | [B:Lord(d,0) / B:Conspiracy(d,3)]",
        "R1 B1",
        None,
        0,
        [(["target 1", "target 3"], "target 3"), (["show Lord"], "show Lord"), (["reveal", "keep"], "keep")],
        "R:Archer(u) | G:Heir(d,2) | B:Conspiracy(d,3)",
        "R2 B1 G1",
        ("reveal", "B", 2),
    ),
    (
        "ex9-cont",
        "... and the uncovered Conspiracy pays double when revealed",
        "R:Archer(u) | G:Heir(d,1) | [B:Lord(d,0) / B:Conspiracy(d,3)]",
        "R1 B1",
        None,
        0,
        [(None, "target 3"), (None, "show Lord"), (None, "keep"), (["reveal", "keep"], "reveal")],
        "R:Archer(u) | G:Heir(d,2)",
        "R2 B7 G1",
        "place",
    ),
]

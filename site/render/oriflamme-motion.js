// What a move did to the queue, replayed from its events alone (pygames/oriflamme/events.py:
// slots 0-based as the queue stood at each event), so the board can slide, drop, flip and
// fade exactly the cards that changed (render/oriflamme.js animates from it).

/**
 * The queue after `events`, from the depths of the slots before them. Returns
 * {slots: [{from, placed, moved, dropped, flipped}] in the new order (`from`: the old slot
 * or null), gone: [{from, under, card, owner, reason}] (`under`: cards left beneath it)},
 * or null when an event does not tell its slot (the page then shows the view as it is).
 */
export function queueChanges(depths, events) {
  const slots = depths.map((depth, i) => ({ from: i, depth, placed: false, moved: false, dropped: false, flipped: false }));
  const gone = [];
  const fresh = (how) => ({ from: null, depth: 1, placed: false, moved: false, dropped: false, flipped: false, ...how });
  const valid = (i) => Number.isInteger(i) && i >= 0 && i < slots.length;
  const loseTop = (i, card) => {
    const s = slots[i];
    s.depth -= 1;
    if (card && s.from !== null && !s.placed && !s.moved && !s.dropped) gone.push({ from: s.from, under: s.depth, ...card });
    if (!s.depth) slots.splice(i, 1);
  };
  for (const e of events) {
    if (e.kind === "place") {
      if (e.where === "on") {
        if (!valid(e.at)) return null;
        slots[e.at].depth += 1;
        slots[e.at].dropped = true;
      } else if (Number.isInteger(e.at) && e.at >= 0 && e.at <= slots.length) slots.splice(e.at, 0, fresh({ placed: true }));
      else return null;
    } else if (e.kind === "reveal") {
      if (!valid(e.slot)) return null;
      slots[e.slot].flipped = true;
    } else if (e.kind === "eliminate" || e.kind === "discard") {
      if (!valid(e.slot)) return null;
      const card = e.kind === "eliminate"
        ? { card: e.target, owner: e.owner, reason: "eliminated" }
        : { card: e.card, owner: e.seat, reason: "discarded" };
      loseTop(e.slot, card);
    } else if (e.kind === "move") {
      if (!moveCard(slots, e, fresh, valid, loseTop)) return null;
    }
  }
  return { slots, gone };
}

/** A Royal Decree's move: the card arcs from its slot to a gap (a new slot) or onto a stack. */
function moveCard(slots, e, fresh, valid, loseTop) {
  if (!valid(e.from)) return false;
  const source = slots[e.from];
  let j = e.from;
  if ("gap" in e) {
    if (!(Number.isInteger(e.gap) && e.gap >= 0 && e.gap <= slots.length)) return false;
    slots.splice(e.gap, 0, fresh({ from: source.from, moved: true }));
    if (e.gap <= j) j += 1;
  } else {
    if (!valid(e.slot)) return false;
    slots[e.slot].depth += 1;
    slots[e.slot].dropped = true;
  }
  loseTop(j, null);
  return true;
}

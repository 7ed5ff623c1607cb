// The Oriflamme table in words, for screen readers (the hot-seat and the link pages): the
// canvas's description (what the viewing seat may know: the round, each player's influence
// and hand size, the queue left to right, its own hand) and what the keyboard's ring is on.
// Words come from the view only, and a view never holds another seat's face-down card.
//
// `who` holds the page's words: name(seat), cardName(id), and moveWords(text) for a legal move.

import { t } from "../i18n.js";

/** Slot j of the queue: whose it is, its top card as this seat knows it, the influence on it, the cards under it. */
export function slotWords(view, j, who) {
  const slot = view.queue[j];
  const top = slot.cards[slot.cards.length - 1];
  const p = { slot: j + 1, name: who.name(slot.owner), card: top.card ? who.cardName(top.card) : "" };
  const key = top.up ? "ui.oriflamme.describe.up" : top.card ? "ui.oriflamme.describe.down_known" : "ui.oriflamme.describe.down";
  const parts = [t(key, p)];
  if (top.tokens) parts.push(t("ui.oriflamme.describe.tokens", { count: top.tokens }));
  if (slot.cards.length > 1) parts.push(t("ui.oriflamme.describe.covered", { count: slot.cards.length - 1 }));
  if (view.phase === "resolve" && view.cursor === j) parts.push(t("ui.oriflamme.describe.cursor"));
  return parts.join(" ");
}

/** The whole table as this seat may know it (the canvas's description). */
export function describeBoard(view, who) {
  if (!view) return "";
  const phase = t(`oriflamme.phase.${view.phase}`);
  const parts = [view.outcome ? phase : t("ui.oriflamme.board.round", { round: view.round, rounds: view.rounds, phase })];
  for (let s = 0; s < view.players; s++) {
    parts.push(t("ui.oriflamme.board.seat", { name: who.name(s), pool: view.pools[s], count: view.hand_counts[s] }));
  }
  if (!view.queue.length) parts.push(t("ui.oriflamme.describe.queue_empty"));
  else {
    parts.push(t("ui.oriflamme.describe.queue", { count: view.queue.length }));
    view.queue.forEach((_, j) => parts.push(slotWords(view, j, who)));
  }
  if (view.hand && !view.outcome) {
    parts.push(view.hand.length ? t("ui.oriflamme.describe.hand", { cards: view.hand.map(who.cardName) }) : t("ui.oriflamme.describe.hand_empty"));
  }
  return parts.join(" ");
}

/**
 * What the keyboard's ring is on (`hit`, one of `board`'s keyTargets) and what Enter does
 * there (picks the hand card up, or plays the move the board says the hit stands for).
 */
export function ringWords(view, hit, board, who) {
  if (!view || !hit) return "";
  const sel = board.opts.select;
  const parts = [];
  if (hit.kind === "hand") {
    parts.push(t("ui.oriflamme.ring.hand", { card: who.cardName(hit.id) }));
    if (sel.selected === hit.id) parts.push(t("ui.oriflamme.ring.picked"));
    else if (sel.hand.has(hit.id)) parts.push(t("ui.oriflamme.ring.pick"));
  } else if (hit.kind === "slot" && view.queue[hit.id]) parts.push(slotWords(view, hit.id, who));
  else if (hit.kind === "seat") {
    parts.push(t("ui.oriflamme.board.seat", { name: who.name(hit.id), pool: view.pools[hit.id], count: view.hand_counts[hit.id] }));
  }
  const move = board.moveAt(hit);
  if (move) parts.push(t("ui.oriflamme.ring.move", { move: who.moveWords(move) }));
  return parts.join(" ");
}

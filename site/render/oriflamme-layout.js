// Where everything of the Oriflamme board goes (banners, strip, queue rows, hand, end
// targets, gaps) for a canvas size, and what a point on the canvas hits. These methods are
// installed on OriflammeBoard's prototype (render/oriflamme.js): they read the board's
// view, options and geometry as `this`.

import { RATIO } from "./oriflamme-art.js";

/** The board's layout and hit-testing (methods of OriflammeBoard). */
export const boardLayout = {
  layout(W, H) {
    const view = this.view;
    const n = view ? view.players : (this.opts && this.opts.players) || 3; // no view yet: the route's players
    const compact = W < 560;
    const pad = compact ? 6 : 12;
    const g = { W, H, pad, compact, banners: [], slots: [], drops: [], gaps: [], hand: [], items: [] };
    if (W < 40 || H < 40) return g;
    // the banners
    // (four or five players on a phone: two rows, so that a 12-letter name fits)
    const bgap = compact ? 4 : 8;
    const bh = compact ? 60 : 66;
    const perRow = compact && n > 3 ? Math.ceil(n / 2) : n;
    const rows = Math.ceil(n / perRow);
    const bw = Math.min(240, (W - 2 * pad - (perRow - 1) * bgap) / perRow);
    for (let s = 0; s < n; s++) {
      const r = Math.floor(s / perRow), c = s % perRow;
      const inRow = Math.min(perRow, n - r * perRow);
      const bx0 = (W - (inRow * bw + (inRow - 1) * bgap)) / 2;
      g.banners.push({ seat: s, x: bx0 + c * (bw + bgap), y: pad + r * (bh + bgap), w: bw, h: bh });
    }
    g.stripY = pad + rows * bh + (rows - 1) * bgap + 4;
    g.stripH = compact ? 20 : 24;
    const handH = placeHand(g, view);
    // the queue mat
    g.mat = { x: pad, y: g.stripY + g.stripH + 2, w: W - 2 * pad, h: H - handH - (g.stripY + g.stripH + 2) - 4 };
    placeQueue(g, view);
    return g;
  },

  /** The height at which the queue gets its largest cards (phones size the board to it), or null. */
  heightFor(W) {
    const big = 4000;
    const g = this.layout(W, big);
    if (!g.mat || !g.card) return null;
    const handH = big - (g.mat.y + g.mat.h + 4);
    return g.mat.y + g.card.rows * g.card.rowH + 10 + 4 + handH;
  },

  _infoR(b) {
    return Math.max(9, Math.min(13, b.w * 0.17));
  },

  hitTest(x, y) {
    const g = this.geom;
    if (!g || !this.view) return null;
    const sel = this.opts.select;
    const view = this.view;
    const inside = (b, m = 0) => x >= b.x - m && x < b.x + b.w + m && y >= b.y - m && y < b.y + b.h + m;
    // the hand: its (i), then the card
    for (const b of g.hand) {
      const r = this._infoR(b);
      const top = b.y - (sel.selected === b.card ? b.h * 0.14 : 0); // the picked-up card is lifted
      if (Math.hypot(x - (b.x + b.w - r - 1), y - (top + r + 1)) <= r + 4) {
        return { kind: "info", id: b.card, info: { card: b.card, family: view.seat, where: "hand" } };
      }
      if (inside({ ...b, y: top, h: b.h + b.y - top }, 3)) return this._handHit(b.card);
    }
    for (const b of g.banners) if (inside(b)) return { kind: "seat", id: b.seat };
    for (const b of g.drops) if (inside(b, 4)) return { kind: "drop", id: b.where };
    // gaps first when they are what is asked for
    if (sel.gaps.size) {
      let best = null, bestD = Infinity;
      for (const [k] of sel.gaps) {
        for (const s of g.gaps[k] || []) {
          const d = Math.hypot(x - s.x, (y - s.y) * 0.5);
          if (d < bestD) {
            best = k;
            bestD = d;
          }
        }
      }
      if (best !== null && bestD < g.card.cw * 0.9) return { kind: "gap", id: best };
    }
    for (const b of g.slots) {
      if (!b) continue;
      const slot = view.queue[b.slot];
      const height = (slot.cards.length - 1) * g.card.so;
      if (x >= b.x - 3 && x < b.x + b.w + 3 && y >= b.y - height - 3 && y < b.y + b.h + 10) return this._slotHit(b.slot);
    }
    return null;
  },

  /** Slot j as a hit: its top card and stack for the card's rules. */
  _slotHit(j) {
    const slot = this.view.queue[j];
    const top = slot.cards[slot.cards.length - 1];
    return {
      kind: "slot",
      id: j,
      info: { card: top.card, up: top.up, tokens: top.tokens, family: slot.owner, slot: j, stack: slot.cards, where: "queue" },
    };
  },

  /** The viewer's hand card `card` as a hit. */
  _handHit(card) {
    return { kind: "hand", id: card, info: { card, family: this.view.seat, where: "hand" } };
  },

  /**
   * What the keyboard's ring may go to, in reading order: the banners that may be stolen from,
   * the queue left to right (the end targets, the gaps a Royal Decree may fill, every stack:
   * a target, or its card's rules), then the hand.
   */
  keyTargets() {
    const g = this.geom, view = this.view;
    if (!g || !view || !g.card) return [];
    const sel = this.opts.select;
    const out = [];
    const add = (hit, b) => out.push({ hit, x: b.x, y: b.y, w: b.w, h: b.h });
    for (const b of g.banners) if (sel.seats.has(b.seat)) add({ kind: "seat", id: b.seat }, b);
    const gap = (k) => {
      const s = sel.gaps.has(k) && g.gaps[k] && g.gaps[k][0];
      if (s) add({ kind: "gap", id: k }, { x: s.x - 7, y: s.y - g.card.ch * 0.45, w: 14, h: g.card.ch * 0.9 });
    };
    for (const it of g.items) {
      if (it.kind === "drop") {
        if (sel.drops.has(it.where)) add({ kind: "drop", id: it.where }, it);
        continue;
      }
      gap(it.slot);
      // only a card that may be chosen now: never a rival's face-down card nobody may pick
      const hit = this._slotHit(it.slot);
      const height = (it.depth - 1) * g.card.so;
      if (this._action(hit)) add(hit, { x: it.x, y: it.y - height, w: it.w, h: it.h + height });
    }
    gap(view.queue.length);
    for (const b of g.hand) {
      // a card picked up: the arrows go among its places (and back to it), not to another card,
      // which Enter would pick instead (Escape lets go of it first)
      const hit = this._handHit(b.card);
      if (sel.selected ? sel.selected !== b.card : !this._action(hit)) continue;
      const lift = sel.selected === b.card ? b.h * 0.14 : 0;
      add(hit, { x: b.x, y: b.y - lift, w: b.w, h: b.h });
    }
    return out;
  },
};

/** The hand along the bottom (cards and their tray) into `g`; returns the height it takes. */
function placeHand(g, view) {
  const { W, H, pad, compact } = g;
  const hand = view && !view.outcome ? view.hand : null;
  const count = hand ? hand.length : 0;
  let handH;
  if (hand) {
    const hgap = compact ? 5 : 8;
    const slots = Math.max(count, 5);
    const hcw = Math.min(compact ? 66 : 92, (W - 2 * pad - (slots - 1) * hgap) / slots, (H * 0.2) / RATIO);
    const hch = hcw * RATIO;
    const title = compact ? 18 : 22;
    handH = title + hch + pad + 6;
    const y = H - pad - hch - 2;
    const total = count * hcw + (count - 1) * hgap;
    const x0 = (W - total) / 2;
    hand.forEach((card, i) => g.hand.push({ card, x: x0 + i * (hcw + hgap), y, w: hcw, h: hch }));
    g.handBox = { x: pad, y: H - handH, w: W - 2 * pad, h: handH - pad + 4, titleY: H - handH + title / 2 + 3 };
  } else {
    handH = view && !view.outcome && view.seat === null ? 30 : 8;
    g.handBox = { x: pad, y: H - handH, w: W - 2 * pad, h: handH - pad + 4, titleY: H - handH + 12 };
  }
  return handH;
}

/** The queue on the mat `g.mat`: the end targets and the slots in rows (g.items, g.slots, g.drops, g.card), and the gaps. */
function placeQueue(g, view) {
  const mat = g.mat;
  const queue = view ? view.queue : [];
  const placing = !!(view && view.phase === "place");
  const items = [];
  if (placing) items.push({ kind: "drop", where: "left" });
  queue.forEach((slot, i) => items.push({ kind: "slot", slot: i, depth: slot.cards.length }));
  if (placing && queue.length) items.push({ kind: "drop", where: "right" });
  const T = Math.max(1, items.length);
  const tallest = queue.reduce((m, s) => Math.max(m, s.cards.length), 1);
  const innerH = mat.h - 10;
  const fit = cardFit(mat, T, tallest, g.compact);
  const { cw, ch, gx, rowH, rows } = fit;
  const perRow = Math.ceil(T / rows);
  const blockH = rows * rowH;
  const y0 = mat.y + 5 + Math.max(0, (innerH - blockH) / 2);
  items.forEach((it, k) => {
    const r = Math.floor(k / perRow), c = k % perRow;
    const inRow = Math.min(perRow, items.length - r * perRow);
    const rowW = inRow * cw + (inRow - 1) * gx;
    const x = mat.x + (mat.w - rowW) / 2 + c * (cw + gx);
    const y = y0 + r * rowH + fit.top;
    const box = { ...it, x, y, w: cw, h: ch, row: r, col: c, last: c === inRow - 1 };
    items[k] = box;
    if (it.kind === "slot") g.slots[it.slot] = box;
    else g.drops.push(box);
  });
  g.items = items;
  g.card = fit;
  placeGaps(g, queue.length, gx);
}

/** The largest card size whose rows of `T` items (stacks up to `tallest` high) fit on the mat. */
function cardFit(mat, T, tallest, compact) {
  const innerH = mat.h - 10;
  let fit = null;
  for (let cw = Math.min(compact ? 84 : 118, (mat.w - 24) / 2.6); cw >= 22; cw -= 1) {
    const ch = cw * RATIO;
    const so = Math.max(3, cw * 0.075);
    const top = so * Math.min(tallest - 1, 6) + Math.max(8, cw * 0.12);
    const below = Math.max(14, cw * 0.2) + 6;
    const gx = Math.max(12, cw * 0.22);
    const rowH = top + ch + below;
    const innerW = mat.w - 2 * Math.max(10, gx); // room for the chevrons at the row ends
    const cols = Math.max(1, Math.floor((innerW + gx) / (cw + gx)));
    const rows = Math.ceil(T / cols);
    fit = { cw, ch, so, top, below, gx, rowH, cols, rows };
    if (rows * rowH <= innerH) break;
  }
  return fit;
}

/** The gaps between slots (Royal Decree destinations): gap k sits before slot k. */
function placeGaps(g, N, gx) {
  for (let k = 0; k <= N; k++) {
    const spots = [];
    const a = g.slots[k - 1], b = g.slots[k];
    if (a && b && a.row === b.row) spots.push({ x: (a.x + a.w + b.x) / 2, y: a.y + a.h / 2 });
    else {
      if (a) spots.push({ x: a.x + a.w + gx / 2, y: a.y + a.h / 2 });
      if (b) spots.push({ x: b.x - gx / 2, y: b.y + b.h / 2 });
    }
    g.gaps[k] = spots;
  }
}

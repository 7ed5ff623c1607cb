// The Oriflamme table on a canvas: heraldry and intrigue. Our own vector art.
//
//   * the players' banners across the top: family crest (a colour AND a charge shape:
//     star, crescent, trefoil, lozenge, cross), name, influence pool (a gold coin),
//     cards in hand, the first player's pennant;
//   * the queue on a velvet mat, in resolution order (slot 1 first), wrapping in rows:
//     stacks show their covered cards as edges under the top card; face-down cards
//     show their family's back with its crest; face-up cards a large glyph and the
//     name; influence on a card as gold coins; the slot being resolved wears a
//     golden frame and a pointer;
//   * the hand of the seat whose device it is, face up, along the bottom.
//
// It draws the VIEW it is given and reports clicks; it knows no rules. What may be
// clicked (drop targets, targets, gaps, players) comes from the controller, which
// reads it from the engine's legal moves. By keyboard (enableKeys) the arrows move a ring
// over the same things (keyTargets, in oriflamme-layout.js), Enter does what a click does
// and "i" opens the ringed card's rules.
//
// The board's layout and hit-testing are in oriflamme-layout.js, its painting in
// oriflamme-paint.js, the cards in oriflamme-cards.js and the art in oriflamme-art.js.

import { clamp01 } from "./art.js";
import { FLIP_MS, GONE_MS, SLIDE_MS, learnKinds, oriPalette } from "./oriflamme-art.js";
import { queueChanges } from "./oriflamme-motion.js";
import { CanvasBoard } from "./board.js";
import { boardLayout } from "./oriflamme-layout.js";
import { boardPainting } from "./oriflamme-paint.js";

export { FAMILIES } from "./oriflamme-art.js";
export { cardImage, crestImage } from "./oriflamme-cards.js";

// ------------------------------------------------------------------ the board

export class OriflammeBoard extends CanvasBoard {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{onMove?: (move:string)=>void, onHand?: (card:string)=>void, onInfo?: (info:object)=>void,
   *          onLayout?: ()=>void}} handlers
   */
  constructor(canvas, { onMove = () => {}, onHand = () => {}, onInfo = () => {}, onLayout = () => {} } = {}) {
    super(canvas, oriPalette, { minSide: 40 });
    this.onMove = onMove;
    this.onHand = onHand;
    this.onInfo = onInfo;
    this.onLayout = onLayout;
    this.opts = { select: emptySelect(), labels: {}, names: [], tags: [], viewer: null };
    this.deltas = null;
    canvas.addEventListener("pointerdown", (e) => this._press(e));
    canvas.addEventListener("pointerup", () => clearTimeout(this._pressTimer));
    canvas.addEventListener("pointercancel", () => clearTimeout(this._pressTimer));
    canvas.addEventListener("contextmenu", (e) => {
      const hit = this.hitTest(...this._pos(e));
      if (hit && hit.info) {
        e.preventDefault();
        this.onInfo(hit.info);
      }
    });
    this.resize();
  }

  /**
   * Show a view. opts: {select, labels, names, tags, viewer, animate, events}. select holds
   * what may be clicked now (see emptySelect); `events` (the bridge's, for the move that led
   * to this view) say what moved in the queue and whose influence changed: a new view
   * without them simply shows.
   */
  setView(view, opts = {}) {
    learnKinds(view);
    const changed = view !== this.view;
    this.view = view;
    this.opts = { ...this.opts, ...opts, select: { ...emptySelect(), ...(opts.select || {}) } };
    const oldSlots = this.geom ? this.geom.slots : [];
    this.geom = this.layout(this.W || 0, this.H || 0);
    if (changed) {
      const now = performance.now();
      this.anims = this.anims.filter((a) => now < a.start + a.dur);
      // the influence badges add up from the viewer's last move (or a change of viewer) on
      if (!opts.animate || opts.freshDeltas) this.deltas = null;
      const events = opts.events || [];
      if (opts.animate && view && events.length && !this.reduced.matches) {
        this._animateEvents(events, oldSlots, now);
        this._countInfluence(events);
      } else this.anims = [];
    }
    if (this.hover && !this._clickable(this.hover)) this._setHover(null);
    this.keysChanged(); // the keyboard's ring leaves what is gone for the nearest target left
    this.requestDraw();
    this.onLayout();
  }

  // ------------------------------------------------------------ geometry

  resize() {
    super.resize();
    this.onLayout();
  }


  /** The centre of slot i (0-based) in viewport coordinates (tests and tools). */
  slotCenter(i) {
    const b = this.geom && this.geom.slots[i];
    return b ? this.toClient(b.x + b.w / 2, b.y + b.h / 2, Math.min(b.w, b.h)) : null;
  }

  /** The centre of the viewer's hand card `card`. */
  handCenter(card) {
    const b = this.geom && this.geom.hand.find((h) => h.card === card);
    return b ? this.toClient(b.x + b.w / 2, b.y + b.h * 0.6, Math.min(b.w, b.h)) : null;
  }

  /** The (i) button of a hand card. */
  handInfoCenter(card) {
    const b = this.geom && this.geom.hand.find((h) => h.card === card);
    if (!b) return null;
    const r = this._infoR(b);
    const top = b.y - (this.opts.select.selected === card ? b.h * 0.14 : 0);
    return this.toClient(b.x + b.w - r - 1, top + r + 1, r * 2);
  }

  seatCenter(seat) {
    const b = this.geom && this.geom.banners[seat];
    return b ? this.toClient(b.x + b.w / 2, b.y + b.h / 2, Math.min(b.w, b.h)) : null;
  }

  dropCenter(where) {
    const b = this.geom && this.geom.drops.find((d) => d.where === where);
    return b ? this.toClient(b.x + b.w / 2, b.y + b.h / 2, Math.min(b.w, b.h)) : null;
  }

  gapCenter(k) {
    const s = this.geom && this.geom.gaps[k] && this.geom.gaps[k][0];
    return s ? this.toClient(s.x, s.y, this.geom.card.gx) : null;
  }

  /** The box of slot i in canvas coordinates (for overlays). */
  slotBox(i) {
    const b = this.geom && this.geom.slots[i];
    return b ? { x: b.x, y: b.y, w: b.w, h: b.h } : null;
  }

  /** The move (or action) a hit stands for now, or null. */
  _action(hit) {
    if (!hit) return null;
    const sel = this.opts.select;
    if (hit.kind === "hand") return sel.hand.has(hit.id) ? { hand: hit.id } : null;
    if (hit.kind === "drop") return sel.drops.has(hit.id) ? { move: sel.drops.get(hit.id) } : null;
    if (hit.kind === "gap") return sel.gaps.has(hit.id) ? { move: sel.gaps.get(hit.id) } : null;
    if (hit.kind === "seat") return sel.seats.has(hit.id) ? { move: sel.seats.get(hit.id) } : null;
    if (hit.kind === "slot") return sel.slots.has(hit.id) ? { move: sel.slots.get(hit.id) } : null;
    return null;
  }

  _clickable(hit) {
    return !!this._action(hit) || !!(hit && hit.info && (hit.info.card || hit.kind === "slot"));
  }

  _click(e) {
    if (this._longPressed) {
      this._longPressed = false;
      return;
    }
    this._pick(this.hitTest(...this._pos(e)));
  }

  /** A click (or Enter on the keyboard's ring) on `hit`: its move, a hand card picked up, else the card's rules. */
  _pick(hit) {
    if (!hit) return;
    if (hit.kind === "info") return this.onInfo(hit.info);
    const act = this._action(hit);
    if (act && act.move) return this.onMove(act.move);
    if (act && act.hand) return this.onHand(act.hand);
    if (hit.info) this.onInfo(hit.info);
  }

  /** The move `hit` stands for now (its text), or null: for the words of the keyboard's ring. */
  moveAt(hit) {
    const act = this._action(hit);
    return act && act.move ? act.move : null;
  }

  /** The hit the keyboard's ring is on while the canvas has the focus, or null. */
  ringHit() {
    const target = this.keyActive ? this._keyTarget(this.keyFocus) : null;
    return target ? target.hit : null;
  }

  /**
   * Play by keyboard (CanvasBoard.enableKeys); "i" opens the rules of the ringed card (a long
   * press or a right click with a pointer), and onKeyFocus(null) hears that the canvas lost the focus.
   */
  enableKeys(opts) {
    super.enableKeys(opts);
    this.canvas.addEventListener("blur", () => this.onKeyFocus(null));
    this.canvas.addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.key.toLowerCase() !== "i") return;
      const target = this._keyTarget(this.keyFocus);
      if (!target || !target.hit.info) return;
      e.preventDefault();
      this.onInfo(target.hit.info);
    });
  }

  _press(e) {
    clearTimeout(this._pressTimer);
    this._longPressed = false;
    if (e.pointerType !== "touch") return;
    const pos = this._pos(e);
    this._pressTimer = setTimeout(() => {
      const hit = this.hitTest(...pos);
      if (hit && hit.info) {
        this._longPressed = true;
        this.onInfo(hit.info);
      }
    }, 520);
  }

  _move(e) {
    clearTimeout(this._pressTimer);
    super._move(e);
  }

  // ------------------------------------------------------------ motion

  /** Slides, drops, flips, cards gone and Royal Decree arcs, as the move's events tell them. */
  _animateEvents(events, oldSlots, now) {
    const g = this.geom;
    if (!g.card) return;
    const change = queueChanges(oldSlots.map((b) => b.depth), events);
    if (!change || change.slots.length !== g.slots.length) return;
    const push = (a) => this.anims.push({ start: now, dur: SLIDE_MS, ...a });
    for (const c of change.gone) {
      const a = oldSlots[c.from];
      if (a) push({ kind: "gone", card: c.card, owner: c.owner, reason: c.reason, x: a.x, y: a.y - c.under * g.card.so, w: a.w, h: a.h, dur: GONE_MS });
    }
    change.slots.forEach((s, j) => {
      const a = s.from === null ? null : oldSlots[s.from], b = g.slots[j];
      if (s.moved) {
        if (a) push({ kind: "slide", slot: j, fx: a.x, fy: a.y, arc: true, dur: SLIDE_MS + 40 });
      } else if (s.placed) push({ kind: "slide", slot: j, fx: b.x, fy: g.H, fade: true });
      else if (a && (Math.abs(a.x - b.x) > 1 || Math.abs(a.y - b.y) > 1)) push({ kind: "slide", slot: j, fx: a.x, fy: a.y });
      if (s.dropped) push({ kind: "drop", slot: j });
      else if (s.flipped) push({ kind: "flip", slot: j, dur: FLIP_MS });
    });
  }

  /** Influence won or lost, as the move's events say (the badges add up over the moves of the last moments). */
  _countInfluence(events) {
    const change = events.find((e) => e.kind === "influence");
    if (!change) return;
    const deltas = change.changes;
    this.deltas = this.deltas ? this.deltas.map((d, s) => d + (deltas[s] || 0)) : deltas;
    this.anims.push({ kind: "pool", dur: SLIDE_MS, seats: deltas.map(Boolean), start: performance.now() });
  }

  _anim(kind, test = () => true) {
    const now = performance.now();
    return this.anims.find((a) => a.kind === kind && now < a.start + a.dur && test(a));
  }

  _progress(a) {
    return clamp01((performance.now() - a.start) / a.dur);
  }

  // ------------------------------------------------------------ drawing

  paint() {
    this.drawMat();
    if (this.view) {
      this.drawBanners();
      this.drawStrip();
      this.drawQueue();
      this.drawGone();
      this.drawHand();
    } else this.drawFrameBanners();
  }
}

function emptySelect() {
  return {
    hand: new Set(), // cards that may be picked up for placement
    selected: null, // the card picked up
    drops: new Map(), // "left" | "right" -> move
    dropsHint: false, // show the end targets faintly
    slots: new Map(), // slot -> move (targets, own stacks, cards to move or copy)
    slotKind: "pick", // "attack" | "pick"
    seats: new Map(), // seat -> move (steal)
    gaps: new Map(), // gap -> move (Royal Decree destination)
    picked: null, // the slot a Royal Decree picked
  };
}

Object.assign(OriflammeBoard.prototype, boardLayout, boardPainting);

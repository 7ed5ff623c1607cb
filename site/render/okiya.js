// The Okiya board on a canvas. It draws the VIEW it is given (from pygames.bridge)
// and reports clicks on cells the engine listed as legal. It knows no rules.

import { SANS } from "./fonts.js";
import { palette, drawTile, drawToken, prepareTileFaces, roundRect, fillShadowed, easeOut, clamp01 } from "./art.js";
import { CellBoard } from "./cells.js";

const LIFT_MS = 280;
const DROP_MS = 200;
const DEAL_MS = 300;
/** The garden's side: 4 by 4 tiles. */
export const SIDE = 4;

export class OkiyaBoard extends CellBoard {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{onMove?: (cell:number)=>void}} options
   */
  constructor(canvas, { onMove = () => {} } = {}) {
    // a click just above a tile hits it too: a tile the pointer is over is drawn lifted
    super(canvas, palette, { cols: SIDE, rows: SIDE, onMove, hitLift: 0.06 }, { watchWindow: true });
    this.labels = { lastTile: "", seats: ["", ""], tags: ["", ""] };
    this.marks = { played: null, best: [] }; // the replay's and the hint's rings (the best ones starred)
    this.resize();
  }

  /**
   * Show a view. opts: {legal: cells clickable now, interactive, labels, animate}.
   */
  setView(view, { legal = [], interactive = false, labels = null, animate = true } = {}) {
    const prev = this.view;
    this.view = view;
    this.setLegal(legal, interactive);
    if (labels) this.labels = labels;
    this.canvas.style.cursor = "default";
    const now = performance.now();
    this.anims = this.anims.filter((a) => now - a.start < a.dur);
    if (animate && !this.reduced.matches && view) {
      const sameDeal = prev && prev.layout && view.layout && prev.layout.join() === view.layout.join();
      if (sameDeal) {
        const taken = [];
        for (let c = 0; c < this.cellCount; c++) if (prev.tokens[c] === null && view.tokens[c] !== null) taken.push(c);
        if (taken.length === 1) {
          const cell = taken[0];
          this.anims.push({ kind: "lift", cell, tile: prev.layout[cell], prevLast: prev.last_tile, start: now, dur: LIFT_MS });
          this.anims.push({ kind: "drop", cell, start: now + LIFT_MS * 0.35, dur: DROP_MS });
        }
      } else if (!prev || !prev.layout || prev.layout.join() !== view.layout.join()) {
        this.anims.push({ kind: "deal", start: now, dur: DEAL_MS });
      }
    }
    this.requestDraw();
    this.keysChanged();
  }

  /**
   * Ring cells over the view: `best` (the perfect player's moves, solid) and `played` (the
   * move a review looks at, dashed). The page gets both from the bridge; no marks: {}.
   */
  setMarks({ played = null, best = [] } = {}) {
    this.marks = { played, best: [...best] };
    this.requestDraw();
  }

  layout(W, H) {
    const pad = Math.max(6, Math.min(W, H) * 0.025);
    const portrait = W < H * 1.12;
    const railK = 0.34; // rail depth relative to the board
    const gapK = 0.045;
    let B, bx, by, rail;
    if (portrait) {
      B = Math.max(40, Math.min(W - 2 * pad, (H - 2 * pad) / (1 + gapK + railK)));
      const total = B * (1 + gapK + railK);
      bx = (W - B) / 2;
      by = Math.max(pad, (H - total) / 2);
      rail = { x: bx, y: by + B * (1 + gapK), w: B, h: B * railK, dir: "row" };
    } else {
      B = Math.max(40, Math.min(H - 2 * pad, (W - 2 * pad) / (1 + gapK + railK)));
      const total = B * (1 + gapK + railK);
      bx = Math.max(pad, (W - total) / 2);
      by = (H - B) / 2;
      rail = { x: bx + B * (1 + gapK), y: by, w: B * railK, h: B, dir: "col" };
    }
    const m = B * 0.05;
    const gap = B * 0.03;
    const s = (B - 2 * m - (SIDE - 1) * gap) / SIDE;
    return { W, H, B, bx, by, m, gap, s, rail };
  }

  lastSlot() {
    const { rail, s } = this.geom;
    const ts = Math.min(s * 0.95, rail.dir === "row" ? rail.h * 0.72 : rail.w * 0.72);
    const cx = rail.x + rail.w / 2, cy = rail.y + rail.h / 2;
    return { x: cx - ts / 2, y: cy - ts / 2 + (rail.dir === "row" ? rail.h * 0.07 : 0), s: ts };
  }

  paint(g, now) {
    const { ctx, pal } = this;
    this.drawTray();
    const view = this.view;
    if (view) {
      const lifting = new Map(this.anims.filter((a) => a.kind === "lift" && now < a.start + a.dur).map((a) => [a.cell, a]));
      const drops = new Map(this.anims.filter((a) => a.kind === "drop" && now < a.start + a.dur).map((a) => [a.cell, a]));
      const deal = this.anims.find((a) => a.kind === "deal" && now < a.start + a.dur);
      const over = !!view.outcome;
      const calm = view.legal ? new Set(view.legal) : new Set();
      // 1. recesses (empty cells), then resting tiles, then lifted tiles
      for (let c = 0; c < this.cellCount; c++) {
        if (view.tokens[c] !== null || lifting.has(c)) this.drawRecess(c, c === view.last);
      }
      const order = [...Array(this.cellCount).keys()].sort((a, b) => (calm.has(a) ? 1 : 0) - (calm.has(b) ? 1 : 0));
      for (const c of order) {
        if (view.tokens[c] !== null) continue;
        const r = this.cellRect(c);
        const clickable = this.legal.has(c);
        const matching = calm.has(c) && !over;
        let alpha = 1, lift = matching ? 0.45 : 0;
        if (deal) {
          const p = clamp01((now - deal.start - c * 8) / (deal.dur - 120));
          alpha = easeOut(p);
          lift += (1 - easeOut(p)) * 1.5;
        }
        if (clickable && (c === this.hover || c === this.focus)) lift = 1;
        drawTile(ctx, pal, r.x, r.y, r.s, view.layout[c], {
          reuse: true,
          lift,
          alpha,
          glow: clickable ? 1 : 0,
          dim: over ? 0.3 : this.interactive && !clickable ? 0.32 : 0,
          ring: clickable && (c === this.hover || c === this.focus) ? pal.hover : null,
        });
      }
      // 2. the winning pattern, under the tokens
      if (over && view.outcome.cells && view.outcome.cells.length) this.drawWin(view.outcome.cells);
      // 3. tokens
      for (let c = 0; c < this.cellCount; c++) {
        const seat = view.tokens[c];
        if (seat === null || lifting.has(c)) continue;
        const r = this.cellRect(c);
        let scale = 1, alpha = 1;
        const d = drops.get(c);
        if (d) {
          const p = clamp01((now - d.start) / d.dur);
          scale = 1.35 - 0.35 * easeOut(p);
          alpha = p <= 0 ? 0 : Math.min(1, p * 2);
        }
        drawToken(ctx, pal, seat, r.x + r.s / 2, r.y + r.s / 2, r.s * 0.6, { scale, alpha });
      }
      if (this.focus !== null && view.tokens[this.focus] === null && !this.legal.has(this.focus)) {
        /* focus only highlights legal cells */
      }
      this.drawMarks();
      this.drawRail(lifting);
      // 4. a taken tile lifts away towards the "last tile" slot
      for (const a of lifting.values()) {
        const p = clamp01((now - a.start) / a.dur);
        const e = easeOut(p);
        const from = this.cellRect(a.cell);
        const to = this.lastSlot();
        const s = from.s + (to.s - from.s) * e;
        const x = from.x + (to.x - from.x) * e;
        const y = from.y + (to.y - from.y) * e - Math.sin(Math.PI * p) * from.s * 0.35;
        drawTile(ctx, pal, x, y, s, a.tile, { lift: 1 + Math.sin(Math.PI * p) });
      }
    } else this.drawFrame();
  }

  /** No position yet (Python is loading): the empty garden, its sixteen places, and the rail
   * with the players' names and an empty last-tile slot (nothing dealt, nobody to move). */
  drawFrame() {
    for (let c = 0; c < this.cellCount; c++) this.drawRecess(c, false);
    this.drawRail(new Map());
    const faces = `${this.geom.s}@${this.dpr}:${this.pal.tray}`; // the tile size, scale and palette
    if (this.facesDrawnFor !== faces) prepareTileFaces(this.dpr, this.pal, this.geom.s); // for the first position
    this.facesDrawnFor = faces;
  }

  /** The tray (frame and raked gravel): drawn once per size and palette, then copied (drawn out it
   * cost about a third of a frame). */
  drawTray() {
    const { ctx, geom: g, pal, dpr } = this;
    const key = `${g.W}x${g.H}@${dpr}:${pal.tray}`;
    if (!this.tray || this.tray.key !== key) {
      const c = document.createElement("canvas");
      c.width = this.canvas.width;
      c.height = this.canvas.height;
      const tc = c.getContext("2d");
      tc.setTransform(dpr, 0, 0, dpr, 0, 0);
      paintTray(tc, g, pal);
      this.tray = { key, canvas: c };
    }
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.tray.canvas, 0, 0);
    ctx.restore();
  }

  drawRecess(cell, isLast) {
    const { ctx, pal } = this;
    const r = this.cellRect(cell);
    const i = r.s * 0.04;
    ctx.save();
    roundRect(ctx, r.x + i, r.y + i, r.s - 2 * i, r.s - 2 * i, r.s * 0.12);
    ctx.fillStyle = pal.recess;
    ctx.fill();
    ctx.strokeStyle = pal.recessEdge;
    ctx.lineWidth = Math.max(1, r.s * 0.02);
    ctx.stroke();
    if (isLast) {
      ctx.setLineDash([r.s * 0.06, r.s * 0.05]);
      ctx.strokeStyle = pal.glow;
      ctx.lineWidth = Math.max(1.5, r.s * 0.025);
      roundRect(ctx, r.x + i * 2, r.y + i * 2, r.s - 4 * i, r.s - 4 * i, r.s * 0.1);
      ctx.stroke();
    }
    ctx.restore();
  }

  /** The rings of setMarks: the best moves solid, the played one dashed inside. */
  drawMarks() {
    const { ctx, pal, marks } = this;
    const ring = (cell, color, inset, dash) => {
      const r = this.cellRect(cell);
      ctx.save();
      ctx.setLineDash(dash ? [r.s * 0.08, r.s * 0.06] : []);
      ctx.strokeStyle = color;
      ctx.lineWidth = Math.max(3, r.s * 0.06);
      roundRect(ctx, r.x - inset * r.s, r.y - inset * r.s, r.s + 2 * inset * r.s, r.s + 2 * inset * r.s, r.s * 0.14);
      ctx.stroke();
      ctx.restore();
    };
    for (const cell of marks.best) ring(cell, pal.glow, 0.06, false);
    if (marks.played !== null) ring(marks.played, pal.accent, -0.04, true);
    for (const cell of marks.best) this.drawStar(cell);
  }

  /** The best move's badge: a star on a disc at the tile's corner (a shape, not a colour alone). */
  drawStar(cell) {
    const { ctx, pal } = this;
    const r = this.cellRect(cell);
    const R = r.s * 0.17;
    const cx = r.x + r.s - R * 0.55, cy = r.y + R * 0.55;
    ctx.save();
    ctx.beginPath();
    ctx.arc(cx, cy, R, 0, Math.PI * 2);
    ctx.fillStyle = pal.glow;
    ctx.fill();
    ctx.lineWidth = Math.max(1.5, r.s * 0.025);
    ctx.strokeStyle = "#2a2320";
    ctx.stroke();
    ctx.beginPath();
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const d = i % 2 ? R * 0.3 : R * 0.72;
      ctx.lineTo(cx + d * Math.cos(a), cy + d * Math.sin(a));
    }
    ctx.closePath();
    ctx.fillStyle = "#2a2320";
    ctx.fill();
    ctx.restore();
  }

  drawWin(cells) {
    const { ctx, pal } = this;
    const rs = cells.map((c) => this.cellRect(c));
    const xs = cells.map((c) => c % SIDE), ys = cells.map((c) => (c / SIDE) | 0);
    const square = new Set(xs).size === 2 && new Set(ys).size === 2;
    ctx.save();
    ctx.shadowColor = pal.glow;
    ctx.shadowBlur = rs[0].s * 0.3;
    ctx.strokeStyle = pal.glow;
    ctx.globalAlpha = 0.9;
    if (square) {
      const x0 = Math.min(...rs.map((r) => r.x)), y0 = Math.min(...rs.map((r) => r.y));
      const x1 = Math.max(...rs.map((r) => r.x + r.s)), y1 = Math.max(...rs.map((r) => r.y + r.s));
      roundRect(ctx, x0 - 3, y0 - 3, x1 - x0 + 6, y1 - y0 + 6, rs[0].s * 0.18);
      ctx.lineWidth = Math.max(4, rs[0].s * 0.07);
      ctx.stroke();
      ctx.globalAlpha = 0.22;
      ctx.fillStyle = pal.glow;
      ctx.fill();
    } else {
      const sorted = [...rs].sort((a, b) => a.y - b.y || a.x - b.x);
      const a = sorted[0], b = sorted[sorted.length - 1];
      ctx.lineCap = "round";
      ctx.lineWidth = rs[0].s * 0.38;
      ctx.globalAlpha = 0.45;
      ctx.beginPath();
      ctx.moveTo(a.x + a.s / 2, a.y + a.s / 2);
      ctx.lineTo(b.x + b.s / 2, b.y + b.s / 2);
      ctx.stroke();
    }
    ctx.restore();
  }

  drawRail(lifting) {
    const { ctx, geom: g, pal, view } = this;
    const rail = g.rail;
    const row = rail.dir === "row";
    // panels: seat 0 | last tile | seat 1
    const parts = row
      ? [
          { x: rail.x, y: rail.y, w: rail.w * 0.34, h: rail.h },
          { x: rail.x + rail.w * 0.34, y: rail.y, w: rail.w * 0.32, h: rail.h },
          { x: rail.x + rail.w * 0.66, y: rail.y, w: rail.w * 0.34, h: rail.h },
        ]
      : [
          { x: rail.x, y: rail.y, w: rail.w, h: rail.h * 0.32 },
          { x: rail.x, y: rail.y + rail.h * 0.32, w: rail.w, h: rail.h * 0.36 },
          { x: rail.x, y: rail.y + rail.h * 0.68, w: rail.w, h: rail.h * 0.32 },
        ];
    const font = Math.max(12, Math.min(18, g.s * 0.17));
    ctx.save();
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    // last tile
    const slot = this.lastSlot();
    const pending = [...lifting.values()][0];
    const shown = pending ? pending.prevLast : view ? view.last_tile : null;
    ctx.fillStyle = pal.muted;
    ctx.font = `600 ${font * 0.85}px ${SANS}`;
    const labelY = slot.y - font * 0.85;
    ctx.fillText(this.labels.lastTile.toUpperCase(), slot.x + slot.s / 2, labelY);
    roundRect(ctx, slot.x, slot.y, slot.s, slot.s, slot.s * 0.13);
    ctx.setLineDash([slot.s * 0.06, slot.s * 0.05]);
    ctx.strokeStyle = pal.slot;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.setLineDash([]);
    if (shown !== null && shown !== undefined) {
      const blockade = view.outcome && view.outcome.reason === "blockade";
      drawTile(ctx, pal, slot.x, slot.y, slot.s, shown, { reuse: true, ring: blockade ? pal.accent : null });
    }
    // seats
    for (const seat of [0, 1]) this.drawSeatPanel(seat, parts[seat === 0 ? 0 : 2], font);
    ctx.restore();
  }

  /** A seat's panel of the rail (`p`): lit when it moves or won, its name and tag, the stones still in hand. */
  drawSeatPanel(seat, p, font) {
    const { ctx, pal, view } = this;
    const active = !!view && view.to_move === seat;
    const won = !!view && view.outcome && view.outcome.winners && view.outcome.winners.includes(seat);
    const inset = Math.min(p.w, p.h) * 0.06;
    if (active || won) {
      roundRect(ctx, p.x + inset, p.y + inset, p.w - 2 * inset, p.h - 2 * inset, font * 0.6);
      ctx.fillStyle = pal.panel;
      ctx.fill();
      ctx.strokeStyle = pal.panelEdge;
      ctx.lineWidth = 1.5;
      ctx.stroke();
    }
    const cx = p.x + p.w / 2;
    // name + tag
    const nameY = p.y + p.h * 0.2;
    ctx.fillStyle = pal.text;
    ctx.font = `700 ${font}px ${SANS}`;
    const big = Math.min(p.w * 0.2, p.h * 0.3);
    drawToken(ctx, pal, seat, cx - measure(ctx, this.labels.seats[seat]) / 2 - big * 0.35, nameY, big * 0.45);
    ctx.fillText(this.labels.seats[seat], cx + big * 0.12, nameY, p.w - big);
    ctx.fillStyle = pal.muted;
    ctx.font = `500 ${font * 0.8}px ${SANS}`;
    ctx.fillText(this.labels.tags[seat] || "", cx, nameY + font * 1.15, p.w - 2 * inset);
    // the stones still in hand (the view says how many of how many), in two rows
    if (!view) return;
    const left = view.tokens_left[seat];
    const each = view.tokens_each;
    const perRow = Math.ceil(each / 2);
    const st = Math.min((p.w - 4 * inset) / (perRow + 0.6), (p.h * 0.42) / 2.3);
    const gx = st * 1.12, gy = st * 1.1;
    const x0 = cx - gx * (perRow - 1) / 2;
    const y0 = p.y + p.h * 0.58;
    for (let k = 0; k < each; k++) {
      const x = x0 + (k % perRow) * gx, y = y0 + ((k / perRow) | 0) * gy;
      if (k < left) drawToken(ctx, pal, seat, x, y, st, {});
      else {
        ctx.beginPath();
        ctx.arc(x, y, st * 0.18, 0, Math.PI * 2);
        ctx.fillStyle = pal.slot;
        ctx.fill();
      }
    }
  }
}

function measure(ctx, text) {
  return ctx.measureText(text || "").width;
}

/** The tray in canvas coordinates: a shadowed wooden frame around raked gravel (gentle parallel waves). */
function paintTray(ctx, g, pal) {
  const r = g.B * 0.035;
  ctx.save();
  roundRect(ctx, g.bx, g.by, g.B, g.B, r);
  fillShadowed(ctx, pal.frame, pal.shadow, g.B * 0.03, g.B * 0.01);
  const f = g.B * 0.014;
  roundRect(ctx, g.bx + f, g.by + f, g.B - 2 * f, g.B - 2 * f, r * 0.7);
  ctx.fillStyle = pal.tray;
  ctx.fill();
  ctx.clip();
  // raked gravel: gentle parallel waves
  ctx.strokeStyle = pal.trayLine;
  ctx.lineWidth = Math.max(1, g.B * 0.0025);
  const step = Math.max(4, g.B * 0.016);
  const amp = g.B * 0.005, period = g.B * 0.33;
  for (let y = g.by + f + step / 2; y < g.by + g.B; y += step) {
    ctx.beginPath();
    for (let x = g.bx; x <= g.bx + g.B + 4; x += 6) {
      const yy = y + Math.sin(((x - g.bx) / period) * Math.PI * 2) * amp;
      if (x === g.bx) ctx.moveTo(x, yy);
      else ctx.lineTo(x, yy);
    }
    ctx.stroke();
  }
  ctx.restore();
}

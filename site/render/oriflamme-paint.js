// Painting the Oriflamme board: the velvet mat, the players' banners, the round strip, the
// queue (stacks, coins, targets, the slot being resolved), cards leaving, and the hand.
// These methods are installed on OriflammeBoard's prototype (render/oriflamme.js): they
// read the board's view, options, geometry and animations as `this`.

import { roundRect, fillShadowed, unit, easeOut, fitFont, ellipsize } from "./art.js";
import { FAMILIES, SANS, SERIF, drawCrest, easeInOut, lerp } from "./oriflamme-art.js";
import { drawBack, drawCard, drawCoin } from "./oriflamme-cards.js";

/** The board's painting (methods of OriflammeBoard). */
export const boardPainting = {
  drawMat() {
    const { ctx, geom: g, pal } = this;
    const m = g.mat;
    if (!m || m.h < 10) return;
    const r = g.compact ? 12 : 18;
    ctx.save();
    ctx.shadowColor = pal.shadow;
    ctx.shadowBlur = 14;
    ctx.shadowOffsetY = 3;
    roundRect(ctx, m.x, m.y, m.w, m.h, r);
    const grad = ctx.createRadialGradient(m.x + m.w / 2, m.y + m.h * 0.35, 10, m.x + m.w / 2, m.y + m.h / 2, Math.max(m.w, m.h) * 0.75);
    grad.addColorStop(0, pal.matTop);
    grad.addColorStop(1, pal.matBottom);
    ctx.fillStyle = grad;
    ctx.fill();
    ctx.shadowColor = "transparent";
    ctx.clip();
    // a damask of small fleurs
    ctx.fillStyle = pal.matLine;
    const step = g.compact ? 34 : 46;
    for (let y = m.y + step / 2, row = 0; y < m.y + m.h; y += step * 0.75, row++) {
      for (let x = m.x + (row % 2 ? step / 2 : 0); x < m.x + m.w + step; x += step) {
        unit(ctx, x, y, step * 0.14, () => {
          ctx.beginPath();
          ctx.moveTo(0, -1);
          ctx.quadraticCurveTo(0.5, -0.2, 0, 1);
          ctx.quadraticCurveTo(-0.5, -0.2, 0, -1);
          ctx.moveTo(-1, 0.1);
          ctx.quadraticCurveTo(-0.3, -0.4, 0, 0.2);
          ctx.quadraticCurveTo(0.3, -0.4, 1, 0.1);
          ctx.quadraticCurveTo(0.3, 0.4, 0, 0.3);
          ctx.quadraticCurveTo(-0.3, 0.4, -1, 0.1);
          ctx.fill();
        });
      }
    }
    ctx.restore();
    ctx.save();
    const inset = g.compact ? 4 : 6;
    roundRect(ctx, m.x + inset, m.y + inset, m.w - 2 * inset, m.h - 2 * inset, r - inset);
    ctx.strokeStyle = pal.matEdge;
    ctx.globalAlpha = 0.7;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    roundRect(ctx, m.x + inset + 3, m.y + inset + 3, m.w - 2 * inset - 6, m.h - 2 * inset - 6, r - inset - 2);
    ctx.globalAlpha = 0.35;
    ctx.lineWidth = 0.8;
    ctx.stroke();
    ctx.restore();
  },

  drawBanners() {
    this.cutNames = new Set();
    this.drawnTags = [];
    for (const b of this.geom.banners) this._drawBanner(b);
  },

  /** A player's name, shrunk a little before it is ever cut (cut ones are noted in this.cutNames). */
  _bannerName(text, seat, size, maxW, x, y) {
    const { ctx } = this;
    fitFont(ctx, text, 700, size, SANS, maxW, size - 2.5);
    const shown = ellipsize(ctx, text, maxW);
    if (shown !== text) this.cutNames.add(seat);
    ctx.fillText(shown, x, y);
  },

  /**
   * The tag under a player's name ("Bot · Heuristic", "You"), whole: shrunk a little, then, where
   * `wrap` allows, on two lines centred on y (a long level in French, Galician, Ukrainian on a
   * phone), cut only when nothing else fits. What was drawn is noted in this.drawnTags
   * ({seat, text, lines, whole}: the test hook `tags`).
   */
  _bannerTag(text, seat, size, maxW, x, y, wrap = false) {
    const { ctx } = this;
    const font = (s) => `600 ${s}px ${SANS}`;
    const fits = (s, t) => { ctx.font = font(s); return ctx.measureText(t).width <= maxW; };
    let lines = [text];
    let s = size;
    while (s > size - 1 && !fits(s, text)) s -= 0.5;
    if (!fits(s, text) && wrap && text.includes(" ")) {
      s = size;
      // two lines, the break where the longer line is shortest
      const words = text.split(" ");
      let best = null;
      for (let i = 1; i < words.length; i++) {
        const two = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
        ctx.font = font(s);
        const w = Math.max(...two.map((l) => ctx.measureText(l).width));
        if (!best || w < best.w) best = { two, w };
      }
      lines = best.two;
      while (s > size - 2 && !lines.every((l) => fits(s, l))) s -= 0.5;
    }
    ctx.font = font(s);
    const shown = lines.map((l) => ellipsize(ctx, l, maxW));
    const lineH = s + 1;
    shown.forEach((l, i) => ctx.fillText(l, x, y + (i - (shown.length - 1) / 2) * lineH));
    if (text) this.drawnTags.push({ seat, text, lines: shown, whole: shown.join(" ") === text, view: !!this.view });
  },

  /** One player's banner: its frame, crest, name and tag, influence, hand and the first player's pennant. */
  _drawBanner(b) {
    const { ctx, geom: g, pal, view } = this;
    const { names = [], tags = [] } = this.opts;
    const s = b.seat;
    this._bannerFrame(b);
    const first = view.first_player === s && !view.outcome;
    const tight = b.w < 100; // five players on a phone: name, then crest and hand, then influence
    ctx.save();
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    if (tight) {
      const tx = b.x + 9;
      ctx.fillStyle = pal.text;
      this._bannerName(names[s] || "", s, 11.5, b.x + b.w - tx - 4 - (first ? 12 : 0), tx, b.y + 11);
      drawCrest(ctx, s, tx + 7, b.y + 27, 7.5);
      this._bannerHand(b, tx + 22, b.y + 27, 8, 11);
      this._bannerPool(b, tx + 7, b.y + b.h - 11, 7, 13, 9);
    } else if (g.compact) {
      // a phone: the name across the banner, then crest and tag, then influence and hand
      const tx = b.x + 8;
      ctx.fillStyle = pal.text;
      this._bannerName(names[s] || "", s, 12.5, b.x + b.w - tx - 4 - (first ? 14 : 0), tx, b.y + 11);
      drawCrest(ctx, s, tx + 7, b.y + 28, 7.5);
      ctx.fillStyle = pal.muted;
      this._bannerTag(tags[s] || "", s, 10, b.x + b.w - tx - 22, tx + 18, b.y + 28, true);
      const rowY = b.y + b.h - 12;
      const end = this._bannerPool(b, tx + 7, rowY, 7, 13, 9);
      const hx = b.x + b.w - 18;
      if (end < hx - 2) this._bannerHand(b, hx, rowY, 8, 11);
    } else {
      // crest, name, tag
      const cr = Math.min(b.h * 0.3, g.compact ? 10.5 : 18);
      const cx = b.x + (g.compact ? 7 : 8) + cr, cy = b.y + (g.compact ? cr + 6 : b.h / 2 - 6);
      drawCrest(ctx, s, cx, cy, cr);
      const tx = g.compact ? cx + cr + 4 : cx + cr + 8;
      const tw = b.x + b.w - tx - (first ? (g.compact ? 14 : 22) : 5);
      ctx.fillStyle = pal.text;
      this._bannerName(names[s] || "", s, g.compact ? 12 : 14, tw, tx, b.y + (g.compact ? 12 : 17));
      ctx.fillStyle = pal.muted;
      this._bannerTag(tags[s] || "", s, g.compact ? 10 : 11.5, g.compact ? b.x + b.w - tx - 4 : tw, tx, b.y + (g.compact ? 26 : 34));
      // influence and hand
      const rowY = b.y + b.h - (g.compact ? 13 : 15);
      const coinR = g.compact ? 8.5 : 10;
      const end = this._bannerPool(b, g.compact ? b.x + 10 + coinR : tx + coinR, rowY, coinR, g.compact ? 14 : 17, g.compact ? 10 : 12);
      const hx = b.x + b.w - (g.compact ? 24 : 30);
      if (end < hx - 2) this._bannerHand(b, hx, rowY, g.compact ? 9 : 11, g.compact ? 11 : 13);
    }
    ctx.restore();
    // the first player's pennant (the oriflamme)
    if (first) this._bannerPennant(b);
  },

  /** No position yet (Python is loading): each seat's banner with its crest, name and tag; nothing
   * dealt, no influence, nobody first (opts.names, opts.tags and opts.players come from the route). */
  drawFrameBanners() {
    const { ctx, geom: g, pal } = this;
    const { names = [], tags = [] } = this.opts;
    this.cutNames = new Set();
    this.drawnTags = [];
    for (const b of g.banners) {
      this._bannerFrame(b);
      const cr = Math.min(b.h * 0.22, b.w < 100 ? 7.5 : g.compact ? 10.5 : 14);
      const cx = b.x + 9 + cr, cy = b.y + b.h / 2;
      drawCrest(ctx, b.seat, cx, cy, cr);
      const tx = cx + cr + 6, tw = b.x + b.w - tx - 4;
      ctx.save();
      ctx.textAlign = "left";
      ctx.textBaseline = "middle";
      ctx.fillStyle = pal.text;
      this._bannerName(names[b.seat] || "", b.seat, b.w < 100 ? 11.5 : g.compact ? 12.5 : 14, tw, tx, cy - 8);
      ctx.fillStyle = pal.muted;
      this._bannerTag(tags[b.seat] || "", b.seat, g.compact ? 10 : 11.5, tw, tx, cy + 9, true);
      ctx.restore();
    }
  },

  /** The banner's card and frame: lit when it is a target, the player to move or a winner. */
  _bannerFrame(b) {
    const { ctx, pal, view } = this;
    const s = b.seat;
    const f = FAMILIES[s];
    const toMove = !!view && view.to_move === s;
    const won = !!view && view.outcome && view.outcome.winners.includes(s);
    const target = this.opts.select.seats.has(s);
    const lit = target && this._lit("seat", s);
    ctx.save();
    roundRect(ctx, b.x, b.y, b.w, b.h, 10);
    fillShadowed(ctx, pal.banner, pal.shadow, 6, 1);
    ctx.clip();
    // the family's colour along the left edge
    ctx.fillStyle = f.fill;
    ctx.fillRect(b.x, b.y, 5, b.h);
    ctx.restore();
    ctx.save();
    roundRect(ctx, b.x, b.y, b.w, b.h, 10);
    if (target || toMove || won) {
      ctx.lineWidth = lit ? 4 : 3;
      ctx.strokeStyle = target ? (lit ? pal.select : pal.glow) : won ? pal.gold : pal.glow;
      if (target) {
        ctx.shadowColor = pal.glow;
        ctx.shadowBlur = 10;
      }
    } else {
      ctx.lineWidth = 1;
      ctx.strokeStyle = pal.bannerEdge;
    }
    ctx.stroke();
    ctx.restore();
  },

  /** The cards in the banner's player's hand: two card edges and the count. */
  _bannerHand(b, hx, hy, size, font) {
    const { ctx, pal, view } = this;
    const s = b.seat;
    const f = FAMILIES[s];
    const hw = size, hh = hw * 1.35;
    ctx.save();
    for (let k = 1; k >= 0; k--) {
      roundRect(ctx, hx - k * 3, hy - hh / 2 - k * 1.5, hw, hh, 2);
      ctx.fillStyle = k ? f.deep : f.fill;
      ctx.fill();
    }
    ctx.fillStyle = pal.text;
    ctx.font = `700 ${font}px ${SANS}`;
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.fillText(String(view.hand_counts[s]), hx + hw + 3, hy + 1);
    ctx.restore();
  },

  /** The banner's influence row (coin, pool, the +/- badge since the viewer's last move); returns where it ends. */
  _bannerPool(b, x, rowY, coinR, font, badgeFont) {
    const { ctx, pal, view } = this;
    const s = b.seat;
    const pool = this._anim("pool");
    const pop = pool && pool.seats[s] ? 1 + 0.35 * Math.sin(Math.PI * this._progress(pool)) : 1;
    drawCoin(ctx, x, rowY, coinR * pop, null, { shadow: false });
    ctx.save();
    ctx.fillStyle = pal.text;
    ctx.font = `800 ${font}px ${SANS}`;
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    const poolText = String(view.pools[s]);
    ctx.fillText(poolText, x + coinR + 3, rowY + 1);
    x += coinR + 5 + ctx.measureText(poolText).width;
    const d = this.deltas ? this.deltas[s] : 0;
    ctx.font = `800 ${badgeFont}px ${SANS}`;
    const text = d > 0 ? `+${d}` : `−${-d}`;
    const w = ctx.measureText(text).width + 8;
    if (d && x + w + 2 <= b.x + b.w - 2) {
      const h = badgeFont + 5;
      roundRect(ctx, x + 1, rowY - h / 2, w, h, h / 2);
      ctx.fillStyle = d > 0 ? "#2f8a4c" : "#b3302b";
      ctx.fill();
      ctx.fillStyle = "#fff";
      ctx.fillText(text, x + 5, rowY + 1);
      x += w + 3;
    }
    ctx.restore();
    return x;
  },

  /** The first player's pennant (the oriflamme) in the banner's corner. */
  _bannerPennant(b) {
    const { ctx, geom: g, pal } = this;
    const px = b.x + b.w - (g.compact ? 12 : 18), py = b.y + (g.compact ? 4 : 6);
    const ph = b.w < 100 ? 10 : g.compact ? 12 : 16;
    ctx.save();
    ctx.fillStyle = pal.text;
    ctx.fillRect(px, py, 1.6, ph);
    ctx.beginPath();
    ctx.moveTo(px + 1.6, py);
    ctx.lineTo(px + ph * 0.75, py + ph * 0.2);
    ctx.lineTo(px + ph * 0.45, py + ph * 0.32);
    ctx.lineTo(px + ph * 0.75, py + ph * 0.48);
    ctx.lineTo(px + 1.6, py + ph * 0.55);
    ctx.closePath();
    ctx.fillStyle = "#d1281f";
    ctx.fill();
    ctx.restore();
  },

  drawStrip() {
    const { ctx, geom: g, pal } = this;
    const labels = this.opts.labels || {};
    const y = g.stripY + g.stripH / 2;
    ctx.save();
    ctx.fillStyle = pal.muted;
    ctx.font = `700 ${g.compact ? 11.5 : 13}px ${SANS}`;
    ctx.textBaseline = "middle";
    ctx.textAlign = "left";
    ctx.fillText(labels.round || "", g.pad + 4, y, g.W * 0.55);
    // resolution order: first → last
    ctx.textAlign = "right";
    const text = labels.order || "";
    const right = g.W - g.pad - 4;
    ctx.fillText(text, right - 22, y, g.W * 0.4);
    ctx.strokeStyle = pal.muted;
    ctx.lineWidth = 1.6;
    ctx.beginPath();
    ctx.moveTo(right - 18, y);
    ctx.lineTo(right, y);
    ctx.moveTo(right - 5, y - 4);
    ctx.lineTo(right, y);
    ctx.lineTo(right - 5, y + 4);
    ctx.stroke();
    ctx.restore();
  },

  _slotPos(j) {
    const b = this.geom.slots[j];
    const a = this._anim("slide", (x) => x.slot === j);
    if (!a) return { x: b.x, y: b.y, alpha: 1 };
    const p = easeInOut(this._progress(a));
    const lift = a.arc ? Math.sin(Math.PI * p) * b.h * 0.45 : 0;
    return { x: lerp(a.fx, b.x, p), y: lerp(a.fy, b.y, p) - lift, alpha: a.fade ? 0.3 + 0.7 * p : 1 };
  },

  drawQueue() {
    this._drawGaps();
    this._drawDrops();
    this.view.queue.forEach((slot, j) => this._drawStack(slot, j));
  },

  /** Chevrons between slots show the order; gap markers when a Decree places a card. */
  _drawGaps() {
    const { ctx, geom: g, pal, view } = this;
    const sel = this.opts.select;
    const { ch } = g.card;
    for (let k = 0; k <= view.queue.length; k++) {
      const legal = sel.gaps.has(k);
      for (const s of g.gaps[k] || []) {
        if (legal) {
          const lit = this._lit("gap", k);
          ctx.save();
          ctx.shadowColor = pal.glow;
          ctx.shadowBlur = lit ? 16 : 8;
          roundRect(ctx, s.x - 4, s.y - ch * 0.45, 8, ch * 0.9, 4);
          ctx.fillStyle = lit ? pal.select : pal.glow;
          ctx.fill();
          ctx.restore();
          ctx.save();
          ctx.fillStyle = "#2b1f18";
          ctx.beginPath();
          ctx.moveTo(s.x - 3, s.y - 4);
          ctx.lineTo(s.x + 3, s.y - 4);
          ctx.lineTo(s.x, s.y + 3);
          ctx.closePath();
          ctx.fill();
          ctx.restore();
        } else if (k > 0 && k < view.queue.length && !sel.gaps.size) {
          ctx.save();
          ctx.strokeStyle = pal.onMatMuted;
          ctx.globalAlpha = 0.6;
          ctx.lineWidth = 1.6;
          const r = Math.min(5, g.card.gx * 0.3);
          ctx.beginPath();
          ctx.moveTo(s.x - r * 0.5, s.y - r);
          ctx.lineTo(s.x + r * 0.5, s.y);
          ctx.lineTo(s.x - r * 0.5, s.y + r);
          ctx.stroke();
          ctx.restore();
        }
      }
    }
  },

  /** The drop targets at the ends of the queue (and where the first card goes). */
  _drawDrops() {
    const { ctx, geom: g, pal, view } = this;
    const sel = this.opts.select;
    const labels = this.opts.labels || {};
    for (const d of g.drops) {
      const legal = sel.drops.has(d.where);
      const show = legal || sel.dropsHint;
      if (!show) continue;
      const lit = this._lit("drop", d.where);
      ctx.save();
      roundRect(ctx, d.x, d.y, d.w, d.h, Math.max(3, d.w * 0.08));
      ctx.fillStyle = legal ? (lit ? "rgba(255, 211, 107, 0.28)" : "rgba(255, 211, 107, 0.12)") : "rgba(255,255,255,0.03)";
      ctx.fill();
      ctx.setLineDash([6, 5]);
      ctx.lineWidth = legal ? 2.2 : 1.2;
      ctx.strokeStyle = legal ? (lit ? pal.select : pal.glow) : pal.onMatMuted;
      if (legal) {
        ctx.shadowColor = pal.glow;
        ctx.shadowBlur = lit ? 14 : 6;
      }
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.shadowColor = "transparent";
      ctx.fillStyle = legal ? pal.select : pal.onMatMuted;
      ctx.font = `700 ${Math.max(16, d.w * 0.34)}px ${SANS}`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText("+", d.x + d.w / 2, d.y + d.h * 0.42);
      const text = view.queue.length ? (d.where === "left" ? labels.leftEnd : labels.rightEnd) : labels.start;
      if (text && d.w >= 40) {
        fitFont(ctx, text, 700, Math.max(8, d.w * 0.13), SANS, d.w - 6);
        ctx.fillText(text, d.x + d.w / 2, d.y + d.h * 0.7);
      }
      ctx.restore();
    }
  },

  /** Slot j's stack: covered cards, glow, top card (flipping or dropping in), influence, number. */
  _drawStack(slot, j) {
    const { ctx, geom: g, view } = this;
    const sel = this.opts.select;
    const labels = this.opts.labels || {};
    const { cw, ch } = g.card;
    const b = g.slots[j];
    if (!b) return;
    const pos = this._slotPos(j);
    const n = slot.cards.length;
    const cursor = view.cursor === j && view.phase === "resolve";
    const legal = sel.slots.has(j);
    const picked = sel.picked === j;
    const lit = legal && this._lit("slot", j);
    const kind = sel.slotKind || "pick";
    ctx.save();
    ctx.globalAlpha = pos.alpha;
    // covered cards peek out above the top card
    this._coveredCards(slot, pos);
    const top = slot.cards[n - 1];
    const tx = pos.x, ty = pos.y;
    // glow under the top card
    if (cursor || legal || picked) this._stackGlow(n, tx, ty, { legal, picked, lit, kind });
    const name = top.card ? labels.cards && labels.cards[top.card] : "";
    this._topCard(slot, j, top, tx, ty, name);
    // owner's crest on face-up cards is in the band; mark attack targets with a reticle
    if (legal && kind === "attack") this._reticle(tx + cw / 2, ty + ch / 2, cw * 0.26, lit);
    // influence on the card
    if (top.tokens > 0) this._cardCoins(top, tx, ty);
    // the slot number, and the cursor's pointer
    this._slotNumber(j, tx, ty, cursor);
    ctx.restore();
  },

  /** A stack's covered cards, peeking out above its top card. */
  _coveredCards(slot, pos) {
    const { ctx, pal } = this;
    const { cw, ch, so } = this.geom.card;
    const n = slot.cards.length;
    for (let k = 0; k < n - 1; k++) {
      const off = (n - 1 - k) * so;
      drawCard(ctx, pal, pos.x, pos.y - off, cw, ch, slot.cards[k], { family: slot.owner, name: "", shadow: k === 0, hiddenMark: false });
      // a thin line so each covered edge reads as its own card
      ctx.save();
      roundRect(ctx, pos.x, pos.y - off, cw, ch, Math.max(3, cw * 0.08));
      ctx.lineWidth = 0.8;
      ctx.strokeStyle = "rgba(0,0,0,0.35)";
      ctx.stroke();
      ctx.restore();
    }
  },

  /** The glow round a stack: the slot being resolved, a legal pick or target, the Decree's pick. */
  _stackGlow(n, tx, ty, { legal, picked, lit, kind }) {
    const { ctx, pal } = this;
    const { cw, ch, so } = this.geom.card;
    ctx.save();
    roundRect(ctx, tx - 3, ty - 3 - (n - 1) * so, cw + 6, ch + 6 + (n - 1) * so, Math.max(4, cw * 0.1));
    const colour = kind === "attack" ? pal.danger : pal.glow;
    ctx.shadowColor = legal || picked ? colour : pal.gold;
    ctx.shadowBlur = lit || picked ? 22 : 14;
    ctx.lineWidth = lit || picked ? 4 : 3;
    ctx.strokeStyle = legal ? (lit ? (kind === "attack" ? "#ff8a78" : pal.select) : colour) : picked ? pal.select : pal.gold;
    ctx.stroke();
    ctx.restore();
  },

  /** A stack's top card: turning over, dropping in, or still. */
  _topCard(slot, j, top, tx, ty, name) {
    const { ctx, pal } = this;
    const { cw, ch } = this.geom.card;
    const drop = this._anim("drop", (a) => a.slot === j);
    const flip = this._anim("flip", (a) => a.slot === j);
    if (flip) {
      const p = this._progress(flip);
      const sx = Math.abs(Math.cos(Math.PI * p));
      ctx.save();
      ctx.translate(tx + cw / 2, 0);
      ctx.scale(Math.max(0.02, sx), 1);
      ctx.translate(-(tx + cw / 2), 0);
      if (p < 0.5) drawBack(ctx, pal, tx, ty, cw, ch, slot.owner);
      else drawCard(ctx, pal, tx, ty, cw, ch, top, { family: slot.owner, name });
      ctx.restore();
    } else if (drop) {
      const p = easeOut(this._progress(drop));
      ctx.save();
      ctx.globalAlpha *= 0.2 + 0.8 * p;
      drawCard(ctx, pal, tx, ty - (1 - p) * ch * 0.5, cw, ch, top, { family: slot.owner, name });
      ctx.restore();
    } else {
      drawCard(ctx, pal, tx, ty, cw, ch, top, { family: slot.owner, name });
    }
  },

  /** The influence on a card, as up to three gold coins (the last one says how many). */
  _cardCoins(top, tx, ty) {
    const { ctx } = this;
    const { cw, ch } = this.geom.card;
    const r = Math.max(7, Math.min(13, cw * 0.15));
    const coins = Math.min(top.tokens, 3);
    for (let k = 0; k < coins; k++) {
      drawCoin(ctx, tx + cw - r * 0.6, ty + ch - r * 0.5 - k * r * 0.35, r, k === coins - 1 ? top.tokens : null, { shadow: k === 0 });
    }
  },

  /** The slot number under a stack, and the cursor's pointer on the slot being resolved. */
  _slotNumber(j, tx, ty, cursor) {
    const { ctx, pal } = this;
    const { cw, ch } = this.geom.card;
    const ny = ty + ch + Math.max(8, cw * 0.12) + 2;
    ctx.save();
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    if (cursor) {
      const text = String(j + 1);
      ctx.font = `800 ${Math.max(10, Math.min(14, cw * 0.18))}px ${SANS}`;
      const w = Math.max(26, ctx.measureText(text).width + 20);
      const h = Math.max(15, Math.min(20, cw * 0.24));
      roundRect(ctx, tx + cw / 2 - w / 2, ny - h / 2, w, h, h / 2);
      ctx.fillStyle = pal.gold;
      ctx.fill();
      ctx.fillStyle = "#2b1f18";
      ctx.beginPath();
      ctx.moveTo(tx + cw / 2 - w / 2 + 6, ny + 3);
      ctx.lineTo(tx + cw / 2 - w / 2 + 10, ny - 3);
      ctx.lineTo(tx + cw / 2 - w / 2 + 14, ny + 3);
      ctx.closePath();
      ctx.fill();
      ctx.fillText(text, tx + cw / 2 + 4, ny + 1);
    } else {
      ctx.fillStyle = pal.onMatMuted;
      ctx.font = `700 ${Math.max(9, Math.min(12, cw * 0.16))}px ${SANS}`;
      ctx.fillText(String(j + 1), tx + cw / 2, ny + 1);
    }
    ctx.restore();
  },

  _reticle(cx, cy, r, lit) {
    const { ctx, pal } = this;
    ctx.save();
    ctx.strokeStyle = lit ? "#ffffff" : pal.danger;
    ctx.lineWidth = Math.max(1.5, r * 0.14);
    ctx.globalAlpha = lit ? 0.95 : 0.75;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
      ctx.moveTo(cx + dx * r * 0.55, cy + dy * r * 0.55);
      ctx.lineTo(cx + dx * r * 1.35, cy + dy * r * 1.35);
    }
    ctx.stroke();
    ctx.restore();
  },

  drawGone() {
    const { ctx, geom: g, pal } = this;
    const labels = this.opts.labels || {};
    const now = performance.now();
    for (const a of this.anims) {
      if (a.kind !== "gone" || now >= a.start + a.dur) continue;
      const p = easeOut(this._progress(a));
      ctx.save();
      ctx.globalAlpha = 1 - p;
      const y = a.y + p * a.h * 0.5;
      const c = { card: a.card, up: true, tokens: 0 };
      if (a.card) drawCard(ctx, pal, a.x, y, a.w, a.h, c, { family: a.owner, name: labels.cards ? labels.cards[a.card] : "" });
      else drawBack(ctx, pal, a.x, y, a.w, a.h, a.owner);
      // an eliminated card is struck through; a discarded one fades
      if (a.reason === "eliminated") {
        ctx.strokeStyle = pal.danger;
        ctx.lineWidth = Math.max(3, a.w * 0.08);
        ctx.lineCap = "round";
        ctx.beginPath();
        ctx.moveTo(a.x + a.w * 0.15, y + a.h * 0.85);
        ctx.lineTo(a.x + a.w * 0.85, y + a.h * 0.15);
        ctx.stroke();
      }
      ctx.restore();
    }
    void g;
  },

  drawHand() {
    const { ctx, geom: g, pal, view } = this;
    const sel = this.opts.select;
    const labels = this.opts.labels || {};
    const box = g.handBox;
    if (!box) return;
    ctx.save();
    ctx.fillStyle = pal.muted;
    ctx.font = `700 ${g.compact ? 12 : 14}px ${SANS}`;
    ctx.textAlign = g.hand.length ? "left" : "center";
    ctx.textBaseline = "middle";
    const title = view.outcome ? "" : view.hand ? labels.hand || "" : view.seat === null ? labels.handHidden || "" : "";
    if (title) {
      if (g.hand.length) ctx.fillText(ellipsize(ctx, title, box.w - 8), box.x + 4, box.titleY);
      else ctx.fillText(title, g.W / 2, box.titleY);
    }
    ctx.restore();
    for (const b of g.hand) {
      const selected = sel.selected === b.card;
      const playable = sel.hand.has(b.card);
      const lit = this._lit("hand", b.card);
      const lift = selected ? b.h * 0.14 : lit && playable ? b.h * 0.06 : 0;
      const y = b.y - lift;
      if (playable || selected) {
        ctx.save();
        roundRect(ctx, b.x - 2, y - 2, b.w + 4, b.h + 4, Math.max(4, b.w * 0.1));
        ctx.shadowColor = pal.glow;
        ctx.shadowBlur = selected ? 18 : 8;
        ctx.lineWidth = selected ? 3.5 : 2;
        ctx.strokeStyle = selected ? pal.select : pal.glow;
        ctx.stroke();
        ctx.restore();
      }
      ctx.save();
      if (sel.hand.size && !playable) ctx.globalAlpha = 0.55;
      drawCard(ctx, pal, b.x, y, b.w, b.h, { card: b.card, up: true, tokens: 0 }, { family: view.seat ?? 0, name: labels.cards ? labels.cards[b.card] : "" });
      ctx.restore();
      // the (i) for the card's rules
      const r = this._infoR(b);
      const ix = b.x + b.w - r - 1, iy = y + r + 1;
      ctx.save();
      ctx.beginPath();
      ctx.arc(ix, iy, r * 0.72, 0, Math.PI * 2);
      ctx.fillStyle = this._lit("info", b.card) ? pal.select : "rgba(255, 250, 238, 0.92)";
      ctx.fill();
      ctx.lineWidth = 1;
      ctx.strokeStyle = "rgba(43, 31, 24, 0.6)";
      ctx.stroke();
      ctx.fillStyle = "#2b1f18";
      ctx.font = `italic 700 ${Math.round(r * 0.95)}px ${SERIF}`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText("i", ix, iy + 0.5);
      ctx.restore();
    }
  },
};

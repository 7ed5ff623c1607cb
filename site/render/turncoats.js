// The Turncoats map on a canvas: a cloth map with eleven areas (soft three-lobed
// regions) in a ring around an empty centre, paths for the 17 adjacencies, glossy
// stones in red, blue and black, each colour with its own mark (dot, bar, ring),
// a banner on every area showing who rules it, the AXE and FLAG trays, the bag,
// the negotiation track and the viewer's hand. It draws the VIEW it is given and
// reports clicks on areas and hand colours; it knows no rules: what may be
// clicked is decided by the controller from the engine's legal moves. Played by
// keyboard (enableKeys), the ring goes over the same things a click may pick, and
// follows the choice: on to the next pick's targets, back to what a step back let go.

import { SANS } from "./fonts.js";
import { roundRect, fillShadowed, easeOut, clamp01, wrapText, fitFont } from "./art.js";
import { CanvasBoard } from "./board.js";
import { axeIcon, bagShape, drawMark, drawStone, flagIcon, stonePalette } from "./turncoats-art.js";

export { MARKS, COLOURS, stonePalette, drawStone } from "./turncoats-art.js";

const MOVE_MS = 280;
const POP_MS = 240;

/**
 * Area centres in map units (x right, y down; the out-of-bounds centre is 0,0).
 * The real map is built of hexes: on a hex grid with one area per cell, every pair
 * of neighbouring cells is one of the 17 adjacencies and no other pair touches.
 * Areas 1, 4, 6, 7, 5, 3 form the ring around the centre; 0 and 2 sit above it,
 * 8, 9 and 10 below (the spec's picture orientation: area 0 north).
 */
const HEX = [[1, -2], [0, -1], [2, -2], [-1, 0], [1, -1], [-1, 1], [1, 0], [0, 1], [-1, 2], [1, 1], [0, 2]];
// the grid turned by 300°: the map is wider than tall (it fits a phone held upright with
// room below for the hand) and three free cells line up at the top for AXE, FLAG and the bag
const TURN = (300 * Math.PI) / 180;
const hexAt = ([q, r]) => {
  const x = q + r / 2, y = r * 0.866;
  return [x * Math.cos(TURN) - y * Math.sin(TURN), x * Math.sin(TURN) + y * Math.cos(TURN)];
};
const SPOTS = HEX.map(hexAt);
/** Pairs of neighbouring grid cells: the paths of the empty map drawn before the first view. */
const GRID_EDGES = HEX.flatMap(([q, r], a) =>
  HEX.slice(a + 1).flatMap(([q2, r2], k) => {
    const dq = q2 - q, dr = r2 - r;
    return Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr) === 2 ? [[a, a + 1 + k]] : [];
  }),
);
const MAP_BOX = { x0: -2.0, x1: 2.5, y0: -2.36, y1: 1.36 };
const TRAY_SPOTS = { axe: hexAt([2, -1]), flag: hexAt([2, 0]), bag: hexAt([2, 1]) };
const LOBE_D = 0.205; // lobe centre distance from the area centre
const LOBE_R = 0.235; // lobe radius
const STONE_R = 0.104;
// lobe of each colour: red upper-left, blue upper-right, black below
const LOBE_DIR = [
  [-0.866, -0.5],
  [0.866, -0.5],
  [0, 1],
];


export class TurncoatsBoard extends CanvasBoard {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{onArea?: (area:number)=>void, onColour?: (colour:string)=>void}} handlers
   */
  constructor(canvas, { onArea = () => {}, onColour = () => {} } = {}) {
    super(canvas, stonePalette, { watchWindow: true, minSide: 40 });
    this.onArea = onArea;
    this.onColour = onColour;
    this.sel = { areas: new Set(), colours: new Set(), dests: new Set(), quiet: new Set(), colour: null, area: null, dest: null };
    this.labels = {};
    this.resize();
  }

  /**
   * Show a view. opts.select: {areas, colours, dests: iterables of what may be
   * clicked now; colour, area, dest: the current choice}; opts.labels: catalog text.
   */
  /** The colours in the order of every [red, blue, black]-style count of the view (from the view). */
  get colours() {
    return this.view ? this.view.colours : [];
  }

  /** Show a view; `events` (the bridge's, for the move that led to it) drive the motion. */
  setView(view, { select = {}, labels = null, animate = true, events = [] } = {}) {
    const prev = this.view;
    const prevSel = this.sel;
    this.view = view;
    this.sel = {
      areas: new Set(select.areas || []),
      colours: new Set(select.colours || []),
      dests: new Set(select.dests || []),
      quiet: new Set(select.quiet || []), // clickable without a glow (to switch area)
      colour: select.colour ?? null,
      area: select.area ?? null,
      dest: select.dest ?? null,
    };
    if (labels) this.labels = labels;
    if (this.hover && !this._clickable(this.hover)) this._setHover(null);
    this._settleKeyFocus(prevSel, prev);
    const now = performance.now();
    this.anims = this.anims.filter((a) => now < a.start + a.dur);
    if (animate && prev && view && prev !== view && !this.reduced.matches && this.geom) this._animate(events, now);
    this.requestDraw();
  }

  // ------------------------------------------------------------ geometry

  layout(W, H) {
    const mw = MAP_BOX.x1 - MAP_BOX.x0, mh = MAP_BOX.y1 - MAP_BOX.y0;
    const pad = 6;
    // the hand goes below the map, or beside it when that leaves a bigger map
    const hh = Math.min(84, Math.max(66, H * 0.12));
    const hw = Math.min(190, Math.max(130, W * 0.18));
    const uRow = Math.min((W - 2 * pad) / mw, (H - hh - 3 * pad) / mh);
    const uCol = Math.min((W - hw - 3 * pad) / mw, (H - 2 * pad) / mh);
    const wide = uCol > uRow * 1.08;
    if (Math.max(uRow, uCol) <= 0) return { W, H, u: 0, areas: [], hand: { x: 0, y: 0, w: 0, h: 0, dir: "row" } };
    let u, ox, oy, hand;
    if (wide) {
      u = uCol;
      const total = mw * u + pad * 2 + hw;
      ox = Math.max(pad, (W - total) / 2);
      oy = (H - mh * u) / 2;
      const h = Math.min(mh * u, 400);
      hand = { x: ox + mw * u + pad * 2, y: oy + (mh * u - h) / 2, w: hw, h, dir: "col" };
    } else {
      u = uRow;
      const total = mh * u + pad + hh;
      ox = (W - mw * u) / 2;
      oy = Math.max(pad, (H - total) / 2);
      const w = Math.min(W - 2 * pad, Math.max(mw * u, 340), 620);
      hand = { x: (W - w) / 2, y: oy + mh * u + pad, w, h: hh, dir: "row" };
    }
    const at = (x, y) => [ox + (x - MAP_BOX.x0) * u, oy + (y - MAP_BOX.y0) * u];
    const areas = SPOTS.map(([x, y]) => at(x, y));
    const box = ([x, y], w, h) => {
      const [px, py] = at(x, y);
      return { x: px - (w * u) / 2, y: py - (h * u) / 2, w: w * u, h: h * u };
    };
    return {
      W, H, u, ox, oy, wide, at, areas, hand,
      map: { x: ox, y: oy, w: mw * u, h: mh * u },
      axe: box([TRAY_SPOTS.axe[0], TRAY_SPOTS.axe[1] - 0.04], 0.9, 0.58),
      flag: box([TRAY_SPOTS.flag[0], TRAY_SPOTS.flag[1] - 0.04], 0.9, 0.58),
      bag: box([TRAY_SPOTS.bag[0], TRAY_SPOTS.bag[1] - 0.04], 0.9, 0.58),
    };
  }

  lobe(area, colour) {
    const g = this.geom;
    const [cx, cy] = g.areas[area];
    const [dx, dy] = LOBE_DIR[colour];
    return [cx + dx * LOBE_D * g.u, cy + dy * LOBE_D * g.u];
  }

  handSlot(colour) {
    const h = this.geom.hand;
    if (h.dir === "row") {
      const head = Math.min(h.w * 0.24, 110);
      const w = (h.w - head) / 3;
      return { x: h.x + head + colour * w, y: h.y, w, h: h.h };
    }
    const head = Math.min(h.h * 0.16, 46);
    const hh = (h.h - head) / 3;
    return { x: h.x, y: h.y + head + colour * hh, w: h.w, h: hh };
  }

  /** Centre of an area in viewport coordinates (tests and tools). */
  areaCenter(area) {
    if (!this.geom) return null;
    const [x, y] = this.geom.areas[area];
    return this.toClient(x, y, 2 * (LOBE_D + LOBE_R) * this.geom.u);
  }

  /** Centre of a hand compartment in viewport coordinates. */
  handCenter(colour) {
    if (!this.geom) return null;
    const s = this.handSlot(this.colours.indexOf(colour));
    return this.toClient(s.x + s.w / 2, s.y + s.h / 2, Math.min(s.w, s.h));
  }

  hitTest(x, y) {
    const g = this.geom;
    if (!g) return null;
    for (let c = 0; c < this.colours.length; c++) {
      const s = this.handSlot(c);
      if (x >= s.x && x < s.x + s.w && y >= s.y && y < s.y + s.h) return { kind: "colour", id: this.colours[c] };
    }
    let best = null, bestD = Infinity;
    for (let a = 0; a < 11; a++) {
      const [cx, cy] = g.areas[a];
      const d = Math.hypot(x - cx, y - cy);
      if (d < (LOBE_D + LOBE_R + 0.04) * g.u && d < bestD) {
        best = a;
        bestD = d;
      }
    }
    return best === null ? null : { kind: "area", id: best };
  }

  _clickable(hit) {
    if (!hit) return false;
    if (hit.kind === "colour") return this.sel.colours.has(hit.id);
    return this.sel.areas.has(hit.id) || this.sel.dests.has(hit.id) || this.sel.quiet.has(hit.id) || this.sel.area === hit.id;
  }

  _click(e) {
    this._pick(this.hitTest(...this._pos(e)));
  }

  _pick(hit) {
    if (!this._clickable(hit)) return;
    if (hit.kind === "colour") this.onColour(hit.id);
    else this.onArea(hit.id);
  }

  // ------------------------------------------------------------ keyboard

  /** As CanvasBoard's, and the page hears "the ring is on nothing" when the canvas loses the focus. */
  enableKeys({ onKeyFocus = () => {} } = {}) {
    super.enableKeys({ onKeyFocus });
    this.canvas.addEventListener("blur", () => this.onKeyFocus(null));
  }

  /**
   * What may be picked now, for play by keyboard: the next pick's areas first (the
   * destinations once an area is chosen, else the areas where the chosen colour acts, by
   * number), then the hand's colours, then the areas that change the choice (the chosen one,
   * the others where the colour acts).
   */
  keyTargets() {
    const g = this.geom;
    if (!g || !this.view || !g.u) return [];
    const sel = this.sel;
    const byNo = (set) => [...set].sort((a, b) => a - b);
    const areas = [...new Set([...byNo(sel.dests), ...byNo(sel.areas)])];
    const later = byNo(new Set([...(sel.area === null ? [] : [sel.area]), ...sel.quiet])).filter((a) => !areas.includes(a));
    const r = (LOBE_D + LOBE_R) * g.u;
    const area = (a) => ({ hit: { kind: "area", id: a }, x: g.areas[a][0] - r, y: g.areas[a][1] - r, w: 2 * r, h: 2 * r });
    const colours = this.view.hand ? this.colours.filter((c) => sel.colours.has(c)) : [];
    const colour = (c) => {
      const s = this.handSlot(this.colours.indexOf(c));
      return { hit: { kind: "colour", id: c }, x: s.x + 4, y: s.y + 4, w: s.w - 8, h: s.h - 8 };
    };
    return [...areas.map(area), ...colours.map(colour), ...later.map(area)];
  }

  /**
   * After a new view or choice, put the ring where the player goes next: on the next
   * pick's first target when something was picked, on what was let go after a step back,
   * else where it was (the first target when that is gone). The page hears where it went
   * whenever that or the view changed.
   */
  _settleKeyFocus(prevSel, prevView) {
    if (!this.onKeyFocus) return;
    const s = this.sel;
    const depth = (x) => (x.colour === null ? 0 : x.area === null ? 1 : x.dest === null ? 2 : 3);
    const last = (x) => [x.colour, x.area, x.dest][depth(x) - 1];
    const was = depth(prevSel), now = depth(s);
    let want = this.keyFocus;
    if (now > was || (now === was && now > 0 && last(s) !== last(prevSel))) {
      const next = now === 1 ? [...s.areas] : now === 2 ? [...s.dests] : [];
      want = next.length ? { kind: "area", id: Math.min(...next) } : now === 1 ? null : { kind: "area", id: now === 3 ? s.dest : s.area };
    } else if (now < was) {
      want = was === 1 ? { kind: "colour", id: prevSel.colour } : { kind: "area", id: was === 2 ? prevSel.area : prevSel.dest };
    }
    const target = this._keyTarget(want) || this._keyTarget(this.keyFocus) || this.keyTargets()[0] || null;
    const hit = target ? target.hit : null;
    const same = hit === this.keyFocus || (hit && this.keyFocus && hit.kind === this.keyFocus.kind && hit.id === this.keyFocus.id);
    if (same && prevView === this.view) return;
    if (this.keyActive) this._moveKeyFocus(target);
    else this.keyFocus = hit;
  }

  // ------------------------------------------------------------ motion

  /** The motion of the move that led to this view, as its events tell it (no guessing from two views). */
  _animate(events, now) {
    const g = this.geom;
    const push = (a) => this.anims.push({ start: now, dur: MOVE_MS, ...a });
    const bagAt = [g.bag.x + g.bag.w / 2, g.bag.y + g.bag.h * 0.55];
    for (const e of events) {
      const c = this.colours.indexOf(e.colour);
      if (e.kind === "recruit") push({ kind: "pop", colour: c, area: e.area, dur: POP_MS });
      else if (e.kind === "battle") push({ kind: "tray", tray: "axe", colour: c, dur: POP_MS });
      else if (e.kind === "march") {
        if (e.count) push({ kind: "fly", colour: c, from: this.lobe(e.area, c), to: this.lobe(e.dest, c), area: e.dest });
        push({ kind: "tray", tray: "flag", colour: c, dur: POP_MS });
      } else if (e.kind === "kill") {
        push({ kind: "fly", colour: c, from: this.lobe(e.area, c), to: bagAt, fade: true });
        push({ kind: "bag", dur: POP_MS });
      } else if (e.kind === "draw" || e.kind === "return") push({ kind: "bag", dur: POP_MS });
    }
  }

  _anim(kind, test) {
    const now = performance.now();
    return this.anims.find((a) => a.kind === kind && now >= a.start && now < a.start + a.dur && test(a));
  }

  // ------------------------------------------------------------ drawing

  paint(g) {
    this.texts = [];
    this.drawCloth();
    const view = this.view;
    if (view) {
      this.drawPaths();
      for (let a = 0; a < 11; a++) this.drawArea(a);
      this.drawTray("axe", g.axe);
      this.drawTray("flag", g.flag);
      this.drawBag();
      this.drawHand();
      this.drawFlying();
    } else this.drawFrame();
  }

  /** No position yet (Python is loading): the map's areas, numbered, with the paths between
   * neighbouring cells of the grid above (the map's adjacencies) and the trays, all empty. */
  drawFrame() {
    const { ctx, geom: g, pal } = this;
    const u = g.u;
    ctx.save();
    ctx.lineCap = "round";
    ctx.strokeStyle = pal.road;
    ctx.lineWidth = u * 0.12;
    for (const [a, b] of GRID_EDGES) {
      ctx.beginPath();
      ctx.moveTo(...g.areas[a]);
      ctx.lineTo(...g.areas[b]);
      ctx.stroke();
    }
    for (let a = 0; a < g.areas.length; a++) {
      this.lobePath(a, u * 0.012);
      ctx.fillStyle = pal.landEdge;
      ctx.fill();
      this.lobePath(a);
      ctx.fillStyle = pal.land[1];
      ctx.fill();
      this.drawAreaNumber(a, { home: null });
    }
    ctx.font = `800 ${Math.round(u * 0.1)}px ${SANS}`;
    ctx.textBaseline = "middle";
    ctx.textAlign = "left";
    for (const key of ["axe", "flag", "bag"]) {
      const box = g[key];
      this.trayBox(box);
      ctx.fillStyle = pal.text;
      this.label(`${key}-label`, this.labels[key] || "", 800, u * 0.1, box.x + u * 0.1, box.y + u * 0.135, box.x + box.w - u * 0.1);
    }
    ctx.restore();
  }

  drawCloth() {
    const { ctx, geom: g, pal } = this;
    const m = g.map;
    const r = g.u * 0.16;
    ctx.save();
    roundRect(ctx, m.x, m.y, m.w, m.h, r);
    fillShadowed(ctx, pal.cloth, pal.shadow, g.u * 0.14, g.u * 0.03);
    ctx.clip();
    // a loose weave
    ctx.strokeStyle = pal.weave;
    ctx.lineWidth = 1;
    const step = Math.max(3, g.u * 0.035);
    ctx.beginPath();
    for (let x = m.x; x < m.x + m.w; x += step) {
      ctx.moveTo(x, m.y);
      ctx.lineTo(x, m.y + m.h);
    }
    for (let y = m.y; y < m.y + m.h; y += step) {
      ctx.moveTo(m.x, y);
      ctx.lineTo(m.x + m.w, y);
    }
    ctx.stroke();
    // hem stitching
    ctx.setLineDash([g.u * 0.045, g.u * 0.035]);
    ctx.strokeStyle = pal.stitch;
    ctx.globalAlpha = 0.45;
    ctx.lineWidth = Math.max(1, g.u * 0.012);
    const hem = g.u * 0.06;
    roundRect(ctx, m.x + hem, m.y + hem, m.w - 2 * hem, m.h - 2 * hem, r * 0.7);
    ctx.stroke();
    ctx.restore();
  }

  drawPaths() {
    const { ctx, geom: g, pal, view, sel } = this;
    ctx.save();
    ctx.lineCap = "round";
    for (const [a, b] of view.edges) {
      const [x1, y1] = g.areas[a], [x2, y2] = g.areas[b];
      const lit = sel.area !== null && ((a === sel.area && sel.dests.has(b)) || (b === sel.area && sel.dests.has(a)));
      ctx.beginPath();
      ctx.moveTo(x1, y1);
      ctx.lineTo(x2, y2);
      ctx.strokeStyle = lit ? pal.glow : pal.road;
      ctx.globalAlpha = lit ? 0.6 : 1;
      ctx.lineWidth = g.u * (lit ? 0.17 : 0.12);
      ctx.stroke();
      ctx.globalAlpha = 1;
      ctx.setLineDash([g.u * 0.04, g.u * 0.045]);
      ctx.strokeStyle = lit ? pal.select : pal.stitch;
      ctx.lineWidth = Math.max(1.2, g.u * 0.017);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.restore();
  }

  lobePath(a, grow = 0) {
    const { ctx, geom: g } = this;
    const [cx, cy] = g.areas[a];
    const R = LOBE_R * g.u + grow;
    ctx.beginPath();
    for (const [dx, dy] of LOBE_DIR) {
      const x = cx + dx * LOBE_D * g.u, y = cy + dy * LOBE_D * g.u;
      ctx.moveTo(x + R, y);
      ctx.arc(x, y, R, 0, Math.PI * 2);
    }
    // fill the middle so the three lobes read as one region
    const mid = LOBE_D * g.u * 0.95 + grow;
    ctx.moveTo(cx + mid, cy);
    ctx.arc(cx, cy, mid, 0, Math.PI * 2);
  }

  drawArea(a) {
    const { ctx, geom: g, pal, view, sel } = this;
    const area = view.map[a];
    const [cx, cy] = g.areas[a];
    const u = g.u;
    const clickable = sel.areas.has(a) || sel.dests.has(a);
    const chosen = sel.area === a || sel.dest === a;
    const hovered = this._lit("area", a);
    const dim = (sel.areas.size || sel.dests.size) && !clickable && !chosen;
    ctx.save();
    // glow for what may be clicked now
    if (clickable || chosen) {
      ctx.save();
      this.lobePath(a, u * (chosen || hovered ? 0.1 : 0.08));
      ctx.fillStyle = chosen || hovered ? pal.select : pal.glow;
      ctx.globalAlpha = chosen || hovered ? 0.85 : 0.6;
      ctx.shadowColor = pal.glow;
      ctx.shadowBlur = u * 0.14;
      ctx.fill();
      ctx.restore();
    }
    if (dim) ctx.globalAlpha = 0.5;
    // the land: rim first (grown), then the fill, so the lobes merge into one soft region;
    // the rim takes the ruling colour
    const ctl = area.controller;
    if (ctl && pal.ruleHalo && ctl === "black") {
      // a black rim needs a light edge to show on dark cloth
      this.lobePath(a, u * 0.045);
      ctx.fillStyle = pal.ruleHalo;
      ctx.fill();
    }
    this.lobePath(a, ctl ? u * 0.032 : u * 0.012);
    ctx.fillStyle = ctl ? pal.ruleRim[ctl] : pal.landEdge;
    ctx.fill();
    this.lobePath(a);
    const grad = ctx.createRadialGradient(cx - u * 0.1, cy - u * 0.15, u * 0.05, cx, cy, u * 0.45);
    grad.addColorStop(0, pal.land[0]);
    grad.addColorStop(1, pal.land[1]);
    ctx.fillStyle = grad;
    ctx.fill();
    this.drawAreaStones(a, area);
    this.drawAreaNumber(a, area);
    ctx.restore();
    this.drawBanner(a);
  }

  /** An area's stones: one lobe per colour, a stone with its mark and the count beside it. */
  drawAreaStones(a, area) {
    const { ctx, geom: g, pal } = this;
    const u = g.u;
    const sr = u * STONE_R;
    for (let c = 0; c < this.colours.length; c++) {
      const [lx, ly] = this.lobe(a, c);
      const n = area.stones[c];
      // the stone sits towards the centre, the count towards the rim
      const [dx, dy] = LOBE_DIR[c];
      const sx = lx - (c === 2 ? u * 0.05 : 0), sy = ly;
      if (!n) {
        ctx.beginPath();
        ctx.arc(sx, sy, sr * 0.62, 0, Math.PI * 2);
        ctx.fillStyle = pal.socket;
        ctx.fill();
        continue;
      }
      const pop = this._anim("pop", (x) => x.area === a && x.colour === c);
      const scale = pop ? 1.5 - 0.5 * easeOut(clamp01((performance.now() - pop.start) / pop.dur)) : 1;
      drawStone(ctx, pal, this.colours[c], sx, sy, sr * scale);
      const tx = c === 0 ? sx - sr * 1.55 : sx + sr * 1.55;
      this.count(tx, sy + sr * 0.08, n, Math.max(11, u * 0.13));
    }
  }

  /** The area's number in the middle; a homeland has a ring of its colour (as on the printed map). */
  drawAreaNumber(a, area) {
    const { ctx, geom: g, pal } = this;
    const [cx, cy] = g.areas[a];
    const u = g.u;
    const br = u * 0.092;
    ctx.beginPath();
    ctx.arc(cx, cy, br, 0, Math.PI * 2);
    ctx.fillStyle = pal.badge;
    ctx.fill();
    if (area.home) {
      ctx.lineWidth = Math.max(2, u * 0.026);
      ctx.strokeStyle = pal.home[area.home];
      ctx.stroke();
    } else {
      ctx.lineWidth = 1;
      ctx.strokeStyle = pal.landEdge;
      ctx.stroke();
    }
    ctx.fillStyle = pal.badgeText;
    ctx.font = `700 ${Math.max(9, Math.round(u * 0.115))}px ${SANS}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(String(a + 1), cx, cy + u * 0.006); // numbered from 1, as every text names it (games/turncoats.js areaNo)
  }

  /** A stone count: bold digits with a halo of land colour. */
  count(x, y, n, size) {
    const { ctx, pal } = this;
    ctx.save();
    ctx.font = `800 ${Math.round(size)}px ${SANS}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    ctx.lineWidth = Math.max(2.5, size * 0.28);
    ctx.strokeStyle = pal.land[0];
    ctx.strokeText(String(n), x, y);
    ctx.fillStyle = pal.badgeText === "#ebe6da" ? "#fffaf0" : "#1f1b14";
    ctx.fillText(String(n), x, y);
    ctx.restore();
  }

  /** The ruling colour's banner, with its mark, hanging over the area's top notch. */
  drawBanner(a) {
    const { ctx, geom: g, pal, view } = this;
    const area = view.map[a];
    const ctl = area.controller;
    if (!ctl) return;
    const u = g.u;
    const [cx, cy] = g.areas[a];
    const w = u * 0.2, top = cy - u * 0.58, h = u * 0.27;
    ctx.save();
    // the crossbar
    ctx.strokeStyle = pal.pole;
    ctx.lineWidth = Math.max(1.5, u * 0.018);
    ctx.lineCap = "round";
    ctx.beginPath();
    ctx.moveTo(cx - w * 0.72, top);
    ctx.lineTo(cx + w * 0.72, top);
    ctx.stroke();
    // the cloth: a swallowtail gonfalon
    ctx.beginPath();
    ctx.moveTo(cx - w / 2, top);
    ctx.lineTo(cx + w / 2, top);
    ctx.lineTo(cx + w / 2, top + h);
    ctx.lineTo(cx, top + h * 0.78);
    ctx.lineTo(cx - w / 2, top + h);
    ctx.closePath();
    fillShadowed(ctx, pal.stone[ctl], pal.shadow, u * 0.05, u * 0.01);
    ctx.lineWidth = 1;
    ctx.strokeStyle = pal.rim[ctl];
    ctx.stroke();
    drawMark(ctx, pal.mark, ctl, cx, top + h * 0.36, w * 0.36);
    ctx.restore();
    // a tie broken by AXE or FLAG: its small icon beside the banner
    if (area.reason === "axe" || area.reason === "flag") {
      const ix = cx + w * 0.5 + u * 0.1, iy = top + h * 0.45;
      ctx.save();
      ctx.beginPath();
      ctx.arc(ix, iy, Math.max(8, u * 0.085), 0, Math.PI * 2);
      ctx.fillStyle = pal.badge;
      ctx.fill();
      ctx.lineWidth = 1;
      ctx.strokeStyle = pal.landEdge;
      ctx.stroke();
      (area.reason === "axe" ? axeIcon : flagIcon)(ctx, ix + u * 0.01, iy, Math.max(11, u * 0.13), pal.text);
      ctx.restore();
    }
  }

  /** The card of a tray (AXE, FLAG, the bag) at `box`. */
  trayBox(box) {
    const { ctx, geom: g, pal } = this;
    roundRect(ctx, box.x, box.y, box.w, box.h, g.u * 0.07);
    ctx.fillStyle = pal.tray;
    ctx.fill();
    ctx.strokeStyle = pal.trayEdge;
    ctx.lineWidth = 1;
    ctx.stroke();
  }

  drawTray(key, box) {
    const { ctx, geom: g, pal, view } = this;
    const u = g.u;
    ctx.save();
    this.trayBox(box);
    const icon = key === "axe" ? axeIcon : flagIcon;
    icon(ctx, box.x + u * 0.11, box.y + u * 0.13, u * 0.15, pal.text);
    ctx.fillStyle = pal.text;
    ctx.textBaseline = "middle";
    ctx.textAlign = "left";
    this.label(`${key}-label`, this.labels[key] || key.toUpperCase(), 800, u * 0.1, box.x + u * 0.22, box.y + u * 0.135, box.x + box.w - u * 0.04);
    const counts = view[key];
    const sr = u * 0.068;
    for (let c = 0; c < this.colours.length; c++) {
      const x = box.x + box.w * (0.17 + c * 0.31), y = box.y + box.h * 0.7;
      const pop = this._anim("tray", (a) => a.tray === key && a.colour === c);
      const scale = pop ? 1.5 - 0.5 * easeOut(clamp01((performance.now() - pop.start) / pop.dur)) : 1;
      if (counts[c]) drawStone(ctx, pal, this.colours[c], x, y, sr * scale);
      else {
        ctx.beginPath();
        ctx.arc(x, y, sr * 0.65, 0, Math.PI * 2);
        ctx.fillStyle = pal.socket;
        ctx.fill();
      }
      ctx.fillStyle = pal.text;
      ctx.font = `800 ${Math.round(u * 0.1)}px ${SANS}`;
      ctx.textAlign = "left";
      ctx.fillText(String(counts[c]), x + sr * 1.25, y + sr * 0.1);
    }
    ctx.restore();
  }

  /**
   * Left-aligned text at (x, y) ending before `right`: its font shrunk to fit rather than the
   * letters squeezed; where it went is noted in this.texts (test hook texts: {what, text,
   * left, right, room}).
   */
  label(what, text, weight, size, x, y, right) {
    const { ctx } = this;
    const s = fitFont(ctx, text, weight, Math.round(size), SANS, right - x, Math.min(7, size));
    ctx.fillText(text, x, y);
    this.texts.push({ what, text, left: x, right: x + ctx.measureText(text).width, room: [x, right], size: s });
  }

  drawBag() {
    const { ctx, geom: g, pal, view } = this;
    const u = g.u;
    const box = g.bag;
    ctx.save();
    this.trayBox(box);
    // the pouch with the number of stones in it
    // (its name along the top, as the trays' are, then the pouch and the track below it)
    const pulse = this._anim("bag", () => true);
    const s = box.h * 0.62 * (pulse ? 1 + 0.12 * Math.sin(Math.PI * clamp01((performance.now() - pulse.start) / pulse.dur)) : 1);
    const bx = box.x + box.w * 0.24, by = box.y + box.h * 0.64;
    bagShape(ctx, bx, by, s);
    ctx.shadowColor = pal.shadow;
    ctx.shadowBlur = u * 0.04;
    ctx.fillStyle = pal.dark ? "#8a6e4b" : "#a9865a";
    ctx.fill();
    ctx.shadowColor = "transparent";
    ctx.strokeStyle = pal.dark ? "#5d4a31" : "#6f5233";
    ctx.lineWidth = 1.2;
    ctx.stroke();
    ctx.fillStyle = "#fffaf0";
    ctx.font = `800 ${Math.max(10, Math.round(u * 0.12))}px ${SANS}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(String(view.bag), bx, by + s * 0.16);
    ctx.fillStyle = pal.text;
    ctx.textAlign = "left";
    this.label("bag-label", this.labels.bag || "", 800, u * 0.1, box.x + u * 0.08, box.y + u * 0.135, box.x + box.w - u * 0.04);
    const lx = box.x + box.w * 0.48;
    // the negotiation track: N negotiations in a row end the game
    const n = view.negotiations_to_end, k = view.negotiations;
    const pr = Math.min(u * 0.04, (box.w * 0.46) / (n * 2.5));
    for (let i = 0; i < n; i++) {
      const x = lx + pr + i * pr * 2.5, y = box.y + box.h * 0.7;
      ctx.beginPath();
      ctx.arc(x, y, pr, 0, Math.PI * 2);
      if (i < k) {
        ctx.fillStyle = pal.glow;
        ctx.fill();
      }
      ctx.lineWidth = 1.2;
      ctx.strokeStyle = pal.muted;
      ctx.stroke();
    }
    ctx.restore();
  }

  drawHand() {
    const { ctx, geom: g, pal, view, sel } = this;
    const h = g.hand;
    const u = Math.min(g.u, 60);
    ctx.save();
    roundRect(ctx, h.x, h.y, h.w, h.h, 12);
    ctx.fillStyle = pal.tray;
    ctx.fill();
    ctx.strokeStyle = pal.trayEdge;
    ctx.lineWidth = 1;
    ctx.stroke();
    const title = view.hand ? this.labels.hand || "" : this.labels.handHidden || "";
    ctx.fillStyle = pal.muted;
    ctx.font = `700 ${Math.round(Math.max(12, Math.min(15, u * 0.26)))}px ${SANS}`;
    ctx.textBaseline = "middle";
    if (!view.hand) {
      // hidden (or shown elsewhere): one line across the tray, no empty sockets beside it
      ctx.textAlign = "center";
      this.handTitleLines = wrapText(ctx, title, h.x + h.w / 2, h.y + h.h / 2, h.w - 20, 16);
      ctx.restore();
      return;
    }
    if (h.dir === "row") {
      ctx.textAlign = "left";
      const head = Math.min(h.w * 0.24, 110);
      wrapText(ctx, title, h.x + 10, h.y + h.h / 2, head - 14, 16);
    } else {
      ctx.textAlign = "center";
      wrapText(ctx, title, h.x + h.w / 2, h.y + Math.min(h.h * 0.16, 46) / 2 + 4, h.w - 12, 16);
    }
    for (let c = 0; c < this.colours.length; c++) this.drawHandColour(c);
    ctx.restore();
  }

  /** The hand's compartment for colour c: lit when it may be picked, the stones, how many, the one just drawn. */
  drawHandColour(c) {
    const { ctx, pal, view, sel } = this;
    const s = this.handSlot(c);
    const colour = this.colours[c];
    const n = view.hand[c];
    const clickable = sel.colours.has(colour);
    const chosen = sel.colour === colour;
    const hovered = this._lit("colour", colour);
    const ins = 4;
    if (clickable || chosen) {
      ctx.save();
      roundRect(ctx, s.x + ins, s.y + ins, s.w - 2 * ins, s.h - 2 * ins, 10);
      ctx.fillStyle = chosen || hovered ? pal.select : pal.glow;
      ctx.globalAlpha = chosen ? 0.45 : hovered ? 0.35 : 0.2;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.lineWidth = chosen ? 3 : 2;
      ctx.strokeStyle = chosen || hovered ? pal.select : pal.glow;
      ctx.stroke();
      ctx.restore();
    }
    // the stones and "×6" side by side, centred in the compartment with room at both ends
    // (stones from x - 1.1 sr to x + 1.45 sr, the count from x + 1.5 sr)
    const pad = ins + 6, room = s.w - 2 * pad;
    const countText = `×${n}`;
    let sr = Math.min(s.h * 0.3, s.w * 0.2, 24);
    const width = (r) => {
      ctx.font = `800 ${Math.round(r * 1.05)}px ${SANS}`;
      return 2.6 * r + ctx.measureText(countText).width;
    };
    while (sr > 6 && width(sr) > room) sr -= 0.5;
    const x = s.x + pad + (room - width(sr)) / 2 + 1.1 * sr, y = s.y + s.h / 2;
    ctx.save();
    if (!n) ctx.globalAlpha = 0.3;
    if (n > 1) drawStone(ctx, pal, colour, x + sr * 0.6, y - sr * 0.3, sr * 0.85);
    drawStone(ctx, pal, colour, x - sr * 0.1, y + sr * 0.1, sr);
    ctx.restore();
    ctx.fillStyle = pal.text;
    ctx.font = `800 ${Math.round(sr * 1.05)}px ${SANS}`;
    ctx.textAlign = "left";
    ctx.fillText(countText, x + sr * 1.5, y + sr * 0.1);
    const tw = ctx.measureText(countText).width;
    this.texts.push({ what: `hand-${colour}`, text: countText, left: x - 1.1 * sr, right: x + sr * 1.5 + tw, room: [s.x + ins + 4, s.x + s.w - ins - 4] });
    if (view.drawn === colour) {
      // the stone just drawn (only its drawer sees this)
      const label = this.labels.drawn || "";
      ctx.font = `800 ${Math.round(Math.max(10, sr * 0.55))}px ${SANS}`;
      const tw = ctx.measureText(label).width + 10;
      const bx = s.x + s.w / 2 - tw / 2, by = s.y + 3;
      roundRect(ctx, bx, by, tw, sr * 0.8, sr * 0.4);
      ctx.fillStyle = pal.glow;
      ctx.fill();
      ctx.fillStyle = "#1d1d20";
      ctx.textAlign = "center";
      ctx.fillText(label, bx + tw / 2, by + sr * 0.42);
    }
  }

  drawFlying() {
    const { ctx, geom: g, pal } = this;
    const now = performance.now();
    for (const a of this.anims) {
      if (a.kind !== "fly" || now < a.start || now >= a.start + a.dur) continue;
      const p = easeOut(clamp01((now - a.start) / a.dur));
      const x = a.from[0] + (a.to[0] - a.from[0]) * p;
      const y = a.from[1] + (a.to[1] - a.from[1]) * p - Math.sin(Math.PI * p) * g.u * 0.15;
      drawStone(ctx, pal, this.colours[a.colour], x, y, g.u * STONE_R, { alpha: a.fade ? 1 - p * 0.7 : 1 });
    }
  }
}

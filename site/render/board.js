// What every game's canvas board shares: a hi-DPI backing store that follows the
// element's size, the colour-scheme palette and the reduced-motion preference,
// pointer hover over what may be clicked, things lit from outside (a focused
// button), and at most one redraw per animation frame (more while animations run).
//
// A board subclasses CanvasBoard, sets its own state, then calls this.resize(); it
// brings layout(W, H) -> geom (with W, H), paint(geom, now), hitTest(x, y) -> a hit
// (or null), _clickable(hit) and _click(event); for play by keyboard (enableKeys) also
// keyTargets() -> [{hit, x, y, w, h}] (what may be picked now, canvas coordinates) and
// _pick(hit) (what a click on it does), and it calls keysChanged() after each new view.

import { fitCanvas, roundRect } from "./art.js";

/** The arrow keys as unit steps on the canvas. */
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Two hits are the same thing: {kind, id} objects by kind and id, anything else by identity. */
const sameHit = (a, b) => (a && b && typeof a === "object" && typeof b === "object" ? a.kind === b.kind && a.id === b.id : a === b);

export class CanvasBoard {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {(dark: boolean) => object} paletteOf the colours for the light or dark scheme
   * @param {{watchWindow?: boolean, minSide?: number}} opts watchWindow: resize on window
   *   resizes too (a zoom changes the pixel ratio, not the box); minSide: draw nothing
   *   smaller (hidden or not laid out yet)
   */
  constructor(canvas, paletteOf, { watchWindow = false, minSide = 0 } = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.minSide = minSide;
    this.view = null;
    this.hover = null;
    this.focus = null;
    this.anims = [];
    this.geom = null;
    this.frame = 0;
    this.dark = matchMedia("(prefers-color-scheme: dark)");
    this.reduced = matchMedia("(prefers-reduced-motion: reduce)");
    this.pal = paletteOf(this.dark.matches);
    this._onTheme = () => {
      this.pal = paletteOf(this.dark.matches);
      this.requestDraw();
    };
    this.dark.addEventListener("change", this._onTheme);
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(canvas);
    if (watchWindow) {
      this._onWin = () => this.resize();
      window.addEventListener("resize", this._onWin);
    }
    canvas.addEventListener("click", (e) => this._click(e));
    canvas.addEventListener("pointermove", (e) => this._move(e));
    canvas.addEventListener("pointerleave", () => this._setHover(null));
  }

  destroy() {
    this.resizeObserver.disconnect();
    if (this._onWin) window.removeEventListener("resize", this._onWin);
    this.dark.removeEventListener("change", this._onTheme);
    cancelAnimationFrame(this.frame);
  }

  resize() {
    const { w, h, dpr } = fitCanvas(this.canvas, this.dpr);
    this.dpr = dpr;
    this.W = w;
    this.H = h;
    this.geom = this.layout(w, h);
    this.draw();
  }

  /** Canvas coordinates as viewport (client) coordinates, with a size: for tests and tools. */
  toClient(x, y, size) {
    const rect = this.canvas.getBoundingClientRect();
    return { x: rect.left + x, y: rect.top + y, size };
  }

  _pos(e) {
    const rect = this.canvas.getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top];
  }

  _move(e) {
    const hit = this.hitTest(...this._pos(e));
    this._setHover(this._clickable(hit) ? hit : null);
  }

  _setHover(hit) {
    if (sameHit(hit, this.hover)) return;
    this.hover = hit;
    this.canvas.style.cursor = hit === null || hit === undefined ? "default" : "pointer";
    this.requestDraw();
  }

  /** Light something up from outside (a focused decision button), or nothing (null: while the
   * canvas has the keyboard's focus, the ringed target stays lit). */
  setFocus(hit) {
    this.focus = hit === null && this.keyActive ? this.keyFocus : hit;
    this.requestDraw();
  }

  /** Whether the {kind, id} thing is under the pointer or lit from outside. */
  _lit(kind, id) {
    const h = this.hover, f = this.focus;
    return !!((h && h.kind === kind && h.id === id) || (f && f.kind === kind && f.id === id));
  }

  // ---------------------------------------------------------------- keyboard

  /**
   * Let the canvas take the focus and be played without a mouse: the arrow keys move a drawn
   * focus ring between keyTargets() (Home and End: the first and the last), Enter or Space
   * picks the ringed one as a click would. `onKeyFocus(hit)` hears where the ring went (the
   * page says it in words); the ring shows only while the canvas has the focus.
   */
  enableKeys({ onKeyFocus = () => {} } = {}) {
    this.keyFocus = null;
    this.onKeyFocus = onKeyFocus;
    this.canvas.tabIndex = 0;
    this.canvas.addEventListener("keydown", (e) => this._key(e));
    this.canvas.addEventListener("focus", () => this._moveKeyFocus(this._keyTarget(this.keyFocus) || this._nearestTarget()));
    this.canvas.addEventListener("blur", () => {
      if (this.focus !== null) this.setFocus(null);
      else this.requestDraw();
    });
  }

  /** Whether the canvas has the focus (the ring is drawn, keys are heard). */
  get keyActive() {
    return !!this.onKeyFocus && document.activeElement === this.canvas;
  }

  /** The target that is `hit`, or null. */
  _keyTarget(hit) {
    if (hit === null || hit === undefined) return null;
    return this.keyTargets().find((t) => sameHit(t.hit, hit)) || null;
  }

  /** The target nearest the ring's last place (the first target when there is none). */
  _nearestTarget() {
    const targets = this.keyTargets();
    const at = this._keyAt;
    if (!targets.length || !at) return targets[0] || null;
    const d = (t) => Math.hypot(t.x + t.w / 2 - at[0], t.y + t.h / 2 - at[1]);
    return targets.reduce((a, b) => (d(b) < d(a) ? b : a));
  }

  /**
   * The targets may have changed (a new position): while the canvas has the focus and the
   * ring's target is gone, the ring moves to the nearest one (and says so). A board calls it
   * after each new view.
   */
  keysChanged() {
    if (!this.keyActive) return;
    if (this._keyTarget(this.keyFocus)) {
      this.setFocus(this.keyFocus);
      return;
    }
    const next = this._nearestTarget();
    if (next || this.keyFocus !== null) this._moveKeyFocus(next);
  }

  _moveKeyFocus(target) {
    this.keyFocus = target ? target.hit : null;
    if (target) this._keyAt = [target.x + target.w / 2, target.y + target.h / 2];
    this.setFocus(this.keyFocus);
    this.onKeyFocus(this.keyFocus);
  }

  /** The next target from `from` in direction [dx, dy]: ahead of it, nearest, closest to the line. */
  _step(from, [dx, dy]) {
    const fx = from.x + from.w / 2, fy = from.y + from.h / 2;
    let best = null, bestScore = Infinity;
    for (const t of this.keyTargets()) {
      const vx = t.x + t.w / 2 - fx, vy = t.y + t.h / 2 - fy;
      const ahead = vx * dx + vy * dy;
      if (ahead <= 1) continue;
      const score = ahead + 2 * Math.abs(vx * dy - vy * dx);
      if (score < bestScore) {
        best = t;
        bestScore = score;
      }
    }
    return best;
  }

  _key(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const targets = this.keyTargets();
    const here = this._keyTarget(this.keyFocus);
    let next = null;
    if (ARROWS[e.key]) next = here ? this._step(here, ARROWS[e.key]) || here : this._nearestTarget();
    else if (e.key === "Home") next = targets[0];
    else if (e.key === "End") next = targets[targets.length - 1];
    else if ((e.key === "Enter" || e.key === " ") && here) {
      e.preventDefault();
      this._pick(here.hit);
      return;
    } else return;
    e.preventDefault();
    if (next) this._moveKeyFocus(next);
  }

  /**
   * The ring around the keyboard's target, over everything painted: only while the canvas has
   * the keyboard's focus (:focus-visible, so a click does not draw it), in the page's focus
   * colour (--focus, lighter in the dark scheme) on a halo that stands out from the tiles.
   */
  _paintKeyRing() {
    const t = this.keyActive && this.canvas.matches(":focus-visible") && this._keyTarget(this.keyFocus);
    if (!t) return;
    const { ctx } = this;
    const side = Math.min(t.w, t.h);
    const pad = Math.max(3, Math.min(6, side * 0.07));
    const width = Math.max(3, Math.min(5, side * 0.06));
    const colour = this.pal.focus || getComputedStyle(this.canvas).getPropertyValue("--focus").trim() || "#1f6fd1";
    const halo = this.pal.dark ? "rgba(0, 0, 0, 0.85)" : "#ffffff";
    ctx.save();
    ctx.setLineDash([]);
    for (const [stroke, w] of [[halo, width * 2.2], [colour, width]]) {
      roundRect(ctx, t.x - pad, t.y - pad, t.w + 2 * pad, t.h + 2 * pad, side * 0.14 + pad);
      ctx.strokeStyle = stroke;
      ctx.lineWidth = w;
      ctx.stroke();
    }
    ctx.restore();
  }

  requestDraw() {
    if (this._pending) return;
    this._pending = true;
    this.frame = requestAnimationFrame(() => {
      this._pending = false;
      this.draw();
    });
  }

  draw() {
    const { ctx, geom: g } = this;
    if (!g || g.W < this.minSide || g.H < this.minSide) return;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, g.W, g.H);
    const now = performance.now();
    const animating = this.anims.some((a) => now < a.start + a.dur);
    this.paint(g, now);
    this._paintKeyRing();
    if (animating) this.requestDraw();
    this.canvas.dataset.drawn = String((Number(this.canvas.dataset.drawn) || 0) + 1);
  }
}

// What every game's canvas board shares: a hi-DPI backing store that follows the
// element's size, the colour-scheme palette and the reduced-motion preference,
// pointer hover over what may be clicked, things lit from outside (a focused
// button), and at most one redraw per animation frame (more while animations run).
//
// A board subclasses CanvasBoard, sets its own state, then calls this.resize(); it
// brings layout(W, H) -> geom (with W, H), paint(geom, now), hitTest(x, y) -> a hit
// (or null), _clickable(hit) and _click(event).

import { fitCanvas } from "./art.js";

/** Two hits are the same thing: {kind, id} objects by kind and id, anything else by identity. */
const sameHit = (a, b) => (a && b && typeof a === "object" ? a.kind === b.kind && a.id === b.id : a === b);

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

  /** Light something up from outside (a focused decision button), or nothing (null). */
  setFocus(hit) {
    this.focus = hit;
    this.requestDraw();
  }

  /** Whether the {kind, id} thing is under the pointer or lit from outside. */
  _lit(kind, id) {
    const h = this.hover, f = this.focus;
    return !!((h && h.kind === kind && h.id === id) || (f && f.kind === kind && f.id === id));
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
    if (animating) this.requestDraw();
    this.canvas.dataset.drawn = String((Number(this.canvas.dataset.drawn) || 0) + 1);
  }
}

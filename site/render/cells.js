// A board of square cells in a grid, for any grid game (Okiya's garden): where each cell is
// drawn, which cell a point hits, the cells a player may pick now (a click, or the keyboard's
// ring: render/board.js) and where they are for tests. It knows no rules: the page hands it
// the legal cells (the bridge's moves) and hears which one was picked.
//
// A grid board subclasses CellBoard; its layout(W, H) returns a geom with the grid's place:
// bx, by (its corner), m (the margin inside it), gap (between cells) and s (a cell's side).

import { CanvasBoard } from "./board.js";

/** A cell's place in a grid of `cols` columns: {cell, row, col}, counted from 0. */
export const gridPlace = (cell, cols) => ({ cell, row: Math.floor(cell / cols), col: cell % cols });

export class CellBoard extends CanvasBoard {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {(dark: boolean) => object} paletteOf
   * @param {{cols: number, rows: number, onMove?: (cell: number) => void, hitLift?: number}} grid
   *   onMove: a legal cell was picked; hitLift: how far above a cell (a fraction of its side)
   *   a click still hits it (a piece drawn lifted)
   * @param {object} opts CanvasBoard's options
   */
  constructor(canvas, paletteOf, { cols, rows, onMove = () => {}, hitLift = 0 }, opts = {}) {
    super(canvas, paletteOf, opts);
    this.cols = cols;
    this.rows = rows;
    this.onMove = onMove;
    this.hitLift = hitLift;
    this.legal = new Set(); // cells a player may pick now
    this.interactive = false;
  }

  /** How many cells the grid has. */
  get cellCount() {
    return this.cols * this.rows;
  }

  /** The cells a player may pick now (none unless `interactive`). */
  setLegal(cells, interactive) {
    this.legal = new Set(interactive ? cells : []);
    this.interactive = interactive;
    if (this.hover !== null && !this.legal.has(this.hover)) this.hover = null;
  }

  /** A cell's square on the canvas: {x, y, s}. */
  cellRect(cell) {
    const g = this.geom;
    const { row, col } = gridPlace(cell, this.cols);
    return { x: g.bx + g.m + col * (g.s + g.gap), y: g.by + g.m + row * (g.s + g.gap), s: g.s };
  }

  /** Centre of a cell in viewport (client) coordinates: for tests and tools. */
  cellCenter(cell) {
    if (!this.geom) return null;
    const r = this.cellRect(cell);
    return this.toClient(r.x + r.s / 2, r.y + r.s / 2, r.s);
  }

  /** The cell at canvas point (x, y) (half the gap around a cell counts), or null. */
  hitTest(x, y) {
    const g = this.geom;
    if (!g) return null;
    const h = g.gap / 2;
    for (let c = 0; c < this.cellCount; c++) {
      const r = this.cellRect(c);
      if (x >= r.x - h && x < r.x + r.s + h && y >= r.y - h - g.s * this.hitLift && y < r.y + r.s + h) return c;
    }
    return null;
  }

  _clickable(cell) {
    return cell !== null && this.legal.has(cell);
  }

  _click(e) {
    this._pick(this.hitTest(...this._pos(e)));
  }

  _pick(cell) {
    if (cell !== null && this.interactive && this.legal.has(cell)) this.onMove(cell);
  }

  /** The legal cells, row by row, for play by keyboard. */
  keyTargets() {
    if (!this.geom || !this.interactive) return [];
    return [...this.legal].sort((a, b) => a - b).map((cell) => {
      const r = this.cellRect(cell);
      return { hit: cell, x: r.x, y: r.y, w: r.s, h: r.s };
    });
  }
}

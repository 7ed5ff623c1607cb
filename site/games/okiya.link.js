// Okiya's board for link play (boards.js finds it by the game's id): the hot-seat page's
// canvas drawing TABLE.view, a click on a glowing cell sends its move, and every legal
// move is a button showing its tile.

import { t, listText } from "../i18n.js";
import { el, focusLights } from "../ui/dom.js";
import { OkiyaBoard, SIDE } from "../render/okiya.js";
import { gridPlace } from "../render/cells.js";
import { plantOf, symbolOf, tilePicture, prepareTilePictures } from "../render/art.js";
import { moveButton, seatName } from "../link/boards.js";

/** "Maple sun": a tile in words. */
const tileWords = (tile) => t("okiya.tile", { plant: t(`okiya.plant.${plantOf(tile)}`), symbol: t(`okiya.symbol.${symbolOf(tile)}`) });

export default class OkiyaLink {
  constructor(host, { onPlay }) {
    this.onPlay = onPlay;
    this.moves = [];
    this.view = null;
    // played with the arrow keys too: the move under the ring is said in keyText
    this.keyText = el("p", { class: "sr-only", id: "ok-link-board-focus", "aria-live": "polite" });
    this.canvas = el("canvas", { class: "link-canvas link-okiya", role: "application", "aria-label": t("ui.okiya.board.label"), "aria-describedby": "ok-link-board-focus" });
    this.wrap = el("div", { class: "link-canvas-wrap okiya" }, this.canvas, this.keyText);
    host.append(this.wrap);
    this.board = new OkiyaBoard(this.canvas, {
      onMove: (cell) => {
        const move = this.moves.find((m) => m.cell === cell);
        if (move) this.onPlay(move.text);
      },
    });
    this.board.enableKeys({
      onKeyFocus: (cell) => {
        const move = cell === null ? null : this.moves.find((m) => m.cell === cell);
        this.keyText.textContent = move && this.view ? OkiyaLink.words(move, this.view) : "";
      },
    });
    prepareTilePictures(this.board.dark.matches);
  }

  show(view, { legal = [], moves = null, names = [], seat = null, animate = true } = {}) {
    this.moves = moves || OkiyaLink.movesOf(view, legal);
    this.view = view;
    const tag = (s) => [s === seat ? t("ui.tag.you") : "", t(`ui.okiya.seat.shape.${s}`)].filter(Boolean).join(t("ui.separator"));
    this.board.setView(view, {
      legal: this.moves.map((m) => m.cell),
      interactive: this.moves.length > 0,
      animate,
      labels: { lastTile: t("ui.okiya.board.last_tile"), seats: [seatName(names, 0), seatName(names, 1)], tags: [tag(0), tag(1)] },
    });
  }

  /** The hint line on this device's turn (link/play.js asks the board). */
  hint(view) {
    return view.last === null ? t("ui.okiya.hint.opening") : t("ui.okiya.hint.follow");
  }

  /**
   * The legal moves as data when nobody gave them: Okiya's view lists the legal cells
   * (`view.legal`) in the order of the `legal` moves' notation.
   */
  static movesOf(view, legal) {
    if (!view || !legal.length || !Array.isArray(view.legal) || view.legal.length !== legal.length) return [];
    return legal.map((text, i) => ({ text, kind: "take", ...gridPlace(view.legal[i], SIDE) }));
  }

  /** A move (data) in words: the tile it takes and where. */
  static words(move, view) {
    const tile = view.layout[move.cell];
    return t("ui.okiya.move.label", { tile: tileWords(tile), row: move.row + 1, col: move.col + 1 });
  }

  buttons(view, legal, names, { busy = false, moves = null } = {}) {
    return (moves || OkiyaLink.movesOf(view, legal)).map((move) => {
      const tile = view.layout[move.cell];
      const img = tilePicture(tile, this.board.dark.matches);
      const btn = moveButton(move.text, OkiyaLink.words(move, view), { busy, onPlay: this.onPlay, content: [img, el("span", { text: tileWords(tile) })] });
      return focusLights(btn, this.board, move.cell, { hover: true });
    });
  }

  /** Ring cells on the board (the replay's notes: the tile taken, the perfect player's best). */
  mark(marks = {}) {
    this.board.setMarks(marks);
  }

  /**
   * The replay's notes (ui/replay.js) from the perfect player's review the bridge's `replay`
   * carries: each move's verdict for the list (`labels`), who first threw a result away
   * (`summary`), the shown move's verdict in words (`note`) and its rings (`marks`: the tile
   * taken, the best ones). None for a replay without a review (link play).
   */
  static replayNotes(r, names) {
    const review = r.review;
    if (!review || !Array.isArray(review.moves)) return null;
    const name = (s) => seatName(names, s);
    const cell = (view, c) => t("ui.okiya.review.cell", { tile: tileWords(view.layout[c]), row: ((c / SIDE) | 0) + 1, col: (c % SIDE) + 1 });
    const labels = review.moves.map((v) => ({ cls: v.label, text: t(`ui.okiya.review.label.${v.label}`) }));
    const firsts = (review.first_mistake || []).filter((i) => i !== null);
    const first = firsts.length ? Math.min(...firsts) : null;
    const summary = first === null
      ? t("ui.okiya.review.no_mistake")
      : t("ui.okiya.review.first_mistake", { player: name(review.moves[first].seat), n: first + 1 });
    const v = r.step ? review.moves[r.step - 1] : null;
    if (!v) return { labels, summary, note: "", marks: {} };
    const value = (x) => t(`ui.okiya.review.value.${x > 0 ? "win" : x < 0 ? "loss" : "draw"}`);
    const note = [t("ui.okiya.review.detail", { player: name(v.seat), before: value(v.before), after: value(v.after) })];
    if (v.label !== "best" && v.label !== "forced") note.push(t("ui.okiya.review.best", { tiles: listText(v.best.map((c) => cell(r.view, c)), "disjunction") }));
    return { labels, summary, note: note.join(" "), marks: { played: v.cell, best: v.best } };
  }

  resize() {
    this.board.resize();
  }

  destroy() {
    this.board.destroy();
    this.wrap.remove();
  }
}

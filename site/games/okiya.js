// Okiya on the page: the garden on a canvas, a button per tile that may be taken, the
// match bar of a match of several games and the end screen. The hot-seat skeleton
// (route, seat setup with the match format, saving, bots, undo, next game, status) is
// ui/hotseat.js.
//
// The JS holds no rules. Every move sent is one of the legal moves the bridge listed;
// the page reads where each one is from the bridge's `moves` (cell, row, col), never
// from the notation. Python runs in the worker, so the perfect bot never freezes the page.
//
// URL form (documented in README; parsed by ui/hotseat.js):
//   #play/okiya?seed=5&bots=1&level=perfect&format=best_of_three
//   levels, formats and their defaults: Okiya's entry in games.json

import { t } from "../i18n.js";
import { OkiyaBoard } from "../render/okiya.js";
import { PLANTS, SYMBOLS } from "../render/art.js";
import { HotSeatGame } from "../ui/hotseat.js";
import { tileImage } from "../ui/thumbs.js";
import { el } from "../ui/dom.js";

export const GAME = "okiya";

/** A tile in words ("Maple · Bird"). */
const tileName = (tile) => t("okiya.tile", { plant: t(`okiya.plant.${PLANTS[tile >> 2]}`), symbol: t(`okiya.symbol.${SYMBOLS[tile & 3]}`) });

export class Okiya extends HotSeatGame {
  static config = {
    game: GAME,
    firstSetup: { players: 2, seats: [{ bot: false }, { bot: true }] },
    saveKey: "pygames.okiya.save",
    prefsKey: "pygames.okiya.prefs",
    botPauseMs: 700,
    forcedPauseMs: 650,
    levelKey: "okiya.level",
    idPrefix: "ok",
  };

  testHooks() {
    return {
      cellCenter: (cell) => (this.board ? this.board.cellCenter(cell) : null),
      forced: () => (this.forced ? { ...this.forced } : null),
      route: () => (this.active ? this.hash : null),
    };
  }

  /** The seats are the two colours ("Red", "Black") unless the players named themselves. */
  defaultName(seat) {
    return t(`ui.seat.${seat}`);
  }

  // ---------------------------------------------------------------- the flow

  /**
   * Show a new position. Okiya has no secrets: the screen shows the human to move
   * (or the one human facing a bot); a lone legal tile is taken by itself after a
   * short pause; bots answer after theirs.
   */
  async present(res, used, { animate = true } = {}) {
    const over = res.to_move === null || res.to_move === undefined;
    const humans = this.humans();
    this.viewer = !over && !this.isBot(res.to_move) ? res.to_move : humans.length === 1 ? humans[0] : null;
    this.result = res;
    this.forced = this.forcedOf(res);
    this.save(res, res.match.over);
    this.render({ animate });
    this.proceed();
  }

  // ---------------------------------------------------------------- words

  say(message) {
    if (!message) return "";
    const params = { ...(message.params || {}) };
    if (Number.isInteger(params.seat)) params.name = this.name(params.seat);
    return t(message.key, params);
  }

  turnKey() {
    return this.humans().length === 1 ? "ui.status.your_turn" : "ui.status.turn";
  }

  hintOf(r) {
    if (this.forced) return t("ui.okiya.hint.forced", { player: this.name(this.forced.seat) });
    if (!this.myTurn(r)) return "";
    return r.view.last === null ? t("ui.hint.opening") : t("ui.hint.follow");
  }

  moveLabel(m) {
    return t("ui.move.label", { tile: tileName(this.result.view.layout[m.cell]), row: m.row + 1, col: m.col + 1 });
  }

  // ---------------------------------------------------------------- DOM

  buildDom(root) {
    this.canvas = el("canvas", { id: "ok-board", role: "img", "aria-label": t("ui.board.label") });
    const boardArea = el("div", { class: "board-area ok-area" }, this.canvas);
    this.choices = el("div", { class: "moves ok-moves", id: "ok-moves", role: "group", "aria-label": t("ui.moves.label") });
    this.endEl = el("section", { class: "endpanel ok-end", id: "ok-end", hidden: true, "aria-labelledby": "ok-end-title" });
    const below = el("div", { class: "below ok-below" }, this.choices, this.endEl, this.controls("ok-controls"), this.rulesPanel("ok-rules"));
    root.append(boardArea, below);
    this.nodes = [boardArea, below];
    this.board = new OkiyaBoard(this.canvas, {
      onMove: (cell) => {
        const move = this.moves().find((m) => m.cell === cell);
        if (move) this.play(move.text);
      },
    });
  }

  // ---------------------------------------------------------------- drawing

  renderParts(animate) {
    const r = this.result;
    const legal = this.moves().map((m) => m.cell);
    this.board.setView(r ? r.view : null, {
      legal,
      interactive: legal.length > 0,
      animate,
      labels: {
        lastTile: t("ui.board.last_tile"),
        seats: [this.name(0), this.name(1)],
        tags: this.route ? [this.tag(0), this.tag(1)] : ["", ""],
      },
    });
    this.renderDecision();
    this.renderEnd();
  }

  /** A button per tile the human to move may take (lights its cell while pointed at or focused). */
  renderDecision() {
    const hadFocus = this.emptyChoices();
    const r = this.result;
    this.choices.hidden = !!(r && r.view.outcome);
    for (const m of this.moves()) {
      const tile = r.view.layout[m.cell];
      const btn = this.moveEl(m, "move");
      btn.append(el("img", { alt: "", src: tileImage(tile) }), el("span", { text: tileName(tile) }));
      btn.addEventListener("click", () => this.play(m.text));
      for (const [on, cell] of [["focus", m.cell], ["blur", null], ["pointerenter", m.cell], ["pointerleave", null]]) {
        btn.addEventListener(on, () => this.board.setFocus(cell));
      }
      this.choices.append(btn);
    }
    this.board.setFocus(null);
    this.keepFocus(this.choices, hadFocus);
  }

  /** The end screen's account: who won the game (or the match), and a finished match's score. */
  fillEnd(box, view, outcome) {
    const match = this.result.match;
    let title;
    if (match.over && match.format !== "single" && match.message) title = this.say(match.message);
    else if (!outcome.winners.length) title = t("ui.end.title.draw");
    else title = this.winTitle(outcome.winners[0], "ui.end.title.you_lose");
    box.append(el("p", { class: "end-title", id: "ok-end-title", text: title }));
    if (match.format !== "single" && match.over) {
      const [a, b] = match.score;
      box.append(el("p", { class: "end-detail", id: "ok-end-detail", text: t("ui.match.score_label", { p0: this.name(0), a, p1: this.name(1), b }) }));
    }
  }
}

// Okiya on the page: the garden on a canvas, a button per tile that may be taken, the
// match bar of a match of several games and the end screen. The hot-seat skeleton
// (route, seat setup with the match format, saving, bots, undo, next game, status) is
// ui/hotseat.js.
//
// The JS holds no rules. Every move sent is one of the legal moves the bridge listed;
// the page reads where each one is from the bridge's `moves` (cell, row, col), never
// from the notation. Python runs in the worker, so the perfect bot never freezes the page.
//
// Learning from the perfect player, the calls the registry says Okiya offers (`calls`): a
// "Hint" button (hot-seat and bot games; link play has its own page) marks the best tiles on
// the board (a ring and a star badge) and on their move buttons ("Best"), and the record counts
// the hints each seat asked for; the end screen's "Replay" (ui/replay.js, every game's) lists
// every move with the solver's verdict (the review the bridge's `replay` carries), the tile
// taken and the best ones ringed.
//
// URL form (documented in README; parsed by ui/hotseat.js):
//   #play/okiya?seed=5&bots=1&level=perfect&format=best_of_three
//   levels, formats and their defaults: Okiya's entry in games.json

import { t } from "../i18n.js";
import { OkiyaBoard } from "../render/okiya.js";
import { PLANTS, SYMBOLS, tilePicture, prepareTilePictures } from "../render/art.js";
import { HotSeatGame, listText } from "../ui/hotseat.js";
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
    idPrefix: "ok",
  };

  testHooks() {
    return {
      cellCenter: (cell) => (this.board ? this.board.cellCenter(cell) : null),
      forced: () => (this.forced ? { ...this.forced } : null),
      route: () => (this.active ? this.hash : null),
      marks: () => (this.board ? { ...this.board.marks } : null),
      keyFocus: () => (this.board ? this.board.keyFocus : null),
    };
  }

  keyHelp() {
    return ["ui.okiya.keys.board"];
  }

  onNewGame() {
    this.hinted = null; // the best cells of the last hint, until the position changes
    this.why = null; // the perfect player's word on the bot's last move, until the position changes
  }

  /** The seats are the two colours ("Red", "Black") unless the players named themselves. */
  defaultName(seat) {
    return t(`ui.okiya.seat.${seat}`);
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
    this.hinted = null;
    this.why = null;
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
    if (this.hinted) return t("ui.okiya.hint.best", { tiles: listText(this.hinted.map((cell) => this.cellWords(r.view, cell)), "disjunction") });
    if (this.forced) return t("ui.okiya.hint.forced", { player: this.name(this.forced.seat) });
    if (!this.myTurn(r)) return "";
    return r.view.last === null ? t("ui.okiya.hint.opening") : t("ui.okiya.hint.follow");
  }

  /** Okiya keeps no log: the newest move is the tile just taken. */
  movedWords(r) {
    return r.view.last === null ? "" : t("ui.okiya.said.took", { tile: this.cellWords(r.view, r.view.last) });
  }

  moveLabel(m) {
    return t("ui.okiya.move.label", { tile: tileName(this.result.view.layout[m.cell]), row: m.row + 1, col: m.col + 1 });
  }

  /** A cell's tile and place in words ("Maple · Bird (row 1, column 2)"). */
  cellWords(view, cell) {
    return t("ui.okiya.review.cell", { tile: tileName(view.layout[cell]), row: ((cell / 4) | 0) + 1, col: (cell % 4) + 1 });
  }

  // ---------------------------------------------------------------- learning from the perfect player

  /** Ask the perfect player for the best tiles of the human to move; the record counts the hint. */
  async hint() {
    const r = this.result;
    if (!r || this.busy || !this.myTurn(r)) return;
    const gen = this.gen;
    this.busy = true;
    this.render({ animate: false });
    try {
      const got = await this.py.call("hint", { record: r.record });
      if (gen !== this.gen) return;
      this.busy = false;
      if (this.result !== r) return;
      this.result = { ...r, record: got.record };
      this.save(this.result, false);
      this.hinted = got.cells;
      this.render({ animate: false });
    } catch (err) {
      this._failed(gen, "busy", err);
    }
  }

  /** "Why that move?": what the perfect player makes of the bot's last move (the bridge's
   *  `weigh`: its best tiles and the one taken, each a win, a draw or a loss for the mover). */
  async explain() {
    const r = this.result;
    if (!r || this.busy) return;
    try {
      const w = await this.py.call("weigh", { record: r.record });
      if (this.result !== r) return;
      this.why = w;
      this.render({ animate: false });
    } catch (err) {
      this._failed(this.gen, "busy", err);
    }
  }

  /** The bot's last move in the perfect player's words, or "". */
  whyText(r) {
    const w = this.why;
    if (!w) return "";
    if (w.forced) return t("ui.okiya.why.forced", { player: this.name(w.seat) });
    const verdict = (share) => t(share >= 1 ? "ui.okiya.why.win" : share > 0 ? "ui.okiya.why.draw" : "ui.okiya.why.loss");
    const items = w.candidates.map((c) => t(c.played ? "ui.okiya.why.played" : "ui.okiya.why.item", { tile: this.cellWords(r.view, c.data.cell), verdict: verdict(c.share) }));
    return t("ui.okiya.why.text", { player: this.name(w.seat), list: listText(items) });
  }

  // ---------------------------------------------------------------- DOM

  buildDom(root) {
    // played with the arrow keys (role application: a screen reader passes them on); the move
    // under the ring is said in #ok-board-focus (a live region), the garden in words in #ok-board-text
    this.canvas = el("canvas", { id: "ok-board", role: "application", "aria-label": t("ui.okiya.board.label"), "aria-describedby": "ok-board-text" });
    this.keyText = el("p", { class: "sr-only", id: "ok-board-focus", "aria-live": "polite" });
    this.boardText = el("p", { class: "sr-only", id: "ok-board-text" });
    const boardArea = el("div", { class: "board-area ok-area" }, this.canvas, this.keyText, this.boardText);
    this.choices = el("div", { class: "moves ok-moves", id: "ok-moves", role: "group", "aria-label": t("ui.okiya.moves.label") });
    this.endEl = el("section", { class: "endpanel ok-end", id: "ok-end", hidden: true, "aria-labelledby": "ok-end-title" });
    const controls = this.controls("ok-controls");
    // the registry's `calls` say whether the game offers a hint (its review rides in the replay: the bridge adds it)
    if (this.offers("hint")) {
      this.hintBtn = el("button", { type: "button", class: "btn", id: "ok-hint", text: t("ui.okiya.hint.button"), onclick: () => this.hint() });
      controls.prepend(this.hintBtn);
    }
    // after a bot's move: what the perfect player makes of it
    this.whyBtn = el("button", { type: "button", class: "btn", id: "ok-why", text: t("ui.okiya.why.button"), hidden: true, onclick: () => this.explain() });
    controls.prepend(this.whyBtn);
    this.whyEl = el("p", { class: "ok-why", id: "ok-why-text", "aria-live": "polite", hidden: true });
    const below = el("div", { class: "below ok-below" }, this.whyEl, this.choices, this.endEl, controls, this.rulesPanel("ok-rules"));
    root.append(boardArea, below);
    this.nodes = [boardArea, below];
    this.board = new OkiyaBoard(this.canvas, {
      onMove: (cell) => {
        const move = this.moves().find((m) => m.cell === cell);
        if (move) this.play(move.text);
      },
    });
    this.board.enableKeys({ onKeyFocus: (cell) => this.sayKeyFocus(cell) });
    prepareTilePictures(this.board.dark.matches); // the move buttons' pictures, while Python loads
  }

  /** The move under the keyboard's ring in words ("Take Maple · Bird (row 1, column 2)"), or nothing. */
  sayKeyFocus(cell) {
    const move = cell === null ? null : this.moves().find((m) => m.cell === cell);
    this.keyText.textContent = move ? this.moveLabel(move) : "";
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
        lastTile: t("ui.okiya.board.last_tile"),
        seats: [this.name(0), this.name(1)],
        tags: this.route ? [this.tag(0), this.tag(1)] : ["", ""],
      },
    });
    this.board.setMarks({ best: this.hinted || [] });
    this.boardText.textContent = this.describeBoard(r && r.view);
    if (this.hintBtn) {
      this.hintBtn.hidden = !r || !!r.view.outcome || !this.humans().length;
      this.hintBtn.disabled = this.busy || !this.myTurn(r);
    }
    const movers = (r && r.movers) || [];
    const botMoved = !!r && !r.view.outcome && movers.length > 0 && this.isBot(movers[movers.length - 1]);
    this.whyBtn.hidden = !botMoved || !!this.why;
    this.whyBtn.disabled = this.busy;
    this.whyEl.textContent = botMoved ? this.whyText(r) : "";
    this.whyEl.hidden = !this.whyEl.textContent;
    this.renderDecision();
    this.renderEnd();
  }

  /** The garden in words (the canvas's description, for screen readers): each seat's tiles, the last one taken, the free ones. */
  describeBoard(view) {
    if (!view) return "";
    const held = [0, 1].map((seat) => {
      const cells = view.tokens.flatMap((token, cell) => (token === seat ? [cell] : []));
      if (!cells.length) return t("ui.okiya.describe.none", { player: this.name(seat) });
      return t("ui.okiya.describe.seat", { player: this.name(seat), tiles: listText(cells.map((cell) => this.cellWords(view, cell))) });
    });
    const last = view.last === null ? [] : [t("ui.okiya.said.took", { tile: this.cellWords(view, view.last) })];
    const free = view.tokens.filter((token) => token === null).length;
    return [...held, ...last, t("ui.okiya.describe.free", { count: free })].join(" ");
  }

  /** A button per tile the human to move may take (lights its cell while pointed at or focused). */
  renderDecision() {
    const hadFocus = this.emptyChoices();
    const r = this.result;
    this.choices.hidden = !!(r && r.view.outcome);
    for (const m of this.moves()) {
      const tile = r.view.layout[m.cell];
      const btn = this.moveEl(m, "move");
      btn.append(tilePicture(tile, this.board.dark.matches), el("span", { text: tileName(tile) }));
      if (this.hinted && this.hinted.includes(m.cell)) {
        // the hint's tile: a badge the eye finds, and its name says it too
        const badge = t("ui.okiya.hint.badge");
        btn.classList.add("hinted");
        btn.dataset.hint = "best";
        btn.append(el("span", { class: "ok-hint-badge", text: badge }));
        btn.setAttribute("aria-label", `${this.moveLabel(m)}${t("ui.separator")}${badge}`);
        btn.title = btn.getAttribute("aria-label");
      }
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
    if (this.offers("hint")) {
      const hints = this.result.record.hints || [0, 0];
      const used = [0, 1].filter((s) => hints[s] > 0).map((s) => t("ui.okiya.hints.count", { player: this.name(s), count: hints[s] }));
      const humans = this.humans();
      // one human against the bot: "You used 7 hints", not a list of one named by colour
      const text = !used.length ? t("ui.okiya.hints.none")
        : humans.length === 1 ? t("ui.okiya.hints.you", { count: hints[humans[0]] })
        : t("ui.okiya.hints.used", { list: listText(used) });
      box.append(el("p", { class: "end-detail ok-hints", id: "ok-hints", text }));
    }
  }
}

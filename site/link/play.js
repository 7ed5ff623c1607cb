// The play screen of a link game: the game's own board (site/games/<game>.link.js, made
// by boards.js once its module has loaded) drawing TABLE.view, and the decide section
// under it on this device's turn: the prompt, any controls the board adds for the move
// about to be sent, and every legal move as a button.
//
// Optional board methods read here (a game's link board may have them; none is required):
//   board.prompt()                         -> the board's own question of the moment, or null
//   board.hint(view)                       -> a hint line for #hint on this device's turn, or null
//   board.extraControls(table, {playing, busy}) -> an element shown above the move buttons, or null
//                                             (the board keeps it: return the same element each call)
//   board.playArgs()                       -> extra link_play arguments those controls chose, e.g. {keep_hidden: true}

import { t } from "../i18n.js";
import { el } from "../ui/dom.js";
import { makeBoard, say } from "./boards.js";

/** Call `board[method](...args)` when the board has it, else return `fallback`. */
function ask(board, method, args, fallback) {
  return board && typeof board[method] === "function" ? board[method](...args) : fallback;
}

export class PlayScreen {
  /** @param {{host: object}} opts host: the LinkPlay (play(move), renderDecide(), name(seat)) */
  constructor({ host }) {
    this.host = host;
    this.board = null;
    this.boardGame = null;
    this.spectator = el("p", { class: "link-spectator", id: "link-spectator", hidden: true, text: t("ui.link.spectator") });
    this.boardHost = el("div", { class: "link-board", id: "link-board", hidden: true });
    this.prompt = el("p", { class: "link-prompt", id: "link-prompt", "aria-live": "polite" });
    this.controls = el("div", { class: "link-controls", id: "link-controls" });
    this.moves = el("div", { class: "moves link-moves", id: "link-moves", role: "group", "aria-label": t("ui.link.moves.label") });
    this.decide = el("section", { class: "link-decide", id: "link-decide", hidden: true }, this.prompt, this.controls, this.moves);
  }

  /** Draw TABLE.view on the game's board (made on first use); moves are clickable on this device's turn. */
  renderBoard(table, mode, { animate, busy }) {
    const show = !!(table && table.view && mode !== "claim");
    this.boardHost.hidden = !show;
    this.spectator.hidden = mode !== "watch";
    if (!show) return;
    if (this.boardGame !== table.game) {
      this.makeBoardFor(table.game);
      return; // drawn once the board is made
    }
    if (!this.board) return;
    const legal = mode === "play" && !busy ? table.legal : [];
    const moves = mode === "play" && !busy ? table.moves : [];
    this.board.show(table.view, { legal, moves, events: table.last_events, names: table.names, seat: table.seat, animate });
    requestAnimationFrame(() => this.board && this.board.resize());
  }

  /** Make `game`'s board (its module loads on first use), then draw the game again on it. */
  async makeBoardFor(game) {
    if (this.board) this.board.destroy();
    this.board = null;
    this.boardGame = game;
    this.controls.replaceChildren();
    const board = await makeBoard(game, this.boardHost, {
      onPlay: (move) => this.host.play(move),
      onChange: () => this.host.renderDecide(),
    });
    if (this.boardGame !== game || this.board) {
      board.destroy();
      return;
    }
    this.board = board;
    this.host.renderGame({ animate: false });
  }

  /** The prompt, the board's extra controls and the move buttons (only while this device decides). */
  renderDecide(table, mode, { busy }) {
    const playing = mode === "play";
    this.decide.hidden = !playing;
    const extra = table ? ask(this.board, "extraControls", [table, { playing, busy }], null) : null;
    if (extra !== this.controls.firstChild) this.controls.replaceChildren(...(extra ? [extra] : []));
    if (!playing) {
      this.moves.replaceChildren();
      return;
    }
    const view = table.view;
    const own = ask(this.board, "prompt", [], null);
    this.prompt.textContent = own || (view && view.prompt ? say(view.prompt, table.names, table.game) : t("ui.link.prompt.move", { name: this.host.name(table.seat) }));
    const keepFocus = this.moves.contains(document.activeElement);
    this.moves.replaceChildren(...this.moveButtons(table, busy));
    this.moves.setAttribute("aria-busy", busy ? "true" : "false");
    if (keepFocus) {
      const first = this.moves.querySelector("button:not([disabled])");
      if (first) first.focus({ preventScroll: true });
    }
  }

  /** The board's move buttons (none while the board is still being made). */
  moveButtons(table, busy) {
    return this.board ? this.board.buttons(table.view, table.legal, table.names, { busy, moves: table.moves }) : [];
  }

  /** The board's hint line for this device's turn (null when it has none). */
  hint(view) {
    return view ? ask(this.board, "hint", [view], null) : null;
  }

  /** What the board's controls add to the move being sent (read before the controls re-render). */
  playArgs() {
    return ask(this.board, "playArgs", [], null) || {};
  }
}

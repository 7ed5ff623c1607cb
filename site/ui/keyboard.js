// Playing a hot-seat game page without a mouse: where the focus lands when what had it goes
// away (the moves redrawn after a move or a bot's, undo, a privacy screen, the end screen),
// and the keys listed under "How to play". ui/hotseat.js owns one FocusKeeper per page.

import { t } from "../i18n.js";
import { el } from "./dom.js";

/** The keys every game page answers to (a game adds its own lines: HotSeatGame.keyHelp()). */
const KEY_HELP = ["ui.keys.tab", "ui.keys.arrows", "ui.keys.enter", "ui.keys.escape"];

/** The keys list of "How to play" (`id`: its title's), the shared lines then the game's own `extra` catalog keys. */
export function keysHelp(id, extra = []) {
  const list = el("ul", { class: "rules-keys", "aria-labelledby": id });
  for (const key of [...KEY_HELP, ...extra]) list.append(el("li", { text: t(key) }));
  return [el("p", { class: "rules-keys-title", id, text: t("ui.keys.title") }), list];
}

/**
 * Keeps a game page's focus off the page's body. It remembers where in the game the player's
 * focus was (the board, the move list, a button by its id) and, when that went away, puts it
 * back there or on the nearest sensible thing: the element it was on, the board, the first
 * move, the move list itself (which holds it while a bot thinks). When the end screen comes,
 * a player who was playing lands on Rematch (or Next game). Nothing moves before the player
 * has been in the game (a page just opened keeps its focus where the browser put it).
 */
export class FocusKeeper {
  /** @param {object} game the HotSeatGame, built (root, canvas, choices, endEl, privacy) */
  constructor(game) {
    this.game = game;
    this.home = null; // "board", "moves" or "page": where the player's focus was last
    this.id = null; // the id of the element it was on
    this.endFresh = false; // the end screen just came up
    game.choices.tabIndex = -1;
    game.root.addEventListener("focusin", (e) => this.note(e.target));
  }

  /** Remember where in the game the focus is. */
  note(node) {
    const { canvas, choices } = this.game;
    if (node === choices) {
      this.home = this.home || "moves"; // the holder itself is no place to come back to
      return;
    }
    this.home = node === canvas ? "board" : choices.contains(node) ? "moves" : "page";
    this.id = node.id || null;
  }

  /** After a redraw: put the focus back in the game if it fell to the body (or the end screen just came). */
  land() {
    const { game } = this;
    const handBack = !!game.privacy && game.privacy.takeHandBack();
    const fresh = this.endFresh;
    this.endFresh = false;
    if (!game.active || !(this.home || handBack) || (game.privacy && game.privacy.shown) || document.querySelector("dialog[open]")) return;
    const now = document.activeElement;
    // gone, hidden (a privacy screen) or disabled (Undo while busy): the browser moves such a
    // focus to the body only at its next rendering, so it is lost already
    const lost = !now || now === document.body || !!now.disabled || !now.isConnected || !now.getClientRects().length;
    const holding = now === game.choices && !game.busy && !!game.choices.querySelector("button:not([disabled])");
    const playing = now === game.canvas || game.choices.contains(now);
    if (!(lost || holding || (fresh && playing))) return;
    const target = this.target();
    if (target && target !== now) target.focus({ preventScroll: true });
  }

  /** Where the focus lands: the end screen's first action, the element it was on, the board, the first move or the move list. */
  target() {
    const { game } = this;
    const usable = (node) => !!node && !node.disabled && !node.closest("[hidden]") && game.root.contains(node);
    const kept = this.id && document.getElementById(this.id);
    if (game.result && game.result.view.outcome) {
      if (usable(kept) && game.endEl.contains(kept)) return kept;
      const prefix = game.cfg.idPrefix;
      return game.endEl.querySelector(`#${prefix}-next, #${prefix}-rematch, #${prefix}-real`);
    }
    if (usable(kept)) return kept;
    const board = game.canvas.tabIndex >= 0 && usable(game.canvas) ? game.canvas : null;
    if (this.home === "board" && board) return board;
    const move = game.busy ? null : game.choices.querySelector("button:not([disabled])"); // not "Back" while a move is sent
    if (usable(move)) return move;
    return usable(game.choices) ? game.choices : board;
  }
}

// The game page before Python is ready (issue 15, "the board before Python"): what a page may
// paint while the runtime loads, and what it keeps so that the next visit can.
//
// * A saved game paints the view stored with its save (`shown`): the last view shown for a
//   game without secrets; for a game with secrets the position as nobody's secrets show it
//   (the bridge's view for seat null: no hand, no face-down card, no legal move), asked of
//   the bridge's result carries beside a seat's own. A seat's view is never stored.
// * A new game paints its board's frame (each renderer draws one when it has no view) under
//   a note saying what is loading (the stages app.js reports as `pygames:loading` events and
//   on #loading's data-stage and aria-valuenow).
// Moves stay locked either way: the page is busy until the engine's own answer.

import { t } from "../i18n.js";
import { el } from "./dom.js";

/** Whether a bridge result is the view of nobody's secrets (seat null). */
const isPublic = (res) => !!(res && res.view && res.view.seat === null);

/**
 * The stored view of `save` that may be painted before Python, or null: any stored view of a
 * game without secrets; for a game with secrets only a public view of the saved record.
 */
export function earlyView(save, secrets) {
  const shown = save && save.shown;
  if (!shown || !shown.view || !shown.record) return null;
  if (!secrets) return shown;
  return isPublic(shown) && JSON.stringify(shown.record) === JSON.stringify(save.record) ? shown : null;
}

/**
 * What a save keeps to paint before Python on the next visit, for a game with secrets: the
 * result `res` as nobody's secrets show it (the bridge's `public` view of the same position,
 * with no legal move), or null.
 */
export function publicShown(res) {
  if (isPublic(res)) return res;
  if (!res || !res.public) return null;
  return { ...res, view: res.public, public: null, legal: [], moves: [], forced: null, events: [] };
}

/** How far Python's start is: the stage and percentage app.js last painted on #loading. */
function loadingNow() {
  const bar = document.getElementById("loading");
  return { stage: (bar && bar.dataset.stage) || "runtime", pct: Number(bar && bar.getAttribute("aria-valuenow")) || 0 };
}

/** The note over an empty board frame: what is loading, how far, and that moves wait for it. */
export class LoadingNote {
  /**
   * @param {HTMLElement} parent the canvas's box (positioned): the note is centred over the board
   * @param {{ready: Promise}} py
   * @param {string} game the game's id (its name in the words)
   */
  constructor(parent, py, game) {
    this.game = game;
    this.wanted = false;
    this.failed = false;
    this.what = el("p", { class: "early-what" });
    this.fill = el("span", { class: "early-fill" });
    this.el = el("div", { class: "early-note", hidden: true },
      this.what,
      el("span", { class: "early-bar", "aria-hidden": "true" }, this.fill),
      el("p", { class: "early-after", text: t("ui.early.moves") }));
    parent.append(this.el);
    document.addEventListener("pygames:loading", (e) => this.paint(e.detail));
    py.ready.catch(() => {
      this.failed = true; // the page says why elsewhere (#loading, #status)
      this.paint(loadingNow());
    });
  }

  /** Show the note while `wanted` (no position on the board yet and Python not ready). */
  show(wanted) {
    this.wanted = wanted;
    this.paint(loadingNow());
  }

  paint({ stage, pct }) {
    const on = this.wanted && !this.failed && (stage === "runtime" || stage === "engine");
    this.el.hidden = !on;
    if (!on) return;
    this.what.textContent = t(`ui.early.stage.${stage}`, { game: t(`game.${this.game}`), pct: Math.round(pct) });
    this.fill.style.width = `${pct}%`;
  }
}

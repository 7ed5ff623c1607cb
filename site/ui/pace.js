// Bot pace the player sets: how long bots (and lone moves) wait before they play, so people
// can follow them. "instant" (no pause), "quick" (the game's own pauses) or "relaxed" (twice
// those), remembered on this device for every game; and "Skip to my turn", which lets the
// bots play on at instant pace until a human seat is to move or the game ends. The bots
// still think in the worker, and the log still tells every move they make.
//
// Test hooks: #<prefix>-pace (the select), #<prefix>-skip (the button).

import { t } from "../i18n.js";
import { el } from "./dom.js";
import { readJSON, writeJSON } from "./storage.js";

export const PACES = ["instant", "quick", "relaxed"];
export const PACE_KEY = "pygames.pace";
/** How many times a game's own pause each pace waits. */
const FACTOR = { instant: 0, quick: 1, relaxed: 2 };

/** The pace this device remembers ("quick" when none). */
export function readPace() {
  const pace = readJSON(PACE_KEY);
  return PACES.includes(pace) ? pace : "quick";
}

/** How long a bot may think at each pace, in ms (the engine's `bot_move` `think_ms`; 0: its fixed
 * budget, the same move for the same record). The pause before its move runs meanwhile. */
const THINK_MS = { instant: 0, quick: 1000, relaxed: 2000 };

/** The time a bot may think at the pace (`bot_move`'s `think_ms`). */
export function thinkMs(pace = readPace()) {
  return THINK_MS[pace];
}

/** The pause before a bot's (or a lone) move, for a game whose own pause is `base` ms. */
export function pacedPause(base, pace = readPace()) {
  return base * FACTOR[pace];
}

/**
 * The pace bar of a game page: the pace select and the "Skip to my turn" button.
 * `onSkip` runs when the button is pressed; `update(shown)` shows the button while bots play.
 */
export class PaceBar {
  constructor({ idPrefix, onSkip }) {
    this.select = el("select", { id: `${idPrefix}-pace`, class: "pace-select" });
    for (const pace of PACES) this.select.append(el("option", { value: pace, text: t(`ui.pace.${pace}`) }));
    this.select.value = readPace();
    this.select.addEventListener("change", () => writeJSON(PACE_KEY, this.select.value));
    const label = el("label", { class: "pace-label" }, el("span", { text: t("ui.pace.label") }), this.select);
    this.skip = el("button", { type: "button", class: "btn pace-skip", id: `${idPrefix}-skip`, text: t("ui.pace.skip"), hidden: true });
    this.skip.addEventListener("click", () => onSkip());
    this.el = el("div", { class: "pace", id: `${idPrefix}-pacebar` }, label, this.skip);
  }

  /** Show "Skip to my turn" (`shown`: bots are playing and a human waits), and the remembered pace. */
  update(shown) {
    if (this.skip.hidden === shown) this.skip.hidden = !shown;
    const pace = readPace();
    if (this.select.value !== pace && document.activeElement !== this.select) this.select.value = pace;
  }
}

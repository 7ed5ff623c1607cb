// The lines above the board during a link game: #status (with data-state, which the
// tests and the CSS read), #hint (the board's hint on your turn, else the last thing that
// happened) and #matchbar (an Okiya-style match: format, game number, score).

import { t, has, listText } from "../i18n.js";
import { say } from "./boards.js";

const $ = (sel) => document.querySelector(sel);

export function setStatus(text, state) {
  const status = $("#status");
  status.textContent = text;
  status.dataset.state = state;
}

/**
 * #status and #hint for `mode` (claim, play, end, watch, wait); `boardHint` is the board's
 * hint for this device's turn (or null); `name(seat)` gives a seat's name.
 */
export function renderStatus(table, mode, { name, boardHint }) {
  const hint = $("#hint");
  hint.textContent = "";
  if (!table) {
    hint.hidden = true;
    return;
  }
  const { next, view } = table;
  if (mode === "claim") setStatus(t("ui.link.status.claim", { game: t(`game.${table.game}`) }), "claim");
  else if (mode === "play") {
    setStatus(t("ui.link.status.turn", { name: name(table.seat) }), "turn");
    if (boardHint) hint.textContent = boardHint;
  } else if (mode === "end") {
    if (table.phase === "over") setStatus(table.outcome ? say(table.outcome.message, table.names, table.game) : t("ui.link.status.over"), "over");
    else setStatus(t("ui.link.status.revealing"), "revealing");
  } else if (mode === "watch") {
    setStatus(next ? t("ui.link.status.watch_next", { name: next.name || name(next.seat) }) : t("ui.link.status.watch"), "watch");
  } else setStatus(waitText(next, name), "send");
  if (!hint.textContent && view && view.log && view.log.length && mode !== "end") {
    hint.textContent = say(view.log[view.log.length - 1], table.names, table.game);
  }
  hint.hidden = !hint.textContent;
}

/** Whom the game waits for, and for what (join, start, reveal, move). */
function waitText(next, name) {
  if (!next) return t("ui.link.status.waiting");
  const who = next.name || name(next.seat);
  if (next.action === "join") return t("ui.link.status.wait_join", { name: who });
  if (next.action === "start") return t("ui.link.status.wait_start", { name: who });
  if (next.action === "reveal") return t("ui.link.status.wait_reveal", { name: who });
  return t("ui.link.status.wait_move", { name: who });
}

/** A match (best of three, first to 10): the format, the game, the score (when the TABLE has them). */
export function renderMatch(table, { name }) {
  const bar = $("#matchbar");
  const m = table && table.match;
  if (!m || !m.format || m.format === "single" || !Array.isArray(m.score)) {
    bar.hidden = true;
    return;
  }
  const fmtKey = `${table.game}.format.${m.format}`;
  bar.textContent = [
    has(fmtKey) ? t(fmtKey) : m.format,
    m.game ? t("ui.match.game", { n: m.game }) : "",
    listText(m.score.map((score, s) => t("ui.link.match.score", { name: name(s), score })), "unit"),
  ]
    .filter(Boolean)
    .join(t("ui.separator"));
  bar.hidden = false;
}

// The end of a link game: who won (or the Okiya match's result), what the hot-seat end screen
// shows under its title when the game's board gives it (Board.endDetails: the tie-break
// column, everybody's cards once the keys are in), else the scores and how it ended; the
// picture after the game (ui/chart.js, the engine's link_chart), the audit of every commitment
// (verified / failed: which seat broke which / pending: whose device it waits for), and the
// button to the game's replay (ui/replay.js; link_replay, loaded when opened).

import { t, has } from "../i18n.js";
import { el } from "../ui/dom.js";
import { boardClass, say } from "./boards.js";
import { openReplay, closeReplay } from "../ui/replay.js";
import { drawChart } from "../ui/chart.js";

export class EndScreen {
  /** @param {{host: object}} opts host: the LinkPlay (py, table, keys, gen, name(seat)) */
  constructor({ host }) {
    this.host = host;
    this.title = el("h2", { class: "end-title", id: "link-end-title" });
    this.scores = el("table", { class: "link-scores", id: "link-scores" });
    this.outcome = el("p", { class: "link-outcome", id: "link-outcome" });
    this.unconfirmed = el("p", { class: "link-unconfirmed", id: "link-unconfirmed", role: "note", hidden: true });
    this.steps = el("ol", { class: "link-steps", id: "link-steps" });
    this.details = el("div", { class: "link-end-details", id: "link-end-details", hidden: true });
    this.chart = el("div", { class: "end-chart", id: "link-end-chart" });
    this.charted = null; // {link, data}: the picture asked of the engine for the game shown
    this.audit = new AuditBox(host);
    this.replay = new Replay(host);
    this.el = el(
      "section",
      { class: "link-end", id: "link-end", hidden: true, "aria-labelledby": "link-end-title" },
      this.title,
      this.unconfirmed,
      this.outcome,
      this.steps,
      this.scores,
      this.details,
      this.chart,
      this.audit.el,
      this.replay.el,
    );
  }

  render(table, mode) {
    const show = mode === "end" || (mode === "watch" && !!table && (table.phase === "over" || table.phase === "revealing"));
    this.el.hidden = !show;
    if (!show) {
      this.replay.close();
      return;
    }
    const outcome = table.outcome;
    this.title.textContent = this.titleText(table);
    // the game's own account, as on its hot-seat end screen; else the scores and how it ended
    const details = this.gameAccount(table);
    this.details.replaceChildren(...(details || []));
    this.details.hidden = !details;
    const plain = details ? null : outcome;
    this.renderScores(plain, table.game);
    // the standings stand only once every key is in and the audit verified them
    const state = (table.audit && table.audit.state) || "pending";
    this.el.dataset.confirmed = String(state === "verified");
    this.unconfirmed.hidden = state === "verified";
    this.unconfirmed.textContent = state === "failed" ? t("ui.link.end.not_confirmed") : t("ui.link.end.unconfirmed");
    this.outcome.textContent = plain ? say(plain.message, table.names, table.game) : "";
    this.outcome.hidden = !plain;
    const steps = plain ? [plain.colour_message, ...(plain.steps || [])].filter(Boolean) : [];
    this.steps.replaceChildren(...steps.map((step) => el("li", { text: say(step, table.names, table.game) })));
    this.steps.hidden = !this.steps.children.length;
    this.audit.render(table);
    this.renderChart(table);
    if (this.replay.shown && this.replay.shown.link !== table.link) this.replay.close(); // refreshed on demand
  }

  /** The picture after the game (ui/chart.js), asked once per link: the same as the hot-seat
   *  end screen's, from the public moves, so it comes with the end; none for a game without one. */
  renderChart(table) {
    if (this.charted && this.charted.link === table.link) return;
    const Board = boardClass(table.game);
    const data = this.host.py.call("link_chart", { link: table.link }).catch(() => null);
    this.charted = { link: table.link, data };
    this.chart.replaceChildren();
    drawChart(this.chart, data, {
      say: (m) => say(m, table.names, table.game),
      name: (s) => this.host.name(s),
      swatch: Board && typeof Board.chartSwatch === "function" ? (s, i) => Board.chartSwatch(s, i) : null,
    });
  }

  /** The game board's end account (Board.endDetails: the tie-break column, everybody's cards
   *  once the engine shows them, i.e. when the keys are in), or null for a game without one. */
  gameAccount(table) {
    const Board = boardClass(table.game);
    if (!table.outcome || !Board || typeof Board.endDetails !== "function") return null;
    return Board.endDetails(table.view, table.outcome, { name: (s) => this.host.name(s), say: (m) => say(m, table.names, table.game) });
  }

  /** "Ann wins", "Ann and Ben share the win", a draw, or an Okiya match's own result. */
  titleText(table) {
    const { outcome, match, names } = table;
    if (match && match.over && match.message) return say(match.message, names, table.game);
    if (!outcome) return t("ui.link.end.title");
    const winners = outcome.winners || [];
    if (!winners.length) return t("ui.end.title.draw");
    const winnerNames = winners.map((s) => this.host.name(s));
    return t(winners.length > 1 ? "ui.link.end.win_shared" : "ui.link.end.win", { names: winnerNames });
  }

  /** The scores table, best first, winners marked. A game whose "score" only says who won
   *  names that column itself (ui.link.end.score.<game>) and shows "Won", never 1 / 0. */
  renderScores(outcome, game) {
    this.scores.replaceChildren();
    const scores = outcome && Array.isArray(outcome.scores) ? outcome.scores : null;
    this.scores.hidden = !scores;
    if (!scores) return;
    const winners = outcome.winners || [];
    const wonOnly = has(`ui.link.end.score.${game}`);
    const head = el("tr", {}, el("th", { scope: "col", text: t("ui.link.end.player") }), el("th", { scope: "col", text: t(wonOnly ? `ui.link.end.score.${game}` : "ui.link.end.score") }));
    const body = el("tbody");
    const order = [...scores.keys()].sort((a, b) => scores[b] - scores[a]);
    for (const s of order) {
      const row = el("tr", { class: winners.includes(s) ? "won" : "", data: { seat: String(s) } });
      row.append(el("th", { scope: "row", text: this.host.name(s) }), el("td", { text: wonOnly ? (winners.includes(s) ? t("ui.link.end.won") : "") : String(scores[s]) }));
      body.append(row);
    }
    this.scores.append(el("thead", {}, head), body);
  }
}

/** #link-audit: the audit's state (data-audit) and, when it failed, exactly who broke what. */
class AuditBox {
  constructor(host) {
    this.host = host;
    this.text = el("p", { class: "link-audit-text", id: "link-audit-text" });
    this.problems = el("ul", { class: "link-audit-problems", id: "link-audit-problems" });
    this.el = el(
      "section",
      { class: "link-audit", id: "link-audit", "aria-labelledby": "link-audit-title" },
      el("h3", { id: "link-audit-title", text: t("ui.link.audit.title") }),
      this.text,
      this.problems,
      el("p", { class: "link-audit-about", text: t("ui.link.audit.about") }),
    );
  }

  render(table) {
    const audit = table.audit || { state: "pending" };
    const name = (s) => this.host.name(s);
    this.el.dataset.audit = audit.state;
    let text;
    if (audit.state === "verified") text = has("link.audit.verified") ? t("link.audit.verified") : t("ui.link.audit.verified");
    else if (audit.state === "failed") text = t((audit.problems || []).some((p) => p.cheater === null) ? "ui.link.audit.forged" : "ui.link.audit.failed");
    else if (table.next && table.phase === "revealing") {
      // first every seat confirms the final position, then the keys come in
      const key = table.next.action === "confirm" ? "ui.link.audit.confirm_for" : "ui.link.audit.pending_for";
      text = t(key, { name: table.next.name || name(table.next.seat) });
    }
    else text = has("link.audit.pending") ? t("link.audit.pending") : t("ui.link.audit.pending");
    this.text.textContent = text;
    // exactly which seat broke which commitment (the engine's sentence names the player)
    const problems = audit.problems || [];
    const line = (p) => (p.key && has(p.key) && p.params ? t(p.key, { ...p.params, name: name(p.seat) }) : p.text || "");
    this.problems.replaceChildren(...problems.map((p) => el("li", { data: { seat: String(p.seat) }, text: line(p) })));
    if (audit.state === "failed" && !problems.length && audit.text) this.problems.append(el("li", { text: audit.text }));
    this.problems.hidden = !this.problems.children.length;
  }
}

/** #link-replay: the button that opens the game's replay (ui/replay.js, every mode's): every
 *  hand and face-down card open once the audit verified the keys (link_replay). */
class Replay {
  constructor(host) {
    this.host = host;
    this.shown = null; // {link}: the link the open replay shows
    this.el = el("p", { class: "link-replay", id: "link-replay" },
      el("button", { type: "button", class: "btn", id: "link-replay-open", text: t("ui.replay.open"), onclick: () => this.open() }));
  }

  close() {
    if (this.shown) closeReplay();
    this.shown = null;
  }

  /** Open the replay of the current TABLE's game at its end. */
  async open() {
    const { py, table, keys } = this.host;
    if (!table) return;
    this.shown = { link: table.link };
    const names = [...Array(table.names.length).keys()].map((s) => this.host.name(s));
    // "Why this move?" once the audit verified every key: what a bot weighed tells hidden cards
    const weigh = table.audit && table.audit.state === "verified" ? (step) => py.call("link_weigh", { link: table.link, keys, step }) : null;
    await openReplay({ game: table.game, names, load: (step) => py.call("link_replay", { link: table.link, keys, step }), weigh });
  }
}

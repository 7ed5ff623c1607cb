// My games' part for the games played on this device away from links (ui/played.js): each
// hot-seat or bot game, newest first, with its players (bots with their level), where it
// stands or who won, when, and Resume (or Replay for a finished one) and Delete; then the
// device's record of play, per game and bot level.
// Test hooks: #played-list li[data-hash][data-game][data-over], #played-record tr[data-game][data-level].

import { t, has, listText } from "../i18n.js";
import { el } from "../ui/dom.js";
import { forget, playedGames, tally } from "../ui/played.js";
import { writeJSON } from "../ui/storage.js";

export class PlayedList {
  /** @param {{toast: (text: string) => void, py: object}} opts py: the engine (the replay's calls) */
  constructor({ toast, py }) {
    this.toast = toast;
    this.py = py;
    this.list = el("ul", { class: "link-games played-list", id: "played-list" });
    this.empty = el("p", { class: "link-empty", id: "played-empty", text: t("ui.link.played.empty") });
    this.record = el("table", { class: "score-table played-record", id: "played-record" });
    this.recordEmpty = el("p", { class: "link-empty", id: "played-record-empty", text: t("ui.link.played.record_empty") });
    this.el = el(
      "section",
      { class: "played", id: "played", "aria-labelledby": "played-title" },
      el("h2", { id: "played-title", text: t("ui.link.played.title") }),
      el("p", { class: "link-mine-intro", text: t("ui.link.played.intro") }),
      this.empty,
      this.list,
      el("h2", { id: "played-record-title", text: t("ui.link.played.record_title") }),
      this.recordEmpty,
      this.record,
    );
  }

  render() {
    const games = playedGames();
    this.list.replaceChildren(...games.map((g) => this.item(g)));
    this.empty.hidden = games.length > 0;
    this.renderRecord();
  }

  /** One game: its title, players, where it stands, when, Resume / Replay and Delete. */
  item(g) {
    const li = el("li", { class: "link-game-item", data: { hash: g.hash, game: g.game, over: String(!!g.over) } });
    li.append(el("h3", { text: has(`game.${g.game}`) ? t(`game.${g.game}`) : g.game }));
    li.append(el("p", { class: "link-game-names", text: listText(g.names.map((_, s) => seatLabel(g, s))) }));
    li.append(el("p", { class: "link-game-turn played-result", text: standing(g) }));
    const when = new Date(g.updated || g.started || Date.now());
    li.append(el("p", { class: "link-game-time" }, el("time", { dateTime: when.toISOString(), text: when.toLocaleString(document.documentElement.lang || undefined) })));
    const open = g.over
      ? el("button", { type: "button", class: "btn primary", data: { action: "replay" }, text: t("ui.replay.open") })
      : el("button", { type: "button", class: "btn primary", data: { action: "resume" }, text: t("ui.link.played.resume") });
    open.addEventListener("click", () => {
      if (g.over) return this.replay(g);
      // the game page resumes the game saved under its address
      writeJSON(`pygames.${g.game}.save`, { hash: g.hash, record: g.record, over: !!g.over });
      location.hash = g.hash;
    });
    const del = el("button", { type: "button", class: "btn danger", data: { action: "delete" }, text: t("ui.link.mine.delete") });
    del.addEventListener("click", () => {
      forget(g.hash);
      this.render();
      this.toast(t("ui.link.mine.deleted"));
    });
    li.append(el("div", { class: "link-game-actions" }, open, del));
    return li;
  }

  /** The replay of a finished game (ui/replay.js), right here. */
  async replay(g) {
    const { openReplay } = await import("../ui/replay.js");
    const names = g.names.map((name, s) => name || t("seat.default", { n: s + 1 }));
    await openReplay({ game: g.game, names, load: (step, game) => this.py.call("replay", { record: g.record, step, game }), weigh: (step, game) => this.py.call("weigh", { record: g.record, step, game }) });
  }

  /** The record of play: a row per game and bot level (games without bots: "hot-seat"). */
  renderRecord() {
    const rows = [];
    const all = tally();
    for (const game of Object.keys(all).sort()) {
      const { levelKey, levels = {} } = all[game] || {};
      for (const level of Object.keys(levels)) rows.push({ game, level, levelKey, ...levels[level] });
    }
    this.recordEmpty.hidden = rows.length > 0;
    this.record.hidden = rows.length === 0;
    this.record.replaceChildren();
    if (!rows.length) return;
    const head = el("tr", {}, ...["game", "opponent", "played", "won"].map((c) => el("th", { scope: "col", text: t(`ui.link.played.record.${c}`) })));
    const body = el("tbody");
    for (const r of rows) {
      const opponent = r.level === "hotseat" ? t("ui.link.played.hotseat") : levelName(r.levelKey, r.level);
      body.append(el("tr", { data: { game: r.game, level: r.level } },
        el("th", { scope: "row", text: has(`game.${r.game}`) ? t(`game.${r.game}`) : r.game }),
        el("td", { text: opponent }),
        el("td", { class: "played-count", text: String(r.played) }),
        el("td", { class: "won-count", text: r.level === "hotseat" ? "–" : String(r.won) })));
    }
    this.record.append(el("thead", {}, head), body);
  }
}

function levelName(levelKey, level) {
  return levelKey && has(`${levelKey}.${level}`) ? t(`${levelKey}.${level}`) : level;
}

/** A seat's name as the game showed it, a bot's with its level. */
function seatLabel(g, s) {
  const name = g.names[s] || t("seat.default", { n: s + 1 });
  const level = g.bots && g.bots[s];
  return level ? t("ui.link.played.bot_seat", { name, level: levelName(g.levelKey, level) }) : name;
}

/** Who won (a draw), or that the game is still under way. */
function standing(g) {
  if (!g.over) return t("ui.link.played.in_progress");
  const winners = g.winners || [];
  if (!winners.length) return t("ui.link.mine.draw");
  return t("ui.link.mine.won", { names: winners.map((s) => g.names[s] || t("seat.default", { n: s + 1 })) });
}

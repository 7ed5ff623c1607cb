// The "My games" screen (#my-games): every link game this device holds, newest first,
// each with whose turn it is, its latest link (open, share or copy), archive / restore
// and delete (asked twice, since deleting drops this device's seat keys); then the hot-seat
// and bot games played here and the record of play (played.js).

import { t, has, listParts } from "../i18n.js";
import { el } from "../ui/dom.js";
import * as store from "./store.js";
import { fullUrl } from "./routes.js";
import { PlayedList } from "./played.js";

export class MyGames {
  /** @param {{toast: (text: string) => void, py: object}} opts */
  constructor({ toast, py }) {
    this.toast = toast;
    this.list = el("ul", { class: "link-games", id: "link-games" });
    this.empty = el("p", { class: "link-empty", id: "link-mine-empty", text: t("ui.link.mine.empty") });
    this.archivedList = el("ul", { class: "link-games archived", id: "link-archived-list" });
    this.archivedSummary = el("summary");
    this.archived = el("details", { class: "link-archived", id: "link-archived" }, this.archivedSummary, this.archivedList);
    this.played = new PlayedList({ toast, py });
    this.el = el(
      "section",
      { class: "link-mine", id: "link-mine", hidden: true, "aria-labelledby": "link-mine-title" },
      el("h1", { id: "link-mine-title", text: t("ui.link.mine.title") }),
      el("p", { class: "link-mine-intro", text: t("ui.link.mine.intro") }),
      this.empty,
      this.list,
      this.archived,
      this.played.el,
      el("p", { class: "link-nav" }, el("a", { class: "btn", href: "#", text: t("ui.end.home") })),
    );
  }

  render() {
    const games = Object.entries(store.allGames()).sort((a, b) => (b[1].updated || 0) - (a[1].updated || 0));
    const live = games.filter(([, g]) => !g.archived);
    const archived = games.filter(([, g]) => g.archived);
    this.list.replaceChildren(...live.map(([id, g]) => this.item(id, g)));
    this.empty.hidden = live.length > 0;
    this.archivedList.replaceChildren(...archived.map(([id, g]) => this.item(id, g)));
    this.archived.hidden = archived.length === 0;
    this.archivedSummary.textContent = t("ui.link.mine.archived", { n: archived.length });
    this.played.render();
  }

  /** One saved game: its title, players (this device's marked), whose turn, when, its link, actions. */
  item(id, g) {
    const mine = g.mine || Object.keys(g.keys || {}).map(Number);
    const li = el("li", { class: `link-game-item${g.my_turn ? " my-turn" : ""}`, data: { linkId: id, game: g.game || "" } });
    li.append(el("h3", { text: has(`game.${g.game}`) ? t(`game.${g.game}`) : String(g.game || "") }));
    li.append(playerNames(g.names || [], mine));
    li.append(el("p", { class: "link-game-turn", data: { turn: g.my_turn ? "mine" : "other" }, text: whoseTurn(g) }));
    const when = g.updated ? new Date(g.updated) : null;
    if (when) {
      const time = el("time", { dateTime: when.toISOString(), title: when.toLocaleString(), text: relativeTime(when) });
      li.append(el("p", { class: "link-game-time" }, el("span", { text: t("ui.link.mine.updated") }), time));
    }
    const url = fullUrl(g.link);
    const field = el("input", { type: "text", class: "link-url", readOnly: true, value: url, "aria-label": t("ui.link.mine.latest"), data: { linkId: id } });
    field.addEventListener("focus", () => field.select());
    li.append(el("details", { class: "link-game-link" }, el("summary", { text: t("ui.link.mine.latest") }), field));
    const actions = el("div", { class: "link-game-actions" });
    actions.append(el("a", { class: "btn primary", href: `#${g.link}`, data: { action: "open" }, text: t("ui.link.mine.open_game") }));
    actions.append(this.shareButton(url, field), this.archiveButton(id, g));
    const [del, confirm] = this.deleteButton(id, mine.length > 0);
    actions.append(del);
    li.append(actions, confirm);
    return li;
  }

  /** Share (Web Share) or Copy the link; if neither works, open the field selected for a manual copy. */
  shareButton(url, field) {
    const canShare = typeof navigator.share === "function";
    const btn = el("button", { type: "button", class: "btn", data: { action: "copy" }, text: canShare ? t("ui.link.share.share") : t("ui.link.share.copy") });
    btn.addEventListener("click", async () => {
      try {
        if (canShare) await navigator.share({ title: t("ui.link.share.share_title"), url });
        else {
          await navigator.clipboard.writeText(url);
          this.toast(t("ui.link.share.copied"));
        }
      } catch (err) {
        if (err && err.name === "AbortError") return;
        field.closest("details").open = true;
        field.focus();
        field.select();
      }
    });
    return btn;
  }

  archiveButton(id, g) {
    const action = g.archived ? "restore" : "archive";
    const btn = el("button", { type: "button", class: "btn", data: { action }, text: t(`ui.link.mine.${action}`) });
    btn.addEventListener("click", () => {
      store.setArchived(id, !g.archived);
      this.render();
    });
    return btn;
  }

  /** Delete and its confirmation (which warns when this device holds seat keys): [button, confirm box]. */
  deleteButton(id, holdsKeys) {
    const del = el("button", { type: "button", class: "btn danger", data: { action: "delete" }, text: t("ui.link.mine.delete") });
    const confirm = el("div", { class: "link-confirm", hidden: true, role: "alertdialog", "aria-label": t("ui.link.mine.confirm") });
    const yes = el("button", { type: "button", class: "btn danger", data: { action: "confirm-delete" }, text: t("ui.link.mine.confirm_yes") });
    const no = el("button", { type: "button", class: "btn", data: { action: "cancel-delete" }, text: t("ui.seats.cancel") });
    confirm.append(el("p", { text: holdsKeys ? t("ui.link.mine.confirm_keys") : t("ui.link.mine.confirm") }), yes, no);
    del.addEventListener("click", () => {
      confirm.hidden = false;
      no.focus();
    });
    no.addEventListener("click", () => {
      confirm.hidden = true;
      del.focus();
    });
    yes.addEventListener("click", () => {
      store.removeGame(id);
      this.render();
      this.toast(t("ui.link.mine.deleted"));
    });
    return [del, confirm];
  }
}

/** The players' names (text only), this device's seats marked "you". */
function playerNames(names, mine) {
  const who = el("p", { class: "link-game-names" });
  let s = 0; // the language's list, each name its own span
  for (const part of listParts(names)) {
    if (part.type !== "element") {
      who.append(document.createTextNode(part.value));
      continue;
    }
    who.append(el("span", { class: mine.includes(s) ? "me" : "", text: names[s] }));
    if (mine.includes(s)) who.append(el("span", { class: "link-you", text: t("ui.link.mine.you_mark") }));
    s += 1;
  }
  return who;
}

/** Where a saved game stands: who won, the audit, your turn, or whom it waits for. */
function whoseTurn(g) {
  const names = g.names || [];
  const nm = (s) => names[s] || t("seat.default", { n: s + 1 });
  const next = g.next;
  if (g.phase === "over") {
    const w = (g.outcome && g.outcome.winners) || [];
    return w.length ? t("ui.link.mine.won", { names: w.map(nm) }) : t("ui.link.mine.draw");
  }
  if (g.phase === "revealing") return t("ui.link.mine.revealing");
  if (!next) return t("ui.link.status.waiting");
  if (g.my_turn || (g.mine || []).includes(next.seat)) return t("ui.link.mine.your_turn");
  const name = next.name || nm(next.seat);
  if (next.action === "join") return t("ui.link.status.wait_join", { name });
  if (next.action === "start") return t("ui.link.status.wait_start", { name });
  return t("ui.link.mine.their_turn", { name });
}

/** "5 minutes ago", "yesterday"… in the page's language (numbers and units by Intl). */
function relativeTime(date) {
  const diff = (date.getTime() - Date.now()) / 1000;
  const abs = Math.abs(diff);
  let value = diff;
  let unit = "second";
  if (abs >= 86400 * 7) return date.toLocaleDateString();
  if (abs >= 86400) [value, unit] = [diff / 86400, "day"];
  else if (abs >= 3600) [value, unit] = [diff / 3600, "hour"];
  else if (abs >= 60) [value, unit] = [diff / 60, "minute"];
  try {
    return new Intl.RelativeTimeFormat(document.documentElement.lang || "en", { numeric: "auto" }).format(Math.round(value), unit);
  } catch (_) {
    return date.toLocaleString();
  }
}

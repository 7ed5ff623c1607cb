// Link play on the start page: a "Play with friends" button on each playable game card
// (every game of the registry has a link board), and the "My games" entry (with how many games wait
// for this device's move).

import { t } from "../i18n.js";
import { el } from "../ui/dom.js";
import * as store from "./store.js";

/** Decorate the start page's game `list` (idempotent); `onNew(game)` opens the sheet. */
export function decorateStart(list, { mineHash, onNew }) {
  if (!list) return;
  for (const card of list.querySelectorAll("li.game-card[data-game]")) {
    const game = card.dataset.game;
    const row = card.querySelector(".row");
    if (!row || row.querySelector("[data-link-new]")) continue;
    const btn = el("button", { type: "button", class: "btn link-new", data: { linkNew: game }, text: t("ui.link.new.button") });
    btn.addEventListener("click", () => onNew(game));
    row.append(btn);
  }
  let entry = document.querySelector("#link-start");
  if (!entry && document.querySelector("#view-start")) {
    entry = el("div", { class: "link-start", id: "link-start" });
    list.before(entry);
  }
  if (!entry) return;
  const games = Object.values(store.allGames()).filter((g) => !g.archived);
  const waiting = games.filter((g) => g.my_turn && g.phase !== "over").length;
  const open = el("a", { class: "btn link-mine-btn", href: mineHash, id: "link-mygames", text: t("ui.link.mine.open") });
  if (waiting) open.append(el("span", { class: "link-badge", text: t("ui.link.mine.waiting", { n: waiting }) }));
  entry.replaceChildren(open, el("p", { class: "link-start-note", text: t("ui.link.start.note") }));
}

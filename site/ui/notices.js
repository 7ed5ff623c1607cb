// Lines under the page's header that stay while what they say holds, on every screen:
// "A new version is ready — Reload", "games are not being kept", "offline play is not
// available", "this page has parts of two versions — Reload". Test hooks: #update-notice,
// #storage-notice, #offline-notice, #mixed-notice.

import { t } from "../i18n.js";
import { el } from "./dom.js";

export class Notices {
  /** @param {{onReload: () => void, onReloadMixed: () => void}} opts the update and mixed notices' buttons */
  constructor({ onReload, onReloadMixed }) {
    const sheet = el("link", { rel: "stylesheet", href: new URL("./notices.css", import.meta.url).href });
    document.head.append(sheet);
    const reload = el("button", { type: "button", class: "btn primary", id: "update-reload", text: t("ui.sw.reload") });
    reload.addEventListener("click", () => onReload());
    const reloadMixed = el("button", { type: "button", class: "btn primary", id: "mixed-reload", text: t("ui.sw.reload") });
    reloadMixed.addEventListener("click", () => onReloadMixed());
    this.lines = {
      update: el("p", { class: "notice update", id: "update-notice", hidden: true }, el("span", { text: t("ui.sw.update_ready") }), reload),
      storage: el("p", { class: "notice warn", id: "storage-notice", role: "alert", hidden: true, text: t("ui.storage.not_kept") }),
      offline: el("p", { class: "notice", id: "offline-notice", hidden: true }),
      mixed: el("p", { class: "notice warn", id: "mixed-notice", hidden: true }, el("span", { text: t("ui.sw.mixed") }), reloadMixed),
    };
    this.el = el("div", { class: "notices", id: "notices" }, ...Object.values(this.lines));
    const bar = document.querySelector("header.bar");
    if (bar) bar.after(this.el);
    else document.body.prepend(this.el);
  }

  /** Show or hide the notice `name` ("update", "storage", "offline", "mixed"); `text` replaces its words. */
  show(name, shown = true, text = null) {
    const line = this.lines[name];
    if (text !== null && line.textContent !== text) line.textContent = text;
    if (line.hidden === shown) line.hidden = !shown; // only a change: the page watches these attributes
  }
}

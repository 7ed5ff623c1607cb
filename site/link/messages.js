// What the game screen says about the link itself: the error box when a link is refused
// (the device's saved game stays as it was) and the notice when Python opened an older
// link or imported a seat. Texts come from the catalogs; player text only as textContent.

import { t, has } from "../i18n.js";
import { el } from "../ui/dom.js";

/** A bridge error (or a JS exception) as a sentence a player can read. */
export function errorText(err) {
  if (err && err.key && has(err.key)) return t(err.key, { detail: err.text || "", ...(err.params || {}) });
  if (err && err.text) return err.text;
  return t("ui.error.internal", { detail: (err && err.message) || String(err) });
}

/** #link-error: why a link was refused, a way back to the saved game, My games, home. */
export class ErrorBox {
  constructor({ mineHash }) {
    this.text = el("p", { class: "link-error-text", id: "link-error-text" });
    this.saved = el("a", { class: "btn primary", id: "link-error-saved", text: t("ui.link.error.saved"), hidden: true });
    this.el = el(
      "div",
      { class: "link-error", id: "link-error", role: "alert", hidden: true },
      el("h2", { text: t("ui.link.error.title") }),
      this.text,
      el("p", { class: "link-error-safe", text: t("ui.link.error.safe") }),
      el(
        "div",
        { class: "link-actions" },
        this.saved,
        el("a", { class: "btn", href: mineHash, text: t("ui.link.mine.open") }),
        el("a", { class: "btn", href: "#", text: t("ui.end.home") }),
      ),
    );
  }

  /** Show `err`; `savedLink` (the saved game's link, or null) offers the way back to it. */
  show(err, savedLink) {
    this.el.hidden = false;
    this.text.textContent = errorText(err);
    this.el.dataset.key = (err && err.key) || "";
    this.saved.hidden = !savedLink;
    if (savedLink) this.saved.href = `#${savedLink}`;
  }

  hide() {
    this.el.hidden = true;
  }
}

/** #link-notice: the TABLE's notice (e.g. "this link is older than the game you hold"). */
export class NoticeLine {
  constructor() {
    this.el = el("p", { class: "link-notice", id: "link-notice", role: "status", hidden: true });
  }

  render(table) {
    const notice = table && table.notice;
    this.el.hidden = !notice;
    this.el.textContent = notice ? (has(notice.key) ? t(notice.key, notice.params || {}) : notice.text || "") : "";
  }

  hide() {
    this.el.hidden = true;
  }
}

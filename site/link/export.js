// Moving a seat to another device (#link-more): for each seat this device holds, a button
// that shows an export link (`#g=...&k=<seat>.<key>`) with the warning that whoever opens
// it can play that seat.

import { t } from "../i18n.js";
import { el } from "../ui/dom.js";
import { LinkPanel } from "./share.js";
import { fullUrl } from "./routes.js";

export class SeatExport {
  /** @param {{py: object, toast: Function, host: object}} opts host: the LinkPlay (table, keys, name(seat), mine()) */
  constructor({ py, toast, host }) {
    this.host = host;
    this.seat = null; // the seat whose export link shows
    this.list = el("div", { class: "link-export-list" });
    this.panel = new LinkPanel({ py, toast, id: "link-export", className: "link-export" });
    this.panel.el.hidden = true;
    this.el = el(
      "details",
      { class: "link-more", id: "link-more", hidden: true },
      el("summary", { text: t("ui.link.export.summary") }),
      el("p", { text: t("ui.link.export.intro") }),
      this.list,
      this.panel.el,
    );
  }

  render(table) {
    const mine = this.host.mine(table);
    this.el.hidden = !table || !mine.length;
    if (this.el.hidden) {
      this.panel.el.hidden = true;
      return;
    }
    this.list.replaceChildren(
      ...mine.map((s) => {
        const btn = el("button", { type: "button", class: "btn", data: { export: String(s) }, text: t("ui.link.export.button", { name: this.host.name(s) }) });
        btn.addEventListener("click", () => this.show(s));
        return btn;
      }),
    );
    if (!this.panel.el.hidden && this.seat !== null) this.show(this.seat);
  }

  show(seat) {
    const { table, keys } = this.host;
    const key = keys[String(seat)];
    if (!table || !key) return;
    this.seat = seat;
    const name = this.host.name(seat);
    this.panel.set({
      url: `${fullUrl(table.link)}&k=${seat}.${key}`,
      heading: t("ui.link.export.title", { name }),
      lines: [t("ui.link.export.how", { name })],
      warning: t("ui.link.export.warning", { name }),
      data: { seat: String(seat) },
    });
    this.panel.el.hidden = false;
  }

  /** Fold away (a new game is shown). */
  reset() {
    this.panel.el.hidden = true;
    this.seat = null;
    this.el.open = false;
  }
}

// The link to pass on (#link-panel): after this device acted, whom to send the new link
// to and why (join, start, move, confirm or reveal for the audit), or, once the game is over,
// the final link for everyone: asked only of the device that wrote it (the others have
// opened it). data-next-seat says whose phone.

import { t } from "../i18n.js";
import { LinkPanel } from "./share.js";
import { fullUrl } from "./routes.js";

export class InvitePanel {
  /** @param {{py: object, toast: Function, host: object}} opts host: the LinkPlay (name(seat), mine()) */
  constructor({ py, toast, host }) {
    this.host = host;
    this.panel = new LinkPanel({ py, toast, id: "link", className: "link-send" });
    this.el = this.panel.el;
    this.el.hidden = true;
  }

  render(table, mode) {
    const mine = this.host.mine(table);
    const what = table && mine.length && (mode === "wait" || mode === "end") ? this.message(table, mine) : null;
    this.el.hidden = !what;
    if (!what) {
      delete this.el.dataset.nextSeat;
      return;
    }
    this.panel.set({ url: fullUrl(table.link), heading: what.heading, lines: what.lines, data: { nextSeat: what.nextSeat } });
    if (what.nextSeat === "") delete this.el.dataset.nextSeat;
  }

  /** {heading, lines, nextSeat} for the link this device should send now, or null. */
  message(table, mine) {
    const next = table.next;
    if (next && !mine.includes(next.seat)) {
      const name = next.name || this.host.name(next.seat);
      const why = table.phase === "revealing" ? "audit" : next.action;
      const lines = [t(`ui.link.send.why.${why}`, { name })];
      const open = (table.claimed || []).filter((c) => !c).length;
      if (next.action === "join" && open > 1) lines.push(t("ui.link.send.join_more", { n: open - 1 }));
      return { heading: t("ui.link.send.to", { name }), lines, nextSeat: String(next.seat) };
    }
    // the final link: only the device that wrote it owes it to the others (they have opened it once they see it)
    if (!next && table.phase === "over" && table.wrote_last) return { heading: t("ui.link.send.final"), lines: [t("ui.link.send.final_why")], nextSeat: "" };
    return null;
  }
}

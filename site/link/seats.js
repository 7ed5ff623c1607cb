// Who sits where in a link game (#link-seats: names, "you", open seats, whose move, who
// won) and the claim screen for an invitee (#link-claim: one button per open seat, the
// link level's note when it is not sealed, or watch as a spectator).

import { t } from "../i18n.js";
import { el } from "../ui/dom.js";

export class SeatList {
  /** @param {{host: object}} opts host: the LinkPlay (name(seat), mine(table)) */
  constructor({ host }) {
    this.host = host;
    this.el = el("ol", { class: "link-seats", id: "link-seats", "aria-label": t("ui.link.seats.label") });
  }

  render(table) {
    this.el.replaceChildren();
    this.el.hidden = !table;
    if (!table) return;
    const mine = this.host.mine(table);
    const winners = (table.outcome && table.outcome.winners) || [];
    for (let s = 0; s < table.players; s++) {
      const claimed = !table.claimed || table.claimed[s];
      const toMove = table.phase === "playing" && table.to_move === s;
      const li = el("li", {
        class: `link-seat${mine.includes(s) ? " mine" : ""}${toMove ? " to-move" : ""}${claimed ? "" : " open"}`,
        data: { seat: String(s) },
        "aria-current": toMove ? "true" : null,
      });
      li.append(el("span", { class: "link-seat-no", "aria-hidden": "true", text: String(s + 1) }), el("span", { class: "link-seat-name", text: this.host.name(s) }));
      const tags = [];
      if (mine.includes(s)) tags.push(t("ui.link.seat.you"));
      if (!claimed) tags.push(t("ui.link.seat.open"));
      if (toMove) tags.push(t("ui.link.seat.to_move"));
      if (winners.includes(s)) tags.push(t("ui.link.seat.won"));
      if (tags.length) li.append(el("span", { class: "link-seat-tag", text: tags.join(t("ui.separator")) }));
      this.el.append(li);
    }
  }
}

export class ClaimPanel {
  /** @param {{host: object, onClaim: (seat: number) => void, onWatch: () => void}} opts */
  constructor({ host, onClaim, onWatch }) {
    this.host = host;
    this.onClaim = onClaim;
    this.intro = el("p", { class: "link-claim-intro" });
    this.list = el("div", { class: "link-claim-list", role: "group", "aria-label": t("ui.link.claim.title") });
    this.friendly = el("p", { class: "link-friendly", id: "link-claim-friendly", role: "note", hidden: true, text: t("ui.link.friendly") });
    const watch = el("button", { type: "button", class: "btn ghost", id: "link-watch", text: t("ui.link.claim.watch") });
    watch.addEventListener("click", onWatch);
    this.el = el(
      "section",
      { class: "link-claim", id: "link-claim", hidden: true, "aria-labelledby": "link-claim-title" },
      el("h2", { id: "link-claim-title", text: t("ui.link.claim.title") }),
      this.intro,
      this.list,
      this.friendly,
      el("p", { class: "link-claim-note", text: t("ui.link.claim.note") }),
      watch,
    );
  }

  render(table, mode, busy) {
    this.el.hidden = mode !== "claim";
    if (mode !== "claim") return;
    this.list.replaceChildren();
    (table.claimed || []).forEach((claimed, s) => {
      if (claimed) return;
      const btn = el("button", { type: "button", class: "btn primary link-claim", data: { claim: String(s) }, disabled: busy });
      btn.append(el("span", { text: t("ui.link.claim.seat", { name: this.host.name(s) }) }));
      btn.addEventListener("click", () => this.onClaim(s));
      this.list.append(btn);
    });
    this.intro.textContent = t("ui.link.claim.intro", { game: t(`game.${table.game}`), names: table.names });
    this.friendly.hidden = !table.friendly;
  }
}

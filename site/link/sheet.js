// The "Play with friends" sheet: how many players, everyone's name, the match format and
// the rule options, from the game's registry entry (player counts, formats, options,
// link level). Resolves to the choice, or null when cancelled; link.js then calls
// link_create. Before the registry answers, the sheet shows with Create disabled.

import { t, has } from "../i18n.js";
import { el } from "../ui/dom.js";
import { cleanName } from "../ui/names.js";
import { optionsSection, readOptions } from "../ui/options.js";
import { seatCounts } from "./registry.js";

/**
 * Ask for a new link game of `game`: `info` is its registry entry when known now, else
 * `later` (a promise of it) fills the sheet when it comes. `prefs` are the last choices
 * ({names: [...], [game]: {players}}). Resolves to {players, names, typed, options, format} or null.
 */
export async function askNewGame({ game, info, later, prefs }) {
  const sheet = new Sheet(game, prefs);
  if (info) sheet.fill(info);
  else {
    sheet.create.disabled = true;
    later.then(
      (entry) => {
        if (entry) sheet.fill(entry);
        sheet.create.disabled = !entry;
      },
      () => {}, // no registry: the sheet can only be cancelled
    );
  }
  return sheet.ask();
}

class Sheet {
  constructor(game, prefs) {
    this.game = game;
    this.prefs = prefs || {};
    this.players = 0;
    this.rows = [];
    this.dlg = el("dialog", { class: "sheet link-sheet", id: "link-new" });
    this.form = el("form", { method: "dialog", id: "link-new-form" });
    this.countSeg = el("div", { class: "seg" });
    this.countSet = el("fieldset", { class: "link-count", hidden: true }, el("legend", { text: t("ui.seats.players") }), this.countSeg);
    this.namesList = el("ol", { class: "seats-list" });
    this.extra = el("div", { class: "link-extra" });
    this.create = el("button", { type: "submit", value: "create", class: "btn primary", id: "link-create", text: t("ui.link.new.create") });
    const cancel = el("button", { type: "submit", value: "cancel", class: "btn", formNoValidate: true, text: t("ui.seats.cancel") });
    this.form.append(
      el("h2", { text: t("ui.link.new.title", { game: t(`game.${game}`) }) }),
      el("p", { class: "link-sheet-intro", text: t("ui.link.new.intro") }),
      this.countSet,
      el("fieldset", { class: "link-names" }, el("legend", { text: t("ui.link.new.names") }), this.namesList),
      this.extra,
      el("div", { class: "sheet-actions" }, cancel, this.create),
    );
    this.dlg.append(this.form);
    this.form.addEventListener("change", () => this.sync());
  }

  /** Fill what depends on the game's registry entry: counts, name rows, formats, options. */
  fill(info) {
    const counts = seatCounts(info);
    const saved = this.prefs[this.game] && this.prefs[this.game].players;
    this.players = counts.includes(saved) ? saved : counts[0];
    this.countSeg.replaceChildren(
      ...counts.map((n) =>
        el("label", {}, el("input", { type: "radio", name: "players", value: String(n), checked: n === this.players }), el("span", { text: String(n) })),
      ),
    );
    this.countSet.hidden = counts.length < 2;
    const names = (this.prefs.names || []).slice(0, counts[counts.length - 1]);
    this.rows = counts.length ? Array.from({ length: counts[counts.length - 1] }, (_, s) => nameRow(s, names[s])) : [];
    this.namesList.replaceChildren(...this.rows);
    this.fillExtra(info);
    this.sync();
  }

  /** Formats (when more than one), the rule options, the link level's note when not sealed, and
   * what the creator's device can learn before the start (creatorNote). */
  fillExtra(info) {
    const game = this.game;
    this.extra.replaceChildren();
    const formats = info.formats || ["single"];
    if (formats.length > 1) {
      const box = el("div", { class: "seg stack" });
      formats.forEach((f, i) => {
        const label = has(`${game}.format.${f}`) ? t(`${game}.format.${f}`) : f;
        box.append(el("label", {}, el("input", { type: "radio", name: "format", value: f, checked: i === 0 }), el("span", { text: label })));
      });
      this.extra.append(el("fieldset", {}, el("legend", { text: t("ui.newgame.format") }), box));
    }
    const det = optionsSection({ game, defaults: info.options, cls: "link-options" });
    if (det) this.extra.append(det);
    if (info.link_level === "friendly") {
      this.extra.append(el("p", { class: "link-friendly", id: "link-friendly", role: "note", text: t("ui.link.friendly") }));
    }
    this.extra.append(el("p", { class: "link-creator-note", id: "link-creator-note", role: "note", text: t(creatorNote(info)) }));
  }

  /** Show the rows of the chosen player count. */
  sync() {
    const chosen = this.form.elements.players && this.form.elements.players.value;
    this.players = Number(chosen || this.players) || this.players;
    this.rows.forEach((row, s) => (row.hidden = s >= this.players));
  }

  /** Open the dialog; resolve to the choice when Create closes it, null otherwise. */
  async ask() {
    document.body.append(this.dlg);
    this.dlg.showModal();
    const created = await new Promise((resolve) => this.dlg.addEventListener("close", () => resolve(this.dlg.returnValue === "create")));
    this.dlg.remove();
    if (!created || !this.players) return null;
    const form = this.form;
    const typed = this.rows.map((_, s) => cleanName(form.elements[`name${s}`].value));
    return {
      players: this.players,
      names: typed.slice(0, this.players).map((name, s) => name || t("seat.default", { n: s + 1 })),
      typed,
      options: readOptions(form),
      format: form.elements.format ? form.elements.format.value : "single",
    };
  }
}

/**
 * The key of the sentence saying what the creator can and cannot steer (docs/link-play.md, "What
 * the creator can see and steer"). The shared seed is fixed once the last seat joins, and the
 * creator's device, which writes the start, can compute it first: at the "friendly" level every
 * secret follows from it (every hand and draw); a "sealed" game with secrets deals each hand from
 * its seat's own key (the creator learns only his own); a game without secrets has only its
 * set-up. Nobody can choose the seed, but the creator could start over for another.
 */
export function creatorNote(info) {
  if (info.link_level === "friendly") return "ui.link.creator.friendly";
  return info.secrets ? "ui.link.creator.own" : "ui.link.creator.open";
}

/** The name field of seat `s` (seat 0 is the creator), with `saved` from the last sheet. */
function nameRow(s, saved) {
  const input = el("input", {
    type: "text",
    name: `name${s}`,
    id: `link-name-${s}`,
    value: saved || "",
    placeholder: s === 0 ? t("ui.link.new.you") : t("seat.default", { n: s + 1 }),
    maxLength: 24,
    autocomplete: "off",
    spellcheck: false,
    "aria-label": s === 0 ? t("ui.link.new.your_name") : t("ui.seats.name", { n: s + 1 }),
    class: "seat-name",
  });
  const tag = el("span", { class: "seat-tag", text: s === 0 ? t("ui.link.new.you_tag") : t("ui.link.new.invited") });
  return el(
    "li",
    { class: "seat-row", data: { seat: String(s) } },
    el("span", { class: "seat-no", text: String(s + 1), "aria-hidden": "true" }),
    el("div", { class: "seat-fields" }, input, tag),
  );
}

// Seat setup for games of 2–5 players: how many play, each seat's name, human or
// bot, and each bot's level. Reusable by any game:
//
//   const choice = await openSeats({
//     t, title, min: 2, max: 5,
//     levels: [{ id: "random", label: "Random" }, { id: "heuristic", label: "Heuristic" }],
//     defaultLevel: "heuristic",  // a new bot's level (default: the last level)
//     value: { players: 3, seats: [{ name: "", bot: false, level: "heuristic" }, ...] },
//     defaultName: (seat) => "Player 1",
//     extra: null,  // a node put under the seats (e.g. the rule options, ui/options.js)
//   });
//   // -> null (cancelled) or { players, seats: [{ name, bot, level }] } with names trimmed
//   //    (an empty name becomes defaultName(seat))
//
// Names are user text: they are only ever put in inputs' values and textContent.
import { el } from "./dom.js";
import { cleanName, MAX_NAME } from "./names.js";

/** Clean a typed name (names.js: the engine's rule): "" when nothing visible is left. */
export { cleanName };

/** Open the seat setup sheet; resolves to the choice, or null when cancelled (see the top of this file). */
export function openSeats({ t, title, min = 2, max = 5, levels = [], defaultLevel = null, value = {}, defaultName = (s) => `${s + 1}`, extra = null }) {
  const seats = Array.from({ length: max }, (_, s) => ({
    name: "",
    bot: s > 0,
    level: defaultLevel || (levels.length ? levels[levels.length - 1].id : ""),
    ...((value.seats || [])[s] || {}),
  }));
  let players = Math.min(max, Math.max(min, value.players || min));

  const dlg = el("dialog", { class: "sheet seats-sheet", id: "seats-dialog" });
  const form = el("form", { method: "dialog", id: "seats-form" });
  // the sheet opens on its title, not on a name field: a phone's keyboard would cover the sheet
  form.append(el("h2", { text: title, tabindex: "-1", autofocus: "" }));
  form.append(playerCount(t, min, max, players));

  // one row per seat
  const list = el("ol", { class: "seats-list" });
  const rows = seats.map((seat, s) => seatRow(t, seat, s, { levels, defaultName }));
  list.append(...rows.map(({ row }) => row));
  form.append(list);
  if (extra) form.append(extra);

  const start = el("button", { type: "submit", value: "start", class: "btn primary", id: "seats-start", text: t("ui.seats.start") });
  const cancel = el("button", { type: "submit", value: "cancel", class: "btn", formNoValidate: true, text: t("ui.seats.cancel") });
  form.append(el("div", { class: "sheet-actions" }, cancel, start));
  dlg.append(form);

  const sync = () => {
    players = Number(form.elements.players.value) || players;
    rows.forEach(({ row, level }, s) => {
      row.hidden = s >= players;
      const bot = form.elements[`kind${s}`].value === "bot";
      level.disabled = !bot;
      level.hidden = !bot || levels.length < 2;
      row.classList.toggle("is-bot", bot);
    });
  };
  form.addEventListener("change", sync);
  sync();

  document.body.append(dlg);
  dlg.showModal();
  return new Promise((resolve) => {
    dlg.addEventListener("close", () => {
      const ok = dlg.returnValue === "start";
      const result = ok
        ? {
            players,
            seats: rows.slice(0, players).map(({ name, level }, s) => ({
              name: cleanName(name.value) || defaultName(s),
              bot: form.elements[`kind${s}`].value === "bot",
              level: level.value,
            })),
          }
        : null;
      dlg.remove();
      resolve(result);
    });
  });
}

/** How many players (no question when only one count is played). */
function playerCount(t, min, max, players) {
  const count = el("fieldset", { class: "seats-count", hidden: min === max }, el("legend", { text: t("ui.seats.players") }));
  const seg = el("div", { class: "seg" });
  for (let n = min; n <= max; n++) {
    const input = el("input", { type: "radio", name: "players", value: String(n), checked: n === players });
    seg.append(el("label", {}, input, el("span", { text: String(n) })));
  }
  count.append(seg);
  return count;
}

/** Seat s's row: its name, human or bot, and the bot's level; returns {row, name, level}. */
function seatRow(t, seat, s, { levels, defaultName }) {
  const name = el("input", {
    type: "text",
    name: `name${s}`,
    value: seat.name || "",
    placeholder: defaultName(s),
    maxLength: MAX_NAME,
    autocomplete: "off",
    spellcheck: false,
    "aria-label": t("ui.seats.name", { n: s + 1 }),
    class: "seat-name",
  });
  const kind = el("div", { class: "seg seat-kind", role: "radiogroup", "aria-label": t("ui.seats.kind", { n: s + 1 }) });
  for (const [v, key] of [["human", "ui.seats.human"], ["bot", "ui.seats.bot"]]) {
    const input = el("input", { type: "radio", name: `kind${s}`, value: v, checked: (v === "bot") === !!seat.bot });
    kind.append(el("label", {}, input, el("span", { text: t(key) })));
  }
  const level = el("select", { name: `level${s}`, class: "seat-level", "aria-label": t("ui.seats.level", { n: s + 1 }) });
  for (const lv of levels) level.append(el("option", { value: lv.id, text: lv.label, selected: lv.id === seat.level }));
  const row = el(
    "li",
    { class: "seat-row", data: { seat: String(s) } },
    el("span", { class: "seat-no", text: String(s + 1), "aria-hidden": "true" }),
    el("div", { class: "seat-fields" }, name, el("div", { class: "seat-line" }, kind, level)),
  );
  return { row, name, level };
}

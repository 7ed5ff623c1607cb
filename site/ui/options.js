// A game's rule options (the engine's UNCONFIRMED rule points, `games()[i].options`:
// name -> default) as a collapsed "Rule options" section of a setup sheet: one checkbox
// per option, labelled by the catalog's `<game>.option.<name>` (the name itself when
// the catalog has none). Used by the play-by-link sheet and the hot-seat seat setup.
//
//   const det = optionsSection({ game: "oriflamme", defaults: {...}, values: {...} });
//   form.append(det);                       // null when the game has no options
//   ...
//   const chosen = readOptions(form);       // -> {name: bool} for every checkbox
import { t, has } from "../i18n.js";
import { el } from "./dom.js";

/** The summary's text: "Rule options", and how many differ from the defaults. */
function summaryText(changed) {
  return changed ? `${t("ui.link.new.options")} · ${t("ui.options.changed", { n: changed })}` : t("ui.link.new.options");
}

/**
 * A closed <details> with one checkbox per option (checked = `values[name]`, else the
 * default); an option set unlike its default is marked (data-changed) and counted in the
 * summary. Null when `defaults` is empty.
 */
export function optionsSection({ game, defaults = {}, values = {}, cls = "" }) {
  const entries = Object.entries(defaults || {});
  if (!entries.length) return null;
  const summary = el("summary", { text: t("ui.link.new.options") });
  const det = el("details", { class: `rule-options ${cls}`.trim() }, summary);
  const labels = [];
  for (const [name, def] of entries) {
    const value = Object.prototype.hasOwnProperty.call(values || {}, name) ? !!values[name] : !!def;
    const label = has(`${game}.option.${name}`) ? t(`${game}.option.${name}`) : name;
    const input = el("input", { type: "checkbox", name: `opt_${name}`, checked: value, data: { option: name, default: def ? "1" : "0" } });
    const row = el("label", { class: "rule-option" }, input, el("span", { text: label }));
    labels.push([row, input, !!def]);
    det.append(row);
  }
  const sync = () => {
    let changed = 0;
    for (const [row, input, def] of labels) {
      row.toggleAttribute("data-changed", input.checked !== def);
      if (input.checked !== def) changed++;
    }
    summary.textContent = summaryText(changed);
  };
  det.addEventListener("change", sync);
  sync();
  return det;
}

/** The options chosen in `root`'s checkboxes: {name: bool}. */
export function readOptions(root) {
  const options = {};
  for (const box of root.querySelectorAll("input[data-option]")) options[box.dataset.option] = box.checked;
  return options;
}

// Controls a game's link board can add to the decide section (boards.js returns them
// from its optional `extraControls`, see play.js), kept here so they look and read the
// same whichever game uses them.

import { t } from "../i18n.js";
import { el } from "../ui/dom.js";

/**
 * "Keep my face-down cards hidden this round" (#link-keep-hidden): a standing order sent
 * with the move as link_play's `keep_hidden`. Unticked whenever it is not offered.
 */
export class KeepHiddenControl {
  constructor() {
    this.box = el("input", { type: "checkbox", id: "link-keep-hidden" });
    this.el = el(
      "label",
      { class: "link-keep", id: "link-keep-label", hidden: true },
      this.box,
      el("span", {}, el("strong", { text: t("ui.link.keep.label") }), el("small", { text: t("ui.link.keep.help") })),
    );
  }

  /** Offer it (`wanted`) or hide and untick it; disabled while a move is on its way. */
  sync(wanted, busy) {
    if (!wanted) this.box.checked = false;
    this.el.hidden = !wanted;
    this.box.disabled = !!busy;
  }

  /** link_play's extra arguments: {keep_hidden: true} when offered and ticked. */
  args() {
    return !this.el.hidden && this.box.checked ? { keep_hidden: true } : {};
  }
}

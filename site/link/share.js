// A link to pass on: the read-only text field holding it, Share (Web Share API where
// the browser has it), Copy (clipboard, or the field selected for a manual copy),
// and its QR code (made in Python by segno; the area shows only once one was made).
//
//   const panel = new LinkPanel({ py, toast, id: "link", title: "..." });
//   parent.append(panel.el);
//   panel.set({ url, heading, lines: [...], warning });

import { t } from "../i18n.js";
import { el } from "../ui/dom.js";

/** Whether this Python can make QR codes: null unknown, then true/false. */
let qrWorks = null;

/** An inline SVG made fit to stand alone as an image: its namespace and a viewBox (so it scales). */
function standalone(svg) {
  let out = svg;
  if (!/^<svg[^>]*\sxmlns=/.test(out)) out = out.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
  const m = /^<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/.exec(out);
  if (m && !/^<svg[^>]*\sviewBox=/.test(out)) out = out.replace(/^<svg/, `<svg viewBox="0 0 ${m[1]} ${m[2]}"`);
  return out;
}

export class LinkPanel {
  /** ids: `${id}-url` (the text field), `${id}-share`, `${id}-copy`, `${id}-qr`. */
  constructor({ py, toast, id, className = "" }) {
    this.py = py;
    this.toast = toast;
    this.id = id;
    this.url = "";
    this.heading = el("h2", { class: "link-panel-title", id: `${id}-title` });
    this.lines = el("div", { class: "link-panel-lines" });
    this.warning = el("p", { class: "link-warning", id: `${id}-warning`, role: "note", hidden: true });
    this.input = el("input", {
      type: "text",
      id: `${id}-url`,
      class: "link-url",
      readOnly: true,
      spellcheck: false,
      autocomplete: "off",
      "aria-label": t("ui.link.share.field"),
    });
    this.input.addEventListener("focus", () => this.input.select());
    this.input.addEventListener("click", () => this.input.select());
    this.shareBtn = el("button", { type: "button", class: "btn primary", id: `${id}-share`, text: t("ui.link.share.share") });
    this.shareBtn.hidden = typeof navigator.share !== "function";
    this.shareBtn.addEventListener("click", () => this.share());
    this.copyBtn = el("button", {
      type: "button",
      class: `btn${this.shareBtn.hidden ? " primary" : ""}`,
      id: `${id}-copy`,
      text: t("ui.link.share.copy"),
    });
    this.copyBtn.addEventListener("click", () => this.copy());
    this.help = el("p", { class: "link-copy-help", id: `${id}-help`, hidden: true, text: t("ui.link.share.manual") });
    this.length = el("p", { class: "link-length" });
    this.qrImg = el("img", { alt: t("ui.link.share.qr_alt"), class: "link-qr-img", width: 240, height: 240 });
    this.qrHelp = el("p", { class: "link-qr-help", text: t("ui.link.share.qr_help") });
    // shown instead of the code when its maker (an optional package) could not be installed
    this.qrFailed = el("p", { class: "link-qr-failed", id: `${id}-qr-failed`, role: "status", hidden: true });
    this.qr = el(
      "details",
      { class: "link-qr", id: `${id}-qr`, hidden: true },
      el("summary", { text: t("ui.link.share.qr") }),
      this.qrImg,
      this.qrHelp,
      this.qrFailed,
    );
    this.qr.addEventListener("toggle", () => {
      if (this.qr.open && !this.qrFailed.hidden) this.makeQr(this.url); // asked again: try again
    });
    this.el = el(
      "section",
      { class: `link-panel ${className}`.trim(), id: `${id}-panel`, "aria-labelledby": `${id}-title` },
      this.heading,
      this.lines,
      this.warning,
      el("div", { class: "link-url-row" }, this.input),
      el("div", { class: "link-actions" }, this.shareBtn, this.copyBtn),
      this.help,
      this.length,
      this.qr,
    );
  }

  /** Show `url` with a heading and lines of text (all textContent). */
  set({ url, heading = "", lines = [], warning = "", data = {} }) {
    const changed = url !== this.url;
    this.url = url;
    this.heading.textContent = heading;
    this.lines.replaceChildren(...lines.filter(Boolean).map((text) => el("p", { text })));
    this.warning.textContent = warning;
    this.warning.hidden = !warning;
    this.input.value = url;
    Object.assign(this.el.dataset, data);
    this.length.textContent = t("ui.link.share.length", { n: url.length });
    if (changed) {
      this.help.hidden = true;
      this.qr.hidden = true;
      this.qr.open = false;
      this.qrImg.removeAttribute("src");
      this.makeQr(url);
    }
  }

  async makeQr(url) {
    if (qrWorks === false || !url) return;
    try {
      const { svg } = await this.py.call("link_qr", { text: url });
      if (url !== this.url || typeof svg !== "string" || !svg.startsWith("<svg")) return;
      qrWorks = true;
      this.qrImg.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(standalone(svg))}`;
      this.showQr(true);
    } catch (err) {
      if (err && err.key === "ui.error.extra") {
        // the QR maker is installed at its first use and could not be (offline then): the
        // player reads why, the link itself works as ever, and opening the area tries again
        if (url === this.url) this.showQr(false);
        return;
      }
      // no QR maker in this build (or the text is too long for a code): no QR area
      if (err && err.key !== "link.error.qr_too_long") qrWorks = false;
    }
  }

  /** The QR area with the code (`made`) or with the reason there is none. */
  showQr(made) {
    this.qrImg.hidden = !made;
    this.qrHelp.hidden = !made;
    this.qrFailed.textContent = made ? "" : t("ui.link.share.qr_failed");
    this.qrFailed.hidden = made;
    this.qr.hidden = false;
  }

  async share() {
    if (typeof navigator.share !== "function") return this.copy();
    try {
      await navigator.share({ title: t("ui.link.share.share_title"), text: t("ui.link.share.share_text"), url: this.url });
    } catch (err) {
      if (err && err.name === "AbortError") return; // the player closed the share sheet
      this.copy();
    }
  }

  async copy() {
    try {
      if (!navigator.clipboard || typeof navigator.clipboard.writeText !== "function") throw new Error("no clipboard");
      await navigator.clipboard.writeText(this.url);
      this.help.hidden = true;
      this.toast(t("ui.link.share.copied"));
    } catch (_) {
      // no clipboard: the link is selected in the field for a manual copy
      this.help.hidden = false;
      this.input.focus();
      this.input.select();
    }
  }
}

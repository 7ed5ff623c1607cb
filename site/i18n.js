// The locale catalog: every string a player reads comes from here.
// Catalog files are flat {"key": "text with {param}"} maps; the build merges the
// engine's keys (pygames/locale) with the page's "ui." keys into locale/<lang>.json.

let catalog = {};
let lang = "en";

/** Load the catalog for `wanted` (falls back to English). */
export async function loadLocale(wanted = "en") {
  for (const code of [wanted, "en"]) {
    try {
      const res = await fetch(new URL(`./locale/${code}.json`, import.meta.url));
      if (res.ok) {
        catalog = await res.json();
        lang = code;
        document.documentElement.lang = code;
        return code;
      }
    } catch (_) {
      /* try the next one */
    }
  }
  return lang;
}

export function has(key) {
  return Object.prototype.hasOwnProperty.call(catalog, key);
}

/** The text for `key` with `{name}` placeholders filled from `params`. */
export function t(key, params = {}) {
  const template = has(key) ? catalog[key] : key;
  return template.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** Text for an engine message `{key, params}` (params may name seats: see app.js). */
export function tm(message, extra = {}) {
  if (!message) return "";
  return t(message.key, { ...(message.params || {}), ...extra });
}

/** Fill every `[data-i18n]` (textContent) and `[data-i18n-aria]` (aria-label) under root. */
export function translateDom(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nAria));
  }
  for (const el of root.querySelectorAll("[data-i18n-title]")) {
    el.setAttribute("title", t(el.dataset.i18nTitle));
  }
}

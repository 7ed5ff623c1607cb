// The locale catalog: every string a player reads comes from here.
// Catalog files are flat {"key": value} maps; the build merges the engine's keys
// (pygames/locale) with the page's "ui." keys into locale/<lang>.json. A value is a text
// with `{param}` placeholders, or a plural object keyed by the language's CLDR categories
// ({"one": "{count} card", "other": "{count} cards"}) chosen by the `count` param, else `n`.
// A param that is an array (names, colours) is written as the language's own list.

let catalog = {};
let lang = "en";

/**
 * The words of the one screen that needs no catalog: none could be downloaded (a first visit
 * whose connection drops). English, as en.json says them (tests/test_catalogs.py checks); t()
 * gives them for a key the catalog lacks, never the key itself.
 */
export const BUILT_IN = {
  "ui.app.name": "pygames",
  "ui.error.catalogs": "The page’s words could not be downloaded, so it cannot start. Check your connection and reload.",
  "ui.error.reload": "Reload",
};

/** The language of the loaded catalog (a code such as "fr"). */
export function currentLang() {
  return lang;
}

/** Load the first catalog of `wanted` (a code or codes, best first) that exists; English last.
 * Resolves to its code, or null when none could be had (t() then knows BUILT_IN's words only). */
export async function loadLocale(wanted = "en") {
  for (const code of [...[wanted].flat(), "en"]) {
    try {
      const res = await fetch(new URL(`./locale/${code}.json`, import.meta.url));
      if (res.ok) {
        catalog = await res.json();
        lang = code;
        document.documentElement.lang = code;
        const manifest = document.querySelector('link[rel="manifest"]');
        if (manifest) manifest.setAttribute("href", code === "en" ? "manifest.webmanifest" : `manifest.${code}.webmanifest`);
        return code;
      }
    } catch (_) {
      /* try the next one */
    }
  }
  return null;
}

export function has(key) {
  return Object.prototype.hasOwnProperty.call(catalog, key);
}

// CLDR's "and" / "or" lists (between two, between others, before the last), for a browser whose
// Intl lacks the language (Chromium has no Galician list data); "and" is pygames.core.i18n's table.
const LIST_WORDS = {
  conjunction: {
    en: [" and ", ", ", ", and "],
    fr: [" et ", ", ", " et "],
    gl: [" e ", ", ", " e "],
    ja: ["、", "、", "、"],
    uk: [" і ", ", ", " і "],
  },
  disjunction: {
    en: [" or ", ", ", ", or "],
    fr: [" ou ", ", ", " ou "],
    gl: [" ou ", ", ", " ou "],
    ja: ["または", "、", "、または"],
    uk: [" або ", ", ", " або "],
  },
};

/** The pieces of `words` as a list ({type: "element" | "literal", value}), as Intl.ListFormat gives them. */
export function listParts(words, type = "conjunction") {
  const items = words.map(String);
  const table = type === "unit" ? null : LIST_WORDS[type]?.[lang];
  if (Intl.ListFormat.supportedLocalesOf([lang]).length || (type !== "unit" && !table)) {
    return new Intl.ListFormat(lang, { type, style: type === "unit" ? "narrow" : "long" }).formatToParts(items);
  }
  const [two, middle, last] = table || [", ", ", ", ", "];
  return items.flatMap((value, i) => {
    const element = { type: "element", value };
    if (i === 0) return [element];
    const literal = i < items.length - 1 ? middle : items.length === 2 ? two : last;
    return [{ type: "literal", value: literal }, element];
  });
}

/** `words` as one phrase in the page's language ("A, B and C"); `type` "unit" for a list without "and". */
export function listText(words, type = "conjunction") {
  return listParts(words, type)
    .map((part) => part.value)
    .join("");
}

/** The form of a plural object for `params.count` (else `params.n`), by the language's rules. */
function pluralForm(forms, params) {
  const n = Number(params.count ?? params.n);
  const category = Number.isFinite(n) ? new Intl.PluralRules(lang).select(n) : "other";
  return forms[category] ?? forms.other ?? Object.values(forms)[0];
}

/**
 * A seat's name as the language says it in `kase` ("to", "of", "by", "for"; "To", "For" at a
 * sentence's start): `seat.default.<case>` for a default name ("au joueur 2", "polo Xogador 2", read back
 * from seat.default's pattern), else `seat.named.<case>` ("à Ann"); as pygames.core.i18n does.
 */
export function nameCase(name, kase) {
  const low = kase.toLowerCase();
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`^${String(has("seat.default") ? catalog["seat.default"] : "").split("{n}").map(escape).join("(\\d+)")}$`);
  const m = pattern.exec(String(name));
  const text = m ? t(`seat.default.${low}`, { n: Number(m[1]) }) : t(`seat.named.${low}`, { name });
  return kase[0] === kase[0].toUpperCase() ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** The text for `key` with `{name}` placeholders filled from `params` (`{name:to}`: see nameCase). */
export function t(key, params = {}) {
  const value = has(key) ? catalog[key] : Object.prototype.hasOwnProperty.call(BUILT_IN, key) ? BUILT_IN[key] : key;
  const template = typeof value === "string" ? value : pluralForm(value, params);
  return template.replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name, kase) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) return whole;
    const v = params[name];
    if (kase) return nameCase(v, kase);
    return Array.isArray(v) ? listText(v) : String(v);
  });
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

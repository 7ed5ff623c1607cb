// Which language the page speaks, and the header's picker. The choice, best first: `?lang=xx`
// in the address (which also remembers it), the one picked before (kept in this browser), then
// the browser's own languages (navigator.languages), then English. Changing it reloads the page,
// which then paints every text in the new language.

import { currentLang, t } from "../i18n.js";
import { readJSON, writeJSON } from "./storage.js";

/** Each language's name in its own words, in the picker's order. */
export const NATIVE_NAMES = { en: "English", fr: "Français", gl: "Galego", ja: "日本語", uk: "Українська" };

const CHOICE_KEY = "pygames.lang";

/** The language code a tag names ("fr-CA" -> "fr"), or null when the site has no such language. */
function known(tag) {
  const code = String(tag || "").toLowerCase().split("-")[0];
  return Object.hasOwn(NATIVE_NAMES, code) ? code : null;
}

/** `lang` from the address: the query (`?lang=fr`) or the fragment's (`#play/okiya?lang=fr`). */
function fromAddress() {
  const query = new URLSearchParams(location.search).get("lang");
  const hash = /[?&]lang=([A-Za-z-]+)/.exec(location.hash);
  return known(query) || known(hash && hash[1]);
}

/** The languages to try, best first (loadLocale takes the first whose catalog exists). */
export function wantedLanguages() {
  const asked = fromAddress();
  if (asked) writeJSON(CHOICE_KEY, asked);
  const browser = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]).map(known);
  return [...new Set([asked, known(readJSON(CHOICE_KEY)), ...browser].filter(Boolean))];
}

/** Remember `code` and reload in it (a `lang` in the address would override the choice: it goes). */
function choose(code) {
  writeJSON(CHOICE_KEY, code);
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  url.hash = url.hash.replace(/([?&])lang=[^&]*&?/, "$1").replace(/[?&]$/, "");
  if (url.href !== location.href) history.replaceState(history.state, "", url.href);
  location.reload();
}

/** The languages this build has catalogs for (locale/languages.json, written by the build). */
async function builtLanguages() {
  try {
    const res = await fetch(new URL("../locale/languages.json", import.meta.url));
    if (res.ok) return (await res.json()).filter((code) => Object.hasOwn(NATIVE_NAMES, code));
  } catch (_) {
    /* the current language alone */
  }
  return [currentLang()];
}

/** Fill the header's `<select>` with the built languages, each in its own name, and wire it. */
export async function mountPicker(select) {
  select.setAttribute("aria-label", t("ui.nav.language"));
  select.title = t("ui.nav.language");
  const codes = await builtLanguages();
  select.replaceChildren(
    ...Object.keys(NATIVE_NAMES)
      .filter((code) => codes.includes(code) || code === currentLang())
      .map((code) => {
        const option = new Option(NATIVE_NAMES[code], code, false, code === currentLang());
        option.lang = code;
        return option;
      }),
  );
  select.hidden = false;
  select.addEventListener("change", () => choose(select.value));
}

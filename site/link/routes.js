// The addresses of link play: a game link's fragment (`#g=...`), the My games screen,
// and the full URL of a fragment (what a player sends).

export const MINE_HASH = "#my-games";

/** Whether `hash` is a link-play screen: a game link or My games. */
export function isLinkHash(hash) {
  const h = bareFragment(hash);
  return h.startsWith("g=") || `#${h}` === MINE_HASH;
}

/** `hash` without its leading "#" (or "#/"). */
export function bareFragment(hash) {
  return String(hash || "").replace(/^#\/?/, "");
}

/** This page's URL with `fragment` as its hash. */
export const fullUrl = (fragment) => `${location.origin}${location.pathname}#${fragment}`;

// Saved games and preferences in localStorage, and fresh game seeds: shared by every game's page.
// A game page saves its game under `pygames.<game>.save` as {hash, record, over} (ui/hotseat.js).

export function readJSON(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch (_) {
    return null;
  }
}

export function writeJSON(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (_) {
    /* private mode or full: the game still works, it just is not saved */
  }
}

export function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

/** The hash of `game`'s saved unfinished game, for the start page's "Resume" (or null). */
export function savedHash(game) {
  const saved = readJSON(`pygames.${game}.save`);
  return saved && saved.hash && saved.record && !saved.over ? saved.hash : null;
}

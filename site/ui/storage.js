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

/**
 * The game saved under `key` as {hash, record, over}, or null. Okiya's page once saved
 * {hash, result} (the bridge's whole answer): read as the same game, so it still resumes.
 */
export function readSave(key) {
  const saved = readJSON(key);
  if (!saved || typeof saved.hash !== "string") return null;
  if (saved.record) return saved;
  const result = saved.result;
  if (!result || !result.record) return null;
  return { hash: saved.hash, record: result.record, over: !!(result.match && result.match.over) };
}

/** The hash of `game`'s saved unfinished game, for the start page's "Resume" (or null). */
export function savedHash(game) {
  const saved = readSave(`pygames.${game}.save`);
  return saved && !saved.over ? saved.hash : null;
}

// Saved games and preferences in localStorage, and fresh game seeds: shared by every game's page.
// A game page saves its game under `pygames.<game>.save` as {hash, record, over} (ui/hotseat.js).
//
// When the browser will not keep anything (storage blocked, or full), writes land in this
// page's memory instead, so the session stays consistent (a link game's seat key survives
// until the page closes), and the page is told (onStorageTrouble) so it can say so.

const PROBE_KEY = "pygames.probe";
const memory = new Map(); // key -> JSON text that localStorage refused
const troubleListeners = new Set();
let troubled = false;

function trouble() {
  if (troubled) return;
  troubled = true;
  for (const fn of troubleListeners) fn();
}

/** Call `fn` once storage is found not to keep things (at once if it already was). */
export function onStorageTrouble(fn) {
  troubleListeners.add(fn);
  if (troubled) fn();
}

/** Whether this browser keeps what the page saves: a test write (run at start), or a write that failed since. */
export function storageWorks() {
  if (troubled) return false;
  try {
    localStorage.setItem(PROBE_KEY, "1");
    localStorage.removeItem(PROBE_KEY);
    return true;
  } catch (_) {
    trouble();
    return false;
  }
}

export function readJSON(key) {
  try {
    if (memory.has(key)) return JSON.parse(memory.get(key));
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch (_) {
    return null;
  }
}

/** Save `value` under `key`; false when the browser refused (it is then kept in memory only). */
export function writeJSON(key, value) {
  const text = JSON.stringify(value);
  try {
    localStorage.setItem(key, text);
    memory.delete(key);
    return true;
  } catch (_) {
    memory.set(key, text); // private mode, blocked or full: kept until the page closes
    trouble();
    return false;
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

// The link games this device knows, in localStorage under one key:
//
//   pygames.link.games = {
//     "<game id>": { game, players, names: [..], link: "g=...",   // the latest fragment
//                    keys: {"<seat>": "<32 hex>"},              // this device's secrets
//                    mine: [seats], events, phase, next, to_move, my_turn,
//                    outcome: {winners, scores} | null, audit: "pending"|"verified"|"failed",
//                    created, updated (ms), archived: bool }
//   }
//
// Callers write an entry ONLY after a successful bridge call: a failed, tampered or
// older link never reaches this module.

import { readJSON, writeJSON } from "../ui/storage.js";

export const STORE_KEY = "pygames.link.games";

const HEX32 = /^[0-9a-f]{32}$/;

/** Every saved game: {id: entry}. Entries that cannot be read are left out. */
export function allGames() {
  const data = readJSON(STORE_KEY);
  if (!data || typeof data !== "object" || Array.isArray(data)) return {};
  const out = {};
  for (const [id, entry] of Object.entries(data)) {
    if (entry && typeof entry === "object" && typeof entry.link === "string") out[id] = entry;
  }
  return out;
}

export function getGame(id) {
  return allGames()[id] || null;
}

/** A seat key in its canonical text (32 lowercase hex digits, the only form keysFor reads), from
 *  a key as a file may hold it (upper case, spaces around); null when it is no key. */
export function canonicalKey(key) {
  const text = typeof key === "string" ? key.trim().toLowerCase() : "";
  return HEX32.test(text) ? text : null;
}

/** `keys` ({"<seat>": key}, e.g. from a backup file) with every key canonical; others left out. */
export function canonicalKeys(keys) {
  const out = {};
  for (const [seat, key] of Object.entries(keys || {})) {
    const text = canonicalKey(key);
    if (/^\d$/.test(seat) && text) out[seat] = text;
  }
  return out;
}

/** This device's keys for game `id`: {"<seat>": hex}, canonical (a key an older restore saved
 *  in upper case or with spaces is read too); malformed ones are left out. */
export function keysFor(id) {
  const entry = getGame(id);
  return entry && entry.keys && typeof entry.keys === "object" && !Array.isArray(entry.keys) ? canonicalKeys(entry.keys) : {};
}

/**
 * Save what a successful bridge call returned (a TABLE) for its game, merging the
 * keys this device holds. `extra` may set {archived} or more keys.
 */
export function saveTable(table, keys = {}, extra = {}) {
  const data = allGames();
  const old = data[table.id] || {};
  const now = Date.now();
  const outcome = table.outcome
    ? { winners: table.outcome.winners || [], scores: table.outcome.scores || null }
    : null;
  data[table.id] = {
    game: table.game,
    players: table.players,
    names: table.names,
    link: table.link,
    keys: { ...(old.keys || {}), ...keys },
    mine: table.mine || [],
    events: table.events,
    phase: table.phase,
    next: table.next || null,
    to_move: table.to_move ?? null,
    my_turn: !!table.my_turn,
    outcome,
    audit: table.audit ? table.audit.state : null,
    created: old.created || now,
    updated: old.link === table.link && old.updated ? old.updated : now,
    archived: !!old.archived,
    ...extra,
  };
  writeJSON(STORE_KEY, data);
  return data[table.id];
}

export function setArchived(id, archived) {
  const data = allGames();
  if (!data[id]) return;
  data[id] = { ...data[id], archived: !!archived };
  writeJSON(STORE_KEY, data);
}

export function removeGame(id) {
  const data = allGames();
  delete data[id];
  writeJSON(STORE_KEY, data);
}

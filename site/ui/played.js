// The games played on this device away from links (hot-seat and against bots), for My games:
// each game's latest record under its address, so it can be resumed or deleted after a new one
// started, and the device's record of play (games played and won, per game and bot level),
// counted once when a game ends. Kept in localStorage beside the page's own save
// (`pygames.<game>.save`, ui/hotseat.js), which stays the one the game page resumes.
//
//   pygames.played  {games: [{hash, game, record, over, names, bots: {seat: level}, levelKey,
//                             humans: [seat], winners: [seat] | null, started, updated}]}
//   pygames.tally   {<game>: {levelKey, levels: {<level or "hotseat">: {played, won}}}}

import { readJSON, writeJSON } from "./storage.js";

const GAMES_KEY = "pygames.played";
const TALLY_KEY = "pygames.tally";
/** How many games My games keeps (the newest): enough to look back, small enough for storage. */
export const KEEP = 30;

/** The games this device played, newest first (entries of another shape are left out). */
export function playedGames() {
  const saved = readJSON(GAMES_KEY);
  const games = saved && Array.isArray(saved.games) ? saved.games.filter(isEntry) : [];
  return games.sort((a, b) => (b.updated || 0) - (a.updated || 0));
}

function isEntry(g) {
  return !!g && typeof g.hash === "string" && g.hash.startsWith("#play/") && typeof g.game === "string" && !!g.record;
}

/** What My games keeps of the game `page` (a hot-seat page, ui/hotseat.js) shows: `res`, the
 *  bridge's answer; null before anyone moved (a game opened and left at once is not one). */
export function playedEntry(page, res, over) {
  if (!(res.record.games || []).some((moves) => moves.length)) return null;
  const route = page.route;
  return {
    hash: page.hash,
    game: page.cfg.game,
    record: res.record,
    over: !!over,
    names: [...Array(route.players).keys()].map((s) => route.names[s] || ""),
    bots: Object.fromEntries(route.bots.map((s) => [s, route.levels[s] || page.cfg.defaultLevel])),
    levelKey: page.cfg.levelKey,
    humans: page.humans(),
    winners: over ? winnersOf(res) : null,
  };
}

/** Who won a finished game or match: a match's winner (none: a draw), else the game's winners. */
function winnersOf(res) {
  const m = res.match;
  if (m && m.format && m.format !== "single") return m.winner === null || m.winner === undefined ? [] : [m.winner];
  return (res.view && res.view.outcome && res.view.outcome.winners) || [];
}

/**
 * Keep `entry`'s game (found by its address), and count it in the record the first time it is
 * seen over. Returns false when the browser would not keep it.
 */
export function remember(entry) {
  if (!entry) return true;
  const games = playedGames();
  const now = Date.now();
  const old = games.find((g) => g.hash === entry.hash);
  const counted = !!(old && old.counted);
  const kept = { ...entry, started: (old && old.started) || now, updated: now, counted: counted || !!entry.over };
  if (entry.over && !counted) count(entry);
  const rest = games.filter((g) => g.hash !== entry.hash);
  return writeJSON(GAMES_KEY, { games: [kept, ...rest].slice(0, KEEP) });
}

/** Drop the game at `hash` from My games (the record of play keeps it). */
export function forget(hash) {
  writeJSON(GAMES_KEY, { games: playedGames().filter((g) => g.hash !== hash) });
}

/** Take the games of a backup file that this device lacks or holds in an older state. */
export function restorePlayed(games) {
  if (!Array.isArray(games)) return 0;
  const mine = playedGames();
  let taken = 0;
  for (const g of games.filter(isEntry)) {
    const old = mine.find((m) => m.hash === g.hash);
    if (old && (old.updated || 0) >= (g.updated || 0)) continue;
    if (old) mine.splice(mine.indexOf(old), 1);
    mine.push({ ...g, counted: true }); // a restored game was counted on the device that played it
    taken += 1;
  }
  writeJSON(GAMES_KEY, { games: mine.sort((a, b) => (b.updated || 0) - (a.updated || 0)).slice(0, KEEP) });
  return taken;
}

/** The record of play: {game: {levelKey, levels: {level: {played, won}}}}; "hotseat" for games
 *  without bots; levelKey: the catalog prefix of the game's level names. */
export function tally() {
  const saved = readJSON(TALLY_KEY);
  return saved && typeof saved === "object" ? saved : {};
}

/** One more finished game in the record: under each bot level at the table (a game without
 *  bots under "hotseat"), won when one of the table's humans is among the winners. */
function count(entry) {
  const all = tally();
  const levels = [...new Set(Object.values(entry.bots || {}))];
  const won = (entry.winners || []).some((s) => (entry.humans || []).includes(s));
  const perGame = (all[entry.game] = all[entry.game] || { levels: {} });
  if (entry.levelKey) perGame.levelKey = entry.levelKey;
  for (const level of levels.length ? levels : ["hotseat"]) {
    const row = (perGame.levels[level] = perGame.levels[level] || { played: 0, won: 0 });
    row.played += 1;
    if (levels.length && won) row.won += 1;
  }
  writeJSON(TALLY_KEY, all);
}

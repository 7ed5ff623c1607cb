// The hot-seat page's address: `#play/<game>?seed=..&players=..&bots=..` read into a route and
// written back in one canonical form (the save key), with values the game lacks named, not dropped.

import { cleanName } from "./seats.js";

/** The route of a `#play/<game>?...` hash, or null when it is not one. */
export function parseRoute(hash, { game, levels: known, defaultLevel, minPlayers, maxPlayers, formats = ["single"] }) {
  const text = String(hash || "").replace(/^#\/?/, "");
  const [path, query = ""] = text.split("?");
  if (path.replace(/\/+$/, "") !== `play/${game}`) return null;
  const q = new URLSearchParams(query);
  const seedText = q.get("seed");
  const seed = seedText !== null && /^\d{1,15}$/.test(seedText) ? Number(seedText) : null;
  const playersText = q.get("players") || "";
  const asked = /^\d$/.test(playersText) ? Number(playersText) : 0;
  const players = asked >= minPlayers && asked <= maxPlayers ? asked : minPlayers;
  const bots = [...new Set((q.get("bots") || "").split(",").filter((s) => /^\d$/.test(s)).map(Number))]
    .filter((s) => s < players)
    .sort();
  const levelList = (q.get("level") || "").split(",");
  const levels = {};
  bots.forEach((seat, i) => {
    const wanted = levelList.length > 1 ? levelList[i] : levelList[0];
    levels[seat] = known.includes(wanted) ? wanted : defaultLevel;
  });
  // names: split the raw value on commas first, then decode each (a name may hold %2C)
  const raw = query.split("&").find((p) => p.startsWith("names="));
  const names = Array.from({ length: players }, () => "");
  if (raw) {
    raw
      .slice(6)
      .split(",")
      .slice(0, players)
      .forEach((part, i) => {
        let name = "";
        try {
          name = decodeURIComponent(part.replace(/\+/g, " "));
        } catch (_) {
          name = "";
        }
        names[i] = cleanName(name);
      });
  }
  const options = {};
  for (const part of (q.get("opts") || "").split(",")) {
    const m = /^(-?)([a-z][a-z0-9_]{0,47})$/.exec(part);
    if (m) options[m[2]] = !m[1];
  }
  const format = formats.includes(q.get("format")) ? q.get("format") : formats[0];
  // values the page could not use (it plays the default instead, and says so)
  const ignored = [];
  if (playersText && players !== asked) ignored.push(`players=${playersText}`);
  for (const part of (q.get("bots") || "").split(",")) if (part && !bots.includes(Number(part))) ignored.push(`bots=${part}`);
  for (const wanted of new Set(levelList)) if (wanted && !known.includes(wanted)) ignored.push(`level=${wanted}`);
  if (q.get("format") && q.get("format") !== format) ignored.push(`format=${q.get("format")}`);
  return { game, seed, players, bots, levels, names, options, format, ignored: ignored.map((s) => s.slice(0, 40)) };
}

/** The canonical hash of a route. */
export function routeHash(r, { game, defaultLevel, minPlayers, maxPlayers, formats = ["single"] }) {
  const parts = [`seed=${r.seed}`];
  if (minPlayers !== maxPlayers) parts.push(`players=${r.players}`);
  parts.push(`bots=${r.bots.join(",")}`);
  const levels = r.bots.map((s) => r.levels[s] || defaultLevel);
  if (levels.length) parts.push(`level=${levels.every((l) => l === levels[0]) ? levels[0] : levels.join(",")}`);
  if (formats.length > 1) parts.push(`format=${r.format}`);
  if (r.names.some(Boolean)) parts.push(`names=${r.names.map((n) => encodeURIComponent(n || "")).join(",")}`);
  const opts = Object.keys(r.options || {}).sort().map((name) => (r.options[name] ? name : `-${name}`));
  if (opts.length) parts.push(`opts=${opts.join(",")}`);
  return `#play/${game}?${parts.join("&")}`;
}

/** The hashes older pages wrote for the same route, so a game saved under one still resumes:
 * a game without bots carried the default bot level (`bots=&level=medium`). */
export function olderHashes(r, cfg) {
  return r.bots.length ? [] : [routeHash(r, cfg).replace("&bots=", `&bots=&level=${cfg.defaultLevel}`)];
}

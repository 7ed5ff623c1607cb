// A hot-seat page's config: the page's own static config (presentation), completed by the
// game's entry in the registry (games.json), which alone holds the game's facts. A page that
// restates one, or lacks a method every page must bring, fails at load with the file named.

import { requireMethods } from "./contract.js";

/** What a game's page must bring (the rest has defaults in ui/hotseat.js). */
export const PAGE_METHODS = ["present", "say", "moveLabel", "turnKey", "buildDom", "renderParts", "renderDecision", "fillEnd"];

/** The config keys that are registry facts: a page config never holds them. */
export const REGISTRY_FACTS = ["levels", "defaultLevel", "levelKey", "minPlayers", "maxPlayers", "formats", "ruleOptions", "undo", "calls", "lesson"];

/** A page's config: its own static config (presentation), completed by the game's registry entry (games.json). */
export function withRegistry(Page, info) {
  const config = Page.config;
  const where = `games/${config.game}.js`;
  requireMethods(Page, PAGE_METHODS, where);
  const restated = REGISTRY_FACTS.filter((key) => key in config);
  if (restated.length) throw new Error(`${where} restates ${restated.join(", ")}: the game's entry in games.json says it`);
  if (!info || info.id !== config.game) throw new Error(`${where}: games.json has no entry for ${config.game}`);
  const counts = info.players;
  return {
    ...config,
    levels: info.levels,
    defaultLevel: info.default_level,
    levelKey: info.level_key,
    formats: info.formats,
    minPlayers: Math.min(...counts),
    maxPlayers: Math.max(...counts),
    undo: !info.secrets,
    ruleOptions: info.options,
    calls: info.calls || [],
    lesson: info.lesson || null, // the guided first game (ui/learn.js), or none
  };
}

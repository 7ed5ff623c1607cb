// The game facts link play needs (player counts, formats, rule options, link level), read
// from the game registry: the list `bridge.games()` returns (the same list build.py writes
// to games.json). The caller hands the list in (`new LinkPlay({games})` or `setGames`);
// until it does, the list is asked of Python once it is ready. No game is named here.

export class GameRegistry {
  /** @param {{py: object, games?: object[] | Promise<object[]>}} opts */
  constructor({ py, games = null }) {
    this.py = py;
    this.byId = null;
    this.pending = null;
    if (games) this.set(games);
  }

  /** Take the registry's list (or a promise of it), e.g. from games.json or a refreshed games(). */
  set(games) {
    if (games && typeof games.then === "function") {
      this.pending = games.then((list) => this.set(list));
      this.pending.catch(() => {}); // a list that never came: get() asks Python
      return;
    }
    if (!Array.isArray(games)) return;
    this.byId = {};
    for (const g of games) this.byId[g.id] = g;
  }

  /** The entry of `game` if the list is already known (else null): no waiting. */
  known(game) {
    return (this.byId && this.byId[game]) || null;
  }

  /** The entry of `game` (null when the registry has none), asking Python if nobody gave the list. */
  async get(game) {
    if (this.pending) await this.pending.catch(() => null);
    if (!this.byId) {
      this.pending = null;
      try {
        await this.py.ready;
        this.set(await this.py.call("games"));
      } catch (_) {
        /* no list yet: asked again next time */
      }
    }
    return this.known(game);
  }
}

/** The player counts a registry entry allows, ascending (`players` is the list of counts). */
export function seatCounts(info) {
  return [...new Set((info && info.players) || [])].sort((a, b) => a - b);
}

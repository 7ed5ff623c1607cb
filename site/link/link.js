// Play by link: friends play one game over days by passing a link; no server.
// The link (`#g=<data>`) is the record of the game; this device keeps the latest
// link of each game and its own seats' secret keys (store.js). Python (pygames.link
// behind the bridge) checks every link, computes the position and makes the next
// link; this page only shows it. See /work/notes/LINK-API.md for the calls.
//
// This module is the controller: routes, the bridge calls (create, open, claim, play),
// which part of the game screen shows (mode), and the test hooks. Each screen is its own
// module: sheet.js (the "Play with friends" sheet), start.js (start page entries),
// seats.js (seats, claim a seat), play.js (board and move buttons), status.js (status
// lines), invite.js (the link to pass on), end.js (end, audit, replay), export.js (move
// a seat to another device), mine.js (My games), messages.js (errors and notices).
// Game facts come from the registry list the caller passes (registry.js).
//
// Screens (all inside the shared game view, #view-game[data-mode="link"]):
//   #g=...        a link game: claim a seat, play your turn, pass the next link on,
//                 watch as a spectator, the end (scores, audit, replay)
//   #my-games     every link game on this device
// Test hooks: #status[data-state], [data-link-phase] on #link-view, #link-url,
// button[data-claim], button[data-move], #link-error, #link-notice, #link-audit,
// window.__pygames.link.

import { t } from "../i18n.js";
import { el } from "../ui/dom.js";
import { readJSON, writeJSON } from "../ui/storage.js";
import * as store from "./store.js";
import { moveWords, loadBoard } from "./boards.js";
import { MINE_HASH, isLinkHash, bareFragment } from "./routes.js";
import { GameRegistry } from "./registry.js";
import { askNewGame } from "./sheet.js";
import { decorateStart } from "./start.js";
import { ErrorBox, NoticeLine, errorText } from "./messages.js";
import { SeatList, ClaimPanel } from "./seats.js";
import { PlayScreen } from "./play.js";
import { setStatus, renderStatus, renderMatch } from "./status.js";
import { InvitePanel } from "./invite.js";
import { EndScreen } from "./end.js";
import { SeatExport } from "./export.js";
import { MyGames } from "./mine.js";
import { SeatBackup, askPersistence, goOnWithoutStorage, offerExportWithoutStorage } from "./backup.js";

export { MINE_HASH, isLinkHash };

const PREFS_KEY = "pygames.link.prefs";
const AUTO_PLAY_MS = 350;

const $ = (sel, root = document) => root.querySelector(sel);

export class LinkPlay {
  /**
   * @param {{py: object, toast: (text: string) => void, root: HTMLElement, games?: object[] | Promise<object[]>}} opts
   *   root: #view-game; games: the game registry's list (bridge.games() / games.json), else asked of Python
   */
  constructor({ py, toast, root, games = null }) {
    this.py = py;
    this.toast = toast;
    this.root = root;
    this.registry = new GameRegistry({ py, games });
    this.active = false;
    this.built = false;
    this.gen = 0;
    this.busy = false;
    this.table = null;
    this.keys = {};
    this.watching = false; // the player chose to watch rather than claim a seat
    this._exposeHooks();
  }

  /** A newer registry list (e.g. refreshed from Python's games()). */
  setGames(games) {
    this.registry.set(games);
  }

  // ================================================================ routes

  /** Show the screen of `hash` (a link or #my-games). */
  async show(hash) {
    this._build();
    const fragment = bareFragment(hash);
    this.requested = fragment;
    if (`#${fragment}` === MINE_HASH) return this.showMine();
    if (this.active && this.table && this.screen === "game" && fragment === this.table.link && !this.errorShown) return;
    return this.openLink(fragment);
  }

  /**
   * A new screen: what the last one was waiting for is dropped (its answer checks `gen`), and so
   * is its "busy": a claim or a move still out when another link opened left the buttons of every
   * later screen disabled and the page never idle (a bridge answer dropped by its generation).
   */
  _next() {
    this.busy = false;
    return ++this.gen;
  }

  /** Leave link play (another route is shown). */
  stop() {
    this._next();
    this.active = false;
    if (!this.built) return;
    if (this.root.dataset.mode === "link") delete this.root.dataset.mode;
    delete this.root.dataset.linkScreen;
    this.rootEl.hidden = true;
  }

  _enter(screen) {
    this._build();
    this.active = true;
    this.screen = screen;
    this.root.dataset.mode = "link";
    this.root.dataset.linkScreen = screen;
    this.rootEl.hidden = false;
    this.gameEl.hidden = screen !== "game";
    this.myGames.el.hidden = screen !== "mine";
    $("#view-start").hidden = true;
    this.root.hidden = false;
    $("#btn-new").hidden = true;
    $("#matchbar").hidden = true;
    const title = screen === "mine" ? t("ui.link.mine.title") : this.table ? t(`game.${this.table.game}`) : t("ui.link.title");
    this.setTitle(title);
  }

  setTitle(title) {
    $("#title").textContent = title;
    document.title = `${title} · ${t("ui.app.name")}`;
  }

  // ================================================================ start page, new game

  /** Add "Play with friends" to each playable game card and a "My games" entry (idempotent). */
  decorateStart(list) {
    decorateStart(list, { mineHash: MINE_HASH, onNew: (game) => this.openNew(game) });
  }

  /** The "Play with friends" sheet for `game`, then link_create with the choice. */
  async openNew(game) {
    if (!(await goOnWithoutStorage())) return; // no storage: the seat key would be lost unless exported
    const prefs = readJSON(PREFS_KEY) || {};
    const info = this.registry.known(game);
    const choice = await askNewGame({ game, info, later: info ? null : this.registry.get(game), prefs });
    if (!choice) return;
    writeJSON(PREFS_KEY, { ...prefs, names: choice.typed, [game]: { players: choice.players } });
    await this.create(game, choice);
  }

  async create(game, { players, names, options, format }) {
    const gen = this._next();
    this.table = null;
    this._enter("game");
    this._clearMessages();
    setStatus(t("ui.link.status.creating"), "waiting");
    this.busy = true;
    try {
      await this.py.ready;
      const res = await this.py.call("link_create", { game, players, names, options, format });
      await loadBoard(res.game); // its words and board, before the first drawing
      if (gen !== this.gen) return;
      this.busy = false;
      const keys = { [String(res.key.seat)]: res.key.key };
      store.saveTable(res, keys);
      askPersistence();
      history.pushState(null, "", `#${res.link}`);
      this.accept(res, keys, { animate: false });
      offerExportWithoutStorage(this.seatExport, res.key.seat);
    } catch (err) {
      if (gen !== this.gen) return;
      this.busy = false;
      this.fail(err, null);
    }
  }

  // ================================================================ opening a link

  async openLink(fragment) {
    const gen = this._next();
    this.table = null;
    this.watching = false;
    this._enter("game");
    this._clearMessages();
    this.renderGame();
    setStatus(t("ui.status.waiting"), "waiting");
    let savedId = null;
    try {
      await this.py.ready;
      if (gen !== this.gen) return;
      setStatus(t("ui.link.status.opening"), "waiting");
      const info = await this.py.call("link_id", { link: fragment });
      if (gen !== this.gen) return;
      const entry = store.getGame(info.id);
      if (entry) savedId = info.id;
      const keys = store.keysFor(info.id);
      const table = await this.py.call("link_open", { link: fragment, keys, saved: entry ? entry.link : null });
      await loadBoard(table.game); // its words and board, before the first drawing
      if (gen !== this.gen) return;
      if (table.imported) {
        keys[String(table.imported.seat)] = table.imported.key;
        this.toast(t("ui.link.imported", { name: this.name(table.imported.seat, table) }));
      }
      this.accept(table, keys, { animate: false });
    } catch (err) {
      if (gen === this.gen) this.fail(err, savedId);
    }
  }

  /**
   * A TABLE from a successful bridge call: save it (when this device holds a seat and
   * it does not roll the saved game back), put its link in the address bar, show it.
   */
  accept(table, keys, { animate = true } = {}) {
    const entry = store.getGame(table.id);
    const holds = Object.keys(keys).length > 0;
    const newer = !entry || (table.link !== entry.link && (entry.events === undefined || table.events >= entry.events));
    if (holds && !table.notice) store.saveTable(table, keys);
    else if (holds && table.notice && (newer || table.replaced) && entry) store.saveTable(table, keys); // replaced: a branch it only read
    this.keys = keys;
    this.table = table;
    this.errorShown = false;
    if (location.hash !== `#${table.link}`) history.replaceState(null, "", `#${table.link}`);
    this._enter("game");
    this.renderGame({ animate });
    this.maybeAutoPlay();
    this.settled = this.gen;
  }

  /** A refused link (or a failed call): the error, with the way back to the saved game if any. */
  fail(err, savedId) {
    this.errorShown = true;
    this.table = null;
    this.renderGame();
    if (err && err.key === "ui.error.worker") {
      // Python's worker died: not the link's fault (app.js's bar says so too, with a Reload)
      setStatus(errorText(err), "error");
      this.settled = this.gen;
      return;
    }
    const saved = savedId ? store.getGame(savedId) : null;
    this.errorBox.show(err, saved ? saved.link : null);
    setStatus(t("ui.link.status.error"), "error");
    this.settled = this.gen;
  }

  // ================================================================ acting

  async claim(seat) {
    const table = this.table;
    if (!table || this.busy) return;
    const gen = this.gen;
    if (!(await goOnWithoutStorage()) || gen !== this.gen) return;
    this.busy = true;
    this.renderGame();
    try {
      const res = await this.py.call("link_join", { link: table.link, seat, keys: this.keys });
      if (gen !== this.gen) return;
      this.busy = false;
      this.accept(res, { ...this.keys, [String(res.key.seat)]: res.key.key });
      offerExportWithoutStorage(this.seatExport, res.key.seat);
    } catch (err) {
      if (gen !== this.gen) return;
      this.busy = false;
      this.renderGame();
      this.toast(errorText(err));
    }
  }

  async play(move, { auto = false } = {}) {
    const table = this.table;
    if (!table || this.busy || !table.my_turn || !table.legal.includes(move)) return;
    const gen = this.gen;
    const extra = this.playScreen.playArgs(); // what the board's controls add, read before they re-render
    this.busy = true;
    this.renderDecide();
    try {
      const res = await this.py.call("link_play", { ...extra, link: table.link, move, keys: this.keys });
      if (gen !== this.gen) return;
      this.busy = false;
      if (auto) moveWords(res.game, move, res.view, res.names, res.last_events).then((words) => this.toast(t("ui.link.auto_played", { move: words })));
      this.accept(res, this.keys);
    } catch (err) {
      if (gen !== this.gen) return;
      this.busy = false;
      this.renderGame();
      this.toast(errorText(err));
    }
  }

  /** A lone legal move of this device plays itself after a short pause people can follow. */
  maybeAutoPlay() {
    const table = this.table;
    if (!table || !table.my_turn || !table.forced || this.busy) return;
    const gen = this.gen;
    const move = table.forced;
    this.autoPending = true;
    setTimeout(() => {
      this.autoPending = false;
      if (gen === this.gen && this.table === table && !this.busy) this.play(move, { auto: true });
    }, AUTO_PLAY_MS);
  }

  // ================================================================ words

  name(seat, table = this.table) {
    return (table && table.names && table.names[seat]) || t("seat.default", { n: seat + 1 });
  }

  mine(table = this.table) {
    return (table && table.mine) || [];
  }

  // ================================================================ drawing

  /** Which part of the game screen shows: claim, play, wait, watch, end. */
  mode(table = this.table) {
    if (!table) return "none";
    const mine = this.mine(table);
    const unclaimed = (table.claimed || []).map((c, s) => (c ? -1 : s)).filter((s) => s >= 0);
    if (table.phase === "joining" && mine.length === 0 && unclaimed.length && !this.watching) return "claim";
    if (table.phase === "over" || table.phase === "revealing") return "end";
    if (table.seat === null || table.seat === undefined || mine.length === 0) return "watch";
    if (table.my_turn && table.legal.length) return "play";
    return "wait";
  }

  renderGame({ animate = true } = {}) {
    if (!this.built) return;
    const table = this.table;
    const mode = this.mode();
    const name = (s) => this.name(s);
    this.rootEl.dataset.linkPhase = table ? table.phase : "";
    this.rootEl.dataset.linkMode = mode;
    this.rootEl.dataset.linkSeat = table && table.seat !== null && table.seat !== undefined ? String(table.seat) : "";
    if (table) {
      this.errorBox.hide();
      this.setTitle(t(`game.${table.game}`));
    }
    this.notice.render(table);
    this.playScreen.renderBoard(table, mode, { animate, busy: this.busy });
    renderStatus(table, mode, { name, boardHint: mode === "play" ? this.playScreen.hint(table.view) : null });
    renderMatch(table, { name });
    this.seats.render(table);
    this.claimPanel.render(table, mode, this.busy);
    this.renderDecide();
    this.invite.render(table, mode);
    this.end.render(table, mode);
    this.seatExport.render(table);
    this.navEl.hidden = !table;
    document.documentElement.dataset.link = table ? `${table.id}:${table.events}:${table.phase}:${mode}` : "";
  }

  renderDecide() {
    this.playScreen.renderDecide(this.table, this.mode(), { busy: this.busy });
  }

  _clearMessages() {
    if (!this.built) return;
    this.errorBox.hide();
    this.notice.hide();
    this.seatExport.reset();
    this.end.replay.close();
  }

  // ================================================================ My games

  showMine() {
    this._next();
    this.table = null;
    this._enter("mine");
    $("#hint").hidden = true;
    setStatus(t("ui.link.mine.title"), "mine");
    this.myGames.render();
    this.settled = this.gen;
  }

  // ================================================================ DOM

  _build() {
    if (this.built) return;
    this.built = true;
    const { py, toast } = this;
    this.errorBox = new ErrorBox({ mineHash: MINE_HASH });
    this.notice = new NoticeLine();
    this.seats = new SeatList({ host: this });
    this.claimPanel = new ClaimPanel({
      host: this,
      onClaim: (seat) => this.claim(seat),
      onWatch: () => {
        this.watching = true;
        this.renderGame();
      },
    });
    this.playScreen = new PlayScreen({ host: this });
    this.invite = new InvitePanel({ py, toast, host: this });
    this.end = new EndScreen({ host: this });
    this.seatExport = new SeatExport({ py, toast, host: this });
    this.navEl = el("p", { class: "link-nav" }, el("a", { class: "btn ghost", href: MINE_HASH, id: "link-to-mine", text: t("ui.link.mine.open") }));
    const ps = this.playScreen;
    this.gameEl = el(
      "div",
      { class: "link-game" },
      ...[this.notice, this.errorBox, this.seats].map((part) => part.el),
      ps.spectator,
      this.claimPanel.el,
      ps.boardHost,
      ps.decide,
      ...[this.end, this.invite, this.seatExport].map((part) => part.el),
      this.navEl,
    );
    this.myGames = new MyGames({ toast, py });
    const backup = new SeatBackup({ py, toast, onRestored: () => this.screen === "mine" && this.myGames.render() });
    this.myGames.el.lastElementChild.before(backup.el);
    this.rootEl = el("section", { class: "link-root", id: "link-view", hidden: true }, this.gameEl, this.myGames.el);
    this.root.append(this.rootEl);
  }

  _exposeHooks() {
    const hooks = {
      table: () => (this.table ? JSON.parse(JSON.stringify(this.table)) : null),
      busy: () => this.busy,
      // the fragment last asked for (a link or "my-games"), and whether the page has settled on it
      requested: () => this.requested || null,
      idle: () => this.active && !this.busy && !this.autoPending && this.settled === this.gen,
      mode: () => (this.active ? this.mode() : null),
      screen: () => (this.active ? this.screen : null),
      games: () => store.allGames(),
    };
    const attach = () => {
      window.__pygames = window.__pygames || {};
      window.__pygames.link = hooks;
    };
    attach();
    // app.js may replace window.__pygames at boot: attach again afterwards
    queueMicrotask(attach);
    setTimeout(attach, 0);
  }
}

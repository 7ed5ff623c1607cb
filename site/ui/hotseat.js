// The hot-seat skeleton shared by the game pages (Okiya, Oriflamme, Turncoats):
// the `#play/<game>?seed=&players=&bots=&level=&format=&names=&opts=` route, the seat setup
// sheet, saving and resuming, the Python calls with stale-answer guards, bots, the status
// line, matches of several games (the match bar, next game), undo in games without secrets,
// the end screen's buttons (the replay of the game: ui/replay.js) and the test hooks (window.__pygames[game]).
//
// A game's page (site/games/<game>.js) subclasses HotSeatGame with a static `config` of
// presentation only, and brings the methods of PAGE_METHODS (ui/config.js: checked when the page is made):
// present() (who sees what, the privacy screen), say(), moveLabel(), turnKey(), buildDom(),
// renderParts(), renderDecision() and fillEnd().
//
//   config = {
//     game: "turncoats", idPrefix: "tc",
//     firstSetup: {players, seats},              // the sheet's first value
//     saveKey, prefsKey, botPauseMs, forcedPauseMs,  // the pauses before a bot's / a lone move
//   }
// Everything else is the game's entry in games.json (the registry the build writes from
// pygames.bridge.games()), and only there: the levels and the default level, the level names'
// catalog prefix (level_key), the player counts, the formats, the rule options, undo (games
// without secrets) and the calls beyond the protocol the game offers (Okiya's review, hint).
// A config restating one of those is refused when the page is made (ui/config.js REGISTRY_FACTS).
//
// The bridge's results carry the legal moves as data (`moves`, beside their notation in
// `legal`), the lone move that plays itself (`forced`) and what the last move did
// (`events`): the page reads those and never parses notation.
//
// URL form (documented in README):
//   seed     the game's seed (random when missing)
//   players  one of the registry's player counts (default the fewest; left out when only one count is played)
//   bots     comma list of bot seats, 0-based (default none: all human, hot-seat)
//   level    one bot level for every bot, or a comma list, one per seat listed in `bots`
//   format   the match format, one of the game's formats (only for games with several)
//   names    comma list of player names by seat, each URL-encoded; empty = "Player N"
//   opts     comma list of rule options set unlike the rules as written: `name` turns one
//            on, `-name` off (the game's `options` in the bridge's games(); unknown
//            names are ignored). The match record keeps every option's value.

import { t, has, listText } from "../i18n.js";
import { PrivacyScreen } from "./privacy.js";
import { openSeats } from "./seats.js";
import { readJSON, readSave, writeJSON, randomSeed } from "./storage.js";
import { playedEntry, remember } from "./played.js";
import { el } from "./dom.js";
import { optionsSection, readOptions } from "./options.js";
import { PaceBar, pacedPause, thinkMs } from "./pace.js";
import { olderHashes, parseRoute, routeHash } from "./routes.js";
import { LoadingNote, earlyView, publicShown } from "./early.js";
import { FocusKeeper, keysHelp } from "./keyboard.js";
import { withRegistry } from "./config.js";
import { appendEndChart } from "./chart.js";
import { Coach, lessonRoute } from "./learn.js";

const $ = (sel, root = document) => root.querySelector(sel);

// Words joined as a list in the page's language ("Ann, Bo and Cy"): Python sends lists, never joined text.
export { listText };

// ------------------------------------------------------------------ the controller

export class HotSeatGame {
  /**
   * @param {{py: object, toast: (text:string)=>void, root: HTMLElement, info: object}} opts
   *   root: the game view (#view-game); the shared #status/#hint live in it.
   *   info: the game's entry in games.json (every fact about the game comes from it).
   */
  constructor({ py, toast, root, info }) {
    this.cfg = withRegistry(this.constructor, info);
    this.py = py;
    this.toast = toast;
    this.root = root;
    this.route = null;
    this.hash = null;
    this.result = null;
    this.viewer = null; // the seat whose view is shown (null: nobody's secrets)
    this.forced = null; // {move, seat, data}: the bridge's lone legal move, played by itself after a pause
    this.waitingFor = null; // the human the privacy screen waits for
    this.sel = this.noChoice();
    this.gen = 0;
    this.busy = false;
    // a game without secrets keeps its last view with its save ("shown"), painted before Python is up
    this.shownBeforePython = !info.secrets;
    // a game with secrets keeps the view of nobody's secrets instead (ui/early.js)
    this.secrets = !!info.secrets;
    this.thinking = false;
    this.skipping = false; // "Skip to my turn": bots play at instant pace until a human is to move
    this.built = false;
    this.board = null;
    this.privacy = null;
    this.active = false;
    this._exposeHooks();
  }

  // ---------------------------------------------------------------- what a game brings

  /** The empty choice (what is picked so far on the way to a move). */
  noChoice() {
    return {};
  }

  /** A new game starts (reset what the game keeps besides the choice). */
  onNewGame() {}

  /** The player picked a move themselves (not a bot, not a lone move). */
  onOwnMove() {}

  /** Close any panel laid over the board (none by default). */
  closeInfo() {}

  /** Escape pressed in the game (no dialog open). */
  onEscape() {}

  /** The game's own lines for the keys list of "How to play": catalog keys (none by default). */
  keyHelp() {
    return [];
  }

  /** Extra test hooks of the game. */
  testHooks() {
    return {};
  }

  // ---------------------------------------------------------------- public

  /** Show the game of `hash` (a #play/<game> route); resumes a saved game of the same hash. */
  async start(hash) {
    const route = lessonRoute(hash, this.cfg) || parseRoute(hash, this.cfg); // #learn/<game>: ui/learn.js
    if (!route) return;
    if (route.seed === null) {
      route.seed = randomSeed();
      history.replaceState(null, "", routeHash(route, this.cfg));
    }
    const canonical = route.lesson ? route.hash : routeHash(route, this.cfg);
    if (this.active && this.hash === canonical && this.result) return;
    this._build();
    if (this.privacy) this.privacy.cancel();
    const gen = ++this.gen;
    this.route = route;
    this.hash = canonical;
    this.result = null;
    this.viewer = null;
    this.forced = null;
    this.onNewGame();
    this.sel = this.noChoice();
    this.busy = true;
    this.thinking = false;
    this._show();
    this.closeInfo();
    this.render({ animate: false });
    if (route.ignored.length) this.toast(t("ui.route.ignored", { values: listText(route.ignored) }));
    const older = olderHashes(route, this.cfg);
    const sameGame = (save) => save && (save.hash === canonical || older.includes(save.hash));
    const early = readSave(this.cfg.saveKey);
    const shown = !this.py.isReady && sameGame(early) ? earlyView(early, this.secrets) : null;
    if (shown) {
      this.result = shown; // moves wait for Python: busy until the engine's own answer
      this.render({ animate: false });
    }
    try {
      await this.py.ready;
      if (gen !== this.gen) return;
      let res = null;
      const saved = readSave(this.cfg.saveKey);
      if (sameGame(saved)) {
        try {
          res = await this.py.call("state", { record: saved.record, seat: null });
        } catch (_) {
          res = null; // a save from an older engine: start afresh
        }
      }
      if (!res) {
        const options = this.matchOptions(this.cfg.ruleOptions, route.options);
        res = await this.py.call("new_match", { game: this.cfg.game, seed: route.seed, players: route.players, format: route.format, options });
      }
      if (gen !== this.gen) return;
      this.busy = false;
      await this.present(res, null, { animate: false });
    } catch (err) {
      if (gen !== this.gen) return;
      this.busy = false;
      this._error(err);
    }
  }

  /** Leave the game view (another route is shown). */
  stop() {
    this.gen++;
    this.active = false;
    this.busy = false;
    this.thinking = false;
    this.forced = null;
    if (this.privacy) this.privacy.cancel();
    if (this.replaying) this.replaying.then((replay) => replay.closeReplay());
    if (this.built) {
      for (const node of this.nodes) node.hidden = true;
      this.closeInfo();
      if (this.root.dataset.mode === this.cfg.game) delete this.root.dataset.mode, delete this.root.dataset.lesson;
    }
    document.removeEventListener("keydown", this._onKey);
  }

  /** Every option's value for a new match: the defaults, but the known ones `chosen` sets. */
  matchOptions(defaults, chosen = {}) {
    const options = { ...defaults };
    for (const [name, value] of Object.entries(chosen || {})) if (Object.prototype.hasOwnProperty.call(defaults, name)) options[name] = !!value;
    return options;
  }

  /** The rule options of the setup sheet (the registry's, `values` set). */
  optionsBox(values) {
    const box = el("div", { class: "seats-options", id: `${this.cfg.idPrefix}-options` });
    const det = optionsSection({ game: this.cfg.game, defaults: this.cfg.ruleOptions, values });
    if (det) box.append(det);
    return box;
  }

  /** The seat setup sheet; starting sets the location hash. */
  async openSetup() {
    const cfg = this.cfg;
    const prefs = readJSON(cfg.prefsKey) || {};
    const r = this.route;
    const value = r
      ? {
          players: r.players,
          seats: Array.from({ length: r.players }, (_, s) => ({
            name: r.names[s] || "",
            bot: r.bots.includes(s),
            level: r.levels[s] || cfg.defaultLevel,
          })),
        }
      : prefs.players
        ? prefs
        : cfg.firstSetup;
    const optionValues = r ? r.options : prefs.options || {};
    const optionsBox = this.optionsBox(optionValues);
    const formatBox = this.formatBox(r ? r.format : prefs.format);
    const choice = await openSeats({
      t,
      title: t(`ui.${cfg.game}.setup.title`),
      min: cfg.minPlayers,
      max: cfg.maxPlayers,
      levels: cfg.levels.map((id) => ({ id, label: this.levelName(id) })),
      defaultLevel: cfg.defaultLevel,
      value,
      defaultName: (s) => this.defaultName(s),
      extra: formatBox ? el("div", {}, formatBox, optionsBox) : optionsBox,
    });
    if (!choice) return;
    // the route keeps the options set unlike their defaults (the sheet's data-default)
    const options = {};
    const chosen = readOptions(optionsBox);
    for (const box of optionsBox.querySelectorAll("input[data-option]")) {
      const name = box.dataset.option;
      if (chosen[name] !== (box.dataset.default === "1")) options[name] = chosen[name];
    }
    const plain = (s, i) => (s.name === this.defaultName(i) ? "" : s.name);
    const format = formatBox ? formatBox.querySelector("input:checked").value : cfg.formats[0];
    writeJSON(cfg.prefsKey, { players: choice.players, seats: choice.seats.map((s, i) => ({ ...s, name: plain(s, i) })), options, format });
    const bots = choice.seats.map((s, i) => (s.bot ? i : -1)).filter((i) => i >= 0);
    const levels = {};
    for (const s of bots) levels[s] = choice.seats[s].level;
    const names = choice.seats.map(plain);
    location.hash = routeHash({ seed: randomSeed(), players: choice.players, bots, levels, names, options, format }, cfg);
  }

  /** The match formats of the setup sheet (`chosen` checked), or null for a game of single games. */
  formatBox(chosen) {
    const formats = this.cfg.formats;
    if (formats.length < 2) return null;
    const seg = el("div", { class: "seg stack" });
    for (const f of formats) {
      const input = el("input", { type: "radio", name: "format", value: f, checked: f === (formats.includes(chosen) ? chosen : formats[0]) });
      seg.append(el("label", {}, input, el("span", { text: t(`${this.cfg.game}.format.${f}`) })));
    }
    return el("fieldset", { class: "seats-format" }, el("legend", { text: t("ui.newgame.format") }), seg);
  }

  // ---------------------------------------------------------------- seats

  name(seat) {
    const r = this.route;
    return (r && r.names[seat]) || this.defaultName(seat);
  }

  /** The name of a seat nobody named. */
  defaultName(seat) {
    return t("seat.default", { n: seat + 1 });
  }

  isBot(seat) {
    return !!this.route && this.route.bots.includes(seat);
  }

  humans() {
    return this.route ? [...Array(this.route.players).keys()].filter((s) => !this.isBot(s)) : [];
  }

  /** A bot level's name: the registry's catalog prefix of the game's levels, and the level. */
  levelName(id) {
    return t(`${this.cfg.levelKey}.${id}`);
  }

  /** Whether the game offers `call` beyond the protocol (the registry's `calls`, e.g. Okiya's "review", "hint"). */
  offers(call) {
    return this.cfg.calls.includes(call);
  }

  /** "Bot · heuristic", "You" or "Human" under a seat's name. */
  tag(seat) {
    const game = this.cfg.game;
    if (this.isBot(seat)) return t(`ui.${game}.seat.bot`, { level: this.levelName(this.route.levels[seat] || this.cfg.defaultLevel) });
    return this.humans().length === 1 ? t("ui.tag.you") : t(`ui.${game}.seat.human`, { n: seat + 1 });
  }

  myTurn(r = this.result) {
    return !!r && r.to_move !== null && r.to_move !== undefined && r.to_move === this.viewer &&
      !this.isBot(r.to_move) && !this.thinking && !this.forced && !(this.privacy && this.privacy.shown) &&
      r.legal.length > 0 && !(this.coach && this.coach.holds());
  }

  // ---------------------------------------------------------------- the flow

  async play(move) {
    const r = this.result;
    if (!move || !r || this.busy || !this.myTurn(r) || !r.legal.includes(move)) return;
    if (this.coach.on && !(await this.coach.judge(r, move))) return; // a lesson: the coach's word first
    this.onOwnMove();
    await this._send(r, move);
  }

  async _send(r, move) {
    const gen = this.gen;
    this.busy = true;
    this.closeInfo();
    this.renderDecision();
    this.landFocus();
    try {
      const next = await this.py.call("play", { record: r.record, move, seat: this.viewer });
      if (gen !== this.gen) return;
      this.busy = false;
      await this.present(next, this.viewer);
    } catch (err) {
      this._failed(gen, "busy", err);
    }
  }

  /** A bridge call failed: unless another game began meanwhile, clear `flag` ("busy", "thinking"), redraw, say why. */
  _failed(gen, flag, err) {
    if (gen !== this.gen) return;
    this[flag] = false;
    this.render();
    this.toast(this.errorText(err));
  }

  /** How long bots (and lone moves) wait, so people can follow: the pace the player set (ui/pace.js),
   * none while skipping to a human's turn (window.__pygamesBotPauseMs for tests). */
  pause(base) {
    if (Number.isFinite(window.__pygamesBotPauseMs)) return window.__pygamesBotPauseMs;
    return this.skipping ? 0 : pacedPause(base);
  }

  /** Wait `ms` before a bot's or a lone move; "Skip to my turn" cuts the wait short. */
  wait(ms) {
    return new Promise((ok) => {
      this._wake = ok;
      setTimeout(ok, ms);
    });
  }

  /** "Skip to my turn": the bots play on at instant pace until a human seat is to move or the game ends. */
  skip() {
    this.skipping = true;
    if (this._wake) this._wake();
    this.render({ animate: false });
  }

  async maybeBot() {
    const r = this.result;
    if (!r || r.to_move === null || r.to_move === undefined || !this.isBot(r.to_move) || this.thinking) return;
    const gen = this.gen;
    this.thinking = true;
    this.render({ animate: false });
    const started = performance.now();
    try {
      const level = this.route.levels[r.to_move] || this.cfg.defaultLevel;
      // it thinks as long as the pace allows; not while skipping, nor when tests fix the pauses
      const think = this.skipping || Number.isFinite(window.__pygamesBotPauseMs) ? 0 : thinkMs();
      const { move } = await this.py.call("bot_move", { record: r.record, level, think_ms: think });
      const wait = this.pause(this.cfg.botPauseMs) - (performance.now() - started);
      if (wait > 0) await this.wait(wait);
      if (gen !== this.gen || this.result !== r) return;
      const next = await this.py.call("play", { record: r.record, move, seat: this.viewer });
      if (gen !== this.gen || this.result !== r) return;
      this.thinking = false;
      await this.present(next, this.viewer);
    } catch (err) {
      this._failed(gen, "thinking", err);
    }
  }

  /** Save the game (`res`'s record) under its route, for Resume. */
  save(res, over) {
    if (this.route && this.route.lesson) return; // a lesson is not saved: the player's own game stays
    const shown = this.shownBeforePython ? res : this.secrets ? publicShown(res) : null;
    writeJSON(this.cfg.saveKey, { hash: this.hash, record: res.record, over, ...(shown ? { shown } : {}) });
    remember(playedEntry(this, res, over)); // My games (ui/played.js)
  }

  rematch() {
    location.hash = routeHash({ ...this.route, seed: randomSeed() }, this.cfg);
  }

  /** Take back moves until a human is to move again (games without secrets: cfg.undo). */
  async undo() {
    const r = this.result;
    const seats = this.humans();
    if (!r || !seats.length || this.busy) return;
    const gen = ++this.gen; // a bot's pending answer is dropped
    this.thinking = false;
    this.forced = null;
    this.busy = true;
    this.render({ animate: false });
    try {
      const next = await this.py.call("undo", { record: r.record, seats, seat: this.viewer });
      if (gen !== this.gen) return;
      this.busy = false;
      await this.present(next, this.viewer, { animate: false });
    } catch (err) {
      this._failed(gen, "busy", err);
      if (gen === this.gen) this.maybeBot();
    }
  }

  /** The match's next game (matches of several games: match.can_continue). */
  async nextGame() {
    const r = this.result;
    if (!r || this.busy) return;
    const gen = ++this.gen;
    this.busy = true;
    try {
      const next = await this.py.call("next_game", { record: r.record });
      if (gen !== this.gen) return;
      this.busy = false;
      await this.present(next, null);
    } catch (err) {
      this._failed(gen, "busy", err);
    }
  }

  /** The legal moves (as data), when the viewer may choose one now. */
  moves() {
    return this.myTurn() && !this.busy ? this.result.moves : [];
  }

  /**
   * The one forced-move policy: the bridge names the lone legal move of a human seat to
   * move (`res.forced`, in a result computed for that seat); the page shows it, then plays it.
   */
  forcedOf(res) {
    if (!res || !res.forced || this.isBot(res.to_move)) return null;
    return { move: res.forced, seat: res.to_move, data: res.moves[res.legal.indexOf(res.forced)] };
  }

  /** After a position is shown: play its lone legal move after a short pause, or let a bot move. */
  proceed() {
    if (this.coach) this.coach.update(this.result); // a lesson: the coach speaks (ui/learn.js)
    if (this.forced) this.autoPlay();
    else this.maybeBot();
  }

  /** Play the forced move after a short, visible pause (`now`: at once, the player clicked it). */
  async autoPlay(now = false) {
    const r = this.result, f = this.forced;
    if (!r || !f || this.busy) return;
    const gen = this.gen;
    if (!now) {
      const wait = this.pause(this.cfg.forcedPauseMs);
      if (wait > 0) await this.wait(wait);
    }
    if (gen !== this.gen || this.result !== r || this.forced !== f || this.busy) return;
    await this._send(r, f.move);
  }

  // ---------------------------------------------------------------- words

  errorText(err) {
    if (err && err.key && has(err.key)) return t(err.key, { detail: err.text || "", ...(err.params || {}) });
    return t("ui.error.internal", { detail: (err && (err.text || err.message)) || String(err) });
  }

  _error(err) {
    const status = $("#status");
    status.textContent = this.errorText(err);
    status.dataset.state = "error";
  }

  // ---------------------------------------------------------------- DOM

  _build() {
    if (this.built) return;
    this.built = true;
    this.buildDom(this.root); // sets this.nodes, this.canvas, this.board and the panels
    this.coach = new Coach(this); // a lesson's coach (ui/learn.js), shown on #learn/<game>
    this.loadingNote = new LoadingNote(this.canvas.parentElement, this.py, this.cfg.game);
    this.paceBar = new PaceBar({ idPrefix: this.cfg.idPrefix, onSkip: () => this.skip() });
    (this.root.querySelector(".top") || this.root).append(this.coach.el, this.paceBar.el);
    this.nodes.push(this.coach.el, this.paceBar.el);
    this.privacy = new PrivacyScreen({ t, parent: this.root.parentElement || document.body });
    this.canvas.addEventListener("pointerdown", () => (this._keyboard = false));
    this.focusKeeper = new FocusKeeper(this);
    this._onKey = (e) => {
      if (e.key === "Tab") this._keyboard = true;
      if (e.key === "Escape" && this.active && !document.querySelector("dialog[open]")) this.onEscape();
    };
  }

  /** The "how to play" panel: the numbered rules of the catalog (ui.<game>.rules.1, 2, ...). */
  rulesPanel(cls) {
    const game = this.cfg.game;
    const rules = el("details", { class: `rules ${cls}` }, el("summary", { text: t("ui.nav.rules") }));
    const ol = el("ol");
    for (let i = 1; has(`ui.${game}.rules.${i}`); i++) ol.append(el("li", { text: t(`ui.${game}.rules.${i}`) }));
    rules.append(ol, ...keysHelp(`${cls}-keys`, this.keyHelp()));
    return rules;
  }

  /** The controls under the game: undo (games without secrets) and a new game (the seat setup). */
  controls(cls) {
    const box = el("div", { class: `controls ${cls}` });
    this.controlsBox = box;
    if (this.cfg.undo) {
      this.undoBtn = el("button", { type: "button", class: "btn", id: `${this.cfg.idPrefix}-undo`, text: t("ui.controls.undo"), onclick: () => this.undo() });
      box.append(this.undoBtn);
    }
    box.append(el("button", { type: "button", class: "btn", id: `${this.cfg.idPrefix}-new`, text: t("ui.nav.new"), onclick: () => this.openSetup() }));
    return box;
  }

  _show() {
    const game = this.cfg.game;
    this.active = true;
    document.addEventListener("keydown", this._onKey);
    this.root.dataset.mode = game;
    for (const node of this.nodes) node.hidden = false;
    $("#view-start").hidden = true;
    this.root.hidden = false;
    $("#btn-new").hidden = false;
    $("#title").textContent = t(`game.${game}`);
    document.title = `${t(`game.${game}`)} · ${t("ui.app.name")}`;
    // no resize here: the board's ResizeObserver sizes and draws it once this task's changes
    // are laid out, before that frame paints (a resize now forced a layout that the status,
    // hint and note filled in next made stale, and the board was sized and drawn twice)
  }

  // ---------------------------------------------------------------- drawing

  render({ animate = true } = {}) {
    if (!this.built || !this.active) return;
    const r = this.result;
    const over = !!(r && r.view.outcome);
    this.renderStatus();
    this.renderMatch();
    this.renderUndo();
    // at the end, the end screen's buttons are the only way on: one "New game", no dead Undo
    $("#btn-new").hidden = over;
    if (this.controlsBox) this.controlsBox.hidden = over;
    this.renderPace();
    this.coach.render();
    document.documentElement.dataset.game = r
      ? `${this.cfg.game}:${r.record.games[r.record.games.length - 1].length}:${over ? "over" : r.to_move}:${this.viewer === null ? "-" : this.viewer}`
      : "";
    this.renderParts(animate);
    this.loadingNote.show(!r && !this.py.isReady); // an empty frame says what it waits for
    this.landFocus();
    // start-up timings (bench/): the first board drawn, and the first with a position on it
    const first = r ? "py:board" : "py:board-frame";
    if (!performance.getEntriesByName(first).length) performance.mark(first);
  }

  /** The match bar (#matchbar): the format, the game and the score of a match of several games. */
  renderMatch() {
    const bar = $("#matchbar");
    const m = this.result && this.result.match;
    bar.hidden = !m || m.format === "single";
    if (bar.hidden) return;
    const [a, b] = m.score;
    const score = { p0: this.name(0), a, p1: this.name(1), b };
    bar.textContent = [t(`${this.cfg.game}.format.${m.format}`), t("ui.match.game", { n: m.game }), t("ui.match.score", score)].join(t("ui.separator"));
    bar.setAttribute("aria-label", t("ui.match.score_label", score));
  }

  /** "Skip to my turn" while bots play and a human waits; skipping ends when a human is to move or the game ends. */
  renderPace() {
    const r = this.result;
    const botsPlay = !!r && !r.view.outcome && this.isBot(r.to_move);
    if (!botsPlay) this.skipping = false;
    // the pace is the bots': a game without bots has none to pace
    this.paceBar.el.hidden = !this.route || !this.route.bots.length;
    this.paceBar.update(botsPlay && this.humans().length > 0 && !this.skipping);
  }

  /** Undo: offered to humans, once a human made a move of the current game to take back
   * (the bridge's `movers`: who made each; a bot's opening move alone is not one). */
  renderUndo() {
    if (!this.undoBtn) return;
    const r = this.result;
    const humans = this.humans();
    this.undoBtn.hidden = !humans.length;
    this.undoBtn.disabled = !r || this.busy || !humans.length || !!r.view.outcome || !(r.movers || []).some((s) => humans.includes(s));
  }

  /** [text, state] of #status for position `r`. */
  statusOf(r) {
    if (!r) return [t("ui.status.waiting"), "waiting"];
    if (r.view.outcome) return [this.overText(r.view.outcome), "over"];
    const player = this.name(r.to_move);
    if (this.isBot(r.to_move)) return [t("ui.status.thinking", { player }), "thinking"];
    if (this.myTurn(r)) return [t(this.turnKey(r), { player }), "turn"];
    return [t(`ui.${this.cfg.game}.status.waiting_for`, { player }), "waiting"];
  }

  /** The status at the end: one human facing bots is told first whether they won or lost. */
  overText(outcome) {
    const said = this.say(outcome.message);
    const humans = this.humans();
    if (humans.length !== 1 || !Array.isArray(outcome.winners) || !outcome.winners.length) return said;
    return t(outcome.winners.includes(humans[0]) ? "ui.status.you_won" : "ui.status.you_lost", { detail: said });
  }

  renderStatus() {
    const status = $("#status");
    const hint = $("#hint");
    const r = this.result;
    const view = r && r.view;
    [status.textContent, status.dataset.state] = this.statusOf(r);
    hint.textContent = view && !view.outcome ? this.hintOf(r) : "";
    // before Python, a new game's too: the line is painted at once, not first when Python comes
    if (!this.py.isReady && !(view && view.outcome)) hint.textContent = t("ui.status.waiting");
    hint.hidden = !hint.textContent;
    this.announce(r);
  }

  /** #said, a polite live region: each new move in words, once, for screen readers. */
  announce(r) {
    const moves = r ? r.record.games[r.record.games.length - 1].length : 0;
    if (moves === this.saidMoves) return;
    this.saidMoves = moves;
    $("#said").textContent = moves ? this.movedWords(r) : "";
  }

  /** The newest move in words: the log's last sentence. */
  movedWords(r) {
    const log = r.view.log;
    return log && log.length ? this.say(log[log.length - 1]) : "";
  }

  /** The hint under the status while the game goes on: the last entry of the log. */
  hintOf(r) {
    const log = r.view.log;
    return log && log.length ? this.say(log[log.length - 1]) : "";
  }

  /**
   * The decision panel when there is nothing to choose from: hidden at the end,
   * "waiting" before the first position. True when so.
   */
  decisionClosed(r) {
    if (!r || r.view.outcome) {
      this.decide.hidden = !!(r && r.view.outcome);
      this.prompt.textContent = r ? "" : t("ui.status.waiting");
      return true;
    }
    this.decide.hidden = false;
    return false;
  }

  /** The prompt while someone else (a bot or another human) decides. */
  waitPrompt(r) {
    const game = this.cfg.game;
    this.prompt.textContent = this.isBot(r.to_move)
      ? t(`ui.${game}.prompt.bot`, { player: this.name(r.to_move) })
      : t(`ui.${game}.prompt.wait`, { player: this.name(r.to_move) });
  }

  /** A button for the legal move `m` (the bridge's move data): data-move, its words as label and title, disabled while busy. */
  moveEl(m, cls) {
    const label = this.moveLabel(m);
    return el("button", { type: "button", class: cls, data: { move: m.text }, "aria-label": label, title: label, disabled: this.busy });
  }

  /** Empty the decision list; returns whether one of its buttons had the focus (for keepFocus; the
   * list itself holding the focus is landFocus's business). */
  emptyChoices() {
    const hadFocus = this.choices.contains(document.activeElement) && document.activeElement !== this.choices;
    this.choices.replaceChildren();
    return hadFocus;
  }

  /** Keyboard players stay in the decision list when it is redrawn. */
  keepFocus(box, hadFocus) {
    if (hadFocus && this._keyboard) {
      const first = box.querySelector("button");
      if (first) first.focus({ preventScroll: true });
    }
  }

  /** "You win" with one human facing bots; otherwise who won (`lostKey`: a bot won against the one human). */
  winTitle(winner, lostKey) {
    const humans = this.humans();
    if (humans.length === 1) return winner === humans[0] ? t("ui.end.title.you_win") : t(lostKey, { player: this.name(winner) });
    return t("ui.end.title.win", { player: this.name(winner) });
  }

  /**
   * The end screen (this.endEl): hidden while the game goes on; at the end the game's
   * own account (fillEnd) and the rematch / new game / home buttons, scrolled into view.
   */
  renderEnd() {
    const r = this.result;
    const box = this.endEl;
    const outcome = r && r.view.outcome;
    if (!outcome) {
      box.hidden = true;
      return;
    }
    const wasHidden = box.hidden;
    box.replaceChildren();
    this.fillEnd(box, r.view, outcome);
    appendEndChart(this, box, r);
    const next = !!(r.match && r.match.can_continue); // a match goes on with its next game
    box.append(this.coach.on ? this.coach.endActions() : el("div", { class: "end-actions" },
      next
        ? el("button", { type: "button", class: "btn primary", id: `${this.cfg.idPrefix}-next`, text: t("ui.end.next"), onclick: () => this.nextGame() })
        : el("button", { type: "button", class: "btn primary", id: `${this.cfg.idPrefix}-rematch`, text: t("ui.end.rematch"), onclick: () => this.rematch() }),
      el("button", { type: "button", class: "btn", id: `${this.cfg.idPrefix}-replay`, text: t("ui.replay.open"), onclick: () => this.openReplay() }),
      el("button", { type: "button", class: "btn", text: t("ui.end.new"), onclick: () => this.openSetup() }),
      el("a", { class: "btn", href: "#", text: t("ui.end.home") })));
    box.hidden = false;
    this.focusKeeper.endFresh = wasHidden; // a player in the game lands on Rematch (or Next game)
    if (wasHidden) {
      requestAnimationFrame(() => box.scrollIntoView({ block: "nearest", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" }));
    }
  }

  /** The replay of the game just finished (ui/replay.js, loaded on first use): every position, every hand open. */
  async openReplay() {
    const r = this.result;
    if (!r || !r.view.outcome) return;
    const record = r.record;
    const names = [...Array(record.players).keys()].map((s) => this.name(s));
    this.replaying = this.replaying || import("./replay.js");
    const { openReplay } = await this.replaying;
    if (this.result !== r || !this.active) return;
    await openReplay({ game: this.cfg.game, names, load: (step, game) => this.py.call("replay", { record, step, game }), weigh: (step, game) => this.py.call("weigh", { record, step, game }) });
  }

  /** Keep the focus off the page's body after a redraw (ui/keyboard.js). */
  landFocus() {
    if (this.focusKeeper) this.focusKeeper.land();
  }

  /** The CSS class of a log line (none by default). */
  logClass() {
    return null;
  }

  renderLog() {
    const r = this.result;
    const list = this.logList;
    list.replaceChildren();
    if (!r) return;
    for (const entry of [...r.view.log].reverse()) list.append(el("li", { class: this.logClass(entry), text: this.say(entry) }));
  }

  // ---------------------------------------------------------------- tests and tools

  _exposeHooks() {
    const hooks = {
      state: () => (this.result ? JSON.parse(JSON.stringify(this.result)) : null),
      viewer: () => this.viewer,
      hash: () => this.hash, // the shown game's route, as its save names it
      // a page not shown (left for another route, not yet started again) is never idle: its last
      // status and choices stay in the DOM until start() renders the game of the new route
      busy: () => !this.active || this.busy || this.thinking || !!this.forced,
      skipping: () => this.skipping,
      privacy: () => !!(this.privacy && this.privacy.shown),
      waitingFor: () => (this.privacy && this.privacy.shown ? this.waitingFor : null),
      ...this.testHooks(),
    };
    const attach = () => {
      window.__pygames = window.__pygames || {};
      window.__pygames[this.cfg.game] = hooks;
    };
    attach();
    // app.js may replace window.__pygames at boot: attach again afterwards
    queueMicrotask(attach);
    setTimeout(attach, 0);
  }
}

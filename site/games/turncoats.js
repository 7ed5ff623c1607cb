// Turncoats on the page: seat setup, the decision flow (colour → area → action),
// hot-seat privacy, bots, the live standing and the end screen.
//
// The JS holds no rules. Every move sent is one of the `legal` moves the bridge
// listed for the seat to move; the page only reads the notation to group them
// (by colour, by area) and to say them in words. Python runs in the worker, so
// bots never freeze the page.
//
// URL form (documented in README):
//   #play/turncoats?seed=42&players=3&bots=1,2&level=heuristic,random&names=Ann,,Cy
//   seed     the game's seed (random when missing)
//   players  2–5 (default 2)
//   bots     comma list of bot seats, 0-based (default none: all human, hot-seat)
//   level    one bot level for every bot, or a comma list, one per seat listed in
//            `bots` (levels: random, heuristic; default heuristic)
//   names    comma list of player names by seat, each URL-encoded; empty = "Player N"

import { t, has } from "../i18n.js";
import { TurncoatsBoard, COLOURS, MARKS } from "../render/turncoats.js";
import { PrivacyScreen } from "../ui/privacy.js";
import { openSeats, cleanName } from "../ui/seats.js";
import { readJSON, writeJSON, randomSeed } from "../ui/storage.js";
import { el } from "../ui/dom.js";

export const GAME = "turncoats";
const LEVELS = ["random", "heuristic"];
const DEFAULT_LEVEL = "heuristic";
const SAVE_KEY = "pygames.turncoats.save";
const PREFS_KEY = "pygames.turncoats.prefs";
const BOT_PAUSE_MS = 450;
const RECAP_LINES = 8;

const $ = (sel, root = document) => root.querySelector(sel);


// ------------------------------------------------------------------ routes

/** The route of a `#play/turncoats?...` hash, or null when it is not one. */
export function parseHash(hash) {
  const text = String(hash || "").replace(/^#\/?/, "");
  const [path, query = ""] = text.split("?");
  if (path.replace(/\/+$/, "") !== `play/${GAME}`) return null;
  const q = new URLSearchParams(query);
  const seedText = q.get("seed");
  const seed = seedText !== null && /^\d{1,15}$/.test(seedText) ? Number(seedText) : null;
  const playersText = q.get("players");
  const players = /^[2-5]$/.test(playersText || "") ? Number(playersText) : 2;
  const bots = [...new Set((q.get("bots") || "").split(",").filter((s) => /^\d$/.test(s)).map(Number))]
    .filter((s) => s < players)
    .sort();
  const levelList = (q.get("level") || "").split(",");
  const levels = {};
  bots.forEach((seat, i) => {
    const wanted = levelList.length > 1 ? levelList[i] : levelList[0];
    levels[seat] = LEVELS.includes(wanted) ? wanted : DEFAULT_LEVEL;
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
  return { game: GAME, seed, players, bots, levels, names };
}

export function routeHash(r) {
  const parts = [`seed=${r.seed}`, `players=${r.players}`, `bots=${r.bots.join(",")}`];
  const levels = r.bots.map((s) => r.levels[s] || DEFAULT_LEVEL);
  parts.push(`level=${levels.length && levels.every((l) => l === levels[0]) ? levels[0] : levels.join(",") || DEFAULT_LEVEL}`);
  if (r.names.some(Boolean)) parts.push(`names=${r.names.map((n) => encodeURIComponent(n || "")).join(",")}`);
  return `#play/${GAME}?${parts.join("&")}`;
}

// ------------------------------------------------------------------ notation (read only, never judged)

const COLOUR_INDEX = { red: 0, blue: 1, black: 2 };

/** The parts of a legal move's notation, to group and describe it. */
export function parseMove(text) {
  const w = text.split(" ");
  const m = { text, kind: w[0], colour: null, area: null, dest: null, count: 0, kills: [0, 0, 0] };
  if (m.kind === "negotiate") return m;
  m.colour = w[1];
  if (m.kind === "return") return m;
  if (m.kind === "recruit") m.area = Number(w[2]);
  else if (m.kind === "battle") {
    m.area = Number(w[2]);
    if (w[3] === "kill") for (const c of w.slice(4).join("").split(",")) m.kills[COLOUR_INDEX[c]] += 1;
  } else if (m.kind === "march") {
    const found = /^(\d+)-(\d+)$/.exec(w[2] || "");
    if (found) {
      m.area = Number(found[1]);
      m.dest = Number(found[2]);
    }
    m.count = Number((w[3] || w[2] || "x0").replace(/^x/, "")) || 0;
  }
  return m;
}

const colourName = (c) => t(`turncoats.colour.${c}`);

// ------------------------------------------------------------------ the controller

export class Turncoats {
  /**
   * @param {{py: object, toast: (text:string)=>void, root: HTMLElement}} opts
   *   root: the game view (#view-game); the shared #status/#hint live in it.
   */
  constructor({ py, toast, root }) {
    this.py = py;
    this.toast = toast;
    this.root = root;
    this.route = null;
    this.hash = null;
    this.result = null;
    this.viewer = null; // the seat whose view is shown (null: nobody's secrets)
    this.sel = { colour: null, area: null, dest: null };
    this.gen = 0;
    this.busy = false;
    this.thinking = false;
    this.built = false;
    this.board = null;
    this.privacy = null;
    this.active = false;
    this._exposeHooks();
  }

  // ---------------------------------------------------------------- public

  /** Show the game of `hash` (a #play/turncoats route); resumes a saved game of the same hash. */
  async start(hash) {
    const route = parseHash(hash);
    if (!route) return;
    if (route.seed === null) {
      route.seed = randomSeed();
      history.replaceState(null, "", routeHash(route));
    }
    const canonical = routeHash(route);
    if (this.active && this.hash === canonical && this.result) return;
    this._build();
    if (this.privacy) this.privacy.cancel();
    const gen = ++this.gen;
    this.route = route;
    this.hash = canonical;
    this.result = null;
    this.viewer = null;
    this.sel = { colour: null, area: null, dest: null };
    this.busy = true;
    this.thinking = false;
    this._show();
    this.render({ animate: false });
    try {
      await this.py.ready;
      if (gen !== this.gen) return;
      let res = null;
      const saved = readJSON(SAVE_KEY);
      if (saved && saved.hash === canonical && saved.record) {
        try {
          res = await this.py.call("state", { record: saved.record, seat: null });
        } catch (_) {
          res = null; // a save from an older engine: start afresh
        }
      }
      if (!res) res = await this.py.call("new_match", { game: GAME, seed: route.seed, players: route.players });
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
    if (this.privacy) this.privacy.cancel();
    if (this.built) {
      for (const node of this.nodes) node.hidden = true;
      delete this.root.dataset.mode;
    }
    document.removeEventListener("keydown", this._onKey);
  }

  /** The seat setup sheet; starting sets the location hash. */
  async openSetup() {
    const prefs = readJSON(PREFS_KEY) || {};
    const r = this.route;
    const value = r
      ? {
          players: r.players,
          seats: Array.from({ length: r.players }, (_, s) => ({
            name: r.names[s] || "",
            bot: r.bots.includes(s),
            level: r.levels[s] || DEFAULT_LEVEL,
          })),
        }
      : prefs.players
        ? prefs
        : { players: 3, seats: [{ bot: false }, { bot: true }, { bot: true }] };
    const choice = await openSeats({
      t,
      title: t("ui.turncoats.setup.title"),
      min: 2,
      max: 5,
      levels: LEVELS.map((id) => ({ id, label: t(`turncoats.level.${id}`) })),
      value,
      defaultName: (s) => t("seat.default", { n: s + 1 }),
    });
    if (!choice) return;
    writeJSON(PREFS_KEY, {
      players: choice.players,
      seats: choice.seats.map((s, i) => ({ ...s, name: s.name === t("seat.default", { n: i + 1 }) ? "" : s.name })),
    });
    const bots = choice.seats.map((s, i) => (s.bot ? i : -1)).filter((i) => i >= 0);
    const levels = {};
    for (const s of bots) levels[s] = choice.seats[s].level;
    const names = choice.seats.map((s, i) => (s.name === t("seat.default", { n: i + 1 }) ? "" : s.name));
    location.hash = routeHash({ seed: randomSeed(), players: choice.players, bots, levels, names });
  }

  /** The hash of an unfinished saved game, for a "Resume" link (or null). */
  static savedHash() {
    const saved = readJSON(SAVE_KEY);
    return saved && saved.hash && saved.record && !saved.over ? saved.hash : null;
  }

  // ---------------------------------------------------------------- seats

  name(seat) {
    const r = this.route;
    return (r && r.names[seat]) || t("seat.default", { n: seat + 1 });
  }

  isBot(seat) {
    return !!this.route && this.route.bots.includes(seat);
  }

  humans() {
    return this.route ? [...Array(this.route.players).keys()].filter((s) => !this.isBot(s)) : [];
  }

  /** Whose secrets the screen may show for position `res`. */
  desiredViewer(res) {
    const humans = this.humans();
    if (humans.length === 1) return humans[0];
    if (humans.length === 0) return null;
    if (res.to_move === null || res.to_move === undefined) return null; // over: every hand is shown anyway
    return humans.includes(res.to_move) ? res.to_move : null;
  }

  myTurn(r = this.result) {
    return !!r && r.to_move !== null && r.to_move !== undefined && r.to_move === this.viewer &&
      !this.isBot(r.to_move) && !this.thinking && !(this.privacy && this.privacy.shown) && r.legal.length > 0;
  }

  // ---------------------------------------------------------------- the flow

  /**
   * Show a new position. `used` is the seat the result was computed for; when
   * the screen should show another seat's secrets, ask for that view, and put
   * up the privacy screen first when the device changes hands.
   */
  async present(res, used, { animate = true } = {}) {
    const gen = this.gen;
    const want = this.desiredViewer(res);
    if (want !== used) {
      res = await this.py.call("state", { record: res.record, seat: want });
      if (gen !== this.gen) return;
    }
    const over = res.to_move === null || res.to_move === undefined;
    if (!over && want !== null && want !== this.viewer && this.humans().length >= 2) {
      // a different human decides next: hide everything until they take the device
      this.viewer = null;
      this.sel = { colour: null, area: null, dest: null };
      this.waitingFor = want;
      const ok = await this.privacy.show({ name: this.name(want), lines: this.recap(res, want), hide: [this.root] });
      this.waitingFor = null;
      if (!ok || gen !== this.gen) return;
      animate = false;
    }
    this.viewer = want;
    this.result = res;
    this.sel = { colour: null, area: null, dest: null };
    writeJSON(SAVE_KEY, { hash: this.hash, record: res.record, over });
    this.render({ animate });
    this.maybeBot();
  }

  /** Public moves since `seat`'s last turn (its own draws are told as secret draws). */
  recap(res, seat) {
    const log = res.view.log || [];
    let from = log.length;
    while (from > 0 && log[from - 1].seat !== seat) from--;
    return log
      .slice(from)
      .slice(-RECAP_LINES)
      .map((e) => this.say(e.key === "turncoats.log.draw_own" ? { ...e, key: "turncoats.log.draw" } : e));
  }

  async play(move) {
    const r = this.result;
    if (!move || !r || this.busy || !this.myTurn(r) || !r.legal.includes(move)) return;
    const gen = this.gen;
    this.busy = true;
    this.renderDecision();
    try {
      const next = await this.py.call("play", { record: r.record, move, seat: this.viewer });
      if (gen !== this.gen) return;
      this.busy = false;
      await this.present(next, this.viewer);
    } catch (err) {
      if (gen !== this.gen) return;
      this.busy = false;
      this.render();
      this.toast(this.errorText(err));
    }
  }

  async maybeBot() {
    const r = this.result;
    if (!r || r.to_move === null || r.to_move === undefined || !this.isBot(r.to_move) || this.thinking) return;
    const gen = this.gen;
    this.thinking = true;
    this.render();
    const started = performance.now();
    try {
      const level = this.route.levels[r.to_move] || DEFAULT_LEVEL;
      const { move } = await this.py.call("bot_move", { record: r.record, level });
      const pause = Number.isFinite(window.__pygamesBotPauseMs) ? window.__pygamesBotPauseMs : BOT_PAUSE_MS;
      const wait = pause - (performance.now() - started);
      if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
      if (gen !== this.gen || this.result !== r) return;
      const next = await this.py.call("play", { record: r.record, move, seat: this.viewer });
      if (gen !== this.gen || this.result !== r) return;
      this.thinking = false;
      await this.present(next, this.viewer);
    } catch (err) {
      if (gen !== this.gen) return;
      this.thinking = false;
      this.render();
      this.toast(this.errorText(err));
    }
  }

  rematch() {
    location.hash = routeHash({ ...this.route, seed: randomSeed() });
  }

  // ---------------------------------------------------------------- choosing

  moves() {
    return this.myTurn() && !this.busy ? this.result.legal.map(parseMove) : [];
  }

  /** Legal moves (not negotiate) that fit the current choice. */
  candidates(moves = this.moves(), sel = this.sel) {
    return moves.filter(
      (m) =>
        m.kind !== "negotiate" &&
        m.kind !== "return" &&
        (sel.colour === null || m.colour === sel.colour) &&
        (sel.area === null || m.area === sel.area) &&
        (sel.dest === null || m.dest === sel.dest),
    );
  }

  choose(patch) {
    this.sel = { ...this.sel, ...patch };
    this.render({ animate: false });
    // keep keyboard players in the decision list
    const first = this.choices && this.choices.querySelector("button:not([data-back])");
    if (this._keyboard && first) first.focus({ preventScroll: true });
  }

  back() {
    const s = this.sel;
    if (s.dest !== null) this.choose({ dest: null });
    else if (s.area !== null) this.choose({ area: null });
    else if (s.colour !== null) this.choose({ colour: null });
  }

  onColour(colour) {
    const r = this.result;
    if (!this.myTurn() || this.busy) return;
    if (r.view.phase === "return") {
      const move = `return ${colour}`;
      if (r.legal.includes(move)) this.play(move);
      return;
    }
    if (this.sel.colour === colour) this.choose({ colour: null, dest: null });
    else this.choose({ colour, dest: null, area: this.sel.area !== null && this.candidates(undefined, { colour, area: this.sel.area, dest: null }).length ? this.sel.area : null });
  }

  onArea(area) {
    if (!this.myTurn() || this.busy) return;
    const s = this.sel;
    if (s.colour === null) return;
    if (s.area === null) return this.choose({ area, dest: null });
    if (area === s.area) return this.choose({ area: null, dest: null });
    const marches = this.candidates(undefined, { ...s, dest: area }).filter((m) => m.kind === "march");
    if (marches.length === 1) return this.play(marches[0].text);
    if (marches.length > 1) return this.choose({ dest: area });
    if (this.candidates(undefined, { colour: s.colour, area, dest: null }).length) this.choose({ area, dest: null });
  }

  // ---------------------------------------------------------------- words

  say(message) {
    if (!message) return "";
    const p = { ...(message.params || {}) };
    if (Number.isInteger(p.seat)) p.name = this.name(p.seat);
    if (Number.isInteger(p.start)) p.start_name = this.name(p.start);
    if (Array.isArray(p.seats)) p.names = p.seats.map((s) => this.name(s)).join(t("ui.turncoats.list_sep"));
    if (typeof p.colour === "string" && p.colour) p.colour = colourName(p.colour);
    if (typeof p.tied === "string" && p.tied) p.tied = p.tied.split(", ").map(colourName).join(t("ui.turncoats.list_sep"));
    if (Array.isArray(p.kill_counts)) p.kills = this.killsText(p.kill_counts);
    return t(message.key, p);
  }

  killsText(kills) {
    return kills
      .map((n, c) => (n ? t("ui.turncoats.kill_part", { count: n, colour: colourName(COLOURS[c]) }) : ""))
      .filter(Boolean)
      .join(t("ui.turncoats.list_sep"));
  }

  moveLabel(m) {
    const colour = m.colour ? colourName(m.colour) : "";
    switch (m.kind) {
      case "negotiate":
        return t("ui.turncoats.move.negotiate");
      case "return":
        return t("ui.turncoats.move.return", { colour });
      case "recruit":
        return t("ui.turncoats.move.recruit", { colour, area: m.area });
      case "battle":
        return m.kills.some(Boolean)
          ? t("ui.turncoats.move.battle_kill", { colour, area: m.area, kills: this.killsText(m.kills) })
          : t("ui.turncoats.move.battle_none", { colour, area: m.area });
      case "march":
        return t("ui.turncoats.move.march", { colour, count: m.count, area: m.area, dest: m.dest });
      default:
        return m.text;
    }
  }

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
    const root = this.root;
    // the board: the seats strip above the canvas
    this.seatsEl = el("ol", { class: "tc-seats", id: "tc-seats", "aria-label": t("ui.turncoats.seats.label") });
    this.canvas = el("canvas", { id: "tc-board", role: "img", "aria-label": t("ui.turncoats.board.label") });
    const boardArea = el("div", { class: "board-area tc-area" }, this.seatsEl, el("div", { class: "tc-canvas-wrap" }, this.canvas));
    // the decision panel
    this.prompt = el("p", { class: "tc-prompt", id: "tc-prompt", "aria-live": "polite" });
    this.choices = el("div", { class: "tc-choices", id: "tc-choices", role: "group", "aria-label": t("ui.turncoats.choices.label") });
    this.handText = el("p", { class: "tc-hand-text", id: "tc-hand-text" });
    this.decide = el("section", { class: "tc-decide", id: "tc-decide" }, this.prompt, this.choices, this.handText);
    // the end screen
    this.endEl = el("section", { class: "tc-end", id: "tc-end", hidden: true, "aria-labelledby": "tc-end-title" });
    // the live standing
    this.standingEl = el("section", { class: "tc-standing", id: "tc-standing", "aria-labelledby": "tc-standing-title" });
    // the log and the rules
    this.logList = el("ol", { class: "tc-log-list", id: "tc-log" });
    const log = el("details", { class: "tc-log" }, el("summary", { text: t("ui.turncoats.log.title") }), this.logList);
    const rules = el("details", { class: "rules tc-rules" }, el("summary", { text: t("ui.nav.rules") }));
    const ol = el("ol");
    for (let i = 1; has(`ui.turncoats.rules.${i}`); i++) ol.append(el("li", { text: t(`ui.turncoats.rules.${i}`) }));
    rules.append(ol);
    const controls = el(
      "div",
      { class: "controls tc-controls" },
      el("button", { type: "button", class: "btn", id: "tc-new", text: t("ui.nav.new"), onclick: () => this.openSetup() }),
    );
    const below = el("div", { class: "below tc-below" }, this.decide, this.endEl, this.standingEl, log, rules, controls);
    root.append(boardArea, below);
    this.nodes = [boardArea, below];
    this.board = new TurncoatsBoard(this.canvas, {
      onArea: (a) => this.onArea(a),
      onColour: (c) => this.onColour(c),
    });
    this.privacy = new PrivacyScreen({ t, parent: root.parentElement || document.body });
    this._onKey = (e) => {
      if (e.key === "Escape" && this.active && !document.querySelector("dialog[open]")) this.back();
      if (e.key === "Tab") this._keyboard = true;
    };
    this.canvas.addEventListener("pointerdown", () => (this._keyboard = false));
  }

  _show() {
    this.active = true;
    document.addEventListener("keydown", this._onKey);
    this.root.dataset.mode = GAME;
    for (const node of this.nodes) node.hidden = false;
    $("#view-start").hidden = true;
    this.root.hidden = false;
    $("#btn-new").hidden = false;
    $("#title").textContent = t(`game.${GAME}`);
    document.title = `${t(`game.${GAME}`)} · ${t("ui.app.name")}`;
    this.board.resize();
  }

  // ---------------------------------------------------------------- drawing

  render({ animate = true } = {}) {
    if (!this.built || !this.active) return;
    const r = this.result;
    const view = r ? r.view : null;
    const over = !!(view && view.outcome);
    this.renderStatus();
    document.documentElement.dataset.game = r
      ? `${GAME}:${r.record.games[0].length}:${over ? "over" : r.to_move}:${this.viewer === null ? "-" : this.viewer}`
      : "";
    this.renderSeats();
    this.renderBoard(animate);
    this.renderDecision();
    this.renderStanding();
    this.renderEnd();
    this.renderLog();
  }

  renderStatus() {
    const status = $("#status");
    const hint = $("#hint");
    const r = this.result;
    const view = r && r.view;
    if (!r) {
      status.textContent = t("ui.status.waiting");
      status.dataset.state = "waiting";
    } else if (view.outcome) {
      status.textContent = this.say(view.outcome.message);
      status.dataset.state = "over";
    } else if (this.isBot(r.to_move)) {
      status.textContent = t("ui.status.thinking", { player: this.name(r.to_move) });
      status.dataset.state = "thinking";
    } else if (this.myTurn(r)) {
      const player = this.name(r.to_move);
      const key = view.phase === "return" ? "ui.turncoats.status.return" : this.humans().length === 1 ? "ui.turncoats.status.your_turn" : "ui.turncoats.status.turn";
      status.textContent = t(key, { player });
      status.dataset.state = "turn";
    } else {
      status.textContent = t("ui.turncoats.status.waiting_for", { player: this.name(r.to_move) });
      status.dataset.state = "waiting";
    }
    const last = view && view.log && view.log.length ? view.log[view.log.length - 1] : null;
    hint.textContent = last && !view.outcome ? this.say(last) : "";
    if (r && !this.py.isReady) hint.textContent = t("ui.status.waiting");
    hint.hidden = !hint.textContent;
    $("#matchbar").hidden = true;
  }

  renderSeats() {
    const r = this.result;
    const list = this.seatsEl;
    const n = this.route ? this.route.players : 0;
    list.replaceChildren();
    for (let s = 0; s < n; s++) {
      const size = r ? r.view.hand_sizes[s] : 8;
      const toMove = r && r.to_move === s;
      const won = r && r.view.outcome && r.view.outcome.winners.includes(s);
      const tag = this.isBot(s)
        ? t("ui.turncoats.seat.bot", { level: t(`turncoats.level.${this.route.levels[s] || DEFAULT_LEVEL}`) })
        : this.humans().length === 1
          ? t("ui.tag.you")
          : t("ui.turncoats.seat.human");
      const li = el(
        "li",
        {
          class: `tc-seat${toMove ? " to-move" : ""}${won ? " won" : ""}${s === this.viewer ? " viewer" : ""}`,
          data: { seat: String(s) },
          "aria-current": toMove ? "true" : null,
        },
        el(
          "span",
          { class: "tc-seat-top" },
          el("span", { class: "tc-seat-no", text: String(s + 1), "aria-hidden": "true" }),
          el("span", {
            class: "tc-seat-hand",
            text: String(size),
            title: t("ui.turncoats.seat.hand", { count: size }),
            "aria-label": t("ui.turncoats.seat.hand", { count: size }),
          }),
        ),
        el("span", { class: "tc-seat-name", text: this.name(s) }),
        el("span", { class: "tc-seat-tag", text: tag }),
      );
      list.append(li);
    }
    // the viewer's own hand, in words (the canvas draws it too)
    const hand = r && r.view.hand;
    this.handText.textContent = hand && !r.view.outcome
      ? t("ui.turncoats.hand.text", {
          name: this.name(this.viewer),
          stones: COLOURS.map((c, i) => t("ui.turncoats.kill_part", { count: hand[i], colour: colourName(c) })).join(t("ui.turncoats.list_sep")),
        })
      : "";
    this.handText.hidden = !this.handText.textContent;
  }

  /** What may be clicked on the canvas now, from the legal moves. */
  selection() {
    const r = this.result;
    const sel = this.sel;
    const out = { colours: [], areas: [], dests: [], quiet: [], colour: sel.colour, area: sel.area, dest: sel.dest };
    const moves = this.moves();
    if (!moves.length) return out;
    if (r.view.phase === "return") {
      out.colours = moves.filter((m) => m.kind === "return").map((m) => m.colour);
      return out;
    }
    const all = this.candidates(moves, { colour: null, area: null, dest: null });
    out.colours = [...new Set(all.map((m) => m.colour))];
    if (sel.colour === null) return out;
    const mine = this.candidates(moves, { colour: sel.colour, area: null, dest: null });
    if (sel.area === null) {
      out.areas = [...new Set(mine.map((m) => m.area))];
      return out;
    }
    out.dests = [...new Set(this.candidates(moves, { ...sel, dest: null }).filter((m) => m.kind === "march").map((m) => m.dest))];
    out.quiet = [...new Set(mine.map((m) => m.area))];
    return out;
  }

  renderBoard(animate) {
    const r = this.result;
    if (!r) {
      this.board.setView(null);
      return;
    }
    const s = this.selection();
    this.board.setView(r.view, {
      select: { colours: s.colours, areas: s.areas, dests: s.dests, quiet: s.quiet, colour: s.colour, area: s.area, dest: s.dest },
      animate,
      labels: {
        axe: t("turncoats.axe"),
        flag: t("turncoats.flag"),
        bag: t("turncoats.bag"),
        hand: t("ui.turncoats.hand.title", { name: this.viewer === null ? "" : this.name(this.viewer) }),
        handHidden: r.view.outcome ? t("ui.turncoats.hand.over") : t("ui.turncoats.hand.hidden"),
        drawn: t("ui.turncoats.hand.drawn"),
      },
    });
    this.canvas.setAttribute("aria-label", this.boardLabel(r.view));
  }

  boardLabel(view) {
    const parts = view.map.map((a) =>
      t("ui.turncoats.board.area", {
        area: a.area,
        red: a.stones[0],
        blue: a.stones[1],
        black: a.stones[2],
        ruler: a.controller ? colourName(a.controller) : t("ui.turncoats.nobody"),
      }),
    );
    return [t("ui.turncoats.board.label"), ...parts].join(" ");
  }

  stoneChip(colour, extra = "") {
    return el("span", { class: `stone ${colour} mark-${MARKS[colour]} ${extra}`.trim(), "aria-hidden": "true" });
  }

  moveButton(m, { text = null, primary = false } = {}) {
    const label = this.moveLabel(m);
    const btn = el("button", {
      type: "button",
      class: `move tc-move${primary ? " primary" : ""}`,
      data: { move: m.text },
      "aria-label": label,
      title: label,
      disabled: this.busy,
    });
    if (m.colour) btn.append(this.stoneChip(m.colour));
    btn.append(el("span", { text: text || label }));
    btn.addEventListener("click", () => this.play(m.text));
    const focus = m.dest !== null ? { kind: "area", id: m.dest } : m.area !== null ? { kind: "area", id: m.area } : null;
    if (focus) {
      btn.addEventListener("focus", () => this.board.setFocus(focus));
      btn.addEventListener("blur", () => this.board.setFocus(null));
    }
    return btn;
  }

  renderDecision() {
    const r = this.result;
    const box = this.choices;
    const keepFocus = box.contains(document.activeElement);
    box.replaceChildren();
    if (!r || r.view.outcome) {
      this.decide.hidden = !!(r && r.view.outcome);
      this.prompt.textContent = r ? "" : t("ui.status.waiting");
      return;
    }
    this.decide.hidden = false;
    if (!this.myTurn(r)) {
      this.prompt.textContent = this.isBot(r.to_move)
        ? t("ui.turncoats.prompt.bot", { player: this.name(r.to_move) })
        : t("ui.turncoats.prompt.wait", { player: this.name(r.to_move) });
      return;
    }
    const moves = r.legal.map(parseMove);
    const sel = this.sel;
    const add = (...nodes) => box.append(...nodes);
    const group = (title, buttons) => {
      if (!buttons.length) return;
      add(el("div", { class: "tc-group" }, el("span", { class: "tc-group-title", text: title }), ...buttons));
    };
    if (r.view.phase === "return") {
      const drawn = r.view.drawn;
      this.prompt.textContent = drawn
        ? t("ui.turncoats.prompt.return_drawn", { colour: colourName(drawn) })
        : t("ui.turncoats.prompt.return");
      add(...moves.filter((m) => m.kind === "return").map((m) => this.moveButton(m)));
    } else if (sel.colour === null) {
      this.prompt.textContent = t("ui.turncoats.prompt.colour");
      const colours = [...new Set(this.candidates(moves, sel).map((m) => m.colour))];
      const hand = r.view.hand || [0, 0, 0];
      for (const c of colours) {
        const label = t("ui.turncoats.choose.colour", { colour: colourName(c), count: hand[COLOUR_INDEX[c]] });
        const btn = el("button", { type: "button", class: "move tc-chip", data: { colour: c }, "aria-label": label, disabled: this.busy });
        btn.append(this.stoneChip(c), el("span", { text: label }));
        btn.addEventListener("click", () => this.onColour(c));
        btn.addEventListener("focus", () => this.board.setFocus({ kind: "colour", id: c }));
        btn.addEventListener("blur", () => this.board.setFocus(null));
        add(btn);
      }
      const negotiate = moves.find((m) => m.kind === "negotiate");
      if (negotiate) add(this.moveButton(negotiate, { primary: false }));
    } else if (sel.area === null) {
      this.prompt.textContent = t("ui.turncoats.prompt.area", { colour: colourName(sel.colour) });
      const mine = this.candidates(moves, sel);
      const areas = [...new Set(mine.map((m) => m.area))].sort((a, b) => a - b);
      for (const a of areas) {
        const stones = r.view.map[a].stones;
        const label = t("ui.turncoats.choose.area", { area: a, red: stones[0], blue: stones[1], black: stones[2] });
        const btn = el("button", { type: "button", class: "move tc-chip tc-area-chip", data: { area: String(a) }, "aria-label": label, title: label, disabled: this.busy });
        const counts = el("span", { class: "tc-area-counts", "aria-hidden": "true" });
        COLOURS.forEach((c, i) => counts.append(el("span", { class: "tc-count" }, this.stoneChip(c), el("span", { text: String(stones[i]) }))));
        btn.append(el("span", { class: "tc-area-no", text: String(a) }), counts);
        btn.addEventListener("click", () => this.onArea(a));
        btn.addEventListener("focus", () => this.board.setFocus({ kind: "area", id: a }));
        btn.addEventListener("blur", () => this.board.setFocus(null));
        add(btn);
      }
    } else {
      const list = this.candidates(moves, sel);
      const colour = colourName(sel.colour);
      this.prompt.textContent = sel.dest !== null
        ? t("ui.turncoats.prompt.count", { colour, area: sel.area, dest: sel.dest })
        : t("ui.turncoats.prompt.action", { colour, area: sel.area });
      group(t("turncoats.action.recruit"), list.filter((m) => m.kind === "recruit").map((m) => this.moveButton(m)));
      group(t("turncoats.action.battle"), list.filter((m) => m.kind === "battle").map((m) =>
        this.moveButton(m, { text: m.kills.some(Boolean) ? t("ui.turncoats.short.kill", { kills: this.killsText(m.kills) }) : t("ui.turncoats.short.no_kill") })));
      const marches = list.filter((m) => m.kind === "march").sort((a, b) => a.dest - b.dest || a.count - b.count);
      group(
        sel.dest !== null ? t("ui.turncoats.group.march_to", { dest: sel.dest }) : t("turncoats.action.march"),
        marches.map((m) => this.moveButton(m, {
          text: sel.dest !== null ? t("ui.turncoats.short.count", { count: m.count }) : t("ui.turncoats.short.march", { dest: m.dest, count: m.count }),
        })),
      );
    }
    if (sel.colour !== null || sel.area !== null) {
      const back = el("button", { type: "button", class: "btn tc-back", data: { back: "" }, text: t("ui.turncoats.back") });
      back.addEventListener("click", () => this.back());
      add(back);
    }
    if (keepFocus && this._keyboard) {
      const first = box.querySelector("button");
      if (first) first.focus({ preventScroll: true });
    }
  }

  renderStanding() {
    const r = this.result;
    const box = this.standingEl;
    box.replaceChildren();
    if (!r) return;
    const st = r.view.standing;
    const over = !!r.view.outcome;
    box.append(el("h3", { id: "tc-standing-title", text: over ? t("ui.turncoats.standing.final") : t("turncoats.standing.title") }));
    const table = el("table", { class: "tc-score" });
    const head = el("tr", {},
      el("th", { scope: "col", text: t("ui.turncoats.standing.colour") }),
      el("th", { scope: "col", text: t("ui.turncoats.standing.areas") }),
      el("th", { scope: "col", text: t("turncoats.axe") }),
      el("th", { scope: "col", text: t("turncoats.flag") }));
    table.append(el("thead", {}, head));
    const body = el("tbody");
    COLOURS.forEach((c, i) => {
      const lead = st.colour === c;
      const tied = !st.colour && st.tied.includes(c);
      const cell = el("span", { class: "tc-cell" }, this.stoneChip(c), el("span", { text: colourName(c) }));
      if (lead) cell.append(el("span", { class: "tc-lead", text: over ? t("ui.turncoats.standing.won") : t("ui.turncoats.standing.leads") }));
      const name = el("th", { scope: "row" }, cell);
      body.append(el("tr", { class: `${lead ? "lead" : ""}${tied ? " tied" : ""}`.trim(), data: { colour: c } },
        name,
        el("td", { text: String(st.areas[i]) }),
        el("td", { text: String(st.axe[i]) }),
        el("td", { text: String(st.flag[i]) })));
    });
    table.append(body);
    box.append(table, el("p", { class: "tc-standing-why", id: "tc-standing-why", text: this.say(st.message) }));
    if (!over) {
      const k = r.view.negotiations, n = r.view.negotiations_to_end;
      box.append(el("p", { class: "tc-standing-end", id: "tc-standing-end", text: t("ui.turncoats.standing.negotiations", { count: k, total: n, left: n - k }) }));
    }
  }

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
    const winner = outcome.winners[0];
    const humans = this.humans();
    let title;
    if (humans.length === 1) title = winner === humans[0] ? t("ui.end.title.you_win") : t("ui.turncoats.end.bot_wins", { player: this.name(winner) });
    else title = t("ui.end.title.win", { player: this.name(winner) });
    box.append(el("h2", { class: "end-title", id: "tc-end-title", text: title }));
    // the winning colour and why
    const colourLine = el("p", { class: "tc-end-colour", id: "tc-end-colour" });
    if (outcome.colour) colourLine.append(this.stoneChip(outcome.colour, "big"));
    colourLine.append(el("span", { text: this.say(outcome.colour_message) }));
    box.append(colourLine);
    // control of every area
    box.append(el("h3", { text: t("ui.turncoats.end.areas") }));
    const areas = el("ol", { class: "tc-end-areas", start: 0 });
    for (const a of r.view.map) {
      const li = el("li", { data: { area: String(a.area), controller: a.controller || "" } });
      li.append(el("span", { class: "tc-area-no", text: String(a.area) }));
      if (a.controller) li.append(this.stoneChip(a.controller));
      li.append(el("span", { text: a.controller ? colourName(a.controller) : t("ui.turncoats.nobody") }));
      li.title = this.say({ key: `turncoats.control.${a.reason}`, params: { colour: a.controller || "" } });
      areas.append(li);
    }
    box.append(areas);
    // every hand, revealed, in the final ranking
    box.append(el("h3", { text: t("ui.turncoats.end.hands") }));
    const table = el("table", { class: "tc-hands" });
    table.append(el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: t("ui.turncoats.end.player") }),
      ...COLOURS.map((c) => el("th", { scope: "col" }, this.stoneChip(c), el("span", { class: "sr-only", text: colourName(c) }))),
      el("th", { scope: "col", text: t("ui.turncoats.end.total") }))));
    const tbody = el("tbody");
    const hands = outcome.hands || r.view.hands || [];
    for (const s of outcome.ranking || [...hands.keys()]) {
      const h = hands[s] || [0, 0, 0];
      tbody.append(el("tr", { class: s === winner ? "won" : "", data: { seat: String(s) } },
        el("th", { scope: "row", text: this.name(s) }),
        ...h.map((k, i) => el("td", { class: outcome.colour === COLOURS[i] ? "win-col" : "", text: String(k) })),
        el("td", { text: String(h[0] + h[1] + h[2]) })));
    }
    table.append(tbody);
    box.append(table);
    // the tie-break in words
    box.append(el("h3", { text: t("ui.turncoats.end.why") }));
    const steps = el("ol", { class: "tc-steps", id: "tc-steps" });
    for (const step of outcome.steps || []) steps.append(el("li", { text: this.say(step) }));
    steps.append(el("li", { class: "final", text: this.say(outcome.message) }));
    box.append(steps);
    const actions = el("div", { class: "end-actions" },
      el("button", { type: "button", class: "btn primary", id: "tc-rematch", text: t("ui.end.rematch"), onclick: () => this.rematch() }),
      el("button", { type: "button", class: "btn", text: t("ui.end.new"), onclick: () => this.openSetup() }),
      el("a", { class: "btn", href: "#", text: t("ui.end.home") }));
    box.append(actions);
    box.hidden = false;
    if (wasHidden) requestAnimationFrame(() => box.scrollIntoView({ block: "nearest", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" }));
  }

  renderLog() {
    const r = this.result;
    const list = this.logList;
    list.replaceChildren();
    if (!r) return;
    for (const entry of [...r.view.log].reverse()) list.append(el("li", { text: this.say(entry) }));
  }

  // ---------------------------------------------------------------- tests and tools

  _exposeHooks() {
    const hooks = {
      state: () => (this.result ? JSON.parse(JSON.stringify(this.result)) : null),
      viewer: () => this.viewer,
      busy: () => this.busy || this.thinking,
      privacy: () => !!(this.privacy && this.privacy.shown),
      waitingFor: () => (this.privacy && this.privacy.shown ? this.waitingFor : null),
      areaCenter: (a) => (this.board ? this.board.areaCenter(a) : null),
      handCenter: (c) => (this.board ? this.board.handCenter(c) : null),
    };
    const attach = () => {
      window.__pygames = window.__pygames || {};
      window.__pygames.turncoats = hooks;
    };
    attach();
    // app.js may replace window.__pygames at boot: attach again afterwards
    queueMicrotask(attach);
    setTimeout(attach, 0);
  }
}

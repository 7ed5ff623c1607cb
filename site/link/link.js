// Play by link: friends play one game over days by passing a link; no server.
// The link (`#g=<data>`) is the record of the game; this device keeps the latest
// link of each game and its own seats' secret keys (store.js). Python (pygames.link
// behind the bridge) checks every link, computes the position and makes the next
// link; this page only shows it. See /work/notes/LINK-API.md for the calls.
//
// Screens (all inside the shared game view, #view-game[data-mode="link"]):
//   #g=...        a link game: claim a seat, play your turn, pass the next link on,
//                 watch as a spectator, the end (scores, audit, replay)
//   #my-games     every link game on this device
// Test hooks: #status[data-state], [data-link-phase] on #link-view, #link-url,
// button[data-claim], button[data-move], #link-error, #link-notice, #link-audit,
// window.__pygames.link.

import { t, has } from "../i18n.js";
import { el } from "../ui/dom.js";
import { cleanName } from "../ui/seats.js";
import { optionsSection, readOptions } from "../ui/options.js";
import { readJSON, writeJSON } from "../ui/storage.js";
import * as store from "./store.js";
import { LinkPanel } from "./share.js";
import { makeBoard, canDraw, say, moveWords } from "./boards.js";

export const MINE_HASH = "#my-games";
const PREFS_KEY = "pygames.link.prefs";
const AUTO_PLAY_MS = 350;

const $ = (sel, root = document) => root.querySelector(sel);

/** Whether `hash` is a link-play screen: a game link or My games. */
export function isLinkHash(hash) {
  const h = String(hash || "").replace(/^#\/?/, "");
  return h.startsWith("g=") || `#${h}` === MINE_HASH;
}

const fullUrl = (fragment) => `${location.origin}${location.pathname}#${fragment}`;

/** The games link play offers before Python answers (refreshed from the bridge's games()). */
const FALLBACK_GAMES = {
  okiya: { id: "okiya", players: [2, 2], formats: ["single"], options: {} },
  oriflamme: { id: "oriflamme", players: [3, 5], formats: ["single"], options: {} },
  turncoats: { id: "turncoats", players: [2, 5], formats: ["single"], options: {} },
};

export class LinkPlay {
  /** @param {{py: object, toast: (text: string) => void, root: HTMLElement}} opts root: #view-game */
  constructor({ py, toast, root }) {
    this.py = py;
    this.toast = toast;
    this.root = root;
    this.active = false;
    this.built = false;
    this.gen = 0;
    this.busy = false;
    this.table = null;
    this.keys = {};
    this.watching = false; // the player chose to watch rather than claim a seat
    this.board = null;
    this.boardGame = null;
    this.replayBoard = null;
    this.replay = null;
    this.games = null; // games() from the bridge
    this._exposeHooks();
  }

  // ================================================================ routes

  /** Show the screen of `hash` (a link or #my-games). */
  async show(hash) {
    this._build();
    this.requested = String(hash).replace(/^#\/?/, "");
    if (String(hash).replace(/^#\/?/, "") === MINE_HASH.slice(1)) return this.showMine();
    const fragment = String(hash).replace(/^#\/?/, "");
    if (this.active && this.table && this.screen === "game" && fragment === this.table.link && !this.errorShown) return;
    return this.openLink(fragment);
  }

  /** Leave link play (another route is shown). */
  stop() {
    this.gen++;
    this.active = false;
    this.busy = false;
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
    this.mineEl.hidden = screen !== "mine";
    $("#view-start").hidden = true;
    this.root.hidden = false;
    $("#btn-new").hidden = true;
    $("#matchbar").hidden = true;
    const title = screen === "mine" ? t("ui.link.mine.title") : this.table ? t(`game.${this.table.game}`) : t("ui.link.title");
    $("#title").textContent = title;
    document.title = `${title} · ${t("ui.app.name")}`;
  }

  // ================================================================ start page

  /** Add "Play with friends" to each playable game card and a "My games" entry (idempotent). */
  decorateStart(list) {
    if (!list) return;
    for (const card of list.querySelectorAll("li.game-card[data-game]")) {
      const game = card.dataset.game;
      const row = card.querySelector(".row");
      if (!row || !canDraw(game) || row.querySelector("[data-link-new]")) continue;
      const btn = el("button", { type: "button", class: "btn link-new", data: { linkNew: game }, text: t("ui.link.new.button") });
      btn.addEventListener("click", () => this.openNew(game));
      row.append(btn);
    }
    const start = $("#view-start");
    let entry = $("#link-start");
    if (!entry && start) {
      entry = el("div", { class: "link-start", id: "link-start" });
      list.before(entry);
    }
    if (entry) {
      const games = Object.values(store.allGames()).filter((g) => !g.archived);
      const waiting = games.filter((g) => g.my_turn && g.phase !== "over").length;
      const a = el("a", { class: "btn link-mine-btn", href: MINE_HASH, id: "link-mygames", text: t("ui.link.mine.open") });
      if (waiting) a.append(el("span", { class: "link-badge", text: t("ui.link.mine.waiting", { n: waiting }) }));
      entry.replaceChildren(a, el("p", { class: "link-start-note", text: t("ui.link.start.note") }));
    }
  }

  async gamesInfo() {
    if (this.games) return this.games;
    await this.py.ready;
    const list = await this.py.call("games");
    this.games = {};
    for (const g of list) this.games[g.id] = g;
    return this.games;
  }

  // ================================================================ new game

  /** The "Play with friends" sheet for `game`: seats, names, options; then link_create. */
  async openNew(game) {
    const prefs = readJSON(PREFS_KEY) || {};
    let info = FALLBACK_GAMES[game] || { id: game, players: [2, 2], formats: ["single"], options: {} };
    if (this.games && this.games[game]) info = this.games[game];
    const [min, max] = info.players;
    let players = Math.min(max, Math.max(min, (prefs[game] && prefs[game].players) || min));
    const savedNames = (prefs.names || []).slice(0, max);

    const dlg = el("dialog", { class: "sheet link-sheet", id: "link-new" });
    const form = el("form", { method: "dialog", id: "link-new-form" });
    form.append(el("h2", { text: t("ui.link.new.title", { game: t(`game.${game}`) }) }));
    form.append(el("p", { class: "link-sheet-intro", text: t("ui.link.new.intro") }));

    const countSet = el("fieldset", { class: "link-count" }, el("legend", { text: t("ui.seats.players") }));
    const seg = el("div", { class: "seg" });
    for (let n = min; n <= max; n++) {
      seg.append(el("label", {}, el("input", { type: "radio", name: "players", value: String(n), checked: n === players }), el("span", { text: String(n) })));
    }
    countSet.append(seg);
    countSet.hidden = min === max;
    form.append(countSet);

    const namesSet = el("fieldset", { class: "link-names" }, el("legend", { text: t("ui.link.new.names") }));
    const list = el("ol", { class: "seats-list" });
    const rows = [];
    for (let s = 0; s < max; s++) {
      const input = el("input", {
        type: "text",
        name: `name${s}`,
        id: `link-name-${s}`,
        value: savedNames[s] || "",
        placeholder: s === 0 ? t("ui.link.new.you") : t("seat.default", { n: s + 1 }),
        maxLength: 24,
        autocomplete: "off",
        spellcheck: false,
        "aria-label": s === 0 ? t("ui.link.new.your_name") : t("ui.seats.name", { n: s + 1 }),
        class: "seat-name",
      });
      const row = el(
        "li",
        { class: "seat-row", data: { seat: String(s) } },
        el("span", { class: "seat-no", text: String(s + 1), "aria-hidden": "true" }),
        el("div", { class: "seat-fields" }, input, el("span", { class: "seat-tag", text: s === 0 ? t("ui.link.new.you_tag") : t("ui.link.new.invited") })),
      );
      rows.push(row);
      list.append(row);
    }
    namesSet.append(list);
    form.append(namesSet);

    const extra = el("div", { class: "link-extra" });
    form.append(extra);
    const fillExtra = (inf) => {
      extra.replaceChildren();
      const formats = inf.formats || ["single"];
      if (formats.length > 1) {
        const fs = el("fieldset", {}, el("legend", { text: t("ui.newgame.format") }));
        const box = el("div", { class: "seg stack" });
        formats.forEach((f, i) => {
          box.append(el("label", {}, el("input", { type: "radio", name: "format", value: f, checked: i === 0 }), el("span", { text: has(`${game}.format.${f}`) ? t(`${game}.format.${f}`) : f })));
        });
        fs.append(box);
        extra.append(fs);
      }
      const det = optionsSection({ game, defaults: inf.options, cls: "link-options" });
      if (det) extra.append(det);
      if (game === "turncoats") extra.append(el("p", { class: "link-friendly", id: "link-friendly", role: "note", text: t("ui.link.friendly") }));
    };
    fillExtra(info);

    const create = el("button", { type: "submit", value: "create", class: "btn primary", id: "link-create", text: t("ui.link.new.create") });
    const cancel = el("button", { type: "submit", value: "cancel", class: "btn", formNoValidate: true, text: t("ui.seats.cancel") });
    form.append(el("div", { class: "sheet-actions" }, cancel, create));
    dlg.append(form);

    const sync = () => {
      players = Number((form.elements.players && form.elements.players.value) || players) || players;
      rows.forEach((row, s) => (row.hidden = s >= players));
    };
    form.addEventListener("change", sync);
    sync();
    document.body.append(dlg);
    dlg.showModal();
    // options and formats come from Python's games(): fill them in when it answers
    if (!this.games) {
      create.disabled = true;
      this.gamesInfo().then(
        (games) => {
          if (games[game]) {
            info = games[game];
            fillExtra(info);
          }
          create.disabled = false;
        },
        () => (create.disabled = false),
      );
    }
    const choice = await new Promise((resolve) => {
      dlg.addEventListener("close", () => {
        if (dlg.returnValue !== "create") return resolve(null);
        const names = rows.slice(0, players).map((row, s) => cleanName(form.elements[`name${s}`].value) || t("seat.default", { n: s + 1 }));
        const options = readOptions(form);
        const format = form.elements.format ? form.elements.format.value : "single";
        resolve({ players, names, options, format, typed: rows.map((_, s) => cleanName(form.elements[`name${s}`].value)) });
      });
    });
    dlg.remove();
    if (!choice) return;
    writeJSON(PREFS_KEY, { ...prefs, names: choice.typed, [game]: { players: choice.players } });
    await this.create(game, choice);
  }

  async create(game, { players, names, options, format }) {
    const gen = ++this.gen;
    this.table = null;
    this._enter("game");
    this._clearMessages();
    this.setStatus(t("ui.link.status.creating"), "waiting");
    this.busy = true;
    try {
      await this.py.ready;
      const res = await this.py.call("link_create", { game, players, names, options, format });
      if (gen !== this.gen) return;
      this.busy = false;
      const keys = { [String(res.key.seat)]: res.key.key };
      store.saveTable(res, keys);
      history.pushState(null, "", `#${res.link}`);
      this.accept(res, keys, { animate: false });
    } catch (err) {
      if (gen !== this.gen) return;
      this.busy = false;
      this.fail(err, null);
    }
  }

  // ================================================================ opening a link

  async openLink(fragment) {
    const gen = ++this.gen;
    this.table = null;
    this.watching = false;
    this._enter("game");
    this._clearMessages();
    this.renderGame();
    this.setStatus(t("ui.status.waiting"), "waiting");
    try {
      await this.py.ready;
      if (gen !== this.gen) return;
      this.setStatus(t("ui.link.status.opening"), "waiting");
      let info;
      try {
        info = await this.py.call("link_id", { link: fragment });
      } catch (err) {
        if (gen === this.gen) this.fail(err, null);
        return;
      }
      if (gen !== this.gen) return;
      const entry = store.getGame(info.id);
      const keys = store.keysFor(info.id);
      let table;
      try {
        table = await this.py.call("link_open", { link: fragment, keys, saved: entry ? entry.link : null });
      } catch (err) {
        if (gen === this.gen) this.fail(err, entry ? info.id : null);
        return;
      }
      if (gen !== this.gen) return;
      if (table.imported) {
        keys[String(table.imported.seat)] = table.imported.key;
        this.toast(t("ui.link.imported", { name: this.name(table.imported.seat, table) }));
      }
      this.accept(table, keys, { animate: false });
    } catch (err) {
      if (gen === this.gen) this.fail(err, null);
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
    else if (holds && table.notice && newer && entry) store.saveTable(table, keys);
    this.keys = keys;
    this.table = table;
    this.errorShown = false;
    if (location.hash !== `#${table.link}`) history.replaceState(null, "", `#${table.link}`);
    this._enter("game");
    this.present({ animate });
    this.settled = this.gen;
  }

  fail(err, savedId) {
    this.errorShown = true;
    this.table = null;
    this.renderGame();
    const text = this.errorText(err);
    this.errorText_ = text;
    this.errorEl.hidden = false;
    this.errorMsg.textContent = text;
    this.errorEl.dataset.key = (err && err.key) || "";
    const saved = savedId ? store.getGame(savedId) : null;
    this.errorSaved.hidden = !saved;
    if (saved) this.errorSaved.href = `#${saved.link}`;
    this.setStatus(t("ui.link.status.error"), "error");
    this.settled = this.gen;
  }

  errorText(err) {
    if (err && err.key && has(err.key)) return t(err.key, { detail: err.text || "", ...(err.params || {}) });
    if (err && err.text) return err.text;
    return t("ui.error.internal", { detail: (err && err.message) || String(err) });
  }

  // ================================================================ acting

  async claim(seat) {
    const table = this.table;
    if (!table || this.busy) return;
    const gen = this.gen;
    this.busy = true;
    this.renderGame();
    try {
      const res = await this.py.call("link_join", { link: table.link, seat, keys: this.keys });
      if (gen !== this.gen) return;
      this.busy = false;
      const keys = { ...this.keys, [String(res.key.seat)]: res.key.key };
      this.accept(res, keys);
    } catch (err) {
      if (gen !== this.gen) return;
      this.busy = false;
      this.renderGame();
      this.toast(this.errorText(err));
    }
  }

  async play(move, { auto = false } = {}) {
    const table = this.table;
    if (!table || this.busy || !table.my_turn || !table.legal.includes(move)) return;
    const gen = this.gen;
    this.busy = true;
    const keepHidden = !!(this.keepBox && !this.keepLabel.hidden && this.keepBox.checked);
    this.renderDecide();
    try {
      const args = { link: table.link, move, keys: this.keys };
      if (keepHidden) args.keep_hidden = true;
      const res = await this.py.call("link_play", args);
      if (gen !== this.gen) return;
      this.busy = false;
      if (auto) this.toast(t("ui.link.auto_played", { move: moveWords(table.game, move, table.view, table.names) }));
      this.accept(res, this.keys);
    } catch (err) {
      if (gen !== this.gen) return;
      this.busy = false;
      this.renderGame();
      this.toast(this.errorText(err));
    }
  }

  // ================================================================ words

  name(seat, table = this.table) {
    return (table && table.names && table.names[seat]) || t("seat.default", { n: seat + 1 });
  }

  mine(table = this.table) {
    return (table && table.mine) || [];
  }

  // ================================================================ drawing

  setStatus(text, state) {
    const status = $("#status");
    status.textContent = text;
    status.dataset.state = state;
  }

  present({ animate = true } = {}) {
    this.renderGame({ animate });
    this.maybeAutoPlay();
  }

  maybeAutoPlay() {
    const table = this.table;
    if (!table || !table.my_turn || table.legal.length !== 1 || this.busy) return;
    const gen = this.gen;
    const move = table.legal[0];
    this.autoPending = true;
    setTimeout(() => {
      this.autoPending = false;
      if (gen === this.gen && this.table === table && !this.busy) this.play(move, { auto: true });
    }, AUTO_PLAY_MS);
  }

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
    this.rootEl.dataset.linkPhase = table ? table.phase : "";
    this.rootEl.dataset.linkMode = mode;
    this.rootEl.dataset.linkSeat = table && table.seat !== null && table.seat !== undefined ? String(table.seat) : "";
    if (table) {
      this.errorEl.hidden = true;
      const title = t(`game.${table.game}`);
      $("#title").textContent = title;
      document.title = `${title} · ${t("ui.app.name")}`;
    }
    this.renderNotice();
    this.renderStatus(mode);
    this.renderMatch();
    this.renderSeats();
    this.renderClaim(mode);
    this.renderBoard(mode, animate);
    this.renderDecide();
    this.renderShare(mode);
    this.renderEnd(mode);
    this.renderMore();
    this.navEl.hidden = !table;
    document.documentElement.dataset.link = table ? `${table.id}:${table.events}:${table.phase}:${mode}` : "";
  }

  /** An Okiya match (best of three, first to 10): the format, the game, the score (when the TABLE has them). */
  renderMatch() {
    const bar = $("#matchbar");
    const m = this.table && this.table.match;
    if (!m || !m.format || m.format === "single" || !Array.isArray(m.score)) {
      bar.hidden = true;
      return;
    }
    const fmtKey = `${this.table.game}.format.${m.format}`;
    bar.textContent = [
      has(fmtKey) ? t(fmtKey) : m.format,
      m.game ? t("ui.match.game", { n: m.game }) : "",
      m.score.map((score, s) => t("ui.link.match.score", { name: this.name(s), score })).join(t("ui.link.list_sep")),
    ].filter(Boolean).join(t("ui.separator"));
    bar.hidden = false;
  }

  renderNotice() {
    const notice = this.table && this.table.notice;
    this.noticeEl.hidden = !notice;
    this.noticeEl.textContent = notice ? (has(notice.key) ? t(notice.key, notice.params || {}) : notice.text || "") : "";
  }

  renderStatus(mode) {
    const table = this.table;
    const hint = $("#hint");
    hint.textContent = "";
    if (!table) {
      hint.hidden = true;
      return;
    }
    const next = table.next;
    const view = table.view;
    switch (mode) {
      case "claim":
        this.setStatus(t("ui.link.status.claim", { game: t(`game.${table.game}`) }), "claim");
        break;
      case "play":
        this.setStatus(t("ui.link.status.turn", { name: this.name(table.seat) }), "turn");
        if (table.game === "okiya" && view) hint.textContent = view.last === null ? t("ui.hint.opening") : t("ui.hint.follow");
        break;
      case "end":
        if (table.phase === "over") this.setStatus(table.outcome ? say(table.outcome.message, table.names) : t("ui.link.status.over"), "over");
        else this.setStatus(t("ui.link.status.revealing"), "revealing");
        break;
      case "watch":
        this.setStatus(
          next ? t("ui.link.status.watch_next", { name: next.name || this.name(next.seat) }) : t("ui.link.status.watch"),
          "watch",
        );
        break;
      default:
        this.setStatus(this.waitText(table), "send");
    }
    if (!hint.textContent && view && view.log && view.log.length && mode !== "end") {
      hint.textContent = say(view.log[view.log.length - 1], table.names);
    }
    hint.hidden = !hint.textContent;
  }

  waitText(table) {
    const next = table.next;
    if (!next) return t("ui.link.status.waiting");
    const name = next.name || this.name(next.seat);
    if (next.action === "join") return t("ui.link.status.wait_join", { name });
    if (next.action === "start") return t("ui.link.status.wait_start", { name });
    if (next.action === "reveal") return t("ui.link.status.wait_reveal", { name });
    return t("ui.link.status.wait_move", { name });
  }

  renderSeats() {
    const table = this.table;
    this.seatsEl.replaceChildren();
    this.seatsEl.hidden = !table;
    if (!table) return;
    const mine = this.mine(table);
    for (let s = 0; s < table.players; s++) {
      const claimed = !table.claimed || table.claimed[s];
      const toMove = table.phase === "playing" && table.to_move === s;
      const li = el("li", {
        class: `link-seat${mine.includes(s) ? " mine" : ""}${toMove ? " to-move" : ""}${claimed ? "" : " open"}`,
        data: { seat: String(s) },
        "aria-current": toMove ? "true" : null,
      });
      li.append(el("span", { class: "link-seat-no", "aria-hidden": "true", text: String(s + 1) }), el("span", { class: "link-seat-name", text: this.name(s) }));
      const tags = [];
      if (mine.includes(s)) tags.push(t("ui.link.seat.you"));
      if (!claimed) tags.push(t("ui.link.seat.open"));
      if (toMove) tags.push(t("ui.link.seat.to_move"));
      if (table.outcome && (table.outcome.winners || []).includes(s)) tags.push(t("ui.link.seat.won"));
      if (tags.length) li.append(el("span", { class: "link-seat-tag", text: tags.join(t("ui.separator")) }));
      this.seatsEl.append(li);
    }
  }

  renderClaim(mode) {
    const table = this.table;
    this.claimEl.hidden = mode !== "claim";
    if (mode !== "claim") return;
    this.claimList.replaceChildren();
    (table.claimed || []).forEach((claimed, s) => {
      if (claimed) return;
      const btn = el("button", { type: "button", class: "btn primary link-claim", data: { claim: String(s) }, disabled: this.busy });
      btn.append(el("span", { text: t("ui.link.claim.seat", { name: this.name(s) }) }));
      btn.addEventListener("click", () => this.claim(s));
      this.claimList.append(btn);
    });
    this.claimIntro.textContent = t("ui.link.claim.intro", { game: t(`game.${table.game}`), names: table.names.join(t("ui.link.list_sep")) });
    this.claimFriendly.hidden = !table.friendly;
  }

  renderBoard(mode, animate) {
    const table = this.table;
    const show = !!(table && table.view && mode !== "claim" && canDraw(table.game));
    this.boardHost.hidden = !show;
    this.spectatorEl.hidden = mode !== "watch";
    if (!show) return;
    if (this.boardGame !== table.game) {
      if (this.board) this.board.destroy();
      this.board = makeBoard(table.game, this.boardHost, {
        onPlay: (move) => this.play(move),
        onChange: () => this.renderDecide(),
      });
      this.boardGame = table.game;
      animate = false;
    }
    const legal = mode === "play" && !this.busy ? table.legal : [];
    this.board.show(table.view, { legal, names: table.names, seat: table.seat, animate });
    requestAnimationFrame(() => this.board && this.board.resize());
  }

  renderDecide() {
    const table = this.table;
    const mode = this.mode();
    const playing = mode === "play";
    this.decideEl.hidden = !playing;
    const keepWanted = !!(playing && table.game === "oriflamme" && table.view && table.view.phase === "place");
    if (!keepWanted && this.keepBox) this.keepBox.checked = false;
    this.keepLabel.hidden = !keepWanted;
    this.keepBox.disabled = this.busy;
    if (!playing) {
      this.movesEl.replaceChildren();
      return;
    }
    const view = table.view;
    const own = this.board && typeof this.board.prompt === "function" ? this.board.prompt() : null;
    this.promptEl.textContent =
      own || (view && view.prompt ? say(view.prompt, table.names) : t("ui.link.prompt.move", { name: this.name(table.seat) }));
    const keepFocus = this.movesEl.contains(document.activeElement);
    const buttons = this.board
      ? this.board.buttons(view, table.legal, table.names, { busy: this.busy })
      : table.legal.map((m) => {
          const b = el("button", { type: "button", class: "move link-move", data: { move: m }, text: m, disabled: this.busy });
          b.addEventListener("click", () => this.play(m));
          return b;
        });
    this.movesEl.replaceChildren(...buttons);
    this.movesEl.setAttribute("aria-busy", this.busy ? "true" : "false");
    if (keepFocus) {
      const first = this.movesEl.querySelector("button:not([disabled])");
      if (first) first.focus({ preventScroll: true });
    }
  }

  renderShare(mode) {
    const table = this.table;
    const mine = this.mine(table);
    let show = false;
    let heading = "";
    const lines = [];
    let nextSeat = "";
    if (table && mine.length && (mode === "wait" || mode === "end")) {
      const next = table.next;
      if (next && !mine.includes(next.seat)) {
        show = true;
        const name = next.name || this.name(next.seat);
        nextSeat = String(next.seat);
        heading = t("ui.link.send.to", { name });
        const why = table.phase === "revealing" ? "audit" : next.action;
        lines.push(t(`ui.link.send.why.${why}`, { name }));
        if (next.action === "join") {
          const open = (table.claimed || []).filter((c) => !c).length;
          if (open > 1) lines.push(t("ui.link.send.join_more", { n: open - 1 }));
        }
      } else if (!next && table.phase === "over") {
        show = true;
        heading = t("ui.link.send.final");
        lines.push(t("ui.link.send.final_why"));
      }
    }
    this.share.el.hidden = !show;
    if (!show) {
      delete this.share.el.dataset.nextSeat;
      return;
    }
    this.share.set({ url: fullUrl(table.link), heading, lines, data: { nextSeat } });
    if (nextSeat === "") delete this.share.el.dataset.nextSeat;
  }

  renderEnd(mode) {
    const table = this.table;
    const show = mode === "end" || (mode === "watch" && table && (table.phase === "over" || table.phase === "revealing"));
    this.endEl.hidden = !show;
    if (!show) {
      this.closeReplay();
      return;
    }
    const outcome = table.outcome;
    const names = table.names;
    const winners = outcome ? outcome.winners || [] : [];
    let title;
    if (!outcome) title = t("ui.link.end.title");
    else if (!winners.length) title = t("ui.end.title.draw");
    else title = t(winners.length > 1 ? "ui.link.end.win_shared" : "ui.link.end.win", { names: winners.map((s) => this.name(s)).join(t("ui.link.list_sep")) });
    const match = table.match;
    if (match && match.over && match.message) title = say(match.message, names); // an Okiya match: who won it
    this.endTitle.textContent = title;
    // scores
    this.scoresEl.replaceChildren();
    const scores = outcome && Array.isArray(outcome.scores) ? outcome.scores : null;
    this.scoresEl.hidden = !scores;
    if (scores) {
      const head = el("tr", {}, el("th", { scope: "col", text: t("ui.link.end.player") }), el("th", { scope: "col", text: t("ui.link.end.score") }));
      const body = el("tbody");
      const order = [...scores.keys()].sort((a, b) => scores[b] - scores[a]);
      for (const s of order) {
        body.append(
          el("tr", { class: winners.includes(s) ? "won" : "", data: { seat: String(s) } },
            el("th", { scope: "row", text: this.name(s) }),
            el("td", { text: String(scores[s]) })),
        );
      }
      this.scoresEl.append(el("thead", {}, head), body);
    }
    // how it ended, with the tie-break explained
    this.outcomeEl.textContent = outcome ? say(outcome.message, names) : "";
    const steps = outcome ? [outcome.colour_message, ...(outcome.steps || [])].filter(Boolean) : [];
    this.stepsEl.replaceChildren(...steps.map((step) => el("li", { text: say(step, names) })));
    this.stepsEl.hidden = !this.stepsEl.children.length;
    // the audit
    this.renderAudit();
    // the replay is refreshed on demand
    if (this.replay && this.replay.link !== table.link) this.closeReplay();
  }

  renderAudit() {
    const table = this.table;
    const audit = table.audit || { state: "pending" };
    const box = this.auditEl;
    box.dataset.audit = audit.state;
    let text;
    if (audit.state === "verified") text = has("link.audit.verified") ? t("link.audit.verified") : t("ui.link.audit.verified");
    else if (audit.state === "failed") text = t("ui.link.audit.failed");
    else if (table.next && table.phase === "revealing") text = t("ui.link.audit.pending_for", { name: table.next.name || this.name(table.next.seat) });
    else text = has("link.audit.pending") ? t("link.audit.pending") : t("ui.link.audit.pending");
    this.auditText.textContent = text;
    // exactly which seat broke which commitment (the engine's sentence names the player)
    const problems = audit.problems || [];
    const line = (p) => (p.key && has(p.key) && p.params ? t(p.key, { ...p.params, name: this.name(p.seat) }) : p.text || "");
    this.auditProblems.replaceChildren(...problems.map((p) => el("li", { data: { seat: String(p.seat) }, text: line(p) })));
    if (audit.state === "failed" && !problems.length && audit.text) this.auditProblems.append(el("li", { text: audit.text }));
    this.auditProblems.hidden = !this.auditProblems.children.length;
  }

  renderMore() {
    const table = this.table;
    const mine = this.mine(table);
    this.moreEl.hidden = !table || !mine.length;
    if (this.moreEl.hidden) {
      this.exportPanel.el.hidden = true;
      return;
    }
    this.exportList.replaceChildren(
      ...mine.map((s) => {
        const btn = el("button", { type: "button", class: "btn", data: { export: String(s) }, text: t("ui.link.export.button", { name: this.name(s) }) });
        btn.addEventListener("click", () => this.showExport(s));
        return btn;
      }),
    );
    if (!this.exportPanel.el.hidden && this.exportSeat !== null) this.showExport(this.exportSeat);
  }

  showExport(seat) {
    const table = this.table;
    const key = this.keys[String(seat)];
    if (!table || !key) return;
    this.exportSeat = seat;
    const name = this.name(seat);
    this.exportPanel.set({
      url: `${fullUrl(table.link)}&k=${seat}.${key}`,
      heading: t("ui.link.export.title", { name }),
      lines: [t("ui.link.export.how", { name })],
      warning: t("ui.link.export.warning", { name }),
      data: { seat: String(seat) },
    });
    this.exportPanel.el.hidden = false;
  }

  _clearMessages() {
    if (!this.built) return;
    this.errorEl.hidden = true;
    this.noticeEl.hidden = true;
    this.exportPanel.el.hidden = true;
    this.exportSeat = null;
    this.moreEl.open = false;
    this.closeReplay();
  }

  // ================================================================ replay

  closeReplay() {
    if (!this.built) return;
    this.replay = null;
    this.replayEl.open = false;
    if (this.replayBoard) {
      this.replayBoard.destroy();
      this.replayBoard = null;
    }
  }

  async loadReplay(step) {
    const table = this.table;
    if (!table) return;
    const gen = this.gen;
    this.replayCaption.textContent = t("ui.link.replay.loading");
    try {
      const r = await this.py.call("link_replay", { link: table.link, keys: this.keys, step });
      if (gen !== this.gen || this.table !== table) return;
      this.replay = { ...r, link: table.link };
      if (!this.replayBoard && canDraw(table.game)) {
        this.replayBoard = makeBoard(table.game, this.replayHost, { onPlay: () => {}, onChange: () => {} });
      }
      if (this.replayBoard) {
        this.replayBoard.show(r.view, { legal: [], names: table.names, seat: table.seat, animate: true });
        requestAnimationFrame(() => this.replayBoard && this.replayBoard.resize());
      }
      this.replaySlider.max = String(r.steps);
      this.replaySlider.value = String(r.step);
      this.replayPrev.disabled = r.step <= 0;
      this.replayNext.disabled = r.step >= r.steps;
      const words = r.move ? moveWords(table.game, r.move, r.view, table.names) : "";
      this.replayCaption.textContent = words
        ? t("ui.link.replay.step_move", { step: r.step, steps: r.steps, move: words })
        : t("ui.link.replay.step", { step: r.step, steps: r.steps });
      this.replayEl.dataset.step = String(r.step);
    } catch (err) {
      if (gen === this.gen) this.replayCaption.textContent = this.errorText(err);
    }
  }

  // ================================================================ My games

  showMine() {
    this.gen++;
    this.table = null;
    this._enter("mine");
    $("#hint").hidden = true;
    this.setStatus(t("ui.link.mine.title"), "mine");
    this.renderMine();
    this.settled = this.gen;
  }

  renderMine() {
    const games = Object.entries(store.allGames()).sort((a, b) => (b[1].updated || 0) - (a[1].updated || 0));
    const live = games.filter(([, g]) => !g.archived);
    const archived = games.filter(([, g]) => g.archived);
    this.mineList.replaceChildren(...live.map(([id, g]) => this.mineItem(id, g)));
    this.mineEmpty.hidden = live.length > 0;
    this.archivedList.replaceChildren(...archived.map(([id, g]) => this.mineItem(id, g)));
    this.archivedEl.hidden = archived.length === 0;
    this.archivedSummary.textContent = t("ui.link.mine.archived", { n: archived.length });
  }

  whoseTurn(g) {
    const names = g.names || [];
    const nm = (s) => names[s] || t("seat.default", { n: s + 1 });
    const next = g.next;
    if (g.phase === "over") {
      const w = (g.outcome && g.outcome.winners) || [];
      return w.length ? t("ui.link.mine.won", { names: w.map(nm).join(t("ui.link.list_sep")) }) : t("ui.link.mine.draw");
    }
    if (g.phase === "revealing") return t("ui.link.mine.revealing");
    if (!next) return t("ui.link.status.waiting");
    if (g.my_turn || (g.mine || []).includes(next.seat)) return t("ui.link.mine.your_turn");
    const name = next.name || nm(next.seat);
    if (next.action === "join") return t("ui.link.status.wait_join", { name });
    if (next.action === "start") return t("ui.link.status.wait_start", { name });
    return t("ui.link.mine.their_turn", { name });
  }

  mineItem(id, g) {
    const names = g.names || [];
    const mine = g.mine || Object.keys(g.keys || {}).map(Number);
    const li = el("li", { class: `link-game-item${g.my_turn ? " my-turn" : ""}`, data: { linkId: id, game: g.game || "" } });
    li.append(el("h3", { text: has(`game.${g.game}`) ? t(`game.${g.game}`) : String(g.game || "") }));
    const who = el("p", { class: "link-game-names" });
    names.forEach((n, s) => {
      if (s) who.append(document.createTextNode(t("ui.link.list_sep")));
      const span = el("span", { class: mine.includes(s) ? "me" : "", text: n });
      who.append(span);
      if (mine.includes(s)) who.append(el("span", { class: "link-you", text: t("ui.link.mine.you_mark") }));
    });
    li.append(who);
    li.append(el("p", { class: "link-game-turn", data: { turn: g.my_turn ? "mine" : "other" }, text: this.whoseTurn(g) }));
    const when = g.updated ? new Date(g.updated) : null;
    if (when) {
      li.append(
        el("p", { class: "link-game-time" },
          el("span", { text: t("ui.link.mine.updated") }),
          el("time", { dateTime: when.toISOString(), title: when.toLocaleString(), text: relativeTime(when) })),
      );
    }
    const url = fullUrl(g.link);
    const field = el("input", { type: "text", class: "link-url", readOnly: true, value: url, "aria-label": t("ui.link.mine.latest"), data: { linkId: id } });
    field.addEventListener("focus", () => field.select());
    li.append(el("details", { class: "link-game-link" }, el("summary", { text: t("ui.link.mine.latest") }), field));
    const actions = el("div", { class: "link-game-actions" });
    actions.append(el("a", { class: "btn primary", href: `#${g.link}`, data: { action: "open" }, text: t("ui.link.mine.open_game") }));
    const copy = el("button", { type: "button", class: "btn", data: { action: "copy" }, text: typeof navigator.share === "function" ? t("ui.link.share.share") : t("ui.link.share.copy") });
    copy.addEventListener("click", async () => {
      try {
        if (typeof navigator.share === "function") await navigator.share({ title: t("ui.link.share.share_title"), url });
        else {
          await navigator.clipboard.writeText(url);
          this.toast(t("ui.link.share.copied"));
        }
      } catch (err) {
        if (err && err.name === "AbortError") return;
        field.closest("details").open = true;
        field.focus();
        field.select();
      }
    });
    actions.append(copy);
    const archive = el("button", { type: "button", class: "btn", data: { action: g.archived ? "restore" : "archive" }, text: g.archived ? t("ui.link.mine.restore") : t("ui.link.mine.archive") });
    archive.addEventListener("click", () => {
      store.setArchived(id, !g.archived);
      this.renderMine();
    });
    actions.append(archive);
    const del = el("button", { type: "button", class: "btn danger", data: { action: "delete" }, text: t("ui.link.mine.delete") });
    const confirm = el("div", { class: "link-confirm", hidden: true, role: "alertdialog", "aria-label": t("ui.link.mine.confirm") });
    const yes = el("button", { type: "button", class: "btn danger", data: { action: "confirm-delete" }, text: t("ui.link.mine.confirm_yes") });
    const no = el("button", { type: "button", class: "btn", data: { action: "cancel-delete" }, text: t("ui.seats.cancel") });
    confirm.append(el("p", { text: mine.length ? t("ui.link.mine.confirm_keys") : t("ui.link.mine.confirm") }), yes, no);
    del.addEventListener("click", () => {
      confirm.hidden = false;
      no.focus();
    });
    no.addEventListener("click", () => {
      confirm.hidden = true;
      del.focus();
    });
    yes.addEventListener("click", () => {
      store.removeGame(id);
      this.renderMine();
      this.toast(t("ui.link.mine.deleted"));
    });
    actions.append(del);
    li.append(actions, confirm);
    return li;
  }

  // ================================================================ DOM

  _build() {
    if (this.built) return;
    this.built = true;
    // errors and notices
    this.errorMsg = el("p", { class: "link-error-text", id: "link-error-text" });
    this.errorSaved = el("a", { class: "btn primary", id: "link-error-saved", text: t("ui.link.error.saved"), hidden: true });
    this.errorEl = el(
      "div",
      { class: "link-error", id: "link-error", role: "alert", hidden: true },
      el("h2", { text: t("ui.link.error.title") }),
      this.errorMsg,
      el("p", { class: "link-error-safe", text: t("ui.link.error.safe") }),
      el("div", { class: "link-actions" }, this.errorSaved, el("a", { class: "btn", href: MINE_HASH, text: t("ui.link.mine.open") }), el("a", { class: "btn", href: "#", text: t("ui.end.home") })),
    );
    this.noticeEl = el("p", { class: "link-notice", id: "link-notice", role: "status", hidden: true });
    // the game
    this.seatsEl = el("ol", { class: "link-seats", id: "link-seats", "aria-label": t("ui.link.seats.label") });
    this.spectatorEl = el("p", { class: "link-spectator", id: "link-spectator", hidden: true, text: t("ui.link.spectator") });
    this.claimIntro = el("p", { class: "link-claim-intro" });
    this.claimList = el("div", { class: "link-claim-list", role: "group", "aria-label": t("ui.link.claim.title") });
    const watch = el("button", { type: "button", class: "btn ghost", id: "link-watch", text: t("ui.link.claim.watch") });
    watch.addEventListener("click", () => {
      this.watching = true;
      this.renderGame();
    });
    this.claimEl = el(
      "section",
      { class: "link-claim", id: "link-claim", hidden: true, "aria-labelledby": "link-claim-title" },
      el("h2", { id: "link-claim-title", text: t("ui.link.claim.title") }),
      this.claimIntro,
      this.claimList,
      (this.claimFriendly = el("p", { class: "link-friendly", id: "link-claim-friendly", role: "note", hidden: true, text: t("ui.link.friendly") })),
      el("p", { class: "link-claim-note", text: t("ui.link.claim.note") }),
      watch,
    );
    this.boardHost = el("div", { class: "link-board", id: "link-board", hidden: true });
    // deciding
    this.promptEl = el("p", { class: "link-prompt", id: "link-prompt", "aria-live": "polite" });
    this.keepBox = el("input", { type: "checkbox", id: "link-keep-hidden" });
    this.keepLabel = el(
      "label",
      { class: "link-keep", id: "link-keep-label", hidden: true },
      this.keepBox,
      el("span", {}, el("strong", { text: t("ui.link.keep.label") }), el("small", { text: t("ui.link.keep.help") })),
    );
    this.movesEl = el("div", { class: "moves link-moves", id: "link-moves", role: "group", "aria-label": t("ui.link.moves.label") });
    this.decideEl = el("section", { class: "link-decide", id: "link-decide", hidden: true }, this.promptEl, this.keepLabel, this.movesEl);
    // the link to pass on
    this.share = new LinkPanel({ py: this.py, toast: this.toast, id: "link", className: "link-send" });
    this.share.el.hidden = true;
    // the end
    this.endTitle = el("h2", { class: "end-title", id: "link-end-title" });
    this.scoresEl = el("table", { class: "link-scores", id: "link-scores" });
    this.outcomeEl = el("p", { class: "link-outcome", id: "link-outcome" });
    this.stepsEl = el("ol", { class: "link-steps", id: "link-steps" });
    this.auditText = el("p", { class: "link-audit-text", id: "link-audit-text" });
    this.auditProblems = el("ul", { class: "link-audit-problems", id: "link-audit-problems" });
    this.auditEl = el(
      "section",
      { class: "link-audit", id: "link-audit", "aria-labelledby": "link-audit-title" },
      el("h3", { id: "link-audit-title", text: t("ui.link.audit.title") }),
      this.auditText,
      this.auditProblems,
      el("p", { class: "link-audit-about", text: t("ui.link.audit.about") }),
    );
    this.replayHost = el("div", { class: "link-replay-board" });
    this.replayPrev = el("button", { type: "button", class: "btn", id: "replay-prev", text: t("ui.link.replay.prev") });
    this.replayNext = el("button", { type: "button", class: "btn", id: "replay-next", text: t("ui.link.replay.next") });
    this.replaySlider = el("input", { type: "range", id: "replay-slider", min: "0", max: "0", step: "1", value: "0", "aria-label": t("ui.link.replay.slider") });
    this.replayCaption = el("p", { class: "link-replay-caption", id: "replay-caption", "aria-live": "polite" });
    this.replayPrev.addEventListener("click", () => this.replay && this.loadReplay(Math.max(0, this.replay.step - 1)));
    this.replayNext.addEventListener("click", () => this.replay && this.loadReplay(Math.min(this.replay.steps, this.replay.step + 1)));
    this.replaySlider.addEventListener("change", () => this.loadReplay(Number(this.replaySlider.value)));
    this.replayEl = el(
      "details",
      { class: "link-replay", id: "link-replay" },
      el("summary", { text: t("ui.link.replay.title") }),
      this.replayCaption,
      el("div", { class: "link-replay-controls" }, this.replayPrev, this.replaySlider, this.replayNext),
      this.replayHost,
    );
    this.replayEl.addEventListener("toggle", () => {
      if (this.replayEl.open && !this.replay) this.loadReplay(0);
    });
    this.endEl = el(
      "section",
      { class: "link-end", id: "link-end", hidden: true, "aria-labelledby": "link-end-title" },
      this.endTitle,
      this.outcomeEl,
      this.stepsEl,
      this.scoresEl,
      this.auditEl,
      this.replayEl,
    );
    // this game on this device: move a seat to another device
    this.exportList = el("div", { class: "link-export-list" });
    this.exportPanel = new LinkPanel({ py: this.py, toast: this.toast, id: "link-export", className: "link-export" });
    this.exportPanel.el.hidden = true;
    this.exportSeat = null;
    this.moreEl = el(
      "details",
      { class: "link-more", id: "link-more", hidden: true },
      el("summary", { text: t("ui.link.export.summary") }),
      el("p", { text: t("ui.link.export.intro") }),
      this.exportList,
      this.exportPanel.el,
    );
    const nav = el("p", { class: "link-nav" }, el("a", { class: "btn ghost", href: MINE_HASH, id: "link-to-mine", text: t("ui.link.mine.open") }));
    this.navEl = nav;
    this.gameEl = el(
      "div",
      { class: "link-game" },
      this.noticeEl,
      this.errorEl,
      this.seatsEl,
      this.spectatorEl,
      this.claimEl,
      this.boardHost,
      this.decideEl,
      this.endEl,
      this.share.el,
      this.moreEl,
      nav,
    );
    // My games
    this.mineList = el("ul", { class: "link-games", id: "link-games" });
    this.mineEmpty = el("p", { class: "link-empty", id: "link-mine-empty", text: t("ui.link.mine.empty") });
    this.archivedList = el("ul", { class: "link-games archived", id: "link-archived-list" });
    this.archivedSummary = el("summary");
    this.archivedEl = el("details", { class: "link-archived", id: "link-archived" }, this.archivedSummary, this.archivedList);
    this.mineEl = el(
      "section",
      { class: "link-mine", id: "link-mine", hidden: true, "aria-labelledby": "link-mine-title" },
      el("h1", { id: "link-mine-title", text: t("ui.link.mine.title") }),
      el("p", { class: "link-mine-intro", text: t("ui.link.mine.intro") }),
      this.mineEmpty,
      this.mineList,
      this.archivedEl,
      el("p", { class: "link-nav" }, el("a", { class: "btn", href: "#", text: t("ui.end.home") })),
    );
    this.rootEl = el("section", { class: "link-root", id: "link-view", hidden: true }, this.gameEl, this.mineEl);
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

/** "5 minutes ago", "yesterday"… in the page's language (numbers and units by Intl). */
function relativeTime(date) {
  const diff = (date.getTime() - Date.now()) / 1000;
  const abs = Math.abs(diff);
  let value = diff;
  let unit = "second";
  if (abs >= 86400 * 7) return date.toLocaleDateString();
  if (abs >= 86400) [value, unit] = [diff / 86400, "day"];
  else if (abs >= 3600) [value, unit] = [diff / 3600, "hour"];
  else if (abs >= 60) [value, unit] = [diff / 60, "minute"];
  try {
    return new Intl.RelativeTimeFormat(document.documentElement.lang || "en", { numeric: "auto" }).format(Math.round(value), unit);
  } catch (_) {
    return date.toLocaleString();
  }
}

// pygames page: routing, the start page, and the game controller.
// The page holds the match `record` (plain JSON) and asks pygames.bridge (Python,
// in a worker) for everything else: legal moves, results, bot moves. No rules here.

import { loadLocale, t, has, translateDom } from "./i18n.js";
import { Python } from "./python.js";
import { OkiyaBoard } from "./render/okiya.js";
import { PLANTS, SYMBOLS } from "./render/art.js";
import { THUMBS, tileImage } from "./ui/thumbs.js";
import { Turncoats } from "./games/turncoats.js";
import { Oriflamme } from "./games/oriflamme.js";
import { LinkPlay, isLinkHash } from "./link/link.js";
import { readJSON, writeJSON, randomSeed } from "./ui/storage.js";

const $ = (sel) => document.querySelector(sel);
const LEVELS = ["easy", "medium", "perfect"];
const FORMATS = ["single", "best_of_three", "points_10"];
const SAVE_KEY = "pygames.okiya.save";
const PREFS_KEY = "pygames.okiya.prefs";
const BOT_PAUSE_MS = 700;

/** The games the start page lists before Python is up (refreshed from the bridge later). */
let GAMES = [
  { id: "okiya", players: [2, 2], playable: true },
  { id: "oriflamme", players: [3, 5], playable: true },
  { id: "turncoats", players: [2, 5], playable: true },
];

let py = null;
let board = null;
let turncoats = null; // the Turncoats page (games/turncoats.js)
let oriflamme = null; // the Oriflamme page (games/oriflamme.js)
let link = null; // play by link (link/link.js)
const G = {
  route: null, // parsed #play route
  result: null, // the last STATE RESULT from the bridge
  gen: 0, // bumps whenever pending answers must be ignored
  busy: false, // waiting for the bridge after a human action
  thinking: false, // a bot is choosing a move
};

// ------------------------------------------------------------------ storage


// ------------------------------------------------------------------ routes


function parseRoute() {
  const hash = location.hash.replace(/^#\/?/, "");
  const [path, query = ""] = hash.split("?");
  const parts = path.split("/").filter(Boolean);
  if (parts[0] !== "play" || !parts[1]) return { name: "start" };
  const q = new URLSearchParams(query);
  const seedText = q.get("seed");
  const seed = seedText !== null && /^\d{1,15}$/.test(seedText) ? Number(seedText) : null;
  const bots = (q.get("bots") || "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s === "0" || s === "1")
    .map(Number);
  const level = LEVELS.includes(q.get("level")) ? q.get("level") : "medium";
  const format = FORMATS.includes(q.get("format")) ? q.get("format") : "single";
  return { name: "play", game: parts[1], seed, bots: [...new Set(bots)].sort(), level, format };
}

function routeHash(r) {
  return `#play/${r.game}?seed=${r.seed}&bots=${r.bots.join(",")}&level=${r.level}&format=${r.format}`;
}

const routeKey = (r) => routeHash(r);

function onRoute() {
  const route = parseRoute();
  // #play/turncoats?seed=..&players=..&bots=..&level=..&names=.. (form documented in ui/hotseat.js)
  if (route.name === "play" && route.game === "turncoats" && GAMES.some((g) => g.id === "turncoats" && g.playable)) {
    G.gen++;
    G.route = null;
    oriflamme.stop();
    turncoats.start(location.hash);
    return;
  }
  turncoats.stop();
  // #play/oriflamme?seed=..&players=..&bots=..&level=..&names=.. (form documented in ui/hotseat.js)
  if (route.name === "play" && route.game === "oriflamme" && GAMES.some((g) => g.id === "oriflamme" && g.playable)) {
    G.gen++;
    G.route = null;
    oriflamme.start(location.hash);
    return;
  }
  oriflamme.stop();
  // #g=<data> (a game played by passing links) and #my-games: link/link.js
  if (isLinkHash(location.hash)) {
    G.gen++;
    G.route = null;
    link.show(location.hash);
    return;
  }
  link.stop();
  if (route.name === "play" && !GAMES.some((g) => g.id === route.game && g.playable && g.id === "okiya")) {
    history.replaceState(null, "", "#");
    showStart();
    return;
  }
  if (route.name === "play") {
    if (route.seed === null) {
      route.seed = randomSeed();
      history.replaceState(null, "", routeHash(route));
    }
    if (G.route && routeKey(G.route) === routeKey(route) && !$("#view-game").hidden) return;
    startGame(route);
  } else {
    showStart();
  }
}

// ------------------------------------------------------------------ text helpers

const seatName = (seat) => t(`ui.seat.${seat}`);

/** Engine message text, with the seat parameter turned into the page's player name. */
function message(msg) {
  if (!msg) return "";
  const params = { ...(msg.params || {}) };
  if (Number.isInteger(params.seat)) params.name = seatName(params.seat);
  return t(msg.key, params);
}

function errorText(err) {
  if (err && err.key && has(err.key)) {
    const text = t(err.key, { detail: err.text || "", ...(err.params || {}) });
    return text;
  }
  return t("ui.error.internal", { detail: (err && (err.text || err.message)) || String(err) });
}

let toastTimer = 0;
function toast(text) {
  const el = $("#toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), 3500);
}

// ------------------------------------------------------------------ start page

function showStart() {
  G.gen++;
  G.route = null;
  $("#view-game").hidden = true;
  $("#view-start").hidden = false;
  $("#btn-new").hidden = true;
  $("#title").textContent = "";
  document.title = t("ui.app.name");
  renderGames();
}

function renderGames() {
  const list = $("#games");
  list.replaceChildren();
  const saved = readJSON(SAVE_KEY);
  for (const game of GAMES) {
    const li = document.createElement("li");
    li.className = "game-card" + (game.playable ? "" : " coming");
    li.dataset.game = game.id;
    if (!game.playable) li.dataset.coming = "";
    const art = document.createElement("canvas");
    art.setAttribute("aria-hidden", "true");
    const body = document.createElement("div");
    body.className = "body";
    const h2 = document.createElement("h2");
    h2.textContent = t(`game.${game.id}`);
    const meta = document.createElement("p");
    meta.className = "meta";
    const [lo, hi] = game.players;
    meta.textContent = lo === hi ? t("ui.games.players_exact", { n: lo }) : t("ui.games.players_range", { min: lo, max: hi });
    const blurb = document.createElement("p");
    blurb.className = "blurb";
    blurb.textContent = t(`game.${game.id}.tagline`);
    const row = document.createElement("div");
    row.className = "row";
    if (game.playable) {
      const play = document.createElement("button");
      play.type = "button";
      play.className = "btn primary";
      play.dataset.play = game.id;
      play.textContent = t("ui.games.play");
      play.addEventListener("click", () => (game.id === "turncoats" ? turncoats.openSetup() : game.id === "oriflamme" ? oriflamme.openSetup() : openNewGame()));
      row.append(play);
      if (saved && saved.hash && saved.result && !saved.result.match.over && game.id === "okiya") {
        const resume = document.createElement("a");
        resume.className = "btn";
        resume.href = saved.hash;
        resume.dataset.resume = game.id;
        resume.textContent = t("ui.games.resume");
        row.append(resume);
      }
      const tcResume = game.id === "turncoats" ? Turncoats.savedHash() : game.id === "oriflamme" ? Oriflamme.savedHash() : null;
      if (tcResume) {
        const resume = document.createElement("a");
        resume.className = "btn";
        resume.href = tcResume;
        resume.dataset.resume = game.id;
        resume.textContent = t("ui.games.resume");
        row.append(resume);
      }
    } else {
      const badge = document.createElement("span");
      badge.className = "badge";
      badge.textContent = t("ui.games.coming");
      row.append(badge);
    }
    body.append(h2, meta, blurb, row);
    li.append(art, body);
    list.append(li);
    requestAnimationFrame(() => THUMBS[game.id] && THUMBS[game.id](art));
  }
  if (link) link.decorateStart(list);
}

async function refreshGames() {
  try {
    const games = await py.call("games");
    if (Array.isArray(games) && games.length) {
      GAMES = games.map((g) => ({ id: g.id, players: g.players, playable: !!g.playable }));
      if (!$("#view-start").hidden) renderGames();
    }
  } catch (_) {
    /* the static list stays */
  }
}

// ------------------------------------------------------------------ new game sheet

function openNewGame() {
  if (turncoats && turncoats.active) return turncoats.openSetup();
  if (oriflamme && oriflamme.active) return oriflamme.openSetup();
  const dlg = $("#newgame");
  const form = $("#newgame-form");
  const prefs = G.route || readJSON(PREFS_KEY) || { bots: [1], level: "medium", format: "single" };
  for (const seat of [0, 1]) {
    $(`#seat${seat}-legend`).textContent = t("ui.newgame.seat", { player: seatName(seat), shape: t(`ui.seat.shape.${seat}`) });
    form.elements[`seat${seat}`].value = prefs.bots.includes(seat) ? "bot" : "human";
  }
  form.elements.level.value = prefs.level || "medium";
  form.elements.format.value = prefs.format || "single";
  syncLevel();
  dlg.returnValue = "";
  dlg.showModal();
}

function syncLevel() {
  const form = $("#newgame-form");
  const anyBot = [0, 1].some((s) => form.elements[`seat${s}`].value === "bot");
  for (const input of form.querySelectorAll('input[name="level"]')) input.disabled = !anyBot;
}

function onNewGameClosed() {
  const dlg = $("#newgame");
  if (dlg.returnValue !== "start") return;
  const form = $("#newgame-form");
  const bots = [0, 1].filter((s) => form.elements[`seat${s}`].value === "bot");
  const choice = { bots, level: form.elements.level.value, format: form.elements.format.value };
  writeJSON(PREFS_KEY, choice);
  location.hash = routeHash({ name: "play", game: "okiya", seed: randomSeed(), ...choice });
}

// ------------------------------------------------------------------ the game

function humanSeats() {
  return [0, 1].filter((s) => !G.route.bots.includes(s));
}

function isHumanTurn(r = G.result) {
  return !!r && r.to_move !== null && r.to_move !== undefined && !G.route.bots.includes(r.to_move);
}

function showGameView() {
  $("#view-start").hidden = true;
  $("#view-game").hidden = false;
  $("#btn-new").hidden = false;
  $("#title").textContent = t("game.okiya");
  document.title = `${t("game.okiya")} · ${t("ui.app.name")}`;
  if (!board) {
    board = new OkiyaBoard($("#board"), { onMove: (cell) => humanMove(cellMove(cell)) });
  } else {
    board.resize();
  }
}

async function startGame(route) {
  const gen = ++G.gen;
  G.route = route;
  G.result = null;
  G.busy = false;
  G.thinking = false;
  showGameView();
  const hash = routeHash(route);
  const saved = readJSON(SAVE_KEY);
  const resumed = saved && saved.hash === hash && saved.result ? saved.result : null;
  G.result = resumed;
  G.busy = true; // no moves until Python has confirmed the position
  render({ animate: false });
  try {
    await py.ready;
    if (gen !== G.gen) return;
    let res = null;
    if (resumed) {
      try {
        res = await py.call("state", { record: resumed.record });
      } catch (_) {
        res = null; // a save from an older engine: start afresh
      }
    }
    if (!res) res = await py.call("new_match", { game: route.game, seed: route.seed, players: 2, format: route.format });
    if (gen !== G.gen) return;
    G.busy = false;
    apply(res, { animate: !resumed });
  } catch (err) {
    if (gen === G.gen) {
      G.busy = false;
      $("#status").textContent = errorText(err);
      $("#status").dataset.state = "error";
    }
  }
}

function apply(result, { animate = true } = {}) {
  G.result = result;
  writeJSON(SAVE_KEY, { hash: routeHash(G.route), result });
  render({ animate });
  maybeBot();
}

function cellMove(cell) {
  const r = G.result;
  if (!r) return null;
  return r.legal.find((m) => moveCell(m) === cell) || null;
}

/** The cell a move's notation names (r{row}c{col}); -1 when it names none. */
function moveCell(move) {
  const m = /^r(\d)c(\d)$/.exec(move);
  return m ? Number(m[1]) * 4 + Number(m[2]) : -1;
}

async function humanMove(move) {
  const r = G.result;
  if (!move || !r || G.busy || G.thinking || !isHumanTurn(r) || !r.legal.includes(move)) return;
  const gen = G.gen;
  G.busy = true;
  renderMoves();
  try {
    const next = await py.call("play", { record: r.record, move });
    if (gen !== G.gen) return;
    G.busy = false;
    apply(next);
  } catch (err) {
    if (gen !== G.gen) return;
    G.busy = false;
    render();
    toast(errorText(err));
  }
}

async function maybeBot() {
  const r = G.result;
  if (!r || r.to_move === null || r.to_move === undefined || !G.route.bots.includes(r.to_move)) return;
  const gen = G.gen;
  G.thinking = true;
  render();
  const started = performance.now();
  try {
    const { move } = await py.call("bot_move", { record: r.record, level: G.route.level });
    const wait = BOT_PAUSE_MS - (performance.now() - started);
    if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
    if (gen !== G.gen || G.result !== r) return;
    const next = await py.call("play", { record: r.record, move });
    if (gen !== G.gen || G.result !== r) return;
    G.thinking = false;
    apply(next);
  } catch (err) {
    if (gen !== G.gen) return;
    G.thinking = false;
    render();
    toast(errorText(err));
  }
}

async function undo() {
  const r = G.result;
  const seats = humanSeats();
  if (!r || !seats.length || G.busy) return;
  const gen = ++G.gen;
  G.thinking = false;
  G.busy = true;
  render();
  try {
    const next = await py.call("undo", { record: r.record, seats });
    if (gen !== G.gen) return;
    G.busy = false;
    apply(next, { animate: false });
  } catch (err) {
    if (gen !== G.gen) return;
    G.busy = false;
    render();
    maybeBot();
    toast(errorText(err));
  }
}

async function nextGame() {
  const r = G.result;
  if (!r || G.busy) return;
  const gen = ++G.gen;
  G.busy = true;
  try {
    const next = await py.call("next_game", { record: r.record });
    if (gen !== G.gen) return;
    G.busy = false;
    apply(next);
  } catch (err) {
    if (gen !== G.gen) return;
    G.busy = false;
    toast(errorText(err));
  }
}

function rematch() {
  location.hash = routeHash({ ...G.route, seed: randomSeed() });
}

// ------------------------------------------------------------------ drawing the game

function seatTag(seat) {
  if (G.route.bots.includes(seat)) return t("ui.tag.bot", { level: t(`okiya.level.${G.route.level}`) });
  return humanSeats().length === 1 ? t("ui.tag.you") : t("ui.tag.human", { n: seat + 1 });
}

function render({ animate = true } = {}) {
  const r = G.result;
  const status = $("#status");
  const hint = $("#hint");
  const view = r ? r.view : null;
  const over = !!(view && view.outcome);
  const humanTurn = isHumanTurn(r) && !G.thinking;
  // status line
  if (!r) {
    status.textContent = t("ui.status.waiting");
    status.dataset.state = "waiting";
    hint.textContent = "";
  } else if (over) {
    status.textContent = message(view.outcome.message);
    status.dataset.state = "over";
    hint.textContent = "";
  } else if (G.thinking || !humanTurn) {
    status.textContent = t("ui.status.thinking", { player: seatName(r.to_move) });
    status.dataset.state = "thinking";
    hint.textContent = "";
  } else {
    const player = seatName(r.to_move);
    status.textContent = humanSeats().length === 1 ? t("ui.status.your_turn", { player }) : t("ui.status.turn", { player });
    status.dataset.state = "turn";
    hint.textContent = view.last === null ? t("ui.hint.opening") : t("ui.hint.follow");
  }
  if (r && !py.isReady) hint.textContent = t("ui.status.waiting");
  hint.hidden = !hint.textContent;
  document.documentElement.dataset.game = r ? `${r.match.game}:${view.ply}:${over ? "over" : r.to_move}` : "";
  // match bar
  const bar = $("#matchbar");
  if (r && r.match.format !== "single") {
    const [a, b] = r.match.score;
    bar.hidden = false;
    bar.textContent = [
      t(`okiya.format.${r.match.format}`),
      t("ui.match.game", { n: r.match.game }),
      t("ui.match.score", { p0: seatName(0), a, p1: seatName(1), b }),
    ].join(t("ui.separator"));
    bar.setAttribute("aria-label", t("ui.match.score_label", { p0: seatName(0), a, p1: seatName(1), b }));
  } else {
    bar.hidden = true;
  }
  // board
  if (board) {
    const legalCells = r && humanTurn && !G.busy ? r.legal.map(moveCell) : [];
    board.setView(view, {
      legal: legalCells,
      interactive: legalCells.length > 0,
      animate,
      labels: {
        lastTile: t("ui.board.last_tile"),
        seats: [seatName(0), seatName(1)],
        tags: G.route ? [seatTag(0), seatTag(1)] : ["", ""],
      },
    });
  }
  renderMoves();
  renderEnd();
  const undoBtn = $("#btn-undo");
  const moves = r ? r.record.games[r.record.games.length - 1].length : 0;
  undoBtn.disabled = !r || G.busy || humanSeats().length === 0 || moves === 0;
  undoBtn.hidden = humanSeats().length === 0;
}

function renderMoves() {
  const box = $("#moves");
  const r = G.result;
  const wanted = r && isHumanTurn(r) && !G.thinking && !G.busy && !r.view.outcome ? r.legal : [];
  const have = [...box.children].map((b) => b.dataset.move);
  if (have.join() === wanted.join()) return;
  // keep keyboard players in the list: the buttons vanish while the engine answers
  const focused = G.moveFocus || (document.activeElement && box.contains(document.activeElement));
  G.moveFocus = focused && wanted.length === 0;
  box.replaceChildren();
  for (const move of wanted) {
    const cell = moveCell(move);
    const tile = r.view.layout[cell];
    const tileText = t("okiya.tile", { plant: t(`okiya.plant.${PLANTS[tile >> 2]}`), symbol: t(`okiya.symbol.${SYMBOLS[tile & 3]}`) });
    const label = t("ui.move.label", { tile: tileText, row: (cell >> 2) + 1, col: (cell & 3) + 1 });
    const btn = document.createElement("button");
    btn.type = "button";
    btn.className = "move";
    btn.dataset.move = move;
    btn.setAttribute("aria-label", label);
    btn.title = label;
    const img = document.createElement("img");
    img.alt = "";
    img.src = tileImage(tile);
    const span = document.createElement("span");
    span.textContent = tileText;
    btn.append(img, span);
    btn.addEventListener("click", () => humanMove(move));
    btn.addEventListener("focus", () => board && board.setFocus(cell));
    btn.addEventListener("blur", () => board && board.setFocus(null));
    btn.addEventListener("pointerenter", () => board && board.setFocus(cell));
    btn.addEventListener("pointerleave", () => board && board.setFocus(null));
    box.append(btn);
  }
  if (board) board.setFocus(null);
  if (focused && box.firstElementChild) box.firstElementChild.focus();
}

function renderEnd() {
  const panel = $("#endpanel");
  const r = G.result;
  const outcome = r && r.view.outcome;
  if (!outcome) {
    panel.hidden = true;
    $("#moves").hidden = false;
    return;
  }
  $("#moves").hidden = true;
  const humans = humanSeats();
  const match = r.match;
  let title;
  if (match.over && match.format !== "single" && match.message) title = message(match.message);
  else if (!outcome.winners.length) title = t("ui.end.title.draw");
  else if (humans.length === 1) title = humans.includes(outcome.winners[0]) ? t("ui.end.title.you_win") : t("ui.end.title.you_lose");
  else title = t("ui.end.title.win", { player: seatName(outcome.winners[0]) });
  $("#end-title").textContent = title;
  // the status line gives the engine's account of the result, the match bar the score
  let detail = "";
  if (match.format !== "single" && match.over) {
    const [a, b] = match.score;
    detail = t("ui.match.score_label", { p0: seatName(0), a, p1: seatName(1), b });
  }
  $("#end-detail").textContent = detail;
  $("#end-detail").hidden = !detail;
  $("#btn-next").hidden = !match.can_continue;
  $("#btn-rematch").hidden = match.can_continue;
  const wasHidden = panel.hidden;
  panel.hidden = false;
  if (wasHidden && document.activeElement && document.activeElement.classList.contains("move")) {
    (match.can_continue ? $("#btn-next") : $("#btn-rematch")).focus();
  }
}

// ------------------------------------------------------------------ loading Python

let shownPct = 0;
let targetPct = 0;
let capPct = 8;
let stage = "runtime";
let creep = 0;

function paintProgress() {
  const el = $("#loading");
  el.querySelector(".fill").style.width = `${shownPct}%`;
  el.setAttribute("aria-valuenow", String(Math.round(shownPct)));
  el.querySelector(".label").textContent = t(`ui.loading.stage.${stage}`, { pct: Math.round(shownPct) });
}

function onProgress(newStage, pct) {
  stage = newStage;
  targetPct = Math.max(targetPct, pct);
  shownPct = Math.max(shownPct, pct);
  capPct = newStage === "runtime" ? 78 : newStage === "engine" ? 98 : 100;
  paintProgress();
  if (!creep) {
    // Pyodide reports nothing while it starts: creep towards the next milestone.
    creep = setInterval(() => {
      shownPct += (capPct - shownPct) * 0.04;
      paintProgress();
    }, 150);
  }
}

function onReady() {
  clearInterval(creep);
  shownPct = 100;
  stage = "ready";
  paintProgress();
  $("#loading").classList.add("done");
  document.documentElement.dataset.python = "ready";
  performance.mark("py:ready");
  refreshGames();
  registerServiceWorker();
}

function onFatal(error) {
  clearInterval(creep);
  const el = $("#loading");
  el.classList.add("error");
  el.querySelector(".fill").style.width = "0";
  el.querySelector(".label").textContent = t("ui.error.load", { detail: (error && error.text) || "" });
  document.documentElement.dataset.python = "failed";
  if (!el.querySelector("button")) {
    const again = document.createElement("button");
    again.type = "button";
    again.className = "btn";
    again.textContent = t("ui.error.reload");
    again.addEventListener("click", () => location.reload());
    el.append(again);
  }
  const status = $("#status");
  if (!$("#view-game").hidden) {
    status.textContent = t("ui.error.load", { detail: (error && error.text) || "" });
    status.dataset.state = "error";
  }
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.register("./sw.js").catch(() => {});
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!hadController) toast(t("ui.sw.offline_ready"));
  });
}

// ------------------------------------------------------------------ boot

function exposeTestHooks() {
  // For tests and tools: board geometry and the current bridge result.
  window.__pygames = {
    cellCenter: (cell) => (board ? board.cellCenter(cell) : null),
    state: () => (G.result ? JSON.parse(JSON.stringify(G.result)) : null),
    busy: () => G.busy || G.thinking,
    route: () => (G.route ? routeHash(G.route) : null),
  };
}

async function boot() {
  performance.mark("py:app-boot");
  exposeTestHooks();
  py = new Python({ onProgress, onReady, onFatal });
  turncoats = new Turncoats({ py, toast, root: $("#view-game") });
  oriflamme = new Oriflamme({ py, toast, root: $("#view-game") });
  link = new LinkPlay({ py, toast, root: $("#view-game") });
  await loadLocale((navigator.language || "en").slice(0, 2));
  translateDom();
  paintProgress();
  $("#btn-new").addEventListener("click", openNewGame);
  $("#btn-end-new").addEventListener("click", openNewGame);
  $("#btn-undo").addEventListener("click", undo);
  $("#btn-next").addEventListener("click", nextGame);
  $("#btn-rematch").addEventListener("click", rematch);
  $("#newgame").addEventListener("close", onNewGameClosed);
  $("#newgame-form").addEventListener("change", syncLevel);
  window.addEventListener("hashchange", onRoute);
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    if (!$("#view-start").hidden) renderGames();
    else {
      $("#moves").replaceChildren();
      renderMoves();
    }
  });
  onRoute();
}

boot();

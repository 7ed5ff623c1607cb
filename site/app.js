// pygames page: routing and the start page. The games come from games.json (the
// registry the build writes from pygames.bridge.games()), so the start page paints
// before Python is ready; a game's page is the module games/<id>.js (loaded on first
// use, its stylesheet games/<id>.css beside it: ui/sheets.js), a HotSeatGame (ui/hotseat.js) whose
// static config names the game. Link play (#g=..., #my-games) is link/link.js, loaded on first
// use like the cards' pictures (ui/thumbs.js and each game's render/<id>-thumb.js): the start page's first paint
// waits for neither.

import { loadLocale, t, translateDom } from "./i18n.js";
import { Python } from "./python.js";
import { decorateStart } from "./link/start.js";
import { MINE_HASH, isLinkHash } from "./link/routes.js";
import { savedHash, storageWorks, onStorageTrouble } from "./ui/storage.js";
import { Notices } from "./ui/notices.js";
import { Updates } from "./ui/updates.js";
import { wantedLanguages, mountPicker } from "./ui/language.js";
import { gameStylesheet } from "./ui/sheets.js";
import { learnedId } from "./ui/learn.js";

const $ = (sel) => document.querySelector(sel);

let py = null;
let link = null; // play by link (link/link.js), once loaded
let linkLoading = null;
let registry = []; // games.json: [{id, players, levels, default_level, level_key, formats, options, secrets, calls, ...}]
const pages = new Map(); // game id -> its page (a promise, loaded on first use)
let current = null; // the page shown (null: the start page or link play)
let routeGen = 0; // bumps at every route change: a page loaded meanwhile is not shown
let updates = null; // the service worker's side (ui/updates.js), once the catalogs are in
let booted; // resolves when the boot's catalogs and notices are in
const bootDone = new Promise((done) => (booted = done));
// the service worker installs once Python's calls have been quiet this long (at the latest this long after ready)
const QUIET_MS = 500;
const QUIET_MAX_MS = 5000;

// ------------------------------------------------------------------ the registry and the pages

async function loadRegistry() {
  try {
    const res = await fetch(new URL("./games.json", import.meta.url));
    if (res.ok) registry = await res.json();
  } catch (_) {
    registry = []; // the start page says nothing rather than a wrong list
  }
}

/** The page of a registry game: games/<id>.js's export whose static config names the game. */
function pageOf(info) {
  if (!pages.has(info.id)) {
    const loading = Promise.all([import(`./games/${info.id}.js`), gameStylesheet(info.id)]).then(([module]) => {
      const Page = Object.values(module).find((v) => typeof v === "function" && v.config && v.config.game === info.id);
      if (!Page) throw new Error(`games/${info.id}.js exports no page whose static config names "${info.id}"`);
      return new Page({ py, toast, root: $("#view-game"), info });
    });
    loading.catch(() => pages.delete(info.id)); // offline and not cached yet: try again next time
    pages.set(info.id, loading);
  }
  return pages.get(info.id);
}

/** Play by link (link/link.js), loaded on first use: a link's address or "Play with friends". */
function linkPlay() {
  if (!linkLoading) {
    linkLoading = import("./link/link.js").then(({ LinkPlay }) => {
      link = new LinkPlay({ py, toast, root: $("#view-game") });
      link.setGames(registry);
      return link;
    });
    linkLoading.catch(() => (linkLoading = null)); // offline and not cached yet: try again next time
  }
  return linkLoading;
}

/** The game id a `#play/<id>?...` or `#learn/<id>` (its guided first game: ui/learn.js) hash names, or null. */
function routedId(hash) {
  const m = /^#\/?(?:play|learn)\/([^/?]+)/.exec(hash);
  return m ? m[1] : null;
}

async function stopPages(except = null) {
  for (const loading of pages.values()) {
    const page = await loading.catch(() => null);
    if (page && page !== except) page.stop();
  }
}

// ------------------------------------------------------------------ routes

async function onRoute() {
  const gen = ++routeGen;
  const hash = location.hash;
  const id = routedId(hash);
  // (a guided first game only for a game that declares its lesson)
  const game = registry.find((g) => g.id === id && (g.lesson || !learnedId(hash)));
  if (game) {
    if (link) link.stop();
    try {
      const page = await pageOf(game);
      if (gen !== routeGen) return;
      await stopPages(page);
      if (gen !== routeGen) return;
      current = page;
      page.start(hash);
    } catch (err) {
      if (gen === routeGen) toast(t("ui.error.internal", { detail: (err && err.message) || String(err) }));
    }
    return;
  }
  current = null;
  await stopPages();
  if (gen !== routeGen) return;
  // #g=<data> (a game played by passing links) and #my-games: link/link.js
  if (isLinkHash(hash)) {
    try {
      const play = await linkPlay();
      if (gen === routeGen) play.show(hash);
    } catch (err) {
      if (gen === routeGen) toast(t("ui.error.internal", { detail: (err && err.message) || String(err) }));
    }
    return;
  }
  if (link) link.stop();
  if (id) {
    // a game nobody can play here: the start page, and why (unless the registry itself is missing)
    history.replaceState(null, "", "#");
    if (registry.length) bootDone.then(() => gen === routeGen && toast(t("error.unknown_game", { game: id.slice(0, 40) })));
  }
  showStart();
}

// ------------------------------------------------------------------ text helpers

let toastTimer = 0;
/** Say `text` in the toast strip for a while. `unlessBusy`: news that can wait (false, and
 * nothing said, while another message shows: a player would miss the one it replaced). */
function toast(text, { unlessBusy = false } = {}) {
  const el = $("#toast");
  if (unlessBusy && !el.hidden) return false;
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), 3500);
  return true;
}

// ------------------------------------------------------------------ start page

function showStart() {
  $("#view-game").hidden = true;
  $("#view-start").hidden = false;
  $("#btn-new").hidden = true;
  $("#title").textContent = "";
  document.title = t("ui.app.name");
  document.documentElement.dataset.game = "";
  renderGames();
}

/**
 * Draws the cards' pictures after the list's first paint, one picture a task: the list
 * never waits for them, and no start-up task is long (a picture sizes its canvas from
 * the laid-out card, which costs nothing once the frame is painted).
 */
function drawThumbs(cards) {
  const pictures = import("./ui/thumbs.js");
  const next = async ({ drawThumbInto }) => {
    const [id, art] = cards.shift() || [];
    if (!art) return;
    // a game's picture is its own module, render/<id>-thumb.js; one that fails leaves its card plain
    if (art.isConnected) await drawThumbInto(id, art).catch((err) => console.warn(`no start-page picture for ${id}:`, err));
    setTimeout(() => next({ drawThumbInto }), 0);
  };
  requestAnimationFrame(() => setTimeout(() => pictures.then(next, () => {}), 0));
}

function renderGames() {
  const list = $("#games");
  list.replaceChildren();
  const cards = [];
  for (const game of registry) {
    const li = document.createElement("li");
    li.className = "game-card";
    li.dataset.game = game.id;
    const art = document.createElement("canvas");
    art.setAttribute("aria-hidden", "true");
    const body = document.createElement("div");
    body.className = "body";
    const h2 = document.createElement("h2");
    h2.textContent = t(`game.${game.id}`);
    const meta = document.createElement("p");
    meta.className = "meta";
    const lo = Math.min(...game.players), hi = Math.max(...game.players);
    meta.textContent = lo === hi ? t("ui.games.players_exact", { n: lo }) : t("ui.games.players_range", { min: lo, max: hi });
    const blurb = document.createElement("p");
    blurb.className = "blurb";
    blurb.textContent = t(`game.${game.id}.tagline`);
    const row = document.createElement("div");
    row.className = "row";
    const play = document.createElement("button");
    play.type = "button";
    play.className = "btn primary";
    play.dataset.play = game.id;
    play.textContent = t("ui.games.play");
    play.addEventListener("click", () => pageOf(game).then((page) => page.openSetup(), (err) => toast(t("ui.error.internal", { detail: String(err) }))));
    row.append(play);
    if (game.lesson) {
      const learn = document.createElement("a");
      learn.className = "btn";
      learn.href = `#learn/${game.id}`;
      learn.dataset.learn = game.id;
      learn.textContent = t("ui.learn.link");
      row.append(learn);
    }
    const resume = savedHash(game.id);
    if (resume) {
      const a = document.createElement("a");
      a.className = "btn";
      a.href = resume;
      a.dataset.resume = game.id;
      a.textContent = t("ui.games.resume");
      row.append(a);
    }
    body.append(h2, meta, blurb, row);
    li.append(art, body);
    list.append(li);
    cards.push([game.id, art]);
  }
  drawThumbs(cards);
  const onNew = (id) => linkPlay().then((play) => play.openNew(id), (err) => toast(t("ui.error.internal", { detail: String(err) })));
  decorateStart(list, { mineHash: MINE_HASH, onNew });
}

// ------------------------------------------------------------------ loading Python

let shownPct = 0;
let targetPct = 0;
let capPct = 8;
let stage = "runtime";
let creep = 0;
let fatal = null; // why Python could not start, once known (painted once the catalogs are in)
let wordsIn = false; // the catalogs are in: the bar may say where the start is

function paintProgress() {
  if (fatal) return; // the bar says why Python could not start (paintFatal)
  const el = $("#loading");
  // a transform, eased by the compositor (style.css): the bar moves without main-thread frames
  el.querySelector(".fill").style.transform = `scaleX(${shownPct / 100})`;
  el.setAttribute("aria-valuenow", String(Math.round(shownPct)));
  // its words once the catalogs are in (boot paints them then), never a catalog key before
  if (wordsIn) el.querySelector(".label").textContent = t(`ui.loading.stage.${stage}`, { pct: Math.round(shownPct) });
  el.dataset.stage = stage; // a game page's empty board says it too (ui/early.js)
  document.dispatchEvent(new CustomEvent("pygames:loading", { detail: { stage, pct: shownPct } }));
}

function onProgress(newStage, pct) {
  stage = newStage;
  targetPct = Math.max(targetPct, pct);
  shownPct = Math.max(shownPct, pct);
  capPct = newStage === "runtime" ? 78 : newStage === "engine" ? 98 : 100;
  paintProgress();
  if (!creep) {
    // Pyodide reports nothing while it starts: creep towards the next milestone, a step a
    // second (the bar eases into each step, then rests; a faster tick only wakes the page up).
    creep = setInterval(() => {
      shownPct += (capPct - shownPct) * 0.24;
      paintProgress();
    }, 1000);
  }
}

function onReady(msg) {
  clearInterval(creep);
  shownPct = 100;
  stage = "ready";
  paintProgress();
  $("#loading").classList.add("done");
  document.documentElement.dataset.python = "ready";
  document.documentElement.dataset.pythonStart = (msg && msg.start) || ""; // "snapshot" | "fresh"
  performance.mark("py:ready");
  // the service worker's install (it reads and stores the whole build) once the page has drawn what
  // Python's arrival brought: at once, on two cores it turned that frame into a long task of ~0.1 s
  const info = { build: msg && msg.build, bytes: msg && msg.bytes, files: msg && msg.files };
  bootDone.then(() => py.quiet(QUIET_MS, QUIET_MAX_MS)).then(() => updates.start(info));
}

// what a start's failure says, by the key the worker (or python.js) gave it; "ui.error.catalogs":
// the page's words could not be had (noWords), "ui.error.worker": the worker died once ready (onLost)
const FATAL_KEYS = ["ui.error.load", "ui.error.stalled", "ui.error.deploy", "ui.error.catalogs", "ui.error.worker"];

function onFatal(error) {
  clearInterval(creep);
  fatal = error || {};
  document.documentElement.dataset.python = "failed";
  // before the catalogs are in, the words wait for them (boot paints the bar once they are)
  bootDone.then(paintFatal);
  // a complete version in the service worker's cache loads the page again by itself
  bootDone.then(() => updates.recover());
}

/** The worker died after Python was ready: the bar says so with a Reload (each call out failed). */
function onLost(error) {
  clearInterval(creep);
  fatal = error;
  document.documentElement.dataset.python = "lost";
  bootDone.then(paintFatal);
}

/** The loading bar says why Python could not start, with a Reload; so does a game's status line. */
function paintFatal() {
  const key = FATAL_KEYS.includes(fatal.key) ? fatal.key : "ui.error.load";
  const words = t(key, { detail: fatal.text || "" });
  const el = $("#loading");
  el.classList.remove("done");
  el.classList.add("error");
  el.querySelector(".fill").style.transform = "scaleX(0)";
  el.querySelector(".label").textContent = words;
  el.dataset.stage = "failed";
  if (!el.querySelector("button")) {
    const again = document.createElement("button");
    again.type = "button";
    again.className = "btn";
    again.id = "loading-reload";
    again.textContent = t("ui.error.reload");
    again.addEventListener("click", () => location.reload());
    el.append(again);
  }
  const status = $("#status");
  if (!$("#view-game").hidden) {
    status.textContent = words;
    status.dataset.state = "error";
  }
}

// ------------------------------------------------------------------ notices

/** A calm moment for "A new version is ready": no decision and no privacy screen is up. */
function calm() {
  if (!$("#view-start").hidden) return true;
  if ($("#view-game").dataset.mode === "link") {
    const hooks = window.__pygames && window.__pygames.link;
    if (!hooks || !hooks.idle()) return false;
    return hooks.screen() === "mine" || ["wait", "watch", "end"].includes(hooks.mode());
  }
  const privacy = $("#privacy");
  if (privacy && !privacy.hidden) return false;
  return $("#status").dataset.state === "over";
}

function startNotices() {
  const notices = new Notices({ onReload: () => updates.apply(), onReloadMixed: () => updates.reloadMixed() });
  updates = new Updates({ notices, calm, toast });
  onStorageTrouble(() => notices.show("storage"));
  storageWorks(); // the test write: a page that cannot keep games says so at once
  // screens, status and privacy screens change these attributes: a moment may have become calm
  new MutationObserver((records) => {
    if (records.some((r) => !notices.el.contains(r.target))) updates.refresh();
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-state", "hidden", "data-link-mode"] });
}

// ------------------------------------------------------------------ boot

/**
 * No catalog could be had (a first visit whose connection failed): the page has no words but the
 * few built into i18n.js (BUILT_IN), so it shows no screen of its own, only why, with a Reload.
 * Python is stopped: nothing could say what it does.
 */
function noWords() {
  py.stop();
  clearInterval(creep);
  $("#view-start").hidden = true;
  $("#view-game").hidden = true;
  document.title = t("ui.app.name");
  $(".brand span").textContent = t("ui.app.name");
  $("#loading").setAttribute("aria-label", t("ui.app.name"));
  document.documentElement.dataset.words = "failed";
  fatal = { key: "ui.error.catalogs" };
  paintFatal();
}

async function boot() {
  performance.mark("py:app-boot");
  // a game's or a link's address never shows the start page: its heading is not painted first
  if (routedId(location.hash) || isLinkHash(location.hash)) $("#view-start").hidden = true;
  py = new Python({ onProgress, onReady, onFatal, onLost });
  // a game page's module loads beside the catalogs: its board's frame is the first thing it draws
  const routed = routedId(location.hash);
  if (routed && /^[a-z]+$/.test(routed)) {
    import(`./games/${routed}.js`).catch(() => {});
    gameStylesheet(routed);
  }
  const [code] = await Promise.all([loadLocale(wantedLanguages()), loadRegistry()]);
  if (!code) return noWords();
  translateDom();
  mountPicker($("#lang"));
  startNotices();
  wordsIn = true;
  booted();
  paintProgress();
  $("#btn-new").addEventListener("click", () => current && current.openSetup());
  window.addEventListener("hashchange", onRoute);
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    if (!$("#view-start").hidden) renderGames();
    else if (current) current.render({ animate: false });
  });
  onRoute();
}

boot();

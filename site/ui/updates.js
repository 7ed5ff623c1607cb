// The service worker (sw.js) from the page's side: registering it once Python is up, telling
// the player when a new version waits ("A new version is ready — Reload", only at a calm
// moment: the page asks `calm()`), saying when offline play is not available (not enough
// storage, or the install failed), recovering by itself when the engine could not start
// while a complete version is cached, and never leaving a page whose own files and engine are
// of two builds (a first visit or a hard reload during a deploy): it reloads into one build, or
// says so. Test hook: window.__pygames.updates().

import { t } from "../i18n.js";

const NO_ROOM_KEY = "pygames.offline.no_room"; // the build whose install ran out of space
const RECOVER_KEY = "pygames.recover"; // sessionStorage: recoveries tried in this tab
// while a new version is asked to take over: a nudge this often, and a reload at the latest this late
const NUDGE_MS = 1000;
const NUDGE_MAX_MS = 10_000;

function session(key, value) {
  try {
    if (value === undefined) return sessionStorage.getItem(key);
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch (_) {
    return "blocked"; // no way to count tries: no recovery by reload
  }
  return null;
}

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Resolves once `worker` is installed or activated (true), or redundant (false). */
function settled(worker) {
  const done = () => ["installed", "activating", "activated"].includes(worker.state);
  if (done() || worker.state === "redundant") return Promise.resolve(done());
  return new Promise((resolve) => {
    worker.addEventListener("statechange", () => {
      if (done() || worker.state === "redundant") resolve(done());
    });
  });
}

export class Updates {
  /** @param {{notices: object, calm: () => boolean, toast: (text: string, opts?: {unlessBusy?: boolean}) => boolean}} opts */
  constructor({ notices, calm, toast }) {
    this.notices = notices;
    this.calm = calm;
    this.toast = toast;
    this.reg = null;
    this.reloading = false;
    this.offlineNews = false; // true: "Ready to play offline" waits to be said at a calm moment
    // controller: the version serving this page; page: the build its files came with (null: files
    // of two builds); python: the build the engine came from; stale: the page's files that are
    // not of the engine's build (a first visit or a hard reload during a deploy)
    this.hook = { controller: null, page: null, python: null, waiting: false, offline: "pending", failed: [], stale: [] };
    // the build of the version serving the page (its build-info.json; without a service worker,
    // the server's, past the HTTP cache)
    this.pageBuild = fetch(new URL("../build-info.json", import.meta.url), { cache: "no-cache" })
      .then((res) => (res.ok ? res.json() : null))
      .then((info) => (info && info.hash) || null)
      .catch(() => null);
    window.__pygames = window.__pygames || {};
    window.__pygames.updates = () => ({ ...this.hook, failed: [...this.hook.failed], stale: [...this.hook.stale] });
  }

  get supported() {
    return "serviceWorker" in navigator && window.isSecureContext;
  }

  /** Once Python is up and its first answers are drawn (app.js: the install then competes with
   * nothing): `build`, `bytes` and `files` (build-info.json's) as the engine reported them. */
  async start({ build, bytes, files }) {
    this.hook.python = build || null;
    const sw = this.supported ? navigator.serviceWorker : null;
    const hadController = !!(sw && sw.controller);
    // The page's own files: under a service worker, its version's; without one (a first visit, a
    // hard reload), those this load got, each checked against the engine's build.
    const stale = hadController ? [] : await this.staleFiles(files);
    const own = hadController ? await this.pageBuild : stale.length ? null : build || null;
    this.hook.page = own;
    this.staleUrls = stale;
    this.hook.stale = stale.map((url) => new URL(url).pathname);
    // a page of one build with an engine of another (a hard reload into a half-done deploy)
    const mixed = !!build && (hadController ? !!own && own !== build : stale.length > 0);
    if (mixed && (await this.recover(stale))) return;
    if (stale.length) this.notices.show("mixed", true); // two builds still: Reload once the deploy is over
    else session(RECOVER_KEY, null);
    if (!sw) return this.setOffline("unsupported");
    sw.addEventListener("message", (event) => this.onMessage(event.data || {}));
    sw.addEventListener("controllerchange", async () => {
      if (this.reloading) return location.reload();
      const version = await this.askVersion();
      // another tab took a new version: reload when calm (the same version under a wider scope is no news)
      if (hadController) this.setWaiting(version !== build);
      else {
        this.setOffline("ready");
        this.offlineNews = true; // told at a calm moment: a strip appearing mid-turn moves the board under a finger
        this.refresh();
      }
    });
    if (!hadController && (this.noRoomFor(build) || !(await this.roomFor(bytes)))) return this.setOffline("quota");
    try {
      this.reg = await this.register();
    } catch (_) {
      return this.setOffline("failed");
    }
    if (!this.reg) return this.setOffline("failed"); // a browser that blocks service workers answers nothing
    this.watch(this.reg);
    if (hadController) this.setOffline("ready");
    this.askVersion();
  }

  /**
   * sw.js for the page's folder ("/pygames/"), and for its address without the slash where the
   * server allows it (Service-Worker-Allowed: GitHub Pages cannot send it), so "/pygames" opens offline.
   */
  async register() {
    const sw = navigator.serviceWorker;
    const folder = new URL("./", location.href);
    const bare = folder.pathname.replace(/\/$/, "");
    if (bare) {
      try {
        const reg = await sw.register("./sw.js", { scope: bare });
        for (const narrow of await sw.getRegistrations()) if (narrow.scope === folder.href) narrow.unregister();
        return reg;
      } catch (_) {
        /* not allowed here: the folder only */
      }
    }
    return sw.register("./sw.js");
  }

  /** Whether the estimate leaves room for a whole build (a browser that cannot tell: yes). */
  async roomFor(bytes) {
    try {
      const { quota, usage } = await navigator.storage.estimate();
      return !(bytes > 0 && quota - usage < bytes);
    } catch (_) {
      return true;
    }
  }

  noRoomFor(build) {
    try {
      return localStorage.getItem(NO_ROOM_KEY) === build;
    } catch (_) {
      return false;
    }
  }

  watch(reg) {
    const track = (worker) => {
      if (!worker) return;
      settled(worker).then((ok) => {
        if (ok && navigator.serviceWorker.controller) this.setWaiting(!!reg.waiting);
      });
    };
    if (reg.waiting && navigator.serviceWorker.controller) this.setWaiting(true);
    track(reg.installing);
    reg.addEventListener("updatefound", () => track(reg.installing));
  }

  onMessage(msg) {
    if (msg.type !== "sw-install-failed") return;
    this.hook.failed.push(msg.reason);
    if (msg.reason !== "quota") return; // a mismatch is retried at a later visit; the cached version serves
    try {
      localStorage.setItem(NO_ROOM_KEY, msg.version);
    } catch (_) {
      /* then the next visit finds out again */
    }
    if (!navigator.serviceWorker.controller) this.setOffline("quota");
  }

  /** Offline play: "pending", "ready", "quota" (not enough storage), "failed" or "unsupported". */
  setOffline(state) {
    this.hook.offline = state;
    const why = { quota: "ui.sw.offline_no_room", failed: "ui.sw.offline_failed" }[state];
    this.notices.show("offline", !!why, why ? t(why) : null);
  }

  setWaiting(waiting) {
    this.hook.waiting = waiting;
    this.refresh();
  }

  /**
   * At a calm moment (checked on every change of screen): show the update notice when a version
   * waits, and say once that the site now plays offline.
   */
  refresh() {
    const calm = this.calm();
    this.notices.show("update", this.hook.waiting && calm);
    // never over another message (it is said once that one has gone: the strip's hiding is a change of screen)
    if (this.offlineNews && calm && this.toast(t("ui.sw.offline_ready"), { unlessBusy: true })) this.offlineNews = false;
  }

  /** `urls` from the server past the browser's cache, which keeps them for the next load. */
  refetch(urls) {
    return Promise.all(urls.map((url) => fetch(url, { cache: "reload" }).catch(() => null)));
  }

  /** The mixed page notice's Reload: its stale files again from the server, then the page. */
  async reloadMixed() {
    await this.refetch(this.staleUrls || []);
    location.reload();
  }

  /** The notice's Reload: the waiting version takes over, then the page loads again from it. */
  apply() {
    this.reloading = true;
    const waiting = this.reg && this.reg.waiting;
    if (!waiting) return location.reload();
    waiting.postMessage({ type: "skip-waiting" });
    this.nudge(this.reg);
  }

  /**
   * Until the waiting version of `reg` has taken over (controllerchange then reloads the page):
   * the browser switches once the old version is idle, and asks it to stop as soon as it is; a
   * request that reaches it meanwhile (the start page loading its pictures, another tab) starts
   * it again, and Chromium then lets it run its idle time (30 s; for ever under DevTools) first. Loading
   * a page or a worker's script of the site asks it again, so a tiny worker (nudge.js) is
   * started every NUDGE_MS; after NUDGE_MAX_MS the page reloads anyway: Reload always reloads.
   */
  nudge(reg) {
    const since = performance.now();
    const again = () => {
      if (!reg.waiting) return;
      if (performance.now() - since > NUDGE_MAX_MS) return location.reload();
      try {
        new Worker(new URL("./nudge.js", import.meta.url));
      } catch (_) {
        /* no workers: the reload below still comes */
      }
      setTimeout(again, NUDGE_MS);
    };
    setTimeout(again, NUDGE_MS);
  }

  /** The version of the service worker serving the page (null: none, or one too old to say). */
  askVersion() {
    const controller = navigator.serviceWorker.controller;
    if (!controller) return Promise.resolve(null);
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => {
        this.hook.controller = (event.data || {}).version || null;
        resolve(this.hook.controller);
      };
      controller.postMessage({ type: "version" }, [channel.port2]);
    });
  }

  /**
   * The page's own files (the page and every file this load fetched from its folder, but the
   * engine's runtime and wheels, which the worker checks) whose bytes are not those `files`
   * (the engine's build-info.json) lists: as the browser's cache holds them, [] when all are.
   */
  async staleFiles(files) {
    if (!files || !(crypto && crypto.subtle)) return [];
    const base = new URL("./", location.href).href;
    const urls = new Set([base]);
    for (const entry of performance.getEntriesByType("resource")) urls.add(entry.name.replace(/[?#].*$/, ""));
    const check = async (url) => {
      const path = url.slice(base.length) || "index.html";
      if (!url.startsWith(base) || !Object.hasOwn(files, path) || /^(pyodide|wheels)\//.test(path)) return null;
      try {
        const res = await fetch(url, { cache: "force-cache" });
        return res.ok && (await sha256(await res.arrayBuffer())) !== files[path] ? url : null;
      } catch (_) {
        return null; // not to be had again now: not counted against the page
      }
    };
    return (await Promise.all([...urls].map(check))).filter(Boolean);
  }

  /**
   * The page and its engine are of two builds (`stale`: the page's files not of the engine's),
   * or Python could not start. When a complete version is (or is about to be) cached, load the
   * page from it; on a first visit, fetch the stale files again past the browser's cache and
   * reload. True when a reload is on its way (at most twice a tab, so never a loop).
   */
  async recover(stale = []) {
    const tries = Number(session(RECOVER_KEY) || 0);
    if (!Number.isFinite(tries) || tries >= 2) return false;
    const reg = this.supported ? await navigator.serviceWorker.getRegistration().catch(() => null) : null;
    if (!reg && !stale.length) return false;
    if (session(RECOVER_KEY, String(tries + 1)) === "blocked") return false;
    if (!reg) {
      await this.refetch(stale);
      location.reload();
      return true;
    }
    if (!navigator.serviceWorker.controller && reg.active) {
      location.reload(); // a hard reload went past the cached version
      return true;
    }
    await reg.update().catch(() => {});
    const next = reg.installing || reg.waiting;
    if (!next || !(await settled(next))) return false;
    this.reg = reg;
    this.reloading = true;
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
    if (next.state === "activated") location.reload();
    else {
      next.postMessage({ type: "skip-waiting" });
      this.nudge(reg);
    }
    return true;
  }
}

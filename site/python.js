// The page's side of the worker: promise-based calls onto pygames.bridge.

export class BridgeError extends Error {
  constructor(error) {
    super(error && (error.text || error.key) || "error");
    this.key = error && error.key;
    this.params = (error && error.params) || {};
    this.text = error && error.text;
  }
}

/** A timing as a performance mark (worker times arrive as absolute epoch ms), with its detail if any. */
function mark(name, startTime = performance.now(), detail = undefined) {
  try {
    performance.mark(name, { startTime, detail });
  } catch (_) {
    /* timings are best-effort */
  }
}

/** This device holds a memory snapshot: its next visits look for it (index.html's first script
 * starts the worker with "#no-snapshot" while this flag is missing). */
function rememberSnapshot() {
  try {
    localStorage.setItem("pygames.snapshot-stored", "1");
  } catch (_) {
    /* then every visit looks */
  }
}

/** A start that hears nothing from the worker this long has stalled (a test sets window.__pygamesStallMs). */
const STALL_MS = 20_000;

export class Python {
  /**
   * onFatal(error): Python could not start; onLost(error): the worker died after it was ready
   * (each call out, and each call after, rejects with error, key "ui.error.worker").
   */
  constructor({ onProgress = () => {}, onReady = () => {}, onFatal = () => {}, onLost = () => {} } = {}) {
    this.pending = new Map();
    this.nextId = 1;
    this.isReady = false;
    this.failed = null; // why the start failed (a BridgeError), once it has
    this.lost = null; // why the worker is gone after it was ready (a BridgeError), once it is
    this.onLost = onLost;
    this.heard = performance.now(); // the worker's last word while it starts (any message counts)
    this.lastBusy = 0; // when a call last went out or came back
    this.ready = new Promise((resolve, reject) => {
      this._resolve = resolve;
      this._reject = reject;
    });
    this.ready.catch(() => {});
    // started by index.html's first script, with what it said meanwhile; else started here
    const early = window.__pygamesWorker;
    delete window.__pygamesWorker;
    if (!early) mark("py:worker-create");
    this.worker = early ? early.worker : new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    const fail = (error) => {
      if (this.isReady || this.failed) return;
      this.failed = new BridgeError(error);
      this._reject(this.failed);
      this.rejectAll(this.failed); // a stopped worker answers none of them
      onFatal(error);
    };
    this.worker.onmessage = (event) => {
      const msg = event.data || {};
      this.heard = performance.now();
      if (this.failed) return; // given up on: what it says now comes too late
      if (msg.type === "progress") onProgress(msg.stage, msg.pct);
      else if (msg.type === "wasm") this.wasmModule = msg.module; // kept alive here: see worker.js
      else if (msg.type === "mark") {
        mark(`py:${msg.name}`, msg.t - performance.timeOrigin, msg.detail);
        if (msg.name === "snapshot-stored") rememberSnapshot();
      }
      else if (msg.type === "ready") {
        mark("py:ready-message");
        this.isReady = true;
        this._resolve(msg);
        onReady(msg);
      } else if (msg.type === "fatal") {
        fail(msg.error);
      } else if (msg.id !== undefined && this.pending.has(msg.id)) {
        const { resolve, reject } = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        this.lastBusy = performance.now();
        if (msg.ok) resolve(msg.result);
        else reject(new BridgeError(msg.error));
      }
    };
    // an error the worker did not handle: before ready, the start failed; after, the worker is
    // taken for dead (it may have dropped a call, which would then wait for ever)
    this.worker.onerror = (event) => {
      const text = (event && event.message) || "worker error";
      if (this.isReady) this.lose(text);
      else fail({ key: "ui.error.load", params: {}, text });
    };
    this.worker.onmessageerror = () => this.isReady && this.lose("a message from the worker could not be read");
    for (const event of early ? early.events : []) {
      if (event.type === "error") this.worker.onerror(event);
      else this.worker.onmessage(event);
    }
    this.watch(fail);
  }

  /**
   * A start whose downloads stop (a connection that drops without a word: no error ever comes)
   * fails once the worker has said nothing for STALL_MS: the worker says "alive" while bytes
   * arrive, so a slow connection is not a stalled one. The worker is stopped.
   */
  watch(fail) {
    const limit = Number(window.__pygamesStallMs) > 0 ? Number(window.__pygamesStallMs) : STALL_MS;
    const check = () => {
      if (this.isReady || this.failed) return;
      const left = this.heard + limit - performance.now();
      if (left > 0) return setTimeout(check, Math.min(left, 1000) + 10);
      this.worker.terminate();
      fail({ key: "ui.error.stalled", params: {}, text: `nothing for ${Math.round(limit / 1000)} s` });
    };
    check();
  }

  /**
   * The worker is gone after Python was ready (it crashed, ran out of memory, or said an error
   * it did not handle): it is stopped, each call out rejects (none waits for ever) and so does
   * each call after; onLost says so once.
   */
  lose(text = "the worker stopped") {
    if (this.lost) return;
    this.lost = new BridgeError({ key: "ui.error.worker", params: {}, text });
    this.worker.terminate();
    this.rejectAll(this.lost);
    this.onLost(this.lost);
  }

  /** Stop the worker for good, Python or not (the page cannot be used: its words are missing). */
  stop() {
    this.failed = this.failed || new BridgeError({ key: "ui.error.load", params: {}, text: "stopped" });
    this.worker.terminate();
    this.rejectAll(this.failed);
  }

  rejectAll(error) {
    const out = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of out) reject(error);
  }

  /** Call pygames.bridge `fn` with keyword arguments `args`; resolves to its result. */
  call(fn, args = {}) {
    if (this.lost || this.failed) return Promise.reject(this.lost || this.failed);
    const id = this.nextId++;
    this.lastBusy = performance.now();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, fn, args });
    });
  }

  /** Resolves once no call has been out for `ms` (counted from now; each call and answer starts the
   * wait again) and the main thread is idle, or `maxMs` from now: for work that must not compete
   * with the page drawing its answers. */
  quiet(ms, maxMs) {
    const from = performance.now();
    const until = from + maxMs;
    return new Promise((done) => {
      const check = () => {
        const now = performance.now();
        const left = Math.min(Math.max(this.lastBusy, from) + ms, until) - now;
        const busy = this.pending.size > 0;
        if (now < until && (busy || left > 0)) setTimeout(check, busy ? Math.min(ms, until - now) : left);
        else if (window.requestIdleCallback) requestIdleCallback(done, { timeout: 1000 });
        else done();
      };
      check();
    });
  }
}

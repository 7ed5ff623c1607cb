// Python (Pyodide) in a module worker: the page never freezes while the engine
// loads or a bot thinks. Protocol:
//   page -> worker  {id, fn, args}
//   worker -> page  {id, ok: true, result} | {id, ok: false, error: {key, params, text}}
//                   {type: "wasm", module} (the compiled runtime, for the page to keep) |
//                   {type: "progress", stage, pct} | {type: "alive"} |
//                   {type: "ready", version, build, bytes, files, start} | {type: "fatal", error}
// (build: the content hash of the build the engine came from; bytes: the size of that build;
// files: {path: sha256} of that build (its build-info.json); start: "snapshot" when restored
// from this device's memory snapshot (snapshot.js), else "fresh"; alive: bytes are arriving,
// at most once a second while Python starts, so the page can tell a slow start from a stalled one)

// No static import: the runtime's fetches start the moment this script runs (its helpers load beside them),
// Pyodide's module first: on a page that loads its own modules at the same time (six connections to a
// host over HTTP/1.1), it is the start's next step and must not queue behind the others.
const pyodideP = import("./pyodide/pyodide.mjs");
const snapshots = import("./snapshot.js");
const extrasModule = () => import("./extras.js"); // after ready, for the calls that need one

let bridge = null;
const post = (msg) => self.postMessage(msg);
const progress = (stage, pct) => post({ type: "progress", stage, pct });
// Start-up timings: the page turns them into performance marks "py:<name>" (see python.js).
const mark = (name, detail) => post({ type: "mark", name, t: performance.timeOrigin + performance.now(), detail });
mark("worker-start");

// While Python starts, every download says it is moving ({type: "alive"}, at most once a second):
// the page gives up on a start that hears nothing for a while (python.js), not on a slow one.
let lastAlive = 0;
function alive() {
  const now = performance.now();
  if (now - lastAlive < 1000) return;
  lastAlive = now;
  post({ type: "alive" });
}
/** `res`, its bytes counted as they arrive (on a copy: the response itself is left untouched). */
function counted(res) {
  if (!res.body || typeof res.clone !== "function") return res;
  const reader = res.clone().body.getReader();
  const pump = () => reader.read().then(({ done }) => {
    if (done || started) return reader.cancel().catch(() => {});
    alive();
    return pump();
  });
  pump().catch(() => {});
  return res;
}
let started = false; // Python is up (or gave up): downloads are no longer watched
const plainFetch = self.fetch;
self.fetch = function (input, init) {
  return plainFetch.call(this, input, init).then((res) => (started ? res : counted(res)));
};

const here = (path) => new URL(path, import.meta.url).href;
const WASM_URL = here("./pyodide/pyodide.asm.wasm");
// Pyodide imports its runtime's JavaScript (pyodide.asm.mjs, over a megabyte) itself, a download
// the worker cannot watch: asked for here first, its bytes say the start moves (the browser's
// cache then answers Pyodide's import).
fetch(here("./pyodide/pyodide.asm.mjs"))
  .then((res) => res.arrayBuffer())
  .catch(() => {});

/**
 * Pyodide's pyodide.asm.wasm, compiled here as soon as the worker starts, beside everything
 * else it fetches: never on the page's main thread, whose long tasks a player would feel
 * (Lighthouse counted ~300 ms of them). The module is posted to the page ({type: "wasm"}),
 * which keeps it: the page's V8 isolate outlives a reload of the same site (a reload always
 * gets a fresh worker), so the next worker's compile finds the same bytes' code still alive
 * and a warm start skips compiling (compileRuntime resolves to null when Pyodide should load
 * it itself). Its download's failure (offline, an HTTP error) fails the start at once, with the
 * file's name: Pyodide, asked for it, would wait for ever.
 */
const wasmResponse =
  typeof WebAssembly === "object" && typeof WebAssembly.compileStreaming === "function"
    ? fetch(WASM_URL).then(
        (res) => {
          if (!res.ok) throw new Error(`pyodide/pyodide.asm.wasm: HTTP ${res.status}`);
          return res;
        },
        (err) => {
          throw new Error(`pyodide/pyodide.asm.wasm: ${String((err && err.message) || err)}`);
        },
      )
    : null;
/** Rejects if the runtime's download failed; never resolves otherwise. */
const wasmFailed = wasmResponse ? wasmResponse.then(() => new Promise(() => {})) : new Promise(() => {});
wasmFailed.catch(() => {});
function compileRuntime() {
  return wasmResponse ? WebAssembly.compileStreaming(wasmResponse).catch(() => null) : Promise.resolve(null);
}
const wasmModule = compileRuntime();
wasmModule.then((module) => {
  mark("wasm-compiled");
  if (module) post({ type: "wasm", module });
});

/**
 * Run `body` (loadPyodide) instantiating the module compiled above instead of
 * fetching and compiling the .wasm a second time. Pyodide fetches the .wasm with
 * fetch() and hands the response to WebAssembly.instantiateStreaming; both are
 * swapped while `body` runs. Without a compiled module, they do what they did.
 */
async function withCompiledWasm(modulePromise, body) {
  const realFetch = self.fetch;
  const realInstantiate = WebAssembly.instantiateStreaming;
  const isWasm = (input) => (input instanceof Request ? input.url : String(input)) === WASM_URL;
  const PLACEHOLDER = Symbol("page-wasm");
  self.fetch = function (input, init) {
    if (!isWasm(input)) return realFetch.call(this, input, init);
    return modulePromise.then((module) => {
      if (!module) return realFetch.call(self, input, init);
      return Object.assign(new Response(null, { status: 204 }), { [PLACEHOLDER]: true });
    });
  };
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const res = await source;
    if (!(res && res[PLACEHOLDER])) return realInstantiate.call(WebAssembly, res, imports);
    const module = await modulePromise;
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  try {
    return await Promise.race([body(), wasmFailed]);
  } finally {
    self.fetch = realFetch;
    WebAssembly.instantiateStreaming = realInstantiate;
  }
}

/** A start that failed because the server gave files of two builds (a deploy under way). */
class Mismatch extends Error {
  constructor(path, build) {
    super(`${path}: not the file of build ${build}`);
    this.name = "Mismatch";
  }
}

/**
 * The bytes of `path`, checked against the hash build-info.json lists for it: a wheel of
 * another build (a CDN serving two deploys at once) fails here, not as a mixed engine. A copy
 * in the HTTP cache that is not the listed file is fetched again past it ("reload").
 */
async function fetchChecked(info, path) {
  const want = (info.files || {})[path];
  for (const cache of ["default", "reload"]) {
    const res = await fetch(here(path), { cache });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    const body = await res.arrayBuffer();
    if (!want || !crypto.subtle) return body;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
    const got = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    if (got === want) return body;
  }
  throw new Mismatch(path, info.hash);
}

/** The snapshot problem reported so far (once per worker: the console is not a log). */
let snapshotReported = false;
function reportSnapshot(what, err) {
  if (snapshotReported) return;
  snapshotReported = true;
  console.warn(`pygames: memory snapshot ${what} (${String((err && err.message) || err)}); normal start`);
}

/** loadPyodide with this page's options (and the runtime compiled above). */
function startPython(loadPyodide, extra) {
  return withCompiledWasm(wasmModule, () =>
    loadPyodide({
      indexURL: here("./pyodide/"),
      stdout: (line) => console.log(line),
      stderr: (line) => console.warn(line),
      ...extra,
    }),
  );
}

/** The interpreter from a stored snapshot: the engine is imported already; its files come
 * back on disk for what it imports later, and `random` gets a fresh seed (the snapshot's
 * state would otherwise repeat at every visit). Throws if the snapshot does not restore. */
async function restore(loadPyodide, bytes, wheelP) {
  const pyodide = await startPython(loadPyodide, { _loadSnapshot: bytes });
  mark("snapshot-restored");
  pyodide.unpackArchive(await wheelP, "wheel");
  mark("wheel-loaded");
  const whole = pyodide.runPython(
    "import importlib, random, sys\n" +
      "importlib.invalidate_caches()\n" +
      "random.seed()\n" +
      "'pygames.bridge' in sys.modules",
  );
  if (whole !== true) throw new Error("the snapshot holds no engine");
  return pyodide;
}

/** A fresh interpreter with the engine imported (ready for a snapshot if `wantSnapshot`). */
async function startFresh(loadPyodide, wheelP, wantSnapshot) {
  const pyodide = await startPython(loadPyodide, wantSnapshot ? { _makeSnapshot: true } : {});
  mark("pyodide-loaded");
  progress("engine", 80);
  // Our own pure-Python wheel: unpacked into site-packages (loadPackage(url) would
  // fetch the same bytes, then resolve it against the package lock first).
  pyodide.unpackArchive(await wheelP, "wheel");
  mark("wheel-loaded");
  progress("engine", 92);
  pyodide.runPython("import pygames.bridge, random"); // the bridge only: a game on its first use
  return pyodide;
}

/**
 * Copy the interpreter's memory and store it for the next visits (between two calls: Python
 * idle). The start imported only the bridge (a game comes on its first use): the whole engine
 * is imported first, so a later visit restores every game and its bots.
 */
async function keepSnapshot(pyodide, key) {
  let bytes;
  try {
    pyodide.runPython("import pygames.bridge\npygames.bridge.import_engine()");
    mark("engine-imported");
    bytes = pyodide.makeMemorySnapshot();
    mark("snapshot-made");
  } catch (err) {
    reportSnapshot("not made", err);
    return;
  }
  try {
    await (await snapshots).writeSnapshot(key, bytes);
    mark("snapshot-stored");
  } catch (err) {
    reportSnapshot("not stored", err);
  }
}

async function init() {
  progress("runtime", 2);
  // build-info.json, the wheel and a stored snapshot, beside the runtime's JS (asked for above).
  // build-info.json is asked of the server each time ("no-cache": unchanged, a 304): a copy
  // kept from a deploy's middle would otherwise fail every start until it expires.
  const infoP = fetch(here("./build-info.json"), { cache: "no-cache" }).then((res) => {
    if (!res.ok) throw new Error(`build-info.json: HTTP ${res.status}`);
    return res.json();
  });
  const wheelP = infoP.then((info) => fetchChecked(info, info.wheel));
  wheelP.catch(() => {});
  infoP.then(() => mark("build-info"), () => {});
  const keyP = infoP.then((info) => snapshots.then((snap) => snap.snapshotKey(import.meta.url, info.hash, info.pyodide)));
  // a device that holds no snapshot (a first visit) starts Python without waiting for build-info.json;
  // one that never stored any (the page's "#no-snapshot") does not even open Cache Storage, whose
  // first opening on a new profile can take a tenth of a second or more
  const storedP =
    self.location.hash === "#no-snapshot"
      ? Promise.resolve(null)
      : snapshots
          .then(async (snap) => ((await snap.anySnapshot()) ? snap.readSnapshot(await keyP) : null))
          .catch((err) => {
            reportSnapshot("not read", err);
            return null;
          });
  const { loadPyodide } = await pyodideP;
  mark("pyodide-imported");
  progress("runtime", 10);
  const stored = await storedP;
  let pyodide = null;
  let keep = null;
  let start = "fresh";
  if (stored) {
    try {
      pyodide = await restore(loadPyodide, stored, wheelP);
      start = "snapshot";
    } catch (err) {
      reportSnapshot("not restored", err);
      snapshots.then((snap) => snap.dropSnapshots()).catch(() => {});
    }
  }
  if (!pyodide) {
    const wantSnapshot = typeof caches !== "undefined";
    pyodide = await startFresh(loadPyodide, wheelP, wantSnapshot);
    // made after ready, at the first quiet moment (whenQuiet): the first visit does not wait for it
    if (wantSnapshot) keep = async () => keepSnapshot(pyodide, await keyP);
  }
  const info = { ...(await infoP), keep, start };
  bridge = pyodide.pyimport("pygames.bridge");
  mark("bridge-imported");
  progress("ready", 100);
  pyodideRef = pyodide;
  return info;
}

// The optional packages a few calls need (segno for QR codes), installed by micropip on first
// use (extras.js), never before this visit's snapshot is made: the snapshot is the start only.
let pyodideRef = null;
let extras = null;

/**
 * Work for a quiet moment: `job` runs once no call has come for QUIET_MS (each call defers it),
 * so the first visit's snapshot never holds up the first calls of the page it started for.
 */
const QUIET_MS = 600;
let quietJob = null;
let quietTimer = 0;
function whenQuiet(job) {
  if (job) quietJob = job;
  clearTimeout(quietTimer);
  if (!quietJob) return;
  quietTimer = setTimeout(() => {
    const run = quietJob;
    quietJob = null;
    run();
  }, QUIET_MS);
}

const ready = init().then(
  (info) => {
    started = true;
    const { version, hash: build, bytes, files, start } = info;
    post({ type: "ready", version, build, bytes, files, start });
    const kept = info.keep ? new Promise((done) => whenQuiet(() => info.keep().finally(done))) : null;
    extras = extrasModule().then(({ Extras }) => new Extras(info, here("./"), { mark, after: kept }));
    return info;
  },
  (err) => {
    started = true;
    // files of two builds side by side: a deploy is under way (a reload once it is over works)
    const key = err && err.name === "Mismatch" ? "ui.error.deploy" : "ui.error.load";
    post({ type: "fatal", error: { key, params: {}, text: String(err && err.message || err) } });
    throw err;
  },
);
ready.catch(() => {}); // said to the page ("fatal"); each call that waits on it answers with the error

self.onmessage = async (event) => {
  const { id, fn, args } = event.data || {};
  if (id === undefined) return;
  const fail = (key, err) => post({ id, ok: false, error: { key, params: {}, text: String(err && err.message || err) } });
  try {
    await ready;
  } catch (err) {
    return fail("ui.error.load", err);
  }
  try {
    await (await extras).need(pyodideRef, String(fn));
  } catch (err) {
    console.warn(`pygames: ${fn}: optional package not installed (${String((err && err.message) || err)})`);
    return fail("ui.error.extra", err);
  }
  let reply;
  try {
    const out = JSON.parse(bridge.call(String(fn), JSON.stringify(args || {})));
    reply = out.ok
      ? { id, ok: true, result: out.result }
      : { id, ok: false, error: out.error || { key: "ui.error.internal", params: {}, text: "" } };
  } catch (err) {
    reply = { id, ok: false, error: { key: "ui.error.internal", params: {}, text: String(err && err.message || err) } };
  }
  post(reply);
  whenQuiet();
};

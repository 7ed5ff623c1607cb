// The Python worker's memory snapshot: the ready interpreter with the engine imported,
// kept in Cache Storage so a later visit (online or offline) restores it instead of
// starting Python and importing the engine again. One snapshot at a time, keyed by the
// build hash (a new deploy misses it, makes its own and drops the old one) and the
// Pyodide version. Anything wrong with it (missing, truncated, another runtime) means the
// normal boot; python's own check refuses a snapshot of another runtime build.

const STORE = "pygames.snapshot"; // not "pygames-…": the service worker keeps only its own version of those
const LENGTH_HEADER = "X-Pygames-Snapshot-Length";

/** The Cache Storage key of the snapshot of build `hash` on Pyodide `pyodide`. */
export function snapshotKey(base, hash, pyodide) {
  return new URL(`./__snapshot__/${encodeURIComponent(pyodide)}/${encodeURIComponent(hash)}`, base).href;
}

/** Whether any snapshot is stored (none: a first visit starts Python without looking for its key). */
export async function anySnapshot() {
  if (typeof caches === "undefined" || !(await caches.has(STORE))) return false;
  return (await (await caches.open(STORE)).keys()).length > 0;
}

/** The stored snapshot bytes for `key`, or null (none, or not whole). */
export async function readSnapshot(key) {
  if (typeof caches === "undefined") return null;
  const cache = await caches.open(STORE);
  const hit = await cache.match(key);
  if (!hit) return null;
  const want = Number(hit.headers.get(LENGTH_HEADER));
  const bytes = new Uint8Array(await hit.arrayBuffer());
  if (!want || bytes.length !== want) throw new Error(`stored snapshot is ${bytes.length} bytes, not ${want}`);
  return bytes;
}

/** Store `bytes` as the only snapshot (older builds' ones are deleted first). */
export async function writeSnapshot(key, bytes) {
  if (typeof caches === "undefined") return;
  const cache = await caches.open(STORE);
  for (const old of await cache.keys()) await cache.delete(old);
  const headers = { "Content-Type": "application/octet-stream", [LENGTH_HEADER]: String(bytes.length) };
  await cache.put(key, new Response(bytes, { headers }));
}

/** Forget every stored snapshot (one that failed to restore). */
export async function dropSnapshots() {
  if (typeof caches !== "undefined") await caches.delete(STORE);
}

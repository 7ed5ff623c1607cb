// Service worker: precaches one whole build of the site (runtime, wheel, page, icons) in a
// versioned cache so the games work offline. The build fills in {url: sha256} of every file
// and the content-hash version below: this script IS the build.
//
// A build is installed only when every file it caches has the hash listed here (a CDN may
// serve files of two deploys side by side for a while): any mismatch fails the install, the
// complete old version keeps serving and the browser tries again at a later visit. A new
// version waits until the page asks for it ("A new version is ready — Reload"), so it never
// swaps under a running game; with no page open it takes over at once.
//
// Messages: page -> worker {type: "skip-waiting"} | {type: "version"} (answered on the
// port given); worker -> pages {type: "sw-install-failed", version, reason: "quota" | "mismatch", detail}.

const VERSION = "__CACHE_VERSION__";
const PRECACHE = typeof __PRECACHE__ === "undefined" ? {} : __PRECACHE__;
// The optional packages' files (micropip, the package index, its wheels: build.py is_optional):
// cached, checked like the others, the first time the Python worker asks for them, so a first
// visit does not download them; a later version reuses them from this one when unchanged.
const LAZY = typeof __LAZY__ === "undefined" ? {} : __LAZY__;
const PREFIX = "pygames-";
const CACHE = PREFIX + VERSION;
const SCOPE = new URL("./", self.location.href);
const INDEX = new URL("./index.html", self.location.href).href;
// each cached response carries its verified hash, so a later build reuses it without a download
const HASH_HEADER = "X-Pygames-Sha256";
const PARALLEL = 4;

class Mismatch extends Error {
  constructor(url) {
    super(`${url}: not the file this build lists`);
    this.name = "Mismatch";
  }
}

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A cacheable copy of `res` with body `body`, marked with its hash. */
function stamped(res, body, sha) {
  const headers = new Headers();
  for (const name of ["Content-Type", "Last-Modified", "ETag"]) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set(HASH_HEADER, sha);
  return new Response(body, { status: 200, statusText: "OK", headers });
}

/** The file at `url` with hash `sha` from an older version's cache (hashing entries older builds did not mark). */
async function fromOlderCaches(olderCaches, url, sha) {
  for (const cache of olderCaches) {
    const hit = await cache.match(url);
    if (!hit) continue;
    const marked = hit.headers.get(HASH_HEADER);
    if (marked === sha) return hit;
    if (marked) continue;
    const body = await hit.arrayBuffer();
    if ((await sha256(body)) === sha) return stamped(hit, body, sha);
  }
  return null;
}

/** The file at `url` from the network, past the HTTP cache if need be, or Mismatch. */
async function fromNetwork(url, sha) {
  // "force-cache" takes what the page just downloaded (the first visit fetches nothing twice);
  // "no-cache" revalidates (an unchanged file costs a 304); "reload" then skips the HTTP cache.
  // Whatever the mode, only the bytes this build lists are kept.
  for (const mode of ["force-cache", "no-cache", "reload"]) {
    const res = await fetch(url, { cache: mode });
    if (!res.ok) continue;
    const body = await res.arrayBuffer();
    if ((await sha256(body)) === sha) return stamped(res, body, sha);
  }
  throw new Mismatch(url);
}

/** Fill this version's cache with every listed file, each checked against its hash. */
async function precache() {
  const cache = await caches.open(CACHE);
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
  const olderCaches = await Promise.all(names.map((n) => caches.open(n)));
  const todo = Object.entries(PRECACHE);
  const one = async ([path, sha]) => {
    const url = new URL(path, SCOPE).href;
    const have = await cache.match(url); // an install tried before kept what it verified
    if (have && have.headers.get(HASH_HEADER) === sha) return;
    const res = (await fromOlderCaches(olderCaches, url, sha)) || (await fromNetwork(url, sha));
    await cache.put(url, res);
  };
  const lanes = Array.from({ length: PARALLEL }, async () => {
    while (todo.length) await one(todo.shift());
  });
  await Promise.all(lanes);
  for (const [path, sha] of Object.entries(LAZY)) {
    const url = new URL(path, SCOPE).href;
    const kept = (await cache.match(url)) ? null : await fromOlderCaches(olderCaches, url, sha);
    if (kept) await cache.put(url, kept);
  }
}

/** An optional file (LAZY) from the network, checked and kept in this version's cache. */
async function cacheOnUse(cache, req, path) {
  try {
    const res = await fromNetwork(req.url, LAZY[path]);
    await cache.put(new URL(path, SCOPE).href, res.clone());
    return res;
  } catch (_) {
    return fetch(req); // offline, or not this build's file: the network's answer, not kept
  }
}

/** Whether every older cache of the site predates checked versions (its entries carry no hash). */
async function onlyUncheckedCaches() {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const [first] = await cache.keys();
    const entry = first && (await cache.match(first));
    if (entry && entry.headers.get(HASH_HEADER)) return false;
  }
  return true;
}

async function tellPages(msg) {
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    client.postMessage(msg);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      try {
        await precache();
      } catch (err) {
        const quota = err && err.name === "QuotaExceededError";
        if (quota) await caches.delete(CACHE); // give the space back; a mismatch keeps what it verified
        await tellPages({
          type: "sw-install-failed",
          version: VERSION,
          reason: quota ? "quota" : "mismatch",
          detail: String((err && err.message) || err),
        });
        throw err;
      }
      // nothing runs an older version (or only one from before versions were checked, whose
      // pages cannot ask): take over now; otherwise the page chooses when
      const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      if (!self.registration.active || pages.length === 0 || (await onlyUncheckedCaches())) await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  if (msg.type === "skip-waiting") self.skipWaiting();
  else if (msg.type === "version" && event.ports[0]) event.ports[0].postMessage({ version: VERSION });
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== SCOPE.origin) return;
  if (req.mode === "navigate" && url.pathname === SCOPE.pathname.replace(/\/$/, "")) {
    // "/pygames" without its slash (a scope that admits it): the page's address
    event.respondWith(Response.redirect(SCOPE.href + url.search, 301));
    return;
  }
  if (!url.href.startsWith(SCOPE.href)) return;
  event.respondWith(respond(req));
});

async function respond(req) {
  const cache = await caches.open(CACHE);
  if (req.mode === "navigate") {
    // Any navigation inside the scope is the one-page app: the hash and query are the route.
    const hit = (await cache.match(INDEX)) || (await cache.match(SCOPE.href));
    return hit || fetch(req);
  }
  // Only this build's verified files are served from the cache; anything else is the network's.
  const hit = await cache.match(req, { ignoreSearch: true });
  if (hit) return hit;
  const path = new URL(req.url).pathname.slice(SCOPE.pathname.length);
  return Object.hasOwn(LAZY, path) ? cacheOnUse(cache, req, path) : fetch(req);
}

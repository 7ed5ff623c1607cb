// Service worker: precaches the whole site (runtime, wheel, page, icons) in a
// versioned cache so the games work offline. The build fills in the file list
// and the content-hash version below.

const VERSION = "__CACHE_VERSION__";
const PRECACHE = typeof __PRECACHE__ === "undefined" ? [] : __PRECACHE__;
const PREFIX = "pygames-";
const CACHE = PREFIX + VERSION;
const SCOPE = new URL("./", self.location.href);
const INDEX = new URL("./index.html", self.location.href).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "no-cache" revalidates with the server so a new deploy never precaches stale files.
      await cache.addAll(PRECACHE.map((url) => new Request(new URL(url, SCOPE), { cache: "no-cache" })));
      await self.skipWaiting();
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

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== SCOPE.origin || !url.href.startsWith(SCOPE.href)) return;
  event.respondWith(respond(req));
});

async function respond(req) {
  const cache = await caches.open(CACHE);
  if (req.mode === "navigate") {
    // Any navigation inside the scope is the one-page app: the hash and query are the route.
    const hit =
      (await cache.match(req, { ignoreSearch: true })) ||
      (await cache.match(INDEX)) ||
      (await cache.match(SCOPE.href));
    if (hit) return hit;
    return fetch(req);
  }
  const hit = await cache.match(req, { ignoreSearch: true });
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok && res.type === "basic") {
    cache.put(req, res.clone()).catch(() => {});
  }
  return res;
}

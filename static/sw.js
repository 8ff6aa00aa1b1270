// Service worker: the game works offline once it has loaded one time, and
// repeat visits read the runtime from the cache.
//
// `make dist` (scripts/build_dist.py) writes this file to dist/sw.js with the
// BUNDLE line below replaced: the bundle's version (its two content-hashed
// folders) and the list of every file the page needs. A new bundle is a new
// sw.js, so the browser installs the new worker, which drops the old caches.
//
// - Content-hashed folders (app-<hash>/, rt-<hash>/) never change: cache-first.
//   Where the browser has static routes (InstallEvent.addRoutes), it reads them
//   from this bundle's cache itself, without waking this worker: on a revisit
//   the worker is not running, and every request of the page's chain of
//   imports would otherwise wait for it to start and answer. A file not in
//   the cache yet goes to the network (the browser's own fallback).
// - Everything else (the page itself): network-first, falling back to the
//   cache; the copy is cached after answering, not before.
// Nothing is fetched while the page loads (that would download the runtime
// twice): the page posts {type: "precache"} once Python is ready, when the
// files are in the HTTP cache, and gets {type: "precached", kept, total} back.

const BUNDLE = { version: "unbuilt", precache: [] };

const CACHE = `whist-${BUNDLE.version}`;
const HASHED = /^\/(?:app|rt)-[0-9a-f]{12,}\//;

const SCOPE = new URL("./", self.location).pathname;
const isHashed = (url) => HASHED.test(`/${new URL(url).pathname.slice(SCOPE.length)}`);

/** Static routes: the hashed folders straight from this bundle's cache. */
const ROUTES = ["app", "rt"].map((prefix) => ({
  condition: { urlPattern: new URLPattern({ pathname: `${SCOPE}${prefix}-*` }), requestMethod: "GET" },
  source: { cacheName: CACHE },
}));

self.addEventListener("install", (event) => {
  if (typeof event.addRoutes === "function" && typeof URLPattern === "function") {
    // A browser that refuses the routes still has the fetch handler below.
    event.waitUntil(event.addRoutes(ROUTES).catch((err) => console.warn("no static routes:", err.message)));
  }
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("whist-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(event) {
  const { request } = event;
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    // Answer at once; the copy for offline visits is written afterwards.
    if (response.ok) event.waitUntil(cache.put(request, response.clone()));
    return response;
  } catch (err) {
    const hit =
      (await cache.match(request, { ignoreSearch: true })) ??
      (request.mode === "navigate" ? await cache.match(new URL("./", self.location)) : undefined);
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(isHashed(request.url) ? cacheFirst(request) : networkFirst(event));
});

async function precache() {
  const cache = await caches.open(CACHE);
  let kept = 0;
  for (const path of BUNDLE.precache) {
    const url = new URL(path, self.location).href;
    if (await cache.match(url)) {
      kept += 1;
      continue;
    }
    try {
      const response = await fetch(url);
      if (response.ok) {
        await cache.put(url, response);
        kept += 1;
      }
    } catch {
      // offline or gone: keep what we have
    }
  }
  return kept;
}

self.addEventListener("message", (event) => {
  if (event.data?.type !== "precache") return;
  const { source } = event;
  event.waitUntil(
    precache().then((kept) =>
      source?.postMessage({ type: "precached", kept, total: BUNDLE.precache.length }),
    ),
  );
});

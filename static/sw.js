// Service worker: the game works offline once it has loaded one time, and
// repeat visits read the runtime from the cache.
//
// `make dist` (scripts/build_dist.py) writes this file to dist/sw.js with the
// BUNDLE line below replaced: the bundle's version (its two content-hashed
// folders) and the list of every file the page needs. A new bundle is a new
// sw.js, so the browser installs the new worker, which drops the old caches.
//
// - Content-hashed folders (app-<hash>/, rt-<hash>/) never change: cache-first.
// - Everything else (the page itself): network-first, falling back to the cache.
// Nothing is fetched while the page loads (that would download the runtime
// twice): the page posts {type: "precache"} once Python is ready, when the
// files are in the HTTP cache, and gets {type: "precached", kept, total} back.

const BUNDLE = { version: "unbuilt", precache: [] };

const CACHE = `whist-${BUNDLE.version}`;
const HASHED = /^\/(?:app|rt)-[0-9a-f]{12,}\//;

const SCOPE = new URL("./", self.location).pathname;
const isHashed = (url) => HASHED.test(`/${new URL(url).pathname.slice(SCOPE.length)}`);

self.addEventListener("install", () => self.skipWaiting());

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

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
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
  event.respondWith(isHashed(request.url) ? cacheFirst(request) : networkFirst(request));
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

// Service worker: keeps the runtime so repeat visits are fast and the game
// works offline once it has loaded one time.
//
// - /static/vendor/ (PyScript, Pyodide; pinned, never edited): cache-first.
// - everything else (page, css, js, worker.py, game.zip): network-first,
//   falling back to the cache, so development changes show up at once.
// The page posts {type: "precache", urls} after Python started, so files the
// PyScript worker fetched before this service worker took control are kept too;
// it answers {type: "precached", kept, total} when done.
//
// Lives in /static/ but controls the whole site: the server sends
// `Service-Worker-Allowed: /` for this file and the page registers it with
// scope "./". Bump VENDOR_VERSION whenever package.json pins change.

// The "+stdlib-pyc1" suffix: the vendored standard library now carries bytecode
// (scripts/vendor_web.py); bump it when what the set-up builds changes.
const VENDOR_VERSION = "pyscript-0.7.31+pyodide-314.0.2+stdlib-pyc1";
const VENDOR_CACHE = `whist-vendor-${VENDOR_VERSION}`;
const APP_CACHE = "whist-app-v1";
const KEEP = new Set([VENDOR_CACHE, APP_CACHE]);

const isVendor = (url) => new URL(url).pathname.includes("/static/vendor/");
const cacheFor = (url) => caches.open(isVendor(url) ? VENDOR_CACHE : APP_CACHE);

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("whist-") && !KEEP.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function cacheFirst(request) {
  const cache = await caches.open(VENDOR_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(APP_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (err) {
    const hit =
      (await cache.match(request)) ??
      (request.mode === "navigate" ? await cache.match(new URL("../", self.location)) : undefined);
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(isVendor(request.url) ? cacheFirst(request) : networkFirst(request));
});

async function precache(urls) {
  let kept = 0;
  for (const url of urls) {
    if (new URL(url).origin !== self.location.origin) continue;
    const cache = await cacheFor(url);
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
  if (event.data?.type === "precache" && Array.isArray(event.data.urls)) {
    const { source } = event;
    event.waitUntil(
      precache(event.data.urls).then((kept) =>
        source?.postMessage({ type: "precached", kept, total: event.data.urls.length }),
      ),
    );
  }
});

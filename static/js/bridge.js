// The only door between the page and Python.
//
// Python runs in the PyScript worker <script type="py" worker name="engine">.
// `ready()` waits for it and proves Python answers; `call(fn, payload)` sends
// plain data to `whist_app.webapi.<fn>` and resolves to the parsed JSON reply.
// Progress is broadcast as `whist:progress` events on `document` with
// `detail = {stage, fraction, message}`; once Python answered `ping`,
// `document.body.dataset.ready` is "1" (tests and CSS key off it). Once the
// service worker holds every file this boot used, `dataset.offlineReady` is
// "1" and a `whist:offline` event fires with `detail = {kept, total}`.

const WORKER_SELECTOR = 'script[type="py"][worker][name="engine"]';
const BOOT_TIMEOUT_MS = 180_000;

/** Files the worker fetches that the page's own resource list cannot see. */
const RUNTIME_URLS = [
  "./",
  "./index.html",
  "./static/pyscript.json",
  "./static/py/worker.py",
  "./static/pkg/game.zip",
  "./static/vendor/pyodide/pyodide.mjs",
  "./static/vendor/pyodide/pyodide.asm.mjs",
  "./static/vendor/pyodide/pyodide.asm.wasm",
  "./static/vendor/pyodide/python_stdlib.zip",
  "./static/vendor/pyodide/pyodide-lock.json",
  "./static/manifest.webmanifest",
  "./static/favicon.svg",
];

let booting = null;
let exports_ = null;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function progress(stage, fraction, message) {
  document.dispatchEvent(
    new CustomEvent("whist:progress", { detail: { stage, fraction, message } }),
  );
}

async function boot() {
  const started = performance.now();
  const deadline = started + BOOT_TIMEOUT_MS;
  progress("page", 0.05, "Loading the page…");
  let el = null;
  while (!(el = document.querySelector(WORKER_SELECTOR))?.xworker) {
    if (performance.now() > deadline) throw new Error("PyScript did not start the worker");
    await sleep(15);
  }
  progress("python", 0.2, "Starting Python (≈13 MB, first visit only)…");
  // Creep the bar while the worker downloads and starts Pyodide.
  let fraction = 0.2;
  const creep = setInterval(() => {
    fraction += (0.9 - fraction) * 0.06;
    progress("python", fraction, "Starting Python…");
  }, 150);
  try {
    await Promise.race([
      el.xworker.ready,
      sleep(deadline - performance.now()).then(() => {
        throw new Error("Python did not start in time");
      }),
    ]);
  } finally {
    clearInterval(creep);
  }
  exports_ = el.xworker.sync;
  progress("game", 0.95, "Loading the game…");
  const info = JSON.parse(await exports_.ping());
  info.bootMs = Math.round(performance.now() - started);
  document.body.dataset.ready = "1";
  progress("ready", 1, "Ready");
  offerToServiceWorker();
  return info;
}

/**
 * Wait until Python is up in the worker; resolves to the `ping` report
 * ({python, version, imports, import_errors, bootMs}). Safe to call often.
 */
export function ready() {
  if (!booting) {
    booting = boot().catch((err) => {
      document.body.dataset.bootError = String(err?.message ?? err);
      progress("error", 1, `Could not start Python: ${err?.message ?? err}`);
      throw err;
    });
  }
  return booting;
}

/**
 * Call `whist_app.webapi.<fn>(payload)` in the worker and return its parsed reply.
 * Throws an Error (with `.kind` = Python exception class) if Python failed.
 */
export async function call(fn, payload = {}) {
  await ready();
  const reply = JSON.parse(await exports_.call(String(fn), JSON.stringify(payload)));
  if (reply !== null && typeof reply === "object" && !Array.isArray(reply) && "error" in reply) {
    const err = new Error(reply.error);
    err.name = "PythonError";
    err.kind = reply.kind;
    throw err;
  }
  return reply;
}

/** Ask the service worker to keep everything this boot used, for offline use. */
function offerToServiceWorker() {
  if (!navigator.serviceWorker) return;
  const seen = performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(location.origin));
  const runtime = RUNTIME_URLS.map((u) => new URL(u, document.baseURI).href);
  const urls = [...new Set([...runtime, ...seen])];
  navigator.serviceWorker.addEventListener("message", ({ data }) => {
    if (data?.type !== "precached") return;
    if (data.kept === data.total) document.body.dataset.offlineReady = "1";
    document.dispatchEvent(new CustomEvent("whist:offline", { detail: data }));
  });
  navigator.serviceWorker.ready
    .then((reg) => reg.active?.postMessage({ type: "precache", urls }))
    .catch(() => {});
}

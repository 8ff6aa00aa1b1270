// The only door between the page and Python.
//
// Python runs in the PyScript worker <script type="py" worker name="engine">.
// `ready()` waits for it and proves Python answers; `call(fn, payload)` sends
// plain data to `whist_app.webapi.<fn>` and resolves to the parsed JSON reply.
//
// Before Python: the bundle's catalog.json (written by `make dist` from
// Python's own webapi.catalog and players_for) answers those calls for the
// exact payloads it holds, so the page draws the game chooser at once; every
// other call waits for Python.
//
// Progress is broadcast as `whist:progress` events on `document` with
// `detail = {stage, fraction, message}`; once Python answered `ping`,
// `document.body.dataset.ready` is "1" (tests and CSS key off it) and
// `dataset.snapshot` says how Python started: "hit" (from the memory snapshot),
// "miss", "stale" or "fallback" (see static/runtime/boot.mjs). After a start
// without the snapshot, a throw-away worker makes one; `dataset.snapshotStored`
// is then "1" (or `dataset.snapshotError` says why not). Once the service
// worker holds every file of the bundle, `dataset.offlineReady` is "1" and a
// `whist:offline` event fires with `detail = {kept, total}`.

const WORKER_SELECTOR = 'script[type="py"][worker][name="engine"]';
const BOOT_TIMEOUT_MS = 180_000;
/** Make the snapshot this long after ready at the latest (sooner once a game is on the table). */
const SNAPSHOT_DELAY_MS = 4_000;

let booting = null;
let exports_ = null;
/** The timer that makes the snapshot, or "done". */
let snapshotLater = null;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function progress(stage, fraction, message) {
  document.dispatchEvent(
    new CustomEvent("whist:progress", { detail: { stage, fraction, message } }),
  );
}

// ------------------------------------------------------ answers before Python

/** A payload as text with sorted keys, so equal payloads give equal keys. */
function canonical(fn, payload) {
  const sort = (v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort(v[k])]))
      : Array.isArray(v) ? v.map(sort) : v;
  return `${fn} ${JSON.stringify(sort(payload))}`;
}

const bundled = fetch(new URL("../catalog.json", import.meta.url))
  .then((r) => (r.ok ? r.json() : { answers: [] }))
  .then(({ answers }) => new Map(answers.map(([fn, payload, reply]) => [canonical(fn, payload), reply])))
  .catch(() => new Map());
/** The functions catalog.json answers for (other calls are never looked up: payloads may be huge). */
const BUNDLED_FUNCTIONS = new Set(["catalog", "players_for"]);

/** The bundle's answer to this call, or undefined. */
async function bundledAnswer(fn, payload) {
  if (!BUNDLED_FUNCTIONS.has(fn)) return undefined;
  const answers = await bundled;
  try {
    return answers.get(canonical(fn, payload));
  } catch {
    return undefined; // too deep to compare: Python answers
  }
}

// ------------------------------------------------------------------ booting

async function boot() {
  const started = performance.now();
  const deadline = started + BOOT_TIMEOUT_MS;
  progress("page", 0.05, "Loading the page…");
  let el = null;
  while (!(el = document.querySelector(WORKER_SELECTOR))?.xworker) {
    if (performance.now() > deadline) throw new Error("PyScript did not start the worker");
    await sleep(15);
  }
  progress("python", 0.2, "Starting Python…");
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
  document.body.dataset.snapshot = info.snapshot ?? "none";
  document.body.dataset.ready = "1";
  progress("ready", 1, "Ready");
  offerToServiceWorker();
  if (["miss", "stale", "fallback"].includes(info.snapshot) && !snapshotsOff()) {
    snapshotLater = setTimeout(makeSnapshot, SNAPSHOT_DELAY_MS);
  }
  return info;
}

/**
 * Wait until Python is up in the worker; resolves to the `ping` report
 * ({python, version, imports, import_errors, snapshot, bootMs}). Safe to call often.
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
  const known = await bundledAnswer(fn, payload);
  if (known !== undefined) return structuredClone(known);
  await ready();
  const reply = JSON.parse(await exports_.call(String(fn), JSON.stringify(payload)));
  if (reply !== null && typeof reply === "object" && !Array.isArray(reply) && "error" in reply) {
    const err = new Error(reply.error);
    err.name = "PythonError";
    err.kind = reply.kind;
    throw err;
  }
  if ((fn === "start" || fn === "resume") && snapshotLater) {
    // A game is on the table and the person is looking at it: a good moment.
    clearTimeout(snapshotLater);
    setTimeout(makeSnapshot, 0);
  }
  return reply;
}

// ------------------------------------------------------------- the snapshot

/** localStorage "whist-snapshot" = "off": never make a snapshot (the browser tests, mostly). */
function snapshotsOff() {
  try {
    return localStorage.getItem("whist-snapshot") === "off";
  } catch {
    return false;
  }
}

/** Make the memory snapshot the next visit starts from (static/runtime/snapshot.mjs). */
async function makeSnapshot() {
  if (snapshotLater === "done") return;
  snapshotLater = "done";
  try {
    const el = document.querySelector(WORKER_SELECTOR);
    const configURL = new URL(el.getAttribute("config"), document.baseURI);
    const config = await (await fetch(configURL)).json();
    const interpreter = new URL(config.interpreter, configURL);
    const [zip] = Object.keys(config.files ?? {});
    if (!interpreter.pathname.endsWith("/boot.mjs") || !zip) return; // not a dist/ bundle
    const maker = new Worker(new URL("snapshot.mjs", interpreter), { type: "module" });
    const result = await new Promise((resolve) => {
      maker.onmessage = ({ data }) => resolve(data);
      maker.onerror = (event) => resolve({ ok: false, error: event.message || "the worker failed" });
      maker.postMessage({ gameZip: new URL(zip, configURL).href });
    });
    maker.terminate();
    if (result.ok) document.body.dataset.snapshotStored = "1";
    else document.body.dataset.snapshotError = result.error;
  } catch (err) {
    document.body.dataset.snapshotError = String(err?.message ?? err);
  }
}

// ---------------------------------------------------------- offline support

/** Ask the service worker to keep every file of the bundle (its list), for offline use. */
function offerToServiceWorker() {
  if (!navigator.serviceWorker) return;
  navigator.serviceWorker.addEventListener("message", ({ data }) => {
    if (data?.type !== "precached") return;
    if (data.kept === data.total) document.body.dataset.offlineReady = "1";
    document.dispatchEvent(new CustomEvent("whist:offline", { detail: data }));
  });
  navigator.serviceWorker.ready
    .then((reg) => reg.active?.postMessage({ type: "precache" }))
    .catch(() => {});
}

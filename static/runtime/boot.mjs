// PyScript's interpreter (pyscript.json's "interpreter" names this file): Pyodide
// itself, except that loadPyodide starts Python from a memory snapshot when one
// is stored for this exact bundle, and otherwise starts it as usual. In dist/
// this file is app-<hash>/runtime/boot.mjs and "./pyodide.mjs" is rewritten to
// the runtime folder's (scripts/build_dist.py); Pyodide's files are loaded from
// there, whatever folder PyScript passes as indexURL.
//
// The snapshot is made once, after a normal start, by snapshot.mjs in a
// throw-away worker (bridge.js starts it) and kept in IndexedDB under a key made
// of this file's path (its folder is named by the bundle's hash) and Pyodide's
// version. Any failure (no IndexedDB, a
// stale or damaged snapshot, a restore that throws) falls back to a normal
// start and drops the stored snapshot, so the page makes a fresh one. Python
// learns how it started from os.environ["WHIST_SNAPSHOT"]: "hit", "miss",
// "stale" or "fallback" (the worker's ping reports it to the page).
//
// A restored process shares the snapshot's hash seed (str hashes are the same on
// every restored visit) and its `random` state, which is reseeded at once.

export * from "./pyodide.mjs";
import { loadPyodide as loadPyodideAsUsual, version } from "./pyodide.mjs";

/** Where Pyodide's own files are: beside pyodide.mjs. */
export const INDEX_URL = new URL("./", new URL("./pyodide.mjs", import.meta.url)).href;
/** The key the snapshot is stored under (snapshot.mjs, beside this file, uses the same). */
export const SNAPSHOT_KEY = `${new URL("boot.mjs", import.meta.url).pathname}|pyodide ${version}`;
export const SNAPSHOT_DB = "whist-snapshot";
const STORE = "snapshot";
const RECORD = "current";

export function openSnapshots() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(SNAPSHOT_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transact(mode, work) {
  const db = await openSnapshots();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const readSnapshot = () => transact("readonly", (store) => store.get(RECORD));
export const writeSnapshot = (record) => transact("readwrite", (store) => store.put(record, RECORD));
export const dropSnapshot = () => transact("readwrite", (store) => store.delete(RECORD));

export async function digest(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

const AFTER_RESTORE = `
import os, random
random.seed()  # the snapshot's generator state would repeat on every visit
import whist_app.webapi  # imported before the snapshot: fails here if it is not whole
`;

function tell(pyodide, state, reason, ms) {
  pyodide.runPython(
    `import os; os.environ.update(WHIST_SNAPSHOT=${JSON.stringify(state)}, ` +
      `WHIST_SNAPSHOT_REASON=${JSON.stringify(reason.slice(0, 200))}, WHIST_SNAPSHOT_MS="${Math.round(ms)}")`,
  );
}

export async function loadPyodide(options = {}) {
  const started = performance.now();
  let state = "miss";
  let reason = "";
  let record = null;
  try {
    record = (await readSnapshot()) ?? null;
  } catch (err) {
    reason = `no snapshot storage: ${err?.message ?? err}`;
  }
  if (record && record.key !== SNAPSHOT_KEY) {
    state = "stale";
    record = null;
  }
  if (record) {
    try {
      const bytes = new Uint8Array(record.bytes);
      if (bytes.byteLength !== record.size || (await digest(bytes)) !== record.sha256) {
        throw new Error("the stored snapshot is damaged");
      }
      const pyodide = await loadPyodideAsUsual({ ...options, indexURL: INDEX_URL, _loadSnapshot: bytes });
      pyodide.runPython(AFTER_RESTORE);
      tell(pyodide, "hit", "", performance.now() - started);
      return pyodide;
    } catch (err) {
      state = "fallback";
      reason = String(err?.message ?? err);
      console.warn(`Python starts without its snapshot: ${reason}`);
      await dropSnapshot().catch(() => {});
    }
  }
  const pyodide = await loadPyodideAsUsual({ ...options, indexURL: INDEX_URL });
  tell(pyodide, state, reason, performance.now() - started);
  return pyodide;
}

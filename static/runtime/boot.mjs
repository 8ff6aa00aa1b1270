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
// version, without its all-zero pages (pages.mjs: more than half of a fresh
// heap). Any failure (no IndexedDB, a
// stale or damaged snapshot, a restore that throws) falls back to a normal
// start and drops the stored snapshot, so the page makes a fresh one. Python
// learns how it started from os.environ["WHIST_SNAPSHOT"]: "hit", "miss",
// "stale" or "fallback" (the worker's ping reports it to the page).
//
// Pyodide reads the snapshot before it compiles its WebAssembly; here the
// compile starts first and runs while the snapshot is read from IndexedDB, and
// the snapshot's SHA-256 is checked and its pages unpacked while Pyodide sets
// up, in a thread of its own (check.mjs, started before the snapshot is read;
// here if that thread cannot start);
// Pyodide is handed the compiled module. Its lock file and standard library are fetched then
// too, and handed over when Pyodide asks for them.
//
// PyScript unpacks pyscript.json's game.zip with the interpreter's
// unpackArchive (Python's zipfile); the returned interpreter writes a zip of
// stored entries (dist/'s game.zip) from JavaScript instead.
//
// A restored process shares the snapshot's hash seed (str hashes are the same on
// every restored visit) and its `random` state, which is reseeded at once.

export * from "./pyodide.mjs";
import { loadPyodide as loadPyodideAsUsual, version } from "./pyodide.mjs";
import { checkedHeap } from "./pages.mjs";

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
/** Whether a snapshot is stored: known long before the snapshot itself is read. */
const snapshotStored = () => transact("readonly", (store) => store.count(RECORD)).then((n) => n > 0);
export const writeSnapshot = (record) => transact("readwrite", (store) => store.put(record, RECORD));
export const dropSnapshot = () => transact("readwrite", (store) => store.delete(RECORD));

/** The heap of the stored `record`, checked and unpacked on this thread; throws if damaged. */
const checkHere = (record) => checkedHeap(new Uint8Array(record.bytes), record.size, record.sha256);

/**
 * A thread that checks and unpacks the stored snapshot (check.mjs), started
 * before the snapshot is read so that its start overlaps the read.
 * `check(record)` hands it the packed bytes (transferred, not copied) and
 * resolves to the heap; `stop()` ends a thread that is not needed. Where the
 * thread cannot start, or fails, the snapshot is checked here (read again if
 * its bytes had already been handed over).
 */
function startChecker() {
  const checker = { where: "" }; // "thread" or "here": which checked the heap
  const here = (record) => {
    checker.where = "here";
    return checkHere(record);
  };
  let helper = null;
  let failed = null; // set if the thread fails: the fallback to run then
  try {
    helper = new Worker(new URL("check.mjs", import.meta.url), { type: "module" });
    helper.onerror = (event) => {
      event.preventDefault();
      helper.terminate();
      failed?.();
      failed = () => {};
    };
  } catch {
    helper = null;
  }
  return Object.assign(checker, {
    check(record) {
      if (!helper || failed) return here(record);
      return new Promise((resolve, reject) => {
        failed = () => resolve(readSnapshot().then(here));
        helper.onmessage = ({ data }) => {
          helper.terminate();
          checker.where = "thread";
          if (data.heap) resolve(data.heap);
          else reject(new Error(data.error));
        };
        const { bytes, size, sha256 } = record;
        helper.postMessage({ bytes, size, sha256 }, [bytes]);
      });
    },
    stop() {
      helper?.terminate();
    },
  });
}

const AFTER_RESTORE = `
import os, random
random.seed()  # the snapshot's generator state would repeat on every visit
import whist_app.webapi  # imported before the snapshot: fails here if it is not whole
`;

function tell(pyodide, state, reason, ms, checked = "") {
  pyodide.runPython(
    `import os; os.environ.update(WHIST_SNAPSHOT=${JSON.stringify(state)}, ` +
      `WHIST_SNAPSHOT_REASON=${JSON.stringify(reason.slice(0, 200))}, WHIST_SNAPSHOT_MS="${Math.round(ms)}", ` +
      `WHIST_SNAPSHOT_CHECK=${JSON.stringify(checked)})`,
  );
}

const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
/** Files Pyodide fetches once it is called: fetched before, while the snapshot is read. */
const EARLY_FILES = ["pyodide-lock.json", "python_stdlib.zip"];

/**
 * Pyodide's loadPyodide, its WebAssembly module taken from `compiling` (a
 * compile started earlier) instead of being fetched and compiled again (if
 * that compile failed, Pyodide compiles as usual), and the responses in
 * `early` (URL → a fetch started earlier, each used once) instead of new fetches.
 */
async function loadCompiled(compiling, early, options) {
  const { instantiateStreaming } = WebAssembly;
  const fetchAsUsual = self.fetch;
  // Pyodide fetches the wasm when it sets up, and compiles it after reading the snapshot.
  self.fetch = (resource, init) => {
    const url = String(resource);
    if (url === WASM_URL) return Promise.resolve(new Response(null));
    const started = early.get(url);
    early.delete(url);
    return started ?? fetchAsUsual(resource, init);
  };
  WebAssembly.instantiateStreaming = async (source, imports) => {
    try {
      const module = await compiling;
      return { module, instance: await WebAssembly.instantiate(module, imports) };
    } catch {
      return instantiateStreaming(fetchAsUsual(WASM_URL), imports);
    }
  };
  try {
    return await loadPyodideAsUsual(options);
  } finally {
    self.fetch = fetchAsUsual;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

/**
 * Write the files of a zip of stored (uncompressed) entries, as build_dist.py
 * writes game.zip, into Pyodide's file system under `folder`, straight from
 * JavaScript (unpackArchive runs Python's zipfile, slow while the
 * interpreter's code is still cold). Returns false, having written nothing,
 * for any other zip.
 */
export function unpackStoredZip(pyodide, buffer, folder = ".") {
  const bytes = ArrayBuffer.isView(buffer)
    ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    : new Uint8Array(buffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const utf8 = new TextDecoder();
  let eocd = bytes.byteLength - 22; // the end record, before the archive's comment if any
  while (eocd >= 0 && view.getUint32(eocd, true) !== 0x06054b50) eocd -= 1;
  if (eocd < 0) return false;
  const files = [];
  let at = view.getUint32(eocd + 16, true);
  for (let n = view.getUint16(eocd + 10, true); n > 0; n -= 1) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== 0x02014b50) return false;
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = utf8.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (method !== 0 || name.startsWith("/") || name.split("/").includes("..")) return false;
    if (local + 30 > bytes.byteLength || view.getUint32(local, true) !== 0x04034b50) return false;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + size > bytes.byteLength) return false;
    files.push([name, bytes.subarray(start, start + size)]);
    at += 46 + skip;
  }
  const { FS } = pyodide;
  const base = (folder || ".").replace(/\/+$/, "");
  for (const [name, data] of files) {
    const path = base === "." ? name : `${base}/${name}`;
    if (name.endsWith("/")) {
      FS.mkdirTree(path.slice(0, -1));
      continue;
    }
    const parent = path.slice(0, path.lastIndexOf("/"));
    if (parent) FS.mkdirTree(parent);
    FS.writeFile(path, data);
  }
  return true;
}

/** PyScript unpacks pyscript.json's "files" zips with unpackArchive: stored ones go to unpackStoredZip. */
function unpackStoredZips(pyodide) {
  const unpackArchive = pyodide.unpackArchive.bind(pyodide);
  pyodide.unpackArchive = (buffer, format, options = {}) => {
    if (String(format).replace(/^\./, "").toLowerCase() === "zip" &&
        unpackStoredZip(pyodide, buffer, options.extractDir ?? ".")) {
      return undefined;
    }
    return unpackArchive(buffer, format, options);
  };
  return pyodide;
}

export async function loadPyodide(options = {}) {
  const started = performance.now();
  // The wasm compiles and Pyodide's Emscripten module loads while the snapshot is
  // read (Pyodide would compile only after reading it, and import the module, the
  // same URL and so the same module, only once called).
  const compiling = WebAssembly.compileStreaming(fetch(WASM_URL));
  compiling.catch(() => {}); // then Pyodide compiles it itself
  const early = new Map(EARLY_FILES.map((name) => [new URL(name, INDEX_URL).href, null]));
  for (const url of early.keys()) {
    const response = fetch(url);
    response.catch(() => {}); // Pyodide sees the failure when it asks
    early.set(url, response);
  }
  import(new URL("pyodide.asm.mjs", INDEX_URL).href).catch(() => {});
  let state = "miss";
  let reason = "";
  let record = null;
  let checker = null;
  try {
    // The checking thread starts while the snapshot is read, once one is known to be stored.
    const reading = readSnapshot();
    reading.catch(() => {}); // said below
    if (await snapshotStored().catch(() => false)) checker = startChecker();
    record = (await reading) ?? null;
  } catch (err) {
    reason = `no snapshot storage: ${err?.message ?? err}`;
  }
  if (record && record.key !== SNAPSHOT_KEY) {
    state = "stale";
    record = null;
  }
  if (!record) checker?.stop();
  if (record) {
    try {
      // Checked while Pyodide sets up; it awaits the heap before it uses it.
      checker ??= startChecker();
      const checked = checker.check(record);
      checked.catch(() => {}); // Pyodide's rejection says it
      const pyodide = await loadCompiled(compiling, early, { ...options, indexURL: INDEX_URL,
        _loadSnapshot: checked });
      pyodide.runPython(AFTER_RESTORE);
      tell(pyodide, "hit", "", performance.now() - started, checker.where);
      return unpackStoredZips(pyodide);
    } catch (err) {
      state = "fallback";
      reason = String(err?.message ?? err);
      console.warn(`Python starts without its snapshot: ${reason}`);
      await dropSnapshot().catch(() => {});
    }
  }
  const pyodide = await loadCompiled(compiling, early, { ...options, indexURL: INDEX_URL });
  tell(pyodide, state, reason, performance.now() - started);
  return unpackStoredZips(pyodide);
}

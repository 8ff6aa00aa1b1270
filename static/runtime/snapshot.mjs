// Makes the memory snapshot boot.mjs restores: run as a throw-away module worker
// (bridge.js starts it after a start without a snapshot). Posted
// {gameZip: URL} it starts a separate Pyodide with `_makeSnapshot` (such an
// instance cannot serve PyScript), unpacks the game bundle where PyScript does,
// imports every game module, checks the heap did not grow (a grown heap cannot be
// restored: pyodide issue 6254), stores the snapshot (packed: packPages) with
// its SHA-256 under boot.mjs's key and answers {ok, size, ms} or {ok: false, error}.

import { INDEX_URL, SNAPSHOT_KEY, writeSnapshot } from "./boot.mjs";
import { digest, packPages } from "./pages.mjs";
import { loadPyodide, version } from "./pyodide.mjs";

const IMPORT_ALL = `
import importlib, json, os
import whist_app.webapi
for package in ("whist", "engines", "whist_app"):
    for folder, _, files in sorted(os.walk(package)):
        for name in sorted(files):
            if name.endswith(".py"):
                module = os.path.join(folder, name[:-3]).replace(os.sep, ".").removesuffix(".__init__")
                importlib.import_module(module)
`;

self.onmessage = async ({ data }) => {
  const started = performance.now();
  try {
    const pyodide = await loadPyodide({
      _makeSnapshot: true,
      indexURL: INDEX_URL,
    });
    const heap = pyodide._module.HEAP8.length;
    const response = await fetch(data.gameZip);
    if (!response.ok) throw new Error(`game bundle: HTTP ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), "zip");
    pyodide.runPython(IMPORT_ALL);
    if (pyodide._module.HEAP8.length !== heap) {
      throw new Error(`the heap grew to ${pyodide._module.HEAP8.length} bytes: it could not be restored`);
    }
    const bytes = packPages(pyodide.makeMemorySnapshot());
    await writeSnapshot({
      key: SNAPSHOT_KEY,
      version,
      bytes: bytes.buffer,
      size: bytes.byteLength,
      sha256: await digest(bytes),
      made: Date.now(),
    });
    self.postMessage({ ok: true, size: bytes.byteLength, ms: Math.round(performance.now() - started) });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err?.message ?? err) });
  }
};

// Checks and unpacks the stored memory snapshot for boot.mjs in a thread of
// its own: the SHA-256 of the packed heap and the unpacking are CPU work that,
// on the Python worker's own thread, would hold up Pyodide's start (the wasm
// taken from the code cache, Emscripten's set-up) while they ran. Posted
// {bytes, size, sha256} (the packed bytes transferred), it answers {heap}
// (transferred) or {error}.

import { digest, unpackPages } from "./boot.mjs";

self.onmessage = async ({ data }) => {
  try {
    const bytes = new Uint8Array(data.bytes);
    if (bytes.byteLength !== data.size || (await digest(bytes)) !== data.sha256) {
      throw new Error("the stored snapshot is damaged");
    }
    const heap = unpackPages(bytes);
    self.postMessage({ heap }, [heap.buffer]);
  } catch (err) {
    self.postMessage({ error: String(err?.message ?? err) });
  }
};

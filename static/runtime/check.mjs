// Checks and unpacks the stored memory snapshot for boot.mjs in a thread of
// its own: the SHA-256 of the packed heap and the unpacking are CPU work that,
// on the Python worker's own thread, would hold up Pyodide's start (the wasm
// taken from the code cache, Emscripten's set-up) while they ran. Posted
// {bytes, size, sha256} (the packed bytes transferred), it answers {heap}
// (transferred) or {error}. It imports only pages.mjs, so it starts quickly;
// boot.mjs starts it before it reads the snapshot.

import { checkedHeap } from "./pages.mjs";

self.onmessage = async ({ data }) => {
  try {
    const heap = await checkedHeap(new Uint8Array(data.bytes), data.size, data.sha256);
    self.postMessage({ heap }, [heap.buffer]);
  } catch (err) {
    self.postMessage({ error: String(err?.message ?? err) });
  }
};

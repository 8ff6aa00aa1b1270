// The stored memory snapshot's format and check, shared by boot.mjs (which
// restores it), check.mjs (which checks and unpacks it in a thread of its own)
// and snapshot.mjs (which makes it). It imports nothing, so the checking
// thread starts without loading Pyodide's modules.

/** Snapshots are stored without their all-zero pages (more than half of a fresh heap). */
const PAGE = 4096;

/**
 * The heap `bytes` as stored: its length and page count (two u32), a bitmap of
 * the pages that are not all zero, then those pages.
 */
export function packPages(heap) {
  const bytes = heap.byteOffset % 4 ? heap.slice() : heap; // read as 32-bit words
  const pages = Math.ceil(bytes.byteLength / PAGE);
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  const kept = [];
  for (let page = 0; page < pages; page += 1) {
    const end = Math.min((page + 1) * PAGE, bytes.byteLength);
    let zero = true;
    for (let w = (page * PAGE) >> 2; w < end >> 2; w += 1) {
      if (words[w] !== 0) {
        zero = false;
        break;
      }
    }
    for (let b = end & ~3; zero && b < end; b += 1) zero = bytes[b] === 0;
    if (!zero) kept.push(page);
  }
  const bitmap = Math.ceil(pages / 8);
  let size = 8 + bitmap;
  for (const page of kept) size += Math.min(PAGE, bytes.byteLength - page * PAGE);
  const out = new Uint8Array(size);
  const head = new DataView(out.buffer);
  head.setUint32(0, bytes.byteLength, true);
  head.setUint32(4, pages, true);
  let at = 8 + bitmap;
  for (const page of kept) {
    out[8 + (page >> 3)] |= 1 << (page & 7);
    const chunk = bytes.subarray(page * PAGE, Math.min((page + 1) * PAGE, bytes.byteLength));
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** The heap packPages packed; throws if `packed` is not one. */
export function unpackPages(packed) {
  const damaged = () => new Error("the stored snapshot is damaged");
  if (packed.byteLength < 8) throw damaged();
  const head = new DataView(packed.buffer, packed.byteOffset, 8);
  const length = head.getUint32(0, true);
  const pages = head.getUint32(4, true);
  if (length === 0 || pages !== Math.ceil(length / PAGE)) throw damaged();
  const heap = new Uint8Array(length);
  let at = 8 + Math.ceil(pages / 8);
  for (let page = 0; page < pages; page += 1) {
    if (!(packed[8 + (page >> 3)] & (1 << (page & 7)))) continue;
    const size = Math.min(PAGE, length - page * PAGE);
    if (at + size > packed.byteLength) throw damaged();
    heap.set(packed.subarray(at, at + size), page * PAGE);
    at += size;
  }
  if (at !== packed.byteLength) throw damaged();
  return heap;
}

/** The SHA-256 of `bytes`, as lowercase hex. */
export async function digest(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The heap of the packed snapshot `bytes`, checked against its stored `size`
 * and `sha256`; throws if they differ. The hash is computed (off this thread,
 * by WebCrypto) while the pages are unpacked.
 */
export async function checkedHeap(bytes, size, sha256) {
  const damaged = () => new Error("the stored snapshot is damaged");
  if (bytes.byteLength !== size) throw damaged();
  const hashing = digest(bytes);
  let heap = null;
  try {
    heap = unpackPages(bytes);
  } catch {
    // damaged: said below, once the hash is in
  }
  if ((await hashing) !== sha256 || !heap) throw damaged();
  return heap;
}

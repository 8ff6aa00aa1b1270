// PyScript's own Python package, as its core chunk writes it into the
// worker's file system on every start (`wo(".",{pyscript:{...}})`: one
// `Path.write_text` per file, then `import pyscript`). scripts/precompile.mjs
// compiles these sources into game.zip's pyscript/__pycache__/, so that import
// reads checked bytecode instead of compiling 30 KB of Python in WebAssembly.
//
// The package is a JavaScript object literal of strings in the minified chunk;
// it is cut out by matching braces and evaluated alone, in an empty context
// (a literal of strings: nothing else runs). A chunk of another shape throws: a new PyScript release must
// be looked at, not silently left without bytecode.

import { runInNewContext } from "node:vm";

const MARKER = 'wo(".",{pyscript:';

/** {"pyscript/x.py": source} of the PyScript core chunk's text `js`; throws if not found. */
export function pyscriptPackage(js) {
  const at = js.indexOf(MARKER);
  if (at < 0 || js.indexOf(MARKER, at + 1) >= 0) {
    throw new Error(`PyScript's core chunk does not write its package once as ${MARKER}…})`);
  }
  const start = at + MARKER.indexOf("{");
  let depth = 0;
  let quote = null;
  let end = -1;
  for (let i = start; i < js.length && end < 0; i += 1) {
    const c = js[i];
    if (quote) {
      if (c === "\\") i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") {
      quote = c;
    } else if (c === "{") {
      depth += 1;
    } else if (c === "}") {
      depth -= 1;
      if (depth === 0) end = i;
    }
  }
  const literal = end < 0 ? "" : js.slice(start, end + 1);
  if (!/^\{pyscript:\{"__init__\.py":"/.test(literal)) {
    throw new Error("PyScript's package is not the object literal it was");
  }
  const tree = runInNewContext(`(${literal})`, Object.create(null), { timeout: 1000 });
  const files = {};
  const walk = (base, node) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === "string") files[`${base}${name}`] = value;
      else if (value && typeof value === "object") walk(`${base}${name}/`, value);
      else throw new Error(`PyScript's package holds a ${typeof value} at ${base}${name}`);
    }
  };
  walk("", tree);
  return files;
}

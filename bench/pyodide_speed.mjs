// Rules-core speed under Pyodide (CPython compiled to WebAssembly) in Node: the browser's engine.
//
//   node bench/pyodide_speed.mjs [--seconds S] [--json] [--pyodide DIR]
//
// Loads Pyodide from node_modules/pyodide (or DIR, or $PYODIDE_DIR), copies the
// `whist` package and bench/core_speed.py into its file system, and runs the same
// playout loops as `python bench/core_speed.py` (OpenSpiel is not available there,
// so that line is skipped).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
}

const seconds = Number(option("--seconds", "3"));
const asJson = process.argv.includes("--json");
const pyodideDir = resolve(
  option("--pyodide", process.env.PYODIDE_DIR || join(root, "node_modules", "pyodide")),
);
if (!existsSync(join(pyodideDir, "pyodide.mjs"))) {
  console.error(`no Pyodide at ${pyodideDir}: run npm install (or npm install --no-save ` +
    `pyodide@314.0.2 in a temporary directory and pass --pyodide DIR/node_modules/pyodide)`);
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const started = performance.now();
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
const loadSeconds = (performance.now() - started) / 1000;

// Copy the pure-Python package the way the browser build ships it: source files only.
function copyTree(source, target) {
  pyodide.FS.mkdirTree(target);
  for (const name of readdirSync(source)) {
    const path = join(source, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copyTree(path, `${target}/${name}`);
    } else if (name.endsWith(".py")) {
      pyodide.FS.writeFile(`${target}/${name}`, readFileSync(path));
    }
  }
}
const work = "/home/pyodide/bench";
copyTree(join(root, "whist"), `${work}/whist`);
pyodide.FS.mkdirTree(`${work}/bench`);
pyodide.FS.writeFile(`${work}/bench/core_speed.py`, readFileSync(join(here, "core_speed.py")));

let out;
try {
  out = pyodide.runPython(`
import json, sys
sys.path[:0] = [${JSON.stringify(work)}, ${JSON.stringify(work + "/bench")}]
import core_speed
results = core_speed.run(${seconds})
json.dumps(results)
`);
} catch (error) {
  // A Python error: its traceback, not the minified runtime around it.
  console.error(String(error.message || error));
  process.exit(1);
}
const results = JSON.parse(out);
results.runtime = `Pyodide ${pyodide.version} on Node ${process.version}`;
results.pyodide_load_seconds = loadSeconds;

if (asJson) {
  console.log(JSON.stringify(results, null, 1));
} else {
  console.log(`${results.runtime} (Pyodide loaded in ${loadSeconds.toFixed(1)} s; ` +
    `package from ${relative(process.cwd(), root) || "."})`);
  console.log(pyodide.runPython("core_speed.report(results)"));
}

// strong's decision time under Pyodide (CPython compiled to WebAssembly) in Node.
//
//   node bench/strong_speed_pyodide.mjs [--budget 1.0] [--iterations N] [--decisions 20]
//                                       [--games a,b] [--level expert] [--no-settle]
//                                       [--json] [--pyodide DIR]
//
// Modelled on bench/pyodide_speed.mjs: loads Pyodide from node_modules/pyodide,
// copies the `whist` and `engines` packages and bench/strong_speed.py into its
// file system and runs strong_speed.run (strong in seat 0 against random players).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
}

const iterations = option("--iterations", null);
const budget = option("--budget", iterations || process.argv.includes("--level") ? null : "1.0");
const decisions = Number(option("--decisions", "20"));
const games = option("--games", "");
const level = option("--level", null);
const settle = process.argv.includes("--no-settle") ? "False" : "True";
const asJson = process.argv.includes("--json");
const pyodideDir = resolve(
  option("--pyodide", process.env.PYODIDE_DIR || join(root, "node_modules", "pyodide")),
);
if (!existsSync(join(pyodideDir, "pyodide.mjs"))) {
  console.error(`no Pyodide at ${pyodideDir}: run npm install`);
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });

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
copyTree(join(root, "engines"), `${work}/engines`);
pyodide.FS.mkdirTree(`${work}/bench`);
pyodide.FS.writeFile(`${work}/bench/strong_speed.py`, readFileSync(join(here, "strong_speed.py")));

const py = (v) => (v === null ? "None" : v);
let out;
try {
  out = pyodide.runPython(`
import json, sys
sys.path[:0] = [${JSON.stringify(work)}, ${JSON.stringify(work + "/bench")}]
import strong_speed
from whist.games import GAME_NAMES
games = ${JSON.stringify(games)}.split(",") if ${JSON.stringify(games)} else list(GAME_NAMES)
rows = strong_speed.run(${py(budget)}, ${py(iterations)}, ${decisions}, 1, games,
                       level=${level === null ? "None" : JSON.stringify(level)}, settle=${settle})
json.dumps(rows)
`);
} catch (error) {
  console.error(String(error.message || error));
  process.exit(1);
}
const rows = JSON.parse(out);
const runtime = `Pyodide ${pyodide.version} on Node ${process.version}`;
if (asJson) {
  console.log(JSON.stringify({ runtime, rows }, null, 1));
} else {
  console.log(runtime);
  console.log(pyodide.runPython(
    `strong_speed.report(rows, ${py(budget)}, ${py(iterations)})`));
}

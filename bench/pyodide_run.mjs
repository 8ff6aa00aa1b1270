// Run one of the bench's Python scripts under Pyodide (CPython in WebAssembly) in Node.
//
//   node bench/pyodide_run.mjs bench/SCRIPT.py [its arguments ...] [--pyodide DIR]
//
// Loads Pyodide from node_modules/pyodide (or --pyodide DIR, or $PYODIDE_DIR), copies
// the `whist`, `engines` and `bench` packages into its file system and runs the script
// as `python SCRIPT args` would (runpy, `__main__`, sys.argv), so a bench script's
// figures can be taken in CPython and in the page's Python with the same command.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");

const argv = process.argv.slice(2);
const at = argv.indexOf("--pyodide");
let pyodideDir = process.env.PYODIDE_DIR || join(root, "node_modules", "pyodide");
if (at >= 0) {
  pyodideDir = argv[at + 1];
  argv.splice(at, 2);
}
const [script, ...args] = argv;
if (!script || !script.endsWith(".py") || !existsSync(script)) {
  console.error("usage: node bench/pyodide_run.mjs bench/SCRIPT.py [arguments ...]");
  process.exit(2);
}
if (!existsSync(join(pyodideDir, "pyodide.mjs"))) {
  console.error(`no Pyodide at ${pyodideDir}: run npm install`);
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: resolve(pyodideDir) + "/",
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});

function copyTree(source, target) {
  pyodide.FS.mkdirTree(target);
  for (const name of readdirSync(source)) {
    const path = join(source, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__" && name !== "results") copyTree(path, `${target}/${name}`);
    } else if (name.endsWith(".py")) {
      pyodide.FS.writeFile(`${target}/${name}`, readFileSync(path));
    }
  }
}
const work = "/home/pyodide/work";
for (const pkg of ["whist", "engines", "bench"]) copyTree(join(root, pkg), `${work}/${pkg}`);

pyodide.globals.set("script_path", `${work}/bench/${basename(script)}`);
pyodide.globals.set("script_args", pyodide.toPy(args));
try {
  pyodide.runPython(`
import os, runpy, sys
os.chdir(${JSON.stringify(work)})
sys.path[:0] = [${JSON.stringify(work)}]
sys.argv = [script_path, *script_args]
try:
    runpy.run_path(script_path, run_name="__main__")
except SystemExit as stop:
    if stop.code not in (None, 0):
        raise
`);
} catch (error) {
  console.error(String(error.message || error));
  process.exit(1);
}

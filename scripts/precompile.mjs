// Add CPython bytecode to the zips the browser loads, so Python does not
// compile sources in WebAssembly at every page load.
//
//   node scripts/precompile.mjs stdlib SRC_ZIP DST_ZIP
//   node scripts/precompile.mjs game SRC_ZIP DST_ZIP
//
// The bytecode is compiled by the pinned Pyodide itself (node_modules), so it
// matches its CPython exactly. Sources stay in the zips: tracebacks still
// show source lines (scripts/build_dist.py leaves the standard library's
// precompiled sources out of dist/ to save download).
//
// stdlib: Pyodide's python_stdlib.zip holds only .py sources, and the ~130
//   modules Pyodide and PyScript import while starting took about half of the
//   start-up time to compile. Each of those gets an unchecked hash-based .pyc
//   next to it (zipimport prefers it; the zip is immutable). Other modules
//   stay source-only: bytecode for all of them would add ~4.5 MB to download
//   for modules a game never imports.
// game: game.zip (whist/, engines/) is unpacked into the worker's file system;
//   each module gets __pycache__/<name>.<tag>.pyc, hash-based and *checked*,
//   so a stale .pyc is never used for a changed source.

import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

// Imported in the browser on top of what loadPyodide() imports: PyScript's
// bootstrap (html) and the unpacking of the "files" zip (cp437 file names).
const EXTRA_STDLIB_MODULES = ["html", "html.entities", "encodings.cp437"];

const [mode, src, dst] = process.argv.slice(2);
if (!["stdlib", "game"].includes(mode) || !src || !dst) {
  console.error("usage: node scripts/precompile.mjs stdlib|game SRC_ZIP DST_ZIP");
  process.exit(2);
}

const pyodide = await loadPyodide(mode === "stdlib" ? { stdLibURL: src } : {});
if (mode === "game") pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(src)));
pyodide.FS.writeFile("/tmp/args.json", JSON.stringify({ mode, extra: EXTRA_STDLIB_MODULES }));
const summary = pyodide.runPython(`
import importlib, importlib.util, io, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

args = json.load(open("/tmp/args.json"))
if args["mode"] == "stdlib":
    ZIP = next(p for p in sys.path if p.endswith(".zip"))
    for name in args["extra"]:
        importlib.import_module(name)
    wanted = {
        module.__file__[len(ZIP) + 1:]
        for module in list(sys.modules.values())
        if (getattr(module, "__file__", None) or "").startswith(ZIP + "/")
        and module.__file__.endswith(".py")
    }
    def pyc_name(name):
        return name + "c", False
else:
    ZIP = "/tmp/in.zip"
    wanted = None
    def pyc_name(name):
        folder, _, file = name.rpartition("/")
        return f"{folder}/__pycache__/{file[:-3]}.{sys.implementation.cache_tag}.pyc", True

out = io.BytesIO()
added = 0
with zipfile.ZipFile(ZIP) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
    for info in zin.infolist():
        data = zin.read(info.filename)
        entry = zipfile.ZipInfo(info.filename, info.date_time)
        entry.external_attr = info.external_attr
        entry.compress_type = info.compress_type
        zout.writestr(entry, data)
        if info.filename.endswith(".py") and (wanted is None or info.filename in wanted):
            name, checked = pyc_name(info.filename)
            code = compile(data, f"{ZIP}/{info.filename}", "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=checked)
            entry = zipfile.ZipInfo(name, info.date_time)
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(entry, pyc)
            added += 1
    zout.comment = zin.comment
with open("/tmp/out.zip", "wb") as f:
    f.write(out.getvalue())
f"{added} modules precompiled for CPython {sys.version.split()[0]}"
`);
writeFileSync(dst, pyodide.FS.readFile("/tmp/out.zip"));
console.log(`precompile ${mode}: ${summary}, ${readFileSync(dst).length} bytes`);

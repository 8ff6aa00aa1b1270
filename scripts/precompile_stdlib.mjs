// Precompile the part of Pyodide's standard library that every start-up imports.
//
//   node scripts/precompile_stdlib.mjs SRC_ZIP DST_ZIP
//
// Pyodide's python_stdlib.zip holds only .py sources, so each page load
// compiles the ~130 modules Pyodide (and PyScript) import while starting, in
// WebAssembly: about half of the start-up time. This writes a copy of the zip
// that also holds an unchecked hash-based .pyc next to each of those modules
// (zipimport prefers it and never recompiles), compiled by the pinned Pyodide
// itself so the bytecode matches its CPython exactly. The .py sources stay,
// so tracebacks still show source lines. Other modules stay source-only
// (compiling all of them would add ~4.5 MB to download for modules a game
// never imports).

import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

// Imported in the browser on top of what loadPyodide() imports: PyScript's
// bootstrap (html) and the unpacking of the "files" zip (cp437 file names).
const EXTRA_MODULES = ["html", "html.entities", "encodings.cp437"];

const [src, dst] = process.argv.slice(2);
if (!src || !dst) {
  console.error("usage: node scripts/precompile_stdlib.mjs SRC_ZIP DST_ZIP");
  process.exit(2);
}

const pyodide = await loadPyodide({ stdLibURL: src });
pyodide.FS.writeFile("/tmp/extra.json", JSON.stringify(EXTRA_MODULES));
const summary = pyodide.runPython(`
import importlib, importlib.util, io, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

ZIP = next(p for p in sys.path if p.endswith(".zip"))
for name in json.load(open("/tmp/extra.json")):
    importlib.import_module(name)
boot = {
    module.__file__[len(ZIP) + 1:]
    for module in list(sys.modules.values())
    if (getattr(module, "__file__", None) or "").startswith(ZIP + "/")
    and module.__file__.endswith(".py")
}
out = io.BytesIO()
added = 0
with zipfile.ZipFile(ZIP) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
    for info in zin.infolist():
        data = zin.read(info.filename)
        entry = zipfile.ZipInfo(info.filename, info.date_time)
        entry.external_attr = info.external_attr
        entry.compress_type = info.compress_type
        zout.writestr(entry, data)
        if info.filename in boot:
            code = compile(data, f"{ZIP}/{info.filename}", "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            entry = zipfile.ZipInfo(info.filename + "c", info.date_time)
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(entry, pyc)
            added += 1
with open("/tmp/out.zip", "wb") as f:
    f.write(out.getvalue())
f"{added} modules precompiled for CPython {sys.version.split()[0]}"
`);
writeFileSync(dst, pyodide.FS.readFile("/tmp/out.zip"));
console.log(`precompile_stdlib: ${summary}, ${readFileSync(dst).length} bytes`);

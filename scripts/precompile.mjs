// Add CPython bytecode to the zips the browser loads, so Python does not
// compile sources in WebAssembly at every page load.
//
//   node scripts/precompile.mjs stdlib SRC_ZIP DST_ZIP
//   node scripts/precompile.mjs game SRC_ZIP DST_ZIP [PYSCRIPT_CORE_CHUNK]
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
//   so a stale .pyc is never used for a changed source. Given PyScript's core
//   chunk, it also holds pyscript/__pycache__/*.pyc for the package PyScript
//   writes and imports on every start (scripts/pyscript_package.mjs), without
//   those sources: PyScript writes them, and the checked hash ties each .pyc to
//   exactly that text.

import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";
import { pyscriptPackage } from "./pyscript_package.mjs";

// Imported in the browser on top of what loadPyodide() imports: PyScript's
// bootstrap (html) and the unpacking of the "files" zip (cp437 file names).
const EXTRA_STDLIB_MODULES = ["html", "html.entities", "encodings.cp437"];

const [mode, src, dst, chunk] = process.argv.slice(2);
if (!["stdlib", "game"].includes(mode) || !src || !dst || (chunk && mode !== "game")) {
  console.error("usage: node scripts/precompile.mjs stdlib|game SRC_ZIP DST_ZIP [PYSCRIPT_CORE_CHUNK]");
  process.exit(2);
}
// PyScript's package, read before Pyodide starts: a chunk of another shape stops here.
const bytecodeOnly = chunk ? pyscriptPackage(readFileSync(chunk, "utf8")) : {};

const pyodide = await loadPyodide(mode === "stdlib" ? { stdLibURL: src } : {});
if (mode === "game") pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(src)));
pyodide.FS.writeFile("/tmp/args.json", JSON.stringify({ mode, extra: EXTRA_STDLIB_MODULES, bytecodeOnly }));
const summary = pyodide.runPython(`
import ast, importlib, importlib.util, io, json, sys, zipfile
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

def imported_at_start(files, first):
    """The files of files that importing first imports (not inside functions)."""
    keep, todo = set(), [first]
    while todo:
        name = todo.pop()
        if name in keep or name not in files:
            continue
        keep.add(name)
        nodes = list(ast.parse(files[name]).body)
        while nodes:
            node = nodes.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                modules = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            else:
                modules = []
            for module in modules:
                path = module.replace(".", "/")
                todo += [f"{path}.py", f"{path}/__init__.py"]
            for field in ("body", "orelse", "finalbody", "handlers"):
                nodes += [n for n in getattr(node, field, None) or [] if isinstance(n, ast.AST)]
    return keep

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
    package = args.get("bytecodeOnly", {})
    for name, text in sorted((k, package[k]) for k in imported_at_start(package, "pyscript/__init__.py")):
        data = text.encode("utf-8")  # as PyScript's Path.write_text(text, encoding="utf-8")
        pyc, checked = pyc_name(name)
        code = compile(data, name, "exec", dont_inherit=True)
        entry = zipfile.ZipInfo(pyc, (2020, 1, 1, 0, 0, 0))
        entry.external_attr = 0o644 << 16
        entry.compress_type = zipfile.ZIP_DEFLATED
        zout.writestr(entry, _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=checked))
        added += 1
    zout.comment = zin.comment
with open("/tmp/out.zip", "wb") as f:
    f.write(out.getvalue())
f"{added} modules precompiled for CPython {sys.version.split()[0]}"
`);
writeFileSync(dst, pyodide.FS.readFile("/tmp/out.zip"));
console.log(`precompile ${mode}: ${summary}, ${readFileSync(dst).length} bytes`);

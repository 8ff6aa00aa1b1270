#!/usr/bin/env python3
"""Build ``dist/``: the one static bundle any host or CDN can serve (``make dist``).

What goes in, and nothing else::

    index.html                  the page (references rewritten to the hashed folders)
    sw.js                       the service worker, with the precache list of this bundle
    app-<hash>/                 the page's own files: css/, js/, py/worker.py, pyscript.json,
                                cards/, icons, manifest, catalog.json, pkg/game.zip, and
                                runtime/boot.mjs + snapshot.mjs (Python from a memory snapshot)
    rt-<hash>/pyscript/         the PyScript files the page loads (its worker's set-up without
                                PyScript's own Python package, which the page never imports)
    rt-<hash>/pyodide/          Pyodide's runtime, python_stdlib.zip trimmed to the modules the
                                game, PyScript and Pyodide import

Every file has ``.br`` (brotli, quality 11) and ``.gz`` (gzip -9) beside it.
The two ``<name>-<hash>`` folders are named by their content (16 hex digits of
SHA-256), so a host may cache them for ever; ``index.html``, ``sw.js`` are
the only paths that must be revalidated. The zips hold *stored* (uncompressed)
entries, so brotli compresses across them.

``catalog.json`` is ``whist_app.webapi.catalog({})`` and the seat counts of
every game's default options, written by Python here, so the page draws the game
chooser before Python has started in the browser (``static/js/bridge.js``).

The same checkout gives the same bytes: fixed zip dates, sorted entries, gzip
without a time stamp, the pinned brotli. Compressed forms are cached in
``build/cache`` by content hash, so a rebuild after a page edit takes a second.

``--test`` builds the browser tests' variant (default ``build/dist-test``): the
same bundle except that game.zip carries the web API's test hooks.

Usage: ``python scripts/build_dist.py [--out DIR] [--test] [--quiet]``.
"""

from __future__ import annotations

import argparse
import fnmatch
import gzip
import hashlib
import io
import json
import os
import posixpath
import re
import shutil
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

import vendor_web  # noqa: E402

DIST = ROOT / "dist"
TEST_DIST = ROOT / "build" / "dist-test"
CACHE = ROOT / "build" / "cache"
STATIC = ROOT / "static"
VENDOR = STATIC / "vendor"
ZIP_DATE = vendor_web.ZIP_DATE

#: Pyodide files the page loads (boot.mjs and snapshot.mjs are ours, from static/runtime/).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
#: PyScript files the page loads: its core and the plugin chunks the core imports at
#: start; not the editor's and terminal's libraries (CodeMirror, xterm), the TOML
#: parser or the package graph, which this page never requests (tests/browser/test_bundle.py).
PYSCRIPT_PATTERNS = ("*.js", "core.css")
PYSCRIPT_LEFT_OUT = ("codemirror*", "xterm*", "toml-*", "pyodide_graph-*", "service-worker.js")
#: The page's own files under static/ (globs); vendor/, pkg/ and runtime/ are handled apart.
APP_PATTERNS = ("css/*.css", "js/*.js", "py/worker.py", "pyscript.json", "cards/*.svg",
                "favicon.svg", "icon-192.png", "icon-512.png", "manifest.webmanifest")
#: Standard-library modules kept although no import names them (codecs are looked up by name).
STDLIB_EXTRA = (
    "encodings", "encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii",
    "encodings.latin_1", "encodings.cp437", "encodings.cp1252", "encodings.idna",
    "encodings.punycode", "encodings.utf_16", "encodings.utf_16_le", "encodings.utf_16_be",
    "encodings.utf_32", "encodings.raw_unicode_escape", "encodings.unicode_escape",
    "encodings.charmap", "html", "html.entities", "pyodide", "_pyodide",
)
#: Packages whose every module is kept (Pyodide's own Python side).
STDLIB_WHOLE: tuple[str, ...] = ()
#: Imported by game code only on paths the page never takes (the review's worker
#: processes are for the command line; the page reviews in one process).
NOT_IN_BROWSER = frozenset({"multiprocessing", "argparse", "subprocess"})

_IMPORT = r"(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+([\w., \t()*]+)|import[ \t]+([\w., \t]+))"
IMPORT_RE = re.compile(r"^[ \t]*" + _IMPORT, re.MULTILINE)
#: Python sources inside PyScript's JavaScript (strings with \n escapes).
JS_IMPORT_RE = re.compile(r"(?:\\n|^)[ \t]*(?:from[ \t]+([\w.]+)[ \t]+import|import[ \t]+([\w.]+))")


#: Static imports of an ES module, minified or not: ``from "./x.js"``, ``import "./x.js"``.
STATIC_IMPORT_RE = re.compile(r'(?:\bfrom\s*|\bimport\s*)"(\./[^"]+\.m?js)"')
#: PyScript's plugin table in its core chunk (``name:()=>import("./x.js")``): the chunks
#: it imports as soon as it runs, one after the other behind the core.
PYSCRIPT_PLUGIN_RE = re.compile(r'[\w"$-]+:\(\)=>import\("(\./[^"]+\.js)"\)')
#: PyScript's Python set-up code, made once from its package's sources and run before the
#: worker's script: it writes the ``pyscript`` package into the file system and imports it
#: (``const n="mpy"===t?Ao.replace(bo,""):Ao`` in @pyscript/core 0.7.31's core chunk).
PYSCRIPT_SETUP_RE = re.compile(r'const (\w+)="mpy"===\w+\?(\w+)\.replace\(\w+,""\):\2(?=[,;])')
#: The page's own entry modules (``<script type="module" src="static/js/...">``).
PAGE_MODULE_RE = re.compile(r'<script type="module" src="static/(js/[\w.-]+\.js)"></script>')
#: The Python worker's script element: PyScript fetches its config and source before it
#: starts the worker, one after the other, once its core has run.
PY_WORKER_RE = re.compile(r'<script type="py" worker [^>]*\bsrc="static/([^"]+)" config="static/([^"]+)">')


def log(quiet: bool, message: str) -> None:
    if not quiet:
        print(f"build_dist: {message}", flush=True)


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# ----------------------------------------------------------------- the zips
def stored_zip(entries: Iterable[tuple[str, bytes]], comment: bytes = b"") -> bytes:
    """A deterministic zip of ``entries`` (name, data) with stored entries."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
        zf.comment = comment
    return buf.getvalue()


def zip_entries(path: Path) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(path) as zf:
        return [(i.filename, zf.read(i.filename)) for i in zf.infolist() if not i.is_dir()]


def imported_names(source: str, module: str, is_package: bool) -> set[str]:
    """Module names ``source`` may import (over-inclusive: every import statement counts)."""
    names: set[str] = set()
    for match in IMPORT_RE.finditer(source):
        base, what, plain = match.groups()
        if plain:
            for part in plain.split(","):
                name = part.strip().split()[0] if part.strip() else ""
                if name:
                    names.add(name)
            continue
        if base.startswith("."):
            dots = len(base) - len(base.lstrip("."))
            package = module if is_package else module.rpartition(".")[0]
            for _ in range(dots - 1):
                package = package.rpartition(".")[0]
            base = f"{package}.{base.lstrip('.')}".rstrip(".") if base.lstrip(".") else package
        names.add(base)
        for item in what.replace("(", " ").replace(")", " ").split(","):
            item = item.strip().split()[0] if item.strip() else ""
            if item and item != "*":
                names.add(f"{base}.{item}")
    return {n for n in names if n}


TOP_LEVEL_IMPORT_RE = re.compile("^" + _IMPORT, re.MULTILINE)


def toplevel_imports(source: str, module: str, is_package: bool) -> set[str]:
    """Module names imported when ``source`` is imported: module level and class bodies,
    not function bodies (what a function imports is only needed if it runs)."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:  # newer syntax than this Python reads: column-0 statements
        return {n for m in TOP_LEVEL_IMPORT_RE.finditer(source)
                for n in imported_names(m.group(0), module, is_package)}
    lines: list[str] = []

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                lines.append(ast.unparse(node))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            elif isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
                visit(node.orelse)  # `if __name__ == "__main__":` runs only as a script
            else:
                for field in ("body", "orelse", "finalbody", "handlers"):
                    value = getattr(node, field, None)
                    if isinstance(value, list):
                        visit([n for n in value if isinstance(n, ast.stmt)]
                              + [s for h in value if isinstance(h, ast.ExceptHandler) for s in h.body])

    visit(tree.body)
    return imported_names("\n".join(lines), module, is_package)


def trim_stdlib(stdlib: Path, roots: set[str]) -> tuple[bytes, int, int]:
    """Pyodide's standard library cut to what importing ``roots`` imports; (zip, kept, all).

    A module precompiled by ``scripts/precompile.mjs`` (``x.pyc`` beside ``x.py``) ships
    its bytecode only: zipimport reads ``x.pyc`` first and, its hash unchecked, never
    the source, which would only give tracebacks through the standard library their
    source lines (the sources were a third of the download)."""
    entries = zip_entries(stdlib)
    files = dict(entries)
    sources: dict[str, tuple[str, bool]] = {}
    for name in files:
        if name.endswith(".py"):
            module = name[:-3].replace("/", ".")
            is_package = module.endswith(".__init__")
            sources[module.removesuffix(".__init__")] = (name, is_package)
    keep: set[str] = set()
    todo = [r for r in roots]
    for whole in STDLIB_WHOLE:
        todo += [m for m in sources if m == whole or m.startswith(whole + ".")]
    while todo:
        module = todo.pop()
        if module in keep or module not in sources:
            continue
        keep.add(module)
        parent = module.rpartition(".")[0]
        if parent:
            todo.append(parent)
        name, is_package = sources[module]
        text = files[name].decode("utf-8", "replace")
        todo += toplevel_imports(text, module, is_package)
    kept_files = {sources[m][0] for m in keep}
    out = []
    for name, data in entries:
        if name.endswith(".pyc"):
            source = name[:-1]
            if source in kept_files:
                out.append((name, data))
        elif name.endswith(".py"):
            if name in kept_files and f"{name}c" not in files:
                out.append((name, data))
        else:
            # data files belong to their package
            package = name.rpartition("/")[0].replace("/", ".")
            if not package or package in keep:
                out.append((name, data))
    with zipfile.ZipFile(stdlib) as zf:
        comment = zf.comment
    return stored_zip(out, comment), len(keep), len(sources)


def stdlib_roots(game_zips: list[Path]) -> set[str]:
    """What the page's Python may import: start-up modules, PyScript, the worker and the game."""
    roots: set[str] = set(STDLIB_EXTRA)
    with zipfile.ZipFile(VENDOR / "pyodide" / vendor_web.STDLIB_ZIP) as zf:
        # the start-up modules (scripts/precompile.mjs gave exactly these bytecode)
        for name in zf.namelist():
            if name.endswith(".pyc"):
                roots.add(name[:-4].replace("/", ".").removesuffix(".__init__"))
    for path in (VENDOR / "pyscript").glob("*.js"):
        for a, b in JS_IMPORT_RE.findall(path.read_text("utf-8", "replace")):
            roots.add(a or b)
    for source in [(STATIC / "py" / "worker.py").read_text()]:
        roots |= imported_names(source, "worker", False)
    for game in game_zips:
        with zipfile.ZipFile(game) as zf:
            for name in zf.namelist():
                if name.endswith(".py"):
                    module = name[:-3].replace("/", ".")
                    roots |= imported_names(zf.read(name).decode(), module.removesuffix(".__init__"),
                                            module.endswith(".__init__"))
    return {r for r in roots if r.split(".")[0] not in NOT_IN_BROWSER}


# ------------------------------------------------------------ compression
def compressed(data: bytes, kind: str) -> bytes:
    """``data`` brotli'd (quality 11) or gzipped (level 9, no time stamp), cached by content."""
    import brotli

    key = CACHE / f"{sha(data)}.{kind}"
    if key.is_file():
        return key.read_bytes()
    if kind == "br":
        out = brotli.compress(data, quality=11, lgwin=24)
    else:
        out = gzip.compress(data, compresslevel=9, mtime=0)
    CACHE.mkdir(parents=True, exist_ok=True)
    tmp = key.with_suffix(f".{kind}.tmp{os.getpid()}")
    tmp.write_bytes(out)
    tmp.replace(key)
    return out


# ------------------------------------------------------------------ build
def catalog_json() -> bytes:
    """Python's catalog and the seat counts for each game's default options (see bridge.js)."""
    from whist_app.webapi import catalog, players_for

    cat = catalog({})
    answers = []
    for game in cat["games"]:
        options: dict[str, object] = {}
        for spec in game["options"]:  # as the set-up screen reads its untouched inputs
            default = spec["default"]
            if spec["kind"] == "bool":
                options[spec["name"]] = bool(default)
            elif spec["kind"] == "int":
                if default is not None:
                    options[spec["name"]] = int(default)
            else:
                options[spec["name"]] = "" if default is None else str(default)
        payload = {"game": game["name"], "options": options}
        try:
            answers.append(["players_for", payload, players_for(payload)])
        except Exception:  # noqa: BLE001 - then the page asks Python, as it always could
            continue
    answers.insert(0, ["catalog", {}, cat])
    return json.dumps({"answers": answers}, ensure_ascii=False, sort_keys=True,
                      separators=(",", ":")).encode("utf-8")


def folder_hash(files: dict[str, bytes]) -> str:
    h = hashlib.sha256()
    for name in sorted(files):
        h.update(name.encode() + b"\0" + sha(files[name]).encode() + b"\n")
    return h.hexdigest()[:16]


def globbed(base: Path, patterns: Iterable[str]) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    for pattern in patterns:
        for path in sorted(base.glob(pattern)):
            if path.is_file():
                out[path.relative_to(base).as_posix()] = path.read_bytes()
    return out


def rewrite_index(html: str, app: str, rt: str) -> str:
    """index.html with its static/ references pointing into the hashed folders."""
    html = html.replace('"static/vendor/pyscript/', f'"{rt}/pyscript/')
    html = re.sub(r'(\b(?:href|src|config)=")static/', rf"\g<1>{app}/", html)
    if "static/" in re.sub(r"<!--.*?-->", "", html, flags=re.S):
        raise SystemExit("build_dist: index.html still names static/ after rewriting")
    if re.search(r"<script(?![^>]*\bsrc=)[^>]*>\s*\S", html):
        raise SystemExit("build_dist: index.html holds an inline script (the CSP forbids it)")
    return html


def module_closure(files: dict[str, bytes], entries: Iterable[str]) -> list[str]:
    """``entries`` and every module of ``files`` they import statically, in the order found.

    ``files`` maps paths inside one folder to contents; an import of a file not in
    ``files`` is an error (the page would ask for a file the bundle does not hold)."""
    order: list[str] = []
    todo = list(entries)
    while todo:
        name = todo.pop(0)
        if name in order:
            continue
        if name not in files:
            raise SystemExit(f"build_dist: {name} is imported but not in the bundle")
        order.append(name)
        folder = posixpath.dirname(name)
        for ref in STATIC_IMPORT_RE.findall(files[name].decode("utf-8", "replace")):
            todo.append(posixpath.normpath(posixpath.join(folder, ref)))
    return order


def pyscript_start_modules(files: dict[str, bytes]) -> list[str]:
    """PyScript's modules its ``core.js`` loads at start: its static imports and the plugins
    its core chunk imports at once. Fails if PyScript's files no longer look so (a new
    PyScript release): the preload list would silently go stale."""
    core = module_closure(files, ["core.js"])
    plugins = [posixpath.normpath(ref) for name in core
               for ref in PYSCRIPT_PLUGIN_RE.findall(files[name].decode("utf-8", "replace"))]
    if len(core) < 2 or not plugins:
        raise SystemExit("build_dist: PyScript's core.js no longer imports a core chunk with a plugin "
                         "table (`name:()=>import(\"./x.js\")`): update pyscript_start_modules")
    return module_closure(files, core + plugins)


def without_pyscript_package(files: dict[str, bytes]) -> dict[str, bytes]:
    """PyScript's ``files`` with its worker set-up emptied: no ``pyscript`` package written
    into the file system and imported before ``worker.py``, which never uses it (its
    bridge is polyscript's ``xworker.sync``). That set-up was about a tenth of a repeat
    visit (docs/performance.md). Stops if PyScript's chunks no longer hold it exactly once."""
    found = [name for name, data in files.items()
             if name.endswith(".js") and PYSCRIPT_SETUP_RE.search(data.decode("utf-8", "replace"))]
    if len(found) != 1:
        raise SystemExit(f"build_dist: PyScript's package set-up found in {found or 'no chunk'}, "
                         "not in one: update PYSCRIPT_SETUP_RE")
    text, count = PYSCRIPT_SETUP_RE.subn(r'const \1=""', files[found[0]].decode("utf-8"))
    if count != 1:
        raise SystemExit(f"build_dist: PyScript's package set-up is in {found[0]} {count} times")
    return {**files, found[0]: text.encode("utf-8")}


def python_imports_pyscript(sources: dict[str, str]) -> list[str]:
    """The names of ``sources`` (module name → text) that import PyScript's package."""
    return sorted(name.removesuffix(".__init__") for name, text in sources.items()
                  if any(n.split(".")[0] == "pyscript" for n in
                         imported_names(text, name.removesuffix(".__init__"), name.endswith(".__init__"))))


def add_preloads(html: str, hrefs: Iterable[str], fetched: Iterable[str] = ()) -> str:
    """``html`` with a ``<link rel="modulepreload">`` for each of ``hrefs`` and a
    ``<link rel="preload" as="fetch">`` for each of ``fetched`` at the end of its head.

    The browser then fetches a whole import chain at once while it parses the page,
    instead of one level of imports after the other."""
    links = "".join(f'  <link rel="modulepreload" href="{href}">\n' for href in hrefs)
    links += "".join(f'  <link rel="preload" href="{href}" as="fetch" crossorigin>\n' for href in fetched)
    if html.count("</head>") != 1:
        raise SystemExit("build_dist: index.html has no single </head>")
    return html.replace("</head>", links + "</head>", 1)


def build(out: Path, test: bool, quiet: bool) -> dict[str, object]:
    vendor_web.main(["--quiet"] if quiet else [])
    game_zip = STATIC / "pkg" / ("game-test.zip" if test else "game.zip")
    shipped_zip = STATIC / "pkg" / "game.zip"

    # runtime: the same for the shipped bundle and the test variant
    stdlib, kept, total = trim_stdlib(VENDOR / "pyodide" / vendor_web.STDLIB_ZIP,
                                      stdlib_roots([shipped_zip, STATIC / "pkg" / "game-test.zip"]))
    log(quiet, f"python_stdlib.zip: {kept} of {total} modules kept ({len(stdlib):,} bytes)")
    runtime: dict[str, bytes] = {f"pyodide/{n}": (VENDOR / "pyodide" / n).read_bytes() for n in PYODIDE_FILES}
    runtime["pyodide/python_stdlib.zip"] = stdlib
    pyscript_files = without_pyscript_package(globbed(VENDOR / "pyscript", PYSCRIPT_PATTERNS))
    for name, data in pyscript_files.items():
        if not any(fnmatch.fnmatch(name, pattern) for pattern in PYSCRIPT_LEFT_OUT):
            runtime[f"pyscript/{name}"] = data
    rt = f"rt-{folder_hash(runtime)}"

    # the page's own files
    # game.zip's bytecode of PyScript's package serves the unbuilt page only (static/)
    game_entries = [(name, data) for name, data in zip_entries(game_zip) if not name.startswith("pyscript/")]
    python = {name.removesuffix(".py").replace("/", "."): data.decode("utf-8")
              for name, data in game_entries if name.endswith(".py")}
    python["worker"] = (STATIC / "py" / "worker.py").read_text("utf-8")
    if importers := python_imports_pyscript(python):
        raise SystemExit(f"build_dist: {', '.join(importers)} import PyScript's package, "
                         "which dist/ does not load (without_pyscript_package)")
    game_bytes = stored_zip(game_entries)
    app_files = globbed(STATIC, APP_PATTERNS)
    app_files["pkg/game.zip"] = game_bytes
    app_files["catalog.json"] = catalog_json()
    # The interpreter is our wrapper of loadPyodide (static/runtime/boot.mjs), in the
    # app folder so the memory snapshot is keyed by this bundle; it loads Pyodide
    # from the runtime folder.
    for path in sorted((STATIC / "runtime").glob("*.mjs")):
        text = path.read_text("utf-8").replace('"./pyodide.mjs"', f'"../../{rt}/pyodide/pyodide.mjs"')
        app_files[f"runtime/{path.name}"] = text.encode("utf-8")
    config = json.loads(app_files["pyscript.json"])
    config["interpreter"] = "./runtime/boot.mjs"
    app_files["pyscript.json"] = (json.dumps(config, indent=2) + "\n").encode()
    app = f"app-{folder_hash(app_files)}"

    source_html = (ROOT / "index.html").read_text("utf-8")
    pyscript = {k.removeprefix("pyscript/"): v for k, v in runtime.items() if k.startswith("pyscript/")}
    # (not the modules the page names in its own <script> tags: those load at once anyway)
    preloads = [f"{rt}/pyscript/{name}" for name in pyscript_start_modules(pyscript) if name != "core.js"]
    entries = PAGE_MODULE_RE.findall(source_html)
    preloads += [f"{app}/{name}" for name in module_closure(app_files, entries) if name not in entries]
    worker = PY_WORKER_RE.search(source_html)
    if worker is None:
        raise SystemExit('build_dist: index.html has no <script type="py" worker src=... config=...>')
    index = add_preloads(rewrite_index(source_html, app, rt), preloads,
                         [f"{app}/{worker.group(2)}", f"{app}/{worker.group(1)}"]).encode("utf-8")
    bundle: dict[str, bytes] = {"index.html": index}
    bundle.update({f"{rt}/{k}": v for k, v in runtime.items()})
    bundle.update({f"{app}/{k}": v for k, v in app_files.items()})
    precache = ["./"] + sorted(f"./{name}" for name in bundle if name != "index.html")
    template = (STATIC / "sw.js").read_text("utf-8")
    marker = re.compile(r"^const BUNDLE = .*$", re.M)
    if not marker.search(template):
        raise SystemExit("build_dist: static/sw.js has no `const BUNDLE = ...` line")
    line = "const BUNDLE = " + json.dumps({"version": f"{app}+{rt}", "precache": precache}) + ";"
    bundle["sw.js"] = marker.sub(lambda _: line, template, count=1).encode("utf-8")

    # write: exactly these files and their compressed forms
    tmp = out.with_name(f"{out.name}.tmp{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    for name, data in sorted(bundle.items()):
        path = tmp / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        path.with_name(path.name + ".br").write_bytes(compressed(data, "br"))
        path.with_name(path.name + ".gz").write_bytes(compressed(data, "gz"))
    for path in [tmp, *tmp.rglob("*")]:
        os.utime(path, (0, 0))  # a fixed mtime: the same checkout gives the same tree
    shutil.rmtree(out, ignore_errors=True)
    tmp.replace(out)

    raw = sum(len(d) for d in bundle.values())
    br = sum((out / f"{n}.br").stat().st_size for n in bundle)
    gz = sum((out / f"{n}.gz").stat().st_size for n in bundle)
    report = {"out": str(out), "app": app, "runtime": rt, "files": len(bundle),
              "bytes": raw, "brotli_bytes": br, "gzip_bytes": gz, "test_hooks": test,
              "sizes": {name: [len(data), (out / f"{name}.br").stat().st_size]
                        for name, data in sorted(bundle.items())}}
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path,
                        help="output folder (default dist/, or build/dist-test with --test)")
    parser.add_argument("--test", action="store_true", help="the browser tests' variant (with test hooks)")
    parser.add_argument("--quiet", action="store_true", help="print only the size line")
    args = parser.parse_args(argv)
    out: Path = (args.out or (TEST_DIST if args.test else DIST)).resolve()
    report = build(out, args.test, args.quiet)
    (ROOT / "build").mkdir(exist_ok=True)
    (ROOT / "build" / f"{out.name}-report.json").write_text(json.dumps(report, indent=1) + "\n")
    print(f"{os.path.relpath(out, Path.cwd())}/: {report['files']} files, {report['bytes'] / 1e6:.2f} MB; "
          f"{report['brotli_bytes'] / 1e6:.2f} MB brotli, {report['gzip_bytes'] / 1e6:.2f} MB gzip "
          f"({report['app']}, {report['runtime']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

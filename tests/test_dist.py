"""The static bundle (``make dist``) and the server that serves it (``python -m whist serve``).

The bundle is built once per session into a temporary folder (the compressed forms
come from ``build/cache`` after the first build, so this takes seconds), then
checked file by file and served on loopback.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import http.client
import json
import re
import shutil
import socket
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import brotli
import pytest

import whist_server

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import build_dist  # noqa: E402

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="the bundle needs Node (npm set-up)")


def tree_digest(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bundle") / "dist"
    build_dist.build(out, test=False, quiet=True)
    return out


def bundle_files(dist: Path) -> set[str]:
    return {p.relative_to(dist).as_posix() for p in dist.rglob("*")
            if p.is_file() and p.suffix not in (".br", ".gz")}


def folder(dist: Path, prefix: str) -> str:
    (name,) = [p.name for p in dist.iterdir() if p.name.startswith(prefix)]
    return name


# ------------------------------------------------------------------ the bundle
def test_only_what_the_page_needs(dist: Path) -> None:
    files = bundle_files(dist)
    app, rt = folder(dist, "app-"), folder(dist, "rt-")
    assert {p.name for p in dist.iterdir()} - {"index.html", "sw.js"} - {
        f"{n}{e}" for n in ("index.html", "sw.js") for e in (".br", ".gz")} == {app, rt}
    assert re.fullmatch(r"app-[0-9a-f]{16}", app) and re.fullmatch(r"rt-[0-9a-f]{16}", rt)
    for needed in ("index.html", "sw.js", f"{app}/js/bridge.js", f"{app}/js/table.js", f"{app}/py/worker.py",
                   f"{app}/pyscript.json", f"{app}/pkg/game.zip", f"{app}/catalog.json",
                   f"{app}/runtime/boot.mjs", f"{app}/runtime/snapshot.mjs", f"{app}/runtime/check.mjs",
                   f"{app}/runtime/pages.mjs",
                   f"{app}/manifest.webmanifest",
                   f"{rt}/pyscript/core.js", f"{rt}/pyodide/pyodide.asm.wasm",
                   f"{rt}/pyodide/python_stdlib.zip"):
        assert needed in files, needed
    for name in files:
        assert not name.endswith((".map", ".toml", ".md")), name
        assert not re.search(r"(^|/)(codemirror|xterm|toml-|tests?/|\.git)", name), name
        assert name.endswith("worker.py") or not name.endswith(".py"), name


def test_game_bundle_leaves_out_server_clis_terminal_arena(dist: Path) -> None:
    with zipfile.ZipFile(dist / folder(dist, "app-") / "pkg" / "game.zip") as zf:
        names = set(zf.namelist())
        assert all(i.compress_type == zipfile.ZIP_STORED for i in zf.infolist())
    assert "whist_app/webapi.py" in names and "engines/strong.py" in names
    for left_out in sorted(build_dist.vendor_web.BUNDLE_EXCLUDES):
        assert left_out not in names
    assert not [n for n in names if n.startswith(("whist_server/", "tests/", "bench/"))]


def test_standard_library_is_trimmed(dist: Path) -> None:
    with zipfile.ZipFile(dist / folder(dist, "rt-") / "pyodide" / "python_stdlib.zip") as zf:
        names = set(zf.namelist())
        assert all(i.compress_type == zipfile.ZIP_STORED for i in zf.infolist())
    for kept in ("json/__init__.py", "random.py", "encodings/utf_8.py", "asyncio/__init__.py"):
        assert kept in names or f"{kept}c" in names, kept
    # precompiled modules ship their bytecode alone
    assert "random.pyc" in names and "random.py" not in names
    assert not [n for n in names if n.endswith(".py") and f"{n}c" in names]
    for dropped in ("unittest/__init__.py", "pdb.py", "doctest.py", "pydoc.py", "argparse.py",
                    "multiprocessing/__init__.py", "email/__init__.py"):
        assert dropped not in names


def test_every_file_has_brotli_and_gzip_beside_it(dist: Path) -> None:
    for name in bundle_files(dist):
        data = (dist / name).read_bytes()
        assert brotli.decompress((dist / f"{name}.br").read_bytes()) == data, name
        assert gzip.decompress((dist / f"{name}.gz").read_bytes()) == data, name


def test_page_has_no_inline_script_and_names_only_bundle_files(dist: Path) -> None:
    html = (dist / "index.html").read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>\s*\S", html)
    refs = re.findall(r'\b(?:href|src|config)="([^"]+)"', html)
    assert refs
    files = bundle_files(dist)
    for ref in refs:
        assert ref in files, ref
    config = json.loads((dist / folder(dist, "app-") / "pyscript.json").read_text())
    assert config["interpreter"] == "./runtime/boot.mjs"


def test_page_preloads_every_module_it_imports_at_start(dist: Path) -> None:
    html = (dist / "index.html").read_text()
    head = html[:html.index("</head>")]
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', head)
    rt, app = folder(dist, "rt-"), folder(dist, "app-")
    core = (dist / rt / "pyscript" / "core.js").read_text()
    (core_chunk,) = re.findall(r'from"\./(core-[\w-]+\.js)"', core)
    chunk = (dist / rt / "pyscript" / core_chunk).read_text()
    plugins = re.findall(r':\(\)=>import\("\./([\w-]+\.js)"\)', chunk)
    assert {"donkey", "error", "py-terminal"} <= {name.rsplit("-", 1)[0] for name in plugins}
    page_js = {f"{app}/js/{p.name}" for p in (dist / app / "js").glob("*.js")}
    entries = set(re.findall(r'<script type="module" src="([^"]+)">', html))
    expected = {f"{rt}/pyscript/{name}" for name in [core_chunk, *plugins]} | (page_js - entries)
    assert set(preloads) == expected
    assert len(preloads) == len(set(preloads))
    # PyScript's main thread fetches the worker's config, then its source, before it starts it.
    fetched = re.findall(r'<link rel="preload" href="([^"]+)" as="fetch" crossorigin>', head)
    assert fetched == [f"{app}/pyscript.json", f"{app}/py/worker.py"]
    assert f'src="{app}/py/worker.py" config="{app}/pyscript.json"' in html


def test_pyscript_of_another_shape_stops_the_build() -> None:
    with pytest.raises(SystemExit, match="plugin table"):
        build_dist.pyscript_start_modules({"core.js": b'export{a}from"./core-X.js";',
                                           "core-X.js": b'const p={x:()=>load("./x.js")};'})
    with pytest.raises(SystemExit, match="not in the bundle"):
        build_dist.module_closure({"a.js": b'import "./gone.js";'}, ["a.js"])
    shape = {"core.js": b'export{a}from"./core-X.js";',
             "core-X.js": b'import{b}from"./util-Y.js";const p={"py-x":()=>import("./x-Z.js")};',
             "util-Y.js": b"", "x-Z.js": b'import{a}from"./core-X.js";'}
    assert build_dist.pyscript_start_modules(shape) == ["core.js", "core-X.js", "util-Y.js", "x-Z.js"]


#: Node, argv: pyscript_package.mjs, PyScript's core chunk, game.zip, Pyodide's pyodide.mjs.
#: Writes PyScript's package as PyScript does, unpacks game.zip beside it, and asks
#: Pyodide's own import machinery whether each .pyc holds that source's checked hash.
PYSCRIPT_BYTECODE_CHECK = """
const [pkg, chunk, zip, pyodideModule] = process.argv.slice(1);
const { readFileSync } = require("node:fs");
const { pyscriptPackage } = await import(pkg);
const { loadPyodide } = await import(pyodideModule);
const files = pyscriptPackage(readFileSync(chunk, "utf8"));
const py = await loadPyodide();
py.FS.writeFile("/tmp/files.json", JSON.stringify(files));
py.FS.writeFile("/tmp/game.zip", new Uint8Array(readFileSync(zip)));
console.log(py.runPython(`
import importlib.util, json, os, sys, zipfile
from pathlib import Path
os.chdir("/home/pyodide")
zipfile.ZipFile("/tmp/game.zip").extractall(".")
files = json.load(open("/tmp/files.json"))
for name, text in files.items():
    Path(name).write_text(text, encoding="utf-8")
report = {"sources": sorted(files), "in_zip": sorted(n for n in zipfile.ZipFile("/tmp/game.zip").namelist()
                                                     if n.startswith("pyscript/")), "checks": {}}
for name in files:
    pyc = importlib.util.cache_from_source(name)
    if os.path.exists(pyc):
        data = open(pyc, "rb").read()
        report["checks"][name] = {
            "magic": data[:4] == importlib.util.MAGIC_NUMBER,
            "checked_hash": int.from_bytes(data[4:8], "little") == 3,
            "same_source": data[8:16] == importlib.util.source_hash(open(name, "rb").read()),
        }
json.dumps(report)
`));
"""


def test_game_zip_holds_bytecode_of_pyscripts_package(dist: Path) -> None:
    # The unbuilt page's game.zip (static/): dist/'s PyScript does not load its package.
    (chunk,) = (ROOT / "static" / "vendor" / "pyscript").glob("core-*.js")
    script = (f"(async () => {{ {PYSCRIPT_BYTECODE_CHECK} }})()"
              ".catch((e) => { console.error(e); process.exit(1); })")
    out = subprocess.run(["node", "--input-type=commonjs", "-e", script,
                          (ROOT / "scripts" / "pyscript_package.mjs").as_uri(), str(chunk),
                          str(ROOT / "static" / "pkg" / "game.zip"),
                          (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").as_uri()],
                         capture_output=True, text=True, timeout=180, check=True)
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert {"pyscript/__init__.py", "pyscript/context.py", "pyscript/web.py"} <= set(report["sources"])
    # Bytecode only (PyScript writes the sources), and only for what `import pyscript` imports.
    assert not [n for n in report["in_zip"] if not n.startswith("pyscript/__pycache__/")]
    checks = report["checks"]
    assert {"pyscript/__init__.py", "pyscript/context.py", "pyscript/display.py"} <= set(checks)
    assert "pyscript/web.py" not in checks  # only a page's own Python imports it
    assert all(all(c.values()) for c in checks.values()), checks


def test_dist_leaves_out_pyscripts_own_package(dist: Path) -> None:
    rt, app = dist / folder(dist, "rt-"), dist / folder(dist, "app-")
    (vendored,) = (ROOT / "static" / "vendor" / "pyscript").glob("core-*.js")
    shipped = rt / "pyscript" / vendored.name
    assert len(build_dist.PYSCRIPT_SETUP_RE.findall(vendored.read_text("utf-8"))) == 1
    assert not build_dist.PYSCRIPT_SETUP_RE.search(shipped.read_text("utf-8"))
    assert len(shipped.read_bytes()) < len(vendored.read_bytes())  # only the set-up is gone
    with zipfile.ZipFile(app / "pkg" / "game.zip") as zf:
        assert not [n for n in zf.namelist() if n.startswith("pyscript/")]
    # a chunk of another shape, or a module of the game that imports the package, stops the build
    with pytest.raises(SystemExit, match="PYSCRIPT_SETUP_RE"):
        build_dist.without_pyscript_package({"core-X.js": b"const n=Ao"})
    assert build_dist.python_imports_pyscript({
        "whist_app.view": "from pyscript import document\n", "worker": "import json\n",
        "whist.__init__": "import pyscript.web as w\n"}) == ["whist", "whist_app.view"]


def test_service_worker_precaches_the_bundle(dist: Path) -> None:
    sw = (dist / "sw.js").read_text()
    match = re.search(r"^const BUNDLE = (.*);$", sw, re.M)
    assert match
    bundle = json.loads(match.group(1))
    assert bundle["version"] == f"{folder(dist, 'app-')}+{folder(dist, 'rt-')}"
    expected = {"./"} | {f"./{n}" for n in bundle_files(dist) if n not in ("index.html", "sw.js")}
    assert set(bundle["precache"]) == expected


def test_catalog_is_pythons(dist: Path) -> None:
    from whist_app.webapi import catalog, players_for

    answers = json.loads((dist / folder(dist, "app-") / "catalog.json").read_text())["answers"]
    assert answers[0] == ["catalog", {}, json.loads(json.dumps(catalog({})))]
    for fn, payload, reply in answers[1:]:
        assert fn == "players_for" and players_for(payload) == reply


#: Run in Node against the bundle's boot.mjs and pages.mjs: the packed snapshot
#: round-trips, is checked against its hash, and what is not one is refused;
#: game.zip's stored entries unpack to their bytes.
BOOT_CHECKS = r"""
const boot = await import(process.argv[1]);
const pages = await import(new URL("pages.mjs", process.argv[1]).href);
const zip = new Uint8Array(require("fs").readFileSync(process.argv[2]));
const heap = new Uint8Array(5 * 4096 + 100);
heap[4096 * 2 + 7] = 1; heap[heap.length - 1] = 9; heap[3] = 4;
const packed = pages.packPages(heap);
const back = pages.unpackPages(packed);
const refused = [packed.subarray(0, packed.length - 1), new Uint8Array(packed.length), new Uint8Array(3)]
  .map((bad) => { try { pages.unpackPages(bad); return false; } catch { return true; } });
const sha256 = await pages.digest(packed);
const checked = await pages.checkedHeap(packed, packed.length, sha256);
const flipped = packed.slice(); flipped[flipped.length - 1] ^= 1;
const checkRefused = await Promise.all([[flipped, sha256], [packed, "0".repeat(64)],
  [new Uint8Array(packed.length), await pages.digest(new Uint8Array(packed.length))]]
  .map(([bad, hash]) => pages.checkedHeap(bad, packed.length, hash).then(() => false, () => true)));
const written = {};
const FS = { mkdirTree() {},
  writeFile(path, data) { written[path] = Buffer.from(data).toString("base64"); } };
const stored = boot.unpackStoredZip({ FS }, zip.buffer, "./");
const wrote = () => { throw new Error("wrote"); };
const untouched = { mkdirTree: wrote, writeFile: wrote };
const deflated = boot.unpackStoredZip({ FS: untouched }, require("fs").readFileSync(process.argv[3]));
console.log(JSON.stringify({ same: back.length === heap.length && back.every((b, i) => b === heap[i]),
  checked: checked.length === heap.length && checked.every((b, i) => b === heap[i]), checkRefused,
  packedSize: packed.length, refused, stored, deflated, written }));
"""


def test_boot_packs_the_snapshot_and_unpacks_stored_zips(dist: Path) -> None:
    app = dist / folder(dist, "app-")
    game_zip = app / "pkg" / "game.zip"
    script = f"(async () => {{ {BOOT_CHECKS} }})().catch((e) => {{ console.error(e); process.exit(1); }})"
    out = subprocess.run(["node", "--input-type=commonjs", "-e", script,
                          (app / "runtime" / "boot.mjs").as_uri(), str(game_zip),
                          str(ROOT / "static" / "pkg" / "game.zip")],
                         capture_output=True, text=True, timeout=120, check=True)
    result = json.loads(out.stdout)
    assert result["same"]
    # the header, the bitmap and the three pages that are not all zero (the last one short)
    assert result["packedSize"] == 8 + 1 + 2 * 4096 + 100
    assert result["refused"] == [True, True, True]
    # checked: a flipped byte, a wrong hash, and bytes that hash right but are no packed heap
    assert result["checked"] and result["checkRefused"] == [True, True, True]
    assert result["stored"] is True
    assert result["deflated"] is False  # the checkout's deflated game.zip: left to unpackArchive
    with zipfile.ZipFile(game_zip) as zf:
        expected = {i.filename: base64.b64encode(zf.read(i)).decode()
                    for i in zf.infolist() if not i.is_dir()}
    assert result["written"] == expected and "whist_app/webapi.py" in expected


def test_reproducible(dist: Path, tmp_path: Path) -> None:
    again = tmp_path / "dist"
    build_dist.build(again, test=False, quiet=True)
    assert tree_digest(again) == tree_digest(dist)


# ------------------------------------------------------------------ the server
@pytest.fixture(scope="module")
def served(dist: Path) -> Iterator[tuple[str, int]]:
    (dist / ".git").mkdir()
    (dist / ".git" / "config").write_text("[core]\n")  # present, and still refused
    server, url = whist_server.serve_in_thread(dist)
    try:
        yield "127.0.0.1", server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(dist / ".git")


def get(served: tuple[str, int], path: str, headers: dict[str, str] | None = None,
        method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection(*served, timeout=10)
    try:
        conn.request(method, path, headers=headers or {})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


def raw(served: tuple[str, int], data: bytes) -> bytes:
    with socket.create_connection(served, timeout=10) as sock:
        sock.sendall(data)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def test_headers_on_the_page(served: tuple[str, int]) -> None:
    status, headers, body = get(served, "/")
    assert status == 200 and body.startswith(b"<!doctype html>")
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert headers["cache-control"] == "no-cache"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    csp = dict(part.strip().split(" ", 1) for part in headers["content-security-policy"].split(";"))
    assert "'unsafe-inline'" not in csp["script-src"] and "'self'" in csp["script-src"]
    assert csp["default-src"] == "'self'" and csp["frame-ancestors"] == "'none'"
    assert not any(v for k, v in csp.items() if "http" in v)
    # No cross-origin isolation: the page needs no SharedArrayBuffer (docs/deploy.md).
    assert "cross-origin-embedder-policy" not in headers


def test_encodings_negotiated_from_the_precompressed_files(served: tuple[str, int], dist: Path) -> None:
    name = f"{folder(dist, 'rt-')}/pyodide/pyodide.asm.mjs"
    for accept, coding, suffix in [("br, gzip", "br", ".br"), ("gzip, deflate", "gzip", ".gz"),
                                   ("br;q=0, gzip", "gzip", ".gz"), ("", None, ""),
                                   ("identity", None, ""), ("*", "br", ".br")]:
        status, headers, body = get(served, f"/{name}", {"Accept-Encoding": accept})
        assert status == 200
        assert headers.get("content-encoding") == coding, accept
        assert body == (dist / f"{name}{suffix}").read_bytes()
        assert headers["vary"] == "Accept-Encoding"
        assert headers["content-type"] == "text/javascript; charset=utf-8"
        assert headers["cache-control"] == "public, max-age=31536000, immutable"
    wasm = f"/{folder(dist, 'rt-')}/pyodide/pyodide.asm.wasm"
    status, headers, _ = get(served, wasm, {"Accept-Encoding": "br"})
    assert headers["content-type"] == "application/wasm" and headers["content-encoding"] == "br"
    status, headers, _ = get(served, "/", {"Accept-Encoding": "br"})
    etag = headers["etag"]
    assert get(served, "/", {"Accept-Encoding": "br", "If-None-Match": etag})[0] == 304
    assert get(served, "/", {"If-None-Match": etag})[0] == 200  # another representation


@pytest.mark.parametrize("path", ["/.git/config", "/.git/", "/tests/", "/static/sw.js",
                                  "/app-0123456789abcdef/", "/index.html.br", "/../pyproject.toml",
                                  "/%2e%2e/pyproject.toml",
                                  "/sw.js/../../README.md", "/nothing-here"])
def test_refusals_404(served: tuple[str, int], path: str) -> None:
    status, headers, _ = get(served, path)
    assert status == 404, path
    assert headers["x-content-type-options"] == "nosniff"


def test_refusals_of_bad_requests(served: tuple[str, int]) -> None:
    assert get(served, "/", {"Host": "evil.example:80"})[0] == 421
    assert get(served, "/", {"Host": "rebind.attacker.test"})[0] == 421
    assert get(served, "/", method="POST")[0] == 405
    assert raw(served, b"NONSENSE\r\n\r\n").startswith(b"HTTP/1.1 400")
    assert raw(served, b"GET / HTTP/1.1\r\n\r\n").startswith(b"HTTP/1.1 400")  # no Host
    host = f"Host: 127.0.0.1:{served[1]}\r\n".encode()
    assert raw(served, b"GET /%00 HTTP/1.1\r\n" + host + b"\r\n").startswith(b"HTTP/1.1 400")
    assert raw(served, b"GET /%ff HTTP/1.1\r\n" + host + b"\r\n").startswith(b"HTTP/1.1 400")
    long_line = b"GET /" + b"a" * 10_000 + b" HTTP/1.1\r\n"
    assert raw(served, long_line + host + b"\r\n").startswith(b"HTTP/1.1 414")
    many = b"".join(b"X-%d: y\r\n" % i for i in range(200))
    assert raw(served, b"GET / HTTP/1.1\r\n" + host + many + b"\r\n").startswith(b"HTTP/1.1 431")
    close = b"Connection: close\r\n\r\n"
    assert raw(served, b"GET / HTTP/1.1\r\n" + host + close).startswith(b"HTTP/1.1 200")


def test_slow_clients_are_cut_off(served: tuple[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(whist_server, "HEAD_TIMEOUT", 1.0)
    started = time.monotonic()
    with socket.create_connection(served, timeout=10) as sock:
        sock.sendall(b"GET / HT")  # and never the rest
        assert sock.recv(100) == b""  # closed by the server
    assert time.monotonic() - started < 5


def run_serve(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "whist", "serve", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize("port", ["70000", "-1", "eighty"])
def test_bad_port_in_one_line(port: str) -> None:
    done = run_serve("--port", port)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "port" in done.stderr and "Traceback" not in done.stderr


def test_no_bundle_in_one_line(tmp_path: Path) -> None:
    done = run_serve("--root", str(tmp_path))
    assert done.returncode == 1
    assert len(done.stderr.strip().splitlines()) == 1 and "make dist" in done.stderr

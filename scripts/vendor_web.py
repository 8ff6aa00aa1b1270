#!/usr/bin/env python3
"""Vendor the browser runtime and package the game code for the page.

Standard library only, idempotent, and quick when nothing changed:

* runs ``npm ci`` when ``node_modules`` is missing or does not match the
  pins in ``package.json``;
* copies PyScript's ``dist/`` (without ``*.map``) to ``static/vendor/pyscript/``;
* copies the Pyodide runtime files to ``static/vendor/pyodide/``, except
  that ``python_stdlib.zip`` gets bytecode for the modules every start-up
  imports (``scripts/precompile.mjs``, run by Node with the pinned Pyodide;
  about 2x faster Python start), or is copied as is if that fails;
* builds ``static/pkg/game.zip`` from the ``.py`` files of the ``whist/``,
  ``engines/`` and ``whist_app/`` packages in the checkout (less the command
  lines, the terminal and the arena, which the page never runs), so the browser runs exactly the
  files the tests run, plus their bytecode (checked against the sources) when
  Node can compile it.

Usage: ``python scripts/vendor_web.py [--root DIR] [--quiet]``.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: Replaced by a copy holding bytecode for the start-up modules (see precompile.mjs).
STDLIB_ZIP = "python_stdlib.zip"
GAME_PACKAGES = ("whist", "engines", "whist_app")
#: Modules of those packages the page never runs: command lines, the terminal, the arena,
#: its runner over processes or Ray, and their progress bar.
BUNDLE_EXCLUDES = frozenset({"whist/__main__.py", "whist_app/__main__.py", "whist_app/cli.py",
                             "whist_app/arguments.py",
                             "whist_app/terminal.py", "whist_app/nerd.py", "engines/arena.py",
                             "engines/distribute.py", "engines/progress.py",
                             "whist_app/testhooks.py"})
#: The web API's test hooks: only in the test bundle, game-test.zip (see whist_server).
TEST_HOOKS = "whist_app/testhooks.py"
#: Fixed timestamp so an unchanged checkout gives a byte-identical zip.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def _log(quiet: bool, message: str) -> None:
    if not quiet:
        print(f"vendor_web: {message}")


def node_modules_current(root: Path) -> bool:
    """True when every package pinned in package.json (the linter too) is installed at its pin."""
    package = json.loads((root / "package.json").read_text())
    pins: dict[str, str] = {**package["dependencies"], **package.get("devDependencies", {})}
    for name, version in pins.items():
        meta = root / "node_modules" / name / "package.json"
        if not meta.is_file() or json.loads(meta.read_text()).get("version") != version:
            return False
    return True


def ensure_node_modules(root: Path, quiet: bool) -> None:
    """Run ``npm ci`` (registry only, from package-lock.json) unless already current."""
    if node_modules_current(root):
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("vendor_web: node_modules is missing or stale and npm is not installed")
    _log(quiet, "running npm ci")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=root, check=True)
    if not node_modules_current(root):
        sys.exit("vendor_web: npm ci did not install the pinned versions")


def copy_if_changed(src: Path, dst: Path) -> bool:
    """Copy ``src`` to ``dst`` unless size and mtime already match; True if copied."""
    st = src.stat()
    if dst.is_file():
        dt = dst.stat()
        if dt.st_size == st.st_size and int(dt.st_mtime) == int(st.st_mtime):
            return False
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)
    return True


def sync_tree(files: dict[str, Path], dst_dir: Path, keep: frozenset[str] = frozenset()) -> int:
    """Make ``dst_dir`` hold exactly ``files`` (relative name -> source) and ``keep``; return copies made."""
    copied = sum(copy_if_changed(src, dst_dir / rel) for rel, src in files.items())
    if dst_dir.is_dir():
        for old in sorted(dst_dir.rglob("*"), reverse=True):
            rel = old.relative_to(dst_dir).as_posix()
            if old.is_file() and rel not in files and rel not in keep:
                old.unlink()
            elif old.is_dir() and not any(old.iterdir()):
                old.rmdir()
    return copied


def vendor_runtime(root: Path, quiet: bool) -> None:
    """Copy PyScript and Pyodide from node_modules into static/vendor."""
    nm = root / "node_modules"
    dist = nm / "@pyscript" / "core" / "dist"
    pyscript = {
        p.relative_to(dist).as_posix(): p
        for p in dist.rglob("*")
        if p.is_file() and not p.name.endswith(".map")
    }
    n = sync_tree(pyscript, root / "static" / "vendor" / "pyscript")
    pyodide = {name: nm / "pyodide" / name for name in PYODIDE_FILES if name != STDLIB_ZIP}
    n += sync_tree(pyodide, root / "static" / "vendor" / "pyodide", keep=frozenset({STDLIB_ZIP}))
    stdlib = root / "static" / "vendor" / "pyodide" / STDLIB_ZIP
    n += precompile_stdlib(root, nm / "pyodide" / STDLIB_ZIP, stdlib, quiet)
    _log(quiet, f"runtime vendored ({n} file(s) copied)")


def run_precompile(root: Path, mode: str, src: Path, dst: Path, quiet: bool,
                   extra: tuple[str, ...] = ()) -> str | None:
    """Run ``scripts/precompile.mjs mode src dst [extra]`` under Node; None on success, else why not."""
    node = shutil.which("node")
    if node is None:
        return "node not found"
    tmp = dst.with_name(f"{dst.name}.tmp{os.getpid()}")
    dst.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([node, str(root / "scripts" / "precompile.mjs"), mode, str(src), str(tmp), *extra],
                          cwd=root, capture_output=True, text=True, check=False)
    if done.returncode != 0 or not tmp.is_file():
        tmp.unlink(missing_ok=True)
        return (done.stderr.strip().splitlines() or ["failed"])[-1]
    tmp.replace(dst)
    _log(quiet, done.stdout.strip())
    return None


def precompile_stdlib(root: Path, src: Path, dst: Path, quiet: bool) -> int:
    """Write ``dst``: ``src`` plus bytecode for the start-up modules; 1 if written.

    The result gets ``src``'s mtime, so an unchanged pin is not redone; a copy
    of the same size as ``src`` means an earlier attempt fell back, so retry.
    """
    st = src.stat()
    if dst.is_file():
        dt = dst.stat()
        if int(dt.st_mtime) == int(st.st_mtime) and dt.st_size != st.st_size:
            return 0
    failure = run_precompile(root, "stdlib", src, dst, quiet)
    if failure is not None:
        print(f"vendor_web: stdlib not precompiled ({failure}); Python will start slower", file=sys.stderr)
        shutil.copy2(src, dst)
        return 1
    os.utime(dst, (st.st_atime, st.st_mtime))
    return 1


def build_game_zip(root: Path) -> bytes:
    """Return a deterministic zip of the ``.py`` files of the game packages."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for package in GAME_PACKAGES:
            base = root / package
            if not base.is_dir():
                continue
            for path in sorted(base.rglob("*.py")):
                rel = path.relative_to(root)
                if "__pycache__" in rel.parts or rel.as_posix() in BUNDLE_EXCLUDES:
                    continue
                info = zipfile.ZipInfo(rel.as_posix(), ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zf.writestr(info, path.read_bytes())
    return buf.getvalue()


def pyscript_core_chunk(root: Path) -> Path | None:
    """The vendored PyScript chunk that writes PyScript's Python package (None before vendoring)."""
    chunks = sorted((root / "static" / "vendor" / "pyscript").glob("core-*.js"))
    if not chunks:
        return None
    if len(chunks) > 1:
        raise SystemExit(f"vendor_web: more than one PyScript core chunk: {[c.name for c in chunks]}")
    return chunks[0]


def write_game_zip(root: Path, quiet: bool) -> None:
    """Write static/pkg/game.zip (with bytecode, see precompile.mjs) when the sources changed.

    The bytecode includes PyScript's own package (its sources stay out: PyScript
    writes them at every start). The zip comment holds the SHA-256 of the
    source-only zip and of that PyScript chunk, which tells whether the written
    zip is current without running Node again.
    """
    data = build_game_zip(root)
    chunk = pyscript_core_chunk(root)
    digest_of = hashlib.sha256(data)
    if chunk is not None:
        digest_of.update(chunk.read_bytes())
    digest = digest_of.hexdigest().encode()
    out = root / "static" / "pkg" / "game.zip"
    if out.is_file():
        with contextlib.suppress(zipfile.BadZipFile), zipfile.ZipFile(out) as current:
            if current.comment == digest:
                _log(quiet, "game.zip up to date")
                return
    out.parent.mkdir(parents=True, exist_ok=True)
    # Names of this process's own: two builds at once (tests under -n 2) never share one.
    src = out.with_name(f"game.src.zip.tmp{os.getpid()}")
    with zipfile.ZipFile(io.BytesIO(data)) as zin, zipfile.ZipFile(src, "w") as zout:
        for info in zin.infolist():
            zout.writestr(info, zin.read(info.filename))
        zout.comment = digest
    failure = run_precompile(root, "game", src, out, quiet, () if chunk is None else (str(chunk),))
    if failure is None:
        src.unlink()
    else:
        # Source only, and no digest: the next run tries to precompile again.
        print(f"vendor_web: game.zip without bytecode ({failure}); Python will start slower",
              file=sys.stderr)
        tmp = out.with_suffix(f".zip.tmp{os.getpid()}")
        tmp.write_bytes(data)
        tmp.replace(out)
        src.unlink()
    _log(quiet, f"game.zip written ({out.stat().st_size} bytes)")


def write_test_zip(root: Path, quiet: bool) -> None:
    """Write static/pkg/game-test.zip: game.zip plus the web API's test hooks."""
    out = root / "static" / "pkg" / "game-test.zip"
    tmp = out.with_suffix(f".zip.tmp{os.getpid()}")
    shutil.copyfile(root / "static" / "pkg" / "game.zip", tmp)
    with zipfile.ZipFile(tmp, "a") as zf:
        info = zipfile.ZipInfo(TEST_HOOKS, ZIP_DATE)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        zf.writestr(info, (root / TEST_HOOKS).read_bytes())
    tmp.replace(out)
    _log(quiet, "game-test.zip written (game.zip with the test hooks)")


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--root", type=Path, default=ROOT, help="repository root")
    parser.add_argument("--quiet", action="store_true", help="print nothing on success")
    parser.add_argument("--zip-only", action="store_true", help="only rebuild static/pkg/game.zip")
    args = parser.parse_args(argv)
    root: Path = args.root.resolve()
    if not args.zip_only:
        ensure_node_modules(root, args.quiet)
        vendor_runtime(root, args.quiet)
    write_game_zip(root, args.quiet)
    write_test_zip(root, args.quiet)
    return 0


if __name__ == "__main__":
    sys.exit(main())

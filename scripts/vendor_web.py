#!/usr/bin/env python3
"""Vendor the browser runtime and package the game code for the page.

Standard library only, idempotent, and quick when nothing changed:

* runs ``npm ci`` when ``node_modules`` is missing or does not match the
  pins in ``package.json``;
* copies PyScript's ``dist/`` (without ``*.map``) to ``static/vendor/pyscript/``;
* copies the Pyodide runtime files to ``static/vendor/pyodide/``;
* builds ``static/pkg/game.zip`` from the ``.py`` files of the ``whist/``
  and ``engines/`` packages in the checkout, so the browser runs exactly the
  files the tests run.

Usage: ``python scripts/vendor_web.py [--root DIR] [--quiet]``.
"""

from __future__ import annotations

import argparse
import io
import json
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
GAME_PACKAGES = ("whist", "engines")
#: Fixed timestamp so an unchanged checkout gives a byte-identical zip.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def _log(quiet: bool, message: str) -> None:
    if not quiet:
        print(f"vendor_web: {message}")


def node_modules_current(root: Path) -> bool:
    """True when every dependency pinned in package.json is installed at its pin."""
    pins: dict[str, str] = json.loads((root / "package.json").read_text())["dependencies"]
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


def sync_tree(files: dict[str, Path], dst_dir: Path) -> int:
    """Make ``dst_dir`` hold exactly ``files`` (relative name -> source); return copies made."""
    copied = sum(copy_if_changed(src, dst_dir / rel) for rel, src in files.items())
    if dst_dir.is_dir():
        for old in sorted(dst_dir.rglob("*"), reverse=True):
            rel = old.relative_to(dst_dir).as_posix()
            if old.is_file() and rel not in files:
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
    pyodide = {name: nm / "pyodide" / name for name in PYODIDE_FILES}
    n += sync_tree(pyodide, root / "static" / "vendor" / "pyodide")
    _log(quiet, f"runtime vendored ({n} file(s) copied)")


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
                if "__pycache__" in rel.parts:
                    continue
                info = zipfile.ZipInfo(rel.as_posix(), ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zf.writestr(info, path.read_bytes())
    return buf.getvalue()


def write_game_zip(root: Path, quiet: bool) -> None:
    """Write static/pkg/game.zip only when its content changed."""
    data = build_game_zip(root)
    out = root / "static" / "pkg" / "game.zip"
    if out.is_file() and out.read_bytes() == data:
        _log(quiet, "game.zip up to date")
        return
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".zip.tmp")
    tmp.write_bytes(data)
    tmp.replace(out)
    _log(quiet, f"game.zip written ({len(data)} bytes)")


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
    return 0


if __name__ == "__main__":
    sys.exit(main())

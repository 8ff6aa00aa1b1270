"""Python side of the bridge: runs in the PyScript worker named ``engine``.

The page reaches Python only through the two exported functions:

* ``call(fn, payload_json)`` hands over to ``whist_app.webapi.dispatch``, which
  answers only the functions registered in its API, checks the payload before
  parsing it, and returns JSON text; errors come back as
  ``{"error": message, "kind": ExceptionClassName}``, never as exceptions.
* ``ping()`` proves Python runs and reports which game packages import.

Arguments and results are plain strings (structured-clone friendly).
"""

from __future__ import annotations

import importlib
import json
import os
import sys


def call(fn: str, payload_json: str) -> str:
    """Run the web API function ``fn`` on ``payload_json``; its reply as JSON text."""
    try:
        from whist_app.webapi import dispatch
        _test_hooks()
    except Exception as exc:  # noqa: BLE001 - the page must hear why, not hang
        return json.dumps({"error": f"the game did not load: {exc}", "kind": type(exc).__name__})
    return dispatch(fn, payload_json)


def _test_hooks() -> None:
    """The test bundle's extra API functions (whist_app/testhooks.py is not shipped)."""
    try:
        import whist_app.testhooks  # noqa: F401
    except ImportError:
        pass


def _try_import(name: str) -> str | None:
    """Import ``name``; None on success, else the error text."""
    try:
        importlib.import_module(name)
    except Exception as exc:  # noqa: BLE001
        return f"{type(exc).__name__}: {exc}"
    return None


def ping() -> str:
    """Report the Python version and whether the game packages import."""
    imports = {name: _try_import(name) for name in ("whist", "engines", "whist_app")}
    return json.dumps(
        {
            "python": ".".join(map(str, sys.version_info[:3])),
            "version": sys.version,
            "platform": sys.platform,
            "imports": {name: err is None for name, err in imports.items()},
            "import_errors": {name: err for name, err in imports.items() if err},
            # How Python started (static/runtime/boot.mjs): hit, miss, stale or fallback.
            "snapshot": os.environ.get("WHIST_SNAPSHOT", "none"),
            "snapshot_reason": os.environ.get("WHIST_SNAPSHOT_REASON", ""),
            "snapshot_ms": int(os.environ.get("WHIST_SNAPSHOT_MS", "0") or 0),
            # Where a restored heap was checked: "thread" (check.mjs) or "here" (the fallback).
            "snapshot_check": os.environ.get("WHIST_SNAPSHOT_CHECK", ""),
            # Whether PyScript set up its own Python package (dist/ leaves it out: build_dist.py).
            "pyscript_package": "pyscript" in sys.modules,
        }
    )


__export__ = ["call", "ping"]

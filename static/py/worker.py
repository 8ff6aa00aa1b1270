"""Python side of the bridge: runs in the PyScript worker named ``engine``.

The page reaches Python only through the two exported functions:

* ``call(fn, payload_json)`` dispatches to ``whist_app.webapi.<fn>(payload)`` and
  returns JSON text. Errors never cross as exceptions: they come back as
  ``{"error": message, "kind": ExceptionClassName}``.
* ``ping()`` proves Python runs and reports which game packages import.

Arguments and results are plain strings (structured-clone friendly).
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from collections.abc import Callable
from typing import Any


def _error(message: str, kind: str) -> str:
    return json.dumps({"error": message, "kind": kind})


def _busy(payload: dict[str, Any]) -> dict[str, Any]:
    """Test hook: spin the CPU for ``payload["seconds"]`` (default 1 s)."""
    seconds = float(payload.get("seconds", 1.0))
    start = time.perf_counter()
    spins = 0
    while time.perf_counter() - start < seconds:
        spins += 1
    return {"seconds": time.perf_counter() - start, "spins": spins}


def _echo(payload: dict[str, Any]) -> dict[str, Any]:
    """Test hook: return the payload unchanged (bridge round-trip timing)."""
    return payload


def _raise(payload: dict[str, Any]) -> dict[str, Any]:
    """Test hook: raise ``ValueError`` with ``payload["message"]``."""
    raise ValueError(str(payload.get("message", "boom")))


#: Worker-only hooks, reachable as ``call("__busy", ...)`` etc.
HOOKS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "__busy": _busy,
    "__sleep_busy": _busy,
    "__echo": _echo,
    "__raise": _raise,
}


def _resolve(fn: str) -> Callable[[dict[str, Any]], Any] | str:
    """Return the callable for ``fn`` or an error JSON string."""
    if fn in HOOKS:
        return HOOKS[fn]
    if not fn or fn.startswith("_"):
        return _error(f"not a public API function: {fn!r}", "LookupError")
    webapi = importlib.import_module("whist_app.webapi")
    target = getattr(webapi, fn, None)
    if not callable(target):
        return _error(f"whist_app.webapi has no function {fn!r}", "LookupError")
    return target  # type: ignore[no-any-return]


def call(fn: str, payload_json: str) -> str:
    """Run ``whist_app.webapi.<fn>(payload)`` and return its result as JSON text."""
    try:
        payload = json.loads(payload_json) if payload_json else {}
        target = _resolve(fn)
        if isinstance(target, str):
            return target
        return json.dumps(target(payload))
    except Exception as exc:  # noqa: BLE001 - every failure becomes data
        return _error(str(exc) or repr(exc), type(exc).__name__)


def _try_import(name: str) -> str | None:
    """Import ``name``; None on success, else the error text."""
    try:
        importlib.import_module(name)
    except Exception as exc:  # noqa: BLE001
        return f"{type(exc).__name__}: {exc}"
    return None


def ping() -> str:
    """Report the Python version and whether the game packages import."""
    imports = {name: _try_import(name) for name in ("whist", "engines")}
    return json.dumps(
        {
            "python": ".".join(map(str, sys.version_info[:3])),
            "version": sys.version,
            "platform": sys.platform,
            "imports": {name: err is None for name, err in imports.items()},
            "import_errors": {name: err for name, err in imports.items() if err},
        }
    )


__export__ = ["call", "ping"]

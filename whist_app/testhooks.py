"""Test hooks for the browser tests: registered in the web API only where this module exists.

The shipped bundle (``static/pkg/game.zip``) leaves this module out, so the
page never answers these; the test bundle (``game-test.zip``, served by the
dev server only when the browser tests ask for it) carries it.
"""

from __future__ import annotations

import time
from typing import Any

from whist_app.webapi import API, _current


def _busy(payload: dict[str, Any]) -> dict[str, Any]:
    """Spin the CPU for ``payload["seconds"]`` (default 1 s, at most 5)."""
    seconds = min(float(payload.get("seconds", 1.0)), 5.0)
    start = time.perf_counter()
    spins = 0
    while time.perf_counter() - start < seconds:
        spins += 1
    return {"seconds": time.perf_counter() - start, "spins": spins}


def _echo(payload: dict[str, Any]) -> dict[str, Any]:
    """Return the payload unchanged (bridge round-trip timing)."""
    return payload


def _raise(payload: dict[str, Any]) -> dict[str, Any]:
    """Raise ``ValueError`` with ``payload["message"]``."""
    raise ValueError(str(payload.get("message", "boom")))


def _observation(payload: dict[str, Any]) -> dict[str, Any]:
    """The raw observation of the shown seat of the game in play (replies carry only the view)."""
    table = _current()
    return dict(table.state.observe(table.view_seat()))


API.update({"__busy": _busy, "__sleep_busy": _busy, "__echo": _echo, "__raise": _raise,
            "__observation": _observation})

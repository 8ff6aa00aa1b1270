"""A one-line progress bar on a terminal stream, for the long commands (arena, review).

Redrawn in place with a carriage return; the caller ends its line with :meth:`close`.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """``reviewing [####......] 12/40 decisions, 30 s so far, about 70 s left`` on ``stream``."""

    def __init__(self, unit: str, stream: TextIO | None = None, width: int = 30,
                 label: str = "") -> None:
        """Count ``unit`` (a plural noun) on ``stream`` (standard error by default), the
        bar after ``label`` if one is given."""
        self.unit = unit
        self.label = f"{label} " if label else ""
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.start = time.monotonic()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        """Show ``done`` of ``total``, the time so far and the time left at this pace."""
        filled = self.width if total <= 0 else self.width * min(done, total) // total
        elapsed = time.monotonic() - self.start
        left = "" if done <= 0 else f", about {elapsed * max(0, total - done) / done:.0f} s left"
        self.stream.write(f"\r{self.label}[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} "
                          f"{self.unit}, {elapsed:.0f} s so far{left}   ")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """End the bar's line (nothing if it was never drawn)."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()

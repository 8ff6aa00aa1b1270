"""Fixtures shared by several test modules."""

from __future__ import annotations

import time

import pytest


@pytest.fixture
def ms_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """``time.perf_counter`` becomes a clock that moves 1 ms each time it is read.

    A search's time budget then runs out after a known number of reads, whatever
    the machine's speed or load.
    """
    clock = [0.0]

    def tick() -> float:
        clock[0] += 0.001
        return clock[0]
    monkeypatch.setattr(time, "perf_counter", tick)

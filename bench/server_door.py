"""The game server as a neighbour, measured: small files on a kept-alive connection, and
requests answered while slow clients hold connections (issue 18; figures in docs/deploy.md).

    .venv/bin/python bench/server_door.py [--server DIR] [--files 50] [--requests 50]

``--server DIR`` measures the ``whist_server`` package found in DIR instead of the
checkout's (to measure an older version: ``git show REV:whist_server/__init__.py``
into ``DIR/whist_server/__init__.py``; before issue 22 the package was ``devserver``).
It serves a temporary folder of small files on loopback and prints one JSON object.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def kept_alive(address: tuple[str, int], files: int) -> list[float]:
    """Milliseconds per small file, one after another on one kept-alive connection."""
    conn = http.client.HTTPConnection(*address, timeout=10)
    conn.request("GET", "/small0.js")
    conn.getresponse().read()
    times = []
    for i in range(files):
        started = time.perf_counter()
        conn.request("GET", f"/small{i % 30}.js")
        conn.getresponse().read()
        times.append((time.perf_counter() - started) * 1000)
    conn.close()
    return times


def fresh(address: tuple[str, int], files: int) -> list[float]:
    """Milliseconds per small file, each on a new connection."""
    times = []
    for i in range(files):
        started = time.perf_counter()
        conn = http.client.HTTPConnection(*address, timeout=10)
        conn.request("GET", f"/small{i % 30}.js")
        conn.getresponse().read()
        conn.close()
        times.append((time.perf_counter() - started) * 1000)
    return times


def summary(times: list[float]) -> dict[str, float]:
    """Median, mean and largest of a list of milliseconds."""
    return {"median_ms": round(statistics.median(times), 2), "mean_ms": round(statistics.fmean(times), 2),
            "max_ms": round(max(times), 2)}


def main(argv: list[str] | None = None) -> int:
    """Measure, print the figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", type=Path, help="a directory holding the whist_server package to measure")
    parser.add_argument("--files", type=int, default=50, help="small files per latency run")
    parser.add_argument("--requests", type=int, default=50, help="requests per slow-client run")
    args = parser.parse_args(argv)
    paths = [str(ROOT), str(ROOT / "tests")]
    if args.server:
        paths.insert(0, str(args.server.resolve()))
    sys.path[:0] = paths
    from test_server import SlowHeads, legitimate_requests, make_root

    import whist_server

    report: dict[str, Any] = {"server": str(Path(whist_server.__file__).parent)}
    with tempfile.TemporaryDirectory() as tmp:
        server, _ = whist_server.serve_in_thread(make_root(Path(tmp)))
        address = ("127.0.0.1", server.server_address[1])
        try:
            report["kept_alive"] = summary(kept_alive(address, args.files))
            report["fresh_connection"] = summary(fresh(address, args.files))
            for label, count, source, back in (("slow_50", 50, "127.0.0.1", 1.0),
                                               ("slow_200", 200, "127.0.0.1", 1.0),
                                               ("flood_200_other_address", 200, "127.0.0.2", 0.0)):
                with SlowHeads(address, count, source=source, back=back):
                    started = time.perf_counter()
                    answered, slowest = legitimate_requests(address, args.requests)
                    took = time.perf_counter() - started
                report[label] = {"answered": f"{answered}/{args.requests}",
                                 "slowest_ms": round(slowest * 1000, 1), "all_ms": round(took * 1000)}
        finally:
            server.shutdown()
            server.server_close()
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

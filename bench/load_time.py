"""Page load time: cold and repeat visits, to Python-ready and to the first playable hand.

    python bench/load_time.py [--runs 5] [--json] [--seed 1] [--level expectation] [--root dist]

Builds the bundle (``scripts/build_dist.py``, as ``make dist``) unless ``--root``
names one, serves it on loopback with the game's server (``whist_server``) and
drives Debian's Chromium headless (``/usr/bin/chromium``, the browser tests'
flags). Each run uses a fresh persistent profile (a new temporary user-data
dir), so the HTTP cache, Cache Storage, IndexedDB (the memory snapshot), the
service worker and V8's code cache all start empty and then behave as for a
real visitor:

* ``cold``: first navigation → the game chooser drawn (``body[data-chooser]``),
  → ``body[data-ready]`` (Python answered ``ping``) and → first playable hand:
  as soon as the page is ready, a script injected before the page's own calls
  ``bridge.call("start", ...)`` for Diminishing Whist with a person in seat 0
  and ``--level`` elsewhere, then ``step`` while a computer is to move, until
  the person's first decision is known. Times are the page's
  ``performance.now()`` (origin: navigation start).
* ``reload``: the same browser, once the service worker holds the bundle
  (``body[data-offline-ready]``) and the page stored its memory snapshot
  (``body[data-snapshot-stored]``), a second navigation.
* ``revisit``: the browser closed and reopened on the same profile, then a
  navigation: only what is on disk helps (HTTP cache, Cache Storage, the
  snapshot in IndexedDB, code cache).

Bytes are counted in the browser: the encoded (on-the-wire) body and header
bytes of every response of the page, its workers and its service worker that
came from the network (Playwright's ``request.sizes()``, i.e. Chromium's
encodedDataLength), per phase; the server's count of body bytes it sent is kept
beside as a check. ``snapshot`` is how Python started (hit, miss, stale,
fallback). ``--trace`` prints, for the first run, when each request reached the
server (ms after navigation start), which shows what the load waits on.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

import whist_server  # noqa: E402

#: Where the page's bridge module is in the bundle (the same expression as the browser tests').
BRIDGE_URL = ("new URL('bridge.js', [...document.scripts].find((s) => /\\/js\\/boot\\.js$/.test(s.src)).src)"
              ".href")

CHROMIUM = "/usr/bin/chromium"
#: Same flags as tests/browser/conftest.py (no background network chatter).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 120_000
#: V8 writes the wasm code cache a little after tier-up; give it time before revisiting.
CODE_CACHE_SETTLE_S = 3.0

#: Injected before any page script: marks ready, then plays to the person's first decision.
MARKS_SCRIPT = """
(() => {
  const marks = (window.__loadMarks = {});
  const plan = %s;
  let started = false;
  async function firstHand() {
    const bridge = await import(BRIDGE_URL);
    marks.startCall = performance.now();
    let { view } = await bridge.call("start", plan);
    marks.started = performance.now();
    let steps = 0;
    while (view.computer_to_move && !view.over) {
      ({ view } = await bridge.call("step", {}));
      steps += 1;
    }
    marks.hand = performance.now();
    marks.steps = steps;
    marks.pending = view.prompt;
    marks.humanToMove = view.human_to_move;
  }
  new MutationObserver(() => {
    const body = document.body;
    if (!body) return;
    if (body.dataset.chooser && marks.chooser === undefined) marks.chooser = performance.now();
    if (body.dataset.ready && !started) {
      marks.snapshot = body.dataset.snapshot;
      started = true;
      marks.ready = performance.now();
      firstHand().catch((err) => { marks.error = String(err && err.message || err); });
    }
    if (body.dataset.offlineReady && marks.offline === undefined) marks.offline = performance.now();
    if (body.dataset.bootError && marks.error === undefined) marks.error = body.dataset.bootError;
  }).observe(document, { attributes: true, subtree: true, childList: true });
})();
""".replace("BRIDGE_URL", BRIDGE_URL)


class ByteCounter:
    """Response bodies and request arrivals seen by the loopback server."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes = 0
        self.requests = 0
        self.log: list[tuple[float, float, str, int]] = []

    def reset(self) -> None:
        """Start a new phase."""
        with self.lock:
            self.bytes = 0
            self.requests = 0
            self.log = []

    def snapshot(self) -> tuple[int, int]:
        """(bytes, requests) since the last reset."""
        with self.lock:
            return self.bytes, self.requests


COUNTER = ByteCounter()


class CountingHandler(whist_server.GameRequestHandler):
    """The game server's handler, counting body bytes and logging request timing."""

    def handle_one_request(self) -> None:
        self._bench_sent = 0
        self._bench_began = time.time()
        super().handle_one_request()
        if self.command:
            with COUNTER.lock:
                COUNTER.requests += 1
                COUNTER.log.append((self._bench_began, time.time(), self.path, self._bench_sent))

    def sent_bytes(self, n: int) -> None:
        self._bench_sent += n
        with COUNTER.lock:
            COUNTER.bytes += n


class WireCounter:
    """Encoded bytes of the responses Chromium received from the network, per phase."""

    def __init__(self) -> None:
        self.requests: list[Any] = []

    def record(self, request: Any) -> None:
        self.requests.append(request)

    def take(self) -> tuple[int, int]:
        """(encoded bytes, network requests) since the last take."""
        total = count = 0
        for request in self.requests:
            try:
                response = request.response()
                if response is None or response.from_service_worker:
                    continue
                sizes = request.sizes()
            except Exception:  # noqa: BLE001 - a request of a closed page
                continue
            total += max(0, sizes["responseBodySize"]) + max(0, sizes["responseHeadersSize"])
            count += 1
        self.requests = []
        return total, count


WIRE = WireCounter()


def wait_marks(page: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    """Wait until ``window.__loadMarks`` has ``keys`` (or an error); return the marks."""
    condition = ("(keys) => { const m = window.__loadMarks;"
                 " return !!m && (!!m.error || keys.every((k) => k in m)); }")
    page.wait_for_function(condition, arg=list(keys), timeout=TIMEOUT_MS)
    marks: dict[str, Any] = page.evaluate("() => ({ ...window.__loadMarks, nav: performance.timeOrigin })")
    if "error" in marks:
        raise RuntimeError(f"page error: {marks['error']}")
    return marks


def visit(context: Any, url: str, page: Any | None = None) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """Navigate to ``url``; return (page, marks, traffic up to ready and up to the first hand)."""
    COUNTER.reset()
    WIRE.take()
    page = page or context.new_page()
    page.goto(url, wait_until="commit")
    marks = wait_marks(page, ("ready",))
    ready_bytes = COUNTER.snapshot()
    ready_wire = WIRE.take()
    marks = wait_marks(page, ("ready", "hand"))
    hand_bytes = COUNTER.snapshot()
    hand_wire = WIRE.take()
    traffic = {"ready_wire_bytes": ready_wire[0], "hand_wire_bytes": ready_wire[0] + hand_wire[0],
               "wire_requests": ready_wire[1] + hand_wire[1],
               "ready_server_bytes": ready_bytes[0], "hand_server_bytes": hand_bytes[0]}
    return page, marks, traffic


def trace_lines(marks: dict[str, Any]) -> list[str]:
    """Server-side request arrivals (ms after navigation start) for the last phase."""
    origin_s = marks["nav"] / 1000.0
    lines = []
    with COUNTER.lock:
        log = list(COUNTER.log)
    for began, ended, path, sent in sorted(log):
        lines.append(f"  {1000 * (began - origin_s):7.0f} → {1000 * (ended - origin_s):7.0f} ms"
                     f"  {sent / 1e6:7.3f} MB  {path}")
    return lines


def phase_result(marks: dict[str, Any], traffic: dict[str, Any]) -> dict[str, Any]:
    return {"chooser_ms": marks.get("chooser", float("nan")), "ready_ms": marks["ready"],
            "hand_ms": marks["hand"], "snapshot": marks.get("snapshot"), **traffic}


def one_run(playwright: Any, url: str, plan: dict[str, Any], trace: bool) -> dict[str, Any]:
    """One fresh profile: cold visit, reload, browser restart and revisit."""
    profile = tempfile.mkdtemp(prefix="whist-load-")
    launch = {"executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}
    result: dict[str, Any] = {}

    def open_context() -> Any:
        context = playwright.chromium.launch_persistent_context(profile, **launch)
        context.add_init_script(MARKS_SCRIPT % json.dumps(plan))
        context.on("requestfinished", WIRE.record)
        return context

    try:
        context = open_context()
        page, marks, traffic = visit(context, url, context.pages[0] if context.pages else None)
        result["cold"] = {**phase_result(marks, traffic),
                          "start_call_ms": marks["hand"] - marks["startCall"], "steps": marks["steps"]}
        if trace:
            print("cold visit, requests reaching the server:", file=sys.stderr)
            print("\n".join(trace_lines(marks)), file=sys.stderr)
            print(f"  ready {marks['ready']:.0f} ms, hand {marks['hand']:.0f} ms", file=sys.stderr)
        COUNTER.reset()
        page.wait_for_selector("body[data-offline-ready]", state="attached", timeout=TIMEOUT_MS)
        page.wait_for_selector("body[data-snapshot-stored], body[data-snapshot-error]", state="attached",
                               timeout=TIMEOUT_MS)
        result["cold"]["snapshot_error"] = page.evaluate("document.body.dataset.snapshotError ?? ''")
        time.sleep(CODE_CACHE_SETTLE_S)
        result["cold"]["after_bytes"] = WIRE.take()[0]

        page, marks, traffic = visit(context, url, page)
        result["reload"] = phase_result(marks, traffic)
        if trace:
            print("reload, requests reaching the server:", file=sys.stderr)
            print("\n".join(trace_lines(marks)), file=sys.stderr)
        time.sleep(CODE_CACHE_SETTLE_S)
        context.close()

        context = open_context()
        page, marks, traffic = visit(context, url, context.pages[0] if context.pages else None)
        result["revisit"] = phase_result(marks, traffic)
        if trace:
            print("revisit after restart, requests reaching the server:", file=sys.stderr)
            print("\n".join(trace_lines(marks)), file=sys.stderr)
        context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return result


def seconds(stats: dict[str, float]) -> str:
    """``median s (min–max)`` from a :func:`summary` of milliseconds."""
    return f"median {stats['median'] / 1000:5.2f} s ({stats['min'] / 1000:.2f}–{stats['max'] / 1000:.2f})"


def summary(values: list[float]) -> dict[str, float]:
    """Median, min and max."""
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="fresh profiles to measure (default 5)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--seed", type=int, default=1, help="deal seed of the first game (default 1)")
    parser.add_argument("--level", default="expectation", help="computer level in seats 1-3")
    parser.add_argument("--trace", action="store_true", help="print the first run's request timeline")
    parser.add_argument("--root", type=Path, default=None,
                        help="a built bundle to serve (default: build dist/ first, as make dist)")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    if args.root is None:
        import subprocess

        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_dist.py"), "--quiet"], check=True,
                       stdout=sys.stderr)
        root = whist_server.DIST
    else:
        root = args.root.resolve()
    missing = whist_server.missing_setup(root)
    if missing:
        sys.exit(f"load_time: no bundle in {root} ({', '.join(missing)} missing): {whist_server.SETUP_HINT}")
    plan = {"game": "diminishing-whist", "seats": ["human"] + [args.level] * 3, "seed": args.seed}
    server, url = whist_server.serve_in_thread(root, port=0, handler=CountingHandler)
    runs = []
    try:
        with sync_playwright() as playwright:
            for i in range(args.runs):
                runs.append(one_run(playwright, url, plan, trace=args.trace and i == 0))
                if not args.json:
                    last = runs[-1]
                    parts = [f"{phase} ready {last[phase]['ready_ms']:.0f} hand {last[phase]['hand_ms']:.0f}"
                             f" ({last[phase]['snapshot']})" for phase in ("cold", "reload", "revisit")]
                    print(f"run {i + 1}: {' | '.join(parts)} ms", file=sys.stderr)
    finally:
        server.shutdown()
        server.server_close()

    report: dict[str, Any] = {
        "machine": f"{platform.processor() or platform.machine()}, {platform.system()} {platform.release()}",
        "cpus": __import__("os").cpu_count(),
        "browser": CHROMIUM,
        "runs": len(runs),
        "plan": plan,
    }
    for phase in ("cold", "reload", "revisit"):
        report[phase] = {
            key: summary([float(r[phase][key]) for r in runs])
            for key in runs[0][phase]
            if isinstance(runs[0][phase][key], (int, float)) and key != "steps"
        }
        report[phase]["snapshot"] = dict(Counter(r[phase]["snapshot"] for r in runs))
    report["raw"] = runs
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{len(runs)} fresh profiles, Diminishing Whist seed {args.seed}, seats human + 3 × {args.level}")
    for phase in ("cold", "reload", "revisit"):
        data = report[phase]
        mb = data["hand_wire_bytes"]["median"] / 1e6
        snap = ", ".join(f"{k} {v}" for k, v in sorted(data["snapshot"].items()))
        chooser = data["chooser_ms"]["median"] / 1000
        print(f"{phase:8s} → chooser {chooser:4.2f} s  → ready {seconds(data['ready_ms'])}"
              f"   → first hand {seconds(data['hand_ms'])}   {mb:5.2f} MB on the wire   snapshot: {snap}")
    cold = report["cold"]
    after = cold["after_bytes"]["median"] / 1e6
    print(f"cold: start+steps {cold['start_call_ms']['median']:.0f} ms; afterwards "
          f"(service worker, snapshot): {after:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

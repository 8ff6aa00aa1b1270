"""Fixtures for browser tests: the served page, Debian Chromium, a network guard.

Browser tests drive the real page (PyScript + Pyodide in a worker) in
``/usr/bin/chromium`` through pytest-playwright. They are skipped, with a
reason, only when that Chromium is absent.

They test what ships: the bundle ``make dist`` builds, served by the game's own
server (``whist_server``), except that game.zip carries the web API's test hooks
(``scripts/build_dist.py --test``, built once per session into a temporary
folder, so two sessions never rebuild each other's bundle).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run from anywhere, installed or not
    sys.path.insert(0, str(ROOT))

from whist_server import missing_setup, serve_in_thread  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = ROOT / "artifacts"
READY_TIMEOUT_MS = 60_000

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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark tests that use a browser page ``browser``; skip those without Chromium."""
    skip = pytest.mark.skip(reason=f"Debian Chromium not found at {CHROMIUM}")
    for item in items:
        if {"page", "context"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
            if not CHROMIUM.exists():
                item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium headless, with no background network chatter."""
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def web_root() -> Iterator[Path]:
    """The test variant of the bundle, built from the checkout for this session."""
    out = Path(tempfile.mkdtemp(prefix="whist-dist-test-")) / "dist"
    try:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_dist.py"), "--test", "--quiet",
                        "--out", str(out)], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        assert not missing_setup(out), missing_setup(out)
        yield out
    finally:
        shutil.rmtree(out.parent, ignore_errors=True)


@pytest.fixture(scope="session")
def base_url(web_root: Path) -> Iterator[str]:
    """Serve the bundle on a free loopback port for the whole session.

    Overrides pytest-base-url's fixture, so ``page.goto("/")`` works too.
    """
    server, url = serve_in_thread(web_root, port=0)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


#: The page's bridge module, wherever the bundle put it (``await import(BRIDGE)`` in the page).
BRIDGE_URL = ("new URL('bridge.js', [...document.scripts].find((s) => /\\/js\\/boot\\.js$/.test(s.src)).src)"
              ".href")


#: Pages make no memory snapshot (static/js/bridge.js) unless a test is marked ``snapshot``:
#: making one costs a second or two of CPU, in a worker, after every first start.
NO_SNAPSHOTS = "try { localStorage.setItem('whist-snapshot', 'off'); } catch {}"


@pytest.fixture
def context(context: Any, request: pytest.FixtureRequest) -> Any:
    """pytest-playwright's context, with snapshots off unless the test is marked ``snapshot``."""
    if request.node.get_closest_marker("snapshot") is None:
        context.add_init_script(NO_SNAPSHOTS)
    return context


class RequestLog:
    """Every request the page, its workers and its service worker made."""

    def __init__(self, allowed_netloc: str) -> None:
        self.allowed_netloc = allowed_netloc
        self.urls: list[str] = []
        self.failed: list[str] = []

    def record(self, request: Any) -> None:
        """Playwright ``request`` event handler."""
        self.urls.append(request.url)

    def record_failure(self, request: Any) -> None:
        """Playwright ``requestfailed`` event handler."""
        self.failed.append(f"{request.url} ({request.failure})")

    def record_response(self, response: Any) -> None:
        """Playwright ``response`` event handler: keep HTTP errors (404s etc.)."""
        if response.status >= 400:
            self.failed.append(f"{response.url} (HTTP {response.status})")

    def foreign(self) -> list[str]:
        """Requests to any host other than the served one (data:/blob: are local)."""
        out = []
        for url in self.urls:
            parts = urlsplit(url)
            if parts.scheme in ("data", "blob", "about"):
                continue
            if parts.netloc != self.allowed_netloc:
                out.append(url)
        return out


@pytest.fixture
def request_log(context: Any, base_url: str) -> Iterator[RequestLog]:
    """Record all requests of the test's browser context; fail on foreign hosts."""
    log = RequestLog(urlsplit(base_url).netloc)
    context.on("request", log.record)
    context.on("requestfailed", log.record_failure)
    context.on("response", log.record_response)
    yield log
    foreign = log.foreign()
    assert not foreign, f"requests left the served host: {foreign}"


@pytest.fixture
def ready_page(page: Any, base_url: str, request_log: RequestLog) -> Any:
    """The game page, opened and waited on until Python answered ``ping``."""
    page.on("request", request_log.record)  # page-level too (workers included)
    page.goto(base_url)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    return page


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """Folder for screenshots and other test outputs (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS

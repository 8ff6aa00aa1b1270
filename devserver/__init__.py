"""Static development server for the browser game.

Serves the repository root with the MIME types and headers the PyScript /
Pyodide runtime needs (``application/wasm``, cross-origin isolation headers,
``no-cache`` for code so edits show up on reload). Standard library only.

Run ``python -m devserver [--port 8000] [--host 127.0.0.1] [--quiet]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from collections.abc import Sequence
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

#: Repository root: the directory that holds ``index.html`` and ``static/``.
ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}

#: Suffixes always revalidated, so code edits show up on the next reload.
NO_CACHE = frozenset({".html", ".js", ".mjs", ".py", ".json", ".webmanifest", ".css", ".zip"})

ISOLATION_HEADERS: dict[str, str] = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
}

SETUP_HINT = "run `make setup` (or `python scripts/vendor_web.py`) first"


def missing_setup(root: Path) -> list[str]:
    """Return the web set-up products missing under ``root`` (empty when ready)."""
    needed = [
        "static/vendor/pyscript/core.js",
        "static/vendor/pyodide/pyodide.mjs",
        "static/vendor/pyodide/pyodide.asm.wasm",
        "static/pkg/game.zip",
    ]
    return [rel for rel in needed if not (root / rel).is_file()]


#: The game bundle with the test hooks (``scripts/vendor_web.py`` writes it beside game.zip).
TEST_BUNDLE = "game-test.zip"


class GameRequestHandler(SimpleHTTPRequestHandler):
    """Static file handler with explicit MIME types and isolation headers."""

    protocol_version = "HTTP/1.1"
    extensions_map: ClassVar[dict[str, str]] = {  # type: ignore[misc]
        **SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    quiet: ClassVar[bool] = False
    #: Serve the test bundle (with the web API's test hooks) in place of the shipped one.
    test_hooks: ClassVar[bool] = False

    def translate_path(self, path: str) -> str:
        """The file for ``path``; the test bundle for the game bundle when asked to."""
        found = super().translate_path(path)
        if self.test_hooks and found.endswith(os.path.join("static", "pkg", "game.zip")):
            return found[:-len("game.zip")] + TEST_BUNDLE
        return found

    def end_headers(self) -> None:
        """Add isolation and caching headers to every response."""
        for name, value in ISOLATION_HEADERS.items():
            self.send_header(name, value)
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path.endswith("/") or Path(path).suffix.lower() in NO_CACHE:
            self.send_header("Cache-Control", "no-cache")
        if path.endswith("/sw.js"):
            # Let /static/sw.js control the whole site.
            self.send_header("Service-Worker-Allowed", "/")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        """Log like the base class unless the server is quiet."""
        if not self.quiet:
            super().log_message(format, *args)


class GameServer(ThreadingHTTPServer):
    """Threaded HTTP server that ignores clients hanging up mid-response."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Stay silent on disconnects; report anything else."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    root: Path, host: str = "127.0.0.1", port: int = 0, quiet: bool = False,
    test_hooks: bool = False,
) -> GameServer:
    """Bind a server for ``root`` on ``host:port`` (port 0 picks a free one).

    ``test_hooks``: answer ``static/pkg/game.zip`` with the test bundle (browser tests).
    """
    directory = str(root)

    class Handler(GameRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=directory, **kwargs)

    Handler.quiet = quiet
    Handler.test_hooks = test_hooks
    return GameServer((host, port), Handler)


def server_url(server: GameServer) -> str:
    """Return the base URL (with trailing slash) of a bound server."""
    host, port = server.server_address[:2]
    if isinstance(host, bytes):
        host = host.decode()
    if ":" in str(host):
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def serve_in_thread(root: Path | str = ROOT, port: int = 0,
                    test_hooks: bool = False) -> tuple[GameServer, str]:
    """Serve ``root`` quietly on loopback from a daemon thread; return (server, url).

    Stop it with ``server.shutdown(); server.server_close()``.
    """
    server = make_server(Path(root), "127.0.0.1", port, quiet=True, test_hooks=test_hooks)
    threading.Thread(target=server.serve_forever, name="whist-server", daemon=True).start()
    return server, server_url(server)


def default_port() -> int:
    """Port from the ``PORT`` environment variable, else 8000."""
    try:
        return int(os.environ.get("PORT", "8000"))
    except ValueError:
        return 8000


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point: serve the game until interrupted."""
    parser = argparse.ArgumentParser(prog="python -m devserver", description=__doc__)
    parser.add_argument("--port", type=int, default=default_port(), help="default $PORT or 8000")
    parser.add_argument("--host", default="127.0.0.1", help="default 127.0.0.1")
    parser.add_argument("--root", type=Path, default=ROOT, help="directory to serve")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    root: Path = args.root.resolve()
    missing = missing_setup(root)
    if missing:
        print(
            f"devserver: web set-up missing ({', '.join(missing)}): {SETUP_HINT}.",
            file=sys.stderr,
        )
    try:
        server = make_server(root, args.host, args.port, args.quiet)
    except OSError as exc:
        print(f"devserver: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    print(f"Serving {root} at {server_url(server)} (Ctrl+C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

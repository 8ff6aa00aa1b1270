"""The game's web server: serves the built bundle, ``dist/`` (``make dist``), and nothing else.

``python -m whist serve`` (and ``make run``) runs it. Standard library only. It is
meant to be left running on loopback, and behaves like a careful static host:

* **Only the bundle.** One directory is served (``dist/`` by default): no
  directory listings, no dot-files or dot-directories, nothing outside the root,
  no ``.br``/``.gz`` files by name. Anything else is 404. Symlinks are resolved
  and the result checked, for the file and for its ``.br``/``.gz`` siblings alike.
* **Precompressed encodings.** ``make dist`` writes ``x.br`` and ``x.gz`` beside
  each file; the server picks brotli, then gzip, then the file itself from
  ``Accept-Encoding`` (q-values honoured) and says ``Vary: Accept-Encoding``.
  ETags per representation; ``If-None-Match`` answers 304.
* **Caching.** Paths under a content-hashed directory (``/app-<hash>/``,
  ``/rt-<hash>/``, see ``scripts/build_dist.py``) are ``immutable`` for a year;
  everything else (the page, the service worker, the manifest) is revalidated.
* **Headers.** A strict Content-Security-Policy (no inline script, nothing
  off-origin), ``X-Content-Type-Options: nosniff``, ``Referrer-Policy``. No
  cross-origin-isolation headers: the page does not need ``SharedArrayBuffer``
  (measured, see docs/deploy.md), so any plain static host can serve ``dist/``.
* **Refusals.** On loopback a ``Host`` that is not the server's own is refused
  (421: DNS rebinding); malformed requests (a header line that is not
  ``name: value`` included) get 400, over-long request lines 414, too many or
  too long header lines 431, other methods 405.
* **Request bodies** are never taken for the next request: one valid
  ``Content-Length`` up to :data:`MAX_BODY` is read and dropped; any other body
  closes the connection after the answer; conflicting lengths get 400.
* **Neighbours.** Each answer leaves in one write with ``TCP_NODELAY`` (a small
  file on a kept-alive connection is not held back by Nagle's algorithm). A
  client has :data:`HEAD_TIMEOUT` seconds to send its first request's head, and
  a kept-alive connection :data:`IDLE_TIMEOUT` seconds to send the next one. At most
  :data:`MAX_CONNECTIONS` connections are served at once, and
  :data:`MAX_PER_CLIENT` for one client address; past either, a new connection
  takes the place of the one that has waited longest for a request head, so
  slow clients cannot keep others out (:meth:`GameServer.process_request`).

Standard library only, thread per connection: it is for local play and the tests.
For a public site, serve ``dist/`` with a web server (docs/deploy.md).

Run ``python -m whist_server [--port 8000] [--host 127.0.0.1] [--root dist] [--quiet]``.
"""

from __future__ import annotations

import argparse
import email.parser
import email.utils
import hashlib
import ipaddress
import os
import re
import socket
import stat
import sys
import threading
import time
from collections import Counter
from collections.abc import Sequence
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO, ClassVar, NoReturn
from urllib.parse import unquote, urlsplit

#: Repository root.
ROOT = Path(__file__).resolve().parent.parent
#: What ``make dist`` builds and the server serves by default.
DIST = ROOT / "dist"

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
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}

#: Sent with every answer, errors included. No inline script and nothing from
#: another origin. ``'wasm-unsafe-eval'`` lets WebAssembly compile (Pyodide);
#: ``'unsafe-eval'`` is needed because PyScript 0.7 rebuilds its worker hooks
#: with ``Function()`` (without it PyScript silently falls back to fetching
#: Pyodide from its CDN, which the policy then blocks); ``blob:`` workers are how
#: PyScript starts its worker; inline styles are allowed (the page sets colours
#: in ``style`` attributes).
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
])
SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
#: A header line: a token, a colon, a value (no folding, no control characters but tab).
HEADER_LINE = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+:[^\x00-\x08\x0a-\x1f\x7f]*\r?\n\Z")
#: The first path segment of a content-hashed (never changing) directory.
HASHED_DIR = re.compile(r"^(?:app|rt)-[0-9a-f]{12,}$")
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"

#: Longest request line read (longer: 414).
MAX_REQUEST_LINE = 8 * 1024
#: Longest header line and most header lines (more: 431).
MAX_HEADER_LINE = 8 * 1024
MAX_HEADERS = 64
#: Seconds a client has to send its first request's whole head.
HEAD_TIMEOUT = 10.0
#: Seconds a kept-alive connection has to send the next request's whole head, silence included.
IDLE_TIMEOUT = 15.0
#: Connections served at once. When all are taken, a new connection takes the place
#: of the one that has waited longest for its request head (a slow or idle client),
#: so clients that never finish a request cannot keep others out.
MAX_CONNECTIONS = 64
#: Connections served at once for one client address; more make room the same way,
#: among that client's own connections.
MAX_PER_CLIENT = 32
#: Longest request body read (and dropped) to keep a connection in step; a longer
#: one, or one framed otherwise than by ``Content-Length``, closes the connection.
MAX_BODY = 64 * 1024
#: Encodings served from precompressed files, best first.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
#: Files read in chunks of this size.
CHUNK = 256 * 1024

SETUP_HINT = "run `make dist` first"


def missing_setup(root: Path) -> list[str]:
    """The bundle files missing under ``root`` (empty when it can be served)."""
    return [rel for rel in ("index.html", "sw.js") if not (root / rel).is_file()]


def is_loopback(host: str) -> bool:
    """True for 127.0.0.0/8, ::1 and ``localhost``."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def accepted_encodings(header: str | None) -> dict[str, float]:
    """``Accept-Encoding`` as {coding: q}; malformed q-values count as 0."""
    out: dict[str, float] = {}
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        name = name.strip().lower()
        if not name:
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        out[name] = q
    return out


def choose_encoding(header: str | None, available: Sequence[str]) -> str | None:
    """The best of ``available`` (in preference order) the client accepts; None: identity."""
    accepted = accepted_encodings(header)
    for coding in available:
        q = accepted[coding] if coding in accepted else accepted.get("*", 0.0)
        if q > 0:
            return coding
    return None


class _Refused(Exception):
    """A request answered with an error status (raised inside the handler)."""

    def __init__(self, status: HTTPStatus, reason: str = "") -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class GameRequestHandler(BaseHTTPRequestHandler):
    """Serves one directory's files (see the module docstring)."""

    protocol_version = "HTTP/1.1"
    server_version = "whist"
    sys_version = ""
    timeout = IDLE_TIMEOUT
    #: Set per server by :func:`make_server`.
    root: ClassVar[Path] = DIST
    quiet: ClassVar[bool] = False
    allowed_hosts: ClassVar[frozenset[str] | None] = None

    server: GameServer
    #: The answer's head, held by :meth:`_start` until :meth:`_write` (the base class's buffer).
    _headers_buffer: list[bytes]

    def setup(self) -> None:
        """Send each write at once: an answer is written whole (see :meth:`_write`), so
        Nagle's algorithm would only hold a small answer back until the client's
        delayed ACK, on every file of a kept-alive connection (docs/deploy.md)."""
        super().setup()
        self._kept = False  # True once a request has been answered on this connection
        try:
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:  # pragma: no cover - not TCP
            pass

    # ------------------------------------------------------------ the request head
    def handle_one_request(self) -> None:
        """Read one request (with the limits above) and answer it."""
        self.command = ""
        self.path = ""
        self.request_version = "HTTP/1.0"
        self.close_connection = True
        try:
            self.server.watch(self.connection, IDLE_TIMEOUT if self._kept else HEAD_TIMEOUT)
            self.raw_requestline = self.rfile.readline(MAX_REQUEST_LINE + 1)
            if not self.raw_requestline:
                return
            if len(self.raw_requestline) > MAX_REQUEST_LINE:
                self.requestline = ""
                self.send_error(HTTPStatus.REQUEST_URI_TOO_LONG)
                return
            if not self._read_head() or not self._read_body():
                return
            self.server.unwatch(self.connection)
            method = getattr(self, f"do_{self.command}", None)
            if method is None or self.command not in ("GET", "HEAD"):
                self._refuse(HTTPStatus.METHOD_NOT_ALLOWED, extra={"Allow": "GET, HEAD"})
            else:
                method()
            self.wfile.flush()
            self._kept = True
        except TimeoutError:
            self.close_connection = True
        finally:
            self.server.unwatch(self.connection)

    def _read_head(self) -> bool:
        """Parse the request line and headers; answer and return False if they are not acceptable."""
        try:
            line = self.raw_requestline.decode("iso-8859-1").rstrip("\r\n")
        except UnicodeDecodeError:  # pragma: no cover - latin-1 decodes anything
            line = ""
        self.requestline = line
        words = line.split()
        if len(words) != 3 or not words[2].startswith("HTTP/1.") or not words[0].isalpha():
            self.send_error(HTTPStatus.BAD_REQUEST, "malformed request line")
            return False
        self.command, self.path, self.request_version = words
        if self.request_version not in ("HTTP/1.0", "HTTP/1.1"):
            self.send_error(HTTPStatus.HTTP_VERSION_NOT_SUPPORTED)
            return False
        headers: list[str] = []
        while True:
            raw = self.rfile.readline(MAX_HEADER_LINE + 1)
            if len(raw) > MAX_HEADER_LINE or len(headers) > MAX_HEADERS:
                self.send_error(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)
                return False
            if not raw:
                return False
            if raw in (b"\r\n", b"\n"):
                break
            headers.append(raw.decode("iso-8859-1"))
        # Every line must be ``name: value``: the mail parser below would take a line
        # without a colon for the end of the headers and miss the rest (a
        # Content-Length among them), and a folded line hides one header in another.
        if not all(HEADER_LINE.match(line) for line in headers):
            self.send_error(HTTPStatus.BAD_REQUEST, "malformed header")
            return False
        self.headers = email.parser.Parser(_class=self.MessageClass).parsestr("".join(headers))
        connection = (self.headers.get("Connection") or "").lower()
        self.close_connection = self.request_version == "HTTP/1.0" or "close" in connection
        if self.request_version == "HTTP/1.0" and "keep-alive" in connection:
            self.close_connection = False
        return self._check_host()

    def _read_body(self) -> bool:
        """Read and drop the request's body, so that it is never taken for the next request.

        A body is read only when framed by one valid ``Content-Length`` of at most
        :data:`MAX_BODY` bytes; any other body (chunked, longer, awaiting ``100
        Continue``) is left unread and the connection closes after the answer.
        Conflicting or malformed lengths are refused (400), as a request smuggling
        attempt would send them. False when the request has been answered.
        """
        lengths = [v.strip() for v in self.headers.get_all("Content-Length") or []]
        chunked = self.headers.get_all("Transfer-Encoding") is not None
        if lengths and (chunked or len(set(lengths)) != 1 or not lengths[0].isdigit()
                        or not lengths[0].isascii()):
            self.send_error(HTTPStatus.BAD_REQUEST, "the body's length is not one number")
            return False
        size = int(lengths[0]) if lengths else 0
        if chunked or size > MAX_BODY or (size and self.headers.get("Expect") is not None):
            self.close_connection = True
        elif size and len(self.rfile.read(size)) < size:
            self.close_connection = True
            return False
        return True

    def _check_host(self) -> bool:
        """On loopback, only our own ``Host`` (DNS rebinding); HTTP/1.1 must send one."""
        host = self.headers.get("Host")
        if host is None:
            if self.request_version == "HTTP/1.1":
                self.send_error(HTTPStatus.BAD_REQUEST, "no Host header")
                return False
            return True
        if self.allowed_hosts is not None and host.strip().lower() not in self.allowed_hosts:
            self.send_error(HTTPStatus.MISDIRECTED_REQUEST, "this server does not answer for that host")
            return False
        return True

    # --------------------------------------------------------------- answering
    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        """Answer with the file (or its precompressed form)."""
        self._serve(body=True)

    def do_HEAD(self) -> None:  # noqa: N802
        """Like GET without the body."""
        self._serve(body=False)

    def _serve(self, body: bool) -> None:
        try:
            rel, file = self._resolve()
        except _Refused as refused:
            self._refuse(refused.status, refused.reason)
            return
        # The precompressed siblings pass the same test as the file itself: a
        # ``x.gz`` linking out of the folder is no sibling at all.
        variants = [(coding, real) for coding, ext in ENCODINGS
                    if (real := self._inside(file.with_name(file.name + ext))) is not None]
        coding = choose_encoding(self.headers.get("Accept-Encoding"), [c for c, _ in variants])
        chosen = dict(variants)[coding] if coding else file
        try:
            # Non-blocking, then checked on the open file: a file swapped for a FIFO
            # after the check above can neither block the server nor be read.
            fd = os.open(chosen, os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            self._refuse(HTTPStatus.NOT_FOUND)
            return
        with open(fd, "rb") as f:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                self._refuse(HTTPStatus.NOT_FOUND)
                return
            tag = f"{rel}|{coding}|{st.st_size}|{st.st_mtime_ns}".encode()
            etag = '"' + hashlib.sha1(tag).hexdigest()[:20] + '"'
            headers = {
                "Content-Type": MIME_TYPES.get(file.suffix.lower(), "application/octet-stream"),
                "Cache-Control": IMMUTABLE if self._hashed(rel) else REVALIDATE,
                "ETag": etag,
                "Last-Modified": email.utils.formatdate(st.st_mtime, usegmt=True),
            }
            if variants:
                headers["Vary"] = "Accept-Encoding"
            if coding:
                headers["Content-Encoding"] = coding
            inm = self.headers.get("If-None-Match")
            if inm and (inm.strip() == "*" or etag in [t.strip().removeprefix("W/") for t in inm.split(",")]):
                self._start(HTTPStatus.NOT_MODIFIED, {k: v for k, v in headers.items()
                                                      if k in ("Cache-Control", "ETag", "Vary")})
                self._write()
                return
            headers["Content-Length"] = str(st.st_size)
            self._start(HTTPStatus.OK, headers)
            self._send_file(f, st.st_size if body else 0)

    def _send_file(self, f: BinaryIO, size: int) -> None:
        """Send the held head and ``size`` bytes of ``f``, the first chunk in the head's write."""
        left = size
        chunk = f.read(min(CHUNK, left))
        self._write(chunk)
        while True:
            self.sent_bytes(len(chunk))
            left -= len(chunk)
            if not chunk or not left:
                break
            chunk = f.read(min(CHUNK, left))
            self.wfile.write(chunk)
        if left:  # the file shrank while being sent: the client must not wait for the rest
            self.close_connection = True

    def sent_bytes(self, n: int) -> None:
        """Hook: ``n`` body bytes were written (the load benchmark counts them)."""

    @staticmethod
    def _hashed(rel: str) -> bool:
        first = rel.split("/", 1)[0]
        return "/" in rel and bool(HASHED_DIR.match(first))

    def _resolve(self) -> tuple[str, Path]:
        """The file for the request's path (relative name, real path); _Refused if none."""
        target = self.path
        if not target.startswith("/"):
            raise _Refused(HTTPStatus.BAD_REQUEST, "the target must be a path")
        raw = urlsplit(target).path
        try:
            path = unquote(raw, errors="strict")
        except UnicodeDecodeError:
            raise _Refused(HTTPStatus.BAD_REQUEST, "the path is not UTF-8") from None
        if "\x00" in path or "\\" in path or any(ord(c) < 32 for c in path):
            raise _Refused(HTTPStatus.BAD_REQUEST, "the path holds control characters")
        parts = [p for p in path.split("/") if p]
        if any(p.startswith(".") for p in parts):
            raise _Refused(HTTPStatus.NOT_FOUND)
        if path.endswith("/"):
            parts.append("index.html")
        rel = "/".join(parts)
        if not rel or rel.endswith((".br", ".gz")):
            raise _Refused(HTTPStatus.NOT_FOUND)
        real = self._inside(self.root.joinpath(*parts))
        if real is None:
            raise _Refused(HTTPStatus.NOT_FOUND)
        return rel, real

    def _inside(self, file: Path) -> Path | None:
        """``file`` with its symlinks resolved, if that is a regular file inside the served
        folder and no dot-file there; else None. Every file served passes this."""
        try:
            real = file.resolve(strict=True)
            inside = real.relative_to(self.root)
        except (OSError, RuntimeError, ValueError):
            return None
        if any(part.startswith(".") for part in inside.parts) or not real.is_file():
            return None
        return real

    def _start(self, status: HTTPStatus, headers: dict[str, str]) -> None:
        """Compose the answer's head; it is held until :meth:`_write` sends it."""
        self.send_response(status)
        for name, value in {**SECURITY_HEADERS, **headers}.items():
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self._headers_buffer.append(b"\r\n")

    def _write(self, data: bytes = b"") -> None:
        """Send the held head and ``data`` in one write: a small answer leaves whole."""
        head = b"".join(self._headers_buffer)
        self._headers_buffer = []
        self.wfile.write(head + data)

    def _refuse(self, status: HTTPStatus, reason: str = "", extra: dict[str, str] | None = None) -> None:
        text = f"{status.value} {status.phrase}" + (f": {reason}" if reason else "") + "\n"
        body = text.encode("utf-8")
        headers = {"Content-Type": "text/plain; charset=utf-8", "Content-Length": str(len(body)),
                   "Cache-Control": "no-store", **(extra or {})}
        if status >= 500 or status in (HTTPStatus.BAD_REQUEST, HTTPStatus.REQUEST_URI_TOO_LONG,
                                       HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                                       HTTPStatus.MISDIRECTED_REQUEST):
            self.close_connection = True
        self._start(status, headers)
        self._write(body if self.command != "HEAD" else b"")

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Every error, the base class's too, goes out with the security headers and closes."""
        self.close_connection = True
        self._refuse(HTTPStatus(code), message or "")

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        """Log like the base class unless the server is quiet."""
        if not self.quiet:
            super().log_message(format, *args)


def _cut(conn: socket.socket) -> None:
    """End a connection another thread is reading: its read returns at once, its thread ends."""
    try:
        conn.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


class GameServer(ThreadingHTTPServer):
    """Threaded server with connection caps, eviction of waiting connections, and a watchdog
    for slow request heads (see :meth:`process_request`)."""

    daemon_threads = True
    request_queue_size = 64

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._lock = threading.Lock()
        self._alive = 0
        #: Every connection being served, with its client's address.
        self._clients: dict[socket.socket, str] = {}
        #: The connections waiting for a request head: since when, and until when.
        self._deadlines: dict[socket.socket, tuple[float, float]] = {}
        self._stop = threading.Event()
        super().__init__(*args, **kwargs)
        threading.Thread(target=self._watchdog, name="whist-watchdog", daemon=True).start()

    def watch(self, conn: socket.socket, seconds: float) -> None:
        """Close ``conn`` unless :meth:`unwatch` is called within ``seconds``."""
        with self._lock:
            if conn in self._clients:  # not one already cut to make room
                now = time.monotonic()
                self._deadlines[conn] = (now, now + seconds)

    def unwatch(self, conn: socket.socket) -> None:
        """The request head arrived (or the connection ended)."""
        with self._lock:
            self._deadlines.pop(conn, None)

    def _watchdog(self) -> None:
        while not self._stop.wait(0.5):
            now = time.monotonic()
            with self._lock:
                late = [c for c, (_, t) in self._deadlines.items() if t < now]
                for conn in late:
                    del self._deadlines[conn]
            for conn in late:
                _cut(conn)

    def _make_room(self, host: str) -> tuple[bool, socket.socket | None]:
        """(whether a connection from ``host`` may be served, the one to cut for it). Under the lock.

        A client at :data:`MAX_PER_CLIENT` gives up its own connection that has waited
        longest for a request head; when :data:`MAX_CONNECTIONS` are served, the
        client holding the most gives one up the same way. A connection busy
        answering is never cut: if none is waiting, the new one is refused.
        """
        mine = sum(1 for h in self._clients.values() if h == host)
        if mine >= MAX_PER_CLIENT:
            pool = [c for c in self._deadlines if self._clients.get(c) == host]
        elif len(self._clients) >= MAX_CONNECTIONS:
            held = Counter(self._clients.values())
            most = max((held[self._clients[c]] for c in self._deadlines if c in self._clients), default=0)
            pool = [c for c in self._deadlines if c in self._clients and held[self._clients[c]] == most]
        else:
            return True, None
        if not pool or self._alive >= 2 * MAX_CONNECTIONS:
            return False, None
        victim = min(pool, key=self._deadlines.__getitem__)
        del self._deadlines[victim], self._clients[victim]
        return True, victim

    def process_request(self, request: Any, client_address: Any) -> None:
        """Serve in a thread, making room as :meth:`_make_room` says, or close at once.

        Slow or idle clients therefore cannot keep others out: a new connection
        takes the place of one that sends nothing, and one client address cannot
        take more than its share.
        """
        host = str(client_address[0]) if isinstance(client_address, tuple) else ""
        with self._lock:
            admitted, victim = self._make_room(host)
            if admitted:
                self._alive += 1
                self._clients[request] = host
                # Watched from the start: a connection can make room before its thread runs.
                now = time.monotonic()
                self._deadlines[request] = (now, now + HEAD_TIMEOUT)
        if victim is not None:
            _cut(victim)
        if not admitted:
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        """Count the connection out when its thread ends."""
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self._lock:
                self._alive -= 1
                self._clients.pop(request, None)
                self._deadlines.pop(request, None)

    def server_close(self) -> None:
        """Stop the watchdog too."""
        self._stop.set()
        super().server_close()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Stay silent on disconnects and time-outs; report anything else."""
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def make_server(root: Path = DIST, host: str = "127.0.0.1", port: int = 0, quiet: bool = False,
                handler: type[GameRequestHandler] = GameRequestHandler) -> GameServer:
    """Bind a server for ``root`` on ``host:port`` (port 0 picks a free one)."""

    class Handler(handler):  # type: ignore[valid-type, misc]
        pass

    Handler.root = Path(root).resolve()
    Handler.quiet = quiet
    if ":" in host and not host.startswith("["):
        server_class: type[GameServer] = type("GameServer6", (GameServer,),
                                              {"address_family": socket.AF_INET6})
    else:
        server_class = GameServer
    server = server_class((host.strip("[]"), port), Handler)
    if is_loopback(host):
        bound = server.server_address[1]
        own = host.lower() if ":" not in host else f"[{host.strip('[]')}]"
        names = ("127.0.0.1", "localhost", "[::1]", own)
        allowed = {f"{name}:{bound}" for name in names}
        if bound == 80:
            allowed |= set(names)
        Handler.allowed_hosts = frozenset(allowed)
    else:
        Handler.allowed_hosts = None
    return server


def server_url(server: GameServer) -> str:
    """The base URL (with trailing slash) of a bound server."""
    host, port = server.server_address[:2]
    if isinstance(host, bytes):
        host = host.decode()
    if ":" in str(host):
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def serve_in_thread(root: Path | str = DIST, port: int = 0,
                    handler: type[GameRequestHandler] = GameRequestHandler) -> tuple[GameServer, str]:
    """Serve ``root`` quietly on loopback from a daemon thread; return (server, url).

    Stop it with ``server.shutdown(); server.server_close()``.
    """
    server = make_server(Path(root), "127.0.0.1", port, quiet=True, handler=handler)
    threading.Thread(target=server.serve_forever, name="whist-server", daemon=True).start()
    return server, server_url(server)


class _OneLineParser(argparse.ArgumentParser):
    """Command-line errors in one line, no usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the port must be a whole number from 0 to 65535, not {text!r}") \
            from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"the port must be from 0 to 65535, not {port}")
    return port


def default_port() -> str:
    """Port from the ``PORT`` environment variable, else 8000."""
    return os.environ.get("PORT") or "8000"


def main(argv: Sequence[str] | None = None, prog: str = "whist serve") -> int:
    """Command-line entry point: serve the bundle until interrupted."""
    parser = _OneLineParser(prog=prog, description="Serve the built game bundle (make dist).")
    parser.add_argument("--port", type=_port, default=default_port(), help="default $PORT or 8000")
    parser.add_argument("--host", default="127.0.0.1",
                        help="default 127.0.0.1 (loopback); 0.0.0.0 serves beyond this machine")
    parser.add_argument("--root", type=Path, default=DIST, help="directory to serve (default dist/)")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    root: Path = args.root.resolve()
    missing = missing_setup(root)
    if missing:
        print(f"{prog}: {root} holds no bundle ({', '.join(missing)} missing): {SETUP_HINT}",
              file=sys.stderr)
        return 1
    try:
        server = make_server(root, args.host, args.port, args.quiet)
    except (OSError, OverflowError, ValueError) as exc:
        print(f"{prog}: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    print(f"Serving {root} at {server_url(server)} (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

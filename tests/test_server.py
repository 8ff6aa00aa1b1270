"""The game's server as a neighbour (issue 18, item 6): request bodies, symlinks, latency, slow clients.

These run against a small temporary folder (no bundle build, no Node), so they
are quick; the bundle's own headers and encodings are in tests/test_dist.py.
"""

from __future__ import annotations

import http.client
import os
import re
import selectors
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import whist_server

Address = tuple[str, int]
SECRET = b"root:x:0:0:this line must never be served\n"


def make_root(base: Path) -> Path:
    """A served folder: the two files the server checks for, small files, and a secret beside it."""
    root = base / "dist"
    root.mkdir()
    (root / "index.html").write_bytes(b"<!doctype html><title>whist</title>\n")
    (root / "sw.js").write_bytes(b"// service worker\n")
    for i in range(30):
        (root / f"small{i}.js").write_bytes(b"export const n = %d;\n" % i)
    (base / "secret.txt").write_bytes(SECRET)
    return root


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_root(tmp_path_factory.mktemp("served"))


@pytest.fixture(scope="module")
def served(root: Path) -> Iterator[Address]:
    server, _ = whist_server.serve_in_thread(root)
    try:
        yield "127.0.0.1", server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def host_line(served: Address) -> bytes:
    return f"Host: 127.0.0.1:{served[1]}\r\n".encode()


def read_all(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes (the socket's timeout bounds the wait)."""
    chunks = []
    try:
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    except (ConnectionResetError, TimeoutError):
        pass
    return b"".join(chunks)


def status_lines(data: bytes) -> list[bytes]:
    """Every status line in ``data``, wherever it starts (an error body ends without CR)."""
    return re.findall(rb"HTTP/1\.[01] \d{3} ", data)


# ------------------------------------------------------------------ request bodies
@pytest.mark.parametrize("method", [b"POST", b"PUT", b"GET", b"DELETE"])
def test_a_body_is_never_read_as_the_next_request(served: Address, method: bytes) -> None:
    """Reproduction: a POST's body was parsed and answered as a second request (desync)."""
    smuggled = b"GET /sw.js HTTP/1.1\r\n" + host_line(served) + b"\r\n"
    request = (method + b" /index.html HTTP/1.1\r\n" + host_line(served)
               + b"Content-Length: %d\r\n\r\n" % len(smuggled) + smuggled)
    with socket.create_connection(served, timeout=5) as sock:
        sock.sendall(request)
        sock.shutdown(socket.SHUT_WR)
        answer = read_all(sock)
    assert len(status_lines(answer)) == 1, answer
    assert b"service worker" not in answer


def test_a_body_read_keeps_the_connection_in_step(served: Address) -> None:
    """A small body is read and dropped: the next request on the connection is answered as itself."""
    conn = http.client.HTTPConnection(*served, timeout=5)
    try:
        conn.request("POST", "/index.html", body=b"GET /sw.js HTTP/1.1\r\n\r\n")
        response = conn.getresponse()
        assert response.status == 405 and response.getheader("Allow") == "GET, HEAD"
        response.read()
        conn.request("GET", "/small3.js")
        response = conn.getresponse()
        assert response.status == 200 and response.read() == b"export const n = 3;\n"
    finally:
        conn.close()


@pytest.mark.parametrize("framing", [
    b"Transfer-Encoding: chunked\r\n",
    b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n",
    b"Content-Length: 5\r\nContent-Length: 6\r\n",
    b"Content-Length: -1\r\n",
    b"Content-Length: 0x10\r\n",
    b"Content-Length: 99999999999999999999\r\n",
])
def test_bodies_the_server_cannot_frame_close_the_connection(served: Address, framing: bytes) -> None:
    """Chunked, doubled or bad lengths: one answer, then the connection closes (nothing smuggled)."""
    smuggled = b"GET /sw.js HTTP/1.1\r\n" + host_line(served) + b"\r\n"
    body = b"%x\r\n" % len(smuggled) + smuggled + b"\r\n0\r\n\r\n"
    with socket.create_connection(served, timeout=5) as sock:
        sock.sendall(b"POST / HTTP/1.1\r\n" + host_line(served) + framing + b"\r\n" + body + smuggled)
        answer = read_all(sock)  # the server closes: no shutdown from this side
    assert len(status_lines(answer)) == 1, answer
    assert b"service worker" not in answer
    assert b"Connection: close" in answer


@pytest.mark.parametrize("line", [b"NoColon", b" folded: value", b"X-Nul: a\x00b", b": no-name",
                                  b"Bad Name: value"])
def test_a_header_line_the_server_cannot_read_is_refused(served: Address, line: bytes) -> None:
    """Found by the fuzz: a line without a colon ended the head for the mail parser, so a
    Content-Length after it went unseen and the body was answered as a request."""
    smuggled = b"GET /sw.js HTTP/1.1\r\n" + host_line(served) + b"\r\n"
    with socket.create_connection(served, timeout=5) as sock:
        sock.sendall(b"POST / HTTP/1.1\r\n" + host_line(served) + line + b"\r\n"
                     + b"Content-Length: %d\r\n\r\n" % len(smuggled) + smuggled)
        answer = read_all(sock)
    assert status_lines(answer) == [b"HTTP/1.1 400 "], answer


# ------------------------------------------------------------------ symlinks
@pytest.mark.parametrize("suffix", [".gz", ".br"])
def test_a_precompressed_sibling_linking_out_is_not_served(root: Path, served: Address, suffix: str) -> None:
    """Reproduction: ``x.gz`` as a symlink to a file outside the folder was served."""
    os.symlink(root.parent / "secret.txt", root / f"small1.js{suffix}")
    coding = {".gz": "gzip", ".br": "br"}[suffix]
    conn = http.client.HTTPConnection(*served, timeout=5)
    try:
        conn.request("GET", "/small1.js", headers={"Accept-Encoding": coding})
        response = conn.getresponse()
        body = response.read()
    finally:
        conn.close()
    assert SECRET not in body
    assert response.status == 200 and body == b"export const n = 1;\n"
    assert response.getheader("Content-Encoding") is None


def test_symlinks_are_followed_only_inside_the_folder(root: Path, served: Address) -> None:
    """A link inside the folder to a file inside it is served; links leading out are 404."""
    os.symlink(root / "small2.js", root / "alias.js")
    os.symlink(root.parent / "secret.txt", root / "out.js")
    os.symlink(root.parent, root / "up")
    (root / "inner").mkdir()
    os.symlink("../../secret.txt", root / "inner" / "rel.js")
    os.symlink(root / "small2.js", root / "index.html.gz")  # inside: served as the gzip form
    answers = {}
    for path in ("/alias.js", "/out.js", "/up/secret.txt", "/inner/rel.js"):
        conn = http.client.HTTPConnection(*served, timeout=5)
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            answers[path] = (response.status, response.read())
        finally:
            conn.close()
    assert answers["/alias.js"] == (200, b"export const n = 2;\n")
    for path in ("/out.js", "/up/secret.txt", "/inner/rel.js"):
        assert answers[path][0] == 404 and SECRET not in answers[path][1], path


# ------------------------------------------------------------------ latency
def test_small_files_on_a_kept_alive_connection_answer_at_once(served: Address) -> None:
    """Reproduction: each small file on a kept-alive connection waited for the client's delayed
    ACK (Nagle). The bound is far above a few milliseconds a file, for a loaded machine, and
    far below what the 20 files took before (docs/deploy.md)."""
    conn = http.client.HTTPConnection(*served, timeout=5)
    try:
        conn.request("GET", "/small0.js")
        conn.getresponse().read()  # the connection is open and warm
        started = time.perf_counter()
        for i in range(20):
            conn.request("GET", f"/small{i}.js")
            response = conn.getresponse()
            assert response.status == 200 and response.read() == b"export const n = %d;\n" % i
        took = time.perf_counter() - started
    finally:
        conn.close()
    assert took < 0.4, f"20 small files on one connection took {took * 1000:.0f} ms"


class CountingWrites(whist_server.GameRequestHandler):
    """Counts the writes each answer takes."""

    writes: list[int] = []

    def setup(self) -> None:
        super().setup()
        inner = self.wfile

        class Counter:
            def write(self, data: Any) -> int:
                CountingWrites.writes.append(len(data))
                return int(inner.write(data))

            def flush(self) -> None:
                inner.flush()

            def __getattr__(self, name: str) -> Any:
                return getattr(inner, name)

        self.wfile = Counter()  # type: ignore[assignment]


def test_a_small_answer_is_one_write(root: Path) -> None:
    """Head and body of a small file leave in one write (no second small segment for Nagle to hold)."""
    server, _ = whist_server.serve_in_thread(root, handler=CountingWrites)
    try:
        for path, status in (("/small5.js", 200), ("/nothing", 404)):
            CountingWrites.writes.clear()
            conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=5)
            try:
                conn.request("GET", path)
                response = conn.getresponse()
                assert response.status == status
                response.read()
            finally:
                conn.close()
            assert len(CountingWrites.writes) == 1, (path, CountingWrites.writes)
    finally:
        server.shutdown()
        server.server_close()


# ------------------------------------------------------------------ slow clients
class SlowHeads:
    """``count`` connections from ``source`` that send a request head a byte at a time and never
    finish it; one the server closes is opened again after ``back`` seconds (slowloris comes
    back each cycle; 0 is a flood that comes back at once)."""

    def __init__(self, served: Address, count: int, source: str = "127.0.0.1", back: float = 1.0) -> None:
        self.served = served
        self.count = count
        self.source = source
        self.back = back
        self.stop = threading.Event()
        self.opened = 0
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> SlowHeads:
        self.thread.start()
        assert self.ready.wait(30), "could not open the slow connections"
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(10)

    def _open(self, sel: selectors.BaseSelector) -> None:
        try:
            sock = socket.create_connection(self.served, timeout=5, source_address=(self.source, 0))
            sock.sendall(b"GET / HT")
        except OSError:
            return
        sock.setblocking(False)
        sel.register(sock, selectors.EVENT_READ)
        self.opened += 1

    def _run(self) -> None:
        sel = selectors.DefaultSelector()
        due: list[float] = []
        try:
            while len(sel.get_map()) < self.count and not self.stop.is_set():
                self._open(sel)
            self.ready.set()
            while not self.stop.is_set():
                for key, _ in sel.select(0.05):
                    sock = key.fileobj
                    assert isinstance(sock, socket.socket)
                    sel.unregister(sock)
                    sock.close()  # closed (or answered) by the server: come back
                    due.append(time.monotonic() + self.back)
                now = time.monotonic()
                for _ in [t for t in due if t <= now]:
                    self._open(sel)
                due = [t for t in due if t > now]
                for key in list(sel.get_map().values())[:5]:
                    try:
                        key.fileobj.send(b"T")  # type: ignore[union-attr]
                    except OSError:
                        pass
        finally:
            for key in list(sel.get_map().values()):
                key.fileobj.close()  # type: ignore[union-attr]
            sel.close()


def legitimate_requests(served: Address, n: int = 20) -> tuple[int, float]:
    """(how many of ``n`` requests, each on a new connection, were answered right, the slowest in s)."""
    answered = 0
    slowest = 0.0
    for i in range(n):
        started = time.perf_counter()
        try:
            conn = http.client.HTTPConnection(*served, timeout=3)
            conn.request("GET", f"/small{i % 30}.js")
            response = conn.getresponse()
            if response.status == 200 and response.read() == b"export const n = %d;\n" % (i % 30):
                answered += 1
            conn.close()
        except OSError:
            pass
        slowest = max(slowest, time.perf_counter() - started)
    return answered, slowest


def test_deadlines_for_the_first_head_and_the_next(served: Address, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new connection has HEAD_TIMEOUT to send a head; a kept-alive one IDLE_TIMEOUT for the next."""
    monkeypatch.setattr(whist_server, "HEAD_TIMEOUT", 1.0)
    monkeypatch.setattr(whist_server, "IDLE_TIMEOUT", 30.0)
    started = time.monotonic()
    with socket.create_connection(served, timeout=10) as sock:
        sock.sendall(b"GET / HT")  # and never the rest
        assert read_all(sock) == b""
    assert time.monotonic() - started < 5
    monkeypatch.setattr(whist_server, "HEAD_TIMEOUT", 30.0)
    monkeypatch.setattr(whist_server, "IDLE_TIMEOUT", 1.0)
    with socket.create_connection(served, timeout=10) as sock:
        sock.sendall(b"GET /sw.js HTTP/1.1\r\n" + host_line(served) + b"\r\n")
        assert sock.recv(65536).startswith(b"HTTP/1.1 200 ")
        started = time.monotonic()
        assert read_all(sock) == b""  # closed after a second of silence, not thirty
    assert time.monotonic() - started < 5


def test_slow_heads_do_not_starve_others(served: Address) -> None:
    """Reproduction: with 200 slow-header connections, few other requests were answered (docs/deploy.md)."""
    with SlowHeads(served, 200):
        answered, slowest = legitimate_requests(served)
    assert answered == 20, f"{answered} of 20 answered"
    assert slowest < 2.0, f"slowest answer {slowest:.2f} s"


def test_a_flooding_client_keeps_to_its_share(served: Address) -> None:
    """200 slow heads from another address, each back at once when cut: it holds at most its
    share of the connections, and everyone else is served."""
    with SlowHeads(served, 200, source="127.0.0.2", back=0.0):
        answered, slowest = legitimate_requests(served)
    assert answered == 20, f"{answered} of 20 answered"
    assert slowest < 2.0, f"slowest answer {slowest:.2f} s"

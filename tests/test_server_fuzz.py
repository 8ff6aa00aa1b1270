"""The server's door survives raw hostile HTTP (issue 18, item 7), and keeps serving afterwards.

Seeded random cases over a socket against a served temporary folder: random
bytes, valid requests mutated byte by byte, and requests built from hostile
parts (methods, targets that climb out, bad versions, conflicting lengths,
chunked bodies carrying a second request, folded, doubled, huge or NUL-laden
headers, pipelines). Each answer must be well-formed HTTP with a status from
the server's own list, carry the security headers, never show the file beside
the folder, never answer more requests than were sent (a body is never taken
for a request), and the server must close every connection it is done with.

``SERVER_FUZZ_CASES`` sets how many cases run (default 3000, a few seconds);
``make fuzz`` runs many more. Run with ``-s`` to see the counts per outcome.
"""

from __future__ import annotations

import os
import random
import re
import socket
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from test_server import SECRET, make_root

import whist_server

CASES = int(os.environ.get("SERVER_FUZZ_CASES") or 3000)
SEED = int(os.environ.get("SERVER_FUZZ_SEED") or 18)
#: Every status the server may give; anything else (a 500 above all) is a failure.
STATUSES = {200, 304, 400, 404, 405, 414, 421, 431, 505}

METHODS = [b"GET", b"HEAD", b"POST", b"PUT", b"DELETE", b"OPTIONS", b"TRACE", b"CONNECT", b"PRI",
           b"get", b"G\x00T", b"GET\t", b"", b"X" * 300, b"\xff\xfe"]
TARGETS = [b"/", b"/index.html", b"/small1.js", b"/sw.js", b"/../secret.txt", b"/%2e%2e/secret.txt",
           b"/%2e%2e%2fsecret.txt", b"/..%2fsecret.txt", b"/small1.js.gz", b"/.hidden", b"/.git/config",
           b"//secret.txt", b"/inner/../../secret.txt", b"/out.js", b"/up/secret.txt", b"/link/",
           b"http://127.0.0.1/index.html", b"*", b"secret.txt", b"/%00", b"/%ff%fe", b"/\xc3\xa9",
           b"/a?b=1#c", b"/index.html?../../secret.txt", b"/" + b"a" * 9000, b"/%", b"/%zz",
           b"/" + b"../" * 50 + b"secret.txt", b"/small1.js/", b"/\\..\\secret.txt", b"/fifo"]
VERSIONS = [b"HTTP/1.1", b"HTTP/1.0", b"HTTP/2.0", b"HTTP/0.9", b"HTTP/1.1x", b"HTTP/1.12", b"http/1.1",
            b"", b"HTTP/1.1 extra"]
ENCODINGS = [b"br", b"gzip", b"br;q=0, gzip", b"*", b"*;q=0", b"br;q=nan", b"gzip;q=1e999", b"br;q=-1",
             b";;;,,,", b"identity;q=0", b"gzip;q=abc, br;q=0.5"]


def host(port: int) -> list[bytes]:
    return [b"127.0.0.1:%d" % port, b"localhost:%d" % port, b"[::1]:%d" % port, b"evil.example",
            b"127.0.0.1", b"", b"127.0.0.1:%d, evil.example" % port, b"\x00"]


@dataclass
class Case:
    """One connection's worth of bytes and what the answers may be."""

    kind: str
    data: bytes
    requests: int = 0  # most answers the bytes may draw (0: not counted)
    heads: bool = True  # whether HEAD requests (bodiless answers) may be among them
    pieces: list[bytes] = field(default_factory=list)


def smuggled(port: int) -> bytes:
    """A request hidden in a body: answering it is a desync."""
    return b"GET /sw.js HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port


def hostile_request(rng: random.Random, port: int) -> tuple[bytes, bool, bool]:
    """One request built from hostile parts: (bytes, whether it is a HEAD, whether its body
    is all its own: a valid ``Content-Length`` shorter than the body makes the rest the
    next request, as HTTP says, which must not count as a desync)."""
    method = rng.choice(METHODS[:3]) if rng.random() < 0.6 else rng.choice(METHODS)
    target = rng.choice(TARGETS)
    version = rng.choice(VERSIONS[:2]) if rng.random() < 0.8 else rng.choice(VERSIONS)
    line = b" ".join(w for w in (method, target, version) if w)
    headers: list[bytes] = []
    if rng.random() < 0.85:
        headers.append(b"Host: " + (host(port)[0] if rng.random() < 0.7 else rng.choice(host(port))))
    if rng.random() < 0.1:
        headers.append(b"Host: " + rng.choice(host(port)))
    if rng.random() < 0.4:
        headers.append(b"Accept-Encoding: " + rng.choice(ENCODINGS))
    if rng.random() < 0.15:
        headers.append(b"If-None-Match: " + rng.choice([b"*", b'"x", W/"y"', b",,,", b'"' * 500]))
    if rng.random() < 0.3:
        headers.append(b"Connection: " + rng.choice([b"close", b"keep-alive", b"Upgrade", b"\x01"]))
    body = b""
    roll = rng.random()
    if roll < 0.35:
        body = rng.choice([smuggled(port), rng.randbytes(rng.randrange(200)), b""])
        right = str(len(body)).encode()
        length = rng.choice([right, right, right, b"-1", b"0x10", b"1e3", b" 5", b"99999999999999999999",
                             str(len(body) + 7).encode(), b""])
        headers.append(b"Content-Length: " + length)
        if rng.random() < 0.2:
            headers.append(b"Content-Length: " + rng.choice([length, b"3"]))
    elif roll < 0.5:
        inner = smuggled(port)
        body = b"%x\r\n" % len(inner) + inner + b"\r\n0\r\n\r\n"
        headers.append(b"Transfer-Encoding: " + rng.choice([b"chunked", b"gzip, chunked", b" chunked", b"x"]))
        if rng.random() < 0.3:
            headers.append(b"Content-Length: %d" % rng.randrange(60))
    elif roll < 0.55:
        headers.append(b"Expect: 100-continue")
        headers.append(b"Content-Length: %d" % len(smuggled(port)))
        body = smuggled(port)
    for _ in range(rng.choice([0, 0, 0, 1, 2])):
        headers.append(rng.choice([
            b" folded: line", b"NoColon", b"X-Nul: a\x00b", b"X-Long: " + b"v" * 9000, b": empty-name",
            b"X-Latin: \xe9\xff", b"Range: bytes=0-0", b"X-Many: 1\r\n" * 100 + b"X-End: 1",
        ]))
    rng.shuffle(headers)
    eol = b"\r\n" if rng.random() < 0.9 else b"\n"
    lengths = [h.partition(b":")[2].strip() for h in headers if h.startswith(b"Content-Length:")]
    own = not any(v.isdigit() and int(v) < len(body) for v in lengths)
    return line + eol + b"".join(h + eol for h in headers) + eol + body, method == b"HEAD", own


def mutate(rng: random.Random, data: bytes) -> bytes:
    """``data`` with one to four random byte-level edits."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if not out:
            out += rng.randbytes(4)
        at = rng.randrange(len(out))
        edit = rng.randrange(6)
        if edit == 0:
            out[at] = rng.randrange(256)
        elif edit == 1:
            out[at:at] = bytes([rng.choice([0, 10, 13, 32, 37, 46, 47, 58, 255, rng.randrange(256)])])
        elif edit == 2:
            del out[at:at + rng.randint(1, 8)]
        elif edit == 3:
            out[at:at] = out[at:at + rng.randint(1, 40)] * rng.randint(1, 3)
        elif edit == 4:
            out = out.replace(b"\r\n", b"\n", 1)
        else:
            del out[at:]
    return bytes(out)


def make_case(rng: random.Random, port: int) -> Case:
    """A random case of one of three kinds."""
    roll = rng.random()
    if roll < 0.1:
        data = rng.randbytes(rng.randrange(1, 2000))
        if rng.random() < 0.5:
            data = data.replace(b"\x00", b"\r\n")
        case = Case("random bytes", data)
    elif roll < 0.4:
        data, _, _ = hostile_request(rng, port)
        case = Case("mutated request", mutate(rng, data))
    else:
        built = [hostile_request(rng, port) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
        counted = all(own for _, _, own in built)
        case = Case("hostile request" if len(built) == 1 else "hostile pipeline",
                    b"".join(d for d, _, _ in built), requests=len(built) if counted else 0,
                    heads=any(h for _, h, _ in built))
    if rng.random() < 0.1 and len(case.data) > 4:
        cuts = sorted(rng.sample(range(1, len(case.data)), min(3, len(case.data) - 1)))
        case.pieces = [case.data[a:b] for a, b in zip([0, *cuts], [*cuts, len(case.data)], strict=True)]
    return case


STATUS = re.compile(rb"HTTP/1\.1 (\d{3}) [^\r\n]*\r\n")


def answers(stream: bytes, heads: bool) -> list[int]:
    """The statuses in a stream of answers, checking each is well-formed and framed by its length."""
    statuses = []
    at = 0
    while at < len(stream):
        match = STATUS.match(stream, at)
        assert match, f"not an HTTP answer at byte {at}: {stream[at:at + 80]!r}"
        end = stream.index(b"\r\n\r\n", at) + 4
        fields = dict(line.split(b": ", 1) for line in stream[match.end():end - 4].split(b"\r\n") if line)
        assert fields.get(b"X-Content-Type-Options") == b"nosniff"
        status = int(match.group(1))
        statuses.append(status)
        length = 0 if status == 304 else int(fields[b"Content-Length"])
        if heads and (end == len(stream) or STATUS.match(stream, end)):
            length = 0  # the answer to a HEAD: its length, no body
        at = end + length
    assert at == len(stream), f"an answer cut short: {stream[-80:]!r}"
    return statuses


@pytest.fixture(scope="module")
def fuzz_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = make_root(tmp_path_factory.mktemp("fuzz"))
    os.symlink(root.parent / "secret.txt", root / "out.js")
    os.symlink(root.parent, root / "up")
    os.symlink(root.parent / "secret.txt", root / "small1.js.gz")
    os.symlink(root.parent, root / "link")
    (root / ".hidden").write_bytes(SECRET)
    os.mkfifo(root / "fifo")
    return root


@pytest.fixture(scope="module")
def fuzz_server(fuzz_root: Path) -> Iterator[whist_server.GameServer]:
    server, _ = whist_server.serve_in_thread(fuzz_root)
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def send(address: tuple[str, int], case: Case) -> bytes:
    """Send the case's bytes (in pieces when it has them), close our side, read until the server closes."""
    chunks = []
    with socket.create_connection(address, timeout=10) as sock:
        try:
            for piece in case.pieces or [case.data]:
                sock.sendall(piece)
                if case.pieces:
                    time.sleep(0.002)
            sock.shutdown(socket.SHUT_WR)
        except TimeoutError:
            raise
        except OSError:
            pass  # the server answered early and closed: read what it said
        try:
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        except ConnectionResetError:
            pass
    return b"".join(chunks)


def test_the_door_holds(fuzz_server: whist_server.GameServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hostile case gets well-formed answers or none, nothing leaks, and the server lives on."""
    errors: list[Any] = []
    monkeypatch.setattr(whist_server.GameServer, "handle_error",
                        lambda self, request, address: errors.append(sys.exc_info()[1]))
    address = ("127.0.0.1", fuzz_server.server_address[1])
    rng = random.Random(SEED)
    outcomes: Counter[tuple[str, str]] = Counter()
    started = time.perf_counter()
    for n in range(CASES):
        case = make_case(rng, address[1])
        stream = send(address, case)
        where = f"case {n} (seed {SEED}, {case.kind}): {case.data[:200]!r}"
        assert SECRET not in stream, where
        try:
            statuses = answers(stream, case.heads)
        except (AssertionError, ValueError) as exc:
            raise AssertionError(f"{where}: {exc}") from None
        assert set(statuses) <= STATUSES, (where, statuses)
        if case.requests:
            assert len(statuses) <= case.requests, (where, stream[:2000])
        assert not errors, (where, errors)
        outcomes[case.kind, " ".join(map(str, statuses)) or "closed, no answer"] += 1
    took = time.perf_counter() - started
    # The server still serves, and holds no connection of the cases.
    assert b"HTTP/1.1 200 " in send(address, Case("after", b"GET /sw.js HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                                                  b"Connection: close\r\n\r\n" % address[1]))
    deadline = time.monotonic() + 5
    while fuzz_server._clients and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not fuzz_server._clients
    kinds = Counter(kind for kind, _ in outcomes.elements())
    print(f"\nserver fuzz: {CASES} cases (seed {SEED}) in {took:.1f} s: "
          + ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items())))
    for (kind, got), count in sorted(outcomes.items(), key=lambda item: (item[0][0], -item[1])):
        print(f"  {kind:17} {count:6}  {got}")

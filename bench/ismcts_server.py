"""OpenSpiel's ISMCTS that gives the same answer to the same question: one forked child a decision.

OpenSpiel's ``ISMCTSBot`` at a fixed seed and simulation count is not
repeatable: the same bot on the same state chooses otherwise in another process,
and even in the same process after other searches (measured: four fresh bots with
one seed played four different hands). Its C++ containers are ordered by hashes
and addresses that depend on the library's load address (address-space layout
randomisation) and on what the process did before. Ties between equal UCB
values and equal visit counts are then broken by that order.

This module removes both causes. :class:`IsmctsServer` starts one process
(``python -I bench/ismcts_child.py``) with address randomisation off
(``personality(ADDR_NO_RANDOMIZE)``), a fixed environment, ``/`` as its working
directory and nothing of the checkout on its path but that file, which loads the
game and then, for every request, forks a child from that same untouched state.
The child reads one request (the state's action history, the seed, the
simulations, ``uct_c``), searches with a fresh bot (its random rollouts seeded
apart from its world sampling), writes the action and exits. So a decision
depends only on its request: a match at fixed budgets (``bench/ismcts_match.py
--iterations K --ismcts-simulations N``) plays the same hands every time, and two
engines compared on the same deals differ only where their own choices do.

What the draws still depend on: the server's bytes in memory before the fork,
that is bench/ismcts_child.py itself (its SHA-256, :func:`child_digest`, is in a
match's JSON), the Python, OpenSpiel and the path of the checkout's virtual
environment. Before the ``-I`` and the fixed directory, adding a file to bench/
(the import system lists the script's folder) changed them.

The fork and the replay of the moves cost wall time, not simulations: a match
at fixed counts plays the same, only slower (figures in docs/strength.md).
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import IO

from bench.ismcts_child import ismcts_bot

__all__ = ["IsmctsServer", "child_digest", "ismcts_bot"]

#: personality(2)'s flag that turns address-space layout randomisation off at exec.
ADDR_NO_RANDOMIZE = 0x0040000


CHILD = Path(__file__).resolve().parent / "ismcts_child.py"
#: The child that also answers ``fair_worlds`` requests (``--fair-ismcts``).
FAIR_CHILD = CHILD.with_name("ismcts_fair_child.py")


def _no_aslr() -> None:
    """In the server's process before exec: turn address randomisation off (where allowed)."""
    libc = ctypes.CDLL(None, use_errno=True)
    current = libc.personality(0xFFFFFFFF)
    if current != -1:
        libc.personality(current | ADDR_NO_RANDOMIZE)


class IsmctsServer:
    """The client: one server process; :meth:`step` asks it for one decision."""

    def __init__(self, params: dict[str, int], fair: bool = False) -> None:
        """Start the server for ``oh_hell`` with ``params`` (``fair``: the child that also
        answers ``fair_worlds`` requests, bench/ismcts_fair_child.py)."""
        env = {"PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin", "LC_ALL": "C"}
        self.process = subprocess.Popen(
            [sys.executable, "-I", str(FAIR_CHILD if fair else CHILD),
             json.dumps(params, sort_keys=True)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd="/", env=env,
            preexec_fn=_no_aslr)
        self.requests = 0

    def step(self, history: list[int], seed: int, simulations: int, uct_c: float,
             fair_worlds: int = 0) -> int:
        """ISMCTS's action at the state after ``history``: ``simulations`` from ``seed``
        (``fair_worlds`` > 0, a fair server only: split over that many fairly re-dealt
        copies, see bench/ismcts_fair_child.py)."""
        stdin, stdout = self._pipes()
        request: dict[str, object] = {"history": list(history), "seed": seed % 2**31,
                                      "simulations": simulations, "uct_c": uct_c}
        if fair_worlds > 0:
            request["fair_worlds"] = fair_worlds
        stdin.write((json.dumps(request) + "\n").encode())
        stdin.flush()
        line = stdout.readline()
        if not line:
            raise RuntimeError("the ISMCTS server stopped")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"ISMCTS server: {reply['error']}")
        self.requests += 1
        return int(reply["action"])

    def _pipes(self) -> tuple[IO[bytes], IO[bytes]]:
        """The server's standard input and output."""
        assert self.process.stdin is not None and self.process.stdout is not None
        return self.process.stdin, self.process.stdout

    def close(self) -> None:
        """Stop the server (its input ends; it exits)."""
        if self.process.poll() is None:
            stdin, _ = self._pipes()
            stdin.close()
            self.process.wait(timeout=30)
        if self.process.stdout is not None:
            self.process.stdout.close()

    def __enter__(self) -> IsmctsServer:
        """The server itself."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Stop it."""
        self.close()


def child_digest(fair: bool = False) -> str:
    """The first 12 hex digits of bench/ismcts_child.py's SHA-256 (``fair``: of it and
    bench/ismcts_fair_child.py): runs made with the same child (and the same Python,
    OpenSpiel and checkout path) draw alike."""
    data = CHILD.read_bytes() + (FAIR_CHILD.read_bytes() if fair else b"")
    return hashlib.sha256(data).hexdigest()[:12]

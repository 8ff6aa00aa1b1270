"""OpenSpiel's ISMCTS that gives the same answer to the same question: one forked child a decision.

OpenSpiel's ``ISMCTSBot`` at a fixed seed and simulation count is not
repeatable: the same bot on the same state chooses otherwise in another process,
and even in the same process after other searches (measured: four fresh bots with
one seed played four different hands). Its C++ containers are ordered by hashes
and addresses that depend on the library's load address (address-space layout
randomisation) and on what the process did before. Ties between equal UCB
values and equal visit counts are then broken by that order.

This module removes both causes. :class:`IsmctsServer` starts one process
(``python bench/ismcts_server.py``) with address randomisation off
(``personality(ADDR_NO_RANDOMIZE)``), a fixed environment and working directory,
that loads the game and then, for every request, forks a child from that same
untouched state. The child reads one request (the state's action history, the
seed, the simulations, ``uct_c``), searches with a fresh bot (its random rollouts
seeded apart from its world sampling), writes the action and exits. So a
decision depends only on its request: a match at fixed budgets
(``bench/ismcts_match.py --iterations K --ismcts-simulations N``) plays the
same hands every time on the same machine and checkout, and two engines
compared on the same deals differ only where their own choices do.

The fork and the replay of the moves cost wall time, not simulations: a match
at fixed counts plays the same, only slower (figures in docs/strength.md).
"""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

import pyspiel

ROOT = Path(__file__).resolve().parent.parent
#: personality(2)'s flag that turns address-space layout randomisation off at exec.
ADDR_NO_RANDOMIZE = 0x0040000
#: A child's exit status when the client has closed the pipe (no request came).
NO_REQUEST = 3


#: Added to a bot's seed for its rollouts' own generator (see :func:`ismcts_bot`).
ROLLOUT_SEED_OFFSET = 0x2545F491


def ismcts_bot(seed: int, seconds: float, uct_c: float, simulations: int = 10**9,
               rollout_seed: int | None = None) -> Any:
    """OpenSpiel's ISMCTS with random rollouts, searching ``seconds`` per decision (0: by count).

    ``rollout_seed``: the random rollouts' own seed (default ``seed``, as the bench's
    in-process bots had it; two generators seeded alike draw the same numbers, so a fresh
    bot's sampled worlds and its rollouts' moves would start from one stream).
    """
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed if rollout_seed is None else rollout_seed)
    return pyspiel.ISMCTSBot(seed, evaluator, uct_c, simulations, -1,
                             pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                             False, False, seconds if seconds > 0 else -1.0)


def answer(game: Any, request: dict[str, Any]) -> int:
    """The action a fresh bot chooses at the state reached by ``request["history"]``."""
    state = game.new_initial_state()
    for action in request["history"]:
        state.apply_action(action)
    seed = request["seed"]
    bot = ismcts_bot(seed, 0.0, request["uct_c"], request["simulations"],
                     rollout_seed=(seed + ROLLOUT_SEED_OFFSET) % 2**31)
    return int(bot.step(state))


def _read_line(fd: int) -> bytes:
    """One request line from ``fd`` (empty at end of input), unbuffered: nothing more is taken."""
    data = b""
    while not data.endswith(b"\n"):
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b""
        data += chunk
    return data


def _child(game: Any) -> None:
    """Answer one request on standard input and exit (never returns)."""
    status = 0
    try:
        line = _read_line(0)
        if not line:
            status = NO_REQUEST
        else:
            try:
                reply: dict[str, Any] = {"action": answer(game, json.loads(line))}
            except Exception as error:  # noqa: BLE001 (any failure goes back as one line)
                reply = {"error": f"{type(error).__name__}: {error}"}
            os.write(1, (json.dumps(reply) + "\n").encode())
    finally:
        os._exit(status)


def serve(params: dict[str, int]) -> int:
    """The server's loop: fork a child per request from this same state, until input ends."""
    game = pyspiel.load_game("oh_hell", params)
    game.new_initial_state()  # whatever the first state builds lazily, build it before forking
    while True:
        pid = os.fork()
        if pid == 0:
            _child(game)
        _, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        if code == NO_REQUEST:
            return 0
        if code != 0:
            os.write(1, (json.dumps({"error": f"the search process ended with {code}"})
                         + "\n").encode())


def _no_aslr() -> None:
    """In the server's process before exec: turn address randomisation off (where allowed)."""
    libc = ctypes.CDLL(None, use_errno=True)
    current = libc.personality(0xFFFFFFFF)
    if current != -1:
        libc.personality(current | ADDR_NO_RANDOMIZE)


class IsmctsServer:
    """The client: one server process; :meth:`step` asks it for one decision."""

    def __init__(self, params: dict[str, int]) -> None:
        """Start the server for ``oh_hell`` with ``params``."""
        env = {"PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin", "LC_ALL": "C"}
        self.process = subprocess.Popen(
            [sys.executable, "bench/ismcts_server.py", json.dumps(params, sort_keys=True)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT, env=env,
            preexec_fn=_no_aslr)
        self.requests = 0

    def step(self, history: list[int], seed: int, simulations: int, uct_c: float) -> int:
        """ISMCTS's action at the state after ``history``: ``simulations`` from ``seed``."""
        stdin, stdout = self._pipes()
        request = {"history": list(history), "seed": seed % 2**31, "simulations": simulations,
                   "uct_c": uct_c}
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


if __name__ == "__main__":
    raise SystemExit(serve(json.loads(sys.argv[1])))

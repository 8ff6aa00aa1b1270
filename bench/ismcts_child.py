"""The process bench/ismcts_server.py starts: OpenSpiel's ISMCTS, one forked child a request.

Run as ``python -I bench/ismcts_child.py PARAMS`` (see bench/ismcts_server.py).
Any change to this file changes ISMCTS's draws in a repeatable match: re-run the
baselines.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import pyspiel

#: Added to a bot's seed for its rollouts' own generator (see :func:`ismcts_bot`).
ROLLOUT_SEED_OFFSET = 0x2545F491
#: A child's exit status when the client has closed the pipe (no request came).
NO_REQUEST = 3


def ismcts_bot(seed: int, seconds: float, uct_c: float, simulations: int = 10**9,
               rollout_seed: int | None = None) -> Any:
    """OpenSpiel's ISMCTS with random rollouts, searching ``seconds`` per decision (0: by count).

    ``rollout_seed``: the random rollouts' own seed (default ``seed``).
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
    """One request line from ``fd`` (empty at end of input), unbuffered."""
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
    """Fork a child per request from this same state, until the input ends."""
    game = pyspiel.load_game("oh_hell", params)
    game.new_initial_state()
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


if __name__ == "__main__":
    raise SystemExit(serve(json.loads(sys.argv[1])))

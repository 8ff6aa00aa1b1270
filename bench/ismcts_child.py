"""The process bench/ismcts_server.py starts: OpenSpiel's ISMCTS, one forked child a request.

Run as ``python -I bench/ismcts_child.py PARAMS`` (see bench/ismcts_server.py).
Any change to this file changes ISMCTS's draws in a repeatable match: re-run the
baselines.  (Adding ``fair_worlds`` left the answers to requests without it as they
were: checked on the first deals of a baseline.)

A request with ``fair_worlds`` K > 0 closes OpenSpiel's resampling leak (its
``oh_hell`` worlds are dealt only from the cards the other players really hold,
so ISMCTS knows which cards were never dealt): the simulations are split over K
copies of the state in which every card the player cannot see has been re-dealt
at random (:func:`fair_history`), one fresh bot each, and the bid or card of most
visits summed over the K searches is played (root-parallel ISMCTS).  Each copy's
own resampling then shuffles a random 30 of the 41 unseen cards, not the real 30.
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections import defaultdict
from typing import Any

import pyspiel

#: Added to a bot's seed for its rollouts' own generator (see :func:`ismcts_bot`).
ROLLOUT_SEED_OFFSET = 0x2545F491
#: A child's exit status when the client has closed the pipe (no request came).
NO_REQUEST = 3


def ismcts_bot(seed: int, seconds: float, uct_c: float, simulations: int = 10**9,
               rollout_seed: int | None = None, visit_shares: bool = False) -> Any:
    """OpenSpiel's ISMCTS with random rollouts, searching ``seconds`` per decision (0: by count).

    ``rollout_seed``: the random rollouts' own seed (default ``seed``); ``visit_shares``:
    its policy is each action's share of the visits (else the most visited action).
    """
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed if rollout_seed is None else rollout_seed)
    final = (pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT if visit_shares
             else pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    return pyspiel.ISMCTSBot(seed, evaluator, uct_c, simulations, -1, final,
                             False, False, seconds if seconds > 0 else -1.0)


def fair_history(game: Any, history: list[int], rng: random.Random) -> list[int]:
    """``history`` with every card its player to move cannot see re-dealt at random.

    The player keeps its hand, the turned-up card stays, every card played stays
    with the player who played it; the rest of the others' hands are dealt from the
    cards the player has not seen (the undealt ones among them), keeping the suits
    each has shown void in when a deal within 200 tries allows (OpenSpiel's own
    resampling ignores voids).  oh_hell's card ids are rank * 4 + suit.
    """
    players = game.num_players()
    tricks = history[0]
    deal_end = 2 + players * tricks
    state = game.new_initial_state()
    for action in history[:deal_end + 1]:
        state.apply_action(action)
    played: list[list[int]] = [[] for _ in range(players)]
    voids: list[set[int]] = [set() for _ in range(players)]
    cards_played = 0
    led = -1
    for action in history[deal_end + 1:]:
        if action < 52:
            who = state.current_player()
            if cards_played % players == 0:
                led = action % 4
            elif action % 4 != led:
                voids[who].add(led)
            played[who].append(action)
            cards_played += 1
        state.apply_action(action)
    player = state.current_player()
    dealt = [history[2 + q:deal_end:players] for q in range(players)]
    seen = set(dealt[player]) | {history[deal_end]} | {c for cards in played for c in cards}
    pool = [c for c in range(52) if c not in seen]
    others = [q for q in range(players) if q != player]
    hands: dict[int, list[int]] = {}
    for _ in range(200):
        rng.shuffle(pool)
        start = 0
        for q in others:
            need = tricks - len(played[q])
            hands[q] = played[q] + pool[start:start + need]
            start += need
        if all(c % 4 not in voids[q] for q in others for c in hands[q][len(played[q]):]):
            break
    hands[player] = dealt[player]
    deal = [hands[i % players][i // players] for i in range(players * tricks)]
    return history[:2] + deal + history[deal_end:]


def fair_answer(game: Any, history: list[int], seed: int, uct_c: float, simulations: int,
                worlds: int) -> int:
    """The action of most visits over ``worlds`` searches, each on a fairly re-dealt copy."""
    real = game.new_initial_state()
    for action in history:
        real.apply_action(action)
    player = real.current_player()
    rng = random.Random(seed)
    visits: dict[int, float] = defaultdict(float)
    for k in range(worlds):
        state = game.new_initial_state()
        for action in fair_history(game, history, rng):
            state.apply_action(action)
        if state.information_state_string(player) != real.information_state_string(player):
            raise RuntimeError("a re-dealt copy shows the player something else")
        bot = ismcts_bot((seed + k) % 2**31, 0.0, uct_c, max(1, simulations // worlds),
                         rollout_seed=(seed + k + ROLLOUT_SEED_OFFSET) % 2**31,
                         visit_shares=True)
        policy, _ = bot.step_with_policy(state)
        for action, share in policy:
            visits[int(action)] += share
    return max(sorted(visits), key=lambda a: visits[a])


def answer(game: Any, request: dict[str, Any]) -> int:
    """The action a fresh bot chooses at the state reached by ``request["history"]``."""
    seed = request["seed"]
    if request.get("fair_worlds", 0) > 0:
        return fair_answer(game, request["history"], seed, request["uct_c"],
                           request["simulations"], request["fair_worlds"])
    state = game.new_initial_state()
    for action in request["history"]:
        state.apply_action(action)
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

"""The ISMCTS server's child with fair worlds: bench/ismcts_child.py plus ``fair_worlds``.

Run as ``python -I bench/ismcts_fair_child.py PARAMS`` (bench/ismcts_server.py
starts it for ``bench/ismcts_match.py --fair-ismcts K``).  OpenSpiel 2.0.2's
``oh_hell`` resamples ISMCTS's worlds from the cards the other players really
hold, so ISMCTS knows which cards were never dealt.  A request with
``fair_worlds`` K > 0 closes that leak: the simulations are split over K copies of
the state in which every card the player cannot see has been re-dealt at random
(:func:`fair_history`), one fresh bot each, and the bid or card of most visits
summed over the K searches is played (root-parallel ISMCTS).  Each copy's own
resampling then shuffles a random 30 of the 41 unseen cards, not the real 30.
Requests without it are answered by bench/ismcts_child.py's :func:`answer`.

A separate file, because a change to a child's file moves ISMCTS's draws (the
forked children's memory before the fork): bench/ismcts_child.py stays as it
was, so every repeatable match made with it still replays.
"""

from __future__ import annotations

import json
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pyspiel

sys.path.insert(0, str(Path(__file__).resolve().parent))  # -I leaves the script's folder out

import ismcts_child as plain  # noqa: E402
from ismcts_child import ROLLOUT_SEED_OFFSET  # noqa: E402


def shares_bot(seed: int, uct_c: float, simulations: int, rollout_seed: int) -> Any:
    """:func:`ismcts_child.ismcts_bot`'s ISMCTS by count, its policy each action's share of
    the visits."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, rollout_seed)
    return pyspiel.ISMCTSBot(seed, evaluator, uct_c, simulations, -1,
                             pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
                             False, False, -1.0)


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
        bot = shares_bot((seed + k) % 2**31, uct_c, max(1, simulations // worlds),
                         (seed + k + ROLLOUT_SEED_OFFSET) % 2**31)
        policy, _ = bot.step_with_policy(state)
        for action, share in policy:
            visits[int(action)] += share
    return max(sorted(visits), key=lambda a: visits[a])


plain_answer = plain.answer


def answer(game: Any, request: dict[str, Any]) -> int:
    """A fair answer for a request with ``fair_worlds``, else the plain child's."""
    if request.get("fair_worlds", 0) > 0:
        return fair_answer(game, request["history"], request["seed"], request["uct_c"],
                           request["simulations"], request["fair_worlds"])
    return plain_answer(game, request)


plain.answer = answer  # the plain child's loop answers through this module


if __name__ == "__main__":
    raise SystemExit(plain.serve(json.loads(sys.argv[1])))

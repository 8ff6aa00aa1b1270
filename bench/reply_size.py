"""How much the web API sends back per game, and how long each call takes, in CPython.

Plays whole games through :func:`whist_app.webapi.dispatch` (the page's own door:
the payload as JSON text in, the reply as JSON text out), the person choosing the
first legal action and the computers playing ``random`` (cheap, so the door's
own cost shows), and
counts every call the page makes, including the ``save`` the page asks for after
a reply that carries no sealed save.  Prints one JSON line per game.

    PYTHONPATH=. .venv/bin/python bench/reply_size.py --games diminishing-whist --repeat 3

(``PYTHONPATH=.``: the checkout's code, not the editable install's; ``code`` in the
output says which was measured.)
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from whist_app import webapi

SEATS = {
    "diminishing-whist": ["human", "random", "random", "random"],
    "black-queen": ["human", "random", "random", "random"],
    "nine-five-two": ["human", "random", "random"],
    "bidding-whist": ["human", "random", "random", "random"],
    "classic-whist": ["human", "random", "random", "random"],
}


def _call(name: str, payload: dict[str, Any], log: list[tuple[str, int, float]]) -> Any:
    """One call through the door, logged as (name, reply characters, seconds)."""
    text = json.dumps(payload)
    start = time.perf_counter()
    reply_text = webapi.dispatch(name, text)
    seconds = time.perf_counter() - start
    log.append((name, len(reply_text), seconds))
    reply = json.loads(reply_text)
    if "error" in reply:
        raise RuntimeError(f"{name}: {reply['error']}")
    return reply


def _flag(reply: dict[str, Any], key: str) -> bool:
    """A turn flag of either reply shape (top level before issue 22, inside ``view`` after)."""
    if key in reply:
        return bool(reply[key])
    return bool(reply["view"][key])


def play(game: str, seed: int) -> list[tuple[str, int, float]]:
    """One whole game as the page plays it; every call's log line."""
    log: list[tuple[str, int, float]] = []
    reply = _call("start", {"game": game, "seats": SEATS[game], "seed": seed}, log)
    while True:
        if not isinstance(reply.get("sealed"), str):
            _call("save", {}, log)
        if _flag(reply, "over"):
            return log
        if _flag(reply, "computer_to_move"):
            reply = _call("step", {}, log)
        else:
            legal = [str(a) for a in webapi._current().state.legal_actions()]
            reply = _call("act", {"action": legal[0]}, log)


def main() -> None:
    """Play the games and print one summary line per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(SEATS))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3, help="games per name (the best time is kept)")
    args = parser.parse_args()
    for game in args.games:
        runs = [play(game, args.seed) for _ in range(args.repeat)]
        log = runs[0]
        actions = [line for line in log if line[0] in ("act", "step")]
        best = min(sum(s for _, _, s in run) for run in runs)
        per_action = [statistics.median(s for name, _, s in run if name in ("act", "step"))
                      for run in runs]
        print(json.dumps({
            "code": str(Path(webapi.__file__).parents[1]), "game": game, "calls": len(log),
            "saves": sum(1 for n, _, _ in log if n == "save"),
            "actions": len(actions),
            "reply_chars_total": sum(c for _, c, _ in log),
            "reply_chars_per_action": round(statistics.mean(c for _, c, _ in actions)),
            "seconds_total_best": round(best, 3),
            "act_step_median_ms": round(1000 * min(per_action), 2),
        }))


if __name__ == "__main__":
    main()

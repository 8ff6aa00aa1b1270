"""How much of ``strong``'s budget a search spends after its choice is settled.

    python bench/settled_search.py [--iterations 1400] [--decisions 120] [--seed 1] [--json]

``strong`` drops candidates clearly behind the leader at 4, 8, 16 ... worlds; once
one is left, its choice is made.  With ``engines.strong.STOP_WHEN_SETTLED`` the
search stops there; without it, the rest of the budget rolls out that candidate
alone.  For each game this plays short games with ``strong`` in every seat at a
fixed rollout count (the page's 1 s buys 1,400 to 2,800 in CPython) and counts,
over the searched decisions: the share that settle early, and the rollouts spent
with and without the stop (the same decisions: the stop changes no choice,
tests/test_strong_fingerprints.py).  Counts, not seconds: the figures are the same
on any machine, and a search's time is nearly all rollouts.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines.strong as strong  # noqa: E402
from engines.levels import load_engine  # noqa: E402
from whist.games import GAME_NAMES, game_class  # noqa: E402


def spent(game: str, seed: int, iterations: int, decisions: int) -> list[int]:
    """Rollouts of each searched decision of short games of ``game`` (strong everywhere)."""
    out: list[int] = []
    while len(out) < decisions:
        state = game_class(game)({}, seed=seed)
        engines = [load_engine("strong", game, seed=seed * 10 + s, iterations=iterations)
                   for s in range(state.players)]
        while not state.over and len(out) < decisions:
            seat = state.to_move
            assert seat is not None
            obs, legal = state.observe(seat), state.legal_actions()
            engine = engines[seat]
            engine.last_stats = {}
            action = engine.choose(obs, legal)
            if engine.last_stats:
                out.append(int(engine.last_stats["rollouts"]))
            state.apply(action)
        seed += 1000
    return out


def measure(game: str, seed: int, iterations: int, decisions: int) -> dict[str, Any]:
    """One game's figures, the stop on and off."""
    before = strong.STOP_WHEN_SETTLED
    try:
        strong.STOP_WHEN_SETTLED = False
        full = spent(game, seed, iterations, decisions)
        strong.STOP_WHEN_SETTLED = True
        settled = spent(game, seed, iterations, decisions)
    finally:
        strong.STOP_WHEN_SETTLED = before
    return {"game": game, "decisions": len(full), "iterations": iterations,
            "settled_share": sum(s < f for s, f in zip(settled, full, strict=True)) / len(full),
            "rollouts_full": sum(full) / len(full), "rollouts_settled": sum(settled) / len(full),
            "saved": 1 - sum(settled) / sum(full)}


def main(argv: list[str] | None = None) -> int:
    """Measure every game and report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--iterations", type=int, default=1400)
    parser.add_argument("--decisions", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAME_NAMES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = [measure(g, args.seed, args.iterations, args.decisions) for g in args.games.split(",")]
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        for r in rows:
            print(f"{r['game']}: {r['decisions']} searched decisions at {r['iterations']} rollouts: "
                  f"{r['settled_share']:.0%} settle early; rollouts a decision "
                  f"{r['rollouts_full']:.0f} -> {r['rollouts_settled']:.0f} "
                  f"({r['saved']:.0%} fewer)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

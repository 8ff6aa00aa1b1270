"""Self-play bids for the bid model: what the search saw of each candidate, and what the bid made.

    python bench/bid_data.py --games 400 --seed 1 --iterations 100,250 --workers 2 \\
        --out bench/results/bid-data.jsonl [--bid-model off|fitted] [--world-model bids|off]
        [--ray ADDRESS]

Whole Diminishing Whist games (game ``g`` dealt from seed ``seed + g``, its
iteration budget the ``g``-th of ``--iterations`` in turn), ``strong`` in
every seat (``bench.strong_variants:Tunable``: ``strong`` with the bid and world
models as settings; its bids' outcomes are kept).  One JSON line per bid: the bid's facts (cards, players,
position, trump), every candidate the search tried with its rollouts' outcome
counts (fewer, exact, more tricks than bid) and mean value, the bid chosen,
and the tricks the seat then took.  ``bench/fit_bid_model.py`` fits
bench/bid_model_weights.py from these lines.  The rows are the same for
any number of workers, in one process, a pool or on Ray.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.strong_variants import Tunable  # noqa: E402
from engines.distribute import map_ordered  # noqa: E402
from whist.actions import Bid  # noqa: E402
from whist.games.diminishing import DiminishingWhist  # noqa: E402


def play_game(task: tuple[int, int, int, str, str]) -> list[dict[str, Any]]:
    """Every bid of one self-play game: (seed, players, iterations, bid model, world model)."""
    seed, players, iterations, bid_model, world_model = task
    state = DiminishingWhist.search_type()({"players": players}, seed=seed)
    engines = [Tunable(seed=seed * 16 + s, iterations=iterations, bid_model=bid_model,
                       world_model=world_model)
               for s in range(players)]
    rows: list[dict[str, Any]] = []
    pending: list[tuple[int, dict[str, Any]]] = []
    hands_scored = 0
    while not state.over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        engine = engines[seat]
        if len(legal) == 1:
            action = legal[0]
        else:
            action = engine.choose(state.observe(seat), legal)
            if isinstance(action, Bid):
                stats = engine.last_stats
                facts = stats["facts"]
                pending.append((seat, {
                    "seed": seed, "iterations": iterations, "cards": facts.cards,
                    "players": facts.players, "position": facts.position,
                    "trump": facts.trump, "bid": action.tricks,
                    "candidates": [{"bid": c["bid"], "counts": c["counts"],
                                    "mean": c["mean"], "alive": c["alive"]}
                                   for c in stats["bids"]]}))
        won = state.tricks_won
        state.step(action)
        if len(state.hand_scores) > hands_scored:
            hands_scored += 1
            for s, row in pending:
                row["tricks"] = won[s]
                rows.append(row)
            pending = []
    return rows


def main(argv: list[str] | None = None) -> int:
    """Play the games and write one JSON line per bid."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4, choices=(4, 5))
    parser.add_argument("--iterations", default="100,250",
                        help="rollouts per decision, taken in turn game by game")
    parser.add_argument("--bid-model", default="off", choices=("off", "fitted"),
                        help="strong's bid_model setting (off: the data the model is fitted on)")
    parser.add_argument("--world-model", default="bids", choices=("off", "bids"),
                        help="strong's world_model setting")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--ray", default=None, metavar="ADDRESS",
                        help="run the games as Ray tasks ('local' or a cluster's address)")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    budgets = [int(x) for x in args.iterations.split(",")]
    tasks = [(args.seed + g, args.players, budgets[g % len(budgets)], args.bid_model,
              args.world_model)
             for g in range(args.games)]
    start = time.perf_counter()
    results = map_ordered(play_game, tasks, workers=args.workers, ray_address=args.ray)
    with args.out.open("w") as out:
        for rows in results:
            for row in rows:
                out.write(json.dumps(row) + "\n")
    print(f"{sum(map(len, results))} bids from {args.games} games in "
          f"{time.perf_counter() - start:.0f} s -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

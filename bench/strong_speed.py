"""Decision time of the ``strong`` engine in each game (CPython).

    python bench/strong_speed.py [--budget 1.0 | --iterations N | --level expert] [--decisions 60]
        [--seed 1] [--games diminishing-whist,...] [--endgame N] [--no-settle]

For each game, ``strong`` sits in seat 0 against random players and its
decisions are timed until ``--decisions`` non-trivial ones (more than one
legal action) were made; prints the median and 95th percentile seconds per
decision and the rollouts it managed (and, in a game with bids, the bids' own median
and maximum).  With ``--budget`` (the default, 1.0 s,
the browser's) the time is the budget plus the last rollout's overrun; with
``--iterations`` it measures how long that many rollouts take; ``--level`` takes
each game's rollouts and cap from a player level (engines/levels.py, e.g. the
page's Expert).  ``--no-settle`` keeps searching after the choice is settled
(``engines.strong.STOP_WHEN_SETTLED`` off), the before of that change.  ``--endgame N``
times the bench variant that solves the last N cards exactly
(``bench.strong_variants:Tunable``), not ``strong``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import strong as strong_module  # noqa: E402
from engines.interface import RandomEngine  # noqa: E402
from engines.levels import level_iterations, resolve_level  # noqa: E402
from engines.referee import choose_action  # noqa: E402
from engines.strong import StrongEngine  # noqa: E402
from whist.actions import Decision  # noqa: E402
from whist.games import GAME_NAMES, new_game  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def time_game(game: str, budget: float | None, iterations: int | None, decisions: int,
              seed: int, settings: dict[str, float] | None = None) -> dict[str, float]:
    """Time ``decisions`` non-trivial decisions of strong in ``game``."""
    times: list[float] = []
    bid_times: list[float] = []
    rollouts: list[int] = []
    deal = seed
    while len(times) < decisions:
        state = new_game(game, seed=deal)
        strong = _engine_class(settings)(seed=deal, budget=budget, iterations=iterations,
                                         **(settings or {}))
        others = [RandomEngine(seed=deal * 10 + s) for s in range(state.players)]
        while not state.over and len(times) < decisions:
            seat = state.to_move
            assert seat is not None
            if seat == 0 and len(state.legal_actions()) > 1:
                start = time.perf_counter()
                action = choose_action(state, strong, seat)
                times.append(time.perf_counter() - start)
                if state.decision is Decision.BID:
                    bid_times.append(times[-1])
                rollouts.append(strong.last_stats.get("rollouts", 0))
            else:
                action = choose_action(state, others[seat] if seat else strong, seat)
            state.apply(action)
        deal += 1
    return {"median": statistics.median(times), "p95": percentile(times, 0.95),
            "max": max(times), "rollouts_median": statistics.median(rollouts),
            "rollouts_p5": percentile([float(r) for r in rollouts], 0.05),
            "rollouts_p10": percentile([float(r) for r in rollouts], 0.10),
            "decisions": len(times),
            **({"bids": len(bid_times), "bid_median": statistics.median(bid_times),
                "bid_max": max(bid_times)} if bid_times else {})}


def _engine_class(settings: dict[str, float] | None) -> type[StrongEngine]:
    """``strong``, or with settings only the bench's variants take, the bench's Tunable."""
    if not settings:
        return StrongEngine
    # Imported only when asked for: Pyodide's copy of this script has no bench/ package.
    from bench.strong_variants import Tunable
    return Tunable


def run(budget: float | None, iterations: int | None, decisions: int, seed: int,
        games: list[str], settings: dict[str, float] | None = None, *,
        level: str | None = None, settle: bool = True) -> dict[str, dict[str, float]]:
    """Time each game; one row per game (``settings``: the bench variant's, e.g.
    ``{"endgame": 3}``; ``level``: each game's rollouts and cap from that player level;
    ``settle``: whether a search stops once its choice is settled)."""
    before = strong_module.STOP_WHEN_SETTLED
    strong_module.STOP_WHEN_SETTLED = settle
    try:
        rows = {}
        for game in games:
            if level is not None:
                budget = resolve_level(level, game)[1]
                iterations = level_iterations(level, game)
                if iterations is None:
                    raise SystemExit(f"strong_speed: level {level!r} searches no fixed "
                                     f"rollouts in {game}")
            rows[game] = time_game(game, budget, iterations, decisions, seed, settings)
            rows[game]["iterations"] = iterations or 0
        return rows
    finally:
        strong_module.STOP_WHEN_SETTLED = before


def report(rows: dict[str, dict[str, float]], budget: float | None,
           iterations: int | None) -> str:
    """The table of a run, as text."""
    what = " and ".join(([f"budget {budget} s"] if budget else [])
                        + ([f"{iterations} iterations"] if iterations else [])) \
        or "each game's level rollouts"
    lines = [f"strong decision time, {what}",
             f"{'game':<20} {'median s':>9} {'p95 s':>9} {'max s':>9} {'rollouts':>9} "
             f"{'p10':>7} {'p5':>7} {'asked':>7}"]
    for game, row in rows.items():
        lines.append(f"{game:<20} {row['median']:>9.3f} {row['p95']:>9.3f} "
                     f"{row['max']:>9.3f} {row['rollouts_median']:>9.0f} "
                     f"{row['rollouts_p10']:>7.0f} {row['rollouts_p5']:>7.0f} "
                     f"{row.get('iterations', 0) or '-':>7}")
    return "\n".join(lines)


def main() -> None:
    """Print a table (and a JSON line) of decision times per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=None)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAME_NAMES))
    parser.add_argument("--level", default=None,
                        help="each game's rollouts and cap from this player level (expert)")
    parser.add_argument("--no-settle", action="store_true",
                        help="search on after the choice is settled (the old strong)")
    parser.add_argument("--endgame", type=int, default=None,
                        help="time the bench variant solving the last N cards exactly")
    args = parser.parse_args()
    budget = args.budget if args.budget is not None or args.iterations or args.level else 1.0
    settings = {} if args.endgame is None else {"endgame": args.endgame}
    rows = run(budget, args.iterations, args.decisions, args.seed, args.games.split(","),
               settings, level=args.level, settle=not args.no_settle)
    print(f"CPython {sys.version.split()[0]}")
    print(report(rows, budget, args.iterations))
    print(json.dumps(rows))


if __name__ == "__main__":
    main()

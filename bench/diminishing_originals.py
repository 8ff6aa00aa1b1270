"""Average points a game of Diminishing Whist's original players, all seats the same level.

    python bench/diminishing_originals.py [--games 200] [--players 5]

The original write-up measured, five-player games, 200 each: all ``expectation``
seats 65.5 points a game, all ``gaussian`` 39.8.  Game g is dealt from seed
1000 + g and seat s's engine is seeded 10 g + s, so the run is reproducible.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.diminishing import ExpectationEngine, GaussianEngine  # noqa: E402
from engines.interface import Engine  # noqa: E402
from engines.referee import choose_action  # noqa: E402
from whist.games.diminishing import DiminishingWhist  # noqa: E402


def average_points(engine: type[Engine], games: int, players: int) -> tuple[float, float]:
    """Mean final total per seat and its standard error, over ``games`` games."""
    totals: list[int] = []
    for game in range(games):
        state = DiminishingWhist({"players": players}, seed=1000 + game)
        seats = [engine(seed=game * 10 + seat) for seat in range(players)]
        while not state.over:
            seat = state.to_move
            assert seat is not None
            state.apply(choose_action(state, seats[seat], seat))
        totals.extend(state.totals)
    return statistics.mean(totals), statistics.stdev(totals) / len(totals) ** 0.5


def main(argv: list[str] | None = None) -> int:
    """Print each level's average points a game."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=5, choices=(4, 5))
    args = parser.parse_args(argv)
    for engine in (ExpectationEngine, GaussianEngine):
        start = time.perf_counter()
        mean, error = average_points(engine, args.games, args.players)
        print(f"{engine.level:<12} {mean:6.2f} ± {error:.2f} points a game "
              f"({args.games} games, {args.players} players, "
              f"{time.perf_counter() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

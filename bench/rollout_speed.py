"""strong's rollouts per second, its fast card play off and on (paired).

    python bench/rollout_speed.py [--states 1500] [--decisions 60] [--iterations 200]
        [--chunks 6] [--game GAME] [--players 4] [--json]
        [--variant SPEC [--variant-settings JSON]]

Two measurements, each in chunks that alternate the reference path
(``engines.strong.FAST_ROLLOUTS`` off) and the fast one (on), timed by the
process's CPU time:

- rollouts: ``--states`` rollout starts (a sampled world of a decision met in a
  random game, one of its legal actions stepped), each played out by
  ``engines.strong.rollout`` from a fork, one generator per chunk;
- decisions: ``StrongEngine(iterations=...).evaluate`` on ``--decisions``
  observations (everything a search does: sampling worlds, forks, rollouts).

Any of the five games: Black Queen, without a fast path, plays the reference
loop both ways, so its two rates are one rate measured twice.  Both paths must
give the same values and the same evaluations (checked every chunk; a
difference is an error).  Prints each path's rate (best and median chunk) and
the on/off ratio of each pair of chunks (min, median, max).

``--variant SPEC`` (e.g. ``bench.strong_variants:Soft05``) pairs ``strong`` as it
plays (fast path on: "off" in the table) with that engine ("on"): its ``_rollout``
on the same starts, its ``evaluate`` on the same decisions.  Their results differ,
so they are not compared.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines.strong as strong  # noqa: E402
from engines.levels import load_engine  # noqa: E402
from whist.actions import Action  # noqa: E402
from whist.games import GAME_NAMES, game_class  # noqa: E402
from whist.observations import Observation  # noqa: E402
from whist.protocol import GameState  # noqa: E402

Start = tuple[GameState, int, int]
Decisions = list[tuple[Observation, list[Action]]]


def observations(game: str, count: int, players: int, seed: int) -> Decisions:
    """``count`` observations (and legal actions) of non-trivial decisions in random games."""
    found: Decisions = []
    deal = seed
    while len(found) < count:
        options = {"players": players} if game == "diminishing-whist" else None
        state = game_class(game)(options, seed=deal)
        rng = random.Random(deal)
        while not state.over and len(found) < count:
            legal = state.legal_actions()
            seat = state.to_move
            assert seat is not None
            # Every other decision, so one game does not make up the whole sample.
            if len(legal) > 1 and rng.random() < 0.5:
                found.append((state.observe(seat), legal))
            state.apply(legal[rng.randrange(len(legal))])
        deal += 1
    return found


def rollout_starts(game: str, count: int, players: int, seed: int) -> list[Start]:
    """``count`` (state, seat, hands done): a sampled world with one legal action stepped."""
    rng = random.Random(seed)
    starts: list[Start] = []
    cls = game_class(game)
    for obs, legal in observations(game, count, players, seed):
        world = cls.sample_world(obs, rng)
        world.stop_after_hand = True
        world.step(legal[rng.randrange(len(legal))])
        starts.append((world, obs["seat"], len(obs["hand_scores"])))
    return starts


def time_rollouts(starts: list[Start], fast: bool, chunk: int) -> tuple[float, list[float]]:
    """CPU seconds to roll every start out once (forks made beforehand), and the values."""
    forks = [(state.fork(), seat, done) for state, seat, done in starts]
    rng = random.Random(chunk)
    rollout = strong.rollout
    strong.FAST_ROLLOUTS = fast
    values: list[float] = []
    gc.collect()  # each chunk from the same collector state (the forks are many young objects)
    begin = time.process_time()
    for state, seat, done in forks:
        values.append(rollout(state, seat, done, 0.5, rng))
    seconds = time.process_time() - begin
    strong.FAST_ROLLOUTS = True
    return seconds, values


def time_variant_rollouts(starts: list[Start], engine: strong.StrongEngine,
                          chunk: int) -> tuple[float, list[float]]:
    """CPU seconds for ``engine``'s rollout hook to roll every start out once, and the values."""
    forks = [(state.fork(), seat, done) for state, seat, done in starts]
    rng = random.Random(chunk)
    values: list[float] = []
    gc.collect()
    begin = time.process_time()
    for state, seat, done in forks:
        values.append(engine._rollout(state, seat, done, 0.5, rng))
    return time.process_time() - begin, values


def time_decisions(decisions: Decisions, iterations: int, fast: bool,
                   engine: strong.StrongEngine | None = None) -> tuple[float, int, list[Any]]:
    """CPU seconds for strong (or ``engine``) to evaluate every decision, its rollouts,
    and its evaluations."""
    if engine is None:
        engine = strong.StrongEngine(seed=1, iterations=iterations)
    strong.FAST_ROLLOUTS = fast
    results: list[Any] = []
    rollouts = 0
    gc.collect()
    begin = time.process_time()
    for obs, legal in decisions:
        results.append(engine.evaluate(obs, legal))
        rollouts += engine.last_stats["rollouts"]
    seconds = time.process_time() - begin
    strong.FAST_ROLLOUTS = True
    return seconds, rollouts, results


def paired(chunks: int, run: Callable[[bool, int], tuple[float, float, Any]],
           check: bool = True) -> dict[str, Any]:
    """Alternate off/on (the order swapped every pair); rates and per-pair ratios.

    ``check``: the two sides' results must be equal (a difference is an error)."""
    rates: dict[bool, list[float]] = {False: [], True: []}
    ratios: list[float] = []
    for chunk in range(chunks):
        order = (False, True) if chunk % 2 == 0 else (True, False)
        got: dict[bool, tuple[float, float, Any]] = {fast: run(fast, chunk) for fast in order}
        if check and got[False][2] != got[True][2]:
            raise SystemExit(f"chunk {chunk}: the fast path's results differ from the reference")
        for fast in order:
            rates[fast].append(got[fast][1] / got[fast][0])
        ratios.append(rates[True][-1] / rates[False][-1])
    return {"off_best": max(rates[False]), "off_median": statistics.median(rates[False]),
            "on_best": max(rates[True]), "on_median": statistics.median(rates[True]),
            "ratio_min": min(ratios), "ratio_median": statistics.median(ratios),
            "ratio_max": max(ratios), "chunks": chunks}


def main() -> None:
    """Measure and print both tables (and a JSON line with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=1500)
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--chunks", type=int, default=6)
    parser.add_argument("--game", default="diminishing-whist", choices=GAME_NAMES)
    parser.add_argument("--players", type=int, default=4, help="Diminishing Whist's")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--variant", default=None, metavar="SPEC",
                        help="pair strong (fast path on) with this engine instead of "
                             "strong's fast path off and on")
    parser.add_argument("--variant-settings", type=json.loads, default={}, metavar="JSON",
                        help="more settings for --variant's engine")
    args = parser.parse_args()
    variant: strong.StrongEngine | None = None
    if args.variant is not None:
        try:
            loaded = load_engine(args.variant, args.game, seed=1, iterations=args.iterations,
                                 **args.variant_settings)
        except Exception as error:  # a wrong spec or setting: one line, not a traceback
            raise SystemExit(f"rollout_speed: {error}") from None
        if not isinstance(loaded, strong.StrongEngine):
            raise SystemExit(f"rollout_speed: {args.variant} is not a strong variant")
        variant = loaded
    starts = rollout_starts(args.game, args.states, args.players, args.seed)
    decisions = observations(args.game, args.decisions, args.players, args.seed + 1000)

    def rollouts(fast: bool, chunk: int) -> tuple[float, float, Any]:
        if variant is None:
            seconds, values = time_rollouts(starts, fast, chunk)
        elif fast:
            seconds, values = time_variant_rollouts(starts, variant, chunk)
        else:
            seconds, values = time_rollouts(starts, True, chunk)
        return seconds, len(values), values

    def searches(fast: bool, chunk: int) -> tuple[float, float, Any]:
        if variant is None:
            seconds, count, results = time_decisions(decisions, args.iterations, fast)
        else:
            seconds, count, results = time_decisions(decisions, args.iterations, True,
                                                     variant if fast else None)
        return seconds, count, results

    check = variant is None
    rows = {"rollouts": paired(args.chunks, rollouts, check),
            "decisions": paired(args.chunks, searches, check)}
    seats = f", {args.players} players" if args.game == "diminishing-whist" else ""
    print(f"CPython {sys.version.split()[0]}, {args.game}{seats}; "
          f"{args.states} rollout starts, {args.decisions} decisions at {args.iterations} "
          f"iterations; {args.chunks} chunks per path, CPU time")
    if variant is not None:
        print(f"off: strong (fast path on); on: {args.variant} {args.variant_settings or ''}")
    print(f"{'rollouts/s':<24} {'off best':>9} {'off med':>9} {'on best':>9} {'on med':>9}"
          f" {'on/off min':>10} {'median':>7} {'max':>6}")
    for name, row in rows.items():
        label = "rollouts alone" if name == "rollouts" else "in strong's decisions"
        print(f"{label:<24} {row['off_best']:>9.0f} {row['off_median']:>9.0f} "
              f"{row['on_best']:>9.0f} {row['on_median']:>9.0f} {row['ratio_min']:>10.2f} "
              f"{row['ratio_median']:>7.2f} {row['ratio_max']:>6.2f}")
    if check:
        print("results identical with the fast path off and on")
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()

"""Decision time of ``strong`` and of a variant on the same oh_hell-shaped decisions.

    python bench/own_tree_speed.py [--hands 4] [--seed 1] [--spec SPEC:ITERATIONS[:JSON]] ...
                                   [--seconds T] [--rounds 2] [--json]

The decisions are those of ``--hands`` hands of the bench's oh_hell round
(``bench/ismcts_match.py``'s ``OhHellRound``: 4 players, 10 cards, tricks plus
10 for an exact bid), played by ``strong`` at 50 rollouts in every seat, keeping
each decision with more than one distinct candidate.  Every ``--spec`` (an
engine spec, its iteration budget and optional settings as JSON, e.g.
``bench.own_tree:OwnTree:120:{"depth": 3}``) decides all of them, the specs in
turn, ``--rounds`` times over; the report gives each spec's mean CPU seconds
per decision (median over rounds) and rollouts per CPU second.  With
``--seconds T`` each spec instead gets a budget of T seconds a decision and the
report gives the rollouts it made per decision (what T buys it).  Engines are
loaded as the match loads them (searching OhHellRound worlds, others weight 0).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ismcts_match import OhHellRound  # noqa: E402
from engines.interface import EngineError  # noqa: E402
from engines.levels import load_engine  # noqa: E402
from engines.strong import StrongEngine, prune_candidates  # noqa: E402
from whist.actions import Action  # noqa: E402
from whist.games.diminishing import DiminishingWhist  # noqa: E402
from whist.observations import Observation  # noqa: E402


def decisions(hands: int, seed: int) -> list[tuple[Observation, list[Action]]]:
    """The non-trivial decisions of ``hands`` oh_hell rounds played by ``strong`` (50 rollouts)."""
    player = StrongEngine(seed=seed, iterations=50, world_class=OhHellRound, others_weight=0.0)
    out: list[tuple[Observation, list[Action]]] = []
    for hand in range(hands):
        state = OhHellRound.search_type()({"players": 4}, seed=seed * 1000 + hand)
        state.stop_after_hand = True
        while not state.hand_over and not state.over:
            seat = state.to_move
            assert seat is not None
            obs = state.observe(seat)
            legal = list(state.legal_actions())
            if len(prune_candidates(obs, legal, 20)) > 1:
                out.append((obs, legal))
            state.step(player.choose(obs, legal))
    return out


def parse_spec(text: str) -> tuple[str, int, dict[str, Any]]:
    """``SPEC:ITERATIONS[:JSON]`` -> (engine spec, iterations, settings)."""
    parts = text.split(":")
    if parts[0] == "strong":
        spec, rest = "strong", parts[1:]
    else:
        spec, rest = ":".join(parts[:2]), parts[2:]
    if not rest:
        raise ValueError(f"{text!r}: no iteration count (SPEC:ITERATIONS[:JSON])")
    if not rest[0].isdigit():
        raise ValueError(f"{text!r}: the iteration count must be a whole number, not {rest[0]!r}")
    try:
        settings = json.loads(":".join(rest[1:])) if len(rest) > 1 else {}
    except json.JSONDecodeError as error:
        raise ValueError(f"{text!r}: the settings are not JSON ({error})") from None
    if not isinstance(settings, dict):
        raise ValueError(f"{text!r}: the settings must be a JSON object")
    return spec, int(rest[0]), settings


def time_spec(spec: str, iterations: int, settings: dict[str, Any], seconds: float | None,
              cases: Sequence[tuple[Observation, list[Action]]]) -> tuple[float, float]:
    """(mean CPU seconds per decision, mean rollouts per decision) of one spec over ``cases``."""
    engine = load_engine(spec, DiminishingWhist.name, seed=7,
                         budget=seconds, iterations=None if seconds else iterations,
                         world_class=OhHellRound, others_weight=0.0, **settings)
    assert isinstance(engine, StrongEngine)
    took = 0.0
    rollouts = 0
    for obs, legal in cases:
        start = time.process_time()
        engine.evaluate(obs, legal)
        took += time.process_time() - start
        rollouts += engine.last_stats.get("rollouts", 0)
    return took / len(cases), rollouts / len(cases)


def main(argv: Sequence[str] | None = None) -> int:
    """Time the specs and report them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--spec", action="append", default=[], metavar="SPEC:ITERATIONS[:JSON]")
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        specs = [parse_spec(s) for s in args.spec or ["strong:200"]]
        for spec, iterations, settings in specs:
            if iterations < 1:
                raise ValueError(f"{spec}: iterations must be at least 1, not {iterations}")
            load_engine(spec, DiminishingWhist.name, iterations=iterations, **settings)
        for name in ("hands", "rounds"):
            if getattr(args, name) < 1:
                raise ValueError(f"--{name} must be at least 1")
    except (ValueError, EngineError) as error:
        print(f"own_tree_speed: {error}", file=sys.stderr)
        return 2
    cases = decisions(args.hands, args.seed)
    times: dict[str, list[float]] = {s: [] for s in args.spec or ["strong:200"]}
    counts: dict[str, float] = {}
    for _ in range(args.rounds):
        for name, (spec, iterations, settings) in zip(times, specs, strict=True):
            took, rollouts = time_spec(spec, iterations, settings, args.seconds, cases)
            times[name].append(took)
            counts[name] = rollouts
    report = {name: {"seconds_per_decision": statistics.median(t),
                     "rollouts_per_decision": counts[name],
                     "rollouts_per_second": counts[name] / statistics.median(t)}
              for name, t in times.items()}
    if args.json:
        print(json.dumps({"decisions": len(cases), "seconds": args.seconds, "specs": report},
                         indent=1))
    else:
        print(f"{len(cases)} decisions" + (f", {args.seconds} s each" if args.seconds else ""))
        for name, r in report.items():
            print(f"{name}: {r['seconds_per_decision']:.4f} s a decision, "
                  f"{r['rollouts_per_decision']:.0f} rollouts, "
                  f"{r['rollouts_per_second']:.0f} a second")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

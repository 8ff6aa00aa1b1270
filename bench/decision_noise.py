"""How much a search's card choice loses to its own noise (issue 21): regret against a long search.

    python bench/decision_noise.py --decisions 40 --iterations 650 --reference 8000 \\
        --trials 6 --engine bench.outcome_bids:FittedModelBids \\
        --engine bench.outcome_bids:PairedFittedModelBids [--json]

Card decisions (two or more distinct cards) are collected from ``oh_hell``-scored
rounds (bench/ismcts_match.py's ``OhHellRound``: 4 players, 10 cards) played by
``strong`` at 60 rollouts in every seat, from seed ``--seed``.  Each decision is
searched once by the first engine at ``--reference`` rollouts: the candidates' mean
values there (every candidate rolled out in every world, none dropped) stand for the
truth of that engine's rollout model.  Then each engine
decides it ``--trials`` times at ``--iterations`` rollouts (engine seeds 1..trials), and
the report gives, per engine, the mean regret a decision (the reference value of the
reference's best card minus that of the card chosen, in oh_hell points) with a 95%
interval over decisions, how often the reference's best card was chosen, and each
later engine's regret minus the first's, decision by decision.

Two engines whose rollouts model the same play (such as a variant and itself with
common random numbers) share the reference; for engines that model play otherwise
the regret is measured against the first engine's model.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.oh_hell_round import OhHellRound  # noqa: E402
from engines.levels import load_engine  # noqa: E402
from engines.strong import StrongEngine, Tally, distinct_plays  # noqa: E402
from whist.actions import Action, Decision  # noqa: E402
from whist.games.diminishing import DiminishingWhist  # noqa: E402
from whist.observations import Observation  # noqa: E402


class KeepAll(Tally):
    """A tally that drops no candidate: the reference rolls every one out in every world."""

    def survivors(self, alive: list[int], worlds: int, keep: int) -> list[int]:
        """Every candidate still alive."""
        return alive


def collect(count: int, seed: int, world: type[DiminishingWhist]) -> list[
        tuple[Observation, list[Action]]]:
    """``count`` card decisions with two or more distinct cards, from rounds played by
    ``strong`` at 60 rollouts in every seat."""
    found: list[tuple[Observation, list[Action]]] = []
    game = 0
    while len(found) < count:
        state = world.search_type()({"players": 4}, seed=seed + game)
        state.stop_after_hand = True
        players = [StrongEngine(seed=seed + game * 4 + p, iterations=60, world_class=world,
                                others_weight=0.0) for p in range(4)]
        while not state.over and not state.hand_over and len(found) < count:
            seat = state.to_move
            assert seat is not None
            obs, legal = state.observe(seat), state.legal_actions()
            if state.decision is Decision.CARD and len(distinct_plays(obs, list(legal))) > 1:
                found.append((obs, list(legal)))
            state.step(players[seat].choose(obs, legal) if len(legal) > 1 else legal[0])
        game += 1
    return found


def measure(specs: Sequence[str], decisions: int, seed: int, iterations: int, reference: int,
            trials: int) -> dict[str, Any]:
    """Each engine's regret a decision and its share of the reference's best card."""
    world = OhHellRound
    cases = collect(decisions, seed, world)

    def engine(spec: str, engine_seed: int, count: int) -> Any:
        return load_engine(spec, DiminishingWhist.name, seed=engine_seed, iterations=count,
                           world_class=world, others_weight=0.0)
    figures: dict[str, Any] = {}
    regrets: dict[str, list[float]] = {spec: [] for spec in specs}
    best_shares: dict[str, list[float]] = {spec: [] for spec in specs}
    for obs, legal in cases:
        judge = engine(specs[0], 999_983, reference)
        # The engine's own tally hook, replaced on this one instance: any spec can judge.
        judge._tally = lambda _obs, _legal, candidates: KeepAll(candidates)  # noqa: SLF001
        truth = dict(judge.evaluate(obs, legal))
        top = max(truth.values())
        for spec in specs:
            chosen = [engine(spec, trial, iterations).choose(obs, legal)
                      for trial in range(1, trials + 1)]
            # A card the reference did not value (pruned as equivalent) is valued as the
            # equivalent card it stands for: its own entry, else the worst.
            values = [truth.get(card, min(truth.values())) for card in chosen]
            regrets[spec].append(statistics.fmean(top - v for v in values))
            best_shares[spec].append(statistics.fmean(v == top for v in values))
    for spec in specs:
        r = regrets[spec]
        half = 1.96 * statistics.stdev(r) / len(r) ** 0.5 if len(r) > 1 else 0.0
        figures[spec] = {"regret": statistics.fmean(r), "ci": [statistics.fmean(r) - half,
                                                               statistics.fmean(r) + half],
                         "reference_best": statistics.fmean(best_shares[spec])}
    for spec in specs[1:]:
        diffs = [a - b for a, b in zip(regrets[spec], regrets[specs[0]], strict=True)]
        half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
        figures[f"{spec} minus the first"] = {"regret": statistics.fmean(diffs),
                                              "ci": [statistics.fmean(diffs) - half,
                                                     statistics.fmean(diffs) + half]}
    return {"decisions": len(cases), "iterations": iterations, "reference": reference,
            "trials": trials, "seed": seed, "engines": figures}


def main(argv: Sequence[str] | None = None) -> int:
    """Print each engine's regret against the long search."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", action="append", required=True, metavar="SPEC",
                        help="an engine spec (repeat; the first makes the reference)")
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=650)
    parser.add_argument("--reference", type=int, default=8000)
    parser.add_argument("--trials", type=int, default=6)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", type=Path, default=None, help="also write the JSON here")
    args = parser.parse_args(argv)
    for name in ("decisions", "iterations", "reference", "trials"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    result = measure(args.engine, args.decisions, args.seed, args.iterations, args.reference,
                     args.trials)
    text = json.dumps(result, indent=1)
    if args.out is not None:
        args.out.write_text(text + "\n")
    if args.json:
        print(text)
    else:
        for spec, f in result["engines"].items():
            extra = f" reference's best {f['reference_best']:.1%}" if "reference_best" in f else ""
            print(f"{spec}: regret {f['regret']:.3f} [{f['ci'][0]:.3f}, {f['ci'][1]:.3f}]{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

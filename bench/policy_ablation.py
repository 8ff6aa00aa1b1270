"""Which features of the fitted card policy can go: backward elimination, cross-validated.

    python bench/policy_ablation.py /tmp/policy-dw.jsonl /tmp/policy-oh-hell.jsonl \\
        [--folds 5] [--l2 1.0] [--out bench/results/issue21-fast-policy-ablation.json]

The decisions (bench/policy_data.py) are split into ``--folds`` parts by a hash of
their game or hand (as bench/fit_policy.py holds out its fifth).  For a set of
features left out (their columns zeroed, so their weights stay 0), the policy is
fitted on all parts but one and scored on that one, for each part in turn: the
held-out log-loss per decision, the top-1 agreement with ``strong`` and that
agreement on the clear decisions (bench/fit_policy.py's figures), summed over the
parts.  Starting from every feature, each round leaves out the one feature (of
those after the rank one-hot) whose removal gives the lowest log-loss, until one
is left.  Prints one line per round; ``--out`` writes them as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.fit_policy import Data, evaluate, fit, load, read_rows, without  # noqa: E402
from bench.policy_features import FEATURES  # noqa: E402


def fold_of(row: dict[str, Any], folds: int) -> int:
    """The part ``row``'s game or hand falls in (a hash of its source, seed and index)."""
    key = f"{row['source']}:{row['seed']}:{row['game']}".encode()
    return zlib.crc32(key) % 1000 * folds // 1000


def merged(parts: Sequence[Data]) -> Data:
    """One :class:`Data` of several, rows and decisions renumbered."""
    rows = 0
    decisions = 0
    decision = []
    starts = []
    for part in parts:
        decision.append(part.decision + decisions)
        starts.append(part.starts + rows)
        rows += len(part.features)
        decisions += len(part.starts)
    return Data(np.concatenate([p.features for p in parts]),
                np.concatenate([p.chosen for p in parts]), np.concatenate(decision),
                np.concatenate(starts), np.concatenate([p.contexts for p in parts]),
                np.concatenate([p.heuristic_agrees for p in parts]),
                np.concatenate([p.gap for p in parts]),
                [s for p in parts for s in p.source])


def cross_validated(parts: Sequence[Data], trains: Sequence[Data], left_out: Sequence[str],
                    l2: float) -> dict[str, float]:
    """Held-out log-loss, agreement and clear agreement over the parts, ``left_out`` zeroed."""
    loss = agree = clear = 0.0
    count = clear_count = 0
    for part, train in zip(parts, trains, strict=True):
        found = evaluate(fit(without(train, left_out), l2), without(part, left_out))
        n = found["decisions"]
        count += n
        loss += found["log_loss"] * n
        agree += found["policy_agrees"] * n
        clear += found["clear"]["policy_agrees"] * found["clear"]["decisions"]
        clear_count += found["clear"]["decisions"]
    return {"log_loss": round(loss / count, 4), "agrees": round(agree / count, 4),
            "clear_agrees": round(clear / clear_count, 4), "decisions": count}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the elimination, print and write its rounds."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("data", type=Path, nargs="+", help="bench/policy_data.py JSON lines")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    if args.folds < 2 or args.l2 < 0:
        parser.error("--folds must be at least 2 and --l2 at least 0")
    rows = read_rows(parser, args.data)
    parts = [load([r for r in rows if fold_of(r, args.folds) == k]) for k in range(args.folds)]
    if any(len(p.starts) == 0 for p in parts):
        parser.error("a part has no decisions: fewer --folds")
    trains = [merged([p for j, p in enumerate(parts) if j != k]) for k in range(len(parts))]
    left_out: list[str] = []
    rounds = [{"left_out": [], **cross_validated(parts, trains, [], args.l2)}]
    print(json.dumps(rounds[-1]), flush=True)
    candidates = list(FEATURES[13:])
    while len(candidates) > 1:
        tried = [(cross_validated(parts, trains, [*left_out, name], args.l2), name)
                 for name in candidates]
        found, name = min(tried, key=lambda t: (t[0]["log_loss"], t[1]))
        left_out.append(name)
        candidates.remove(name)
        rounds.append({"left_out": list(left_out), **found})
        print(json.dumps({"leaves": name, **found}), flush=True)
    if args.out:
        args.out.write_text(json.dumps({"folds": args.folds, "l2": args.l2,
                                        "rounds": rounds}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Fit the bid model (bench/bid_model.py) on self-play bids from bench/bid_data.py.

    python bench/fit_bid_model.py bench/results/bid-data-*.jsonl \\
        --out bench/bid_model_weights.py [--l2 1.0]

A multinomial logistic regression over the three outcomes of a bid (the seat
took fewer tricks than it bid, exactly its bid, more), one row per bid made,
its inputs the chosen bid's rollout outcome counts and the bid's facts
(:func:`bench.bid_model.features`); outcomes that cannot happen (fewer than
0 tricks, more than the cards) are left out of the softmax.  The weights are
pulled towards the identity model (trust the rollouts' own shares) by an L2
penalty, so a feature only moves the bid where the data show it should.
Games with an odd seed are held out: the script prints the log-loss and the
exact-bid calibration of the rollouts (identity) and of the fit on them, then
refits on every row and writes the weights as a Python literal.
Needs NumPy and SciPy (installed with the test extra's open-spiel).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bid_model import FEATURE_NAMES, BidFacts, features, identity_model, possible  # noqa: E402
from bench.bid_model import outcome_of as outcome  # noqa: E402
from bench.weights_module import write_weights_module  # noqa: E402


def load_rows(paths: list[Path]) -> list[dict[str, Any]]:
    """Every bid line of the files."""
    rows = []
    for path in paths:
        with path.open() as f:
            rows.extend(json.loads(line) for line in f if line.strip())
    return rows


def design(rows: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Inputs, allowed-outcome masks and outcomes of the chosen bids."""
    xs, masks, ys = [], [], []
    for row in rows:
        chosen = next(c for c in row["candidates"] if c["bid"] == row["bid"])
        facts = BidFacts(row["cards"], row["players"], row["position"], row["trump"])
        xs.append(features(row["bid"], chosen["counts"], facts))
        masks.append(possible(row["bid"], row["cards"]))
        ys.append(outcome(row["bid"], row["tricks"]))
    return np.array(xs), np.array(masks, dtype=bool), np.array(ys)


def probabilities(w: np.ndarray, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Softmax over the allowed outcomes, row by row."""
    scores = x @ w.T
    scores = np.where(mask, scores, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    e = np.exp(scores)
    return e / e.sum(axis=1, keepdims=True)


def log_loss(w: np.ndarray, x: np.ndarray, mask: np.ndarray, y: np.ndarray) -> float:
    """Mean negative log-likelihood of the outcomes."""
    p = probabilities(w, x, mask)
    return float(-np.mean(np.log(np.maximum(p[np.arange(len(y)), y], 1e-12))))


def fit(x: np.ndarray, mask: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    """Weights minimising the log-loss plus ``l2`` times the squared distance to identity."""
    base = np.array(identity_model().weights)
    n = len(y)
    onehot = np.zeros((n, 3))
    onehot[np.arange(n), y] = 1.0

    def objective(flat: np.ndarray) -> tuple[float, np.ndarray]:
        w = flat.reshape(base.shape)
        p = probabilities(w, x, mask)
        loss = -np.sum(np.log(np.maximum(p[np.arange(n), y], 1e-12))) / n
        grad = (p - onehot).T @ x / n
        d = w - base
        loss += l2 * float(np.sum(d * d)) / n
        grad += 2 * l2 * d / n
        return loss, grad.ravel()
    result = minimize(objective, base.ravel(), jac=True, method="L-BFGS-B",
                      options={"maxiter": 2000})
    return np.asarray(result.x.reshape(base.shape))


def calibration(w: np.ndarray, x: np.ndarray, mask: np.ndarray, y: np.ndarray,
                bids: np.ndarray) -> list[str]:
    """Predicted against real exact-bid rate, by bid."""
    p = probabilities(w, x, mask)
    lines = []
    for b in sorted(set(bids.tolist())):
        sel = bids == b
        if sel.sum() < 30:
            continue
        lines.append(f"  bid {b}: {sel.sum():5d} bids, exact predicted {p[sel, 1].mean():.3f}"
                     f" real {np.mean(y[sel] == 1):.3f}; fewer predicted {p[sel, 0].mean():.3f}"
                     f" real {np.mean(y[sel] == 0):.3f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Fit, report on held-out games, refit on all and write the weights module."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", type=Path, nargs="+")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--l2", type=float, default=1.0)
    args = parser.parse_args(argv)
    rows = load_rows(args.data)
    x, mask, y = design(rows)
    bids = np.array([r["bid"] for r in rows])
    held = np.array([r["seed"] % 2 == 1 for r in rows])
    identity = np.array(identity_model().weights)
    w = fit(x[~held], mask[~held], y[~held], args.l2)
    print(f"{len(rows)} bids ({held.sum()} held out)")
    for name, weights in (("rollouts (identity)", identity), ("fitted", w)):
        print(f"{name}: held-out log-loss {log_loss(weights, x[held], mask[held], y[held]):.4f}")
        print("\n".join(calibration(weights, x[held], mask[held], y[held], bids[held])))
    w = fit(x, mask, y, args.l2)
    print("weights (rows: fewer, exact, more):")
    for name, column in zip(FEATURE_NAMES, w.T, strict=True):
        print(f"  {name:>12}: " + "  ".join(f"{v:+.3f}" for v in column))
    if args.out is not None:
        rows_text = "".join("        [" + ", ".join(f"{v:.6f}" for v in row) + "],\n" for row in w)
        write_weights_module(args.out, "Weights of the bid model (bench/bid_model.py), fitted "
                             f"on {len(rows)} self-play bids (bench/bid_data.py)", "WEIGHTS",
                             f"{{\n    \"features\": {list(FEATURE_NAMES)!r},\n"
                             f"    \"weights\": [\n{rows_text}    ],\n}}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

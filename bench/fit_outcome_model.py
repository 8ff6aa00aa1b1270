"""Fit the outcome bid model (bench/outcome_model.py) on bench/outcome_data.py's lines.

    /tmp/trainvenv/bin/python bench/fit_outcome_model.py bench/results/outcome-*.jsonl \\
        [--model mlp|logistic] [--hidden 32] [--test-share 0.2] [--seed 1] \\
        [--weight ENGINE=W ...] [--out bench/outcome_model_weights.py]

Needs the optional ``train`` extra (numpy, scikit-learn; ``pip install
'.[train]'`` in a private environment): never the page.  ``--prior`` needs only
numpy and scipy (which OpenSpiel brings), so CI tests it.  Rows are
split into training and held-out by game or hand (a game's bids all fall on one
side), ``--test-share`` of them held out by a hash of the game's source and
seed.  The report compares, on the held-out bids: the model; a bid-only table
(the share of each bid error for the same scoring, hand size and bid, seen in
training); and "tricks = bid" as a point guess.  Log-loss is over the trick
counts 0..cards (the chances :func:`bench.outcome_model.trick_chances` gives),
accuracy is the most likely trick count; the held-out figures are given
overall, by source, by engine (the rows' ``engine``, ``strong`` when absent) and
for searched and explored bids.  ``--weight ENGINE=W`` weighs the rows of that
engine W times in the fit (the logistic model only).  ``--prior MODULE`` fits the
logistic model anchored at an existing weights module (its inputs' mean and scale,
and a penalty ``|W - W_prior|^2 / (2 C)`` with ``C`` = ``--prior-c``, where the plain
fit's penalty pulls to 0): a small new data set moves the old model only as far as
it shows, and the report gives the prior's own held-out figures beside the fit's.
With ``--out`` the fitted model
(refitted on every row) is written as a weights module; the figures go to
stdout and, with ``--report``, to a JSON file.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import sys
import zlib
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from bench.outcome_model import (  # noqa: E402
    FEATURE_NAMES,
    OFFSETS,
    features,
    trick_chances,
)
from bench.weights_module import write_weights_module  # noqa: E402


def read_rows(paths: list[Path]) -> list[dict[str, Any]]:
    """Every JSON line of ``paths``; SystemExit with one line for a line that is not a bid."""
    rows = []
    for path in paths:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            try:
                row = json.loads(line)
                for key in ("hand", "has_trump", "players", "earlier", "scoring", "bid",
                            "tricks", "cards"):
                    row[key]  # noqa: B018 (the shape is checked here)
            except (ValueError, KeyError, TypeError) as error:
                raise SystemExit(f"fit_outcome_model: {path}:{number} is not a bid line "
                                 f"({type(error).__name__}: {error})") from None
            rows.append(row)
    if not rows:
        raise SystemExit("fit_outcome_model: no bids in the files given")
    return rows


def row_features(row: dict[str, Any]) -> list[float]:
    """The model's input for a logged bid."""
    return features(row["hand"], row["has_trump"], row["players"], row["earlier"],
                    row["scoring"], row["bid"])


def offset_class(row: dict[str, Any]) -> int:
    """The row's bid error as an index of OFFSETS (clipped at the ends)."""
    d = max(OFFSETS[0], min(OFFSETS[-1], row["tricks"] - row["bid"]))
    return OFFSETS.index(d)


def held_out(row: dict[str, Any], share: float, seed: int) -> bool:
    """Whether the row's game (or hand) is held out: a hash of its source, seed and hand."""
    key = f"{seed}:{row['source']}:{row['seed']}:{row.get('hand_index', -1)}".encode()
    return (zlib.crc32(key) % 10_000) < share * 10_000


def row_engine(row: dict[str, Any]) -> str:
    """The engine that bid and played the row (rows from before ``--engine``: ``strong``)."""
    return str(row.get("engine", "strong"))


def parse_weights(items: list[str]) -> dict[str, float]:
    """``ENGINE=W`` items as a dict; SystemExit with one line for a malformed one."""
    out: dict[str, float] = {}
    for item in items:
        engine, _, value = item.rpartition("=")
        try:
            weight = float(value)
        except ValueError:
            weight = -1.0
        if not engine or weight <= 0:
            raise SystemExit(f"fit_outcome_model: --weight wants ENGINE=W with W > 0, not {item!r}")
        out[engine] = weight
    return out


def fit(x: Any, y: Any, kind: str, hidden: int, seed: int,
        sample_weight: Any = None) -> dict[str, Any]:
    """A fitted model as the weights dict bench/outcome_model.py reads."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.neural_network import MLPClassifier

    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    z = (x - mean) / scale
    if kind == "logistic":
        model: Any = LogisticRegression(max_iter=2000, C=1.0)
        model.fit(z, y, sample_weight=sample_weight)
        raw_layers = [(model.coef_, model.intercept_)]
    else:
        if sample_weight is not None:
            raise SystemExit("fit_outcome_model: --weight is for the logistic model")
        model = MLPClassifier(hidden_layer_sizes=(hidden,), alpha=1e-3, max_iter=400,
                              early_stopping=True, validation_fraction=0.1,
                              n_iter_no_change=20, random_state=seed)
        model.fit(z, y)
        raw_layers = [(w.T, b) for w, b in zip(model.coefs_, model.intercepts_, strict=True)]
    # Every offset gets an output row; a class never seen in training gets none of the mass.
    matrix, bias = raw_layers[-1]
    full_matrix = np.zeros((len(OFFSETS), matrix.shape[1]))
    full_bias = np.full(len(OFFSETS), -30.0)
    for row_index, cls in enumerate(model.classes_):
        full_matrix[cls] = matrix[row_index]
        full_bias[cls] = bias[row_index]
    raw_layers[-1] = (full_matrix, full_bias)
    # Bids this far from the hand's estimate are in the data (a variant keeps to them).
    gap = x[:, FEATURE_NAMES.index("bid_minus_estimate")]
    support = [round(float(np.percentile(gap, 0.5)), 3), round(float(np.percentile(gap, 99.5)), 3)]
    return {"kind": kind, "support": support, "features": list(FEATURE_NAMES), "offsets": list(OFFSETS),
            "mean": [round(float(v), 6) for v in mean],
            "scale": [round(float(v), 6) for v in scale],
            "layers": [([[round(float(w), 6) for w in r] for r in m],
                        [round(float(b), 6) for b in bvec]) for m, bvec in raw_layers]}


def fit_from_prior(x: Any, y: Any, prior: dict[str, Any], c: float,
                   sample_weight: Any = None) -> dict[str, Any]:
    """A logistic model fitted by L-BFGS with its penalty pulling towards ``prior``'s
    weights (a logistic weights dict with every offset's row), on ``prior``'s inputs scale."""
    from scipy.optimize import minimize

    if prior.get("kind") != "logistic" or list(prior["features"]) != list(FEATURE_NAMES):
        raise SystemExit("fit_outcome_model: --prior must be a logistic model of these inputs")
    mean = np.array(prior["mean"])
    scale = np.array(prior["scale"])
    z = (x - mean) / scale
    w0 = np.array(prior["layers"][0][0])
    b0 = np.array(prior["layers"][0][1])
    classes, inputs = w0.shape
    onehot = np.zeros((len(y), classes))
    onehot[np.arange(len(y)), y] = 1.0
    weight = np.ones(len(y)) if sample_weight is None else np.asarray(sample_weight, float)

    def loss(theta: Any) -> tuple[float, Any]:
        w = theta[:classes * inputs].reshape(classes, inputs)
        b = theta[classes * inputs:]
        logits = z @ w.T + b
        logits -= logits.max(axis=1, keepdims=True)
        log_p = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
        value = -(weight * (onehot * log_p).sum(axis=1)).sum() + ((w - w0) ** 2).sum() / (2 * c)
        g = (np.exp(log_p) - onehot) * weight[:, None]
        grad_w = g.T @ z + (w - w0) / c
        return float(value), np.concatenate([grad_w.ravel(), g.sum(axis=0)])

    result = minimize(loss, np.concatenate([w0.ravel(), b0]), jac=True, method="L-BFGS-B",
                      options={"maxiter": 5000})
    w = result.x[:classes * inputs].reshape(classes, inputs)
    b = result.x[classes * inputs:]
    return {**prior, "mean": [round(float(v), 6) for v in mean],
            "scale": [round(float(v), 6) for v in scale],
            "layers": [([[round(float(v), 6) for v in r] for r in w],
                        [round(float(v), 6) for v in b])]}


def bid_only_table(train: list[dict[str, Any]]) -> dict[tuple[str, int, int], list[float]]:
    """Counts of each bid error by (scoring, cards, bid) in the training rows."""
    table: dict[tuple[str, int, int], list[float]] = defaultdict(lambda: [0.0] * len(OFFSETS))
    for row in train:
        table[row["scoring"], row["cards"], row["bid"]][offset_class(row)] += 1.0
    return table


def table_chances(table: dict[tuple[str, int, int], list[float]], row: dict[str, Any]) -> list[float]:
    """P(tricks = k) from the bid-only table (add-0.5 smoothing over possible counts)."""
    counts = table.get((row["scoring"], row["cards"], row["bid"]), [0.0] * len(OFFSETS))
    chances = [0.0] * (row["cards"] + 1)
    for d, n in zip(OFFSETS, counts, strict=True):
        k = row["bid"] + d
        if 0 <= k <= row["cards"]:
            chances[k] += n + 0.5
    total = sum(chances)
    return [c / total for c in chances]


def evaluate(chances: list[list[float]], rows: list[dict[str, Any]]) -> dict[str, float]:
    """Log-loss (natural log, per bid) and accuracy of the most likely trick count."""
    loss = 0.0
    hits = 0
    for p, row in zip(chances, rows, strict=True):
        loss -= math.log(max(p[row["tricks"]], 1e-12))
        hits += max(range(len(p)), key=lambda k: (p[k], -abs(k - row["bid"]))) == row["tricks"]
    return {"bids": len(rows), "log_loss": loss / len(rows), "accuracy": hits / len(rows)}


def report(train: list[dict[str, Any]], test: list[dict[str, Any]], weights: dict[str, Any],
           x_test: Any) -> dict[str, Any]:
    """The held-out figures of the model and the baselines, overall and by source."""
    table = bid_only_table(train)
    model_p = [trick_chances(weights, list(map(float, x)), r["bid"], r["cards"])
               for x, r in zip(x_test, test, strict=True)]
    table_p = [table_chances(table, r) for r in test]
    out: dict[str, Any] = {}
    groups: dict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(test):
        groups["all"].append(i)
        groups[r["source"]].append(i)
        groups[f"engine {row_engine(r)}"].append(i)
        groups["explored" if r.get("explored") else "searched"].append(i)
    for name, index in sorted(groups.items()):
        rows = [test[i] for i in index]
        out[name] = {
            "model": evaluate([model_p[i] for i in index], rows),
            "bid_only": evaluate([table_p[i] for i in index], rows),
            "exact_rate": sum(r["tricks"] == r["bid"] for r in rows) / len(rows),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    """Fit, report on held-out games, and write the weights module."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("data", type=Path, nargs="+")
    parser.add_argument("--model", choices=("mlp", "logistic"), default="mlp")
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--test-share", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--report", type=Path, default=None)
    parser.add_argument("--weight", action="append", default=[], metavar="ENGINE=W")
    parser.add_argument("--prior", default=None, metavar="MODULE",
                        help="a weights module to anchor the logistic fit at")
    parser.add_argument("--prior-c", type=float, default=1.0)
    args = parser.parse_args(argv)
    if args.prior_c <= 0:
        parser.error(f"--prior-c must be above 0, not {args.prior_c}")
    prior = None
    if args.prior is not None:
        try:
            prior = importlib.import_module(args.prior).WEIGHTS
        except (ImportError, AttributeError) as error:
            parser.error(f"--prior {args.prior!r}: {error}")

    def fit_rows(x: Any, y: Any, w: Any) -> dict[str, Any]:
        if prior is not None:
            return fit_from_prior(x, y, prior, args.prior_c, w)
        return fit(x, y, args.model, args.hidden, args.seed, w)

    engine_weights = parse_weights(args.weight)
    rows = read_rows(args.data)
    train = [r for r in rows if not held_out(r, args.test_share, args.seed)]
    test = [r for r in rows if held_out(r, args.test_share, args.seed)]
    x_all = np.array([row_features(r) for r in rows])
    y_all = np.array([offset_class(r) for r in rows])
    is_test = np.array([held_out(r, args.test_share, args.seed) for r in rows])
    w_all = (np.array([engine_weights.get(row_engine(r), 1.0) for r in rows])
             if engine_weights else None)
    weights = fit_rows(x_all[~is_test], y_all[~is_test],
                       None if w_all is None else w_all[~is_test])
    figures = {"model": args.model if prior is None else "logistic", "hidden": args.hidden,
               "weight": engine_weights, "prior": args.prior,
               "prior_c": args.prior_c if prior is not None else None,
               "train_bids": len(train),
               "test_bids": len(test), "held_out": report(train, test, weights, x_all[is_test])}
    if prior is not None:
        figures["prior_held_out"] = report(train, test, prior, x_all[is_test])
    print(json.dumps(figures, indent=1))
    if args.report is not None:
        args.report.write_text(json.dumps(figures, indent=1) + "\n")
    if args.out is not None:
        weights = fit_rows(x_all, y_all, w_all)
        weights["bids"] = len(rows)
        body = json.dumps(weights).replace("], [", "],\n    [")
        write_weights_module(args.out, f"Weights of the outcome bid model (bench/outcome_model.py), "
                             f"a {figures['model']} fitted on {len(rows)} self-play bids "
                             + (f"anchored at {args.prior} (C {args.prior_c}) " if prior else "")
                             + "(bench/outcome_data.py)", "WEIGHTS", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Fit the rollout card policy to strong's logged card decisions (issue 21, item 3).

    python bench/fit_policy.py /tmp/policy-dw.jsonl /tmp/policy-oh-hell.jsonl \\
        --report /tmp/policy-fit.json --out bench/card_policy_weights.py

A conditional logit (a softmax over the legal cards, each scored by a weight
vector times its features, bench/policy_features.py), one weight vector per
context (leading or following, under the bid or not), fitted by L-BFGS
(SciPy) on the log-likelihood of strong's choice with an L2 penalty
``--l2``.  Strong's choice is a set: every card whose mean rollout value ties
the best one (at a high budget a tie means the search was indifferent), and the
cards equivalent to them (:func:`engines.strong.play_groups`: strong searches
each, and their means differ only by the rollouts' later play); the likelihood
is the policy's chance of drawing any card of it.

Held out: the games and hands whose ``(source, game)`` hash falls in the last
fifth (``--holdout``); reported there: log-loss per decision and top-1 agreement
(the policy's most likely card is in strong's set), also on the "clear" decisions
(strong's best mean beat its second by at least half a point), against the
agreement of the rollout heuristic's first card (bench/soft_rollout.py's ``preference_order``
with masters read off what the seat knows).  The weights written are refitted
on all the data.
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray
from scipy.optimize import minimize

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.policy_features import (  # noqa: E402
    CONTEXTS,
    FEATURES,
    WIDTH,
    Knowledge,
    card_features,
    context,
    wants,
)
from bench.soft_rollout import known_tops, preference_order  # noqa: E402
from bench.weights_module import write_weights_module  # noqa: E402
from whist.cards import SUIT_OF  # noqa: E402
from whist.trick_rule import TRICK_STRENGTHS  # noqa: E402

Floats = NDArray[np.float64]
#: Points by which strong's best card must beat its second for a "clear" decision.
CLEAR_GAP = 0.5


def knowledge_of(row: dict[str, Any]) -> Knowledge:
    """The :class:`Knowledge` of one logged decision (bench/policy_data.py's row)."""
    return Knowledge(players=row["players"], seat=row["seat"], trump=row["trump"],
                     hand=row["hand"], legal=row["legal"],
                     trick=[(s, c) for s, c in row["trick"]],
                     tricks=[[(s, c) for s, c in t] for t in row["tricks"]],
                     bids=row["bids"], won=row["won"])


def chosen_set(row: dict[str, Any]) -> list[bool]:
    """Per legal card: whether it is in strong's choice (tied with the best, or equivalent)."""
    values = {card: value for card, value in row["values"]}
    best = max(values.values())
    legal = row["legal"]
    group = row["group"]
    tied = {group[i] for i, card in enumerate(legal)
            if card in values and abs(values[card] - best) < 1e-9}
    return [rep in tied for rep in group]


def heuristic_card(know: Knowledge) -> int:
    """The rollout heuristic's first card, masters read off what the seat knows."""
    gone = bytearray(52)
    for plays in [*know.tricks, know.trick]:
        for _, c in plays:
            gone[c] = 1
    want = wants(know.bids, know.won, know.seat)
    strengths: Sequence[int] = ()
    best = -1
    if know.trick:
        strengths = TRICK_STRENGTHS[know.trump][SUIT_OF[know.trick[0][1]]]
        best = max(strengths[c] for _, c in know.trick)
    tops = known_tops(know.hand, gone)
    return preference_order(list(know.legal), len(know.trick), know.players, want,
                            strengths, best, tops, know.trump)[0]


@dataclass
class Data:
    """Decisions as flat arrays: one row per legal card, decisions contiguous."""

    features: Floats          # (cards, WIDTH)
    chosen: NDArray[np.bool_]  # (cards,)
    decision: NDArray[np.int64]  # (cards,) the decision's index
    starts: NDArray[np.int64]   # (decisions,) first row of each decision
    contexts: NDArray[np.int64]  # (decisions,)
    heuristic_agrees: NDArray[np.bool_]  # (decisions,)
    #: (decisions,) strong's best mean rollout value minus its second best.
    gap: Floats
    source: list[str]


def load(rows: Sequence[dict[str, Any]]) -> Data:
    """The arrays of ``rows``."""
    feats: list[list[float]] = []
    chosen: list[bool] = []
    decision: list[int] = []
    starts: list[int] = []
    contexts: list[int] = []
    agrees: list[bool] = []
    gaps: list[float] = []
    for i, row in enumerate(rows):
        know = knowledge_of(row)
        starts.append(len(feats))
        feats.extend(card_features(know))
        in_set = chosen_set(row)
        chosen.extend(in_set)
        decision.extend([i] * len(in_set))
        contexts.append(context(know))
        agrees.append(in_set[list(know.legal).index(heuristic_card(know))])
        values = sorted((v for _, v in row["values"]), reverse=True)
        gaps.append(values[0] - values[1] if len(values) > 1 else 0.0)
    return Data(np.array(feats, dtype=np.float64).reshape(-1, WIDTH), np.array(chosen),
                np.array(decision, dtype=np.int64), np.array(starts, dtype=np.int64),
                np.array(contexts, dtype=np.int64), np.array(agrees),
                np.array(gaps, dtype=np.float64), [str(r["source"]) for r in rows])


def scores_of(w: Floats, data: Data) -> Floats:
    """Each card's score under weights ``w`` (contexts × WIDTH)."""
    per_card = w[data.contexts[data.decision]]
    return np.einsum("ij,ij->i", data.features, per_card)


def log_sum(scores: Floats, data: Data, mask: NDArray[np.bool_] | None = None) -> Floats:
    """Per decision, log of the sum of exp(score) over its cards (or those ``mask`` keeps)."""
    top = np.maximum.reduceat(scores, data.starts)
    shifted = np.exp(scores - top[data.decision])
    if mask is not None:
        shifted = shifted * mask
    return top + np.log(np.add.reduceat(shifted, data.starts))


def loss_and_grad(flat: Floats, data: Data, l2: float) -> tuple[float, Floats]:
    """Negative log-likelihood of strong's sets plus the L2 penalty, and its gradient."""
    w = flat.reshape(len(CONTEXTS), WIDTH)
    scores = scores_of(w, data)
    all_cards = log_sum(scores, data)
    in_set = log_sum(scores, data, data.chosen)
    loss = float(np.sum(all_cards - in_set)) + 0.5 * l2 * float(np.sum(w * w))
    p = np.exp(scores - all_cards[data.decision])
    q = np.where(data.chosen, np.exp(scores - in_set[data.decision]), 0.0)
    weight = (p - q)[:, None] * data.features
    grad = np.zeros_like(w)
    np.add.at(grad, data.contexts[data.decision], weight)
    grad += l2 * w
    return loss, grad.ravel()


def fit(data: Data, l2: float) -> Floats:
    """The fitted weights (contexts × WIDTH)."""
    start = np.zeros(len(CONTEXTS) * WIDTH)
    result = minimize(loss_and_grad, start, args=(data, l2), jac=True, method="L-BFGS-B",
                      options={"maxiter": 2000})
    return np.asarray(result.x, dtype=np.float64).reshape(len(CONTEXTS), WIDTH)


def evaluate(w: Floats, data: Data) -> dict[str, Any]:
    """Log-loss per decision and top-1 agreement of ``w``, the heuristic's agreement."""
    scores = scores_of(w, data)
    loss = log_sum(scores, data) - log_sum(scores, data, data.chosen)
    top = np.maximum.reduceat(scores, data.starts)
    # The policy's card: the first card holding its decision's top score.
    first_top = np.full(len(data.starts), -1)
    for i in np.flatnonzero(scores >= top[data.decision]):
        d = data.decision[i]
        if first_top[d] < 0:
            first_top[d] = i
    agrees = data.chosen[first_top]
    out: dict[str, Any] = {"decisions": len(data.starts),
                           "log_loss": round(float(loss.mean()), 4),
                           "uniform_log_loss": round(float(np.mean(
                               np.log(np.diff(np.append(data.starts, len(scores))))
                               - np.log(np.add.reduceat(data.chosen.astype(float),
                                                        data.starts)))), 4),
                           "policy_agrees": round(float(agrees.mean()), 4),
                           "heuristic_agrees": round(float(data.heuristic_agrees.mean()), 4)}
    subsets = {name: np.array([s == name for s in data.source])
               for name in sorted(set(data.source))}
    # Decisions strong did not find close: its best beat the second by half a point.
    subsets["clear"] = data.gap >= CLEAR_GAP
    for name, keep in subsets.items():
        out[name] = {"decisions": int(keep.sum()),
                     "policy_agrees": round(float(agrees[keep].mean()), 4),
                     "heuristic_agrees": round(float(data.heuristic_agrees[keep].mean()), 4)}
    for c, name in enumerate(CONTEXTS):
        keep = data.contexts == c
        if keep.any():
            out[name] = {"decisions": int(keep.sum()),
                         "policy_agrees": round(float(agrees[keep].mean()), 4),
                         "heuristic_agrees": round(float(data.heuristic_agrees[keep].mean()),
                                                   4)}
    return out


def without(data: Data, dropped: Sequence[str]) -> Data:
    """A copy of ``data`` with the features named in ``dropped`` zeroed (their weights
    then stay 0)."""
    features = data.features.copy()
    features[:, [FEATURES.index(name) for name in dropped]] = 0.0
    return Data(features, data.chosen, data.decision, data.starts, data.contexts,
                data.heuristic_agrees, data.gap, data.source)


def read_rows(parser: argparse.ArgumentParser, paths: Sequence[Path]) -> list[dict[str, Any]]:
    """The decisions in ``paths`` (JSON lines); a one-line parser error if one cannot be
    read or there are none."""
    rows: list[dict[str, Any]] = []
    for path in paths:
        try:
            with path.open() as lines:
                rows.extend(json.loads(line) for line in lines if line.strip())
        except (OSError, ValueError) as exc:
            parser.error(f"cannot read {path}: {exc}")
    if not rows:
        parser.error("no decisions in the data")
    return rows


def held_out(row: dict[str, Any], share: float) -> bool:
    """Whether ``row``'s game or hand is held out (a hash of its source and index)."""
    key = f"{row['source']}:{row['seed']}:{row['game']}".encode()
    return zlib.crc32(key) % 1000 < share * 1000


def main(argv: Sequence[str] | None = None) -> int:
    """Fit, report held-out figures, write the weights module."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("data", type=Path, nargs="+", help="bench/policy_data.py JSON lines")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--holdout", type=float, default=0.2)
    parser.add_argument("--drop", default="",
                        help="features left out (comma-separated names): their column is "
                             "zeroed, so their weights stay 0")
    parser.add_argument("--report", type=Path)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    if args.l2 < 0 or not 0.0 < args.holdout < 1.0:
        parser.error("--l2 must be >= 0 and --holdout between 0 and 1")
    rows = read_rows(parser, args.data)
    dropped = [name for name in args.drop.split(",") if name]
    unknown = sorted(set(dropped) - set(FEATURES))
    if unknown:
        parser.error(f"--drop: unknown features {', '.join(unknown)}")
    train = without(load([r for r in rows if not held_out(r, args.holdout)]), dropped)
    test = without(load([r for r in rows if held_out(r, args.holdout)]), dropped)
    w = fit(train, args.l2)
    report = {"train": evaluate(w, train), "held_out": evaluate(w, test), "l2": args.l2,
              "dropped": dropped}
    print(json.dumps(report, indent=1))
    if args.report:
        args.report.write_text(json.dumps(report, indent=1) + "\n")
    if args.out:
        final = fit(without(load(rows), dropped), args.l2)
        sources = sorted({(r["source"], r["seed"]) for r in rows})
        games = {s: len({r["game"] for r in rows if (r["source"], r["seed"]) == s})
                 for s in sources}
        player = ("bench/fast_fitted.py; features left out, weights 0: " + ", ".join(dropped)
                  if dropped else "bench/fitted_rollout.py")
        about = (f"Weights of the fitted rollout card policy ({player}), a "
                 f"conditional logit fitted on {len(rows)} card decisions of "
                 f"{'ISMCTS' if {src for src, _ in sources} == {'ismcts'} else 'strong'} "
                 "(bench/policy_data.py; "
                 + ", ".join(f"{src} seed {seed}: {games[(src, seed)]} games or hands"
                             for src, seed in sources) + ")")
        body = json.dumps({"features": list(FEATURES), "contexts": list(CONTEXTS),
                           "l2": args.l2, "decisions": len(rows),
                           "weights": [[round(float(x), 5) for x in ctx] for ctx in final]})
        write_weights_module(args.out, about, "WEIGHTS", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

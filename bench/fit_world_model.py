"""Fit how a seat bids from the hand it was dealt (bench/world_model.py), on self-play bids.

    python bench/fit_world_model.py bench/results/bid-data-*.jsonl \\
        --out bench/world_model_weights.py

The lines of bench/bid_data.py name each bid's game seed, hand size and
bidding position; the deals of a Diminishing Whist game depend on its seed
alone, so each bidder's dealt hand is dealt again here.  Per hand size, a
least-squares line from :func:`bench.world_model.hand_features` to the bid
(four-player games only; a small ridge keeps rare features tame), and the
residuals' spread.  Prints each hand size's fit against the rough model
(``expected_tricks``), then writes the weights as a Python literal.
Needs NumPy.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.weights_module import write_weights_module  # noqa: E402
from bench.world_model import BID_INTERCEPT, BID_SLOPE, HAND_FEATURES, hand_features  # noqa: E402
from engines.hand_strength import expected_tricks  # noqa: E402
from whist.games.diminishing import SCHEDULE, DiminishingWhist  # noqa: E402


def dealt_hands(seed: int, players: int) -> list[tuple[int, list[list[int]]]]:
    """(opener, hands) of each round of the game dealt from ``seed``."""
    state = DiminishingWhist.search_type()({"players": players}, seed=seed)
    rounds = []
    while not state.over:
        if state.tricks == [] and not state.trick and all(b is None for b in state.bids):
            rounds.append((state.opener, [list(h) for h in state.hands]))
        state.step(state.legal_actions()[0])
    return rounds


def main(argv: list[str] | None = None) -> int:
    """Fit per hand size and write the weights module."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", type=Path, nargs="+")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--ridge", type=float, default=1.0)
    args = parser.parse_args(argv)
    games: dict[int, list[tuple[int, list[list[int]]]]] = {}
    by_cards: dict[int, list[tuple[list[float], float, float]]] = defaultdict(list)
    for path in args.data:
        for line in path.read_text().splitlines():
            row: dict[str, Any] = json.loads(line)
            if row["players"] != 4:
                continue
            seed = row["seed"]
            if seed not in games:
                games[seed] = dealt_hands(seed, 4)
            index = [n for n, _ in SCHEDULE].index(row["cards"])
            opener, hands = games[seed][index]
            seat = (opener + row["position"] - 1) % 4
            trump_suit = SCHEDULE[index][1]
            trump = None if trump_suit is None else int(trump_suit)
            hand = hands[seat]
            rough = BID_INTERCEPT + BID_SLOPE * expected_tricks(hand, trump, 4)
            by_cards[row["cards"]].append((hand_features(hand, trump), float(row["bid"]), rough))
    fits: dict[int, dict[str, Any]] = {}
    for cards in sorted(by_cards):
        rows = by_cards[cards]
        x = np.array([r[0] for r in rows])
        y = np.array([r[1] for r in rows])
        rough = np.array([r[2] for r in rows])
        penalty = args.ridge * np.eye(x.shape[1])
        penalty[0, 0] = 0.0  # the intercept is not shrunk
        w = np.linalg.solve(x.T @ x + penalty, x.T @ y)
        spread = float(np.std(y - x @ w))
        print(f"{cards:2d} cards: {len(rows):5d} bids, residual spread {spread:.3f} "
              f"(rough model {float(np.std(y - rough)):.3f})")
        fits[cards] = {"weights": [round(float(v), 6) for v in w], "sigma": round(spread, 6)}
    if args.out is not None:
        fits_text = "".join(f"        {cards}: {json.dumps(fit)},\n" for cards, fit in fits.items())
        write_weights_module(args.out, "How a seat bids from its dealt hand "
                             "(bench/world_model.py)", "BIDS",
                             f"{{\n    \"features\": {list(HAND_FEATURES)!r},\n"
                             f"    \"by_cards\": {{\n{fits_text}    }},\n}}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

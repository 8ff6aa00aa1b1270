"""Weights of the bid model (bench/bid_model.py), fitted on 15601 self-play bids (bench/bid_data.py): generated, do not edit.

Made by: python bench/fit_bid_model.py bench/results/bid-data-gen0.jsonl --out bench/bid_model_weights.py
"""

from typing import Any

WEIGHTS: dict[str, Any] = {
    "features": ['log_p_fewer', 'log_p_exact', 'log_p_more', 'one', 'bid', 'bid_share', 'cards', 'first', 'last', 'trump', 'five_players', 'log_worlds'],
    "weights": [
        [0.792292, 0.036085, 0.084730, 0.123673, 0.047440, 0.009609, -0.023098, -0.132297, 0.193332, 0.057859, 0.000000, -0.028761],
        [0.120249, 0.838085, 0.125060, -0.092758, 0.060559, 0.078112, -0.016694, 0.001747, -0.041590, 0.012275, 0.000000, 0.053930],
        [0.087459, 0.125830, 0.790211, -0.030914, -0.107999, -0.087721, 0.039792, 0.130550, -0.151742, -0.070134, 0.000000, -0.025169],
    ],
}

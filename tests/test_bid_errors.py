"""bench/bid_errors.py's paired comparison of strong's and ISMCTS's bids of the same hands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.bid_errors import Pair, ismcts_pairs, paired_report, paired_table


def test_paired_table_groups_by_whose_bid_is_higher() -> None:
    # (expected bid, strong bid, strong tricks, ISMCTS bid, ISMCTS tricks, their points)
    pairs = [Pair(*p) for p in [(2.0, 3, 2, 2, 2, 2.0, 12.0), (2.0, 3, 3, 2, 1, 13.0, 1.0),
                                (1.0, 1, 1, 1, 2, 11.0, 2.0), (3.0, 2, 4, 3, 3, 4.0, 13.0)]]
    table = {row["group"]: row for row in paired_table(pairs)}
    higher = table["strong bid higher"]
    assert higher["hands"] == 2 and higher["share"] == 0.5
    assert higher["strong"]["exact"] == 0.5 and higher["ismcts"]["exact"] == 0.5
    assert higher["strong"]["bid"] == 3.0 and higher["ismcts"]["tricks"] == 1.5
    # Tricks − bid: strong -1 and 0; tricks − expected bid: 0 and +1.
    assert higher["strong"]["rms_tricks_bid"] == pytest.approx((1 / 2) ** 0.5)
    assert higher["strong"]["rms_tricks_expected"] == pytest.approx((1 / 2) ** 0.5)
    assert table["the same bid"]["ismcts"]["exact"] == 0.0
    assert table["strong bid lower"]["strong"]["tricks"] == 4.0
    assert table["all"]["hands"] == 4
    # Points: strong -10 and +12 where it bid higher, +9 the same, -9 lower; +2 in all.
    assert higher["points"] == 1.0 and higher["points_share"] == 1.0
    assert table["the same bid"]["points"] == 9.0 and table["the same bid"]["points_share"] == 4.5
    assert table["all"]["points"] == 0.5 and table["all"]["points_share"] == 1.0
    assert "of all: strong bid 0" not in table  # no group without hands
    assert len(paired_report(paired_table(pairs))) == 2 + 4


def test_pairs_read_the_same_seat_of_both_arrangements(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel")
    from bench.ismcts_match import deal_chance, load_game

    chance = deal_chance(load_game(), 5)
    result = {"chance": chance, "hands": [
        {"kinds": ["strong", "ismcts", "strong", "ismcts"], "bids": [1, 2, 3, 4],
         "tricks": [1, 1, 3, 5], "returns": [11, 1, 13, 5]},
        {"kinds": ["ismcts", "strong", "ismcts", "strong"], "bids": [0, 2, 2, 5],
         "tricks": [1, 2, 4, 3], "returns": [1, 12, 4, 3]}]}
    path = tmp_path / "match.json"
    path.write_text(json.dumps({"results": [result]}))
    pairs = ismcts_pairs([path])
    assert [p[1:5] for p in pairs] == [(1, 1, 0, 1), (2, 2, 2, 1), (3, 3, 2, 4), (5, 3, 4, 5)]
    assert [(p.strong_points, p.ismcts_points) for p in pairs] == [(11, 1), (12, 1), (13, 4), (3, 5)]
    assert all(0.0 <= p[0] <= 10.0 for p in pairs)
    split = tmp_path / "split.json"
    split.write_text(json.dumps({"strong_decides": "bids", "results": [result]}))
    assert ismcts_pairs([split, path]) == pairs

"""bench/compare_runs.py: two sets of ISMCTS match results, deal by deal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bench.compare_runs import main


def run(path: Path, seed: int, differences: list[float], bids: list[int],
        chance_shift: int = 0) -> Path:
    """A result file of ``len(differences)`` deals; each hand bids ``bids`` and takes 2 each
    in the order strong, ismcts, strong, ismcts."""
    hand = {"kinds": ["strong", "ismcts"] * 2, "bids": bids, "tricks": [2, 2, 2, 4],
            "returns": [0.0] * 4}
    results: list[dict[str, Any]] = [
        {"deal": d, "chance": [d + chance_shift], "difference": diff, "hands": [hand, hand]}
        for d, diff in enumerate(differences)]
    path.write_text(json.dumps({"seed": seed, "results": results}))
    return path


def test_deal_by_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = run(tmp_path / "b.json", 1, [1.0, -1.0, 0.5], [2, 0, 1, 4])
    tried = run(tmp_path / "t.json", 1, [1.5, -0.5, 1.0], [2, 2, 3, 4])
    assert main(["--base", str(base), "--try", str(tried), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["deal_by_deal"]["mean"] == pytest.approx(0.5)
    assert figures["deal_by_deal"]["ci_low"] == pytest.approx(0.5)  # no spread at all
    assert figures["base"]["strong_exact_rate"] == 0.5 and figures["try"]["strong_exact_rate"] == 0.5
    assert figures["base"]["strong_bid0_share"] == 0.0
    assert figures["base"]["ismcts_bid0_share"] == 0.5
    assert figures["try"]["mean_difference"] == pytest.approx(2.0 / 3)
    assert figures["deal_by_deal"]["hands_alike"] == 0.0  # every hand bid otherwise


def test_hands_played_alike_are_counted(tmp_path: Path) -> None:
    from bench.compare_runs import compare, load
    base = run(tmp_path / "b.json", 1, [1.0, -1.0], [2, 0, 1, 4])
    same = run(tmp_path / "t.json", 1, [1.0, -1.0], [2, 0, 1, 4])
    figures = compare(load([base]), load([same]))
    assert figures["deal_by_deal"]["hands_alike"] == 1.0
    assert figures["deal_by_deal"]["mean"] == 0.0


def test_other_deals_or_seeds_are_refused_in_one_line(tmp_path: Path) -> None:
    base = run(tmp_path / "b.json", 1, [1.0, 2.0], [1, 1, 1, 1])
    other_cards = run(tmp_path / "t.json", 1, [1.0, 2.0], [1, 1, 1, 1], chance_shift=5)
    with pytest.raises(SystemExit, match="dealt differently"):
        main(["--base", str(base), "--try", str(other_cards)])
    other_seed = run(tmp_path / "s.json", 2, [1.0], [1, 1, 1, 1])
    with pytest.raises(SystemExit, match="no base run of seed 2"):
        main(["--base", str(base), "--try", str(other_seed)])
    (tmp_path / "bad.json").write_text("{}")
    with pytest.raises(SystemExit, match=r"bad.json is not an ismcts_match result"):
        main(["--base", str(tmp_path / "bad.json"), "--try", str(base)])


def one_hand_run(path: Path, bids: list[int], tricks: list[int],
                 returns: list[float]) -> Path:
    """One deal of one hand, OpenSpiel's dealer seat 3 (so seat 0 bids first), strong in
    seats 0 and 2."""
    hand = {"kinds": ["strong", "ismcts"] * 2, "bids": bids, "tricks": tricks,
            "returns": returns}
    path.write_text(json.dumps({"seed": 1, "results": [
        {"deal": 0, "chance": [10, 3], "difference": 0.0, "hands": [hand]}]}))
    return path


def test_by_bid_groups_each_strong_seat_by_its_own_bid_change(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Seat 0 bids first: 2 in the base, 3 in the try (higher, and made: 13 against 12).
    # Seat 2 bids third, after seat 0's bid changed: "earlier bids differ".
    base = one_hand_run(tmp_path / "b.json", [2, 1, 4, 3], [2, 1, 3, 4],
                        [12.0, 11.0, 3.0, 4.0])
    tried = one_hand_run(tmp_path / "t.json", [3, 1, 4, 3], [3, 1, 2, 4],
                         [13.0, 11.0, 2.0, 4.0])
    assert main(["--base", str(base), "--try", str(tried), "--by-bid", "--json"]) == 0
    groups = json.loads(capsys.readouterr().out)["by_bid"]
    higher, later = groups["try bid higher"], groups["earlier bids differ"]
    assert higher["seat_hands"] == 1 and higher["return_difference"] == 1.0
    assert higher["bid"] == [3.0, 2.0] and higher["exact"] == [1.0, 1.0]
    assert later["seat_hands"] == 1 and later["return_difference"] == -1.0
    assert groups["same bid"]["seat_hands"] == 0 and groups["same bid"]["bid"] is None
    # With the same first bid, seat 2's lower bid is its own.
    lower = one_hand_run(tmp_path / "l.json", [2, 1, 3, 3], [2, 1, 3, 4],
                         [12.0, 11.0, 13.0, 4.0])
    assert main(["--base", str(base), "--try", str(lower), "--by-bid"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("  try bid lower: 1 seat-hands (50%), own return try - base "
                               "+10.00") for line in lines)
    assert any(line.startswith("  same bid: 1 seat-hands (50%)") for line in lines)

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

"""bench/fit_policy.py's ``--drop`` and bench/policy_ablation.py on a little logged play.

Features left out get weights of exactly 0 (what bench/fast_fitted.py requires),
an unknown name is refused with one line, and the cross-validation scores every
decision once, on a fit that never saw it.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from bench import fit_policy, policy_ablation
from bench.fast_fitted import LEFT_OUT, fast_tables
from bench.fast_policy_weights import WEIGHTS
from bench.policy_data import dw_game
from bench.policy_features import FEATURES


@pytest.fixture(scope="module")
def rows() -> list[dict[str, Any]]:
    """Card decisions of three cheap self-play games (6 rollouts a decision)."""
    args = argparse.Namespace(seed=1, card_iterations=6, bid_iterations=6)
    return [row for game in (1, 2, 3) for row in dw_game(game, args)]


def write(rows: list[dict[str, Any]], path: Path) -> Path:
    """``rows`` as JSON lines at ``path``."""
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_dropped_features_get_weights_of_zero(rows: list[dict[str, Any]],
                                              tmp_path: Path) -> None:
    data = write(rows, tmp_path / "rows.jsonl")
    out = tmp_path / "weights.py"
    assert fit_policy.main([str(data), "--holdout", "0.4", "--drop", ",".join(LEFT_OUT),
                            "--out", str(out), "--report", str(tmp_path / "r.json")]) == 0
    found: dict[str, Any] = {}
    exec(compile(out.read_text(), str(out), "exec"), found)  # noqa: S102 (our own output)
    weights = found["WEIGHTS"]["weights"]
    for name in LEFT_OUT:
        assert all(row[FEATURES.index(name)] == 0.0 for row in weights)
    assert any(row[FEATURES.index("need_rank")] != 0.0 for row in weights)
    # What the fast policy plays: it takes these weights and refuses the full fit's.
    assert fast_tables(1.0, weights).temperature == 1.0
    full = tmp_path / "full.py"
    assert fit_policy.main([str(data), "--holdout", "0.4", "--out", str(full)]) == 0
    exec(compile(full.read_text(), str(full), "exec"), found)  # noqa: S102
    with pytest.raises(ValueError, match="does not compute"):
        fast_tables(1.0, found["WEIGHTS"]["weights"])
    # The committed fast weights are such a fit.
    assert WEIGHTS["features"] == list(FEATURES)
    assert all(row[FEATURES.index(n)] == 0.0 for row in WEIGHTS["weights"] for n in LEFT_OUT)


def test_an_unknown_feature_is_refused_with_one_line(
        rows: list[dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = write(rows[:20], tmp_path / "rows.jsonl")
    with pytest.raises(SystemExit):
        fit_policy.main([str(data), "--drop", "master,bogus"])
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert error.endswith("--drop: unknown features bogus")
    with pytest.raises(SystemExit):
        policy_ablation.main([str(tmp_path / "missing.jsonl")])
    assert "cannot read" in capsys.readouterr().err


def test_every_decision_is_scored_once_by_a_fit_that_never_saw_it(
        rows: list[dict[str, Any]]) -> None:
    parts = [fit_policy.load([r for r in rows if policy_ablation.fold_of(r, 3) == k])
             for k in range(3)]
    assert all(len(p.starts) for p in parts)
    whole = policy_ablation.merged(parts)
    assert len(whole.starts) == len(rows)
    assert np.array_equal(whole.features, np.concatenate([p.features for p in parts]))
    for k, part in enumerate(parts):
        begin = sum(len(p.features) for p in parts[:k])
        assert np.array_equal(whole.decision[begin:begin + len(part.features)],
                              part.decision + sum(len(p.starts) for p in parts[:k]))
    trains = [policy_ablation.merged([p for j, p in enumerate(parts) if j != k])
              for k in range(3)]
    everything = policy_ablation.cross_validated(parts, trains, [], 1.0)
    assert everything["decisions"] == len(rows)
    fewer = policy_ablation.cross_validated(parts, trains, list(FEATURES[13:]), 1.0)
    assert fewer["decisions"] == len(rows)
    assert fewer["log_loss"] != everything["log_loss"]


def test_ismcts_card_decisions_are_logged_and_fitted(tmp_path: Path) -> None:
    from bench.policy_data import main as log_main
    data = tmp_path / "ismcts.jsonl"
    assert log_main(["--source", "ismcts", "--count", "2", "--seed", "3",
                     "--ismcts-simulations", "40", "--out", str(data)]) == 0
    logged = [json.loads(line) for line in data.read_text().splitlines()]
    assert 20 <= len(logged) <= 80 and {r["source"] for r in logged} == {"ismcts"}
    for row in logged:
        assert row["choice"] in row["legal"] and set(row["legal"]) <= set(row["hand"])
        assert row["values"][0] == [row["choice"], 1.0]
        assert sorted(c for c, _ in row["values"]) == sorted(row["legal"])
        assert len({row["group"][i] for i in range(len(row["legal"]))}) >= 2
        assert len(row["bids"]) == 4 and None not in row["bids"]
    out = tmp_path / "weights.py"
    assert fit_policy.main([str(data), "--holdout", "0.5", "--out", str(out)]) == 0
    assert "card decisions of ISMCTS" in out.read_text()

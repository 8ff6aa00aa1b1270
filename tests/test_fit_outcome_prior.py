"""bench/fit_outcome_model.py's ``--prior``: a logistic fit anchored at committed weights.

With a tight anchor the inputs' weights stay the prior's; with a loose one the fit
moves away and fits its training rows better than the prior does; the written
module is a model bench/outcome_model.py reads; a wrong ``--prior`` is one line.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from bench import fit_outcome_model
from bench.outcome_data import dw_game
from bench.outcome_model import trick_chances
from bench.outcome_model_weights import WEIGHTS as PRIOR


@pytest.fixture(scope="module")
def rows() -> list[dict[str, Any]]:
    """Bids of two cheap Diminishing Whist self-play games, half of them explored."""
    args = argparse.Namespace(card_iterations=4, bid_iterations=4, explore=0.5,
                              engine="strong")
    return [row for seed in (1, 2) for row in dw_game(seed, 4, args)]


def fitted(rows: list[dict[str, Any]], c: float) -> dict[str, Any]:
    """The anchored fit of ``rows`` at ``c``."""
    x = np.array([fit_outcome_model.row_features(r) for r in rows])
    y = np.array([fit_outcome_model.offset_class(r) for r in rows])
    return fit_outcome_model.fit_from_prior(x, y, PRIOR, c)


def train_loss(weights: dict[str, Any], rows: list[dict[str, Any]]) -> float:
    """Mean log-loss of ``weights`` over ``rows``' trick counts."""
    chances = [trick_chances(weights, fit_outcome_model.row_features(r), r["bid"], r["cards"])
               for r in rows]
    return fit_outcome_model.evaluate(chances, rows)["log_loss"]


def test_a_tight_anchor_keeps_the_prior_weights(rows: list[dict[str, Any]]) -> None:
    weights = fitted(rows, 1e-7)
    assert np.allclose(weights["layers"][0][0], PRIOR["layers"][0][0], atol=1e-4)
    assert weights["mean"] == PRIOR["mean"] and weights["scale"] == PRIOR["scale"]


def test_a_loose_anchor_fits_the_rows_better_than_the_prior(rows: list[dict[str, Any]]) -> None:
    weights = fitted(rows, 10.0)
    moved = np.abs(np.array(weights["layers"][0][0]) - np.array(PRIOR["layers"][0][0])).max()
    assert moved > 0.01
    assert train_loss(weights, rows) < train_loss(PRIOR, rows) - 0.01


def test_main_writes_a_readable_model_and_reports_the_prior(rows: list[dict[str, Any]],
                                                            tmp_path: Path) -> None:
    data = tmp_path / "rows.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out, report = tmp_path / "weights.py", tmp_path / "report.json"
    assert fit_outcome_model.main([str(data), "--prior", "bench.outcome_model_weights",
                                   "--prior-c", "0.5", "--test-share", "0.5",
                                   "--out", str(out), "--report", str(report)]) == 0
    figures = json.loads(report.read_text())
    assert figures["prior_c"] == 0.5 and "all" in figures["prior_held_out"]
    found: dict[str, Any] = {}
    exec(compile(out.read_text(), str(out), "exec"), found)  # noqa: S102 (our own output)
    assert "anchored at bench.outcome_model_weights" in out.read_text()
    chances = trick_chances(found["WEIGHTS"], fit_outcome_model.row_features(rows[0]),
                            rows[0]["bid"], rows[0]["cards"])
    assert abs(sum(chances) - 1.0) < 1e-9


def test_a_missing_prior_is_one_line(rows: list[dict[str, Any]], tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "rows.jsonl"
    data.write_text(json.dumps(rows[0]) + "\n")
    with pytest.raises(SystemExit):
        fit_outcome_model.main([str(data), "--prior", "bench.no_such_weights"])
    assert "--prior 'bench.no_such_weights'" in capsys.readouterr().err

"""bench/settled_search.py: the rollouts a settled search saves, the stop on and off."""

from __future__ import annotations

import engines.strong as strong
from bench.settled_search import measure


def test_the_stop_saves_rollouts_and_leaves_the_setting_as_it_was() -> None:
    row = measure("bidding-whist", 3, 120, 12)
    assert row["decisions"] == 12
    assert row["rollouts_full"] >= 120
    assert 0.0 < row["settled_share"] <= 1.0
    assert row["rollouts_settled"] < row["rollouts_full"] and 0.0 < row["saved"] < 1.0
    assert strong.STOP_WHEN_SETTLED is True

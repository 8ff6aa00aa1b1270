"""bench/strong_speed.py: a player level's rollouts per game, the settled stop on and off."""

from __future__ import annotations

import engines.strong as strong
from bench.strong_speed import report, run
from engines.levels import EXPERT_ROLLOUTS


def test_a_level_searches_its_own_count_and_the_stop_spends_fewer() -> None:
    game = "bidding-whist"
    advanced = EXPERT_ROLLOUTS[game] // 5
    full = run(None, None, 6, 3, [game], level="advanced", settle=False)[game]
    settled = run(None, None, 6, 3, [game], level="advanced", settle=True)[game]
    assert full["iterations"] == settled["iterations"] == advanced
    assert full["rollouts_median"] >= advanced
    assert settled["rollouts_p5"] < full["rollouts_p5"]
    assert strong.STOP_WHEN_SETTLED is True
    assert "level rollouts" in report({game: settled}, None, None)

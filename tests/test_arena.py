"""The arena: confidence-interval math, exact-bid rules, worker independence, clear errors."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence

import pytest

from engines.arena import (
    ArenaConfig,
    exact_target,
    main,
    mean_ci,
    play_deal,
    run_deals,
    summarize,
    t_quantile,
)
from engines.interface import Engine
from engines.levels import LEVELS
from whist.actions import Action, Bid
from whist.protocol import Observation


def test_mean_ci_on_a_hand_made_list() -> None:
    # mean 3, sample sd sqrt(2.5), t(4) = 2.776: half-width 2.776 * 1.5811 / sqrt(5) = 1.9629
    mean, low, high = mean_ci([1.0, 2.0, 3.0, 4.0, 5.0])
    assert mean == 3.0
    assert low == pytest.approx(1.0371, abs=1e-4)
    assert high == pytest.approx(4.9629, abs=1e-4)


def test_mean_ci_degenerate_cases() -> None:
    assert math.isnan(mean_ci([])[0])
    mean, low, high = mean_ci([7.0])
    assert mean == 7.0 and math.isnan(low) and math.isnan(high)
    assert mean_ci([2.0, 2.0, 2.0]) == (2.0, 2.0, 2.0)


def test_t_quantiles_match_tables() -> None:
    assert t_quantile(1) == 12.706
    assert t_quantile(11) == pytest.approx(2.201, abs=1e-3)
    assert t_quantile(30) == pytest.approx(2.042, abs=1e-3)
    assert t_quantile(120) == pytest.approx(1.980, abs=1e-3)


def test_exact_target() -> None:
    assert exact_target(3, 3) is True
    assert exact_target(2, 3) is False and exact_target(4, 3) is False
    assert exact_target(0, 0) is True
    assert exact_target(5, None) is None  # nothing played for


def test_the_exact_rate_is_read_from_the_games_own_targets() -> None:
    """Every bid, bet and contract counted, as its hand's score says it was made or not."""
    from whist.games.bidding import bet_score
    from whist.games.diminishing import round_score
    for game, seats in (("diminishing-whist", ["expectation", "random", "random", "random"]),
                        ("bidding-whist", ["heuristic", "random", "random", "random"]),
                        ("nine-five-two", ["rules", "random", "random"])):
        result = play_deal(ArenaConfig(game, seats, deals=1, seed=4), 0)
        hands = {"diminishing-whist": 10, "bidding-whist": 1, "nine-five-two": None}[game]
        counted = sum(result.bids)
        if hands is not None:
            assert counted == hands * len(seats) * len(seats), game  # every seat, rotation
        assert 0 < sum(result.exact) < counted, game
    assert round_score(3, 3) == 13 and bet_score(4, 4, 13) == 40  # what "exact" scores
    # A zero bet that takes tricks can still score above zero (6 tricks, crowded bonus
    # 50: +10): read off the score, as the arena once did, it looked made.
    assert bet_score(0, 6, 31) == 10
    zero = play_deal(ArenaConfig("bidding-whist", ["heuristic", "random", "random", "random"],
                                 deals=1, seed=4), 0)
    assert zero.exact == [1, 0, 0, 0]  # (the score reading gave [1, 0, 1, 0])

def test_rotation_puts_every_entry_everywhere_and_shares_wins() -> None:
    config = ArenaConfig("diminishing-whist", ["expectation", "gaussian", "gaussian",
                                               "gaussian"], deals=1, seed=5)
    result = play_deal(config, 0)
    assert len(result.scores) == 4
    # Win shares over the four rotations add up to one game won per rotation.
    assert sum(result.wins) == pytest.approx(1.0)
    assert result.failures == []
    # Every seat bids every round of every rotation: 10 rounds, 4 rotations.
    assert result.bids == [40, 40, 40, 40]


def test_results_do_not_depend_on_workers() -> None:
    config = ArenaConfig("diminishing-whist", ["strong", "expectation", "gaussian", "random"],
                         deals=2, seed=3, iterations=12)
    one = summarize(config, run_deals(config, workers=1))
    two = summarize(config, run_deals(config, workers=2))
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)


def test_json_line_and_differences(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["dw", "--seats", "expectation,gaussian,gaussian,gaussian", "--deals", "3",
                 "--seed", "2", "--workers", "1", "--json"])
    assert code == 0
    out = capsys.readouterr().out.strip().splitlines()
    data = json.loads(out[-1])
    assert data["game"] == "diminishing-whist"
    assert data["deals"] == 3
    assert set(data["engines"]) == {"expectation", "gaussian"}
    diff = data["differences"]["gaussian"]["mean"]
    assert diff == pytest.approx(data["engines"]["expectation"]["mean"]
                                 - data["engines"]["gaussian"]["mean"])
    assert 0.0 <= data["engines"]["gaussian"]["exact_bid_rate"] <= 1.0
    by_deal = data["differences"]["gaussian"]["by_deal"]
    assert len(by_deal) == 3 and sum(by_deal) / 3 == pytest.approx(diff)


@pytest.mark.parametrize("seats, message", [
    ("strong,nonsense,random,random", "unknown engine level 'nonsense'"),
    ("strong,strength2,random,random", "does not play diminishing-whist"),
    ("strong,random", "2 seats were given"),
])
def test_bad_seats_give_clear_errors(seats: str, message: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["dw", "--seats", seats, "--deals", "1", "--workers", "1"])
    assert code == 2
    assert message in capsys.readouterr().err


def test_unknown_game_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chess", "--seats", "random,random", "--deals", "1"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


class IllegalEngine(Engine):
    """Always answers a bid of 99 (illegal everywhere)."""

    level = "illegal"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Bid 99."""
        return Bid(99)


def test_illegal_actions_are_counted_and_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "illegal", f"{__name__}:IllegalEngine")
    config = ArenaConfig("diminishing-whist", ["illegal", "random", "random", "random"],
                         deals=1, seed=4)
    summary = summarize(config, run_deals(config, workers=1))
    # Every one of its decisions fails: 65 a game (10 bids, 55 cards), four rotations.
    assert summary["failures"] == 4 * 65
    assert "illegal at seat 0" in summary["failure_messages"][0]
    assert "illegal action 99" in summary["failure_messages"][0]

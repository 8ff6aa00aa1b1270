"""strong and the review's valuation share one search loop (issue 22): worlds × candidates.

``engines.strong.play_worlds`` replaced the valuation's own copy of strong's loop.
The digest below was computed by that copy before it was deleted, so the review's
valuations for a seed cannot drift unnoticed; the clock tests pin how often each
caller reads the clock (a budget ends after a known number of reads).
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from typing import Any

import pytest

import engines.strong as strong
import engines.valuation as valuation
from engines.strong import StrongEngine
from engines.valuation import value_decision
from whist.games import GAME_NAMES, game_class
from whist.games.diminishing import DiminishingWhist

#: value_decision over four decisions of a seeded game of each kind (worlds=3), made by
#: the valuation's own loop before it was replaced by strong's.
VALUATIONS_DIGEST = "1fcaf28e704a623b6a605da70c15a88e1764df9df9ca4d5c85e304caff01f328"


def _valuations_digest() -> str:
    digest = hashlib.sha256()
    for game in GAME_NAMES:
        rng = random.Random(11)
        state = game_class(game)({}, seed=5)
        valued = 0
        while not state.over and valued < 4:
            legal = state.legal_actions()
            if 1 < len(legal) < 200 and rng.random() < 0.3:
                chosen = legal[rng.randrange(len(legal))]
                found = value_decision(state.observe(state.to_move), legal, chosen, seed=valued,
                                       worlds=3)
                digest.update(json.dumps(found.to_json(), sort_keys=True).encode())
                valued += 1
            state.apply(legal[rng.randrange(len(legal))])
    return digest.hexdigest()


def test_review_valuations_are_the_old_loops() -> None:
    assert _valuations_digest() == VALUATIONS_DIGEST


def test_both_callers_go_through_the_one_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    shared = strong.play_worlds

    def watched(*args: Any, **settings: Any) -> tuple[int, int, list[int]]:
        calls.append(settings)
        return shared(*args, **settings)
    monkeypatch.setattr(strong, "play_worlds", watched)
    monkeypatch.setattr(valuation, "play_worlds", watched)
    state = DiminishingWhist({"players": 4}, seed=3)
    obs, legal = state.observe(state.to_move), state.legal_actions()
    StrongEngine(seed=1, iterations=22).evaluate(obs, legal)
    value_decision(obs, legal, legal[0], seed=1, worlds=2)
    assert [c.get("keep") for c in calls] == [4, None]  # strong prunes, the review does not
    assert [c.get("rollout_seeds", False) for c in calls] == [False, True]


@pytest.mark.usefixtures("ms_clock")
def test_a_valuations_budget_reads_the_clock_once_a_world_after_the_first_two() -> None:
    state = DiminishingWhist({"players": 4}, seed=3)
    obs, legal = state.observe(state.to_move), state.legal_actions()
    # Start at 1 ms, deadline 5.5 ms: read after worlds 2 to 6 (2 ms ... 6 ms), then once
    # for the seconds taken.
    found = value_decision(obs, legal, legal[0], seed=1, budget=0.0045)
    assert found.worlds == 6
    assert time.perf_counter() == pytest.approx(0.008)
    # A number of worlds reached first ends it too, the clock read after each world.
    found = value_decision(obs, legal, legal[0], seed=1, worlds=3, budget=0.5)
    assert found.worlds == 3
    assert time.perf_counter() == pytest.approx(0.013)

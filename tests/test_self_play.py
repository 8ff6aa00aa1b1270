"""bench/self_play.py: the bench's self-play step."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bench.self_play import next_action
from engines.interface import Engine, EngineError
from whist.actions import Action
from whist.games import new_game
from whist.observations import Observation


def test_next_action_asks_the_engine_only_when_there_is_a_choice() -> None:
    """The bench's self-play step: a forced action without asking, else the engine's
    answer as it is; after the last action, a clear error."""
    state = new_game("classic-whist", {"cards": 3, "winning_score": 4}, seed=3).search_copy()
    asked: list[int] = []

    class Lowest(Engine):
        def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
            asked.append(len(legal))
            return legal[0]

    engines = [Lowest() for _ in range(state.players)]
    choices = forced = 0
    while not state.over:
        legal = state.legal_actions()
        action = next_action(state, engines)
        assert action == legal[0]
        choices += len(legal) > 1
        forced += len(legal) == 1
        state.step(action)
    assert forced > 0 and len(asked) == choices > 0 and min(asked) > 1
    with pytest.raises(EngineError, match="no seat is to move"):
        next_action(state, engines)

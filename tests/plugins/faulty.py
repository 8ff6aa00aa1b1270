"""Engines that fail in each way a plug-in can: for tests only."""

from collections.abc import Sequence

from engines.interface import Engine
from whist.actions import Action, Bid
from whist.protocol import Observation


class Crashes(Engine):
    """Raises while choosing."""

    level = "crashes"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        raise ZeroDivisionError("division by zero")


class Cheats(Engine):
    """Answers with an action that is never legal in Diminishing Whist's first round."""

    level = "cheats"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return Bid(99)


class FailsToStart(Engine):
    """Raises in its constructor."""

    level = "fails-to-start"

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: object) -> None:
        raise RuntimeError("no licence file")


NOT_AN_ENGINE = 42

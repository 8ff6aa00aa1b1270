"""The computer-player interface: what an engine is given and what it answers.

An engine sees exactly what its seat may see (the observation) plus the legal
actions, and returns one of them.  It is seeded, so the same seed, budget and
observations give the same choices.  Levels load by name (:mod:`engines.levels`);
:func:`engines.referee.choose_action` asks an engine under a time limit and checks
its answer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from whist.actions import Action
from whist.observations import Observation


class EngineError(RuntimeError):
    """An engine that cannot be loaded, fails, or answers with an illegal action."""


class Engine:
    """Base class for computer players; subclasses implement :meth:`choose`."""

    #: The level name people pick (``"expectation"``).
    level: ClassVar[str] = "engine"
    #: One line for seat choosers.
    description: ClassVar[str] = ""
    #: Record names of the games this level plays; empty means every game.
    games: ClassVar[tuple[str, ...]] = ()

    #: The spec :func:`load_engine` made this engine from (``"strong"``, ``"pkg.mod:Class"``):
    #: a plug-in's ``level`` is often left at ``"engine"``, so messages name it by this.
    loaded_as: str | None = None

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """``seed`` fixes every random choice; ``budget`` is seconds per decision (if it searches)."""
        self.seed = seed
        self.rng = random.Random(seed)
        self.budget = budget
        self.settings = settings

    @property
    def name(self) -> str:
        """The name to show for this engine: the spec it was loaded as, else its level."""
        return self.loaded_as or self.level

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` given what the seat sees."""
        raise NotImplementedError

    def evaluate(self, observation: Observation,
                 legal: Sequence[Action]) -> list[tuple[Action, float]] | None:
        """Estimates for each candidate (for hints); None if this engine has none."""
        return None


class RandomEngine(Engine):
    """Any legal action, uniformly at random."""

    level: ClassVar[str] = "random"
    description: ClassVar[str] = "Plays a random legal card and makes random legal choices."

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A uniformly random legal action."""
        return legal[self.rng.randrange(len(legal))]


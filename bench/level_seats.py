"""The page's Advanced and Expert levels as arena seats (``module:Class``).

    S=bench.level_seats
    python -m engines.arena diminishing-whist --seats $S:Expert,$S:Advanced,$S:Advanced,$S:Advanced \\
        --deals 12 --seed 1 --json

The arena's ``--seats`` takes engine names, not player levels, and gives every
searching seat the same ``--iterations``.  These seats are ``strong`` at the
level's own rollouts per decision for the game and its time cap (``engines.levels``), so a match
of the two levels plays what the page plays; run it without ``--iterations``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engines.levels import level_iterations, resolve_level
from engines.strong import StrongEngine


class LevelSeat(StrongEngine):
    """``strong`` at a player level's rollouts; the game is read from each observation."""

    LEVEL: ClassVar[str] = "expert"

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """``strong`` with the level's time cap (the level's count decides, as in the page)."""
        settings.pop("iterations", None)
        super().__init__(seed=seed, budget=resolve_level(self.LEVEL, None)[1], **settings)

    def _search(self, obs: Any, legal: Any) -> Any:
        self.iterations = level_iterations(self.LEVEL, obs["game"])
        return super()._search(obs, legal)


class Expert(LevelSeat):
    """The page's Expert level."""

    LEVEL = "expert"


class Advanced(LevelSeat):
    """The page's Advanced level."""

    LEVEL = "advanced"

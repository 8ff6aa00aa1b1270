"""``strong`` with other settings, as engine specs the arena loads (``bench.strong_variants:Name``).

The arena passes an engine only its iteration budget; these subclasses fix the
other settings measured in docs/strength.md (run from the repository's root).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from engines.black_queen import Strength2
from engines.black_queen_search import black_queen_policy
from engines.strong import HOOKS, StrongEngine


class Endgame4(StrongEngine):
    """Worlds solved exactly from four cards a hand (the default: three)."""

    default_endgame: ClassVar[int] = 4


class BidModel(StrongEngine):
    """Bids chosen through the fitted bid model (engines/bid_model.py)."""

    default_bid_model: ClassVar[str] = "fitted"


class WorldModel(StrongEngine):
    """Sampled worlds weighted by the other seats' bids (engines/world_model.py)."""

    default_world_model: ClassVar[str] = "bids"


class BothModels(StrongEngine):
    """The bid model and the world model together."""

    default_bid_model: ClassVar[str] = "fitted"
    default_world_model: ClassVar[str] = "bids"


class FairLeads(StrongEngine):
    """Rollouts lead masters read off what the seat could know, not off the other hands."""

    default_fair_leads: ClassVar[bool] = True


class FittedBids(StrongEngine):
    """Rollouts' later bidders bid by the fitted model of strong's bids, not the rough count."""

    default_fitted_bids: ClassVar[bool] = True


class Epsilon15(StrongEngine):
    """Rollouts play a random card 15% of the time (the default: 5%)."""

    default_epsilon: ClassVar[float] = 0.15


class Epsilon0(StrongEngine):
    """Rollouts never play a random card (the default: 5%)."""

    default_epsilon: ClassVar[float] = 0.0


# ---------------------------------------------------------- Black Queen (issue 11, item 4)
#: The default hooks, which each variant below changes.
BLACK_QUEEN_HOOKS = HOOKS["black-queen"]


class BlackQueenVariant(StrongEngine):
    """``strong`` with Black Queen's search hooks changed by :attr:`changes`.

    The hooks are per game, not per engine: constructing one replaces them for the whole
    process, so a variant may only meet engines outside the ``strong`` family (the arena
    against strength0-2, one process per run).
    """

    changes: ClassVar[dict[str, Any]] = {}

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """Set the game's hooks, then build the engine."""
        HOOKS["black-queen"] = replace(BLACK_QUEEN_HOOKS, **self.changes)
        super().__init__(seed=seed, budget=budget, **settings)


class BqOld(BlackQueenVariant):
    """As before issue 11 item 4: the generic card_policy, strength2's card kept at 2 SE."""

    changes: ClassVar[dict[str, Any]] = {"card_policy": None, "prior_engine": Strength2,
                                         "prior_margin": 2.0}


class BqPolicy(BlackQueenVariant):
    """Black Queen's own rollout policy, strength2's card still kept at 2 SE."""

    changes: ClassVar[dict[str, Any]] = {"card_policy": black_queen_policy,
                                         "prior_engine": Strength2, "prior_margin": 2.0}


class BqNoPrior(BlackQueenVariant):
    """Black Queen's own rollout policy and no prior (the default since issue 11 item 4)."""

    changes: ClassVar[dict[str, Any]] = {"card_policy": black_queen_policy,
                                         "prior_engine": None, "prior_margin": 0.0}


class BqFullHand(BlackQueenVariant):
    """As BqNoPrior, with rollouts played to the hand's end (no 8-trick horizon)."""

    changes: ClassVar[dict[str, Any]] = {"card_policy": black_queen_policy,
                                         "prior_engine": None, "prior_margin": 0.0,
                                         "horizon": None}

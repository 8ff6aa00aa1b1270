"""``strong`` with other settings, as engine specs the arena loads (``bench.strong_variants:Name``).

The arena passes an engine only its iteration budget; these subclasses fix the
other settings measured in docs/strength.md (run from the repository's root).
"""

from __future__ import annotations

from typing import ClassVar

from engines.strong import StrongEngine


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

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


class NoBidModel(StrongEngine):
    """Bids chosen by the rollouts' mean values alone (before issue 11's bid model)."""

    default_bid_model: ClassVar[str] = "off"


class NoWorldModel(StrongEngine):
    """Every sampled world kept, whatever the other seats bid (before issue 11's world model)."""

    default_world_model: ClassVar[str] = "off"


class Before11(StrongEngine):
    """``strong`` as it was before issue 11's bid and world models."""

    default_bid_model: ClassVar[str] = "off"
    default_world_model: ClassVar[str] = "off"

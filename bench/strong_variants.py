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


class BidWindow1(StrongEngine):
    """Only the bids within 1 trick of the hand's estimate are searched."""

    default_bid_window: ClassVar[float] = 1.0


class BidWindow15(StrongEngine):
    """Only the bids within 1.5 tricks of the hand's estimate are searched."""

    default_bid_window: ClassVar[float] = 1.5


class BidWindow2(StrongEngine):
    """Only the bids within 2 tricks of the hand's estimate are searched."""

    default_bid_window: ClassVar[float] = 2.0


class BidFactor4(StrongEngine):
    """Bids searched with four times the iterations (a diagnosis: is bidding noise-limited?)."""

    default_bid_factor: ClassVar[float] = 4.0

"""Our Diminishing Whist round scored as OpenSpiel's ``oh_hell``: tricks, +10 if exact.

The worlds ``strong`` searches in bench/ismcts_match.py, and the scoring the
outcome model values an oh_hell bid by; its own module so that a bench tool can
use it without OpenSpiel.
"""

from __future__ import annotations

from whist.games.diminishing import DiminishingWhist


class OhHellRound(DiminishingWhist):
    """Our Diminishing Whist round scored as OpenSpiel's ``oh_hell``: tricks, +10 if exact."""

    def score_hand(self) -> None:
        """Score the round just played out by :meth:`bid_score` and close it."""
        self._close_hand([self.bid_score(b or 0, t)
                          for b, t in zip(self.bids, self.tricks_won, strict=True)])

    @staticmethod
    def bid_score(bid: int, tricks: int) -> int:
        """oh_hell's score for ``bid`` and ``tricks``: the tricks, plus 10 if exact."""
        return tricks + (10 if tricks == bid else 0)

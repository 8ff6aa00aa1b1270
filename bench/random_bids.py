"""``strong`` whose Diminishing Whist bids are valued as ISMCTS values them (issue 21).

Run from the repository's root: ``bench.random_bids:RandomBids`` in
``bench/ismcts_match.py --strong`` (settings ``bid_iterations``, default 4,000).

Split matches (docs/strength.md, "most of the gap is in the card play") put
ISMCTS's bids over ``strong``'s own card play at 1,400 rollouts close to level with
ISMCTS, where the outcome model's bids over the same card play were not.  ISMCTS
values a bid by uniformly random playouts over fresh worlds (flat UCB1 at a bid:
its tree node for an opponent's state almost never repeats).  :class:`RandomBids`
does that inside ``strong``'s search: at a bid, ``bid_iterations`` rollouts whose
cards are all drawn uniformly at random (``epsilon`` 1; the later seats' bids stay
``strong``'s rollout bids); every card decision is ``strong``'s own search.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from bench.strong_variants import Tunable
from whist.actions import Action, Bid
from whist.games.diminishing import DiminishingWhist
from whist.observations import Observation


class RandomBids(Tunable):
    """``strong`` with its Diminishing Whist bids searched over random playouts."""

    setting_names: ClassVar[tuple[str, ...]] = (*Tunable.setting_names, "bid_iterations")
    #: The default of the ``bid_iterations`` setting (ISMCTS's simulations in the bench).
    BID_ITERATIONS: ClassVar[int] = 4000

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """``strong``'s settings and ``bid_iterations`` (rollouts at a bid, 1 or more)."""
        super().__init__(seed=seed, budget=budget, **settings)
        self.bid_iterations = int(settings.get("bid_iterations", self.BID_ITERATIONS))
        if self.bid_iterations < 1:
            raise ValueError(f"bid_iterations must be 1 or more, not {self.bid_iterations}")

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """At a Diminishing Whist bid, the search over random playouts; else ``strong``."""
        if len(legal) > 1 and isinstance(legal[0], Bid) \
                and observation["game"] == DiminishingWhist.name:
            card_epsilon, card_iterations = self.epsilon, self.iterations
            self.epsilon, self.iterations = 1.0, self.bid_iterations
            try:
                return super().choose(observation, legal)
            finally:
                self.epsilon, self.iterations = card_epsilon, card_iterations
        return super().choose(observation, legal)

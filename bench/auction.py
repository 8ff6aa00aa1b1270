"""``strong`` with a cap on its Bidding Whist contract (issue 21, item 2's second half).

Run from the repository's root: ``bench.auction:CappedAuction1`` (or ``CappedAuction0``,
``CappedAuction2``) in ``engines/arena.py`` seats.

In ``strong`` self-play the ruler takes two tricks fewer than its contract on average
(``python bench/bid_errors.py --game bidding-whist``: 78% of contracts over-bid,
22.5% made exactly): the search picks the best of up to 20 contracts by noisy rollout
means, and the highest estimate among many is the most optimistic (the winner's
curse).  :class:`CappedAuction` searches only the contracts the hand is worth by
``strong``'s own count (:func:`engines.strong.contract_estimates`, the expected tricks
under each denomination) plus ``cap`` tricks, and skipping; every other decision is
``strong``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from engines.strong import StrongEngine, contract_estimate, contract_estimates
from whist.actions import Action, Contract
from whist.cards import Card
from whist.observations import Observation


class CappedAuction(StrongEngine):
    """``strong`` whose contract bids are at most its hand's expected tricks under the
    contract's denomination plus ``cap`` (setting; default :attr:`CAP`)."""

    setting_names: ClassVar[tuple[str, ...]] = (*StrongEngine.setting_names, "cap")
    #: The default of the ``cap`` setting (tricks above the hand's estimate).
    CAP: ClassVar[float] = 1.0

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """``strong``'s settings and ``cap`` (tricks, a number)."""
        super().__init__(seed=seed, budget=budget, **settings)
        self.cap = float(settings.get("cap", self.CAP))

    def allowed(self, observation: Observation, legal: Sequence[Action]) -> list[Action]:
        """``legal`` without the contracts above the hand's estimate plus ``cap``."""
        hand = [int(Card.parse(text)) for text in observation["hand"]]
        estimates = contract_estimates(hand, observation["players"])
        kept = [a for a in legal if not isinstance(a, Contract)
                or a.tricks <= contract_estimate(estimates, a) + self.cap]
        return kept or list(legal)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """At a contract bid, ``strong``'s search over the allowed bids; else ``strong``."""
        if len(legal) > 1 and any(isinstance(a, Contract) for a in legal):
            return super().choose(observation, self.allowed(observation, legal))
        return super().choose(observation, legal)


class CappedAuction0(CappedAuction):
    """Contracts up to the hand's estimate."""

    CAP = 0.0


class CappedAuction1(CappedAuction):
    """Contracts up to the hand's estimate plus one."""

    CAP = 1.0


class CappedAuction2(CappedAuction):
    """Contracts up to the hand's estimate plus two."""

    CAP = 2.0

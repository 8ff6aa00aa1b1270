"""The tricks a hand takes when every seat plays uniformly at random, and bids by them.

Issue 21.  OpenSpiel's ISMCTS keys its nodes by the acting player's information
state, so at a bid it is flat UCB1 over the bids, each simulation one uniformly
random playout of a freshly sampled world (docs/strength.md).  Its bid is then,
up to noise, the bid of best mean return over random playouts: under random play
the tricks do not depend on the bid, so under oh_hell's scoring (tricks, plus 10
for an exact bid) that is the most likely trick count of random play.  Measured
on ISMCTS's 800 bids of ``bench/results/issue21-rep-strong5600-cards-seed12.json``:
ISMCTS asked again with another seed bids the same in 96%; :class:`RandomPlayBids`
(2,000 playouts) in 95.8% when its worlds are dealt, as OpenSpiel's resampling
deals them, from the cards the other players really hold
(``bench/ismcts_match.py --strong-knows-undealt``), and in 69.3% when they are
dealt from every card the seat cannot see.

:func:`engines.random_play.random_trick_chances` estimates P(tricks = k) for a
seat under random play of every seat, from worlds dealt uniformly from the cards
the seat cannot see; :class:`RandomPlayBids` is ``strong`` bidding by it outright
(its cards are ``strong``'s).  Since this section's measurements ``strong`` itself
searches the two best bids by it (``bid_shortlist``), which :class:`RandomPlayTop2`
did first.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from engines.random_play import BID_PLAYOUTS, bid_trick_chances, random_play_values
from engines.strong import StrongEngine, Tally
from whist.actions import Action, Bid
from whist.games.diminishing import DiminishingWhist
from whist.observations import Observation


class RandomPlayBids(StrongEngine):
    """``strong`` whose Diminishing Whist bids are the best by expected score under
    :func:`engines.random_play.random_trick_chances` (``bid_playouts`` setting, default
    2,000), as ISMCTS's are; every other decision is ``strong``'s.  The scoring is the
    searched worlds' ``bid_score``: Diminishing Whist's, or oh_hell's when the engine
    searches bench/ismcts_match.py's ``OhHellRound`` worlds."""

    setting_names: ClassVar[tuple[str, ...]] = (*StrongEngine.setting_names, "bid_playouts")
    #: The default of the ``bid_playouts`` setting.
    BID_PLAYOUTS: ClassVar[int] = BID_PLAYOUTS

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """``strong``'s settings and ``bid_playouts`` (random playouts a bid, 1 or more)."""
        super().__init__(seed=seed, budget=budget, **settings)
        self.bid_playouts = int(settings.get("bid_playouts", self.BID_PLAYOUTS))
        if self.bid_playouts < 1:
            raise ValueError(f"bid_playouts must be 1 or more, not {self.bid_playouts}")
        world = self.world_class or DiminishingWhist
        if not issubclass(world, DiminishingWhist):
            raise ValueError(f"world_class must be a Diminishing Whist round, not {world.__name__}")
        self.score = world.bid_score

    def bid_chances(self, observation: Observation) -> list[float]:
        """P(tricks = k) for the seat to bid under random play of every seat."""
        obs = cast("Mapping[str, Any]", observation)  # Diminishing Whist's, or the adapter's
        return bid_trick_chances(obs, self.bid_playouts, self._decision_rng(observation))

    #: How many of the best bids under random play ``strong``'s search then compares
    #: (0: none, the best is bid outright).
    TOP: ClassVar[int] = 0

    def random_play_ranking(self, observation: Observation,
                            legal: Sequence[Action]) -> list[Bid]:
        """The legal bids, best expected score under random play first (ties: lower bid)."""
        obs = cast("Mapping[str, Any]", observation)
        values = random_play_values(obs, legal, self.score, self.bid_playouts,
                                    self._decision_rng(observation))
        self.last_stats = {"random_play": {b.tricks: round(v, 3) for b, v in values.items()}}
        return sorted(values, key=lambda b: (-values[b], b.tricks))

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """At a Diminishing Whist bid, the bid of best expected score under random play
        (or ``strong``'s search over the best :attr:`TOP`)."""
        if len(legal) > 1 and isinstance(legal[0], Bid) \
                and observation["game"] == DiminishingWhist.name:
            shortlist = self.shortlist(self.random_play_ranking(observation, legal))
            if len(shortlist) == 1:
                return shortlist[0]
            return self._search(observation, shortlist)[0][0]
        return super().choose(observation, legal)

    def shortlist(self, ranked: list[Bid]) -> list[Bid]:
        """The bids to search, from the legal bids ranked by random play: the best
        :attr:`TOP` (just the best when it is 0)."""
        return list(ranked[:self.TOP or 1])


class RandomPlayTop2(RandomPlayBids):
    """``strong``'s search over the two best bids under random play: the rollouts judge
    between the bids random play finds likeliest to pay."""

    TOP = 2


class RandomPlayTop2ZeroFirst(RandomPlayTop2):
    """:class:`RandomPlayTop2` that searches a bid of 0 only when random play ranks it
    first: when 0 is second, the third-ranked bid takes its place.  Tried for issue 21's
    bid-0 goal and not kept: the bids of 0 it drops were the better bids (docs/strength.md,
    "a bid of 0 searched only when random play ranks it first")."""

    def shortlist(self, ranked: list[Bid]) -> list[Bid]:
        """The best :attr:`TOP` of ``ranked`` after dropping a bid of 0 not ranked first."""
        return [b for i, b in enumerate(ranked) if i == 0 or b.tricks != 0][:self.TOP]


class LowerBidMarginTally(Tally):
    """:class:`engines.strong.Tally` for a bid's two shortlisted candidates, random play's
    best first: a lower bid than that one is chosen only when its rollouts lead it by more
    than ``margin`` standard errors of their paired difference (a higher bid, or any other
    decision, by the best mean as ever)."""

    def __init__(self, candidates: list[Action], margin: float) -> None:
        """An empty tally of ``candidates`` (random play's best bid first)."""
        super().__init__(candidates)
        self.margin = margin
        #: The last ranking's paired z of the rollouts' lower override (None: none asked).
        self.override_z: float | None = None
        #: Whether that override was settled by the search (random play's best dropped).
        self.override_settled = False

    def ranked(self, alive: list[int]) -> list[tuple[int, float]]:
        """:meth:`Tally.ranked`, with random play's best put back first when the rollouts
        prefer a lower bid by no more than the margin (unless the search already dropped
        random play's best as clearly behind)."""
        ranked = super().ranked(alive)
        first = self.candidates[0]
        top = ranked[0][0] if ranked else 0
        chosen = self.candidates[top]
        if top == 0 or not isinstance(first, Bid) or not isinstance(chosen, Bid) \
                or chosen.tricks > first.tricks:
            return ranked
        # Over the worlds both were searched in (all of them, unless one was dropped).
        worlds = min(len(self.values[top]), len(self.values[0]))
        diffs = [a - b for a, b in zip(self.values[top][:worlds], self.values[0][:worlds],
                                       strict=True)]
        mean = sum(diffs) / worlds
        var = sum((d - mean) ** 2 for d in diffs) / max(1, worlds - 1)
        se = math.sqrt(var / worlds)
        self.override_z = math.inf if se == 0.0 else mean / se
        self.override_settled = 0 not in alive
        if self.override_settled or self.override_z > self.margin:
            return ranked
        return sorted(ranked, key=lambda pair: pair[0] != 0)

    def stats(self, alive: list[int]) -> dict[str, Any]:
        """The lower override's z and whether the search had settled it, when one was weighed."""
        if self.override_z is None:
            return {}
        return {"override_z": self.override_z, "override_settled": self.override_settled}


class RandomPlayTop2Margin(StrongEngine):
    """``strong`` (the two best bids under random play, searched) whose search picks a bid
    below random play's best only when it leads by more than ``lower_margin`` (setting,
    default :attr:`LOWER_MARGIN`) standard errors: tried for issue 21's bid-0 goal, where
    :class:`RandomPlayTop2ZeroFirst` dropped the bids of 0 that the rollouts were sure of
    along with the rest."""

    setting_names: ClassVar[tuple[str, ...]] = (*StrongEngine.setting_names, "lower_margin")
    #: The default of the ``lower_margin`` setting.
    LOWER_MARGIN: ClassVar[float] = 1.0

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """``strong``'s settings and ``lower_margin`` (standard errors, 0 or more)."""
        super().__init__(seed=seed, budget=budget, **settings)
        self.lower_margin = float(settings.get("lower_margin", self.LOWER_MARGIN))
        if not self.lower_margin >= 0.0:
            raise ValueError(f"lower_margin must be 0 or more, not {self.lower_margin}")

    def _tally(self, obs: Observation, legal: Sequence[Action],
               candidates: list[Action]) -> Tally:
        """A :class:`LowerBidMarginTally` at a shortlisted bid, else ``strong``'s own."""
        if len(candidates) == 2 and isinstance(candidates[0], Bid) \
                and len(legal) > len(candidates):
            return LowerBidMarginTally(candidates, self.lower_margin)
        return super()._tally(obs, legal, candidates)

"""``strong`` bidding by the outcome model (issue 21, item 2), as engine specs for the bench.

Run from the repository's root: ``bench.outcome_bids:ModelBids`` (or ``ModelTop2``,
``ModelTop3``) in ``engines/arena.py`` seats or ``bench/ismcts_match.py --strong``.

- :class:`ModelBids` bids the legal bid with the best expected score under the
  model's P(tricks = k | hand, position, earlier bids, bid) (bench/outcome_model.py);
  no rollout at a bid.
- :class:`ModelTop2`, :class:`ModelTop3` search only the model's best two or three
  bids by expected score, with ``strong``'s own rollouts (the budget goes to fewer
  candidates).
- :class:`FittedModelBids` bids as :class:`ModelBids` and plays its cards as
  ``bench.strong_variants:FittedPolicy`` (rollouts by the policy fitted to
  ``strong``'s play): the two changes that each moved ``strong`` towards ISMCTS,
  together.
- :class:`FittedModelTop2` searches the model's best two bids with the fitted
  rollouts and plays its cards as :class:`FittedModelBids`.
- :class:`FittedModelTop3` searches the model's best three bids likewise.
- :class:`BlendedTop2` searches the same two bids and takes the one whose mean of
  the model's expected score and the rollouts' value is best.
- :class:`RefitModelBids` is :class:`FittedModelBids` whose model was refitted on
  data that :class:`FittedModelBids` itself made.

Every other decision is ``strong``'s.  The scoring the expectation is taken under
is Diminishing Whist's, or OpenSpiel oh_hell's when the engine searches
bench/ismcts_match.py's ``OhHellRound`` worlds (its ``world_class``), or the
``scoring`` setting.  Diminishing Whist only: other games are ``strong``'s.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from bench.fitted_rollout import policy_tables
from bench.outcome_model import (
    SCORINGS,
    bid_facts,
    expected_score,
    expected_scores,
    world_scoring,
)
from bench.soft_rollout import check_temperature
from bench.strong_variants import FittedPolicy, PatientTally
from engines.strong import StrongEngine, distinct_plays
from whist.actions import Action, Bid, Play
from whist.cards import RANK_OF, SUIT_OF, Card
from whist.games.diminishing import DiminishingWhist
from whist.observations import Observation


def load_weights(module: str = "bench.outcome_model_weights") -> dict[str, Any]:
    """The committed weights of ``module`` (default: bench/outcome_model_weights.py)."""
    weights: dict[str, Any] = importlib.import_module(module).WEIGHTS
    return weights


class OutcomeBids(StrongEngine):
    """``strong`` whose Diminishing Whist bids come from the outcome model.

    ``top`` (setting): 0 bids the model's best bid outright; n > 0 searches only the
    model's n best bids with ``strong``'s rollouts (its shortlist, not random play's:
    ``bid_shortlist`` 0).
    """

    BID_SHORTLIST = 0

    setting_names: ClassVar[tuple[str, ...]] = (*StrongEngine.setting_names, "top", "scoring")
    #: The default of the ``top`` setting (subclasses fix it for the arena).
    TOP: ClassVar[int] = 0
    #: The module whose ``WEIGHTS`` the model reads.
    WEIGHTS_MODULE: ClassVar[str] = "bench.outcome_model_weights"

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """``strong``'s settings plus ``top`` and ``scoring`` (dw or oh_hell; default: read
        off ``world_class``)."""
        super().__init__(seed=seed, budget=budget, **settings)
        self.top: int = int(settings.get("top", self.TOP))
        if self.top < 0:
            raise ValueError(f"top must be 0 or more, not {self.top}")
        scoring = settings.get("scoring")
        if scoring is None:
            scoring = world_scoring(self.world_class)
        if scoring not in SCORINGS:
            raise ValueError(f"unknown scoring {scoring!r} (scorings: {', '.join(SCORINGS)})")
        self.scoring: str = scoring
        self.weights = load_weights(self.WEIGHTS_MODULE)

    def model_ranking(self, observation: Observation,
                      legal: Sequence[Action]) -> list[tuple[Bid, float]]:
        """The legal bids the model's data covers, with their expected scores, best first."""
        facts = bid_facts(observation)
        bids = [a for a in legal if isinstance(a, Bid)]
        values = self.bid_values(facts, [b.tricks for b in bids])
        self.last_stats = {"model": {b: round(v, 3) for b, (v, _) in values.items()}}
        return sorted(((b, values[b.tricks][0]) for b in bids if b.tricks in values),
                      key=lambda pair: (-pair[1], pair[0].tricks))

    def bid_values(self, facts: dict[str, Any],
                   bids: Sequence[int]) -> dict[int, tuple[float, list[float]]]:
        """Each covered bid's expected score and P(tricks = k) (the model's; subclasses
        may change the chances)."""
        return expected_scores(self.weights, facts["hand"], facts["has_trump"],
                               facts["players"], facts["earlier"], self.scoring, bids)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """At a Diminishing Whist bid, the model's bid (or the search over its best few)."""
        if len(legal) > 1 and isinstance(legal[0], Bid) \
                and observation["game"] == DiminishingWhist.name:
            ranked = self.model_ranking(observation, legal)
            if self.top == 0:
                return ranked[0][0]
            shortlist: list[Action] = [b for b, _ in ranked[:self.top]]
            return self._search(observation, shortlist)[0][0]
        return super().choose(observation, legal)


class ModelBids(OutcomeBids):
    """Bids the model's best bid by expected score (no rollouts at bids)."""

    TOP = 0


class ModelTop2(OutcomeBids):
    """Searches only the model's two best bids."""

    TOP = 2


class ModelTop3(OutcomeBids):
    """Searches only the model's three best bids."""

    TOP = 3


class FittedModelBids(ModelBids, FittedPolicy):
    """The model's bids (:class:`ModelBids`) and fitted-policy rollouts for the cards
    (:class:`bench.strong_variants.FittedPolicy`); the settings of both."""

    setting_names: ClassVar[tuple[str, ...]] = tuple(
        dict.fromkeys(ModelBids.setting_names + FittedPolicy.setting_names))


class FittedModelTop2(FittedModelBids):
    """:class:`FittedModelBids` that searches the model's two best bids by expected score
    with its fitted rollouts, where :class:`FittedModelBids` takes the best outright."""

    TOP = 2


class FittedModelTop3(FittedModelBids):
    """:class:`FittedModelTop2` with the model's three best bids searched."""

    TOP = 3


class BlendedTop2(FittedModelTop2):
    """:class:`FittedModelTop2` that weighs the two views of each bid alike: it takes the
    bid with the best mean of the model's expected score and the rollouts' value (both
    in the searched scoring), ties to the higher bid, where :class:`FittedModelTop2`
    takes the rollouts' best."""

    #: The rollouts' share of a bid's value (the model's: the rest).
    ROLLOUT_SHARE: ClassVar[float] = 0.5

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """At a Diminishing Whist bid, the blend's best of the model's two best bids."""
        if len(legal) > 1 and isinstance(legal[0], Bid) \
                and observation["game"] == DiminishingWhist.name:
            model = dict(self.model_ranking(observation, legal)[:self.top])
            model_stats = self.last_stats["model"]
            rolled = dict(self._search(observation, list(model)))
            share = self.ROLLOUT_SHARE
            blended = {bid: share * rolled[bid] + (1.0 - share) * value
                       for bid, value in model.items() if bid in rolled}
            self.last_stats["model"] = model_stats
            self.last_stats["blended"] = {bid: round(v, 3) for bid, v in blended.items()}
            return max(blended, key=lambda bid: (blended[bid], bid.tricks))
        return super().choose(observation, legal)


class IsmctsPolicyModelBids(FittedModelBids):
    """:class:`FittedModelBids` whose rollouts draw from the policy fitted to ISMCTS's card
    play (``bench.strong_variants:IsmctsPolicy``)."""

    POLICY_MODULE = "bench.ismcts_policy_weights"


class Ismcts1sPolicyModelBids(FittedModelBids):
    """:class:`FittedModelBids` whose rollouts draw from the policy fitted to ISMCTS's card
    play at 1 s (40,000 simulations a decision; bench/ismcts_1s_policy_weights.py)."""

    POLICY_MODULE = "bench.ismcts_1s_policy_weights"


class OwnPolicyIsmctsOthers(FittedModelBids):
    """:class:`FittedModelBids` whose rollouts play the other seats by the policy fitted to
    ISMCTS's card play at 4,000 simulations (bench/ismcts_policy_weights.py) and the seat
    itself by the policy fitted to its own play (bench/card_policy_weights.py): each seat
    of the imagined hand plays as that kind of player does."""

    POLICY_MODULE = "bench.ismcts_policy_weights"
    OWN_POLICY_MODULE = "bench.card_policy_weights"


class PatientFittedModelBids(FittedModelBids):
    """:class:`FittedModelBids` whose search drops no candidate before 16 worlds and keeps
    two to the end (:class:`bench.strong_variants.PatientTally`)."""

    TALLY = PatientTally


class RefitModelBids(FittedModelBids):
    """:class:`FittedModelBids` with the model refitted on its own play
    (bench/outcome_refit_weights.py: bids explored and played by :class:`FittedModelBids`
    at 650 rollouts a card, against ISMCTS and in self-play, with the earlier data)."""

    WEIGHTS_MODULE = "bench.outcome_refit_weights"


class RefitIsmctsPolicy(IsmctsPolicyModelBids):
    """Both of the above: the refitted model's bids (:class:`RefitModelBids`) and
    rollouts by the policy fitted to ISMCTS's card play (:class:`IsmctsPolicyModelBids`)."""

    WEIGHTS_MODULE = "bench.outcome_refit_weights"


class OwnTemperatureModelBids(FittedModelBids):
    """:class:`FittedModelBids` whose rollouts draw the searching seat's own later cards
    from the same fitted policy at another temperature (setting ``own_temperature``)
    than the other seats' (``temperature``): above 1 the seat values a card as if its
    own later play were looser than it is (towards ISMCTS's random playouts), below 1
    as if it were the policy's best card."""

    setting_names: ClassVar[tuple[str, ...]] = (*FittedModelBids.setting_names,
                                                "own_temperature")
    #: The default of the ``own_temperature`` setting.
    OWN_TEMPERATURE: ClassVar[float] = 2.0

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """:class:`FittedModelBids`'s settings and ``own_temperature`` (a number >= 0)."""
        super().__init__(seed=seed, budget=budget, **settings)
        self.own_temperature = check_temperature(
            "own_temperature", settings.get("own_temperature", self.OWN_TEMPERATURE))
        self.own_policy = policy_tables(self.own_temperature)


class HotOwnModelBids(OwnTemperatureModelBids):
    """:class:`OwnTemperatureModelBids` with the seat's own later cards at temperature 2."""

    OWN_TEMPERATURE = 2.0


class ColdOwnModelBids(OwnTemperatureModelBids):
    """:class:`OwnTemperatureModelBids` with the seat's own later cards at temperature 0.5."""

    OWN_TEMPERATURE = 0.5


class PairedFittedModelBids(FittedModelBids):
    """:class:`FittedModelBids` whose candidates' rollouts in a world draw the same random
    numbers (common random numbers: ``strong``'s ``rollout_seeds``), so the fitted
    policy's draws differ between two candidates only where their hands do."""

    rollout_seeds = True


class PairedFittedModelTop2(FittedModelTop2):
    """:class:`FittedModelTop2` with common random numbers, as :class:`PairedFittedModelBids`."""

    rollout_seeds = True


class DelayModelBids(FittedModelBids):
    """:class:`FittedModelBids` that, at a card while its seat is still under its bid,
    plays the cheapest of the candidates whose mean rollout value is within
    ``delay_margin`` points (setting, default 0.25) of the best (side suits before trump,
    then by rank): of near-equal cards it keeps its winners for later.  Against ISMCTS
    our seats reach their bids about half a trick earlier on the same bids
    (bench/card_errors.py) and then break them more often; this tests whether taking
    tricks later, where the rollouts cannot tell, is worth it."""

    setting_names: ClassVar[tuple[str, ...]] = (*FittedModelBids.setting_names, "delay_margin")
    #: The default of the ``delay_margin`` setting.
    DELAY_MARGIN: ClassVar[float] = 0.25

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """:class:`FittedModelBids`'s settings and ``delay_margin`` (points, >= 0)."""
        super().__init__(seed=seed, budget=budget, **settings)
        self.delay_margin = check_temperature(
            "delay_margin", settings.get("delay_margin", self.DELAY_MARGIN))

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """At a card under the bid, the cheapest near-best candidate; else as the base."""
        seat = observation["seat"]
        facts = cast("dict[str, Any]", observation)
        bid = facts["bids"][seat] if observation["game"] == DiminishingWhist.name else None
        if len(legal) < 2 or not isinstance(legal[0], Play) or bid is None \
                or observation["tricks_won"][seat] >= bid \
                or len(distinct_plays(observation, list(legal))) == 1:
            return super().choose(observation, legal)
        # The survivors of the search come first; the candidates it dropped are not near.
        ranked = self._search(observation, legal)[:self.last_stats["survivors"]]
        best = ranked[0][1]
        near = [action for action, value in ranked if value >= best - self.delay_margin]
        trump = observation["trump"]
        trump_suit = None if trump in (None, "NT") else SUIT_OF[Card.parse("2" + trump)]
        return self.pick(near, trump_suit)

    def pick(self, near: Sequence[Action], trump_suit: int | None) -> Action:
        """Of the near-best candidates, the one to play: the cheapest (side suits before
        trump, then by rank)."""
        def cheapness(action: Action) -> tuple[bool, int]:
            card = action.card  # type: ignore[union-attr]
            return SUIT_OF[card] == trump_suit, RANK_OF[card]
        return min(near, key=cheapness)


class SpendModelBids(DelayModelBids):
    """:class:`DelayModelBids` the other way round: under its bid, of the near-best
    candidates it plays the highest card (by rank, a trump first among equals),
    spending its high cards on the tricks it still needs.  Keeping them for later
    (:class:`DelayModelBids`) broke more bids; in the hands where ISMCTS made a bid we
    broke on the same cards, ISMCTS had taken its tricks with its aces and kings and
    kept the low cards, where we had won with middle cards and were left holding the
    high ones."""

    def pick(self, near: Sequence[Action], trump_suit: int | None) -> Action:
        """Of the near-best candidates, the highest rank (a trump before a side card of
        the same rank)."""
        def dearness(action: Action) -> tuple[int, bool]:
            card = action.card  # type: ignore[union-attr]
            return RANK_OF[card], SUIT_OF[card] == trump_suit
        return max(near, key=dearness)


def shifted_chances(chances: Sequence[float], share: float) -> list[float]:
    """P(tricks = k) with ``share`` of every count's chance moved one trick up (the
    last count keeps its own): the mean rises by about ``share`` tricks."""
    moved = [(1.0 - share) * p for p in chances]
    for k, p in enumerate(chances):
        moved[min(k + 1, len(chances) - 1)] += share * p
    return moved


class ShiftedModelBids(FittedModelBids):
    """:class:`FittedModelBids` that bids as if it would take more tricks than the model
    says: ``shift`` (setting, a share in [0, 1], default 0.12) of each count's chance is
    moved one trick up before the expected scores are taken.  Against ISMCTS our seats
    take 0.24 tricks over their bids where the model foresaw 0.12
    (bench/outcome_check.py), and the bids lower than ISMCTS's on the same cards lose
    most of the points (bench/bid_errors.py --paired); this bids as the real play
    turns out."""

    setting_names: ClassVar[tuple[str, ...]] = (*FittedModelBids.setting_names, "shift")
    #: The default of the ``shift`` setting.
    SHIFT: ClassVar[float] = 0.12

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """:class:`FittedModelBids`'s settings and ``shift`` (a share in [0, 1])."""
        super().__init__(seed=seed, budget=budget, **settings)
        shift = float(settings.get("shift", self.SHIFT))
        if not 0.0 <= shift <= 1.0:
            raise ValueError(f"shift must be a share in [0, 1], not {shift}")
        self.shift = shift

    def bid_values(self, facts: dict[str, Any],
                   bids: Sequence[int]) -> dict[int, tuple[float, list[float]]]:
        """The model's chances shifted up by ``shift``, each bid's expected score under them."""
        out = {}
        for bid, (_, chances) in super().bid_values(facts, bids).items():
            moved = shifted_chances(chances, self.shift)
            out[bid] = (expected_score(self.scoring, bid, moved), moved)
        return out

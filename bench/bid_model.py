"""Calibrated bids: the search's rollout outcomes corrected by what bids really made.

Why (docs/strength.md, issue 11): ``strong``'s rollouts are too sure of extreme
bids.  A bid of 0 was missed upwards 27% of the time while its rollouts mostly
made it; bids of 4 were missed downwards 55% of the time.  More worlds did not
help: the error is systematic, not noise.  So the choice of a bid no longer
trusts the rollouts' outcome frequencies as they are.

For each candidate bid the search counts how its rollouts ended: the seat took
*fewer* tricks than it bid, *exactly* its bid, or *more*.  A small multinomial
logistic model (weights in :mod:`bench.bid_model_weights`, fitted by
``bench/fit_bid_model.py`` on ``strong``'s own self-play bids and what they
really made) turns those counts and a few facts of the hand (bid, cards, seat
order, trump) into calibrated chances of the three outcomes.  The candidate's
value is then the rollouts' mean value *within* each outcome, weighted by the
calibrated chances instead of the rollouts' own: any game's scoring (ours,
OpenSpiel's oh_hell) stays in the rollouts, the model only moves weight
between outcomes.

Plain Python: the weights are a literal in a module, so the page loads them
with the engines and needs no file access.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: The three outcomes of a bid, in the model's order.
OUTCOMES: tuple[str, str, str] = ("fewer", "exact", "more")

#: The model's inputs, in order (see :func:`features`).
FEATURE_NAMES: tuple[str, ...] = (
    "log_p_fewer", "log_p_exact", "log_p_more",
    "one", "bid", "bid_share", "cards", "first", "last", "trump", "five_players",
    "log_worlds",
)


@dataclass(frozen=True)
class BidFacts:
    """What the model knows of one bid decision besides the rollouts."""

    cards: int
    players: int
    #: 1 for the first bidder, ``players`` for the last (hooked) one.
    position: int
    trump: bool


def outcome_of(bid: int, tricks: int) -> int:
    """0 if the seat took fewer tricks than ``bid``, 1 if exactly, 2 if more."""
    return 0 if tricks < bid else 1 if tricks == bid else 2


def possible(bid: int, cards: int) -> tuple[bool, bool, bool]:
    """Which outcomes can happen: none fewer than 0 tricks, none more than ``cards``."""
    return bid > 0, True, bid < cards


def rollout_shares(counts: Sequence[float], allowed: Sequence[bool]) -> list[float]:
    """Each outcome's smoothed share of the rollouts (0 where it cannot happen)."""
    total = sum(c + 0.5 for c, ok in zip(counts, allowed, strict=True) if ok)
    return [(c + 0.5) / total if ok else 0.0 for c, ok in zip(counts, allowed, strict=True)]


def features(bid: int, counts: Sequence[float], facts: BidFacts) -> list[float]:
    """The model's inputs for one candidate bid (order of :data:`FEATURE_NAMES`)."""
    allowed = possible(bid, facts.cards)
    shares = rollout_shares(counts, allowed)
    # An impossible outcome's log share is never used (its probability is forced to 0);
    # 0.0 keeps the row finite for the fit.
    logs = [math.log(s) if s > 0 else 0.0 for s in shares]
    worlds = sum(counts)
    return [*logs, 1.0, float(bid), bid / facts.cards, float(facts.cards),
            1.0 if facts.position == 1 else 0.0,
            1.0 if facts.position == facts.players else 0.0,
            1.0 if facts.trump else 0.0, 1.0 if facts.players == 5 else 0.0,
            math.log(max(1, worlds))]


@dataclass(frozen=True)
class BidModel:
    """Multinomial logistic weights: one row per outcome, one column per feature."""

    weights: tuple[tuple[float, ...], ...]

    def probabilities(self, bid: int, counts: Sequence[float],
                      facts: BidFacts) -> list[float]:
        """Calibrated chances of (fewer, exact, more) for a candidate bid."""
        x = features(bid, counts, facts)
        allowed = possible(bid, facts.cards)
        scores = [sum(w * v for w, v in zip(row, x, strict=True)) if ok else -math.inf
                  for row, ok in zip(self.weights, allowed, strict=True)]
        top = max(scores)
        exps = [math.exp(s - top) if s > -math.inf else 0.0 for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def value(self, bid: int, outcome_values: Sequence[Sequence[tuple[float, float]]],
              counts: Sequence[float], facts: BidFacts) -> float:
        """The candidate's value: mean rollout value per outcome, weighted by the model.

        ``outcome_values[k]`` holds (value, world weight) of the rollouts that ended
        in outcome ``k``; ``counts`` the rollouts per outcome (weighted).  Outcomes no
        rollout reached carry no value to weight, so their calibrated chance is
        shared out among the others.
        """
        chances = self.probabilities(bid, counts, facts)
        weighted = 0.0
        mass = 0.0
        for chance, values in zip(chances, outcome_values, strict=True):
            total = sum(w for _, w in values)
            if values and total > 0.0:
                weighted += chance * (sum(v * w for v, w in values) / total)
                mass += chance
        if mass <= 0.0:
            return -math.inf
        return weighted / mass


def identity_model() -> BidModel:
    """A model that trusts the rollouts as they are (their shares, smoothed)."""
    rows = []
    for k in range(len(OUTCOMES)):
        row = [0.0] * len(FEATURE_NAMES)
        row[k] = 1.0
        rows.append(tuple(row))
    return BidModel(tuple(rows))


def load_model() -> BidModel | None:
    """The fitted model, or None when no weights have been fitted yet."""
    try:
        from bench.bid_model_weights import WEIGHTS
    except ImportError:
        return None
    names = WEIGHTS["features"]
    if tuple(names) != FEATURE_NAMES:
        raise ValueError("bench/bid_model_weights.py was fitted on other features; "
                         "refit it with bench/fit_bid_model.py")
    return BidModel(tuple(tuple(float(w) for w in row) for row in WEIGHTS["weights"]))

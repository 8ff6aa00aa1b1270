"""Worlds that fit what was seen: sampled deals kept in proportion to how likely the bids were.

A game's ``sample_world`` deals the hidden cards uniformly among the deals that
respect what a seat saw for certain (its own hand, the cards played, the voids
shown).  But the other seats' bids say more: a seat that bid 4 of 10 holds
high cards.  Here a sampled Diminishing Whist world weighs as much as the
likelihood of every other seat's bid given the hand the world dealt it
(importance sampling), so what the search learns from its worlds leans the
way the bids point.

The model of how a seat bids: a linear function of the hand it was dealt (its
hand now plus the cards it has played this hand; :func:`hand_features`), one
per hand size, with Gaussian noise of that hand size's residual spread.
Fitted by ``bench/fit_world_model.py`` on ``strong``'s self-play bids; the
weights are in :mod:`bench.world_model_weights`.  Without them, the rough
``BID_INTERCEPT + BID_SLOPE * expected_tricks(hand)`` with ``sigma(cards)``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from engines.hand_strength import expected_tricks
from whist.cards import RANK_OF, SUIT_OF

BID_INTERCEPT = -0.36
BID_SLOPE = 1.17
#: The share of bids the model does not explain (a uniform bid from 0 to the cards).
SURPRISE = 0.15


#: The lowest rank :func:`hand_features` counts as an honour (ranks run 2..14: J=11, A=14).
JACK = 11
#: The names of :func:`hand_features`' values, in order.
HAND_FEATURES: tuple[str, ...] = (
    "one", "trumps", "trump_ace", "trump_king", "trump_queen", "trump_jack",
    "side_aces", "side_kings", "side_queens", "side_jacks", "side_voids", "side_singletons",
    "longest_side")


def hand_features(hand: Sequence[int], trump: int | None) -> list[float]:
    """What a bid is read from: trumps and their honours, side honours, short and long suits."""
    length = [0] * 4
    honours = [[0] * 4 for _ in range(4)]
    for c in hand:
        suit = SUIT_OF[c]
        length[suit] += 1
        rank = RANK_OF[c]
        if rank >= JACK:
            honours[suit][14 - rank] += 1  # 0: ace, 1: king, 2: queen, 3: jack
    sides = [s for s in range(4) if s != trump]
    trumps = 0 if trump is None else length[trump]
    top = [0, 0, 0, 0] if trump is None else honours[trump]
    return [1.0, float(trumps), *map(float, top),
            *(float(sum(honours[s][h] for s in sides)) for h in range(4)),
            float(sum(1 for s in sides if length[s] == 0)),
            float(sum(1 for s in sides if length[s] == 1)),
            float(max(length[s] for s in sides))]


def _load_weights() -> dict[int, tuple[tuple[float, ...], float]]:
    """Per hand size: (weights of :func:`hand_features`, residual spread); {} if not fitted."""
    try:
        from bench.world_model_weights import BIDS
    except ImportError:
        return {}
    if tuple(BIDS["features"]) != HAND_FEATURES:
        raise ValueError("bench/world_model_weights.py was fitted on other features; "
                         "refit it with bench/fit_world_model.py")
    return {int(cards): (tuple(float(w) for w in fit["weights"]), float(fit["sigma"]))
            for cards, fit in BIDS["by_cards"].items()}


#: The fitted bid model per hand size (empty: the rough model).
BID_WEIGHTS = _load_weights()


def expected_bid(hand: Sequence[int], trump: int | None, players: int, cards: int) -> float:
    """The bid the model expects from a seat dealt ``hand``."""
    fitted = BID_WEIGHTS.get(cards)
    if fitted is None or players != 4:
        return BID_INTERCEPT + BID_SLOPE * expected_tricks(hand, trump, players)
    weights = fitted[0]
    return sum(w * x for w, x in zip(weights, hand_features(hand, trump), strict=True))


def sigma(cards: int, players: int = 4) -> float:
    """The spread of a bid around the model's mean, by hand size (wider for long hands)."""
    fitted = BID_WEIGHTS.get(cards)
    if fitted is not None and players == 4:
        return fitted[1]
    return 0.35 + 0.1 * cards


def bid_likelihood(world: Any, obs: dict[str, Any]) -> float:
    """How likely the other seats' bids were, had the world's hands been theirs.

    Scaled so that a bid exactly where the model expects it counts at most 1.
    """
    bids: list[int | None] = obs["bids"]
    seat: int = obs["seat"]
    players: int = obs["players"]
    trump = None if world.trump is None else int(world.trump)
    played: list[list[int]] = [[] for _ in range(players)]
    for _, plays, _ in world.tricks:
        for who, card in plays:
            played[who].append(card)
    for who, card in world.trick:
        played[who].append(card)
    cards: int = obs["cards"]
    spread = sigma(cards, players)
    # A seat bids as the model says, or (one time in 1/SURPRISE) anything at all: a
    # seat that bids unlike the model (a beginner, a random player) then makes every
    # world about as likely instead of steering the search to the wrong cards.
    surprise = SURPRISE * spread * math.sqrt(2 * math.pi) / (cards + 1)
    likelihood = 1.0
    for other, bid in enumerate(bids):
        if other == seat or bid is None:
            continue
        dealt = list(world.hands[other]) + played[other]
        z = (bid - expected_bid(dealt, trump, players, cards)) / spread
        likelihood *= ((1.0 - SURPRISE) * math.exp(-0.5 * z * z) + surprise)
    return likelihood


#: The likelihood of a game's sampled world, by game name (games without one: uniform).
LIKELIHOODS: dict[str, Callable[[Any, dict[str, Any]], float]] = {
    "diminishing-whist": bid_likelihood,
}


def world_weigher(obs: Any) -> Callable[[Any], float] | None:
    """The weight of a sampled world for this observation, or None if every world weighs alike.

    The search weights each world's rollouts by it (importance sampling):
    cheaper than rejecting worlds, each of which costs a whole deal.
    """
    likelihood = LIKELIHOODS.get(obs["game"])
    if likelihood is None or not any(
            b is not None for s, b in enumerate(obs.get("bids", ())) if s != obs["seat"]):
        return None
    return lambda world: likelihood(world, obs)

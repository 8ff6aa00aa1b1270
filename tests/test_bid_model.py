"""The bid model and the world model of ``strong`` (issue 11): what each computes, by hand."""

from __future__ import annotations

import math
import random

import pytest

from bench.bid_model import (
    FEATURE_NAMES,
    BidFacts,
    BidModel,
    identity_model,
    load_model,
    outcome_of,
    possible,
    rollout_shares,
)
from bench.strong_variants import Tunable
from bench.world_model import (
    HAND_FEATURES,
    SURPRISE,
    bid_likelihood,
    expected_bid,
    hand_features,
    sigma,
    world_weigher,
)
from whist.actions import Bid
from whist.cards import RANK_OF, Card
from whist.games.diminishing import DiminishingWhist

FACTS = BidFacts(cards=5, players=4, position=2, trump=True)


def test_outcomes_and_what_can_happen() -> None:
    assert [outcome_of(2, t) for t in (0, 1, 2, 3)] == [0, 0, 1, 2]
    assert possible(0, 5) == (False, True, True)  # nobody takes fewer than 0 tricks
    assert possible(5, 5) == (True, True, False)  # nor more than the cards dealt
    assert rollout_shares([3, 5, 2], (True, True, True)) == pytest.approx(
        [3.5 / 11.5, 5.5 / 11.5, 2.5 / 11.5])
    assert rollout_shares([0, 5, 2], (False, True, True))[0] == 0.0


def test_identity_model_trusts_the_rollouts() -> None:
    model = identity_model()
    assert model.probabilities(2, [3, 5, 2], FACTS) == pytest.approx(
        rollout_shares([3, 5, 2], (True, True, True)))
    # An impossible outcome gets no chance, whatever the weights say.
    assert model.probabilities(0, [0, 6, 4], FACTS)[0] == 0.0


def test_value_moves_weight_between_outcomes_not_values() -> None:
    # Rollouts: two made the bid (value 12 each), two took more (value 0).
    outcomes = ([], [(12.0, 1.0), (12.0, 1.0)], [(0.0, 1.0), (0.0, 1.0)])
    counts = [0.0, 2.0, 2.0]
    trusting = identity_model()
    assert trusting.value(2, outcomes, counts, FACTS) == pytest.approx(12.0 * 2.5 / 5.0)
    # A model that says "exact" is twice as likely as the rollouts think.
    rows = [list(r) for r in identity_model().weights]
    rows[1][FEATURE_NAMES.index("one")] = math.log(2.0)
    doubled = BidModel(tuple(tuple(r) for r in rows))
    p = doubled.probabilities(2, counts, FACTS)
    assert p[1] / p[2] == pytest.approx(2.0)
    # Only the outcomes a rollout reached carry value: "fewer" (never seen) is ignored.
    assert doubled.value(2, outcomes, counts, FACTS) == pytest.approx(12.0 * p[1] / (p[1] + p[2]))
    # A world's weight counts inside an outcome's mean.
    weighted = ([], [(12.0, 3.0), (6.0, 1.0)], [(0.0, 1.0)])
    assert trusting.value(2, weighted, [0.0, 2.0, 1.0], FACTS) == pytest.approx(
        (10.5 * 2.5 / 4.0) / (2.5 / 4.0 + 1.5 / 4.0))


def test_fitted_weights_match_the_features() -> None:
    model = load_model()
    assert model is not None, "bench/bid_model_weights.py is missing"
    assert len(model.weights) == 3
    assert all(len(row) == len(FEATURE_NAMES) for row in model.weights)


def test_bid_model_setting_is_checked() -> None:
    with pytest.raises(ValueError, match="bid_model"):
        Tunable(iterations=10, bid_model="maybe")
    with pytest.raises(ValueError, match="world_model"):
        Tunable(iterations=10, world_model="all")


def _after_bids(bids: list[int]) -> DiminishingWhist:
    state = DiminishingWhist.search_type()({"players": 4}, seed=7)
    for b in bids:
        state.step(Bid(b))
    return state


def test_a_high_bid_makes_worlds_with_high_cards_likelier() -> None:
    state = _after_bids([4])  # round 1: 10 cards; the first bidder said 4
    bidder = state.opener
    seat = state.to_move
    assert seat is not None
    obs = state.observe(seat)
    world = DiminishingWhist.sample_world(obs, random.Random(1))
    hidden = sorted(world.hands[bidder] + world.hands[(seat + 1) % 4]
                    + world.hands[(seat + 2) % 4], key=lambda c: RANK_OF[c])
    # The same world twice: the bidder holds the 10 highest-ranked hidden cards, or the lowest.
    strong_hand = hidden[-10:]
    weak_hand = hidden[:10]
    rich = world.fork()
    rich.hands = [list(h) for h in world.hands]
    poor = world.fork()
    poor.hands = [list(h) for h in world.hands]
    others = [s for s in range(4) if s not in (seat, bidder)]
    rich.hands[bidder] = strong_hand
    rest = hidden[:-10]
    rich.hands[others[0]], rich.hands[others[1]] = rest[:10], rest[10:]
    poor.hands[bidder] = weak_hand
    rest = hidden[10:]
    poor.hands[others[0]], poor.hands[others[1]] = rest[:10], rest[10:]
    assert bid_likelihood(rich, dict(obs)) > 10 * bid_likelihood(poor, dict(obs))
    assert bid_likelihood(rich, dict(obs)) <= 1.0


def test_no_weights_before_anyone_else_bid() -> None:
    state = DiminishingWhist.search_type()({"players": 4}, seed=7)
    seat = state.to_move
    assert seat is not None
    assert world_weigher(state.observe(seat)) is None
    after = _after_bids([1])
    assert after.to_move is not None
    assert world_weigher(after.observe(after.to_move)) is not None


def test_played_cards_count_in_the_hand_a_seat_was_dealt() -> None:
    state = _after_bids([2, 3, 1, 2])
    # Play the first trick; the likelihood reads each seat's dealt hand back.
    for _ in range(4):
        state.step(state.legal_actions()[0])
    seat = state.to_move
    assert seat is not None
    obs = state.observe(seat)
    world = DiminishingWhist.sample_world(obs, random.Random(3))
    assert sum(len(h) for h in world.hands) == 36
    played = {who: card for _, plays, _ in world.tricks for who, card in plays}
    trump = None if world.trump is None else int(world.trump)
    spread = sigma(10, 4)
    floor = SURPRISE * spread * math.sqrt(2 * math.pi) / 11
    expected = 1.0
    for other in range(4):
        if other != seat:
            dealt = [*world.hands[other], played[other]]
            z = (world.bids[other] - expected_bid(dealt, trump, 4, 10)) / spread
            expected *= (1 - SURPRISE) * math.exp(-0.5 * z * z) + floor
    assert bid_likelihood(world, dict(obs)) == pytest.approx(expected)


def test_a_bid_the_model_cannot_explain_still_leaves_every_world_possible() -> None:
    state = _after_bids([10])  # 10 of 10: what a random player might bid
    seat = state.to_move
    assert seat is not None
    obs = dict(state.observe(seat))
    rng = random.Random(5)
    weights = [bid_likelihood(DiminishingWhist.sample_world(state.observe(seat), rng), obs)
               for _ in range(200)]
    floor = SURPRISE * sigma(10, 4) * math.sqrt(2 * math.pi) / 11
    assert min(weights) >= floor
    assert max(weights) / min(weights) < 1 / SURPRISE


def test_hand_features_count_what_a_bidder_counts() -> None:
    hand = [int(Card.parse(c)) for c in ("A♥", "Q♥", "5♥", "A♠", "K♣", "2♣", "J♦")]
    f = dict(zip(HAND_FEATURES, hand_features(hand, 2), strict=True))  # ♥ trumps
    assert (f["trumps"], f["trump_ace"], f["trump_king"], f["trump_queen"]) == (3, 1, 0, 1)
    assert (f["side_aces"], f["side_kings"], f["side_jacks"]) == (1, 1, 1)
    assert (f["side_voids"], f["side_singletons"], f["longest_side"]) == (0, 2, 2)
    no_trump = dict(zip(HAND_FEATURES, hand_features(hand, None), strict=True))
    assert (no_trump["trumps"], no_trump["side_aces"], no_trump["longest_side"]) == (0, 2, 3)

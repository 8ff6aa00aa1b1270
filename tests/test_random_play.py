"""engines/random_play.py and bench/random_play.py: the tricks a hand takes under random
play, and bids by them."""

from __future__ import annotations

import random

import pytest

from bench.random_play import (
    RandomPlayBids,
    RandomPlayTop2,
    RandomPlayTop2Margin,
    RandomPlayTop2ZeroFirst,
)
from engines.random_play import random_trick_chances
from engines.strong import StrongEngine
from whist.actions import Action, Bid
from whist.cards import Card
from whist.games.diminishing import DiminishingWhist
from whist.observations import Observation

SPADES = 3


def cards(*names: str) -> list[int]:
    """Card numbers of ``names``."""
    return [int(Card.parse(n)) for n in names]


def test_the_ten_top_trumps_take_every_trick() -> None:
    hand = cards("A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "8♠", "7♠", "6♠", "5♠")
    for seat in range(4):
        chances = random_trick_chances(hand, SPADES, 4, seat, [], 50, random.Random(seat))
        assert chances == [0.0] * 10 + [1.0]


def test_low_cards_at_no_trump_rarely_win_and_the_chances_add_up() -> None:
    hand = cards("2♣", "3♣", "2♦", "3♦", "2♥", "3♥", "4♥", "2♠", "3♠", "4♠")
    chances = random_trick_chances(hand, None, 4, 1, [], 400, random.Random(1))
    assert len(chances) == 11 and abs(sum(chances) - 1.0) < 1e-9
    assert chances[0] > 0.5 and sum(chances[3:]) < 0.05


def test_cards_out_of_play_are_never_dealt() -> None:
    hand = cards("A♣")
    out = [c for c in range(52) if c not in (*hand, *cards("2♣", "3♣", "4♣"))]
    # The others can only hold the 2, 3 and 4 of clubs: the ace always wins.
    chances = random_trick_chances(hand, None, 4, 2, out, 30, random.Random(2))
    assert chances == [0.0, 1.0]
    with pytest.raises(ValueError, match="too few unseen cards"):
        random_trick_chances(hand, None, 4, 2, [*out, *cards("2♣")], 1, random.Random(2))


def test_the_engine_bids_the_best_expected_score_and_plays_as_strong() -> None:
    state = DiminishingWhist({"players": 4}, seed=5)
    seat = state.to_move
    assert seat is not None
    obs = state.observe(seat)
    legal = state.legal_actions()
    engine = RandomPlayBids(seed=3, iterations=20, bid_playouts=300)
    bid = engine.choose(obs, legal)
    assert isinstance(bid, Bid)
    values = engine.last_stats["random_play"]
    assert values[bid.tricks] == max(values.values())
    assert engine.bid_chances(obs) == engine.bid_chances(obs)  # seeded by the decision
    with pytest.raises(ValueError, match="bid_playouts"):
        RandomPlayBids(bid_playouts=0)


def first_bid(seed: int) -> tuple[Observation, list[Action]]:
    """The first bidder's observation and legal bids in a 4-player round of ``seed``."""
    state = DiminishingWhist({"players": 4}, seed=seed)
    seat = state.to_move
    assert seat is not None
    return state.observe(seat), state.legal_actions()


def test_top2_searches_the_two_best_bids_under_random_play() -> None:
    obs, legal = first_bid(5)
    engine = RandomPlayTop2(seed=3, iterations=40, bid_playouts=300)
    bid = engine.choose(obs, legal)
    ranked = RandomPlayBids(seed=3, iterations=40, bid_playouts=300).random_play_ranking(obs, legal)
    assert bid in ranked[:2]
    assert engine.last_stats["candidates"] == 2


def test_zero_first_searches_a_bid_of_0_only_when_random_play_ranks_it_first() -> None:
    obs, legal = first_bid(40)  # random play ranks 1, 0, 2, ...
    ranked = RandomPlayBids(seed=3, iterations=40, bid_playouts=300).random_play_ranking(obs, legal)
    assert [b.tricks for b in ranked[:3]] == [1, 0, 2]
    engine = RandomPlayTop2ZeroFirst(seed=3, iterations=40, bid_playouts=300)
    bid = engine.choose(obs, legal)
    assert engine.last_stats["candidates"] == 2
    assert bid == engine._search(obs, [ranked[0], ranked[2]])[0][0] != ranked[1]


def test_strong_searches_the_two_best_bids_under_random_play_as_top2_did() -> None:
    """``strong``'s own shortlist is the measured :class:`RandomPlayTop2`: the same bid
    and the same values at every Diminishing Whist bid of a round."""
    state = DiminishingWhist({"players": 4}, seed=8)
    bids = 0
    while state.decision is not None and state.legal_actions() \
            and isinstance(state.legal_actions()[0], Bid):
        seat = state.to_move
        assert seat is not None
        obs, legal = state.observe(seat), state.legal_actions()
        strong = StrongEngine(seed=seat, iterations=60)
        top2 = RandomPlayTop2(seed=seat, iterations=60)
        assert strong.evaluate(obs, legal) == top2._search(obs, top2.random_play_ranking(
            obs, legal)[:2])
        assert strong.last_stats["candidates"] == 2
        state.apply(strong.choose(obs, legal))
        bids += 1
    assert bids == 4


def test_a_bid_shortlist_of_zero_searches_every_bid() -> None:
    obs, legal = first_bid(8)
    engine = StrongEngine(seed=1, iterations=40, bid_shortlist=0)
    engine.choose(obs, legal)
    assert engine.last_stats["candidates"] == len(legal) > 2
    with pytest.raises(ValueError, match="bid_shortlist"):
        StrongEngine(bid_shortlist=-1)


def round_bids(seed: int) -> list[tuple[Observation, list[Action]]]:
    """Every bid decision of a 4-player round of ``seed``, ``strong`` (60 rollouts) bidding."""
    state = DiminishingWhist({"players": 4}, seed=seed)
    decisions = []
    while isinstance(state.legal_actions()[0], Bid):
        seat = state.to_move
        assert seat is not None
        obs, legal = state.observe(seat), state.legal_actions()
        decisions.append((obs, legal))
        state.apply(StrongEngine(seed=seat, iterations=60).choose(obs, legal))
    return decisions


def test_a_lower_bid_margin_of_zero_is_strong_itself() -> None:
    for seed in (6, 9):
        for obs, legal in round_bids(seed):
            strong = StrongEngine(seed=3, iterations=200)
            margin = RandomPlayTop2Margin(seed=3, iterations=200, lower_margin=0.0)
            assert margin.evaluate(obs, legal) == strong.evaluate(obs, legal)


def test_a_lower_bid_than_random_plays_best_needs_the_margin() -> None:
    obs, legal = first_bid(6)
    strong = StrongEngine(seed=3, iterations=200)
    ranked = RandomPlayBids(seed=3).random_play_ranking(obs, legal)
    assert strong.choose(obs, legal) == ranked[1] == Bid(ranked[0].tricks - 1)
    engine = RandomPlayTop2Margin(seed=3, iterations=200)  # 1 standard error
    assert engine.choose(obs, legal) == ranked[0]
    z = engine.last_stats["override_z"]
    assert 0.0 < z < 1.0
    assert RandomPlayTop2Margin(seed=3, iterations=200, lower_margin=z / 2).choose(
        obs, legal) == ranked[1]
    with pytest.raises(ValueError, match="lower_margin"):
        RandomPlayTop2Margin(lower_margin=-1)


def test_a_higher_bid_than_random_plays_best_needs_no_margin() -> None:
    higher = 0
    for seed in range(20, 26):
        for obs, legal in round_bids(seed):
            strong = StrongEngine(seed=3, iterations=200)
            first = RandomPlayBids(seed=3).random_play_ranking(obs, legal)[0]
            bid = strong.choose(obs, legal)
            assert isinstance(bid, Bid)
            if bid.tricks > first.tricks:
                higher += 1
                wide = RandomPlayTop2Margin(seed=3, iterations=200, lower_margin=1e9)
                assert wide.choose(obs, legal) == bid
    assert higher > 0

"""bench/random_bids.py: bids valued over random playouts, cards by ``strong``."""

from __future__ import annotations

import pytest

from bench.random_bids import RandomBids
from engines.strong import EPSILON, StrongEngine
from whist.actions import Bid, Decision
from whist.games.diminishing import DiminishingWhist


def test_bids_search_random_playouts_and_cards_are_strongs() -> None:
    state = DiminishingWhist.search_type()({"players": 4}, seed=5)
    seat = state.to_move
    assert seat is not None
    obs, legal = state.observe(seat), state.legal_actions()
    engine = RandomBids(seed=1, iterations=50, bid_iterations=300)
    bid = engine.choose(obs, legal)
    assert isinstance(bid, Bid) and bid in legal
    assert 50 < engine.last_stats["rollouts"] <= 300
    # The card settings are back after the bid, and a card is strong's own choice.
    assert (engine.epsilon, engine.iterations) == (EPSILON, 50)
    while state.decision is Decision.BID:
        state.step(state.legal_actions()[0])
    mover = state.to_move
    assert mover is not None
    obs, legal = state.observe(mover), state.legal_actions()
    assert RandomBids(seed=2, iterations=60).choose(obs, legal) \
        == StrongEngine(seed=2, iterations=60).choose(obs, legal)
    with pytest.raises(ValueError, match="bid_iterations"):
        RandomBids(iterations=10, bid_iterations=0)

"""bench/auction.py: ``strong`` with its Bidding Whist contracts capped."""

from __future__ import annotations

from bench.auction import CappedAuction, CappedAuction0, CappedAuction2
from engines.strong import StrongEngine, contract_estimates
from whist.actions import SKIP, Contract
from whist.cards import Card
from whist.games import new_game


def test_the_cap_keeps_only_contracts_the_hand_is_worth_and_skipping() -> None:
    for seed in range(3):
        state = new_game("bidding-whist", seed=seed)
        seat = state.to_move
        assert seat is not None
        obs, legal = state.observe(seat), state.legal_actions()
        hand = [int(Card.parse(text)) for text in obs["hand"]]
        estimates = contract_estimates(hand, 4)
        kept = CappedAuction0(seed=1, iterations=30).allowed(obs, legal)
        assert SKIP in kept and set(kept) <= set(legal)
        for action in kept:
            if isinstance(action, Contract):
                assert action.tricks <= estimates[None if action.trump is None
                                                  else int(action.trump)]
        wider = CappedAuction2(seed=1, iterations=30).allowed(obs, legal)
        assert set(kept) <= set(wider)
        assert CappedAuction0(seed=1, iterations=30).choose(obs, legal) in kept


def test_a_cap_above_every_contract_plays_as_strong() -> None:
    state = new_game("bidding-whist", seed=2)
    seat = state.to_move
    assert seat is not None
    obs, legal = state.observe(seat), state.legal_actions()
    assert CappedAuction(seed=3, iterations=40, cap=13).choose(obs, legal) \
        == StrongEngine(seed=3, iterations=40).choose(obs, legal)

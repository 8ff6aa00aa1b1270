"""Bidding Whist's hand count on the table: a redealt deal is not a hand of the game."""

from __future__ import annotations

from whist.actions import SKIP
from whist.games.bidding import BiddingWhist
from whist_app.presenters.base import Seating
from whist_app.presenters.bidding import BiddingPresenter, counted_hand


def test_a_redeal_after_four_skips_does_not_count_as_a_hand() -> None:
    state = BiddingWhist({"hands": 1}, seed=4)
    for _ in range(4):
        state.apply(SKIP)
    obs = BiddingPresenter().narrow(state.observe(0))
    assert obs["hand_number"] == 1 and not obs["over"]  # the record holds the redealt deal
    assert counted_hand(obs) == 1
    seating = Seating(["human", "beginner", "beginner", "beginner"], 0)
    info = BiddingPresenter().info(obs, seating)
    assert [i for i in info if i["key"] == "hand"][0]["value"] == "1 of 1"
    assert BiddingPresenter().heading(obs, seating).startswith("Hand 1:")

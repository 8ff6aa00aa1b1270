"""The claim and "Expert in your seat" through the web API."""

from __future__ import annotations

from typing import Any

import pytest

from whist.claim import can_claim
from whist.protocol import IllegalAction
from whist.records import replay
from whist_app import webapi


def first_legal() -> str:
    """The first legal action of the game in play, as text (what the person sends)."""
    return str(webapi._current().state.legal_actions()[0])


def play_until_claimable(game: str, seed: int) -> dict[str, Any] | None:
    """Play the person's first legal choice and let random seats move until Claim is offered."""
    view = webapi.start({"game": game, "seats": ["human"] + ["random"] * 3, "seed": seed})
    refused = False
    while not view["view"]["over"]:
        if view["view"]["can_claim"]:
            return view
        if view["view"]["human_to_move"]:
            state = webapi._current().state
            if state.decision is not None and state.decision.value == "card" and not refused:
                with pytest.raises(IllegalAction, match="not yours") as error:
                    webapi.claim({})
                assert error.value.code == "not-provable"
                refused = True
            view = webapi.act({"action": first_legal()})
        else:
            view = webapi.step({})
    return None


@pytest.mark.parametrize("game", ["diminishing-whist", "bidding-whist", "classic-whist"])
def test_claim_is_offered_only_when_provable_and_ends_the_hand(game: str) -> None:
    for seed in range(40):
        view = play_until_claimable(game, seed)
        if view is not None:
            break
    assert view is not None
    state = webapi._current().state
    assert can_claim(state, 0)
    hand = state.hand_number
    tricks_left = len(state.hands[0])  # type: ignore[attr-defined]
    before = list(state.tricks_won)  # type: ignore[attr-defined]
    reply = webapi.claim({})
    assert reply["played"] == {"seat": 0, "action": "claim"}
    assert any(e["type"] == "scored" for e in reply["events"]) or reply["view"]["over"]
    state = webapi._current().state
    assert state.hand_number != hand or state.over
    taken = state.hand_scores[-1] if game == "classic-whist" else None
    if taken is not None and not state.over:
        # Every remaining trick was taken by someone: the claim ended the deal.
        assert sum(taken) - sum(before) == tricks_left
    record = webapi._current().record()
    assert replay(record).record()["hands"] == record["hands"]


def test_a_computer_seat_cannot_be_claimed_for() -> None:
    view = webapi.start({"game": "diminishing-whist", "seats": ["random"] * 4, "seed": 2})
    assert not view["view"]["can_claim"]
    with pytest.raises(IllegalAction, match="not your turn"):
        webapi.claim({})


def test_expert_in_your_seat_only_for_finished_hands() -> None:
    view = webapi.start({"game": "diminishing-whist", "seats": ["human"] + ["random"] * 3,
                         "seed": 4})
    with pytest.raises(Exception, match="still being played"):
        webapi.expert_hand({"hand": 0, "iterations": 2})
    while webapi._current().state.hand_number == 0:
        view = webapi.act({"action": first_legal()}) \
            if view["view"]["human_to_move"] else webapi.step({})
    reply = webapi.expert_hand({"iterations": 2})
    assert reply["hand"] == 0 and reply["seat"] == 0
    assert reply["you"] == webapi._current().state.hand_scores[0][0]
    assert reply == webapi.expert_hand({"hand": 0, "iterations": 2})
    with pytest.raises(Exception, match="once it is over"):
        webapi.expert_game({"iterations": 2})
    with pytest.raises(Exception, match="from 1 to 400"):
        webapi.expert_hand({"iterations": 0})


def test_replay_this_deal_deals_the_finished_games_cards_again() -> None:
    view = webapi.start({"game": "classic-whist", "options": {"players": 2, "cards": 3,
                                                              "winning_score": 4},
                         "seats": ["human", "random"], "seed": 9})
    with pytest.raises(Exception, match="once the game is over"):
        webapi.replay_deal({})
    while not view["view"]["over"]:
        view = webapi.act({"action": first_legal()}) \
            if view["view"]["human_to_move"] else webapi.step({})
    old = webapi._current().state.record()["hands"]
    again = webapi.replay_deal({})
    assert again["view"]["levels"] == ["human", "random"]
    assert not again["view"]["over"]
    assert webapi._current().state.hands_log[0]["deal"] == old[0]["deal"]
    assert webapi._current().state.hands_log[0].get("trump") == old[0].get("trump")

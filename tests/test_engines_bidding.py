"""Bidding Whist's original player (``heuristic``) on hands worked out by hand."""

from __future__ import annotations

from math import isclose
from typing import Any

import pytest

from engines.bidding import (
    SIDE,
    TRUMP,
    HeuristicEngine,
    best_contract,
    denomination_estimates,
    first_card,
)
from engines.levels import load_engine
from engines.referee import choose_action
from whist.actions import BIDS, PLAYS, SKIP, Action, Bid, Contract
from whist.cards import Card, Suit, parse_cards
from whist.games.bidding import CONTRACTS, BiddingWhist

# σ(r − 11.5) for A K Q J 10, by hand: 0.9241, 0.8176, 0.6225, 0.3775, 0.1824;
# 9, 7, 5: 0.0759, 0.0110, 0.0015; σ(2.5) + 0.1 = 1.0241, σ(3) = 0.9526.
SIGMA = {14: 0.9241, 13: 0.8176, 12: 0.6225, 11: 0.3775, 10: 0.1824, 9: 0.0759, 7: 0.0110,
         5: 0.0015}
ALL_BIDS: list[Action] = [SKIP, *CONTRACTS]
WORKED_P2 = "♦3 ♦4 ♣3 ♣Q ♣K ♥5 ♥10 ♥J ♥Q ♥K ♥A ♠4 ♠7"
STRONG = "A♠ K♠ Q♠ J♠ 10♠ 9♠ A♥ K♥ Q♥ A♦ K♦ A♣ K♣"
TWIN = "A♣ K♣ Q♣ J♣ 10♣ A♦ K♦ Q♦ J♦ 10♦ 2♥ 3♥ 2♠"


def trump_value(rank: int) -> float:
    """(σ(r − 11.5) + 0.1) / (σ(2.5) + 0.1), from the hand table above."""
    return (SIGMA.get(rank, 0.0) + 0.1) / 1.0241


def obs(hand: str, decision: str, seat: int = 0, bidding: list[list[Any]] | None = None,
        trump: str | None = None) -> dict[str, Any]:
    """An observation with the fields the engine reads."""
    return {"decision": decision, "seat": seat, "hand": [str(c) for c in parse_cards(hand)],
            "bidding": bidding or [], "trump": trump}


def test_tables_match_the_hand_values() -> None:
    for rank, value in SIGMA.items():
        assert isclose(SIDE[rank], value, abs_tol=1e-4)
        assert isclose(TRUMP[rank], trump_value(rank), abs_tol=1e-4)
    assert TRUMP[14] == pytest.approx(1.0)


def test_worked_game_player_2_bids_five_hearts() -> None:
    # ♥ trump: A 1 + K 0.8960 + Q 0.7055 + J 0.4663 + 10 0.2758 + 5 0.0991 = 3.4427;
    # side ♣K 0.8176 + ♣Q 0.6225 + small cards 0.0126 = 1.4527; total 4.8954 → 5.
    # No-trump: (2.9256 + 1.4527) / 0.9526 = 4.596 — less than ♥.
    hearts = sum(trump_value(r) for r in (14, 13, 12, 11, 10, 5)) + 0.8176 + 0.6225 + 0.0126
    estimates = denomination_estimates(parse_cards(WORKED_P2))
    assert isclose(estimates[Suit.HEARTS], hearts, abs_tol=1e-3)
    assert isclose(estimates[None], 4.596, abs_tol=1e-3)
    assert max(estimates, key=lambda d: estimates[d]) is Suit.HEARTS
    assert best_contract(parse_cards(WORKED_P2)) == Contract(5, Suit.HEARTS)
    engine = HeuristicEngine()
    legal = ALL_BIDS
    assert engine.choose(obs(WORKED_P2, "initial_bid", seat=1, bidding=[[0, "skip"]]),
                         legal) == Contract(5, Suit.HEARTS)


def test_strong_hand_bids_nine_spades() -> None:
    # ♠ trump: 1 + 0.8960 + 0.7055 + 0.4663 + 0.2758 + 0.1718 = 3.5154, sides
    # ♥AKQ 2.3642 + ♦AK 1.7417 + ♣AK 1.7417 = 5.8476: 9.363 → 9.
    # No-trump: (3.0000 + 5.8476) / 0.9526 = 9.288, ♥ trump 9.085: ♠ is best.
    estimates = denomination_estimates(parse_cards(STRONG))
    assert isclose(estimates[Suit.SPADES], 9.363, abs_tol=2e-3)
    assert isclose(estimates[None], 9.288, abs_tol=2e-3)
    assert best_contract(parse_cards(STRONG)) == Contract(9, Suit.SPADES)


def test_equal_suits_tie_to_the_higher_denomination() -> None:
    # ♣ and ♦ hold the same ranks: both 3.3436 + 2.9241 + 0.0003 = 6.268; NT 6.140.
    estimates = denomination_estimates(parse_cards(TWIN))
    assert isclose(estimates[Suit.CLUBS], estimates[Suit.DIAMONDS], abs_tol=1e-12)
    assert isclose(estimates[Suit.CLUBS], 6.268, abs_tol=2e-3)
    assert best_contract(parse_cards(TWIN)) == Contract(6, Suit.DIAMONDS)


def test_thirteen_spades_is_worth_only_four_and_skips() -> None:
    # Σσ over all thirteen ranks is 3.0467: (3.0467 + 1.3) / 1.0241 = 4.244 → 4, below 5.
    hand = "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠"
    assert best_contract(parse_cards(hand)) == Contract(4, Suit.SPADES)
    assert HeuristicEngine().choose(obs(hand, "initial_bid"), ALL_BIDS) == SKIP


def test_rounding_is_half_to_even() -> None:
    assert [round(x) for x in (4.5, 5.5, 6.5, 6.51)] == [4, 6, 6, 7]


def test_skips_when_the_contract_is_not_legal_or_it_already_bid() -> None:
    engine = HeuristicEngine()
    after_5s: list[Action] = list(CONTRACTS[CONTRACTS.index(Contract(5, Suit.SPADES)) + 1:])
    # 5♥ does not beat 5♠: skip rather than raise to 6♥ or switch denomination.
    assert engine.choose(obs(WORKED_P2, "initial_bid", seat=1, bidding=[[0, "5♠"]]),
                         [SKIP, *after_5s]) == SKIP
    # 9♠ beats 8NT, but the seat already bid 7♠: it never raises.
    after_8nt: list[Action] = [SKIP, *CONTRACTS[CONTRACTS.index(Contract(8, None)) + 1:]]
    assert Contract(9, Suit.SPADES) in after_8nt
    bidding = [[0, "7♠"], [1, "8NT"]]
    assert engine.choose(obs(STRONG, "initial_bid", seat=0, bidding=bidding), after_8nt) == SKIP
    # Another seat's bid does not count as its own.
    assert engine.choose(obs(STRONG, "initial_bid", seat=2, bidding=bidding),
                         after_8nt) == Contract(9, Suit.SPADES)


def test_secondary_bet_counts_trumps() -> None:
    engine = HeuristicEngine()
    all_bets: list[Action] = list(BIDS[:14])
    # Six hearts held (♥5 10 J Q K A) with ♥ trump: bet 6.
    assert engine.choose(obs(WORKED_P2, "secondary_bet", trump="♥"), all_bets) == Bid(6)
    # Two spades held, no trump: bet 2.
    assert engine.choose(obs(WORKED_P2, "secondary_bet", trump=None), all_bets) == Bid(2)
    # Three clubs, but 3 is forbidden: one more.
    no_three = [b for b in all_bets if b != Bid(3)]
    assert engine.choose(obs(WORKED_P2, "secondary_bet", trump="♣"), no_three) == Bid(4)


def test_secondary_bet_with_thirteen_trumps_forbidden_goes_down() -> None:
    hand = "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠"
    no_thirteen: list[Action] = list(BIDS[:13])
    assert HeuristicEngine().choose(obs(hand, "secondary_bet", trump="♠"),
                                    no_thirteen) == Bid(12)


def test_play_first_legal_card_diamonds_clubs_hearts_spades_low_to_high() -> None:
    def plays(text: str) -> list[Action]:
        return [PLAYS[c] for c in parse_cards(text)]
    assert first_card(plays("2♠ 3♥ 5♣ K♦ 4♦")) == PLAYS[Card.parse("4♦")]
    assert first_card(plays("2♠ 3♥ 5♣ A♣")) == PLAYS[Card.parse("5♣")]
    assert first_card(plays("2♠ A♥ 3♥")) == PLAYS[Card.parse("3♥")]
    assert first_card(plays("K♠ 2♠")) == PLAYS[Card.parse("2♠")]
    engine = HeuristicEngine()
    assert engine.choose(obs("2♠ 3♥ 5♣ K♦ 4♦", "card"), plays("2♠ 3♥ 5♣ K♦ 4♦")) \
        == PLAYS[Card.parse("4♦")]


def test_engine_plays_the_worked_deal_through_the_game() -> None:
    deal = [["2♦", "7♦", "9♦", "A♦", "2♣", "5♣", "6♣", "J♣", "4♥", "9♥", "3♠", "Q♠", "A♠"],
            ["3♦", "4♦", "3♣", "Q♣", "K♣", "5♥", "10♥", "J♥", "Q♥", "K♥", "A♥", "4♠", "7♠"],
            ["5♦", "8♦", "10♦", "J♦", "K♦", "8♣", "9♣", "2♥", "3♥", "7♥", "2♠", "9♠", "K♠"],
            ["6♦", "Q♦", "4♣", "7♣", "10♣", "A♣", "6♥", "8♥", "5♠", "6♠", "8♠", "10♠", "J♠"]]
    state = BiddingWhist({}, seed=0, chance=[{"deal": deal}])
    engine = load_engine("heuristic", "bidding-whist")
    assert isinstance(engine, HeuristicEngine)
    while not state.over:
        state.apply(choose_action(state, engine))
    actions = state.record()["hands"][0]["actions"]
    # Player 1 holds ♦A ♠A ♠Q ♣J ...: every estimate is under 4.5, so it skips;
    # player 2 bids 5♥ as worked above; players 3 and 4 are too weak and skip.
    assert actions[:4] == ["skip", "5♥", "skip", "skip"]
    # Secondary bets in seat order from the opener: trumps held ♥4 ♥9 → 2,
    # ♥2 ♥3 ♥7 → 3, ♥6 ♥8 → 2 (2 + 5 + 3 + 2 = 12, allowed).
    assert actions[4:7] == ["2", "3", "2"]
    assert state.bets == [2, 5, 3, 2]
    # The ruler leads the first legal card by ♦ ♣ ♥ ♠ low to high: 3♦.
    assert actions[7] == "3♦"
    assert sum(state.tricks_won) == 13


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_four_heuristic_players_finish_games(seed: int) -> None:
    state = BiddingWhist({"hands": 3, "on_all_skip": "redeal"}, seed=seed)
    engines = [HeuristicEngine(seed=s) for s in range(4)]
    steps = 0
    while not state.over:
        seat = state.to_move
        assert seat is not None
        state.apply(choose_action(state, engines[seat]))
        steps += 1
        assert steps < 5000
    assert len(state.hand_scores) == 3


def test_engine_is_registered_for_bidding_whist_only() -> None:
    assert load_engine("heuristic").games == ("bidding-whist",)
    with pytest.raises(Exception, match="does not play"):
        load_engine("heuristic", "diminishing-whist")

"""Bidding Whist (rules.md §4): the worked game, bidding, all-skip options, bets, scoring."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from whist.actions import BIDS, PLAYS, SKIP, Action, Bid, Contract, Decision, Skip
from whist.cards import CARDS, Card, Suit
from whist.games.bidding import CONTRACTS, BiddingWhist, bet_score
from whist.protocol import IllegalAction
from whist.records import RecordError, replay

ROOT = Path(__file__).resolve().parent.parent
WORKED = ROOT / "tests" / "fixtures" / "bidding-whist-worked.json"
#: The worked game's deal (players 1-4 are seats 0-3).
DEAL = json.loads(WORKED.read_text(encoding="utf-8"))["hands"][0]["deal"]
#: A second deal: seat i holds the i-th suit block, ♣ to seat 0 ... ♠ to seat 3.
SUIT_DEAL = [[str(CARDS[s * 13 + r]) for r in range(13)] for s in range(4)]


def game(*deals: list[list[str]], **options: Any) -> BiddingWhist:
    """A game dealt ``deals`` in order (then from seed 1)."""
    return BiddingWhist(options, seed=1, chance=[{"deal": d} for d in deals])


def pending(state: BiddingWhist) -> Decision | None:
    """The pending decision (read through a call so type checkers do not pin it)."""
    return state.decision


def act(state: BiddingWhist, *texts: str) -> None:
    """Apply actions written as in a record."""
    for text in texts:
        state.apply_text(text)


# ------------------------------------------------------------ worked game
def test_worked_game_replays_with_the_tables_trick_winners_and_scores() -> None:
    state = replay(WORKED)
    assert isinstance(state, BiddingWhist)
    assert state.over
    assert state.ruler == 1 and state.contract == Contract(7, Suit.HEARTS)
    assert state.trump == Suit.HEARTS
    assert state.bets == [3, 7, 2, 2]
    # The table's round winners, players 1-4 written as seats 0-3.
    assert [winner for _, _, winner in state.tricks] == [1, 1, 1, 1, 1, 1, 3, 0, 0, 1, 3, 2, 2]
    assert state.tricks_won == [2, 7, 2, 2]
    assert state.hand_scores == [[10, 70, 20, 20]]
    assert state.totals == [10, 70, 20, 20]


def test_worked_game_every_action_is_legal_when_taken() -> None:
    record = json.loads(WORKED.read_text(encoding="utf-8"))
    state = game(DEAL)
    for text in record["hands"][0]["actions"]:
        action = state.action_from_text(text)
        assert action in state.legal_actions(), text
        state.apply(action)
    assert state.totals == [10, 70, 20, 20]


def test_worked_game_fourth_player_may_not_bet_one() -> None:
    state = game(DEAL)
    act(state, "skip", "7♥", "skip", "skip", "3", "2")
    assert state.to_move == 3 and state.forbidden_bet() == 1
    assert BIDS[1] not in state.legal_actions()
    with pytest.raises(IllegalAction, match="that bet would make the total 13"):
        state.apply_text("1")
    state.apply_text("2")
    assert state.decision is Decision.CARD and state.to_move == 1  # the ruler leads


def test_replay_command_prints_the_worked_totals() -> None:
    done = subprocess.run([sys.executable, "-m", "whist", "replay", str(WORKED)],
                          cwd=ROOT, capture_output=True, text=True, encoding="utf-8",
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "totals: 10 70 20 20"


def test_a_record_with_an_out_of_turn_bet_is_rejected() -> None:
    record = json.loads(WORKED.read_text(encoding="utf-8"))
    record["hands"][0]["actions"][6] = "1"
    with pytest.raises(RecordError, match="hand 1, action 7.*that bet would make the total 13"):
        replay(record)


# ---------------------------------------------------------------- bidding
def test_contracts_rank_by_tricks_then_denomination() -> None:
    assert CONTRACTS[0] == Contract(5, Suit.CLUBS) and CONTRACTS[-1] == Contract(13, None)
    assert len(CONTRACTS) == 45
    for lower, higher in zip(CONTRACTS, CONTRACTS[1:], strict=False):
        assert higher.outranks(lower) and not lower.outranks(higher)
    assert Contract(7, None).outranks(Contract(7, Suit.SPADES))
    assert Contract(7, Suit.SPADES).outranks(Contract(7, Suit.HEARTS))
    assert Contract(7, Suit.HEARTS).outranks(Contract(7, Suit.DIAMONDS))
    assert Contract(7, Suit.DIAMONDS).outranks(Contract(7, Suit.CLUBS))
    assert Contract(8, Suit.CLUBS).outranks(Contract(7, None))


def test_legal_initial_bids_are_skip_and_everything_higher() -> None:
    state = game(DEAL)
    assert state.legal_actions() == [SKIP, *CONTRACTS]
    act(state, "7♥")
    legal = state.legal_actions()
    assert legal[0] == SKIP
    assert legal[1:4] == [Contract(7, Suit.SPADES), Contract(7, None), Contract(8, Suit.CLUBS)]
    assert len(legal) == 1 + 2 + 6 * 5  # skip, 7♠ 7NT, 8..13 in five denominations
    with pytest.raises(IllegalAction, match="7♦ does not beat the highest bid, 7♥"):
        state.apply_text("7♦")
    with pytest.raises(IllegalAction, match="from 5 to 13 tricks"):
        state.apply_text("4♠")
    with pytest.raises(IllegalAction, match="initial bid"):
        state.apply(BIDS[3])


def test_a_seat_that_skipped_is_never_asked_again() -> None:
    state = game(DEAL)
    asked = []
    for text in ("5♣", "skip", "6♣", "skip", "6♦", "7♣", "skip"):
        asked.append(state.to_move)
        state.apply_text(text)
    # Seats 1 and 3 skipped in the first round and are passed over after it.
    assert asked == [0, 1, 2, 3, 0, 2, 0]
    assert state.ruler == 2 and state.contract == Contract(7, Suit.CLUBS)
    assert state.trump == Suit.CLUBS
    assert state.skipped == [True, True, False, True]
    assert state.observe(3)["bidding"] == [(0, "5♣"), (1, "skip"), (2, "6♣"), (3, "skip"),
                                           (0, "6♦"), (2, "7♣"), (0, "skip")]


def test_with_no_higher_bid_a_seat_may_only_skip_and_is_still_asked() -> None:
    state = game(DEAL)
    act(state, "skip", "5♣", "13NT")
    assert state.to_move == 3 and state.legal_actions() == [SKIP]
    act(state, "skip")
    # Seat 1 is still asked although it can only skip.
    assert state.to_move == 1 and state.legal_actions() == [SKIP]
    act(state, "skip")
    assert state.ruler == 2 and state.contract == Contract(13, None) and state.trump is None
    assert state.bets == [None, None, 13, None]
    assert state.bet_order == [0, 1, 3] and state.to_move == 0


def test_bidding_ends_when_three_skip_after_a_bid() -> None:
    state = game(DEAL)
    act(state, "skip", "skip", "skip")
    # Three skipped but nobody bid yet: the fourth seat still chooses.
    assert state.decision is Decision.INITIAL_BID and state.to_move == 3
    act(state, "5♠")
    assert state.ruler == 3 and state.bets == [None, None, None, 5]
    assert state.bet_order == [0, 1, 2]


# ------------------------------------------------------------ all skip
def test_all_skip_redeal_keeps_the_skipped_deal_and_the_opener() -> None:
    state = game(DEAL, SUIT_DEAL)
    act(state, "skip", "skip", "skip", "skip")
    record = state.record()
    assert record["hands"][0] == {"deal": DEAL, "actions": ["skip"] * 4}
    assert record["hands"][1]["deal"] == SUIT_DEAL
    assert state.hand_scores == [] and state.totals == [0, 0, 0, 0]
    assert state.opener == 0 and state.to_move == 0
    assert state.decision is Decision.INITIAL_BID and state.auction == []
    assert [str(c) for c in state.hands[3]] == SUIT_DEAL[3]
    again = replay(record)
    assert again.hand_number == 1 and again.to_move == 0


def test_redeal_does_not_move_the_opener_but_a_scored_hand_does() -> None:
    state = game(DEAL, DEAL, SUIT_DEAL, hands=2)
    for text in json.loads(WORKED.read_text(encoding="utf-8"))["hands"][0]["actions"]:
        state.apply_text(text)
    assert state.hand_scores == [[10, 70, 20, 20]]
    assert state.opener == 1 and state.to_move == 1
    act(state, "skip", "skip", "skip", "skip")
    assert state.opener == 1 and state.to_move == 1 and state.hand_number == 2
    act(state, "skip", "skip", "skip")
    assert state.to_move == 0  # the fourth to be asked, clockwise from seat 1


def test_all_skip_no_trump_the_opener_rules_and_all_four_bet() -> None:
    state = game(DEAL, on_all_skip="no_trump")
    act(state, "skip", "skip", "skip", "skip")
    assert state.ruler == 0 and state.trump is None and state.contract is None
    assert state.all_skipped and state.bets == [None] * 4
    assert state.decision is Decision.SECONDARY_BET
    assert state.to_move == 0 and state.bet_order == [0, 1, 2, 3]
    assert state.legal_actions() == list(BIDS[:14])  # the ruler bets 0..13
    act(state, "4", "3", "3")
    assert state.to_move == 3 and state.forbidden_bet() == 3
    assert Bid(3) not in state.legal_actions() and len(state.legal_actions()) == 13
    act(state, "0")
    assert pending(state) is Decision.CARD and state.to_move == 0 and state.leader == 0
    assert state.observe(2)["contract"] is None and state.observe(2)["trump_name"] == "NT"


def test_all_skip_no_trump_game_scores_with_the_real_bets() -> None:
    # Seat i holds suit i (♣ ♦ ♥ ♠); no trump, so each seat takes exactly the tricks it leads.
    state = game(SUIT_DEAL, on_all_skip="no_trump")
    act(state, "skip", "skip", "skip", "skip", "13", "0", "0", "1")
    while not state.over:
        state.apply(state.legal_actions()[0])
    assert state.over
    assert state.tricks_won == [13, 0, 0, 0]
    # Bets total 14 > 13: the zero bonus is 50; seat 3 bet 1, took 0: 10 × (0 − 1).
    assert state.hand_scores == [[130, 50, 50, -10]]


def test_all_skip_end_stops_the_game_with_a_zero_row() -> None:
    state = game(DEAL, on_all_skip="end")
    act(state, "skip", "skip", "skip", "skip")
    assert state.over and state.to_move is None and state.legal_actions() == []
    assert state.hand_scores == [[0, 0, 0, 0]] and state.totals == [0, 0, 0, 0]
    assert state.record()["hands"] == [{"deal": DEAL, "actions": ["skip"] * 4}]
    again = replay(state.record())
    assert again.over and again.hand_scores == [[0, 0, 0, 0]]
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(SKIP)


# -------------------------------------------------------------- scoring
@pytest.mark.parametrize("bet, tricks, total, score", [
    (7, 7, 14, 70),      # exact: 10 per trick bet
    (3, 2, 14, 10),      # one under: 10 × (2 − 1)
    (5, 1, 12, 10 * (1 - 4)),
    (2, 5, 12, 10 * (2 - 3)),  # three over: 10 × (2 − 3)
    (2, 3, 12, 10),      # one over
    (13, 0, 15, -130),
    (0, 0, 14, 50),      # zero made, bets over 13: bonus 50
    (0, 0, 12, 100),     # zero made, bets under 13: bonus 100
    (0, 2, 14, 20 - 50),  # zero failed: 10 per trick less the bonus
    (0, 3, 11, 30 - 100),
    (0, 13, 14, 130 - 50),
])
def test_bet_score(bet: int, tricks: int, total: int, score: int) -> None:
    assert bet_score(bet, tricks, total) == score


def test_secondary_bet_errors_say_why() -> None:
    state = game(DEAL)
    act(state, "skip", "7♥", "skip", "skip")
    with pytest.raises(IllegalAction, match="secondary bet"):
        state.apply(Contract(8, None))
    with pytest.raises(IllegalAction, match="from 0 to 13"):
        state.apply(Bid(14))
    with pytest.raises(IllegalAction, match="not a number"):
        state.apply_text("7♥")


# ---------------------------------------------------- random properties
CARD_TOKEN = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")
#: Observation keys whose strings are bids, not cards.
BID_KEYS = ("bidding", "high_bid", "contract", "options")


def visible_cards(obs: dict[str, Any]) -> set[str]:
    """Every card named in ``obs`` outside its bidding fields."""
    rest = {k: v for k, v in obs.items() if k not in BID_KEYS}
    if obs["decision"] != Decision.CARD.value:
        rest.pop("legal")
    return set(CARD_TOKEN.findall(json.dumps(rest, ensure_ascii=False)))


def check_invariants(state: BiddingWhist) -> None:
    """Cards are conserved and no seat sees another seat's hidden card."""
    played = state.public_cards_seen()
    assert sorted([c for h in state.hands for c in h] + played) == list(CARDS)
    public = {str(c) for c in played}
    for seat in range(4):
        own = {str(c) for c in state.hands[seat]}
        assert visible_cards(state.observe(seat)) <= own | public


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), rule=st.sampled_from(["redeal", "no_trump", "end"]),
       skip_bias=st.floats(0.0, 0.9))
def test_random_games(seed: int, rule: str, skip_bias: float) -> None:
    rng = random.Random(seed)
    state = BiddingWhist({"hands": 2, "on_all_skip": rule}, seed=seed)
    steps = 0
    while not state.over:
        check_invariants(state)
        legal = state.legal_actions()
        assert legal
        action: Action = SKIP
        if state.decision is not Decision.INITIAL_BID or rng.random() >= skip_bias:
            action = rng.choice(legal)
        # Illegal actions change nothing.
        before = json.dumps(state.record(), ensure_ascii=False), [
            state.observe(s) for s in range(4)]
        for wrong in (PLAYS[Card.parse("A♠")], Bid(14), Contract(4, None), Skip()):
            if wrong not in legal:
                with pytest.raises(IllegalAction):
                    state.apply(wrong)
        assert (json.dumps(state.record(), ensure_ascii=False),
                [state.observe(s) for s in range(4)]) == before
        # Undo restores exactly.
        state.apply(action)
        if steps % 5 == 0:
            state.undo()
            assert (json.dumps(state.record(), ensure_ascii=False),
                    [state.observe(s) for s in range(4)]) == before
            state.apply(action)
        steps += 1
        assert steps < 2000
    assert state.to_move is None and state.legal_actions() == []
    if rule == "end" and state.record()["hands"][-1]["actions"] == ["skip"] * 4:
        assert state.hand_scores[-1] == [0] * 4 and len(state.hand_scores) <= 2
    else:
        assert len(state.hand_scores) == 2
    assert [sum(h[s] for h in state.hand_scores) for s in range(4)] == state.totals
    again = replay(json.loads(json.dumps(state.record(), ensure_ascii=False)))
    assert again.over and again.totals == state.totals and again.hand_scores == state.hand_scores


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_sampled_worlds_match_the_observation(seed: int) -> None:
    rng = random.Random(seed)
    state = BiddingWhist({"on_all_skip": "no_trump"}, seed=seed)
    while not state.over:
        seat = state.to_move
        assert seat is not None
        obs = state.observe(seat)
        world = BiddingWhist.sample_world(obs, random.Random(seed))
        assert world.observe(seat) == obs
        assert world.legal_actions() == state.legal_actions()
        # Sampled hands respect the voids shown by failing to follow.
        for _, plays, _ in state.tricks:
            led = plays[0][1] // 13
            for other, card in plays[1:]:
                if card // 13 != led:
                    assert all(c // 13 != led for c in world.hands[other])
        probe = world.copy()
        while not probe.over:
            probe.step(rng.choice(probe.legal_actions()))
        state.apply(rng.choice(state.legal_actions()))

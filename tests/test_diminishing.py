"""Diminishing Whist's rules (rules.md §1): hand-made positions and random whole games."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from whist.actions import BIDS, PLAYS, Action, Bid, Decision, Play
from whist.cards import CARDS, SUIT_OF, Card, Suit
from whist.games.diminishing import SCHEDULE, DiminishingWhist, round_score
from whist.protocol import IllegalAction
from whist.records import replay

C = Card.parse


def filler_deals(players: int, rounds: int) -> list[dict[str, Any]]:
    """Deals for the first ``rounds`` rounds: consecutive slices of the deck, any will do."""
    deals = []
    for r in range(rounds):
        n = SCHEDULE[r][0]
        deals.append({"deal": [[str(c) for c in CARDS[i * n:(i + 1) * n]]
                               for i in range(players)]})
    return deals


def play_first_legal_to_round(state: DiminishingWhist, target: int) -> None:
    """Take the first legal action until round ``target`` begins."""
    while state.round < target:
        state.apply(state.legal_actions()[0])


def snapshot(state: DiminishingWhist) -> str:
    """Everything a seat or a record can tell about the state, as one comparable text."""
    return json.dumps({"obs": [state.observe(s) for s in range(state.players)],
                       "record": state.record(), "over": state.over}, sort_keys=True)


def decision_of(state: DiminishingWhist) -> Decision | None:
    """The pending decision (a call, so a type checker does not keep an earlier narrowing)."""
    return state.decision


# ------------------------------------------------------------ hand-made
@pytest.mark.parametrize("players", [4, 5])
def test_schedule_opener_rotation_and_first_lead(players: int) -> None:
    assert [(n, None if t is None else t.symbol) for n, t in SCHEDULE] == [
        (10, "♥"), (9, "♣"), (8, "♦"), (7, "♠"), (6, None),
        (5, "♥"), (4, "♣"), (3, "♦"), (2, "♠"), (1, None)]
    state = DiminishingWhist({"players": players}, seed=5)
    seen_rounds = []
    while not state.over:
        r = state.round
        seen_rounds.append(r)
        cards, trump = SCHEDULE[r]
        assert state.cards == cards and state.trump == trump
        assert state.decision is Decision.BID
        assert [len(h) for h in state.hands] == [cards] * players
        dealt = [c for h in state.hands for c in h]
        assert len(set(dealt)) == len(dealt) == cards * players
        opener = r % players
        assert state.opener == opener
        # Bids go clockwise from the opener.
        order = []
        for _ in range(players):
            order.append(state.to_move)
            state.apply(state.legal_actions()[0])
        assert order == [(opener + i) % players for i in range(players)]
        # The opening bidder leads the first trick.
        assert decision_of(state) is Decision.CARD and state.to_move == opener
        while not state.over and state.round == r:
            state.apply(state.legal_actions()[-1])
    assert seen_rounds == list(range(10))
    assert len(state.hand_scores) == 10


def test_round_score() -> None:
    assert round_score(3, 3) == 13
    assert round_score(0, 0) == 10
    assert round_score(3, 2) == 2      # under: the tricks taken, no bonus
    assert round_score(3, 0) == 0
    assert round_score(2, 3) == 0      # over: nothing
    assert round_score(0, 1) == 0


def last_round_game(players: int, hands: list[str]) -> DiminishingWhist:
    """A game fast-forwarded to the one-card no-trump round, dealt ``hands``."""
    chance = filler_deals(players, 9) + [{"deal": [[h] for h in hands]}]
    state = DiminishingWhist({"players": players}, chance=chance)
    play_first_legal_to_round(state, 9)
    assert state.cards == 1 and state.trump is None
    return state


def test_forbidden_last_bid_exact_under_over_four_players() -> None:
    state = last_round_game(4, ["A♠", "2♠", "K♠", "3♥"])
    before = list(state.totals)
    assert state.opener == 1 and state.to_move == 1
    state.apply(BIDS[0])   # seat 1
    state.apply(BIDS[1])   # seat 2
    state.apply(BIDS[0])   # seat 3
    # Seat 0 bids last: 0 would make the total 1, the number of tricks.
    assert state.to_move == 0 and state.forbidden_bid() == 0
    assert state.legal_actions() == [BIDS[1]]
    text = snapshot(state)
    with pytest.raises(IllegalAction, match="would make the total 1"):
        state.apply(BIDS[0])
    assert snapshot(state) == text
    with pytest.raises(IllegalAction, match="from 0 to 1"):
        state.apply(BIDS[2])
    state.apply(BIDS[1])
    # 2♠ led; K♠ follows; seat 3 has no ♠ and throws 3♥; A♠ wins.
    assert state.to_move == 1
    state.apply(PLAYS[C("2♠")])
    state.apply(PLAYS[C("K♠")])
    state.apply(PLAYS[C("3♥")])
    state.apply(PLAYS[C("A♠")])
    assert state.over
    # seat 0: bid 1 took 1 → 11; seat 1: bid 0 took 0 → 10; seat 2: bid 1 took 0 → 0
    # (under, no tricks); seat 3: bid 0 took 0 → 10.
    assert state.hand_scores[-1] == [11, 10, 0, 10]
    assert state.totals == [b + s for b, s in zip(before, [11, 10, 0, 10], strict=True)]
    assert state.winners() == [s for s in range(4) if state.totals[s] == max(state.totals)]


def test_over_bid_scores_nothing_and_no_restriction_when_out_of_range() -> None:
    state = last_round_game(4, ["A♠", "2♠", "K♠", "3♥"])
    for _ in range(3):
        state.apply(BIDS[0])
    # The others bid 0 in total: the forbidden bid is 1, so seat 0 may bid 0 and win anyway.
    assert state.forbidden_bid() == 1
    assert state.legal_actions() == [BIDS[0]]
    state.apply(BIDS[0])
    for card in ("2♠", "K♠", "3♥", "A♠"):
        state.apply(PLAYS[C(card)])
    assert state.hand_scores[-1] == [0, 10, 10, 10]


def test_forbidden_bid_outside_range_restricts_nothing() -> None:
    state = last_round_game(4, ["A♠", "2♠", "K♠", "3♥"])
    for _ in range(3):
        state.apply(BIDS[1])
    # Bids total 3 > 1 trick already: no number 0..1 can make it 1.
    assert state.forbidden_bid() is None
    assert state.legal_actions() == [BIDS[0], BIDS[1]]


def test_five_players_last_round() -> None:
    state = last_round_game(5, ["2♦", "A♦", "3♣", "K♦", "Q♥"])
    assert state.opener == 4  # round 10 is opened by seat 9 mod 5
    for bid in (0, 0, 0, 0):   # seats 4, 0, 1, 2
        state.apply(BIDS[bid])
    assert state.to_move == 3
    with pytest.raises(IllegalAction, match="would make the total 1"):
        state.apply(BIDS[1])
    state.apply(BIDS[0])
    assert state.to_move == 4
    # Q♥ led by seat 4; nobody else holds ♥, so any card goes; Q♥ wins (no trump).
    for card in ("Q♥", "2♦", "A♦", "3♣", "K♦"):
        state.apply(PLAYS[C(card)])
    assert state.hand_scores[-1] == [10, 10, 10, 10, 0]


def test_follow_suit_and_illegal_actions_explain_themselves() -> None:
    hands = [["A♠", "2♠", "3♥", "4♥", "5♥", "6♥", "7♥", "8♥", "9♥", "10♥"],
             ["K♠", "2♣", "3♣", "4♣", "5♣", "6♣", "7♣", "8♣", "9♣", "10♣"],
             ["Q♠", "2♦", "3♦", "4♦", "5♦", "6♦", "7♦", "8♦", "9♦", "10♦"],
             ["J♠", "10♠", "9♠", "8♠", "7♠", "6♠", "5♠", "4♠", "3♠", "J♥"]]
    state = DiminishingWhist({"players": 4}, chance=[{"deal": hands}])
    with pytest.raises(IllegalAction, match="time to bid"):
        state.apply(PLAYS[C("A♠")])
    for bid in (1, 1, 1):
        state.apply(BIDS[bid])
    # Total 3 of 10: 7 is forbidden for the last bidder.
    assert state.forbidden_bid() == 7
    state.apply(BIDS[2])
    state.apply(PLAYS[C("2♠")])
    text = snapshot(state)
    assert state.legal_actions() == [PLAYS[C("K♠")]]
    with pytest.raises(IllegalAction, match="you must follow ♠"):
        state.apply(PLAYS[C("2♣")])
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply(PLAYS[C("A♥")])
    with pytest.raises(IllegalAction):
        state.apply(BIDS[1])
    assert snapshot(state) == text
    state.apply(PLAYS[C("K♠")])
    state.apply(PLAYS[C("Q♠")])
    # Seat 3 holds spades: J♥ is refused, then the trick goes to seat 1's K♠.
    with pytest.raises(IllegalAction, match="you must follow ♠"):
        state.apply(PLAYS[C("J♥")])
    state.apply(PLAYS[C("3♠")])
    assert state.tricks[-1][2] == 1 and state.to_move == 1 and state.tricks_won[1] == 1
    # Seat 1 leads ♣; seat 2 has none and may trump... there is no ♥ in seat 2's hand,
    # so any card; seat 3 has no ♣ and ruffs with J♥ (♥ is trump in round 1).
    state.apply(PLAYS[C("2♣")])
    state.apply(PLAYS[C("10♦")])
    state.apply(PLAYS[C("J♥")])
    state.apply(PLAYS[C("3♥")])   # seat 0: no ♣, plays a lower trump
    assert state.tricks[-1][2] == 3


# --------------------------------------------------- random whole games
def cards_in_play(state: DiminishingWhist) -> list[Card]:
    """Every card of the current round: hands, the trick and finished tricks."""
    out = [c for h in state.hands for c in h]
    out.extend(c for _, c in state.trick)
    out.extend(c for _, plays, _ in state.tricks for _, c in plays)
    return out


def card_strings_in(value: Any) -> list[Card]:
    """Every string inside a JSON value that reads as a card."""
    found: list[Card] = []
    if isinstance(value, str):
        try:
            found.append(C(value))
        except ValueError:
            pass
    elif isinstance(value, dict):
        for v in value.values():
            found.extend(card_strings_in(v))
    elif isinstance(value, list):
        for v in value:
            found.extend(card_strings_in(v))
    return found


def check_step_invariants(state: DiminishingWhist) -> None:
    """Each card in exactly one place; observations show no other seat's hidden card."""
    if state.over:
        return
    in_play = cards_in_play(state)
    assert len(in_play) == len(set(in_play)) == state.cards * state.players
    dealt = [C(c) for h in state.hands_log[-1]["deal"] for c in h]
    assert Counter(in_play) == Counter(dealt)
    public = {c for _, c in state.trick} | {c for _, p, _ in state.tricks for _, c in p}
    for seat in range(state.players):
        obs = state.observe(seat)
        json.dumps(obs)  # JSON-ready
        assert [C(c) for c in obs["hand"]] == state.hands[seat]
        allowed = set(state.hands[seat]) | public
        shown = card_strings_in(obs)
        assert set(shown) <= allowed, f"seat {seat} sees {set(shown) - allowed}"


def illegal_candidates(state: DiminishingWhist) -> list[Action]:
    """Actions that must be refused now."""
    legal = set(state.legal_actions())
    pool: list[Action] = [BIDS[state.cards + 1], BIDS[12]]
    pool.extend(PLAYS[c] for c in CARDS)
    pool.extend(BIDS[n] for n in range(state.cards + 1))
    return [a for a in pool if a not in legal]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([4, 5]), seed=st.integers(0, 2**31),
       moves=st.integers(0, 2**31))
def test_random_games(players: int, seed: int, moves: int) -> None:
    rng = random.Random(moves)
    state = DiminishingWhist({"players": players}, seed=seed)
    steps = 0
    while not state.over:
        steps += 1
        assert steps < 400, "the game must end"
        check_step_invariants(state)
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if rng.random() < 0.15:
            # An illegal action changes nothing.
            bad = rng.choice(illegal_candidates(state))
            before = snapshot(state)
            assert state.why_illegal(bad) is not None
            with pytest.raises(IllegalAction):
                state.apply(bad)
            assert snapshot(state) == before
        action = rng.choice(legal)
        if rng.random() < 0.15:
            # Undo restores the exact state; the same action again gives the same result.
            before = snapshot(state)
            state.apply(action)
            after = snapshot(state)
            state.undo()
            assert snapshot(state) == before
            state.apply(action)
            assert snapshot(state) == after
        else:
            state.apply(action)
    assert len(state.hand_scores) == 10
    assert state.totals == [sum(r[s] for r in state.hand_scores) for s in range(players)]
    again = replay(json.loads(json.dumps(state.record())))
    assert again.over and again.totals == state.totals
    assert again.hand_scores == state.hand_scores


@settings(max_examples=10, deadline=None)
@given(players=st.sampled_from([4, 5]), seed=st.integers(0, 2**31),
       moves=st.integers(0, 2**31))
def test_step_matches_apply(players: int, seed: int, moves: int) -> None:
    """The fast path reaches the same game as the checked one."""
    rng = random.Random(moves)
    checked = DiminishingWhist({"players": players}, seed=seed)
    fast = DiminishingWhist.search_type()({"players": players}, seed=seed)
    while not checked.over:
        action = rng.choice(checked.legal_actions())
        assert fast.legal_actions() == checked.legal_actions()
        checked.apply(action)
        fast.step(action)
    assert fast.over and fast.totals == checked.totals


# ----------------------------------------------------------- sampled worlds
def voids_shown(state: DiminishingWhist) -> list[set[int]]:
    """Suits each seat showed it lacks this round by not following."""
    voids: list[set[int]] = [set() for _ in range(state.players)]
    tricks = [plays for _, plays, _ in state.tricks] + [state.trick]
    for plays in tricks:
        if plays:
            led = SUIT_OF[plays[0][1]]
            for seat, card in plays[1:]:
                if SUIT_OF[card] != led:
                    voids[seat].add(led)
    return voids


@settings(max_examples=15, deadline=None)
@given(players=st.sampled_from([4, 5]), seed=st.integers(0, 2**31),
       moves=st.integers(0, 2**31), depth=st.integers(0, 230))
def test_sample_world_consistency(players: int, seed: int, moves: int, depth: int) -> None:
    rng = random.Random(moves)
    state = DiminishingWhist({"players": players}, seed=seed)
    for _ in range(depth):
        if state.over:
            return
        state.apply(rng.choice(state.legal_actions()))
    if state.over:
        return
    public = [c for _, c in state.trick] + [c for _, p, _ in state.tricks for _, c in p]
    voids = voids_shown(state)
    for seat in range(players):
        obs = state.observe(seat)
        for k in range(3):
            world = DiminishingWhist.sample_world(obs, random.Random(k))
            assert world.hands[seat] == state.hands[seat]
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            everything = [c for h in world.hands for c in h] + public
            assert len(everything) == len(set(everything))
            for other in range(players):
                assert not any(SUIT_OF[c] in voids[other] for c in world.hands[other])
            assert world.observe(seat) == obs
            assert world.legal_actions() == state.legal_actions() or seat != state.to_move
            # The world plays on to the end of the game with the fast path.
            steps = 0
            while not world.over:
                world.step(rng.choice(world.legal_actions()))
                steps += 1
                assert steps < 400
            assert len(world.hand_scores) == 10


def test_sampled_worlds_differ_beyond_the_hand() -> None:
    """Future deals of sampled worlds come from the caller's generator, not one fixed seed."""
    state = DiminishingWhist({"players": 4}, seed=1)
    obs = state.observe(0)
    firsts = set()
    for k in range(5):
        world = DiminishingWhist.sample_world(obs, random.Random(k))
        while world.round == 0:
            world.step(world.legal_actions()[0])
        firsts.add(tuple(world.hands[0]))
    assert len(firsts) == 5


def test_bids_in_observation_and_suit_enum() -> None:
    state = DiminishingWhist({"players": 4}, seed=9)
    state.apply(BIDS[2])
    obs = state.observe(3)
    assert obs["bids"] == [2, None, None, None]
    assert obs["trump"] == Suit.HEARTS.symbol and obs["cards"] == 10
    assert obs["hand"] == [str(c) for c in state.hands[3]]
    assert isinstance(state.legal_actions()[0], Bid)
    assert all(isinstance(a, Bid) for a in state.legal_actions())
    assert not any(isinstance(a, Play) for a in state.legal_actions())

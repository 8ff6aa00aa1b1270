"""Diminishing Whist's original players, checked on hand-worked positions."""

from __future__ import annotations

from math import comb, isclose
from typing import Any

import pytest

from engines.diminishing import (
    ExpectationEngine,
    GaussianEngine,
    fix_last_bid,
    hand_estimate,
    win_chance,
)
from engines.levels import load_engine
from engines.referee import choose_action
from whist.actions import BIDS, PLAYS, Bid, Play
from whist.cards import CARDS, Card, Suit, parse_cards
from whist.games.diminishing import DiminishingWhist

C = Card.parse


def cards(text: str) -> list[Card]:
    """Cards from notation."""
    return parse_cards(text)


# ------------------------------------------------------------------- W
POOL = cards("A♠ 2♠ 3♣ 4♥ 5♦")  # trump ♥ below: A♠ and 4♥ beat K♠, the other three do not


def test_win_chance_unknown_trick() -> None:
    # L = 3 losers of 5, k = 2 opponents; q = 1/3, two spades of five in the pool.
    expected = comb(3, 2) / comb(5, 2) * (1 / 3 + (2 / 3) * 2 / 5)
    assert isclose(expected, 0.18)
    assert isclose(win_chance(C("K♠"), Suit.HEARTS, POOL, 3, None), expected)


def test_win_chance_leading_has_no_suit_factor() -> None:
    assert isclose(win_chance(C("K♠"), Suit.HEARTS, POOL, 3, []), 3 / 10)


def test_win_chance_following_counts_only_players_still_to_come() -> None:
    # One card played (Q♠, which K♠ beats): one opponent left, 3 of 5 lose.
    assert isclose(win_chance(C("K♠"), Suit.HEARTS, POOL, 3, [C("Q♠")]), 3 / 5)


def test_win_chance_zero_when_beaten_or_off_suit() -> None:
    assert win_chance(C("K♠"), Suit.HEARTS, POOL, 3, [C("A♠")]) == 0.0
    assert win_chance(C("K♠"), Suit.HEARTS, POOL, 3, [C("2♣"), C("3♥")]) == 0.0
    # Off-suit and not trump: cannot win even though nothing played beats it.
    assert win_chance(C("K♠"), Suit.HEARTS, POOL, 3, [C("5♦")]) == 0.0
    # A trump on an off-suit lead can win: only 4♥ of the five beats 3♥, one opponent left.
    assert isclose(win_chance(C("3♥"), Suit.HEARTS, POOL, 3, [C("5♦")]),
                   comb(4, 1) / comb(5, 1))


def test_win_chance_trump_has_suit_factor_one() -> None:
    # 4♥ trump, unknown trick: nothing in the pool beats it (no higher heart), p = 1, f = 1.
    assert win_chance(C("4♥"), Suit.HEARTS, POOL, 3, None) == 1.0
    # No trump at all: 4♥ is an ordinary card, the only heart in its pool.
    pool = cards("A♠ 2♠ 3♣ 5♥ 5♦")
    expected = comb(4, 2) / comb(5, 2) * (1 / 3 + (2 / 3) * 1 / 5)
    assert isclose(win_chance(C("4♥"), None, pool, 3, None), expected)


# ---------------------------------------------------------------- bids
def bid_observation(hand: str, trump: str | None, forbidden: int | None,
                    players: int = 4) -> dict[str, Any]:
    """A bidding observation with only the fields the engine reads."""
    held = cards(hand)
    return {"decision": "bid", "hand": [str(c) for c in held], "trump": trump,
            "players": players, "cards": len(held), "forbidden_bid": forbidden,
            "seat": 0, "bids": [None] * players}


def two_clubs_in_diamond_round() -> float:
    """W(2♣, unknown) with ♦ trump, 4 players, 49 unseen: 12 clubs and 11 trumps beat it."""
    return comb(26, 3) / comb(49, 3) * (1 / 4 + (3 / 4) * 12 / 49)


def test_expectation_bid_three_cards() -> None:
    # A♦ and K♦ (K♦'s only better card is our own A♦) are certain: E = 2 + W(2♣) ≈ 2.06.
    estimate = 2 + two_clubs_in_diamond_round()
    hand = cards("A♦ K♦ 2♣")
    unseen = [c for c in CARDS if c not in hand]
    assert isclose(hand_estimate(hand, Suit.DIAMONDS, unseen, 4), estimate)
    engine = ExpectationEngine(seed=0)
    assert engine.choose(bid_observation("A♦ K♦ 2♣", "♦", None), []) == BIDS[2]
    # Forbidden 2 with E ≥ 2: one more.
    assert engine.choose(bid_observation("A♦ K♦ 2♣", "♦", 2), []) == BIDS[3]


def test_expectation_forbidden_bid_goes_down_when_estimate_below() -> None:
    # J♦ loses only to the unseen K♦ and Q♦: p = C(47,3)/C(49,3); E ≈ 1.94 rounds to 2.
    estimate = 1 + comb(47, 3) / comb(49, 3) + two_clubs_in_diamond_round()
    assert 1.5 < estimate < 2
    engine = ExpectationEngine(seed=0)
    assert engine.choose(bid_observation("A♦ J♦ 2♣", "♦", None), []) == BIDS[2]
    assert engine.choose(bid_observation("A♦ J♦ 2♣", "♦", 2), []) == BIDS[1]
    # Any other forbidden number changes nothing.
    assert engine.choose(bid_observation("A♦ J♦ 2♣", "♦", 1), []) == BIDS[2]


def test_round_half_to_even_and_fix_edges() -> None:
    assert fix_last_bid(round(2.5), 2.5, None, 5) == 2
    assert fix_last_bid(round(3.5), 3.5, None, 5) == 4
    assert fix_last_bid(0, 0.2, 0, 3) == 1
    # E = cards exactly and cards forbidden: up is clamped back, so it goes down.
    assert fix_last_bid(2, 2.0, 2, 2) == 1
    assert fix_last_bid(12, 12.0, None, 10) == 10


def test_expectation_bids_two_certain_trumps_in_two_card_round() -> None:
    engine = ExpectationEngine(seed=0)
    assert engine.choose(bid_observation("K♠ A♠", "♠", None), []) == BIDS[2]
    assert engine.choose(bid_observation("K♠ A♠", "♠", 2), []) == BIDS[1]


# ---------------------------------------------------------------- play
def play_observation(hand: str, trick: list[tuple[int, str]], bid: int, won: int = 0,
                     trump: str | None = "♦", tricks: list[dict[str, Any]] | None = None,
                     seat: int = 1, players: int = 4) -> dict[str, Any]:
    """A card-play observation with only the fields the engine reads."""
    bids: list[int | None] = [0] * players
    bids[seat] = bid
    tricks_won = [0] * players
    tricks_won[seat] = won
    return {"decision": "card", "hand": [str(c) for c in cards(hand)], "trump": trump,
            "players": players, "seat": seat, "trick": [[s, c] for s, c in trick],
            "tricks": tricks or [], "tricks_won": tricks_won, "bids": bids}


def test_play_keeps_expected_tricks_closest_to_bid() -> None:
    # K♣ led; both clubs lose this trick, so the choice is which club to keep:
    # value(2♣) = W(A♦) + W(5♣), value(5♣) = W(2♣) + W(A♦), and W(A♦) = 1.
    hand = "2♣ A♦ 5♣"
    unseen = [c for c in CARDS if c not in cards(hand + " K♣")]
    w2 = win_chance(C("2♣"), Suit.DIAMONDS, unseen, 4, None)
    w5 = win_chance(C("5♣"), Suit.DIAMONDS, unseen, 4, None)
    assert 0 < w2 < w5 < 0.5
    legal = [PLAYS[C("2♣")], PLAYS[C("5♣")]]
    engine = ExpectationEngine(seed=0)
    # Bid 1: keep the weaker 2♣ (distance w2 < w5), so throw 5♣.
    assert engine.choose(play_observation(hand, [(0, "K♣")], bid=1), legal) == PLAYS[C("5♣")]
    # Bid 2: keep the stronger 5♣ (distance 1 - w5 < 1 - w2).
    assert engine.choose(play_observation(hand, [(0, "K♣")], bid=2), legal) == PLAYS[C("2♣")]


def test_play_counts_tricks_won_and_trick_chance() -> None:
    # Leading A♦ K♦ 2♣ with bid 1 and one trick won.  Leading A♦ (or K♦) keeps the
    # other certain trump and 2♣: value = 1 + W(2♣) + 1 + 1.  Leading 2♣ keeps both
    # trumps: value = 2 + 1 + W(2♣, leading), and leading drops the suit factor, so
    # it is larger.  A♦ and K♦ tie; A♦ was dealt first.
    hand = "A♦ K♦ 2♣"
    unseen = [c for c in CARDS if c not in cards(hand)]
    lead_2c = comb(26, 3) / comb(49, 3)
    later_2c = win_chance(C("2♣"), Suit.DIAMONDS, unseen, 4, None)
    assert isclose(later_2c, two_clubs_in_diamond_round())
    values = {"A♦": 1 + later_2c + 1 + 1, "K♦": 1 + later_2c + 1 + 1, "2♣": 2 + 1 + lead_2c}
    best = min(values, key=lambda k: abs(values[k] - 1))
    assert best == "A♦"  # A♦ and K♦ tie; the earlier card as dealt is A♦
    legal = [PLAYS[c] for c in cards(hand)]
    engine = ExpectationEngine(seed=0)
    assert engine.choose(play_observation(hand, [], bid=1, won=1), legal) == PLAYS[C("A♦")]


def test_play_ties_go_to_the_earliest_card_as_dealt() -> None:
    # ♣ led, two top trumps in hand: every value is 2 + won, an exact tie.
    legal = [PLAYS[C("K♦")], PLAYS[C("A♦")]]
    engine = ExpectationEngine(seed=0)
    first_king = play_observation("K♦ A♦", [(0, "2♣")], bid=0)
    assert engine.choose(first_king, legal) == PLAYS[C("K♦")]
    first_ace = play_observation("A♦ K♦", [(0, "2♣")], bid=0)
    assert engine.choose(first_ace, legal[::-1]) == PLAYS[C("A♦")]


def test_play_removes_seen_cards_from_unseen_pool() -> None:
    # A♦ fell in the first trick, so with K♦ in hand Q♦ is a certain winner later, and
    # on this ♠ lead discarding 2♣ (W = 0 now) leaves value W(Q♦) + W(K♦) = 2 exactly:
    # distance 0 to a bid of 2.  Were A♦ still counted unseen, both trumps would be
    # worth under 1 and trumping with Q♦ would come closer.
    trick_done = {"leader": 0, "plays": [[0, "A♦"], [1, "3♣"], [2, "4♣"], [3, "5♣"]],
                  "winner": 0}
    legal = [PLAYS[c] for c in cards("Q♦ K♦ 2♣")]
    obs = play_observation("Q♦ K♦ 2♣", [(0, "9♠")], bid=2, tricks=[trick_done])
    assert engine_value_choice(obs, legal) == PLAYS[C("2♣")]
    # The counterfactual, computed directly: with A♦ unseen, Q♦ is the better choice.
    hand = cards("Q♦ K♦ 2♣")
    unseen = [c for c in CARDS if c not in hand + cards("9♠ 3♣ 4♣ 5♣")]
    w = {c: win_chance(C(c), Suit.DIAMONDS, unseen, 4, None) for c in ("Q♦", "K♦", "2♣")}
    discard = w["Q♦"] + w["K♦"]
    trump_in = w["K♦"] + w["2♣"] + win_chance(C("Q♦"), Suit.DIAMONDS, unseen, 4, [C("9♠")])
    assert abs(trump_in - 2) < abs(discard - 2)


def engine_value_choice(obs: dict[str, Any], legal: list[Play]) -> Play:
    """The expectation engine's card for ``obs``."""
    choice = ExpectationEngine(seed=0).choose(obs, legal)
    assert isinstance(choice, Play)
    return choice


def test_play_suit_factor_division_first_decides_a_near_tie() -> None:
    # Five players, seed 1, round 1 (10 cards, ♥ trump), from expectation self-play: after
    # the bids 3 1 3 1 1 and a first trick K♥ 5♥ 2♥ 3♥ 6♥ (seat 0's), seat 0 leads A♥,
    # seat 1 throws 4♦, and seat 2 (bid 3, no trick yet) must play a heart.  None beats
    # A♥, and 8♥ 10♥ 9♥ are worth the same later, so in exact arithmetic all three keep
    # the same expected tricks: a tie, which goes to 8♥ (dealt first).  In floating point
    # the sums of the other cards' chances differ in the last bits, and which card they
    # favour depends on how the suit factor q + (1 - q) * n / |U| is rounded.
    hand = "A♣ K♠ 8♥ 9♦ A♦ 10♥ Q♣ 9♥ 5♣"
    first = {"leader": 0, "plays": [[0, "K♥"], [1, "5♥"], [2, "2♥"], [3, "3♥"], [4, "6♥"]],
             "winner": 0}
    obs = play_observation(hand, [(0, "A♥"), (1, "4♦")], bid=3, trump="♥", tricks=[first],
                           seat=2, players=5)
    legal = [PLAYS[c] for c in cards("8♥ 10♥ 9♥")]
    assert engine_value_choice(obs, legal) == PLAYS[C("8♥")]

    # The same choice worked out here in both orders, so the case cannot quietly stop
    # depending on the order.  36 cards unseen; q = 1/5 for a card kept for later.
    held = cards(hand)
    unseen = [c for c in CARDS if c not in held + cards("K♥ 5♥ 2♥ 3♥ 6♥ A♥ 4♦")]
    assert len(unseen) == 36
    q = 1 / 5
    # The two float orders really differ, e.g. for A♣ (10 clubs unseen).
    assert q + (1 - q) * 10 / 36 != q + (1 - q) * (10 / 36)

    def later_chance(card: Card, division_first: bool) -> float:
        """W(card, unknown): p (the chance when leading, whose factor is 1) times f."""
        p = win_chance(card, Suit.HEARTS, unseen, 5, [])
        if card.suit == Suit.HEARTS:
            return p
        n = sum(1 for u in unseen if u.suit == card.suit)
        factor = q + (1 - q) * (n / 36) if division_first else q + (1 - q) * n / 36
        return p * factor

    def choice(division_first: bool) -> Card:
        """The expectation rule: other cards' later chances in dealt order (+ 0 won + 0 now)."""
        later = [later_chance(d, division_first) for d in held]
        best: Card | None = None
        best_distance = 0.0
        for index, card in enumerate(held):
            if PLAYS[card] not in legal:
                continue
            value: float = 0
            for other, chance in enumerate(later):
                if other != index:
                    value += chance
            if best is None or abs(value - 3) < best_distance:
                best, best_distance = card, abs(value - 3)
        assert best is not None
        return best

    # The engine's W is the division-first one, card for card.
    assert [later_chance(d, True) for d in held] == [
        win_chance(d, Suit.HEARTS, unseen, 5, None) for d in held]
    assert choice(division_first=True) == C("8♥")
    assert choice(division_first=False) == C("9♥")


# ------------------------------------------------------------ gaussian
class FixedGauss:
    """Replaces rng.gauss, recording its arguments."""

    def __init__(self, value: float) -> None:
        self.value = value
        self.calls: list[tuple[float, float]] = []

    def __call__(self, mu: float, sigma: float) -> float:
        self.calls.append((mu, sigma))
        return self.value


@pytest.mark.parametrize(("guess", "forbidden", "expected"), [
    (2.5, None, 2), (3.5, None, 4), (-1.3, None, 0), (12.0, None, 10),
    (2.4, 2, 3), (1.6, 2, 1), (-0.4, 0, 1), (10.2, 10, 9),
])
def test_gaussian_bid(guess: float, forbidden: int | None, expected: int,
                      monkeypatch: pytest.MonkeyPatch) -> None:
    engine = GaussianEngine(seed=0)
    fake = FixedGauss(guess)
    monkeypatch.setattr(engine.rng, "gauss", fake)
    obs = bid_observation("A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥", "♥", forbidden, players=4)
    assert engine.choose(obs, []) == BIDS[expected]
    assert fake.calls == [(10 / 4, 0.64 * 100 / 16)]


def test_gaussian_plays_random_legal_cards_reproducibly() -> None:
    legal = [PLAYS[c] for c in cards("2♣ 5♣ 9♣")]
    obs = play_observation("2♣ 5♣ 9♣ A♦", [(0, "K♣")], bid=0)
    engine = GaussianEngine(seed=7)
    picks = [engine.choose(obs, legal) for _ in range(60)]
    again = GaussianEngine(seed=7)
    assert [again.choose(obs, legal) for _ in range(60)] == picks
    assert set(picks) == set(legal)


# ---------------------------------------------------------- real games
@pytest.mark.parametrize("level", ["expectation", "gaussian"])
def test_levels_play_whole_legal_games(level: str) -> None:
    state = DiminishingWhist({"players": 5}, seed=3)
    seats = [load_engine(level, "diminishing-whist", seed=s) for s in range(5)]
    while not state.over:
        seat = state.to_move
        assert seat is not None
        state.apply(choose_action(state, seats[seat]))
    assert len(state.hand_scores) == 10


def test_expectation_reads_a_real_observation() -> None:
    # Round 1 (10 cards, ♥ trump): seat 0 opens holding the four top hearts and six low
    # cards; the real observation's fields feed the same computation as above.
    hand0 = "A♥ K♥ Q♥ J♥ 2♣ 3♣ 4♣ 2♦ 3♦ 4♦"
    rest = [c for c in CARDS if c not in cards(hand0)]
    deal = [hand0.split()] + [[str(c) for c in rest[i * 10:(i + 1) * 10]] for i in range(3)]
    state = DiminishingWhist({"players": 4}, chance=[{"deal": deal}])
    obs = state.observe(0)
    unseen = [c for c in CARDS if c not in cards(hand0)]
    estimate = hand_estimate(cards(hand0), Suit.HEARTS, unseen, 4)
    # Four certain trumps; each low card is worth little.
    assert 4 < estimate < 4.5
    choice = ExpectationEngine(seed=0).choose(obs, state.legal_actions())
    assert choice == BIDS[4]
    assert isinstance(choice, Bid)

"""The rule-based 9-5-2 player: hand-made positions with a clear right answer, and a match."""

from __future__ import annotations

import random
from typing import Any

from engines.levels import levels_for, load_engine
from engines.nine_five_two import RulesEngine, choose_discard, choose_pass, choose_trump
from engines.referee import choose_action
from whist.actions import PLAYS, Decision, Discard, NameTrump, PassCards, Play
from whist.cards import Card, Suit, parse_cards
from whist.games.nine_five_two import NineFiveTwo


def card_obs(hand: str, trick: list[tuple[int, str]], trump: str | None = "♠",
             tricks: list[dict[str, Any]] | None = None, seat: int = 0) -> dict[str, Any]:
    """The parts of a card-play observation the engine reads."""
    return {"decision": "card", "seat": seat, "players": 3, "hand": hand.split(),
            "trump": trump, "trick": [[s, c] for s, c in trick], "tricks": tricks or [],
            "discard": None}


def play_for(obs: dict[str, Any]) -> str:
    hand = [Card.parse(c) for c in obs["hand"]]
    if obs["trick"]:
        led = Card.parse(obs["trick"][0][1]).suit
        follow = [c for c in hand if c.suit == led]
        hand = follow or hand
    action = RulesEngine(seed=1).choose(obs, [PLAYS[c] for c in hand])
    assert isinstance(action, Play)
    return str(action.card)


# ----------------------------------------------------------------- trump
def test_trump_is_the_long_strong_suit() -> None:
    hand = parse_cards("A♥ K♥ Q♥ 10♥ 8♥ 5♥ 3♥ 2♣ 4♣ 6♣ 3♦ 5♦ 7♦ 2♠ 4♠ 6♠")
    assert choose_trump(hand) is Suit.HEARTS


def test_honours_outweigh_a_little_extra_length() -> None:
    hand = parse_cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ A♥ K♥ Q♥ J♥ 10♥ 2♦ 3♦ 4♦ 2♠ 3♠")
    assert choose_trump(hand) is Suit.HEARTS


def test_a_strong_balanced_hand_plays_no_trump() -> None:
    hand = parse_cards("A♠ K♠ Q♠ 2♠ A♥ K♥ 3♥ 2♥ A♦ K♦ 4♦ 3♦ A♣ Q♣ J♣ 2♣")
    assert choose_trump(hand) is None
    engine = RulesEngine(seed=0)
    assert engine.choose({"decision": "trump", "hand": [str(c) for c in hand]}, []) \
        == NameTrump(None)


# --------------------------------------------------------------- discard
def test_discard_voids_a_short_side_suit_and_keeps_trumps_and_honours() -> None:
    hand = parse_cards("A♠ K♠ 9♠ 7♠ 5♠ 4♠ A♥ 8♥ 6♥ 9♦ 3♦ "
                       "K♣ Q♣ J♣ 10♣ 8♣ 6♣ 5♣ 4♣ 2♣")
    thrown = choose_discard(hand, trump=Suit.SPADES)
    assert sorted(thrown) == sorted(parse_cards("9♦ 3♦ 6♥ 8♥"))


def test_discard_in_no_trump_throws_low_cards_of_short_suits() -> None:
    hand = parse_cards("A♠ K♠ Q♠ J♠ 10♠ A♥ K♥ Q♥ 2♥ 3♦ 4♦ "
                       "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣")
    thrown = choose_discard(hand, trump=None)
    assert sorted(thrown) == sorted(parse_cards("3♦ 4♦ 2♥ 6♣"))
    assert not any(c.rank >= 13 for c in thrown)


# --------------------------------------------------------------- passing
def test_pass_the_lowest_cards_from_suits_with_honours_elsewhere() -> None:
    hand = parse_cards("2♣ A♣ K♣ 2♦ 3♦ 9♦ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠")
    # Both deuces; the ♦ first since more high diamonds are out there to fetch.
    assert choose_pass(hand, 2) == tuple(sorted(parse_cards("2♣ 2♦")))
    assert choose_pass(hand, 3) == tuple(sorted(parse_cards("2♣ 2♦ 3♦")))


def test_engine_passes_legally_in_a_real_game() -> None:
    rng = random.Random(4)
    state = NineFiveTwo(seed=4)
    engine = RulesEngine(seed=0)
    passes = 0
    while not state.over and passes < 3:
        if state.decision is Decision.PASS:
            seat = state.to_move
            assert seat is not None
            count = state.observe(seat)["pass_count"]
            lowest = sorted(c.rank for c in state.hands[seat])[:count]
            action = choose_action(state, engine)
            assert isinstance(action, PassCards) and action in state.legal_actions()
            assert sorted(c.rank for c in action.cards) == lowest
            state.apply(action)
            passes += 1
        elif state.decision is Decision.DISCARD:
            state.apply(Discard(tuple(rng.sample(state.hands[state.dealer], 4))))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert passes >= 1


# ------------------------------------------------------------- card play
def test_last_to_play_wins_with_the_cheapest_winner() -> None:
    assert play_for(card_obs("A♥ K♥ 2♥ 5♣", [(1, "9♥"), (2, "Q♥")])) == "K♥"


def test_last_to_play_throws_the_lowest_when_it_cannot_win() -> None:
    assert play_for(card_obs("K♥ 2♥ 5♣", [(1, "9♥"), (2, "A♥")])) == "2♥"


def test_void_ruffs_with_the_lowest_trump_that_wins() -> None:
    assert play_for(card_obs("3♠ 10♠ 4♣", [(1, "9♥"), (2, "Q♥")])) == "3♠"
    assert play_for(card_obs("3♠ 10♠ 4♣", [(1, "9♥"), (2, "5♠")])) == "10♠"


def test_void_without_trumps_throws_the_lowest() -> None:
    assert play_for(card_obs("K♣ 4♦ 7♣", [(2, "9♥")])) == "4♦"


def test_second_hand_plays_a_sure_winner_else_ducks() -> None:
    # Seat 2 led; seat 1 plays after us.  The A♥ cannot be beaten by a follower.
    assert play_for(card_obs("A♥ 10♥ 2♥ 3♣", [(2, "9♥")])) == "A♥"
    # With the A♥ unseen the K♥ may lose: keep it and play low.
    assert play_for(card_obs("K♥ 10♥ 2♥ 3♣", [(2, "9♥")])) == "2♥"


def test_second_hand_ducks_when_the_next_player_can_ruff() -> None:
    earlier = [{"leader": 0, "plays": [[0, "3♥"], [1, "2♣"], [2, "4♥"]], "winner": 2}]
    assert play_for(card_obs("A♥ 10♥ 2♥ 3♣", [(2, "9♥")], tricks=earlier)) == "2♥"


def test_leader_draws_trumps_with_the_top_trump() -> None:
    assert play_for(card_obs("A♠ 3♠ K♦ 4♦ 5♦ 2♣", [])) == "A♠"


def test_leader_cashes_a_sure_winner_at_no_trump() -> None:
    assert play_for(card_obs("A♦ 4♦ 7♣ 8♣ 9♣", [], trump=None)) == "A♦"


def test_leader_without_winners_leads_low_from_the_longest_suit() -> None:
    assert play_for(card_obs("K♦ 4♦ 7♣ 8♣ 9♣", [], trump=None)) == "7♣"


# ----------------------------------------------------------------- games
def test_rules_engine_is_registered_for_nine_five_two_only() -> None:
    assert "rules" in levels_for("nine-five-two")
    assert "rules" not in levels_for("diminishing-whist")
    assert isinstance(load_engine("rules", "nine-five-two", seed=3), RulesEngine)


def match(games: int, first_seed: int) -> tuple[float, int]:
    """Rules at one seat (rotating) against two random players: mean lead and wins."""
    lead = 0.0
    wins = 0
    for g in range(games):
        state = NineFiveTwo(seed=first_seed + g)
        seat = g % 3
        players = [load_engine("rules" if s == seat else "random", "nine-five-two",
                               seed=first_seed * 10 + g * 3 + s) for s in range(3)]
        while not state.over:
            assert state.hand_number < 200
            state.apply(choose_action(state, players[state.to_move]))
        others = [t for s, t in enumerate(state.totals) if s != seat]
        lead += state.totals[seat] - sum(others) / 2
        wins += seat in state.winners()
    return lead / games, wins


def test_rules_beats_random() -> None:
    # Over 100 games (seeds 1000-1099) the lead is about +26.6 points a game, 99 wins.
    lead, wins = match(12, 500)
    assert lead > 10 and wins >= 10


def test_rules_engines_play_whole_games_against_each_other() -> None:
    for seed in range(3):
        state = NineFiveTwo({"target": 10}, seed=seed)
        players = [RulesEngine(seed=s) for s in range(3)]
        while not state.over:
            assert state.hand_number < 200
            state.apply(choose_action(state, players[state.to_move]))
        assert sum(state.totals) == 0

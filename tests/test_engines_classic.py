"""Classic Whist's filter × selector players, checked on hand-worked positions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.classic import (
    ClassicEngine,
    beats,
    classic_engine_class,
    filter_cards,
    lowest_loss,
    select_card,
    select_highest_rank,
    select_smart,
    trick_leader_card,
)
from engines.interface import EngineError
from engines.levels import CLASSIC_FILTERS, CLASSIC_SELECTORS, engine_class
from engines.referee import choose_action
from whist.actions import PLAYS
from whist.cards import Card, Suit, parse_cards
from whist.games.classic import ClassicWhist
from whist.javarandom import JavaRandom

C = Card.parse
S, H, D, CL = int(Suit.SPADES), int(Suit.HEARTS), int(Suit.DIAMONDS), int(Suit.CLUBS)


def cards(text: str) -> list[Card]:
    """Cards from notation, in the order written."""
    return parse_cards(text)


class Recorder:
    """A draw function that answers ``index`` and remembers each bound it was asked for."""

    def __init__(self, index: int = 0) -> None:
        self.index = index
        self.bounds: list[int] = []

    def __call__(self, bound: int) -> int:
        self.bounds.append(bound)
        return self.index


# ------------------------------------------------------------------ registry
def test_spec_gives_a_named_engine_class_for_classic_whist_only() -> None:
    cls = classic_engine_class("trump_saving+highest_rank")
    assert issubclass(cls, ClassicEngine)
    assert cls.level == "trump_saving+highest_rank"
    assert cls.games == ("classic-whist",)
    assert cls.description
    assert classic_engine_class(" Trump_Saving+highest_rank ") is cls
    assert engine_class("trump_saving+highest_rank") is cls
    assert len({classic_engine_class(f"{f}+{s}") for f in CLASSIC_FILTERS
                for s in CLASSIC_SELECTORS}) == 9


@pytest.mark.parametrize("spec", ["legal+random", "none+best", "none", "none+random+smart", ""])
def test_unknown_parts_are_refused(spec: str) -> None:
    with pytest.raises(EngineError):
        classic_engine_class(spec)


# ------------------------------------------------------------------ filters
HAND = cards("A♠ 8♠ 7♥ 9♣ 4♣")  # sorted ♠ ♥ ♦ ♣, high to low


def test_filters_when_leading_keep_everything() -> None:
    for kind in CLASSIC_FILTERS:
        assert filter_cards(kind, HAND, None, H) == HAND


def test_naive_legal_keeps_led_suit_and_trumps() -> None:
    assert filter_cards("naive_legal", HAND, CL, H) == cards("7♥ 9♣ 4♣")
    assert filter_cards("naive_legal", HAND, D, H) == cards("7♥")
    # Neither the led suit nor trump: the whole hand.
    assert filter_cards("naive_legal", HAND, D, D) == HAND


def test_trump_saving_keeps_led_suit_else_trumps() -> None:
    assert filter_cards("trump_saving", HAND, CL, H) == cards("9♣ 4♣")
    assert filter_cards("trump_saving", HAND, D, H) == cards("7♥")
    assert filter_cards("trump_saving", HAND, D, D) == HAND
    assert filter_cards("none", HAND, CL, H) == HAND


# ---------------------------------------------------------------- selectors
def test_beats_is_the_originals_win_card() -> None:
    assert beats(C("K♥"), C("10♥"), S)
    assert not beats(C("10♥"), C("K♥"), S)
    assert beats(C("2♠"), C("A♥"), S)
    assert not beats(C("A♦"), C("2♥"), S)  # off-suit, not trump
    assert not beats(C("3♠"), C("4♠"), S)


def test_random_draws_once_over_the_list() -> None:
    draw = Recorder(2)
    assert select_card("random", HAND, [], None, H, 4, [], draw) == C("7♥")
    assert draw.bounds == [5]


def test_highest_rank_prefers_led_suit_then_trump_then_first() -> None:
    kings = cards("K♠ K♥ 5♦ K♣")
    assert select_highest_rank(kings, CL, H) == C("K♣")
    assert select_highest_rank(kings, D, H) == C("K♥")
    assert select_highest_rank(kings, D, D) == C("K♠")
    assert select_highest_rank(kings, None, CL) == C("K♣")
    assert select_highest_rank(cards("9♠ J♦ 4♣"), CL, H) == C("J♦")
    draw = Recorder()
    assert select_card("highest_rank", kings, [], None, CL, 4, [], draw) == C("K♣")
    assert draw.bounds == []  # highest_rank draws nothing


def test_lowest_loss_spends_plain_cards_before_trumps() -> None:
    assert lowest_loss(cards("Q♠ 3♠ 9♦ 4♦ 4♣"), S) == C("4♦")  # lowest plain; ties: first
    assert lowest_loss(cards("9♠ 3♠"), S) == C("3♠")


def test_trick_leader_card() -> None:
    assert trick_leader_card(cards("10♥ J♥ 2♦"), H, S) == C("J♥")
    assert trick_leader_card(cards("10♥ 3♠ J♥ 9♠"), H, S) == C("9♠")


def test_smart_leading_plays_its_random_draw() -> None:
    draw = Recorder(1)
    assert select_smart(HAND, [], None, H, 4, [], draw) == C("8♠")
    assert draw.bounds == [5]


def test_smart_with_no_winner_throws_lowest_loss_after_drawing() -> None:
    # ♠ trump: 3♠ has trumped the 10♥ lead, and K♥ cannot beat it.
    draw = Recorder(0)
    hand = cards("K♥ 9♦ 4♦ 2♣")
    assert select_smart(hand, cards("10♥ 3♠"), H, S, 4, [], draw) == C("2♣")
    assert draw.bounds == [4]  # drawn even though unused


def test_smart_last_to_play_wins_as_cheaply_as_it_can() -> None:
    hand = cards("5♠ K♥ 2♣")
    # Both 5♠ (trump) and K♥ beat J♥; the cheapest is the plain K♥.
    assert select_smart(hand, cards("10♥ J♥ 2♦"), H, S, 4, [], Recorder()) == C("K♥")


def test_smart_not_last_keeps_the_cards_that_beat_most_unseen() -> None:
    hand = cards("5♠ K♥ 2♣")
    # Second of four: the trump 5♠ beats every unseen plain card, K♥ only lower hearts.
    assert select_smart(hand, cards("10♥"), H, S, 4, [], Recorder()) == C("5♠")
    # K♥ and Q♥ each beat the same eight unseen hearts (2 4 5 6 7 8 9 J): tie, cheaper Q♥.
    hand = cards("K♥ Q♥ 3♥ 2♣")
    assert select_smart(hand, cards("10♥"), H, S, 4, [], Recorder()) == C("Q♥")
    # Two trumps: 9♠ beats the unseen 2♠ 4♠ 5♠ 6♠ 7♠ 8♠ that 3♠ does not (beyond 2♠)...
    trumps = cards("9♠ 3♠")
    assert select_smart(trumps, cards("10♥"), H, S, 4, [], Recorder()) == C("9♠")
    # ... but once 4♠ to 8♠ are played both beat the same unseen cards: the cheaper 3♠.
    played = cards("8♠ 7♠ 6♠ 5♠ 4♠")
    assert select_smart(trumps, cards("10♥"), H, S, 4, played, Recorder()) == C("3♠")


# ------------------------------------------------------------------- engines
def test_engine_filters_the_legal_cards_when_rules_are_enforced() -> None:
    deal = [cards("A♠ K♠ 2♥ 3♦ 4♣"), cards("Q♠ 9♥ 8♥ 5♦ 6♣")]
    game = ClassicWhist({"players": 2, "cards": 5, "winning_score": 9},
                        chance=[{"deal": [[str(c) for c in h] for h in deal],
                                 "trump": "♥", "leader": 0}])
    game.apply(PLAYS[C("A♠")])
    engine = classic_engine_class("naive_legal+highest_rank")(seed=1)
    # Legal: Q♠ only (must follow ♠), though naive_legal would keep the hearts too.
    assert choose_action(game, engine) == PLAYS[C("Q♠")]


def test_engine_with_rules_off_sees_the_whole_hand() -> None:
    deal = [cards("A♠ K♠ 2♥ 3♦ 4♣"), cards("Q♠ 9♥ 8♥ 5♦ 6♣")]
    game = ClassicWhist({"players": 2, "cards": 5, "winning_score": 9, "enforce_rules": False},
                        chance=[{"deal": [[str(c) for c in h] for h in deal],
                                 "trump": "♥", "leader": 0}])
    game.apply(PLAYS[C("A♠")])
    engine = classic_engine_class("naive_legal+highest_rank")(seed=1)
    assert choose_action(game, engine) == PLAYS[C("Q♠")]  # Q beats 9♥ on rank
    engine = classic_engine_class("trump_saving+smart")(seed=1)
    # trump_saving keeps the led suit (Q♠ only); smart cannot win with it and throws it.
    assert choose_action(game, engine) == PLAYS[C("Q♠")]
    engine = classic_engine_class("none+smart")(seed=1)
    # Whole hand; 9♥ and 8♥ trump A♠; second of two is last: cheapest winner 8♥.
    assert choose_action(game, engine) == PLAYS[C("8♥")]


def test_engines_share_a_java_generator() -> None:
    java = JavaRandom(7)
    expected = JavaRandom(7)
    first = classic_engine_class("none+random")(java_random=java)
    second = classic_engine_class("none+smart")(java_random=java)
    assert isinstance(first, ClassicEngine) and isinstance(second, ClassicEngine)
    hand = cards("A♠ 8♠ 7♥ 9♣ 4♣")
    assert first.pick(hand, [], H, 4, []) == hand[expected.next_int(5)]
    assert second.pick(hand, [], H, 4, []) == hand[expected.next_int(5)]
    assert java.next_int(1000) == expected.next_int(1000)
    with pytest.raises(EngineError):
        classic_engine_class("none+random")(java_random=random.Random(1))


@pytest.mark.parametrize("enforce", [True, False])
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_all_nine_players_finish_legal_games(enforce: bool, seed: int) -> None:
    rng = random.Random(seed)
    specs = [f"{f}+{s}" for f in CLASSIC_FILTERS for s in CLASSIC_SELECTORS]
    players = rng.choice([2, 3, 4])
    game = ClassicWhist({"players": players, "cards": rng.choice([3, 7, 13]),
                         "winning_score": rng.choice([5, 15]), "enforce_rules": enforce},
                        seed=seed)
    engines = [classic_engine_class(rng.choice(specs))(seed=seed + i) for i in range(players)]
    moves = 0
    while not game.over:
        seat = game.to_move
        assert seat is not None
        game.apply(choose_action(game, engines[seat]))  # choose_action checks legality
        moves += 1
        assert moves < 2000
    assert max(game.totals) == game.winning_score

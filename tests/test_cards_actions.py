"""Cards, suits, notation and action parsing."""

import pytest

from whist.actions import (
    ActionError,
    Bid,
    Contract,
    Decision,
    Discard,
    NameTrump,
    PassCards,
    Play,
    Skip,
    parse_action,
)
from whist.cards import CARDS, Card, CardError, Suit, pack, parse_trump, sort_hand


@pytest.mark.parametrize("text, rank, suit", [
    ("10♦", 10, Suit.DIAMONDS), ("TD", 10, Suit.DIAMONDS), ("td", 10, Suit.DIAMONDS),
    ("Q♥", 12, Suit.HEARTS), ("QH", 12, Suit.HEARTS), ("A♠", 14, Suit.SPADES),
    ("2c", 2, Suit.CLUBS), ("♦10", 10, Suit.DIAMONDS), (" K♣ ", 13, Suit.CLUBS),
    ("♥️Q", 12, Suit.HEARTS),
])
def test_card_notation_is_read(text: str, rank: int, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("text", ["", "Q", "11♥", "QX", "10", "♥", "ZZ", "1♥♥"])
def test_bad_card_notation_says_how_to_write_one(text: str) -> None:
    with pytest.raises(CardError, match="10♦"):
        Card.parse(text)


def test_every_card_prints_and_parses_back() -> None:
    assert len(CARDS) == 52 and len(set(CARDS)) == 52
    for card in CARDS:
        assert Card.parse(str(card)) is card
        assert Card.parse(card.ascii) is card
    assert str(Card.of(Suit.DIAMONDS, 10)) == "10♦" and Card.of(Suit.DIAMONDS, 10).ascii == "TD"


def test_black_queen_removal_order_builds_the_five_player_pack() -> None:
    removed = [Card.parse(c) for c in ("2♦", "2♦", "2♣", "2♠")]
    cards = pack(2, removed)
    assert len(cards) == 100
    assert cards.count(Card.parse("2♦")) == 0 and cards.count(Card.parse("2♣")) == 1
    assert cards.count(Card.parse("2♥")) == 2


def test_trump_and_sorting() -> None:
    assert parse_trump("NT") is None and parse_trump("h") is Suit.HEARTS
    hand = [Card.parse(c) for c in ("2♠", "A♣", "3♥", "K♠", "4♦")]
    assert [str(c) for c in sort_hand(hand)] == ["A♣", "3♥", "4♦", "2♠", "K♠"]
    assert [str(c) for c in sort_hand(hand, Suit.CLUBS)][-1] == "A♣"


@pytest.mark.parametrize("text, decision, expected", [
    ("Q♥", Decision.CARD, Play(Card.parse("Q♥"))),
    ("QH@3", Decision.CARD, Play(Card.parse("Q♥"), 3)),
    ("3", Decision.BID, Bid(3)),
    ("0", Decision.SECONDARY_BET, Bid(0)),
    ("7♥", Decision.INITIAL_BID, Contract(7, Suit.HEARTS)),
    ("5NT", Decision.INITIAL_BID, Contract(5, None)),
    ("skip", Decision.INITIAL_BID, Skip()),
    ("NT", Decision.TRUMP, NameTrump(None)),
    ("H", Decision.TRUMP, NameTrump(Suit.HEARTS)),
    ("2♣ 3♣ 7♦ 9♦", Decision.DISCARD, Discard(tuple(Card.parse(c) for c in "2♣ 3♣ 7♦ 9♦".split()))),
    ("AS KS", Decision.PASS, PassCards((Card.parse("A♠"), Card.parse("K♠")))),
])
def test_actions_round_trip_through_their_notation(text: str, decision: Decision,
                                                   expected: object) -> None:
    action = parse_action(text, decision)
    assert action == expected
    assert parse_action(str(action), decision) == action


@pytest.mark.parametrize("text, decision, reason", [
    ("three", Decision.BID, "not a number"),
    ("Q♥", Decision.BID, "not a number"),
    ("♥7", Decision.INITIAL_BID, "tricks then denomination"),
    ("7X", Decision.INITIAL_BID, "not a suit"),
    ("Q♥@x", Decision.CARD, "position"),
    ("", Decision.CARD, "expected a card"),
])
def test_unreadable_actions_say_why(text: str, decision: Decision, reason: str) -> None:
    with pytest.raises(ActionError, match=reason):
        parse_action(text, decision)


def test_contract_ranking_follows_denominations() -> None:
    assert Contract(7, Suit.SPADES).outranks(Contract(7, Suit.HEARTS))
    assert Contract(7, None).outranks(Contract(7, Suit.SPADES))
    assert Contract(8, Suit.CLUBS).outranks(Contract(7, None))
    assert not Contract(7, Suit.HEARTS).outranks(Contract(7, Suit.HEARTS))
    assert Contract(5, Suit.CLUBS).outranks(None)

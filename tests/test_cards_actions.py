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
    action_type_problem,
    parse_action,
)
from whist.cards import CARDS, Card, CardError, Suit, pack, parse_trump, sort_hand
from whist.games import new_game
from whist.inputs import shown, small_number
from whist.protocol import IllegalAction


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
    # A pass or a discard is a set of cards: read in the pack's order, however typed.
    ("AS KS", Decision.PASS, PassCards((Card.parse("K♠"), Card.parse("A♠")))),
    ("9♦ 2♣ 7♦ 3♣", Decision.DISCARD, Discard(tuple(Card.parse(c) for c in "2♣ 3♣ 7♦ 9♦".split()))),
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


# ------------------------------------------------------------ odd and hostile input
ODD_TEXTS = ["²", "1²", "٣", "①", "9" * 5000, "0" * 5000, "A♠@²", "A♠@" + "9" * 5000, "A♠@-1",
             "A♠@1_0", "²♥", "9" * 5000 + "♥", "\ufe0f\ufe0f", "\ufe0f", "\ud800", "\x00",
             "x" * 20000, "♥" * 3000, "10♦ " * 400, "1e3", "0x10", "+3", "-3", " ", "\n"]


@pytest.mark.parametrize("decision", list(Decision))
def test_any_text_is_an_action_or_an_action_error(decision: Decision) -> None:
    for text in ODD_TEXTS:
        try:
            parse_action(text, decision)
        except ActionError as error:
            assert len(str(error)) < 250 and "\n" not in str(error)


@pytest.mark.parametrize("value", [None, 5, 5.0, ["A♠"], "\ufe0f\ufe0f", "x" * 20000, "♥@"])
def test_card_and_trump_readers_refuse_odd_values_with_card_error(value: object) -> None:
    for reader in (Card.parse, Suit.parse, parse_trump):
        with pytest.raises(CardError) as caught:
            reader(value)
        assert len(str(caught.value)) < 200


def test_numbers_in_actions_are_ascii_digits_and_short() -> None:
    assert parse_action("0003", Decision.BID) == Bid(3)
    assert parse_action("Q♥@03", Decision.CARD) == Play(Card.parse("Q♥"), 3)
    for text in ("²", "٣", "10000", "9" * 5000):
        with pytest.raises(ActionError, match="not a number of tricks|too long"):
            parse_action(text, Decision.BID)
    assert small_number("0" * 5000) == 0 and small_number("12345") is None
    assert small_number("²") is None and small_number("") is None


def test_shown_cuts_long_values_and_survives_any_value() -> None:
    assert shown("x" * 20000) == repr("x" * 40) + "… (20000 characters)"
    assert shown(10**5000).startswith("a number of about 500")
    assert len(shown([[[[1]]]] * 100)) < 70 and shown(True) == "True"

    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert "Broken" in shown(Broken()) and len(shown([10**5000])) < 70


@pytest.mark.parametrize("action, reason", [
    (Bid(False), "Bid.tricks must be a whole number"),
    (Bid(0.0), "Bid.tricks must be a whole number"),
    (Bid("3"), "Bid.tricks must be a whole number"),
    (Play(5), "Play.card must be a Card"),
    (Play(Card.parse("A♠"), True), "Play.up must be None or a whole number"),
    (Play(Card.parse("A♠"), 1.0), "Play.up must be None or a whole number"),
    (Play(int.__new__(Card, 99)), "Play.card must be a Card"),
    (Contract(7, 2), "Contract.trump must be a Suit or None"),
    (Contract(True, Suit.HEARTS), "Contract.tricks must be a whole number"),
    (NameTrump("H"), "NameTrump.trump must be a Suit or None"),
    (Discard([Card.parse("A♠")]), "Discard.cards must be a tuple of Cards"),
    (PassCards((1, 2)), "PassCards.cards must be a tuple of Cards"),
    (0, "is not an action"),
    ("3", "is not an action"),
    (Card.parse("A♠"), "is not an action"),
    (None, "is not an action"),
])
def test_action_type_problem_names_the_field_and_what_it_must_be(action: object,
                                                                 reason: str) -> None:
    problem = action_type_problem(action)
    assert problem is not None and reason in problem and len(problem) < 200


def test_every_legal_action_of_every_game_has_exact_types() -> None:
    for name in ("diminishing-whist", "black-queen", "nine-five-two", "bidding-whist",
                 "classic-whist"):
        state = new_game(name, seed=1)
        for _ in range(60):
            legal = state.legal_actions()
            assert all(action_type_problem(a) is None for a in legal)
            if state.over:
                break
            state.apply(legal[len(legal) // 2])


@pytest.mark.parametrize("action", [Bid(0.0), Bid(False), Bid(True), 0, "0", Play(0),
                                    Bid(0.5)])
def test_a_game_refuses_mistyped_actions_and_changes_nothing(action: object) -> None:
    state = new_game("diminishing-whist", seed=3)
    assert Bid(0) in state.legal_actions()  # the equal, well-typed action would be legal
    before = state.record(), state.observe(0), state.can_undo
    assert state.why_illegal(action) is not None
    with pytest.raises(IllegalAction, match="must be a whole number|is not an action|must be a Card"):
        state.apply(action)
    assert (state.record(), state.observe(0), state.can_undo) == before


@pytest.mark.parametrize("text", ODD_TEXTS)
def test_apply_text_raises_only_illegal_action(text: str) -> None:
    for name in ("diminishing-whist", "black-queen", "bidding-whist"):
        state = new_game(name, seed=2)
        before = state.record()
        with pytest.raises(IllegalAction):
            state.apply_text(text)
        assert state.record() == before

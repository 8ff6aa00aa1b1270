"""Black Queen's rules (rules.md §2): hand-made positions worked by hand, and random games."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from whist.actions import PLAYS, Play
from whist.cards import CARDS, SUIT_OF, Card, CardError
from whist.games.black_queen import (
    BlackQueen,
    cards_each,
    decks_for,
    hand_score,
    pack_for,
)
from whist.protocol import IllegalAction, OptionError
from whist.records import replay

C = Card.parse
SUITS = "♣♦♥♠"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def run(suit: str, low: str, high: str) -> list[str]:
    """Cards of ``suit`` from rank ``low`` to ``high``, as notation strings."""
    return [r + suit for r in RANKS[RANKS.index(low):RANKS.index(high) + 1]]


def layout(hand: list[str], down: list[str] | None = None,
           up: list[str] | None = None) -> dict[str, list[str]]:
    """One seat's deal."""
    return {"down": down or [], "up": up or [], "hand": hand}


def game_with(deal: list[dict[str, list[str]]], **options: Any) -> BlackQueen:
    """A game whose first hand is ``deal`` (later hands come from seed 0)."""
    return BlackQueen(options, seed=0, chance=[{"deal": deal}])


def first_legal_to_end_of_hand(state: BlackQueen) -> None:
    """Play the first legal card (the first hand card of the led suit, if any) to hand end."""
    hand = state.hand_number
    while not state.over and state.hand_number == hand:
        state.apply(state.legal_actions()[0])


def snapshot(state: BlackQueen) -> str:
    """Everything in the state that a seat, a record or the next action depends on."""
    return repr((state.hands, state.up, state.down, state.trick, state.trick_from,
                 state.tricks, state.taken, state.points, state.tricks_won, state.to_move,
                 state.leader, state.dealer, state.totals, state.hand_scores, state.over,
                 state.decision, state.record()))


def every_card(state: BlackQueen) -> Counter[Card]:
    """Every card of the current hand, wherever it is now."""
    cards: Counter[Card] = Counter()
    for seat in range(state.players):
        cards.update(state.hands[seat])
        cards.update(c for c in state.up[seat] if c is not None)
        cards.update(c for c in state.down[seat] if c is not None)
    cards.update(c for _, c in state.trick)
    cards.update(c for _, plays, _ in state.tricks for _, c in plays)
    return cards


def cards_in(value: Any,
             skip: frozenset[str] = frozenset({"legal", "last_trick"})) -> Counter[Card]:
    """Every string in an observation that reads as a card (skipping keys that repeat others)."""
    found: Counter[Card] = Counter()
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                found.update(cards_in(item, skip))
    elif isinstance(value, list):
        for item in value:
            found.update(cards_in(item, skip))
    elif isinstance(value, str):
        try:
            found[C(value)] += 1
        except CardError:
            pass
    return found


# ------------------------------------------------------------------ packs
@pytest.mark.parametrize("players, decks, size, each", [
    (2, 1, 52, 26), (3, 1, 51, 17), (4, 2, 104, 26), (5, 2, 100, 20), (6, 3, 156, 26)])
def test_pack_sizes(players: int, decks: int, size: int, each: int) -> None:
    assert decks_for(players) == decks
    assert len(pack_for(players)) == size
    assert cards_each(players) == each
    game = BlackQueen({"players": players}, seed=1)
    assert [len(h) + len(u) + len(d) for h, u, d in zip(game.hands, game.up, game.down,
                                                           strict=True)] == [each] * players


def test_removed_cards_are_2d_2d_2c_2s_in_that_order() -> None:
    three = Counter(pack_for(3))
    assert three[C("2♦")] == 0 and three[C("2♣")] == 1 and three[C("2♠")] == 1
    five = Counter(pack_for(5))
    assert (five[C("2♦")], five[C("2♣")], five[C("2♠")], five[C("2♥")]) == (0, 1, 1, 2)
    assert five[C("3♦")] == 2 and sum(five.values()) == 100


@pytest.mark.parametrize("players, face_down", [(2, 8), (3, 5), (4, 8), (5, 6), (6, 8)])
def test_default_face_down_is_a_third_of_the_cards(players: int, face_down: int) -> None:
    game = BlackQueen({"players": players}, seed=2)
    assert game.options["face_down"] == face_down
    assert game.options["hands"] == players
    in_hand = cards_each(players) - 2 * face_down
    assert all(len(h) == in_hand and len(u) == face_down and len(d) == face_down
               for h, u, d in zip(game.hands, game.up, game.down, strict=True))


def test_options_out_of_range_are_refused() -> None:
    assert BlackQueen({"players": 4, "face_down": 13}, seed=0).options["face_down"] == 13
    with pytest.raises(OptionError, match="face_down"):
        BlackQueen({"players": 4, "face_down": 14})
    with pytest.raises(OptionError, match="face_down"):
        BlackQueen({"players": 5, "face_down": 11})  # 20 cards each: at most 10
    with pytest.raises(OptionError, match="players"):
        BlackQueen({"players": 7})
    with pytest.raises(OptionError, match="players"):
        BlackQueen({"players": 1})


def test_deal_order_is_down_row_then_up_row_then_hand() -> None:
    game = BlackQueen({"players": 4}, seed=9)
    deal = game.hands_log[0]["deal"]
    for seat in range(4):
        assert [str(c) for c in game.down[seat]] == deal[seat]["down"]
        assert [str(c) for c in game.up[seat]] == deal[seat]["up"]
        assert [str(c) for c in game.hands[seat]] == deal[seat]["hand"]
    first = game.hands_log[0]
    # The record's deal equals the first hand's cards, and they are the full pack.
    assert Counter(C(c) for s in first["deal"] for k in ("down", "up", "hand")
                   for c in s[k]) == Counter(pack_for(4))


# ----------------------------------------------------- follow suit, turn up
def two_player_up_row_deal() -> list[dict[str, list[str]]]:
    """Seat 0: 2♠ down under 5♥ up, clubs and 2♦..Q♦ in hand.  Seat 1: the rest."""
    seat0 = layout(run("♣", "2", "A") + run("♦", "2", "Q"), down=["2♠"], up=["5♥"])
    seat1 = layout([h for h in run("♥", "2", "A") if h != "5♥"] + run("♠", "3", "A"),
                   down=["K♦"], up=["A♦"])
    return [seat0, seat1]


def test_follow_suit_counts_face_up_cards_and_the_card_beneath_turns_up() -> None:
    game = game_with(two_player_up_row_deal(), players=2, face_down=1)
    # Hand 0 is dealt by seat 0, so seat 1 leads.
    assert game.dealer == 0 and game.to_move == 1
    game.apply(PLAYS[C("A♥")])
    # Seat 0's only heart is face up: it must be played, from the face-up row.
    assert game.legal_actions() == [Play(C("5♥"), 0)]
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="you must follow ♥"):
        game.apply(PLAYS[C("2♣")])
    with pytest.raises(IllegalAction, match="5♥ is in your face-up row: play it as 5♥@0"):
        game.apply(PLAYS[C("5♥")])
    with pytest.raises(IllegalAction, match="position 0 of your face-up row holds 5♥"):
        game.apply(Play(C("6♥"), 0))
    assert snapshot(game) == before
    game.apply_text("5♥@0")
    # Seat 1 took A♥ and 5♥: two cards, two points; 2♠ turned up at position 0.
    assert game.taken == [0, 2] and game.points == [0, 2]
    assert game.up[0] == [C("2♠")] and game.down[0] == [None]
    assert game.to_move == 1
    seen = game.observe(1)
    assert seen["up"] == [["2♠"], ["A♦"]] and seen["down"] == [[0], [1]]
    assert game.record()["hands"][0]["actions"] == ["A♥", "5♥@0"]
    # Seat 0 has no heart left anywhere, so on a heart lead any card goes, 2♠@0 included.
    game.apply(PLAYS[C("2♥")])
    legal = game.legal_actions()
    assert Play(C("2♠"), 0) in legal and PLAYS[C("A♣")] in legal and len(legal) == 25


def test_a_face_up_card_of_the_led_suit_forces_following_even_with_none_in_hand() -> None:
    game = game_with(two_player_up_row_deal(), players=2, face_down=1)
    game.apply(PLAYS[C("3♥")])
    game.apply_text("5♥@0")  # seat 0 wins with 5♥; 2♠ turns up
    assert game.to_move == 0 and game.points == [2, 0]
    game.apply(Play(C("2♠"), 0))
    # Seat 1 has spades in hand: those, and not its face-up A♦.
    assert game.legal_actions() == [PLAYS[c] for c in map(C, run("♠", "3", "A"))]
    game.apply(PLAYS[C("3♠")])
    # Nothing lay under 2♠: the position stays empty.
    assert game.up[0] == [None] and game.down[0] == [None]
    assert game.to_move == 1
    game.apply(PLAYS[C("4♠")])
    with pytest.raises(IllegalAction, match="position 0 of your face-up row is empty"):
        game.apply(Play(C("2♠"), 0))


def test_both_copies_of_a_card_are_distinct_plays_and_equal_hand_cards_count_once() -> None:
    pack = Counter(pack_for(4))
    seat1_hand = ["Q♥", "3♣", "3♣"]
    fixed = {1: layout(seat1_hand, down=["7♦"], up=["Q♥"])}
    for lay in fixed.values():
        pack.subtract(C(c) for k in ("down", "up", "hand") for c in lay[k])
    rest = [str(c) for c in sorted(pack.elements())]
    deal = []
    for seat in range(4):
        lay = fixed.get(seat) or layout([], down=[rest.pop()], up=[rest.pop()])
        while len(lay["hand"]) < 24:
            lay["hand"].append(rest.pop())
        deal.append(lay)
    game = game_with(deal, players=4, face_down=1)
    assert game.to_move == 1
    legal = game.legal_actions()
    assert legal.count(PLAYS[C("Q♥")]) == 1 and legal.count(Play(C("Q♥"), 0)) == 1
    assert legal.count(PLAYS[C("3♣")]) == 1
    assert len(legal) == len(set(deal[1]["hand"])) + 1
    game.apply_text("Q♥@0")
    assert game.up[1] == [None] and game.hands[1].count(C("Q♥")) == 1
    # The trick ends: 7♦ turns up where Q♥ lay.
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    assert game.up[1] == [C("7♦")] and game.down[1] == [None]


def test_equal_cards_the_later_one_wins() -> None:
    pack = Counter(pack_for(4))
    hands = {1: ["K♠"], 2: ["2♠"], 3: ["K♠"], 0: ["3♠"]}
    for cards in hands.values():
        pack.subtract(C(c) for c in cards)
    rest = [str(c) for c in sorted(pack.elements(), reverse=True)]  # spades first
    deal = []
    for seat in range(4):
        hand = hands[seat] + [rest.pop() for _ in range(25)]  # fillers from ♣ ♦ ♥
        deal.append(layout(hand))
    game = game_with(deal, players=4, face_down=0)
    for text in ("K♠", "2♠", "K♠", "3♠"):
        game.apply_text(text)
    assert game.tricks[0][2] == 3 and game.to_move == 3


# --------------------------------------------------------------- scoring
def test_hand_score_rules() -> None:
    assert hand_score(taken=0, points=0, total=50) == 10
    assert hand_score(taken=8, points=0, total=50) == 5
    assert hand_score(taken=8, points=3, total=50) == -3
    assert hand_score(taken=8, points=15, total=50) == -15   # Q♠ and 3 hearts
    assert hand_score(taken=52, points=50, total=50) == 50
    assert hand_score(taken=40, points=25, total=25) == 25


def three_player_deal(ace_of_hearts_last: bool) -> list[dict[str, list[str]]]:
    """Seat 1 (leader): ♦3..A, A♥, ♣2..5; seat 2: all spades, ♣J..A; seat 0: ♥2..K, ♣6..10."""
    clubs = run("♣", "2", "5")
    seat1 = run("♦", "3", "A") + (clubs + ["A♥"] if ace_of_hearts_last else ["A♥"] + clubs)
    return [layout(run("♥", "2", "K") + run("♣", "6", "10")), layout(seat1),
            layout(run("♠", "2", "A") + run("♣", "J", "A"))]


def test_hearts_and_queen_of_spades_count_against_and_no_cards_scores_ten() -> None:
    # Worked by hand, each seat playing its first legal card:
    # tricks 1-12: seat 1 leads ♦3..A♦ and wins them all while seat 2 throws 2♠..K♠ (Q♠
    # included) and seat 0 throws 2♥..K♥: seat 1 has 12 hearts and Q♠ = 24 points.
    # Trick 13: 2♣, J♣, 6♣: seat 2 wins.  Trick 14: A♠, 7♣, 3♣: seat 2.  Tricks 15-16:
    # seat 2's Q♣, K♣ win.  Trick 17: A♣, 10♣ and seat 1's A♥: seat 2 takes one heart.
    game = game_with(three_player_deal(ace_of_hearts_last=True), players=3, face_down=0,
                     hands=2)
    first_legal_to_end_of_hand(game)
    assert game.hand_scores == [[10, -24, -1]]
    assert game.totals == [10, -24, -1]
    # Hand 2 is dealt by seat 1, so seat 2 leads it.
    assert game.dealer == 1 and game.to_move == 2 and game.taken == [0, 0, 0]


def test_taking_every_negative_point_turns_it_positive_and_cards_without_points_score_five(
) -> None:
    # As above, but seat 1 leads A♥ at trick 13 and wins it (nobody has a heart left):
    # it holds all 25 negative points: +25.  Seat 2 then wins the four club tricks with
    # J♣ Q♣ K♣ A♣: 12 cards, no points: +5.  Seat 0 never wins a trick: +10.
    game = game_with(three_player_deal(ace_of_hearts_last=False), players=3, face_down=0,
                     hands=1)
    first_legal_to_end_of_hand(game)
    assert game.total_points == 25
    assert game.taken == [0, 39, 12] and game.points == [0, 25, 0]
    assert game.hand_scores == [[10, 25, 5]] and game.over and game.winners() == [1]


def test_taking_all_fifty_with_two_decks_scores_plus_fifty() -> None:
    # Seat 1 holds both decks' clubs and leads one every trick; nobody else has a club,
    # so seat 1 takes all 104 cards: 26 hearts and two Q♠ = 50 points, turned to +50.
    deal = [layout(run("♠", "2", "A") * 2), layout(run("♣", "2", "A") * 2),
            layout(run("♦", "2", "A") * 2), layout(run("♥", "2", "A") * 2)]
    game = game_with(deal, players=4, face_down=0, hands=1)
    assert game.total_points == 50
    first_legal_to_end_of_hand(game)
    assert game.hand_scores == [[10, 50, 10, 10]]


# ------------------------------------------------------------ observation
def test_observation_shows_face_up_rows_and_only_counts_of_face_down_cards() -> None:
    game = game_with(two_player_up_row_deal(), players=2, face_down=1)
    seen = game.observe(0)
    assert seen["up"] == [["5♥"], ["A♦"]] and seen["down"] == [[1], [1]]
    assert seen["hand"] == [str(c) for c in game.hands[0]]
    assert seen["dealer"] == 0 and seen["taken"] == [0, 0] and seen["points"] == [0, 0]
    text = json.dumps(seen, ensure_ascii=False)
    # 2♠ (seat 0's own face-down card) and K♦ (seat 1's) are seen by nobody.
    assert "2♠" not in text and "K♦" not in text
    assert "A♥" not in text  # seat 1's hand
    game.apply(PLAYS[C("A♥")])
    assert game.observe(1)["legal"] == []
    assert game.observe(0)["legal"] == ["5♥@0"] and game.observe(0)["trick_from"] == [None]


# ----------------------------------------------------------- random games
def check_observation(state: BlackQueen, seat: int) -> None:
    """The observation reveals no card beyond the seat's hand, the face-up rows and plays."""
    seen = state.observe(seat)
    json.dumps(seen)
    visible: Counter[Card] = Counter(state.hands[seat])
    for row in state.up:
        visible.update(c for c in row if c is not None)
    visible.update(c for _, c in state.trick)
    visible.update(c for _, plays, _ in state.tricks for _, c in plays)
    shown = cards_in(seen)
    assert not shown - visible, f"seat {seat} sees {shown - visible}"
    assert all(n in (0, 1) for row in seen["down"] for n in row)


def check_world(state: BlackQueen, rng: random.Random) -> None:
    """A sampled world agrees with everything the seat to move knows, and plays on."""
    seat = state.to_move
    assert seat is not None
    obs = state.observe(seat)
    world = BlackQueen.sample_world(obs, rng)
    assert world.legal_actions() == state.legal_actions()
    assert world.hands[seat] == state.hands[seat] and world.up == state.up
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert [[c is None for c in row] for row in world.down] == \
        [[c is None for c in row] for row in state.down]
    assert every_card(world) == Counter(pack_for(state.players))
    for _, plays, _ in state.tricks:
        led = SUIT_OF[plays[0][1]]
        for player, card in plays[1:]:
            if SUIT_OF[card] != led:
                assert not any(SUIT_OF[c] == led for c in world.hands[player])
    hands_done = len(world.hand_scores)
    while not world.over and len(world.hand_scores) == hands_done:
        world.step(rng.choice(world.legal_actions()))
    assert len(world.hand_scores) == hands_done + 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), data=st.data())
def test_random_games(players: int, data: st.DataObject) -> None:
    face_down = data.draw(st.integers(0, cards_each(players) // 2), label="face_down")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    hands = data.draw(st.integers(1, 2), label="hands")
    game = BlackQueen({"players": players, "face_down": face_down, "hands": hands}, seed=seed)
    rng = random.Random(seed)
    full = Counter(pack_for(players))
    steps = 0
    while not game.over:
        assert every_card(game) == full
        legal = game.legal_actions()
        assert legal
        if steps % 5 == 0:
            check_observation(game, game.to_move or 0)
            check_observation(game, ((game.to_move or 0) + 1) % players)
            wrong = Play(CARDS[rng.randrange(52)], rng.choice([None, *range(face_down + 1)]))
            if wrong not in legal:
                before = snapshot(game)
                with pytest.raises(IllegalAction):
                    game.apply(wrong)
                assert snapshot(game) == before
        if steps % 11 == 0:
            check_world(game, rng)
        action = rng.choice(legal)
        if steps % 7 == 0:
            before = snapshot(game)
            game.apply(action)
            game.undo()
            assert snapshot(game) == before and game.legal_actions() == legal
        game.apply(action)
        steps += 1
        assert steps <= hands * full.total()
    assert steps == hands * full.total()
    assert len(game.hand_scores) == hands
    assert [sum(h[s] for h in game.hand_scores) for s in range(players)] == game.totals
    for scores in game.hand_scores:
        # Every negative point lands somewhere: unless someone took them all, they sum to it.
        total = sum(SUIT_OF[c] == 2 for c in full.elements()) + 12 * full[C("Q♠")]
        if total not in scores:
            assert -sum(s for s in scores if s < 0) == total
    again = replay(json.loads(json.dumps(game.record(), ensure_ascii=False)))
    assert again.totals == game.totals and again.hand_scores == game.hand_scores

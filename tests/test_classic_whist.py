"""Classic Whist (rules.md §5): deals, trump, first leader, immediate win, redeals."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from whist.actions import PLAYS
from whist.cards import CARDS, Card, Suit, parse_cards
from whist.games.classic import NERD_PACK, ClassicWhist, nerd_deal, nerd_order
from whist.javarandom import JavaRandom
from whist.protocol import DealError, IllegalAction, OptionError
from whist.records import replay

C = Card.parse


def hand(text: str) -> list[str]:
    """A hand as record strings."""
    return [str(c) for c in parse_cards(text)]


def game_from(deals: list[dict[str, Any]], **options: Any) -> ClassicWhist:
    """A game whose chance comes from ``deals`` (record form)."""
    return ClassicWhist(options, chance=deals)


def play(game: ClassicWhist, *texts: str) -> None:
    """Apply cards by notation."""
    for text in texts:
        game.apply_text(text)


# ------------------------------------------------------------------ options
def test_defaults() -> None:
    game = ClassicWhist(seed=1)
    assert game.options == {"players": 4, "cards": 13, "winning_score": 24,
                            "enforce_rules": True, "compat": "none"}
    assert [len(h) for h in game.hands] == [13] * 4
    first = game.record()["hands"][0]
    assert set(first) == {"deal", "trump", "leader", "actions"}
    assert game.to_move == first["leader"] == game.leader
    assert game.trump == int(Suit.parse(first["trump"]))


@pytest.mark.parametrize("options", [{"players": 5}, {"players": 1}, {"cards": 14},
                                     {"players": 3, "cards": 18}, {"winning_score": 0},
                                     {"compat": "java"}, {"seed": 3}, {"enforce_rules": "no"}])
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        ClassicWhist(options, seed=1)


def test_most_cards_that_fit() -> None:
    game = ClassicWhist({"players": 2, "cards": 26}, seed=2)
    assert sorted(c for h in game.hands for c in h) == list(CARDS)


def test_hands_are_kept_in_the_originals_sorted_order() -> None:
    game = ClassicWhist({"players": 3}, seed=3)
    for cards in game.hands:
        assert cards == sorted(cards, reverse=True)
    assert nerd_order(parse_cards("2♣ A♠ 10♦ K♥ 3♠")) == parse_cards("A♠ 3♠ K♥ 10♦ 2♣")


# ----------------------------------------------------------------- chance
def test_bad_deals_are_refused() -> None:
    good = hand("A♠ K♠ Q♠")
    other = hand("2♣ 3♣ 4♣")
    opts = {"players": 2, "cards": 3}
    with pytest.raises(DealError, match="leader"):
        game_from([{"deal": [good, other], "trump": "♥"}], **opts)
    with pytest.raises(DealError, match="trump"):
        game_from([{"deal": [good, other], "leader": 0}], **opts)
    with pytest.raises(DealError):
        game_from([{"deal": [good, good], "trump": "♥", "leader": 0}], **opts)
    with pytest.raises(DealError, match="3 cards"):
        game_from([{"deal": [good, hand("2♣")], "trump": "♥", "leader": 0}], **opts)
    with pytest.raises(DealError):
        game_from([{"deal": [good, other], "trump": "X", "leader": 0}], **opts)
    with pytest.raises(DealError, match="seat"):
        game_from([{"deal": [good, other], "trump": "♥", "leader": 2}], **opts)


def test_nerd_deal_is_seat_by_seat_from_the_pack_in_order() -> None:
    assert NERD_PACK[:2] == (C("A♠"), C("K♠")) and NERD_PACK[13] == C("A♥")
    assert NERD_PACK[-1] == C("2♣")
    rng = JavaRandom(30006)
    expected = JavaRandom(30006)
    pack = list(NERD_PACK)
    first = [pack.pop(expected.next_int(len(pack))) for _ in range(6)]
    hands = nerd_deal(rng, 3, 6)
    assert hands[0] == sorted(first, reverse=True)
    rest = [pack.pop(expected.next_int(len(pack))) for _ in range(12)]
    assert hands[1] == sorted(rest[:6], reverse=True) and hands[2] == sorted(rest[6:], reverse=True)
    assert rng.next_int(1 << 20) == expected.next_int(1 << 20)  # exactly 18 draws used


def test_nerd_compat_draws_deal_trump_and_leader_from_java_random() -> None:
    game = ClassicWhist({"players": 3, "cards": 6, "winning_score": 6, "compat": "nerd"},
                        seed=30006)
    rng = JavaRandom(30006)
    deal = nerd_deal(rng, 3, 6)
    trump = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)[rng.next_int(4)]
    leader = rng.next_int(3)
    assert game.hands == deal
    # rules.md §5: trump ♥ and seat 1 leads (its ♣A).
    assert trump == Suit.HEARTS and game.trump == Suit.HEARTS
    assert leader == 1 and game.to_move == 1
    assert C("A♣") in game.hands[1]
    assert game.java_random is not None
    assert game.java_random.next_int(1000) == rng.next_int(1000)
    copy = game.copy()
    assert isinstance(copy, ClassicWhist) and copy.java_random is not game.java_random
    assert copy.java_random is not None
    assert copy.java_random.next_int(1000) == game.java_random.next_int(1000)
    assert ClassicWhist(seed=30006).java_random is None


# ------------------------------------------------------------------ play
def small_game(**options: Any) -> ClassicWhist:
    """Two players, three cards, trump ♥, seat 0 leads."""
    return game_from([{"deal": [hand("A♠ 7♠ 2♥"), hand("K♠ 3♥ 4♣")], "trump": "♥", "leader": 0}],
                     players=2, cards=3, **options)


def test_follow_suit_is_enforced_by_default() -> None:
    game = small_game()
    play(game, "7♠")
    assert [str(a) for a in game.legal_actions()] == ["K♠"]
    before = json.dumps(game.record())
    with pytest.raises(IllegalAction, match="you must follow ♠"):
        game.apply_text("3♥")
    with pytest.raises(IllegalAction, match="not in your hand"):
        game.apply_text("A♠")
    assert json.dumps(game.record()) == before


def test_with_rules_off_any_card_may_be_played() -> None:
    game = small_game(enforce_rules=False)
    play(game, "7♠")
    assert [str(a) for a in game.legal_actions()] == ["K♠", "3♥", "4♣"]
    play(game, "3♥")  # trumps though holding a spade
    assert game.totals == [0, 1] and game.to_move == 1
    obs = game.observe(0)
    assert obs["enforce_rules"] is False and obs["lead_suit"] is None


def test_each_trick_is_a_point_and_the_winner_leads() -> None:
    game = small_game()
    play(game, "A♠", "K♠")
    assert game.totals == [1, 0] and game.to_move == 0 and game.leader == 0
    play(game, "7♠")
    assert game.observe(1)["lead_suit"] == "♠"
    play(game, "3♥")  # void in ♠: trumps
    assert game.totals == [1, 1] and game.to_move == 1


def test_immediate_win_at_the_winning_score_mid_hand() -> None:
    game = game_from([{"deal": [hand("A♠ K♠ Q♠ J♠"), hand("2♠ 3♠ 4♠ 5♠")],
                       "trump": "♣", "leader": 0}], players=2, cards=4, winning_score=2)
    play(game, "A♠", "2♠")
    assert not game.over
    play(game, "K♠", "3♠")
    assert game.over and game.to_move is None and game.legal_actions() == []
    assert game.totals == [2, 0] and game.winners() == [0]
    assert game.hand_scores == [[2, 0]]
    assert len(game.hands[0]) == 2  # cards left unplayed
    with pytest.raises(IllegalAction, match="over"):
        game.apply_text("Q♠")


def test_redeal_draws_a_new_trump_and_the_last_winner_leads() -> None:
    first = {"deal": [hand("A♠ 2♦"), hand("K♠ 3♦"), hand("Q♠ 4♦")], "trump": "♥", "leader": 2}
    second = {"deal": [hand("2♣ 3♣"), hand("A♣ K♣"), hand("4♣ 5♣")], "trump": "♣"}
    game = game_from([first, second], players=3, cards=2, winning_score=5)
    play(game, "Q♠", "A♠", "K♠")  # seat 2 leads; seat 0 wins with A♠
    assert game.to_move == 0
    play(game, "2♦", "3♦", "4♦")  # seat 2's 4♦ wins the deal's last trick
    assert game.hand_number == 1 and game.totals == [1, 0, 1]
    assert game.hand_scores == [[1, 0, 1]]
    assert game.trump == Suit.CLUBS and game.to_move == 2 and game.leader == 2
    assert game.tricks == [] and game.tricks_won == [0, 0, 0]
    record = game.record()
    assert record["hands"][1] == {**second, "actions": []}
    play(game, "5♣", "3♣", "K♣")
    assert game.totals == [1, 1, 1] and game.to_move == 1


def test_later_deals_may_not_name_a_leader() -> None:
    first = {"deal": [hand("A♠"), hand("K♠")], "trump": "♥", "leader": 0}
    second = {"deal": [hand("2♣"), hand("3♣")], "trump": "♣", "leader": 1}
    game = game_from([first, second], players=2, cards=1, winning_score=3)
    game.apply_text("A♠")
    with pytest.raises(DealError, match="first deal"):
        game.apply_text("K♠")
    assert game.to_move == 1 and game.hand_number == 0  # the faulty deal changed nothing


def test_redeals_from_the_seed_continue_until_someone_wins() -> None:
    game = ClassicWhist({"players": 2, "cards": 1, "winning_score": 3}, seed=11)
    rng = random.Random(0)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    assert max(game.totals) == 3 and sum(game.totals) == len(game.hand_scores)
    assert all("leader" not in h for h in game.record()["hands"][1:])


# ------------------------------------------------------------ properties
def random_play(options: dict[str, Any], seed: int) -> ClassicWhist:
    """A random game, checking conservation, observations and undo as it goes."""
    game = ClassicWhist(options, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not game.over:
        dealt = {c for h in game.record()["hands"][-1]["deal"] for c in h}
        held = [str(c) for h in game.hands for c in h]
        played = [str(c) for c in game.public_cards_seen()]
        assert len(held) + len(played) == len(dealt) and set(held) | set(played) == dealt
        seat = game.to_move
        assert seat is not None
        for viewer in range(game.players):
            text = json.dumps(game.observe(viewer), ensure_ascii=False)
            for other in range(game.players):
                if other != viewer:
                    for card in game.hands[other]:
                        assert f'"{card}"' not in text, "another seat's card leaked"
        legal = game.legal_actions()
        illegal = [PLAYS[c] for c in CARDS if PLAYS[c] not in legal]
        if illegal:
            before = json.dumps(game.record()), json.dumps(game.observe(seat))
            with pytest.raises(IllegalAction):
                game.apply(rng.choice(illegal))
            assert (json.dumps(game.record()), json.dumps(game.observe(seat))) == before
        action = rng.choice(legal)
        if steps % 5 == 0:
            snapshot = json.dumps(game.record()), [game.observe(s) for s in range(game.players)]
            game.apply(action)
            game.undo()
            assert (json.dumps(game.record()),
                    [game.observe(s) for s in range(game.players)]) == snapshot
        game.apply(action)
        steps += 1
        assert steps < 3000
    return game


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 4), cards=st.integers(1, 13),
       winning_score=st.integers(1, 20), enforce=st.booleans(), nerd=st.booleans())
def test_random_games(seed: int, players: int, cards: int, winning_score: int, enforce: bool,
                      nerd: bool) -> None:
    options = {"players": players, "cards": cards, "winning_score": winning_score,
               "enforce_rules": enforce, "compat": "nerd" if nerd else "none"}
    game = random_play(options, seed)
    assert game.over and max(game.totals) == winning_score
    assert game.winners() == [game.totals.index(winning_score)]
    assert sum(game.totals) == sum(map(sum, game.hand_scores))
    again = replay(json.loads(json.dumps(game.record(), ensure_ascii=False)))
    assert again.over and again.totals == game.totals and again.hand_scores == game.hand_scores


def test_sampled_worlds_respect_voids_only_when_rules_are_enforced() -> None:
    deal = [hand("A♠ K♠ 2♥ 3♦"), hand("Q♠ 9♥ 8♦ 5♣"), hand("4♥ 5♥ 6♥ 7♦")]
    results = {}
    for enforce in (True, False):
        game = game_from([{"deal": deal, "trump": "♣", "leader": 0}], players=3, cards=4,
                         winning_score=9, enforce_rules=enforce)
        play(game, "A♠", "Q♠", "4♥")  # seat 2 shows no ♠ (or, rules off, proves nothing)
        obs = game.observe(0)
        holds_spade = 0
        for i in range(60):
            world = ClassicWhist.sample_world(obs, random.Random(i))
            assert world.observe(0) == obs
            assert world.hands[0] == game.hands[0]
            hidden = sorted(world.hands[1] + world.hands[2])
            assert all(h == sorted(h, reverse=True) for h in world.hands)
            assert len(hidden) == 6 and not set(hidden) & {C("A♠"), C("Q♠"), C("4♥")}
            holds_spade += any(c.suit == Suit.SPADES for c in world.hands[2])
        results[enforce] = holds_spade
    assert results[True] == 0
    assert results[False] > 0

"""The Rules dialog's words (whist_app/rules_text.py) say what the rules core does, plainly.

Each test pins one sentence a newcomer reads to the core's behaviour: the
Diminishing Whist opener, the deal moving to the left, Bidding Whist's
all-skip choices and its scoring in words, the common rules under a game
without trump.
"""

from __future__ import annotations

import random
import re

from whist.games import game_class, new_game
from whist.games.bidding import ON_ALL_SKIP, TRICKS, ZERO_BONUS, ZERO_BONUS_CROWDED, bet_score
from whist_app.rules_text import ALL_SKIP_WORDS, COMMON, RULES


def _points(game: str) -> str:
    return " ".join(RULES[game]["points"])


def test_the_diminishing_whist_opener_is_said_in_table_terms_and_moves_to_the_left() -> None:
    text = _points("diminishing-whist")
    assert "seat 0" not in text and "one seat on" not in text
    assert ("the first seat (yours, in a game set up here) opens round 1, and the opener "
            "moves one player to the left (clockwise) each round") in text
    # The core: round 1 opens at the first seat, each later round one seat clockwise on.
    for players in (4, 5):
        state = new_game("diminishing-whist", {"players": players}, seed=players)
        rng = random.Random(players)
        openers = []
        while not state.over:
            if len(openers) == len(state.hand_scores):
                openers.append(state.opener)  # type: ignore[attr-defined]
            state.apply(rng.choice(state.legal_actions()))
        assert openers == [r % players for r in range(len(openers))] and len(openers) == 10


def test_the_deal_moves_one_player_to_the_left_in_table_terms() -> None:
    assert "one seat on" not in " ".join(_points(g) for g in RULES)
    assert ("The player to the left (clockwise) of the dealer leads the first trick; the deal "
            "moves one player to the left each hand.") in _points("black-queen")
    assert "The deal moves one player to the left (clockwise) each hand." in _points("nine-five-two")


def test_bidding_whist_names_the_all_skip_choices_as_the_set_up_screen_does() -> None:
    text = _points("bidding-whist")
    spec = next(s for s in game_class("bidding-whist").option_specs if s.name == "on_all_skip")
    assert set(ALL_SKIP_WORDS) == set(ON_ALL_SKIP) == set(spec.choices or ())
    assert spec.default == "redeal"
    assert "no_trump" not in text and "default redeal" not in text
    assert "If everyone skips, the option “On all skip” decides." in text
    assert "“redeal” (the default): the cards are shuffled and dealt again, and the same " \
           "player opens the bidding (that deal does not count as a hand)" in text
    assert ("“no trump”: the player who opened the bidding rules with no trump, and everyone, "
            f"that player included, bets 0–{TRICKS} tricks, starting with the ruler") in text
    assert "“end”: the game ends, and that deal scores nothing" in text


def test_bidding_whist_scoring_is_in_words_and_the_words_are_the_core_score() -> None:
    text = _points("bidding-whist")
    assert "min(" not in text and "|" not in text and "×" not in text
    assert ("Score with a bet of 1 or more: 10 points for each trick you take up to your bet, "
            "less 10 points for each trick you end up over or under it "
            "(bet 4: 4 tricks +40, 5 tricks +30, 3 tricks +20, 0 tricks −40).") in text
    assert (f"Score with a bet of 0: +{ZERO_BONUS} if you take no trick (+{ZERO_BONUS_CROWDED} "
            f"if the four bets total more than {TRICKS}); otherwise 10 points for each trick "
            "you take, less that bonus.") in text
    assert (ZERO_BONUS, ZERO_BONUS_CROWDED) == (100, 50)
    # The sentences, read literally, give the core's score for every bet and trick count.
    for bet in range(TRICKS + 1):
        for tricks in range(TRICKS + 1):
            for total in (TRICKS - 1, TRICKS + 1):
                if bet:
                    words = 10 * min(tricks, bet) - 10 * abs(tricks - bet)
                else:
                    bonus = ZERO_BONUS_CROWDED if total > TRICKS else ZERO_BONUS
                    words = bonus if tricks == 0 else 10 * tricks - bonus
                assert words == bet_score(bet, tricks, total), (bet, tricks, total)
    for tricks, shown in re.findall(r"(\d+) tricks ([+−]\d+)", text):
        assert int(shown.replace("−", "-")) == bet_score(4, int(tricks), 0)


def test_the_common_rules_hold_for_a_game_without_trump() -> None:
    # Shown under every game, Black Queen (no trump) included: trump only where a game has it.
    assert "No trump." in _points("black-queen")
    assert "the highest trump wins the trick, else" not in COMMON
    assert ("the highest card of the suit led wins the trick, unless the game has trump and a "
            "trump was played: then the highest trump wins") in COMMON
    # Black Queen has three decks with six players: "more than one deck", not "two decks".
    assert "with more than one deck, of two equal cards the one played later wins" in COMMON

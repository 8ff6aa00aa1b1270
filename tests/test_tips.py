"""Plain words at the table: the first hand's tips, the hint's estimates, the levels.

Black Queen's face-up cards count among the cards a tip says may be played; a
hint's value is not the person's score (strong's others_weight); the Beginner's
one line holds in every game, Black Queen (no bids) included.
"""

from __future__ import annotations

from typing import Any

from engines.levels import PLAYER_LEVELS
from engines.strong import OTHERS_WEIGHT
from whist_app.presenters.hints import VALUE_WORDS, hint_items
from whist_app.table import Table
from whist_app.tips import first_hand_tip


def _black_queen_card_turns(seed: int) -> Any:
    """Each of the person's card decisions in a Black Queen hand: (observation, table)."""
    table = Table.new("black-queen", {"hands": 1}, ["human", "random", "random", "random"],
                      seed=seed)
    while not table.state.over:
        if table.computer_to_move():
            table.play_computer()
            continue
        obs = table.state.observe(0)
        yield obs, table
        table.play_human(obs["legal"][0])


def test_a_black_queen_tip_counts_the_face_up_cards_that_may_be_played() -> None:
    # rules.md §2: any hand card or face-up card; follow suit counts both together.
    counted = both = False
    for obs, table in _black_queen_card_turns(1):
        tip = first_hand_tip(obs, table.explain)
        assert tip is not None
        legal = obs["legal"]
        up = [f"{c}@{i}" for i, c in enumerate(obs["up"][0]) if c is not None]
        in_hand = [c for c in obs["hand"] if c in legal]
        face_up = [c for c in up if c in legal]
        barred = [c for c in list(obs["hand"]) + up if c not in legal]
        assert "of your hand may be played" not in tip, tip
        if barred:
            places = [f"{len(in_hand)} in your hand"] * bool(in_hand) + \
                [f"{len(face_up)} face up"] * bool(face_up)
            total = len(in_hand) + len(face_up)
            said = f"{total} card{'s' * (total != 1)} may be played now ({' and '.join(places)})"
            assert said in tip, (said, tip)
            counted = True
            both = both or bool(in_hand and face_up)
        elif obs["hand"] and up:
            assert "Any card in your hand or face up is allowed now." in tip, tip
    assert counted and both


def test_other_games_tips_still_speak_of_the_hand_only() -> None:
    table = Table.new("classic-whist", {}, ["human", "random", "random", "random"], seed=2)
    while not table.human_to_move():
        table.play_computer()
    tip = first_hand_tip(table.state.observe(0), table.explain)
    assert tip and "face up" not in tip
    assert "Any card in your hand is allowed now." in tip or "of your hand may be played" in tip


def test_a_hints_estimate_is_not_called_the_persons_points() -> None:
    # strong's value subtracts a share of the others' mean score: it can fall below zero in a
    # game (Diminishing Whist) where no score does, so it is a comparison, not "your points".
    assert all(w > 0 for w in OTHERS_WEIGHT.values())
    (item,) = hint_items("card", [("A♥", -0.1)])
    assert item["text"] == "Play A♥: about -0.1 points compared with the other players"
    assert item["value"] == -0.1 and VALUE_WORDS in item["text"]


def test_the_beginners_line_holds_in_a_game_without_bids() -> None:
    beginner = next(level for level in PLAYER_LEVELS if level.name == "beginner")
    assert beginner.summary == ("Knows the rules and plays a simple game, with a careless bid "
                                "or card now and then: a good first opponent.")
    assert "bids about" not in beginner.summary and "worth" not in beginner.summary

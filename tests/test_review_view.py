"""The review and replay screens' view model (issue 22, item 3): marks and words made in Python.

The page draws these as they are (static/js/review.js computes nothing about the
game), so here they are checked against the record itself: which cards each seat
played in earlier tricks (gone), in this one (now), what the person chose, the
actions before the first trick, and every action said in words.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from whist.actions import Play
from whist.records import load_record, walk
from whist_app.replay import hand_steps
from whist_app.review import hand_review, moments
from whist_app.review_view import FACE_DOWN, action_cards

FIXTURES = Path(__file__).parent / "fixtures" / "records"
FINISHED = sorted(FIXTURES.glob("*-finished.json"))


def _tricks_by_seat(record: dict[str, Any], hand: int) -> list[dict[int, str]]:
    """Each trick of hand ``hand``: the card each seat played, read from the record's walk."""
    tricks: list[dict[int, str]] = []
    current: dict[int, str] = {}
    for step in walk(record):
        if step.hand == hand and isinstance(step.action, Play):
            current[step.seat] = str(step.action.card)
            if len(current) == len(record["hands"][hand]["deal"]):
                tricks.append(current)
                current = {}
    return tricks


@pytest.mark.parametrize("path", FINISHED, ids=lambda p: p.stem)
def test_each_review_step_marks_the_cards_gone_now_and_chosen(path: Path) -> None:
    record: dict[str, Any] = load_record(path)
    for hand in range(len(record["hands"])):
        seat = hand % len(record["hands"][hand]["deal"])
        view = hand_review(record, hand, seat, None)
        tricks = _tricks_by_seat(record, hand)
        assert [{p["seat"]: p["card"] for p in t["plays"]} for t in view["tricks"]] == tricks
        assert [s["step"] for s in view["steps"]] == list(range(len(tricks) + 1))
        mine = moments(record, seat, hand)
        for step in view["steps"]:
            number = step["step"]
            gone = [Counter(t[s] for t in tricks[:max(number - 1, 0)] if s in t)
                    for s in range(len(view["dealt"]))]
            now = tricks[number - 1] if number else {}
            here = [m for m in mine if (0 if m.trick is None else m.trick + 1) == number]
            chosen = {card for m in here for card in action_cards(m.chosen)}
            assert step["decisions"] == [m.index for m in here]
            assert step["seats"][0]["seat"] == seat and step["seats"][0]["you"]
            for row in step["seats"]:
                cards = row["cards"]
                dealt = Counter(view["dealt"][row["seat"]])
                assert [c["card"] for c in cards] == view["dealt"][row["seat"]]
                # Only dealt cards are marked (a 9-5-2 card passed in is not in the row);
                # Black Queen's two packs: one copy of a card is gone, or now, not both.
                left = dealt - gone[row["seat"]]
                assert Counter(c["card"] for c in cards if c["gone"]) == gone[row["seat"]] & dealt
                assert [c["card"] for c in cards if c["now"]] == (
                    [now[row["seat"]]] if left[now.get(row["seat"], "")] else [])
                marked = {c["card"] for c in cards if c["chosen"]}
                assert marked == (chosen & set(view["dealt"][seat]) if row["you"] else set())


def test_a_bid_marks_no_card_and_the_actions_before_the_first_trick_are_in_words() -> None:
    # Diminishing Whist: bids only before the first trick; a bid "5" or "1" is no card.
    record: dict[str, Any] = load_record(FIXTURES / "diminishing-whist-4p-finished.json")
    view = hand_review(record, 0, 1, None)
    deal = view["steps"][0]
    assert deal["decisions"] and not any(c["chosen"] for r in deal["seats"] for c in r["cards"])
    assert [a["text"] for a in deal["before"]] == [f"bid {b}" for b in
                                                   record["hands"][0]["actions"][:4]]
    assert deal["head"] == "Round 1: every hand as dealt" and deal["label"] == "Deal"
    assert view["hand_word"] == "Round"
    decision = view["decisions"][0]
    assert (decision["step"], decision["chosen_cards"], decision["better_cards"]) == (0, [], [])


def test_a_face_up_card_is_said_in_words_and_marked_by_its_card() -> None:
    record: dict[str, Any] = load_record(FIXTURES / "black-queen-4p-finished.json")
    texts = {step["played"]["text"] for hand in range(len(record["hands"]))
             for step in hand_steps(record, hand, 0)["steps"] if step["played"]}
    assert any(t.endswith("from the face-up row") for t in texts)
    assert not any("@" in t for t in texts)
    view = hand_review(record, 0, 0, worlds=4, seed=1)
    for decision in view["decisions"]:
        if decision["decision"] == "card":
            assert decision["chosen_cards"] == [decision["chosen"].split("@")[0]]
        if decision["words"]["better"] is None:
            assert decision["better_cards"] == []
        else:
            assert decision["better_cards"] == [a.split("@")[0] for a in
                                                decision["choices"][0]["actions"]]


def test_a_hidden_action_reads_as_cards_face_down_until_the_game_is_over() -> None:
    # 9-5-2, hand 2: seat 1 passed three cards to seat 0; seat 2 did not see them.
    record: dict[str, Any] = load_record(FIXTURES / "nine-five-two-passing-in-progress.json")
    played = [[(p["seat"], p["text"]) for step in hand_steps(record, 1, seat)["steps"]
               if (p := step["played"]) is not None] for seat in range(3)]
    assert played[0] == played[1] == [(1, "pass 8♣ 5♦ 2♥")]
    assert played[2] == [(1, FACE_DOWN)]

"""The review and replay in a player's words (issue 19, item 4).

No text a review or replay reply carries for the page to show may hold the
core's names (``initial_bid``) or notation (``2♦@3``), and a grade never
contradicts its loss: no better choice at a loss of 0.0, no interval below zero.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engines.valuation import Valuation
from whist.actions import Bid
from whist_app.replay import hand_steps
from whist_app.review import (
    action_words,
    choice_words,
    decision_words,
    hand_review,
    loss_words,
)

FIXTURES = Path(__file__).parent / "fixtures" / "records"
#: One finished record of each game (Black Queen's with face-up rows, Bidding Whist's with bids).
RECORDS = ["diminishing-whist-4p-finished.json", "black-queen-4p-finished.json",
           "nine-five-two-finished.json", "bidding-whist-no-trump-finished.json",
           "classic-whist-4p-finished.json"]
#: The keys whose strings the page shows as they are.
SHOWN = {"text", "where", "chosen_words", "better", "loss", "label", "heading", "prompt",
         "title", "winner_name", "name", "head", "no_decision", "hand_word"}
IDENTIFIER = re.compile(r"[a-z]+_[a-z]+")


def _shown(value: Any, key: str = "") -> Iterator[str]:
    """Every string the page shows from a reply (``words`` as a whole, and the SHOWN keys)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "words":
                yield from (str(w) for w in v.values() if w is not None)
            else:
                yield from _shown(v, k)
    elif isinstance(value, list):
        for item in value:
            yield from _shown(item, key)
    elif isinstance(value, str) and key in SHOWN:
        yield value


def _record(name: str) -> dict[str, Any]:
    path = FIXTURES / name
    if not path.exists():
        pytest.skip(f"no fixture {name}")
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record


@pytest.mark.parametrize("name", RECORDS)
def test_review_and_replay_texts_have_no_internal_names_or_notation(name: str) -> None:
    record = _record(name)
    review = hand_review(record, 0, 0, worlds=4, seed=1)
    steps = hand_steps(record, 0, 0)
    texts = list(_shown(review)) + list(_shown(steps))
    assert any("words" in d for d in review["decisions"])
    assert texts
    for text in texts:
        assert "@" not in text, text
        assert not IDENTIFIER.search(text), text
    for decision in review["decisions"]:
        words = decision["words"]
        # Grades and losses agree: a better choice only where the loss shows above 0.0.
        if words["better"] is not None:
            assert round(decision["loss"], 1) > 0, decision
        else:
            assert round(decision["loss"], 1) == 0 or decision["chosen"] == decision["best"]
        assert "-" not in words["loss"], words


def test_choices_are_said_as_a_player_says_them() -> None:
    assert choice_words("initial_bid", "5♦") == "5 with ♦ as trump"
    assert choice_words("initial_bid", "7NT") == "7 with no trump"
    assert choice_words("initial_bid", "skip") == "no bid (skip)"
    assert choice_words("card", "2♦@3") == "2♦ from the face-up row"
    assert choice_words("trump", "NT") == "no trump"
    assert action_words("secondary_bet", "3") == "bet 3"
    assert action_words("initial_bid", "6♥") == "opening bid 6 with ♥ as trump"
    assert decision_words("secondary_bet", None, "3", None)["where"] == "Your bet"
    assert decision_words("initial_bid", None, "5♦", None)["where"] == "Your opening bid"


def test_a_loss_interval_never_goes_below_zero() -> None:
    assert loss_words(0.04, (-0.3, 0.4)) == "loss 0.0 points (between 0.0 and 0.4)"
    assert loss_words(-0.01, None) == "loss 0.0 points"


def _valuation(loss: float, interval: tuple[float, float]) -> Valuation:
    return Valuation(seat=0, chosen=Bid(2), best=Bid(3), choices=(), loss=loss,
                     interval=interval, worlds=20, legal=4, pruned=False, seconds=0.0)


def test_no_better_choice_at_a_loss_that_shows_as_zero() -> None:
    tiny = decision_words("bid", None, "2", _valuation(0.04, (-0.3, 0.4)))
    assert tiny["better"] is None and "-" not in tiny["loss"]
    real = decision_words("bid", None, "2", _valuation(0.6, (0.1, 1.1)))
    assert real["better"] == "3" and real["loss"].startswith("loss 0.6 points")

"""The one walk through a record (issue 22, item 2): each action, its seat, its events."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from whist.events import Acted, GameOver, HandScored, TrickTaken
from whist.protocol import GameState
from whist.records import RecordError, Step, load_record, replay, walk

FIXTURES = Path(__file__).parent / "fixtures" / "records"
RECORDS = sorted(FIXTURES.glob("*.json"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_walk_yields_every_recorded_action_with_its_seat_and_events(path: Path) -> None:
    record: dict[str, Any] = load_record(path)
    seen: list[tuple[int | None, str]] = []

    def look(state: GameState) -> tuple[int | None, str]:
        seen.append((state.to_move, state.pending_text()))
        return seen[-1]

    steps = list(walk(record, look))
    assert [(s.hand, s.index, s.text) for s in steps] == [
        (h, i, text) for h, hand in enumerate(record["hands"])
        for i, text in enumerate(hand["actions"])]
    # look saw each state before its action, once: the seat to move is the step's seat.
    assert [s.before for s in steps] == seen
    assert all(s.before[0] == s.seat for s in steps)
    for step in steps:
        assert step.events[0] == Acted(step.seat, step.action)
        assert str(step.action) == step.text
    final = replay(record)
    scored = [e for s in steps for e in s.events if isinstance(e, HandScored)]
    assert [list(e.scores) for e in scored] == final.hand_scores
    assert any(isinstance(e, GameOver) for s in steps for e in s.events) == final.over


def test_the_walk_ends_where_replay_does_and_looks_only_when_asked() -> None:
    path = FIXTURES / "diminishing-whist-4p-between-hands.json"
    record: dict[str, Any] = load_record(path)
    walked = walk(record)
    steps: list[Step[None]] = list(walked)
    assert all(s.before is None for s in steps)
    assert walked.done and walked.state.record() == replay(record).record()
    assert walked.state.hand_over and not walked.state.stop_after_hand
    tricks = sum(isinstance(e, TrickTaken) for s in steps for e in s.events)
    assert tricks == sum(len(h["actions"]) - 4 for h in record["hands"]) // 4
    with pytest.raises(RuntimeError, match="iterated once"):
        list(walked)


def test_the_state_between_steps_is_the_game_after_the_action() -> None:
    record = load_record(FIXTURES / "classic-whist-4p-finished.json")
    walked = walk(record)
    for step in walked:
        assert walked.state.hands_log[step.hand]["actions"][step.index] == step.text
        assert len(walked.state.hands_log[step.hand]["actions"]) == step.index + 1


def test_a_faulty_action_stops_the_walk_there_with_its_place() -> None:
    record: dict[str, Any] = load_record(FIXTURES / "classic-whist-4p-finished.json")
    hands = record["hands"]
    hands[1]["actions"][2] = hands[1]["actions"][1]
    walked = walk(record)
    done = []
    with pytest.raises(RecordError, match=r"^hand 2, action 3 \("):
        for step in walked:
            done.append(step)
    assert len(done) == len(hands[0]["actions"]) + 2
    with pytest.raises(RuntimeError, match="left before its end"):
        walked.finish()


def test_a_record_of_the_wrong_form_is_refused_before_the_walk() -> None:
    with pytest.raises(RecordError, match="no hands"):
        walk({"game": "classic-whist", "hands": []})
    with pytest.raises(RecordError, match="seat saw"):
        walk({"game": "classic-whist", "hands": [{"deal": []}], "seen_by": 0})

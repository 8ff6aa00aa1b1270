"""The browser's Python entry points, exercised in CPython."""

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from whist.protocol import IllegalAction, OptionError
from whist_app import webapi


def test_a_game_through_the_api_shows_only_the_persons_hand_and_resumes_from_a_sealed_save(
) -> None:
    view = webapi.start({"game": "bidding-whist", "seats": ["human", "heuristic", "random",
                                                            "heuristic"], "seed": 12})
    assert set(view) == {"view", "events", "completed", "played", "sealed"}
    assert view["view"]["human_to_move"] and view["view"]["seat"] == 0
    hands = webapi._current().state.hands
    # Initial bids such as "5♥" look like cards: leave the choices out of the search.
    shown = {**view, "view": {k: v for k, v in view["view"].items() if k != "choices"},
             "sealed": ""}
    text = json.dumps(shown, ensure_ascii=False)
    assert all(f'"{c}"' not in text for seat in (1, 2, 3) for c in map(str, hands[seat])
               if c not in hands[0])
    said = [e["text"] for e in view["events"]]
    view = webapi.act({"action": "skip"})
    assert view["played"] == {"seat": 0, "action": "skip"}
    said += [e["text"] for e in view["events"]]
    while view["view"]["computer_to_move"]:
        view = webapi.step({})
        said += [e["text"] for e in view["events"]]
    sealed = webapi.save({})["sealed"]
    assert sealed.startswith(webapi.SAVE_PREFIX) and "♥" not in sealed
    # Every reply that changes the game carries the save the page keeps.
    assert view["sealed"] == sealed
    before = webapi.view({})
    webapi.start({"game": "diminishing-whist", "seed": 1})
    resumed = webapi.resume({"sealed": sealed})
    assert resumed["view"] == before["view"] and resumed["sealed"] == sealed
    # The log reopens with the hand so far: every line the replies said, in order.
    assert [e["text"] for e in resumed["story"]] == said
    assert webapi.export({})["record"]["seats"][1] == "heuristic"


def test_errors_say_what_is_wrong() -> None:
    webapi.start({"game": "diminishing-whist", "seed": 3})
    with pytest.raises(IllegalAction, match="not a number of tricks"):
        webapi.act({"action": "Q♥"})
    with pytest.raises(OptionError, match="damaged"):
        webapi.resume({"sealed": webapi.SEAL_PREFIX + "!!!"})
    with pytest.raises(OptionError, match="not one this page wrote"):
        webapi.resume({"sealed": "hello"})
    with pytest.raises(OptionError, match="unknown game"):
        webapi.start({"game": "snap"})
    catalog = webapi.catalog({})
    assert [g["name"] for g in catalog["games"]] == ["diminishing-whist", "black-queen",
                                                      "nine-five-two", "bidding-whist",
                                                      "classic-whist"]


def test_text_from_the_page_is_never_read_as_a_path(tmp_path: Path) -> None:
    webapi.start({"game": "diminishing-whist", "seed": 3})
    saved = tmp_path / "g.json"
    saved.write_text(json.dumps(webapi._current().record()), encoding="utf-8")
    for name in ("check_record", "resume", "review_hand", "replay_steps", "game_stats"):
        reply = json.loads(webapi.dispatch(name, json.dumps(
            {"record": str(saved), "hand_number": 0})))
        assert reply.get("kind") in ("PayloadError", "OptionError"), (name, reply)


def test_each_reply_observes_the_seat_once(monkeypatch: pytest.MonkeyPatch) -> None:
    webapi.start({"game": "diminishing-whist", "seats": ["human", "random", "random", "random"],
                  "seed": 6})
    state = webapi._current().state
    observed = []
    real = state.observe

    def counted(seat: int) -> Any:
        observed.append(seat)
        return real(seat)

    monkeypatch.setattr(state, "observe", counted)
    reply = webapi.act({"action": str(state.legal_actions()[0])})
    assert observed == [0] and "observation" not in reply
    while reply["view"]["computer_to_move"]:
        observed.clear()
        reply = webapi.step({})
        # The computer looks at its own seat; the reply looks at the person's once.
        assert observed.count(0) == 1
    observed.clear()
    webapi.undo({})
    assert observed == [0]


def test_the_web_api_reaches_the_game_only_through_its_table() -> None:
    tree = ast.parse(Path(webapi.__file__).read_text(encoding="utf-8"))
    reached = [node.lineno for node in ast.walk(tree)
               if isinstance(node, ast.Attribute) and node.attr == "state"]
    assert not reached, f"webapi.py reaches into a game state on lines {reached}"


def test_undo_reopens_the_log_without_the_lines_taken_back() -> None:
    view = webapi.start({"game": "diminishing-whist", "seed": 5,
                         "seats": ["human", "expectation", "expectation", "expectation"]})
    said = [e["text"] for e in view["events"]]
    while view["view"]["computer_to_move"]:
        view = webapi.step({})
        said += [e["text"] for e in view["events"]]
    before_undo = list(said)
    view = webapi.act({"action": view["view"]["choices"]["items"][2]["action"]})
    said += [e["text"] for e in view["events"]]
    while view["view"]["computer_to_move"]:
        view = webapi.step({})
        said += [e["text"] for e in view["events"]]
    assert len(said) > len(before_undo)
    undone = webapi.undo({})
    assert [e["text"] for e in undone["story"]] == before_undo
    assert undone["story"] == webapi.resume({"sealed": undone["sealed"]})["story"]


def test_the_set_up_screen_learns_the_seats_names_the_table_will_use() -> None:
    reply = webapi.players_for({"game": "black-queen", "options": {"players": 5}})
    assert reply["names"] == ["You", "Blair", "Casey", "Drew", "Emery"]
    started = webapi.start({"game": "black-queen", "options": {"players": 5},
                            "seats": ["human", *["beginner"] * 4], "seed": 3})
    assert [s["name"] for s in started["view"]["seats"]] == reply["names"]

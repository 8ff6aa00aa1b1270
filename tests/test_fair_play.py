"""Nothing a player presses re-rolls chance: Undo, Reload (resume a sealed save), again.

Through the page's own API, for all five games: the same action after an undo gets
the same computer answers; a save resumed anywhere (mid-hand, between hands, after
the last card of a hand) deals the same cards and gets the same answers as the game
that never stopped; Undo is offered only once the person has acted.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from whist_app import webapi

GAMES: list[tuple[str, list[str]]] = [
    ("diminishing-whist", ["human", "expectation", "random", "strong"]),
    ("black-queen", ["human", "strength2", "random", "beginner"]),
    ("nine-five-two", ["human", "rules", "random"]),
    ("bidding-whist", ["human", "heuristic", "random", "heuristic"]),
    ("classic-whist", ["human", "none+smart", "random", "trump_saving+random"]),
]


def computers(reply: dict[str, Any]) -> tuple[list[str], dict[str, Any]]:
    """Let the computers move until the person is to move or the game is over."""
    played = []
    while reply["view"]["computer_to_move"]:
        reply = webapi.step({})
        played.append(f"{reply['played']['seat']}:{reply['played']['action']}")
    return played, reply


def observed() -> dict[str, Any]:
    """What the person's seat of the game in play observes (tests look behind the view)."""
    table = webapi._current()
    return dict(table.state.observe(table.view_seat()))


def person_action(rng: random.Random) -> str:
    state = webapi._current().state
    legal = state.legal_actions()
    return str(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(("game", "seats"), GAMES, ids=[g for g, _ in GAMES])
def test_undo_and_the_same_action_get_the_same_answers(game: str, seats: list[str]) -> None:
    rng = random.Random(game)
    reply = webapi.start({"game": game, "seats": seats, "seed": 21, "budget": 0.05})
    _, reply = computers(reply)
    assert reply["view"]["can_undo"] is False
    for _ in range(6):
        action = person_action(rng)
        first, reply = computers(webapi.act({"action": action}))
        assert reply["view"]["can_undo"]
        for _ in range(2):
            webapi.undo({})
            again, reply = computers(webapi.act({"action": action}))
            assert again == first
        if reply["view"]["over"]:
            break


#: A searching level thinks for a time, so the same position may get another answer if a
#: reload comes while it thinks (an answer given is kept): these levels do not search.
STEADY = [(g, [s if s != "strong" else "gaussian" for s in seats]) for g, seats in GAMES]


@pytest.mark.parametrize(("game", "seats"), STEADY, ids=[g for g, _ in STEADY])
def test_reloading_anywhere_changes_no_card_to_come(game: str, seats: list[str]) -> None:
    """Two runs of the same game and person's choices, one reloaded after every action."""
    def run(reload: bool) -> list[Any]:
        rng = random.Random(5)
        seen: list[Any] = []
        reply = webapi.start({"game": game, "seats": seats, "seed": 99, "budget": 0.05})
        for _ in range(60):
            seen.append((observed(), reply.get("played")))
            if reload:
                # Every reply that changes the game (start included) carries its save.
                sealed = reply["sealed"]
                webapi.start({"game": game, "seats": seats})
                reply = webapi.resume({"sealed": sealed})
                assert observed() == seen[-1][0]
            if reply["view"]["over"]:
                break
            if reply["view"]["computer_to_move"]:
                reply = webapi.step({})
            else:
                reply = webapi.act({"action": person_action(rng)})
        return seen

    assert run(reload=True) == run(reload=False)


def test_a_reload_between_hands_deals_the_hand_the_game_would_have_dealt() -> None:
    seats = ["human", "rules", "rules"]
    reply = webapi.start({"game": "nine-five-two", "seats": seats, "seed": 4})
    rng = random.Random(1)
    while not reply["view"]["over"]:
        hand = reply["view"]["hand_number"]
        reply = webapi.step({}) if reply["view"]["computer_to_move"] else webapi.act(
            {"action": person_action(rng)})
        if reply["view"]["hand_number"] != hand:
            break
    # The reply that ended the hand carries the save the page keeps at once.
    dealt = observed()["hand"]
    for _ in range(3):
        webapi.start({"game": "nine-five-two", "seats": seats})
        webapi.resume({"sealed": reply["sealed"]})
        assert observed()["hand"] == dealt


@pytest.mark.parametrize("level", ["advanced", "expert"])
def test_a_searching_level_answers_the_same_however_fast_the_device(
        level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reload mid-think asks again: the answer must not depend on the clock (the
    level searches a fixed number of rollouts; its time is only a cap for slow devices)."""
    import engines.strong as strong_module
    from engines.levels import level_iterations
    from whist_app.table import Table

    def first_answer() -> tuple[str, int]:
        table = Table.new("black-queen", {"players": 3}, [level] * 3, seed=31)
        seat, action = table.play_computer()
        return str(action), table.engines[seat].last_stats["rollouts"]

    quick = first_answer()
    # A device a fifth as fast: every clock read moves the clock on.
    clock = [0.0]

    def slow_clock() -> float:
        clock[0] += 0.0002
        return clock[0]

    monkeypatch.setattr(strong_module.time, "perf_counter", slow_clock)
    slow = first_answer()
    assert slow == quick
    assert quick[1] == level_iterations(level, "black-queen")

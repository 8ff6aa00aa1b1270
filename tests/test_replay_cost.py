"""Replay and undo cost in proportion to a game's length, not its square (issue 18, item 4).

No clock: the work is counted (values copied for undo, per hand) and the memory
measured (tracemalloc), so the tests hold on a busy machine.  The timed figures
for 1,000-hand records are in docs/performance.md (``bench/replay_speed.py``).
"""

from __future__ import annotations

import json
import random
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

import whist.protocol
from bench.replay_speed import LONG_GAMES, random_game
from whist.games import game_class
from whist.protocol import GameState
from whist.records import MAX_RECORD_BYTES, load_record, replay


def cloned_per_hand(record: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> float:
    """Values copied (calls of the state's clone) while replaying ``record``, per hand dealt."""
    calls = 0
    clone = whist.protocol._clone

    def counting(value: Any) -> Any:
        nonlocal calls
        calls += 1
        return clone(value)

    with monkeypatch.context() as patch:
        patch.setattr(whist.protocol, "_clone", counting)
        state = replay(record)
    return calls / len(state.hands_log)


@pytest.mark.parametrize("game", ["bidding-whist", "black-queen", "nine-five-two",
                                  "classic-whist"])
def test_replay_copies_no_more_per_hand_in_a_long_game(game: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # Quadratic before: every action's undo snapshot copied every hand's scores so far.
    short = random_game(game, LONG_GAMES[game], 30, seed=3).record()
    long = random_game(game, LONG_GAMES[game], 120, seed=3).record()
    assert len(long["hands"]) == 120
    assert cloned_per_hand(long, monkeypatch) <= 1.2 * cloned_per_hand(short, monkeypatch)


def traced_peak(work: Callable[[], object]) -> int:
    """The most memory (bytes, tracemalloc) allocated at once while ``work`` runs."""
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_replaying_a_long_record_takes_memory_in_proportion_to_it() -> None:
    state = random_game("black-queen", {"players": 6, "hands": 1000}, 100, seed=5)
    text = json.dumps(state.record(), ensure_ascii=False)
    assert replay(text).record() == state.record()
    # Before, an undo snapshot of the whole state at every action took many times what
    # reading the record takes; the game and one snapshot a hand take less than that again.
    assert traced_peak(lambda: replay(text)) < 2 * traced_peak(lambda: load_record(text))


def test_undo_history_is_one_snapshot_a_hand() -> None:
    state = random_game("bidding-whist", {"hands": 1000}, 60, seed=2)
    replayed = replay(state.record())
    assert len(replayed._snapshots) == len(replayed.hands_log)
    assert all("hand_scores" not in snapshot.attributes for snapshot in replayed._snapshots)


@pytest.mark.parametrize("game", ["bidding-whist", "black-queen", "classic-whist"])
def test_a_replayed_game_undoes_back_to_its_first_deal_and_redoes(game: str) -> None:
    record = random_game(game, LONG_GAMES[game], 5, seed=8).record()
    state = replay(record)
    fresh = game_class(game)(record["options"], chance=record["hands"])
    undone = 0
    while state.can_undo:
        state.undo()
        undone += 1
    assert undone == sum(len(hand["actions"]) for hand in record["hands"])
    assert state.record() == fresh.record() and state.hand_scores == []
    assert [state.observe(s) for s in range(state.players)] == \
        [fresh.observe(s) for s in range(fresh.players)]
    for hand in record["hands"]:
        for text in hand["actions"]:
            state.apply_text(text)
    # The record stops between hands; the resumed game deals the next one itself.
    assert state.record()["hands"][:-1] == record["hands"]
    state.undo()
    assert state.record() == {**record, "hands": [*record["hands"][:-1], {
        **record["hands"][-1], "actions": record["hands"][-1]["actions"][:-1]}]}


def test_a_copy_undoes_only_what_was_applied_to_it() -> None:
    game = game_class("black-queen")({"players": 3}, seed=4)
    rng = random.Random(4)
    for _ in range(20):
        game.apply(rng.choice(game.legal_actions()))
    twin: GameState = game.copy()
    assert not twin.can_undo
    before = twin.record(), twin.observe(0)
    for _ in range(30):
        twin.apply(rng.choice(twin.legal_actions()))
    while twin.can_undo:
        twin.undo()
    assert (twin.record(), twin.observe(0)) == before


def test_the_longest_games_the_options_allow_fit_the_record_size_cap() -> None:
    # Bounded by the options: Black Queen (6 players) and Bidding Whist at their most
    # hands, Classic Whist at the highest winning score with one card a hand; their
    # records are written per hand, so a 100-hand record scales up exactly enough.
    for game, options, most in [
            ("black-queen", {"players": 6, "hands": 1000}, 1000),
            ("bidding-whist", {"hands": 1000}, 1000),
            ("classic-whist", {"players": 4, "cards": 1, "winning_score": 1000}, 4 * 999 + 1)]:
        for spec in game_class(game).option_specs:
            if spec.name in ("hands", "winning_score"):
                assert spec.high == 1000
        state = random_game(game, options, 100, seed=1)
        size = len(json.dumps(state.record(), ensure_ascii=False, indent=1).encode())
        assert size / len(state.hands_log) * most < MAX_RECORD_BYTES, game

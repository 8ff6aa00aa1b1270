"""Properties every game must have, checked over random games of all five (hypothesis)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from whist.games import new_game
from whist.protocol import GameState, IllegalAction
from whist.records import replay

#: (game, options) spread: every game, and its options' interesting values.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("diminishing-whist", {}),
    ("diminishing-whist", {"players": 5}),
    ("black-queen", {}),
    ("black-queen", {"players": 3, "hands": 1}),
    ("black-queen", {"players": 5, "hands": 1, "face_down": 0}),
    ("black-queen", {"players": 2, "hands": 1}),
    ("black-queen", {"players": 6, "hands": 1}),
    ("nine-five-two", {"target": 5}),
    ("bidding-whist", {}),
    ("bidding-whist", {"hands": 2, "on_all_skip": "no_trump"}),
    ("bidding-whist", {"on_all_skip": "end"}),
    ("classic-whist", {}),
    ("classic-whist", {"players": 3, "cards": 6, "winning_score": 6, "enforce_rules": False}),
    ("classic-whist", {"players": 2, "cards": 5, "winning_score": 9}),
]
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for g, o in CONFIGS]
MAX_ACTIONS = 5000


def random_game(game: str, options: dict[str, Any], seed: int,
                undo_every: int = 0) -> tuple[GameState, int]:
    state = new_game(game, options, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.over:
        legal = state.legal_actions()
        assert legal, f"no legal action while {state.pending_text()}"
        state.apply(rng.choice(legal))
        steps += 1
        if undo_every and steps % undo_every == 0:
            before = state.record(), [state.observe(s) for s in range(state.players)]
            state.undo()
            redo = before[0]["hands"][-1]["actions"][-1] if before[0]["hands"][-1]["actions"] \
                else before[0]["hands"][-2]["actions"][-1]
            state.apply_text(redo)
            assert state.record() == before[0]
            assert [state.observe(s) for s in range(state.players)] == before[1]
        assert steps < MAX_ACTIONS, "the game does not end"
    return state, steps


@pytest.mark.parametrize("game, options", CONFIGS, ids=IDS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_end_and_replay_to_the_same_scores(game: str, options: dict[str, Any],
                                                        seed: int) -> None:
    state, _ = random_game(game, options, seed, undo_every=7)
    assert state.over and state.to_move is None and state.legal_actions() == []
    assert len(state.totals) == state.players
    assert [sum(h[s] for h in state.hand_scores) for s in range(state.players)] == state.totals
    again = replay(json.loads(json.dumps(state.record(), ensure_ascii=False)))
    assert again.over and again.totals == state.totals and again.hand_scores == state.hand_scores
    assert set(state.winners()) == {s for s, t in enumerate(state.totals)
                                    if t == max(state.totals)}


@pytest.mark.parametrize("game, options", CONFIGS, ids=IDS)
def test_observations_are_json_and_list_the_legal_actions(game: str,
                                                          options: dict[str, Any]) -> None:
    state = new_game(game, options, seed=5)
    rng = random.Random(5)
    for _ in range(120):
        if state.over:
            break
        for seat in range(state.players):
            obs = json.loads(json.dumps(state.observe(seat), ensure_ascii=False))
            assert obs["seat"] == seat
            if obs.get("choose_count"):
                # Several cards to choose: the count stands for thousands of combinations.
                assert obs["legal"] == [] and state.to_move == seat
            else:
                assert obs["legal"] == ([str(a) for a in state.legal_actions()]
                                        if state.to_move == seat else [])
            assert obs["hand_sizes"][seat] == len(obs["hand"])
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game, options", CONFIGS, ids=IDS)
def test_an_illegal_action_changes_nothing(game: str, options: dict[str, Any]) -> None:
    state = new_game(game, options, seed=9)
    rng = random.Random(9)
    tried = 0
    for _ in range(200):
        if state.over:
            break
        legal = {str(a) for a in state.legal_actions()}
        candidates = ["A♠", "2♣", "Q♥@0", "0", "13", "7♥", "skip", "NT", "♥", "2♣ 3♣ 4♣ 5♣", "99"]
        for text in candidates:
            if text in legal:
                continue
            before = json.dumps(state.record()), [json.dumps(state.observe(s))
                                                  for s in range(state.players)]
            with pytest.raises(IllegalAction) as caught:
                state.apply_text(text)
            assert str(caught.value), "an illegal action must say why"
            after = json.dumps(state.record()), [json.dumps(state.observe(s))
                                                 for s in range(state.players)]
            assert after == before
            tried += 1
        state.apply(rng.choice(state.legal_actions()))
    assert tried > 50


@pytest.mark.parametrize("game, options", CONFIGS, ids=IDS)
def test_sampled_worlds_agree_with_the_observation(game: str, options: dict[str, Any]) -> None:
    state = new_game(game, options, seed=13)
    rng = random.Random(13)
    cls = type(state)
    checked = 0
    for _ in range(150):
        if state.over:
            break
        seat = state.to_move
        assert seat is not None
        obs = state.observe(seat)
        world = cls.sample_world(obs, random.Random(checked))  # type: ignore[attr-defined]
        assert world.to_move == state.to_move and world.decision == state.decision
        # Hidden cards were redrawn, yet the seat sees exactly the same: nothing hidden leaks.
        assert world.observe(seat) == obs
        assert sorted(map(str, world.legal_actions())) == sorted(map(str, state.legal_actions()))
        # The world plays on to the end of the game with the fast path.
        probe = world.copy()
        for _ in range(MAX_ACTIONS):
            if probe.over:
                break
            probe.step(rng.choice(probe.legal_actions()))
        assert probe.over
        checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 20


#: Every game at every player count, with options that make hands short enough for a
#: random walk of a few hundred actions to cross several hands.
UNDO_CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("diminishing-whist", {"players": 4}),
    ("diminishing-whist", {"players": 5}),
    *[("black-queen", {"players": p}) for p in range(2, 7)],
    ("nine-five-two", {"target": 5}),
    ("bidding-whist", {"hands": 3}),
    *[("classic-whist", {"players": p, "cards": 3, "winning_score": 12}) for p in range(2, 5)],
]
UNDO_IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o in UNDO_CONFIGS]
#: What undo need not restore: the generator and the queue of deals (undo puts the deals it
#: takes back on the queue, checked by doing the actions again), and the undo history.
NOT_STATE = frozenset({"_rng", "_rng_state", "_deal_queue", "_snapshots", "_events"})


def game_state(state: GameState) -> dict[str, Any]:
    """Everything that makes up the game now, deep-copied, to compare with later."""
    return copy.deepcopy({k: v for k, v in state.__dict__.items() if k not in NOT_STATE})


@pytest.mark.parametrize("game, options", UNDO_CONFIGS, ids=UNDO_IDS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), length=st.integers(1, 300), back=st.integers(1, 300))
def test_undoing_k_of_n_actions_gives_the_state_after_n_minus_k(
        game: str, options: dict[str, Any], seed: int, length: int, back: int) -> None:
    state = new_game(game, options, seed=seed)
    rng = random.Random(seed)
    states = [game_state(state)]
    actions: list[str] = []
    while len(actions) < length and not state.over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(str(action))
        states.append(game_state(state))
    back = min(back, len(actions))
    end = state.record()
    for _ in range(back):
        state.undo()
    assert game_state(state) == states[len(actions) - back]
    assert state.can_undo == (back < len(actions))
    for text in actions[len(actions) - back:]:
        state.apply_text(text)
    assert game_state(state) == states[-1] and state.record() == end

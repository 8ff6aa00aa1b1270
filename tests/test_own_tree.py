"""The information-set tree over the seat's own decisions (bench/own_tree.py, issue 21)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench.ismcts_match import OhHellRound
from bench.own_tree import Node, OwnFlat, OwnTree, play_others
from engines.interface import EngineError
from engines.levels import load_engine
from engines.strong import card_policy
from whist.actions import Decision, Play
from whist.games.diminishing import DiminishingWhist


def new_round(seed: int, cls: type[DiminishingWhist] = OhHellRound) -> DiminishingWhist:
    """A fresh 4-player round of 10 cards, held at its end."""
    state = cls.search_type()({"players": 4}, seed=seed)
    assert isinstance(state, DiminishingWhist)
    state.stop_after_hand = True
    return state


def tree_depth(node: Node) -> int:
    """Levels of own decisions below ``node`` (its children are the first)."""
    return max((1 + tree_depth(child) for child in node.children.values()), default=0)


def all_nodes(node: Node) -> list[Node]:
    """``node`` and every node below it."""
    out = [node]
    for child in node.children.values():
        out.extend(all_nodes(child))
    return out


@pytest.mark.parametrize("cls", [OhHellRound, DiminishingWhist])
def test_every_answer_is_legal_over_a_whole_hand(cls: type[DiminishingWhist]) -> None:
    state = new_round(4, cls)
    engine = OwnTree(seed=2, iterations=40, depth=3,
                     world_class=OhHellRound if cls is OhHellRound else None)
    decisions = 0
    while not state.hand_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        action = engine.choose(state.observe(seat), legal)
        assert action in legal
        state.step(action)
        decisions += 1
    assert decisions == 44  # 4 bids and 40 cards


def test_fixed_seed_and_iterations_give_the_same_search() -> None:
    state = new_round(7)
    seat = state.to_move
    assert seat is not None
    obs, legal = state.observe(seat), state.legal_actions()
    first = OwnTree(seed=5, iterations=120, depth=3).evaluate(obs, legal)
    again = OwnTree(seed=5, iterations=120, depth=3).evaluate(obs, legal)
    assert first == again
    assert first is not None and len(first) == len(legal)
    other = OwnTree(seed=6, iterations=120, depth=3).evaluate(obs, legal)
    assert other != first  # the seed does reach the search


def test_depth_one_is_a_flat_bandit_over_the_candidates() -> None:
    state = new_round(3)
    seat = state.to_move
    assert seat is not None
    engine = OwnFlat(seed=1, iterations=150)
    ranked = engine.evaluate(state.observe(seat), state.legal_actions())
    root = engine.last_root
    assert root is not None and ranked is not None
    assert engine.last_stats["deepest"] == 1
    # Only the root's arms are nodes: the seat's later cards are the rollout's.
    assert all(not child.children for child in root.children.values())
    assert sum(child.visits for child in root.children.values()) == 150
    # Every arm is legal in every world, so each was available in every iteration
    # after it was made (the first one in all 150).
    assert max(child.available for child in root.children.values()) == 150
    # The most visited arm comes first.
    visits = [root.children[a].visits for a, _ in ranked]
    assert visits == sorted(visits, reverse=True)


def test_deeper_trees_stay_within_their_depth_and_count_availability() -> None:
    state = new_round(3)
    for _ in range(4):  # the bids
        mover = state.to_move
        assert mover is not None
        state.step(OwnTree(seed=1, iterations=10).choose(state.observe(mover),
                                                         state.legal_actions()))
    seat = state.to_move
    assert seat is not None and state.decision is Decision.CARD
    for depth in (2, 3):
        engine = OwnTree(seed=1, iterations=300, depth=depth, c=0.3)
        engine.evaluate(state.observe(seat), state.legal_actions())
        root = engine.last_root
        assert root is not None
        assert tree_depth(root) == depth == engine.last_stats["deepest"]
        assert sum(child.visits for child in root.children.values()) == 300
        for node in all_nodes(root):
            if node is not root:
                # A node's first visit made it (the rollout went on below it).
                assert sum(child.visits for child in node.children.values()) < node.visits
            for child in node.children.values():
                # Subset-armed: a card unheld in some worlds is available less often
                # than it is visited-or-passed-over, never less than visited.
                assert child.visits <= child.available
                if node is not root:
                    assert child.available <= node.visits


def test_best_mean_final_choice_ranks_by_mean() -> None:
    state = new_round(9)
    seat = state.to_move
    assert seat is not None
    ranked = OwnTree(seed=1, iterations=100, depth=2, final="mean").evaluate(
        state.observe(seat), state.legal_actions())
    assert ranked is not None
    means = [value for _, value in ranked]
    assert means == sorted(means, reverse=True)


def test_forced_and_equivalent_cards_are_answered_without_a_search() -> None:
    state = new_round(1)
    engine = OwnTree(seed=1, iterations=50)
    engine.last_stats = {"untouched": True}
    seat = state.to_move
    assert seat is not None
    only = [state.legal_actions()[0]]
    assert engine.choose(state.observe(seat), only) == only[0]
    assert engine.last_stats == {"untouched": True}


def test_other_seats_play_strongs_rollout_policy_until_the_seat_moves() -> None:
    state = new_round(5)
    while state.decision is not Decision.CARD:
        state.step(state.legal_actions()[0])
    assert state.to_move is not None
    seat = (state.to_move + 2) % 4  # two seats play before it
    expected = state.fork()
    played = []
    while expected.to_move != seat:
        legal = expected.legal_actions()
        mover = expected.to_move
        assert mover is not None
        action = legal[0] if len(legal) == 1 else card_policy(
            expected, legal, type(expected).wants_tricks(expected, mover), expected.card_points)
        played.append(action)
        expected.step(action)
    hands_done = len(state.hand_scores)
    play_others(state, seat, hands_done, random.Random(1), epsilon=0.0)
    assert state.to_move == seat
    assert [Play(c) for _, c in state.trick] == played


@pytest.mark.parametrize("settings, words", [
    ({"c": -1}, "c must be"), ({"c": "big"}, "c must be"), ({"c": float("nan")}, "c must be"),
    ({"depth": 0}, "depth must be"), ({"depth": 1.5}, "depth must be"),
    ({"final": "best"}, "final must be"), ({"epsilon": 0.1}, "unknown setting"),
])
def test_bad_settings_are_refused_in_one_line(settings: dict[str, Any], words: str) -> None:
    with pytest.raises(EngineError) as error:
        load_engine("bench.own_tree:OwnTree", DiminishingWhist.name, iterations=10, **settings)
    assert words in str(error.value) and "\n" not in str(error.value)

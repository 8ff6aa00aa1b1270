"""bench/dealer_choices.py: 9-5-2's dealer decisions replayed with each alternative."""

from __future__ import annotations

import math

from bench.dealer_choices import (
    GAME,
    alternatives,
    dealer_score,
    finish_hand,
    next_action,
    summary,
)
from engines.arena import make_engine
from whist.actions import Decision, Discard, NameTrump
from whist.games.nine_five_two import TRUMP_CHOICES, NineFiveTwo


def _table(seed: int) -> tuple[NineFiveTwo, list]:
    state = NineFiveTwo.search_type()({}, seed=seed)
    assert isinstance(state, NineFiveTwo)
    state.stop_after_hand = True
    engines = [make_engine("strong", GAME, seed * 16 + s, None, 12) for s in range(3)]
    return state, engines


def test_a_copy_replays_the_real_hand_and_leaves_the_table_alone() -> None:
    state, engines = _table(5)
    assert state.decision is Decision.TRUMP
    before = state.observe(state.dealer)
    choice = engines[state.dealer].choose(before, state.legal_actions())
    replayed = finish_hand(state, choice, engines)
    assert state.observe(state.dealer) == before  # the copy did not touch the table
    state.step(choice)
    while not state.hand_over:
        state.step(next_action(state, engines))
    assert state.hand_scores[-1][state.dealer] == replayed


def test_the_alternatives_are_the_rankings_and_the_fixed_rules() -> None:
    state, engines = _table(2)
    ranking = engines[state.dealer].evaluate(state.observe(state.dealer), state.legal_actions())
    assert ranking is not None
    labels = alternatives(state, ranking)
    assert [labels[f"search {k}"] for k in range(1, 6)] == [a for a, _ in ranking]
    assert set(ranking_actions := [a for a, _ in ranking]) == set(TRUMP_CHOICES)
    assert labels["no-trump"] == NameTrump(None) and labels["most expected tricks"] in ranking_actions
    state.step(ranking[0][0])
    assert state.decision is Decision.DISCARD
    ranking = engines[state.dealer].evaluate(state.observe(state.dealer), state.legal_actions())
    assert ranking is not None
    labels = alternatives(state, ranking)
    assert list(labels) == ["search 1", "search 2", "search 3", "heuristic first"]
    assert all(isinstance(a, Discard) and len(a.cards) == 4 for a in labels.values())


def test_the_search_value_becomes_the_dealers_score() -> None:
    # Dealer +2, others -1 each: the value with weight 1 is 2 - (-1) = 3.
    assert dealer_score(3.0, 1.0) == 2.0
    assert dealer_score(2.5, 0.5) == 2.0


def test_the_summary_compares_each_alternative_with_the_choice() -> None:
    rows = [{"decision": "trump", "expected": 0.0, "scores": {"search 1": 1, "no-trump": -1}},
            {"decision": "trump", "expected": 1.0, "scores": {"search 1": 0, "no-trump": 0}},
            {"decision": "trump", "expected": 2.0, "scores": {"search 1": -1, "no-trump": 2}}]
    part = summary(rows)["trump"]
    assert part["decisions"] == 3
    cell = part["alternatives"]["no-trump"]
    assert math.isclose(cell["difference"][0], 1 / 3) and math.isclose(cell["same"], 1 / 3)
    assert part["alternatives"]["search 1"]["difference"][0] == 0
    assert math.isclose(part["taken_minus_expected"][0], -1.0)
    assert math.isclose(part["hindsight_bound"][0], (0 + 0 + 3) / 3)

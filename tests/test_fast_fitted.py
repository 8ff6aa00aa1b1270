"""bench/fast_fitted.py and its engine (bench.strong_variants:FastFitted).

Every card is one the protocol allows; each decision's scores are the reference
features times the committed fast weights, up to one amount shared by the legal
cards (which a softmax ignores); the policy reads nothing hidden (the same card
and scores when the other seats' hidden cards are dealt otherwise); the engine is
deterministic at a fixed seed and iterations; bad settings and weights on a
feature the fast policy leaves out are refused with one line.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import pytest

from bench.fast_fitted import (
    LEFT_OUT,
    MIN_TEMPERATURE,
    fast_fitted_rollout,
    fast_play_cards,
    fast_tables,
    load_fast_weights,
)
from bench.policy_features import FEATURES, card_features, context
from bench.strong_variants import FastFitted
from engines.interface import EngineError
from engines.levels import load_engine
from engines.strong import EPSILON, rollout
from tests.test_fast_rollout import starts
from tests.test_fitted_policy import (
    DW,
    DW_GAMES,
    assert_deterministic_and_legal,
    hidden_cards_dealt_otherwise,
    knowledge,
)
from whist.actions import PLAYS, Decision
from whist.games.bidding import BiddingWhist
from whist.games.diminishing import DiminishingWhist

Step = tuple[int, list[int], list[float], int]


def shifted(scores: Sequence[float]) -> list[float]:
    """``scores`` less their first: what a softmax over them depends on."""
    return [x - scores[0] for x in scores]


@pytest.mark.parametrize(("cls", "options"), DW_GAMES)
@pytest.mark.parametrize("temperature", [0.0, 1.0, 0.5])
def test_every_card_is_legal_and_scored_as_the_reference(
        cls: Any, options: dict[str, Any], temperature: float) -> None:
    weights = load_fast_weights()
    tables = fast_tables(temperature)
    scale = 1.0 / temperature if temperature else 1.0
    scored = 0
    for index, (state, _seat, _done) in enumerate(starts(cls, options, 43, 60)):
        if state.decision is not Decision.CARD:
            continue
        replay = state.fork()
        steps: list[Step] = []

        def note(seat: int, legal: Sequence[int], scores: Sequence[float], card: int,
                 steps: list[Step] = steps) -> None:
            steps.append((seat, list(legal), list(scores), card))
        assert fast_play_cards(state, random.Random(index), tables, observe=note)
        for seat, legal, scores, card in steps:
            assert replay.to_move == seat and replay.decision is Decision.CARD
            # The same cards as the protocol's, in card order.
            assert [PLAYS[c] for c in legal] == sorted(replay.legal_actions(),
                                                       key=lambda a: a.card)  # type: ignore[attr-defined]
            assert card in legal
            if scores:
                know = knowledge(replay)
                w = weights[context(know)]
                reference = {c: scale * sum(a * b for a, b in zip(f, w, strict=True))
                             for c, f in zip(know.legal, card_features(know), strict=True)}
                expected = [reference[c] for c in legal]
                assert shifted(scores) == pytest.approx(shifted(expected), abs=1e-9)
                if temperature == 0.0:
                    assert reference[card] == max(expected)
                scored += 1
            else:
                assert len(legal) == 1
            replay.step(PLAYS[card])
        assert replay.hand_scores == state.hand_scores and replay.tricks == state.tricks
    assert scored > 100


def test_the_draws_follow_the_softmax() -> None:
    """Over many draws from one decision, each card's share is its softmax probability."""
    state = next(s for s, _seat, _done in starts(DiminishingWhist, {"players": 4}, 71, 40)
                 if s.decision is Decision.CARD
                 and len(s.hands[s.to_move]) >= 5 and not s.trick)  # type: ignore[index]
    tables = fast_tables(1.0)
    counts: dict[int, int] = {}
    probabilities: dict[int, float] = {}
    draws = 4000
    rng = random.Random(5)
    for _ in range(draws):
        steps: list[Step] = []

        def first(seat: int, legal: Sequence[int], scores: Sequence[float], card: int,
                  steps: list[Step] = steps) -> None:
            steps.append((seat, list(legal), list(scores), card))
            raise StopIteration
        with pytest.raises(StopIteration):
            fast_play_cards(state.fork(), rng, tables,  # type: ignore[arg-type]
                            observe=first)
        _seat, legal, scores, card = steps[0]
        counts[card] = counts.get(card, 0) + 1
        total = sum(math.exp(x) for x in scores)
        probabilities = {c: math.exp(x) / total for c, x in zip(legal, scores, strict=True)}
    assert len(probabilities) >= 5
    for card, p in probabilities.items():
        assert counts.get(card, 0) / draws == pytest.approx(p, abs=0.03), (counts, probabilities)


def first_choice(state: DiminishingWhist, seed: int, tables: Any) -> Step:
    """The seat to move's legal cards, scores and card (the state not touched)."""
    steps: list[Step] = []

    def first(seat: int, legal: Sequence[int], scores: Sequence[float], card: int) -> None:
        steps.append((seat, list(legal), list(scores), card))
        raise StopIteration
    with pytest.raises(StopIteration):
        fast_play_cards(state.fork(), random.Random(seed), tables,  # type: ignore[arg-type]
                        observe=first)
    return steps[0]


def test_it_reads_no_hidden_card() -> None:
    """The other seats' hidden cards dealt otherwise: the same scores, the same card."""
    tables = fast_tables(1.0)
    checked = 0
    for state, dealt in hidden_cards_dealt_otherwise(80):
        for draw in range(3):
            assert first_choice(state, draw, tables) == first_choice(dealt, draw, tables)
        checked += 1
    assert checked > 30


def test_a_game_it_does_not_play_goes_on_as_strongs_rollout() -> None:
    tables = fast_tables(1.0)
    compared = 0
    for index, (state, seat, done) in enumerate(starts(BiddingWhist, {"hands": 2}, 61, 20)):
        ours, theirs = state.fork(), state.fork()
        assert fast_fitted_rollout(ours, seat, done, 0.5, random.Random(index), EPSILON,
                                   tables) \
            == rollout(theirs, seat, done, 0.5, random.Random(index))
        assert ours.tricks == theirs.tricks
        assert not fast_play_cards(state, random.Random(index), tables)  # type: ignore[arg-type]
        compared += 1
    assert compared == 20


def test_the_engine_is_deterministic_and_plays_legal_actions() -> None:
    assert_deterministic_and_legal(FastFitted, "bench.strong_variants:FastFitted")


@pytest.mark.parametrize("bad", [-0.1, math.nan, math.inf, "hot", True, None, 0.05])
def test_a_bad_temperature_is_refused(bad: Any) -> None:
    with pytest.raises(ValueError, match="^temperature must be") as caught:
        FastFitted(iterations=10, temperature=bad)
    assert "\n" not in str(caught.value)
    with pytest.raises(EngineError, match="temperature") as refused:
        load_engine("bench.strong_variants:FastFitted", DW, iterations=10, temperature=bad)
    assert "\n" not in str(refused.value)


def test_the_least_temperature_is_accepted() -> None:
    assert FastFitted(iterations=10, temperature=MIN_TEMPERATURE).temperature \
        == MIN_TEMPERATURE
    engine = FastFitted(iterations=10)
    assert engine.temperature == 1.0 and engine.epsilon == 0.0
    for setting in ({"endgame": 3}, {"fair_leads": True}, {"fitted_bids": True}):
        with pytest.raises(ValueError, match="do not combine"):
            FastFitted(iterations=10, **setting)


def test_weights_on_a_feature_it_leaves_out_are_refused() -> None:
    weights = load_fast_weights()
    at = FEATURES.index(LEFT_OUT[0])
    assert all(row[at] == 0.0 for row in weights)
    assert fast_tables(1.0, weights).temperature == 1.0
    weights[2][at] = 0.5
    with pytest.raises(ValueError, match=f"does not compute {LEFT_OUT[0]}:") as caught:
        fast_tables(1.0, weights)
    assert "\n" not in str(caught.value)
    with pytest.raises(ValueError, match="one row of"):
        fast_tables(1.0, [[0.0] * 3] * 4)


def test_each_temperature_has_its_own_tables() -> None:
    """Temperatures 0 and 1 share a scale (1) but not a way of drawing."""
    assert fast_tables(0.0).temperature == 0.0
    assert fast_tables(1.0).temperature == 1.0
    assert fast_tables(0.0).temperature == 0.0

"""bench/fitted_rollout.py and its engine (bench.strong_variants:FittedPolicy).

Every card is one the protocol allows, each score is the reference features times
the committed weights, the policy reads nothing hidden (the same card when the
other seats' hidden cards are dealt otherwise), the engine is deterministic at a
fixed seed and iterations, and a bad temperature is refused with one line.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import pytest

from bench.fitted_rollout import (
    checked_weights,
    fitted_play_cards,
    fitted_rollout,
    load_weights,
    pick_card,
    policy_card,
    policy_tables,
)
from bench.policy_features import FEATURES, Knowledge, card_features, context
from bench.strong_variants import Fitted0, FittedPolicy, IsmctsPolicy
from engines.interface import EngineError
from engines.levels import load_engine
from engines.strong import EPSILON, StrongEngine, rollout
from tests.test_fast_rollout import OhHellScored, decisions, starts
from whist.actions import PLAYS, Decision
from whist.games.bidding import BiddingWhist
from whist.games.diminishing import DiminishingWhist
from whist.tricks import TrickGame

DW = DiminishingWhist.name
DW_GAMES: list[tuple[type[TrickGame], dict[str, Any]]] = [
    (DiminishingWhist, {"players": 4}),
    (DiminishingWhist, {"players": 5}),
    (OhHellScored, {"players": 4}),
]


def knowledge(state: DiminishingWhist) -> Knowledge:
    """What the seat to move in ``state`` knows, for the reference features."""
    seat = state.to_move
    assert seat is not None
    return Knowledge(state.players, seat, state.trump, list(state.hands[seat]),
                     [int(a.card) for a in state.legal_actions()],  # type: ignore[attr-defined]
                     list(state.trick), [list(t[1]) for t in state.tricks],
                     list(state.bids), list(state.tricks_won))


@pytest.mark.parametrize(("cls", "options"), DW_GAMES)
@pytest.mark.parametrize("temperature", [0.0, 1.0])
def test_every_card_is_legal_and_scored_as_the_reference(
        cls: Any, options: dict[str, Any], temperature: float) -> None:
    weights = load_weights()
    tables = policy_tables(temperature)
    scale = 1.0 / temperature if temperature else 1.0
    scored = 0
    for index, (state, _seat, _done) in enumerate(starts(cls, options, 43, 60)):
        if state.decision is not Decision.CARD:
            continue
        replay = state.fork()
        steps: list[tuple[int, list[int], list[float], int]] = []

        def note(seat: int, legal: Sequence[int], scores: Sequence[float], card: int,
                 steps: list[tuple[int, list[int], list[float], int]] = steps) -> None:
            steps.append((seat, list(legal), list(scores), card))
        assert fitted_play_cards(state, random.Random(index), EPSILON, tables, observe=note)
        for seat, legal, scores, card in steps:
            assert replay.to_move == seat and replay.decision is Decision.CARD
            assert [PLAYS[c] for c in legal] == replay.legal_actions()
            if scores:
                know = knowledge(replay)
                w = weights[context(know)]
                expected = [scale * sum(a * b for a, b in zip(f, w, strict=True))
                            for f in card_features(know)]
                assert scores == pytest.approx(expected, abs=1e-9)
                scored += 1
            replay.step(PLAYS[card])
        assert replay.hand_scores == state.hand_scores and replay.tricks == state.tricks
    assert scored > 100


def hidden_cards_dealt_otherwise(limit: int) -> list[tuple[DiminishingWhist, DiminishingWhist]]:
    """Card decisions of four-seat Diminishing Whist, each as it is and with the other
    seats' hidden cards shuffled among them (the same hand sizes); decisions where that
    changes no hand are left out."""
    pairs = []
    for index, (game, _obs, _legal) in enumerate(decisions(DiminishingWhist,
                                                           {"players": 4}, 53, limit)):
        if game.decision is not Decision.CARD:
            continue
        state = game.search_copy()
        assert isinstance(state, DiminishingWhist)
        seat = state.to_move
        others = [s for s in range(state.players) if s != seat]
        pool = [c for s in others for c in state.hands[s]]
        random.Random(index).shuffle(pool)
        dealt = state.fork()
        assert isinstance(dealt, DiminishingWhist)
        for s in others:
            size = len(dealt.hands[s])
            dealt.hands[s] = pool[:size]
            pool = pool[size:]
        if sorted(map(sorted, dealt.hands)) != sorted(map(sorted, state.hands)):
            pairs.append((state, dealt))
    return pairs


def test_it_reads_no_hidden_card() -> None:
    """The other seats' hidden cards dealt otherwise: the same scores, the same card."""
    tables = policy_tables(1.0)
    checked = 0
    for state, dealt in hidden_cards_dealt_otherwise(80):
        for draw in range(3):
            assert policy_card(state, random.Random(draw), tables) \
                == policy_card(dealt, random.Random(draw), tables)
        checked += 1
    assert checked > 30


def test_pick_card_follows_the_softmax_and_temperature_zero_is_the_best() -> None:
    legal = [3, 17, 30]
    scores = [0.5, 1.5, -1.0]
    assert pick_card(legal, scores, 0.0, 0.99) == 17
    assert pick_card(legal, [1.0, 1.0, 0.0], 0.0, 0.5) == 3  # the first of equal bests
    total = sum(math.exp(s) for s in scores)
    counts = {c: 0 for c in legal}
    draws = 10_000
    for i in range(draws):
        counts[pick_card(legal, scores, 1.0, (i + 0.5) / draws)] += 1
    for card, score in zip(legal, scores, strict=True):
        assert counts[card] / draws == pytest.approx(math.exp(score) / total, abs=1e-3)


def test_a_game_it_does_not_play_goes_on_as_strongs_rollout() -> None:
    compared = 0
    for index, (state, seat, done) in enumerate(starts(BiddingWhist, {"hands": 2}, 61, 20)):
        ours, theirs = state.fork(), state.fork()
        assert fitted_rollout(ours, seat, done, 0.5, random.Random(index), EPSILON, 1.0) \
            == rollout(theirs, seat, done, 0.5, random.Random(index))
        assert ours.tricks == theirs.tricks
        compared += 1
    assert compared == 20


def assert_deterministic_and_legal(engine: type[StrongEngine], spec: str,
                                   greedy: type[StrongEngine] | None = None) -> None:
    """``engine`` (loadable as ``spec``) plays legal actions, evaluates the same at the same
    seed, and evaluates otherwise than ``strong``; ``greedy`` (its temperature 0, default
    ``engine`` with ``temperature=0``) plays legal actions too."""
    cases = list(decisions(DiminishingWhist, {"players": 4}, 17, 10))
    cases += list(decisions(OhHellScored, {"players": 4}, 19, 6))
    differs = 0
    for index, (_game, obs, legal) in enumerate(cases):
        first = engine(seed=index, iterations=80)
        again = load_engine(spec, DW, seed=index, iterations=80)
        assert first.choose(obs, legal) in legal
        assert first.evaluate(obs, legal) == again.evaluate(obs, legal)
        cold = greedy(seed=index, iterations=80) if greedy is not None \
            else engine(seed=index, iterations=80, temperature=0)
        assert cold.choose(obs, legal) in legal
        differs += StrongEngine(seed=index, iterations=80).evaluate(obs, legal) \
            != first.evaluate(obs, legal)
    assert differs > len(cases) // 2  # the fitted rollouts really play otherwise


def test_the_engine_is_deterministic_and_plays_legal_actions() -> None:
    assert_deterministic_and_legal(FittedPolicy, "bench.strong_variants:FittedPolicy", Fitted0)


@pytest.mark.parametrize("bad", [-0.1, math.nan, math.inf, "hot", True, None])
def test_a_bad_temperature_is_refused(bad: Any) -> None:
    with pytest.raises(ValueError, match="^temperature must be a"):
        FittedPolicy(iterations=10, temperature=bad)
    with pytest.raises(EngineError, match="temperature") as caught:
        load_engine("bench.strong_variants:FittedPolicy", DW, iterations=10, temperature=bad)
    assert "\n" not in str(caught.value)


def test_it_does_not_mix_with_the_other_rollout_settings() -> None:
    for setting in ({"endgame": 3}, {"fair_leads": True}, {"fitted_bids": True}):
        with pytest.raises(ValueError, match="do not combine"):
            FittedPolicy(iterations=10, **setting)
    engine = FittedPolicy(iterations=10)
    assert engine.temperature == 1.0 and engine.epsilon == 0.0
    assert Fitted0(iterations=10).temperature == 0.0


def test_weights_fitted_to_other_features_are_refused() -> None:
    good = {"features": list(FEATURES), "contexts": ["lead_made", "lead_want", "follow_made",
                                                     "follow_want"],
            "weights": [[0.0] * len(FEATURES)] * 4}
    assert checked_weights(good) == [[0.0] * len(FEATURES)] * 4
    with pytest.raises(ValueError, match="other features"):
        checked_weights({**good, "features": list(FEATURES)[:-1]})
    with pytest.raises(ValueError, match="one row of"):
        checked_weights({**good, "weights": [[0.0] * 3] * 4})


def test_each_temperature_has_its_own_tables() -> None:
    """Temperatures 0 and 1 share a scale (1) but not a way of drawing: one process may
    ask for both (a greedy table handed to a temperature-1 rollout plays greedily)."""
    assert policy_tables(0.0).temperature == 0.0
    assert policy_tables(1.0).temperature == 1.0
    assert policy_tables(0.0).temperature == 0.0


class CommittedPolicyByName(FittedPolicy):
    """FittedPolicy reading the committed weights through POLICY_MODULE (the other road)."""

    POLICY_MODULE = "bench.card_policy_weights"


def test_a_policy_named_by_module_plays_as_its_weights_say() -> None:
    cases = list(decisions(DiminishingWhist, {"players": 4}, 31, 6))
    for index, (_game, obs, legal) in enumerate(cases):
        by_name = CommittedPolicyByName(seed=index, iterations=60, temperature=0.7)
        assert by_name.policy is not None and by_name.policy.temperature == 0.7
        assert by_name.evaluate(obs, legal) \
            == FittedPolicy(seed=index, iterations=60, temperature=0.7).evaluate(obs, legal)
    imitated = IsmctsPolicy(seed=1, iterations=60)
    assert imitated.policy is not None and imitated.policy != policy_tables(1.0)
    assert any(imitated.evaluate(obs, legal) != FittedPolicy(seed=1, iterations=60)
               .evaluate(obs, legal) for _game, obs, legal in cases)


def test_the_own_seat_can_play_its_own_policy_and_the_others_another() -> None:
    """``own``: that seat's scores are its own weights' (the reference features times
    them), every other seat's the shared tables'; fails when one policy plays all."""
    import importlib

    from bench.outcome_bids import OwnPolicyIsmctsOthers
    others = checked_weights(importlib.import_module("bench.ismcts_policy_weights").WEIGHTS)
    mine = load_weights()
    shared, own_tables = policy_tables(1.0, others), policy_tables(1.0, mine)
    seen = {True: 0, False: 0}
    for index, (state, _seat, _done) in enumerate(starts(DiminishingWhist, {"players": 4}, 47, 40)):
        if state.decision is not Decision.CARD:
            continue
        me = state.to_move
        replay = state.fork()
        steps: list[tuple[int, list[int], list[float], int]] = []

        def note(seat: int, legal: Sequence[int], scores: Sequence[float], card: int,
                 steps: list[tuple[int, list[int], list[float], int]] = steps) -> None:
            steps.append((seat, list(legal), list(scores), card))
        assert fitted_play_cards(state, random.Random(index), 0.0, shared, observe=note,
                                 own=(me, own_tables))
        for seat, _legal, scores, card in steps:
            if scores:
                know = knowledge(replay)
                w = (mine if seat == me else others)[context(know)]
                expected = [sum(a * b for a, b in zip(f, w, strict=True))
                            for f in card_features(know)]
                assert scores == pytest.approx(expected, abs=1e-9)
                seen[seat == me] += 1
            replay.step(PLAYS[card])
    assert seen[True] > 20 and seen[False] > 60
    engine = OwnPolicyIsmctsOthers(seed=1, iterations=20)
    assert engine.own_policy is not None and engine.policy is not None

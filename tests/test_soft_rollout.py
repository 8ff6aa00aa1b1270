"""bench/soft_rollout.py and its engine (bench.strong_variants:Softmax): stochastic rollouts.

At temperature 0 with strong's masters they are strong's rollouts exactly; above it
every card is still one the protocol allows, the later-ranked cards are really
played, the engine is deterministic at a fixed seed and iterations, and a bad
temperature is refused with one line.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest

from bench.soft_rollout import (
    known_tops,
    pick,
    played_mask,
    preference_order,
    rank_thresholds,
    ratio_of,
    soft_bid,
    soft_play_cards,
    soft_rollout,
)
from bench.strong_variants import Soft05, Softmax
from engines.fast_rollout import play_cards
from engines.interface import EngineError
from engines.levels import load_engine
from engines.strong import EPSILON, StrongEngine, rollout
from tests.test_fast_rollout import GAMES, OhHellScored, decisions, recorder, starts
from whist.actions import BIDS, PLAYS, Decision
from whist.cards import SUIT_OF, Card
from whist.games.bidding import BiddingWhist
from whist.games.diminishing import DiminishingWhist
from whist.trick_rule import TRICK_STRENGTHS

DW = DiminishingWhist.name
#: The games the soft card play plays (strong's fast path plays 9-5-2 and Classic Whist too).
SOFT_GAMES = [(cls, options) for cls, options in GAMES
              if cls in (DiminishingWhist, BiddingWhist)]


def cards(*texts: str) -> list[int]:
    """Card numbers of ``texts`` ("A♠", ...)."""
    return [int(Card.parse(t)) for t in texts]


@pytest.mark.parametrize(("cls", "options"), SOFT_GAMES)
def test_at_temperature_zero_it_is_strongs_fast_path(cls: Any, options: dict[str, Any]) -> None:
    """Greedy ranks and the world's masters: the same cards and the same random draws."""
    compared = 0
    for index, (state, _seat, _done) in enumerate(starts(cls, options, 31, 120)):
        if state.decision is not Decision.CARD:
            continue
        ours, theirs = state.fork(), state.fork()
        rng_ours, rng_theirs = random.Random(index), random.Random(index)
        assert soft_play_cards(ours, rng_ours, EPSILON, 0.0, fair=False)
        assert play_cards(theirs, rng_theirs, EPSILON)
        assert ours.tricks == theirs.tricks and ours.hand_scores == theirs.hand_scores
        assert rng_ours.getstate() == rng_theirs.getstate()
        compared += 1
    assert compared > 30


@pytest.mark.parametrize(("cls", "options"), [(c, o) for c, o in GAMES if (c, o) not in SOFT_GAMES])
def test_other_games_are_left_to_strongs_rollout(cls: Any, options: dict[str, Any]) -> None:
    for index, (state, _seat, _done) in enumerate(starts(cls, options, 33, 20)):
        if state.decision is Decision.CARD:
            before = state.fork()
            assert not soft_play_cards(state, random.Random(index), EPSILON, 2.0, fair=False)
            assert state.__dict__ == before.__dict__


@pytest.mark.parametrize(("cls", "options"), SOFT_GAMES)
@pytest.mark.parametrize("fair", [False, True])
def test_every_card_is_one_the_protocol_allows(cls: Any, options: dict[str, Any],
                                               fair: bool) -> None:
    checked = 0
    for index, (state, _seat, _done) in enumerate(starts(cls, options, 41, 80)):
        if state.decision is not Decision.CARD:
            continue
        replay = state.fork()
        steps: list[tuple[int, list[int], int]] = []
        assert soft_play_cards(state, random.Random(index), EPSILON, 2.0, fair,
                               observe=recorder(steps))
        for seat, legal, card in steps:
            assert replay.to_move == seat and replay.decision is Decision.CARD
            assert [PLAYS[c] for c in legal] == replay.legal_actions()
            assert replay.why_illegal(PLAYS[card]) is None
            replay.step(PLAYS[card])
            checked += 1
        assert replay.hand_over
        assert replay.tricks == state.tricks and replay.hand_scores == state.hand_scores
    assert checked > 300


def test_the_first_preference_is_the_greedy_card_and_later_ranks_are_played() -> None:
    """Over many rollouts at temperature 1: each card played is in the seat's preference
    order, the first-ranked card is what strong's policy plays, and later ranks occur
    about as often as their weights say."""
    ranks: Counter[int] = Counter()
    dealt = starts(DiminishingWhist, {"players": 4}, 51, 100)
    for index, (state, _seat, _done) in enumerate(dealt):
        if state.decision is not Decision.CARD:
            continue
        steps: list[tuple[int, list[int], int]] = []
        probe = state.fork()
        assert soft_play_cards(state, random.Random(index), 0.0, 1.0, False,
                               observe=recorder(steps))
        # Replay the same cards, asking at each step for the order and strong's card.
        for seat, legal, card in steps:
            trick = probe.trick
            strengths = TRICK_STRENGTHS[probe.trump][SUIT_OF[trick[0][1]]] if trick else ()
            best = max((strengths[c] for _, c in trick), default=-1)
            bid = probe.bids[seat]
            want = bid is not None and probe.tricks_won[seat] < bid
            tops = [-1] * 4
            for other, held in enumerate(probe.hands):
                if other != seat:
                    for c in held:
                        tops[SUIT_OF[c]] = max(tops[SUIT_OF[c]], c)
            order = preference_order(legal, len(trick), probe.players, want, strengths, best,
                                     tops, probe.trump)
            assert sorted(order) == sorted(legal)
            if len(legal) > 1:
                greedy: list[tuple[int, list[int], int]] = []
                play_cards(probe.fork(), random.Random(0), 0.0, observe=recorder(greedy))
                assert greedy[0][2] == order[0]
                ranks[order.index(card)] += 1
            probe.step(PLAYS[card])
    total = sum(ranks.values())
    assert total > 500
    # Rank 0 has weight 1, rank 1 weight e^-1: with 2 to 10 legal cards, rank 0 is drawn
    # 63% to 73% of the time and rank 1 23% to 27%.
    assert 0.60 < ranks[0] / total < 0.76
    assert 0.18 < ranks[1] / total < 0.30
    assert sum(n for r, n in ranks.items() if r >= 2) > 0


def test_pick_follows_the_weights_and_the_thresholds_agree() -> None:
    ratio = ratio_of(0.5)
    assert ratio == pytest.approx(math.exp(-2.0))
    thresholds = rank_thresholds(ratio)
    from bisect import bisect_right
    for count in (2, 5, 13):
        for step in range(1000):
            u = step / 1000
            assert pick(count, ratio, u) == bisect_right(thresholds[count], u)
    assert pick(4, 0.0, 0.999) == 0  # temperature 0: always the first
    rng = random.Random(3)
    counts = Counter(pick(3, 0.5, rng.random()) for _ in range(70_000))
    # weights 1, 0.5, 0.25 of 1.75
    assert counts[0] / 70_000 == pytest.approx(1 / 1.75, abs=0.01)
    assert counts[2] / 70_000 == pytest.approx(0.25 / 1.75, abs=0.01)


def test_known_masters_read_only_what_the_seat_could_know() -> None:
    hand = cards("K♠", "Q♥", "2♣")
    gone = played_mask([(0, [(0, int(Card.parse("A♥"))), (1, int(Card.parse("3♥")))], 0)], [])
    tops = known_tops(hand, gone)
    # A♠ unseen: K♠ is no master; A♥ played and Q♥ is below K♥, unseen: no master either.
    assert tops[int(Card.parse("A♠")) // 13] == int(Card.parse("A♠"))
    assert tops[int(Card.parse("K♥")) // 13] == int(Card.parse("K♥"))
    gone[int(Card.parse("A♠"))] = 1
    assert known_tops(hand, gone)[int(Card.parse("Q♠")) // 13] == int(Card.parse("Q♠"))


def test_soft_bids_stay_near_the_estimate() -> None:
    legal = [BIDS[b] for b in range(6)]
    assert soft_bid(legal, 2.4, 0.0, random.Random(1)) == BIDS[2]
    assert soft_bid(legal, 2.5, 0.0, random.Random(1)) == BIDS[2]  # the lower of two as near
    drawn = Counter(soft_bid(legal, 2.0, 0.5, random.Random(s)).tricks for s in range(2000))
    assert drawn[2] > drawn[1] > drawn[0] and drawn[1] + drawn[3] > 0


def test_a_game_it_does_not_play_goes_on_as_strongs_rollout() -> None:
    from whist.games.black_queen import BlackQueen
    for index, (state, seat, done) in enumerate(starts(BlackQueen, {}, 3, 10)):
        ours, theirs = state.fork(), state.fork()
        value = soft_rollout(ours, seat, done, 1.0, random.Random(index), EPSILON, 1.0, 0.0,
                             True)
        assert value == rollout(theirs, seat, done, 1.0, random.Random(index))


def test_the_engine_at_temperature_zero_is_strong() -> None:
    cases = list(decisions(DiminishingWhist, {"players": 4}, 9, 12))
    for index, (_game, obs, legal) in enumerate(cases):
        ours = Softmax(seed=index, iterations=60, temperature=0, fair_leads=False)
        theirs = StrongEngine(seed=index, iterations=60)
        assert ours.evaluate(obs, legal) == theirs.evaluate(obs, legal)


def test_the_engine_is_deterministic_and_plays_legal_actions() -> None:
    cases = list(decisions(DiminishingWhist, {"players": 4}, 17, 12))
    cases += list(decisions(OhHellScored, {"players": 4}, 19, 6))
    differs = 0
    for index, (_game, obs, legal) in enumerate(cases):
        first = Soft05(seed=index, iterations=80, bid_temperature=0.5)
        again = load_engine("bench.strong_variants:Soft05", DW, seed=index, iterations=80,
                            bid_temperature=0.5)
        assert first.choose(obs, legal) in legal
        assert first.evaluate(obs, legal) == again.evaluate(obs, legal)
        differs += StrongEngine(seed=index, iterations=80).evaluate(obs, legal) \
            != first.evaluate(obs, legal)
    assert differs > len(cases) // 2  # the temperature really changes the rollouts


@pytest.mark.parametrize("bad", [-0.1, math.nan, math.inf, "hot", True, None])
@pytest.mark.parametrize("name", ["temperature", "bid_temperature"])
def test_a_bad_temperature_is_refused(name: str, bad: Any) -> None:
    with pytest.raises(ValueError, match=f"^{name} must be a"):
        Softmax(iterations=10, **{name: bad})
    with pytest.raises(EngineError, match=name) as caught:
        load_engine("bench.strong_variants:Softmax", DW, iterations=10, **{name: bad})
    assert "\n" not in str(caught.value)


def test_it_does_not_mix_with_the_other_rollout_settings() -> None:
    with pytest.raises(ValueError, match="do not combine"):
        Softmax(iterations=10, endgame=3)
    with pytest.raises(ValueError, match="do not combine"):
        Softmax(iterations=10, fitted_bids=True)
    assert Softmax(iterations=10).temperature == 0.5 and Softmax(iterations=10).fair_leads

"""strong's end-game solver: the known best card in hand-made endings, exhaustive search agrees."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench.endgame import Solver, cards_of, mask_of, seat_values
from bench.strong_variants import HAND_SCORES, Endgame4, Tunable, solve_world
from whist.actions import Decision, Play
from whist.cards import Card
from whist.games.diminishing import DiminishingWhist, round_score


def _mask(*texts: str) -> int:
    return mask_of([int(Card.parse(t)) for t in texts])


def _dw_scorer(bids: list[int], weight: float = 0.5) -> Any:
    return lambda won: seat_values([round_score(b, t) for b, t in zip(bids, won, strict=True)],
                                   weight)


def test_takes_the_trick_with_the_card_that_keeps_the_next_one_lost() -> None:
    # Seat 3, last to play, bid 1 and has no trick yet; 10♠ J♠ 2♠ are on the trick. Q♠ wins
    # it cheaply (what the rollout policy plays) but then A♠ takes the last trick too: over.
    # A♠ wins it and Q♠ then loses to seat 0's K♠: exactly one.
    solver = Solver(4, None, _dw_scorer([0, 0, 0, 1]))
    hands = [_mask("K♠"), _mask("3♣"), _mask("4♣"), _mask("Q♠", "A♠")]
    trick = [(0, int(Card.parse("10♠"))), (1, int(Card.parse("J♠"))), (2, int(Card.parse("2♠")))]
    card, value = solver.best(hands, trick, 3, [0, 0, 0, 0])
    assert Card(card) == Card.parse("A♠")
    assert value == seat_values([0, 10, 10, 11], 0.5)  # seat 0 bid 0 and takes the K♠


def test_equivalent_cards_are_tried_once_but_not_across_a_live_card() -> None:
    own = _mask("9♠", "10♠", "Q♠", "3♥")
    live = own | _mask("J♠", "2♥")
    groups = Solver.distinct(own, own, live)
    assert [str(Card(c)) for c in groups] == ["3♥", "9♠", "Q♠"]
    # A card on the current trick keeps two cards apart (it is still to be beaten).
    assert len(Solver.distinct(_mask("9♠", "J♠"), _mask("9♠", "J♠"), _mask("9♠", "J♠", "10♠"))) == 2


def _random_ending(seed: int, cards_left: int, players: int = 4) -> DiminishingWhist:
    """A Diminishing Whist search state played at random until the mover holds cards_left."""
    rng = random.Random(seed)
    state = DiminishingWhist.search_type()({"players": players}, seed=seed)
    state.stop_after_hand = True
    while True:
        mover = state.to_move
        if state.decision is Decision.CARD and mover is not None \
                and len(state.hands[mover]) <= cards_left \
                and (rng.random() < 0.5 or not state.trick):
            return state
        legal = state.legal_actions()
        state.step(legal[rng.randrange(len(legal))])


def _exhaustive(state: DiminishingWhist, weight: float) -> tuple[float, ...]:
    """max^n by the protocol alone: legal_actions and step on forks, every card, no table."""
    if state.hand_over:
        scores = state.hand_scores[-1]
        return seat_values(scores, weight)
    mover = state.to_move
    assert mover is not None
    best: tuple[float, ...] | None = None
    for action in sorted(state.legal_actions(), key=lambda a: a.card):  # type: ignore[union-attr]
        child = state.fork()
        child.step(action)
        value = _exhaustive(child, weight)
        if best is None or value[mover] > best[mover]:
            best = value
    assert best is not None
    return best


@pytest.mark.parametrize("seed", range(40))
def test_agrees_with_exhaustive_search_on_small_random_endings(seed: int) -> None:
    state = _random_ending(seed, 1 + seed % 3, players=4 + seed % 2)
    weight = (0.0, 0.5, 1.0)[seed % 3]
    assert solve_world(state.fork(), weight) == pytest.approx(_exhaustive(state, weight))


@pytest.mark.parametrize("seed", range(60))
def test_legal_cards_are_the_protocols(seed: int) -> None:
    state = _random_ending(seed, 1 + seed % 10)
    mover = state.to_move
    assert mover is not None
    legal = Solver.legal_cards(mask_of(state.hands[mover]), state.trick)
    assert sorted(cards_of(legal)) == sorted(a.card for a in state.legal_actions()
                                             if isinstance(a, Play))


def test_the_solver_is_a_setting_of_the_bench_variant() -> None:
    from engines.interface import EngineError
    from engines.levels import load_engine
    assert "diminishing-whist" in HAND_SCORES
    variant = load_engine("bench.strong_variants:Endgame4", "diminishing-whist", iterations=10)
    assert isinstance(variant, Endgame4) and variant.endgame == 4
    assert Tunable(iterations=10, endgame=2).endgame == 2
    assert Tunable(iterations=10).endgame == 0  # off by default
    with pytest.raises(EngineError, match="unknown setting 'endgame'"):
        load_engine("strong", "diminishing-whist", iterations=10, endgame=2)  # not strong's


def test_strong_with_the_solver_plays_legal_endings() -> None:
    for seed in range(6):
        state = _random_ending(seed, 3)
        mover = state.to_move
        assert mover is not None
        legal = state.legal_actions()
        engine = Tunable(seed=seed, iterations=30, endgame=4)
        assert engine.choose(state.observe(mover), legal) in legal

"""engines/fast_rollout.py against the reference: the same rollouts, the protocol's legal cards.

Diminishing Whist (4 and 5 players, and scored as oh_hell), Bidding Whist, 9-5-2 and Classic
Whist (4 players to 24, and 3 to 5, so games end in mid-hand too; with the rules not enforced it is left to
the reference loop).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

import engines.strong as strong
from engines.fast_rollout import Observer, handles, play_cards
from engines.strong import EPSILON, StrongEngine, rollout
from whist.actions import PLAYS, Action, Decision
from whist.cards import Card
from whist.games.bidding import BiddingWhist
from whist.games.classic import ClassicWhist
from whist.games.diminishing import DiminishingWhist
from whist.games.nine_five_two import NineFiveTwo
from whist.tricks import TrickGame


class OhHellScored(DiminishingWhist):
    """Scored as OpenSpiel's oh_hell (as bench/ismcts_match.py's world class): tricks, +10 exact."""

    def score_hand(self) -> None:
        self._close_hand([t + (10 if b == t else 0)
                          for b, t in zip(self.bids, self.tricks_won, strict=True)])


class OtherStep(DiminishingWhist):
    """A variant whose step is its own: the fast path must leave it to the reference loop."""

    def _do(self, action: Action) -> None:
        super()._do(action)


class OtherPlay(BiddingWhist):
    """A variant whose trick play is its own: left to the reference loop too."""

    def play_card(self, seat: int, card: Card) -> int | None:
        return super().play_card(seat, card)


#: The games and options the fast path plays, each with the seeds of its random games.
GAMES: list[tuple[type[TrickGame], dict[str, Any]]] = [
    (DiminishingWhist, {"players": 4}),
    (DiminishingWhist, {"players": 5}),
    (BiddingWhist, {"hands": 3}),
    (BiddingWhist, {"hands": 2, "on_all_skip": "no_trump"}),
    (NineFiveTwo, {}),
    (ClassicWhist, {}),
    (ClassicWhist, {"winning_score": 5, "players": 3}),
]


def decisions(cls: type[TrickGame], options: dict[str, Any], seed: int, count: int
              ) -> Iterator[tuple[TrickGame, Any, list[Action]]]:
    """``count`` (game, observation, legal) at random decisions of random games: every round
    or hand, bids and cards, the first card of a trick and later ones."""
    rng = random.Random(seed)
    found = 0
    deal = seed * 1000
    while found < count:
        game = cls(options, seed=deal)
        while not game.over and found < count:
            legal = game.legal_actions()
            if rng.random() < 0.2:
                seat = game.to_move
                assert seat is not None
                yield game, game.observe(seat), legal
                found += 1
            game.apply(legal[rng.randrange(len(legal))])
        deal += 1


def recorder(steps: list[tuple[int, list[int], int]]) -> Observer:
    """An observer noting each (seat, legal cards, card played) in ``steps``."""
    def note(seat: int, legal: Sequence[int], card: int) -> None:
        steps.append((seat, list(legal), card))
    return note


def starts(cls: type[TrickGame], options: dict[str, Any], seed: int, count: int
           ) -> Iterator[tuple[TrickGame, int, int]]:
    """Rollout starts as strong makes them: a sampled world (or the real deal), an action stepped."""
    rng = random.Random(seed + 1)
    for index, (game, obs, legal) in enumerate(decisions(cls, options, seed, count)):
        world = cls.sample_world(obs, rng) if index % 2 else game.search_copy()
        world.stop_after_hand = True
        world.step(legal[rng.randrange(len(legal))])
        yield world, obs["seat"], len(obs["hand_scores"])


def both(state: TrickGame, seat: int, done: int, seed: int,
         monkeypatch: pytest.MonkeyPatch, **options: float) -> tuple[TrickGame, ...]:
    """Roll ``state`` out on a fork each way with equal generators; assert everything agrees."""
    results = []
    for fast in (False, True):
        monkeypatch.setattr(strong, "FAST_ROLLOUTS", fast)
        fork = state.fork()
        rng = random.Random(seed)
        value = rollout(fork, seat, done, rng=rng, **options)  # type: ignore[arg-type]
        results.append((fork, value, rng.getstate()))
    (slow, slow_value, slow_rng), (fast_state, fast_value, fast_rng) = results
    assert fast_value == slow_value
    assert fast_rng == slow_rng  # the same random draws, no more, no fewer
    assert fast_state.tricks == slow.tricks  # every card, every trick's winner
    assert fast_state.tricks_won == slow.tricks_won
    assert fast_state.hand_scores == slow.hand_scores
    assert fast_state.trick == slow.trick and fast_state.hands == slow.hands
    assert (fast_state.to_move, fast_state.decision, fast_state.hand_over) \
        == (slow.to_move, slow.decision, slow.hand_over)
    return slow, fast_state


@pytest.mark.parametrize(("cls", "options"), GAMES)
def test_rollouts_equal_the_reference(cls: type[TrickGame], options: dict[str, Any],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    for index, (state, seat, done) in enumerate(starts(cls, options, 5, 300)):
        assert handles(state)
        both(state, seat, done, index, monkeypatch, weight=0.5)


@pytest.mark.parametrize("options", [{"weight": 0.0}, {"weight": 1.0, "full_hand": True},
                                     {"weight": 0.5, "epsilon": 0.0}, {"weight": 0.5, "epsilon": 0.3}])
def test_rollouts_equal_the_reference_with_options(options: dict[str, float],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    for cls, game_options in GAMES:
        for index, (state, seat, done) in enumerate(starts(cls, game_options, 7, 40)):
            both(state, seat, done, index, monkeypatch, **options)


def test_a_variant_scored_otherwise_is_played_fast_and_scored_by_its_own_rule(
        monkeypatch: pytest.MonkeyPatch) -> None:
    search = OhHellScored.search_type()
    for index, (state, seat, done) in enumerate(starts(OhHellScored, {"players": 4}, 11, 60)):
        assert type(state) is search and handles(state)
        slow, fast = both(state, seat, done, index, monkeypatch, weight=0.0)
        assert isinstance(fast, OhHellScored)
        if len(fast.hand_scores) > done:
            bids, won = fast.bids, fast.tricks_won
            assert fast.hand_scores[done] == [t + (10 if b == t else 0)
                                              for b, t in zip(bids, won, strict=True)]


@pytest.mark.parametrize("cls", [OtherStep, OtherPlay])
def test_a_state_it_does_not_know_is_left_to_the_reference(
        cls: type[TrickGame], monkeypatch: pytest.MonkeyPatch) -> None:
    for index, (state, seat, done) in enumerate(starts(cls, {}, 13, 30)):
        assert not handles(state)
        if state.decision is Decision.CARD:
            before = state.fork()
            assert not play_cards(state, random.Random(0), EPSILON)
            assert state.__dict__ == before.__dict__  # untouched
        both(state, seat, done, index, monkeypatch, weight=0.5)


def test_classic_whist_without_following_enforced_is_left_to_the_reference(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for index, (state, seat, done) in enumerate(
            starts(ClassicWhist, {"enforce_rules": False}, 17, 30)):
        assert not handles(state)
        both(state, seat, done, index, monkeypatch, weight=1.0)


def test_a_classic_whist_game_won_in_mid_hand_ends_there(monkeypatch: pytest.MonkeyPatch) -> None:
    in_mid_hand = 0
    for index, (state, seat, done) in enumerate(
            starts(ClassicWhist, {"winning_score": 5, "players": 3}, 19, 60)):
        _, fast = both(state, seat, done, index, monkeypatch, weight=1.0)
        if fast.over:
            assert max(fast.totals) == 5
            in_mid_hand += len(fast.tricks) < fast.cards
    assert in_mid_hand > 5


@pytest.mark.parametrize(("cls", "options"), GAMES)
def test_each_card_is_one_the_protocol_allows(cls: type[TrickGame],
                                              options: dict[str, Any]) -> None:
    """At every step the fast path's legal cards are legal_actions(), in its order."""
    checked = 0
    for index, (state, _seat, _done) in enumerate(starts(cls, options, 21, 200)):
        if state.decision is not Decision.CARD:
            continue
        replay = state.fork()
        steps: list[tuple[int, list[int], int]] = []
        assert play_cards(state, random.Random(index), EPSILON, observe=recorder(steps))
        for seat, legal, card in steps:
            assert replay.to_move == seat and replay.decision is Decision.CARD
            assert [PLAYS[c] for c in legal] == replay.legal_actions()
            assert card in legal and replay.why_illegal(PLAYS[card]) is None
            replay.step(PLAYS[card])
            checked += 1
        assert replay.hand_over and (replay.over or not state.hands[0])
        assert replay.tricks == state.tricks and replay.tricks_won == state.tricks_won
        assert replay.hand_scores == state.hand_scores
    assert checked > 1000


@pytest.mark.parametrize(("cls", "world_class", "count"),
                         [(DiminishingWhist, None, 15), (DiminishingWhist, OhHellScored, 5),
                          (BiddingWhist, None, 8), (NineFiveTwo, None, 12),
                          (ClassicWhist, None, 8)])
def test_strong_decides_the_same_with_and_without_it(
        cls: type[TrickGame], world_class: type[TrickGame] | None, count: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    options = [(game, game_options) for game, game_options in GAMES if game is cls]
    cases = [case for game, game_options in options
             for case in decisions(game, game_options, 3, count)]
    for index, (_game, obs, legal) in enumerate(cases):
        answers = []
        for fast in (False, True):
            monkeypatch.setattr(strong, "FAST_ROLLOUTS", fast)
            engine = StrongEngine(seed=index, iterations=200, world_class=world_class)
            answers.append((engine.evaluate(obs, legal), engine.last_stats["rollouts"]))
        assert answers[0] == answers[1]


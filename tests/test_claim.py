"""Claims: provable from the claimer's own knowledge, and scored as any continuation would be."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from whist.actions import Decision
from whist.cards import Card
from whist.claim import can_claim, claim, claim_problem, others_cards, own_cards
from whist.games import GAME_NAMES, game_class, new_game
from whist.protocol import GameState, IllegalAction
from whist.records import replay

PROPERTY = settings(deadline=None, derandomize=True, database=None, max_examples=120,
                    suppress_health_check=[HealthCheck.too_slow])


def claimable(game: str, seed: int, skip: int) -> GameState | None:
    """A game played at random until, after ``skip`` card decisions, a seat to play can claim."""
    state = new_game(game, None, seed=seed)
    rng = random.Random(seed)
    seen = 0
    while not state.over:
        if state.decision is Decision.CARD:
            seen += 1
            if seen > skip and state.to_move is not None and can_claim(state, state.to_move):
                return state
        state.apply(rng.choice(state.legal_actions()))
    return None


def outcome(state: GameState) -> tuple[Any, ...]:
    """Everything a hand's end decides: totals, the score rows, tricks and cards taken."""
    return (state.over, list(state.totals), [list(r) for r in state.hand_scores],
            list(getattr(state, "tricks_won", [])), list(getattr(state, "points", [])),
            list(getattr(state, "taken", [])))


def random_finish(state: GameState, rng: random.Random) -> tuple[Any, ...]:
    """The outcome of the hand in play finished by random legal plays (on a copy)."""
    copy = state.copy()
    copy.stop_after_hand = True
    while not copy.hand_over:
        copy.apply(rng.choice(copy.legal_actions()))
    return outcome(copy)


@PROPERTY
@given(game=st.sampled_from(GAME_NAMES), seed=st.integers(0, 10_000),
       skip=st.integers(0, 60), finish=st.integers(0, 2**32))
def test_a_claimed_hand_scores_as_any_continuation(game: str, seed: int, skip: int,
                                                   finish: int) -> None:
    state = claimable(game, seed, skip)
    if state is None:
        return
    seat = state.to_move
    assert seat is not None
    rng = random.Random(finish)
    outcomes = {repr(random_finish(state, rng)) for _ in range(8)}
    assert len(outcomes) == 1
    held = state.copy()
    held.stop_after_hand = True
    tricks_before = list(held.tricks_won)  # type: ignore[attr-defined]
    left = len(own_cards(held, seat))  # type: ignore[arg-type]
    claim(held, seat)
    assert {repr(outcome(held))} == outcomes
    # Every trick still to play was taken (unless a Classic Whist game ended first).
    gained = [a - b for a, b in zip(held.tricks_won, tricks_before, strict=True)]  # type: ignore[attr-defined]
    assert sum(gained) == left or held.over


@PROPERTY
@given(game=st.sampled_from(GAME_NAMES), seed=st.integers(0, 10_000),
       moves=st.integers(0, 200), world=st.integers(0, 2**32))
def test_whether_a_seat_may_claim_depends_only_on_what_it_knows(game: str, seed: int,
                                                                moves: int, world: int) -> None:
    """The same answer in any deal of the hidden cards the seat's observation allows."""
    state = new_game(game, None, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.over:
            return
        state.apply(rng.choice(state.legal_actions()))
    if state.decision is not Decision.CARD or state.to_move is None:
        return
    seat = state.to_move
    sampled = type(state).sample_world(state.observe(seat), random.Random(world))
    assert claim_problem(sampled, seat) == claim_problem(state, seat)


def test_a_claim_is_an_ordinary_record_that_replays() -> None:
    for game in GAME_NAMES:
        for seed in range(200):
            state = claimable(game, seed, 0)
            if state is not None:
                break
        assert state is not None, game
        seat = state.to_move
        assert seat is not None
        before = sum(len(h["actions"]) for h in state.record()["hands"])
        events = claim(state, seat)
        record = state.record()
        assert sum(len(h["actions"]) for h in record["hands"]) > before
        assert events
        assert replay(record).record()["hands"] == record["hands"]


def test_an_unprovable_claim_is_refused_in_words_and_changes_nothing() -> None:
    state = new_game("diminishing-whist", None, seed=3)
    rng = random.Random(3)
    while state.decision is not Decision.CARD:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move
    assert seat is not None
    record = state.record()
    with pytest.raises(IllegalAction, match="not yours") as refused:
        claim(state, seat)
    assert refused.value.code == "not-provable"
    assert state.record() == record
    with pytest.raises(IllegalAction, match="your turn") as wrong:
        claim(state, (seat + 1) % state.players)
    assert wrong.value.code == "not-your-turn"


def test_no_claim_while_bidding_or_after_the_game() -> None:
    state = new_game("diminishing-whist", None, seed=1)
    assert state.decision is Decision.BID
    assert claim_problem(state, state.to_move or 0) is not None
    assert "during the play" in str(claim_problem(state, state.to_move or 0))
    over = new_game("classic-whist", {"players": 2, "cards": 1, "winning_score": 1}, seed=1)
    over.apply(over.legal_actions()[0])
    over.apply(over.legal_actions()[0])
    assert over.over
    assert claim_problem(over, 0) == "the game is over"


def test_the_search_proves_a_last_trick_but_not_an_open_lead() -> None:
    """One card each: the leader cannot know the trick; the last to play always can."""
    cls = game_class("classic-whist")
    for seed in range(30):
        state = cls({"players": 2, "cards": 1, "winning_score": 5}, seed=seed)
        leader = state.to_move
        assert leader is not None
        lead = state.legal_actions()[0].card  # type: ignore[attr-defined]
        # Unless the lead is the trump ace, some unseen card beats it and some does not.
        trump = state.trump  # type: ignore[attr-defined]
        if trump is None or lead != Card.of(trump, 14):
            assert claim_problem(state, leader) is not None
        state.apply(state.legal_actions()[0])
        follower = state.to_move
        assert follower is not None
        assert claim_problem(state, follower) is None
        expected = random_finish(state, random.Random(seed))
        claim(state, follower)
        assert outcome(state)[:3] == expected[:3]


def test_with_several_decks_the_unseen_copy_of_a_card_can_beat_it() -> None:
    """A card equal to one another seat may hold is no master: the later copy would win."""
    state = new_game("black-queen", {"players": 6}, seed=2)
    assert state.multi_deck  # type: ignore[attr-defined]
    seat = state.to_move
    assert seat is not None
    mine = own_cards(state, seat)  # type: ignore[arg-type]
    others = others_cards(state, mine)  # type: ignore[arg-type]
    assert state.players == 6
    for card in set(mine):
        # Three decks: every copy the seat does not hold might be played against it.
        assert others.count(card) == 3 - mine.count(card)


@pytest.mark.parametrize("game, seed, moves", [("black-queen", 1056, 56), ("black-queen", 1022, 22),
                                               ("classic-whist", 5, 5), ("nine-five-two", 7, 7)])
def test_every_claim_along_a_game_scores_and_takes_tricks_as_any_continuation(
        game: str, seed: int, moves: int) -> None:
    """Found by a longer run: Black Queen tricks without penalty cards still count."""
    state = new_game(game, None, seed=seed)
    rng = random.Random(moves)
    claims = 0
    while not state.over:
        seat = state.to_move
        if state.decision is Decision.CARD and seat is not None and can_claim(state, seat):
            claims += 1
            outcomes = {repr(random_finish(state, random.Random(k))) for k in range(6)}
            held = state.copy()
            held.stop_after_hand = True
            claim(held, seat)
            assert outcomes == {repr(outcome(held))}
        state.apply(rng.choice(state.legal_actions()))
    assert claims

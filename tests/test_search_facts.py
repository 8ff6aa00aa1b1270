"""What search needs from the core (issue 22): public, and the rules' own.

The search facts of each game (``wants_tricks``, ``card_points``, ``cards_to_give``,
``card_copies``, ``cards_gone``, Black Queen's ``search_plays``), the one constructor
of a sampled world (``GameState.search_world``), and the public play path an engine
binds (``legal_plays``, ``play_card``, ``score_hand``, ``recording_events``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from whist.actions import Decision, Play
from whist.cards import Card
from whist.games import GAME_NAMES, game_class
from whist.games.black_queen import PENALTY, BlackQueen
from whist.games.diminishing import DiminishingWhist
from whist.games.nine_five_two import NineFiveTwo
from whist.protocol import GameState
from whist.tricks import TrickGame, unique_actions


def _card(text: str) -> Card:
    return Card.parse(text)


def _play_until(state: GameState, done: Any, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not done(state):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def test_cards_gone_are_the_seats_own_and_the_completed_tricks_not_the_trick_in_play() -> None:
    game = DiminishingWhist({"players": 4}, seed=3)
    _play_until(game, lambda s: len(s.tricks) == 2 and len(s.trick) == 2)
    obs = game.observe(game.to_move)
    gone = DiminishingWhist.cards_gone(obs)
    expected = [0] * 52
    for text in obs["hand"]:
        expected[_card(text)] += 1
    for trick in obs["tricks"]:
        for _, text in trick["plays"]:
            expected[_card(text)] += 1
    assert gone == expected
    assert sum(gone) == len(obs["hand"]) + 8
    assert all(gone[_card(text)] == 0 for _, text in obs["trick"])
    assert DiminishingWhist.card_copies(obs) == [1] * 52


def test_black_queen_counts_its_face_up_row_and_the_pack_it_was_dealt() -> None:
    game = BlackQueen({"players": 3}, seed=1)
    obs = game.observe(0)
    own_up = [c for c in obs["up"][0] if c is not None]
    assert own_up
    gone = BlackQueen.cards_gone(obs)
    assert sum(gone) == len(obs["hand"]) + len(own_up)
    assert all(gone[_card(c)] >= 1 for c in own_up)
    copies = BlackQueen.card_copies(game.observe(0))
    assert copies[_card("2♦")] == 0 and sum(copies) == 51  # three players: 2♦ out
    assert sum(BlackQueen.card_copies(BlackQueen({"players": 4}, seed=1).observe(0))) == 104


def test_black_queens_search_plays_are_its_legal_plays_with_repeats() -> None:
    rng = random.Random(5)
    repeats = 0
    for deal in range(12):
        game = BlackQueen({"players": 4}, seed=deal)
        while not game.over and len(game.hands_log) == 1:
            seat = game.to_move
            assert seat is not None
            plays = game.search_plays(seat)
            assert game.legal_actions() == unique_actions(plays)
            repeats += len(plays) - len(set(plays))
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    assert repeats  # two decks: a hand held equal cards somewhere


def test_wants_tricks_reads_the_games_scoring() -> None:
    game = DiminishingWhist({"players": 4}, seed=2)
    assert not game.wants_tricks(0)  # no bid yet
    _play_until(game, lambda s: s.decision is Decision.CARD)
    for seat, bid in enumerate(game.bids):
        assert game.wants_tricks(seat) == (bid is not None and bid > 0)
    queen = BlackQueen({"players": 4}, seed=2)
    assert not any(queen.wants_tricks(seat) for seat in range(4))
    assert BlackQueen.card_points == PENALTY and DiminishingWhist.card_points == (0,) * 52
    classic = game_class("classic-whist")({}, seed=2)
    assert isinstance(classic, TrickGame) and classic.wants_tricks(0)


def test_cards_to_give_is_the_pending_pass_or_discard() -> None:
    for seed in range(6):
        game = NineFiveTwo({}, seed=seed)
        rng = random.Random(seed)
        while not game.over and len(game.hands_log) < 3:
            counts = {Decision.PASS: game.choose_count(), Decision.DISCARD: 4}
            assert game.cards_to_give() == counts.get(game.decision)
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    assert DiminishingWhist({"players": 4}, seed=0).cards_to_give() is None


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_sampled_world_is_a_fresh_search_state(name: str) -> None:
    cls = game_class(name)
    game = cls({}, seed=4)
    _play_until(game, lambda s: len(s.hands_log[-1]["actions"]) >= 6, seed=4)
    obs = game.observe(game.to_move)
    world = cls.sample_world(obs, random.Random(1))
    assert type(world) is cls.search_type() and world.is_search_copy
    assert not world.can_undo and not world.recording_events
    assert world.hand_number == game.hand_number
    assert world.legal_actions() == game.legal_actions()
    assert world.observe(obs["seat"]) == obs


def test_search_world_fills_the_bookkeeping_and_keeps_the_fields_given() -> None:
    world = DiminishingWhist.search_world({"options": {"players": 4}, "players": 4}, hands=3,
                                          deal_seed=9)
    assert type(world) is DiminishingWhist.search_type()
    assert world.options == {"players": 4} and world.players == 4
    assert world.hands_log == [{"deal": None, "actions": []}] * 3
    # The generator of a later deal comes from deal_seed, made only when it is needed.
    assert world.chance_state() == DiminishingWhist.search_world(
        {"options": {}}, hands=1, deal_seed=9).chance_state()
    assert world.chance_state() != DiminishingWhist.search_world(
        {"options": {}}, hands=1, deal_seed=8).chance_state()


def test_the_public_play_path_scores_a_hand_as_step_does() -> None:
    game = DiminishingWhist({"players": 4}, seed=6)
    _play_until(game, lambda s: s.decision is Decision.CARD and len(s.tricks) == s.cards - 1
                and len(s.trick) == 3, seed=6)
    by_step = game.search_copy()
    by_parts = game.search_copy()
    seat = by_step.to_move
    assert seat is not None
    (last,) = by_step.legal_plays(seat)
    assert isinstance(last, Play)
    by_step.step(last)
    assert by_parts.play_card(seat, last.card) is not None
    by_parts.score_hand()
    assert by_parts.hand_scores == by_step.hand_scores
    assert by_parts.totals == by_step.totals

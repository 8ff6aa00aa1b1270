"""The rules core's fast paths: stopping at the end of a hand, dealing from a given
generator, the spelled-out shuffle, cheap copies and lazily seeded sampled worlds."""

from __future__ import annotations

import random
from typing import Any

import pytest

from whist.actions import SKIP, Action
from whist.dealing import shuffle
from whist.games import GAME_CLASSES, game_class, new_game
from whist.games.diminishing import DiminishingWhist
from whist.protocol import GameState, IllegalAction, _clone

#: Enough actions for any one hand of any game (9-5-2's 16 tricks of 3 plus exchanges).
MAX_HAND_ACTIONS = 400


def play_hand(state: GameState, rng: random.Random) -> list[Action]:
    """Random legal actions (step on a search copy, else apply) until the state stops."""
    taken: list[Action] = []
    act = state.step if state.is_search_copy else state.apply
    for _ in range(MAX_HAND_ACTIONS):
        if state.hand_over:
            return taken
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        act(action)
        taken.append(action)
    raise AssertionError("the hand did not end")


def test_stop_after_hand_holds_diminishing_whist_after_round_one() -> None:
    state = DiminishingWhist({"players": 4}, seed=3, stop_after_hand=True)
    assert not state.hand_over and state.to_move == 0 and state.round == 0
    actions = play_hand(state, random.Random(3))
    assert len(actions) == 44  # 4 bids, 40 cards
    assert state.hand_over and not state.over
    assert state.to_move is None and state.decision is None
    assert state.legal_actions() == []
    assert state.round == 0 and len(state.hands_log) == 1 and len(state.hand_scores) == 1
    assert state.totals == state.hand_scores[0]
    assert sum(state.tricks_won) == 10 and all(h == [] for h in state.hands)
    with pytest.raises(IllegalAction, match="the hand is over"):
        state.apply(actions[0])
    with pytest.raises(IllegalAction, match="the hand is over"):
        state.apply_text("2")


def test_a_stopped_hand_scores_as_the_game_would_and_deals_on_the_same_cards() -> None:
    stopped = DiminishingWhist({"players": 5}, seed=11, stop_after_hand=True)
    actions = play_hand(stopped, random.Random(5))
    running = DiminishingWhist({"players": 5}, seed=11)
    for action in actions:
        running.apply(action)
    assert running.round == 1 and not running.hand_over
    assert running.hand_scores == stopped.hand_scores and running.totals == stopped.totals
    stopped.deal_next()
    assert not stopped.hand_over and stopped.round == 1 and stopped.cards == 9
    assert stopped.hands == running.hands and stopped.to_move == running.to_move == 1
    assert stopped.hands_log == running.hands_log[:2]
    # Still stopping: round 2 ends held too.
    play_hand(stopped, random.Random(6))
    assert stopped.hand_over and stopped.round == 1 and len(stopped.hand_scores) == 2


def test_deal_next_needs_a_held_hand_and_the_last_hand_ends_the_game() -> None:
    state = DiminishingWhist({"players": 4}, seed=2, stop_after_hand=True)
    with pytest.raises(IllegalAction):
        state.deal_next()
    rng = random.Random(2)
    for round_number in range(10):
        play_hand(state, rng)
        assert state.hand_over and len(state.hand_scores) == round_number + 1
        if round_number < 9:
            assert not state.over
            state.deal_next()
    assert state.over and state.hand_over and state.round == 9
    with pytest.raises(IllegalAction):
        state.deal_next()
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply_text("1")


def test_undo_takes_back_the_card_that_ended_a_held_hand() -> None:
    state = DiminishingWhist({"players": 4}, seed=8, stop_after_hand=True)
    rng = random.Random(8)
    while True:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        last_card = len(state.tricks) == 9 and len(state.trick) == 3
        seat = state.to_move
        state.apply(action)
        if last_card:
            break
    assert state.hand_over and state.hand_scores
    state.undo()
    assert not state.hand_over and state.to_move == seat and state.hand_scores == []
    assert state.legal_actions() == [action]
    state.apply(action)
    assert state.hand_over


@pytest.mark.parametrize("name", list(GAME_CLASSES))
def test_every_game_stops_after_one_hand(name: str) -> None:
    for seed in range(3):
        state = new_game(name, None, seed=seed).search_copy()
        state.stop_after_hand = True
        actions = play_hand(state, random.Random(seed))
        assert state.to_move is None and state.decision is None
        assert state.legal_actions() == []
        assert len(state.hands_log) == 1
        # Played without the stop, the game scores that hand the same and deals on.
        running = new_game(name, None, seed=seed)
        for action in actions:
            running.apply(action)
        assert running.hand_scores == state.hand_scores
        assert running.over or len(running.hands_log) == 2
        assert state.over == running.over


def test_bidding_whist_redeal_is_held_too() -> None:
    # When everybody skips and the rule is to redeal, the abandoned deal is a hand
    # without a score: a held state stops there instead of dealing again.
    state = game_class("bidding-whist")({"on_all_skip": "redeal"}, seed=1, stop_after_hand=True)
    for _ in range(4):
        assert SKIP in state.legal_actions()
        state.apply(SKIP)
    assert state.hand_over and not state.over and state.hand_scores == []
    assert len(state.hands_log) == 1 and state.to_move is None
    state.deal_next()
    assert len(state.hands_log) == 2 and state.to_move is not None and not state.hand_over


def test_a_game_dealt_from_a_given_generator_uses_it_in_place() -> None:
    seeded = DiminishingWhist({"players": 4}, seed=21)
    rng = random.Random(21)
    shared = DiminishingWhist({"players": 4}, rng=rng)
    assert shared.hands == seeded.hands and shared.hands_log == seeded.hands_log
    # The deal was drawn from rng itself: it has moved on exactly one shuffle.
    probe = random.Random(21)
    probe.shuffle(list(range(52)))
    assert rng.random() == probe.random()


@pytest.mark.parametrize("length", [0, 1, 2, 3, 13, 52, 64, 104])
def test_shuffle_matches_random_shuffle_draw_for_draw(length: int) -> None:
    for seed in range(25):
        expected = list(range(length))
        reference = random.Random(seed)
        reference.shuffle(expected)
        got = list(range(length))
        rng = random.Random(seed)
        shuffle(got, rng)
        assert got == expected
        assert rng.getrandbits(32) == reference.getrandbits(32)


def test_shuffle_leaves_other_generators_to_their_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: Any) -> None:
            x.reverse()

    cards = [1, 2, 3]
    shuffle(cards, Reversing(0))
    assert cards == [3, 2, 1]


def test_clone_copies_every_list_and_dict_level() -> None:
    inner = [1, 2]
    value: dict[str, Any] = {"a": [inner, (3, [4])], "b": [5, "x", None], "c": {"d": inner}}
    copied = _clone(value)
    assert copied == value
    assert copied["b"] is not value["b"] and copied["a"][0] is not inner
    assert copied["c"]["d"] is not inner
    copied["a"][0].append(9)
    assert inner == [1, 2]
    # Tuples are immutable containers: shared, as before.
    assert copied["a"][1] is value["a"][1]


def test_copy_is_independent_and_deals_the_same_later() -> None:
    state = DiminishingWhist({"players": 4}, seed=4)
    rng = random.Random(4)
    for _ in range(30):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    twin = state.copy()
    assert isinstance(twin, DiminishingWhist)
    assert twin.hands == state.hands and twin.hands is not state.hands
    assert twin.hands[0] is not state.hands[0] and twin.trick is not state.trick
    moves = random.Random(7)
    for game in (state, twin):
        moves.seed(7)
        while game.round == 0:
            legal = game.legal_actions()
            game.apply(legal[moves.randrange(len(legal))])
    assert twin.hands == state.hands and twin.totals == state.totals


def test_sampled_world_seeds_its_later_deals_only_when_it_deals() -> None:
    state = DiminishingWhist({"players": 4}, seed=6)
    obs = state.observe(0)
    world = DiminishingWhist.sample_world(obs, random.Random(1))
    assert world._rng is None and not world.hand_over
    twin = world.copy()
    assert isinstance(twin, DiminishingWhist)
    assert twin._rng is None and twin._rng_seed == world._rng_seed
    moves = random.Random(3)
    for game in (world, twin):
        moves.seed(3)
        while game.round == 0:
            legal = game.legal_actions()
            game.apply(legal[moves.randrange(len(legal))])
    assert world._rng is not None and world.hands == twin.hands
    # The same seed drawn from the same caller's generator gives the same round 2.
    again = DiminishingWhist.sample_world(obs, random.Random(1))
    again.stop_after_hand = True
    moves.seed(3)
    play_hand(again, moves)
    assert again.hand_over and again.hand_scores == world.hand_scores
    again.deal_next()
    assert again.hands == world.hands


def test_card_names_read_in_one_lookup_are_what_the_full_reading_gives(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from whist import cards
    table = dict(cards._BY_NAME)
    assert len(table) == 104
    monkeypatch.setattr(cards, "_BY_NAME", {})  # the full reading only
    for name, card in table.items():
        assert cards.Card.parse(name) is card


def test_constrained_deals_draw_as_randrange_would() -> None:
    """The dealer's spelled-out randrange (random.Random) against the generator's own
    (a subclass takes it): the same deals and the same draws left."""
    from whist.sampling import _FAST_RANDRANGE_OK, deal_constrained

    class Own(random.Random):
        pass

    assert _FAST_RANDRANGE_OK
    for seed in range(60):
        setup = random.Random(seed)
        pool = setup.sample(range(52), setup.randrange(8, 40))
        room = [0] * setup.randrange(2, 6)
        for _ in range(len(pool) - setup.randrange(0, 4)):
            room[setup.randrange(len(room))] += 1
        allowed = {c: sorted(setup.sample(range(len(room)), setup.randrange(1, len(room) + 1)))
                   for c in pool}
        deals = []
        for rng in (random.Random(seed), Own(seed)):
            deals.append((deal_constrained(pool, room, allowed, rng), rng.getrandbits(32)))
        assert deals[0] == deals[1]

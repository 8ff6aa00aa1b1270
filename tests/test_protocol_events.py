"""The protocol's contracts: apply says what happened, reasons carry codes, search copies step."""

from __future__ import annotations

import pickle
import random

import pytest

from whist.actions import BIDS, SKIP, Bid
from whist.events import Acted, GameOver, HandDealt, HandScored, Redeal, TrickTaken
from whist.games import GAME_NAMES, game_class, new_game
from whist.games.classic import ClassicWhist
from whist.games.diminishing import DiminishingWhist
from whist.protocol import IllegalAction
from whist.trick_rule import trick_winner

#: Round 1 of Diminishing Whist is played with hearts as trump.
HEARTS = 2


def test_apply_reports_the_trick_the_hand_and_the_next_deal() -> None:
    state = DiminishingWhist({"players": 4}, seed=5)
    rng = random.Random(5)
    tricks: list[TrickTaken] = []
    scored: list[HandScored] = []
    dealt: list[HandDealt] = []
    while state.hand_number == 0:
        seat = state.to_move
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        trick_before = list(state.trick)
        events = state.apply(action)
        assert events[0] == Acted(seat, action)  # type: ignore[arg-type]
        for event in events[1:]:
            if isinstance(event, TrickTaken):
                plays = (*trick_before, (seat, action.card))  # type: ignore[union-attr]
                assert event.plays == plays
                assert event.winner == plays[trick_winner(list(plays), HEARTS)][0]
                tricks.append(event)
            elif isinstance(event, HandScored):
                scored.append(event)
            elif isinstance(event, HandDealt):
                dealt.append(event)
    assert len(tricks) == 10
    assert [e.leader for e in tricks[1:]] == [e.winner for e in tricks[:-1]]
    assert len(scored) == 1 and scored[0].scores == tuple(state.hand_scores[0])
    assert scored[0].totals == tuple(state.totals) and sum(scored[0].tricks) == 10
    bids = scored[0].targets
    assert len(bids) == 4 and all(isinstance(b, int) for b in bids)
    assert [10 + b if t == b else (t if t < b else 0)  # type: ignore[operator]
            for b, t in zip(bids, scored[0].tricks, strict=True)] == state.hand_scores[0]
    assert dealt == [HandDealt(1)]
    # The next deal has cleared the tricks from the state: only the events keep the last one.
    assert state.tricks == [] and tricks[-1].plays


def test_game_over_is_an_event_and_every_game_reports_it() -> None:
    for name in GAME_NAMES:
        state = new_game(name, {"hands": 1} if name in ("black-queen", "bidding-whist") else None,
                         seed=2)
        rng = random.Random(2)
        last: tuple[object, ...] = ()
        for _ in range(20_000):
            if state.over:
                break
            legal = state.legal_actions()
            last = state.apply(legal[rng.randrange(len(legal))])
        assert state.over, name
        assert isinstance(last[-1], GameOver) and list(last[-1].winners) == state.winners()
        assert any(isinstance(e, HandScored) for e in last), name


def test_bidding_whist_redeal_is_an_event() -> None:
    state = game_class("bidding-whist")({"on_all_skip": "redeal"}, seed=1)
    events: tuple[object, ...] = ()
    for _ in range(4):
        events = state.apply(SKIP)
    assert Redeal(0, "everyone skipped") in events and HandDealt(1) in events
    assert state.hand_scores == []


def test_illegal_actions_carry_stable_codes_and_change_nothing() -> None:
    state = DiminishingWhist({"players": 4}, seed=3)
    for bid in (2, 3, 1):
        state.apply(BIDS[bid])
    record = state.record()
    with pytest.raises(IllegalAction) as forbidden:
        state.apply(BIDS[10 - 6])
    assert forbidden.value.code == "forbidden" and "total" in str(forbidden.value)
    with pytest.raises(IllegalAction) as wrong:
        state.apply_text("A♠")
    assert wrong.value.code == "unreadable"
    with pytest.raises(IllegalAction) as range_:
        state.apply(Bid(11))
    assert range_.value.code == "out-of-range"
    assert state.record() == record
    state.apply(BIDS[0])
    card_seat = state.to_move
    assert card_seat is not None
    other = state.hands[(card_seat + 1) % 4][0]
    with pytest.raises(IllegalAction) as not_held:
        state.apply_text(str(other))
    assert not_held.value.code == "not-held"
    with pytest.raises(IllegalAction) as undo:
        DiminishingWhist(seed=1).undo()
    assert undo.value.code == "nothing-to-undo"


def test_a_logged_game_refuses_step_and_a_search_copy_takes_it() -> None:
    state = DiminishingWhist({"players": 4}, seed=9)
    with pytest.raises(TypeError, match="search"):
        state.step(state.legal_actions()[0])
    assert state.hands_log[0]["actions"] == [] and not state.can_undo
    search = state.search_copy()
    assert isinstance(search, DiminishingWhist) and search.is_search_copy
    search.step(search.legal_actions()[0])
    assert state.bids == [None] * 4 and search.bids != state.bids
    assert type(search) is DiminishingWhist.search_type()
    assert pickle.loads(pickle.dumps(search)).bids == search.bids
    fork = search.fork()
    fork.step(fork.legal_actions()[0])
    assert fork.bids != search.bids


def test_every_game_keeps_the_base_constructor() -> None:
    for name in GAME_NAMES:
        cls = game_class(name)
        state = cls(None, seed=1, stop_after_hand=True, rng=random.Random(4))
        assert state.stop_after_hand
    held = ClassicWhist(seed=1, stop_after_hand=True)
    assert held.stop_after_hand and not held.over
    nerd = ClassicWhist({"compat": "nerd"}, seed=30006)
    assert nerd.java_random is not None

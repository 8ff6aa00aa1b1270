"""The strong engine: legal everywhere, deterministic, better than random, sensible choices."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.arena import ArenaConfig, run_deals, summarize
from engines.interface import EngineError, RandomEngine
from engines.levels import load_engine
from engines.referee import choose_action
from engines.strong import (
    StrongEngine,
    card_policy,
    distinct_plays,
    expected_tricks,
    nearest_number,
    play_groups,
)
from whist.actions import BIDS, PLAYS, Bid, Contract, Skip
from whist.cards import SUIT_OF, Card, Suit
from whist.games import GAME_NAMES, game_class, new_game
from whist.protocol import GameState


def _card(text: str) -> Card:
    return Card.parse(text)


def test_level_loads_with_iterations() -> None:
    engine = load_engine("strong", "diminishing-whist", seed=3, iterations=40)
    assert isinstance(engine, StrongEngine)
    assert engine.iterations == 40 and engine.budget is None
    assert StrongEngine().budget == 1.0  # the default: a second per decision


def test_bad_level_name_is_clear() -> None:
    with pytest.raises(EngineError, match="unknown engine level 'strongest'"):
        load_engine("strongest", "diminishing-whist")


def test_same_seed_and_iterations_same_choice() -> None:
    state = new_game("diminishing-whist", seed=11)
    obs, legal = state.observe(state.to_move), state.legal_actions()
    first = StrongEngine(seed=5, iterations=60).choose(obs, legal)
    again = StrongEngine(seed=5, iterations=60)
    again.choose(new_game("diminishing-whist", seed=2).observe(0),
                 new_game("diminishing-whist", seed=2).legal_actions())  # earlier calls
    assert again.choose(obs, legal) == first                             # do not matter
    values = StrongEngine(seed=5, iterations=60).evaluate(obs, legal)
    assert values is not None and values[0][0] == first
    assert {a for a, _ in values} <= set(legal)


def test_card_policy_wins_cheaply_or_ducks() -> None:
    class Trick:
        trump = 2  # hearts
        players = 4
        trick = [(1, _card("10♠")), (2, _card("Q♠"))]
    legal = [PLAYS[_card(t)] for t in ("9♠", "K♠", "A♠")]
    assert card_policy(Trick, legal, True, (0,) * 52) == PLAYS[_card("K♠")]
    assert card_policy(Trick, legal, False, (0,) * 52) == PLAYS[_card("9♠")]
    void = [PLAYS[_card(t)] for t in ("2♥", "5♥", "3♣")]
    assert card_policy(Trick, void, True, (0,) * 52) == PLAYS[_card("2♥")]   # lowest trump
    # Either trump would win: a seat that wants no trick throws the club.
    assert card_policy(Trick, void, False, (0,) * 52) == PLAYS[_card("3♣")]


def test_expected_tricks_counts_top_trumps() -> None:
    aces = [_card(t) for t in ("A♥", "K♥", "Q♥")]
    assert expected_tricks(aces, 2, 4) == pytest.approx(3.0, abs=0.05)
    low = [_card(t) for t in ("2♣", "3♦", "4♠")]
    # 2♣: 24 of the 49 unseen cards lose to it, (24/49)^3 = 0.117, times the chance its
    # suit is led, 1/4 + 3/4 * 12/49 = 0.434: about 0.05 a card.
    assert expected_tricks(low, 2, 4) == pytest.approx(0.17, abs=0.03)


def test_equivalent_cards_collapse() -> None:
    state = new_game("diminishing-whist", seed=3)
    while state.decision is not None and state.decision.value == "bid":
        state.apply(state.legal_actions()[0])
    obs = state.observe(state.to_move)
    kept = {str(a) for a in distinct_plays(obs, state.legal_actions())}
    # The hand holds 4♥ 5♥ (equivalent: nothing between) and 2♥ (3♥ is out there).
    assert sorted(obs["hand"]) == sorted(["2♥", "2♦", "4♥", "5♥", "5♣", "8♦", "A♠", "J♦",
                                          "Q♣", "Q♥"])
    assert {"2♥", "4♥"} <= kept and "5♥" not in kept
    assert len(kept) == 9


def test_strong_beats_random_in_a_small_arena() -> None:
    config = ArenaConfig("diminishing-whist", ["strong", "random", "random", "random"],
                         deals=3, seed=21, iterations=24)
    summary = summarize(config, run_deals(config, workers=1))
    diff = summary["differences"]["random"]
    assert summary["failures"] == 0
    # Random players average about 20 a game; strong takes several times that.
    assert diff["mean"] > 20.0
    assert diff["ci"][0] > 0.0


def _short_game(game: str, seed: int) -> GameState:
    cls = game_class(game)
    options = {}
    names = {spec.name for spec in cls.option_specs}
    if game == "nine-five-two":
        options["target"] = 3
    if "hands" in names:
        options["hands"] = 2
    return cls(options, seed=seed)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_strong_plays_legally_in_every_game(game: str) -> None:
    state = _short_game(game, seed=7)
    strong = StrongEngine(seed=1, iterations=6)
    others = [RandomEngine(seed=s) for s in range(state.players)]
    decisions = set()
    moves = 0
    while not state.over and moves < 400:
        seat = state.to_move
        assert seat is not None
        engine = strong if seat == 0 else others[seat]
        if seat == 0:
            decisions.add(state.decision)
        state.apply(choose_action(state, engine, seat))  # raises EngineError if illegal
        moves += 1
    assert decisions  # strong had to decide something


def test_bid_follows_the_hand() -> None:
    # Seat 0 in round 1 (10 cards, ♥ trump) with a strong hand bids high, a weak one low.
    rng = random.Random(4)
    state = new_game("diminishing-whist", seed=4)
    assert state.decision is not None
    strong = StrongEngine(seed=rng.randrange(100), iterations=120)
    hand = [_card(t) for t in ("A♥", "K♥", "Q♥", "J♥", "10♥", "A♠", "A♣", "A♦", "K♠", "9♥")]
    others = [c for c in range(52) if c not in hand]
    state.hands = [hand, [Card(int.__new__(Card, c)) for c in others[:10]],
                   [Card(int.__new__(Card, c)) for c in others[10:20]],
                   [Card(int.__new__(Card, c)) for c in others[20:30]]]
    bid = strong.choose(state.observe(0), state.legal_actions())
    assert isinstance(bid, Bid) and bid.tricks >= 7


def test_worlds_come_from_the_given_class_and_others_weight_counts() -> None:
    from whist.games.diminishing import DiminishingWhist

    made: list[int] = []

    class CountedWorlds(DiminishingWhist):
        @classmethod
        def sample_world(cls, obs, rng):  # type: ignore[no-untyped-def]
            made.append(1)
            return super().sample_world(obs, rng)

    state = new_game("diminishing-whist", seed=11)
    obs, legal = state.observe(state.to_move), state.legal_actions()
    engine = StrongEngine(seed=1, iterations=40, world_class=CountedWorlds)
    engine.choose(obs, legal)
    assert made and len(made) == engine.last_stats["worlds"]
    alone = StrongEngine(seed=1, iterations=40, others_weight=0.0).evaluate(obs, legal)
    against = StrongEngine(seed=1, iterations=40, others_weight=1.0).evaluate(obs, legal)
    assert alone is not None and against is not None
    # The same worlds and rollouts, valued for the seat alone or against the others' mean.
    assert dict(alone) != dict(against)
    assert all(v >= 0 for _, v in alone)  # a Diminishing Whist round never scores below 0


def test_cards_on_the_current_trick_still_separate_a_winner_from_a_loser() -> None:
    # Every heart from 4 to Q is gone, but K♥ leads this trick: A♥ wins it and 3♥ does not.
    gone = ["4♥", "5♥", "6♥", "7♥", "8♥", "9♥", "10♥", "J♥", "Q♥"]
    obs: Any = {"game": "classic-whist", "seat": 0, "hand": ["A♥", "3♥"],
                "tricks": [{"leader": 1, "plays": [(1 + i % 3, c) for i, c in enumerate(gone)],
                            "winner": 1}],
                "trick": [(1, "K♥")]}
    legal = [PLAYS[Card.parse("A♥")], PLAYS[Card.parse("3♥")]]
    groups = play_groups(obs, list(legal))
    assert groups[legal[0]] != groups[legal[1]]
    # Once K♥ has been played in a finished trick, the two are the same card to play.
    obs["tricks"][0]["plays"].append((2, "K♥"))
    obs["trick"] = []
    assert len(set(play_groups(obs, list(legal)).values())) == 1


@pytest.mark.usefixtures("ms_clock")
def test_a_time_budget_ends_inside_a_world_with_every_candidate_on_the_same_worlds() -> None:
    import engines.strong as strong_module
    from whist.games.diminishing import DiminishingWhist
    state = DiminishingWhist({"players": 4}, seed=3)  # the first bid of 10 cards: 11 candidates
    seat = state.to_move
    assert seat is not None
    tallies: list[strong_module.Tally] = []

    class Watched(StrongEngine):
        def _tally(self, obs: Any, legal: Any, candidates: list[Any]) -> strong_module.Tally:
            tallies.append(super()._tally(obs, legal, candidates))
            return tallies[-1]
    engine = Watched(seed=1, budget=0.0045, bid_shortlist=0)  # every bid a candidate
    engine.evaluate(state.observe(seat), state.legal_actions())
    stats = engine.last_stats
    # Read once per world only, the clock would have allowed 4 whole worlds; read per
    # rollout, the budget runs out inside the second world, which is then forgotten.
    assert stats["worlds"] == 1
    assert stats["rollouts"] == 11
    # Every candidate keeps the value of the one world completed, none of the second's.
    assert [len(v) for v in tallies[0].values] == [1] * 11


def test_a_setting_strong_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown setting 'fair_leads'"):
        StrongEngine(iterations=10, fair_leads=True)
    with pytest.raises(EngineError, match="unknown setting 'epsilon'"):
        load_engine("strong", "classic-whist", iterations=10, epsilon=0.1)


@given(st.lists(st.one_of(st.sampled_from(BIDS[:14]),
                          st.builds(Contract, st.integers(5, 13),
                                    st.sampled_from([None, *Suit])),
                          st.sampled_from(PLAYS[:3]), st.just(Skip())), min_size=1, max_size=14),
       st.floats(-2.0, 15.0, allow_nan=False))
def test_nearest_number_is_the_first_nearest_lower_of_two(legal: list[Any], target: float) -> None:
    def tricks(action: Any) -> int:
        return action.tricks if isinstance(action, Bid | Contract) else 0
    expected = min(legal, key=lambda a: (abs(tricks(a) - target), tricks(a)))
    assert nearest_number(legal, target) is expected


def expected_tricks_by_definition(hand: list[int], trump: int | None, players: int) -> float:
    """expected_tricks as first written: each card's higher unheld cards counted one by one."""
    mine = [0] * 4
    for c in hand:
        mine[SUIT_OF[c]] += 1
    unseen = 52 - len(hand)
    if unseen <= 0:
        return 0.0
    trump_unseen = 0 if trump is None else 13 - mine[trump]
    held = set(hand)
    total = 0.0
    for c in hand:
        suit = SUIT_OF[c]
        higher = sum(1 for r in range(c + 1, suit * 13 + 13) if r not in held)
        if trump is not None and suit == trump:
            low, factor = unseen - higher, 1.0
        else:
            low = unseen - higher - trump_unseen
            q = 1.0 / players
            factor = q + (1 - q) * (13 - mine[suit]) / unseen
        total += (max(low, 0) / unseen) ** (players - 1) * factor
    return total


@given(st.lists(st.integers(0, 51), max_size=26), st.sampled_from([None, 0, 1, 2, 3]),
       st.integers(2, 5))
def test_expected_tricks_equals_its_definition(hand: list[int], trump: int | None,
                                                players: int) -> None:
    """Bit for bit (one deck or two: repeated cards allowed), so no search's choice moves."""
    assert expected_tricks(hand, trump, players) == expected_tricks_by_definition(hand, trump, players)

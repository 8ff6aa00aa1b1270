"""The bench's variants of ``strong`` (bench/strong_variants.py): settings measured and left off.

Their decisions are pinned by tests/test_strong_fingerprints.py; here, what each
piece does, and that the variants at their defaults are ``strong`` itself (as it was
when they were measured: every bid searched).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench.strong_variants import (
    BidModel,
    MeasuredTally,
    Tunable,
    WorldModel,
    fair_tops,
    variant_rollout,
)
from engines.levels import load_engine
from engines.strong import StrongEngine, rollout
from whist.cards import Card
from whist.games import GAME_NAMES, new_game
from whist.games.diminishing import DiminishingWhist


def test_fair_leads_read_only_what_the_seat_could_know() -> None:
    hand = [int(Card.parse(c)) for c in ("K♠", "Q♥", "2♣")]
    ace = int(Card.parse("A♠"))
    played = [(0, [(0, ace), (1, int(Card.parse("3♠")))], 0)]
    tops = fair_tops(hand, played, [])
    assert tops[3] == int(Card.parse("Q♠"))  # A♠ played, K♠ ours: Q♠ may be out, K♠ a master
    assert tops[2] == int(Card.parse("A♥"))  # an unplayed A♥ may be anywhere, even undealt


@pytest.mark.parametrize("game", GAME_NAMES)
def test_tunable_at_its_defaults_is_strong(game: str) -> None:
    """As measured: ``strong`` searching every Diminishing Whist bid (``bid_shortlist`` 0)."""
    state = new_game(game, seed=5)
    rng = random.Random(5)
    for _ in range(12):
        seat = state.to_move
        assert seat is not None
        obs, legal = state.observe(seat), state.legal_actions()
        if len(legal) > 1:
            ours = Tunable(seed=seat, iterations=16).evaluate(obs, legal)
            strong = StrongEngine(seed=seat, iterations=16, bid_shortlist=0)
            assert ours == strong.evaluate(obs, legal)
        state.apply(legal[rng.randrange(len(legal))])


def test_the_reference_rollout_with_no_setting_is_strongs() -> None:
    for seed in range(20):
        game = DiminishingWhist({"players": 4}, seed=seed)
        world = game.search_copy()
        world.stop_after_hand = True
        legal = world.legal_actions()
        world.step(legal[seed % len(legal)])
        ends = []
        for play in (rollout, variant_rollout):
            fork = world.fork()
            rng = random.Random(seed)
            ends.append((play(fork, 0, 0, 0.5, rng), rng.getstate(), fork.tricks))
        assert ends[0] == ends[1]


@pytest.mark.usefixtures("ms_clock")
def test_a_time_budget_cut_forgets_the_bid_outcomes_of_the_unfinished_world() -> None:
    # The first bid of 10 cards: 11 candidates; the budget runs out in the second world.
    state = DiminishingWhist({"players": 4}, seed=3)
    seat = state.to_move
    assert seat is not None
    engine = BidModel(seed=1, budget=0.0045)
    engine.evaluate(state.observe(seat), state.legal_actions())
    stats = engine.last_stats
    assert stats["worlds"] == 1 and stats["rollouts"] == 11
    seen = {round(sum(c["counts"])) for c in stats["bids"] if c["alive"]}
    assert seen == {1}  # every candidate rolled out in the one world completed


def test_bid_outcomes_and_world_weights_are_kept() -> None:
    state = DiminishingWhist({"players": 4}, seed=7)
    state.apply(state.legal_actions()[3])  # someone bid 3: the worlds now weigh differently
    seat = state.to_move
    assert seat is not None
    tallies: list[Any] = []

    class Watched(WorldModel):
        def _tally(self, obs: Any, legal: Any, candidates: list[Any]) -> Any:
            tallies.append(super()._tally(obs, legal, candidates))
            return tallies[-1]
    engine = Watched(seed=2, iterations=60)
    engine.evaluate(state.observe(seat), state.legal_actions())
    tally = tallies[0]
    assert isinstance(tally, MeasuredTally) and tally.weights is not None
    assert len(tally.weights) == engine.last_stats["worlds"]
    assert len(set(tally.weights)) > 1
    for values, outcomes in zip(tally.values, tally.outcomes, strict=True):
        assert len(values) == sum(len(o) for o in outcomes)


def test_variant_settings_are_checked_and_loaded_by_spec() -> None:
    with pytest.raises(ValueError, match="epsilon must be between 0 and 1"):
        Tunable(iterations=10, epsilon=1.5)
    variant = load_engine("bench.strong_variants:Tunable", "diminishing-whist", iterations=10,
                          fair_leads=True, epsilon=0.0)
    assert isinstance(variant, Tunable) and variant.fair_leads and variant.epsilon == 0.0


def test_the_patient_tally_drops_late_and_keeps_two() -> None:
    """strong's tally would leave the leader alone here (every other candidate clearly
    behind); the patient one waits 16 worlds, then keeps the best of the rest too."""
    from bench.strong_variants import MeasuredTally, PatientTally
    from engines.strong import Tally
    from whist.actions import PLAYS
    from whist.cards import CARDS
    candidates = [PLAYS[c] for c in CARDS[:3]]
    rows = {0: [3.0, 3.5] * 8, 1: [1.0, 1.2] * 8, 2: [0.0, 0.5] * 8}
    tallies: dict[str, Tally] = {}
    for name, cls in (("strong", Tally), ("patient", PatientTally)):
        tally = cls(candidates) if cls is Tally else cls(
            {"game": "classic-whist", "seat": 0}, candidates, candidates, None, False, 0.0, None)
        for index, values in rows.items():
            tally.values[index] = list(values)
        tallies[name] = tally
    assert isinstance(tallies["patient"], MeasuredTally)
    assert tallies["strong"].survivors([0, 1, 2], 4, 4) == [0]
    assert tallies["patient"].survivors([0, 1, 2], 8, 4) == [0, 1, 2]
    assert tallies["patient"].survivors([0, 1, 2], 16, 4) == [0, 1]
    assert tallies["patient"].survivors([0, 1], 32, 4) == [0, 1]

"""The outcome bid model (issue 21, item 2): canonical hands, inference, the variants, the data."""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.outcome_bids import (
    BlendedTop2,
    FittedModelBids,
    FittedModelTop2,
    FittedModelTop3,
    Ismcts1sPolicyModelBids,
    IsmctsPolicyModelBids,
    ModelBids,
    ModelTop2,
    ModelTop3,
    OutcomeBids,
    RefitIsmctsPolicy,
    RefitModelBids,
    load_weights,
)
from bench.outcome_data import dw_game, explore_bid, main
from bench.outcome_model import (
    FEATURE_NAMES,
    OFFSETS,
    bid_facts,
    canonical_hand,
    expected_scores,
    features,
    score,
    trick_chances,
)
from bench.strong_variants import FittedPolicy, IsmctsPolicy
from engines.interface import EngineError
from engines.levels import load_engine
from whist.actions import BIDS, Action, Bid, Decision
from whist.cards import Card
from whist.games.diminishing import DiminishingWhist, round_score
from whist.observations import DiminishingObservation


def cards(text: str) -> list[int]:
    """Card numbers from space-separated card names."""
    return [int(Card.parse(t)) for t in text.split()]


def sure_model(offset: int) -> dict[str, Any]:
    """A model (weights dict) that puts nearly all its mass on one bid error."""
    n = len(FEATURE_NAMES)
    return {"mean": [0.0] * n, "scale": [1.0] * n,
            "layers": [([[0.0] * n for _ in OFFSETS],
                        [50.0 if d == offset else 0.0 for d in OFFSETS])]}


def card_decisions(games: int = 10,
                   cards: int = 8) -> Iterator[tuple[int, DiminishingObservation, list[Action]]]:
    """The first ``cards`` card decisions of ``games`` Diminishing Whist rounds (seeds 0, 1,
    ...; every seat bids its first legal bid, or its second on odd seeds), each as
    (seat, observation, legal actions); the first legal card is played after each."""
    for seed in range(games):
        state = DiminishingWhist.search_type()({"players": 4}, seed=seed)
        while state.decision is Decision.BID:
            legal = state.legal_actions()
            state.step(legal[1] if len(legal) > 1 and seed % 2 else legal[0])
        for _ in range(cards):
            mover = state.to_move
            assert mover is not None
            legal = state.legal_actions()
            yield mover, state.observe(mover), legal
            state.step(legal[0])


def test_canonical_hand_puts_trump_first_then_length_then_ranks() -> None:
    hand = cards("2♥ A♣ 3♣ K♦ Q♦ J♦ A♠ K♠ 3♠ 9♥")
    assert canonical_hand(hand, 2) == [[9, 2], [14, 13, 3], [13, 12, 11], [14, 3]]
    # No trump: every suit by length, then ranks (A-K-3 before K-Q-J).
    assert canonical_hand(hand, None) == [[14, 13, 3], [13, 12, 11], [14, 3], [9, 2]]
    # Void suits come last, as empty lists.
    assert canonical_hand(cards("A♠ 2♠"), 0) == [[], [14, 2], [], []]


def test_canonical_hand_does_not_depend_on_the_suits_names() -> None:
    hand = cards("2♥ A♣ 3♣ K♦ Q♦ J♦ A♠ K♠ 3♠ 9♥")
    # Swap clubs and spades, trump stays hearts: same canonical hand.
    swapped = [(3 - c // 13 if c // 13 in (0, 3) else c // 13) * 13 + c % 13 for c in hand]
    assert canonical_hand(swapped, 2) == canonical_hand(hand, 2)


def test_bid_facts_reads_position_and_earlier_bids_from_the_opener() -> None:
    state = DiminishingWhist.search_type()({"players": 4}, seed=3)
    state.step(BIDS[2])
    state.step(BIDS[4])
    seat = state.to_move
    assert seat is not None
    facts = bid_facts(state.observe(seat))
    assert facts["position"] == 2 and facts["earlier"] == [2, 4]
    assert facts["cards"] == 10 and facts["has_trump"] and facts["players"] == 4
    assert len(features(facts["hand"], True, 4, [2, 4], "dw", 3)) == len(FEATURE_NAMES)


def test_trick_chances_are_a_distribution_over_possible_counts() -> None:
    x = features([[14, 13], [12], [], []], True, 4, [], "oh_hell", 1)
    for offset in OFFSETS:
        chances = trick_chances(sure_model(offset), x, 1, 3)
        assert len(chances) == 4 and math.isclose(sum(chances), 1.0)
        if 0 <= 1 + offset <= 3:
            assert chances[1 + offset] > 0.999
        else:  # the sure class is impossible here: the rest, renormalised (all alike)
            assert chances == pytest.approx([0.25] * 4)


def test_expected_scores_follow_each_games_scoring() -> None:
    hand = [[14, 13, 9], [12, 3], [8, 7], [5]]
    exact = expected_scores(sure_model(0), hand, True, 4, [1], "dw", [0, 2, 5])
    assert {b: round(v) for b, (v, _) in exact.items()} == {b: round_score(b, b) for b in (0, 2, 5)}
    under = expected_scores(sure_model(-1), hand, True, 4, [1], "oh_hell", [2, 5])
    assert {b: round(v) for b, (v, _) in under.items()} == {2: 1, 5: 4}
    # Only the bids the data covered (near the hand's estimate), or all if none is.
    narrow = {**sure_model(0), "support": [-1.0, 1.0]}
    estimate = features(hand, True, 4, [1], "dw", 0)[FEATURE_NAMES.index("estimate")]
    kept = expected_scores(narrow, hand, True, 4, [1], "dw", list(range(9)))
    assert set(kept) == {b for b in range(9) if abs(b - estimate) <= 1} != set(range(9))
    assert set(expected_scores(narrow, hand, True, 4, [1], "dw", [8])) == {8}
    assert score("oh_hell", 3, 3) == 13 and score("oh_hell", 3, 5) == 5
    assert score("dw", 3, 5) == 0
    with pytest.raises(ValueError, match="unknown scoring"):
        expected_scores(sure_model(0), hand, True, 4, [], "bridge", [1])


def test_the_variants_bid_from_the_model_and_search_only_its_best(monkeypatch: pytest.MonkeyPatch) -> None:
    state = DiminishingWhist.search_type()({"players": 4}, seed=11)
    seat = state.to_move
    assert seat is not None
    obs, legal = state.observe(seat), state.legal_actions()
    # The committed weights: a legal bid, the same each time.
    bid = ModelBids(seed=1, iterations=40).choose(obs, legal)
    assert bid in legal and ModelBids(seed=1, iterations=40).choose(obs, legal) == bid
    # With a model sure every bid is made, the best expected score is the highest bid.
    monkeypatch.setattr("bench.outcome_bids.load_weights", lambda module: sure_model(0))
    assert ModelBids(seed=1, iterations=40).choose(obs, legal) == BIDS[10]
    top3 = ModelTop3(seed=1, iterations=60)
    chosen = top3.choose(obs, legal)
    assert top3.last_stats["candidates"] == 3 and chosen in (BIDS[8], BIDS[9], BIDS[10])
    top2 = ModelTop2(seed=1, iterations=60)
    top2.choose(obs, legal)
    assert top2.last_stats["candidates"] == 2
    fitted_top2 = FittedModelTop2(seed=1, iterations=60)
    assert fitted_top2.choose(obs, legal) in (BIDS[9], BIDS[10])
    assert fitted_top2.last_stats["candidates"] == 2 and isinstance(fitted_top2, FittedPolicy)
    fitted_top3 = FittedModelTop3(seed=1, iterations=60)
    assert fitted_top3.choose(obs, legal) in (BIDS[8], BIDS[9], BIDS[10])
    assert fitted_top3.last_stats["candidates"] == 3 and isinstance(fitted_top3, FittedPolicy)
    # Cards are strong's own.
    while state.decision is Decision.BID:
        state.step(legal[0] if state.to_move != seat else bid)
        legal = state.legal_actions()
    mover = state.to_move
    assert mover is not None
    assert ModelBids(seed=1, iterations=40).choose(state.observe(mover), legal) in legal


def test_the_refit_variant_bids_by_its_own_weights() -> None:
    refit, first = load_weights("bench.outcome_refit_weights"), load_weights()
    assert refit["features"] == first["features"] and refit["bids"] > first["bids"]
    engine = RefitModelBids(seed=2, iterations=20)
    assert engine.weights == refit and isinstance(engine, FittedModelBids)
    differ = 0
    for seed in range(40):
        state = DiminishingWhist.search_type()({"players": 4}, seed=seed)
        seat = state.to_move
        assert seat is not None
        obs, legal = state.observe(seat), state.legal_actions()
        facts = bid_facts(obs)
        values = {b: expected_scores(w, facts["hand"], facts["has_trump"], 4, facts["earlier"],
                                     "dw", [a.tricks for a in legal])
                  for b, w in (("refit", refit), ("first", first))}
        best = {k: max(v, key=lambda t: (v[t][0], -t)) for k, v in values.items()}
        assert engine.choose(obs, legal) == BIDS[best["refit"]]
        differ += best["refit"] != best["first"]
    assert differ  # the refit changes some bids
    both = RefitIsmctsPolicy(seed=2, iterations=20)
    imitated = IsmctsPolicyModelBids(seed=2, iterations=20)
    assert both.weights == refit and imitated.weights == first
    assert both.policy == imitated.policy is not None  # the ISMCTS-fitted rollout policy
    assert both.POLICY_MODULE == IsmctsPolicy.POLICY_MODULE
    at_1s = Ismcts1sPolicyModelBids(seed=2, iterations=20)
    assert at_1s.weights == first and at_1s.policy is not None
    assert at_1s.policy != imitated.policy  # the weights fitted to ISMCTS at 1 s


def test_the_variants_refuse_bad_settings_and_read_the_scoring() -> None:
    with pytest.raises(ValueError, match="top must be"):
        OutcomeBids(iterations=10, top=-1)
    with pytest.raises(ValueError, match="unknown scoring"):
        OutcomeBids(iterations=10, scoring="bridge")
    with pytest.raises(EngineError, match="unknown setting"):
        load_engine("bench.outcome_bids:ModelBids", DiminishingWhist.name, iterations=10, depth=3)
    assert ModelBids(iterations=10).scoring == "dw"
    from bench.ismcts_match import OhHellRound
    assert ModelBids(iterations=10, world_class=OhHellRound).scoring == "oh_hell"
    assert load_engine("bench.outcome_bids:ModelTop3", DiminishingWhist.name,
                       iterations=10).top == 3  # type: ignore[attr-defined]


def test_explore_bid_stays_near_the_choice_and_legal() -> None:
    rng = random.Random(1)
    legal = [BIDS[b] for b in range(6) if b != 3]
    drawn = {explore_bid(2, legal, rng) for _ in range(200)}
    assert drawn == {0, 1, 4}
    assert explore_bid(0, [BIDS[0]], rng) == 0


def test_self_play_rows_hold_every_bid_with_its_tricks(tmp_path: Path) -> None:
    args = argparse.Namespace(card_iterations=4, bid_iterations=12, explore=0.5)
    rows = dw_game(7, 4, args)
    assert len(rows) == 40  # ten rounds, four seats
    by_round: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        by_round.setdefault(row["cards"], []).append(row)
        assert sum(map(len, row["hand"])) == row["cards"] == len(row["raw"])
        assert abs(row["bid"] - row["choice"]) <= 2
        assert row["explored"] == (row["bid"] != row["choice"])
    for n, round_rows in by_round.items():
        assert sorted(r["position"] for r in round_rows) == [0, 1, 2, 3]
        assert sum(r["tricks"] for r in round_rows) == n
        last = next(r for r in round_rows if r["position"] == 3)
        assert sum(last["earlier"]) + last["bid"] != n  # the hook rule held
    assert any(r["explored"] for r in rows)
    out = tmp_path / "rows.jsonl"
    assert main(["--source", "oh_hell", "--count", "1", "--seed", "5", "--card-iterations", "4",
                 "--bid-iterations", "12", "--out", str(out)]) == 0
    hand = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(hand) == 4 and sum(r["tricks"] for r in hand) == 10
    assert all(r["scoring"] == "oh_hell" and r["cards"] == 10 for r in hand)
    assert isinstance(Bid(hand[0]["bid"]), Bid)


def test_the_data_can_come_from_a_bench_variant(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rows.jsonl"
    spec = "bench.outcome_bids:FittedModelBids"
    assert main(["--source", "ismcts", "--count", "1", "--seed", "5", "--card-iterations", "4",
                 "--ismcts-simulations", "50", "--explore", "0", "--engine", spec,
                 "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 2 and {r["engine"] for r in rows} == {spec}
    for row in rows:  # no exploration: each bid is the model's best by expected score
        values = expected_scores(ModelBids(iterations=4).weights, row["hand"], row["has_trump"],
                                 row["players"], row["earlier"], "oh_hell", range(11))
        legal = [b for b in values if row["position"] < 3 or sum(row["earlier"]) + b != 10]
        assert row["bid"] == max(legal, key=lambda b: (values[b][0], -b))
    with pytest.raises(SystemExit):
        main(["--engine", "nope", "--out", str(tmp_path / "x.jsonl")])
    assert "unknown engine level 'nope'" in capsys.readouterr().err
    assert not (tmp_path / "x.jsonl").exists()


def test_the_data_command_refuses_bad_numbers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for bad in (["--explore", "1.5"], ["--count", "0"]):
        with pytest.raises(SystemExit):
            main([*bad, "--out", str(tmp_path / "x.jsonl")])
        assert "must be" in capsys.readouterr().err
    assert not (tmp_path / "x.jsonl").exists()


def test_the_combination_bids_by_the_model_and_plays_by_the_fitted_policy() -> None:
    state = DiminishingWhist.search_type()({"players": 4}, seed=12)
    seat = state.to_move
    assert seat is not None
    obs, legal = state.observe(seat), state.legal_actions()
    both = FittedModelBids(seed=3, iterations=60, temperature=0.5)
    assert both.choose(obs, legal) == ModelBids(seed=3, iterations=60).choose(obs, legal)
    assert both.temperature == 0.5 and both.top == 0
    while state.decision is Decision.BID:
        state.step(state.legal_actions()[0])
    mover = state.to_move
    assert mover is not None
    obs, legal = state.observe(mover), state.legal_actions()
    fitted = FittedPolicy(seed=3, iterations=60, temperature=0.5)
    # The same rollouts as FittedPolicy's (the same seed and count): the same card and values.
    assert FittedModelBids(seed=3, iterations=60, temperature=0.5).choose(obs, legal) \
        == fitted.choose(obs, legal)
    with pytest.raises(ValueError, match="temperature"):
        FittedModelBids(iterations=10, temperature=-1)


def test_the_check_reads_a_matchs_bids_back_and_scores_the_model(tmp_path: Path) -> None:
    from bench.outcome_check import main as check
    from bench.outcome_check import match_bids, own_figures, paired_figures
    results = Path(__file__).resolve().parent.parent / "bench" / "results"
    match = json.loads((results / "issue21-1s-FittedModelBids-seed9.json").read_text())
    match["results"] = match["results"][:3]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match))
    rows = match_bids([path], sure_model(0))
    assert len(rows) == 3 * 2 * 4  # deals, seatings, seats
    kept = [(h["bids"][p], h["tricks"][p]) for r in match["results"] for h in r["hands"]
            for p in range(4)]
    assert sorted((r["bid"], r["tricks"]) for r in rows) == sorted(kept)
    assert all(math.isclose(sum(p), 1.0) for r in rows for p in r["chances"].values())
    own = own_figures([r for r in rows if r["side"] == "strong"])
    # The sure model foresees every bid made exactly: its exact rate is 1, its loss is
    # zero on the bids made and large on the others.
    made = sum(r["bid"] == r["tricks"] for r in rows if r["side"] == "strong") / 12
    assert own["exact_predicted"] == pytest.approx(1.0) and own["exact_real"] == made
    assert own["log_loss"] == pytest.approx((1 - made) * -math.log(1e-12), rel=1e-3)
    paired = paired_figures(rows)
    assert sum(g["hands"] for g in paired.values()) == 12
    assert check([str(path)]) == 0
    with pytest.raises(SystemExit):
        check([str(path), "--weights", "bench.no_such_weights"])


def test_the_blend_takes_the_best_mean_of_the_model_and_the_rollouts() -> None:
    for seed in range(6):
        state = DiminishingWhist.search_type()({"players": 4}, seed=seed)
        seat = state.to_move
        assert seat is not None
        obs, legal = state.observe(seat), state.legal_actions()
        engine = BlendedTop2(seed=seed, iterations=60)
        chosen = engine.choose(obs, legal)
        model = engine.last_stats["model"]
        blended = engine.last_stats["blended"]
        top2 = sorted(model, key=lambda t: (-model[t], t))[:2]
        assert set(blended) <= {BIDS[t] for t in top2} and chosen in blended
        assert blended[chosen] == max(blended.values())
        # The rollouts alone, from the same seed: FittedModelTop2's bid is one of the two.
        assert FittedModelTop2(seed=seed, iterations=60).choose(obs, legal) in {BIDS[t] for t in top2}


def test_the_own_temperature_changes_only_the_seats_own_rollout_cards() -> None:
    """At the others' temperature the variant is :class:`FittedModelBids` (the same
    values); hotter or colder, its own cards are drawn otherwise and the values move."""
    from bench.outcome_bids import ColdOwnModelBids, HotOwnModelBids, OwnTemperatureModelBids
    assert HotOwnModelBids(iterations=10).own_policy.temperature == 2.0  # type: ignore[union-attr]
    assert ColdOwnModelBids(iterations=10).own_policy.temperature == 0.5  # type: ignore[union-attr]
    state = DiminishingWhist.search_type()({"players": 4}, seed=21)
    while state.decision is Decision.BID:
        state.step(state.legal_actions()[0])
    moved = 0
    for _ in range(6):
        mover = state.to_move
        assert mover is not None
        obs, legal = state.observe(mover), state.legal_actions()
        if len(legal) > 1:
            base = FittedModelBids(seed=5, iterations=60).evaluate(obs, legal)
            same = OwnTemperatureModelBids(seed=5, iterations=60, own_temperature=1.0)
            assert same.evaluate(obs, legal) == base
            moved += HotOwnModelBids(seed=5, iterations=60).evaluate(obs, legal) != base
        state.step(legal[0])
    assert moved >= 1
    with pytest.raises(ValueError, match="own_temperature"):
        OwnTemperatureModelBids(iterations=10, own_temperature=-0.5)


def test_the_paired_variants_give_every_candidate_of_a_world_the_same_numbers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``rollout_seeds`` reaches the search loop for the paired variants only, and it
    changes what the fitted rollouts value (their draws are the policy's randomness)."""
    from bench.outcome_bids import PairedFittedModelBids, PairedFittedModelTop2
    from engines import strong
    assert PairedFittedModelTop2.rollout_seeds and not FittedModelTop2.rollout_seeds
    state = DiminishingWhist.search_type()({"players": 4}, seed=4)
    while state.decision is Decision.BID:
        state.step(state.legal_actions()[0])
    mover = state.to_move
    assert mover is not None
    obs, legal = state.observe(mover), state.legal_actions()
    seen: list[bool] = []
    real = strong.play_worlds

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs.get("rollout_seeds", False))
        return real(*args, **kwargs)
    monkeypatch.setattr(strong, "play_worlds", spy)
    paired = PairedFittedModelBids(seed=2, iterations=80).evaluate(obs, legal)
    plain = FittedModelBids(seed=2, iterations=80).evaluate(obs, legal)
    assert seen == [True, False]
    assert paired != plain
    assert PairedFittedModelBids(seed=2, iterations=80).evaluate(obs, legal) == paired


def test_the_decision_noise_bench_scores_regret_against_the_long_search() -> None:
    """bench/decision_noise.py: the same figures from the same command; every regret is
    zero or more, the best card's share a share, and the difference of two engines is the
    difference of their regrets."""
    from bench.decision_noise import measure
    specs = ["bench.outcome_bids:FittedModelBids", "bench.outcome_bids:PairedFittedModelBids"]
    result = measure(specs, decisions=3, seed=2, iterations=40, reference=160, trials=2)
    assert result == measure(specs, decisions=3, seed=2, iterations=40, reference=160, trials=2)
    assert result["decisions"] == 3
    figures = result["engines"]
    for spec in specs:
        assert figures[spec]["regret"] >= 0.0 and 0.0 <= figures[spec]["reference_best"] <= 1.0
    assert figures[f"{specs[1]} minus the first"]["regret"] == pytest.approx(
        figures[specs[1]]["regret"] - figures[specs[0]]["regret"])


def test_the_delay_variant_plays_the_cheapest_near_best_card_under_its_bid() -> None:
    """Under its bid: margin 0 plays a best card; a margin beyond every value's spread
    plays the cheapest surviving candidate (side suits before trump, then rank); at its
    bid it plays as :class:`FittedModelBids`."""
    from bench.outcome_bids import DelayModelBids
    from whist.cards import RANK_OF, SUIT_OF
    checked = {"under": 0, "made": 0}
    for mover, obs, legal in card_decisions():
        if len(legal) > 1 and len({str(a) for a in legal}) > 1:
            under = obs["tricks_won"][mover] < obs["bids"][mover]
            base = FittedModelBids(seed=1, iterations=80)
            values = dict(base.evaluate(obs, legal) or [])
            survivors = base.last_stats["survivors"]
            exact = DelayModelBids(seed=1, iterations=80, delay_margin=0.0)
            loose = DelayModelBids(seed=1, iterations=80, delay_margin=100.0)
            if under and len(values) > 1:
                assert values[exact.choose(obs, legal)] == max(values.values())
                kept = list(values)[:survivors]
                trump = SUIT_OF[Card.parse("2" + obs["trump"])] if obs["trump"] != "NT" else None
                cheapest = min(kept, key=lambda a: (SUIT_OF[a.card] == trump, RANK_OF[a.card]))  # type: ignore[union-attr]
                assert loose.choose(obs, legal) == cheapest
                checked["under"] += 1
            elif not under:
                assert loose.choose(obs, legal) == base.choose(obs, legal)
                checked["made"] += 1
    assert checked["under"] >= 5 and checked["made"] >= 5
    with pytest.raises(ValueError, match="delay_margin"):
        DelayModelBids(iterations=10, delay_margin=-1)


def test_the_shifted_variant_bids_as_if_it_took_more_tricks() -> None:
    """The shift moves that share of each count's chance one trick up (mean up by about
    the share, still a distribution); shift 0 bids as :class:`FittedModelBids`, and a
    larger shift never bids lower on the same cards."""
    from bench.outcome_bids import ShiftedModelBids, shifted_chances
    moved = shifted_chances([0.5, 0.3, 0.2], 0.25)
    assert moved == pytest.approx([0.375, 0.35, 0.275]) and sum(moved) == pytest.approx(1.0)
    assert shifted_chances([0.5, 0.5], 0.0) == [0.5, 0.5]
    higher = 0
    for seed in range(30):
        state = DiminishingWhist.search_type()({"players": 4}, seed=seed)
        seat = state.to_move
        assert seat is not None
        obs, legal = state.observe(seat), state.legal_actions()
        base = FittedModelBids(seed=1, iterations=40).choose(obs, legal)
        assert ShiftedModelBids(seed=1, iterations=40, shift=0.0).choose(obs, legal) == base
        shifted = ShiftedModelBids(seed=1, iterations=40, shift=0.3).choose(obs, legal)
        assert shifted in legal and shifted.tricks >= base.tricks  # type: ignore[union-attr]
        higher += shifted.tricks > base.tricks  # type: ignore[union-attr]
    assert higher >= 3
    with pytest.raises(ValueError, match="shift"):
        ShiftedModelBids(iterations=10, shift=1.5)


def test_the_spend_variant_plays_the_highest_near_best_card_under_its_bid() -> None:
    """Under its bid with a margin beyond every value's spread, the highest-ranked
    surviving candidate (a trump first among equals); margin 0 plays a best card."""
    from bench.outcome_bids import SpendModelBids
    from whist.cards import RANK_OF, SUIT_OF
    checked = 0
    for mover, obs, legal in card_decisions():
        bids, won = obs["bids"], obs["tricks_won"]
        if len({str(a) for a in legal}) > 1 and bids[mover] is not None \
                and won[mover] < bids[mover]:
            base = FittedModelBids(seed=1, iterations=80)
            values = dict(base.evaluate(obs, legal) or [])
            if len(values) > 1:
                kept = list(values)[:base.last_stats["survivors"]]
                exact = SpendModelBids(seed=1, iterations=80, delay_margin=0.0)
                assert values[exact.choose(obs, legal)] == max(values.values())
                trump = obs["trump"]
                suit = SUIT_OF[Card.parse("2" + trump)] if trump not in (None, "NT") else None
                dearest = max(kept, key=lambda a: (RANK_OF[a.card], SUIT_OF[a.card] == suit))  # type: ignore[union-attr]
                loose = SpendModelBids(seed=1, iterations=80, delay_margin=100.0)
                assert loose.choose(obs, legal) == dearest
                checked += 1
    assert checked >= 5

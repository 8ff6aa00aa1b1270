"""``strong`` with settings measured and left off, as engine specs the arena loads.

Run from the repository's root: ``bench.strong_variants:Name`` (e.g. in
``engines/arena.py`` seats, ``bench/ismcts_match.py --strong``).  The arena
passes an engine only its iteration budget; each subclass below fixes the other
settings.  :class:`Tunable` takes them all as settings (``endgame``,
``bid_model``, ``world_model``, ``fair_leads``, ``fitted_bids``, ``epsilon``)
for scripts that pass settings (``bench/ismcts_match.py --strong-settings``,
``bench/bid_data.py``).  :class:`Softmax` (issue 21, item 3) adds stochastic
rollouts (``temperature``, ``bid_temperature``; bench/soft_rollout.py), and
``Soft03`` ... ``Soft2`` and ``SoftBids`` fix its temperatures for the arena;
:class:`FittedPolicy` rolls out by a policy fitted to strong's own play
(``temperature``; bench/fitted_rollout.py), ``Fitted05`` and ``Fitted0`` fix it;
:class:`FastFitted` plays a cheaper fit of it (bench/fast_fitted.py).
Each variant's figures are in docs/strength.md, section "Variants on the bench".
Variants with a module of their own: ``bench.outcome_bids:ModelBids`` (bids by
the outcome model) and ``bench.own_tree:OwnTree`` (a tree over the seat's own
decisions above ``strong``'s rollouts; ``OwnFlat``, ``OwnTree3``, ``OwnTree10``).

They are built on ``strong``'s two hooks (:meth:`StrongEngine._tally`,
:meth:`StrongEngine._rollout`), so the page never loads any of this.  With all
settings at their defaults, :class:`Tunable` plays exactly as ``strong``
(tests/test_strong_fingerprints.py holds each variant's recorded decisions).  A
variant that changes a rollout's card play plays it on the reference path
(the loop of :func:`variant_rollout`, not ``engines/fast_rollout.py``): the same
cards, more slowly, so at a time budget it rolls out fewer worlds than when it
was measured.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, ClassVar

import bench.bid_model as calibrated
from bench.bid_model import BidFacts, load_model, outcome_of
from bench.endgame import Solver, mask_of, seat_values
from bench.fast_fitted import fast_fitted_rollout, fast_tables
from bench.fitted_rollout import PolicyTables, checked_weights, fitted_rollout, policy_tables
from bench.soft_rollout import check_temperature, known_tops, played_mask, soft_rollout
from bench.world_model import expected_bid, world_weigher
from engines.black_queen import Strength2
from engines.black_queen_search import black_queen_policy
from engines.interface import Engine
from engines.strong import (
    EPSILON,
    HOOKS,
    StrongEngine,
    Tally,
    card_policy,
    hand_value,
    keep_close,
    lead_for_tricks,
    nearest_number,
    other_policy,
    play_groups,
    points_value,
    rollout,
)
from whist.actions import Action, Bid, Decision, Play
from whist.games.diminishing import DiminishingWhist
from whist.observations import Observation
from whist.protocol import GameState
from whist.tricks import TrickGame


# ------------------------------------------------------------------ the tally
class MeasuredTally(Tally):
    """strong's tally, plus the bench's ways to compare candidates.

    - ``world_model``: each world weighs as much as the other seats' bids make it
      likely (bench/world_model.py); means and the survivors' spreads are weighted.
    - ``bid_model``: a Diminishing Whist bid's rollouts are also sorted by how they
      ended (fewer, exact, more tricks) and valued by the fitted model's chances of
      each (bench/bid_model.py).  The outcomes are kept, and reported in ``stats``
      (``bids``, ``facts``), at every such bid (bench/bid_data.py reads them).
    - ``prior``: a card decision keeps the prior's choice (``prior_engine``'s card,
      else the rollout policy's in the first world) unless a candidate beats it by
      more than ``prior_margin`` standard errors, paired over worlds.
    """

    def __init__(self, obs: Observation, legal: Sequence[Action], candidates: list[Action],
                 bid_model: calibrated.BidModel | None = None, world_model: bool = False,
                 prior_margin: float = 0.0, prior_engine: Engine | None = None) -> None:
        """A tally of ``candidates`` for the seat observing ``obs``."""
        super().__init__(candidates)
        self.obs = obs
        self.legal = legal
        self.seat: int = obs["seat"]
        self.bid_model = bid_model
        self.facts = bid_facts(obs) if isinstance(candidates[0], Bid) else None
        #: Per candidate, its rollouts' (value, world weight) by outcome (fewer, exact, more).
        self.outcomes: list[tuple[list[tuple[float, float]], ...]] = [
            ([], [], []) for _ in candidates] if self.facts is not None else []
        self.placed: list[int] = [-1] * len(candidates)  # each one's outcome in this world
        self.weigher = world_weigher(obs) if world_model else None
        self.weights: list[float] | None = None if self.weigher is None else []
        self.likelihood = 1.0
        self.margin = prior_margin
        self.prior_engine = prior_engine
        self.default: int | None = None
        self.worlds = 0
        # A ranking that reads more than the survivors' means (a bid model, world weights,
        # a prior) searches to the end of the budget, as when it was measured; without
        # them it ranks as strong's and stops as strong's does.
        self.settles = (bid_model is None and not world_model and prior_margin == 0.0
                        and prior_engine is None)

    def start_world(self, world: GameState) -> None:
        """Weigh the world (world model) and, in the first, find the prior's choice."""
        if self.weigher is not None and self.weights is not None:
            self.likelihood = self.weigher(world)
            self.weights.append(self.likelihood)
        if self.margin and self.worlds == 0 and isinstance(self.candidates[0], Play):
            self.default = self._prior(world)
        self.worlds += 1

    def add(self, index: int, state: GameState, value: float) -> None:
        """Keep the value, and a bid's outcome."""
        super().add(index, state, value)
        if self.facts is not None:
            candidate = self.candidates[index]
            assert isinstance(candidate, Bid) and isinstance(state, TrickGame)
            outcome = outcome_of(candidate.tricks, state.tricks_won[self.seat])
            self.outcomes[index][outcome].append((value, self.likelihood))
            self.placed[index] = outcome

    def forget(self, index: int) -> None:
        """Drop the value, and a bid's outcome."""
        super().forget(index)
        if self.facts is not None:
            self.outcomes[index][self.placed[index]].pop()

    def survivors(self, alive: list[int], worlds: int, keep: int) -> list[int]:
        """strong's survivors, or with weighted worlds, :func:`weighted_survivors`."""
        if self.weights is None or sum(self.weights[-worlds:]) <= 0.0:
            return super().survivors(alive, worlds, keep)
        return weighted_survivors(alive, self.values, worlds, keep, self.weights)

    def ranked(self, alive: list[int]) -> list[tuple[int, float]]:
        """Weighted means, bids valued by the bid model, the prior kept unless beaten."""
        means = [weighted_mean(v, self.weights) for v in self.values]
        self.bid_stats: list[dict[str, Any]] = []
        if self.facts is not None:
            for i, candidate in enumerate(self.candidates):
                assert isinstance(candidate, Bid)
                counts = outcome_counts(self.outcomes[i])
                self.bid_stats.append({"bid": candidate.tricks, "counts": counts,
                                       "mean": means[i], "alive": i in alive})
                if self.bid_model is not None and i in alive and self.values[i]:
                    means[i] = self.bid_model.value(candidate.tricks, self.outcomes[i],
                                                    counts, self.facts)
        order = sorted(range(len(self.candidates)), key=lambda i: (i not in alive, -means[i], i))
        default = self.default
        if default is not None and order[0] != default \
                and not clearly_better(self.values[order[0]], self.values[default], self.margin):
            order.remove(default)
            order.insert(0, default)
        return [(i, means[i]) for i in order if self.values[i]]

    def stats(self, alive: list[int]) -> dict[str, Any]:
        """A Diminishing Whist bid's outcomes per candidate (``bids``) and its ``facts``."""
        if self.facts is None:
            return {}
        return {"bids": self.bid_stats, "facts": self.facts}

    def _prior(self, world: GameState) -> int:
        """The candidate kept unless another is clearly better (see the class)."""
        hooks = HOOKS[world.name]
        if self.prior_engine is not None:
            choice = self.prior_engine.choose(self.obs, self.legal)
            representative = play_groups(self.obs, list(self.legal)).get(choice)
            if representative in self.candidates:
                return self.candidates.index(representative)
        assert isinstance(world, TrickGame)
        want = world.wants_tricks(self.seat)
        policy = hooks.card_policy or card_policy
        return self.candidates.index(policy(world, self.candidates, want, world.card_points))


class PatientTally(MeasuredTally):
    """:class:`MeasuredTally` whose field shrinks later and never to one candidate.

    ``strong``'s field drops a candidate more than two standard errors behind the
    leader at 4, 8, 16 ... worlds.  At four worlds the spread is a guess, and a field
    left with one candidate spends the rest of the budget rolling out that one alone
    (measured in ``FittedModelBids``'s card decisions at 650 rollouts: 26 of 59 were
    down to one candidate, most of them by 32 worlds, with 500 to 640 rollouts left).
    Here nothing is dropped before :attr:`MIN_WORLDS` worlds, and the best of the
    dropped (by mean) stays when only the leader would: the budget left goes to the
    closest call.
    """

    #: Worlds before the first candidate may be dropped.
    MIN_WORLDS: ClassVar[int] = 16

    def survivors(self, alive: list[int], worlds: int, keep: int) -> list[int]:
        """The candidates still searched (at least two while two were alive)."""
        if worlds < self.MIN_WORLDS:
            return alive
        kept = super().survivors(alive, worlds, keep)
        if len(kept) == 1 and len(alive) > 1:
            means = {i: sum(self.values[i][-worlds:]) / worlds for i in alive if i not in kept}
            kept = sorted(kept + [max(means, key=lambda i: (means[i], -i))])
        return kept


def bid_facts(obs: Observation) -> BidFacts | None:
    """The bid model's facts of a Diminishing Whist bid (None for other games' bids)."""
    if obs["game"] != "diminishing-whist":
        return None
    bids: list[int | None] = obs["bids"]
    return BidFacts(cards=obs["cards"],
                    players=obs["players"],
                    position=sum(1 for b in bids if b is not None) + 1,
                    trump=obs["trump"] is not None)


def clearly_better(best: list[float], other: list[float], margin: float) -> bool:
    """Whether ``best`` beats ``other`` by more than ``margin`` standard errors (paired)."""
    n = min(len(best), len(other))
    if n < 2:
        return True
    diffs = [a - b for a, b in zip(best[:n], other[:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > margin * math.sqrt(var / n)


def weighted_mean(values: list[float], weights: list[float] | None) -> float:
    """The mean of a candidate's rollout values, each world weighted (``-inf`` if none)."""
    if not values:
        return -math.inf
    if weights is None:
        return sum(values) / len(values)
    total = sum(weights[:len(values)])
    if total <= 0.0:
        return sum(values) / len(values)
    return sum(v * w for v, w in zip(values, weights, strict=False)) / total


def outcome_counts(outcomes: tuple[list[tuple[float, float]], ...]) -> list[float]:
    """Rollouts per outcome of a bid, re-scaled by the worlds' weights to the same total."""
    n = sum(len(o) for o in outcomes)
    mass = [sum(w for _, w in o) for o in outcomes]
    total = sum(mass)
    if total <= 0.0:
        return [float(len(o)) for o in outcomes]
    return [n * m / total for m in mass]


def weighted_survivors(alive: list[int], values: list[list[float]], worlds: int,
                       keep: int, weights: list[float]) -> list[int]:
    """strong's survivors (engines/strong.py ``_survivors``) over weighted worlds.

    Means and spreads are weighted and the number of worlds is their effective
    number, (Σw)² / Σw² (the last ``worlds`` weights must not sum to 0).
    """
    w = weights[-worlds:]
    total = sum(w)
    effective = total * total / sum(x * x for x in w)
    means = {i: sum(v * x for v, x in zip(values[i][-worlds:], w, strict=True)) / total
             for i in alive}

    def close_enough(diffs: list[float]) -> bool:
        mean = sum(d * x for d, x in zip(diffs, w, strict=True)) / total
        var = sum(x * (d - mean) ** 2 for d, x in zip(diffs, w, strict=True)) / total
        return mean + 2.0 * math.sqrt(var / max(1.0, effective - 1.0)) >= 0.0
    return keep_close(alive, values, worlds, keep, means, close_enough)


# ------------------------------------------------------------------ rollouts
def fair_tops(hand: Sequence[int], tricks: Sequence[tuple[int, Sequence[tuple[int, int]], int]],
              trick: Sequence[tuple[int, int]]) -> list[int]:
    """Per suit, the highest card a seat holding ``hand`` cannot know is gone (-1: none).

    Gone: its own cards and every card played (``tricks`` as (leader, plays,
    winner), ``trick`` as (seat, card)); any other card may be in a hand.
    """
    return known_tops(hand, played_mask(tricks, trick))


def fair_card_policy(state: Any, legal: list[Any], want: bool, penalty: Sequence[int]) -> Any:
    """strong's card policy, but a seat leading for tricks reads its masters off what it
    could know is gone (:func:`fair_tops`), not off the world's other hands, so that a
    rollout does not make its tricks look surer than they are at the table."""
    if state.trick or not want:
        return card_policy(state, legal, want, penalty)
    trump_suit = -1 if state.trump is None else int(state.trump)
    tops = fair_tops(state.hands[state.to_move], state.tricks, state.trick)
    return lead_for_tricks(state, legal, trump_suit, tops)


def fitted_other_policy(state: Any, rng: random.Random) -> Action:
    """strong's rollout bids, but a Diminishing Whist bid is the fitted model of strong's
    own bids (bench/world_model.py ``expected_bid``), not the rough trick count."""
    if state.decision is Decision.BID and state.name == DiminishingWhist.name:
        legal = state.legal_actions()
        if len(legal) > 1:
            hand = state.hands[state.to_move]
            return nearest_number(legal, expected_bid(hand, state.trump, state.players,
                                                      state.cards))
    return other_policy(state, rng)


def variant_rollout(state: GameState, seat: int, hands_done: int, weight: float,
                    rng: random.Random, epsilon: float = EPSILON, endgame: int = 0,
                    fair_leads: bool = False, fitted_bids: bool = False) -> float:
    """strong's rollout (:func:`engines.strong.rollout`, its reference path) with the bench's
    settings; the same random draws.

    ``endgame``: once the seat to play a card holds at most this many, solve the rest
    of the hand exactly (games in :data:`HAND_SCORES`).  ``fair_leads``: leads by
    :func:`fair_card_policy`.  ``fitted_bids``: later bidders by
    :func:`fitted_other_policy`.  ``epsilon``: the chance of a random card.
    """
    assert isinstance(state, TrickGame)
    hooks = HOOKS[state.name]
    score = HAND_SCORES.get(state.name)
    stop_after = 10_000 if hooks.horizon is None else len(state.tricks) + hooks.horizon
    fast = hooks.fast_plays
    cards = hooks.card_policy or (fair_card_policy if fair_leads else card_policy)
    others = fitted_other_policy if fitted_bids else other_policy
    scores = state.hand_scores
    while not state.over and not state.hand_over and len(scores) == hands_done:
        if len(state.tricks) >= stop_after and not state.trick:
            return points_value(state, seat, weight)
        if state.decision is Decision.CARD:
            mover = state.to_move
            assert mover is not None
            if endgame and score is not None and len(state.hands[mover]) <= endgame:
                return solve_world(state, weight)[seat]
            legal = state.legal_actions() if fast is None else fast(state, mover)
            if len(legal) == 1:
                action = legal[0]
            elif rng.random() < epsilon:
                action = legal[rng.randrange(len(legal))]
            else:
                action = cards(state, legal, state.wants_tricks(mover), state.card_points)
        else:
            action = others(state, rng)
        state.step(action)
    return hand_value(state, seat, hands_done, weight)


def round_score_of(state: DiminishingWhist, won: tuple[int, ...]) -> list[int]:
    """A Diminishing Whist round's scores had the seats taken ``won`` (the game's own rule)."""
    done = state.fork()
    done.stop_after_hand = True
    done.tricks_won = list(won)
    done.score_hand()
    return done.hand_scores[-1]


#: The hand's score deltas had each seat taken these tricks this hand, by game: with
#: it, the last tricks of a world can be solved exactly (bench/endgame.py).  Only for
#: one-deck, follow-suit games whose hand score depends on tricks alone.
HAND_SCORES: dict[str, Callable[[Any, tuple[int, ...]], Sequence[int]]] = {
    DiminishingWhist.name: round_score_of,
}
#: Hand score deltas by (game class, targets, tricks taken): every world of a decision
#: shares its few outcomes.  Cleared when large.
_SOLVED: dict[tuple[Any, ...], tuple[float, ...]] = {}


def solve_world(state: TrickGame, weight: float) -> tuple[float, ...]:
    """Every seat's value of the rest of this world's hand, all seats playing perfectly."""
    score = HAND_SCORES[state.name]
    key_base = (type(state), weight, state.hand_result()[1])

    def scorer(won: tuple[int, ...]) -> tuple[float, ...]:
        key = (*key_base, won)
        found = _SOLVED.get(key)
        if found is None:
            if len(_SOLVED) > 50_000:
                _SOLVED.clear()
            found = _SOLVED[key] = seat_values(score(state, won), weight)
        return found
    solver = Solver(state.players, state.trump, scorer)
    hands = [mask_of(h) for h in state.hands]
    return solver.solve(hands, state.trick, state.to_move, state.tricks_won)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the engines
class Tunable(StrongEngine):
    """``strong`` with the settings measured and left off, each at strong's own default,
    and, as when they were measured, every Diminishing Whist bid searched (no random-play
    shortlist: ``bid_shortlist`` 0)."""

    BID_SHORTLIST = 0

    setting_names: ClassVar[tuple[str, ...]] = StrongEngine.setting_names + (
        "endgame", "bid_model", "world_model", "fair_leads", "fitted_bids", "epsilon")
    #: Default of ``endgame``: solve each world exactly at decisions where the seat holds
    #: at most this many cards (bench/endgame.py; 0: never).
    default_endgame: ClassVar[int] = 0
    #: Default of ``bid_model``: "fitted" values Diminishing Whist bids through the
    #: calibrated model (bench/bid_model.py), "off" by the rollouts' mean values alone.
    default_bid_model: ClassVar[str] = "off"
    #: Default of ``world_model``: "bids" weighs sampled worlds by how likely the other
    #: seats' bids were (bench/world_model.py), "off" weighs them alike.
    default_world_model: ClassVar[str] = "off"
    #: Default of ``fair_leads`` (:func:`fair_card_policy` in rollouts).
    default_fair_leads: ClassVar[bool] = False
    #: Default of ``fitted_bids`` (:func:`fitted_other_policy` in rollouts).
    default_fitted_bids: ClassVar[bool] = False
    #: Default of ``epsilon``: the chance that a rollout plays a random card.
    default_epsilon: ClassVar[float] = EPSILON
    #: A card decision keeps this engine's choice unless beaten (None: the rollout
    #: policy's card, and only with a margin); see :class:`MeasuredTally`.
    prior_engine: ClassVar[type[Engine] | None] = None
    #: Standard errors by which a candidate must beat the prior's choice (0: no prior).
    prior_margin: ClassVar[float] = 0.0
    #: The tally class of a decision (:class:`PatientTally` searches otherwise).
    TALLY: ClassVar[type[MeasuredTally]] = MeasuredTally

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """strong's settings and the bench's; ValueError for a value out of range."""
        super().__init__(seed=seed, budget=budget, **settings)
        self.endgame: int = int(settings.get("endgame", self.default_endgame))
        choice = settings.get("bid_model", self.default_bid_model)
        if choice not in ("fitted", "off"):
            raise ValueError(f"bid_model must be 'fitted' or 'off', not {choice!r}")
        self.bid_model: calibrated.BidModel | None = load_model() if choice == "fitted" else None
        worlds = settings.get("world_model", self.default_world_model)
        if worlds not in ("bids", "off"):
            raise ValueError(f"world_model must be 'bids' or 'off', not {worlds!r}")
        self.world_model: bool = worlds == "bids"
        self.fair_leads: bool = bool(settings.get("fair_leads", self.default_fair_leads))
        self.fitted_bids: bool = bool(settings.get("fitted_bids", self.default_fitted_bids))
        self.epsilon: float = float(settings.get("epsilon", self.default_epsilon))
        if not 0.0 <= self.epsilon <= 1.0:
            raise ValueError(f"epsilon must be between 0 and 1, not {self.epsilon}")
        self._endgame_now = 0

    def _search(self, obs: Observation, legal: Sequence[Action]) -> list[tuple[Action, float]]:
        # Worlds are solved exactly only at the decisions of a hand's last few tricks: a
        # solve costs several rollouts, too many to spend in every rollout of a long hand.
        self._endgame_now = self.endgame if len(obs["hand"]) <= self.endgame else 0
        return super()._search(obs, legal)

    def _tally(self, obs: Observation, legal: Sequence[Action],
               candidates: list[Action]) -> Tally:
        """A :attr:`TALLY` (:class:`MeasuredTally`) with this engine's models and prior."""
        prior = None if self.prior_engine is None else self.prior_engine(seed=self.seed)
        return self.TALLY(obs, legal, candidates, self.bid_model, self.world_model,
                          self.prior_margin, prior)

    def _rollout(self, state: GameState, seat: int, hands_done: int, weight: float,
                 rng: random.Random) -> float:
        """strong's rollout (fast where it has one), or :func:`variant_rollout`."""
        if not (self._endgame_now or self.fair_leads or self.fitted_bids):
            return rollout(state, seat, hands_done, weight, rng, epsilon=self.epsilon)
        return variant_rollout(state, seat, hands_done, weight, rng, self.epsilon,
                               self._endgame_now, self.fair_leads, self.fitted_bids)


class Endgame3(Tunable):
    """Worlds solved exactly from three cards a hand."""

    default_endgame: ClassVar[int] = 3


class Endgame4(Tunable):
    """Worlds solved exactly from four cards a hand."""

    default_endgame: ClassVar[int] = 4


class BidModel(Tunable):
    """Bids chosen through the fitted bid model (bench/bid_model.py)."""

    default_bid_model: ClassVar[str] = "fitted"


class WorldModel(Tunable):
    """Sampled worlds weighted by the other seats' bids (bench/world_model.py)."""

    default_world_model: ClassVar[str] = "bids"


class BothModels(Tunable):
    """The bid model and the world model together."""

    default_bid_model: ClassVar[str] = "fitted"
    default_world_model: ClassVar[str] = "bids"


class FairLeads(Tunable):
    """Rollouts lead masters read off what the seat could know, not off the other hands."""

    default_fair_leads: ClassVar[bool] = True


class FittedBids(Tunable):
    """Rollouts' later bidders bid by the fitted model of strong's bids, not the rough count."""

    default_fitted_bids: ClassVar[bool] = True


class Epsilon15(Tunable):
    """Rollouts play a random card 15% of the time (strong: 5%)."""

    default_epsilon: ClassVar[float] = 0.15


class Epsilon0(Tunable):
    """Rollouts never play a random card (strong: 5%)."""

    default_epsilon: ClassVar[float] = 0.0


class Patient(Tunable):
    """``strong`` whose search drops no candidate before 16 worlds and keeps two to the
    end (:class:`PatientTally`)."""

    TALLY = PatientTally


# ------------------------------------------- stochastic rollouts (issue 21, item 3)
class Softmax(Tunable):
    """Rollouts in which every seat draws its card from a softmax over the rollout
    policy's preferences and reads masters only off what it could know
    (bench/soft_rollout.py).

    Settings: ``temperature`` (cards; 0 is the greedy policy), ``bid_temperature``
    (the rollout's later bids around ``expected_tricks``; 0: the nearest, as ``strong``),
    ``fair_leads`` (default on here), ``epsilon`` (as ``strong``'s, 5%).  With both
    temperatures 0 and ``fair_leads`` off it plays exactly as ``strong``.  It does
    not combine with ``endgame`` or ``fitted_bids`` (ValueError).
    """

    setting_names: ClassVar[tuple[str, ...]] = Tunable.setting_names + (
        "temperature", "bid_temperature")
    default_fair_leads: ClassVar[bool] = True
    #: Default of ``temperature``: the card ranked ``i`` by the policy is drawn with
    #: weight ``exp(-i / temperature)``.
    default_temperature: ClassVar[float] = 0.5
    #: Default of ``bid_temperature``: the same for the rollouts' bids, ranked by distance
    #: from ``expected_tricks``.
    default_bid_temperature: ClassVar[float] = 0.0

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """Tunable's settings and the temperatures; ValueError for a bad value or mix."""
        super().__init__(seed=seed, budget=budget, **settings)
        self.temperature = check_temperature(
            "temperature", settings.get("temperature", self.default_temperature))
        self.bid_temperature = check_temperature(
            "bid_temperature", settings.get("bid_temperature", self.default_bid_temperature))
        if self.endgame or self.fitted_bids:
            raise ValueError("Softmax rollouts do not combine with endgame or fitted_bids")

    def _rollout(self, state: GameState, seat: int, hands_done: int, weight: float,
                 rng: random.Random) -> float:
        """:func:`bench.soft_rollout.soft_rollout` with this engine's settings."""
        return soft_rollout(state, seat, hands_done, weight, rng, self.epsilon,
                            self.temperature, self.bid_temperature, self.fair_leads)


class Soft03(Softmax):
    """Softmax rollouts at temperature 0.3 (the greedy card about 96% of the time)."""

    default_temperature: ClassVar[float] = 0.3


class Soft05(Softmax):
    """Softmax rollouts at temperature 0.5."""

    default_temperature: ClassVar[float] = 0.5


class Soft1(Softmax):
    """Softmax rollouts at temperature 1."""

    default_temperature: ClassVar[float] = 1.0


class Soft2(Softmax):
    """Softmax rollouts at temperature 2."""

    default_temperature: ClassVar[float] = 2.0


class SoftBids(Softmax):
    """Softmax rollouts at temperature 0.5, the rollouts' later bids too (0.5)."""

    default_temperature: ClassVar[float] = 0.5
    default_bid_temperature: ClassVar[float] = 0.5


# ------------------------------------ rollouts by a policy fitted to strong (issue 21)
class FittedPolicy(Tunable):
    """Rollouts in which every seat draws its card from the conditional logit fitted to
    strong's own card decisions at a high budget, reading only what it could know
    (bench/fitted_rollout.py, weights in bench/card_policy_weights.py).

    Settings: ``temperature`` (default 1: the fitted softmax; 0 plays the policy's best
    card) and ``epsilon`` (default 0 here: the policy is its own randomness).  Other
    games than Diminishing Whist roll out as ``strong``.  It does not combine with
    ``endgame``, ``fair_leads`` or ``fitted_bids`` (ValueError).
    """

    setting_names: ClassVar[tuple[str, ...]] = Tunable.setting_names + ("temperature",)
    default_epsilon: ClassVar[float] = 0.0
    #: Default of ``temperature``: cards drawn with weight ``exp(score / temperature)``.
    default_temperature: ClassVar[float] = 1.0
    #: The module whose ``WEIGHTS`` the rollouts draw from (None: bench/card_policy_weights.py).
    POLICY_MODULE: ClassVar[str | None] = None
    #: The module whose ``WEIGHTS`` the searching seat's own rollout cards draw from, when
    #: it plays otherwise than the other seats (None: as they do).
    OWN_POLICY_MODULE: ClassVar[str | None] = None

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """Tunable's settings and the temperature; ValueError for a bad value or mix."""
        super().__init__(seed=seed, budget=budget, **settings)
        self.temperature = check_temperature(
            "temperature", settings.get("temperature", self.default_temperature))
        if self.endgame or self.fair_leads or self.fitted_bids:
            raise ValueError("fitted-policy rollouts do not combine with endgame, fair_leads "
                             "or fitted_bids")
        self.policy: PolicyTables | None = None
        if self.POLICY_MODULE is not None:
            found = importlib.import_module(self.POLICY_MODULE).WEIGHTS
            self.policy = policy_tables(self.temperature, checked_weights(found))
        self.own_policy: PolicyTables | None = None
        if self.OWN_POLICY_MODULE is not None:
            found = importlib.import_module(self.OWN_POLICY_MODULE).WEIGHTS
            self.own_policy = policy_tables(self.temperature, checked_weights(found))

    def _rollout(self, state: GameState, seat: int, hands_done: int, weight: float,
                 rng: random.Random) -> float:
        """:func:`bench.fitted_rollout.fitted_rollout` with this engine's settings."""
        return fitted_rollout(state, seat, hands_done, weight, rng, self.epsilon,
                              self.temperature, self.policy, self.own_policy)


class IsmctsPolicy(FittedPolicy):
    """Rollouts by the same conditional logit fitted instead to OpenSpiel's ISMCTS's card
    decisions (bench/policy_data.py ``--source ismcts``; weights in
    bench/ismcts_policy_weights.py)."""

    POLICY_MODULE = "bench.ismcts_policy_weights"


class Fitted05(FittedPolicy):
    """Fitted-policy rollouts at temperature 0.5."""

    default_temperature: ClassVar[float] = 0.5


class Fitted0(FittedPolicy):
    """Fitted-policy rollouts at temperature 0 (the policy's best card)."""

    default_temperature: ClassVar[float] = 0.0


class FastFitted(FittedPolicy):
    """As :class:`FittedPolicy`, the policy cheaper per card: fitted without the eight
    features that cost the most to compute and helped least, and played from tables
    of exponentials (bench/fast_fitted.py, weights in bench/fast_policy_weights.py).

    Settings: ``temperature`` (default 1; 0, or at least 0.1) and ``epsilon``
    (default 0).  Other games than Diminishing Whist roll out as ``strong``.
    """

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """FittedPolicy's settings, the temperature checked for the fast tables."""
        super().__init__(seed=seed, budget=budget, **settings)
        self.tables = fast_tables(self.temperature)

    def _rollout(self, state: GameState, seat: int, hands_done: int, weight: float,
                 rng: random.Random) -> float:
        """:func:`bench.fast_fitted.fast_fitted_rollout` with this engine's settings."""
        return fast_fitted_rollout(state, seat, hands_done, weight, rng, self.epsilon,
                                   self.tables)


# ---------------------------------------------------------- Black Queen (issue 11, item 4)
#: The default hooks, which each variant below changes.
BLACK_QUEEN_HOOKS = HOOKS["black-queen"]


class BlackQueenVariant(Tunable):
    """``strong`` with Black Queen's search hooks changed by :attr:`changes`.

    The hooks are per game, not per engine: constructing one replaces them for the whole
    process, so a variant may only meet engines outside the ``strong`` family (the arena
    against strength0-2, one process per run).
    """

    changes: ClassVar[dict[str, Any]] = {}

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """Set the game's hooks, then build the engine."""
        HOOKS["black-queen"] = replace(BLACK_QUEEN_HOOKS, **self.changes)
        super().__init__(seed=seed, budget=budget, **settings)


class BqOld(BlackQueenVariant):
    """As before issue 11 item 4: the generic card_policy, strength2's card kept at 2 SE."""

    changes: ClassVar[dict[str, Any]] = {"card_policy": None}
    prior_engine: ClassVar[type[Engine] | None] = Strength2
    prior_margin: ClassVar[float] = 2.0


class BqPolicy(BlackQueenVariant):
    """Black Queen's own rollout policy, strength2's card still kept at 2 SE."""

    changes: ClassVar[dict[str, Any]] = {"card_policy": black_queen_policy}
    prior_engine: ClassVar[type[Engine] | None] = Strength2
    prior_margin: ClassVar[float] = 2.0


class BqNoPrior(BlackQueenVariant):
    """Black Queen's own rollout policy and no prior (strong's default since issue 11 item 4)."""

    changes: ClassVar[dict[str, Any]] = {"card_policy": black_queen_policy}


class BqFullHand(BlackQueenVariant):
    """As BqNoPrior, with rollouts played to the hand's end (no 8-trick horizon)."""

    changes: ClassVar[dict[str, Any]] = {"card_policy": black_queen_policy, "horizon": None}

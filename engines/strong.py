"""``strong``: one determinized-search engine for every decision of every game.

How it decides (perfect-information Monte Carlo, "PIMC"):

1. Candidates: the legal actions, cut to the ``max_candidates`` best by a cheap
   heuristic when there are very many (9-5-2 discards and passes, Bidding
   Whist's initial bids).
2. Each iteration deals a *world*: the game class's ``sample_world(obs, rng)``
   imagines the hidden cards consistently with everything the seat has seen.
3. In that world every surviving candidate is tried (common random numbers:
   all candidates face the same imagined cards, so their difference is not
   drowned by the luck of the deal): the candidate is stepped, then the hand is
   played to its end by a fast rollout policy (aim at your bid, win cheaply,
   duck with your highest loser, dump penalty cards ...; Black Queen has its
   own, ``engines/black_queen_search.py``).
4. A rollout is scored by the hand's score delta for the seat minus a
   game-specific share of the other seats' mean delta (what the arena's mean
   difference rewards; see :data:`OTHERS_WEIGHT`).
5. Candidates clearly worse than the leader (paired difference more than two
   standard errors below) are dropped at doubling checkpoints (4, 8, 16 ...
   worlds), and at most half survive each checkpoint while more than
   ``keep`` remain, so the budget goes to the close calls.

Budget: ``budget`` seconds per decision (default 1.0) and/or ``iterations``
rollouts per decision.  With only ``iterations`` the engine is deterministic
for a given seed and observation; a time budget makes the result depend on
the machine's speed.  The random generator of each decision is derived from
the seed and the observation, so a decision does not depend on the calls made
before it (a hint and the move agree).
"""

from __future__ import annotations

import json
import math
import random
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engines.base import Engine
from engines.bid_model import BidFacts, BidModel, load_model, outcome_of
from engines.black_queen_search import black_queen_policy
from engines.endgame import Solver, mask_of, seat_values
from engines.fast_rollout import fair_tops, play_cards
from engines.hand_strength import expected_tricks
from engines.world_model import expected_bid, world_weigher
from whist.actions import (
    PLAYS,
    SKIP,
    Action,
    Bid,
    Contract,
    Decision,
    Discard,
    NameTrump,
    PassCards,
    Play,
)
from whist.cards import CARDS, RANK_OF, SUIT_OF, Card
from whist.games import game_class
from whist.games.bidding import BiddingWhist
from whist.games.black_queen import PENALTY, QUEEN_OF_SPADES, UP_PLAYS, BlackQueen
from whist.games.diminishing import DiminishingWhist
from whist.games.nine_five_two import NineFiveTwo
from whist.observations import BlackQueenObservation, Observation
from whist.protocol import GameState, trick_strengths, trick_winner
from whist.tricks import TrickGame

NO_PENALTY: tuple[int, ...] = (0,) * 52
#: Chance that a rollout plays a random legal card instead of the heuristic one.
EPSILON = 0.05
#: Whether rollouts use a game's :attr:`SearchHooks.fast_cards` (off: the reference
#: path, which the differential test compares it with).
FAST_ROLLOUTS = True


def _want_always(state: TrickGame, seat: int) -> bool:
    return True


@dataclass(frozen=True)
class SearchHooks:
    """What the search needs to know of one game, registered by game name in :data:`HOOKS`."""

    #: Weight of the other seats' mean score delta subtracted from the seat's own.
    #: 1 maximises the arena's score difference; less keeps the engine's own score up.
    others_weight: float = 0.5
    #: Does this seat want more tricks now?
    want: Callable[[Any, int], bool] = _want_always
    #: Each card's penalty: what a ducking seat dumps first (Black Queen's hearts and Q♠).
    penalty: tuple[int, ...] = NO_PENALTY
    #: Tricks a rollout plays before it is cut short and scored by points taken so far
    #: (Black Queen's 26-trick hands are long; its penalties are counted trick by trick).
    horizon: int | None = None
    #: Card play keeps the prior's choice unless a candidate beats it by this many
    #: standard errors (paired over worlds): the search only overrides the heuristic
    #: where it sees a real difference (0: no prior; Black Queen used 2 with strength2 as
    #: the prior until it had its own rollout policy).
    prior_margin: float = 0.0
    #: The engine whose choice is the search's prior (default: the rollout policy's card).
    prior_engine: type[Engine] | None = None
    #: The rollout's legal plays, when the game has a cheaper way than legal_actions().
    fast_plays: Callable[[Any, int], list[Any]] | None = None
    #: How many cards the seat to move must discard or pass, if any (9-5-2).
    cards_to_give: Callable[[Any], int | None] | None = None
    #: The seat's own cards on the table besides its hand (Black Queen's face-up row).
    own_table_cards: Callable[[Any], list[str]] = lambda obs: []
    #: How many decks the pack holds (Black Queen: one per two players).
    decks: Callable[[Any], int] = lambda obs: 1
    #: The hand's score deltas had each seat taken these tricks this hand: with it, the
    #: last tricks of a world are solved exactly (engines/endgame.py) instead of rolled out.
    #: Only for one-deck, follow-suit games whose hand score depends on tricks alone.
    hand_score: Callable[[Any, tuple[int, ...]], Sequence[int]] | None = None
    #: Plays a rollout's cards on, exactly as :func:`rollout`'s loop would (same random
    #: draws, same cards), up to the hand's end (scored) or the endgame cut, only faster;
    #: called ``(state, rng, epsilon, endgame)`` at the first card decision, it returns
    #: False, the state untouched, for a state it does not know (engines/fast_rollout.py).
    fast_cards: Callable[..., bool] | None = None
    #: The rollout's card choice (state, legal, want, penalty), when the game has its own
    #: (Black Queen: engines/black_queen_search.py); default :func:`card_policy`.
    card_policy: Callable[[Any, list[Any], bool, Sequence[int]], Any] | None = None


class StrongEngine(Engine):
    """Determinized search (PIMC) with heuristic rollouts; plays every decision of every game."""

    level: ClassVar[str] = "strong"
    description: ClassVar[str] = ("Searches sampled deals consistent with what it has seen "
                                  "and simulates each choice to the end of the hand.")
    #: Settings the constructor reads (the arena passes ``iterations`` to engines listing it).
    setting_names: ClassVar[tuple[str, ...]] = ("iterations", "max_candidates", "keep",
                                                "world_class", "others_weight", "endgame",
                                                "bid_model", "world_model", "fair_leads",
                                                "fitted_bids", "epsilon")
    #: Default of the ``endgame`` setting (off: not measurably stronger, docs/strength.md).
    default_endgame: ClassVar[int] = 0
    #: Default of the ``bid_model`` setting: "fitted" chooses Diminishing Whist bids by the
    #: calibrated model (engines/bid_model.py), "off" by the rollouts' mean values alone.
    #: Off: measured weaker (docs/strength.md, issue 11: -1.39 [-3.40, +0.61] over 60 deals).
    default_bid_model: ClassVar[str] = "off"
    #: Default of the ``world_model`` setting: "bids" weights sampled worlds by how likely
    #: the other seats' bids were (engines/world_model.py), "off" weighs them alike.  Off:
    #: the bids place only 1.4% more hidden cards right while the weights cut the worlds'
    #: effective number to 28%; measured weaker with the bid model (docs/strength.md).
    default_world_model: ClassVar[str] = "off"
    #: Default of the ``fair_leads`` setting: rollouts lead masters read off what the seat
    #: could know (:func:`_lead_for_tricks`), not off the sampled world's other hands.
    default_fair_leads: ClassVar[bool] = False
    #: Default of the ``fitted_bids`` setting: in a rollout, the seats still to bid bid as
    #: the fitted model of ``strong``'s own bids says (engines/world_model.py).
    default_fitted_bids: ClassVar[bool] = False
    #: Default of the ``epsilon`` setting (:data:`EPSILON`).
    default_epsilon: ClassVar[float] = EPSILON

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """``budget`` seconds and/or ``iterations`` rollouts per decision (default 1 s)."""
        super().__init__(seed=seed, budget=budget, **settings)
        self.iterations: int | None = settings.get("iterations")
        if self.budget is None and self.iterations is None:
            self.budget = 1.0
        self.max_candidates: int = int(settings.get("max_candidates", 20))
        self.keep: int = int(settings.get("keep", 4))
        #: The game class whose ``sample_world`` makes the worlds searched (default: the
        #: observed game's); a variant with other scoring can be searched through it.
        self.world_class: type[GameState] | None = settings.get("world_class")
        #: Overrides OTHERS_WEIGHT (how much the other seats' mean score counts against).
        self.others_weight: float | None = settings.get("others_weight")
        #: At decisions where the seat holds at most this many cards, solve each world
        #: exactly (engines/endgame.py) instead of rolling it out (0: never).
        self.endgame: int = int(settings.get("endgame", self.default_endgame))
        choice = settings.get("bid_model", self.default_bid_model)
        if choice not in ("fitted", "off"):
            raise ValueError(f"bid_model must be 'fitted' or 'off', not {choice!r}")
        self.bid_model: BidModel | None = load_model() if choice == "fitted" else None
        worlds = settings.get("world_model", self.default_world_model)
        if worlds not in ("bids", "off"):
            raise ValueError(f"world_model must be 'bids' or 'off', not {worlds!r}")
        self.world_model: bool = worlds == "bids"
        self.fair_leads: bool = bool(settings.get("fair_leads", self.default_fair_leads))
        self.fitted_bids: bool = bool(settings.get("fitted_bids", self.default_fitted_bids))
        self.epsilon: float = float(settings.get("epsilon", self.default_epsilon))
        if not 0.0 <= self.epsilon <= 1.0:
            raise ValueError(f"epsilon must be between 0 and 1, not {self.epsilon}")
        self.last_stats: dict[str, Any] = {}

    # ------------------------------------------------------------------ API
    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The candidate with the best mean rollout value."""
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Play) and len(distinct_plays(observation, list(legal))) == 1:
            return legal[0]  # every card here is as good as any other
        return self._search(observation, legal)[0][0]

    def evaluate(self, observation: Observation,
                 legal: Sequence[Action]) -> list[tuple[Action, float]] | None:
        """(action, mean rollout value) for the searched candidates, best first."""
        return self._search(observation, legal)

    # --------------------------------------------------------------- search
    def _decision_rng(self, obs: Observation) -> random.Random:
        key = json.dumps(obs, sort_keys=True, ensure_ascii=True, default=str).encode()
        return random.Random(self.seed * 1_000_003 + zlib.crc32(key))

    def _search(self, obs: Observation, legal: Sequence[Action]) -> list[tuple[Action, float]]:
        start = time.perf_counter()
        rng = self._decision_rng(obs)
        cls = self.world_class or game_class(obs["game"])
        hooks = HOOKS[obs["game"]]
        seat: int = obs["seat"]
        candidates = prune_candidates(obs, list(legal), self.max_candidates)
        # Worlds are solved exactly only at the decisions of a hand's last few tricks: a
        # solve costs several rollouts, too many to spend in every rollout of a long hand.
        endgame = self.endgame if len(obs["hand"]) <= self.endgame else 0
        weight = self.others_weight
        if weight is None:
            weight = hooks.others_weight
        hands_done = len(obs["hand_scores"])
        values: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        deadline = None if self.budget is None else start + self.budget
        cap = self.iterations
        rollouts = 0
        worlds = 0
        checkpoint = 4
        margin = hooks.prior_margin
        default: int | None = None
        # A bid's rollouts are also sorted by how they ended (fewer, exact, more tricks):
        # the bid model reweights those outcomes (engines/bid_model.py).
        facts = _bid_facts(obs) if isinstance(candidates[0], Bid) else None
        outcomes: list[tuple[list[tuple[float, float]], ...]] = [
            ([], [], []) for _ in candidates] if facts is not None else []
        # Each world weighs as much as the other seats' bids make it likely
        # (engines/world_model.py); None: every world weighs 1.
        weigher = world_weigher(obs) if self.world_model else None
        weights: list[float] | None = None if weigher is None else []
        while True:
            world = cls.sample_world(obs, rng)
            likelihood = 1.0
            if weigher is not None and weights is not None:
                likelihood = weigher(world)
                weights.append(likelihood)
            # Rollouts score one hand: never deal the next.
            world.stop_after_hand = True
            if margin and worlds == 0 and isinstance(candidates[0], Play):
                default = self._prior(obs, legal, candidates, world, seat)
            last = len(alive) - 1
            cut_short = False
            placed: list[tuple[int, int]] = []  # (candidate, outcome) rolled out in this world
            for position, index in enumerate(alive):
                if worlds and deadline is not None and position \
                        and time.perf_counter() >= deadline:
                    # Out of time inside a world (a bid's world holds up to 11 rollouts):
                    # forget its rollouts, so every candidate is still compared over the
                    # same worlds, and stop now rather than overrun the budget.
                    for done, outcome in placed:
                        values[done].pop()
                        if outcome >= 0:
                            outcomes[done][outcome].pop()
                    cut_short = True
                    break
                state = world if position == last else world.fork()
                candidate = candidates[index]
                state.step(candidate)
                value = rollout(state, seat, hands_done, weight, rng, endgame=endgame,
                                fair_leads=self.fair_leads, fitted_bids=self.fitted_bids,
                                epsilon=self.epsilon)
                values[index].append(value)
                outcome = -1
                if facts is not None:
                    assert isinstance(candidate, Bid) and isinstance(state, TrickGame)
                    outcome = outcome_of(candidate.tricks, state.tricks_won[seat])
                    outcomes[index][outcome].append((value, likelihood))
                placed.append((index, outcome))
            if cut_short:
                break
            rollouts += len(alive)
            worlds += 1
            if cap is not None and rollouts >= cap:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if worlds == checkpoint and len(alive) > 1:
                alive = _survivors(alive, values, worlds, self.keep, weights)
                checkpoint *= 2
        means = [_mean(v, weights) for v in values]
        bid_stats: list[dict[str, Any]] = []
        if facts is not None:
            for i in range(len(candidates)):
                bid = candidates[i].tricks  # type: ignore[union-attr]
                counts = _outcome_counts(outcomes[i])
                bid_stats.append({"bid": bid, "counts": counts, "mean": means[i],
                                  "alive": i in alive})
                if self.bid_model is not None and i in alive and values[i]:
                    means[i] = self.bid_model.value(bid, outcomes[i], counts, facts)
        order = sorted(range(len(candidates)),
                       key=lambda i: (i not in alive, -means[i], i))
        if default is not None and order[0] != default \
                and not _clearly_better(values[order[0]], values[default], margin):
            order.remove(default)
            order.insert(0, default)
        self.last_stats = {"worlds": worlds, "rollouts": rollouts,
                           "candidates": len(candidates), "legal": len(legal),
                           "seconds": time.perf_counter() - start}
        if facts is not None:
            self.last_stats["bids"] = bid_stats
            self.last_stats["facts"] = facts
        return [(candidates[i], means[i]) for i in order if values[i]]


    def _prior(self, obs: Observation, legal: Sequence[Action], candidates: list[Action],
               world: GameState, seat: int) -> int:
        """The candidate the search keeps unless another is clearly better.

        A game's ``prior_engine``'s choice when it has one (no game does now; Black
        Queen had ``strength2`` until its own rollout policy beat that), so the
        search can only overrule it where its rollouts see a real difference;
        elsewhere the rollout policy's card.
        """
        hooks = HOOKS[world.name]
        if hooks.prior_engine is not None:
            choice = hooks.prior_engine(seed=self.seed).choose(obs, legal)
            representative = play_groups(obs, list(legal)).get(choice)
            if representative in candidates:
                return candidates.index(representative)
        assert isinstance(world, TrickGame)
        want = hooks.want(world, seat)
        policy = hooks.card_policy or card_policy
        return candidates.index(policy(world, candidates, want, hooks.penalty))


def _bid_facts(obs: Observation) -> BidFacts | None:
    """The bid model's facts of a Diminishing Whist bid (None for other games' bids)."""
    if obs["game"] != "diminishing-whist":
        return None
    bids: list[int | None] = obs["bids"]
    return BidFacts(cards=obs["cards"],
                    players=obs["players"],
                    position=sum(1 for b in bids if b is not None) + 1,
                    trump=obs["trump"] is not None)


def _clearly_better(best: list[float], other: list[float], margin: float) -> bool:
    """Whether ``best`` beats ``other`` by more than ``margin`` standard errors (paired)."""
    n = min(len(best), len(other))
    if n < 2:
        return True
    diffs = [a - b for a, b in zip(best[:n], other[:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > margin * math.sqrt(var / n)


def _mean(values: list[float], weights: list[float] | None) -> float:
    """The mean of a candidate's rollout values, each world weighted (``-inf`` if none)."""
    if not values:
        return -math.inf
    if weights is None:
        return sum(values) / len(values)
    total = sum(weights[:len(values)])
    if total <= 0.0:
        return sum(values) / len(values)
    return sum(v * w for v, w in zip(values, weights, strict=False)) / total


def _outcome_counts(outcomes: tuple[list[tuple[float, float]], ...]) -> list[float]:
    """Rollouts per outcome of a bid, re-scaled by the worlds' weights to the same total."""
    n = sum(len(o) for o in outcomes)
    mass = [sum(w for _, w in o) for o in outcomes]
    total = sum(mass)
    if total <= 0.0:
        return [float(len(o)) for o in outcomes]
    return [n * m / total for m in mass]


def _survivors(alive: list[int], values: list[list[float]], worlds: int,
               keep: int, weights: list[float] | None = None) -> list[int]:
    """Drop candidates clearly behind the leader; halve the field while it is large.

    With ``weights`` (one per world), means and spreads are weighted and the
    number of worlds is their effective number, (Σw)² / Σw².
    """
    w = None if weights is None else weights[-worlds:]
    total = 0.0 if w is None else sum(w)
    if w is None or total <= 0.0:
        w = None
        means = {i: sum(values[i][-worlds:]) / worlds for i in alive}

        def close_enough(diffs: list[float]) -> bool:
            mean = sum(diffs) / worlds
            var = sum((d - mean) ** 2 for d in diffs) / max(1, worlds - 1)
            return mean + 2.0 * math.sqrt(var / worlds) >= 0.0
    else:
        effective = total * total / sum(x * x for x in w)
        means = {i: sum(v * x for v, x in zip(values[i][-worlds:], w, strict=True)) / total
                 for i in alive}

        def close_enough(diffs: list[float]) -> bool:
            assert w is not None
            mean = sum(d * x for d, x in zip(diffs, w, strict=True)) / total
            var = sum(x * (d - mean) ** 2 for d, x in zip(diffs, w, strict=True)) / total
            return mean + 2.0 * math.sqrt(var / max(1.0, effective - 1.0)) >= 0.0
    best = max(alive, key=lambda i: (means[i], -i))
    survivors = [i for i in alive if i == best or close_enough(
        [a - b for a, b in zip(values[i][-worlds:], values[best][-worlds:], strict=True)])]
    if len(survivors) > keep:
        survivors.sort(key=lambda i: (-means[i], i))
        survivors = survivors[:max(keep, (len(survivors) + 1) // 2)]
    return sorted(survivors)


# ------------------------------------------------------------------ rollouts
def rollout(state: GameState, seat: int, hands_done: int, weight: float,
            rng: random.Random, full_hand: bool = False, endgame: int = 0,
            fair_leads: bool = False, fitted_bids: bool = False,
            epsilon: float = EPSILON) -> float:
    """Play ``state`` (a search copy stopping after its hand) to the hand's end; the seat's value.

    ``full_hand``: ignore the game's :attr:`SearchHooks.horizon` and always score the
    whole hand (a review values choices in the game's own hand score).
    ``endgame``: once the seat to play a card holds at most this many, solve the rest
    of the hand exactly (games with a :attr:`SearchHooks.hand_score`) instead.
    ``fair_leads``: a seat leading for tricks reads its masters off the cards it
    could know are gone (its own, the played), not off the other hands (see
    :func:`_lead_for_tricks`).
    ``fitted_bids``: the seats still to bid bid as the fitted model of how a seat
    bids says (:func:`engines.world_model.expected_bid`), not by the rough count.
    ``epsilon``: the chance that a card is played at random instead of the policy's.
    """
    assert isinstance(state, TrickGame)
    hooks = HOOKS[state.name]
    penalty = hooks.penalty
    wants = hooks.want
    horizon = None if full_hand else hooks.horizon
    stop_after = 10_000 if horizon is None else len(state.tricks) + horizon
    fast = hooks.fast_plays
    fast_cards = hooks.fast_cards if FAST_ROLLOUTS and horizon is None else None
    policy = hooks.card_policy
    scores = state.hand_scores
    while not state.over and not state.hand_over and len(scores) == hands_done:
        if len(state.tricks) >= stop_after and not state.trick:
            return _points_value(state, seat, weight)
        if state.decision is Decision.CARD:
            if fast_cards is not None:
                # The same cards as this loop would play, to the hand's end or the cut
                # below (then solved here); once only: a declined state goes on here.
                fast_cards(state, rng, epsilon, 0 if hooks.hand_score is None else endgame,
                           fair_leads=fair_leads)
                fast_cards = None
                continue
            mover = state.to_move
            assert mover is not None
            if endgame and hooks.hand_score is not None \
                    and len(state.hands[mover]) <= endgame:
                return solve_world(state, weight)[seat]
            legal = state.legal_actions() if fast is None else fast(state, mover)
            if len(legal) == 1:
                action = legal[0]
            elif rng.random() < epsilon:
                action = legal[rng.randrange(len(legal))]
            else:
                action = (card_policy(state, legal, wants(state, mover), penalty, fair_leads)
                          if policy is None else policy(state, legal, wants(state, mover), penalty))
        else:
            action = other_policy(state, rng, fitted_bids)
        state.step(action)
    scores = state.hand_scores
    if len(scores) <= hands_done:
        return 0.0
    delta = scores[hands_done]
    own = delta[seat]
    if weight == 0.0 or len(delta) < 2:
        return float(own)
    return own - weight * (sum(delta) - own) / (len(delta) - 1)


#: Hand score deltas by (game class, targets, tricks taken): every world of a decision
#: shares its few outcomes.  Cleared when large.
_HAND_SCORES: dict[tuple[Any, ...], tuple[float, ...]] = {}


def solve_world(state: TrickGame, weight: float) -> tuple[float, ...]:
    """Every seat's value of the rest of this world's hand, all seats playing perfectly."""
    hooks = HOOKS[state.name]
    score = hooks.hand_score
    assert score is not None
    key_base = (type(state), weight, state._targets())

    def scorer(won: tuple[int, ...]) -> tuple[float, ...]:
        key = (*key_base, won)
        found = _HAND_SCORES.get(key)
        if found is None:
            if len(_HAND_SCORES) > 50_000:
                _HAND_SCORES.clear()
            found = _HAND_SCORES[key] = seat_values(score(state, won), weight)
        return found
    solver = Solver(state.players, state.trump, scorer)
    hands = [mask_of(h) for h in state.hands]
    return solver.solve(hands, state.trick, state.to_move, state.tricks_won)  # type: ignore[arg-type]


def _round_score_of(state: DiminishingWhist, won: tuple[int, ...]) -> list[int]:
    """A Diminishing Whist round's scores had the seats taken ``won`` (the game's own rule)."""
    done = state.fork()
    done.stop_after_hand = True
    done._events = None
    done.tricks_won = list(won)
    done._end_round()
    return done.hand_scores[-1]


def fast_plays(state: BlackQueen, seat: int) -> list[Any]:
    """Black Queen's legal plays without removing repeats (two decks): rollouts don't mind."""
    hand = state.hands[seat]
    row = state.up[seat]
    if state.trick:
        led = SUIT_OF[state.trick[0][1]]
        plays: list[Any] = [PLAYS[c] for c in hand if SUIT_OF[c] == led]
        plays.extend(UP_PLAYS[p][c] for p, c in enumerate(row)
                     if c is not None and SUIT_OF[c] == led)
        if plays:
            return plays
    plays = [PLAYS[c] for c in hand]
    plays.extend(UP_PLAYS[p][c] for p, c in enumerate(row) if c is not None)
    return plays


def _points_value(state: TrickGame, seat: int, weight: float) -> float:
    """A cut-short Black Queen rollout: minus the penalty points each seat holds so far."""
    assert isinstance(state, BlackQueen)
    points = state.points
    own = -points[seat]
    others = -(sum(points) - points[seat]) / (len(points) - 1)
    return float(own - weight * others)


def _want_never(state: TrickGame, seat: int) -> bool:
    return False


def _want_to_bid(state: DiminishingWhist, seat: int) -> bool:
    bid = state.bids[seat]
    return bid is not None and state.tricks_won[seat] < bid


def _want_bidding_whist(state: BiddingWhist, seat: int) -> bool:
    bet = state.bets[seat]
    return bet is None or state.tricks_won[seat] < bet


def _own_face_up(obs: BlackQueenObservation) -> list[str]:
    return [card for card in obs["up"][obs["seat"]] if card is not None]


def _black_queen_decks(obs: BlackQueenObservation) -> int:
    return obs["decks"]


def _nine_five_two_gives(state: NineFiveTwo) -> int | None:
    return state.choose_count()


#: The search's knowledge of each game, by record name.
HOOKS: dict[str, SearchHooks] = {
    "diminishing-whist": SearchHooks(others_weight=0.5, want=_want_to_bid,
                                     hand_score=_round_score_of, fast_cards=play_cards),
    # Black Queen's rollouts play its own policy (engines/black_queen_search.py), and the
    # search's best mean is played: no strength2 prior (docs/strength.md, issue 11).
    "black-queen": SearchHooks(others_weight=1.0, want=_want_never, penalty=PENALTY, horizon=8,
                               own_table_cards=_own_face_up, decks=_black_queen_decks,
                               card_policy=black_queen_policy, fast_plays=fast_plays),
    "nine-five-two": SearchHooks(others_weight=1.0, cards_to_give=_nine_five_two_gives),
    "bidding-whist": SearchHooks(others_weight=0.5, want=_want_bidding_whist,
                                 fast_cards=play_cards),
    "classic-whist": SearchHooks(others_weight=1.0),
}
#: Kept for readers of the old tables: the weight per game (see :class:`SearchHooks`).
OTHERS_WEIGHT: dict[str, float] = {name: hooks.others_weight for name, hooks in HOOKS.items()}


def card_policy(state: Any, legal: list[Any], want: bool,
                penalty: Sequence[int], fair_leads: bool = False) -> Any:
    """A cheap card choice: win cheaply when wanting tricks, else duck high and dump penalties."""
    trick = state.trick
    trump = state.trump
    trump_suit = -1 if trump is None else int(trump)
    if not trick:
        if want:
            return _lead_for_tricks(state, legal, trump_suit, fair_leads)
        return min(legal, key=lambda a: (penalty[a.card], RANK_OF[a.card],
                                         SUIT_OF[a.card] == trump_suit))
    strengths = trick_strengths(trump, SUIT_OF[trick[0][1]])
    top = strengths[trick[trick_winner(trick, trump)][1]]
    winners: list[Any] = []
    losers: list[Any] = []
    for a in legal:
        # With two decks an equal card played later wins, hence >=.
        (winners if strengths[a.card] >= top else losers).append(a)
    if want:
        if winners:
            return min(winners, key=lambda a: (SUIT_OF[a.card] == trump_suit, RANK_OF[a.card]))
        return min(legal, key=lambda a: (penalty[a.card] > 0, SUIT_OF[a.card] == trump_suit,
                                          RANK_OF[a.card]))
    if losers:
        return max(losers, key=lambda a: (penalty[a.card], RANK_OF[a.card]))
    if len(trick) == state.players - 1:
        return max(winners, key=lambda a: (-penalty[a.card], RANK_OF[a.card]))
    return min(winners, key=lambda a: (penalty[a.card], RANK_OF[a.card]))


def _lead_for_tricks(state: Any, legal: list[Any], trump_suit: int,
                     fair: bool = False) -> Any:
    """Lead a master (the best card left in its suit), side suits first; else a low side card.

    In a sampled world every hand is known, so "best card left" can be read off
    them.  ``fair``: read off what the seat could know instead, every card neither
    its own nor played (an undealt card may be live), so that a rollout does not
    make a seat's tricks look surer than they are at the table.
    """
    mover = state.to_move
    if fair:
        top = fair_tops(state.hands[mover], state.tricks, state.trick)
    else:
        top = [-1] * 4
        for seat, hand in enumerate(state.hands):
            if seat != mover:
                for c in hand:
                    if c > top[SUIT_OF[c]]:
                        top[SUIT_OF[c]] = c
    masters = [a for a in legal if a.card >= top[SUIT_OF[a.card]]]
    if masters:
        return max(masters, key=lambda a: (SUIT_OF[a.card] != trump_suit, RANK_OF[a.card]))
    return min(legal, key=lambda a: (SUIT_OF[a.card] == trump_suit, RANK_OF[a.card]))


# ------------------------------------------------- bids, trump, discards
def _nearest_number(legal: list[Action], target: float) -> Action:
    def tricks(action: Action) -> int:
        return action.tricks if isinstance(action, Bid | Contract) else 0
    return min(legal, key=lambda a: (abs(tricks(a) - target), tricks(a)))


def best_trump(hand: Sequence[int]) -> int:
    """The suit with the most length and strength in ``hand``."""
    strength = [0.0] * 4
    for c in hand:
        strength[SUIT_OF[c]] += 1.0 + max(0, RANK_OF[c] - 9) * 0.3
    return max(range(4), key=lambda s: (strength[s], s))


def card_keep_value(card: int, trump: int | None) -> float:
    """How much a seat wants to keep ``card`` (for discards and passes)."""
    value = float(RANK_OF[card])
    if trump is not None and SUIT_OF[card] == trump:
        value += 8.0
    return value


def other_policy(state: Any, rng: random.Random, fitted_bids: bool = False) -> Action:
    """A rollout's non-card decision: bid what the hand should take, sensible trump/discards."""
    decision = state.decision
    seat = state.to_move
    if decision in (Decision.DISCARD, Decision.PASS):
        gives = HOOKS[state.name].cards_to_give
        count = None if gives is None else gives(state)
        if count is not None:
            hand = state.hands[seat]
            trump = state.trump
            given = tuple(sorted(hand, key=lambda c: (card_keep_value(c, trump), c))[:count])
            return Discard(given) if decision is Decision.DISCARD else PassCards(given)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]  # type: ignore[no-any-return]
    hand = state.hands[seat]
    if decision is Decision.BID or decision is Decision.SECONDARY_BET:
        if fitted_bids and decision is Decision.BID and state.name == DiminishingWhist.name:
            target = expected_bid(hand, state.trump, state.players, state.cards)
        else:
            target = expected_tricks(hand, state.trump, state.players)
        return _nearest_number(legal, target)
    if decision is Decision.TRUMP:
        suit = best_trump(hand)
        for a in legal:
            if isinstance(a, NameTrump) and a.trump == suit:
                return a
        return legal[0]  # type: ignore[no-any-return]
    if decision is Decision.INITIAL_BID:
        return _rollout_initial_bid(hand, legal, state.players)
    return legal[rng.randrange(len(legal))]  # type: ignore[no-any-return]


def contract_estimates(hand: Sequence[int], players: int) -> dict[int | None, float]:
    """Expected tricks under each denomination (suit index, None for no-trump)."""
    out: dict[int | None, float] = {None: expected_tricks(hand, None, players)}
    for s in range(4):
        out[s] = expected_tricks(hand, s, players)
    return out


def _rollout_initial_bid(hand: Sequence[int], legal: list[Action], players: int) -> Action:
    estimates = contract_estimates(hand, players)
    best: Action = SKIP if SKIP in legal else legal[0]
    best_key = (-1.0, 0.0)
    for a in legal:
        if isinstance(a, Contract):
            est = estimates[None if a.trump is None else int(a.trump)]
            # Bid only what the hand should take (plus about one from the rest).
            if a.tricks <= est + 1.0:
                key = (est, -float(a.tricks))
                if key > best_key:
                    best, best_key = a, key
    return best


# ------------------------------------------------------------- candidates
def prune_candidates(obs: Observation, legal: list[Action], limit: int) -> list[Action]:
    """At most ``limit`` candidates: the best by a cheap heuristic when there are more."""
    if len(legal) <= limit:
        return legal
    trump_text = obs.get("trump")
    trump = None if trump_text in (None, "NT") else "♣♦♥♠".index(trump_text)
    first = legal[0]
    if isinstance(first, Discard | PassCards):
        suit_count = [0] * 4
        for text in obs["hand"]:
            suit_count[SUIT_OF[_card_index(text)]] += 1

        def give_score(a: Action) -> float:
            cards = a.cards  # type: ignore[union-attr]
            given = sum(card_keep_value(c, trump) for c in cards)
            gone = [0] * 4
            for c in cards:
                gone[SUIT_OF[c]] += 1
            # A side suit given away entirely leaves a void to ruff with.
            voids = sum(1 for s in range(4) if gone[s] and gone[s] == suit_count[s]
                        and s != trump)
            return -given + 6.0 * voids
        given: list[Any] = list(legal)
        return sorted(given, key=lambda a: (-give_score(a), a.cards))[:limit]
    if any(isinstance(a, Contract) for a in legal):
        hand = [CARDS[_card_index(c)] for c in obs["hand"]]
        estimates = contract_estimates(hand, obs["players"])

        def bid_score(a: Action) -> float:
            if not isinstance(a, Contract):
                return 0.5
            est = estimates[None if a.trump is None else int(a.trump)]
            return -abs(a.tricks - est - 0.5)
        ranked = sorted(legal, key=lambda a: (-bid_score(a), str(a)))[:limit]
        if SKIP in legal and SKIP not in ranked:
            ranked[-1] = SKIP
        return ranked
    if isinstance(first, Play):
        return distinct_plays(obs, legal)
    return legal[:limit] if not isinstance(first, Bid | NameTrump) else legal


def distinct_plays(obs: Observation, legal: list[Action]) -> list[Action]:
    """One play per group of equivalent cards.

    Two cards of a suit are equivalent when every card ranked between them is
    the seat's own or already played: they win and lose against exactly the
    same cards.  (Black Queen's Q♠ keeps its own group: it scores differently;
    a face-up card stays apart from hand cards: playing it turns a card up.)
    """
    if len(legal) <= 2:
        return legal
    return list(dict.fromkeys(play_groups(obs, legal).values()))


def play_groups(obs: Observation, legal: list[Action]) -> dict[Action, Action]:
    """Each legal play mapped to its group's representative (see :func:`distinct_plays`)."""
    copies = [0] * 52
    for c in _pack_of(obs):
        copies[c] += 1
    gone = [0] * 52  # the seat's own cards and every card played
    for text in obs["hand"]:
        gone[_card_index(text)] += 1
    for text in HOOKS[obs["game"]].own_table_cards(obs):
        gone[_card_index(text)] += 1
    for trick in obs["tricks"]:
        for _, text in trick["plays"]:
            gone[_card_index(text)] += 1
    # Not the current trick's cards: they are still to be beaten (after a led K♥, A♥
    # wins and 3♥ does not, though every heart between them is gone).
    given: list[Any] = list(legal)
    plays = sorted(given, key=lambda a: (a.up is not None, a.card))
    groups: dict[Action, Action] = {}
    previous: Any = None
    for a in plays:
        card: int = a.card
        if previous is not None and SUIT_OF[previous.card] == SUIT_OF[card] \
                and (previous.up is None) == (a.up is None) \
                and PENALTY_GROUP[previous.card] == PENALTY_GROUP[card] \
                and all(gone[b] >= copies[b] for b in range(previous.card + 1, card)):
            groups[a] = groups[previous]  # same as the representative kept (the lowest)
        else:
            groups[a] = a
        previous = a
    return groups


#: Cards in different groups never count as equivalent plays (Q♠ scores apart).
PENALTY_GROUP: tuple[int, ...] = tuple(1 if c == QUEEN_OF_SPADES else 0 for c in range(52))


def _pack_of(obs: Observation) -> list[int]:
    decks = HOOKS[obs["game"]].decks(obs)
    return [c for _ in range(decks) for c in range(52)]


def _card_index(text: str) -> int:
    return int(Card.parse(text))

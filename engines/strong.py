"""``strong``: one determinized-search engine for every decision of every game.

How it decides (perfect-information Monte Carlo, "PIMC"):

1. Candidates: the legal actions, cut to the ``max_candidates`` best by a cheap
   heuristic when there are very many (9-5-2 discards and passes, Bidding
   Whist's initial bids).  A Diminishing Whist bid searches only the
   ``bid_shortlist`` (2) bids of best expected score when every seat plays at
   random (engines/random_play.py): the greedy rollouts below, played by every
   seat alike, make extreme bids (0 above all) look safer than they are.
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
   ``keep`` remain, so the budget goes to the close calls.  Once only one is
   left the search stops: its choice is made (:data:`STOP_WHEN_SETTLED`).

Budget: ``budget`` seconds per decision (default 1.0) and/or ``iterations``
rollouts per decision.  With only ``iterations`` the engine is deterministic
for a given seed and observation; a time budget makes the result depend on
the machine's speed.  The random generator of each decision is derived from
the seed and the observation, so a decision does not depend on the calls made
before it (a hint and the move agree).

This module holds only what plays.  Settings tried and measured worse (a bid
model, worlds weighted by the bids, exact endgames, fair leads, fitted bids in
rollouts, other epsilons, a prior engine) are variants in
``bench/strong_variants.py``, built on two hooks a subclass overrides:
the engine's own ``_tally`` method (how a decision's rollout values are kept,
compared and ranked: :class:`Tally`) and its ``_rollout`` method (how one
rollout is played and valued).
"""

from __future__ import annotations

import json
import math
import random
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engines.black_queen_search import black_queen_policy
from engines.fast_rollout import play_cards
from engines.hand_strength import expected_tricks
from engines.interface import Engine
from engines.random_play import diminishing_bid_shortlist
from whist.actions import (
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
from whist.games.black_queen import QUEEN_OF_SPADES, BlackQueen
from whist.observations import Observation
from whist.protocol import GameState
from whist.trick_rule import trick_strengths, trick_winner
from whist.tricks import TrickGame

#: Chance that a rollout plays a random legal card instead of the heuristic one.
EPSILON = 0.05
#: Whether rollouts use a game's :attr:`SearchHooks.fast_cards` (off: the reference
#: path, which the differential test compares it with).
FAST_ROLLOUTS = True
#: Whether a search stops once one candidate is left (its choice is made; more rollouts
#: would only refine that candidate's value).  Off: the budget is spent to the end, as
#: before, which the fingerprint test's recorded values were made with.
STOP_WHEN_SETTLED = True


@dataclass(frozen=True)
class SearchHooks:
    """How the search plays one game, registered by game name in :data:`HOOKS`.

    The engine's own choices only: what the rules say (whether a seat wants tricks,
    each card's penalty, the cards to give, the pack, the cards gone) is the game's
    (:class:`~whist.tricks.TrickGame`'s search facts).
    """

    #: Weight of the other seats' mean score delta subtracted from the seat's own.
    #: 1 maximises the arena's score difference; less keeps the engine's own score up.
    others_weight: float = 0.5
    #: Tricks a rollout plays before it is cut short and scored by points taken so far
    #: (Black Queen's 26-trick hands are long; its penalties are counted trick by trick).
    horizon: int | None = None
    #: The rollout's legal plays ``(state, seat)``, when the game has a cheaper way than
    #: legal_actions() (Black Queen's ``search_plays``, which keeps equal cards' repeats).
    fast_plays: Callable[[Any, int], list[Any]] | None = None
    #: Plays a rollout's cards on, exactly as :func:`rollout`'s loop would (same random
    #: draws, same cards), up to the hand's end (scored), only faster; called
    #: ``(state, rng, epsilon)`` at the first card decision, it returns False, the state
    #: untouched, for a state it does not know (engines/fast_rollout.py).
    fast_cards: Callable[..., bool] | None = None
    #: The rollout's card choice (state, legal, want, penalty), when the game has its own
    #: (Black Queen: engines/black_queen_search.py); default :func:`card_policy`.
    card_policy: Callable[[Any, list[Any], bool, Sequence[int]], Any] | None = None
    #: Cuts a bid's candidates to the engine's ``bid_shortlist`` before the search,
    #: called ``(observation, candidates, world_class, rng, top)`` at every searched
    #: decision (Diminishing Whist: the best under random play, engines/random_play.py).
    bid_shortlist: Callable[[Observation, list[Action], type[GameState], random.Random, int],
                            list[Action]] | None = None


class Tally:
    """One decision's rollout values, world by world: what the search compares and ranks.

    Every surviving candidate is rolled out once in each world, so its values line up
    world by world with every other's (paired differences).  This is ``strong``'s own
    tally: every world weighs alike and the best mean wins.  It is a hook for the bench
    (``bench/strong_variants.py``): a subclass may weigh worlds, sort a bid's rollouts
    by how they ended, or keep a prior choice unless another is clearly better.
    """

    def __init__(self, candidates: list[Action]) -> None:
        """An empty tally of ``candidates``' rollouts."""
        #: Whether the search may stop once only one candidate is alive (see
        #: :data:`STOP_WHEN_SETTLED`); a subclass that ranks by more than the survivors'
        #: means (a prior, a bid model) keeps searching.
        self.settles = True
        self.candidates = candidates
        #: Each candidate's rollout values, one per world it was rolled out in.
        self.values: list[list[float]] = [[] for _ in candidates]

    def start_world(self, world: GameState) -> None:
        """``world`` (sampled, before any candidate is stepped) is rolled out next."""

    def add(self, index: int, state: GameState, value: float) -> None:
        """Candidate ``index``'s rollout in the current world ended at ``state``, worth ``value``."""
        self.values[index].append(value)

    def forget(self, index: int) -> None:
        """Drop candidate ``index``'s rollout in the current world (the budget ran out in it)."""
        self.values[index].pop()

    def survivors(self, alive: list[int], worlds: int, keep: int) -> list[int]:
        """The candidates still searched after ``worlds`` worlds (see :func:`_survivors`)."""
        return _survivors(alive, self.values, worlds, keep)

    def ranked(self, alive: list[int]) -> list[tuple[int, float]]:
        """(candidate index, value) of every candidate rolled out, best first.

        The survivors first, by mean rollout value; ties go to the earlier candidate.
        """
        means = [_mean(v) for v in self.values]
        order = sorted(range(len(self.candidates)), key=lambda i: (i not in alive, -means[i], i))
        return [(i, means[i]) for i in order if self.values[i]]

    def stats(self, alive: list[int]) -> dict[str, Any]:
        """More figures for :attr:`StrongEngine.last_stats` (none here)."""
        return {}


class StrongEngine(Engine):
    """Determinized search (PIMC) with heuristic rollouts; plays every decision of every game."""

    level: ClassVar[str] = "strong"
    description: ClassVar[str] = ("Searches sampled deals consistent with what it has seen "
                                  "and simulates each choice to the end of the hand.")
    #: Settings the constructor reads (the arena passes ``iterations`` to engines listing it).
    setting_names: ClassVar[tuple[str, ...]] = ("iterations", "max_candidates", "keep",
                                                "world_class", "others_weight", "bid_shortlist")
    #: Whether every candidate's rollout in a world draws the same random numbers
    #: (:func:`play_worlds`' ``rollout_seeds``); a bench variant with random rollouts may.
    rollout_seeds: ClassVar[bool] = False
    #: The default of the ``bid_shortlist`` setting: how many Diminishing Whist bids the
    #: search compares, the best by expected score under random play
    #: (a game's :attr:`SearchHooks.bid_shortlist`); 0 searches every legal bid.
    BID_SHORTLIST: ClassVar[int] = 2

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """``budget`` seconds and/or ``iterations`` rollouts per decision (default 1 s).

        A setting not in :attr:`setting_names` is a ValueError (a setting that moved to a
        bench variant must not be silently ignored).
        """
        unknown = sorted(set(settings) - set(self.setting_names))
        if unknown:
            raise ValueError(f"unknown setting {unknown[0]!r} (settings: "
                             f"{', '.join(self.setting_names)})")
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
        self.bid_shortlist: int = int(settings.get("bid_shortlist", self.BID_SHORTLIST))
        if self.bid_shortlist < 0:
            raise ValueError(f"bid_shortlist must be 0 or more, not {self.bid_shortlist}")
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

    # ---------------------------------------------------------------- hooks
    def _tally(self, obs: Observation, legal: Sequence[Action],
               candidates: list[Action]) -> Tally:
        """A new tally for one decision's rollouts (a bench variant returns its own)."""
        return Tally(candidates)

    def _rollout(self, state: GameState, seat: int, hands_done: int, weight: float,
                 rng: random.Random) -> float:
        """One rollout of ``state`` (a candidate just stepped) to its hand's end: its value.

        :func:`rollout` here; a bench variant may play or value it otherwise, drawing
        from ``rng`` as it likes.
        """
        return rollout(state, seat, hands_done, weight, rng)

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
        if self.bid_shortlist and hooks.bid_shortlist is not None \
                and len(candidates) > self.bid_shortlist:
            # A seeded generator of its own, so the worlds below draw as without it.
            candidates = hooks.bid_shortlist(obs, candidates, cls, self._decision_rng(obs),
                                             self.bid_shortlist)
        weight = self.others_weight
        if weight is None:
            weight = hooks.others_weight
        hands_done = len(obs["hand_scores"])
        tally = self._tally(obs, legal, candidates)
        deadline = None if self.budget is None else start + self.budget
        worlds, rollouts, alive = play_worlds(
            cls, obs, candidates, tally, rng, self._rollout, seat, hands_done, weight,
            max_rollouts=self.iterations, deadline=deadline, cut_worlds=True, keep=self.keep,
            settle=STOP_WHEN_SETTLED and tally.settles, rollout_seeds=self.rollout_seeds)
        ranked = tally.ranked(alive)
        self.last_stats = {"worlds": worlds, "rollouts": rollouts,
                           "candidates": len(candidates), "legal": len(legal),
                           "survivors": len(alive),
                           "seconds": time.perf_counter() - start, **tally.stats(alive)}
        return [(candidates[i], value) for i, value in ranked]


#: A rollout ``(state, seat, hands_done, weight, rng)``: the candidate just stepped in
#: ``state`` played to its hand's end, and its value (the engine's ``_rollout`` method).
Rollout = Callable[[GameState, int, int, float, random.Random], float]


def play_worlds(world_class: type[GameState], obs: Observation, candidates: Sequence[Action],
                tally: Tally, rng: random.Random, roll: Rollout, seat: int, hands_done: int,
                weight: float, *, max_rollouts: int | None = None, max_worlds: int | None = None,
                deadline: float | None = None, min_worlds: int = 1, cut_worlds: bool = False,
                keep: int | None = None, settle: bool = False,
                rollout_seeds: bool = False) -> tuple[int, int, list[int]]:
    """Worlds × candidates → tallies: the one search loop of ``strong`` and the review's valuation.

    Each iteration deals a world (``world_class.sample_world(obs, rng)``, held at its
    hand's end) and tries every surviving candidate in it (common random numbers): a
    fork of the world (the last candidate takes the world itself) steps the candidate
    and ``roll`` plays it out; ``tally`` keeps the value.  Returns (worlds, rollouts,
    the candidates' indices still alive).

    It stops after a world once ``max_rollouts`` rollouts or ``max_worlds`` worlds are
    done, or, after ``min_worlds`` worlds, once ``time.perf_counter()`` reaches
    ``deadline``.  With ``cut_worlds`` the deadline is also read before each rollout
    after the first world, and a world it cuts short is forgotten (every candidate
    stays compared over the same worlds).  With ``keep``, at 4, 8, 16 ... worlds the
    field shrinks to ``tally.survivors(alive, worlds, keep)``; without, nothing is
    dropped; with ``settle`` too, the search stops once only one candidate is left
    (its choice is made).  Rollouts draw from ``rng`` itself, or with ``rollout_seeds`` from a
    generator of their own seeded alike for every candidate of a world (a seed drawn
    once a world, after its deal), so each candidate's rollout draws the same numbers.
    """
    alive = list(range(len(candidates)))
    rollouts = 0
    worlds = 0
    checkpoint = 4
    rollout_rng = rng
    seed = 0
    while True:
        world = world_class.sample_world(obs, rng)
        # Rollouts score one hand: never deal the next.
        world.stop_after_hand = True
        tally.start_world(world)
        if rollout_seeds:
            seed = rng.getrandbits(64)
        last = len(alive) - 1
        cut_short = False
        placed: list[int] = []  # the candidates rolled out in this world
        for position, index in enumerate(alive):
            if cut_worlds and worlds and deadline is not None and position \
                    and time.perf_counter() >= deadline:
                # Out of time inside a world (a bid's world holds up to 11 rollouts):
                # forget its rollouts, so every candidate is still compared over the
                # same worlds, and stop now rather than overrun the budget.
                for done in placed:
                    tally.forget(done)
                cut_short = True
                break
            state = world if position == last else world.fork()
            state.step(candidates[index])
            if rollout_seeds:
                rollout_rng = random.Random(seed)
            tally.add(index, state, roll(state, seat, hands_done, weight, rollout_rng))
            placed.append(index)
        if cut_short:
            break
        rollouts += len(alive)
        worlds += 1
        if max_rollouts is not None and rollouts >= max_rollouts:
            break
        if deadline is not None and worlds >= min_worlds and time.perf_counter() >= deadline:
            break
        if max_worlds is not None and worlds >= max_worlds:
            break
        if keep is not None and worlds == checkpoint and len(alive) > 1:
            alive = tally.survivors(alive, worlds, keep)
            checkpoint *= 2
            if settle and len(alive) == 1:
                break
    return worlds, rollouts, alive


def _mean(values: list[float]) -> float:
    """The mean of a candidate's rollout values (``-inf`` if none)."""
    if not values:
        return -math.inf
    return sum(values) / len(values)


def _survivors(alive: list[int], values: list[list[float]], worlds: int,
               keep: int) -> list[int]:
    """Drop candidates clearly behind the leader; halve the field while it is large.

    Clearly behind: the paired difference from the leader over the last ``worlds``
    worlds is more than two standard errors below zero.
    """
    means = {i: sum(values[i][-worlds:]) / worlds for i in alive}

    def close_enough(diffs: list[float]) -> bool:
        mean = sum(diffs) / worlds
        var = sum((d - mean) ** 2 for d in diffs) / max(1, worlds - 1)
        return mean + 2.0 * math.sqrt(var / worlds) >= 0.0
    return keep_close(alive, values, worlds, keep, means, close_enough)


def keep_close(alive: list[int], values: list[list[float]], worlds: int, keep: int,
               means: dict[int, float], close_enough: Callable[[list[float]], bool]) -> list[int]:
    """The leader by ``means`` and the candidates ``close_enough`` to it (judged on their
    paired differences over the last ``worlds`` worlds); at most half of them, but at
    least ``keep``, when more than ``keep`` are close."""
    best = max(alive, key=lambda i: (means[i], -i))
    survivors = [i for i in alive if i == best or close_enough(
        [a - b for a, b in zip(values[i][-worlds:], values[best][-worlds:], strict=True)])]
    if len(survivors) > keep:
        survivors.sort(key=lambda i: (-means[i], i))
        survivors = survivors[:max(keep, (len(survivors) + 1) // 2)]
    return sorted(survivors)


# ------------------------------------------------------------------ rollouts
def rollout(state: GameState, seat: int, hands_done: int, weight: float,
            rng: random.Random, full_hand: bool = False, epsilon: float = EPSILON) -> float:
    """Play ``state`` (a search copy stopping after its hand) to the hand's end; the seat's value.

    ``full_hand``: ignore the game's :attr:`SearchHooks.horizon` and always score the
    whole hand (a review values choices in the game's own hand score).
    ``epsilon``: the chance that a card is played at random instead of the policy's.
    """
    assert isinstance(state, TrickGame)
    hooks = HOOKS[state.name]
    penalty = state.card_points
    wants = type(state).wants_tricks
    horizon = None if full_hand else hooks.horizon
    stop_after = 10_000 if horizon is None else len(state.tricks) + horizon
    fast = hooks.fast_plays
    fast_cards = hooks.fast_cards if FAST_ROLLOUTS and horizon is None else None
    policy = hooks.card_policy or card_policy
    scores = state.hand_scores
    while not state.over and not state.hand_over and len(scores) == hands_done:
        if len(state.tricks) >= stop_after and not state.trick:
            return points_value(state, seat, weight)
        if state.decision is Decision.CARD:
            if fast_cards is not None:
                # The same cards as this loop would play, to the hand's end; once only: a
                # declined state goes on here.
                fast_cards(state, rng, epsilon)
                fast_cards = None
                continue
            mover = state.to_move
            assert mover is not None
            legal = state.legal_actions() if fast is None else fast(state, mover)
            if len(legal) == 1:
                action = legal[0]
            elif rng.random() < epsilon:
                action = legal[rng.randrange(len(legal))]
            else:
                action = policy(state, legal, wants(state, mover), penalty)
        else:
            action = other_policy(state, rng)
        state.step(action)
    return hand_value(state, seat, hands_done, weight)


def hand_value(state: GameState, seat: int, hands_done: int, weight: float) -> float:
    """A finished rollout's value: the seat's hand score delta minus ``weight`` times the
    other seats' mean delta (0 if the hand was not scored)."""
    scores = state.hand_scores
    if len(scores) <= hands_done:
        return 0.0
    delta = scores[hands_done]
    own = delta[seat]
    if weight == 0.0 or len(delta) < 2:
        return float(own)
    return own - weight * (sum(delta) - own) / (len(delta) - 1)


def points_value(state: TrickGame, seat: int, weight: float) -> float:
    """A cut-short Black Queen rollout: minus the penalty points each seat holds so far."""
    assert isinstance(state, BlackQueen)
    points = state.points
    own = -points[seat]
    others = -(sum(points) - points[seat]) / (len(points) - 1)
    return float(own - weight * others)


#: How the search plays each game (its own settings), by record name.
HOOKS: dict[str, SearchHooks] = {
    "diminishing-whist": SearchHooks(others_weight=0.5, fast_cards=play_cards,
                                     bid_shortlist=diminishing_bid_shortlist),
    # Black Queen's rollouts play its own policy (engines/black_queen_search.py), and the
    # search's best mean is played: no strength2 prior (docs/strength.md, issue 11).
    "black-queen": SearchHooks(others_weight=1.0, horizon=8, card_policy=black_queen_policy,
                               fast_plays=BlackQueen.search_plays),
    "nine-five-two": SearchHooks(others_weight=1.0, fast_cards=play_cards),
    "bidding-whist": SearchHooks(others_weight=0.5, fast_cards=play_cards),
    "classic-whist": SearchHooks(others_weight=1.0, fast_cards=play_cards),
}
#: Kept for readers of the old tables: the weight per game (see :class:`SearchHooks`).
OTHERS_WEIGHT: dict[str, float] = {name: hooks.others_weight for name, hooks in HOOKS.items()}


def card_policy(state: Any, legal: list[Any], want: bool, penalty: Sequence[int]) -> Any:
    """A cheap card choice: win cheaply when wanting tricks, else duck high and dump penalties."""
    trick = state.trick
    trump = state.trump
    trump_suit = -1 if trump is None else int(trump)
    if not trick:
        if want:
            return lead_for_tricks(state, legal, trump_suit)
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


def lead_for_tricks(state: Any, legal: list[Any], trump_suit: int,
                    tops: Sequence[int] | None = None) -> Any:
    """Lead a master (the best card left in its suit), side suits first; else a low side card.

    In a sampled world every hand is known, so "best card left" is read off the
    other seats' hands, unless ``tops`` gives each suit's best card left.
    """
    mover = state.to_move
    top = tops
    if top is None:
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
def nearest_number(legal: list[Action], target: float) -> Action:
    """The bid (or contract) of ``legal`` nearest ``target`` tricks, the lower of two as near.

    Any other action counts as 0 tricks; of equals, the first in ``legal``.
    """
    # One pass without a key function: every later seat's bid in every bid rollout
    # comes through here (a third of the time min() with a tuple key took).
    best = legal[0]
    best_number = best.tricks if isinstance(best, Bid | Contract) else 0
    best_distance = abs(best_number - target)
    for action in legal:
        number = action.tricks if isinstance(action, Bid | Contract) else 0
        distance = abs(number - target)
        if distance < best_distance or (distance == best_distance and number < best_number):
            best, best_distance, best_number = action, distance, number
    return best


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


def other_policy(state: Any, rng: random.Random) -> Action:
    """A rollout's non-card decision: bid what the hand should take, sensible trump/discards."""
    decision = state.decision
    seat = state.to_move
    if decision in (Decision.DISCARD, Decision.PASS):
        count = state.cards_to_give()
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
        return nearest_number(legal, expected_tricks(hand, state.trump, state.players))
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


def contract_estimate(estimates: Mapping[int | None, float], contract: Contract) -> float:
    """A contract's expected tricks, read from :func:`contract_estimates` by its trump."""
    return estimates[None if contract.trump is None else int(contract.trump)]


def _rollout_initial_bid(hand: Sequence[int], legal: list[Action], players: int) -> Action:
    estimates = contract_estimates(hand, players)
    best: Action = SKIP if SKIP in legal else legal[0]
    best_key = (-1.0, 0.0)
    for a in legal:
        if isinstance(a, Contract):
            est = contract_estimate(estimates, a)
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
            est = contract_estimate(estimates, a)
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
    game = game_class(obs["game"])
    assert issubclass(game, TrickGame)
    copies = game.card_copies(obs)
    gone = game.cards_gone(obs)  # the seat's own cards and the completed tricks' cards
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


def _card_index(text: str) -> int:
    return int(Card.parse(text))

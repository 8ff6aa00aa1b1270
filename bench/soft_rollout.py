"""Rollouts that play like people: every seat draws its card from a softmax over the
rollout policy's preferences, reading only what it could know (issue 21, item 3).

``strong``'s rollouts (``engines/fast_rollout.py``) play every seat greedily: the one
card its heuristic prefers, read partly off the other hands of the sampled world
(a "master" to lead is the best card left among the other seats' hands).  Every
simulated seat then reaches its bid, or 0, more surely than at a real table.
Here each seat:

- ranks its legal cards by the same heuristic (the card it would play first, then
  the next best ...: :func:`preference_order`), and plays the card ranked ``i``
  (from 0) with probability proportional to ``exp(-i / temperature)``: 0 is the
  greedy policy, larger is closer to a random card;
- with ``fair`` masters, counts a card as a master when every higher card of its
  suit is its own or already played (what it could know), not when no other hand
  of the world holds one.

The card play runs on the state's own lists as :func:`engines.fast_rollout.play_cards`
does (Diminishing Whist and Bidding Whist, the same :func:`hand_rules`), and the hand
is scored by the game's own rule.  With ``temperature`` 0 and ``fair`` off it plays
exactly ``play_cards``' cards with the same random draws (tests/test_soft_rollout.py).
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Sequence
from typing import TypeVar

from engines.fast_rollout import _TABLES, Observer, hand_rules
from engines.hand_strength import expected_tricks
from engines.strong import hand_value, other_policy, rollout
from whist.actions import Action, Bid, Decision
from whist.cards import RANK_OF, SUIT_OF
from whist.games.bidding import BiddingWhist
from whist.games.diminishing import DiminishingWhist
from whist.protocol import GameState
from whist.trick_rule import TRICK_STRENGTHS
from whist.tricks import TrickGame

#: A card: a number 0-51 (the rules core's ``Card`` or a plain int).
C = TypeVar("C", bound=int)


def check_temperature(name: str, value: object) -> float:
    """``value`` as a temperature (a finite number >= 0); ValueError naming ``name`` if not."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{name} must be a number >= 0, not {value!r}")
    temperature = float(value)
    if not math.isfinite(temperature) or temperature < 0.0:
        raise ValueError(f"{name} must be a finite number >= 0, not {value!r}")
    return temperature


def ratio_of(temperature: float) -> float:
    """The weight ratio between neighbouring preferences, ``exp(-1 / temperature)`` (0 at 0)."""
    return math.exp(-1.0 / temperature) if temperature > 0.0 else 0.0


def pick(count: int, ratio: float, draw: float) -> int:
    """The rank (0 to ``count`` - 1) drawn with weights ``ratio ** rank``, ``draw`` in [0, 1).

    A truncated geometric distribution, walked from the top: cheap for a hand's few cards.
    """
    if ratio <= 0.0 or count == 1:
        return 0
    total = (1.0 - ratio ** count) / (1.0 - ratio)
    left = draw * total
    weight = 1.0
    rank = 0
    while rank < count - 1 and left >= weight:
        left -= weight
        weight *= ratio
        rank += 1
    return rank


def preference_order(legal: Sequence[C], trick_cards: int, players: int, want: bool,
                     strengths: Sequence[int], best: int, masters: Sequence[int],
                     trump: int | None) -> list[C]:
    """``legal`` cards best first, by ``strong``'s rollout heuristic (its first is that
    policy's card; ties keep the hand's order as the policy's ``min``/``max`` do).

    ``trick_cards``: cards already in the trick (0: a lead); ``strengths``, ``best``:
    the trick's card strengths and its best so far (following only); ``masters``: per
    suit the best card the seat counts as still out against it (leading for tricks).
    """
    cheap, duck, master = _TABLES[trump]
    if not trick_cards:
        if not want:
            return sorted(legal, key=duck.__getitem__)
        tops = [c for c in legal if c >= masters[SUIT_OF[c]]]
        rest = [c for c in legal if c < masters[SUIT_OF[c]]]
        return (sorted(tops, key=master.__getitem__, reverse=True)
                + sorted(rest, key=cheap.__getitem__))
    winners = [c for c in legal if strengths[c] > best]
    losers = [c for c in legal if strengths[c] <= best]
    if want:
        return sorted(winners, key=cheap.__getitem__) + sorted(losers, key=cheap.__getitem__)
    rank = RANK_OF.__getitem__
    last = trick_cards == players - 1
    return sorted(losers, key=rank, reverse=True) + sorted(winners, key=rank, reverse=last)


def played_mask(tricks: Sequence[tuple[int, Sequence[tuple[int, int]], int]],
                trick: Sequence[tuple[int, int]]) -> bytearray:
    """Cards already played: ``tricks`` as (leader, plays, winner), ``trick`` as (seat, card)."""
    gone = bytearray(52)
    for _, plays, _ in tricks:
        for _, c in plays:
            gone[c] = 1
    for _, c in trick:
        gone[c] = 1
    return gone


def known_tops(hand: Sequence[int], gone: bytearray) -> list[int]:
    """Per suit, the highest card a seat holding ``hand`` cannot know is gone (-1: none).

    Gone: its own cards and the cards ``gone`` marks (played); any other card may be
    in a hand.
    """
    top = [-1, -1, -1, -1]
    for suit in range(4):
        for c in range(suit * 13 + 12, suit * 13 - 1, -1):
            if not gone[c] and c not in hand:
                top[suit] = c
                break
    return top


def world_tops(hands: Sequence[Sequence[int]], seat: int) -> list[int]:
    """Per suit, the highest card in another seat's hand of the world (-1: none)."""
    top = [-1, -1, -1, -1]
    for other, held in enumerate(hands):
        if other != seat:
            for c in held:
                if c > top[SUIT_OF[c]]:
                    top[SUIT_OF[c]] = c
    return top


_THRESHOLDS: dict[float, list[list[float]]] = {}


def rank_thresholds(ratio: float) -> list[list[float]]:
    """Per legal-card count n, the cumulative shares of ranks 0 .. n - 2 under weights
    ``ratio ** rank``: ``bisect_right`` of a uniform draw gives :func:`pick`'s rank.

    Made once per ratio (every rollout of a search shares them).
    """
    found = _THRESHOLDS.get(ratio)
    if found is not None:
        return found
    out: list[list[float]] = [[], []]
    for count in range(2, 14):
        weights = [ratio ** rank for rank in range(count)]
        total = sum(weights)
        cumulative: list[float] = []
        running = 0.0
        for w in weights[:-1]:
            running += w
            cumulative.append(running / total)
        out.append(cumulative)
    _THRESHOLDS[ratio] = out
    return out


def soft_play_cards(state: TrickGame, rng: random.Random, epsilon: float, temperature: float,
                    fair: bool, observe: Observer | None = None) -> bool:
    """Play the hand's cards on, each seat drawing from its preferences; False (state
    untouched) for a state :func:`engines.fast_rollout.hand_rules` does not handle.

    Each seat plays its only legal card, or with chance ``epsilon`` a random legal one,
    else the card of the rank drawn as :func:`pick` draws (one draw per card) in
    :func:`preference_order` at ``temperature``; masters by :func:`known_tops` if
    ``fair``, else by :func:`world_tops` (as ``strong``).  Stops when the hand is
    scored by the state's own rule.

    The first-ranked card (most draws) is found as ``engines/fast_rollout.py`` finds
    it, by one ``min``/``max``, and the whole order is sorted only for a later rank:
    that keeps the rollouts within a fifth of ``strong``'s speed.
    """
    rules = hand_rules(state)
    # Diminishing and Bidding Whist only: the games its preferences were made for.
    if rules is None or not isinstance(state, DiminishingWhist | BiddingWhist):
        return False
    bids, no_bid_wants, cards, score_hand, _ = rules
    assert score_hand is not None
    hands = state.hands
    trick = state.trick
    tricks = state.tricks
    won = state.tricks_won
    players = state.players
    trump = state.trump
    seat: int = state.to_move  # type: ignore[assignment]
    leader = state.leader
    strengths_by_led = TRICK_STRENGTHS[trump]
    cheap, duck, master = _TABLES[trump]
    cheap_key = cheap.__getitem__
    duck_key = duck.__getitem__
    master_key = master.__getitem__
    suit_of = SUIT_OF
    rank_of = RANK_OF.__getitem__
    draw = rng.random
    randrange = rng.randrange
    ratio = ratio_of(temperature)
    thresholds = rank_thresholds(ratio) if ratio else []
    last = players - 1
    gone = played_mask(tricks, trick)  # the public part of what a seat knows
    strengths: Sequence[int] = ()
    best = -1
    best_seat = seat
    if trick:
        strengths = strengths_by_led[suit_of[trick[0][1]]]
        for player, c in trick:
            if strengths[c] > best:
                best = strengths[c]
                best_seat = player
    while True:
        hand = hands[seat]
        if trick:
            led = suit_of[trick[0][1]]
            legal = [c for c in hand if suit_of[c] == led] or hand
        else:
            legal = hand
        count = len(legal)
        if count == 1:
            card = legal[0]
        elif draw() < epsilon:
            card = legal[randrange(count)]
        else:
            bid = bids[seat]
            want = no_bid_wants if bid is None else won[seat] < bid
            rank = bisect_right(thresholds[count], draw()) if ratio else 0
            tops: Sequence[int] = ()
            if want and not trick:
                tops = known_tops(hand, gone) if fair else world_tops(hands, seat)
            if rank:
                card = preference_order(legal, len(trick), players, want, strengths, best,
                                        tops, trump)[rank]
            elif not trick:
                if want:
                    masters = [c for c in legal if c >= tops[suit_of[c]]]
                    card = max(masters, key=master_key) if masters else min(legal, key=cheap_key)
                else:
                    card = min(legal, key=duck_key)
            else:
                winners = [c for c in legal if strengths[c] > best]
                if want:
                    card = min(winners or legal, key=cheap_key)
                elif len(winners) < count:
                    card = max([c for c in legal if strengths[c] <= best], key=rank_of)
                elif len(trick) == last:
                    card = max(winners, key=rank_of)
                else:
                    card = min(winners, key=rank_of)
        if observe is not None:
            observe(seat, legal, card)
        hand.remove(card)
        trick.append((seat, card))
        gone[card] = 1
        if len(trick) == 1:
            strengths = strengths_by_led[suit_of[card]]
            best = strengths[card]
            best_seat = seat
        elif strengths[card] > best:
            best = strengths[card]
            best_seat = seat
        if len(trick) < players:
            seat += 1
            if seat == players:
                seat = 0
            continue
        seat = best_seat
        won[seat] += 1
        tricks.append((leader, trick, seat))
        trick = []
        leader = seat
        if len(tricks) == cards:
            state.trick = trick
            state.leader = state.to_move = seat
            score_hand()
            return True


def soft_bid(legal: Sequence[Action], estimate: float, temperature: float,
             rng: random.Random) -> Action:
    """A bid (or bet) drawn by its nearness to ``estimate`` tricks: the nearest first (the
    lower of two as near, as :func:`engines.strong.nearest_number`), then by distance."""
    def tricks(action: Action) -> int:
        return action.tricks if isinstance(action, Bid) else 0
    order = sorted(legal, key=lambda a: (abs(tricks(a) - estimate), tricks(a)))
    ratio = ratio_of(temperature)
    return order[pick(len(order), ratio, rng.random()) if ratio else 0]


def soft_rollout(state: GameState, seat: int, hands_done: int, weight: float,
                 rng: random.Random, epsilon: float, temperature: float,
                 bid_temperature: float, fair: bool) -> float:
    """Play ``state`` (a search copy stopping after its hand) to the hand's end as people
    might; the seat's value, as :func:`engines.strong.rollout` values it.

    Bids by :func:`soft_bid` around ``expected_tricks`` (``bid_temperature``; other
    decisions, Bidding Whist's bets among them, as ``strong``'s rollout), cards by
    :func:`soft_play_cards`.  A game whose card play it does not handle goes on as
    ``strong``'s rollout (Black Queen, 9-5-2, Classic Whist).
    """
    assert isinstance(state, TrickGame)
    scores = state.hand_scores
    while not state.over and not state.hand_over and len(scores) == hands_done:
        decision = state.decision
        if decision is Decision.CARD:
            if not soft_play_cards(state, rng, epsilon, temperature, fair):
                return rollout(state, seat, hands_done, weight, rng, epsilon=epsilon)
            continue
        action: Action | None = None
        if bid_temperature and decision is Decision.BID:
            legal = state.legal_actions()
            if len(legal) > 1:
                mover = state.to_move
                assert mover is not None
                estimate = expected_tricks(state.hands[mover], state.trump, state.players)
                action = soft_bid(legal, estimate, bid_temperature, rng)
        state.step(action if action is not None else other_policy(state, rng))
    return hand_value(state, seat, hands_done, weight)

"""The fitted rollout policy, cheaper per card (issue 21, item 3 follow-up).

bench/fitted_rollout.py plays the conditional logit fitted to ``strong``'s card
decisions; it costs about twice ``strong``'s rollout inside a search, so at a
time budget the variant rolls out half the worlds.  This module plays the same
kind of policy (each legal card drawn with weight ``exp(score / temperature)``,
the score the weights of the decision's context times the card's features of
bench/policy_features.py) with less work per card:

- When the legal cards are all of one suit (following suit, or leading from a
  hand of one suit), every part of the score that depends only on the suit
  (trump, the suit's length, its unseen cards, the ruff risk) is the same for
  every legal card, so it is left out: a softmax does not change when every
  score moves by the same amount.  The lowest card is then also the cheapest,
  and the winners are the cards ranked above the trick's best card of the suit,
  found by bit masks once a decision.  Only when the legal cards span suits
  (a lead, or a seat void in the led suit) are the suit parts computed.
- No maximum is subtracted before ``exp`` (the scores are kept to a range where
  ``exp`` neither overflows nor underflows by refusing temperatures between 0 and
  :data:`MIN_TEMPERATURE`); two legal cards take one ``exp``; the card is found by
  walking the running sum, not by bisecting a list.
- Everything a decision reads is kept as integers: the cards played as one 52-bit
  mask, the seat's cards of a suit as a 13-bit mask made from the legal cards.
- A feature whose weight is 0 in every context (the committed fast weights,
  bench/fast_policy_weights.py, were fitted without the two that cost the most
  and helped least) is not computed at all.

The scores are the reference features times the weights, up to one amount shared
by the legal cards of a decision (tests/test_fast_fitted.py checks it).  The
rollout's RNG draws differ from bench/fitted_rollout.py's (a uniform number per
scored decision, compared with running sums computed otherwise), so the two
variants do not play bit-identically, and the fast one plays other weights.

Diminishing Whist states (and a subclass scored otherwise, such as
bench/ismcts_match.py's ``OhHellRound``) only; any other game's rollout is
``strong``'s.  Bids inside a rollout are ``strong``'s rollout bids.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import exp, log
from typing import Final

from bench.fitted_rollout import checked_weights, handles
from bench.policy_features import CONTEXTS, FEATURES
from bench.soft_rollout import check_temperature
from engines.strong import hand_value, other_policy, rollout
from whist.actions import Decision
from whist.cards import SUIT_OF
from whist.games.diminishing import DiminishingWhist
from whist.protocol import GameState
from whist.trick_rule import TRICK_STRENGTHS

#: Called with (seat, legal cards, their scores, card played) before each card is
#: played (no scores for a forced card); for the tests.  The scores are the logs of
#: the weights drawn with, so they equal the reference scores up to one amount
#: shared by the decision's legal cards.
ScoreObserver = Callable[[int, Sequence[int], Sequence[float], int], None]

#: The lowest temperature above 0 accepted: below it the scores over the temperature
#: could leave the range where ``exp`` of them is a finite, non-zero float.
MIN_TEMPERATURE = 0.1
#: The features the fast policy computes (besides the rank one-hot); every other
#: feature's weight must be 0.
KEPT: Final[tuple[str, ...]] = ("is_trump", "wins_now", "wins_last", "suit_length",
                                "lowest_of_suit", "need_rank", "cheapest_winner",
                                "cheapest_card")
#: The features it leaves out (weights 0), in :data:`FEATURES` order.
LEFT_OUT: Final[tuple[str, ...]] = tuple(name for name in FEATURES[13:] if name not in KEPT)
#: A decision's ``need`` (bid minus tricks won) is kept in this range for the tables'
#: keys; a hand has at most 13 cards, so no real value is outside it.
NEED_LIMIT = 13


@dataclass(frozen=True)
class FastTables:
    """The weights laid out for :func:`fast_play_cards`: exponentials of the weights
    divided by the temperature, per context (:data:`CONTEXTS`).

    ``by_card[context][need, left]``: per card, ``exp`` of its rank's weight plus
    ``need_rank``'s part (made when first asked, see :meth:`cards`); ``length[context][n]``:
    ``exp`` of ``suit_length``'s part for a suit of ``n`` cards; ``trump``, ``win``,
    ``win_last`` (``wins_now`` plus ``wins_last``), ``lowest``, ``cheapest``,
    ``lowest_cheapest`` (both), ``cheapest_winner``: ``exp`` of those weights.
    """

    temperature: float
    rank: tuple[tuple[float, ...], ...]
    need: tuple[float, ...]
    length: tuple[tuple[float, ...], ...]
    trump: tuple[float, ...]
    win: tuple[float, ...]
    win_last: tuple[float, ...]
    lowest: tuple[float, ...]
    cheapest: tuple[float, ...]
    lowest_cheapest: tuple[float, ...]
    cheapest_winner: tuple[float, ...]
    by_card: tuple[dict[tuple[int, int], tuple[float, ...]], ...]

    def cards(self, ctx: int, need: int, left: int) -> tuple[float, ...]:
        """Per card (0-51), ``exp`` of its rank's weight plus ``need_rank``'s part for a
        seat that needs ``need`` more tricks with ``left`` cards in hand."""
        found = self.by_card[ctx].get((need, left))
        if found is None:
            per_rank = self.need[ctx] * need / left
            row = tuple(exp(self.rank[ctx][r] + per_rank * r) for r in range(13))
            found = self.by_card[ctx][need, left] = row * 4
        return found


def check_fast_temperature(value: object) -> float:
    """``value`` as the fast policy's temperature: 0, or at least :data:`MIN_TEMPERATURE`."""
    temperature = check_temperature("temperature", value)
    if 0.0 < temperature < MIN_TEMPERATURE:
        raise ValueError(f"temperature must be 0 or at least {MIN_TEMPERATURE}, "
                         f"not {value!r}")
    return temperature


def load_fast_weights() -> list[list[float]]:
    """The committed fast weights (bench/fast_policy_weights.py), checked against the features."""
    from bench.fast_policy_weights import WEIGHTS

    return checked_weights(WEIGHTS)


_TABLES: dict[float, FastTables] = {}


def fast_tables(temperature: float, weights: list[list[float]] | None = None) -> FastTables:
    """The tables at ``temperature`` (0 is kept as 1: the highest score is played alike)
    for ``weights`` (one row per context; default the committed fast weights, whose
    tables are made once per temperature); ValueError for a bad temperature or for
    weights on a feature the fast policy leaves out (:data:`LEFT_OUT`)."""
    temperature = check_fast_temperature(temperature)
    scale = 1.0 / temperature if temperature > 0.0 else 1.0
    if weights is None and temperature in _TABLES:
        return _TABLES[temperature]
    rows = load_fast_weights() if weights is None else checked_weights(
        {"features": FEATURES, "contexts": CONTEXTS, "weights": weights})
    at = {name: i for i, name in enumerate(FEATURES)}
    used = [name for name in LEFT_OUT if any(row[at[name]] != 0.0 for row in rows)]
    if used:
        raise ValueError("the fast fitted policy does not compute "
                         f"{', '.join(used)}: refit with them left out (--drop)")

    def e(name: str, factor: float = 1.0) -> tuple[float, ...]:
        return tuple(exp(row[at[name]] * scale * factor) for row in rows)
    tables = FastTables(
        temperature,
        rank=tuple(tuple(row[r] * scale for r in range(13)) for row in rows),
        need=tuple(row[at["need_rank"]] * scale / 12 for row in rows),
        length=tuple(tuple(exp(row[at["suit_length"]] * scale * n / 4) for n in range(14))
                     for row in rows),
        trump=e("is_trump"), win=e("wins_now"),
        win_last=tuple(exp((row[at["wins_now"]] + row[at["wins_last"]]) * scale)
                       for row in rows),
        lowest=e("lowest_of_suit"), cheapest=e("cheapest_card"),
        lowest_cheapest=tuple(exp((row[at["lowest_of_suit"]] + row[at["cheapest_card"]])
                                  * scale) for row in rows),
        cheapest_winner=e("cheapest_winner"),
        by_card=tuple({} for _ in rows))
    if weights is None:
        _TABLES[temperature] = tables
    return tables


def fast_play_cards(state: DiminishingWhist, rng: random.Random, tables: FastTables,
                    epsilon: float = 0.0, observe: ScoreObserver | None = None) -> bool:
    """Play the hand's cards on, every seat drawing from the fitted policy; False (state
    untouched) for a state :func:`bench.fitted_rollout.handles` declines.

    Each seat plays its only legal card, or with chance ``epsilon`` a random legal one,
    else a card drawn (one ``rng.random()``) with weight ``exp(score)``, temperature 0:
    the first highest score.  The hands are sorted first (a seat's legal cards are then
    a slice of its hand, in card order).  Stops when the hand is scored by the state's
    own rule.
    """
    if not handles(state):
        return False
    play_sorted(state, rng, tables, epsilon, observe)
    return True


def play_sorted(state: DiminishingWhist, rng: random.Random, tables: FastTables,
                epsilon: float, observe: ScoreObserver | None) -> None:
    """:func:`fast_play_cards` on a state it handles (not checked again)."""
    bids = state.bids
    hands = state.hands
    for held in hands:
        held.sort()
    trick = state.trick
    tricks = state.tricks
    won = state.tricks_won
    players = state.players
    trump = state.trump
    cards = state.cards
    greedy = tables.temperature == 0.0
    by_card = tables.by_card
    card_row = tables.cards
    length_t = tables.length
    trump_t = tables.trump
    win_t = tables.win
    win_last_t = tables.win_last
    lowest_t = tables.lowest
    cheapest_t = tables.cheapest
    lowest_cheapest_t = tables.lowest_cheapest
    cheapest_winner_t = tables.cheapest_winner
    seat: int = state.to_move  # type: ignore[assignment]
    leader = state.leader
    strengths_by_led = TRICK_STRENGTHS[trump]
    suit_of = SUIT_OF
    draw = rng.random
    randrange = rng.randrange
    last = players - 1
    # Cards of the trump suit are trump_low..trump_low + 12 (none without a trump).
    trump_low = 99 if trump is None else 13 * trump
    trump_high = trump_low + 12
    strengths: Sequence[int] = ()
    best = -1
    best_seat = seat
    best_card = -1
    if trick:
        strengths = strengths_by_led[suit_of[trick[0][1]]]
        for player, c in trick:
            if strengths[c] > best:
                best = strengths[c]
                best_seat = player
                best_card = c
    while True:
        hand = hands[seat]
        following = len(trick)
        legal = hand
        if following:
            led = 13 * suit_of[trick[0][1]]
            start = bisect_left(hand, led)
            stop = bisect_left(hand, led + 13, start)
            if stop > start:
                legal = hand[start:stop]
        count = len(legal)
        weights: list[float] = []
        if count == 1:
            card = legal[0]
        elif epsilon and draw() < epsilon:
            card = legal[randrange(count)]
        else:
            bid = bids[seat]
            need = 0 if bid is None else bid - won[seat]
            ctx = (2 if following else 0) + (need > 0)
            row = by_card[ctx].get((need, len(hand))) or card_row(ctx, need, len(hand))
            if legal is not hand:
                # One suit: its trump, length and cheapness parts are shared, left out;
                # the lowest card is also the cheapest; the winners are the cards above
                # the trick's best when that card is of the led suit.
                if count == 2:
                    # Both cards winning share that part too.
                    low_card, high_card = legal
                    first = row[low_card] * lowest_cheapest_t[ctx]
                    second = row[high_card]
                    if led <= best_card < high_card:
                        if best_card < low_card:
                            first *= cheapest_winner_t[ctx]
                        else:
                            second *= cheapest_winner_t[ctx] \
                                * (win_last_t[ctx] if following == last else win_t[ctx])
                    weights = [first, second]
                elif led <= best_card < led + 13 and best_card < legal[-1]:
                    factor = win_last_t[ctx] if following == last else win_t[ctx]
                    weights = [row[c] * factor if c > best_card else row[c] for c in legal]
                    weights[bisect_left(legal, best_card)] *= cheapest_winner_t[ctx]
                    weights[0] *= lowest_cheapest_t[ctx]
                else:
                    weights = [row[c] for c in legal]
                    weights[0] *= lowest_cheapest_t[ctx]
            else:
                # Cards of several suits possibly (a lead, or void in the led suit): each
                # suit's length (and trump) factor, its lowest card, the cheapest cards
                # (side suits before trump, then rank; equals all count).
                bounds = (0, bisect_left(hand, 13), bisect_left(hand, 26),
                          bisect_left(hand, 39), count)
                length = length_t[ctx]
                lowest = lowest_t[ctx]
                weights = []
                cheapest_rank = 99
                cheapest_at: list[int] = []
                for s in range(4):
                    first = bounds[s]
                    end = bounds[s + 1]
                    if end > first:
                        f = length[end - first]
                        if s == trump:
                            f *= trump_t[ctx]
                        else:
                            r = hand[first] - 13 * s
                            if r < cheapest_rank:
                                cheapest_rank = r
                                cheapest_at = [first]
                            elif r == cheapest_rank:
                                cheapest_at.append(first)
                        weights += [row[c] * f for c in hand[first:end]]
                        weights[first] *= lowest
                if not cheapest_at:
                    # Trumps only: the lowest trump is the cheapest.
                    cheapest_at = [0]
                cheapest = cheapest_t[ctx]
                for i in cheapest_at:
                    weights[i] *= cheapest
                if following and trump is not None:
                    first = bounds[trump]
                    end = bounds[trump + 1]
                    # Void in the led suit: the trumps above the trick's best trump (any,
                    # if it has none) win; the first of them is the cheapest winner.
                    above = first
                    if trump_low <= best_card <= trump_high:
                        above = bisect_left(hand, best_card, first, end)
                    if end > above:
                        factor = win_last_t[ctx] if following == last else win_t[ctx]
                        for i in range(above, end):
                            weights[i] *= factor
                        weights[above] *= cheapest_winner_t[ctx]
            if greedy:
                card = legal[weights.index(max(weights))]
            elif count == 2:
                first_weight, second_weight = weights
                card = legal[0] if draw() * (first_weight + second_weight) < first_weight \
                    else legal[1]
            else:
                target = draw() * sum(weights)
                card = legal[-1]
                for i in range(count - 1):
                    target -= weights[i]
                    if target < 0.0:
                        card = legal[i]
                        break
        if observe is not None:
            observe(seat, legal, [log(w) for w in weights], card)
        hand.remove(card)
        trick.append((seat, card))
        if not following:
            strengths = strengths_by_led[suit_of[card]]
            best = strengths[card]
            best_seat = seat
            best_card = card
        elif strengths[card] > best:
            best = strengths[card]
            best_seat = seat
            best_card = card
        if following < last:
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
            state.score_hand()
            return


def fast_fitted_rollout(state: GameState, seat: int, hands_done: int, weight: float,
                        rng: random.Random, epsilon: float, tables: FastTables) -> float:
    """Play ``state`` (a search copy stopping after its hand) to the hand's end with the
    fast fitted policy's cards; the seat's value, as :func:`engines.strong.rollout`
    values it.  A state :func:`bench.fitted_rollout.handles` declines goes on as
    ``strong``'s rollout."""
    if not isinstance(state, DiminishingWhist) or not handles(state):
        return rollout(state, seat, hands_done, weight, rng, epsilon=epsilon)
    scores = state.hand_scores
    while not state.over and not state.hand_over and len(scores) == hands_done:
        if state.decision is Decision.CARD:
            play_sorted(state, rng, tables, epsilon, None)
            continue
        state.step(other_policy(state, rng))
    return hand_value(state, seat, hands_done, weight)

"""Rollouts whose every seat plays by a policy fitted to strong's own play (issue 21, item 3).

Where bench/soft_rollout.py draws from a softmax over the greedy heuristic's
ranking, here each simulated seat draws its card from the conditional logit that
bench/fit_policy.py fitted to ``strong``'s card decisions at a high budget
(bench/policy_data.py): each legal card's score is the weights of the decision's
context times the card's features (bench/policy_features.py), computed only from
what that seat could know, and the card is drawn with probability proportional
to ``exp(score / temperature)``; temperature 0 plays the highest score.

The scores are the reference definition's (:func:`bench.policy_features.card_features`
times the weights) computed faster: the rank and trump part read from a table
per context and trump, the suits' unseen, own and played cards kept as 13-bit
masks (counts by ``int.bit_count``), the shown voids kept as the cards fall.
tests/test_fitted_policy.py checks the scores against the reference.

Diminishing Whist states (and a subclass scored otherwise, such as
bench/ismcts_match.py's ``OhHellRound``) only; any other game's rollout is
``strong``'s.  Bids inside a rollout are ``strong``'s rollout bids.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate
from math import exp
from typing import Any

from bench.policy_features import CHEAP, CONTEXTS, FEATURES, RANK_INDEX, WIDTH
from bench.soft_rollout import C, check_temperature
from engines.fast_rollout import hand_rules
from engines.strong import hand_value, other_policy, rollout
from whist.actions import Decision
from whist.cards import SUIT_OF
from whist.games.diminishing import DiminishingWhist
from whist.protocol import GameState
from whist.trick_rule import TRICK_STRENGTHS

#: Called with (seat, legal cards, their scores, card played) before each card is
#: played (no scores for a forced or random card); for the tests.
ScoreObserver = Callable[[int, Sequence[int], Sequence[float], int], None]


@dataclass(frozen=True)
class PolicyTables:
    """The fitted weights laid out for the rollout, divided by the temperature (T > 0).

    Per context: ``static[context][trump][card]``, the rank and trump part of a card's
    score; ``by_higher[context][n]``, the part of a card with ``n`` unseen cards above it
    in its suit (``master`` and ``higher_unseen``); ``dynamic[context]``, the other
    weights (``wins_now``, ``wins_last``, ``beats_wanting``, ``lowest_of_suit``,
    ``highest_of_suit``, ``ruff_risk``, then ``suit_length`` and ``suit_unseen`` per card
    counted, ``need_rank`` and ``others_need_rank`` per trick and rank step, then
    ``cheapest_winner``, ``highest_loser``, ``cheapest_card``).
    """

    temperature: float
    static: tuple[dict[int | None, tuple[float, ...]], ...]
    by_higher: tuple[tuple[float, ...], ...]
    dynamic: tuple[tuple[float, ...], ...]


def load_weights() -> list[list[float]]:
    """The committed weights (bench/card_policy_weights.py), checked against the features."""
    from bench.card_policy_weights import WEIGHTS

    return checked_weights(WEIGHTS)


def checked_weights(found: dict[str, Any]) -> list[list[float]]:
    """``found``'s weights, one row per context; ValueError if they do not fit the features."""
    if list(found.get("features", ())) != list(FEATURES) \
            or list(found.get("contexts", ())) != list(CONTEXTS):
        raise ValueError("the policy weights were fitted to other features; refit them "
                         "(bench/fit_policy.py)")
    rows = found.get("weights")
    if not isinstance(rows, list) or len(rows) != len(CONTEXTS) \
            or any(not isinstance(r, list) or len(r) != WIDTH for r in rows):
        raise ValueError("the policy weights must be one row of "
                         f"{WIDTH} numbers per context")
    return [[float(x) for x in r] for r in rows]


_TABLES: dict[float, PolicyTables] = {}


def policy_tables(temperature: float, weights: list[list[float]] | None = None) -> PolicyTables:
    """The tables at ``temperature`` (0 is kept as 1: the highest score is played alike).

    Made once per temperature for the committed weights (every rollout shares them).
    """
    scale = 1.0 / temperature if temperature > 0.0 else 1.0
    if weights is None:
        found = _TABLES.get(temperature)
        if found is not None:
            return found
    rows = load_weights() if weights is None else weights
    index = {name: i for i, name in enumerate(FEATURES)}

    def weight(w: list[float], name: str) -> float:
        return w[index[name]] * scale
    static = tuple(
        {trump: tuple((w[RANK_INDEX[c]] + (w[13] if SUIT_OF[c] == trump else 0.0)) * scale
                      for c in range(52))
         for trump in (None, 0, 1, 2, 3)}
        for w in rows)
    by_higher = tuple(tuple(weight(w, "higher_unseen") * n / 4
                            + (weight(w, "master") if n == 0 else 0.0) for n in range(14))
                      for w in rows)
    dynamic = tuple((weight(w, "wins_now"), weight(w, "wins_last"), weight(w, "beats_wanting"),
                     weight(w, "lowest_of_suit"), weight(w, "highest_of_suit"),
                     weight(w, "ruff_risk"), weight(w, "suit_length") / 4,
                     weight(w, "suit_unseen") / 4, weight(w, "need_rank") / 12,
                     weight(w, "others_need_rank") / 12, weight(w, "cheapest_winner"),
                     weight(w, "highest_loser"), weight(w, "cheapest_card"))
                    for w in rows)
    tables = PolicyTables(temperature, static, by_higher, dynamic)
    if weights is None:
        _TABLES[temperature] = tables
    return tables


def handles(state: object) -> bool:
    """Whether :func:`fitted_play_cards` plays ``state`` (a Diminishing Whist search state)."""
    return isinstance(state, DiminishingWhist) and hand_rules(state) is not None


def suit_masks(cards: Sequence[int]) -> list[int]:
    """Per suit, the 13-bit mask of ``cards`` (bit r: the card of rank r)."""
    masks = [0, 0, 0, 0]
    for c in cards:
        masks[SUIT_OF[c]] |= 1 << RANK_INDEX[c]
    return masks


def voids_of(players: int, tricks: Sequence[tuple[int, Sequence[tuple[int, int]], int]],
             trick: Sequence[tuple[int, int]]) -> list[int]:
    """Per seat, the 4-bit mask of suits it has shown void in (bit s: suit s), as
    :func:`bench.policy_features.shown_voids` reads them, from a state's tricks."""
    voids = [0] * players
    for plays in [*(t[1] for t in tricks), trick]:
        if plays:
            led = SUIT_OF[plays[0][1]]
            for seat, card in plays[1:]:
                if SUIT_OF[card] != led:
                    voids[seat] |= 1 << led
    return voids


def tricks_wanted(bids: Sequence[int | None], won: Sequence[int]) -> int:
    """The tricks the seats under their bids still want, all together."""
    return sum(b - w for b, w in zip(bids, won, strict=True) if b is not None and b > w)


#: Set bits of each 13-bit mask (a table read is cheaper than ``int.bit_count`` here).
POPCOUNT: tuple[int, ...] = tuple(m.bit_count() for m in range(1 << 13))


def card_scores(tables: PolicyTables, legal: Sequence[int], own: Sequence[int], left: int,
                seat: int, players: int, trump: int | None, trick_cards: int,
                strengths: Sequence[int], best: int, best_seat: int, gone: Sequence[int],
                voids: Sequence[int], bids: Sequence[int | None],
                won: Sequence[int], wanted: int) -> list[float]:
    """Each legal card's score (over the temperature) from what ``seat`` knows.

    ``own``: per suit the mask of the seat's ``left`` cards; ``gone``: per suit the
    mask of cards played (finished tricks and this one); ``voids``: per seat the
    4-bit mask of suits it has shown void in; ``trick_cards``: cards in the trick
    (0: a lead); ``strengths``, ``best``, ``best_seat``: the trick's strengths and its
    best card's strength and seat (following only); ``wanted``: the tricks all seats
    still want (:func:`tricks_wanted`).
    """
    bid = bids[seat]
    want = bid is not None and won[seat] < bid
    ctx = (2 if trick_cards else 0) + want
    (w_win, w_last, w_beats, w_low, w_high, w_ruff, w_len, w_unseen, w_need, w_others,
     w_cheap_win, w_high_loss, w_cheapest) = tables.dynamic[ctx]
    by_higher = tables.by_higher[ctx]
    static = tables.static[ctx][trump]
    need = 0 if bid is None else bid - won[seat]
    per_rank = (w_need * need + w_others * (wanted - (need if need > 0 else 0))) / left
    # The suits the later seats (leading: all the others) have shown void in.
    shown = 0
    if trick_cards:
        for k in range(1, players - trick_cards):
            shown |= voids[(seat + k) % players]
    else:
        for s in range(players):
            if s != seat:
                shown |= voids[s]
    if trump is not None:
        shown &= ~(1 << trump)
    else:
        shown = 0
    # Per suit: the part of the score every card of the suit shares, the unseen cards,
    # the seat's lowest and highest rank.
    suit_part = [0.0, 0.0, 0.0, 0.0]
    unseen_of = [0, 0, 0, 0]
    lowest = [-1, -1, -1, -1]
    highest = [-1, -1, -1, -1]
    # Only the suits of the legal cards (following suit: one).
    suits = {SUIT_OF[c] for c in legal}
    for s in suits:
        mine = own[s]
        if mine:
            unseen = 0x1FFF & ~(mine | gone[s])
            unseen_of[s] = unseen
            suit_part[s] = w_len * POPCOUNT[mine] + w_unseen * POPCOUNT[unseen] \
                + (w_ruff if shown >> s & 1 else 0.0)
            lowest[s] = (mine & -mine).bit_length() - 1
            highest[s] = mine.bit_length() - 1
    scores = []
    cheap = CHEAP[trump]
    if trick_cards:
        b_seat = bids[best_seat]
        win_part = w_win + (w_last if trick_cards == players - 1 else 0.0) \
            + (w_beats if b_seat is not None and won[best_seat] < b_seat else 0.0)
        cheapest = cheapest_win = 99
        highest_loss = -1
        for c in legal:
            k = cheap[c]
            if k < cheapest:
                cheapest = k
            if strengths[c] > best:
                if k < cheapest_win:
                    cheapest_win = k
            elif RANK_INDEX[c] > highest_loss:
                highest_loss = RANK_INDEX[c]
        for c in legal:
            s = SUIT_OF[c]
            r = RANK_INDEX[c]
            k = cheap[c]
            score = static[c] + suit_part[s] + by_higher[POPCOUNT[unseen_of[s] >> (r + 1)]] \
                + per_rank * r
            if r == lowest[s]:
                score += w_low
            if r == highest[s]:
                score += w_high
            if k == cheapest:
                score += w_cheapest
            if strengths[c] > best:
                score += win_part
                if k == cheapest_win:
                    score += w_cheap_win
            elif r == highest_loss:
                score += w_high_loss
            scores.append(score)
    else:
        cheapest = min([cheap[c] for c in legal])
        for c in legal:
            s = SUIT_OF[c]
            r = RANK_INDEX[c]
            score = static[c] + suit_part[s] + by_higher[POPCOUNT[unseen_of[s] >> (r + 1)]] \
                + per_rank * r
            if r == lowest[s]:
                score += w_low
            if r == highest[s]:
                score += w_high
            if cheap[c] == cheapest:
                score += w_cheapest
            scores.append(score)
    return scores


def pick_card(legal: Sequence[C], scores: Sequence[float], temperature: float,
              draw: float) -> C:
    """The card drawn with weights ``exp(score)`` by ``draw`` in [0, 1) (temperature 0:
    the first highest score)."""
    top = max(scores)
    if temperature == 0.0:
        return legal[scores.index(top)]
    cumulative = list(accumulate([exp(x - top) for x in scores]))
    return legal[min(bisect_right(cumulative, draw * cumulative[-1]), len(legal) - 1)]


def fitted_play_cards(state: DiminishingWhist, rng: random.Random, epsilon: float,
                      tables: PolicyTables, observe: ScoreObserver | None = None,
                      own: tuple[int, PolicyTables] | None = None) -> bool:
    """Play the hand's cards on, every seat drawing from the fitted policy; False (state
    untouched) for a state :func:`handles` declines.

    Each seat plays its only legal card, or with chance ``epsilon`` a random legal one,
    else the card :func:`pick_card` draws (one ``rng.random()`` a card) from the scores
    of :func:`card_scores`.  Stops when the hand is scored by the state's own rule.
    ``own``: (a seat, its tables): that seat draws from its own policy, the others from
    ``tables``.
    """
    if not handles(state):
        return False
    bids = state.bids
    cards = state.cards
    hands = state.hands
    trick = state.trick
    tricks = state.tricks
    won = state.tricks_won
    players = state.players
    trump = state.trump
    seat: int = state.to_move  # type: ignore[assignment]
    leader = state.leader
    strengths_by_led = TRICK_STRENGTHS[trump]
    suit_of = SUIT_OF
    draw = rng.random
    randrange = rng.randrange
    gone = suit_masks([c for t in tricks for _, c in t[1]] + [c for _, c in trick])
    voids = voids_of(players, tricks, trick)
    owns = [suit_masks(h) for h in hands]
    wanted = tricks_wanted(bids, won)
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
            legal = [c for c in hand if suit_of[c] == led]
            if not legal:
                legal = hand
                voids[seat] |= 1 << led
        else:
            legal = hand
        count = len(legal)
        scores: list[float] = []
        if count == 1:
            card = legal[0]
        elif epsilon and draw() < epsilon:
            card = legal[randrange(count)]
        else:
            policy = tables if own is None or seat != own[0] else own[1]
            scores = card_scores(policy, legal, owns[seat], len(hand), seat, players, trump,
                                 len(trick), strengths, best, best_seat, gone, voids, bids,
                                 won, wanted)
            card = pick_card(legal, scores, policy.temperature, draw())
        if observe is not None:
            observe(seat, legal, scores, card)
        hand.remove(card)
        trick.append((seat, card))
        bit = 1 << RANK_INDEX[card]
        gone[suit_of[card]] |= bit
        owns[seat][suit_of[card]] &= ~bit
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
        bid = bids[seat]
        if bid is not None and won[seat] < bid:
            wanted -= 1
        won[seat] += 1
        tricks.append((leader, trick, seat))
        trick = []
        leader = seat
        if len(tricks) == cards:
            state.trick = trick
            state.leader = state.to_move = seat
            state.score_hand()
            return True


def policy_card(state: DiminishingWhist, rng: random.Random, tables: PolicyTables) -> int:
    """The card the fitted policy draws for the seat to move in ``state`` (not stepped)."""
    seat = state.to_move
    assert seat is not None and state.decision is Decision.CARD
    trick = state.trick
    hand = state.hands[seat]
    strengths: Sequence[int] = ()
    best = -1
    best_seat = seat
    legal = hand
    if trick:
        strengths = TRICK_STRENGTHS[state.trump][SUIT_OF[trick[0][1]]]
        for player, c in trick:
            if strengths[c] > best:
                best, best_seat = strengths[c], player
        legal = [c for c in hand if SUIT_OF[c] == SUIT_OF[trick[0][1]]] or hand
    gone = suit_masks([c for t in state.tricks for _, c in t[1]] + [c for _, c in trick])
    scores = card_scores(tables, legal, suit_masks(hand), len(hand), seat, state.players,
                         state.trump, len(trick), strengths, best, best_seat, gone,
                         voids_of(state.players, state.tricks, trick), state.bids,
                         state.tricks_won, tricks_wanted(state.bids, state.tricks_won))
    return pick_card(legal, scores, tables.temperature, rng.random())


def fitted_rollout(state: GameState, seat: int, hands_done: int, weight: float,
                   rng: random.Random, epsilon: float, temperature: float,
                   tables: PolicyTables | None = None,
                   own_tables: PolicyTables | None = None) -> float:
    """Play ``state`` (a search copy stopping after its hand) to the hand's end with the
    fitted policy's cards; the seat's value, as :func:`engines.strong.rollout` values it.

    ``tables``: another policy's (:func:`policy_tables` of its weights; default: the
    committed weights' at ``temperature``); ``own_tables``: the policy of ``seat`` itself,
    when it plays otherwise than the other seats.  A state :func:`handles` declines goes
    on as ``strong``'s rollout.
    """
    if not isinstance(state, DiminishingWhist) or not handles(state):
        return rollout(state, seat, hands_done, weight, rng, epsilon=epsilon)
    if tables is None:
        tables = policy_tables(check_temperature("temperature", temperature))
    scores = state.hand_scores
    while not state.over and not state.hand_over and len(scores) == hands_done:
        if state.decision is Decision.CARD:
            fitted_play_cards(state, rng, epsilon, tables,
                              own=None if own_tables is None else (seat, own_tables))
            continue
        state.step(other_policy(state, rng))
    return hand_value(state, seat, hands_done, weight)

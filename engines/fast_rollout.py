"""Rollout card play on plain lists (every game but Black Queen): strong's rollout, faster.

:func:`engines.strong.rollout` plays a sampled world's hand to its end, one
``legal_actions()`` / ``card_policy`` / ``step`` round per card: a list of
``Play`` objects built, the trick's winner found through ``trick_winner``, the
policy's keys made by lambdas.  :func:`play_cards` plays the same cards on the
state's own lists of card numbers (follow suit, the policy and the trick's
winner inline, keys read from per-trump tables), then scores the hand through
the game's own rule (its public ``score_hand``), so the scoring stays in one place and a variant scored
otherwise, such as ``bench/ismcts_match.py``'s ``OhHellRound``, is scored by
its own rule.  The games differ only in that (and in whether a seat with no bid
or bet wants tricks: in 9-5-2 and Classic Whist every seat always does), see
:func:`hand_rules`; Classic Whist scores trick by trick (a game can end in
mid-hand), so there the game's own ``score_trick`` is called after each trick.

It is an exact copy of the slow path, not an approximation: the same random
numbers drawn in the same order (``rng.random()`` for the epsilon play where
more than one card is legal, ``rng.randrange`` for its card), the same ties
broken the same way (the first card of the hand among equals), so a search
with an ``iterations`` budget decides exactly as before.  The rules core stays
the source of legality: ``tests/test_fast_rollout.py`` checks the legal cards
of every step against ``legal_actions()`` and each rollout against the slow one.

Representations measured (docs/performance.md, "Issue 11"): the hands stay the
state's ordered lists, because the epsilon play indexes the legal list and
ties go to the first card held.  Per-suit 13-bit masks kept beside them (for
following suit and finding masters) or per-suit lists saved too little, within
the noise, to be worth a second representation kept in step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from whist.cards import RANK_OF, SUIT_OF
from whist.games.bidding import TRICKS, BiddingWhist
from whist.games.classic import ClassicWhist
from whist.games.diminishing import DiminishingWhist
from whist.games.nine_five_two import HAND_SIZE, NineFiveTwo
from whist.trick_rule import TRICK_STRENGTHS
from whist.tricks import TrickGame

#: Called before each card with (seat, legal cards, card chosen); for the differential test.
Observer = Callable[[int, Sequence[int], int], None]

#: The games' search steps and legality: a state whose type has other ones is not handled.
_DW_STEP: Final = DiminishingWhist.search_type().step
_DW_LEGAL: Final = DiminishingWhist.legal_actions
_BW_STEP: Final = BiddingWhist.search_type().step
_BW_LEGAL: Final = BiddingWhist.legal_actions
_952_STEP: Final = NineFiveTwo.search_type().step
_952_LEGAL: Final = NineFiveTwo.legal_actions
_CW_STEP: Final = ClassicWhist.search_type().step
_CW_LEGAL: Final = ClassicWhist.legal_actions
_TRICK_PLAY: Final = TrickGame.play_card
_TRICK_LEGAL: Final = TrickGame.legal_plays

#: What differs between the games played here: each seat's target (bid or bet), whether
#: a seat without one wants tricks, the tricks in a hand, the game's hand scoring, and
#: for a game that scores each trick (Classic Whist) its trick scoring instead (called
#: with the trick's winner; true once the hand or the game is over).
Hand = tuple[list[int | None], bool, int, Callable[[], None] | None,
             Callable[[int], bool] | None]


def _tables(trump: int | None) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per-card sort keys under ``trump`` (integers ordered as strong's tuple keys).

    - cheap: (is trump, rank), for "the cheapest winner" and "the lowest card, side
      suits first" (``card_policy``'s keys, the penalty part always 0 here);
    - duck: (rank, is trump), for a lead by a seat that wants no trick;
    - master: (is a side suit, rank), for the master to lead (``lead_for_tricks``).
    """
    suit = -1 if trump is None else int(trump)
    cheap = tuple((SUIT_OF[c] == suit) * 16 + RANK_OF[c] for c in range(52))
    duck = tuple(RANK_OF[c] * 2 + (SUIT_OF[c] == suit) for c in range(52))
    master = tuple((SUIT_OF[c] != suit) * 16 + RANK_OF[c] for c in range(52))
    return cheap, duck, master


_TABLES: Final = {trump: _tables(trump) for trump in (None, 0, 1, 2, 3)}


def hand_rules(state: object) -> Hand | None:
    """How :func:`play_cards` plays ``state``'s hand, or None if it cannot be sure to play
    it exactly as strong's rollout loop would.

    Diminishing Whist, Bidding Whist, 9-5-2 and Classic Whist search states (or a
    subclass that changes neither the step nor the legal cards, e.g. one scored by
    another rule) with one deck and following suit enforced, and no events being
    collected.
    """
    if isinstance(state, DiminishingWhist):
        cls: type[TrickGame] = type(state)
        if cls.step is _DW_STEP and cls.legal_actions is _DW_LEGAL \
                and not state.recording_events:
            return state.bids, False, state.cards, state.score_hand, None
        return None
    if not isinstance(state, TrickGame):
        return None
    cls = type(state)
    if cls.play_card is not _TRICK_PLAY or cls.legal_plays is not _TRICK_LEGAL \
            or not state.enforce_follow or state.multi_deck or state.recording_events:
        return None
    if isinstance(state, BiddingWhist):
        if cls.step is _BW_STEP and cls.legal_actions is _BW_LEGAL:
            # Bidding Whist's rollout wants tricks while a seat has no bet yet, too.
            return state.bets, True, TRICKS, state.score_hand, None
        return None
    if isinstance(state, NineFiveTwo):
        if cls.step is _952_STEP and cls.legal_actions is _952_LEGAL:
            return [None] * state.players, True, HAND_SIZE, state.score_hand, None
        return None
    if isinstance(state, ClassicWhist) and cls.step is _CW_STEP \
            and cls.legal_actions is _CW_LEGAL:
        return [None] * state.players, True, state.cards, None, state.score_trick
    return None


def handles(state: object) -> bool:
    """Whether :func:`play_cards` plays ``state`` (see :func:`hand_rules`)."""
    return hand_rules(state) is not None


def play_cards(state: TrickGame, rng: random.Random, epsilon: float,
               observe: Observer | None = None) -> bool:
    """Play the hand's cards on as strong's rollout would; False (state untouched) if not handled.

    ``state`` is at a card decision.  Each seat plays its only legal card, or with
    chance ``epsilon`` a random legal one, else the rollout policy's card (wanting
    tricks while under its bid or bet).  Stops when the hand is scored (by the
    state's own rule, its ``score_hand``).
    """
    rules = hand_rules(state)
    if rules is None:
        return False
    bids, no_bid_wants, cards, score_hand, score_trick = rules
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
    last = players - 1
    if trick:
        strengths = strengths_by_led[suit_of[trick[0][1]]]
        best = -1
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
            if not trick:
                if want:
                    # Lead a master (no other seat holds a higher card of its suit), side
                    # suits first; else the cheapest card.
                    top = [-1, -1, -1, -1]
                    for other, held in enumerate(hands):
                        if other != seat:
                            for c in held:
                                if c > top[suit_of[c]]:
                                    top[suit_of[c]] = c
                    masters = [c for c in legal if c >= top[suit_of[c]]]
                    if masters:
                        card = max(masters, key=master_key)
                    else:
                        card = min(legal, key=cheap_key)
                else:
                    card = min(legal, key=duck_key)
            else:
                # One deck: no card equals the best, so strong's >= is > here.
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
        if score_trick is not None:
            state.trick = trick
            state.leader = state.to_move = seat
            if score_trick(seat):
                return True
        elif len(tricks) == cards:
            state.trick = trick
            state.leader = state.to_move = seat
            score_hand()  # type: ignore[misc]
            return True

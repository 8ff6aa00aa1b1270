"""Claims: a seat ends the hand in play by showing that every remaining trick is its own.

A claim is proved from the claiming seat's own knowledge, never from the
hidden cards: its own playable cards, the cards played so far, the trump and
the face-up cards on the table.  Every other card of the pack (one for every two
players in Black Queen) might be in any other seat's hand, the undealt and
discarded cards included, so the proof holds in every distribution of the
unseen cards the seat could be facing.  Two reasons for proving it so:

- Offering a claim must leak nothing.  A proof that used the hidden cards
  would let a person learn something about them from whether a claim is
  allowed; a proof from the seat's own knowledge says only what it knew.
- A claim is the seat's promise ("the rest is mine whatever anyone plays"):
  it holds or it does not from where the seat sits.

The rule (:func:`claim_problem`): the seat is to play, and every card it may
play now wins the current trick whatever the seats after it hold, and each of
its other cards, led later, beats every unseen card of the pack (so no unseen
trump is left when it holds a card of a plain suit, and each of its cards is
strictly higher than every unseen card of its suit: with several decks the unseen
copy of an equal card, played later, would win).  Then the seat wins this
trick and leads every later one with a card nobody can beat, whatever order
it plays them in and whatever anyone else plays: it takes every remaining
trick, so the hand's outcome (tricks, cards taken, scores, and a Classic Whist
game ending when a total reaches the winning score) is the same in every
continuation.  A seat with face-down cards of its own still to turn up
(Black Queen) cannot claim: it does not know them.

When that rule fails, a bounded search may still prove that the rest of the
hand goes one way (:func:`_one_outcome`): every deal of the unseen cards to
the other hands that the seat's knowledge allows (their sizes, the suits each
showed out of) is played out in every legal way, by every seat, and the claim
holds if all of them end with the same scores and the same tricks to each
seat (the claimer need not take them all: the last card of a trick the seat
sees whole, or tricks nobody can stop).  It runs only when there are few such
deals (:data:`MAX_WORLDS`) and gives up past :data:`MAX_NODES` positions; the
deals and their order come from the seat's knowledge alone, so giving up
reveals nothing either.

:func:`claim` carries the claim out as ordinary card plays through
:meth:`~whist.protocol.GameState.apply` (each seat's first legal card in
turn), so a record of a claimed hand is an ordinary record: ``replay`` and
older readers read it as they read any other (docs/records.md).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from whist.actions import Decision, Play
from whist.cards import CARDS, SUIT_OF, Card
from whist.events import Event
from whist.games.black_queen import decks_for
from whist.protocol import GameState, IllegalAction, illegal
from whist.trick_rule import TRICK_STRENGTHS
from whist.tricks import TrickGame, note_voids

#: A claim's bounded search (:func:`_one_outcome`): the most deals of the unseen cards it
#: plays out, and the most positions it visits over all of them, before it gives up.
MAX_WORLDS = 120
MAX_NODES = 4000
#: The longest continuation a claim plays (a safety bound: a hand has at most 6 × 52 plays).
MAX_CLAIM_PLAYS = 400


def claim_problem(state: GameState, seat: int) -> str | None:
    """Why ``seat`` cannot claim the rest of the hand now, in a player's words; None if it can.

    Uses only what ``seat`` knows (see the module's notes), so the answer
    reveals nothing about another seat's hidden cards.
    """
    if not isinstance(state, TrickGame):
        return illegal("not-allowed", f"{state.title} has no tricks to claim")
    if state.over:
        return illegal("game-over", "the game is over")
    if state.hand_over:
        return illegal("hand-over", "the hand is over")
    if state.to_move != seat:
        return illegal("not-your-turn", "you can claim only when it is your turn to play")
    if state.decision is not Decision.CARD:
        return illegal("wrong-kind", "you can claim only during the play of the cards")
    down = getattr(state, "down", None)
    if isinstance(down, list) and any(card is not None for card in down[seat]):
        return illegal("not-allowed", "you cannot claim while your own face-down cards are "
                       "still to turn up")
    mine = own_cards(state, seat)
    reason = _masters_problem(state, seat, mine)
    if reason is not None and _one_outcome(state, seat, mine):
        return None
    return reason


def _masters_problem(state: TrickGame, seat: int, mine: list[Card]) -> str | None:
    """Why the seat's cards do not take every remaining trick whatever anyone holds (the cheap rule)."""
    possible = others_cards(state, mine)
    trump = state.trump
    # The strongest card another seat might play in a trick led in each suit (-1: none can win it).
    top = [max((TRICK_STRENGTHS[trump][led][u] for u in possible), default=-1)
           for led in range(4)]
    trick = state.trick
    later = state.players - len(trick) - 1
    for action in state.legal_actions():
        assert isinstance(action, Play)
        card = action.card
        if trick:
            strengths = TRICK_STRENGTHS[trump][SUIT_OF[trick[0][1]]]
            best = max(strengths[c] for _, c in trick)
            # >=: played after an equal card, ours would win; a later seat's equal card
            # would win over ours, hence > against the cards the others might play.
            if strengths[card] < best:
                return illegal("not-provable", f"the rest is not yours: your {card} does not "
                               "win this trick")
            if later and strengths[card] <= top[SUIT_OF[trick[0][1]]]:
                return _refusal(card, "could lose this trick")
        elif TRICK_STRENGTHS[trump][SUIT_OF[card]][card] <= top[SUIT_OF[card]]:
            return _refusal(card, "could lose a trick")
        rest = list(mine)
        rest.remove(card)
        for other in rest:
            if TRICK_STRENGTHS[trump][SUIT_OF[other]][other] <= top[SUIT_OF[other]]:
                return _refusal(other, "could lose a trick")
    return None


def _one_outcome(state: TrickGame, seat: int, mine: list[Card]) -> bool:
    """Whether the rest of the hand scores one way in every deal and every play (a bounded search).

    Every deal of the unseen cards to the other hands that the seat's knowledge
    allows (hand sizes, the suits a seat showed out of) is played out in every
    legal way; True only if all of them end the hand with the same scores and
    tricks.  The
    deals and their order come from what the seat knows alone, so whether the
    search is made, gives up (:data:`MAX_WORLDS`, :data:`MAX_NODES`) or proves the
    claim reveals nothing.  Not with face-down cards still to turn up.
    """
    down = getattr(state, "down", None)
    if isinstance(down, list) and any(card is not None for row in down for card in row):
        return False
    others = [s for s in range(state.players) if s != seat]
    pool = Counter(others_cards(state, mine))
    up = getattr(state, "up", None)
    if isinstance(up, list):
        # The others' face-up cards stay where they lie: only their hands are unknown.
        pool.subtract(card for s in others for card in up[s] if card is not None)
    cards = sorted(pool.elements())
    sizes = [len(state.hands[s]) for s in others]
    worlds, left = 1, len(cards)
    for size in sizes:
        worlds *= math.comb(left, size)
        left -= size
    if left < 0 or worlds > MAX_WORLDS:
        return False
    voids: list[set[int]] = [set() for _ in range(state.players)]
    if state.enforce_follow:
        for _, plays, _ in state.tricks:
            note_voids(plays, voids)
        note_voids(state.trick, voids)
    outcomes: set[tuple[Any, ...]] = set()
    budget = [MAX_NODES]
    for hands in _deals(cards, [(sizes[i], voids[s]) for i, s in enumerate(others)]):
        world = state.search_copy()
        world.stop_after_hand = True
        for s, hand in zip(others, hands, strict=True):
            world.hands[s] = list(hand)
        if not _every_play(world, outcomes, budget):
            return False
    return len(outcomes) == 1


def _deals(cards: list[Card], wanted: list[tuple[int, set[int]]]) -> Iterator[list[tuple[Card, ...]]]:
    """Every way to give each (size, voids) in ``wanted`` that many of ``cards``, none of its voids."""
    if not wanted:
        yield []
        return
    (size, void), rest = wanted[0], wanted[1:]
    allowed = [i for i, card in enumerate(cards) if SUIT_OF[card] not in void]
    for chosen in itertools.combinations(allowed, size):
        taken = set(chosen)
        remaining = [card for i, card in enumerate(cards) if i not in taken]
        for later in _deals(remaining, rest):
            yield [tuple(cards[i] for i in chosen), *later]


def _every_play(state: TrickGame, outcomes: set[tuple[Any, ...]], budget: list[int]) -> bool:
    """Play out every legal continuation, adding each end's scores to ``outcomes``.

    False as soon as two outcomes differ or the node budget runs out.
    """
    if state.hand_over:
        # The same scores, and the same tricks (and Black Queen's penalty points) to each
        # seat: a claim ends the hand "with those tricks", not only with those scores.
        outcomes.add((tuple(state.totals), tuple(map(tuple, state.hand_scores)), state.over,
                      tuple(state.tricks_won), tuple(getattr(state, "points", ()))))
        return len(outcomes) == 1
    budget[0] -= 1
    if budget[0] < 0:
        return False
    for action in state.legal_actions():
        child = state.copy()
        child.step(action)
        if not _every_play(child, outcomes, budget):  # type: ignore[arg-type]
            return False
    return True


def _refusal(card: Card, what: str) -> str:
    return illegal("not-provable", f"the rest is not yours whatever anyone plays: your {card} "
                   f"{what} to a card you have not seen")


def own_cards(state: TrickGame, seat: int) -> list[Card]:
    """The cards ``seat`` holds and may play this hand (its hand and, in Black Queen, its face-up row)."""
    cards = list(state.hands[seat])
    up = getattr(state, "up", None)
    if isinstance(up, list):
        cards.extend(card for card in up[seat] if card is not None)
    return cards


def others_cards(state: TrickGame, mine: Iterable[Card]) -> list[Card]:
    """Every card another seat might still play, as far as the claiming seat knows.

    The packs less the seat's own cards and the cards played: every unseen card
    (in another hand, face down, undealt or out of play) and the others' face-up
    cards.  The packs are whole, so a game that deals fewer cards leaves the rest
    here too: more cards than the others hold, never fewer.
    """
    # Black Queen is the one game played with several decks (one for every two players).
    decks = decks_for(state.players) if state.multi_deck else 1
    count = Counter({card: decks for card in CARDS})
    count.subtract(mine)
    count.subtract(state.public_cards_seen())
    return [card for card, n in count.items() for _ in range(n)]


def can_claim(state: GameState, seat: int) -> bool:
    """True if ``seat`` may claim the rest of the hand now (:func:`claim_problem`)."""
    return claim_problem(state, seat) is None


def claim(state: GameState, seat: int) -> tuple[Event, ...]:
    """Claim the rest of the hand for ``seat``: play it out and return every event.

    Raises IllegalAction with the reason (changing nothing) if the claim cannot be
    proved.  The hand is played out by ordinary plays (each seat's first legal
    card), which the proof shows score exactly as any other continuation would;
    it stops where the hand ends (the next hand dealt, held, or the game over).
    """
    reason = claim_problem(state, seat)
    if reason is not None:
        raise IllegalAction(reason)
    hand = state.hand_number
    events: list[Event] = []
    for _ in range(MAX_CLAIM_PLAYS):
        events.extend(state.apply(state.legal_actions()[0]))
        if state.over or state.hand_over or state.hand_number != hand:
            return tuple(events)
    raise AssertionError("a claimed hand did not end")

"""The tricks a hand takes when every seat plays at random, and the bids worth searching.

``strong``'s search values a bid by rollouts in which every seat plays the same
greedy, bid-aiming policy, so in its sampled worlds a seat reaches 0 tricks (or
its top-card count) more reliably than at a real table, and it bid 0 in 10% of
Diminishing Whist hands where OpenSpiel's ISMCTS bids 0 in 5%.  ISMCTS's own bid
is, up to noise, the most likely trick count when every seat plays at random.
``strong`` now searches only the two best bids by expected score under random
play (:func:`random_play_shortlist`): the random playouts say which bids are
plausible, the rollouts judge between them.  Measured in docs/strength.md,
"Random play picks the bids, the search decides".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from whist.actions import Action, Bid
from whist.cards import Card
from whist.games.diminishing import DiminishingWhist
from whist.protocol import GameState

#: A bid's score for the tricks taken: ``(bid, tricks) -> points``.
BidScore = Callable[[int, int], int]

_SUITS = "♣♦♥♠"
#: Random playouts that rank a bid's candidates (``strong``'s shortlist).
BID_PLAYOUTS = 2000


def random_trick_chances(hand: Sequence[int], trump: int | None, players: int, seat: int,
                         out_of_play: Sequence[int], playouts: int,
                         rng: random.Random) -> list[float]:
    """P(``seat`` takes k tricks), k = 0..len(hand), when every seat plays a uniformly
    random legal card and the other hands are dealt uniformly from the cards neither
    in ``hand`` nor ``out_of_play``.

    Cards are numbered suit * 13 + rank - 2 (as :class:`whist.cards.Card`); seat 0
    leads the first trick; ``trump`` is a suit number or None.
    """
    size = len(hand)
    if size < 1 or playouts < 1:
        raise ValueError("a hand of at least one card and at least one playout are needed")
    known = set(hand) | set(out_of_play)
    deck = [c for c in range(52) if c not in known]
    if len(deck) < size * (players - 1):
        raise ValueError("too few unseen cards to deal the other hands")
    counts = [0] * (size + 1)
    randrange = rng.randrange
    for _ in range(playouts):
        rng.shuffle(deck)
        hands: list[list[int]] = []
        dealt = 0
        for s in range(players):
            if s == seat:
                hands.append(list(hand))
            else:
                hands.append(deck[dealt:dealt + size])
                dealt += size
        leader = 0
        won = 0
        # The trick rule inline (whist.trick_rule's, for one pack): this loop is the
        # whole cost of a bid's shortlist.
        for _trick in range(size):
            best_seat = leader
            cards = hands[leader]
            best = cards.pop(randrange(len(cards)))
            led = best // 13
            for i in range(1, players):
                s = (leader + i) % players
                cards = hands[s]
                follow = [j for j, c in enumerate(cards) if c // 13 == led]
                card = cards.pop(follow[randrange(len(follow))] if follow
                                 else randrange(len(cards)))
                suit = card // 13
                if suit == best // 13:
                    if card > best:
                        best, best_seat = card, s
                elif suit == trump:
                    best, best_seat = card, s
            leader = best_seat
            won += best_seat == seat
        counts[won] += 1
    return [n / playouts for n in counts]


def bid_trick_chances(observation: Mapping[str, Any], playouts: int,
                      rng: random.Random) -> list[float]:
    """P(tricks = k) under random play for the seat to bid in a Diminishing Whist
    observation (or an adapter's, whose ``seen`` cards are out of play)."""
    players: int = observation["players"]
    seat = (observation["seat"] - observation["opener"]) % players
    trump_text = observation["trump"]
    trump = None if trump_text in (None, "NT") else _SUITS.index(trump_text)
    hand = [int(Card.parse(c)) for c in observation["hand"]]
    seen = [int(Card.parse(c)) for c in observation.get("seen", ())]
    return random_trick_chances(hand, trump, players, seat, seen, playouts, rng)


def random_play_values(observation: Mapping[str, Any], legal: Sequence[Action],
                       score: BidScore, playouts: int,
                       rng: random.Random) -> dict[Bid, float]:
    """Each legal bid's expected score under random play (``playouts`` of them)."""
    chances = bid_trick_chances(observation, playouts, rng)
    return {b: sum(p * score(b.tricks, k) for k, p in enumerate(chances))
            for b in legal if isinstance(b, Bid)}


def random_play_shortlist(observation: Mapping[str, Any], legal: Sequence[Action],
                          score: BidScore, playouts: int, rng: random.Random,
                          top: int) -> list[Action]:
    """The ``top`` legal bids of best expected score under random play, best first
    (ties: the lower bid)."""
    values = random_play_values(observation, legal, score, playouts, rng)
    return list(sorted(values, key=lambda b: (-values[b], b.tricks))[:top])


def diminishing_bid_shortlist(observation: Mapping[str, Any], candidates: list[Action],
                              world_class: type[GameState], rng: random.Random,
                              top: int) -> list[Action]:
    """``strong``'s Diminishing Whist hook: at a bid with more than ``top`` candidates,
    the ``top`` best under random play (:data:`BID_PLAYOUTS` playouts, scored by the
    searched worlds' ``bid_score``); any other decision's candidates as they are."""
    if len(candidates) <= top or not isinstance(candidates[0], Bid):
        return candidates
    if not issubclass(world_class, DiminishingWhist):
        raise TypeError(f"a Diminishing Whist round is needed, not {world_class.__name__}")
    return random_play_shortlist(observation, candidates, world_class.bid_score,
                                 BID_PLAYOUTS, rng, top)

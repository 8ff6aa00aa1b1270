"""Diminishing Whist's original players: ``expectation`` (its engine) and ``gaussian``.

Both follow ../shared/engines.md ("Diminishing Whist") exactly; they see
only the seat's observation.  ``expectation`` estimates each card's chance of
winning a trick against cards drawn at random from those it has not seen,
bids the rounded sum and plays the card that keeps its expected tricks
closest to its bid.  ``gaussian`` is the original's random baseline.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import ClassVar

from engines.interface import Engine
from whist.actions import BIDS, PLAYS, Action, Play
from whist.cards import CARDS, SUIT_OF, Card, Suit
from whist.observations import DiminishingObservation, Observation, as_diminishing
from whist.trick_rule import beats as trick_beats

#: Sentinel for W's "trick so far": unknown (estimating a card for a later trick).
UNKNOWN: None = None


def beats(x: int, y: int, trump: int | None) -> bool:
    """True if card ``x`` beats card ``y``: same suit and higher, or ``x`` trump and ``y`` not."""
    # The trick rule with ``y`` as the card to beat; a card does not beat itself (a pool
    # holding the card itself counts it among the losers).
    return x != y and trick_beats(x, y, SUIT_OF[y], trump)


def win_chance(card: int, trump: int | None, unseen: Sequence[int], players: int,
               trick: Sequence[int] | None) -> float:
    """W: the chance ``card`` wins its trick against opponents drawn at random from ``unseen``.

    ``trick`` holds the cards already in the trick (in order, led card first),
    or is None when the trick is unknown (a card kept for a later trick).
    """
    if trick is not None:
        for played in trick:
            if beats(played, card, trump):
                return 0.0
        if trick and SUIT_OF[card] != SUIT_OF[trick[0]] and SUIT_OF[card] != trump:
            return 0.0
        to_play = players - 1 - len(trick)
    else:
        to_play = players - 1
    size = len(unseen)
    losers = sum(1 for u in unseen if not beats(u, card, trump))
    ways = comb(size, to_play)
    p = comb(losers, to_play) / ways if ways else 0.0
    if (trick is not None and trick) or SUIT_OF[card] == trump:
        factor = 1.0
    else:
        # Leading, the card sets the suit; for a later trick it leads only 1 time in N
        # and otherwise wins only if the led suit happens to be its own.
        q = 1.0 if trick is not None else 1 / players
        same_suit = sum(1 for u in unseen if SUIT_OF[u] == SUIT_OF[card])
        # The division first, as the original computes it: (1 - q) * n / |U| rounds
        # differently, and that flips some near-tied card choices.
        factor = q + (1 - q) * (same_suit / size) if size else q
    return p * factor


def fix_last_bid(bid: int, estimate: float, forbidden: int | None, cards: int) -> int:
    """Move a bid off the forbidden one: down when the estimate is below it, else up.

    The result is clamped to 0..cards; if clamping lands back on the forbidden
    bid (an estimate of exactly ``cards``), the other direction is taken, so
    the bid is always legal.
    """
    bid = max(0, min(cards, bid))
    if bid != forbidden:
        return bid
    moved = max(0, min(cards, bid - 1 if estimate < bid else bid + 1))
    if moved == forbidden:
        moved = bid + 1 if estimate < bid else bid - 1
    return moved


def _trump_of(observation: Observation) -> int | None:
    trump = observation["trump"]
    return None if trump is None else int(Suit.parse(trump))


def _parse(cards: Sequence[str]) -> list[Card]:
    return [Card.parse(c) for c in cards]


class ExpectationEngine(Engine):
    """The original's engine: bid the expected tricks, play to stay closest to the bid."""

    level: ClassVar[str] = "expectation"
    description: ClassVar[str] = ("The original engine: bids its expected tricks and plays "
                                  "the card that keeps it closest to its bid.")
    games: ClassVar[tuple[str, ...]] = ("diminishing-whist",)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A bid or a card as the original engine would choose it."""
        obs = as_diminishing(observation)
        if obs["decision"] == "bid":
            return BIDS[self.bid(obs)]
        return PLAYS[self.play(obs, legal)]

    def bid(self, observation: DiminishingObservation) -> int:
        """round-half-to-even(Σ W(c, unknown)) over the hand, moved off the forbidden bid."""
        hand = _parse(observation["hand"])
        trump = _trump_of(observation)
        players: int = observation["players"]
        held = set(hand)
        unseen = [c for c in CARDS if c not in held]
        estimate = hand_estimate(hand, trump, unseen, players)
        return fix_last_bid(round(estimate), estimate, observation["forbidden_bid"],
                            observation["cards"])

    def play(self, observation: DiminishingObservation, legal: Sequence[Action]) -> Card:
        """The legal card whose expected tricks come closest to the bid (ties: dealt order)."""
        seat: int = observation["seat"]
        hand = _parse(observation["hand"])
        trump = _trump_of(observation)
        players: int = observation["players"]
        trick = [Card.parse(c) for _, c in observation["trick"]]
        seen = {Card.parse(c) for t in observation["tricks"] for _, c in t["plays"]}
        seen.update(hand)
        seen.update(trick)
        unseen = [c for c in CARDS if c not in seen]
        won: int = observation["tricks_won"][seat]
        bid = observation["bids"][seat] or 0
        allowed = {a.card for a in legal if isinstance(a, Play)}
        later = [win_chance(d, trump, unseen, players, UNKNOWN) for d in hand]
        best: Card | None = None
        best_distance = 0.0
        for index, card in enumerate(hand):
            if card not in allowed:
                continue
            # The original's addition order, so near-ties resolve as it did.
            value: float = 0
            for other, chance in enumerate(later):
                if other != index:
                    value += chance
            value += won
            value += win_chance(card, trump, unseen, players, trick)
            distance = abs(value - bid)
            if best is None or distance < best_distance:
                best, best_distance = card, distance
        assert best is not None, "no legal card in the hand"
        return best


def hand_estimate(hand: Sequence[int], trump: int | None, unseen: Sequence[int],
                  players: int) -> float:
    """E: Σ W(c, unknown) over the hand, added in dealt order."""
    estimate: float = 0
    for card in hand:
        estimate += win_chance(card, trump, unseen, players, UNKNOWN)
    return estimate


class GaussianEngine(Engine):
    """The original's random baseline: a Gaussian guess at the bid and random cards."""

    level: ClassVar[str] = "gaussian"
    description: ClassVar[str] = ("The original random baseline: bids a Gaussian guess "
                                  "around cards / players and plays random legal cards.")
    games: ClassVar[tuple[str, ...]] = ("diminishing-whist",)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A Gaussian bid (moved off the forbidden one) or a uniformly random legal card."""
        obs = as_diminishing(observation)
        if obs["decision"] == "bid":
            cards = obs["cards"]
            players = obs["players"]
            guess = self.rng.gauss(cards / players, 0.64 * cards * cards / (players * players))
            bid = round(max(0.0, guess))
            return BIDS[fix_last_bid(bid, guess, obs["forbidden_bid"], cards)]
        return legal[self.rng.randrange(len(legal))]

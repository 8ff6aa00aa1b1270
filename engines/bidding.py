"""Bidding Whist's original player, ``heuristic`` (engines.md "Bidding Whist — heuristic").

It sees only its seat's observation.

- Initial bid: each card counts as a likely trick with probability
  σ(r − 11.5) in a side suit, (σ(r − 11.5) + 0.1) / (σ(2.5) + 0.1) in its own
  suit as trump, and σ(r − 11.5) / σ(3) at no-trump (σ the logistic function,
  r the rank 2..14).  The denomination with the largest expected count is
  the one to bid (a tie goes to the higher denomination, which would win the
  auction); the number is that count rounded half to even (Python's
  ``round``), capped at 13.  It bids that contract if it is legal (5 or more
  and beating the highest bid), else skips; once it has bid it never raises,
  it skips.
- Secondary bet: the number of trumps it holds (♠ when there is no trump);
  if that bet is forbidden (it would make the total 13), one more; if that is
  out of range (13 trumps with the others' bets at 0), one fewer.
- Play: the first legal card in the order ♦ ♣ ♥ ♠, low to high.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp
from typing import ClassVar, Final

from engines.interface import Engine
from whist.actions import BIDS, SKIP, Action, Contract, Play
from whist.cards import RANK_OF, SUIT_OF, Card, Suit
from whist.observations import Observation, as_bidding

TRICKS: Final = 13


def sigmoid(x: float) -> float:
    """The logistic function σ(x) = 1 / (1 + e^−x)."""
    return 1.0 / (1.0 + exp(-x))


#: Per rank (index 0..14): chance the card takes a trick as a side card, a trump, at no-trump.
SIDE: Final[tuple[float, ...]] = tuple(sigmoid(r - 11.5) for r in range(15))
TRUMP: Final[tuple[float, ...]] = tuple(
    (sigmoid(r - 11.5) + 0.1) / (sigmoid(2.5) + 0.1) for r in range(15))
NO_TRUMP: Final[tuple[float, ...]] = tuple(sigmoid(r - 11.5) / sigmoid(3) for r in range(15))
#: Denominations from lowest to highest (None is no-trump).
DENOMINATIONS: Final[tuple[Suit | None, ...]] = (
    Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None)
#: Where each suit comes in the play order ♦ ♣ ♥ ♠.
PLAY_ORDER: Final[tuple[int, ...]] = (1, 0, 2, 3)


def denomination_estimates(hand: Sequence[int]) -> dict[Suit | None, float]:
    """Expected tricks of ``hand`` under each denomination (None: no-trump)."""
    out: dict[Suit | None, float] = {}
    for denomination in DENOMINATIONS:
        if denomination is None:
            out[None] = sum(NO_TRUMP[RANK_OF[c]] for c in hand)
        else:
            out[denomination] = sum(
                TRUMP[RANK_OF[c]] if SUIT_OF[c] == denomination else SIDE[RANK_OF[c]]
                for c in hand)
    return out


def best_contract(hand: Sequence[int]) -> Contract:
    """The contract the hand is worth: the best denomination and its rounded count."""
    estimates = denomination_estimates(hand)
    # Rounded to 9 places so sums of the same terms in another order tie exactly.
    best = max(DENOMINATIONS, key=lambda d: (round(estimates[d], 9), DENOMINATIONS.index(d)))
    return Contract(min(TRICKS, round(estimates[best])), best)


def initial_bid(hand: Sequence[int], legal: Sequence[Action], already_bid: bool) -> Action:
    """Bid the hand's contract if legal and not yet bidding; otherwise skip."""
    if already_bid:
        return SKIP
    contract = best_contract(hand)
    return contract if contract in legal else SKIP


def secondary_bet(hand: Sequence[int], trump: Suit | None, legal: Sequence[Action]) -> Action:
    """The number of trumps held (♠ at no-trump); one more if forbidden, else one fewer."""
    suit = Suit.SPADES if trump is None else trump
    held = sum(1 for c in hand if SUIT_OF[c] == suit)
    for bet in (held, held + 1, held - 1):
        if 0 <= bet <= TRICKS and BIDS[bet] in legal:
            return BIDS[bet]
    return legal[0]


def first_card(legal: Sequence[Action]) -> Action:
    """The first legal card in the order ♦ ♣ ♥ ♠, low to high."""
    def order(action: Action) -> tuple[int, int]:
        assert isinstance(action, Play)
        return (PLAY_ORDER[SUIT_OF[action.card]], RANK_OF[action.card])
    return min(legal, key=order)


class HeuristicEngine(Engine):
    """The original Bidding Whist player as its author meant it (engines.md)."""

    level: ClassVar[str] = "heuristic"
    description: ClassVar[str] = (
        "The original player: bids its hand's likely tricks, bets its trump count, "
        "plays the first legal card ♦ ♣ ♥ ♠ low to high.")
    games: ClassVar[tuple[str, ...]] = ("bidding-whist",)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Bid, bet or play by the original's rules."""
        observation = as_bidding(observation)
        decision = observation["decision"]
        hand = [Card.parse(c) for c in observation["hand"]]
        if decision == "initial_bid":
            seat = observation["seat"]
            already = any(s == seat and bid != "skip" for s, bid in observation["bidding"])
            return initial_bid(hand, legal, already)
        if decision == "secondary_bet":
            trump = observation["trump"]
            return secondary_bet(hand, None if trump is None else Suit.parse(trump), legal)
        return first_card(legal)

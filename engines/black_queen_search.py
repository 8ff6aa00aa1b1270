"""Black Queen's own rollout policy for ``strong``'s search (``SearchHooks.card_policy``).

In a sampled world every hand and face-up row is known, so the policy reads
them instead of guessing: it knows which seat still to play a trick *must*
overtake (it holds only higher cards of the led suit), so a card at or below
that seat's lowest is as safe a loser as one below the trick's top.  All
seats play it, so each assumes the others duck whenever they can:

- following: the highest card that surely loses (Q♠ first, then the highest
  heart); when every card may win, the highest one (it takes the trick anyway,
  so shed the card most likely to take a later one), never Q♠ if another will do;
- void: Q♠, then A♠/K♠ while another seat still holds a Q♠, then the highest
  heart, then the highest card;
- leading: a card some follower must overtake (Q♠, then hearts, then the
  highest such card), else the suit where the trick costs least (the points the
  others would dump or follow with), lowest card first.

Shooting the moon is not modelled: every seat avoids points.  ``state`` is a
:class:`~whist.games.black_queen.BlackQueen` (its ``hands``, ``up``, ``down``,
``trick``, ``to_move`` and ``players``), or anything with those.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from whist.cards import RANK_OF, SUIT_OF, Card, Suit
from whist.games.black_queen import PENALTY, QUEEN_OF_SPADES

HEARTS: Final = int(Suit.HEARTS)
SPADES: Final = int(Suit.SPADES)
KING_OF_SPADES: Final = int(Card.of(Suit.SPADES, 13))
QUEEN: Final = int(QUEEN_OF_SPADES)


#: ``lowest`` of a seat holding no card of the suit (above every card index).
NO_CARD: Final = 99


def lowest(state: Any, seat: int, suit: int) -> int:
    """The lowest card of ``suit`` that ``seat`` may play (hand or face-up), or NO_CARD."""
    low = NO_CARD
    for c in state.hands[seat]:
        if c < low and SUIT_OF[c] == suit:
            low = c
    for c in state.up[seat]:
        if c is not None and c < low and SUIT_OF[c] == suit:
            low = c
    return low


def lowest_by_suit(state: Any, seat: int) -> list[int]:
    """:func:`lowest` of each suit at once."""
    lows = [NO_CARD] * 4
    for c in state.hands[seat]:
        suit = SUIT_OF[c]
        if c < lows[suit]:
            lows[suit] = c
    for c in state.up[seat]:
        if c is not None:
            suit = SUIT_OF[c]
            if c < lows[suit]:
                lows[suit] = c
    return lows


def forced_cover(state: Any, seats: Sequence[int], suit: int) -> int:
    """The highest card of ``suit`` that one of ``seats`` must beat (-1: none must).

    A seat holding only cards of the suit at or above its lowest one must play one of
    them, and with two decks an equal card played later wins; so any card at or below
    the highest such lowest card loses whatever the others do.
    """
    cover = -1
    for seat in seats:
        low = lowest(state, seat, suit)
        if cover < low < NO_CARD:
            cover = low
    return cover


def queen_elsewhere(state: Any, seat: int) -> bool:
    """Whether a seat other than ``seat`` still holds a Q♠ (hand, face-up or face-down)."""
    for other in range(state.players):
        if other != seat and (QUEEN in state.hands[other] or QUEEN in state.up[other]
                              or QUEEN in state.down[other]):
            return True
    return False


def black_queen_policy(state: Any, legal: list[Any], want: bool,
                       penalty: Sequence[int]) -> Any:
    """The rollout's card for the seat to move (see the module's docstring)."""
    trick = state.trick
    mover: int = state.to_move
    players: int = state.players
    if not trick:
        return _lead(state, legal, mover)
    led = SUIT_OF[trick[0][1]]
    following = [a for a in legal if SUIT_OF[a.card] == led]
    if not following:
        return max(legal, key=lambda a: _dump_key(state, mover, a))
    top = max(c for _, c in trick if SUIT_OF[c] == led)
    # Equal cards: the later one wins, so a card equal to the top takes the trick.
    losers = [a for a in following if a.card < top]
    if len(losers) < len(following) and len(trick) < players - 1:
        later = [(mover + k) % players for k in range(1, players - len(trick))]
        cover = forced_cover(state, later, led)
        losers = [a for a in following if a.card < top or a.card <= cover]
    if losers:
        return max(losers, key=lambda a: (penalty[a.card], a.card, a.up is not None))
    # Every card may take the trick and the others duck when they can: shed the highest.
    return max(following, key=lambda a: (-penalty[a.card], a.card, a.up is not None))


def _dump_key(state: Any, mover: int, action: Any) -> tuple[int, int, bool]:
    card: int = action.card
    if card == QUEEN:
        return (3, card, action.up is not None)
    if card > QUEEN and SUIT_OF[card] == SPADES and queen_elsewhere(state, mover):
        return (2, card, action.up is not None)  # A♠/K♠ would catch the queen later
    if SUIT_OF[card] == HEARTS:
        return (1, card, action.up is not None)
    return (0, RANK_OF[card], action.up is not None)


def _lead(state: Any, legal: list[Any], mover: int) -> Any:
    """A lead that some follower must overtake, else the cheapest trick to win."""
    players = state.players
    others = [(mover + k) % players for k in range(1, players)]
    lows = [lowest_by_suit(state, seat) for seat in others]
    covers: list[int | None] = [None] * 4
    costs: list[int | None] = [None] * 4
    best: Any = None
    best_key: tuple[int, int, int, int] = (-1, 0, 0, 0)
    for a in legal:
        card: int = a.card
        suit = SUIT_OF[card]
        cover = covers[suit]
        if cover is None:
            cover = -1
            for low in lows:
                if cover < low[suit] < NO_CARD:
                    cover = low[suit]
            covers[suit] = cover
        if card <= cover:
            # Surely lost: give away the queen, then hearts, then the highest card.
            rank = 3 if card == QUEEN else 2 if suit == HEARTS else 1
            key = (rank, card, 0, a.up is not None)
        else:
            cost = costs[suit]
            if cost is None:
                cost = costs[suit] = _winning_cost(state, others, lows, suit)
            if suit == SPADES and card > QUEEN and any(
                    QUEEN in state.hands[s] or QUEEN in state.up[s] for s in others):
                cost += 12  # a follower drops its queen under A♠/K♠
            cost += PENALTY[card]
            key = (0, -cost, -card, a.up is not None)
        if key > best_key:
            best, best_key = a, key
    return best


def _winning_cost(state: Any, others: Sequence[int], lows: list[list[int]], suit: int) -> int:
    """The points the leader takes when the others duck a lead of ``suit``."""
    cost = 0
    for seat, low in zip(others, lows, strict=True):
        if low[suit] < NO_CARD:
            if suit == HEARTS:
                cost += 1
            continue
        # Void: it dumps its worst card on the leader.
        worst = 0
        for c in state.hands[seat]:
            if PENALTY[c] > worst:
                worst = PENALTY[c]
        for up in state.up[seat]:
            if up is not None and PENALTY[up] > worst:
                worst = PENALTY[up]
        cost += worst
    return cost

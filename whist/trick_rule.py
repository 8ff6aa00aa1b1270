"""The trick rule: which card takes a trick, as one table and three ways to read it.

Every game here plays tricks by the same rule (the strongest card takes the trick:
any trump beats the led suit, a card of neither cannot win, and of two equal cards
from two decks the later one).  The rules core, the engines' rollouts and the claim
all read it from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from whist.cards import SUIT_OF, Card, Suit

#: The trick rule as a table (see :func:`trick_strengths`): for each trump (None: no-trump)
#: and led suit, each card's strength in the trick: 100 + card for a trump, the card for
#: the led suit, -1 for a card that cannot win.
TRICK_STRENGTHS: Final[dict[int | None, tuple[tuple[int, ...], ...]]] = {
    trump: tuple(tuple(100 + c if SUIT_OF[c] == trump else c if SUIT_OF[c] == led else -1
                       for c in range(52)) for led in range(4))
    for trump in (None, 0, 1, 2, 3)}


def trick_strengths(trump: Suit | int | None, led: Suit | int) -> tuple[int, ...]:
    """Each card's strength (by card number) in a trick led in ``led`` under ``trump``.

    The trick rule in one table: the strongest card played takes the trick (any
    trump beats the led suit; a card of neither cannot win), and of equal cards
    (two decks) the one played later.  Hot paths index :data:`TRICK_STRENGTHS` themselves.
    """
    return TRICK_STRENGTHS[trump][led]


def trick_winner(plays: Sequence[tuple[int, Card]], trump: Suit | int | None) -> int:
    """Index in ``plays`` of the winning card: highest trump, else highest of the led suit.

    Equal cards (two decks): the one played later wins.
    """
    strengths = TRICK_STRENGTHS[trump][SUIT_OF[plays[0][1]]]
    best = 0
    top = strengths[plays[0][1]]
    for i in range(1, len(plays)):
        strength = strengths[plays[i][1]]
        # >=: an equal card played later wins.
        if strength >= top:
            best, top = i, strength
    return best


def beats(card: int, best: int, led: Suit | int, trump: Suit | int | None) -> bool:
    """Whether ``card``, played after ``best`` (the card taking the trick so far), takes it.

    ``led`` is the trick's led suit; an equal card played later wins (two decks).
    """
    strengths = TRICK_STRENGTHS[trump][led]
    return strengths[card] >= strengths[best]

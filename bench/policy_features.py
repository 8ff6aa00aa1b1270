"""What a seat knows at a card decision, as features of each legal card (issue 21, item 3).

The fitted rollout policy (bench/fit_policy.py fits it, bench/fitted_rollout.py plays
it) is a conditional logit: each legal card's score is a weight vector times the
card's features, the card is drawn with probability proportional to
``exp(score / temperature)``.  The weights differ by :func:`context` (leading or
following, wanting tricks or not), so "win the trick" can be good for a seat under
its bid and bad for one that has made it.

Every feature is computed only from what the seat could know: its hand, the cards
played (this hand's tricks and the trick so far), who is winning the trick, the
bids and tricks won, the voids the seats have shown, trump and its position in the
trick.  :func:`card_features` is the reference definition; the rollout computes
the same scores faster (tests/test_fitted_policy.py checks them against it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from whist.cards import SUIT_OF
from whist.trick_rule import TRICK_STRENGTHS

#: The features' names, in order: the rank one-hot (2 .. A), then the rest.
FEATURES: Final[tuple[str, ...]] = tuple(f"rank_{r}" for r in "23456789TJQKA") + (
    "is_trump",          # the card is a trump
    "wins_now",          # following: it beats the trick's best card so far
    "wins_last",         # it wins and the seat plays last (the trick is then its)
    "beats_wanting",     # it wins from a seat that is still under its bid
    "master",            # no card higher in its suit is unseen (it is the best left)
    "higher_unseen",     # unseen cards higher in its suit, / 4
    "suit_length",       # the seat's cards of its suit, / 4
    "lowest_of_suit",    # the seat's lowest card of its suit
    "highest_of_suit",   # the seat's highest card of its suit
    "ruff_risk",         # a seat still to play (leading: any other) has shown void in its
                         # suit, which is not trump, and there is a trump
    "suit_unseen",       # unseen cards of its suit, / 4
    "need_rank",         # (bid - tricks won) / cards in hand, times rank / 12
    "others_need_rank",  # the other seats' tricks still wanted / cards in hand, times rank / 12
    "cheapest_winner",   # it wins now, and no legal winner is cheaper (side suits before
                         # trump, then by rank; equals all count)
    "highest_loser",     # following, it does not win, and no legal loser ranks higher
    "cheapest_card",     # no legal card is cheaper (side suits before trump, then rank)
)
#: Each card's rank from 0 (a 2) to 12 (an ace).
RANK_INDEX: Final[tuple[int, ...]] = tuple(c % 13 for c in range(52))
#: Each card's cheapness under each trump (None: no trump): trumps above side suits,
#: then by rank.
CHEAP: Final[dict[int | None, tuple[int, ...]]] = {
    trump: tuple((SUIT_OF[c] == trump) * 16 + c % 13 for c in range(52))
    for trump in (None, 0, 1, 2, 3)}
#: How many features a card has.
WIDTH: Final = len(FEATURES)
#: The contexts, each with its own weights: leading or following, under the bid or not.
CONTEXTS: Final[tuple[str, ...]] = ("lead_made", "lead_want", "follow_made", "follow_want")


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows at a card decision (cards as numbers 0-51)."""

    players: int
    seat: int
    trump: int | None
    hand: Sequence[int]
    legal: Sequence[int]
    #: The trick so far, (seat, card) in play order.
    trick: Sequence[tuple[int, int]]
    #: This hand's completed tricks, each its (seat, card) plays in play order.
    tricks: Sequence[Sequence[tuple[int, int]]]
    bids: Sequence[int | None]
    won: Sequence[int]


def wants(bids: Sequence[int | None], won: Sequence[int], seat: int) -> bool:
    """Whether ``seat`` is still under its bid (a seat with no bid wants none)."""
    bid = bids[seat]
    return bid is not None and won[seat] < bid


def context(know: Knowledge) -> int:
    """The index in :data:`CONTEXTS` of this decision."""
    return (0 if not know.trick else 2) + (1 if wants(know.bids, know.won, know.seat) else 0)


def shown_voids(players: int, tricks: Sequence[Sequence[tuple[int, int]]],
                trick: Sequence[tuple[int, int]]) -> list[list[bool]]:
    """Per seat, per suit: whether it has failed to follow that suit in this hand."""
    voids = [[False] * 4 for _ in range(players)]
    for plays in [*tricks, trick]:
        if plays:
            led = SUIT_OF[plays[0][1]]
            for seat, card in plays[1:]:
                if SUIT_OF[card] != led:
                    voids[seat][led] = True
    return voids


def card_features(know: Knowledge) -> list[list[float]]:
    """Each legal card's features (in :data:`FEATURES` order), in ``know.legal``'s order."""
    hand = list(know.hand)
    seen = bytearray(52)
    for plays in [*know.tricks, know.trick]:
        for _, c in plays:
            seen[c] = 1
    for c in hand:
        seen[c] = 1
    trump = know.trump
    players = know.players
    seat = know.seat
    trick = know.trick
    left = max(1, len(hand))
    bid = know.bids[seat]
    need = 0.0 if bid is None else (bid - know.won[seat]) / left
    others = sum(max(0, (b or 0) - w) for s, (b, w) in enumerate(zip(know.bids, know.won,
                                                                      strict=True))
                 if s != seat) / left
    voids = shown_voids(players, know.tricks, trick)
    strengths: Sequence[int] = ()
    best = -1
    winner_wants = False
    if trick:
        # The seats still to play after this one in the trick.
        later = [(seat + k) % players for k in range(1, players - len(trick))]
        strengths = TRICK_STRENGTHS[trump][SUIT_OF[trick[0][1]]]
        best_seat, best_card = max(trick, key=lambda p: strengths[p[1]])
        best = strengths[best_card]
        winner_wants = wants(know.bids, know.won, best_seat)
    else:
        later = [s for s in range(players) if s != seat]
    last = len(trick) == players - 1
    cheap = CHEAP[trump]
    cheapest = min(cheap[c] for c in know.legal)
    winners = [c for c in know.legal if trick and strengths[c] > best]
    losers = [c for c in know.legal if trick and strengths[c] <= best]
    cheapest_win = min((cheap[c] for c in winners), default=-1)
    highest_loss = max((RANK_INDEX[c] for c in losers), default=-1)
    rows = []
    for c in know.legal:
        suit = SUIT_OF[c]
        rank = RANK_INDEX[c]
        top = suit * 13 + 12
        higher = sum(1 for x in range(c + 1, top + 1) if not seen[x])
        unseen = sum(1 for x in range(suit * 13, top + 1) if not seen[x])
        mine = [x for x in hand if SUIT_OF[x] == suit]
        wins = bool(trick) and strengths[c] > best
        ruff = trump is not None and suit != trump and any(voids[s][suit] for s in later)
        row = [0.0] * WIDTH
        row[rank] = 1.0
        row[13] = float(trump is not None and suit == trump)
        row[14] = float(wins)
        row[15] = float(wins and last)
        row[16] = float(wins and winner_wants)
        row[17] = float(higher == 0)
        row[18] = higher / 4
        row[19] = len(mine) / 4
        row[20] = float(c == min(mine))
        row[21] = float(c == max(mine))
        row[22] = float(ruff)
        row[23] = unseen / 4
        row[24] = need * rank / 12
        row[25] = others * rank / 12
        row[26] = float(wins and cheap[c] == cheapest_win)
        row[27] = float(bool(trick) and not wins and rank == highest_loss)
        row[28] = float(cheap[c] == cheapest)
        rows.append(row)
    return rows

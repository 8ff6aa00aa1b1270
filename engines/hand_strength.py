"""A hand's rough strength in tricks: shared by the search's rollouts and its world model."""

from __future__ import annotations

from collections.abc import Sequence

from whist.cards import SUIT_OF


def expected_tricks(hand: Sequence[int], trump: int | None, players: int) -> float:
    """Rough tricks a hand takes (the expectation engine's per-card estimate, simplified)."""
    mine = [0] * 4
    for c in hand:
        mine[SUIT_OF[c]] += 1
    unseen = 52 - len(hand)
    if unseen <= 0:
        return 0.0
    trump_unseen = 0 if trump is None else 13 - mine[trump]
    # Each card's held cards above it in its suit (distinct: two decks repeat cards), read
    # off one descending pass: counting them card by card was most of a rollout bid's cost.
    held_above: dict[int, int] = {}
    seen = [0, 0, 0, 0]
    for c in sorted(set(hand), reverse=True):
        suit = SUIT_OF[c]
        held_above[c] = seen[suit]
        seen[suit] += 1
    total = 0.0
    k = players - 1
    q = 1.0 / players
    for c in hand:
        suit = SUIT_OF[c]
        # The higher cards of its suit the hand does not hold.
        higher = suit * 13 + 12 - c - held_above[c]
        if trump is not None and suit == trump:
            low = unseen - higher
            factor = 1.0
        else:
            low = unseen - higher - trump_unseen
            factor = q + (1 - q) * (13 - mine[suit]) / unseen
        p = (max(low, 0) / unseen) ** k
        total += p * factor
    return total

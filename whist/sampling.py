"""Dealing hidden cards consistently with what a seat has seen (for search engines).

A search engine that cannot see the other hands imagines them: it deals the
cards it has not seen to the seats that may hold them, respecting each seat's
hand size and the suits it has shown it lacks.  This module does that dealing
for every game; each game's ``sample_world`` decides what is hidden.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from whist.cards import SUIT_OF, Card


def deal_hidden(pool: Sequence[Card], sizes: Sequence[int], voids: Sequence[set[int]],
                rng: random.Random, attempts: int = 200) -> list[list[Card]]:
    """Deal ``pool`` so seat i gets ``sizes[i]`` cards, none of a suit in ``voids[i]``.

    Cards beyond the sum of sizes stay undealt.  The deal is random (close to
    uniform among consistent deals); if the constraints cannot be met in
    ``attempts`` tries (they can contradict when the observation is odd), the
    voids are dropped rather than failing.
    """
    total = sum(sizes)
    if total > len(pool):
        raise ValueError(f"cannot deal {total} hidden cards from a pool of {len(pool)}")
    seats = range(len(sizes))
    if not any(voids):
        cards = list(pool)
        rng.shuffle(cards)
        out: list[list[Card]] = []
        start = 0
        for size in sizes:
            out.append(cards[start:start + size])
            start += size
        return out
    spare = len(pool) - total
    for _ in range(attempts):
        cards = list(pool)
        rng.shuffle(cards)
        # Deal the most constrained cards first so a seat open to few suits still fills.
        takers = {s: [i for i in seats if sizes[i] and s not in voids[i]] for s in range(4)}
        cards.sort(key=lambda c: len(takers[SUIT_OF[c]]))
        room = list(sizes)
        spare_room = spare
        hands: list[list[Card]] = [[] for _ in seats]
        ok = True
        for card in cards:
            options = [i for i in takers[SUIT_OF[card]] if room[i]]
            weight = sum(room[i] for i in options) + spare_room
            if weight == 0:
                ok = False
                break
            pick = rng.randrange(weight)
            for i in options:
                if pick < room[i]:
                    hands[i].append(card)
                    room[i] -= 1
                    break
                pick -= room[i]
            else:
                spare_room -= 1
        if ok and not any(room):
            for hand in hands:
                rng.shuffle(hand)
            return hands
    return deal_hidden(pool, sizes, [set() for _ in seats], rng)


def remove_cards(pool: list[Card], cards: Sequence[Card]) -> None:
    """Remove each of ``cards`` once from ``pool`` (ignoring ones already absent)."""
    for card in cards:
        try:
            pool.remove(card)
        except ValueError:
            pass

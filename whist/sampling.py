"""Dealing hidden cards consistently with what a seat has seen (for search engines).

A search engine that cannot see the other hands imagines them: it deals the
cards it has not seen to the seats that may hold them, respecting each seat's
hand size and the suits it has shown it lacks.  This module does that dealing
for every game; each game's ``sample_world`` decides what is hidden.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from whist.cards import SUIT_OF, Card
from whist.dealing import shuffle


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
    if any(voids):
        takers = [[i for i in range(len(sizes)) if sizes[i] and s not in voids[i]]
                  for s in range(4)]
        dealt = deal_constrained(pool, sizes, [takers[s] for s in SUIT_OF], rng, attempts)
        if dealt is not None:
            return dealt
    cards = list(pool)
    shuffle(cards, rng)
    out: list[list[Card]] = []
    start = 0
    for size in sizes:
        out.append(cards[start:start + size])
        start += size
    return out


def deal_constrained(pool: Sequence[Card], room: Sequence[int],
                     allowed: Sequence[Sequence[int]] | Mapping[Card, Sequence[int]],
                     rng: random.Random, attempts: int = 200, *,
                     fresh_order: bool = True) -> list[list[Card]] | None:
    """Deal each card of ``pool`` to one of the places ``allowed[card]``, filling each one's room.

    Places are indices (seats, or a pile such as a kitty) and ``room[p]`` is how
    many cards place p takes; cards beyond the sum of the rooms stay undealt.
    The most constrained cards go first; each goes to an allowed place (or stays
    undealt) with chance proportional to the room left.  Returns the places'
    cards (each place's shuffled), or None if ``attempts`` tries all got stuck:
    what to drop then is the caller's choice.

    Each try shuffles the pool afresh; with ``fresh_order`` false it reshuffles
    the last try's order instead (9-5-2's worlds were drawn so, and a search's
    choices depend on the exact draws).
    """
    spare = len(pool) - sum(room)
    if spare < 0:
        raise ValueError(f"cannot deal {sum(room)} cards from a pool of {len(pool)}")
    places = range(len(room))
    order = list(pool)
    # rng.randrange(weight) spelled out (its getrandbits calls, as shuffle does) where that
    # is known to draw the same: this loop is most of a sampled world's cost.
    getrandbits = rng.getrandbits if type(rng) is random.Random and _FAST_RANDRANGE_OK else None
    for _ in range(attempts):
        if fresh_order:
            order = list(pool)
        shuffle(order, rng)
        # The most constrained cards first, so a place open to few of them still fills.
        order.sort(key=lambda c: len(allowed[c]))
        left = list(room)
        spare_left = spare
        dealt: list[list[Card]] = [[] for _ in places]
        for card in order:
            # A full place adds nothing to the weight and is never picked: no need to skip it.
            places_of = allowed[card]
            weight = spare_left
            for place in places_of:
                weight += left[place]
            if weight == 0:
                break
            if getrandbits is None:
                pick = rng.randrange(weight)
            else:
                bits = weight.bit_length()
                pick = getrandbits(bits)
                while pick >= weight:
                    pick = getrandbits(bits)
            for place in places_of:
                room_left = left[place]
                if pick < room_left:
                    dealt[place].append(card)
                    left[place] = room_left - 1
                    break
                pick -= room_left
            else:
                spare_left -= 1
        else:
            # Every card placed: each place is full, since cards = rooms + spare.
            for hand in dealt:
                shuffle(hand, rng)
            return dealt
    return None


def remove_cards(pool: list[Card], cards: Sequence[Card]) -> None:
    """Remove each of ``cards`` once from ``pool`` (ignoring ones already absent)."""
    for card in cards:
        try:
            pool.remove(card)
        except ValueError:
            pass


def _fast_randrange_agrees() -> bool:
    """Whether this Python's ``randrange(n)`` is the getrandbits loop deal_constrained spells out."""
    for seed in range(8):
        reference, spelled = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 5, 7, 8, 13, 31, 40, 52, 64, 100, 1000):
            bits = n.bit_length()
            pick = spelled.getrandbits(bits)
            while pick >= n:
                pick = spelled.getrandbits(bits)
            if pick != reference.randrange(n):
                return False
    return reference.getstate() == spelled.getstate()


#: Sampled worlds must stay the same on every Python: see :func:`_fast_randrange_agrees`.
_FAST_RANDRANGE_OK: bool = _fast_randrange_agrees()

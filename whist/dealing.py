"""Dealing: the fast seeded shuffle, and reading and checking a record's deal.

The shuffle reproduces ``random.Random.shuffle`` exactly (seeded deals stay the
same), only faster; the readers turn a record's JSON deal into cards and say in
one line (:class:`~whist.protocol.DealError`) what is wrong with a bad one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

from whist.cards import CARDS, Card, CardError
from whist.protocol import JSON, DealError


def read_cards(values: JSON, what: str) -> list[Card]:
    """Read a JSON list of card strings, raising DealError naming ``what``."""
    if not isinstance(values, list):
        raise DealError(f"{what} must be a list of cards")
    try:
        return [Card.parse(v) if isinstance(v, str) else _bad_card(v) for v in values]
    except CardError as error:
        raise DealError(f"{what}: {error}") from None


def read_hands(deal: JSON, players: int, cards: int, where: str) -> list[list[Card]]:
    """A record's plain deal: one list of ``cards`` cards per seat; DealError naming ``where``.

    Whether the cards fit the game's pack is the caller's check (:func:`check_pack`),
    since some deals have more to them (a kitty, a trump).
    """
    if not isinstance(deal, list) or len(deal) != players:
        raise DealError(f"{where} must deal {players} hands")
    hands = [read_cards(h, f"seat {i}'s hand") for i, h in enumerate(deal)]
    for i, hand in enumerate(hands):
        if len(hand) != cards:
            raise DealError(f"{where} deals {cards} cards each, but seat {i} has {len(hand)}")
    return hands


def _bad_card(value: Any) -> Card:
    raise CardError(f"{value!r} is not a card")


def check_pack(cards: Iterable[Card], pack: Iterable[Card], what: str = "the deal",
               exact: bool = False) -> None:
    """Raise DealError if ``cards`` hold a card more often than ``pack`` (or, if exact, differ)."""
    have = Counter(cards)
    allowed = Counter(pack)
    for card, count in have.items():
        if count > allowed[card]:
            held = allowed[card]
            has = f"only {held} time{'s' if held != 1 else ''}" if held else "not at all"
            raise DealError(f"{what} holds {card} {count} times but the pack has it {has}")
    if exact and have != allowed:
        missing = allowed - have
        raise DealError(f"{what} is missing {', '.join(str(c) for c in missing.elements())}")


#: For each list length, the (position, choices, bits) of each swap ``random.shuffle`` makes.
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _shuffle_steps(length: int) -> tuple[tuple[int, int, int], ...]:
    steps = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, length)))
    _SHUFFLE_STEPS[length] = steps
    return steps


def shuffle(cards: list[Any], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` would, only faster.

    Dealing is a large part of a search's or a benchmark's playout, and
    ``random.shuffle`` calls the Python-level ``_randbelow`` for every card: here
    its draws and swaps are spelled out, with the same calls to ``getrandbits``.
    """
    if type(rng) is not random.Random or not _FAST_SHUFFLE_OK:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    steps = _SHUFFLE_STEPS.get(len(cards)) or _shuffle_steps(len(cards))
    for i, n, bits in steps:
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


def _fast_shuffle_agrees() -> bool:
    """Whether this Python's ``random.shuffle`` is the one :func:`shuffle` spells out."""
    for seed in range(8):
        expected = list(range(52 + seed * 7))
        random.Random(seed).shuffle(expected)
        got = list(range(52 + seed * 7))
        shuffle(got, random.Random(seed))
        if got != expected:
            return False
    return True


#: Seeded deals must stay the same on every Python: the spelled-out shuffle is used only
#: where it reproduces ``random.Random.shuffle`` exactly (checked once, at import).
_FAST_SHUFFLE_OK: bool = True
_FAST_SHUFFLE_OK = _fast_shuffle_agrees()


def card_strings(cards: Iterable[int]) -> list[str]:
    """Cards as notation strings (for JSON)."""
    return [str(CARDS[c]) for c in cards]

"""Cards, suits, ranks, packs and the notation every part of the project speaks.

A card is an interned ``int`` subclass (suit * 13 + rank - 2), so it is frozen,
hashes and compares as fast as an int, and still prints as ``10♦``.  Two decks
simply hold equal cards twice: hands are lists (multisets), never sets.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final

from whist.inputs import shown


class CardError(ValueError):
    """A card, suit or trump written in a way this project does not read."""


class Suit(IntEnum):
    """The four suits, ordered as Bidding Whist ranks them (♣ lowest, ♠ highest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣ ♦ ♥ ♠."""
        return SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The suit's ASCII letter: C D H S."""
        return SUIT_LETTERS[self]

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its symbol or letter (``♥``, ``H``, ``h``)."""
        key = text.strip().upper() if isinstance(text, str) else None
        if key in _SUIT_BY_TEXT:
            return _SUIT_BY_TEXT[key]
        raise CardError(f"{shown(text)} is not a suit (use ♣ ♦ ♥ ♠ or C D H S)")


SUIT_SYMBOLS: Final = ("♣", "♦", "♥", "♠")
SUIT_LETTERS: Final = ("C", "D", "H", "S")
SUIT_NAMES: Final = ("CLUBS", "DIAMONDS", "HEARTS", "SPADES")
_SUIT_BY_TEXT: Final = {
    **{s: Suit(i) for i, s in enumerate(SUIT_SYMBOLS)},
    **{s: Suit(i) for i, s in enumerate(SUIT_LETTERS)},
    # Variation selectors and the white suit symbols people paste from elsewhere.
    "♥️": Suit.HEARTS, "♦️": Suit.DIAMONDS, "♠️": Suit.SPADES, "♣️": Suit.CLUBS,
    "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♤": Suit.SPADES, "♧": Suit.CLUBS,
}

RANKS: Final = tuple(range(2, 15))
RANK_NAMES: Final = {
    **{r: str(r) for r in range(2, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A",
}
RANK_WORDS: Final = {
    2: "TWO", 3: "THREE", 4: "FOUR", 5: "FIVE", 6: "SIX", 7: "SEVEN", 8: "EIGHT",
    9: "NINE", 10: "TEN", 11: "JACK", 12: "QUEEN", 13: "KING", 14: "ACE",
}
_RANK_BY_TEXT: Final = {
    **{name: rank for rank, name in RANK_NAMES.items()}, "T": 10, "1": 14,
}


class Card(int):
    """One playing card; use :data:`CARDS`, :meth:`of` or :meth:`parse` to get one."""

    __slots__ = ()

    @staticmethod
    def of(suit: Suit | int, rank: int) -> Card:
        """The card of this suit and rank (2..14, Ace high)."""
        if not 2 <= rank <= 14 or not 0 <= suit <= 3:
            raise CardError(f"no card has suit {suit} and rank {rank}")
        return CARDS[suit * 13 + rank - 2]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self // 13)

    @property
    def rank(self) -> int:
        """The card's rank, 2..14 with the Ace high."""
        return self % 13 + 2

    def __str__(self) -> str:
        return RANK_NAMES[self % 13 + 2] + SUIT_SYMBOLS[self // 13]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def ascii(self) -> str:
        """Letters-only notation, ``TD`` for 10♦."""
        rank = self % 13 + 2
        return ("T" if rank == 10 else RANK_NAMES[rank]) + SUIT_LETTERS[self // 13]

    @staticmethod
    def parse(text: str) -> Card:
        """Read ``10♦``, ``Q♥``, ``QH``, ``TD``, ``10d`` (case and spaces ignored)."""
        if type(text) is str:
            # A card's own notation (what observations and records hold) read in one lookup:
            # a search's sampled worlds read every card played, world after world.
            card = _BY_NAME.get(text)
            if card is not None:
                return card
        if not isinstance(text, str):
            raise CardError(f"{shown(text)} is not a card (write rank then suit, like 10♦ or QH)")
        body = text.strip().upper().replace("\ufe0f", "")
        # Checked after the variation selectors go: "\ufe0f\ufe0f" would leave nothing to read.
        if len(body) < 2:
            raise CardError(f"{shown(text)} is not a card (write rank then suit, like 10♦ or QH)")
        # Accept suit-first spellings such as ♦10 from the seed write-ups.
        if body[0] in _SUIT_BY_TEXT and body[0] not in "0123456789" and body[1:] in _RANK_BY_TEXT:
            body = body[1:] + body[0]
        rank_text, suit_text = body[:-1], body[-1]
        if rank_text not in _RANK_BY_TEXT or suit_text not in _SUIT_BY_TEXT:
            raise CardError(f"{shown(text)} is not a card (write rank then suit, like 10♦ or QH)")
        return CARDS[_SUIT_BY_TEXT[suit_text] * 13 + _RANK_BY_TEXT[rank_text] - 2]


CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(52))
#: Each card by its notation and its ASCII notation (what Card.parse reads them as).
_BY_NAME: Final[dict[str, Card]] = {**{str(c): c for c in CARDS}, **{c.ascii: c for c in CARDS}}
SUIT_OF: Final[tuple[int, ...]] = tuple(i // 13 for i in range(52))
RANK_OF: Final[tuple[int, ...]] = tuple(i % 13 + 2 for i in range(52))


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces (or given as a list of strings)."""
    parts = text.split() if isinstance(text, str) else list(text)
    return [Card.parse(p) for p in parts]


def format_cards(cards: Iterable[int]) -> str:
    """Cards in notation, separated by single spaces."""
    return " ".join(str(CARDS[c]) for c in cards)


def parse_trump(text: str) -> Suit | None:
    """Read a trump choice: a suit symbol or letter, or ``NT`` for no-trump."""
    if isinstance(text, str) and text.strip().upper() in ("NT", "N", "NOTRUMP", "NO-TRUMP", "NO TRUMP"):
        return None
    return Suit.parse(text)


def format_trump(trump: Suit | None) -> str:
    """``♥`` for a trump suit, ``NT`` for no-trump."""
    return "NT" if trump is None else SUIT_SYMBOLS[trump]


def pack(decks: int = 1, removed: Iterable[Card] = ()) -> list[Card]:
    """``decks`` decks with the ``removed`` cards taken out (each once)."""
    cards = [c for _ in range(decks) for c in CARDS]
    for card in removed:
        cards.remove(card)
    return cards


def sort_hand(cards: Iterable[Card], trump: Suit | None = None) -> list[Card]:
    """A hand sorted for display: by suit (trump last, on the right) then rank."""
    def key(c: Card) -> tuple[int, int]:
        suit = c // 13
        order = (0, 2, 1, 3)[suit]  # ♣ ♥ ♦ ♠ alternates colours
        if trump is not None and suit == trump:
            order = 4
        return (order, c % 13)
    return sorted(cards, key=key)

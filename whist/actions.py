"""Actions: the frozen values a seat chooses, and their record notation.

Every action prints as the string ``records.md`` specifies and is read back by
:func:`parse_action`, given the kind of decision that is pending (``"3"`` is a
bid in one place and would be nonsense where a card is asked for).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from whist.cards import (
    CARDS,
    Card,
    CardError,
    Suit,
    format_cards,
    format_trump,
    parse_cards,
    parse_trump,
)


class Decision(StrEnum):
    """What kind of choice the seat to move must make."""

    BID = "bid"
    INITIAL_BID = "initial_bid"
    SECONDARY_BET = "secondary_bet"
    TRUMP = "trump"
    DISCARD = "discard"
    PASS = "pass"
    CARD = "card"


class ActionError(ValueError):
    """Text that cannot be read as an action of the pending kind."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card; ``up`` is its position in a Black Queen face-up row (None: from the hand)."""

    card: Card
    up: int | None = None

    def __str__(self) -> str:
        return str(self.card) if self.up is None else f"{self.card}@{self.up}"


@dataclass(frozen=True, slots=True)
class Bid:
    """A number of tricks: a Diminishing Whist bid or a Bidding Whist secondary bet."""

    tricks: int

    def __str__(self) -> str:
        return str(self.tricks)


@dataclass(frozen=True, slots=True)
class Contract:
    """A Bidding Whist initial bid: tricks (5..13) and a denomination (None: no-trump)."""

    tricks: int
    trump: Suit | None

    def __str__(self) -> str:
        return f"{self.tricks}{format_trump(self.trump)}"

    def outranks(self, other: Contract | None) -> bool:
        """True if this bid beats ``other`` (more tricks, or equal and a higher denomination)."""
        if other is None:
            return True
        return (self.tricks, _denomination_rank(self.trump)) > (
            other.tricks, _denomination_rank(other.trump))


def _denomination_rank(trump: Suit | None) -> int:
    return 4 if trump is None else int(trump)


@dataclass(frozen=True, slots=True)
class Skip:
    """Pass in Bidding Whist's initial bidding."""

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """Name the trump suit (None: no-trump)."""

    trump: Suit | None

    def __str__(self) -> str:
        return format_trump(self.trump)


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard cards face down (the 9-5-2 dealer after taking the kitty)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return format_cards(self.cards)


@dataclass(frozen=True, slots=True)
class PassCards:
    """Give cards to the receiver the rules name (9-5-2 card passing)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return format_cards(self.cards)


Action = Play | Bid | Contract | Skip | NameTrump | Discard | PassCards

#: Interned plays from the hand, so legal-move lists cost no allocation.
PLAYS: Final[tuple[Play, ...]] = tuple(Play(c) for c in CARDS)
BIDS: Final[tuple[Bid, ...]] = tuple(Bid(n) for n in range(27))
SKIP: Final = Skip()


def parse_action(text: str, decision: Decision) -> Action:
    """Read ``text`` as an action of the ``decision`` kind, or raise ActionError saying why."""
    raw = text.strip() if isinstance(text, str) else text
    if not isinstance(raw, str) or not raw:
        raise ActionError(f"expected a {decision.value.replace('_', ' ')}, got {text!r}")
    try:
        if decision is Decision.CARD:
            card_text, _, position = raw.partition("@")
            card = Card.parse(card_text)
            if not position:
                return PLAYS[card]
            if not position.isdigit():
                raise ActionError(f"{text!r}: the face-up position after @ must be a number")
            return Play(card, int(position))
        if decision in (Decision.BID, Decision.SECONDARY_BET):
            if not raw.isdigit():
                raise ActionError(f"{text!r} is not a number of tricks")
            return Bid(int(raw))
        if decision is Decision.INITIAL_BID:
            if raw.lower() in ("skip", "pass", "-"):
                return SKIP
            digits = len(raw) - len(raw.lstrip("0123456789"))
            if digits == 0:
                raise ActionError(
                    f"{text!r} is not a bid: write tricks then denomination, like 7♥ or 5NT, "
                    "or skip")
            return Contract(int(raw[:digits]), parse_trump(raw[digits:]))
        if decision is Decision.TRUMP:
            return NameTrump(parse_trump(raw))
        if decision is Decision.DISCARD:
            return Discard(tuple(parse_cards(raw)))
        if decision is Decision.PASS:
            return PassCards(tuple(parse_cards(raw)))
    except CardError as error:
        raise ActionError(str(error)) from None
    raise ActionError(f"unknown decision kind {decision!r}")

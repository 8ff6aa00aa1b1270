"""Actions: the frozen values a seat chooses, and their record notation.

Every action prints as the string ``records.md`` specifies and is read back by
:func:`parse_action`, given the kind of decision that is pending (``"3"`` is a
bid in one place and would be nonsense where a card is asked for).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
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
from whist.inputs import ACTION_DIGITS, MAX_ACTION_CHARS, shown, small_number


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
    """Read ``text`` as an action of the ``decision`` kind, or raise ActionError saying why.

    Any text at all, however long or odd, ends in an action or an ActionError:
    numbers are read only from ASCII digits, at most :data:`ACTION_DIGITS` of them.
    """
    words = decision.value.replace("_", " ")
    what = ("an " if words[0] in "aeiou" else "a ") + words
    raw = text.strip() if isinstance(text, str) else text
    if not isinstance(raw, str) or not raw:
        raise ActionError(f"expected {what}, got {shown(text)}")
    if len(raw) > MAX_ACTION_CHARS:
        raise ActionError(f"{shown(text)} is too long to be {what}")
    try:
        if decision is Decision.CARD:
            card_text, _, position = raw.partition("@")
            card = Card.parse(card_text)
            if not position:
                return PLAYS[card]
            up = small_number(position)
            if up is None:
                raise ActionError(f"{shown(text)}: the face-up position after @ must be a "
                                  f"number of at most {ACTION_DIGITS} digits")
            return Play(card, up)
        if decision in (Decision.BID, Decision.SECONDARY_BET):
            tricks = small_number(raw)
            if tricks is None:
                raise ActionError(f"{shown(text)} is not a number of tricks")
            return Bid(tricks)
        if decision is Decision.INITIAL_BID:
            if raw.lower() in ("skip", "pass", "-"):
                return SKIP
            digits = len(raw) - len(raw.lstrip("0123456789"))
            tricks = small_number(raw[:digits]) if digits else None
            if tricks is None:
                raise ActionError(
                    f"{shown(text)} is not a bid: write tricks then denomination, like 7♥ or "
                    "5NT, or skip")
            return Contract(tricks, parse_trump(raw[digits:]))
        if decision is Decision.TRUMP:
            return NameTrump(parse_trump(raw))
        if decision is Decision.DISCARD:
            return Discard(in_pack_order(parse_cards(raw)))
        if decision is Decision.PASS:
            return PassCards(in_pack_order(parse_cards(raw)))
    except ActionError:
        raise
    except (CardError, ValueError) as error:
        # CardError names the text already; any other ValueError is a reader's oversight
        # and must still reach the caller as "unreadable", never as a crash.
        raise ActionError(str(error)) from None
    raise ActionError(f"unknown decision kind {shown(decision)}")


def in_pack_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of a multi-card action (a discard, a pass) in the one order the games use.

    A discard or a pass is a set of cards: typed in any order it is the same choice,
    so every reader (a record's replay, the review, the page, the terminal) makes it
    the very action the game lists among its legal ones (combinations of its sorted
    hand).  A card named twice stays twice, for the game to refuse.
    """
    return tuple(sorted(cards))


def _is_card(value: object) -> bool:
    # Exactly a Card among the 52: Card(99) can be made but is no card of any pack.
    return type(value) is Card and 0 <= value < len(CARDS)


def _is_count(value: object) -> bool:
    return type(value) is int


def _is_trump(value: object) -> bool:
    return value is None or type(value) is Suit


def _is_cards(value: object) -> bool:
    return type(value) is tuple and all(_is_card(c) for c in value)


#: What each field of each action must be, exactly: a bool is not a number of tricks,
#: a plain int or a float is not a card.  (field, what it must be, check)
_FIELD_CHECKS: Final[dict[type, tuple[tuple[str, str, Callable[[object], bool]], ...]]] = {
    Play: (("card", "a Card", _is_card),
           ("up", "None or a whole number", lambda v: v is None or _is_count(v))),
    Bid: (("tricks", "a whole number (an int, not a bool or a float)", _is_count),),
    Contract: (("tricks", "a whole number (an int, not a bool or a float)", _is_count),
               ("trump", "a Suit or None", _is_trump)),
    Skip: (),
    NameTrump: (("trump", "a Suit or None", _is_trump),),
    Discard: (("cards", "a tuple of Cards", _is_cards),),
    PassCards: (("cards", "a tuple of Cards", _is_cards),),
}


def action_type_problem(action: object) -> str | None:
    """What is wrong with ``action``'s type or its fields' types, or None if nothing.

    Actions compare as tuples of their fields, so ``Bid(False)``, ``Bid(0.0)`` or
    ``Play(5)`` would equal a legal ``Bid(0)`` or ``Play(CARDS[5])`` and slip past a
    legality check, then print as no record can read back.  Only the exact action
    classes with exactly typed fields pass.
    """
    checks = _FIELD_CHECKS.get(type(action))
    if checks is None:
        return (f"{shown(action)} (a {type(action).__name__}) is not an action: "
                "expected a Play, Bid, Contract, Skip, NameTrump, Discard or PassCards")
    missing = object()
    for name, expected, check in checks:
        # A slotted field left unset (object.__new__) has no value at all.
        value = getattr(action, name, missing)
        if value is missing:
            return f"{type(action).__name__}.{name} must be {expected}, not unset"
        if not check(value):
            return (f"{type(action).__name__}.{name} must be {expected}, "
                    f"not {shown(value)} (a {type(value).__name__})")
    return None

"""What a seat sees: one typed observation per game, JSON-ready and checked by mypy.

An observation never holds another seat's hidden card.  Cards are notation
strings (``"Q♥"``), a play is ``(seat, card)``.  ``game`` tells the games apart,
so ``if obs["game"] == "black-queen":`` narrows :data:`Observation` to
:class:`BlackQueenObservation`; the ``as_...`` functions do the same for code
that serves one game only and want a clear error for any other.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict, cast

#: A card played to a trick: (seat, card).
SeatCard = tuple[int, str]


class TrickJSON(TypedDict):
    """A completed trick: who led, the plays in order, who took it."""

    leader: int
    plays: list[SeatCard]
    winner: int


class TrickPlayObservation(TypedDict):
    """What every game shows a seat (the trick-play part, see ``TrickGame._observe_tricks``)."""

    title: str
    #: The game's options, as validated (name → JSON value).
    options: dict[str, Any]
    players: int
    seat: int
    hand_number: int
    to_move: int | None
    #: The pending decision's kind (:class:`whist.actions.Decision` value), None when none.
    decision: str | None
    #: The seat's legal actions as notation, when it is to move (else empty).
    legal: list[str]
    hand: list[str]
    hand_sizes: list[int]
    #: The trump suit's symbol, None for no trump (or not named yet).
    trump: str | None
    #: ``"♥"``, ``"NT"`` or None (not named yet), as the record writes it.
    trump_name: str | None
    leader: int
    trick: list[SeatCard]
    tricks: list[TrickJSON]
    last_trick: TrickJSON | None
    tricks_won: list[int]
    totals: list[int]
    hand_scores: list[list[int]]
    over: bool
    winners: list[int]


class DiminishingObservation(TrickPlayObservation):
    """Diminishing Whist: the round, its schedule, the bids and the hook rule."""

    game: Literal["diminishing-whist"]
    round: int
    cards: int
    #: (cards dealt, trump symbol or "NT") for each of the ten rounds.
    schedule: list[tuple[int, str]]
    opener: int
    bids: list[int | None]
    #: The bid the last bidder may not make now, if any.
    forbidden_bid: int | None


class AdaptedDiminishingObservation(DiminishingObservation):
    """A Diminishing Whist observation made by an adapter for a kindred game (oh_hell)."""

    #: Cards out of play the seat has seen (such as a turned-up trump card): no sampled
    #: hidden hand holds them.  The game itself never shows any.
    seen: list[str]


class BlackQueenObservation(TrickPlayObservation):
    """Black Queen: every face-up row, face-down counts, cards and points taken."""

    game: Literal["black-queen"]
    dealer: int
    face_down: int
    cards_each: int
    decks: int
    total_points: int
    #: Each seat's face-up row by position (None: empty).
    up: list[list[str | None]]
    #: Each seat's face-down row by position: 1 if a card lies there.
    down: list[list[int]]
    #: For each play of the current trick, its face-up position (None: from the hand).
    trick_from: list[int | None]
    taken: list[int]
    points: list[int]


class ExchangeJSON(TypedDict):
    """One 9-5-2 card pass: its cards only for the passer and the receiver."""

    passer: int
    receiver: int
    count: int
    done: bool
    cards: list[str] | None
    returned: list[str] | None


class NineFiveTwoObservation(TrickPlayObservation):
    """9-5-2: contracts, trump, the kitty and discard (dealer only) and the card passing."""

    game: Literal["nine-five-two"]
    dealer: int
    contracts: list[int]
    target: int
    trump_named: bool
    kitty_taken: bool
    kitty: list[str] | None
    discard: list[str] | None
    discarded: bool
    previous_results: list[int] | None
    passing: list[ExchangeJSON]
    pass_to: int | None
    pass_count: int | None
    #: How many hand cards the seat must choose now (a pass or the discard).
    choose_count: int | None


class BiddingObservation(TrickPlayObservation):
    """Bidding Whist: the auction, the ruler and contract, the secondary bets."""

    game: Literal["bidding-whist"]
    opener: int
    #: The auction so far: (seat, "7♥" or "skip").
    bidding: list[SeatCard]
    skipped: list[bool]
    high_bid: str | None
    high_bidder: int | None
    ruler: int | None
    contract: str | None
    all_skipped: bool
    bets: list[int | None]
    bet_order: list[int]
    forbidden_bet: int | None


class ClassicObservation(TrickPlayObservation):
    """Classic Whist: cards dealt, the winning score, whether follow-suit is enforced."""

    game: Literal["classic-whist"]
    cards: int
    winning_score: int
    enforce_rules: bool
    lead_suit: str | None


Observation = (DiminishingObservation | BlackQueenObservation | NineFiveTwoObservation
               | BiddingObservation | ClassicObservation)


def _checked(obs: Observation, wanted: str) -> Any:
    """``obs`` if it is ``wanted``'s (a hand-made one without ``game`` passes); else TypeError."""
    game = cast("dict[str, Any]", obs).get("game", wanted)
    if game != wanted:
        raise TypeError(f"a {wanted} observation was expected, not {game!r}")
    return obs


def as_diminishing(obs: Observation) -> DiminishingObservation:
    """``obs`` as a Diminishing Whist observation; TypeError for any other game."""
    return cast(DiminishingObservation, _checked(obs, "diminishing-whist"))


def as_black_queen(obs: Observation) -> BlackQueenObservation:
    """``obs`` as a Black Queen observation; TypeError for any other game."""
    return cast(BlackQueenObservation, _checked(obs, "black-queen"))


def as_nine_five_two(obs: Observation) -> NineFiveTwoObservation:
    """``obs`` as a 9-5-2 observation; TypeError for any other game."""
    return cast(NineFiveTwoObservation, _checked(obs, "nine-five-two"))


def as_bidding(obs: Observation) -> BiddingObservation:
    """``obs`` as a Bidding Whist observation; TypeError for any other game."""
    return cast(BiddingObservation, _checked(obs, "bidding-whist"))


def as_classic(obs: Observation) -> ClassicObservation:
    """``obs`` as a Classic Whist observation; TypeError for any other game."""
    return cast(ClassicObservation, _checked(obs, "classic-whist"))

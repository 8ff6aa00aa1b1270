"""The view model: what a front end draws, as JSON-ready typed dicts.

:mod:`whist_app.presenters` builds a :class:`TableView` from a seat's
observation, the seating and the events of the last action; the terminal
renders it as text (:mod:`whist_app.terminal`) and the page as HTML
(``static/js/draw.js``).  Everything a player reads is here in words, so
neither front end knows a game's rules or branches on which game it is.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict


class FactView(TypedDict):
    """One fact about a seat: ``bid 3``, ``tricks 2``, ``total 41``."""

    key: str
    label: str
    value: str


class FaceUpSlotView(TypedDict):
    """One position of a face-up row (Black Queen): a face-up card, a face-down card, both or neither."""

    card: str | None
    #: True when a face-down card lies under this position.
    down: bool
    #: What playing the face-up card sends (``"Q♥@3"``), None for another seat's card.
    action: str | None
    allowed: bool
    reason: str | None


class SeatView(TypedDict):
    """A seat at the table, as the person sees it."""

    seat: int
    name: str
    #: The level a player reads (``Expert``, or an engine's name), ``you`` or ``human``.
    level: str
    #: The engine that plays the seat (``strong``), None for people.
    engine: str | None
    human: bool
    you: bool
    to_move: bool
    badges: list[str]
    facts: list[FactView]
    #: Face-up rows (Black Queen), else None.
    face_up: list[FaceUpSlotView] | None
    #: How many face-down cards the seat still has (Black Queen), else None.
    face_down: int | None


class InfoView(TypedDict):
    """One item of the line above the trick: the round, the trump, the target."""

    key: str
    #: The whole item in words (``Trump: ♥``) ...
    text: str
    #: ... and its two parts, for a front end that sets the value apart.
    label: str
    value: str


class StepView(TypedDict):
    """One step of a fixed schedule (Diminishing Whist's ten rounds)."""

    label: str
    state: Literal["done", "current", "next"]


class ChoiceView(TypedDict):
    """A choice other than a card: its label, what it sends, whether it is allowed and why not."""

    action: str
    label: str
    allowed: bool
    reason: str | None
    #: Where it goes in a grid layout (row and column labels), else None.
    row: str | None
    column: str | None


class SelectView(TypedDict):
    """Choosing several hand cards (a discard or a pass), then confirming."""

    count: int
    #: ``"Discard"`` or ``"Give"``.
    verb: str
    #: The receiver's name for a pass, None for a discard.
    to: str | None
    #: The cards that just came from the kitty (shown apart), if any.
    highlight: list[str]


class ChoicesView(TypedDict):
    """The person's pending decision: how to lay the choices out and the choices themselves."""

    #: ``numbers`` (a row of counts), ``grid`` (rows × columns), ``row`` (a few named
    #: buttons), ``cards`` (play a card from the hand or a face-up row), ``select``
    #: (choose several hand cards, then confirm) or ``none`` (nothing to decide now).
    layout: Literal["numbers", "grid", "row", "cards", "select", "none"]
    items: list[ChoiceView]
    columns: list[str]
    rows: list[str]
    select: SelectView | None
    #: A sentence under the choices (why one is missing), or None.
    note: str | None


class CardView(TypedDict):
    """A card of the person's hand, in display order."""

    card: str
    #: What playing it sends, when a card is to be played now.
    action: str | None
    #: Whether it may be played (or chosen) now; None when nothing is to be done with it.
    allowed: bool | None
    reason: str | None
    #: Just taken from the kitty (9-5-2's dealer sees which).
    highlight: bool


class PlayView(TypedDict):
    """A card on the table: who played it."""

    seat: int
    name: str
    card: str
    #: Played from a face-up row (Black Queen).
    face_up: bool


class TrickView(TypedDict):
    """A completed trick and who took it."""

    plays: list[PlayView]
    winner: int
    winner_name: str
    text: str


class SheetCellView(TypedDict):
    """One seat's hand on the score sheet: its tricks beside its target, and its points."""

    #: ``3/3``: tricks taken / what the seat played for; "" where it played for nothing.
    tricks: str
    #: ``+13``, ``-2``; unsigned where the seat played for nothing.
    points: str
    #: Whether the seat made its target (None: it had none).
    made: bool | None
    #: The cell in words (``took 3, bid 3: +13``).
    title: str


class SheetRowView(TypedDict):
    """One scored hand of the score sheet."""

    label: str
    sub: str
    scores: list[int]
    cells: list[SheetCellView]


class SheetView(TypedDict):
    """The score sheet: a column per seat, a row per scored hand, and the totals."""

    columns: list[str]
    #: Column heads for a narrow sheet (``You``, ``S1``).
    short: list[str]
    rows: list[SheetRowView]
    totals: list[int]
    empty: str
    #: How to read a cell (``Each cell: tricks taken/bid, then points``); "" without targets.
    key: str


class RankView(TypedDict):
    """A seat's place in the final standings."""

    seat: int
    name: str
    total: int
    won: bool


class SummaryView(TypedDict):
    """The end of the game: who won and the standings."""

    title: str
    text: str
    ranking: list[RankView]


class SummaryRowView(TypedDict):
    """One seat in a hand's summary: what it played for, what it took, what it scored."""

    seat: int
    name: str
    #: ``bid 3``, ``bet 2``, ``goes for 9`` or empty when the game has no target.
    target: str
    tricks: int | None
    #: How the points came about (Black Queen: which cards cost what), or empty.
    detail: str
    points: int
    total: int


class HandSummaryView(TypedDict):
    """The hand just scored, for the pause between hands."""

    hand: int
    title: str
    rows: list[SummaryRowView]


class HintItemView(TypedDict):
    """A candidate of the hint in plain words, with the search's estimate."""

    action: str
    label: str
    value: float
    text: str
    #: The hand cards to mark for a choice of several (a discard, a pass), else empty.
    cards: list[str]


class EventView(TypedDict):
    """An event of the last action, in words (``"Round 2 scored: You +12, …"``)."""

    type: str
    text: str
    #: The table's context lines already say it (9-5-2: your discard, a pass), so the
    #: felt does not repeat it as the newest event; the log and the screen reader do.
    on_table: bool


class TableView(TypedDict):
    """Everything a front end draws for one seat at one moment."""

    game: str
    title: str
    #: The game's options as validated (what "Play again" starts with).
    options: dict[str, Any]
    seat: int
    hand_number: int
    #: One line saying which hand this is and what it is played for.
    heading: str
    info: list[InfoView]
    schedule: list[StepView] | None
    seats: list[SeatView]
    #: Lines about the decision in hand: the bidding so far, passing, the kitty, the hook rule.
    context: list[str]
    #: What the person is asked, or who is thinking, or who won.
    prompt: str
    #: The person's pending decision kind (``card``, ``bid`` …), None when not theirs.
    decision: str | None
    choices: ChoicesView
    hand: list[CardView]
    trick: list[PlayView]
    trick_empty: str
    last_trick: TrickView | None
    sheet: SheetView
    #: The hand the last action finished (present only in that action's reply).
    hand_summary: HandSummaryView | None
    summary: SummaryView | None
    human_to_move: bool
    computer_to_move: bool
    over: bool
    can_undo: bool
    #: The person to play may claim the rest of the hand.
    can_claim: bool
    #: The guided first hand's tip for the person's decision, or None.
    tip: str | None
    #: ``"human"`` or the level name of each seat (what "Play again" seats).
    levels: list[str]
    #: The date (YYYY-MM-DD) of the daily deal this game is, or None.
    daily: str | None

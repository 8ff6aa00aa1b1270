"""The review and replay screens' view model: what the page draws, as JSON-ready typed dicts.

Built in Python by :mod:`whist_app.review` (as :mod:`whist_app.presenters`
builds the table's :class:`~whist_app.views.TableView`): every card is already
marked (gone before this trick, played in it, the person's choice), every
action already said in words, so ``static/js/review.js`` only draws.  This
module also turns a walk's events into the trick views the screens show,
reading the events by their type.
"""

from __future__ import annotations

from typing import Any, TypedDict

from whist.actions import Action, Discard, PassCards, Play
from whist.events import TrickTaken
from whist_app.presenters.base import Seating
from whist_app.presenters.view import trick_view
from whist_app.views import EventView, TableView, TrickView

#: What a face-down action (another seat's discard or pass) reads as.
FACE_DOWN = "cards face down"


class PlayedView(TypedDict):
    """An action of a replayed hand: who took it and what, in words."""

    seat: int
    name: str
    #: ``opening bid 5 with ♦ as trump``, ``Q♥ from the face-up row``, or
    #: :data:`FACE_DOWN` for an action the seat did not see.
    text: str


class ReplayStepView(TypedDict):
    """One step of the record player: the action just taken and the table after it."""

    step: int
    #: None for step 0, the hand as dealt.
    played: PlayedView | None
    table: TableView
    events: list[EventView]
    #: The trick this action completed, with its taker.
    completed: TrickView | None


class ReplayView(TypedDict):
    """Some steps of one hand of a record, as one seat saw it (``replay_steps``)."""

    game: str
    title: str
    seat: int
    hand_number: int
    hands: int
    #: The game's word for a hand: ``Round``, ``Deal``, ``Hand``.
    hand_word: str
    finished: bool
    #: How many steps the hand has (the deal, then one per action).
    total: int
    steps: list[ReplayStepView]


class ReviewCardView(TypedDict):
    """A card of a seat's deal at one step of the review."""

    card: str
    #: Played in an earlier trick.
    gone: bool
    #: Played in this step's trick.
    now: bool
    #: The person's own choice at this step (a card played, discarded or passed).
    chosen: bool


class ReviewSeatView(TypedDict):
    """A seat's row at one step of the review: who, and its cards as dealt, marked."""

    seat: int
    name: str
    #: The level a player reads (``Expert``), as TableView's seats.
    level: str
    you: bool
    cards: list[ReviewCardView]


class ReviewStepView(TypedDict):
    """One step of the review: 0 is the hand as dealt, k the k-th trick."""

    step: int
    #: The step's button (``Deal``, ``3``) and what it reads aloud (``Trick 3``).
    label: str
    title: str
    #: The line above the cards: ``Round 3: every hand as dealt``, ``Trick 2 of 13: …``.
    head: str
    trick: TrickView | None
    #: Step 0: the actions before the first trick's first card (bids, passes ...).
    before: list[PlayedView]
    #: The seats, the reviewed one first, then around the table.
    seats: list[ReviewSeatView]
    #: The ``index`` of each of the person's decisions at this step.
    decisions: list[int]
    #: What the page says when there is none.
    no_decision: str


class ReviewView(TypedDict):
    """One finished hand for the review screen (``review_hand``): see docs/review.md."""

    game: str
    title: str
    players: int
    seat: int
    #: Each seat's level, and the same as a player reads it.
    seats: list[str]
    seat_labels: list[str]
    hand_number: int
    hands: int
    #: ``Round 3``, and the game's word for a hand (``Round``) for the hand picker.
    label: str
    hand_word: str
    trump: str | None
    #: The record's hand without its actions (until the game is over, only the
    #: cards the seat has seen), and each seat's cards as dealt, sorted for display.
    deal: dict[str, Any]
    dealt: list[list[str]]
    steps: list[ReviewStepView]
    tricks: list[TrickView]
    scores: list[int] | None
    #: The seat's decisions: ``words``, ``step``, ``chosen_cards``, ``better_cards``
    #: and, once valued, the valuation (:func:`whist_app.review.moment_json`).
    decisions: list[dict[str, Any]]
    thresholds: dict[str, float]
    worlds: int | None
    total_loss: float | None


def action_cards(action: Action) -> tuple[str, ...]:
    """The cards an action names: the card played, the cards discarded or passed; else none."""
    match action:
        case Play(card=card):
            return (str(card),)
        case Discard(cards=cards) | PassCards(cards=cards):
            return tuple(str(c) for c in cards)
        case _:
            return ()


def trick_of(event: TrickTaken, seating: Seating) -> TrickView:
    """A trick-taken event as the screens draw it, with its taker."""
    return trick_view([(seat, str(card)) for seat, card in event.plays], event.winner, seating)

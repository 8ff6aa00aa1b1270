"""The base presenter: what every game's presentation shares, and who sits where."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from whist.events import Event, HandScored
from whist.observations import Observation
from whist_app.views import (
    ChoicesView,
    ChoiceView,
    FaceUpSlotView,
    FactView,
    InfoView,
    StepView,
)

HUMAN = "human"
#: The names of the seats the person does not sit in (by seat number).
SEAT_NAMES: tuple[str, ...] = ("Alex", "Blair", "Casey", "Drew", "Emery", "Finley")
#: Why an action is not allowed now (the core's words), or None if it is.
Explain = Callable[[str], str | None]
#: A game's observation type: its presenter narrows an :data:`Observation` to it once.
Obs = TypeVar("Obs", bound=Observation)


@dataclass(frozen=True)
class Seating:
    """Who sits where, whose view this is, and what the session allows."""

    #: ``"human"`` or a level name per seat.
    levels: Sequence[str]
    #: The seat whose view is drawn.
    seat: int
    computer_to_move: bool = False
    human_to_move: bool = False
    can_undo: bool = False
    #: The person to play may claim the rest of the hand (:meth:`Table.can_claim`).
    can_claim: bool = False
    #: The date of the daily deal this game is, or None.
    daily: str | None = None

    def name(self, seat: int) -> str:
        """``You`` for the person whose view it is, else the seat's name (``Blair``)."""
        if seat == self.seat and self.levels[seat] == HUMAN:
            return "You"
        return SEAT_NAMES[seat % len(SEAT_NAMES)]

    def who(self, seat: int) -> str:
        """``you`` or the seat's name, inside a sentence."""
        name = self.name(seat)
        return "you" if name == "You" else name

    def does(self, seat: int, verb: str) -> str:
        """``you deal`` or ``seat 2 deals``: a seat and a verb that agrees with it."""
        who = self.who(seat)
        return f"{who} {verb}" if who == "you" else f"{who} {verb}s"


def _fact(key: str, value: object, label: str | None = None) -> FactView:
    return {"key": key, "label": label or key.replace("-", " "), "value": str(value)}


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def trump_words(trump_name: str | None) -> str:
    """``trump ♥``, ``no trump`` or ``trump not named yet``."""
    if trump_name is None:
        return "trump not named yet"
    return "no trump" if trump_name == "NT" else f"trump {trump_name}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


class GamePresenter(Generic[Obs]):
    """What is particular to one game's presentation; the defaults suit plain trick games.

    Generic over the game's observation type: :meth:`narrow` checks an observation is
    this game's once, and every other method is handed it as that type.
    """

    #: What a hand is called on the score sheet (``Round``, ``Deal``, ``Hand``).
    hand_word = "Hand"
    #: What a seat plays for in a hand's summary (``bid``, ``bet``, ``goes for``), if anything.
    target_word = ""
    #: The statistics' name for the hands where a seat made what it played for
    #: (``exact bids``), or "" for a game where seats play for nothing.
    made_words = ""
    #: Whether a hand counts as made with more tricks than the target (9-5-2's contracts),
    #: not only with exactly the target (a bid).
    made_with_more = False
    #: How to read a score-sheet cell where seats play for something ("" elsewhere).
    sheet_key = ""
    #: Expected loss (in the game's points) from which a reviewed decision is graded
    #: ``inaccurate`` and ``mistake``: about a quarter and one trick's worth in a game
    #: that counts tricks (docs/review.md).
    grades: tuple[float, float] = (0.25, 1.0)

    def narrow(self, obs: Observation) -> Obs:
        """``obs`` as this game's observation type; TypeError for another game's."""
        raise NotImplementedError

    def made(self, tricks: int, target: int | None) -> bool | None:
        """Whether a seat that took ``tricks`` made its ``target`` (None: it had none)."""
        if target is None or not self.made_words:
            return None
        return tricks >= target if self.made_with_more else tricks == target

    def table_cards(self, obs: Obs, seat: int) -> list[str]:
        """A seat's cards on the table besides its hand (Black Queen's face-up row)."""
        return []

    def heading(self, obs: Obs, seating: Seating) -> str:
        """One line: which hand this is and what it is played for."""
        return f"{self.hand_word} {obs['hand_number'] + 1}: {trump_words(obs['trump_name'])}"

    def info(self, obs: Obs, seating: Seating) -> list[InfoView]:
        """The line above the trick."""
        return [_info("hand", self.hand_word, obs["hand_number"] + 1), _trump_item(obs)]

    def schedule(self, obs: Obs) -> list[StepView] | None:
        """A fixed schedule of hands to show, if the game has one."""
        return None

    def facts(self, obs: Obs, seat: int, seating: Seating) -> list[FactView]:
        """What this game adds about a seat before its tricks, cards and total."""
        return []

    def badges(self, obs: Obs, seat: int, seating: Seating) -> list[str]:
        """Short marks on a seat: ``dealer``, ``opens``, ``rules 7♥``."""
        return []

    def context(self, obs: Obs, seating: Seating) -> list[str]:
        """Lines about the decision in hand (the bidding so far, passing, the hook rule)."""
        return []

    def prompt(self, obs: Obs, seating: Seating) -> str:
        """What the person is asked to decide now."""
        return PROMPTS.get(obs["decision"] or "", "Your turn")

    def choices(self, obs: Obs, seating: Seating, explain: Explain) -> ChoicesView:
        """The person's choices when the decision is not a card (cards are the hand itself)."""
        return _no_choices()

    def sheet_sub(self, obs: Obs, hand: int, result: HandScored | None,
                  seating: Seating) -> str:
        """A score-sheet row's small print: the trump and who chose it, where a seat did."""
        if result is None or result.trump is None or result.declarer is None:
            return ""
        return f"{result.trump} {seating.name(result.declarer)}"

    def face_up(self, obs: Obs, seat: int, card_turn: bool,
                explain: Explain) -> tuple[list[FaceUpSlotView] | None, int | None]:
        """A seat's face-up row and face-down count, for games that lay cards out (else None)."""
        return None, None

    def highlighted(self, obs: Obs, decision: str | None) -> set[str]:
        """Hand cards to set apart now (9-5-2's dealer: the cards just taken from the kitty)."""
        return set()

    def played_face_up(self, obs: Obs, index: int) -> bool:
        """Whether the current trick's ``index``-th card came from a face-up row."""
        return False

    def score_detail(self, event: HandScored, seat: int) -> str:
        """How a seat's hand score came about, in words (empty: the points say it all)."""
        return ""

    def passed_cards(self, obs: Obs, passer: int,
                     receiver: int) -> tuple[list[str], list[str]] | None:
        """The cards of a pass and of its returns, if this seat saw them."""
        return None

    def in_context(self, event: Event, obs: Obs) -> bool:
        """Whether :meth:`context`'s lines for ``obs`` already say ``event``."""
        return False


PROMPTS: dict[str, str] = {
    "bid": "Your bid: how many tricks will you take?",
    "initial_bid": "Your bid: tricks and trump, or skip",
    "secondary_bet": "Your bet: how many tricks will you take?",
    "trump": "Name trump",
    "discard": "Discard",
    "pass": "Pass",
    "card": "Your turn: play a card",
}


def _info(key: str, label: str, value: object) -> InfoView:
    """An info line item: ``label value`` (the label ends in a colon when it names the value)."""
    return {"key": key, "text": f"{label} {value}", "label": label, "value": str(value)}


def _trump_item(obs: Observation) -> InfoView:
    """The info line's trump: ``Trump: ♥``, ``Trump: No trump`` or not named yet."""
    return _info("trump", "Trump:", _trump_label(obs["trump_name"]))


def _trump_label(trump_name: str | None) -> str:
    if trump_name is None:
        return "not named yet"
    return "No trump" if trump_name == "NT" else trump_name


def _no_choices() -> ChoicesView:
    return {"layout": "none", "items": [], "columns": [], "rows": [], "select": None,
            "note": None}


def _choice(action: str, label: str, explain: Explain, legal: set[str],
            row: str | None = None, column: str | None = None) -> ChoiceView:
    allowed = action in legal
    return {"action": action, "label": label, "allowed": allowed,
            "reason": None if allowed else (explain(action) or f"{label} is not allowed now"),
            "row": row, "column": column}


def _numbers(obs: Observation, forbidden: int | None, explain: Explain) -> ChoicesView:
    """A row of counts 0..n: n is the highest legal count (or the forbidden one)."""
    legal = set(obs["legal"])
    counts = [int(a) for a in legal if a.isdigit()]
    top = max(counts + ([forbidden] if forbidden is not None else []), default=0)
    items = [_choice(str(n), str(n), explain, legal) for n in range(top + 1)]
    note = None
    if forbidden is not None and str(forbidden) not in legal:
        # The hook rule in the person's words, under the row (the button keeps the core's).
        note = (f"You {'bid' if obs['decision'] == 'bid' else 'bet'} last: {forbidden} is not "
                f"allowed ({items[forbidden]['reason']})")
    return {"layout": "numbers", "items": items, "columns": [], "rows": [], "select": None,
            "note": note}

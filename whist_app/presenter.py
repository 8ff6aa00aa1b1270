"""The presenter: a seat's observation and the last events, turned into a :class:`TableView`.

One :class:`GamePresenter` per game, registered by game name in
:data:`PRESENTERS`, says what is particular to that game (a seat's facts, the
info line, the decision's layout); everything else is shared.  Both front ends
draw the view it returns: the terminal as text, the page as HTML.  Reasons a
choice is not allowed come from the rules core itself (``explain``), never
from here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engines.base import level_label, resolve_level
from whist.actions import Bid, Contract, Discard, NameTrump, Skip
from whist.cards import Card, Suit, sort_hand
from whist.events import Acted, CardsPassed, Event, HandScored, Redeal, TrickTaken
from whist.games.bidding import CONTRACTS
from whist.observations import (
    Observation,
    as_bidding,
    as_black_queen,
    as_classic,
    as_diminishing,
    as_nine_five_two,
)
from whist_app.views import (
    CardView,
    ChoicesView,
    ChoiceView,
    EventView,
    FaceUpSlotView,
    FactView,
    HandSummaryView,
    HintItemView,
    InfoView,
    PlayView,
    RankView,
    SeatView,
    SelectView,
    SheetCellView,
    SheetRowView,
    SheetView,
    StepView,
    SummaryRowView,
    SummaryView,
    TableView,
    TrickView,
)

HUMAN = "human"
#: The names of the seats the person does not sit in (by seat number).
SEAT_NAMES: tuple[str, ...] = ("Alex", "Blair", "Casey", "Drew", "Emery", "Finley")
#: Why an action is not allowed now (the core's words), or None if it is.
Explain = Callable[[str], str | None]


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


class GamePresenter:
    """What is particular to one game's presentation; the defaults suit plain trick games."""

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

    def made(self, tricks: int, target: int | None) -> bool | None:
        """Whether a seat that took ``tricks`` made its ``target`` (None: it had none)."""
        if target is None or not self.made_words:
            return None
        return tricks >= target if self.made_with_more else tricks == target

    def table_cards(self, obs: Observation, seat: int) -> list[str]:
        """A seat's cards on the table besides its hand (Black Queen's face-up row)."""
        return []

    def heading(self, obs: Observation, seating: Seating) -> str:
        """One line: which hand this is and what it is played for."""
        return f"{self.hand_word} {obs['hand_number'] + 1}: {trump_words(obs['trump_name'])}"

    def info(self, obs: Observation, seating: Seating) -> list[InfoView]:
        """The line above the trick."""
        return [_info("hand", self.hand_word, obs["hand_number"] + 1), _trump_item(obs)]

    def schedule(self, obs: Observation) -> list[StepView] | None:
        """A fixed schedule of hands to show, if the game has one."""
        return None

    def facts(self, obs: Observation, seat: int, seating: Seating) -> list[FactView]:
        """What this game adds about a seat before its tricks, cards and total."""
        return []

    def badges(self, obs: Observation, seat: int, seating: Seating) -> list[str]:
        """Short marks on a seat: ``dealer``, ``opens``, ``rules 7♥``."""
        return []

    def context(self, obs: Observation, seating: Seating) -> list[str]:
        """Lines about the decision in hand (the bidding so far, passing, the hook rule)."""
        return []

    def prompt(self, obs: Observation, seating: Seating) -> str:
        """What the person is asked to decide now."""
        return PROMPTS.get(obs["decision"] or "", "Your turn")

    def choices(self, obs: Observation, seating: Seating, explain: Explain) -> ChoicesView:
        """The person's choices when the decision is not a card (cards are the hand itself)."""
        return _no_choices()

    def sheet_sub(self, obs: Observation, hand: int, result: HandScored | None,
                  seating: Seating) -> str:
        """A score-sheet row's small print: the trump and who chose it, where a seat did."""
        if result is None or result.trump is None or result.declarer is None:
            return ""
        return f"{result.trump} {seating.name(result.declarer)}"

    def face_up(self, obs: Observation, seat: int, card_turn: bool,
                explain: Explain) -> tuple[list[FaceUpSlotView] | None, int | None]:
        """A seat's face-up row and face-down count, for games that lay cards out (else None)."""
        return None, None

    def highlighted(self, obs: Observation, decision: str | None) -> set[str]:
        """Hand cards to set apart now (9-5-2's dealer: the cards just taken from the kitty)."""
        return set()

    def played_face_up(self, obs: Observation, index: int) -> bool:
        """Whether the current trick's ``index``-th card came from a face-up row."""
        return False

    def score_detail(self, event: HandScored, seat: int) -> str:
        """How a seat's hand score came about, in words (empty: the points say it all)."""
        return ""

    def passed_cards(self, obs: Observation, passer: int,
                     receiver: int) -> tuple[list[str], list[str]] | None:
        """The cards of a pass and of its returns, if this seat saw them."""
        return None


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


# ------------------------------------------------------------------ the games
class DiminishingPresenter(GamePresenter):
    """Diminishing Whist: rounds, their schedule, bids and the hook rule."""

    hand_word = "Round"
    target_word = "bid"
    made_words = "exact bids"
    sheet_key = "Each cell: tricks taken/bid, then points"
    # One trick can swing a round by ten points or more (a bid missed): marks sit higher.
    grades = (1.0, 4.0)

    def heading(self, obs: Observation, seating: Seating) -> str:
        """Round n of 10, its cards and trump."""
        o = as_diminishing(obs)
        return (f"Round {o['round'] + 1} of {len(o['schedule'])}: {_plural(o['cards'], 'card')} "
                f"each, {trump_words(o['trump_name'])}")

    def info(self, obs: Observation, seating: Seating) -> list[InfoView]:
        """Round, cards, trump."""
        o = as_diminishing(obs)
        return [_info("round", "Round", f"{o['round'] + 1}/{len(o['schedule'])} · "
                                         f"{_plural(o['cards'], 'card')}"),
                _trump_item(o)]

    def schedule(self, obs: Observation) -> list[StepView]:
        """The ten rounds, the current one marked."""
        o = as_diminishing(obs)
        return [{"label": f"{n}{t}",
                 "state": "current" if i == o["round"] else "done" if i < o["round"] else "next"}
                for i, (n, t) in enumerate(o["schedule"])]

    def facts(self, obs: Observation, seat: int, seating: Seating) -> list[FactView]:
        """The seat's bid."""
        bid = as_diminishing(obs)["bids"][seat]
        return [_fact("bid", "–" if bid is None else bid)]

    def badges(self, obs: Observation, seat: int, seating: Seating) -> list[str]:
        """Who opened the bidding."""
        return ["opens"] if as_diminishing(obs)["opener"] == seat else []

    def choices(self, obs: Observation, seating: Seating, explain: Explain) -> ChoicesView:
        """Bids 0..cards, the forbidden one shown but not allowed."""
        o = as_diminishing(obs)
        if o["decision"] == "bid":
            return _numbers(o, o["forbidden_bid"], explain)
        return _no_choices()

    def sheet_sub(self, obs: Observation, hand: int, result: HandScored | None,
                  seating: Seating) -> str:
        """The round's cards and trump."""
        schedule = as_diminishing(obs)["schedule"]
        if hand >= len(schedule):
            return ""
        cards, trump = schedule[hand]
        return f"{cards}{trump}"


class BlackQueenPresenter(GamePresenter):
    """Black Queen: no trump, penalty points, face-up rows."""

    # One trick can swing a hand by ten points or more (the Q♠): marks sit higher.
    grades = (1.0, 4.0)

    def score_detail(self, event: HandScored, seat: int) -> str:
        """Which cards cost what: ``3 hearts −3, Q♠ −12``; or why the seat gained."""
        cards = event.counted[seat] if seat < len(event.counted) else ()
        score = event.scores[seat]
        taken = event.tricks[seat] if seat < len(event.tricks) else None
        if not cards:
            return "took no cards" if taken == 0 else "took no penalty cards"
        if score > 0:
            return "took every penalty card"
        hearts = sum(1 for card in cards if card.endswith("♥"))
        queens = len(cards) - hearts
        parts = [f"{_plural(hearts, 'heart')} −{hearts}"] if hearts else []
        parts += ["Q♠ −12"] * queens
        return ", ".join(parts)

    def table_cards(self, obs: Observation, seat: int) -> list[str]:
        """The seat's face-up row."""
        return [card for card in as_black_queen(obs)["up"][seat] if card is not None]

    def heading(self, obs: Observation, seating: Seating) -> str:
        """Hand n of m, the dealer, the points in play."""
        o = as_black_queen(obs)
        hands = o["options"].get("hands") or o["players"]
        return (f"Hand {o['hand_number'] + 1} of {hands}, {seating.does(o['dealer'], 'deal')}: "
                f"no trump, {o['total_points']} penalty points in play")

    def info(self, obs: Observation, seating: Seating) -> list[InfoView]:
        """Hand n of m, no trump and the points in play."""
        o = as_black_queen(obs)
        hands = o["options"].get("hands") or o["players"]
        return [_info("hand", "Hand", f"{o['hand_number'] + 1} of {hands}"),
                _info("points", "No trump ·", f"{o['total_points']} penalty points")]

    def facts(self, obs: Observation, seat: int, seating: Seating) -> list[FactView]:
        """Penalty points taken this hand."""
        return [_fact("points", as_black_queen(obs)["points"][seat])]

    def badges(self, obs: Observation, seat: int, seating: Seating) -> list[str]:
        """The dealer."""
        return ["dealer"] if as_black_queen(obs)["dealer"] == seat else []

    def face_up(self, obs: Observation, seat: int, card_turn: bool,
                explain: Explain) -> tuple[list[FaceUpSlotView] | None, int | None]:
        """The row: each position's face-up card (playable by its owner) over a face-down one."""
        o = as_black_queen(obs)
        mine = seat == o["seat"]
        legal = set(o["legal"])
        slots: list[FaceUpSlotView] = []
        for position, (card, down) in enumerate(zip(o["up"][seat], o["down"][seat], strict=True)):
            action = f"{card}@{position}" if card is not None and mine else None
            allowed = card_turn and action is not None and action in legal
            reason = explain(action) if card_turn and action is not None and not allowed else None
            slots.append({"card": card, "down": bool(down), "action": action,
                          "allowed": allowed, "reason": reason})
        return slots, sum(o["down"][seat])

    def played_face_up(self, obs: Observation, index: int) -> bool:
        """Whether that card of the trick was played from a face-up row."""
        trick_from = as_black_queen(obs)["trick_from"]
        return index < len(trick_from) and trick_from[index] is not None


class NineFiveTwoPresenter(GamePresenter):
    """9-5-2: contracts, the trump the dealer names, the kitty, card passing."""

    target_word = "goes for"
    made_words = "contracts made"
    made_with_more = True
    sheet_key = ("Each cell: tricks taken/contract, then points. Beside each hand: trump and "
                 "the dealer who named it")

    def heading(self, obs: Observation, seating: Seating) -> str:
        """Hand n, the dealer, the trump and the target."""
        o = as_nine_five_two(obs)
        return (f"Hand {o['hand_number'] + 1}, {seating.does(o['dealer'], 'deal')}: "
                f"{trump_words(o['trump_name'])}, the game ends at ±{o['target']}")

    def info(self, obs: Observation, seating: Seating) -> list[InfoView]:
        """Hand, trump (once named) and the target."""
        o = as_nine_five_two(obs)
        return [_info("hand", "Hand", o["hand_number"] + 1), _trump_item(o),
                _info("target", "Target", f"±{o['target']}")]

    def facts(self, obs: Observation, seat: int, seating: Seating) -> list[FactView]:
        """The seat's contract."""
        return [_fact("goes-for", as_nine_five_two(obs)["contracts"][seat])]

    def badges(self, obs: Observation, seat: int, seating: Seating) -> list[str]:
        """The dealer."""
        return ["dealer"] if as_nine_five_two(obs)["dealer"] == seat else []

    def highlighted(self, obs: Observation, decision: str | None) -> set[str]:
        """While the dealer discards: the cards that came from the kitty."""
        return set(as_nine_five_two(obs)["kitty"] or []) if decision == "discard" else set()

    def passed_cards(self, obs: Observation, passer: int,
                     receiver: int) -> tuple[list[str], list[str]] | None:
        """The cards passed and returned, as the passer and the receiver saw them."""
        for exchange in as_nine_five_two(obs)["passing"]:
            if (exchange["passer"], exchange["receiver"]) == (passer, receiver) \
                    and exchange["cards"]:
                return exchange["cards"], exchange["returned"] or []
        return None

    def context(self, obs: Observation, seating: Seating) -> list[str]:
        """Last hand's results, the passing, the kitty and the discard."""
        o = as_nine_five_two(obs)
        lines: list[str] = []
        if o["previous_results"] is not None and not o["trump_named"]:
            results = ", ".join(f"{seating.name(s)} {_signed(r)}"
                                for s, r in enumerate(o["previous_results"]))
            lines.append(f"Last hand: {results}")
        for exchange in o["passing"]:
            giver, taker = seating.name(exchange["passer"]), seating.who(exchange["receiver"])
            if not exchange["done"]:
                lines.append(f"{giver} {'owe' if giver == 'You' else 'owes'} {taker} "
                             f"{_plural(exchange['count'], 'card')}")
            elif exchange["cards"]:
                lines.append(f"{giver} gave {taker} {' '.join(exchange['cards'])}; "
                             f"back came {' '.join(exchange['returned'] or [])}")
            else:
                lines.append(f"{giver} gave {taker} {_plural(exchange['count'], 'card')}")
        if o["kitty"]:
            lines.append("The kitty you took: " + " ".join(o["kitty"]))
        if o["discard"]:
            lines.append("Your discard: " + " ".join(o["discard"]))
        return lines

    def prompt(self, obs: Observation, seating: Seating) -> str:
        """Name trump (with the dealer's contract), discard n, give n to a seat."""
        o = as_nine_five_two(obs)
        count = o["choose_count"] or 0
        if o["decision"] == "trump":
            return f"Name trump (you are the dealer, going for {o['contracts'][o['seat']]})"
        if o["decision"] == "discard":
            return f"Choose {_plural(count, 'card')} to discard face down, then confirm"
        if o["decision"] == "pass" and o["pass_to"] is not None:
            return f"Choose {_plural(count, 'card')} to give {seating.who(o['pass_to'])}, then confirm"
        return super().prompt(obs, seating)

    def choices(self, obs: Observation, seating: Seating, explain: Explain) -> ChoicesView:
        """The four suits and no trump; or choosing cards to discard or pass."""
        o = as_nine_five_two(obs)
        if o["decision"] == "trump":
            legal = set(o["legal"])
            items = [_choice(s.symbol, s.symbol, explain, legal) for s in Suit]
            items.append(_choice("NT", "No trump", explain, legal))
            return {"layout": "row", "items": items, "columns": [], "rows": [], "select": None,
                    "note": None}
        if o["decision"] in ("discard", "pass"):
            select: SelectView = {
                "count": o["choose_count"] or 0,
                "verb": "Discard" if o["decision"] == "discard" else "Give",
                "to": None if o["decision"] == "discard" or o["pass_to"] is None
                else seating.name(o["pass_to"]),
                "highlight": list(o["kitty"] or []) if o["decision"] == "discard" else []}
            return {"layout": "select", "items": [], "columns": [], "rows": [],
                    "select": select, "note": None}
        return _no_choices()


class BiddingPresenter(GamePresenter):
    """Bidding Whist: the auction, the ruler, secondary bets."""

    target_word = "bet"
    made_words = "exact bets"
    sheet_key = ("Each cell: tricks taken/bet, then points. Beside each hand: the contract and "
                 "its ruler")
    grades = (2.5, 10.0)  # ten points a trick

    def sheet_sub(self, obs: Observation, hand: int, result: HandScored | None,
                  seating: Seating) -> str:
        """The contract and its ruler (``7♠ Blair``), or that everyone skipped."""
        if result is None:
            return ""
        ruler = result.declarer
        if ruler is None or ruler >= len(result.targets):
            return "all skipped" if result.trump is None else "all skipped, no trump"
        return f"{result.targets[ruler]}{result.trump} {seating.name(ruler)}"

    def heading(self, obs: Observation, seating: Seating) -> str:
        """Hand n: who rules with what, or the bidding and who opened it."""
        o = as_bidding(obs)
        number = o["hand_number"] + 1
        if o["contract"] is not None and o["ruler"] is not None:
            return (f"Hand {number}: {seating.does(o['ruler'], 'rule')} with {o['contract']}, "
                    f"{trump_words(o['trump_name'])}")
        return f"Hand {number}: bidding, opened by {seating.who(o['opener'])}"

    def info(self, obs: Observation, seating: Seating) -> list[InfoView]:
        """Hand n of m; the trump once someone rules, else the high bid."""
        o = as_bidding(obs)
        items = [_info("hand", "Hand", f"{o['hand_number'] + 1} of {o['options'].get('hands', 1)}")]
        if o["ruler"] is not None:
            items.append(_trump_item(o))
        elif o["high_bid"] is not None and o["high_bidder"] is not None:
            items.append(_info("high-bid", "High bid:",
                               f"{o['high_bid']} ({seating.name(o['high_bidder'])})"))
        else:
            items.append(_info("high-bid", "High bid:", "none yet"))
        return items

    def facts(self, obs: Observation, seat: int, seating: Seating) -> list[FactView]:
        """The seat's bet, or its last bid during the auction."""
        o = as_bidding(obs)
        bet = o["bets"][seat]
        if bet is not None:
            return [_fact("bet", bet)]
        if o["ruler"] is None:
            last = next((b for s, b in reversed(o["bidding"]) if s == seat), None)
            if last is not None:
                return [_fact("bid", last)]
        return []

    def badges(self, obs: Observation, seat: int, seating: Seating) -> list[str]:
        """The ruler (with the contract) and who opened the bidding."""
        o = as_bidding(obs)
        marks = []
        if o["ruler"] == seat and o["contract"] is not None:
            marks.append(f"rules {o['contract']}")
        if o["opener"] == seat:
            marks.append("opens")
        return marks

    def context(self, obs: Observation, seating: Seating) -> list[str]:
        """The auction in order while bidding and betting, the bets so far, everyone skipping."""
        o = as_bidding(obs)
        lines = []
        betting = o["decision"] == "secondary_bet"
        if o["bidding"] and (o["ruler"] is None or betting):
            lines.append("Bidding: " + ", ".join(
                f"{seating.name(s)} {'skipped' if b == 'skip' else b}" for s, b in o["bidding"]))
        if betting:
            bets = [f"{seating.name(s)} {o['bets'][s]}" for s in o["bet_order"]
                    if o["bets"][s] is not None]
            if bets:
                lines.append("Bets so far: " + ", ".join(bets))
        if o["all_skipped"]:
            lines.append("Everyone skipped: no trump, and everyone bets")
        return lines

    def choices(self, obs: Observation, seating: Seating, explain: Explain) -> ChoicesView:
        """The contract grid and skip, or the secondary bets."""
        o = as_bidding(obs)
        if o["decision"] == "secondary_bet":
            return _numbers(o, o["forbidden_bet"], explain)
        if o["decision"] != "initial_bid":
            return _no_choices()
        legal = set(o["legal"])
        columns = list(dict.fromkeys(_denomination(c.trump) for c in CONTRACTS))
        rows = list(dict.fromkeys(str(c.tricks) for c in CONTRACTS))
        items = [_choice(str(c), str(c), explain, legal, row=str(c.tricks),
                         column=_denomination(c.trump)) for c in CONTRACTS]
        items.append(_choice("skip", "Skip", explain, legal))
        return {"layout": "grid", "items": items, "columns": columns, "rows": rows,
                "select": None, "note": None}


def _denomination(trump: Suit | None) -> str:
    return "NT" if trump is None else trump.symbol


class ClassicPresenter(GamePresenter):
    """Classic Whist: deals, each trick a point, first to the winning score."""

    hand_word = "Deal"

    def heading(self, obs: Observation, seating: Seating) -> str:
        """Deal n, the trump, the winning score."""
        o = as_classic(obs)
        return (f"Deal {o['hand_number'] + 1}: {trump_words(o['trump_name'])}, first to "
                f"{o['winning_score']} points wins")

    def info(self, obs: Observation, seating: Seating) -> list[InfoView]:
        """Deal n, the winning score, the trump."""
        o = as_classic(obs)
        return [_info("hand", "Deal", f"{o['hand_number'] + 1} · first to {o['winning_score']}"),
                _trump_item(o)]

    def context(self, obs: Observation, seating: Seating) -> list[str]:
        """Whether follow-suit is off."""
        if not as_classic(obs)["enforce_rules"]:
            return ["Follow-suit is not enforced in this game"]
        return []


#: The presenter of each game, by record name.
PRESENTERS: dict[str, GamePresenter] = {
    "diminishing-whist": DiminishingPresenter(),
    "black-queen": BlackQueenPresenter(),
    "nine-five-two": NineFiveTwoPresenter(),
    "bidding-whist": BiddingPresenter(),
    "classic-whist": ClassicPresenter(),
}


# ---------------------------------------------------------------- the view
def present(obs: Observation, seating: Seating, explain: Explain,
            events: Sequence[Event] = (), results: Sequence[HandScored] = ()) -> TableView:
    """The whole table as ``obs``'s seat sees it; ``events``: what the last action did.

    ``results``: the state's ``hand_results``, for the tricks and targets on the score sheet.
    """
    game = PRESENTERS[obs["game"]]
    person_turn = seating.human_to_move and obs["to_move"] == obs["seat"]
    decision = obs["decision"] if person_turn else None
    return {
        "game": obs["game"],
        "title": obs["title"],
        "options": dict(obs["options"]),
        "seat": obs["seat"],
        "hand_number": obs["hand_number"],
        "heading": game.heading(obs, seating),
        "info": game.info(obs, seating),
        "schedule": game.schedule(obs),
        "seats": [_seat(game, obs, seat, seating, explain, decision == "card")
                  for seat in range(obs["players"])],
        "context": game.context(obs, seating),
        "prompt": _prompt(game, obs, seating, person_turn),
        "decision": decision,
        "choices": game.choices(obs, seating, explain) if person_turn and decision != "card"
        else ({**_no_choices(), "layout": "cards"} if person_turn else _no_choices()),
        "hand": _hand(game, obs, explain, decision),
        "trick": [_play(game, obs, seating, i, seat, card)
                  for i, (seat, card) in enumerate(obs["trick"])],
        "trick_empty": _trick_empty(obs, seating),
        "last_trick": None if obs["last_trick"] is None else trick_view(
            obs["last_trick"]["plays"], obs["last_trick"]["winner"], seating),
        "sheet": _sheet(game, obs, seating, results),
        "hand_summary": next((hand_summary(game, e, seating) for e in reversed(events)
                              if isinstance(e, HandScored)), None),
        "summary": _summary(obs, seating) if obs["over"] else None,
        "human_to_move": seating.human_to_move,
        "computer_to_move": seating.computer_to_move,
        "over": obs["over"],
        "can_undo": seating.can_undo,
    }


def _seat(game: GamePresenter, obs: Observation, seat: int, seating: Seating, explain: Explain,
          card_turn: bool) -> SeatView:
    level = seating.levels[seat]
    facts = game.facts(obs, seat, seating)
    facts += [_fact("tricks", obs["tricks_won"][seat]), _fact("cards", obs["hand_sizes"][seat]),
              _fact("total", obs["totals"][seat])]
    face_up, face_down = game.face_up(obs, seat, card_turn, explain)
    human = level == HUMAN
    return {
        "seat": seat,
        "name": seating.name(seat),
        "level": ("you" if seat == seating.seat else level) if human else level_label(level),
        "engine": None if human else resolve_level(level, obs["game"])[0],
        "human": human,
        "you": seat == seating.seat,
        "to_move": obs["to_move"] == seat and not obs["over"],
        "badges": game.badges(obs, seat, seating),
        "facts": facts,
        "face_up": face_up,
        "face_down": face_down,
    }


def _prompt(game: GamePresenter, obs: Observation, seating: Seating, person_turn: bool) -> str:
    if obs["over"]:
        return f"Game over — {winners_text(obs, seating)}"
    mover = obs["to_move"]
    if person_turn:
        return game.prompt(obs, seating)
    if mover is None:
        return "The hand is over"
    if seating.computer_to_move:
        return f"{seating.name(mover)} ({level_label(seating.levels[mover])}) is thinking…"
    return f"{seating.name(mover)} to play"


def _hand(game: GamePresenter, obs: Observation, explain: Explain,
          decision: str | None) -> list[CardView]:
    trump = None if obs["trump"] is None else Suit.parse(obs["trump"])
    cards = sort_hand([Card.parse(c) for c in obs["hand"]], trump)
    legal = set(obs["legal"])
    highlight = game.highlighted(obs, decision)
    out: list[CardView] = []
    for card in map(str, cards):
        view: CardView = {"card": card, "action": None, "allowed": None, "reason": None,
                          "highlight": card in highlight}
        if decision == "card":
            view["action"] = card
            view["allowed"] = card in legal
            if card not in legal:
                view["reason"] = explain(card)
        elif decision in ("discard", "pass"):
            view["allowed"] = True
        out.append(view)
    return out


def _play(game: GamePresenter, obs: Observation, seating: Seating, index: int, seat: int,
          card: str) -> PlayView:
    return {"seat": seat, "name": seating.name(seat), "card": card,
            "face_up": game.played_face_up(obs, index)}


def trick_view(plays: Sequence[tuple[int, str]], winner: int, seating: Seating) -> TrickView:
    """A completed trick with its taker, in words."""
    name = seating.name(winner)
    verb = "take" if name == "You" else "takes"
    return {"plays": [{"seat": s, "name": seating.name(s), "card": c, "face_up": False}
                      for s, c in plays],
            "winner": winner, "winner_name": name, "text": f"{name} {verb} the trick"}


def _trick_empty(obs: Observation, seating: Seating) -> str:
    if obs["over"]:
        return "Game over"
    last = obs["last_trick"]
    if last is not None:
        return f"{seating.name(last['winner'])} took the last trick"
    return "No cards on the table yet"


def _sheet(game: GamePresenter, obs: Observation, seating: Seating,
           results: Sequence[HandScored]) -> SheetView:
    rows: list[SheetRowView] = []
    for i, scores in enumerate(obs["hand_scores"]):
        result = results[i] if i < len(results) else None
        rows.append({"label": f"{game.hand_word} {i + 1}",
                     "sub": game.sheet_sub(obs, i, result, seating), "scores": list(scores),
                     "cells": _sheet_cells(game, scores, result)})
    columns = [seating.name(s) for s in range(obs["players"])]
    return {"columns": columns, "short": [_short_name(c) for c in columns], "rows": rows,
            "totals": list(obs["totals"]),
            "empty": f"No {game.hand_word.lower()} scored yet",
            "key": game.sheet_key if any(r["tricks"] for row in rows for r in row["cells"])
            else ""}


def _sheet_cells(game: GamePresenter, scores: Sequence[int],
                 result: HandScored | None) -> list[SheetCellView]:
    """A hand's cells: ``3/3 +13`` where a seat played for something, else the points."""
    targets = () if result is None else result.targets
    tricks = () if result is None else result.tricks
    cells: list[SheetCellView] = []
    for seat, points in enumerate(scores):
        target = targets[seat] if seat < len(targets) else None
        if target is None or not game.target_word or seat >= len(tricks):
            cells.append({"tricks": "", "points": str(points), "made": None,
                          "title": _plural(points, "point")})
            continue
        took, signed = tricks[seat], _signed(points)
        cells.append({"tricks": f"{took}/{target}", "points": signed,
                      "made": game.made(took, target),
                      "title": f"took {took}, {game.target_word} {target}: {signed}"})
    return cells


def _short_name(name: str) -> str:
    """A name for a narrow column: its first four letters (the same names as the legend)."""
    return name if len(name) <= 5 else name[:4] + "."


def winners_text(obs: Observation, seating: Seating) -> str:
    """``you win!``, ``Seat 2 wins`` or ``You and Seat 1 share the win``."""
    winners = obs["winners"]
    if not winners:
        return "no winner"
    names = [seating.name(w) for w in winners]
    you = obs["seat"] in winners and seating.name(obs["seat"]) == "You"
    if len(names) == 1:
        return "you win!" if you else f"{names[0]} wins"
    return f"{' and '.join(names)} share the win"


def _summary(obs: Observation, seating: Seating) -> SummaryView:
    order = sorted(range(obs["players"]), key=lambda s: (-obs["totals"][s], s))
    you = obs["seat"] in obs["winners"] and seating.name(obs["seat"]) == "You"
    ranking: list[RankView] = [{"seat": s, "name": seating.name(s), "total": obs["totals"][s],
                                "won": s in obs["winners"]} for s in order]
    return {"title": "You win!" if you else "Game over", "text": winners_text(obs, seating),
            "ranking": ranking}


# ---------------------------------------------------------------- events
def describe_events(events: Sequence[Event], obs: Observation,
                    seating: Seating) -> list[EventView]:
    """The events worth a line under the table, in words, for ``obs``'s seat."""
    game = PRESENTERS[obs["game"]]
    out: list[EventView] = []
    for event in events:
        said = _acted_text(event, obs, seating) if isinstance(event, Acted) else None
        if said is not None:
            out.append({"type": "acted", "text": said})
        elif isinstance(event, TrickTaken):
            name = seating.name(event.winner)
            out.append({"type": "trick",
                        "text": f"{name} {'take' if name == 'You' else 'takes'} the trick"})
        elif isinstance(event, HandScored):
            parts = ", ".join(f"{seating.name(s)} {_signed(v)}" for s, v in enumerate(event.scores))
            out.append({"type": "scored",
                        "text": f"{game.hand_word} {event.hand + 1} scored: {parts}"})
        elif isinstance(event, Redeal):
            out.append({"type": "redeal",
                        "text": f"{event.reason.capitalize()}: the cards are dealt again"})
        elif isinstance(event, CardsPassed):
            out.append({"type": "passed", "text": _passed_text(game, event, obs, seating)})
    return out


def _acted_text(event: Acted, obs: Observation, seating: Seating) -> str | None:
    """A bid, bet, skip, trump or discard in words for the log (cards played: None, the
    trick says them); another seat's discard without its cards."""
    action, who = event.action, seating.name(event.seat)
    you = who == "You"
    if isinstance(action, Skip):
        return f"{who} {'skip' if you else 'skips'}"
    if isinstance(action, Bid | Contract):
        verb = "bet" if obs["game"] == "bidding-whist" and isinstance(action, Bid) else "bid"
        return f"{who} {verb if you else verb + 's'} {action}"
    if isinstance(action, NameTrump):
        named = "no trump" if str(action) == "NT" else f"{action} trump"
        return f"{who} {'name' if you else 'names'} {named}"
    if isinstance(action, Discard):
        shown = f"{action}" if event.seat == obs["seat"] else f"{_plural(len(action.cards), 'card')}"
        return f"{who} {'discard' if you else 'discards'} {shown} face down"
    return None


def _passed_text(game: GamePresenter, event: CardsPassed, obs: Observation,
                 seating: Seating) -> str:
    """A pass in words; the passer and the receiver see the cards (from their observation)."""
    seen = game.passed_cards(obs, event.passer, event.receiver)
    if seen is not None:
        cards, back = " ".join(seen[0]), " ".join(seen[1])
        if event.passer == obs["seat"]:
            return f"You gave {cards} to {seating.who(event.receiver)}; back came {back}"
        if event.receiver == obs["seat"]:
            return f"{seating.name(event.passer)} gave you {cards}; you returned {back}"
    return (f"{seating.name(event.passer)} gave {seating.who(event.receiver)} "
            f"{_plural(event.count, 'card')}")


def hand_summary(game: GamePresenter, event: HandScored, seating: Seating) -> HandSummaryView:
    """The hand ``event`` scored: each seat's target, tricks, points and total."""
    rows: list[SummaryRowView] = []
    for seat, (points, total) in enumerate(zip(event.scores, event.totals, strict=True)):
        target = event.targets[seat] if seat < len(event.targets) else None
        rows.append({"seat": seat, "name": seating.name(seat),
                     "target": "" if target is None or not game.target_word
                     else f"{game.target_word} {target}",
                     "tricks": event.tricks[seat] if seat < len(event.tricks) else None,
                     "detail": game.score_detail(event, seat),
                     "points": points, "total": total})
    return {"hand": event.hand, "title": f"{game.hand_word} {event.hand + 1} scored",
            "rows": rows}


def describe_action(decision: str | None, action: str) -> str:
    """An action in plain words: ``Play Q♥``, ``Play Q♥ from your face-up row``, ``Bid 3``."""
    if decision == "card":
        card, _, position = action.partition("@")
        return f"Play {card} from your face-up row" if position else f"Play {card}"
    if decision in ("bid", "initial_bid"):
        return "Skip" if action == "skip" else f"Bid {action}"
    if decision == "secondary_bet":
        return f"Bet {action}"
    if decision == "trump":
        return "No trump" if action == "NT" else f"Name {action} trump"
    if decision == "discard":
        return f"Discard {action}"
    if decision == "pass":
        return f"Give {action}"
    return action


def hint_items(decision: str | None, estimates: Sequence[tuple[str, float]]) -> list[HintItemView]:
    """The hint's candidates, best first, in plain words with their estimates."""
    return [{"action": action, "label": describe_action(decision, action), "value": value,
             "text": f"{describe_action(decision, action)}: about {value:+.1f} points"}
            for action, value in estimates]

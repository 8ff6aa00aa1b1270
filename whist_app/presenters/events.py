"""Events in words: the lines under the table and a scored hand's summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whist.actions import Bid, Contract, Discard, NameTrump, Skip
from whist.events import Acted, CardsPassed, Event, HandScored, Redeal, TrickTaken
from whist.observations import (
    Observation,
)
from whist_app.presenters.base import (
    GamePresenter,
    Obs,
    Seating,
    _plural,
    _signed,
)
from whist_app.presenters.registry import PRESENTERS
from whist_app.views import (
    EventView,
    HandSummaryView,
    SummaryRowView,
)


def describe_events(events: Sequence[Event], obs: Observation,
                    seating: Seating) -> list[EventView]:
    """The events worth a line under the table, in words, for ``obs``'s seat."""
    game = PRESENTERS[obs["game"]]
    narrowed = game.narrow(obs)
    out: list[EventView] = []
    for event in events:
        kind, text = _event_words(game, event, narrowed, seating)
        if text is not None:
            out.append({"type": kind, "text": text,
                        "on_table": game.in_context(event, narrowed)})
    return out


def _event_words(game: GamePresenter[Obs], event: Event, obs: Obs,
                 seating: Seating) -> tuple[str, str | None]:
    """An event's type for the page and its words (None: not worth a line)."""
    match event:
        case Acted():
            return "acted", _acted_text(event, obs, seating)
        case TrickTaken(winner=winner):
            name = seating.name(winner)
            return "trick", f"{name} {'take' if name == 'You' else 'takes'} the trick"
        case HandScored(hand=hand, scores=scores):
            parts = ", ".join(f"{seating.name(s)} {_signed(v)}" for s, v in enumerate(scores))
            return "scored", f"{game.hand_word} {hand + 1} scored: {parts}"
        case Redeal(reason=reason):
            return "redeal", f"{reason.capitalize()}: the cards are dealt again"
        case CardsPassed():
            return "passed", _passed_text(game, event, obs, seating)
    return "other", None


def _acted_text(event: Acted, obs: Observation, seating: Seating) -> str | None:
    """A bid, bet, skip, trump or discard in words for the log (cards played: None, the
    trick says them); another seat's discard without its cards."""
    action, who = event.action, seating.name(event.seat)
    you = who == "You"
    match action:
        case Skip():
            return f"{who} {'skip' if you else 'skips'}"
        case Bid() | Contract():
            verb = "bet" if obs["game"] == "bidding-whist" and isinstance(action, Bid) else "bid"
            return f"{who} {verb if you else verb + 's'} {action}"
        case NameTrump():
            named = "no trump" if str(action) == "NT" else f"{action} trump"
            return f"{who} {'name' if you else 'names'} {named}"
        case Discard(cards=cards):
            shown = f"{action}" if event.seat == obs["seat"] else f"{_plural(len(cards), 'card')}"
            return f"{who} {'discard' if you else 'discards'} {shown} face down"
    return None


def _passed_text(game: GamePresenter[Obs], event: CardsPassed, obs: Obs,
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


def hand_summary(game: GamePresenter[Any], event: HandScored, seating: Seating) -> HandSummaryView:
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

"""Replaying a hand step by step, as one seat saw it: the page's replay screen.

:func:`hand_steps` walks a checked record once and gives, for each action of the
hand, the action in words, the seat's table view and the events in words
(``webapi.replay_steps`` serves it to the page).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from whist.events import Event
from whist.protocol import GameState
from whist.records import walk
from whist_app.presenters.base import Seating
from whist_app.presenters.events import describe_events
from whist_app.presenters.registry import PRESENTERS
from whist_app.presenters.view import completed_trick, present
from whist_app.review import action_words, hand_done, seat_levels
from whist_app.review_view import FACE_DOWN, PlayedView, ReplayStepView, ReplayView


def hand_steps(record: Mapping[str, Any], hand: int, seat: int, first: int = 0,
               count: int | None = None) -> ReplayView:
    """Hand ``hand`` of a checked record step by step, as ``seat`` saw it.

    Step 0 is the hand as dealt, then one step after each action: the action in
    words, the table view of ``seat`` (the presenter's :class:`TableView`, score
    sheet included), the events in words and the trick it completed.  Only steps
    ``first`` to ``first + count - 1`` are drawn (all by default); ``total`` says how
    many the hand has.  ValueError if the record has no such hand.  One walk.
    """
    last = None if count is None else first + count

    def wanted(step: int) -> bool:
        return step >= first and (last is None or step < last)

    def step_view(state: GameState, step: int, played: PlayedView | None,
                  events: Sequence[Event]) -> ReplayStepView:
        obs = state.observe(seat)
        table = present(obs, seating, _no_reason, results=state.hand_results)
        return {"step": step, "played": played, "table": table,
                "events": describe_events(events, obs, seating),
                "completed": completed_trick(events, seating)}

    def dealt(state: GameState) -> ReplayStepView | None:
        """Step 0, the hand as dealt: the view before the hand's first action."""
        if state.hand_number != hand or state.hands_log[hand]["actions"] or not wanted(0):
            return None
        return step_view(state, 0, None, ())

    walked = walk(record, dealt)
    state = walked.state
    seating = Seating(levels=seat_levels(record, state.players), seat=seat)

    steps: list[ReplayStepView] = []
    total = 1
    started = False
    for step in walked:
        if step.hand != hand:
            continue
        if step.before is not None:
            steps.append(step.before)
        started = True
        if wanted(total):
            # A face-down action (another seat's discard or pass) is shown without its cards.
            shown = state.seen_actions(hand, seat)[step.index]
            played: PlayedView = {"seat": step.seat, "name": seating.name(step.seat),
                                  "text": FACE_DOWN if shown is None
                                  else action_words(step.decision.value, shown)}
            steps.append(step_view(state, total, played, step.events))
        total += 1
    final = walked.finish()
    hands: list[Any] = record["hands"]
    if not 0 <= hand < len(hands):
        raise ValueError(f"the record has hands 0 to {len(hands) - 1} (counted from 0), "
                         f"not {hand}")
    if not started and wanted(0):  # the hand is dealt but nothing was played in it yet
        steps.append(step_view(final, 0, None, ()))
    return {"game": final.name, "title": final.title, "seat": seat, "hand_number": hand,
            "hands": len(hands), "hand_word": PRESENTERS[final.name].hand_word,
            "finished": hand_done(final, record, hand), "total": total, "steps": steps}


def _no_reason(text: str) -> str | None:
    """A replay offers no choices, so nothing needs explaining."""
    return None

"""Hints in words: an action described, and a hint's candidates."""

from __future__ import annotations

from collections.abc import Sequence

from whist.cards import format_cards, parse_cards
from whist_app.views import (
    HintItemView,
)

#: Decisions whose action names several hand cards at once.
SELECT_DECISIONS = frozenset({"discard", "pass"})


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


#: What a hint's estimate measures, after its number: the search's value is the seat's own
#: points from here on less a share of the other seats' mean (``engines/strong.py``,
#: ``others_weight``), so it is not the person's score and may be negative where no score is.
VALUE_WORDS = "points compared with the other players"


def hint_items(decision: str | None, estimates: Sequence[tuple[str, float]]) -> list[HintItemView]:
    """The hint's candidates, best first, in plain words with their estimates."""
    return [{"action": action, "label": describe_action(decision, action), "value": value,
             "text": f"{describe_action(decision, action)}: about {value:+.1f} {VALUE_WORDS}",
             "cards": _hand_cards(decision, action)}
            for action, value in estimates]


def _hand_cards(decision: str | None, action: str) -> list[str]:
    """The cards a choice of several names, each as the hand shows it."""
    if decision not in SELECT_DECISIONS:
        return []
    return [format_cards([card]) for card in parse_cards(action.split())]

"""The daily deal: the same deals for everyone on the same UTC date, no server needed.

A daily game's seed is a hash of the date, the game and its options (every
option written out, defaults included), so every device deals the same cards
on the same date, offline too.  The computer seats are fixed at
:data:`DAILY_LEVEL`; the person sits in seat 0.  At the end, :func:`result_text`
is the short text a player shares: the game, the date, the score and rank, and
one symbol per hand, never a card.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Mapping
from typing import Any, Final

from whist.events import HandScored
from whist.games import game_class
from whist.protocol import JSON, OptionError, validate_options
from whist.records import walk
from whist_app.presenters.base import HUMAN

#: The level of every computer seat in a daily game.
DAILY_LEVEL: Final = "advanced"
#: A hand made (the exact bid or contract; in games without one, the hand's best score).
#: Plain marks every font has (coloured squares are emoji many fonts lack).
MADE: Final = "\u2713"
MISSED: Final = "\u2717"


def daily_date(text: object) -> str:
    """``text`` checked as a date ``YYYY-MM-DD``; OptionError (one line) otherwise."""
    if not isinstance(text, str) or len(text) != 10:
        raise OptionError(f"a daily deal's date is written YYYY-MM-DD, not {str(text)[:20]!r}")
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        raise OptionError(f"no such date: {text!r}") from None
    return text


def daily_seed(date: str, game: str, options: Mapping[str, Any] | None) -> int:
    """The seed of ``game``'s daily deal on ``date`` with ``options`` (checked, defaults filled)."""
    cls = game_class(game)
    filled = validate_options(cls.name, cls.option_specs, options)
    key = json.dumps([daily_date(date), cls.name, filled], sort_keys=True)
    return int.from_bytes(hashlib.sha256(f"daily:{key}".encode()).digest()[:8], "big") >> 1


def daily_seats(players: int) -> list[str]:
    """The person in seat 0, :data:`DAILY_LEVEL` in every other seat."""
    return [HUMAN] + [DAILY_LEVEL] * (players - 1)


def hand_marks(record: Mapping[str, JSON], seat: int) -> list[str]:
    """One symbol per scored hand for ``seat``: :data:`MADE` or :data:`MISSED`.

    Made means the seat took exactly the tricks it played for (a bid, bet or
    contract); in a game where it played for none, that its score for the hand
    was the table's best (ties included).
    """
    marks: list[str] = []
    for step in walk(record):
        for event in step.events:
            match event:
                case HandScored(scores=scores, tricks=tricks, targets=targets):
                    target = targets[seat] if seat < len(targets) else None
                    made = tricks[seat] == target if target is not None \
                        else scores[seat] == max(scores)
                    marks.append(MADE if made else MISSED)
    return marks


def result_text(record: Mapping[str, JSON], seat: int, expert: int | None = None) -> str:
    """The shareable result of a finished daily game: no card, no suit, nothing to spoil.

    ``expert``: strong's points on the same cards in the seat, when known (item 2).
    """
    from whist.records import replay
    date = daily_date(record.get("daily"))
    final = replay(record)
    score = final.totals[seat]
    rank = 1 + sum(1 for t in final.totals if t > score)
    lines = [f"Whist Table daily · {final.title} · {date}",
             f"Score {score} · {_ordinal(rank)} of {final.players}"]
    if expert is not None:
        lines[-1] += f" · Expert {expert}"
    lines.append("".join(hand_marks(record, seat)))
    return "\n".join(lines)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"

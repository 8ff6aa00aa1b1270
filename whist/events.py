"""What happened when an action was applied: the values :meth:`GameState.apply` returns.

Every event is public: any seat may see it (a card passed in 9-5-2 is an event
with its count, not its cards; what a seat privately saw stays in that seat's
observation).  Callers never re-derive these from two states: a trick the last
card of a hand completed is gone from the state once the next hand is dealt,
but its :class:`TrickTaken` event keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypedDict

from whist.actions import Action
from whist.cards import Card


class EventJSON(TypedDict, total=False):
    """An event as JSON-ready data (``type`` plus the event's fields)."""

    type: Literal["acted", "trick", "scored", "dealt", "redeal", "passed", "over"]
    seat: int
    action: str
    leader: int
    plays: list[tuple[int, str]]
    winner: int
    hand: int
    scores: list[int]
    totals: list[int]
    tricks: list[int]
    targets: list[int | None]
    counted: list[list[str]]
    trump: str | None
    declarer: int | None
    reason: str
    passer: int
    receiver: int
    count: int
    winners: list[int]


@dataclass(frozen=True, slots=True)
class Acted:
    """``seat`` took ``action`` (always the first event of an apply)."""

    seat: int
    action: Action

    def to_json(self) -> EventJSON:
        """JSON-ready form."""
        return {"type": "acted", "seat": self.seat, "action": str(self.action)}


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """A trick was completed: who led, the plays in order, and who took it."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    def to_json(self) -> EventJSON:
        """JSON-ready form."""
        return {"type": "trick", "leader": self.leader,
                "plays": [(s, str(c)) for s, c in self.plays], "winner": self.winner}


@dataclass(frozen=True, slots=True)
class HandScored:
    """Hand ``hand`` (0-based) was scored: each seat's score and the totals after it."""

    hand: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    #: Tricks each seat took in the hand (empty for a hand never played).
    tricks: tuple[int, ...] = ()
    #: What each seat played for: its bid, bet or contract (None: nothing to aim at).
    targets: tuple[int | None, ...] = ()
    #: The cards that counted in each seat's score (Black Queen's penalty cards taken);
    #: empty where a game counts tricks only.
    counted: tuple[tuple[str, ...], ...] = ()
    #: The hand's trump as the record writes it (``"♥"``, ``"NT"``; None for a hand never
    #: played) and the seat that chose it, if one did (Bidding Whist's ruler, 9-5-2's dealer).
    trump: str | None = None
    declarer: int | None = None

    def to_json(self) -> EventJSON:
        """JSON-ready form."""
        return {"type": "scored", "hand": self.hand, "scores": list(self.scores),
                "totals": list(self.totals), "tricks": list(self.tricks),
                "targets": list(self.targets), "counted": [list(c) for c in self.counted],
                "trump": self.trump, "declarer": self.declarer}


@dataclass(frozen=True, slots=True)
class HandDealt:
    """Hand ``hand`` (0-based) was dealt."""

    hand: int

    def to_json(self) -> EventJSON:
        """JSON-ready form."""
        return {"type": "dealt", "hand": self.hand}


@dataclass(frozen=True, slots=True)
class Redeal:
    """Hand ``hand`` was abandoned unscored (e.g. Bidding Whist: everyone skipped)."""

    hand: int
    reason: str

    def to_json(self) -> EventJSON:
        """JSON-ready form."""
        return {"type": "redeal", "hand": self.hand, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class CardsPassed:
    """``passer`` gave ``count`` cards to ``receiver`` (9-5-2), who gave as many back."""

    passer: int
    receiver: int
    count: int

    def to_json(self) -> EventJSON:
        """JSON-ready form."""
        return {"type": "passed", "passer": self.passer, "receiver": self.receiver,
                "count": self.count}


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game ended; ``winners`` share the highest total."""

    winners: tuple[int, ...]

    def to_json(self) -> EventJSON:
        """JSON-ready form."""
        return {"type": "over", "winners": list(self.winners)}


Event = Acted | TrickTaken | HandScored | HandDealt | Redeal | CardsPassed | GameOver

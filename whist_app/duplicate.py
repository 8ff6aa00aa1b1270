"""Duplicate: the hands of a finished record played again with ``strong`` in one seat.

"The same cards" is defined hand by hand: each hand of the record is played
again from the recorded state before it (the totals, who deals, 9-5-2's
contracts and passes, Diminishing Whist's round, Classic Whist's leader, all as
the record left them) with the record's own deal, ``strong`` in the chosen seat
and a computer level in every other seat.  So a recorded chance outcome is
always valid where it is used, however differently the replayed hands go: a
hand's deal never depends on how the *replayed* hands before it went, only on
the recorded ones.  Each seat's points for a hand are what its total gained
over that hand (Classic Whist adds a point per trick; a Bidding Whist deal
everyone skipped scores nothing), summed over the record's hands.

The other seats play at the levels the record's ``seats`` names; a seat marked
``"human"`` (or a record without ``seats``) is played by the ``others`` level.
Engines are seeded from the run's seed, the hand and the seat, and search
engines get an iteration budget unless a time budget is asked for, so a run
with a fixed seed and ``iterations`` is repeatable.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from engines.interface import Engine, EngineError
from engines.levels import engine_class, load_engine, resolve_level
from engines.referee import choose_action
from whist.protocol import JSON, GameState
from whist.records import RecordError, load_record, replay, walk
from whist_app.presenters.base import HUMAN
from whist_app.review import default_seat

#: The level that plays in the chosen seat.
EXPERT_LEVEL: Final = "strong"
#: Rollouts per decision when neither iterations nor a budget is given.
DEFAULT_ITERATIONS: Final = 200
#: The level of a seat the record marks human (or of every seat without ``seats``).
DEFAULT_OTHERS: Final = "intermediate"


@dataclass(frozen=True)
class DuplicateSettings:
    """How hard the engines search and how they are seeded."""

    iterations: int | None = DEFAULT_ITERATIONS
    #: Seconds per decision instead of iterations (the result then depends on the machine).
    budget: float | None = None
    seed: int = 0
    others: str = DEFAULT_OTHERS


@dataclass(frozen=True)
class HandDuplicate:
    """One hand played again: the seat's recorded points and strong's on the same cards."""

    hand: int
    recorded: int
    strong: int


@dataclass(frozen=True)
class Duplicate:
    """A whole record played again hand by hand for one seat."""

    seat: int
    levels: tuple[str, ...]
    hands: tuple[HandDuplicate, ...]

    @property
    def recorded(self) -> int:
        """The seat's recorded points over the hands played again."""
        return sum(h.recorded for h in self.hands)

    @property
    def strong(self) -> int:
        """Strong's points in the seat over the same hands."""
        return sum(h.strong for h in self.hands)

    def summary(self) -> str:
        """The last line of ``python -m whist duplicate``."""
        count = len(self.hands)
        return (f"duplicate: you {self.recorded}, strong {self.strong} points over "
                f"{count} hand{'s' if count != 1 else ''}")


def engine_seed(seed: int, hand: int, seat: int) -> int:
    """The seed of the engine in ``seat`` for ``hand`` of a run seeded ``seed``."""
    return zlib.crc32(f"duplicate:{seed}:{hand}:{seat}".encode())


def other_levels(record: Mapping[str, Any], players: int, seat: int, others: str) -> list[str]:
    """Each seat's level: strong in ``seat``, the record's level elsewhere (``others`` for people).

    A level the record names that no engine plays is a RecordError (one line).
    """
    seats = record.get("seats")
    named = list(seats) if isinstance(seats, list) and len(seats) == players else [HUMAN] * players
    levels: list[str] = []
    for s in range(players):
        level = named[s]
        if s == seat:
            levels.append(EXPERT_LEVEL)
        elif not isinstance(level, str) or level.strip() in ("", HUMAN):
            levels.append(others)
        else:
            levels.append(level.strip())
    return levels


def make_player(level: str, game: str, seed: int, settings: DuplicateSettings) -> Engine:
    """The engine for ``level``: with an iteration budget unless a time budget is asked for.

    A player level that stands for a search with a time budget (``advanced``,
    ``expert``) plays here by the run's iterations, so a seeded run is repeatable.
    """
    spec, level_budget = resolve_level(level, game)
    extra: dict[str, Any] = {}
    if settings.budget is not None:
        budget: float | None = settings.budget if spec == EXPERT_LEVEL else level_budget
    else:
        budget = None
        if "iterations" in getattr(engine_class(spec), "setting_names", ()):
            extra["iterations"] = settings.iterations
    return load_engine(spec, game, seed=seed, budget=budget, **extra)


def hand_starts(record: Mapping[str, JSON]) -> list[GameState]:
    """The recorded state at the start of each hand (its deal made, nothing played)."""

    def start_of_hand(state: GameState) -> GameState | None:
        return None if state.hands_log[-1]["actions"] else _hand_start(state)

    walked = walk(record, start_of_hand)
    starts = [step.before for step in walked if step.before is not None]
    if len(starts) < len(walked.hands):  # the last hand is dealt, nothing played in it yet
        starts.append(_hand_start(walked.state))
    return starts


def _hand_start(state: GameState) -> GameState:
    """A copy of ``state`` at a hand's start that plays that hand only."""
    start = state.copy()
    # Only this hand's deal: a replayed hand must never draw the record's next one.
    start.drop_queued_deals()
    start.stop_after_hand = True
    return start


def play_hand(start: GameState, levels: Sequence[str], hand: int,
              settings: DuplicateSettings) -> list[int]:
    """Play one hand from ``start`` (a copy is played) with ``levels``; each seat's points.

    An engine that fails plays the first legal action instead (as in the arena), so
    one faulty plug-in cannot stop a run.
    """
    state = start.copy()
    state.stop_after_hand = True
    game = state.name
    engines = [make_player(level, game, engine_seed(settings.seed, hand, seat), settings)
               for seat, level in enumerate(levels)]
    before = list(state.totals)
    while not state.hand_over:
        seat = state.to_move
        assert seat is not None
        try:
            action = choose_action(state, engines[seat], seat)
        except EngineError:
            action = state.legal_actions()[0]
        state.apply(action)
    return [after - was for after, was in zip(state.totals, before, strict=True)]


def expert_hand(record: Mapping[str, JSON], hand: int, seat: int,
                settings: DuplicateSettings) -> HandDuplicate:
    """Hand ``hand`` (0-based) of a record played again with strong in ``seat``.

    The hand must be finished in the record (a later hand dealt, or the game
    over): RecordError otherwise, so nothing of a hand still in play is revealed.
    """
    hands = record.get("hands")
    if not isinstance(hands, list) or not 0 <= hand < len(hands):
        raise RecordError(f"there is no hand {hand + 1} in this game")
    final = replay(record)
    finished = hand < final.hand_number or final.hand_over
    if not finished:
        raise RecordError(f"hand {hand + 1} is still being played: Expert plays it again "
                          "once it is over")
    if not 0 <= seat < final.players:
        raise RecordError(f"seat must be from 0 to {final.players - 1}, not {seat}")
    # Only the hands up to this one: the start of the next gives the recorded points.
    starts = hand_starts({**record, "hands": hands[:hand + 2]})
    start = starts[hand]
    after = starts[hand + 1].totals if hand + 1 < len(starts) else final.totals
    levels = other_levels(record, final.players, seat, settings.others)
    points = play_hand(start, levels, hand, settings)
    return HandDuplicate(hand, after[seat] - start.totals[seat], points[seat])


def duplicate(source: str | Path | Mapping[str, Any], seat: int | None = None,
              settings: DuplicateSettings | None = None) -> Duplicate:
    """Play every hand of a finished record again with strong in ``seat``.

    ``seat`` defaults to the first seat the record marks human, else 0.  Raises
    RecordError (one line) for a faulty or unfinished record or a seat out of
    range, EngineError for a level no engine plays.
    """
    settings = settings or DuplicateSettings()
    record = load_record(source)
    final = replay(record)
    if not final.over:
        raise RecordError("the game is not finished: duplicate plays the hands of a finished "
                          "game again")
    if seat is None:
        seat = default_seat(record, final.players)
    if not 0 <= seat < final.players:
        raise RecordError(f"seat must be from 0 to {final.players - 1} in this {final.title} "
                          f"game, not {seat}")
    levels = other_levels(record, final.players, seat, settings.others)
    starts = hand_starts(record)
    for level in levels:
        # Every level loads before any hand is played: a bad one is one line, at once.
        make_player(level, final.name, 0, settings)
    results: list[HandDuplicate] = []
    for index, start in enumerate(starts):
        # The recorded points of the hand: the next hand's starting totals (or the end's).
        after = starts[index + 1].totals if index + 1 < len(starts) else final.totals
        recorded = after[seat] - start.totals[seat]
        points = play_hand(start, levels, index, settings)
        results.append(HandDuplicate(index, recorded, points[seat]))
    return Duplicate(seat, tuple(levels), tuple(results))

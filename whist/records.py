"""Game records: write, read, check and replay (the format is in docs/records.md)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from whist.games import game_class
from whist.protocol import JSON, DealError, GameState, IllegalAction, OptionError


class RecordError(ValueError):
    """A game record that cannot be replayed; the message names the hand and action."""


def load_record(source: str | Path | Mapping[str, Any]) -> dict[str, JSON]:
    """Read a record from a path, a JSON text or an already parsed mapping."""
    if isinstance(source, Mapping):
        return dict(source)
    text = source
    if isinstance(source, Path) or (isinstance(source, str) and source.lstrip()[:1] not in "{["):
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as error:
            raise RecordError(f"cannot read {source}: {error.strerror or error}") from None
    try:
        data = json.loads(str(text))
    except json.JSONDecodeError as error:
        raise RecordError(f"not a game record: invalid JSON at line {error.lineno}, "
                          f"column {error.colno} ({error.msg})") from None
    if not isinstance(data, dict):
        raise RecordError("not a game record: the top level must be a JSON object")
    return data


def replay(source: str | Path | Mapping[str, Any]) -> GameState:
    """Replay a record action by action, checking each; raise RecordError at the first fault.

    The returned state is where the record leaves off: finished, or with a
    decision pending (a saved game in progress).
    """
    record = load_record(source)
    if "game" not in record:
        raise RecordError("not a game record: no \"game\" key")
    try:
        cls = game_class(record["game"])
    except OptionError as error:
        raise RecordError(str(error)) from None
    hands = record.get("hands")
    if not isinstance(hands, list) or not hands:
        raise RecordError("the record has no hands (\"hands\" must be a non-empty list)")
    for index, hand in enumerate(hands):
        if not isinstance(hand, dict) or "deal" not in hand:
            raise RecordError(f"hand {index + 1}: each hand must be an object with a \"deal\"")
        actions = hand.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError(f"hand {index + 1}: \"actions\" must be a list of strings")
    try:
        state = cls(record.get("options") or {}, seed=0, chance=hands)
    except OptionError as error:
        raise RecordError(f"options: {error}") from None
    except DealError as error:
        raise RecordError(f"hand 1: {error}") from None
    for index, hand in enumerate(hands):
        if state.hand_number != index:
            raise RecordError(f"hand {index + 1}: the game is over before this hand"
                              if state.over else
                              f"hand {index + 1}: hand {index} is not finished")
        for number, text in enumerate(hand.get("actions", []), start=1):
            where = f"hand {index + 1}, action {number} ({text!r})"
            if state.over:
                raise RecordError(f"{where}: the game is already over")
            if state.hand_number != index:
                raise RecordError(f"{where}: hand {index + 1} is already finished")
            try:
                state.apply_text(text)
            except IllegalAction as error:
                raise RecordError(f"{where}: {error} ({_whose(state)})") from None
            except DealError as error:
                raise RecordError(f"hand {index + 2}: {error}") from None
    return state


def _whose(state: GameState) -> str:
    return state.pending_text()


def save_record(state: GameState, path: str | Path, **extra: JSON) -> None:
    """Write the game's record (plus ``extra`` keys such as seat names) as JSON."""
    record = state.record()
    record.update(extra)
    Path(path).write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n",
                          encoding="utf-8")


def record_text(state: GameState, **extra: JSON) -> str:
    """The game's record as JSON text."""
    record = state.record()
    record.update(extra)
    return json.dumps(record, ensure_ascii=False)

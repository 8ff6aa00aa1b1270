"""The browser's only entry point: JSON-ready functions the page calls through the bridge.

Each function takes one dict and returns one dict.  The page sees a person's
seat through :func:`view`, never the other hands; the record (which holds the
deals) leaves the worker sealed through :func:`save` (for storage) and in clear
only through :func:`export`, when the person asks to download it.
Errors are raised as exceptions whose message a player can read; the worker
turns them into ``{"error": ...}``.
"""

from __future__ import annotations

import base64
import json
import time
import zlib
from typing import Any

from whist.games import GAME_NAMES, game_class
from whist.protocol import IllegalAction, OptionError

_table: Any = None


def _current() -> Any:
    if _table is None:
        raise IllegalAction("no game is in progress: start one first")
    return _table


def catalog(payload: dict[str, Any]) -> dict[str, Any]:
    """Every game with its options and the computer levels that play it."""
    from engines.base import describe_levels

    games = []
    for name in GAME_NAMES:
        cls = game_class(name)
        options = []
        for spec in cls.option_specs:
            options.append({"name": spec.name, "kind": spec.kind.__name__, "default": spec.default,
                            "choices": list(spec.choices) if spec.choices else None,
                            "low": spec.low, "high": spec.high, "help": spec.help,
                            "derived": spec.derive is not None})
        games.append({"name": name, "title": cls.title, "options": options,
                      "levels": [{"level": lvl, "description": d}
                                 for lvl, d in describe_levels(name)]})
    return {"games": games}


def players_for(payload: dict[str, Any]) -> dict[str, Any]:
    """How many seats a game has with the given options (validating them)."""
    state = game_class(str(payload.get("game", "")))(payload.get("options") or {}, seed=0)
    return {"players": state.players, "options": state.options}


def start(payload: dict[str, Any]) -> dict[str, Any]:
    """Start a game: ``{"game", "options", "seats": ["human", "strong", ...], "seed"}``."""
    from whist_app.table import Table

    global _table
    seed = payload.get("seed")
    if seed is None:
        seed = int(time.time() * 1000) % 2**31
    if not isinstance(seed, int):
        raise OptionError(f"the seed must be a whole number, not {seed!r}")
    seats = payload.get("seats")
    game = str(payload.get("game", ""))
    options = payload.get("options") or {}
    if not seats:
        from whist_app.table import default_seats
        seats = default_seats(game, options)
    _table = Table.new(game, options, seats, seed=seed, budget=payload.get("budget"))
    return view({})


def resume(payload: dict[str, Any]) -> dict[str, Any]:
    """Continue a saved game: ``{"sealed": text from save}`` or ``{"record": {...} or JSON text}``."""
    from whist_app.table import Table

    global _table
    record = payload.get("record")
    if payload.get("sealed") is not None:
        record = unseal(payload["sealed"])
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as error:
            raise OptionError(f"the saved game is not valid JSON ({error.msg})") from None
    if not isinstance(record, dict):
        raise OptionError("the saved game is not a game record")
    given = payload.get("seed")
    seed = given if isinstance(given, int) else 0
    _table = Table.resume(record, payload.get("seats"), seed=seed, budget=payload.get("budget"))
    return view({})


def view(payload: dict[str, Any]) -> dict[str, Any]:
    """What the person's seat sees now, with the seating and whose turn it is."""
    table = _current()
    state = table.state
    humans = table.human_seats
    seat = humans[0] if humans else 0
    if state.to_move in humans:
        seat = state.to_move
    return {
        "observation": state.observe(seat),
        "seat": seat,
        "seats": [{"seat": i, "level": lvl, "human": lvl == "human"}
                  for i, lvl in enumerate(table.seats)],
        "computer_to_move": table.computer_to_move(),
        "human_to_move": table.human_to_move(),
        "pending": state.pending_text(),
        "over": state.over,
        "can_undo": state.can_undo and bool(humans),
    }


def _trick_before(table: Any) -> tuple[list[tuple[int, Any]], Any, int]:
    """The trick in progress, the trump and the completed-trick count, before an action."""
    state = table.state
    return (list(getattr(state, "trick", [])), getattr(state, "trump", None),
            len(getattr(state, "tricks", [])))


def _completed(table: Any, before: tuple[list[tuple[int, Any]], Any, int], seat: int,
               action: Any) -> dict[str, Any] | None:
    """The trick ``action`` completed (plays and taker), so the page can show who took it.

    The observation alone cannot say: at the end of a hand the next deal has
    already cleared the tricks.
    """
    from whist.actions import Play
    from whist.protocol import trick_winner

    plays, trump, count = before
    state = table.state
    if not isinstance(action, Play) or len(plays) + 1 != state.players:
        return None
    tricks = getattr(state, "tricks", [])
    if len(tricks) == count + 1:  # same hand: the game's own record of the trick
        leader, done, winner = tricks[-1]
        return {"leader": leader, "plays": [[s, str(c)] for s, c in done], "winner": winner}
    done = [*plays, (seat, action.card)]
    winner = done[trick_winner(done, trump)][0]
    return {"leader": done[0][0], "plays": [[s, str(c)] for s, c in done], "winner": winner}


def act(payload: dict[str, Any]) -> dict[str, Any]:
    """The person's action as text (``"Q♥"``, ``"3"``, ``"7♥"``, ``"skip"``, ...).

    The reply is :func:`view` plus ``played`` ({seat, action}) and ``completed``
    (the trick this action finished, with its taker, or None).
    """
    table = _current()
    seat = table.state.to_move
    before = _trick_before(table)
    action = table.play_human(str(payload.get("action", "")))
    result = view({})
    result["played"] = {"seat": seat, "action": str(action)}
    result["completed"] = _completed(table, before, seat, action)
    return result


def step(payload: dict[str, Any]) -> dict[str, Any]:
    """Let the computer seat to move decide; returns the view, ``played`` and ``completed``."""
    table = _current()
    before = _trick_before(table)
    seat, action = table.play_computer()
    result = view({})
    result["played"] = {"seat": seat, "action": str(action)}
    result["completed"] = _completed(table, before, seat, action)
    return result


def hint(payload: dict[str, Any]) -> dict[str, Any]:
    """What ``strong`` would do in the person's place, with its estimate of each choice."""
    table = _current()
    budget = payload.get("budget", 0.5)
    return {"hint": [{"action": a, "value": v} for a, v in table.hint(budget=float(budget))]}


def undo(payload: dict[str, Any]) -> dict[str, Any]:
    """Take back moves up to the person's previous decision."""
    _current().undo_to_human()
    return view({})


def save(payload: dict[str, Any]) -> dict[str, Any]:
    """The game in progress, sealed for localStorage: the page keeps it but never reads it.

    The record holds every deal, so handing it to the page in clear would show
    the other hands to anyone who looks; the sealed text goes back to
    :func:`resume` unopened.
    """
    table = _current()
    return {"sealed": seal(table.record()), "over": table.state.over}


def export(payload: dict[str, Any]) -> dict[str, Any]:
    """The game record in clear (with seats), for the person's explicit download."""
    return {"record": _current().record()}


SEAL_PREFIX = "whist-sealed-1:"


def seal(record: dict[str, Any]) -> str:
    """A record as opaque text (compressed, base64) for storage in the page."""
    raw = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return SEAL_PREFIX + base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def unseal(text: str) -> dict[str, Any]:
    """The record inside :func:`seal`'s text; OptionError if it is damaged."""
    if not isinstance(text, str) or not text.startswith(SEAL_PREFIX):
        raise OptionError("the saved game is not one this page wrote")
    try:
        record = json.loads(zlib.decompress(base64.b64decode(text[len(SEAL_PREFIX):],
                                                             validate=True)))
    except (ValueError, zlib.error) as error:
        raise OptionError(f"the saved game is damaged ({error})") from None
    if not isinstance(record, dict):
        raise OptionError("the saved game is not a game record")
    return record


def check_record(payload: dict[str, Any]) -> dict[str, Any]:
    """Replay a record and report its scores (for opening a downloaded record)."""
    from whist.records import replay

    state = replay(payload.get("record") or {})
    return {"game": state.name, "title": state.title, "over": state.over,
            "hand_scores": state.hand_scores, "totals": state.totals}

"""The browser's only entry point: a registry of JSON functions the page may call.

The page reaches Python through :func:`dispatch` (the worker's ``call``): a
function name from :data:`API` and a JSON text.  The text is checked before it
is parsed (size and nesting depth: a deeply nested text would otherwise
overflow the interpreter's stack, which in the browser kills Python for good),
and every failure, of any kind, comes back as ``{"error": message, "kind":
class}`` while the worker keeps answering.  Only the functions registered with
:func:`api` answer; test hooks are registered by ``whist_app.testhooks``,
which exists only in the test bundle (its worker imports it: static/py/worker.py).

Each function takes one dict and returns one dict.  The page sees a person's
seat through a :class:`~whist_app.views.TableView` (under ``"view"``), never
the other hands; the record (which holds the deals) leaves the worker sealed
(``"sealed"`` in every reply that changes the game, and :func:`save`) and in
clear only through :func:`export`, when the person asks to download it.  The
game is reached only through its :class:`~whist_app.table.Table`.
"""

from __future__ import annotations

import base64
import json
import math
import os
import zlib
from collections.abc import Callable
from typing import Any

from engines.levels import PLAYER_LEVELS, describe_levels, level_label
from whist.games import GAME_NAMES, game_class
from whist.inputs import nests_deeper, shown
from whist.protocol import IllegalAction, OptionError
from whist.records import replay
from whist_app.presenters.base import HUMAN, Seating
from whist_app.presenters.hints import hint_items
from whist_app.rules_text import COMMON, RULES
from whist_app.table import Table, default_seats

#: The player levels' names (the others in the catalog are engines by name).
PRESETS = frozenset(level.name for level in PLAYER_LEVELS)
#: What a player reads about each player level (the engine behind it is not named).
PRESET_SUMMARIES = {level.name: level.summary for level in PLAYER_LEVELS}
#: Options that switch to an original program's behaviour: shown only under "Advanced".
ADVANCED_OPTIONS = frozenset({"compat", "enforce_rules"})

Payload = dict[str, Any]
Reply = dict[str, Any]

#: The functions the page may call, by name.
API: dict[str, Callable[[Payload], Reply]] = {}
#: Largest payload text the worker reads (a long game's record is well under 1 MB).
MAX_PAYLOAD_CHARS = 4_000_000
#: Deepest JSON nesting the worker reads (a record nests five deep).
MAX_DEPTH = 64
#: Longest error message sent back (messages quote values, shortened).
MAX_MESSAGE = 300

_table: Table | None = None


def api(function: Callable[[Payload], Reply]) -> Callable[[Payload], Reply]:
    """Register ``function`` as callable from the page under its own name."""
    API[function.__name__] = function
    return function


# ---------------------------------------------------------------- the door
class PayloadError(ValueError):
    """A payload the worker will not read: too large, too deep, not JSON or not an object."""


def check_depth(text: str, limit: int = MAX_DEPTH) -> None:
    """Raise PayloadError if ``text``'s lists and objects nest deeper than ``limit``."""
    if nests_deeper(text, limit):
        raise PayloadError(f"the data nests deeper than {limit} levels")


def read_payload(text: str) -> Payload:
    """The payload object in ``text``, checked for size and depth before it is parsed."""
    if not isinstance(text, str):
        raise PayloadError("the payload must be JSON text")
    if len(text) > MAX_PAYLOAD_CHARS:
        raise PayloadError(f"the payload is too large ({len(text):,} characters; "
                           f"at most {MAX_PAYLOAD_CHARS:,})")
    if not text.strip():
        return {}
    check_depth(text)
    try:
        payload = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise PayloadError(f"the payload is not valid JSON ({error})") from None
    if not isinstance(payload, dict):
        raise PayloadError("the payload must be a JSON object")
    return payload


def _error(message: str, kind: str) -> str:
    if len(message) > MAX_MESSAGE:
        message = message[:MAX_MESSAGE - 1] + "…"
    return json.dumps({"error": message, "kind": kind}, ensure_ascii=False)


def dispatch(name: str, text: str) -> str:
    """Run the registered function ``name`` on the payload in ``text``; its reply as JSON text.

    Never raises: an unknown name, a bad payload or any failure inside comes back
    as ``{"error": ..., "kind": ...}``.
    """
    try:
        function = API.get(name) if isinstance(name, str) else None
        if function is None:
            return _error(f"no such function: {str(name)[:40]!r}", "LookupError")
        return json.dumps(function(read_payload(text)), ensure_ascii=False)
    except RecursionError:
        return _error("the data nests too deeply", "PayloadError")
    except Exception as error:  # noqa: BLE001 - every failure becomes data for the page
        return _error(str(error) or repr(error), type(error).__name__)


# ---------------------------------------------------------------- helpers
def _current() -> Table:
    if _table is None:
        raise IllegalAction("no game is in progress: start one first", "no-game")
    return _table


def _seed(payload: Payload) -> int:
    """The payload's seed, or a fresh unpredictable one (deals must not be guessable)."""
    seed = payload.get("seed")
    if seed is None:
        return int.from_bytes(os.urandom(6), "big")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise OptionError(f"the seed must be a whole number from 0 to 2**63 - 1, not "
                          f"{str(seed)[:20]!r}")
    return seed


def _budget(payload: Payload, default: float | None = None) -> float | None:
    budget = payload.get("budget", default)
    if budget is None:
        return None
    if isinstance(budget, bool) or not isinstance(budget, int | float) \
            or not math.isfinite(budget) or not 0 < budget <= 60:
        raise OptionError(f"the budget must be a number of seconds above 0 and at most 60, "
                          f"not {str(budget)[:20]!r}")
    return float(budget)


def _seats(payload: Payload) -> list[str] | None:
    seats = payload.get("seats")
    if seats is None:
        return None
    if not isinstance(seats, list) or not all(isinstance(s, str) and len(s) < 100 for s in seats):
        raise OptionError("seats must be a list of level names")
    return seats


def page_seats(game: str, seats: object) -> list[str]:
    """``seats`` checked against what the page offers for ``game``: ``"human"`` or a level.

    The page never loads an engine by module path (``pkg.mod:Class``): a saved game or
    record naming one, or naming anything that is not a level, is refused.
    """
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise OptionError("seats must be a list of level names")
    allowed = {level for level, _ in describe_levels(game)} | {"human"}
    for seat in seats:
        if seat.strip() not in allowed:
            raise OptionError(f"{shown(seat)} is not a level this page offers for {game}")
    return list(seats)


def _game_name(payload: Payload) -> str:
    game = payload.get("game", "")
    if not isinstance(game, str):
        raise OptionError("the game must be named by a string")
    return game


# ---------------------------------------------------------------- the API
@api
def catalog(payload: Payload) -> Reply:
    """Every game with its options, rules and the computer levels that play it."""
    games = []
    for name in GAME_NAMES:
        cls = game_class(name)
        options = [{"name": spec.name, "label": spec.name.replace("_", " ").capitalize(),
                    "kind": spec.kind.__name__, "default": spec.default,
                    "choices": list(spec.choices) if spec.choices else None,
                    "low": spec.low, "high": spec.high, "help": spec.help,
                    "derived": spec.derive is not None,
                    "advanced": spec.name in ADVANCED_OPTIONS}
                   for spec in cls.option_specs]
        # The four player levels in a player's words; the engines by name, for the
        # set-up screen's "Advanced" disclosure.
        levels = [{"level": level, "label": level_label(level),
                   "description": PRESET_SUMMARIES[level] if level in PRESETS else text,
                   "advanced": level not in PRESETS}
                  for level, text in describe_levels(name)]
        games.append({"name": name, "title": cls.title, "options": options, "levels": levels,
                      # A first game's opponents: the Beginner (the weakest player level).
                      "default_level": PLAYER_LEVELS[0].name,
                      "rules": {"summary": RULES[name]["summary"],
                                "points": RULES[name]["points"], "common": COMMON}})
    return {"games": games}


@api
def players_for(payload: Payload) -> Reply:
    """How many seats a game has with the given options (validating them), and their
    names as the table will show them (the person in seat 0)."""
    state = game_class(_game_name(payload))(payload.get("options") or {}, seed=0)
    seating = Seating([HUMAN] + [""] * (state.players - 1), 0)
    return {"players": state.players, "options": state.options,
            "names": [seating.name(seat) for seat in range(state.players)]}


@api
def start(payload: Payload) -> Reply:
    """Start a game: ``{"game", "options", "seats": ["human", "strong", ...], "seed"}``."""
    global _table
    game = _game_name(payload)
    game_class(game)
    options = payload.get("options") or {}
    seats = page_seats(game, _seats(payload) or default_seats(game, options))
    _table = Table.new(game, options, seats, seed=_seed(payload), budget=_budget(payload))
    return _reply(_table)


@api
def resume(payload: Payload) -> Reply:
    """Continue a saved game: ``{"sealed": text from save}`` or ``{"record": {...} or JSON text}``.

    A sealed save goes on exactly where it stopped: the same deals to come and the
    computers' answers already given (a reload re-rolls nothing).  A record opened
    from a file draws its deals still to come from a fresh unpredictable seed (or the
    payload's ``seed``), never from one a previous session could have known.  Every
    seat must be ``"human"`` or a level the page offers.
    """
    global _table
    record = payload.get("record")
    secret = None
    if payload.get("sealed") is not None:
        record, secret = unseal_save(payload["sealed"])
    if isinstance(record, str):
        record = read_payload(record)
    if not isinstance(record, dict):
        raise OptionError("the saved game is not a game record")
    game = record.get("game")
    if not isinstance(game, str):
        raise OptionError("the saved game names no game")
    game_class(game)
    seats = _seats(payload)
    page_seats(game, seats if seats is not None else record.get("seats") or [])
    # A sealed save goes on from its own secret; a daily record opened from a file, from
    # the day's seed.
    daily = None if secret is not None else _resume_daily(record)
    _table = daily or Table.resume(record, seats, seed=_seed(payload), budget=_budget(payload),
                                   secret=secret)
    date = record.get("daily")
    if isinstance(date, str) and len(date) == 10:
        _table.daily = date
    # The log opens with the hand so far: a reload does not forget what was said.
    return _reply(_table, reopened=True)


def _resume_daily(record: dict[str, Any]) -> Table | None:
    """A saved daily game dealt on from its own seed, so its later deals stay the day's.

    None when the record is no daily game (or does not come out the same from the
    day's seed): it is then resumed as any other game.
    """
    from whist_app.daily import daily_seed
    date, seats = record.get("daily"), record.get("seats")
    if date is None or not isinstance(seats, list):
        return None
    try:
        game = str(record["game"])
        table = Table.new(game, record.get("options") or {}, seats,
                          seed=daily_seed(date, game, record.get("options") or {}))
        for hand in record["hands"]:
            table.follow(hand["actions"])
    except (OptionError, IllegalAction, KeyError, TypeError, ValueError):
        return None
    if table.record()["hands"] != record["hands"]:
        return None
    table.daily = date
    return table


@api
def view(payload: Payload) -> Reply:
    """What the person's seat sees now: ``{"view": TableView, "events", "completed"}``
    (the last action's events in words and the trick it completed)."""
    return dict(_current().update())


def _reply(table: Table, played: dict[str, Any] | None = None, *, reopened: bool = False) -> Reply:
    """What a call that changes the game answers: :func:`view`'s ``view``, ``events`` and
    ``completed`` (from one observation), ``played`` ({seat, action} or None) and the game
    sealed as :func:`save` gives it (``sealed``), so the page keeps every change at once,
    before any animation: a reload lands exactly here.  ``reopened`` (a resume, an undo)
    adds the hand's ``story`` so far (:meth:`Table.reopen`)."""
    update = table.reopen() if reopened else table.update()
    return {**update, "played": played, "sealed": seal_save(table)}


@api
def act(payload: Payload) -> Reply:
    """The person's action as text (``"Q♥"``, ``"3"``, ``"7♥"``, ``"skip"``, ...).

    The reply (:func:`_reply`): ``view``, ``events`` (what happened, in words),
    ``completed`` (the trick this action finished, with its taker, or None),
    ``played`` ({seat, action}) and ``sealed``.
    """
    table = _current()
    seat = table.to_move
    action = payload.get("action", "")
    if not isinstance(action, str):
        raise IllegalAction("an action is text such as \"Q♥\", \"3\" or \"skip\"", "unreadable")
    played = table.play_human(action)
    return _reply(table, {"seat": seat if seat is not None else -1, "action": str(played)})


@api
def claim(payload: Payload) -> Reply:
    """The person to play claims the rest of the hand (only when the rules can prove it).

    The same reply as :func:`act`, ``played`` being ``{seat, action: "claim"}``;
    refused in words (IllegalAction) when the claim cannot be proved.
    """
    table = _current()
    seat = table.claim_human()
    return _reply(table, {"seat": seat, "action": "claim"})


@api
def step(payload: Payload) -> Reply:
    """Let the computer seat to move decide; the same reply as :func:`act`."""
    table = _current()
    seat, action = table.play_computer()
    return _reply(table, {"seat": seat, "action": str(action)})


@api
def hint(payload: Payload) -> Reply:
    """What ``strong`` would do in the person's place, with its estimate of each choice."""
    table = _current()
    budget = _budget(payload, 0.5)
    estimates = table.hint(budget=0.5 if budget is None else budget)
    items = hint_items(table.decision, estimates)
    return {"hint": [{"action": a, "value": v} for a, v in estimates],
            "best": items[0]["action"] if items else None, "items": items}


@api
def undo(payload: Payload) -> Reply:
    """Take back moves up to the person's previous decision: the same reply as :func:`start`,
    with the hand's ``story`` so far (the log without the lines taken back)."""
    table = _current()
    table.undo_to_human()
    return _reply(table, reopened=True)


@api
def save(payload: Payload) -> Reply:
    """The game in progress, sealed for localStorage: the page keeps it but never reads it.

    The record holds every deal, so handing it to the page in clear would show
    the other hands to anyone who looks by accident; the sealed text goes back
    to :func:`resume` unopened.
    """
    table = _current()
    return {"sealed": seal_save(table), "over": table.over}


@api
def export(payload: Payload) -> Reply:
    """The record for the person's explicit download: in full once the game is over;
    during it, only what the person has seen (no hidden card)."""
    table = _current()
    return {"record": table.export(), "complete": table.over}


@api
def check_record(payload: Payload) -> Reply:
    """Replay a record (an object or its JSON text) and report its scores (for opening a
    downloaded record); text from the page is never read as a file's path."""
    record = payload.get("record") or {}
    if isinstance(record, str):
        record = read_payload(record)
    if not isinstance(record, dict):
        raise OptionError("the record must be a game record (an object or its JSON text)")
    state = replay(record)
    return {"game": state.name, "title": state.title, "over": state.over,
            "hand_scores": state.hand_scores, "totals": state.totals}


# ---------------------------------------------------------------- sealing
#: A sealed record alone (saves written before the game's secret travelled with it).
SEAL_PREFIX = "whist-sealed-1:"
#: A sealed save: ``{"record": ..., "secret": Table.secret()}``.
SAVE_PREFIX = "whist-sealed-2:"


def _pack(prefix: str, data: dict[str, Any]) -> str:
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return prefix + base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def seal(record: dict[str, Any]) -> str:
    """A record as opaque text (compressed, base64) for storage in the page."""
    return _pack(SEAL_PREFIX, record)


def seal_save(table: Table) -> str:
    """The game in progress as opaque text: its record and its secret (:meth:`Table.secret`)."""
    return _pack(SAVE_PREFIX, {"record": table.record(), "secret": table.secret()})


def unseal_save(text: str) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The record and secret inside :func:`seal_save`'s text (or :func:`seal`'s: no secret).

    OptionError if the text is not one this page wrote, or is damaged.
    """
    if not isinstance(text, str) or not text.startswith((SEAL_PREFIX, SAVE_PREFIX)):
        raise OptionError("the saved game is not one this page wrote")
    if len(text) > MAX_PAYLOAD_CHARS:
        raise OptionError("the saved game is too large")
    try:
        raw = zlib.decompressobj().decompress(
            base64.b64decode(text[text.index(":") + 1:], validate=True), MAX_PAYLOAD_CHARS)
        data = read_payload(raw.decode("utf-8"))
    except (ValueError, zlib.error) as error:
        raise OptionError(f"the saved game is damaged ({str(error)[:80]})") from None
    if text.startswith(SEAL_PREFIX):
        return data, None
    record, secret = data.get("record"), data.get("secret")
    if not isinstance(record, dict) or not isinstance(secret, dict):
        raise OptionError("the saved game is damaged (no record or no secret)")
    return record, secret


def unseal(text: str) -> dict[str, Any]:
    """The record inside :func:`seal`'s or :func:`seal_save`'s text; OptionError if damaged."""
    return unseal_save(text)[0]


# ------------------------------------------------- review and replay (issue 10)
# The page's review screen and record player.  Each reply covers one hand, and a
# review's work is bounded by ``iterations`` (sampled worlds per decision, at most
# MAX_REVIEW_WORLDS); the page may ask for a hand's layout alone (``iterations: 0``)
# and value its decisions one call each (review_decision), so it can stop between them.
# See docs/review.md for the numbers and grades.

#: Most sampled worlds per decision a page call may ask for.
MAX_REVIEW_WORLDS = 1000
#: Most replay steps (table views, a few kilobytes each) in one reply.
MAX_STEPS = 120
#: Most worlds times decisions one review_hand call values (so that one call does not keep
#: the page waiting long, docs/performance.md); beyond it the page values decision by decision.
MAX_HAND_WORK = 20_000


def _whole(payload: Payload, key: str, default: int | None, low: int, high: int) -> int:
    """The payload's whole number ``key`` within low..high (``default`` when absent)."""
    value = payload.get(key, default)
    if value is None:
        raise OptionError(f"{key} is required")
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise OptionError(f"{key} must be a whole number from {low} to {high}, "
                          f"not {str(value)[:20]!r}")
    return value


def _review_source(payload: Payload) -> tuple[dict[str, Any], int, int, bool]:
    """The record to look at, its players, the default seat, and whether it is the game in play.

    ``record`` (an object or JSON text) or ``sealed`` (from :func:`save`) in the
    payload, else the current game (its person's seat by default).  The payload's
    ``seat``, if any, must be one of the game's.
    """
    from whist_app.review import checked_record, default_seat
    record: Any = payload.get("record")
    if payload.get("sealed") is not None:
        record = unseal(payload["sealed"])
    if record is None:
        table = _current()
        checked, players, seat, current = table.record(), table.players, table.view_seat(), True
        over = table.over
    else:
        if isinstance(record, str):
            record = read_payload(record)
        if not isinstance(record, dict):
            raise OptionError("the record must be a game record (an object or its JSON text)")
        checked, final = checked_record(record)
        players, seat, current = final.players, default_seat(checked, final.players), False
        over = final.over
    chosen = _whole(payload, "seat", seat, 0, players - 1)
    # Until the game is over, another seat's view would show its hidden cards (a discard).
    people = [i for i, level in enumerate(checked.get("seats") or []) if level == "human"]
    if not over and people and chosen not in people:
        raise OptionError("until the game is over, only your own seat can be reviewed")
    return checked, players, chosen, current


@api
def review_hand(payload: Payload) -> Reply:
    """A finished hand for the review screen, and the person's decisions valued.

    Payload: ``hand_number`` (from 0, as TableView's), optional ``record`` / ``sealed``
    (default: the game in progress), ``seat`` (default: the person's, or the record's
    first human seat), ``iterations`` (worlds per decision, default 200, 0 for the
    layout only, at most MAX_REVIEW_WORLDS), ``seed`` (default 0).  Refused while the
    hand is not over: its deal is still secret.  Reply: see docs/review.md.
    """
    from engines.valuation import DEFAULT_WORLDS, MIN_WORLDS
    from whist_app.review import hand_decisions, hand_review
    record, _, seat, _ = _review_source(payload)
    hand = _whole(payload, "hand_number", None, 0, 10_000)
    worlds = _whole(payload, "iterations", DEFAULT_WORLDS, 0, MAX_REVIEW_WORLDS)
    if 0 < worlds < MIN_WORLDS:
        raise OptionError(f"iterations must be 0 (no valuations) or at least {MIN_WORLDS}")
    seed = _whole(payload, "seed", 0, 0, 2**63 - 1)
    if worlds and worlds * hand_decisions(record, hand, seat) > MAX_HAND_WORK:
        raise OptionError(f"that is too much for one call: ask with iterations 0 and value "
                          f"the decisions one by one (review_decision), or ask fewer than "
                          f"{worlds} iterations")
    return {**hand_review(record, hand, seat, worlds or None, seed=seed)}


@api
def review_decision(payload: Payload) -> Reply:
    """One decision of a finished hand valued (the page loops over a hand's decisions).

    Payload: as :func:`review_hand` plus ``index``, the decision's place in the
    hand's actions (a ``decisions[].index`` of review_hand's reply).  Reply: the
    decision as in review_hand's ``decisions``.
    """
    from engines.valuation import DEFAULT_WORLDS, MIN_WORLDS
    from whist_app.review import Settings, hand_is_finished, moment_json, moments, value_moment
    record, _, seat, _ = _review_source(payload)
    hand = _whole(payload, "hand_number", None, 0, 10_000)
    index = _whole(payload, "index", None, 0, 100_000)
    worlds = _whole(payload, "iterations", DEFAULT_WORLDS, MIN_WORLDS, MAX_REVIEW_WORLDS)
    if not hand_is_finished(record, hand):
        raise OptionError(f"hand {hand + 1} is not finished: it can be reviewed once it is over")
    for moment in moments(record, seat, hand):
        if moment.index == index:
            settings = Settings(worlds=worlds, seed=_whole(payload, "seed", 0, 0, 2**63 - 1))
            return moment_json(str(record["game"]), moment, value_moment(moment, settings))
    raise OptionError(f"action {index} of hand {hand + 1} is not a decision of seat {seat}")


@api
def replay_steps(payload: Payload) -> Reply:
    """One hand of a record step by step, as one seat saw it, for stepping back and forth.

    Payload: ``hand_number`` (from 0), optional ``record`` / ``sealed`` (default: the
    game in progress, whose unfinished hand only a person's seat may step through),
    ``seat``, ``first`` and ``count`` (steps wanted, at most MAX_STEPS; default from 0).
    Reply: :class:`~whist_app.review_view.ReplayView` (docs/review.md); step 0 is the
    hand as dealt.
    """
    from whist_app.replay import hand_steps
    from whist_app.review import hand_is_finished
    record, _, seat, _ = _review_source(payload)
    hand = _whole(payload, "hand_number", None, 0, 10_000)
    # Whatever the source (the game in play, its sealed save, a record), a hand still
    # in play is followed only from a person's own seat: the others' hands are secret.
    people = [i for i, level in enumerate(record.get("seats") or []) if level == "human"]
    if seat not in people and hand < len(record["hands"]) and not hand_is_finished(record, hand):
        raise OptionError("only your own seat can be followed through a hand still in play")
    first = _whole(payload, "first", 0, 0, 100_000)
    return {**hand_steps(record, hand, seat, first,
                         _whole(payload, "count", MAX_STEPS, 1, MAX_STEPS))}


#: Rollouts per decision of "Expert in your seat" (a hand in the browser in seconds).
EXPERT_ITERATIONS = 50
MAX_EXPERT_ITERATIONS = 400


@api
def expert_hand(payload: Payload) -> Reply:
    """Strong in the person's seat on the same cards, for a finished hand of the game in play.

    ``{"hand": index (default: the last finished hand), "iterations": rollouts}``.
    Reply: ``{"hand", "seat", "you", "expert", "iterations"}`` (each seat's points for
    that hand: the person's recorded, strong's played again; whist_app/duplicate.py).
    A hand still in play is refused, so nothing of it is revealed.
    """
    from whist_app.duplicate import DuplicateSettings
    from whist_app.duplicate import expert_hand as play_again
    table = _current()
    hand = _whole(payload, "hand", max(table.last_finished_hand, 0), 0, max(table.hand_number, 0))
    iterations = _whole(payload, "iterations", EXPERT_ITERATIONS, 1, MAX_EXPERT_ITERATIONS)
    seat = table.view_seat()
    result = play_again(table.record(), hand, seat,
                        DuplicateSettings(iterations=iterations, seed=table.seed))
    return {"hand": hand, "seat": seat, "you": result.recorded, "expert": result.strong,
            "iterations": iterations}


@api
def expert_game(payload: Payload) -> Reply:
    """Strong in the person's seat on every hand of the finished game in play (item 2).

    ``{"iterations": rollouts}``.  Reply: ``{"seat", "you", "expert", "hands",
    "iterations"}``; refused (OptionError) until the game is over.
    """
    from whist_app.duplicate import DuplicateSettings, duplicate
    table = _current()
    if not table.over:
        raise OptionError("Expert plays the whole game again once it is over")
    iterations = _whole(payload, "iterations", EXPERT_ITERATIONS, 1, MAX_EXPERT_ITERATIONS)
    seat = table.view_seat()
    result = duplicate(table.record(), seat,
                       DuplicateSettings(iterations=iterations, seed=table.seed))
    return {"seat": seat, "you": result.recorded, "expert": result.strong,
            "hands": len(result.hands), "iterations": iterations}


@api
def game_stats(payload: Payload) -> Reply:
    """A game's line for the statistics the page keeps: won, score, opponents, bids made.

    Payload: optional ``record`` / ``sealed`` (default: the game in progress) and
    ``seat``.  Reply: ``{"game", "title", "seat", "over", "opponents": [levels],
    "won", "score", "totals", "hands", "target": {"label", "made", "of"} | None}``.
    """
    from whist_app.review import game_stats as stats_of
    record, _, seat, _ = _review_source(payload)
    reply = stats_of(record, seat)
    date = record.get("daily")
    reply["daily"] = date if isinstance(date, str) else None
    return reply

@api
def replay_deal(payload: Payload) -> Reply:
    """The finished game's deals dealt again, same seats and levels ("Replay this deal").

    The new game takes the old one's deals in order (its record's chance); a
    longer game deals on from a fresh seed.  Only once the game is over: the
    deals of a game in play are not to be seen again before it ends.
    """
    global _table
    _table = _current().deal_again(_seed(payload))
    return _reply(_table)


# ------------------------------------------------------------- daily deal
@api
def daily(payload: Payload) -> Reply:
    """Start the daily deal: ``{"game", "options", "date": "YYYY-MM-DD"}`` (the UTC date).

    The same deals on every device for the same date, game and options; the
    computer seats play at the daily level (whist_app/daily.py).
    """
    from whist_app.daily import daily_date, daily_seats, daily_seed
    global _table
    game = _game_name(payload)
    options = payload.get("options") or {}
    date = daily_date(payload.get("date"))
    players = game_class(game)(options, seed=0).players
    _table = Table.new(game, options, daily_seats(players),
                       seed=daily_seed(date, game, options))
    _table.daily = date
    return _reply(_table)


@api
def daily_result(payload: Payload) -> Reply:
    """The finished daily game's result to share: ``{"text", "date", "game"}``, no card in it.

    ``{"expert": points}``: strong's points on the same cards, when the page has them.
    """
    from whist_app.daily import result_text
    table = _current()
    if table.daily is None:
        raise OptionError("this game is not a daily deal")
    if not table.over:
        raise OptionError("the daily deal is not finished yet")
    expert = payload.get("expert")
    if expert is not None and (isinstance(expert, bool) or not isinstance(expert, int)
                               or abs(expert) > 10**9):
        raise OptionError("expert must be a whole number of points")
    return {"text": result_text(table.record(), table.view_seat(), expert),
            "date": table.daily, "game": table.game}

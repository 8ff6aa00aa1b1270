"""The referee: an engine's decision under a time limit, and its answer checked exactly.

:func:`choose_action` asks an engine for its move (in a worker thread, bounded by
a time limit) and accepts only one of the game's own legal actions, compared by
exact type and value; :func:`check_budget` checks a time budget before any engine
starts.
"""

from __future__ import annotations

import math
import os
import queue
import sys
import threading
import time
from collections.abc import Sequence
from typing import Final

from engines.interface import Engine, EngineError
from whist.actions import Action, Bid, Contract, Discard, NameTrump, PassCards, Play, Skip
from whist.cards import Card, Suit
from whist.observations import Observation
from whist.protocol import GameState


def check_budget(budget: object) -> float | None:
    """``budget`` as seconds per decision (None: none); EngineError unless finite and >= 0.

    A NaN or infinite budget would make a search's deadline never come (it looped
    forever), and a bool or a string is a caller's mistake, not a number of seconds.
    """
    if budget is None:
        return None
    if isinstance(budget, bool) or not isinstance(budget, int | float):
        raise EngineError(f"a time budget must be a number of seconds, not {_short(budget)}")
    try:
        seconds = float(budget)
    except OverflowError:  # an int too large for a float
        seconds = math.inf
    if not math.isfinite(seconds) or seconds < 0:
        raise EngineError(f"a time budget must be a finite number of seconds, at least 0, "
                          f"not {_short(budget)}")
    return seconds


#: Seconds per decision for an engine without a time budget (rule engines answer in
#: milliseconds; an iteration-budget search in well under a second): generous on purpose.
DEFAULT_TIME_LIMIT: Final = 10.0
#: An engine with a budget may take this many times it: a search checks its clock only
#: between rollouts, and a machine shared with other work stalls now and then.
TIME_LIMIT_FACTOR: Final = 5.0
#: And never less than this many seconds, so a tiny budget is not cut off by a stall.
MIN_TIME_LIMIT: Final = 2.0
#: Browsers (Pyodide) have no threads: there the engine is called directly and its time
#: is checked after it answers.
THREADS: Final = sys.platform != "emscripten"


def decision_time_limit(engine: Engine, factor: float = TIME_LIMIT_FACTOR,
                        default: float = DEFAULT_TIME_LIMIT) -> float:
    """Seconds ``engine`` may take per decision: ``factor`` times its budget, else ``default``."""
    budget = getattr(engine, "budget", None)
    if isinstance(budget, int | float) and not isinstance(budget, bool) \
            and math.isfinite(budget) and budget > 0:
        return max(factor * budget, MIN_TIME_LIMIT)
    return default


def choose_action(state: GameState, engine: Engine, seat: int | None = None,
                  time_limit: float | None = None) -> Action:
    """Ask ``engine`` for the move of the seat to move; EngineError (state untouched) if it fails.

    It fails if it raises, takes longer than ``time_limit`` seconds (default:
    :func:`decision_time_limit`; ``math.inf``: no limit), changes the observation
    or the list of legal actions it was handed, or answers with anything but one of
    the game's legal actions, compared by exact type and value.  The engine gets a
    copy of the list, and its answer is checked against the game's own, so nothing
    an engine does to what it is handed makes an action legal; the action returned
    is the game's own, so nothing of the engine's object reaches the game.
    """
    seat = state.to_move if seat is None else seat
    if seat is None:
        raise EngineError("the game is over: no seat is to move")
    limit = decision_time_limit(engine) if time_limit is None else time_limit
    if not limit > 0:  # NaN included
        raise EngineError(f"a time limit must be more than 0 seconds, not {_short(limit)}")
    legal = state.legal_actions()
    handed = list(legal)  # the engine's own copy: the check below reads the game's
    observation = state.observe(seat)
    who = f"engine {_label(engine)!r} at seat {seat}"
    try:
        answer = _run_choose(engine, observation, handed, limit)
    except _Refused as refusal:
        raise EngineError(f"{who} {refusal}") from None
    except Exception as error:
        raise EngineError(f"{who} raised {type(error).__name__}: {_message(error)}") from error
    if len(handed) != len(legal) or any(a is not b for a, b in zip(handed, legal, strict=True)):
        raise EngineError(f"{who} changed the list of legal actions it was handed")
    if not _same_data(observation, state.observe(seat)):
        raise EngineError(f"{who} changed the observation it was handed")
    return _legal_match(state, legal, answer, who)


def _same_data(mine: object, fresh: object) -> bool:
    """True if ``mine`` is still exactly the JSON-like data ``fresh`` is, type for type.

    Compared by hand, not by ``==``: an engine may have put in an object whose own
    ``__eq__`` says True to anything (or raises).
    """
    if type(mine) is not type(fresh):
        return False
    if isinstance(fresh, dict):
        assert isinstance(mine, dict)
        return mine.keys() == fresh.keys() and all(_same_data(mine[k], v)
                                                   for k, v in fresh.items())
    if isinstance(fresh, list | tuple):
        assert isinstance(mine, list | tuple)
        return len(mine) == len(fresh) and all(_same_data(a, b)
                                               for a, b in zip(mine, fresh, strict=True))
    if isinstance(fresh, float) and fresh != fresh:  # NaN equals nothing, not even itself
        return mine != mine
    return mine == fresh  # str, int, float, bool, None: exact types, compared by value


def _label(engine: Engine) -> str:
    """The engine's name for messages; a plug-in's own ``name`` may be broken."""
    try:
        name = engine.name
    except Exception:
        name = None
    return name[:80] if isinstance(name, str) and name else type(engine).__qualname__


def _short(value: object, limit: int = 60) -> str:
    """A repr of an outside value, cut short, that cannot fail (a huge int's repr raises)."""
    try:
        if isinstance(value, int) and value.bit_length() > 200:
            return f"a {type(value).__name__} of about {int(value.bit_length() * 0.30103)} digits"
        text = repr(value)
    except Exception:
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit] + "…"


def _message(error: BaseException) -> str:
    try:
        text = str(error)
    except Exception:
        text = "(its message cannot be shown)"
    return text if len(text) <= 200 else text[:200] + "…"


# ------------------------------------------------------------- bounded calls
class _Refused(Exception):
    """An engine that overran its time limit (the message says how), not one that raised."""


class _Decision:
    """One call of ``engine.choose``, run by a worker thread."""

    __slots__ = ("engine", "observation", "legal", "done", "answer", "error")

    def __init__(self, engine: Engine, observation: Observation, legal: list[Action]) -> None:
        self.engine = engine
        self.observation = observation
        self.legal = legal
        # A plain lock, acquired now and released when the answer is in: the cheapest wait
        # with a timeout, and Ctrl-C interrupts it.
        self.done = threading.Lock()
        self.done.acquire()
        self.answer: object = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.answer = self.engine.choose(self.observation, self.legal)
        except BaseException as error:  # a plug-in's SystemExit is its failure, not ours
            self.error = error
        finally:
            # Released before the entry goes: a caller that marked this engine overrunning
            # just as it finished either sees the lock free or has its mark removed here.
            self.done.release()
            _OVERRUNNING.pop(id(self.engine), None)


class _Worker:
    """A daemon thread that runs decisions one after another: starting a thread per decision
    costs far more than handing one over through a queue (docs/performance.md, issue 22)."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.jobs: queue.SimpleQueue[_Decision | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._serve, name="engine-decisions", daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                return
            job.run()


_worker: _Worker | None = None
#: id(engine) -> its decision still running after the caller stopped waiting (the job holds
#: the engine, so the id cannot be reused while the entry is here).
_OVERRUNNING: dict[int, _Decision] = {}


def _current_worker() -> _Worker:
    global _worker
    # A forked child (the arena's pool) has the parent's objects but not its threads.
    if _worker is None or _worker.pid != os.getpid() or not _worker.thread.is_alive():
        if _worker is not None and _worker.pid != os.getpid():
            _OVERRUNNING.clear()
        _worker = _Worker()
    return _worker


def _run_choose(engine: Engine, observation: Observation, legal: list[Action],
                limit: float) -> object:
    """``engine.choose(observation, legal)``, or EngineError once ``limit`` seconds have passed."""
    if _OVERRUNNING.get(id(engine)) is not None:
        raise _Refused("is still busy with a decision that went over its time limit")
    if not THREADS or limit == math.inf:
        start = time.monotonic()
        answer = engine.choose(observation, legal)
        if time.monotonic() - start > limit:
            raise _Refused(f"took {time.monotonic() - start:.2f} s, over its time limit "
                           f"of {limit:g} s")
        return answer
    global _worker
    worker = _current_worker()
    job = _Decision(engine, observation, legal)
    worker.jobs.put(job)
    finished = False
    try:
        finished = job.done.acquire(timeout=min(limit, threading.TIMEOUT_MAX))
    finally:
        if not finished:
            # Overran, or Ctrl-C while waiting: the thread cannot be stopped, so it is left
            # to finish on its own (a daemon, it does not hold up exit), new decisions go to
            # a new worker, and this engine is refused until its old decision ends.
            _OVERRUNNING[id(engine)] = job
            worker.jobs.put(None)
            if _worker is worker:
                _worker = None
            if job.done.acquire(blocking=False):  # it finished just now after all
                finished = True
                _OVERRUNNING.pop(id(engine), None)
    if not finished:
        raise _Refused(f"did not answer within its time limit of {limit:g} s")
    if job.error is not None:
        if isinstance(job.error, Exception):
            raise job.error
        raise _Refused(f"raised {type(job.error).__name__}: {_message(job.error)}")
    return job.answer


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_OVERRUNNING.clear)


# ------------------------------------------------------------- exact answers
_NONE: Final = type(None)
_CARDS: Final = (tuple, Card)  # marks a field holding a tuple of Cards
#: Each action's fields and the exact types each may hold: ``bool`` is no number of
#: tricks, ``float`` neither, and a plain ``int`` is no Card.
_FIELD_TYPES: Final[dict[type, tuple[tuple[str, tuple[type, ...], str], ...]]] = {
    Play: (("card", (Card,), "a Card"), ("up", (int, _NONE), "an int or None")),
    Bid: (("tricks", (int,), "an int"),),
    Contract: (("tricks", (int,), "an int"), ("trump", (Suit, _NONE), "a Suit or None")),
    Skip: (),
    NameTrump: (("trump", (Suit, _NONE), "a Suit or None"),),
    Discard: (("cards", _CARDS, "a tuple of Cards"),),
    PassCards: (("cards", _CARDS, "a tuple of Cards"),),
}


class _Untrusted(Exception):
    """An engine's answer holding a field of another type than that action's."""


def _shape(action: object) -> tuple[object, ...]:
    """An action as its exact type and its fields' values, each checked for its exact type.

    Comparing these never calls an engine's own ``__eq__`` (which may raise or say
    True to anything), and ``Bid(0.0)`` or ``Bid(False)`` does not come out equal
    to ``Bid(0)`` as it does under the dataclass's ``==``.
    """
    kind = type(action)
    values: list[object] = []
    for name, types, words in _FIELD_TYPES[kind]:
        value = getattr(action, name, None)
        if types is _CARDS:
            ok = type(value) is tuple and all(type(card) is Card for card in value)
        else:
            ok = type(value) in types
        if not ok:
            raise _Untrusted(f"a {type(value).__name__} as its {name}, which must be {words}")
        values.append(value)
    return (kind, tuple(values))


def _shape_or_none(action: Action) -> tuple[object, ...] | None:
    # A game's own action of an unexpected make is never matched by value; still the
    # engine may return that very object (matched by identity before this).
    try:
        return _shape(action)
    except _Untrusted:
        return None


def _legal_match(state: GameState, legal: Sequence[Action], answer: object, who: str) -> Action:
    """The legal action ``answer`` is, by exact type and value; EngineError if none."""
    for candidate in legal:
        if candidate is answer:  # most engines hand back the game's own object: done
            return candidate
    if answer is None:
        raise EngineError(f"{who} returned nothing (None) instead of an action")
    if type(answer) not in _FIELD_TYPES:
        raise EngineError(f"{who} returned {_short(answer)} (a {type(answer).__name__}), "
                          "not an action (Play, Bid, Contract, Skip, NameTrump, Discard or "
                          "PassCards)")
    try:
        shape = _shape(answer)
    except _Untrusted as problem:
        raise EngineError(f"{who} returned a {type(answer).__name__} with {problem}") from None
    for candidate in legal:
        if type(candidate) is type(answer) and _shape_or_none(candidate) == shape:
            return candidate
    action: Action = answer  # type: ignore[assignment]  # exact types: honest to compare
    try:
        reason, text = state.why_illegal(action), str(action)
    except Exception:  # Play(Card(99)) cannot print; a refusal must not become a crash
        reason, text = None, _short(answer)
    raise EngineError(f"{who} chose an illegal action {text}: "
                      f"{reason or 'it is not one of the legal actions'}")

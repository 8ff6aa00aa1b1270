"""Game records: write, read, check and replay (the format is in docs/records.md).

:class:`RecordWalk` (made by :func:`walk`) is the one way through a record: it
replays and checks each action and yields a :class:`Step` with the seat, the
action, its events and the caller's view of the state before it.  :func:`replay`,
the review, the replay screen and the statistics all walk a record with it.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Generic, TypeVar, overload

from whist.actions import Action, Decision
from whist.events import Event
from whist.games import game_class
from whist.inputs import nests_deeper, shown
from whist.protocol import JSON, DealError, GameState, IllegalAction, OptionError

T = TypeVar("T")

#: The largest record read, in bytes (or characters of JSON text).  The longest games
#: the options bound fit it with room to spare (their sizes: docs/records.md, Options).
MAX_RECORD_BYTES: Final = 8 * 1024 * 1024
#: The deepest nesting of lists and objects read.  A record nests five deep (record,
#: hands, hand, deal, seat's rows); Python's own JSON reader fails near a thousand.
MAX_RECORD_DEPTH: Final = 32

class RecordError(ValueError):
    """A game record that cannot be replayed; the message names the hand and action."""


def load_record(source: str | Path | Mapping[str, Any]) -> dict[str, JSON]:
    """Read a record from a path, a JSON text or an already parsed mapping.

    A Path is always a file (a command line passes one: a file may be named
    ``[1].json``); a str starting with ``{`` or ``[`` is JSON text, any other str a
    path.  Only a regular file is read (:func:`_read_text`).  Files and
    texts over :data:`MAX_RECORD_BYTES`, bytes that are not UTF-8 and nesting over
    :data:`MAX_RECORD_DEPTH` are refused before parsing, each with one RecordError line.
    """
    if isinstance(source, Mapping):
        return dict(source)
    if isinstance(source, Path) or (isinstance(source, str) and source.lstrip()[:1] not in "{["):
        text = _read_text(source)
    elif isinstance(source, str):
        if len(source) > MAX_RECORD_BYTES:
            raise RecordError(f"not a game record: {len(source)} characters is more than the "
                              f"{MAX_RECORD_BYTES // 2**20} MB a record may have")
        text = source
    else:
        raise RecordError(f"not a game record: {shown(source)} (a {type(source).__name__})")
    _check_depth(text)
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise RecordError(f"not a game record: invalid JSON at line {error.lineno}, "
                          f"column {error.colno} ({error.msg})") from None
    except RecursionError:
        # Only if the depth check above missed something: still one line, never a traceback.
        raise RecordError("not a game record: nested too deep") from None
    except ValueError as error:
        # int() in the parser refuses numbers of over 4,300 digits; NaN and Infinity land here.
        if "integer string conversion" in str(error):
            raise RecordError("not a game record: a number in it has more than 4300 digits") \
                from None
        raise RecordError(f"not a game record: {_first_line(error)}") from None
    if not isinstance(data, dict):
        raise RecordError("not a game record: the top level must be a JSON object")
    return data


#: What a path may name besides a regular file, for the refusal (``stat.S_IFMT`` values).
_FILE_KINDS: Final = {stat.S_IFDIR: "a folder", stat.S_IFIFO: "a FIFO (named pipe)",
                      stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device",
                      stat.S_IFSOCK: "a socket"}


def _read_text(path: str | Path) -> str:
    """A record file's text, read within the size limit and decoded as UTF-8.

    Only a regular file is read: a FIFO would wait for a writer for ever, a device
    such as /dev/zero gives bytes without end.  It is opened without waiting (a FIFO
    with no writer opens at once) and refused after a look at what it is.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        raise RecordError(f"cannot read {shown(str(path), 120)}: {error.strerror or error}") from None
    except ValueError:
        # open() refuses a path with a NUL character in it.
        raise RecordError(f"cannot read {shown(str(path), 120)}: not a file name") from None
    try:
        with os.fdopen(descriptor, "rb") as file:
            kind = stat.S_IFMT(os.fstat(file.fileno()).st_mode)
            if kind != stat.S_IFREG:
                raise RecordError(f"cannot read {shown(str(path), 120)}: it is "
                                  f"{_FILE_KINDS.get(kind, 'not a regular file')}, "
                                  "not a regular file")
            data = file.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise RecordError(f"cannot read {shown(str(path), 120)}: {error.strerror or error}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"not a game record: {shown(str(path), 120)} is larger than "
                          f"{MAX_RECORD_BYTES // 2**20} MB")
    try:
        # utf-8-sig: a byte-order mark some editors write is no fault.
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        what = ("cut off inside a character" if error.reason == "unexpected end of data"
                else f"byte {data[error.start]:#04x} is no UTF-8 character")
        raise RecordError(f"not a game record: not UTF-8 text at line {line}, "
                          f"byte {column}: {what}") from None


def _check_depth(text: str) -> None:
    """Raise RecordError if ``text`` nests lists and objects over MAX_RECORD_DEPTH deep."""
    if nests_deeper(text, MAX_RECORD_DEPTH):
        raise RecordError(f"not a game record: lists and objects nest more than "
                          f"{MAX_RECORD_DEPTH} deep")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number standard JSON allows")


def _first_line(error: BaseException) -> str:
    """An exception's message, its first line only and cut short."""
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text if len(text) <= 160 else text[:160] + "…"


@dataclass(frozen=True, slots=True)
class Step(Generic[T]):
    """One action of a record as :class:`RecordWalk` replays it.

    Yielded once the action is applied: the walk's :attr:`RecordWalk.state` is then
    the game after it (held at a hand's end until the next step deals on), while
    ``before`` is what the walk's ``look`` saw of the game before it.
    """

    #: The hand (round, deal), counted from 0.
    hand: int
    #: The action's place in its hand's ``actions``, counted from 0.
    index: int
    #: The seat that took it.
    seat: int
    #: The kind of decision it answered.
    decision: Decision
    #: The action as the record writes it, and read as that kind of action.
    text: str
    action: Action
    #: What applying it did, :class:`~whist.events.Acted` first.
    events: tuple[Event, ...]
    #: ``look(state)`` just before the action (None when the walk has no ``look``).
    before: T


class RecordWalk(Generic[T]):
    """A record replayed action by action, each action checked: the one way through a record.

    Made from a path, JSON text or a parsed record (:func:`load_record`), whose
    form is checked at once (RecordError, one line).  Iterating it (once) replays
    the record and yields a :class:`Step` per action; an action the game refuses
    raises RecordError naming the hand and the action.  ``look``, if given, is
    called with the game just before each action and its answer kept as the
    step's ``before``: the caller's cheap, read-only view of the state before (an
    observation, the legal actions), taken only where it is wanted.

    :attr:`state` is the game as far as the walk has gone; once the walk is done
    it is where the record leaves off, as :func:`replay` returns it.
    """

    def __init__(self, source: str | Path | Mapping[str, Any],
                 look: Callable[[GameState], T] | None = None) -> None:
        """Read and check ``source`` and set up its game; ``look``: see the class."""
        record = load_record(source)
        self.record: dict[str, JSON] = record
        cls, self.hands = _checked_form(record)
        self._look = look
        try:
            # Held at the end of every hand: the next one is dealt only if the record
            # has it, so a record that stops between hands draws no deal of its own.
            self.state: GameState = cls(record.get("options") or {}, seed=0,
                                        chance=self.hands, stop_after_hand=True)
        except OptionError as error:
            raise RecordError(f"options: {error}") from None
        except DealError as error:
            raise RecordError(f"hand 1: {error}") from None
        self._started = False
        #: True once every action has been replayed.
        self.done = False

    def __iter__(self) -> Iterator[Step[T]]:
        """The record's actions in order, each applied (a walk is iterated once)."""
        if self._started:
            raise RuntimeError("a record walk is iterated once; make a new one")
        self._started = True
        return self._steps()

    def _steps(self) -> Iterator[Step[T]]:
        state = self.state
        look = self._look
        for number, hand in enumerate(self.hands):
            if number > 0:
                _deal_hand(state, number)
            for index, text in enumerate(hand.get("actions", [])):
                seat = state.to_move
                decision = state.decision
                if state.over or state.hand_over or seat is None or decision is None:
                    where = f"hand {number + 1}, action {index + 1} ({shown(text)})"
                    if state.over:
                        raise RecordError(f"{where}: the game is already over")
                    raise RecordError(f"{where}: hand {number + 1} is already finished")
                before = look(state) if look is not None else None
                try:
                    action = state.action_from_text(text)
                    events = state.apply(action)
                except IllegalAction as error:
                    where = f"hand {number + 1}, action {index + 1} ({shown(text)})"
                    raise RecordError(f"{where}: {error} ({_whose(state)})") from None
                yield Step(number, index, seat, decision, text, action, events,
                           before)  # type: ignore[arg-type]  # None only without a look
        _deal_on_after_replay(state)
        self.done = True

    def finish(self) -> GameState:
        """The game where the record leaves off, the whole record replayed if the walk was
        not iterated yet; RuntimeError if an iteration was left part way."""
        if not self._started:
            for _ in self:
                pass
        if not self.done:
            raise RuntimeError("the walk was left before its end")
        return self.state


@overload
def walk(source: str | Path | Mapping[str, Any]) -> RecordWalk[None]: ...
@overload
def walk(source: str | Path | Mapping[str, Any],
         look: Callable[[GameState], T]) -> RecordWalk[T]: ...
def walk(source: str | Path | Mapping[str, Any],
         look: Callable[[GameState], Any] | None = None) -> RecordWalk[Any]:
    """A :class:`RecordWalk` over ``source``: iterate it for each action's :class:`Step`.

    ``look(state)`` is called before each action; its answer is the step's ``before``.
    RecordError (one line) for a record that cannot be read or replayed.
    """
    return RecordWalk(source, look)


def _checked_form(record: Mapping[str, JSON]) -> tuple[type[GameState], list[dict[str, Any]]]:
    """The record's game and hands, once its form is checked (RecordError, one line, if not)."""
    if "game" not in record:
        raise RecordError("not a game record: no \"game\" key")
    name = record["game"]
    if not isinstance(name, str):
        raise RecordError(f"\"game\" must be a game name (a string), not {shown(name)}")
    try:
        cls = game_class(name)
    except OptionError as error:
        raise RecordError(str(error)) from None
    if "seen_by" in record:
        raise RecordError("this record holds only what one seat saw (it was downloaded during "
                          "the game), so it cannot be replayed")
    hands = record.get("hands")
    if not isinstance(hands, list) or not hands:
        raise RecordError("the record has no hands (\"hands\" must be a non-empty list)")
    for index, hand in enumerate(hands):
        if not isinstance(hand, dict) or "deal" not in hand:
            raise RecordError(f"hand {index + 1}: each hand must be an object with a \"deal\"")
        actions = hand.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError(f"hand {index + 1}: \"actions\" must be a list of strings")
    return cls, hands


def _deal_hand(state: GameState, number: int) -> None:
    """Deal the record's hand ``number`` (from 0) after the one before it, checked."""
    if state.over:
        raise RecordError(f"hand {number + 1}: the game is over before this hand")
    if not state.hand_over:
        raise RecordError(f"hand {number + 1}: hand {number} is not finished")
    try:
        state.deal_next()
    except DealError as error:
        raise RecordError(f"hand {number + 1}: {error}") from None


def replay(source: str | Path | Mapping[str, Any]) -> GameState:
    """Replay a record action by action, checking each; raise RecordError at the first fault.

    The returned state is where the record leaves off: finished, with a decision
    pending (a saved game in progress), or between hands (:attr:`GameState.hand_over`
    true, ``over`` false) when the record stops at the end of a hand: the next deal is
    not in the record, so none is invented.  Its later deals come from a generator
    seeded 0 (see :meth:`GameState.reseed`).  The walk is :class:`RecordWalk`'s.
    """
    return RecordWalk(source).finish()


def _deal_on_after_replay(state: GameState) -> None:
    """Let the replayed game deal its later hands itself again, as a game in play does.

    The undo history holds snapshots taken while replay held every hand; they must not
    bring the hold back when a resumed game is undone into the recorded part.
    """
    state.stop_after_hand = False
    for snapshot in state._snapshots:
        snapshot.attributes["stop_after_hand"] = False


def _whose(state: GameState) -> str:
    return state.pending_text()


def save_record(state: GameState, path: str | Path, **extra: JSON) -> None:
    """Write the game's record (plus ``extra`` keys such as seat names) as JSON.

    Whole or not at all (:func:`write_atomically`): OSError leaves ``path`` as it was.
    """
    record = state.record()
    record.update(extra)
    write_atomically(path, json.dumps(record, ensure_ascii=False, indent=1) + "\n")


def write_atomically(path: str | Path, text: str) -> None:
    """Write ``text`` as UTF-8 to ``path`` whole or not at all; OSError if it cannot be.

    The text goes to a new file in the same folder, is flushed to the disk, then
    takes the path's place in one rename: a full disk or a crash leaves the old
    file (or none), never a truncated one.  A symbolic link keeps pointing at the
    file it named, which is the one replaced; an existing file keeps its
    permissions.  A path that is no regular file (/dev/null, a FIFO someone reads)
    is written to directly, as there is nothing to replace; a FIFO nobody reads is
    an OSError, not a wait.
    """
    data = text.encode("utf-8")
    try:
        mode: int | None = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        # Opened by its own name: /dev/stdout's link leads to no file when it is a pipe.
        descriptor = os.open(path, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            os.set_blocking(descriptor, True)
            _write_all(descriptor, data)
        finally:
            os.close(descriptor)
        return
    # Only a link is resolved: a relative path must stay relative (the working folder may
    # no longer be reachable by its name).
    target = os.path.realpath(path) if os.path.islink(path) else os.fspath(path)
    folder, name = os.path.split(target)
    descriptor, temporary = new_file_beside(folder, name)
    try:
        try:
            if mode is not None:
                os.chmod(temporary, stat.S_IMODE(mode))
            _write_all(descriptor, data)
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        os.replace(temporary, target)
    except BaseException:  # a full disk, or Ctrl-C: the half-written file goes
        with contextlib.suppress(OSError):
            os.remove(temporary)
        raise
    with contextlib.suppress(OSError):  # the rename itself on the disk; not every system can
        folder_descriptor = os.open(folder or ".", os.O_RDONLY)
        try:
            os.fsync(folder_descriptor)
        finally:
            os.close(folder_descriptor)


def new_file_beside(folder: str, name: str) -> tuple[int, str]:
    """A new, empty, hidden file in ``folder`` named after ``name``: its descriptor and path.

    The folder is used as given ("" is the working folder): a relative path stays
    relative, unlike :func:`tempfile.mkstemp`'s, which it makes absolute.

    Created with the permissions a new file gets (0o666 less the umask), unlike
    :func:`tempfile.mkstemp`'s 0o600, since it becomes the record.
    """
    for _ in range(100):
        path = os.path.join(folder, f".{name[:60]}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), path
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name in {folder}")


def _write_all(descriptor: int, data: bytes) -> None:
    """Write every byte of ``data`` (os.write may write only part of it)."""
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view):]


def record_text(state: GameState, **extra: JSON) -> str:
    """The game's record as JSON text."""
    record = state.record()
    record.update(extra)
    return json.dumps(record, ensure_ascii=False)

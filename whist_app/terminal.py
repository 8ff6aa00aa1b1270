"""Terminal play: ``python -m whist play GAME [--players N] [--seats ...] [--seed N] [--record F]``.

A person plays any of the five games against computer seats.  The table is
drawn from the person's observation only; choices are numbered; ``?`` asks
the strong engine for a hint, ``u`` takes a move back, ``q`` saves and quits.

The game is never lost: the record path is checked before the first deal, and
however play ends (its end, q, the end of input, Ctrl-C, SIGTERM, SIGHUP, a
failing computer seat, a broken output) the game so far is saved, whole or not
at all (:func:`whist.records.write_atomically`), to a file in the temp folder
if the path fails after all, and the player told where, on standard error when
something went wrong.  Exit status: 0 the game finished, or the player quit
(q, end of input, closed input); 1 the output broke or no record could be
written anywhere (the record is then printed on standard error, else on
standard output); 2 a bad command line or record path (one line, nothing
played); 4 a computer seat raised, took longer than ``--engine-timeout`` or
answered illegally (it and its seat are named); 128 + the signal for Ctrl-C
(130), SIGHUP (129) and SIGTERM (143).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import math
import os
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from types import FrameType
from typing import TYPE_CHECKING, Any, TextIO

from whist.games import game_class
from whist.protocol import IllegalAction, OptionError
from whist.records import new_file_beside
from whist_app.arguments import OneLineParser, UsageError
from whist_app.views import SeatView, TableView

if TYPE_CHECKING:
    from whist_app.table import Table

def parse_option(text: str) -> tuple[str, Any]:
    """Read ``name=value`` (value as JSON when it parses, else as text)."""
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise OptionError(f"options are written name=value, not {text!r}")
    try:
        value: Any = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, a number over 4,300 digits, deep nesting
        value = raw
    return name.strip(), value


def render(view: TableView) -> str:
    """The table as the person sees it, drawn from the view model in words."""
    lines = [f"== {view['title']} — {view['heading']} =="]
    lines += [f"   {line}" for line in view["context"]]
    for seat in view["seats"]:
        marker = "→" if seat["to_move"] else " "
        lines.append(f" {marker} {_seat_line(seat)}")
        if seat["face_up"] is not None:
            lines.append(f"     face-up: {_face_up_row(seat)}")
    last = view["last_trick"]
    if last is not None and not view["trick"]:
        plays = "  ".join(f"{p['name']} {p['card']}" for p in last["plays"])
        lines.append(f"   last trick: {plays}  → taken by {last['winner_name']}")
    if view["trick"]:
        plays = "  ".join(f"{p['name']} {p['card']}" for p in view["trick"])
        lines.append(f"   trick so far: {plays}")
    by_suit: dict[str, list[str]] = {}
    for card in view["hand"]:
        by_suit.setdefault(card["card"][-1], []).append(card["card"])
    lines.append("   your hand: " + "   ".join(" ".join(cards) for cards in by_suit.values()))
    return "\n".join(lines)


def _seat_line(seat: SeatView) -> str:
    """One seat: name and level, the game's facts, tricks, cards left and total, badges."""
    name = seat["name"] if seat["you"] else f"{seat['name']} {seat['level']}"
    parts = [f"{name:<22}"]
    parts += [f"{fact['label']} {fact['value']}" for fact in seat["facts"]]
    line = "   ".join(parts)
    return line + (f"   ({', '.join(seat['badges'])})" if seat["badges"] else "")


def _face_up_row(seat: SeatView) -> str:
    """A face-up row with each card's position (what ``Q♥@3`` names)."""
    cards = [f"{slot['card']}@{i}" for i, slot in enumerate(seat["face_up"] or [])
             if slot["card"] is not None]
    return (" ".join(cards) or "none") + f"   ({seat['face_down'] or 0} face-down)"


def choice_list(view: TableView) -> list[str]:
    """The actions the person may take now, in the order they are numbered."""
    if view["choices"]["layout"] == "cards":
        actions = [c["action"] for c in view["hand"] if c["allowed"] and c["action"]]
        for seat in view["seats"]:
            actions += [slot["action"] for slot in seat["face_up"] or []
                        if slot["allowed"] and slot["action"]]
        return actions
    return [item["action"] for item in view["choices"]["items"] if item["allowed"]]


def score_sheet(view: TableView) -> str:
    """Each hand's cells (``3/3 +13`` where seats play for something) and running totals."""
    sheet = view["sheet"]
    names = [n[:10] for n in sheet["columns"]]
    running = [0] * len(names)
    body: list[tuple[str, list[str]]] = []
    for row in sheet["rows"]:
        running = [r + s for r, s in zip(running, row["scores"], strict=True)]
        body.append((row["sub"], [f"{c['tricks']} {c['points']}".strip() + f" ({t})"
                                  for c, t in zip(row["cells"], running, strict=True)]))
    width = 1 + max([len(n) for n in names] + [len(str(t)) for t in sheet["totals"]]
                    + [len(cell) for _, cells in body for cell in cells])
    lines = ["hand  " + "".join(f"{n:>{width}}" for n in names)]
    for number, (sub, cells) in enumerate(body, start=1):
        lines.append((f"{number:>4}  " + "".join(f"{c:>{width}}" for c in cells)
                      + (f"   {sub}" if sub else "")).rstrip())
    lines.append("total " + "".join(f"{t:>{width}}" for t in sheet["totals"]))
    if sheet["key"]:
        lines.append(f"({sheet['key']}; running totals in brackets)")
    return "\n".join(lines)


#: Exit statuses of :func:`main` (also in the module docstring).
EXIT_OK = 0             # finished, quit with q, or input ended: the game is saved
EXIT_FAILED = 1         # the output broke, or the record could be written nowhere
EXIT_USAGE = 2          # a bad command line or an unwritable record path: nothing was played
EXIT_ENGINE = 4         # a computer seat failed (raised, overran, answered illegally): saved
EXIT_INTERRUPTED = 130  # Ctrl-C (128 + SIGINT, as shells report it): saved
#: SIGTERM and SIGHUP end play as Ctrl-C does (saved), with 128 + the signal as status.
ENDING_SIGNALS: tuple[int, ...] = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                                        if hasattr(signal, name))
#: The most characters read of one input line (the rest of a longer line is skipped) ...
MAX_LINE = 1000
#: ... and the longest answer considered: a 9-5-2 pass of several cards is under 40.
MAX_ANSWER = 200
#: A seed longer than this many characters names the default record by a hash instead:
#: a file name has at most 255 bytes.
MAX_SEED_IN_NAME = 40


def _seconds(text: str) -> float:
    """An argparse type: a finite number of seconds over 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, not {text[:40]!r}") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds over 0, "
                                         f"not {text[:40]!r}")
    return value


def _one_line(text: str, limit: int = 300) -> str:
    """``text`` on one line of at most ``limit`` characters (messages may quote odd input)."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"


def _encodable(text: str) -> str:
    """``text`` with any lone surrogate written as ``\\udcff``: a file name or seat given in
    bytes that are no UTF-8 arrives so, and a strict output cannot print it."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def default_record_path(game: str, seed: int) -> str:
    """``GAME-SEED.json``; a seed too long for a file name gives ``GAME-seed-HASH.json``."""
    text = str(seed)
    if len(text) > MAX_SEED_IN_NAME:
        text = "seed-" + hashlib.sha256(text.encode()).hexdigest()[:16]
    return f"{game}-{text}.json"


def record_path_problem(path: str) -> str | None:
    """Why the record cannot be written to ``path``, found before play; None if it can.

    The file is opened for appending (an existing record is not touched), created
    if missing and then removed again.  Non-blocking, so a FIFO nobody reads is
    refused instead of hanging.  A file is written through a new file beside it
    (:func:`whist.records.write_atomically`), so its folder must take one too.
    """
    existed = os.path.lexists(path)
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, flags, 0o666)
        try:
            regular = stat.S_ISREG(os.fstat(descriptor).st_mode)
        finally:
            os.close(descriptor)
        if regular:
            target = os.path.realpath(path) if os.path.islink(path) else path
            handle, probe = new_file_beside(*os.path.split(target))
            os.close(handle)
            os.remove(probe)
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        problem = getattr(error, "strerror", None) or error
        return f"cannot write the record to {path!r}: {problem}"
    finally:
        if not existed:
            with contextlib.suppress(OSError):
                os.remove(path)
    return None


class Ended(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised wherever play is, so that it ends as Ctrl-C does.

    A KeyboardInterrupt, so that everything that stops cleanly on Ctrl-C (a
    computer seat's wait, a held change) stops on these too.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def stop_status(stop: KeyboardInterrupt) -> int:
    """The exit status for a stop: 128 + its signal, as shells report it (130 for Ctrl-C)."""
    return 128 + stop.signum if isinstance(stop, Ended) else EXIT_INTERRUPTED


def _stop_for(signum: int) -> KeyboardInterrupt:
    return KeyboardInterrupt() if signum == signal.SIGINT else Ended(signum)


def _stop_words(stop: KeyboardInterrupt) -> str:
    return f"stopped by {signal.Signals(stop.signum).name}" if isinstance(stop, Ended) \
        else "interrupted"


class _Stops:
    """What the stop signals (Ctrl-C, SIGTERM, SIGHUP) do during one game at the terminal.

    The first raises where play is (KeyboardInterrupt or :class:`Ended`), unless a
    change or a write is under way (``held``): then it waits for that to end.  Once
    one has been raised, or while the game is being saved, later ones are only
    noted (``pending``): a second Ctrl-C must not cut the save short.
    """

    def __init__(self) -> None:
        self.held = 0
        self.raised = False
        self.pending: list[int] = []

    def on_signal(self, signum: int, frame: FrameType | None) -> None:
        """The handler of every stop signal."""
        if self.held or self.raised:
            self.pending.append(signum)
            return
        self.raised = True
        raise _stop_for(signum)


_STOPS = _Stops()


@contextlib.contextmanager
def _stops_caught() -> Iterator[None]:
    """While play runs, the stop signals go to :data:`_STOPS` (in the main thread only).

    Ctrl-C is taken over only from Python's own handler, SIGTERM and SIGHUP only
    from the default: a signal ignored stays ignored (a background job ignores
    Ctrl-C, ``nohup`` SIGHUP), and the handlers before are put back after (tests
    call :func:`main` in-process).
    """
    global _STOPS
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _STOPS = stops = _Stops()
    previous = {}
    for signum in (signal.SIGINT, *ENDING_SIGNALS):
        usual = signal.default_int_handler if signum == signal.SIGINT else signal.SIG_DFL
        if signal.getsignal(signum) is usual:
            previous[signum] = signal.signal(signum, stops.on_signal)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


class _Held:
    """Hold the stop signals off while the game changes or is written, then raise the first.

    A stop in the middle of an action or of writing the file could leave half a
    move in the record or half a file on disk.
    """

    def __enter__(self) -> None:
        _STOPS.held += 1

    def __exit__(self, *_: object) -> None:
        stops = _STOPS
        stops.held -= 1
        if not stops.held and stops.pending and not stops.raised:
            stops.raised = True
            raise _stop_for(stops.pending[0])


def _interrupts_held() -> _Held:
    """A with-block during which a stop signal waits (see :class:`_Held`)."""
    return _Held()


def _read_line(inp: TextIO) -> str | None:
    """The next input line (at most MAX_LINE characters); None at its end or if it fails."""
    try:
        line = inp.readline(MAX_LINE)
        rest = line
        while len(rest) >= MAX_LINE and not rest.endswith("\n"):
            # Skip the rest of an over-long line, so it is refused once and not in pieces.
            rest = inp.readline(MAX_LINE)
    except UnicodeDecodeError:
        return "\ufffd"  # bytes that are no text: a line to refuse, not the end of input
    except (OSError, ValueError):  # a closed or broken input: its end
        return None
    return line or None


def _number(word: str) -> int | None:
    """The number ``word`` is written as in ASCII digits (huge ones capped), else None.

    ``str.isdigit`` accepts ``²``, which ``int`` refuses, and ``int`` refuses 5,000 digits.
    """
    if not (word.isascii() and word.isdigit()):
        return None
    return int(word) if len(word) <= 9 else 10 ** 9


def _save_game(table: Table, path: str, warn: Callable[[str], None]) -> str | None:
    """Write the record to ``path``, else to a new file in the temp folder or here.

    Returns where it went; None if nowhere (``warn`` has said why).
    """
    with _interrupts_held():
        try:
            table.save(path)
            return path
        except OSError as error:
            failed = f"could not write the record to {path}: {error.strerror or error}"
        folders = []
        for where in (tempfile.gettempdir, os.getcwd):
            with contextlib.suppress(OSError):  # no usable temp folder; no working folder
                folders.append(where())
        for folder in folders:
            try:
                handle, fallback = tempfile.mkstemp(prefix=f"{table.game}-",
                                                    suffix=".json", dir=folder)
            except OSError:
                continue
            try:
                os.close(handle)
                table.save(fallback)
            except OSError:
                with contextlib.suppress(OSError):  # leave no empty file behind
                    os.remove(fallback)
                continue
            warn(f"{failed}; saved it to {fallback} instead")
            return fallback
        warn(f"{failed}, nor anywhere else; the record follows on standard error")
        return None


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Play a game at the terminal; return the exit status (see the module docstring).

    Play goes to ``stdout``, errors and warnings to ``stderr``.  Whatever ends the
    game (its end, q, the end of input, Ctrl-C, SIGTERM, SIGHUP, a failing computer
    seat) the game so far is saved and the player is told where.
    """
    with _stops_caught():
        try:
            return _main(argv, stdin, stdout, stderr)
        except KeyboardInterrupt as stop:  # a last resort: _main says what it stopped
            with contextlib.suppress(OSError, ValueError):
                print(_stop_words(stop), file=stderr or sys.stderr, flush=True)
            return stop_status(stop)


def _main(argv: Sequence[str] | None, stdin: TextIO | None, stdout: TextIO | None,
          stderr: TextIO | None) -> int:
    """:func:`main` with the stop signals caught."""
    # sys.stdin is None when the terminal was started with its input closed (<&-).
    inp = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    if stdin is None and isinstance(inp, io.TextIOWrapper):
        with contextlib.suppress(Exception):  # stray bytes become a refused line, not a crash
            inp.reconfigure(errors="replace")

    def say(text: str = "") -> None:
        print(_encodable(text), file=out, flush=True)

    def warn(text: str) -> None:
        with contextlib.suppress(OSError, ValueError):  # standard error gone (a hung-up terminal)
            print(_encodable(_one_line(text)), file=err, flush=True)

    parser = OneLineParser(prog="python -m whist play")
    parser.add_argument("game", help="diminishing-whist, black-queen, nine-five-two, "
                                     "bidding-whist or classic-whist (or dw, bq, 952, bw, cw)")
    parser.add_argument("--players", type=int, help="number of players")
    parser.add_argument("--seats", help="comma-separated: human or a level for each seat")
    parser.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    parser.add_argument("--record", help="save the game record here (default: GAME-SEED.json)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option from rules.md, e.g. --option hands=2")
    parser.add_argument("--engine-timeout", type=_seconds, default=None, metavar="SECONDS",
                        help="longest a computer seat may think per decision (default: 5 "
                             "times its budget, at least 2 s; 10 s without a budget)")
    parser.add_argument("--levels", action="store_true", help="list the computer levels and exit")
    try:
        # Loaded here, so that a stop while they load is a stop before the first deal.
        from engines.interface import EngineError
        from engines.levels import describe_levels
        from whist_app.table import HUMAN, Table
    except KeyboardInterrupt as stop:
        warn(f"{_stop_words(stop)} before the first deal: nothing to save")
        return stop_status(stop)
    try:
        args = parser.parse_args(argv)
        cls = game_class(args.game)
        options = dict(parse_option(o) for o in args.option)
        if args.players is not None:
            options["players"] = args.players
        if args.levels:
            for level, description in describe_levels(cls.name):
                say(f"{level:28} {description}")
            return EXIT_OK
        seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(3))
        path = args.record or default_record_path(cls.name, seed)
        problem = record_path_problem(path)  # now, not after the whole game
        if problem:
            raise OptionError(f"{problem} (choose another file with --record)")
        probe = cls(options, seed=seed)
        seats = (args.seats.split(",") if args.seats
                 else [HUMAN] + ["random"] * (probe.players - 1))
        table = Table(probe, seats, seed=seed, engine_timeout=args.engine_timeout)
    except UsageError as error:
        warn(str(error))
        return EXIT_USAGE
    except (OptionError, EngineError, ValueError, TypeError) as error:
        # ValueError and TypeError: options of odd types the game's checks did not word.
        warn(f"error: {error}")
        return EXIT_USAGE
    except KeyboardInterrupt as stop:
        warn(f"{_stop_words(stop)} before the first deal: nothing to save")
        return stop_status(stop)
    names = [("you" if s == HUMAN else s) for s in table.seats]
    try:
        say(f"{cls.title}: seed {seed}; type a number or the action itself, "
            "? for a hint, u to undo, q to save and quit.")
        status = _play(table, names, inp, say, warn)
    except KeyboardInterrupt as stop:
        _STOPS.raised = True  # a second stop from here on must not cut the save short
        warn(_stop_words(stop))
        status = stop_status(stop)
    except EngineError as error:
        warn(f"error: {error}")
        status = EXIT_ENGINE
    except OSError as error:  # the output is gone (a closed pipe): keep the game all the same
        warn(f"error: cannot write to the output: {error.strerror or error}")
        status = EXIT_FAILED
    _STOPS.raised = True
    where = _save_game(table, path, warn)
    if where is None:  # the last place the game can be kept: the player can copy it
        _print_record(table, err, out)
        return EXIT_FAILED
    if status == EXIT_OK and _STOPS.pending:  # a stop came while the game was saved
        status = stop_status(_stop_for(_STOPS.pending[0]))
    _STOPS.raised = False  # saved: a stop may cut the report short now
    try:
        if status != EXIT_OK:
            warn(f"the game so far is saved to {where}")
            return status
        say(score_sheet(table.view()))
        if table.over:
            winners = ", ".join(f"seat {w} ({names[w]})" for w in table.winners())
            say(f"game over — winner: {winners}")
        say(f"record saved to {where}")
    except KeyboardInterrupt as stop:
        warn(f"{_stop_words(stop)}; the game is saved to {where}")
        return stop_status(stop)
    except OSError:
        warn(f"the game is saved to {where}")
        return EXIT_FAILED
    return EXIT_OK


def _print_record(table: Table, *streams: TextIO) -> None:
    """The record as one line of JSON on the first of ``streams`` that takes it."""
    text = table.record_text()
    for stream in streams:
        try:
            print(text, file=stream, flush=True)
            return
        except (OSError, ValueError):  # gone (a hung-up terminal) or closed
            continue


def _play(table: Table, names: Sequence[str], inp: TextIO | None,
          say: Callable[[str], None], warn: Callable[[str], None]) -> int:
    """Play until the game ends, the player quits or input ends; EngineError if a seat fails."""
    shown_hand = -1
    while not table.over:
        if table.hand_number != shown_hand and shown_hand >= 0:
            say(score_sheet(table.view()))
        shown_hand = table.hand_number
        if table.computer_to_move():
            seat, action = table.computer_choice()  # Ctrl-C may come while it thinks
            with _interrupts_held():  # as Table.play_computer, but never half applied
                table.apply(seat, action)
            say(f"   seat {seat} ({names[seat]}) → {action}")
            continue
        mover = table.to_move
        assert mover is not None
        view = table.view(mover)
        say(render(view))
        legal = choice_list(view)
        select = view["choices"]["select"]
        count = select["count"] if select is not None else 0
        shown = [card["card"] for card in view["hand"]]
        if count:
            say("   your cards: " + "  ".join(f"[{i + 1}] {c}" for i, c in enumerate(shown)))
            say(f"   choose {count} cards: their numbers or the cards, separated by spaces")
        else:
            say("   choices: " + "  ".join(f"[{i + 1}] {a}" for i, a in enumerate(legal)))
            if view["choices"]["note"]:
                say(f"   {view['choices']['note']}")
        say(f"   {view['prompt']}")
        say(f"   seat {mover}, {table.pending.split(' to ', 1)[1]}:")
        if inp is None:
            warn("standard input is closed: saving the game")
            return EXIT_OK
        line = _read_line(inp)
        if line is None:
            warn("end of input: saving the game")
            return EXIT_OK
        answer = line.strip()
        if len(answer) > MAX_ANSWER:
            say(f"   not allowed: that line is too long ({len(answer)}+ characters)")
            continue
        if answer in ("q", "quit"):
            return EXIT_OK
        if answer == "?":
            for text, value in table.hint(mover, budget=1.0)[:8]:
                say(f"   hint: {text:>12}  estimate {value:+.2f}")
            continue
        if answer == "u":
            with _interrupts_held():
                undone = table.undo_to_human()
            say("   undone" if undone else "   nothing to undo")
            continue
        if count:
            words = answer.split()
            numbers = [_number(w) for w in words]
            if words and all(n is not None for n in numbers):
                if not all(n is not None and 1 <= n <= len(shown) for n in numbers):
                    say(f"   not allowed: card numbers go from 1 to {len(shown)}")
                    continue
                answer = " ".join(shown[n - 1] for n in numbers if n is not None)
        else:
            number = _number(answer)
            if number is not None and 1 <= number <= len(legal):
                answer = legal[number - 1]
        try:
            with _interrupts_held():
                table.play_human(answer)
        except IllegalAction as error:
            say(f"   not allowed: {_one_line(str(error))}")
        except ValueError:  # text a reader failed to word an IllegalAction for
            say(f"   not allowed: {answer[:40]!r} cannot be read here")
    return EXIT_OK

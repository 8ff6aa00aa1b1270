"""Command line: ``python -m whist replay|review|duplicate|play|nerd|serve``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from whist.records import RecordError, replay
from whist_app.arguments import OneLineParser, UsageError, one_line

EXIT_FINISHED = 0
#: Replay itself failed (a bug): the fuzzing tests make sure no record gets here.
EXIT_BUG = 1
EXIT_FAULTY = 2
EXIT_IN_PROGRESS = 3
#: A review stopped by Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130


def usage_fault(error: UsageError) -> int:
    """Say on standard error, in one line, what is wrong with the command line; status 2."""
    print(one_line(str(error)), file=sys.stderr)
    return EXIT_FAULTY


def record_fault(error: Exception) -> int:
    """Say on standard error, in one line, why a record could not be read; its exit status."""
    if isinstance(error, RecordError):
        print(one_line(f"faulty record: {error}"), file=sys.stderr)
        return EXIT_FAULTY
    # Every fault a record can have is meant to be a RecordError; anything else is a
    # reader's oversight, still reported as one line (and its own status), not a traceback.
    print(one_line(f"error: replay failed ({type(error).__name__}: {error}); "
                   "this is a bug, please report it"), file=sys.stderr)
    return EXIT_BUG


def replay_main(path: str) -> int:
    """Replay a record, print each hand's scores and the totals; return the exit status.

    0 finished, 3 in progress (a decision pending, or a hand finished and the next
    deal not in the record), 2 faulty: then one line on standard error says where
    the fault is and what was expected (1 only for a bug in replay itself).
    """
    try:
        state = replay(Path(path))  # a Path: a file named [1].json is a file, not JSON text
    except Exception as error:  # noqa: BLE001 - every fault is one line, never a traceback
        return record_fault(error)
    lines = [f"{state.title}, {state.players} players"]
    for number, scores in enumerate(state.hand_scores, start=1):
        lines.append(f"hand {number}: " + " ".join(str(s) for s in scores))
    if state.hand_over and not state.over:
        lines.append(f"in progress: hand {state.hand_number + 1} finished, "
                     "next deal not in the record")
    elif not state.over:
        lines.append(f"in progress: hand {state.hand_number + 1}, {state.pending_text()}")
    lines.append("totals: " + " ".join(str(t) for t in state.totals))
    print_out("\n".join(lines))
    return EXIT_FINISHED if state.over else EXIT_IN_PROGRESS


def print_out(text: str) -> None:
    """Print ``text`` on standard output; a reader that went away (``| head``) is no fault."""
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # Cut short: keep the interpreter's own flush at exit from failing again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


# ------------------------------------------------------------------- review
#: The most worlds or worker processes a review takes.
MAX_COUNT = 1_000_000


def _whole_from(low: int, why: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to MAX_COUNT (``why`` says why ``low``)."""

    def whole(text: str) -> int:
        try:
            value = int(text) if len(text) <= 20 else None
        except ValueError:
            value = None
        if value is None:
            raise argparse.ArgumentTypeError(f"not a whole number: {text[:20]!r}")
        if not low <= value <= MAX_COUNT:
            raise argparse.ArgumentTypeError(f"must be from {low} to {MAX_COUNT}{why}, "
                                             f"not {value}")
        return value
    return whole


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text[:20]!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"must be above 0 and at most 3600 seconds, not {text}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:20]!r}") from None
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError("must be from 0 to 2**63 - 1")
    return value


def review_parser() -> argparse.ArgumentParser:
    """The ``review`` command's arguments (errors: :class:`UsageError`)."""
    from engines.valuation import DEFAULT_WORLDS, MIN_WORLDS
    p = OneLineParser(
        prog="python -m whist review",
        description="Value every decision of one seat in a game record: the choice made, the "
                    "best choice and the expected loss in points (see docs/review.md).")
    p.add_argument("record", help="the game record (JSON file)")
    p.add_argument("--seat", type=int, help="the seat to review (default: the first seat the "
                   "record marks human, else 0)")
    effort = p.add_mutually_exclusive_group()
    effort.add_argument("--iterations", metavar="K",
                        type=_whole_from(MIN_WORLDS, f" (a loss's interval needs {MIN_WORLDS} "
                                                     "worlds)"),
                        help=f"sampled worlds per decision (default {DEFAULT_WORLDS}; the "
                             "numbers are repeatable)")
    effort.add_argument("--budget", type=_seconds, metavar="S",
                        help="seconds per decision instead (the numbers then depend on the "
                             "machine's speed and load)")
    p.add_argument("--workers", type=_whole_from(1), metavar="N",
                   help="processes (default: one per core); the numbers do not depend on it")
    p.add_argument("--seed", type=_seed, default=0, help="the review's seed (default 0)")
    p.add_argument("--json", action="store_true", help="print the review as one JSON object")
    p.add_argument("--progress", action="store_true",
                   help="draw the progress bar even when standard error is not a terminal")
    return p


def review_main(argv: Sequence[str]) -> int:
    """``python -m whist review``: print the review of one seat's decisions; the exit status.

    0 reviewed (a finished game, or an unfinished one as far as it was played: the
    output says so), 2 a faulty record or a bad command line (one line on standard
    error), 130 interrupted, 1 a bug.
    """
    from engines.progress import Progress
    from whist_app.review import (
        Settings,
        checked_record,
        default_seat,
        review_game,
        review_lines,
    )
    try:
        args = review_parser().parse_args(argv)
    except UsageError as error:
        return usage_fault(error)
    try:
        record, final = checked_record(Path(args.record))  # a path is always a path
    except Exception as error:  # noqa: BLE001 - every fault is one line, never a traceback
        return record_fault(error)
    seat = default_seat(record, final.players) if args.seat is None else args.seat
    if not 0 <= seat < final.players:
        print(one_line(f"error: --seat must be from 0 to {final.players - 1} in this "
                       f"{final.title} game, not {seat}"), file=sys.stderr)
        return EXIT_FAULTY
    settings = (Settings(worlds=args.iterations, seed=args.seed) if args.budget is None
                else Settings(worlds=None, budget=args.budget, seed=args.seed))
    if settings.worlds is None and settings.budget is None:
        settings = Settings(seed=args.seed)
    workers = args.workers or os.cpu_count() or 1
    bar = Progress("decisions", label="reviewing") if args.progress or sys.stderr.isatty() else None
    try:
        review = review_game(record, seat, settings, workers, bar, final)
    except KeyboardInterrupt:
        if bar is not None:
            bar.close()
        print("interrupted: no review printed", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as error:
        if bar is not None:
            bar.close()
        print(one_line(f"error: review failed ({type(error).__name__}: {error}); "
                       "this is a bug, please report it"), file=sys.stderr)
        return EXIT_BUG
    if bar is not None:
        bar.close()
    print_out(json.dumps(review.to_json(), ensure_ascii=False) if args.json
              else "\n".join(review_lines(review)))
    return EXIT_FINISHED


# ---------------------------------------------------------------- duplicate
def duplicate_parser() -> argparse.ArgumentParser:
    """The ``duplicate`` command's arguments."""
    from whist_app.duplicate import DEFAULT_ITERATIONS, DEFAULT_OTHERS
    p = OneLineParser(
        prog="python -m whist duplicate",
        description="Play every hand of a finished game record again with strong in one "
                    "seat, the same cards and the record's levels in the other seats, and "
                    "compare the points.")
    p.add_argument("record", help="the game record (JSON file)")
    p.add_argument("--seat", type=int, help="strong's seat (default: the first seat the "
                   "record marks human, else 0)")
    effort = p.add_mutually_exclusive_group()
    effort.add_argument("--iterations", type=_whole_from(1), metavar="K",
                        help=f"rollouts per search decision (default {DEFAULT_ITERATIONS}; "
                             "the result is repeatable)")
    effort.add_argument("--budget", type=_seconds, metavar="S",
                        help="seconds per decision for strong instead (the result then "
                             "depends on the machine's speed and load)")
    p.add_argument("--seed", type=_seed, default=0, help="the engines' seed (default 0)")
    p.add_argument("--others", default=DEFAULT_OTHERS, metavar="LEVEL",
                   help=f"the level of seats the record marks human or does not name "
                        f"(default {DEFAULT_OTHERS})")
    return p


def duplicate_main(argv: Sequence[str]) -> int:
    """``python -m whist duplicate``: print each hand's points and the summary line.

    0 done, 2 a faulty or unfinished record, a bad seat or a bad flag (one line on
    standard error), 130 interrupted, 1 a bug.
    """
    from engines.interface import EngineError
    from whist_app.duplicate import DEFAULT_ITERATIONS, DuplicateSettings, duplicate
    try:
        args = duplicate_parser().parse_args(argv)
    except UsageError as error:
        return usage_fault(error)
    settings = DuplicateSettings(
        iterations=None if args.budget is not None else args.iterations or DEFAULT_ITERATIONS,
        budget=args.budget, seed=args.seed, others=args.others)
    try:
        result = duplicate(Path(args.record), args.seat, settings)  # a path is always a path
    except KeyboardInterrupt:
        print("interrupted: no result printed", file=sys.stderr)
        return EXIT_INTERRUPTED
    except EngineError as error:
        print(one_line(f"error: {error}"), file=sys.stderr)
        return EXIT_FAULTY
    except Exception as error:  # noqa: BLE001 - every fault is one line, never a traceback
        return record_fault(error)
    print(f"strong in seat {result.seat}; levels: {', '.join(result.levels)}")
    for hand in result.hands:
        print(f"hand {hand.hand + 1}: you {hand.recorded}, strong {hand.strong}")
    print(result.summary())
    return EXIT_FINISHED


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the chosen command; return the exit status.

    A bad command line is one line on standard error and status 2, for every command.
    """
    parser = OneLineParser(prog="python -m whist",
                           description="Trick-taking card games against the computer.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_replay = sub.add_parser("replay", help="check a game record and print its scores")
    p_replay.add_argument("file")
    sub.add_parser("review", help="value every decision of a seat in a game record",
                   add_help=False)
    sub.add_parser("duplicate", help="play a finished record's hands again with strong in a seat",
                   add_help=False)
    sub.add_parser("play", help="play a game in the terminal", add_help=False)
    sub.add_parser("nerd", help="run an original Classic Whist properties file", add_help=False)
    sub.add_parser("serve", help="serve the browser game (after set-up)", add_help=False)
    try:
        args, rest = parser.parse_known_args(argv)
        if args.command == "replay" and rest:
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
    except UsageError as error:
        return usage_fault(error)
    if args.command == "replay":
        return replay_main(args.file)
    if args.command == "review":
        return review_main(rest)
    if args.command == "duplicate":
        return duplicate_main(rest)
    if args.command == "play":
        from whist_app.terminal import main as play_main
        return play_main(rest)
    if args.command == "nerd":
        from whist_app.nerd import main as nerd_main
        return nerd_main(rest)
    from whist_server import main as serve_main
    return serve_main(rest)

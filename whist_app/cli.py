"""Command line: ``python -m whist replay|play|nerd|serve``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from whist.records import RecordError, replay

EXIT_FINISHED = 0
#: Replay itself failed (a bug): the fuzzing tests make sure no record gets here.
EXIT_BUG = 1
EXIT_FAULTY = 2
EXIT_IN_PROGRESS = 3


#: The longest fault line printed: one line a terminal shows whole.
MAX_MESSAGE = 299


def one_line(message: str, limit: int = MAX_MESSAGE) -> str:
    """``message`` as one line of at most ``limit`` characters (control characters escaped)."""
    # Messages quote outside text through repr, but a last guard costs nothing here.
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def replay_main(path: str) -> int:
    """Replay a record, print each hand's scores and the totals; return the exit status.

    0 finished, 3 in progress (a decision pending, or a hand finished and the next
    deal not in the record), 2 faulty: then one line on standard error says where
    the fault is and what was expected (1 only for a bug in replay itself).
    """
    try:
        state = replay(path)
    except RecordError as error:
        print(one_line(f"faulty record: {error}"), file=sys.stderr)
        return EXIT_FAULTY
    except Exception as error:
        # Every fault a record can have is meant to be a RecordError; anything else is a
        # reader's oversight, still reported as one line (and its own status), not a traceback.
        print(one_line(f"error: replay failed ({type(error).__name__}: {error}); "
                       "this is a bug, please report it"), file=sys.stderr)
        return EXIT_BUG
    print(f"{state.title}, {state.players} players")
    for number, scores in enumerate(state.hand_scores, start=1):
        print(f"hand {number}: " + " ".join(str(s) for s in scores))
    if state.hand_over and not state.over:
        print(f"in progress: hand {state.hand_number + 1} finished, next deal not in the record")
    elif not state.over:
        print(f"in progress: hand {state.hand_number + 1}, {state.pending_text()}")
    print("totals: " + " ".join(str(t) for t in state.totals))
    return EXIT_FINISHED if state.over else EXIT_IN_PROGRESS


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the chosen command; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m whist",
                                     description="Trick-taking card games against the computer.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_replay = sub.add_parser("replay", help="check a game record and print its scores")
    p_replay.add_argument("file")
    sub.add_parser("play", help="play a game in the terminal", add_help=False)
    sub.add_parser("nerd", help="run an original Classic Whist properties file", add_help=False)
    sub.add_parser("serve", help="serve the browser game (after set-up)", add_help=False)
    args, rest = parser.parse_known_args(argv)
    if args.command == "replay":
        if rest:
            parser.error(f"unexpected arguments: {' '.join(rest)}")
        return replay_main(args.file)
    if args.command == "play":
        from whist_app.terminal import main as play_main
        return play_main(rest)
    if args.command == "nerd":
        from whist_app.nerd import main as nerd_main
        return nerd_main(rest)
    from devserver import main as serve_main
    return serve_main(rest)

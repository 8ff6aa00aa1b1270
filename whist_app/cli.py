"""Command line: ``python -m whist replay|play|nerd|serve``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from whist.records import RecordError, replay

EXIT_FINISHED = 0
EXIT_FAULTY = 2
EXIT_IN_PROGRESS = 3


def replay_main(path: str) -> int:
    """Replay a record, print each hand's scores and the totals; return the exit status."""
    try:
        state = replay(path)
    except RecordError as error:
        print(f"faulty record: {error}", file=sys.stderr)
        return EXIT_FAULTY
    print(f"{state.title}, {state.players} players")
    for number, scores in enumerate(state.hand_scores, start=1):
        print(f"hand {number}: " + " ".join(str(s) for s in scores))
    if not state.over:
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

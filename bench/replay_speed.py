"""How long replaying a long record takes, and how much memory, per game.

    python bench/replay_speed.py [--hands 1000] [--games bidding-whist,...] [--core DIR]
        [--limit-mb 3000] [--json]

For each game a long record is made by random legal play from a seeded
generator (:func:`random_record`: a search copy steps the actions and the log
is written beside it, so making it costs little), saved as the terminal saves
one (``save_record``), then replayed by :func:`whist.records.replay` in a fresh
subprocess, which reports the replay's CPU time and the process's peak resident
memory (``VmHWM`` from /proc, else ``resource.getrusage``; the interpreter and the
parsed record included).

``--core DIR`` replays with the ``whist`` package of another checkout (e.g. an
exported older commit) to compare before and after on the same records;
``--limit-mb`` caps the subprocess's address space so a quadratic replay ends in
MemoryError instead of crowding a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whist.games import game_class  # noqa: E402
from whist.protocol import GameState  # noqa: E402
from whist.records import save_record  # noqa: E402

#: The longest game of each kind the options allow, or near it; a game longer than
#: ``--hands`` hands is cut there (a record may stop between hands).  Diminishing
#: Whist always plays its schedule; 9-5-2's length is chance (see :func:`long_game`).
LONG_GAMES: dict[str, dict[str, Any]] = {
    "bidding-whist": {"hands": 1000},
    "black-queen": {"players": 6, "hands": 1000},
    "nine-five-two": {"target": 100},
    "classic-whist": {"players": 4, "cards": 3, "winning_score": 1000},
    "diminishing-whist": {"players": 5},
}
#: Seeds tried, from ``--seed`` on, for a game that lasts ``--hands`` hands.
SEED_TRIES = 100


def random_game(game: str, options: dict[str, Any], hands: int, seed: int) -> GameState:
    """A game of random legal play: the whole game, or its first ``hands`` deals if longer.

    The game is a search copy stepping its actions (no checks, no undo history), with
    each action written to the log as ``apply`` would, so its record of a thousand
    hands takes a second or so to make; replaying that record checks every action.
    """
    rng = random.Random(seed)
    state = game_class(game).search_type()(options, seed=seed, stop_after_hand=True)
    while not state.over:
        if state.hand_over:
            if len(state.hands_log) >= hands:
                break
            state.deal_next()
            continue
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        state.hands_log[-1]["actions"].append(str(action))
        state.step(action)
    return state


def long_game(game: str, hands: int, seed: int) -> GameState:
    """:func:`random_game` of ``LONG_GAMES[game]``, from the first seed from ``seed`` on
    whose game lasts ``hands`` hands (the last tried if none does).

    Only 9-5-2 needs more than one: its game ends when a total reaches the target, after
    a few hundred random hands at the highest target, a thousand or more now and then.
    """
    state = random_game(game, LONG_GAMES[game], hands, seed)
    if game == "nine-five-two":
        for tried in range(seed + 1, seed + SEED_TRIES):
            if len(state.hands_log) >= hands:
                break
            state = random_game(game, LONG_GAMES[game], hands, tried)
    return state


def _child(path: str) -> None:
    """Replay ``path`` here; print its CPU seconds and the process's peak memory as JSON."""
    import resource
    import time

    from whist.records import replay

    start = time.process_time()
    try:
        state = replay(path)
    except MemoryError:
        print(json.dumps({"error": "MemoryError",
                          "seconds": round(time.process_time() - start, 2)}))
        return
    seconds = time.process_time() - start
    peak_kb = _peak_kb() or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": round(seconds, 3), "peak_mb": round(peak_kb / 1024, 1),
                      "hands": len(state.hands_log),
                      "actions": sum(len(h["actions"]) for h in state.hands_log)}))


def _peak_kb() -> int | None:
    """This process's peak resident memory in KB from /proc (Linux), else None.

    Preferred to ``ru_maxrss``, which Linux carries over from the parent through
    fork and exec: the parent holding the records would set every child's figure.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def measure(path: Path, core: str | None, limit_mb: int) -> dict[str, Any]:
    """Replay ``path`` in a fresh subprocess (with ``core``'s whist, if given)."""
    root = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (core, root) if p))
    code = ("import resource, sys; "
            f"resource.setrlimit(resource.RLIMIT_AS, ({limit_mb} << 20, {limit_mb} << 20)); "
            f"sys.path[:0] = [p for p in ({core!r}, {root!r}) if p]; "
            "import whist, bench.replay_speed as b; "
            "assert whist.__file__.startswith(sys.path[0]), whist.__file__; "
            f"b._child({str(path)!r})")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=False)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": last[:200]}
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def main() -> None:
    """Make the records, replay each in a subprocess, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--games", default=",".join(LONG_GAMES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--core", default=None, help="a folder holding another whist package")
    parser.add_argument("--limit-mb", type=int, default=3000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games.split(","):
            options = LONG_GAMES[game]
            state = long_game(game, args.hands, args.seed)
            path = Path(folder) / f"{game}.json"
            save_record(state, path)
            row = {"game": game, "options": options, "hands": len(state.hands_log),
                   "record_kb": round(path.stat().st_size / 1024),
                   **measure(path, args.core, args.limit_mb)}
            rows.append(row)
            if not args.json:
                print(f"{game:18} {row['hands']:5} hands {row['record_kb']:6} KB  "
                      + (f"{row['seconds']:7.2f} s {row['peak_mb']:7.1f} MB peak"
                         if "peak_mb" in row else f"{row.get('error')} "
                         f"after {row.get('seconds', '?')} s"), flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()

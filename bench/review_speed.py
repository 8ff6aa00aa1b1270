"""How long the page's review and replay of one finished game take (CPython, no valuation).

    python bench/review_speed.py [--repeat 5] [--core DIR] [--json]

For each finished fixture record (tests/fixtures/records, one per game), through the
web API as the page calls it, for every hand of the game, the person's seat:

- ``layout``: ``review_hand`` with ``iterations: 0`` (the hand's review screen
  before any valuation);
- ``steps``: ``replay_steps`` for all the hand's steps (the record player);
- ``lookups``: ``review_decision`` for each of the seat's decisions with the
  valuation itself replaced by a stub, so what is timed is finding the decision
  (the record's checks and its replay), not the sampled worlds, which the
  review's seed fixes and this change does not touch.

Each line is the fastest of ``--repeat`` runs, in CPU seconds (``time.process_time``:
a busy shared machine only slows a run down).  ``--core DIR`` runs with the
``whist``, ``engines`` and ``whist_app`` packages of another checkout (e.g. an
older commit exported with ``git archive``), to compare before and after.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: One finished game of each kind.
RECORDS = ("diminishing-whist-4p-finished", "black-queen-4p-finished",
           "nine-five-two-finished", "bidding-whist-end-finished", "classic-whist-4p-finished")


def _child(names: list[str], repeat: int) -> None:
    """Time the three parts for each record here; print the figures as JSON."""
    import whist_app.review as review

    def stub(moment: Any, settings: Any) -> Any:
        raise _Found

    review.value_moment = stub  # the valuation is not what is timed (see the docstring)
    rows = [_time_record(name, repeat) for name in names]
    print(json.dumps(rows))


def _time_record(name: str, repeat: int) -> dict[str, Any]:
    """The three parts' fastest CPU seconds for the fixture record ``name``."""
    import time

    from engines.valuation import MIN_WORLDS
    from whist.records import load_record
    from whist_app import webapi

    record: dict[str, Any] = load_record(ROOT / "tests" / "fixtures" / "records" / f"{name}.json")
    hands = len(record["hands"])
    seat = 0
    layouts = [webapi.review_hand({"record": record, "hand_number": h, "iterations": 0,
                                   "seat": seat}) for h in range(hands)]
    decisions = [(h, d["index"]) for h, layout in enumerate(layouts) for d in layout["decisions"]]

    def layout() -> None:
        for h in range(hands):
            webapi.review_hand({"record": record, "hand_number": h, "iterations": 0,
                                "seat": seat})

    def steps() -> None:
        for h in range(hands):
            webapi.replay_steps({"record": record, "hand_number": h, "seat": seat})

    def lookups() -> None:
        for h, index in decisions:
            try:
                webapi.review_decision({"record": record, "hand_number": h, "index": index,
                                        "seat": seat, "iterations": MIN_WORLDS})
            except _Found:
                pass

    row: dict[str, Any] = {"record": name, "hands": hands, "decisions": len(decisions)}
    for part, run in (("layout", layout), ("steps", steps), ("lookups", lookups)):
        best = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            run()
            best = min(best, time.process_time() - start)
        row[part] = round(best, 3)
    return row


class _Found(Exception):
    """Raised by the stub valuation: the decision was found."""


def main() -> None:
    """Run the timing in a subprocess (with ``--core``'s packages first), print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--core", default=None, help="a folder holding another checkout's packages")
    parser.add_argument("--records", default=",".join(RECORDS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    first = [p for p in (args.core, str(ROOT)) if p]
    code = (f"import sys; sys.path[:0] = {first!r}; "
            "import whist, whist_app; "
            "assert whist.__file__.startswith(sys.path[0]), whist.__file__; "
            "import bench.review_speed as b; "
            f"b._child({args.records.split(',')!r}, {args.repeat})")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, cwd=str(ROOT))
    if done.returncode != 0:
        sys.exit(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "failed")
    rows = json.loads(done.stdout.strip().splitlines()[-1])
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    total = {"layout": 0.0, "steps": 0.0, "lookups": 0.0}
    for row in rows:
        print(f"{row['record']:32} {row['hands']:3} hands {row['decisions']:4} decisions  "
              f"layout {row['layout']:6.3f} s  steps {row['steps']:6.3f} s  "
              f"lookups {row['lookups']:6.3f} s")
        for part in total:
            total[part] += row[part]
    print(f"{'all':32} {'':25}  layout {total['layout']:6.3f} s  steps {total['steps']:6.3f} s  "
          f"lookups {total['lookups']:6.3f} s")


if __name__ == "__main__":
    main()

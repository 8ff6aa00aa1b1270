"""Rules-core speed: random playouts per second, the way a search engine drives the core.

    python bench/core_speed.py [--seconds S] [--json]

Measures, each for about S seconds (default 3), by the process's CPU time where
the platform has a fine-grained one (a shared machine's other work does not count):

- for each of the five games whose module exists: random full-game playouts
  (a new game from a seed, then ``legal_actions`` and ``step`` with a seeded
  ``random.Random`` until the game is over), default options;
- Diminishing Whist, one 10-card hand for 4 players (the deal, 4 bids and 40
  cards: a new game deals round 1 from the playout's generator and stops when
  that round is scored, ``stop_after_hand``); and the same with the game seeded
  anew (its own generator, as saved games are dealt);
- OpenSpiel's ``oh_hell`` from Python, 4 players and 10 tricks (its chance
  actions included: the deal, one card at a time, and the trump card), if
  ``pyspiel`` is installed; and the ratio of the two 10-card-hand rates.

The same file runs under Pyodide (``bench/pyodide_speed.mjs`` imports it), so
it uses the standard library only and ``pyspiel`` when present.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    # Run as a script from anywhere: the repository root holds the whist package.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whist.games import GAME_CLASSES  # noqa: E402
from whist.protocol import GameState  # noqa: E402

#: One playout: given a seed and the move generator, play it and return the actions taken.
Playout = Callable[[int, random.Random], int]


def full_game(cls: type[GameState]) -> Playout:
    """A random full game of ``cls`` with default options."""
    def playout(seed: int, rng: random.Random) -> int:
        state = cls.search_type()(None, seed=seed)
        actions = 0
        legal_actions, step, randrange = state.legal_actions, state.step, rng.randrange
        while not state.over:
            legal = legal_actions()
            step(legal[randrange(len(legal))])
            actions += 1
        return actions
    return playout


def diminishing_hand(seeded: bool = False) -> Playout:
    """One 10-card Diminishing Whist hand, 4 players: deal, 4 bids, 40 cards.

    A new game is dealt round 1 from the playout's generator, as OpenSpiel's chance
    actions are drawn, and stops when the round is scored (``stop_after_hand``)
    rather than dealing round 2.  ``seeded``: the game is seeded anew instead, with
    a generator of its own (as every saved game is dealt), which costs a seeding.
    """
    from whist.games.diminishing import DiminishingWhist
    options = {"players": 4}

    def playout(seed: int, rng: random.Random) -> int:
        game = DiminishingWhist.search_type()
        if seeded:
            state = game(options, seed=seed, stop_after_hand=True)
        else:
            state = game(options, rng=rng, stop_after_hand=True)
        actions = 0
        legal_actions, step, randrange = state.legal_actions, state.step, rng.randrange
        while not state.hand_over:
            legal = legal_actions()
            step(legal[randrange(len(legal))])
            actions += 1
        return actions
    return playout


def openspiel_hand() -> Playout | None:
    """One OpenSpiel oh_hell game, 4 players, 10 tricks; None without pyspiel."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 10})

    def playout(seed: int, rng: random.Random) -> int:
        state = game.new_initial_state()
        actions = 0
        legal_actions, apply_action, randrange = (state.legal_actions, state.apply_action,
                                                  rng.randrange)
        is_terminal = state.is_terminal
        while not is_terminal():
            # Chance nodes here are all uniform, and legal_actions lists their outcomes.
            legal = legal_actions()
            apply_action(legal[randrange(len(legal))])
            actions += 1
        return actions
    return playout


def _pick_clock() -> tuple[Callable[[], float], str]:
    """The process's CPU time where it is fine-grained, else the wall clock.

    On a shared machine the wall clock also counts the time other programs hold the
    processor, which swamps the differences measured here; CPU time does not.
    """
    try:
        if time.get_clock_info("process_time").resolution <= 1e-6:
            return time.process_time, "process CPU time"
    except (AttributeError, ValueError):
        pass
    return time.perf_counter, "wall clock"


CLOCK, CLOCK_NAME = _pick_clock()
CHUNKS = 16


class Meter:
    """Playouts timed in short chunks; the fastest chunk is the rate (as ``timeit`` does).

    A shared or busy machine only ever slows a chunk down, so the best chunk is
    the steadiest estimate of what the code itself costs; the median is kept too.
    """

    def __init__(self, playout: Playout, seed: int = 1) -> None:
        """Warm up ``playout`` (imports and first calls stay out of the rates)."""
        self.playout = playout
        self.rng = random.Random(seed)
        self.seed = seed
        self.count = 0
        self.actions = 0
        self.elapsed = 0.0
        self.chunk_rates: list[tuple[float, float]] = []
        playout(0, self.rng)

    def run(self, seconds: float) -> None:
        """Time playouts for about ``seconds`` as one chunk."""
        clock = CLOCK
        count = actions = 0
        start = clock()
        elapsed = 0.0
        while elapsed < seconds:
            actions += self.playout(self.seed + self.count + count, self.rng)
            count += 1
            elapsed = clock() - start
        self.count += count
        self.actions += actions
        self.elapsed += elapsed
        self.chunk_rates.append((count / elapsed, actions / elapsed))

    def result(self) -> dict[str, float]:
        """Best-chunk playouts/s and actions/s, µs per action at that rate, and medians."""
        best, best_actions = max(self.chunk_rates)
        ordered = sorted(r for r, _ in self.chunk_rates)
        return {"playouts": self.count, "seconds": round(self.elapsed, 3),
                "playouts_per_s": best, "actions_per_s": best_actions,
                "us_per_action": 1e6 / best_actions,
                "median_playouts_per_s": ordered[len(ordered) // 2],
                "actions_per_playout": self.actions / self.count}


def measure(*playouts: Playout, seconds: float, chunks: int = CHUNKS) -> list[dict[str, float]]:
    """Time each playout for about ``seconds``, interleaving their chunks (same load for all)."""
    meters = [Meter(p) for p in playouts]
    for _ in range(chunks):
        for meter in meters:
            meter.run(seconds / chunks)
    return [m.result() for m in meters]


def run(seconds: float) -> dict[str, Any]:
    """Every measurement; games whose module is missing are listed as skipped."""
    results: dict[str, Any] = {"python": platform.python_version(),
                               "implementation": platform.python_implementation(),
                               "platform": sys.platform, "seconds": seconds,
                               "clock": CLOCK_NAME, "chunks": CHUNKS,
                               "games": {}, "skipped": []}
    for name, (module, class_name) in GAME_CLASSES.items():
        try:
            cls = getattr(importlib.import_module(module), class_name)
        except ModuleNotFoundError:
            results["skipped"].append(name)
            continue
        results["games"][name] = measure(full_game(cls), seconds=seconds)[0]
    spiel = openspiel_hand()
    hands = [diminishing_hand(), diminishing_hand(seeded=True)]
    if spiel is None:
        ours, seeded = measure(*hands, seconds=seconds)
        theirs = None
    else:
        ours, seeded, theirs = measure(*hands, spiel, seconds=seconds)
    results["diminishing_10_card_hand"] = ours
    results["diminishing_10_card_hand_seeded"] = seeded
    results["openspiel_oh_hell"] = theirs
    results["ratio_dw_hand_to_openspiel"] = (
        None if theirs is None else ours["playouts_per_s"] / theirs["playouts_per_s"])
    results["ratio_dw_seeded_hand_to_openspiel"] = (
        None if theirs is None else seeded["playouts_per_s"] / theirs["playouts_per_s"])
    return results


def report(results: dict[str, Any]) -> str:
    """The results as a readable table."""
    lines = [f"{results['implementation']} {results['python']} on {results['platform']}, "
             f"about {results['seconds']} s per line, best of {results['chunks']} interleaved "
             f"chunks timed by {results['clock']}",
             f"{'playout':<36}{'playouts/s':>12}{'actions/s':>12}{'µs/action':>11}"]

    def row(label: str, m: dict[str, float]) -> None:
        lines.append(f"{label:<36}{m['playouts_per_s']:>12,.1f}{m['actions_per_s']:>12,.0f}"
                     f"{m['us_per_action']:>11.2f}")

    for name, m in results["games"].items():
        row(f"{name} (full game)", m)
    for name in results["skipped"]:
        lines.append(f"{name + ' (full game)':<36}{'skipped: module missing':>35}")
    row("diminishing-whist 10-card hand", results["diminishing_10_card_hand"])
    row("  the same, game seeded anew", results["diminishing_10_card_hand_seeded"])
    if results["openspiel_oh_hell"] is None:
        lines.append("openspiel oh_hell: skipped (pyspiel not installed)")
    else:
        row("openspiel oh_hell 4p 10 tricks", results["openspiel_oh_hell"])
        lines.append(f"ratio DW 10-card hand / OpenSpiel oh_hell: "
                     f"{results['ratio_dw_hand_to_openspiel']:.2f} "
                     f"(seeded anew: {results['ratio_dw_seeded_hand_to_openspiel']:.2f})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    results = run(args.seconds)
    print(json.dumps(results, indent=1) if args.json else report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())

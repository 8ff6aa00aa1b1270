"""The arena: engines play duplicate deals with seats rotated, and the figures say who is better.

Usage::

    python -m engines.arena GAME --seats strong,expectation,expectation,expectation \\
        --deals 200 --seed 1 [--iterations 200 | --budget 0.1] [--workers 2] [--ray ADDRESS] [--json]

A *deal* is one whole game (as the rules define it) started from the game seed
``seed + d`` for deal number ``d``.  Each deal is played once per rotation of
the seat list, so with P seats every entry of ``--seats`` sits at every seat
on the same cards, and the luck of the deal largely cancels.  Per deal an
engine's score is the mean over its rotations (and over its entries when it
appears more than once); the confidence intervals are over deals.

Figures for each distinct engine: mean score per game with a 95% confidence
interval, win rate (ties share the win), and exact-bid rate where the game has
bids: Diminishing Whist, a round's bid made exactly; Bidding Whist, the bet
(the ruler's contract tricks, or the secondary bet) made exactly; 9-5-2, the
contract made exactly (tricks == 9, 5 or 2, a delta of 0): each read off the
game's own :meth:`~whist.protocol.GameState.hand_result` at the hand's end.  Then, for the
first engine against each other one, the mean per-deal difference of scores
with its 95% confidence interval.

Engines are seeded per deal, rotation and seat-list entry; search engines get
an iteration budget (``--iterations``, default 200) so that results are
identical whatever the number of worker processes, and on a Ray cluster
(``--ray ADDRESS``, the optional ``ray`` extra; see ``engines/distribute.py``).
An engine that raises, returns anything but a legal action, or takes longer than its time limit
(``--engine-timeout`` seconds; by default 5 times its ``--budget``, at least 2 s,
or 10 s without one) is counted as a failure (engine, seat and deal are named;
the report gives each engine's count) and the first legal action is played in
its place.  An engine that overran is refused at once while its late decision
still runs.  Bad arguments are one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import typing
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.distribute import DistributeError, import_ray, map_ordered
from engines.interface import Engine, EngineError
from engines.levels import engine_class, load_engine
from engines.progress import Progress
from engines.referee import check_budget, choose_action
from whist.games import ALIASES, GAME_NAMES, game_class
from whist.protocol import GameState, OptionError


@dataclass
class ArenaConfig:
    """Everything that decides an arena run's results (workers and progress excepted)."""

    game: str
    seats: list[str]
    deals: int
    seed: int = 1
    iterations: int | None = 200
    budget: float | None = None
    options: dict[str, Any] = field(default_factory=dict)
    #: Seconds an engine may take per decision (None: each engine's default limit).
    engine_timeout: float | None = None


@dataclass
class DealResult:
    """One deal, all rotations: per seat-list entry its mean score, win share and bids made."""

    deal: int
    scores: list[float]
    wins: list[float]
    exact: list[int]
    bids: list[int]
    failures: list[str]
    #: Failed decisions per seat-list entry.
    failed: list[int] = field(default_factory=list)


# ------------------------------------------------------------------ statistics
def t_quantile(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom."""
    table = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365,
             8: 2.306, 9: 2.262, 10: 2.228}
    if df < 1:
        return math.inf
    if df in table:
        return table[df]
    z = 1.959963984540054
    # Cornish-Fisher expansion: accurate to 3 decimals from df = 11 up.
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean and its 95% t confidence interval (nan bounds for n < 2)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = statistics.fmean(values)
    if n < 2:
        return (mean, math.nan, math.nan)
    half = t_quantile(n - 1) * statistics.stdev(values) / math.sqrt(n)
    return (mean, mean - half, mean + half)


# ------------------------------------------------------------------ one deal
def exact_target(tricks: int, target: int | None) -> bool | None:
    """Whether a seat took exactly the tricks it played for (None: it played for none)."""
    return None if target is None else tricks == target


def _engine_seed(deal_seed: int, rotation: int, entry: int) -> int:
    return zlib.crc32(f"{deal_seed}:{rotation}:{entry}".encode())


def make_engine(level: str, game: str, seed: int, budget: float | None,
                iterations: int | None) -> Engine:
    """Load ``level`` for ``game``; search engines get the iteration budget."""
    cls = engine_class(level)
    settings: dict[str, Any] = {}
    if iterations is not None and "iterations" in getattr(cls, "setting_names", ()):
        settings["iterations"] = iterations
    return load_engine(level, game, seed=seed, budget=budget, **settings)


def new_arena_game(config: ArenaConfig, deal_seed: int) -> GameState:
    """The game for one deal, with as many players as seats when the game lets that vary."""
    cls = game_class(config.game)
    options = dict(config.options)
    if any(spec.name == "players" for spec in cls.option_specs):
        options.setdefault("players", len(config.seats))
    try:
        # A search copy: the engines' choices are checked by choose_action, and the arena
        # keeps no record, so the unlogged fast step is right here.
        state = cls.search_type()(options, seed=deal_seed)
    except OptionError as error:
        raise OptionError(f"{len(config.seats)} seats were given, but {error}") from error
    if state.players != len(config.seats):
        raise OptionError(f"{state.title} is played by {state.players}, "
                          f"but {len(config.seats)} seats were given")
    return state


def play_deal(config: ArenaConfig, deal: int) -> DealResult:
    """Play deal number ``deal`` once per rotation of the seats."""
    players = len(config.seats)
    deal_seed = config.seed + deal
    scores = [0.0] * players
    wins = [0.0] * players
    exact = [0] * players
    bids = [0] * players
    failures: list[str] = []
    failed = [0] * players
    for rotation in range(players):
        state = new_arena_game(config, deal_seed)
        game = state.name
        # Entry j of the seat list sits at seat (j + rotation) % players.
        entry_at = [(seat - rotation) % players for seat in range(players)]
        engines = [make_engine(config.seats[entry_at[seat]], game,
                               _engine_seed(deal_seed, rotation, entry_at[seat]),
                               config.budget, config.iterations) for seat in range(players)]
        # Held at each hand's end to read what every seat played for and took.
        state.stop_after_hand = True
        while not state.over:
            seat = state.to_move
            assert seat is not None
            try:
                action = choose_action(state, engines[seat], seat, config.engine_timeout)
            except EngineError as error:
                failures.append(f"deal {deal} rotation {rotation}: "
                                f"{config.seats[entry_at[seat]]} at seat {seat}: {error}")
                failed[entry_at[seat]] += 1
                action = state.legal_actions()[0]
            state.step(action)
            if state.hand_over:
                tricks, targets = state.hand_result()
                for s, target in enumerate(targets):
                    made = exact_target(tricks[s], target)
                    if made is not None:
                        bids[entry_at[s]] += 1
                        exact[entry_at[s]] += made
                if not state.over:
                    state.deal_next()
        winners = state.winners()
        for s in range(players):
            scores[entry_at[s]] += state.totals[s] / players
            if s in winners:
                wins[entry_at[s]] += 1.0 / len(winners) / players
    return DealResult(deal, scores, wins, exact, bids, failures, failed)


# ------------------------------------------------------------------ a run
def _play_deal_star(args: tuple[ArenaConfig, int]) -> DealResult:
    return play_deal(*args)


def run_deals(config: ArenaConfig, workers: int = 1, progress: bool = False,
              ray_address: str | None = None) -> list[DealResult]:
    """Every deal's result, in deal order (identical for any workers, and on Ray).

    ``ray_address``: run the deals as Ray tasks (``"local"``, ``"auto"``,
    ``"ray://HOST:10001"``; see :mod:`engines.distribute`).
    """
    bar = Progress("deals") if progress else None
    try:
        return map_ordered(_play_deal_star, [(config, d) for d in range(config.deals)], workers,
                           ray_address, (lambda done: bar(done, config.deals)) if bar else None)
    finally:
        if bar:
            bar.close()


def summarize(config: ArenaConfig, results: Sequence[DealResult]) -> dict[str, Any]:
    """The figures: per engine mean score (CI), exact-bid and win rates; first-vs-others
    differences, with each deal's (``by_deal``, so that two runs can be paired)."""
    names = list(dict.fromkeys(config.seats))
    entries = {name: [j for j, s in enumerate(config.seats) if s == name] for name in names}
    per_deal: dict[str, list[float]] = {}
    engines: dict[str, Any] = {}
    for name in names:
        js = entries[name]
        per_deal[name] = [statistics.fmean(r.scores[j] for j in js) for r in results]
        mean, low, high = mean_ci(per_deal[name])
        made = sum(r.exact[j] for r in results for j in js)
        bids = sum(r.bids[j] for r in results for j in js)
        wins = [statistics.fmean(r.wins[j] for j in js) for r in results]
        engines[name] = {
            "mean": mean, "ci": [low, high],
            "exact_bid_rate": made / bids if bids else None, "bids": bids,
            "win_rate": statistics.fmean(wins) if wins else math.nan,
            "failures": sum(r.failed[j] for r in results if r.failed for j in js),
        }
    first = names[0]
    diffs = {}
    for name in names[1:]:
        d = [a - b for a, b in zip(per_deal[first], per_deal[name], strict=True)]
        mean, low, high = mean_ci(d)
        diffs[name] = {"mean": mean, "ci": [low, high], "by_deal": d}
    failures = [f for r in results for f in r.failures]
    return {
        "game": game_class(config.game).name, "seats": config.seats, "deals": len(results),
        "seed": config.seed, "iterations": config.iterations, "budget": config.budget,
        "engine_timeout": config.engine_timeout, "options": config.options,
        "engines": engines, "first": first,
        "differences": diffs, "failures": len(failures), "failure_messages": failures[:20],
    }


def _fmt(x: float | None, digits: int = 2) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:.{digits}f}"


def report_lines(summary: dict[str, Any]) -> list[str]:
    """The human-readable report of a summary."""
    lines = [f"{summary['game']}: {summary['deals']} duplicate deals, seats "
             f"{','.join(summary['seats'])}, seed {summary['seed']}, "
             + (f"{summary['iterations']} iterations" if summary["iterations"] is not None
                else f"{summary['budget']} s budget")]
    lines.append(f"{'engine':<24} {'mean score':>10} {'95% CI':>20} {'exact bids':>10} "
                 f"{'win rate':>9}")
    for name, e in summary["engines"].items():
        ci = f"[{_fmt(e['ci'][0])}, {_fmt(e['ci'][1])}]"
        rate = "-" if e["exact_bid_rate"] is None else f"{100 * e['exact_bid_rate']:.1f}%"
        lines.append(f"{name:<24} {_fmt(e['mean']):>10} {ci:>20} {rate:>10} "
                     f"{100 * e['win_rate']:>8.1f}%")
    for name, d in summary["differences"].items():
        lines.append(f"{summary['first']} - {name}: {_fmt(d['mean'])} "
                     f"(95% CI {_fmt(d['ci'][0])} to {_fmt(d['ci'][1])})")
    counts = ", ".join(f"{name}: {e['failures']}" for name, e in summary["engines"].items()
                       if e.get("failures"))
    lines.append(f"failures: {summary['failures']}" + (f" ({counts})" if counts else ""))
    lines.extend(f"  {m}" for m in summary["failure_messages"])
    return lines


class _OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (no usage block), exit status 2."""

    def error(self, message: str) -> typing.NoReturn:
        """Print ``prog: error: message`` to stderr and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {message[:300]}\n")


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: ASCII digits (a sign allowed) for a whole number from low to high."""
    def read(text: str) -> int:
        digits = text.strip().removeprefix("-").removeprefix("+")
        # Checked before int(): "²" passes isdigit, and int() refuses 4,300 digits.
        if not (digits.isascii() and digits.isdigit()) or len(digits) > len(str(high)) + 1:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text[:40]!r}")
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, not {value}")
        return value
    return read


def _seconds(least: float, strict: bool) -> Callable[[str], float]:
    """An argparse type: a finite number of seconds, at least (or, ``strict``, over) ``least``."""
    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected seconds, not {text[:40]!r}") from None
        if not math.isfinite(value) or value < least or (strict and value == least):
            raise argparse.ArgumentTypeError(
                f"must be a finite number of seconds, {'over' if strict else 'at least'} "
                f"{least:g}, not {text[:40]!r}")
        return value
    return read


def _json_object(text: str) -> dict[str, Any]:
    """An argparse type: a JSON object (the game options)."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as error:  # JSON errors, over-long numbers, deep nesting
        raise argparse.ArgumentTypeError(f"not JSON: {str(error)[:100]}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError(
            f'must be a JSON object such as \'{{"hands": 2}}\', not {text[:40]!r}')
    return value


def parse_args(argv: Iterable[str] | None = None) -> argparse.Namespace:
    """The command line; a bad argument is one line on stderr and SystemExit(2)."""
    parser = _OneLineParser(prog="python -m engines.arena",
                            description="Duplicate-deal matches between engines.")
    parser.add_argument("game", help=f"game ({', '.join(GAME_NAMES)}, or {', '.join(ALIASES)})")
    parser.add_argument("--seats", required=True,
                        help="comma-separated engine levels, one per seat")
    parser.add_argument("--deals", type=_whole(1, 10**6), default=20,
                        help="duplicate deals (default 20)")
    parser.add_argument("--seed", type=_whole(-10**30, 10**30), default=1,
                        help="seed of deal 0 (default 1)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--iterations", type=_whole(1, 10**8), default=None,
                       help="rollouts per decision for search engines (default 200)")
    group.add_argument("--budget", type=_seconds(0.0, strict=False), default=None,
                       help="seconds per decision instead (results then depend on speed)")
    parser.add_argument("--engine-timeout", type=_seconds(0.0, strict=True), default=None,
                        metavar="SECONDS",
                        help="longest an engine may take per decision (default: 5 times its "
                             "budget, at least 2 s; 10 s without a budget)")
    parser.add_argument("--workers", type=_whole(1, 256), default=os.cpu_count() or 1,
                        help="processes (default: all cores)")
    parser.add_argument("--ray", metavar="ADDRESS", default=None,
                        help="run the deals on a Ray cluster: auto, HOST:6379, ray://HOST:10001, "
                             "or local (a Ray instance on this machine with --workers CPUs); "
                             "the same results as a local run")
    parser.add_argument("--options", type=_json_object, default="{}",
                        help="game options as a JSON object")
    parser.add_argument("--json", action="store_true", help="end with one JSON line")
    parser.add_argument("--progress", action="store_true",
                        help="show the progress bar even when stderr is not a terminal")
    return parser.parse_args(None if argv is None else list(argv))


def main(argv: Iterable[str] | None = None) -> int:
    """Run the arena; exit status 2 on bad arguments, 1 if any engine failed."""
    try:
        args = parse_args(argv)
    except SystemExit as stop:  # --help (0) or a bad argument (2, its line already printed)
        return stop.code if isinstance(stop.code, int) else 2
    try:
        seats = [s.strip() for s in args.seats.split(",") if s.strip()]
        if len(seats) < 2:
            raise OptionError("give at least two seats, separated by commas")
        options = args.options
        check_budget(args.budget)
        iterations = args.iterations if args.budget is None else None
        if iterations is None and args.budget is None:
            iterations = 200
        config = ArenaConfig(game_class(args.game).name, seats, args.deals, args.seed,
                             iterations, args.budget, options, args.engine_timeout)
        for level in dict.fromkeys(seats):  # fail early, with the level named
            make_engine(level, config.game, 0, config.budget, config.iterations)
        new_arena_game(config, config.seed)
        if args.ray is not None:
            import_ray()  # a missing extra is one line before any deal is played
    except (EngineError, OptionError, ValueError, TypeError, DistributeError) as error:
        # TypeError too: an option of an odd JSON type must be a line, not a traceback.
        print(f"arena: {str(error)[:300]}", file=sys.stderr)
        return 2
    show = args.progress or (sys.stderr.isatty() and args.deals > 1)
    try:
        results = run_deals(config, max(1, args.workers), progress=show, ray_address=args.ray)
    except DistributeError as error:  # the cluster cannot be reached: a line, not a traceback
        print(f"arena: {str(error)[:300]}", file=sys.stderr)
        return 2
    summary = summarize(config, results)
    for line in report_lines(summary):
        print(line)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    return 1 if summary["failures"] else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Where bids go wrong: tricks taken minus tricks bid, by hand size, bidding position and trump.

    python bench/bid_errors.py [--game diminishing-whist|bidding-whist]
        [--seats strong,strong,strong,strong] [--measure strong]
        [--games 10] [--seed 1] [--iterations 100] [--workers N] [--ray ADDRESS] [--json]
    python bench/bid_errors.py --ismcts-results bench/results/ismcts-oh-hell*.json [--paired]

First form: whole games (seeds ``seed``, ``seed + 1``, ...) with the engines
of ``--seats`` (default: ``strong`` self-play); every bid (Bidding Whist: every
bet, the ruler's being its contract's tricks) of a seat whose level is
``--measure`` is counted with the tricks its seat then took, both read off
the game's own ``hand_result()`` at each hand's end.  Second form: the hands
kept by ``bench/ismcts_match.py`` (``oh_hell``, 10 cards, ``strong`` against
OpenSpiel's ISMCTS on the same deals; the ``--strong-decides bids|cards``
split matches left out), both sides counted apart; with
``--paired``, side by side: each seat's hand was bid once by each side (the
duplicate deal), so the two bids of the same cards in the same seat are
compared (see :func:`paired_table`).

Position: in Diminishing Whist the bidding order from the opener; in Bidding
Whist 1 is the ruler (its contract) and 2 to 4 the order of the secondary
bets (all four bet in order when everyone skipped and the opener rules).

Per group: bids counted, mean bid, mean of tricks − bid with its 95% t
interval (positive: under-bid, the seat took more than it said), the share
of hands over-bid (tricks < bid), under-bid (tricks > bid) and exact.
Position 1 is the first bidder; the last (4 of 4) is the hooked seat, whose
bid may not make the bids total the tricks.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.self_play import next_action  # noqa: E402
from engines.arena import make_engine, mean_ci  # noqa: E402
from engines.distribute import DistributeError, map_ordered  # noqa: E402
from whist.cards import SUIT_SYMBOLS  # noqa: E402
from whist.games import game_class  # noqa: E402
from whist.games.bidding import BiddingWhist  # noqa: E402
from whist.games.diminishing import DiminishingWhist  # noqa: E402
from whist.protocol import GameState  # noqa: E402
from whist.tricks import TrickGame  # noqa: E402

#: One counted bid: (source, hand size, position 1.., players, trump symbol or NT, bid, tricks).
Row = tuple[str, int, int, int, str, int, int]


#: One game to play: (game name, seats, measured level, game seed, iterations).
GameJob = tuple[str, list[str], str, int, int | None]

#: Each game's short name in a row's source.
SOURCES = {DiminishingWhist.name: "dw", BiddingWhist.name: "bw"}


def _position(state: GameState, seat: int) -> int:
    """The seat's place in its game's bidding (see the module's docstring)."""
    if isinstance(state, BiddingWhist):
        if state.ruler == seat and not state.all_skipped:
            return 1
        return state.bet_order.index(seat) + (1 if state.all_skipped else 2)
    assert isinstance(state, DiminishingWhist)
    return (seat - state.opener) % state.players + 1


def play_game(job: GameJob) -> list[Row]:
    """Every bid of a measured seat in one whole game (module-level: picklable)."""
    game, seats, measure, game_seed, iterations = job
    players = len(seats)
    rows: list[Row] = []
    cls = game_class(game)
    options = {"players": players} if game == DiminishingWhist.name else {}
    state = cls.search_type()(options, seed=game_seed)
    state.stop_after_hand = True  # held at each hand's end to read its result
    # Seeded from the game alone, so a game's rows do not depend on where it runs.
    engines = [make_engine(level, state.name, game_seed * 16 + s, None, iterations)
               for s, level in enumerate(seats)]
    source = f"{SOURCES[game]}:{measure}"
    while not state.over:
        action = next_action(state, engines)
        state.step(action)
        if state.hand_over:
            tricks, targets = state.hand_result()
            assert isinstance(state, TrickGame)
            trump = "NT" if state.trump is None else SUIT_SYMBOLS[state.trump]
            for s, target in enumerate(targets):
                if target is not None and seats[s] == measure:
                    rows.append((source, sum(tricks), _position(state, s),
                                 players, trump, target, tricks[s]))
            if not state.over:
                state.deal_next()
    return rows


def play_games(seats: list[str], measure: str, games: int, seed: int,
               iterations: int | None, progress: bool = False, workers: int = 1,
               ray_address: str | None = None,
               game: str = DiminishingWhist.name) -> list[Row]:
    """Every bid of a ``measure`` seat in ``games`` whole games of ``game``.

    One job per game over ``workers`` processes or on Ray (``ray_address``, see
    ``engines/distribute.py``); the rows, in game order, are the same either way.
    """
    start = time.perf_counter()

    def report(done: int) -> None:
        print(f"game {done}/{games}: {time.perf_counter() - start:.0f} s",
              file=sys.stderr, flush=True)

    jobs: list[GameJob] = [(game, seats, measure, seed + g, iterations) for g in range(games)]
    per_game = map_ordered(play_game, jobs, workers, ray_address, report if progress else None)
    return [row for rows in per_game for row in rows]


def _ismcts_hands(paths: Sequence[Path]) -> Iterator[tuple[Any, list[dict[str, Any]]]]:
    """Each duplicate deal of the matches where ``strong`` made all its decisions.

    (The deal read back by ``bench.ismcts_match.replay``, its two arrangements.)
    Matches where ``strong`` made only its bids or only its cards
    (``--strong-decides``) are left out: their bids are not all ``strong``'s.
    """
    from bench.ismcts_match import card_of_action, load_game, replay
    card_of = card_of_action(load_game())
    for path in paths:
        match = json.loads(path.read_text())
        if match.get("strong_decides", "all") != "all":
            continue
        for result in match["results"]:
            yield replay(result["chance"], card_of), result["hands"]


def ismcts_rows(paths: Sequence[Path]) -> list[Row]:
    """strong's and ISMCTS's bids in the hands kept by bench/ismcts_match.py."""
    from bench.ismcts_match import PLAYERS
    rows: list[Row] = []
    for view, hands in _ismcts_hands(paths):
        trump = SUIT_SYMBOLS[view.trump]
        for hand in hands:
            for p in range(PLAYERS):
                position = (p - view.first) % PLAYERS + 1
                rows.append(("oh_hell:" + hand["kinds"][p], 10, position, PLAYERS, trump,
                             hand["bids"][p], hand["tricks"][p]))
    return rows


class Pair(NamedTuple):
    """One seat's hand of a duplicate deal as each side bid and played it."""

    expected: float  # expected_bid of the dealt hand
    strong_bid: int
    strong_tricks: int
    ismcts_bid: int
    ismcts_tricks: int
    strong_points: float = 0.0  # the hand's return to that seat, each side's
    ismcts_points: float = 0.0


def ismcts_pairs(paths: Sequence[Path]) -> list[Pair]:
    """The same seat's same cards, bid and played once by ``strong`` and once by ISMCTS.

    ``expected_bid`` (bench/world_model.py, the smoothed fit of ``strong``'s own
    bids on the dealt hand's features) is a hand-strength yardstick both sides share.
    """
    from bench.ismcts_match import PLAYERS, TRICKS
    from bench.world_model import expected_bid
    pairs: list[Pair] = []
    for view, (first, second) in _ismcts_hands(paths):
        for p in range(PLAYERS):
            mine = first if first["kinds"][p] == "strong" else second
            theirs = second if mine is first else first
            if mine["kinds"][p] != "strong" or theirs["kinds"][p] != "ismcts":
                continue  # not a duplicate pair
            estimate = expected_bid([int(c) for c in view.hands[p]], view.trump,
                                    PLAYERS, TRICKS)
            pairs.append(Pair(estimate, mine["bids"][p], mine["tricks"][p],
                              theirs["bids"][p], theirs["tricks"][p],
                              float(mine["returns"][p]), float(theirs["returns"][p])))
    return pairs


def _rms(values: Sequence[float]) -> float:
    return (sum(v * v for v in values) / len(values)) ** 0.5 if values else float("nan")


def paired_table(pairs: Sequence[Pair]) -> list[dict[str, Any]]:
    """Figures of the paired bids, grouped by how strong's bid compares with ISMCTS's.

    Per group (strong bid higher, the same, lower, all, and of all the hands
    strong bid 0): hands, each side's mean
    bid, mean tricks, exact share, and how far its tricks fell from its bid and from
    the shared ``expected_bid`` (root mean square): a side whose tricks stay near its
    own bid but far from the yardstick steers its play to its bid; and where the
    points go: strong's mean points a hand minus ISMCTS's on the same cards, and
    the group's share of all the points strong lost or won against ISMCTS.
    """
    groups: list[tuple[str, Callable[[Pair], bool]]] = [
        ("strong bid higher", lambda p: p.strong_bid > p.ismcts_bid),
        ("the same bid", lambda p: p.strong_bid == p.ismcts_bid),
        ("strong bid lower", lambda p: p.strong_bid < p.ismcts_bid),
        ("all", lambda p: True),
        ("of all: strong bid 0", lambda p: p.strong_bid == 0)]
    out: list[dict[str, Any]] = []
    total = sum(p.strong_points - p.ismcts_points for p in pairs)
    for name, keep in groups:
        members = [p for p in pairs if keep(p)]
        if not members:
            continue
        n = len(members)
        gained = sum(p.strong_points - p.ismcts_points for p in members)
        row: dict[str, Any] = {"group": name, "hands": n, "share": n / len(pairs),
                               "points": gained / n,
                               "points_share": gained / total if total else float("nan")}
        for side in ("strong", "ismcts"):
            bids = [getattr(p, side + "_bid") for p in members]
            tricks = [getattr(p, side + "_tricks") for p in members]
            row[side] = {
                "bid": sum(bids) / n,
                "tricks": sum(tricks) / n,
                "exact": sum(1 for b, t in zip(bids, tricks, strict=True) if b == t) / n,
                "rms_tricks_bid": _rms([t - b for b, t in zip(bids, tricks, strict=True)]),
                "rms_tricks_expected": _rms([t - p.expected
                                             for p, t in zip(members, tricks, strict=True)]),
            }
        out.append(row)
    return out


def paired_report(table: list[dict[str, Any]]) -> list[str]:
    """The paired figures as one markdown table."""
    lines = ["| strong's bid against ISMCTS's | hands | bid (strong / ISMCTS) "
             "| tricks | exact | rms tricks − bid | rms tricks − expected "
             "| points a hand, strong − ISMCTS (share of all) |",
             "|---|---:|---|---|---|---|---|---|"]
    for row in table:
        s, i = row["strong"], row["ismcts"]
        lines.append(f"| {row['group']} | {row['hands']} ({row['share']:.0%}) | "
                     f"{s['bid']:.2f} / {i['bid']:.2f} | {s['tricks']:.2f} / {i['tricks']:.2f} | "
                     f"{s['exact']:.1%} / {i['exact']:.1%} | "
                     f"{s['rms_tricks_bid']:.2f} / {i['rms_tricks_bid']:.2f} | "
                     f"{s['rms_tricks_expected']:.2f} / {i['rms_tricks_expected']:.2f} | "
                     f"{row['points']:+.2f} ({row['points_share']:.0%}) |")
    return lines


def group(rows: list[Row], key: Any) -> dict[Any, dict[str, Any]]:
    """Figures per value of ``key(row)``."""
    groups: dict[Any, list[Row]] = defaultdict(list)
    for row in rows:
        groups[key(row)].append(row)
    out: dict[Any, dict[str, Any]] = {}
    for name in sorted(groups, key=str):
        members = groups[name]
        errors = [float(r[6] - r[5]) for r in members]
        mean, low, high = mean_ci(errors) if len(errors) > 1 else (errors[0],) * 3
        n = len(members)
        out[name] = {
            "bids": n,
            "mean_bid": sum(r[5] for r in members) / n,
            "error": mean, "ci_low": low, "ci_high": high,
            "over": sum(1 for e in errors if e < 0) / n,
            "under": sum(1 for e in errors if e > 0) / n,
            "exact": sum(1 for e in errors if e == 0) / n,
        }
    return out


def tables(rows: list[Row]) -> dict[str, dict[str, dict[Any, dict[str, Any]]]]:
    """For each source: the figures overall, by hand size, by position, by trump."""
    out: dict[str, dict[str, dict[Any, dict[str, Any]]]] = {}
    for source in sorted({r[0] for r in rows}):
        mine = [r for r in rows if r[0] == source]
        out[source] = {
            "all": group(mine, lambda r: "all"),
            "hand size": group(mine, lambda r: f"{r[1]:2d} cards"),
            "position": group(mine, lambda r: f"{r[2]} of {r[3]}"),
            "trump": group(mine, lambda r: "no trump" if r[4] == "NT" else "trump"),
            "bid": group(mine, lambda r: f"bid {r[5]:2d}"),
        }
    return out


def report(result: dict[str, dict[str, dict[Any, dict[str, Any]]]]) -> list[str]:
    """Markdown tables, one per source."""
    lines: list[str] = []
    for source, by in result.items():
        lines += [f"**{source}**", "",
                  "| group | bids | mean bid | tricks − bid | 95% CI | over-bid | under-bid "
                  "| exact |", "|---|---:|---:|---:|---|---:|---:|---:|"]
        for heading, groups in by.items():
            for name, g in groups.items():
                label = name if heading == "all" else f"{heading}: {name.strip()}"
                lines.append(f"| {label} | {g['bids']} | {g['mean_bid']:.2f} | "
                             f"{g['error']:+.2f} | [{g['ci_low']:+.2f}, {g['ci_high']:+.2f}] | "
                             f"{g['over']:.0%} | {g['under']:.0%} | {g['exact']:.1%} |")
        lines.append("")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Collect the bids and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=sorted(SOURCES), default=DiminishingWhist.name)
    parser.add_argument("--seats", default="strong,strong,strong,strong")
    parser.add_argument("--measure", default="strong")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--ismcts-results", type=Path, nargs="*", default=None)
    parser.add_argument("--paired", action="store_true",
                        help="with --ismcts-results: compare the two sides' bids of the same hands")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes, one game each at a time (default 1); same rows for any")
    parser.add_argument("--ray", metavar="ADDRESS", default=None,
                        help="play the games on a Ray cluster (auto, HOST:6379, ray://HOST:10001, "
                             "or local); same rows as a local run")
    args = parser.parse_args(argv)
    if args.paired:
        if not args.ismcts_results:
            parser.error("--paired needs --ismcts-results")
        table = paired_table(ismcts_pairs(args.ismcts_results))
        print(json.dumps(table) if args.json else "\n".join(paired_report(table)))
        return 0
    if args.ismcts_results:
        rows = ismcts_rows(args.ismcts_results)
    else:
        try:
            rows = play_games(args.seats.split(","), args.measure, args.games, args.seed,
                              args.iterations, args.progress, args.workers, args.ray,
                              args.game)
        except DistributeError as error:
            print(f"bid_errors: {error}", file=sys.stderr)
            return 2
    result = tables(rows)
    if args.json:
        print(json.dumps({"rows": rows, "tables": result}))
    else:
        print("\n".join(report(result)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

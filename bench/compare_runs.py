"""Two sets of ``bench/ismcts_match.py`` results compared deal by deal.

    python bench/compare_runs.py --base BASE.json [BASE2.json ...] --try TRY.json [TRY2.json ...]
        [--by-bid] [--json]

Each file of ``--try`` is paired with the ``--base`` file of the same seed (the same
deals: their chance outcomes must be equal, else it is an error).  For each side:
deals, mean difference against ISMCTS with its 95% t interval, exact-bid rates
(strong / ISMCTS) and strong's bid-0 share; then the try minus the base, deal by
deal, with its 95% t interval (both matches played the same cards, so most of the
deals' luck cancels), and the share of hands both played alike (the same bids and
tricks in every seat).  With a repeatable opponent (bench/ismcts_server.py, the default
at fixed counts) a hand played alike is the same hand, and its deal differs only where
the two engines chose otherwise.

``--by-bid`` also splits ``strong``'s seat-hands by the try's own bid against the base's
on the same seat of the same hand, where every bid before it was the same in both (so
the two saw the same auction): the try bid higher, the same, lower, or the auction
before it already differed.  For each group: its share, the seat's own return (try minus
base) with its 95% t interval, and both sides' mean bid, tricks and exact rate.  It says
whether a change's own bids gain, which grouping by ISMCTS's bid (``bench/bid_errors.py
--paired``) cannot: a side's bid below ISMCTS's is also where its own estimate was low.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.arena import mean_ci  # noqa: E402

#: --by-bid's groups, in report order.
BID_GROUPS = ("try bid higher", "same bid", "try bid lower", "earlier bids differ")


def load(paths: list[Path]) -> dict[int, dict[str, Any]]:
    """Result files by seed; SystemExit with one line for a file that is not one."""
    runs: dict[int, dict[str, Any]] = {}
    for path in paths:
        try:
            summary = json.loads(path.read_text())
            seed = int(summary["seed"])
            summary["results"][0]["difference"]  # noqa: B018 (the shape is checked here)
        except (OSError, ValueError, KeyError, IndexError, TypeError) as error:
            raise SystemExit(f"compare_runs: {path} is not an ismcts_match result "
                             f"({type(error).__name__}: {error})") from None
        if seed in runs:
            raise SystemExit(f"compare_runs: two files of seed {seed} on one side ({path})")
        runs[seed] = summary
    return runs


def side_figures(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One side's pooled figures over its runs' deals."""
    results = [r for run in runs for r in run["results"]]
    mean, low, high = mean_ci([r["difference"] for r in results])
    bids = {"strong": [], "ismcts": []}  # type: dict[str, list[int]]
    exact = {"strong": 0, "ismcts": 0}
    for r in results:
        for hand in r["hands"]:
            for kind, bid, tricks in zip(hand["kinds"], hand["bids"], hand["tricks"],
                                         strict=True):
                bids[kind].append(bid)
                exact[kind] += bid == tricks
    return {"deals": len(results), "mean_difference": mean, "ci_low": low, "ci_high": high,
            "strong_exact_rate": exact["strong"] / len(bids["strong"]),
            "ismcts_exact_rate": exact["ismcts"] / len(bids["ismcts"]),
            "strong_bid0_share": bids["strong"].count(0) / len(bids["strong"]),
            "ismcts_bid0_share": bids["ismcts"].count(0) / len(bids["ismcts"])}


def compare(base: dict[int, dict[str, Any]], tried: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """Both sides' figures and the try minus the base, deal by deal, over the shared seeds."""
    diffs: list[float] = []
    alike = hands = 0
    for other, r in paired_deals(base, tried):
        diffs.append(r["difference"] - other["difference"])
        for mine, theirs in zip(r["hands"], other["hands"], strict=True):
            hands += 1
            alike += (mine["bids"], mine["tricks"]) == (theirs["bids"], theirs["tricks"])
    seeds = sorted(tried)
    mean, low, high = mean_ci(diffs)
    return {"seeds": seeds,
            "base": side_figures([base[s] for s in seeds]),
            "try": side_figures([tried[s] for s in seeds]),
            "deal_by_deal": {"deals": len(diffs), "mean": mean, "ci_low": low, "ci_high": high,
                             "hands_alike": alike / hands if hands else 0.0}}


def paired_deals(base: dict[int, dict[str, Any]], tried: dict[int, dict[str, Any]]
                 ) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(base deal, try deal) over the try's seeds, checked to hold the same cards."""
    missing = sorted(set(tried) - set(base))
    if missing:
        raise SystemExit(f"compare_runs: no base run of seed {missing[0]}")
    pairs = []
    for seed, run in sorted(tried.items()):
        by_deal = {r["deal"]: r for r in base[seed]["results"]}
        for r in run["results"]:
            other = by_deal.get(r["deal"])
            if other is None:
                raise SystemExit(f"compare_runs: seed {seed} deal {r['deal']} is not in the base")
            if other["chance"] != r["chance"]:
                raise SystemExit(f"compare_runs: seed {seed} deal {r['deal']} was dealt "
                                 "differently in the base")
            pairs.append((other, r))
    return pairs


def by_bid(base: dict[int, dict[str, Any]], tried: dict[int, dict[str, Any]]
           ) -> dict[str, dict[str, Any]]:
    """``strong``'s seat-hands grouped by the try's bid against the base's (module doc)."""
    from bench.ismcts_match import DEALER_AT, PLAYERS  # only here: it loads OpenSpiel
    rows: dict[str, list[tuple[float, int, int, int, int]]] = {g: [] for g in BID_GROUPS}
    for theirs_deal, mine_deal in paired_deals(base, tried):
        dealer = int(mine_deal["chance"][DEALER_AT])
        order = [(dealer + 1 + i) % PLAYERS for i in range(PLAYERS)]
        for mine, theirs in zip(mine_deal["hands"], theirs_deal["hands"], strict=True):
            for place, seat in enumerate(order):
                if mine["kinds"][seat] != "strong":
                    continue
                if any(mine["bids"][s] != theirs["bids"][s] for s in order[:place]):
                    group = "earlier bids differ"
                else:
                    step = mine["bids"][seat] - theirs["bids"][seat]
                    group = BID_GROUPS[0] if step > 0 else BID_GROUPS[2] if step < 0 \
                        else BID_GROUPS[1]
                rows[group].append((mine["returns"][seat] - theirs["returns"][seat],
                                    mine["bids"][seat], theirs["bids"][seat],
                                    mine["tricks"][seat], theirs["tricks"][seat]))
    total = sum(len(r) for r in rows.values())
    groups: dict[str, dict[str, Any]] = {}
    for group, found in rows.items():
        n = len(found)
        mean, low, high = mean_ci([r[0] for r in found])
        groups[group] = {
            "seat_hands": n, "share": n / total if total else 0.0,
            "return_difference": mean, "ci_low": low, "ci_high": high,
            "bid": [sum(r[1] for r in found) / n, sum(r[2] for r in found) / n] if n else None,
            "tricks": [sum(r[3] for r in found) / n, sum(r[4] for r in found) / n] if n else None,
            "exact": [sum(r[1] == r[3] for r in found) / n,
                      sum(r[2] == r[4] for r in found) / n] if n else None}
    return groups


def report(figures: dict[str, Any]) -> list[str]:
    """The comparison in words."""
    lines = []
    for side in ("base", "try"):
        f = figures[side]
        lines.append(f"{side}: {f['deals']} deals, {f['mean_difference']:+.2f} "
                     f"[{f['ci_low']:+.2f}, {f['ci_high']:+.2f}], exact "
                     f"{f['strong_exact_rate']:.1%} / {f['ismcts_exact_rate']:.1%}, bid 0 "
                     f"{f['strong_bid0_share']:.1%} / {f['ismcts_bid0_share']:.1%}")
    d = figures["deal_by_deal"]
    lines.append(f"try - base, deal by deal: {d['mean']:+.2f} [{d['ci_low']:+.2f}, "
                 f"{d['ci_high']:+.2f}] over {d['deals']} deals (seeds {figures['seeds']}); "
                 f"hands played alike {d['hands_alike']:.0%}")
    for group, g in figures.get("by_bid", {}).items():
        if not g["seat_hands"]:
            lines.append(f"  {group}: no seat-hands")
            continue
        lines.append(f"  {group}: {g['seat_hands']} seat-hands ({g['share']:.0%}), own return "
                     f"try - base {g['return_difference']:+.2f} [{g['ci_low']:+.2f}, "
                     f"{g['ci_high']:+.2f}]; bid {g['bid'][0]:.2f} / {g['bid'][1]:.2f}, tricks "
                     f"{g['tricks'][0]:.2f} / {g['tricks'][1]:.2f}, exact {g['exact'][0]:.0%} / "
                     f"{g['exact'][1]:.0%}")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Compare and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--base", type=Path, nargs="+", required=True)
    parser.add_argument("--try", dest="tried", type=Path, nargs="+", required=True)
    parser.add_argument("--by-bid", action="store_true",
                        help="also split strong's seat-hands by the try's bid against the base's")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    base, tried = load(args.base), load(args.tried)
    figures = compare(base, tried)
    if args.by_bid:
        figures["by_bid"] = by_bid(base, tried)
    print(json.dumps(figures) if args.json else "\n".join(report(figures)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Where ``strong``'s bids stand in random play's ranking, and what each group scored.

    python bench/bid_ranks.py bench/results/issue21-fair-1s-strong-seed9.json [...] [--json]

``strong`` searches the two bids of best expected score under random play
(:mod:`engines.random_play`); its rollouts then keep random play's best or
override it with the second.  For every bid of a ``strong`` seat in
``bench/ismcts_match.py`` results, this replays the hand to that bid, ranks the
legal bids again by random play (the seat's observation as the match gave it,
2,000 playouts, oh_hell's scoring) and groups the bid: random play's best, or
an override above or below it.  Per group: the share of bids, ``strong``'s
exact rate against ISMCTS's on the same seat of the same cards (the duplicate
deal's other hand) and the points a hand between them.  The ranking is the
match's own: the same engine seed (:func:`bench.ismcts_match.seat_seed`) and
observation give the generator ``strong``'s shortlist drew from, so for the
product's ``strong`` (and ``RandomPlayTop2``) every bid is one of the two ranked
best, and "random play's best" is exactly the shortlist's first.

``--margins`` (product ``strong`` runs at fixed counts only) also searches each
lower override again as the match did (its engine seed, rollouts and settings;
the replayed choice is checked against the recorded bid) and reports how sure
the rollouts were: the paired z of the bid's lead over random play's best
(:class:`bench.random_play.LowerBidMarginTally`), or "settled" when the search
had dropped random play's best as clearly behind.  Its last line is the share
of bids of 0 that would be left if every lower override of 0 up to each margin
were random play's best instead (the bids after it as they were).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ismcts_match import (  # noqa: E402
    BIDS_AT,
    PLAYERS,
    card_of_action,
    load_game,
    observation,
    our_legal,
    replay,
    seat_seed,
)
from bench.oh_hell_round import OhHellRound  # noqa: E402
from bench.random_play import RandomPlayBids, RandomPlayTop2Margin  # noqa: E402
from engines.arena import mean_ci  # noqa: E402

#: The groups, in report order.
GROUPS = ("random play's best", "override, higher", "override, lower")


class RankedBid(NamedTuple):
    """One ``strong`` bid, its group, and both sides' outcome on the same seat-hand."""

    group: str
    bid: int
    rank: int  # the bid's place in random play's ranking, 0 the best
    exact: bool
    ismcts_exact: bool
    points: float  # strong's return minus ISMCTS's on the same cards and seat
    #: A lower override's paired z over random play's best (``--margins``), else None;
    #: ``math.inf`` when the search settled it (random play's best dropped).
    z: float | None = None


#: The engines whose bids ``--margins`` can search again: the product's and its bench twin.
MARGIN_ENGINES = ("strong", "bench.random_play:RandomPlayTop2")
#: The margins (standard errors) of ``--margins``' last line.
MARGINS = (1.0, 2.0, 3.0, math.inf)


def override_z(seed: int, iterations: int, settings: dict[str, Any], obs: Any,
               legal: Any, bid: int) -> float:
    """How sure the product's search was of a lower override: its paired z, or
    ``math.inf`` when it settled it; the replayed choice must be the recorded ``bid``."""
    engine = RandomPlayTop2Margin(seed=seed, iterations=iterations, world_class=OhHellRound,
                                  lower_margin=0.0, **settings)
    chosen = engine.choose(obs, legal)
    if getattr(chosen, "tricks", None) != bid:
        raise ValueError(f"the search replayed bids {chosen}, the match bid {bid}: "
                         "not the product's strong at these counts")
    if engine.last_stats.get("override_settled"):
        return math.inf
    return float(engine.last_stats["override_z"])


def ranked_bids(results: Sequence[dict[str, Any]], seed: int,
                knows_undealt: bool = False,
                search: dict[str, Any] | None = None) -> list[RankedBid]:
    """Every ``strong`` bid of ``results`` (one match file's deals, played with ``seed``
    and ``--strong-knows-undealt`` as ``knows_undealt``), grouped.  With ``search``
    (``{"iterations": K, "settings": {...}}``, the match's), each lower override's z too."""
    game = load_game()
    card_of = card_of_action(game)
    out: list[RankedBid] = []
    for deal in results:
        hands = deal["hands"]
        for index, hand in enumerate(hands):
            other = hands[1 - index]
            history = hand["history"]
            state = game.new_initial_state()
            for action in history[:BIDS_AT]:
                state.apply_action(action)
            for turn in range(PLAYERS):
                player = state.current_player()
                if hand["kinds"][player] == "strong":
                    obs = observation(state, player, card_of, knows_undealt)
                    legal = our_legal(replay(state.history(), card_of), player)
                    ranker = RandomPlayBids(seed=seat_seed(seed, deal["deal"], index, player),
                                            world_class=OhHellRound)
                    ranked = [b.tricks for b in ranker.random_play_ranking(obs, legal)]
                    bid = hand["bids"][player]
                    best = ranked[0]
                    group = GROUPS[0] if bid == best else GROUPS[1] if bid > best else GROUPS[2]
                    z = None
                    if search is not None and group == GROUPS[2]:
                        z = override_z(seat_seed(seed, deal["deal"], index, player),
                                       search["iterations"], search["settings"], obs, legal, bid)
                    out.append(RankedBid(
                        group, bid, ranked.index(bid), bid == hand["tricks"][player],
                        other["bids"][player] == other["tricks"][player],
                        hand["returns"][player] - other["returns"][player], z))
                state.apply_action(history[BIDS_AT + turn])
    return out


def summary(bids: Sequence[RankedBid]) -> list[dict[str, Any]]:
    """Per group: bids, share, exact rates, bids of 0 and points a hand with its 95% interval."""
    rows: list[dict[str, Any]] = []
    for group in GROUPS:
        members = [b for b in bids if b.group == group]
        if not members:
            continue
        mean, low, high = mean_ci([b.points for b in members])
        rows.append({"group": group, "bids": len(members), "share": len(members) / len(bids),
                     "exact": sum(b.exact for b in members) / len(members),
                     "ismcts_exact": sum(b.ismcts_exact for b in members) / len(members),
                     "bid0": sum(b.bid == 0 for b in members),
                     "points": mean, "ci_low": low, "ci_high": high})
    return rows


#: ``--margins``' rows, in order: a band's label and its highest z (the lowest: the band before).
Z_BANDS = (("z up to 1", 1.0), ("z 1 to 2", 2.0), ("z 2 to 3", 3.0), ("z over 3", math.inf))
#: The row of the overrides the search settled itself (z recorded as ``math.inf``).
SETTLED = "settled by the search"


def z_band(z: float) -> str:
    """The ``--margins`` row of a lower override of paired z ``z``."""
    if z == math.inf:
        return SETTLED
    return next(label for label, high in Z_BANDS if z <= high)


def margin_summary(bids: Sequence[RankedBid]) -> dict[str, Any]:
    """The lower overrides by how sure the search was, and the share of bids of 0 left
    at each of :data:`MARGINS` (module doc)."""
    lower = [b for b in bids if b.z is not None]
    rows: list[dict[str, Any]] = []
    for label in (*(band for band, _ in Z_BANDS), SETTLED):
        members = [b for b in lower if b.z is not None and z_band(b.z) == label]
        if not members:
            continue
        mean, ci_low, ci_high = mean_ci([b.points for b in members])
        rows.append({"band": label, "bids": len(members),
                     "bid0": sum(b.bid == 0 for b in members),
                     "exact": sum(b.exact for b in members) / len(members),
                     "ismcts_exact": sum(b.ismcts_exact for b in members) / len(members),
                     "points": mean, "ci_low": ci_low, "ci_high": ci_high})
    zeros = sum(b.bid == 0 for b in bids)
    left = {str(m): (zeros - sum(b.bid == 0 and b.z is not None and b.z <= m for b in lower))
            / len(bids) for m in MARGINS}
    return {"rows": rows, "bid0_share": zeros / len(bids), "bid0_left": left}


def main(argv: Sequence[str] | None = None) -> int:
    """Rank the bids of the given match files and print the groups (a table, or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results", nargs="+", type=Path, help="bench/ismcts_match.py --json files")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--margins", action="store_true",
                        help="how sure the search was of each lower override (module doc)")
    args = parser.parse_args(argv)
    bids: list[RankedBid] = []
    for path in args.results:
        data = json.loads(path.read_text(encoding="utf-8"))
        search = None
        if args.margins:
            if data.get("strong_engine") not in MARGIN_ENGINES or data.get("iterations") is None:
                print(f"bid_ranks: --margins wants a run of {' or '.join(MARGIN_ENGINES)} at "
                      f"fixed --iterations, not {path}", file=sys.stderr)
                return 2
            search = {"iterations": int(data["iterations"]),
                      "settings": {"others_weight": data["others_weight"],
                                   **data.get("strong_settings", {})}}
        bids += ranked_bids(data["results"], int(data["seed"]),
                            bool(data.get("strong_knows_undealt", False)), search)
    rows = summary(bids)
    margins = margin_summary(bids) if args.margins else None
    if args.json:
        print(json.dumps(rows if margins is None else {"groups": rows, "margins": margins}))
        return 0
    print("| strong's bid | bids | exact (strong / ISMCTS) | bids of 0 | points a hand, strong − ISMCTS |")
    print("|---|---:|---|---:|---|")
    for r in rows:
        print(f"| {r['group']} | {r['bids']} ({r['share']:.0%}) | {r['exact']:.1%} / "
              f"{r['ismcts_exact']:.1%} | {r['bid0']} | {r['points']:+.2f} "
              f"[{r['ci_low']:+.2f}, {r['ci_high']:+.2f}] |")
    if margins is not None:
        print()
        print("| lower override | bids | bids of 0 | exact (strong / ISMCTS) | points a hand |")
        print("|---|---:|---:|---|---|")
        for r in margins["rows"]:
            interval = "" if r["bids"] < 2 else f" [{r['ci_low']:+.2f}, {r['ci_high']:+.2f}]"
            print(f"| {r['band']} | {r['bids']} | {r['bid0']} | {r['exact']:.1%} / "
                  f"{r['ismcts_exact']:.1%} | {r['points']:+.2f}{interval} |")
        left = ", ".join(f"{'every' if m == 'inf' else m}: {share:.1%}"
                         for m, share in margins["bid0_left"].items())
        print(f"\nbids of 0: {margins['bid0_share']:.1%}; left if the lower overrides of 0 "
              f"up to a margin bid random play's best: {left}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

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
"""

from __future__ import annotations

import argparse
import json
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
from bench.random_play import RandomPlayBids  # noqa: E402
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


def ranked_bids(results: Sequence[dict[str, Any]], seed: int,
                knows_undealt: bool = False) -> list[RankedBid]:
    """Every ``strong`` bid of ``results`` (one match file's deals, played with ``seed``
    and ``--strong-knows-undealt`` as ``knows_undealt``), grouped."""
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
                    out.append(RankedBid(
                        group, bid, ranked.index(bid), bid == hand["tricks"][player],
                        other["bids"][player] == other["tricks"][player],
                        hand["returns"][player] - other["returns"][player]))
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


def main(argv: Sequence[str] | None = None) -> int:
    """Rank the bids of the given match files and print the groups (a table, or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results", nargs="+", type=Path, help="bench/ismcts_match.py --json files")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    bids: list[RankedBid] = []
    for path in args.results:
        data = json.loads(path.read_text(encoding="utf-8"))
        bids += ranked_bids(data["results"], int(data["seed"]),
                            bool(data.get("strong_knows_undealt", False)))
    rows = summary(bids)
    if args.json:
        print(json.dumps(rows))
        return 0
    print("| strong's bid | bids | exact (strong / ISMCTS) | bids of 0 | points a hand, strong − ISMCTS |")
    print("|---|---:|---|---:|---|")
    for r in rows:
        print(f"| {r['group']} | {r['bids']} ({r['share']:.0%}) | {r['exact']:.1%} / "
              f"{r['ismcts_exact']:.1%} | {r['bid0']} | {r['points']:+.2f} "
              f"[{r['ci_low']:+.2f}, {r['ci_high']:+.2f}] |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

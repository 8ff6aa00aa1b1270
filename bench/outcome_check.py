"""How well the outcome bid model foresaw the bids of a match against ISMCTS.

    python bench/outcome_check.py bench/results/issue21-1s-FittedModelBids-seed*.json \\
        [--weights bench.outcome_model_weights] [--json]

Reads the hands ``bench/ismcts_match.py`` kept (``--json`` results), rebuilds each
seat's bid decision from the deal and the bids before it, and asks the model
(``--weights``: the module whose ``WEIGHTS`` it reads) for P(tricks = k) under
oh_hell's scoring.  For the ``strong`` side's own bids: log-loss (natural log,
per bid) of the tricks really taken, the predicted and real exact rates, and
the predicted and real mean of tricks − bid; then, as ``bench/bid_errors.py
--paired`` groups the same seat's cards bid once by each side (ours higher
than ISMCTS's, the same, lower), the model's P(exact) for our bid and for
ISMCTS's bid next to the rates each side really made.  The model speaks of the
play it was fitted on, so ISMCTS's real rate is not its prediction's truth; a
gap there says how much better ISMCTS makes that bid than the model expects
our play to.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import ismcts_match as im  # noqa: E402
from bench.outcome_bids import load_weights  # noqa: E402
from bench.outcome_model import bid_facts, features, trick_chances  # noqa: E402

#: One bid of a match: side, the seat's key (file, deal, OpenSpiel player), bid, tricks,
#: and P(tricks = k) for every bid 0..10 the model was asked about.
BidRow = dict[str, Any]


def match_bids(paths: Sequence[Path], weights: dict[str, Any]) -> list[BidRow]:
    """Every bid of the matches' hands, with the model's chances for each possible bid."""
    game = im.load_game()
    card_of = im.card_of_action(game)
    rows: list[BidRow] = []
    for path in paths:
        try:
            results = json.loads(path.read_text())["results"]
        except (OSError, ValueError, KeyError) as error:
            raise SystemExit(f"outcome_check: {path} is not an ismcts_match result "
                             f"({type(error).__name__}: {error})") from None
        for result in results:
            for hand in result["hands"]:
                state = game.new_initial_state()
                for action in result["chance"]:
                    state.apply_action(action)
                for _ in range(im.PLAYERS):
                    player = state.current_player()
                    facts = bid_facts(im.observation(state, player, card_of))
                    cards = facts["cards"]
                    chances = {b: trick_chances(weights, features(
                        facts["hand"], facts["has_trump"], facts["players"], facts["earlier"],
                        "oh_hell", b), b, cards) for b in range(cards + 1)}
                    bid = hand["bids"][player]
                    rows.append({"side": hand["kinds"][player],
                                 "key": (str(path), result["deal"], player),
                                 "bid": bid, "tricks": hand["tricks"][player],
                                 "chances": chances})
                    state.apply_action(im.BID_OFFSET + bid)
    return rows


def own_figures(rows: Sequence[BidRow]) -> dict[str, float]:
    """Log-loss, exact rates and mean bid error, predicted and real, for ``rows``' bids."""
    def chance(row: BidRow, k: int) -> float:
        return float(row["chances"][row["bid"]][k])
    return {
        "bids": len(rows),
        "log_loss": statistics.fmean(-math.log(max(chance(r, r["tricks"]), 1e-12)) for r in rows),
        "exact_predicted": statistics.fmean(chance(r, r["bid"]) for r in rows),
        "exact_real": statistics.fmean(r["tricks"] == r["bid"] for r in rows),
        "error_predicted": statistics.fmean(
            sum(p * (k - r["bid"]) for k, p in enumerate(r["chances"][r["bid"]])) for r in rows),
        "error_real": statistics.fmean(r["tricks"] - r["bid"] for r in rows),
    }


def paired_figures(rows: Sequence[BidRow]) -> dict[str, dict[str, float]]:
    """Per group of paired hands (ours higher, the same, lower): the model's P(exact) for
    each side's bid (on our seat's cards) and each side's real exact rate."""
    theirs = {r["key"]: r for r in rows if r["side"] == "ismcts"}
    groups: dict[str, list[tuple[BidRow, BidRow]]] = {"higher": [], "same": [], "lower": []}
    for ours in (r for r in rows if r["side"] == "strong"):
        other = theirs.get(ours["key"])
        if other is None:
            continue
        name = ("higher" if ours["bid"] > other["bid"] else
                "same" if ours["bid"] == other["bid"] else "lower")
        groups[name].append((ours, other))
    out: dict[str, dict[str, float]] = {}
    for name, pairs in groups.items():
        if not pairs:
            continue
        out[name] = {
            "hands": len(pairs),
            "ours_predicted": statistics.fmean(o["chances"][o["bid"]][o["bid"]] for o, _ in pairs),
            "ours_real": statistics.fmean(o["tricks"] == o["bid"] for o, _ in pairs),
            "theirs_predicted": statistics.fmean(o["chances"][t["bid"]][t["bid"]] for o, t in pairs),
            "theirs_real": statistics.fmean(t["tricks"] == t["bid"] for _, t in pairs),
        }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Print (or ``--json``) the model's figures on the matches' bids."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("results", type=Path, nargs="+")
    parser.add_argument("--weights", default="bench.outcome_model_weights")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        weights = load_weights(args.weights)
    except (ImportError, AttributeError) as error:
        parser.error(f"no weights in {args.weights!r} ({type(error).__name__}: {error})")
    rows = match_bids(args.results, weights)
    summary = {"weights": args.weights,
               "own": own_figures([r for r in rows if r["side"] == "strong"]),
               "paired": paired_figures(rows)}
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    own = summary["own"]
    print(f"{args.weights}: {own['bids']} own bids, log-loss {own['log_loss']:.3f}; exact "
          f"{own['exact_predicted']:.1%} foreseen, {own['exact_real']:.1%} made; tricks - bid "
          f"{own['error_predicted']:+.2f} foreseen, {own['error_real']:+.2f} real")
    for name, group in summary["paired"].items():
        print(f"  ours {name} ({group['hands']} hands): our bid P(exact) "
              f"{group['ours_predicted']:.1%}, made {group['ours_real']:.1%}; ISMCTS's bid "
              f"P(exact) {group['theirs_predicted']:.1%}, ISMCTS made {group['theirs_real']:.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

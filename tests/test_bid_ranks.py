"""bench/bid_ranks.py: strong's bids grouped by random play's ranking (needs pyspiel)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

from bench.bid_ranks import GROUPS, main, margin_summary, ranked_bids, summary  # noqa: E402

RESULTS = Path(__file__).resolve().parent.parent / "bench" / "results"


def test_every_strong_bid_is_ranked_and_paired_with_ismcts_s_on_the_same_cards(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads((RESULTS / "issue21-fair-1s-strong-seed13.json").read_text(encoding="utf-8"))
    deals = data["results"][:2]
    bids = ranked_bids(deals, data["seed"])
    # Two strong seats in each of a deal's two hands.
    assert len(bids) == 4 * len(deals)
    assert {b.group for b in bids} <= set(GROUPS)
    # The match's own ranking: the product's strong only ever bids one of the two best.
    assert {b.rank for b in bids} <= {0, 1}
    assert all((b.rank == 0) == (b.group == GROUPS[0]) for b in bids)
    # Strong's seats in one hand are ISMCTS's in the other: the points are their returns' gap.
    first = deals[0]["hands"]
    own = [p for p, kind in enumerate(first[0]["kinds"]) if kind == "strong"]
    gaps = sorted(first[0]["returns"][p] - first[1]["returns"][p] for p in own)
    assert sorted(b.points for b in bids[:2]) == gaps
    rows = summary(bids)
    assert sum(r["bids"] for r in rows) == len(bids)
    assert main([str(RESULTS / "issue21-fair-1s-strong-seed13.json"), "--json"]) == 0
    assert sum(r["bids"] for r in json.loads(capsys.readouterr().out)) == 4 * data["deals"]


def test_margins_search_each_lower_override_again_and_say_how_sure_it_was(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = RESULTS / "issue21-fair-RandomPlayTop2-1400-seed12.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    search = {"iterations": data["iterations"], "settings": {"others_weight": data["others_weight"]}}
    bids = ranked_bids(data["results"][:2], data["seed"], search=search)
    lower = [b for b in bids if b.group == GROUPS[2]]
    # Deal 2 holds one: its search replayed the recorded bid (else a ValueError) and left a z.
    assert len(lower) == 1 and lower[0].z is not None
    assert all(b.z is None for b in bids if b.group != GROUPS[2])
    margins = margin_summary(bids)
    assert sum(r["bids"] for r in margins["rows"]) == 1
    zeros = sum(b.bid == 0 for b in bids) / len(bids)
    assert margins["bid0_share"] == zeros and margins["bid0_left"][str(math.inf)] <= zeros
    # Only the product's strong at fixed counts can be searched again.
    other = RESULTS / "issue21-fair-Top2ZeroFirst-1400-seed12.json"
    assert main([str(other), "--margins"]) == 2
    assert "--margins wants a run of strong" in capsys.readouterr().err


def test_a_replayed_search_that_bids_otherwise_is_refused() -> None:
    from bench.bid_ranks import override_z
    from whist.games.diminishing import DiminishingWhist
    state = DiminishingWhist({"players": 4}, seed=6)
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions()
    with pytest.raises(ValueError, match="not the product's strong"):
        override_z(3, 40, {}, state.observe(seat), legal, 99)

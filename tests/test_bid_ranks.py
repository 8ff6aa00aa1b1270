"""bench/bid_ranks.py: strong's bids grouped by random play's ranking (needs pyspiel)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

from bench.bid_ranks import GROUPS, main, ranked_bids, summary  # noqa: E402

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

"""bench/compare_arena.py: two arena runs paired deal by deal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.compare_arena import compare, load, main
from engines.arena import ArenaConfig, run_deals, summarize


def arena_file(tmp_path: Path, first: str, seed: int = 2, deals: int = 4) -> Path:
    config = ArenaConfig("diminishing-whist", [first, "gaussian", "gaussian", "gaussian"],
                         deals=deals, seed=seed)
    path = tmp_path / f"{first}-{seed}-{deals}.json"
    path.write_text("progress line\n" + json.dumps(summarize(config, run_deals(config))) + "\n")
    return path


def test_pairs_the_two_runs_deal_by_deal(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    base, tried = arena_file(tmp_path, "expectation"), arena_file(tmp_path, "random")
    figures = compare(load(base), load(tried))
    assert figures["opponent"] == "gaussian"
    assert figures["base"]["engine"] == "expectation" and figures["try"]["engine"] == "random"
    paired = figures["deal_by_deal"]["mean"]
    assert paired == pytest.approx(figures["try"]["mean"] - figures["base"]["mean"])
    assert paired < 0  # random plays worse than expectation on the same deals
    assert figures["deal_by_deal"]["ci_low"] <= paired <= figures["deal_by_deal"]["ci_high"]
    assert main([str(base), str(tried)]) == 0
    out = capsys.readouterr().out
    assert "against gaussian" in out and "try - base, deal by deal" in out


def test_refuses_runs_that_cannot_be_paired(tmp_path: Path) -> None:
    base = load(arena_file(tmp_path, "expectation"))
    with pytest.raises(SystemExit, match="differ in seed"):
        compare(base, load(arena_file(tmp_path, "random", seed=3)))
    with pytest.raises(SystemExit, match="differ in deals"):
        compare(base, load(arena_file(tmp_path, "random", deals=3)))
    old = load(arena_file(tmp_path, "random"))
    del old["differences"]["gaussian"]["by_deal"]
    with pytest.raises(SystemExit, match="no deal-by-deal difference"):
        compare(base, old)
    with pytest.raises(SystemExit, match="no deal-by-deal difference against 'random'"):
        compare(base, load(arena_file(tmp_path, "random")), opponent="random")
    junk = tmp_path / "junk.json"
    junk.write_text("not json\n")
    with pytest.raises(SystemExit, match="is not an arena --json result"):
        load(junk)

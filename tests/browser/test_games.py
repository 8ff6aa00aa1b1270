"""Each of the five games played to its end through the real page, as the person's seat.

The person clicks legal cards and chooses bids, trump, discards and passes
through the page's controls against fast computer seats; the record the page
downloads must replay (``whist.records.replay``) to exactly the scores the
page's score sheet shows.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from table_helpers import (
    download_record,
    observation,
    open_table,
    play_to_end,
    setup_game,
    sheet_rows,
    sheet_totals,
)

from whist.records import replay

GAMES = [
    # (game, options, computer level, seed)
    ("diminishing-whist", {"players": 4}, "expectation", 11),
    ("black-queen", {"players": 4, "hands": 1}, "random", 12),
    ("nine-five-two", {"target": 3}, "random", 13),
    ("bidding-whist", {"hands": 1}, "heuristic", 14),
    ("classic-whist", {"cards": 5, "winning_score": 5}, "none+smart", 15),
]


def _check_hook(seen: dict[str, int]) -> Any:
    """An on-turn check: a forbidden (hook) bid is offered disabled, with its reason."""
    def check(page: Any) -> None:
        obs = observation(page)
        forbidden = obs.get("forbidden_bid") if obs.get("decision") == "bid" else \
            obs.get("forbidden_bet") if obs.get("decision") == "secondary_bet" else None
        if forbidden is None:
            return
        button = page.locator(f'#controls button[data-action="{forbidden}"]')
        assert button.is_disabled()
        # The reason is the rules core's own sentence, as the view carries it.
        items = page.evaluate("window.whistTable.table.choices.items")
        expected = next(item["reason"] for item in items if item["action"] == str(forbidden))
        reason = button.get_attribute("data-reason") or ""
        assert reason == expected and "total" in reason
        note = page.evaluate("window.whistTable.table.choices.note")
        assert reason in note and page.locator("#controls .reason").inner_text() == note
        seen["hook"] = seen.get("hook", 0) + 1
    return check


@pytest.mark.parametrize(("game", "options", "level", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_play_whole_game(page: Any, request_log: Any, base_url: str, artifacts_dir: Path,
                         tmp_path: Path, game: str, options: dict[str, Any], level: str,
                         seed: int) -> None:
    open_table(page, base_url, f"?seed={seed}")
    setup_game(page, game, options, level=level)
    seen: dict[str, int] = {}
    kinds = play_to_end(page, random.Random(seed), screenshot=artifacts_dir / f"{game}.png",
                        on_turn=_check_hook(seen))
    assert page.locator("body[data-over]").count() == 1
    assert page.locator("#summary[open]").is_visible()
    assert "card" in kinds
    expected_kinds = {"diminishing-whist": {"bid"}, "nine-five-two": {"trump", "discard"},
                      "bidding-whist": {"initial_bid"}}.get(game, set())
    assert expected_kinds <= set(kinds), kinds

    record = download_record(page, "#summary-download", tmp_path)
    assert record["game"] == game
    state = replay(record)
    assert state.over
    shown = sheet_totals(page)
    assert shown == list(state.totals)
    assert sheet_rows(page) == [list(scores) for scores in state.hand_scores]
    winners = page.locator("#summary .final li.won").evaluate_all(
        "els => els.map(e => Number(e.dataset.seat))")
    assert sorted(winners) == sorted(state.winners())
    if game == "diminishing-whist":
        assert len(state.hand_scores) == 10
        assert seen.get("hook"), "the seeded game puts the person last to bid under the hook"
        assert page.locator(".schedule li.current").count() == 1
    if not (artifacts_dir / f"{game}.png").exists():
        page.screenshot(path=str(artifacts_dir / f"{game}.png"), full_page=True)

"""Saves: the game survives a reload; a broken save is reported and set aside; records open."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from table_helpers import (
    IDLE,
    download_record,
    hand,
    observation,
    open_table,
    setup_game,
    take_turn,
    turn,
    wait_idle,
)

from whist.records import RecordError, replay
from whist_app.webapi import SEAL_PREFIX, unseal


def _snapshot(page: Any) -> dict[str, Any]:
    obs = observation(page)
    return {
        "hand": hand(page),
        "pending": page.evaluate("document.body.dataset.pending"),
        "decision": page.evaluate("document.body.dataset.decision"),
        "trick": obs["trick"],
        "totals": obs["totals"],
        "levels": page.locator("#opponents .seat .level").all_inner_texts(),
    }


def test_reload_resumes_the_same_game(page: Any, request_log: Any, base_url: str,
                                      tmp_path: Path) -> None:
    open_table(page, base_url, "?seed=31")
    setup_game(page, "diminishing-whist", {"players": 5}, level="random")
    rng = random.Random(31)
    for _ in range(4):
        assert wait_idle(page) == "human"
        take_turn(page, rng)
    wait_idle(page)
    before = _snapshot(page)
    assert before["levels"] == ["random"] * 4
    saved = json.loads(page.evaluate("localStorage.getItem('whist.game')"))
    # The page stores the game sealed: no deal (so no other hand) is readable in it.
    assert set(saved) == {"sealed", "speed", "saved"} and "♥" not in saved["sealed"]
    inside = unseal(saved["sealed"])
    assert inside["game"] == "diminishing-whist"
    assert inside["seats"] == ["human"] + ["random"] * 4

    page.reload()
    page.wait_for_selector("body[data-app]", state="attached", timeout=60_000)
    assert wait_idle(page) == "human"
    assert _snapshot(page) == before
    assert page.locator("#game").is_visible()

    # During the game a download holds only what the person has seen: their own hand,
    # no other (the full record comes once the game is over); it cannot be replayed.
    record = download_record(page, "#btn-download", tmp_path)
    assert record["seen_by"] == 0
    deal = record["hands"][0]["deal"]
    assert sorted(deal[0]) == sorted(inside["hands"][0]["deal"][0])
    assert deal[1:] == [None] * 4
    with pytest.raises(RecordError, match="only what one seat saw"):
        replay(record)


def test_corrupted_save_is_reported_and_set_aside(page: Any, request_log: Any,
                                                  base_url: str) -> None:
    open_table(page, base_url)
    page.evaluate("localStorage.setItem('whist.game', '{\"record\": {\"game\": \"diminishing-whist\"'"
                  ")")
    page.reload()
    page.wait_for_selector("body[data-app]", state="attached", timeout=60_000)
    notice = page.locator("#notice")
    assert notice.is_visible()
    assert "could not be read" in notice.inner_text()
    keys = page.evaluate("Object.keys(localStorage)")
    assert "whist.game" not in keys
    aside = [k for k in keys if k.startswith("whist.broken.")]
    assert len(aside) == 1
    assert page.evaluate(f"localStorage.getItem({json.dumps(aside[0])})").startswith('{"record"')
    # The page still works: a new game starts and can be played.
    setup_game(page, "classic-whist", {"cards": 5, "winning_score": 5})
    assert wait_idle(page) == "human"
    take_turn(page, random.Random(5))
    assert wait_idle(page) in ("human", "over")


@pytest.mark.parametrize("bad", [
    {"record": {"game": "diminishing-whist", "options": {"players": 4}, "deals": "nonsense",
                "actions": ["Q♥"]}, "speed": "instant"},
    {"sealed": SEAL_PREFIX + "bm90IHpsaWI=", "speed": "instant"},
], ids=["not-a-game", "damaged-seal"])
def test_save_that_is_json_but_not_a_game_is_reported(page: Any, request_log: Any,
                                                      base_url: str, bad: dict[str, Any]) -> None:
    open_table(page, base_url)
    page.evaluate("value => localStorage.setItem('whist.game', value)", json.dumps(bad))
    page.reload()
    page.wait_for_selector("body[data-app]", state="attached", timeout=60_000)
    assert "could not be read" in page.locator("#notice").inner_text()
    assert page.evaluate("document.body.dataset.turn") == "setup"
    assert page.evaluate("localStorage.getItem('whist.game')") is None


def test_a_reload_on_the_hand_summary_deals_the_hand_that_was_coming(
        page: Any, request_log: Any, base_url: str) -> None:
    """The game is saved with the action that ended the hand, and with its secret: a reload
    while the summary shows deals the next hand the game had dealt, not a fresh one."""
    open_table(page, base_url, "?seed=8")
    setup_game(page, "classic-whist", {"cards": 3, "winning_score": 5}, level="random")
    rng = random.Random(8)
    for _ in range(30):
        page.wait_for_selector(IDLE, state="attached", timeout=60_000)
        if turn(page) == "summary":
            break
        take_turn(page, rng)
    else:
        raise AssertionError("no hand ended")
    coming = observation(page)
    page.reload()
    page.wait_for_selector("body[data-app]", state="attached", timeout=60_000)
    assert wait_idle(page) in ("human", "over")
    after = observation(page)
    assert after["hand_number"] == coming["hand_number"]
    assert sorted(after["hand"]) == sorted(coming["hand"])

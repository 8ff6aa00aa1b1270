"""The Claim button and "Expert in your seat" (issue 20, items 3 and 2) through the page.

At a desktop size, a three-player Black Queen game without face-down
cards (whose own face-down cards would bar a claim) against Beginner seats is
played through the page; at every card decision of the person the button's
presence must match the view's ``can_claim`` (proved in Python from the
person's own cards, tests/test_claim.py), and the first time it shows it is
pressed: the hand must end at once (its summary, then the next deal).

"Expert in your seat" is pressed on a hand summary and on the game summary of a
short Classic Whist game; the page must say strong's points and the person's.
Then "Replay this deal" on the game summary must deal the person the same cards.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from table_helpers import (
    decision,
    observation,
    open_table,
    press,
    setup_game,
    take_turn,
    wait_idle,
)

PHONE = {"is_mobile": True, "has_touch": True, "device_scale_factor": 1}
SIZES = {
    "desktop": ({"width": 1024, "height": 700}, {}),
    "phone": ({"width": 360, "height": 640}, PHONE),
}


# At a desktop size: the phones' Claim, tapped, is in tests/browser/test_six_sizes.py.
@pytest.mark.parametrize("size", ["desktop"])
def test_claim_shows_only_when_provable_and_ends_the_hand(
        browser: Any, base_url: str, artifacts_dir: Path, request_log: Any, size: str) -> None:
    viewport, extra = SIZES[size]
    context = browser.new_context(viewport=viewport, **extra)
    context.on("request", request_log.record)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_table(page, base_url, "?seed=5")
        setup_game(page, "black-queen", {"players": 3, "face_down": 0}, level="beginner")
        rng = random.Random(size)
        summaries: list[str] = []
        checked = 0
        for _ in range(150):
            assert wait_idle(page, summaries) == "human"
            offered = page.evaluate("Boolean(window.whistTable.table.can_claim)")
            shown = page.evaluate("document.body.dataset.canClaim === '1'")
            visible = page.locator("#btn-claim").is_visible() or (
                page.locator("#btn-claim").count() == 1 and shown)
            assert shown == offered and visible == offered
            if decision(page) != "card":
                assert not offered
            elif offered:
                hand = page.evaluate("window.whistTable.table.hand_number")
                page.mouse.move(1, 1)
                page.screenshot(path=str(artifacts_dir / f"claim-{size}.png"))
                before = len(summaries)
                press(page, "#btn-claim")
                assert wait_idle(page, summaries) == "human"
                assert len(summaries) == before + 1
                assert page.evaluate("window.whistTable.table.hand_number") == hand + 1
                break
            checked += 1
            take_turn(page, rng, tap=bool(extra))
        else:
            raise AssertionError("no claim was offered in 150 decisions")
        assert checked > 0
        assert not errors
        assert not request_log.foreign()
    finally:
        context.close()


def expert_result(page: Any, prefix: str) -> str:
    """Press a summary's "Expert in your seat" and wait for the page to say the result."""
    page.click(f"#{prefix}-expert")
    page.wait_for_selector(f'#{prefix}-expert-result[data-state="done"]', state="attached",
                           timeout=120_000)
    return str(page.locator(f"#{prefix}-expert-result").inner_text())


@pytest.mark.parametrize("size", list(SIZES))
def test_expert_in_your_seat_on_the_hand_and_game_summaries(
        browser: Any, base_url: str, artifacts_dir: Path, request_log: Any, size: str) -> None:
    viewport, extra = SIZES[size]
    context = browser.new_context(viewport=viewport, **extra)
    context.on("request", request_log.record)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_table(page, base_url, "?seed=8")
        # Two short hands: a hand summary after the first, the game summary after the second.
        setup_game(page, "classic-whist", {"players": 2, "cards": 3, "winning_score": 5},
                   level="beginner")
        first = observation(page)["hand"]
        rng = random.Random(size)
        seen: list[str] = []

        def on_summary(page: Any) -> None:
            if not seen:
                text = expert_result(page, "hand-summary")
                assert text.startswith("Expert scored ") and " this hand; you scored " in text
                page.screenshot(path=str(artifacts_dir / f"expert-hand-{size}.png"))
                seen.append(text)

        for _ in range(60):
            if wait_idle(page, None, on_summary) == "over":
                break
            take_turn(page, rng, tap=bool(extra))
        else:
            raise AssertionError("the game did not end")
        assert seen, "no hand summary came before the game's end"
        page.wait_for_selector("#summary[open]")
        text = expert_result(page, "summary")
        assert re.fullmatch(r"Expert scored -?\d+ over [2-9] hands; you scored -?\d+\.", text)
        page.screenshot(path=str(artifacts_dir / f"expert-game-{size}.png"))
        # "Replay this deal": the same cards again, the same seats.
        page.click("#summary-replay-deal")
        assert wait_idle(page) == "human"
        assert observation(page)["hand"] == first
        assert page.evaluate("window.whistTable.table.over") is False
        assert not errors
    finally:
        context.close()

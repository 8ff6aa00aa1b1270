"""The Claim button (issue 20, item 3): shown exactly when Python proved the rest is the person's.

At a desktop and a phone size, a three-player Black Queen game without face-down
cards (whose own face-down cards would bar a claim) against Beginner seats is
played through the page; at every card decision of the person the button's
presence must match the view's ``can_claim`` (proved in Python from the
person's own cards, tests/test_claim.py), and the first time it shows it is
pressed: the hand must end at once (its summary, then the next deal).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from table_helpers import decision, open_table, press, setup_game, take_turn, wait_idle

PHONE = {"is_mobile": True, "has_touch": True, "device_scale_factor": 1}
SIZES = {
    "desktop": ({"width": 1024, "height": 700}, {}),
    "phone": ({"width": 360, "height": 640}, PHONE),
}


@pytest.mark.parametrize("size", list(SIZES))
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
            offered = page.evaluate("Boolean(window.whistTable.view.can_claim)")
            shown = page.evaluate("document.body.dataset.canClaim === '1'")
            visible = page.locator("#btn-claim").is_visible() or (
                page.locator("#btn-claim").count() == 1 and shown)
            assert shown == offered and visible == offered
            if decision(page) != "card":
                assert not offered
            elif offered:
                hand = page.evaluate("window.whistTable.view.observation.hand_number")
                page.mouse.move(1, 1)
                page.screenshot(path=str(artifacts_dir / f"claim-{size}.png"))
                before = len(summaries)
                press(page, "#btn-claim")
                assert wait_idle(page, summaries) == "human"
                assert len(summaries) == before + 1
                assert page.evaluate("window.whistTable.view.observation.hand_number") == hand + 1
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

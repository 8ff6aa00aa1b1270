"""Sounds (issue 20, item 4): off by default, the menu's switch kept between visits.

With the switch on, a card played makes sounds (counted on ``data-sounds``:
a headless browser may have no audio device); with it off, none.  The check
runs at a desktop and a phone size.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from table_helpers import open_table, press, setup_game, take_turn, wait_idle

PHONE = {"is_mobile": True, "has_touch": True, "device_scale_factor": 1}
SIZES = {
    "desktop": ({"width": 1024, "height": 700}, {}),
    "phone": ({"width": 360, "height": 640}, PHONE),
}


def sounds(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.sounds ?? 0)"))


@pytest.mark.parametrize("size", list(SIZES))
def test_sounds_are_off_by_default_and_the_switch_is_kept(
        browser: Any, base_url: str, request_log: Any, size: str) -> None:
    viewport, extra = SIZES[size]
    context = browser.new_context(viewport=viewport, **extra)
    context.on("request", request_log.record)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_table(page, base_url, "?seed=3")
        assert page.evaluate("document.body.dataset.sound") == "off"
        setup_game(page, "classic-whist", {"players": 2, "cards": 5, "winning_score": 9},
                   level="beginner")
        rng = random.Random(1)
        take_turn(page, rng, tap=bool(extra))
        wait_idle(page)
        assert sounds(page) == 0
        if not page.locator("#sound").is_visible():
            press(page, "#btn-menu")
        page.locator("#sound").check()
        assert page.evaluate("document.body.dataset.sound") == "on"
        page.keyboard.press("Escape")
        before = sounds(page)
        take_turn(page, rng, tap=bool(extra))
        wait_idle(page)
        assert sounds(page) > before
        page.reload()
        page.wait_for_selector("body[data-app]", state="attached", timeout=60_000)
        assert page.evaluate("document.body.dataset.sound") == "on"
        assert page.locator("#sound").is_checked()
        assert not errors
        assert not request_log.foreign()
    finally:
        context.close()

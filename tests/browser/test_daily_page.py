"""The daily deal through the page (issue 20, item 1), at a desktop and a phone size.

Two fresh browser profiles on the same (fixed) date deal the same first hand;
another date deals another.  A short daily game played to its end shows the
result card, whose "Copy result" puts a text with no card on the clipboard;
playing the same daily again is kept in the statistics marked as a replay.
"""

from __future__ import annotations

import datetime
import random
import re
from pathlib import Path
from typing import Any

import pytest
from table_helpers import PLAYERS, observation, open_table, press, take_turn, turn, wait_idle

PHONE = {"is_mobile": True, "has_touch": True, "device_scale_factor": 1}
SIZES = {
    "desktop": ({"width": 1024, "height": 700}, {}),
    "phone": ({"width": 360, "height": 640}, PHONE),
}
#: A short game, so that a whole daily is played against the daily's Advanced seats.
SHORT = ("classic-whist", {"players": 2, "cards": 3, "winning_score": 4})
CARD = re.compile(r"(10|[2-9JQKA])[♠♥♦♣]|[♠♥♦♣]")


def fresh_page(browser: Any, size: str, date: str, request_log: Any) -> tuple[Any, Any]:
    viewport, extra = SIZES[size]
    context = browser.new_context(viewport=viewport, **extra)
    context.on("request", request_log.record)
    page = context.new_page()
    page.clock.set_fixed_time(datetime.datetime.fromisoformat(f"{date}T12:00:00+00:00"))
    return context, page


def start_daily(page: Any, base_url: str, game: str, options: dict[str, Any]) -> None:
    """Choose the game and its options on the first screen and press "Daily deal"."""
    open_table(page, base_url)
    if page.locator("#summary[open]").count():
        page.click("#summary-setup")
    if turn(page) != "setup":
        press(page, "#btn-new")
    page.check(f'#setup-games input[value="{game}"]')
    # The options and the speed live behind the first screen's disclosure.
    page.evaluate("""() => { for (const id of ["setup-more", "setup-advanced"])
                               document.getElementById(id).open = true; }""")
    for name, value in options.items():
        field = page.locator(f'#setup-options [data-option="{name}"]')
        if field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
        field.dispatch_event("change")
    players = options.get("players", PLAYERS[game])
    page.wait_for_function(
        "n => document.querySelectorAll('#setup-seats select[data-seat]').length === n - 1",
        arg=players)
    page.select_option("#setup-speed", "instant")
    page.click("#daily-start")
    wait_idle(page)


def first_hand(page: Any) -> list[str]:
    hand: list[str] = observation(page)["hand"]
    return hand


# The deal does not depend on the screen: one size (the others in test_six_sizes.py).
@pytest.mark.parametrize("size", ["desktop"])
def test_the_same_date_deals_the_same_first_hand_in_two_profiles(
        browser: Any, base_url: str, request_log: Any, size: str) -> None:
    hands = []
    for date in ("2026-11-24", "2026-11-24", "2026-11-25"):
        context, page = fresh_page(browser, size, date, request_log)
        try:
            start_daily(page, base_url, "diminishing-whist", {})
            assert page.evaluate("window.whistTable.table.daily") == date
            levels = page.evaluate("window.whistTable.table.levels")
            assert levels == ["human", "advanced", "advanced", "advanced"]
            # The first round deals one card each: the next rounds show more of the deal.
            hands.append((first_hand(page),
                          page.evaluate("window.whistTable.table.hand_number")))
        finally:
            context.close()
    assert hands[0] == hands[1]
    assert hands[0] != hands[2] or len(hands[0][0]) == 1
    assert not request_log.foreign()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_daily_result_copies_no_card_and_a_second_play_is_a_replay(
        browser: Any, base_url: str, artifacts_dir: Path, request_log: Any, size: str) -> None:
    context, page = fresh_page(browser, size, "2026-11-24", request_log)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        rng = random.Random(size)
        for attempt in range(2):
            start_daily(page, base_url, *SHORT)
            for _ in range(60):
                if wait_idle(page) == "over":
                    break
                take_turn(page, rng, tap=bool(SIZES[size][1]))
            page.wait_for_selector('#daily-card[data-state="ready"]', state="attached")
            text = page.locator("#daily-text").inner_text()
            assert text.startswith("Whist Table daily · Classic Whist · 2026-11-24\nScore ")
            assert not CARD.search(text)
            assert page.locator("#daily-replay").is_visible() == (attempt == 1)
            page.click("#daily-copy")
            page.wait_for_selector("#daily-card[data-copied]", state="attached")
            if page.evaluate("document.querySelector('#daily-card').dataset.copied") == "1":
                copied = page.evaluate("navigator.clipboard.readText()")
                assert copied == text and not CARD.search(copied)
            page.screenshot(path=str(artifacts_dir / f"daily-{size}-{attempt}.png"))
        games = page.evaluate("JSON.parse(localStorage.getItem('whist.stats')).games")
        daily = [g for g in games if g.get("daily") == "2026-11-24"]
        assert [g["replay"] for g in daily] == [False, True]
        assert not errors
    finally:
        context.close()

"""Input on the table: phone taps, mouse hover and clicks, keyboard, illegal cards, hint, undo, rules."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from table_helpers import (
    CORNER,
    MY_LEGAL_CARDS,
    click_card,
    decision,
    hand,
    observation,
    open_table,
    press,
    setup_game,
    take_turn,
    wait_idle,
)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
CLASSIC = {"cards": 13, "winning_score": 13}


def _to_card_turn(page: Any, rng: random.Random) -> None:
    """Play on until the person must play a card."""
    for _ in range(40):
        assert wait_idle(page) == "human"
        if decision(page) == "card":
            return
        take_turn(page, rng)
    raise AssertionError("no card to play")


@pytest.mark.browser_context_args(**PHONE)
def test_phone_tap_zooms_and_double_tap_plays(page: Any, request_log: Any, base_url: str,
                                              artifacts_dir: Path) -> None:
    open_table(page, base_url, "?seed=21")
    setup_game(page, "classic-whist", CLASSIC)
    _to_card_turn(page, random.Random(1))
    before = hand(page)
    card = page.locator(MY_LEGAL_CARDS).first
    played = card.get_attribute("data-card")
    click_card(card, tap=True)
    assert card.get_attribute("data-zoomed") == "1"  # a tap only zooms
    assert page.evaluate("document.body.dataset.turn") == "human"
    assert hand(page) == before
    transform = card.evaluate("el => getComputedStyle(el).transform")
    assert transform not in ("none", "")
    # A table card zooms too (the one on top of the trick).
    table_card = page.locator("#trick .card").last
    if table_card.count():
        table_card.tap(position=CORNER)
        assert table_card.get_attribute("data-zoomed") == "1"
        assert card.get_attribute("data-zoomed") is None
    page.screenshot(path=str(artifacts_dir / "phone.png"), full_page=True)
    click_card(card, tap=True)
    click_card(card, tap=True)  # two quick taps: a double tap plays
    wait_idle(page)
    after = hand(page)
    assert len(after) == len(before) - 1 or page.evaluate("document.body.dataset.over") == "1"
    assert after.count(played) == before.count(played) - 1
    # The page fits a 390 px phone: nothing wider than the screen.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width


def test_mouse_hover_zooms_click_plays_and_illegal_card_says_why(
        page: Any, request_log: Any, base_url: str) -> None:
    open_table(page, base_url, "?seed=22")
    setup_game(page, "classic-whist", CLASSIC)
    rng = random.Random(2)
    for _ in range(30):
        _to_card_turn(page, rng)
        illegal = page.locator('#hand .card[data-legal="0"]')
        if illegal.count():
            break
        take_turn(page, rng)
    else:
        pytest.fail("never had to follow suit")
    legal = page.locator(MY_LEGAL_CARDS).first
    legal.hover(position=CORNER)
    page.wait_for_timeout(250)
    assert legal.evaluate("el => getComputedStyle(el).transform") not in ("none", "")
    before = hand(page)
    led = page.evaluate("window.whistTable.table.trick[0].card").strip()[-1]
    assert illegal.first.get_attribute("aria-disabled") == "true"
    click_card(illegal.first, force=True)  # still pressable: it says why not
    message = page.locator("#message")
    message.wait_for(state="visible")
    assert f"follow {led}" in message.inner_text()
    assert hand(page) == before  # nothing changed
    assert page.evaluate("document.body.dataset.turn") == "human"
    played = legal.get_attribute("data-card")
    click_card(legal)
    wait_idle(page)
    assert hand(page).count(played) == before.count(played) - 1
    assert message.is_hidden()


def test_keyboard_arrows_and_enter(page: Any, request_log: Any, base_url: str) -> None:
    open_table(page, base_url, "?seed=23")
    setup_game(page, "classic-whist", CLASSIC)
    _to_card_turn(page, random.Random(3))
    legal = page.locator(MY_LEGAL_CARDS).evaluate_all("els => els.map(e => e.dataset.card)")
    page.locator("#status").click()  # focus nowhere in particular
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused == legal[0]
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # a visible focus ring
    if len(legal) > 1:
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.card") == legal[1]
        page.keyboard.press("ArrowLeft")
    target = page.evaluate("document.activeElement.dataset.card")
    before = hand(page)
    page.keyboard.press("Enter")
    wait_idle(page)
    assert hand(page).count(target) == before.count(target) - 1


def test_bidding_controls_hint_undo_and_rules(page: Any, request_log: Any, base_url: str) -> None:
    open_table(page, base_url, "?seed=24")
    setup_game(page, "bidding-whist", {"hands": 1}, level="random")
    assert wait_idle(page) == "human"
    assert decision(page) == "initial_bid"
    # The grid: 9 numbers x 5 denominations plus skip; only bids that beat the high bid are enabled.
    assert page.locator("#controls .bid-grid button[data-action]").count() == 45
    high = observation(page)["high_bid"]
    if high is None:
        assert page.locator('#controls button[data-action="5♣"]').is_enabled()
    assert page.locator('#controls button[data-action="skip"]').is_enabled()
    # Rules are one click away.
    press(page, "#btn-rules")
    assert "Bidding Whist" in page.locator("#rules-title").inner_text()
    assert "Secondary bets" in page.locator("#rules-body").inner_text()
    page.click("#rules-dialog button")
    # A hint from the strong player lists candidates with estimates.
    page.click("#btn-hint")
    page.wait_for_selector("#hint-box .hint-item, #message:not([hidden])", timeout=45_000)
    assert page.locator("#hint-box .hint-item").count() >= 1, page.locator("#message").inner_text()
    best = page.locator("#hint-box .hint-item.best").get_attribute("data-hint")
    assert best == "skip" or page.locator(f'#controls button[data-action="{best}"]').is_enabled()
    # Undo takes back the person's decision, and its lines in the log.
    hand_before = hand(page)
    log_before = page.evaluate(LOG)
    page.click('#controls button[data-action="skip"]')
    wait_idle(page)
    assert page.locator("#btn-undo").is_enabled()
    assert page.evaluate(LOG) != log_before
    page.click("#btn-undo")
    wait_idle(page)
    assert decision(page) == "initial_bid"
    assert hand(page) == hand_before
    assert page.evaluate(LOG) == log_before


#: The event log's lines, newest first.
LOG = "[...document.querySelectorAll('#events p')].map((p) => p.textContent)"


SMALL_PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
               "device_scale_factor": 2}


@pytest.mark.browser_context_args(**SMALL_PHONE)
@pytest.mark.parametrize("game, options", [
    ("black-queen", {"players": 6, "hands": 1}),
    ("nine-five-two", {"target": 3}),
    ("bidding-whist", {}),
    ("diminishing-whist", {"players": 5}),
], ids=["black-queen-6", "nine-five-two", "bidding-whist", "diminishing-whist-5"])
def test_the_table_fits_a_360px_phone(page: Any, request_log: Any, base_url: str,
                                      artifacts_dir: Path, game: str,
                                      options: dict[str, Any]) -> None:
    open_table(page, base_url, "?seed=5")
    setup_game(page, game, options)
    assert wait_idle(page) == "human"
    page.screenshot(path=str(artifacts_dir / f"phone-360-{game}.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{game}: the page is {width} px wide on a 360 px screen"
    # Every card of the person's hand is on screen horizontally.
    boxes = page.locator("#hand .card").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })")
    assert boxes and all(left >= 0 and right <= 360 for left, right in boxes), boxes

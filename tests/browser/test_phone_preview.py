"""The zoomed copy a tap shows on a phone: what a second tap does, and the trick kept in sight.

A tap on a card of the hand zooms it (a large copy on the felt) and a second tap plays it.
The copy says so under it ("Tap again to play") on the person's turn; for a card that may not
be played now it is dimmed as in the hand and says Python's reason (the view's ``reason``)
at once, before any second tap; out of turn it says nothing about playing. It covers none of
the trick's cards, the status line, the person's bar or hand (a card drawn large, or one with
no room on the felt for a larger copy, gets the words alone); a tap on the copy itself is a
second tap on its card. Screenshots of each state go to the artifacts folder: look at them.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from table_helpers import (
    MY_LEGAL_CARDS,
    click_card,
    decision,
    hand,
    open_table,
    setup_game,
    take_turn,
    wait_idle,
)

TOUCH = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}
CLASSIC = {"cards": 13, "winning_score": 13}
SIZES = [(360, 640), (390, 844), (844, 390)]

#: Whether the shown #preview lies over any drawn element `sel` finds (touching edges do not
#: count); null while the preview is hidden.
OVER = """(sel) => {
  const p = document.querySelector('#preview');
  if (p.hidden) return null;
  const a = p.getBoundingClientRect();
  return [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length)
    .map((e) => e.getBoundingClientRect())
    .some((b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
                 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5);
}"""
#: What the preview must never cover: the trick's cards, the status line, the person's bar and hand.
KEPT = ("#trick .play", "#bar", "#me", "#hand")


def _must_follow(page: Any, rng: random.Random) -> None:
    """Play on (by taps) until the person must play a card and one of theirs may not be played."""
    for _ in range(60):
        assert wait_idle(page) == "human"
        if decision(page) == "card" and page.locator('#hand .card[data-legal="0"]').count():
            return
        take_turn(page, rng, tap=True)
    pytest.fail("never had to follow suit")


def _assert_clear(page: Any) -> None:
    for sel in KEPT:
        assert page.evaluate(OVER, sel) is False, f"the preview covers {sel}"


@pytest.mark.parametrize(
    "size",
    [pytest.param(size, id=f"{size[0]}x{size[1]}",
                  marks=pytest.mark.browser_context_args(
                      viewport={"width": size[0], "height": size[1]}, **TOUCH))
     for size in SIZES])
def test_a_tap_says_what_the_next_tap_does_and_keeps_the_trick_in_sight(
        page: Any, request_log: Any, base_url: str, artifacts_dir: Path,
        size: tuple[int, int]) -> None:
    name = f"{size[0]}x{size[1]}"
    open_table(page, base_url, "?seed=22")
    setup_game(page, "classic-whist", CLASSIC)
    _must_follow(page, random.Random(2))
    preview = page.locator("#preview")
    note = page.locator("#preview .preview-note")
    assert page.locator("#trick .play").count() >= 1  # a suit was led: the trick is on the table
    before = hand(page)

    # A playable card: the copy says a second tap plays it; nothing is played yet.
    legal = page.locator(MY_LEGAL_CARDS).first
    click_card(legal, tap=True)
    expect(preview).to_have_attribute("data-next", "play")
    expect(note).to_have_text("Tap again to play")
    assert legal.get_attribute("data-zoomed") == "1"
    assert hand(page) == before
    assert page.evaluate("document.body.dataset.turn") == "human"
    _assert_clear(page)
    page.screenshot(path=str(artifacts_dir / f"phone-preview-{name}-playable.png"))

    # A card that may not be played now: dimmed as in the hand, Python's reason at once.
    illegal = page.locator('#hand .card[data-legal="0"]').first
    reason = illegal.get_attribute("data-reason")
    led = page.evaluate("window.whistTable.table.trick[0].card").strip()[-1]
    assert reason and f"follow {led}" in reason
    click_card(illegal, tap=True, force=True)
    expect(preview).to_have_attribute("data-next", "refused")
    expect(note).to_have_text(reason)  # the view's words (the first letter drawn upper-case)
    assert illegal.get_attribute("data-zoomed") == "1"
    assert page.locator("#message").is_hidden()  # said on the copy, before any second tap
    copy = page.locator("#preview .card")
    if copy.count():  # a card drawn small gets a copy; a large one only lifts, with the words
        assert copy.get_attribute("data-legal") == "0"
        assert copy.evaluate("el => getComputedStyle(el).filter") != "none"
    assert note.evaluate("el => getComputedStyle(el).filter") == "none"  # the words stay bright
    _assert_clear(page)
    page.screenshot(path=str(artifacts_dir / f"phone-preview-{name}-unplayable.png"))
    # The second tap says it again in the message line, and keeps the turn.
    click_card(illegal, tap=True, force=True)
    expect(page.locator("#message")).to_contain_text(reason)
    expect(preview).to_be_hidden()
    assert hand(page) == before
    assert page.evaluate("document.body.dataset.turn") == "human"

    # Out of turn (the computers paused after the person plays): nothing about playing.
    players = len(page.evaluate("window.whistTable.table.seats"))
    last = page.locator("#trick .play").count() == players - 1
    if not last:
        page.locator("#btn-pause").tap()
        expect(page.locator("#btn-pause")).to_have_attribute("aria-pressed", "true")
    legal = page.locator(MY_LEGAL_CARDS).first
    played = legal.get_attribute("data-card")
    click_card(legal, tap=True)
    expect(note).to_have_text("Tap again to play")
    if copy.count():
        copy.tap()  # a tap on the copy is the second tap on its card
    else:
        note.tap()
    page.wait_for_function("n => document.querySelectorAll('#hand .card').length < n",
                           arg=len(before))
    assert hand(page).count(played) == before.count(played) - 1
    expect(preview).to_be_hidden()
    if last:
        assert wait_idle(page) in ("human", "over")
        return
    page.wait_for_function("() => !window.whistTable.table.human_to_move"
                           " && document.body.dataset.turn === 'computer'")
    mine = page.locator("#hand .card").first
    click_card(mine, tap=True)
    expect(mine).to_have_attribute("data-zoomed", "1")
    assert note.count() == 0
    assert preview.get_attribute("data-next") is None
    if not preview.is_hidden():
        _assert_clear(page)
    page.screenshot(path=str(artifacts_dir / f"phone-preview-{name}-out-of-turn.png"))
    page.locator("#btn-pause").tap()
    assert wait_idle(page) in ("human", "over")


@pytest.mark.browser_context_args(viewport={"width": 360, "height": 640}, **TOUCH)
def test_a_full_trick_stays_in_sight_at_360x640(page: Any, request_log: Any, base_url: str,
                                                artifacts_dir: Path) -> None:
    """The person last to play: three cards on a 360 px felt, and beside them the copy (or,
    with no room for a copy larger than the card, the words alone)."""
    open_table(page, base_url, "?seed=23")
    setup_game(page, "classic-whist", CLASSIC)
    rng = random.Random(4)
    for _ in range(80):
        assert wait_idle(page) == "human"
        if decision(page) == "card" and page.locator("#trick .play").count() == 3:
            break
        take_turn(page, rng, tap=True)
    else:
        pytest.fail("the person was never last to play")
    for n, card in enumerate((page.locator(MY_LEGAL_CARDS).first, page.locator("#hand .card").last)):
        click_card(card, tap=True, force=True)
        expect(card).to_have_attribute("data-zoomed", "1")
        expect(page.locator("#preview .preview-note")).to_have_count(1)
        page.screenshot(path=str(artifacts_dir / f"phone-preview-360x640-full-trick-{n}.png"))
        _assert_clear(page)

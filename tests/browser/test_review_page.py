"""Review, replay and statistics in the browser (issue 10, items 3 to 5).

One short Classic Whist game (3 cards a deal, first to 3 points, random
opponents, instant): the first deal is reviewed from its summary, the last from
the game's summary, the game is replayed, and the statistics it left survive a
reload and are cleared only after the page's own question.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from conftest import BRIDGE_URL
from table_helpers import IDLE, open_table, setup_game, take_turn, turn

OPTIONS = {"cards": 3, "winning_score": 3}
GRADES = {"good", "inaccurate", "mistake"}
SEED = 4
DESKTOP = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}

ASK_REVIEW = """async (hand) => {
  const { call } = await import(BRIDGE);
  try { await call("review_hand", { hand_number: hand, iterations: 0 }); return "answered"; }
  catch (err) { return err.message; }
}""".replace("BRIDGE", BRIDGE_URL)


def _state(page: Any, dialog: str, state: str, timeout: int = 40_000) -> None:
    page.wait_for_selector(f'#{dialog}[data-state="{state}"]', state="attached", timeout=timeout)


def _next_stop(page: Any) -> str:
    page.wait_for_selector(IDLE, state="attached", timeout=30_000)
    return turn(page)


def _open_stats(page: Any) -> None:
    """Stats: a tool on wide screens, in the menu on a narrow portrait one."""
    if page.locator("#btn-stats").is_visible():
        page.click("#btn-stats")
    else:
        page.click("#btn-menu")
        page.click("#btn-stats-menu")
    page.locator("#stats").wait_for(state="visible")


def _check_review(page: Any, players: int, cards: int) -> None:
    """A finished deal under review: every seat's cards, graded decisions, steps both ways."""
    _state(page, "review", "ready")
    grades = page.locator("#review-list li.decision").evaluate_all(
        "els => els.map(e => e.dataset.grade)")
    assert grades and set(grades) <= GRADES, grades
    assert "decision" in page.locator("#review-progress").inner_text()
    seats = page.locator("#review-seats .review-seat")
    assert seats.count() == players
    for i in range(players):
        assert seats.nth(i).locator(".card").count() == cards
    review = page.locator("#review")
    assert review.get_attribute("data-step") == "0"
    # The deal, then one step per trick (a game decided mid-deal stops early).
    last = int(review.get_attribute("data-steps") or 0) - 1
    assert last >= 1
    assert page.locator("#review-seats [data-gone], #review-seats [data-now]").count() == 0
    for step in range(1, last + 1):
        page.click("#review-next")
        assert review.get_attribute("data-step") == str(step)
        assert page.locator("#review-trick figure").count() == players
        # Python's marks, drawn: each seat's cards of earlier tricks gone, one card now,
        # and the person's own card of this trick marked as their choice.
        assert page.locator("#review-seats [data-gone]").count() == players * (step - 1)
        assert page.locator("#review-seats [data-now]").count() == players
        assert page.locator("#review-seats .you [data-chosen]").count() == 1
    assert page.locator("#review-next").is_disabled()
    page.click("#review-prev")
    assert review.get_attribute("data-step") == str(last - 1)
    page.click('#review-pips [data-step="0"]')
    assert review.get_attribute("data-step") == "0"
    # The person's card decisions are marked on their own cards.
    page.click(f'#review-pips [data-step="{last}"]')


def test_review_replay_and_statistics(page: Any, base_url: str, request_log: Any,
                                      artifacts_dir: Path) -> None:
    native: list[str] = []
    page.on("dialog", lambda d: (native.append(d.message), d.dismiss()))
    page.set_viewport_size(DESKTOP)
    open_table(page, base_url, f"?seed={SEED}")
    setup_game(page, "classic-whist", OPTIONS, level="random", speed="instant")
    rng = random.Random(SEED)

    # While the first deal is played, its review is refused: its cards are still secret.
    assert turn(page) == "human"
    assert "not finished" in page.evaluate(ASK_REVIEW, 0)
    assert not page.locator("#review[open]").count()

    # The first deal's summary: review it.
    reviewed_from_summary = False
    while True:
        now = _next_stop(page)
        if now == "over":
            break
        if now == "human":
            take_turn(page, rng)
            continue
        page.locator("#hand-summary").wait_for(state="visible")
        if not reviewed_from_summary:
            reviewed_from_summary = True
            page.click("#hand-summary-review")
            _check_review(page, 4, 3)
            page.mouse.move(1, 1)
            page.screenshot(path=str(artifacts_dir / "review-desktop.png"))
            # The deal now in play: refused, and not a card of it on the screen.
            page.select_option("#review-hand", "1")
            _state(page, "review", "error")
            assert "not finished" in page.locator("#review-error").inner_text()
            assert page.locator("#review-main").is_hidden()
            page.click("#review-close")
        page.click("#hand-summary-continue")
        page.wait_for_function("document.body.dataset.turn !== 'summary'")
    assert reviewed_from_summary, "the game ended in its first deal: choose another SEED"

    # The game's summary: the last deal's review, then the replay of the game.
    page.wait_for_selector('body[data-stats-games="1"]', state="attached")
    page.locator("#summary").wait_for(state="visible")
    page.click("#summary-review")
    _check_review(page, 4, 3)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(artifacts_dir / "review-phone.png"))
    page.set_viewport_size(DESKTOP)
    page.click("#review-close")
    assert int(page.evaluate("document.body.dataset.statsReviews")) == 2

    page.click("#summary-replay")
    _state(page, "replay", "ready")
    replay = page.locator("#replay")
    assert replay.get_attribute("data-step") == "0"
    steps = int(replay.get_attribute("data-steps") or 0)
    assert steps == 13  # the deal, then 12 cards
    for _ in range(4):
        page.click("#replay-next")
        _state(page, "replay", "ready")
    assert replay.get_attribute("data-step") == "4"
    assert page.locator("#replay-trick figure.winner").count() == 1  # the 4th card took a trick
    page.click("#replay-next")
    _state(page, "replay", "ready")
    assert replay.get_attribute("data-step") == "5"
    page.click("#replay-prev")
    _state(page, "replay", "ready")
    assert replay.get_attribute("data-step") == "4"
    assert page.locator("#replay-sheet table.scores").count() == 1
    page.click("#replay-last")
    _state(page, "replay", "ready")
    page.click("#replay-next")  # into the second deal
    _state(page, "replay", "ready")
    assert replay.get_attribute("data-hand") == "1"
    assert page.locator("#replay-sheet tbody tr[data-hand]").count() == 1  # the first deal scored
    page.screenshot(path=str(artifacts_dir / "replay-desktop.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(artifacts_dir / "replay-phone.png"))
    page.set_viewport_size(DESKTOP)
    page.click("#replay-close")
    page.click("#summary-close")

    # Statistics: the game is counted, and still after a reload.
    _open_stats(page)
    rows = page.locator("#stats-body tbody tr")
    assert rows.count() == 1
    assert rows.first.locator('[data-col="games"]').inner_text() == "1"
    assert rows.first.locator('[data-col="loss"]').inner_text() != "–"
    chart_picker = page.locator("#stats label:has(#stats-chart-game)")
    assert chart_picker.is_visible()
    page.screenshot(path=str(artifacts_dir / "stats-desktop.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(artifacts_dir / "stats-phone.png"))
    page.reload()
    page.wait_for_selector("body[data-app]", state="attached", timeout=60_000)
    if page.locator("#summary[open]").count():  # the finished game came back with its summary
        page.click("#summary-close")
    _open_stats(page)
    assert page.locator('#stats-body tbody tr [data-col="games"]').inner_text() == "1"

    # Clearing asks first (the page's own dialog): "Keep them" keeps them.
    page.click("#stats-clear")
    page.locator("#stats-confirm").wait_for(state="visible")
    page.click("#stats-confirm-cancel")
    assert page.locator("#stats-body tbody tr").count() == 1
    page.click("#stats-clear")
    page.click("#stats-confirm-clear")
    page.locator("#stats-empty").wait_for(state="visible")
    # No games: no chart, and no empty "Chart" picker either (its [hidden] wins over the CSS).
    assert chart_picker.get_attribute("hidden") is not None
    assert chart_picker.is_hidden()
    assert page.evaluate("localStorage.getItem('whist.stats')") is None
    assert not native, native

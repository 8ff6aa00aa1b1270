"""A first game in one tap and a review in a player's words (issue 19, items 3 and 4).

The first screen: the five games with a line each, Start works untouched (one
tap, at a phone's and a desktop's size), the levels say no engine name outside
the "Advanced" disclosure, the rules open at their top, the first hand's tips
show (on a phone from the bar's "Tip" button, over the felt) and can be switched
off for good.  The review: the trick stepper is one
row on a 360 px phone and small on a 640x360 one.  Screenshots in artifacts/.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from table_helpers import IDLE, open_table, press, setup_game, take_turn, turn

SIZES = {
    "phone": {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
ENGINE_WORDS = ("engine", "compat", "nerd", "strength", "expectation", "heuristic", "gaussian",
                "strong", "random", "smart", "highest_rank", "+")
LEVELS = ["Beginner", "Intermediate", "Advanced", "Expert"]


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, browser: Any, base_url: str) -> Any:
    """A fresh page (no saved settings) at a phone's or a desktop's size."""
    context = browser.new_context(base_url=base_url, **SIZES[request.param])
    context.add_init_script("try { localStorage.setItem('whist-snapshot', 'off'); } catch {}")
    try:
        page = context.new_page()
        page.size_name = request.param
        yield page
    finally:
        context.close()


def _visible_text(page: Any) -> str:
    """What the first screen shows (a closed disclosure's content is not rendered)."""
    return str(page.locator("#setup").inner_text())


def test_one_tap_starts_a_first_game_with_tips(sized: Any, base_url: str,
                                               artifacts_dir: Path) -> None:
    page = sized
    size = page.size_name
    open_table(page, base_url, "?seed=7")
    assert turn(page) == "setup"
    choices = page.locator("#setup-games .game-choice")
    assert choices.count() == 5
    for i in range(5):
        line = choices.nth(i).locator("small").inner_text().strip()
        assert line, choices.nth(i).inner_text()
    shown = _visible_text(page).lower()
    assert not any(word in shown for word in ENGINE_WORDS), shown
    # The levels up front are the four in a player's words; engines only under Advanced.
    labels = page.eval_on_selector_all("#setup-seats select[data-seat] >> nth=0 >> option",
                                       "os => os.map(o => o.textContent)")
    assert labels == LEVELS
    outside = page.evaluate("""() => [...document.querySelectorAll('#setup option')]
        .filter(o => !o.closest('#setup-advanced')).map(o => o.textContent.toLowerCase())""")
    assert not [t for t in outside if any(w in t for w in ENGINE_WORDS)], outside
    inside = page.eval_on_selector_all("#setup-engines option", "os => os.map(o => o.value)")
    assert "random" in inside and "strong" in inside
    page.screenshot(path=str(artifacts_dir / f"welcome-first-screen-{size}.png"))

    start = page.locator("#start")
    if size == "phone":
        start.tap()
    else:
        start.click()
    page.wait_for_selector(IDLE, state="attached", timeout=60_000)
    assert turn(page) == "human"
    levels = page.evaluate("whistTable.table.levels")
    assert levels[0] == "human" and set(levels[1:]) == {"beginner"}
    tip = page.locator("#tip")
    if size == "phone":
        # A phone's table keeps its height: the tip opens from the bar, over the felt.
        assert tip.is_hidden()
        page.locator("#tip-show").tap()
        box = tip.bounding_box()
        mine = page.locator("#mine").bounding_box()
        assert box and mine and box["y"] + box["height"] <= mine["y"] + 1, (box, mine)
    assert tip.is_visible()
    assert page.locator("#tip-text").inner_text() == page.evaluate("whistTable.table.tip")
    page.screenshot(path=str(artifacts_dir / f"welcome-first-tip-{size}.png"))

    # Switched off, the tips stay off after a reload.
    page.locator("#tip-off").click()
    assert tip.is_hidden() and page.locator("#tip-show").is_hidden()
    page.reload()
    page.wait_for_selector("body[data-app]", state="attached", timeout=60_000)
    page.wait_for_selector(IDLE, state="attached", timeout=60_000)
    assert page.locator("#tip").is_hidden()
    press(page, "#btn-new")
    assert not page.locator("#setup-tips").is_checked()


#: Every game of the first screen in sight, not under the pinned Start bar: each option's box
#: inside the window, and its middle and its foot answer a tap as that option; Start too.
IN_SIGHT = """() => {
  const own = (e, x, y) => { const hit = document.elementFromPoint(x, y); return !!hit && e.contains(hit); };
  const start = document.getElementById('start');
  return [...document.querySelectorAll('#setup-games .game-choice'), start].filter((e) => {
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2;
    return !(r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth
             && own(e, x, r.top + r.height / 2) && own(e, x, r.bottom - 2));
  }).map((e) => e.dataset.game ?? e.id);
}"""


@pytest.mark.parametrize("width,height", [(844, 390), (640, 360), (390, 844), (360, 640),
                                          (1366, 860), (1024, 700)])
def test_every_game_is_in_sight_on_the_first_screen(browser: Any, base_url: str,
                                                    artifacts_dir: Path, width: int,
                                                    height: int) -> None:
    """A phone on its side included: the five games and Start show without scrolling."""
    phone = width < 1000
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height},
                                  is_mobile=phone, has_touch=phone)
    context.add_init_script("try { localStorage.setItem('whist-snapshot', 'off'); } catch {}")
    try:
        page = context.new_page()
        page.goto(base_url)
        page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
        assert turn(page) == "setup"
        assert page.locator("#setup-games .game-choice").count() == 5
        page.screenshot(path=str(artifacts_dir / f"welcome-games-{width}x{height}.png"))
        hidden = page.evaluate(IN_SIGHT)
        assert not hidden, f"{width}x{height}: out of sight on the first screen: {hidden}"
        assert page.evaluate("document.documentElement.scrollHeight") <= height
    finally:
        context.close()


def test_rules_open_at_their_top_on_a_phone(browser: Any, base_url: str,
                                            artifacts_dir: Path) -> None:
    context = browser.new_context(base_url=base_url, **SIZES["phone"])
    try:
        page = context.new_page()
        open_table(page, base_url)
        page.check('#setup-games input[value="nine-five-two"]')
        # Behind the disclosures: the four levels, then the engines by name under "Advanced".
        page.click("#setup-more > summary")
        page.locator("#setup-seats").screenshot(path=str(artifacts_dir / "welcome-levels-phone.png"))
        page.click("#setup-advanced > summary")
        page.locator("#setup-engines").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir / "welcome-advanced-phone.png"))
        assert "Rules" in page.locator("#setup-rules").inner_text()
        page.click("#setup-rules")
        dialog = page.locator("#rules-dialog")
        dialog.wait_for(state="visible")
        # The rules are longer than the phone's screen, so where they open matters.
        assert dialog.evaluate("d => d.scrollHeight > d.clientHeight")
        assert dialog.evaluate("d => d.scrollTop") == 0
        assert "9-5-2" in page.locator("#rules-title").inner_text()
        page.screenshot(path=str(artifacts_dir / "welcome-rules-phone.png"))
        page.locator("#rules-dialog button").click()
        # In a game, from the menu: the same.
        page.click("#start")
        page.wait_for_selector(IDLE, state="attached", timeout=60_000)
        press(page, "#btn-rules")
        dialog.wait_for(state="visible")
        assert dialog.evaluate("d => d.scrollTop") == 0
    finally:
        context.close()


def _one_row(page: Any) -> bool:
    """Whether the review's stepper controls sit in one row (every one overlaps every other)."""
    return bool(page.eval_on_selector_all("#review .stepper > *", """els => {
        const boxes = els.map(e => e.getBoundingClientRect());
        return Math.max(...boxes.map(b => b.top)) < Math.min(...boxes.map(b => b.bottom));
    }"""))


def test_review_stepper_is_one_row_on_a_phone(page: Any, base_url: str,
                                             artifacts_dir: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_table(page, base_url, "?seed=4")
    setup_game(page, "classic-whist", {"cards": 3, "winning_score": 3}, level="random")
    rng = random.Random(4)
    while True:
        page.wait_for_selector(IDLE, state="attached", timeout=30_000)
        now = turn(page)
        if now == "human":
            take_turn(page, rng)
            continue
        break
    button = "#hand-summary-review" if now == "summary" else "#summary-review"
    page.click(button)
    page.wait_for_selector('#review[data-state="ready"]', state="attached", timeout=40_000)
    for width, height, name in ((360, 640, "phone"), (640, 360, "phone-landscape")):
        page.set_viewport_size({"width": width, "height": height})
        assert _one_row(page)
        box = page.locator("#review .stepper").bounding_box()
        assert box is not None and box["height"] <= 0.2 * height, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
        text = page.locator("#review-main").inner_text()
        assert "@" not in text and "_" not in text, text
        page.screenshot(path=str(artifacts_dir / f"welcome-review-{name}.png"))
    page.set_viewport_size({"width": 360, "height": 640})
    page.locator("#review-list").screenshot(path=str(artifacts_dir / "welcome-review-list-phone.png"))

"""Driving the card table page like a person: set up a game, choose, play, read the sheet.

Everything goes through the page's controls (clicks on cards and buttons);
the page's ``data-*`` hooks say whose turn it is and what is legal.

The table (issue 9) overlaps the person's cards in rows on small screens, so a
card is clicked where it always shows (its top-left corner, see
:func:`click_card`); the tools that live in the menu are pressed through it
(:func:`press`); and the end-of-hand summary, which waits for the person, is
a turn of its own (``data-turn="summary"``) that :func:`wait_idle` continues.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from conftest import BRIDGE_URL

APP_TIMEOUT_MS = 60_000
TURN_TIMEOUT_MS = 30_000
IDLE = 'body[data-turn="human"], body[data-turn="over"], body[data-turn="summary"]'
#: Where a card is clicked: its top-left corner, never covered in a fan or a row of rows.
CORNER = {"x": 8, "y": 10}
MY_LEGAL_CARDS = '#hand .card[data-legal="1"], #me .card.mine[data-legal="1"]'
#: The test bundle's hook (whist_app/testhooks.py) for the shown seat's raw observation.
OBSERVE = """async () => (await import(BRIDGE)).call("__observation", {})""".replace(
    "BRIDGE", BRIDGE_URL)
#: The levels in a player's words (others are engines, chosen under "Advanced").
PLAYER_LEVELS = ("beginner", "intermediate", "advanced", "expert")
#: Seats in each game with the options the tests use (what the set-up screen shows).
PLAYERS = {"diminishing-whist": 4, "black-queen": 4, "nine-five-two": 3,
           "bidding-whist": 4, "classic-whist": 4}


def open_table(page: Any, base_url: str, query: str = "") -> Any:
    """Open the page and wait until the table has loaded its catalog (and any saved game)."""
    page.goto(base_url + query)
    page.wait_for_selector("body[data-app]", state="attached", timeout=APP_TIMEOUT_MS)
    return page


def turn(page: Any) -> str:
    """The page's ``data-turn``: setup, human, computer, busy, over, ..."""
    return str(page.evaluate("document.body.dataset.turn"))


def wait_idle(page: Any, summaries: list[str] | None = None, on_summary: Any = None) -> str:
    """Wait until the person must act or the game is over; return which.

    An end-of-hand summary on the way is continued (its title appended to
    ``summaries`` when given, ``on_summary(page)`` called first when given).
    """
    for _ in range(200):
        try:
            page.wait_for_selector(IDLE, state="attached", timeout=TURN_TIMEOUT_MS)
        except Exception as error:
            state = page.evaluate("""() => ({data: {...document.body.dataset},
                message: document.querySelector('#message')?.textContent,
                notice: document.querySelector('#notice')?.textContent,
                setup: document.querySelector('#setup-error')?.textContent,
                status: document.querySelector('#status')?.textContent})""")
            raise AssertionError(f"the page never became idle: {state}") from error
        now = turn(page)
        if now != "summary":
            return now
        dialog = page.locator("#hand-summary")
        dialog.wait_for(state="visible")
        if summaries is not None:
            summaries.append(page.locator("#hand-summary-title").inner_text())
        if on_summary is not None:
            on_summary(page)
        page.click("#hand-summary-continue")
        page.wait_for_function("document.body.dataset.turn !== 'summary'")
    raise AssertionError("end-of-hand summaries without end")


def press(page: Any, selector: str) -> None:
    """Press a tool, opening the menu first when the tool lives in it."""
    button = page.locator(selector)
    if not button.is_visible() and page.locator("#btn-menu").is_visible():
        page.click("#btn-menu")
    button.click()


def click_card(card: Any, tap: bool = False, force: bool = False) -> None:
    """Click (or tap) a card where it always shows: its top-left corner.

    ``force`` clicks a card marked ``aria-disabled`` (not playable now), which
    Playwright otherwise waits on: a person can still press it and be told why.
    """
    if tap:
        card.tap(position=CORNER, force=force)
    else:
        card.click(position=CORNER, force=force)


def setup_game(page: Any, game: str, options: dict[str, Any] | None = None,
               level: str = "random", speed: str = "instant") -> None:
    """Choose a game, its options, every computer seat's level and the speed; press Start."""
    if page.locator("#summary[open]").count():
        page.click("#summary-setup")  # the game just ended: "New game…" from its summary
    if turn(page) != "setup":
        press(page, "#btn-new")
    page.check(f'#setup-games input[value="{game}"]')
    # The options, levels and named engines live behind the first screen's disclosures.
    page.evaluate("""() => { for (const id of ["setup-more", "setup-advanced"])
                               document.getElementById(id).open = true; }""")
    for name, value in (options or {}).items():
        field = page.locator(f'#setup-options [data-option="{name}"]')
        if isinstance(value, bool):
            field.set_checked(value)
        elif field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
        field.dispatch_event("change")
    players = (options or {}).get("players", PLAYERS[game])
    page.wait_for_function(
        "n => document.querySelectorAll('#setup-seats select[data-seat]').length === n - 1",
        arg=players)
    level_box = "#setup-seats" if level in PLAYER_LEVELS else "#setup-engines"
    for select in page.locator("#setup-seats select[data-seat]").all():
        select.select_option(level if level in PLAYER_LEVELS else "beginner")
    for select in page.locator("#setup-engines select[data-seat]").all():
        select.select_option(level if level_box == "#setup-engines" else "")
    page.select_option("#setup-speed", speed)
    page.click("#start")
    wait_idle(page)


def decision(page: Any) -> str:
    """The person's pending decision kind (card, bid, initial_bid, trump, discard, ...)."""
    return str(page.evaluate("document.body.dataset.decision"))


def observation(page: Any) -> dict[str, Any]:
    """The raw observation of the seat the page shows, from the test bundle's hook
    (the replies carry only the view); ask it while the page is idle."""
    obs: dict[str, Any] = page.evaluate(OBSERVE)
    return obs


def hand(page: Any) -> list[str]:
    """The cards shown in the person's hand, in display order."""
    cards: list[str] = page.locator("#hand .card").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    return cards


def take_turn(page: Any, rng: random.Random, tap: bool = False) -> str:
    """Make one legal choice through the page's controls; return the decision kind."""
    kind = decision(page)
    if kind == "card":
        cards = page.locator(MY_LEGAL_CARDS)
        card = cards.nth(rng.randrange(cards.count()))
        click_card(card, tap)
        if tap and turn(page) == "human" and card.get_attribute("data-zoomed"):
            click_card(card, tap)  # the first tap zoomed it; the second plays it
    elif kind in ("discard", "pass"):
        count = int(page.evaluate("window.whistTable.table.choices.select.count"))
        size = page.locator("#hand .card").count()
        for index in sorted(rng.sample(range(size), count)):
            click_card(page.locator(f'#hand .card[data-index="{index}"]'), tap)
        page.click("#confirm-cards:not([disabled])")
    else:
        buttons = page.locator("#controls button[data-action]:not([disabled]):visible")
        button = buttons.nth(rng.randrange(buttons.count()))
        if tap:
            button.tap()
        else:
            button.click()
    return kind


def play_to_end(page: Any, rng: random.Random, max_actions: int = 600,
                screenshot: Path | None = None, on_turn: Any = None) -> list[str]:
    """Play the person's seat until the game is over; return the decision kinds met."""
    kinds: list[str] = []
    for _ in range(max_actions):
        if wait_idle(page) == "over":
            return kinds
        if on_turn is not None:
            on_turn(page)
        if screenshot is not None and decision(page) == "card" and \
                page.locator("#trick .play").count() >= 2:
            page.mouse.move(1, 1)  # no hover zoom in the picture
            page.screenshot(path=str(screenshot), full_page=True)
            screenshot = None
        kinds.append(take_turn(page, rng))
    raise AssertionError(f"the game did not end within {max_actions} actions")


def sheet_totals(page: Any) -> list[int]:
    """The totals row of the page's score sheet."""
    texts: list[str] = page.locator("#totals [data-total-seat]").all_inner_texts()
    return [int(t) for t in texts]


def sheet_rows(page: Any) -> list[list[int]]:
    """Every hand's (round's) points as the score sheet shows them (beside any ``3/3``)."""
    rows: list[list[int]] = page.locator("#sheet tbody tr[data-hand]").evaluate_all(
        "rows => rows.map(r => [...r.querySelectorAll('td .pts')].map(p => Number(p.textContent)))")
    return rows


def download_record(page: Any, button: str, folder: Path) -> dict[str, Any]:
    """Press a download button; return the downloaded record."""
    with page.expect_download() as info:
        press(page, button)
    path = folder / info.value.suggested_filename
    info.value.save_as(path)
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record

"""Driving the card table page like a person: set up a game, choose, play, read the sheet.

Everything goes through the page's controls (clicks on cards and buttons);
the page's ``data-*`` hooks say whose turn it is and what is legal.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

APP_TIMEOUT_MS = 60_000
TURN_TIMEOUT_MS = 30_000
IDLE = 'body[data-turn="human"], body[data-turn="over"]'
MY_LEGAL_CARDS = '#hand .card[data-legal="1"], #me .card.mine[data-legal="1"]'
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


def wait_idle(page: Any) -> str:
    """Wait until the person must act or the game is over; return which."""
    try:
        page.wait_for_selector(IDLE, state="attached", timeout=TURN_TIMEOUT_MS)
    except Exception as error:
        state = page.evaluate("""() => ({data: {...document.body.dataset},
            message: document.querySelector('#message')?.textContent,
            notice: document.querySelector('#notice')?.textContent,
            setup: document.querySelector('#setup-error')?.textContent,
            status: document.querySelector('#status')?.textContent})""")
        raise AssertionError(f"the page never became idle: {state}") from error
    return turn(page)


def setup_game(page: Any, game: str, options: dict[str, Any] | None = None,
               level: str = "random", speed: str = "instant") -> None:
    """Choose a game, its options, every computer seat's level and the speed; press Start."""
    if turn(page) != "setup":
        page.click("#btn-new")
    page.select_option("#setup-game", game)
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
    for select in page.locator("#setup-seats select[data-seat]").all():
        select.select_option(level)
    page.select_option("#setup-speed", speed)
    page.click("#start")
    wait_idle(page)


def decision(page: Any) -> str:
    """The person's pending decision kind (card, bid, initial_bid, trump, discard, ...)."""
    return str(page.evaluate("document.body.dataset.decision"))


def observation(page: Any) -> dict[str, Any]:
    """The observation the page is drawing (read-only test hook)."""
    obs: dict[str, Any] = page.evaluate("window.whistTable.view.observation")
    return obs


def hand(page: Any) -> list[str]:
    """The cards shown in the person's hand, in display order."""
    cards: list[str] = page.locator("#hand .card").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    return cards


def take_turn(page: Any, rng: random.Random) -> str:
    """Make one legal choice through the page's controls; return the decision kind."""
    kind = decision(page)
    if kind == "card":
        cards = page.locator(MY_LEGAL_CARDS)
        cards.nth(rng.randrange(cards.count())).click()
    elif kind in ("discard", "pass"):
        count = int(page.evaluate("window.whistTable.view.observation.choose_count"))
        size = page.locator("#hand .card").count()
        for index in sorted(rng.sample(range(size), count)):
            page.click(f'#hand .card[data-index="{index}"]')
        page.click("#confirm-cards:not([disabled])")
    else:
        buttons = page.locator("#controls button[data-action]:not([disabled])")
        buttons.nth(rng.randrange(buttons.count())).click()
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
    """Every hand's (round's) scores as the score sheet shows them."""
    rows: list[list[int]] = page.locator("#sheet tbody tr[data-hand]").evaluate_all(
        "rows => rows.map(r => [...r.querySelectorAll('td')].map(td => Number(td.textContent)))")
    return rows


def download_record(page: Any, button: str, folder: Path) -> dict[str, Any]:
    """Press a download button; return the downloaded record."""
    with page.expect_download() as info:
        page.click(button)
    path = folder / info.value.suggested_filename
    info.value.save_as(path)
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record

"""The Hint panel covers nothing it is about, on phones and desktops.

At 360x640, 390x844, 844x390 (phones) and 1024x700, 1366x860 (desktops) one
page plays Bidding Whist (a bid in the grid, a bet in numbers when the person
is asked one), 9-5-2 (its first decisions: naming trump, a discard choosing
cards) and four-seat Black Queen (every seat with a face-up row) up to a card
to play with cards on the table. At every kind of decision met on the way, and
at that card, it opens the hint as a person does (the Hint button) and asserts
that the panel said it was thinking, that it then lies inside the screen and
its box meets no seat panel (the person's own bar included), no trick card,
not the open decision panel and not what it marks, that its best choice and
its Close show inside it (a list longer than its room scrolling inside it),
and that Close takes a tap there and shuts it.
Screenshots go to artifacts/hint-panel-<size>-<game>-<decision>.png: look at
them.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from table_helpers import decision, open_table, setup_game, take_turn, wait_idle
from test_table import sized_context

SIZES = [(360, 640), (390, 844), (844, 390), (1024, 700), (1366, 860)]
GAMES = [("bidding-whist", {"hands": 1}), ("nine-five-two", {"target": 3}),
         ("black-queen", {"players": 4, "hands": 1})]
HINT_TIMEOUT_MS = 45_000
#: What the hint must not cover.
CLEAR = ".seat, #trick .play, #decision[data-open], [data-hinted]"

#: Everything the panel said from now on (its text each time it changed).
WATCH = """() => {
  const box = document.querySelector('#hint-box');
  window.__hintSaid = [];
  window.__hintWatch?.disconnect();
  window.__hintWatch = new MutationObserver(() => window.__hintSaid.push(box.textContent));
  window.__hintWatch.observe(box, { childList: true, subtree: true, characterData: true });
}"""

#: The open hint's box, what it meets of CLEAR, and whether its best item and Close show.
GEOMETRY = """(selector) => {
  const box = document.querySelector('#hint-box');
  const b = box.getBoundingClientRect();
  const name = (el) => [el.id && `#${el.id}`, el.className && `.${String(el.className).split(' ')[0]}`,
                        el.dataset.seat && `seat ${el.dataset.seat}`, el.dataset.card, el.dataset.action]
    .filter(Boolean).join(' ');
  const hits = [];
  for (const el of document.querySelectorAll(selector)) {
    if (box.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
      hits.push(`${name(el)} at ${[r.left, r.top, r.width, r.height].map(Math.round)}`);
  }
  const inside = (el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.left >= b.left - 0.5 && r.right <= b.right + 0.5 &&
      r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5;
  };
  const close = box.querySelector('.close');
  const c = close.getBoundingClientRect();
  const atClose = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
  const best = box.querySelector('.hint-item.best') ?? box.querySelector('.hint-item');
  return {
    box: [Math.round(b.left), Math.round(b.top), Math.round(b.width), Math.round(b.height)],
    screen: [document.documentElement.clientWidth, document.documentElement.clientHeight],
    onScreen: b.left >= 0 && b.top >= 0 && b.right <= document.documentElement.clientWidth + 0.5 &&
      b.bottom <= document.documentElement.clientHeight + 0.5,
    hits,
    bestShows: inside(best),
    closeShows: inside(close) && Boolean(atClose?.closest('#hint-box .close')),
    // Shorter than its list, the panel scrolls the list inside itself, under the heading.
    bodyInside: inside(box.querySelector('.hint-body')),
    scrolls: box.querySelector('.hint-body').scrollHeight > box.querySelector('.hint-body').clientHeight,
    marked: document.querySelectorAll('[data-hinted]').length,
  };
}"""


def open_hint_and_check(page: Any, where: str, picture: Path, tap: bool) -> None:
    """Open the hint at the person's decision; assert where it lies; close it."""
    page.evaluate(WATCH)
    if tap:
        page.tap("#btn-hint")
    else:
        page.click("#btn-hint")
    page.wait_for_selector("#hint-box .hint-item, #message:not([hidden])", timeout=HINT_TIMEOUT_MS)
    assert page.locator("#hint-box .hint-item").count() >= 1, page.locator("#message").inner_text()
    wait_idle(page)
    said = page.evaluate("window.__hintSaid")
    assert any("thinking" in text for text in said), f"{where}: the hint never said it was thinking"
    seen = page.evaluate(GEOMETRY, CLEAR)
    page.mouse.move(1, 1)
    page.screenshot(path=str(picture))
    assert seen["marked"] >= 1, f"{where}: the hint marks nothing on the table"
    assert seen["onScreen"], f"{where}: the hint {seen['box']} leaves the screen {seen['screen']}"
    assert not seen["hits"], f"{where}: the hint {seen['box']} covers {seen['hits']}"
    assert seen["bestShows"], f"{where}: the hint's best choice is cut off in {seen['box']}"
    assert seen["closeShows"], f"{where}: the hint's Close is cut off or covered"
    assert seen["bodyInside"], f"{where}: the hint's list runs out of its box {seen['box']}"
    print(where, seen["box"], "scrolls" if seen["scrolls"] else "whole")
    close = page.locator("#hint-box .close")
    if tap:
        close.tap()
    else:
        close.click()
    page.wait_for_selector("#hint-box", state="hidden")
    assert page.locator("[data-hinted]").count() == 0, f"{where}: a closed hint still marks"


#: Whether the open hint lies on the screen clear of CLEAR (the page places it on a resize).
CLEAR_NOW = """(selector) => { const box = document.querySelector('#hint-box');
  const b = box.getBoundingClientRect();
  if (box.hidden || b.left < 0 || b.top < 0 || b.right > innerWidth + 0.5 || b.bottom > innerHeight + 0.5)
    return false;
  return [...document.querySelectorAll(selector)].every((el) => { const r = el.getBoundingClientRect();
    return box.contains(el) || !r.width || !r.height || r.left >= b.right || r.right <= b.left ||
      r.top >= b.bottom || r.bottom <= b.top; }); }"""


def resized_with_the_hint_open(page: Any, folder: Path, size: tuple[int, int]) -> None:
    """A desktop window made narrow, then wide again, with the hint open: it moves clear."""
    page.click("#btn-hint")
    page.wait_for_selector("#hint-box .hint-item", timeout=HINT_TIMEOUT_MS)
    wait_idle(page)
    for width, height in ((700, size[1]), size):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(CLEAR_NOW, arg=CLEAR)
        page.mouse.move(1, 1)
        page.screenshot(path=str(folder / f"hint-panel-{size[0]}x{size[1]}-resized-{width}x{height}.png"))
    page.click("#hint-box .close")
    page.wait_for_selector("#hint-box", state="hidden")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_hint_covers_no_seat_trick_or_question(browser: Any, base_url: str, artifacts_dir: Path,
                                                    request_log: Any, size: tuple[int, int]) -> None:
    width, height = size
    context, touch = sized_context(browser, size, request_log)
    tap = bool(touch)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    kinds_seen: list[str] = []
    try:
        open_table(page, base_url, "?seed=12")
        for game, options in GAMES:
            setup_game(page, game, options, level="random")
            rng = random.Random(f"{game}{size}")
            hinted: set[str] = set()
            for step in range(40):
                assert wait_idle(page) == "human", f"{game}: the game ended before a card was hinted"
                kind = decision(page)
                # A card with cards on the table (or, failing that, a few decisions on, any card).
                card_now = kind == "card" and (page.locator("#trick .play").count() > 0 or step > 12)
                if kind not in hinted and (kind != "card" or card_now):
                    hinted.add(kind)
                    kinds_seen.append(f"{game}:{kind}")
                    name = f"hint-panel-{width}x{height}-{game}-{kind}"
                    open_hint_and_check(page, f"{name}", artifacts_dir / f"{name}.png", tap)
                if kind == "card" and card_now:
                    break
                take_turn(page, rng, tap)
            assert "card" in hinted, f"{game}: no card decision was hinted"
        if not tap:
            resized_with_the_hint_open(page, artifacts_dir, size)
        assert any(k.split(":")[1] != "card" for k in kinds_seen), kinds_seen
        assert not errors, errors
        print("hinted:", kinds_seen)
    finally:
        context.close()

"""The card table on every screen (issue 9): one screen, no scrolling, nothing lost or hidden.

For each of the three viewport classes (desktop from 1024x700, phones upright
from 360x640 to 430x932, phones sideways from 640x360 to 932x430) one test
plays a full hand of every game through the page, at the smallest size of the
class and then at its largest, asserting at every decision that the page does
not scroll, that every card of "Your hand" and every choice offered lies
inside the viewport, and that nothing to read is cut short or covered: the
prompt line whole, the decision panel over no seat, the trick clear of the
seats and the person's side and big enough to read. Screenshots of each game
at each size go to the artifacts folder: look at them.

At each of the six sizes of issue 19 (360x640 to 1920x1080) one test plays
9-5-2 and six-seat Black Queen and asserts that every seat's name shows at
least four letters, that every point of a hand card's uncovered strip (and
of the person's bar) answers a tap as that card (no chosen card lifted over
it), that every trick card carries its seat's name in sight and lies over no
line about the hand, and, at 1920x1080, seat text of 16 px and more and trick
cards as large as the hand's; from 800 px both ways the opponents' face-up
rows are cards, not chips.

The other tests: a click while a trick is on show is played, not lost; a
click out of turn is refused in words; phone taps choose discards one by one;
the end-of-hand and end-of-game summaries appear; the last trick is one tap
away; the hint marks its choice on the table; a download during a game holds
no card the person has not seen.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import ARTIFACTS
from table_helpers import (
    MY_LEGAL_CARDS,
    click_card,
    decision,
    download_record,
    hand,
    open_table,
    press,
    setup_game,
    take_turn,
    turn,
    wait_idle,
)

from whist.records import replay
from whist_app.webapi import unseal

PHONE = {"is_mobile": True, "has_touch": True, "device_scale_factor": 1}
#: Each class: its smallest size, its largest, and whether it is a touch screen.
CLASSES = {
    "desktop": ({"width": 1024, "height": 700}, {"width": 1440, "height": 900}, {}),
    "portrait": ({"width": 360, "height": 640}, {"width": 430, "height": 932}, PHONE),
    "landscape": ({"width": 640, "height": 360}, {"width": 932, "height": 430}, PHONE),
}
#: (game, options) played at the class's smallest size, one hand each: every game,
#: and the player counts that crowd a table most.
SMALL_GAMES = {
    "desktop": [("diminishing-whist", {"players": 4}), ("black-queen", {"players": 4, "hands": 1}),
                ("nine-five-two", {"target": 3}), ("bidding-whist", {"hands": 1}),
                ("classic-whist", {"players": 4, "cards": 13, "winning_score": 13})],
    "portrait": [("diminishing-whist", {"players": 5}), ("black-queen", {"players": 6, "hands": 1}),
                 ("nine-five-two", {"target": 3}), ("bidding-whist", {"hands": 1}),
                 ("classic-whist", {"players": 2, "cards": 13, "winning_score": 13})],
    "landscape": [("diminishing-whist", {"players": 4}), ("black-queen", {"players": 6, "hands": 1}),
                  ("nine-five-two", {"target": 3}), ("bidding-whist", {"hands": 1}),
                  ("classic-whist", {"players": 3, "cards": 13, "winning_score": 13})],
}
#: One more hand at the class's largest size.
LARGE_GAMES = {
    "desktop": ("black-queen", {"players": 6, "hands": 1}),
    "portrait": ("black-queen", {"players": 2, "hands": 1}),
    "landscape": ("diminishing-whist", {"players": 5}),
}

FITS = """() => {
  const inside = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5
                        && r.bottom <= innerHeight + 0.5;
  const out = (sel) => [...document.querySelectorAll(sel)]
    .filter((e) => e.getClientRects().length)
    .filter((e) => !inside(e.getBoundingClientRect()))
    .map((e) => `${e.dataset.card ?? e.dataset.action ?? e.id}`);
  const root = document.documentElement;
  return {
    scroll: [root.scrollWidth, root.scrollHeight, innerWidth, innerHeight],
    scrolls: root.scrollHeight > innerHeight || root.scrollWidth > innerWidth,
    hand: document.querySelectorAll('#hand .card').length,
    handOut: out('#hand .card'),
    choicesOut: out('#controls button:not([hidden]), #confirm-cards, #me .card.mine'),
    // The smallest tap target: buttons (both sides); each hand card's uncovered strip, as wide
    // as the next card of its row leaves it and as high as the row in front of it leaves it
    // (laid-out boxes, so a lifted or moving card does not count); the person's face-up cards.
    button: Math.min(...[...document.querySelectorAll('#controls button:not([hidden]), .tools .tool')]
      .filter((e) => e.getClientRects().length)
      .map((e) => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); })),
    strip: Math.min(...[...document.querySelectorAll('#hand > .card')].map((e, i, all) => {
      const box = (c) => ({ left: c.offsetLeft, top: c.offsetTop,
                            width: c.offsetWidth, height: c.offsetHeight });
      const r = box(e);
      const next = all[i + 1] && box(all[i + 1]);
      const wide = next && Math.abs(next.top - r.top) < 1 ? Math.min(r.width, next.left - r.left) : r.width;
      const high = Math.min(r.height, ...all.slice(i + 1).map(box)
        .filter((o) => o.top > r.top + 1 && o.left < r.left + wide - 1 && o.left + o.width > r.left + 1)
        .map((o) => o.top - r.top));
      return Math.min(wide, high);
    })),
    upCard: Math.min(...[...document.querySelectorAll('#me .card.mine')]
      .map((e) => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); })),
  };
}"""

#: Smallest tap targets seen, by test name (reported at the end of each class's test).
TARGETS: dict[str, dict[str, float]] = {}


def assert_fits(page: Any, where: str) -> None:
    """The page does not scroll; every card of the hand and every choice is on screen."""
    fits = page.evaluate(FITS)
    assert not fits["scrolls"], f"{where}: the page scrolls {fits['scroll']}"
    assert not fits["handOut"], f"{where}: hand cards off screen: {fits['handOut']}"
    assert not fits["choicesOut"], f"{where}: choices off screen: {fits['choicesOut']}"
    assert fits["button"] >= 43.5, f"{where}: a button only {fits['button']} px"
    assert fits["strip"] >= 43.5, f"{where}: a hand card shows only {fits['strip']} px"
    assert fits["upCard"] >= 43.5, f"{where}: a face-up card only {fits['upCard']} px"
    seen = TARGETS.setdefault(where.split(" ")[0], {})
    for key in ("button", "strip", "upCard"):
        if fits[key] is not None and fits[key] < seen.get(key, 1e9):
            seen[key] = fits[key]
    region = page.get_by_role("region", name="Your hand")
    assert region.count() == 1


#: What a person reads shows whole: the line above the hand and the decision panel's words
#: are not cut short (no "…", no scrolling panel); the panel covers no seat and not the line
#: about the hand; the trick's cards lie inside the middle of the felt, clear of the seats,
#: that line and the person's side, each big enough to read (or drawn as its name).
SHOWN = """() => {
  const box = (e) => e.getBoundingClientRect();
  const shown = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length);
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
                         && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const label = (e) => e.getAttribute('aria-label') ?? e.dataset.info ?? e.id ?? e.className;
  const clipped = (e) => e.scrollWidth > e.clientWidth + 0.5 || e.scrollHeight > e.clientHeight + 0.5;
  const panel = document.querySelector('#decision[data-open]');
  const readable = shown('#opponents .seat, #info .info-item, #info .schedule');
  const trick = document.querySelector('#trick');
  const middle = box(trick);
  const plays = shown('#trick .play .card').map((e) => ({ face: e.dataset.face, r: box(e),
    font: parseFloat(getComputedStyle(e).fontSize) }));
  const others = [...readable, document.querySelector('#mine')].map((e) => ({ name: label(e), r: box(e) }));
  return {
    cut: [...shown('#status, #decision p'), ...(panel ? [panel] : [])].filter(clipped)
      .map((e) => e.textContent.trim().slice(0, 60)),
    covered: panel ? readable.filter((e) => !panel.contains(e) && meet(box(panel), box(e))).map(label)
      : [],
    layout: trick.dataset.layout,
    middle: [Math.round(middle.width), Math.round(middle.height)],
    plays: plays.length,
    outside: plays.filter(({ r }) => r.left < middle.left - 0.5 || r.top < middle.top - 0.5
      || r.right > middle.right + 0.5 || r.bottom > middle.bottom + 0.5).map((p) => p.face),
    under: plays.flatMap((p) => others.filter((o) => meet(p.r, o.r)).map((o) => `${p.face} under ${o.name}`)),
    small: plays.filter((p) => (trick.dataset.layout === 'names' ? p.font < 12 : p.r.width < 36))
      .map((p) => `${p.face} ${Math.round(p.r.width)} px`),
  };
}"""


def assert_readable(page: Any, where: str) -> None:
    """Nothing the person reads is cut short or covered; the trick has room and can be read."""
    shown = page.evaluate(SHOWN)
    assert not shown["cut"], f"{where}: words cut short: {shown['cut']}"
    assert not shown["covered"], f"{where}: the decision panel covers {shown['covered']}"
    if shown["plays"]:
        width, height = shown["middle"]
        assert width >= 120 and height >= 40, f"{where}: no room for the trick: {shown['middle']}"
        assert not shown["outside"], f"{where}: trick cards outside the middle: {shown['outside']}"
        assert not shown["under"], f"{where}: trick cards covered: {shown['under']}"
        assert not shown["small"], f"{where}: trick cards too small to read: {shown['small']}"


def shot(page: Any, path: Path) -> None:
    page.mouse.move(0, 0)
    page.wait_for_timeout(180)  # the lift of a card under the pointer settles
    page.screenshot(path=str(path))


def play_one_hand(page: Any, rng: random.Random, name: str, artifacts: Path, tap: bool) -> None:
    """Play until a hand is summed up (or the game ends), checking the fit at every decision."""
    summaries: list[str] = []
    kinds_shot: set[str] = set()

    def look_at_summary(page: Any) -> None:
        assert_fits(page, f"{name} summary")
        shot(page, artifacts / f"{name}-hand-summary.png")
        rows = page.locator("#hand-summary tbody tr").count()
        assert rows == int(page.evaluate("document.body.dataset.players"))

    for step in range(400):
        state = wait_idle(page, summaries, look_at_summary)
        if state == "over":
            # The game's summary instead (its last hand ended the game): it fits too.
            page.locator("#summary").wait_for(state="visible")
            assert_fits(page, f"{name} game summary")
            assert page.locator("#summary .winner").inner_text()
            shot(page, artifacts / f"{name}-game-summary.png")
            break
        if summaries:
            break
        kind = decision(page)
        assert_fits(page, f"{name} step {step} ({kind})")
        assert_readable(page, f"{name} step {step} ({kind})")
        crowd = min(2, int(page.evaluate("document.body.dataset.players")) - 1)
        if kind not in kinds_shot and (kind != "card" or page.locator("#trick .play").count() >= crowd):
            kinds_shot.add(kind)
            shot(page, artifacts / f"{name}-{kind}.png")
        take_turn(page, rng, tap=tap)
    else:
        raise AssertionError(f"{name}: no hand ended within 400 decisions")
    assert summaries or page.locator("#summary[open]").count(), name


@pytest.mark.parametrize("kind", list(CLASSES))
def test_every_game_fits_one_screen(browser: Any, base_url: str, artifacts_dir: Path,
                                    request_log: Any, kind: str) -> None:
    small, large, extra = CLASSES[kind]
    context = browser.new_context(viewport=small, **extra)
    context.on("request", request_log.record)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_table(page, base_url, "?seed=91")
        tap = bool(extra)
        rng = random.Random(kind)
        size = f"{small['width']}x{small['height']}"
        for game, options in SMALL_GAMES[kind]:
            setup_game(page, game, options, level="beginner")
            name = f"{kind}-{size}-{game}-{page.evaluate('document.body.dataset.players')}p"
            play_one_hand(page, rng, name, artifacts_dir, tap)
        page.set_viewport_size(large)
        game, options = LARGE_GAMES[kind]
        setup_game(page, game, options, level="beginner")
        name = f"{kind}-{large['width']}x{large['height']}-{game}-" \
               f"{page.evaluate('document.body.dataset.players')}p"
        play_one_hand(page, rng, name, artifacts_dir, tap)
        assert not errors, errors
        print("smallest tap targets (px):", json.dumps(TARGETS, indent=1))
    finally:
        context.close()


# ------------------------------------------------------------------ input

def _to_card_turn(page: Any, rng: random.Random) -> None:
    for _ in range(60):
        assert wait_idle(page) == "human"
        if decision(page) == "card":
            return
        take_turn(page, rng)
    raise AssertionError("no card to play")


def test_a_click_while_a_trick_is_on_show_is_played(page: Any, request_log: Any,
                                                    base_url: str, artifacts_dir: Path) -> None:
    """The person leads after taking a trick: a click during the trick's show plays the card."""
    open_table(page, base_url, "?seed=33")
    setup_game(page, "classic-whist", {"cards": 13, "winning_score": 13}, level="beginner",
               speed="normal")
    rng = random.Random(4)
    caught = False
    for _ in range(13):
        _to_card_turn(page, rng)
        card = page.locator(MY_LEGAL_CARDS).first
        click_card(card)
        # Watch the trick complete: is the next move the person's while it is still on show?
        page.wait_for_function("""() => document.body.dataset.showing === 'trick'
            || document.body.dataset.turn === 'human' || document.body.dataset.turn === 'over'""",
                               timeout=30_000)
        mine = page.evaluate("""() => document.body.dataset.showing === 'trick'
            && window.whistTable.table.human_to_move""")
        if not mine:
            continue
        before = hand(page)
        status = page.locator("#status").inner_text()
        assert "takes the trick" in status or "take the trick" in status, status
        assert turn(page) != "human"  # "your turn" is not claimed while the trick is on show
        shot(page, artifacts_dir / "trick-on-show.png")
        played = page.locator(MY_LEGAL_CARDS).first.get_attribute("data-card")
        click_card(page.locator(MY_LEGAL_CARDS).first)
        page.wait_for_function("n => document.querySelectorAll('#hand .card').length < n",
                               arg=len(before), timeout=15_000)
        assert hand(page).count(played) == before.count(played) - 1
        caught = True
        break
    assert caught, "the person never led after a trick in this deal"


def test_out_of_turn_click_is_refused_in_words_and_pause_holds_play(
        page: Any, request_log: Any, base_url: str) -> None:
    open_table(page, base_url, "?seed=34")
    setup_game(page, "classic-whist", {"cards": 13, "winning_score": 13}, level="beginner",
               speed="slow")
    _to_card_turn(page, random.Random(5))
    page.click("#btn-pause")
    assert page.locator("#btn-pause").get_attribute("aria-pressed") == "true"
    click_card(page.locator(MY_LEGAL_CARDS).first)
    page.wait_for_timeout(2500)
    # Paused: the computers hold; a click on a card now is refused, and says why.
    if page.evaluate("window.whistTable.table.computer_to_move"):
        before = page.evaluate("window.whistTable.table.trick.length")
        click_card(page.locator("#hand .card").first)
        message = page.locator("#message")
        assert message.is_visible() and "Not your turn" in message.inner_text()
        assert page.evaluate("window.whistTable.table.trick.length") == before
        # Paused: nothing on the table says a computer is thinking.
        assert page.evaluate("""() => {
            const after = getComputedStyle(document.querySelector('#status'), '::after');
            const shown = (el) => getComputedStyle(el).display !== 'none'
                && getComputedStyle(el).visibility !== 'hidden';
            return (after.content === 'none' || after.display === 'none')
                && ![...document.querySelectorAll('.thinking .dots, .thinking .turn-mark')]
                    .some(shown);
        }""")
    # The speed changes during the game, at once.
    press(page, "#btn-menu")
    page.select_option("#game-speed", "instant")
    assert page.evaluate("window.whistTable.speed") == "instant"
    page.keyboard.press("Escape")
    page.click("#btn-pause")
    assert wait_idle(page) in ("human", "over")


@pytest.mark.browser_context_args(viewport={"width": 360, "height": 640}, **PHONE)
def test_phone_taps_choose_discards_one_by_one(page: Any, request_log: Any, base_url: str,
                                               artifacts_dir: Path) -> None:
    open_table(page, base_url, "?seed=7")
    setup_game(page, "nine-five-two", {"target": 3}, level="beginner")
    rng = random.Random(6)
    for _ in range(10):
        assert wait_idle(page) == "human"
        if decision(page) in ("discard", "pass"):
            break
        take_turn(page, rng, tap=True)
    else:
        pytest.fail("no discard or pass in this deal")
    count = int(page.evaluate("window.whistTable.table.choices.select.count"))
    confirm = page.locator("#confirm-cards")
    for n in range(count):
        card = page.locator(f'#hand .card[data-index="{n}"]')
        click_card(card, tap=True)
        assert card.get_attribute("data-selected") == "1"  # one tap chooses it
        assert f"{n + 1}/{count}" in confirm.inner_text()
        # The zoomed copy never covers the card being chosen.
        covered = page.evaluate("""(i) => {
            const p = document.querySelector('#preview');
            if (p.hidden) return false;
            const a = p.getBoundingClientRect();
            const b = document.querySelector(`#hand .card[data-index="${i}"]`).getBoundingClientRect();
            return !(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top);
        }""", n)
        assert not covered
    shot(page, artifacts_dir / "portrait-discard-chosen.png")
    first = page.locator('#hand .card[data-index="0"]')
    click_card(first, tap=True)  # a second tap puts it back
    assert first.get_attribute("data-selected") is None
    click_card(first, tap=True)
    confirm.tap()
    assert wait_idle(page) in ("human", "over")


@pytest.mark.browser_context_args(viewport={"width": 360, "height": 640}, **PHONE)
def test_a_hint_at_a_diminishing_whist_bid_names_strong_s_two_bids(
        page: Any, request_log: Any, base_url: str, artifacts_dir: Path) -> None:
    """At a bid ``strong`` searches the two bids random play ranks best: the hint lists
    those two, in words with their points, and marks the better one's button."""
    open_table(page, base_url, "?seed=36")
    setup_game(page, "diminishing-whist", {"players": 4}, level="beginner")
    assert wait_idle(page) == "human" and decision(page) == "bid"
    offered = page.locator("#controls button[data-action]").count()
    page.tap("#btn-hint")
    page.wait_for_selector("#hint-box .hint-item", timeout=45_000)
    items = page.locator("#hint-box .hint-item")
    assert offered > 2 and items.count() == 2
    assert all("points" in text for text in items.all_inner_texts())
    best = page.locator("#hint-box .hint-item.best").get_attribute("data-hint")
    marked = page.locator("#controls [data-hinted]")
    assert marked.count() == 1 and marked.get_attribute("data-action") == best
    shot(page, artifacts_dir / "hint-bid-phone.png")


@pytest.mark.browser_context_args(viewport={"width": 360, "height": 640}, **PHONE)
def test_a_phone_asks_a_bid_in_the_panel_and_not_again_on_the_status_line(
        page: Any, request_log: Any, base_url: str, artifacts_dir: Path) -> None:
    """While the decision panel asks the question, the line above the hand says only whose
    turn it is, on one line; once the person has answered, that line is the prompt again."""
    open_table(page, base_url, "?seed=36")
    setup_game(page, "diminishing-whist", {"players": 4}, level="beginner")
    assert wait_idle(page) == "human" and decision(page) == "bid"
    prompt = page.evaluate("window.whistTable.table.prompt")
    panel = page.locator("#decision[data-open]")
    assert panel.count() == 1 and panel.get_attribute("aria-label") == prompt
    assert page.locator("#decision .prompt").inner_text() == prompt
    status = page.locator("#status")
    assert status.inner_text() == "Your turn"
    lines = status.evaluate(
        "e => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)")
    assert lines < 1.5, f"the status line takes {lines:.1f} lines"
    shot(page, artifacts_dir / "bid-status-phone.png")
    # Every text the line shows from the bid on, until the person's next turn (a card to play).
    page.evaluate("""() => { window.__status = [];
        new MutationObserver(() => window.__status.push(document.querySelector('#status').textContent))
          .observe(document.querySelector('#status'), { childList: true, characterData: true,
                                                        subtree: true }); }""")
    page.locator("#controls button[data-action]:not([disabled])").first.tap()
    assert wait_idle(page) == "human" and decision(page) == "card"
    assert page.locator("#decision[data-open]").count() == 0
    assert status.inner_text() == page.evaluate("window.whistTable.table.prompt")
    seen = page.evaluate("window.__status")
    assert seen and "Your turn" not in seen, seen
    shot(page, artifacts_dir / "bid-status-after-phone.png")


def test_summaries_last_trick_and_hint(page: Any, request_log: Any, base_url: str,
                                       artifacts_dir: Path) -> None:
    open_table(page, base_url, "?seed=35")
    setup_game(page, "classic-whist", {"cards": 3, "winning_score": 4}, level="beginner")
    rng = random.Random(7)
    # The hint marks its choice on the table and lists the candidates in words.
    _to_card_turn(page, rng)
    page.click("#btn-hint")
    page.wait_for_selector("#hint-box .hint-item", timeout=45_000)
    best = page.locator("#hint-box .hint-item.best").get_attribute("data-hint")
    marked = page.locator("[data-hinted]")
    assert marked.count() >= 1 and marked.first.get_attribute("data-card") == best
    assert "points" in page.locator("#hint-box .hint-item").first.inner_text()
    shot(page, artifacts_dir / "hint.png")
    summaries: list[str] = []
    seen_last = False
    for _ in range(200):
        state = wait_idle(page, summaries)
        if state == "over":
            break
        if not seen_last and page.evaluate("!!window.whistTable.table.last_trick"):
            page.click("#btn-last")
            panel = page.locator("#last-panel")
            assert panel.is_visible()
            assert panel.locator(".card").count() == 4
            assert "trick" in panel.inner_text()
            shot(page, artifacts_dir / "last-trick.png")
            page.click('#last-panel [data-close]')
            assert panel.is_hidden()
            seen_last = True
        if turn(page) == "human":
            take_turn(page, rng)
    assert seen_last
    assert summaries, "no end-of-hand summary appeared"
    summary = page.locator("#summary")
    assert summary.is_visible()
    assert page.locator("#summary .winner").inner_text()
    assert page.locator("#summary svg.chart").count() == 1
    assert page.locator("#summary .final li.won").count() >= 1
    shot(page, artifacts_dir / "game-summary.png")
    # Undo never revives a finished game.
    assert page.locator("#btn-undo").is_disabled()
    page.click("#again")
    assert wait_idle(page) in ("human", "over")
    assert page.evaluate("document.body.dataset.over") is None


def test_download_mid_game_holds_no_hidden_card(page: Any, request_log: Any, base_url: str,
                                                tmp_path: Path) -> None:
    open_table(page, base_url, "?seed=36")
    setup_game(page, "classic-whist", {"cards": 13, "winning_score": 13}, level="beginner")
    rng = random.Random(8)
    for _ in range(3):
        _to_card_turn(page, rng)
        take_turn(page, rng)
    assert wait_idle(page) == "human"
    record = download_record(page, "#btn-download", tmp_path)
    text = json.dumps(record, ensure_ascii=False)
    # The whole game, from the sealed save: which cards the other seats hold now.
    saved = json.loads(page.evaluate("localStorage.getItem('whist.game')"))
    state = replay(unseal(saved["sealed"]))
    hidden = [card for seat in range(1, state.players) for card in state.observe(seat)["hand"]]
    assert hidden
    leaked = [card for card in hidden if card in text]
    assert not leaked, f"the download shows cards the person has not seen: {leaked}"


# ---------------------------------------------------------- accessibility

#: Every text on the felt and the person's side, against what lies behind it (the
#: felt's lightest colour, with any panels between composited over it): WCAG ratio.
CONTRAST = """() => {
  const FELT = [0x14, 0x55, 0x3e];
  const rgba = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => {
      v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
  const over = (top, under) => {
    const a = top.length > 3 ? top[3] : 1;
    return under.map((u, i) => top[i] * a + u * (1 - a));
  };
  const low = [];
  const roots = [...document.querySelectorAll('#felt, #bar, #me')];
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!node.textContent.trim() || !el.getClientRects().length) continue;
      if (el.closest('.card, button, .visually-hidden, [aria-hidden="true"]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      const chain = [];
      for (let a = el; a && a !== document.body; a = a.parentElement) chain.unshift(a);
      let bg = FELT;
      for (const a of chain) {
        const c = rgba(getComputedStyle(a).backgroundColor);
        if (c.length === 4 && c[3] === 0) continue;
        if (a.id === 'felt' || a.id === 'table' || a.id === 'game') continue;
        bg = over(c, bg);
      }
      const fg = over(rgba(style.color), bg);
      const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const ratio = (hi + 0.05) / (lo + 0.05);
      if (ratio < 4.5) low.push(`${node.textContent.trim().slice(0, 20)} ${ratio.toFixed(2)}`);
    }
  }
  return low;
}"""

LISTEN = """() => {
  window.__said = [];
  new MutationObserver(() => {
    const text = document.querySelector('#announce').textContent;
    if (text) window.__said.push(text);
  }).observe(document.querySelector('#announce'), { childList: true, characterData: true, subtree: true });
}"""


def test_accessible_names_contrast_and_announcements(page: Any, request_log: Any,
                                                     base_url: str) -> None:
    open_table(page, base_url, "?seed=38")
    # The first screen: the games as one named group of radio buttons, and one Start.
    games = page.get_by_role("group", name="Game")
    assert games.count() == 1 and games.get_by_role("radio").count() == 5
    assert page.get_by_role("button", name=re.compile(r"^Start\b")).count() == 1
    page.evaluate(LISTEN)
    setup_game(page, "classic-whist", {"cards": 13, "winning_score": 13}, level="beginner")
    rng = random.Random(9)
    followed = False
    for _ in range(13):
        _to_card_turn(page, rng)
        region = page.get_by_role("region", name="Your hand")
        cards = region.get_by_role("button")
        assert cards.count() == len(hand(page))
        names = cards.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
        assert all(" of " in name for name in names), names
        illegal = region.locator('[data-legal="0"]')
        if illegal.count():
            assert illegal.evaluate_all("els => els.every(e => e.getAttribute('aria-disabled') === 'true')")
            followed = True
        low = page.evaluate(CONTRAST)
        assert not low, f"text on the felt under 4.5:1: {low}"
        take_turn(page, rng)
        if followed and len(page.evaluate("window.__said")) > 8:
            break
    said = " | ".join(page.evaluate("window.__said"))
    assert "the trick" in said, said
    assert "Your turn" in said, said


def test_reduced_motion_moves_no_card(page: Any, request_log: Any, base_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_table(page, base_url, "?seed=39")
    setup_game(page, "classic-whist", {"cards": 13, "winning_score": 13}, level="beginner",
               speed="normal")
    _to_card_turn(page, random.Random(10))
    page.evaluate("""() => {
      window.__moved = 0;
      const tick = () => { window.__moved += document.getAnimations().length; requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    }""")
    click_card(page.locator(MY_LEGAL_CARDS).first)
    assert wait_idle(page) in ("human", "over")
    assert page.evaluate("window.__moved") == 0


COVERS = """(sel) => {
  const p = document.querySelector('#preview');
  if (p.hidden) return null;
  const a = p.getBoundingClientRect();
  const b = document.querySelector(sel).getBoundingClientRect();
  return !(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top);
}"""


@pytest.mark.browser_context_args(viewport={"width": 360, "height": 640}, **PHONE)
def test_a_tap_zooms_beside_the_card_never_over_it(page: Any, request_log: Any,
                                                   base_url: str, artifacts_dir: Path) -> None:
    open_table(page, base_url, "?seed=40")
    setup_game(page, "diminishing-whist", {"players": 4}, level="beginner")
    _to_card_turn(page, random.Random(11))
    for index in (0, len(hand(page)) - 1):
        card = page.locator(f'#hand .card[data-index="{index}"]')
        click_card(card, tap=True)
        assert card.get_attribute("data-zoomed") == "1"
        assert page.evaluate(COVERS, f'#hand .card[data-index="{index}"]') is False
        assert page.evaluate(COVERS, "#hand") is False  # nor any other card of the hand
    shot(page, artifacts_dir / "portrait-zoomed.png")
    if page.locator("#trick .card").count():
        page.locator("#trick .card").last.tap(position={"x": 8, "y": 10})
        assert page.evaluate(COVERS, "#trick .play:last-child .card") in (False, None)


# ------------------------------------------------- issue 19: who played what, every size

#: The six sizes a new player tried (issue 19): phones upright and sideways, a tablet, two desktops.
SIX_SIZES = [(360, 640), (412, 915), (640, 360), (820, 1180), (1280, 800), (1920, 1080)]

#: What a player must be able to read and press, measured on the page: each seat's name shows at
#: least its first four letters; the title is not cut inside the brand; every point of each hand
#: card's uncovered strip (3 x 3 points, laid-out boxes) and of the person's bar is that card or
#: that bar (no lifted card over it); every trick card carries its seat's name on it, in sight,
#: with nothing drawn under it; the sizes of the seat text, the trick's and the hand's cards.
OWNED = """() => {
  const shown = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length);
  const box = (e) => e.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
                         && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const width = (el, text) => {
    const probe = document.createElement('span');
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
    probe.style.font = getComputedStyle(el).font;
    probe.textContent = text;
    document.body.appendChild(probe);
    const w = probe.getBoundingClientRect().width;
    probe.remove();
    return w;
  };
  // Letters in sight of a name: all when it is not cut, else those before the "…".
  const cutNames = shown('.seat .seat-name').filter((el) => {
    const name = el.textContent;
    const seat = box(el.closest('.seat'));
    const r = box(el);
    if (r.right > seat.right + 0.5 || r.left < seat.left - 0.5) return true;
    if (el.scrollWidth <= el.clientWidth + 0.5) return false;
    return el.clientWidth + 0.5 < width(el, name.slice(0, 4) + '…');
  }).map((el) => `${el.textContent} ${Math.round(el.clientWidth)} px`);
  const h1 = document.querySelector('.topbar h1');
  const brand = h1.querySelector('.brand');
  const titleCut = h1.getClientRects().length && box(h1).width > 2 && h1.scrollWidth > h1.clientWidth + 0.5
    && brand.getClientRects().length > 0;
  const hand = document.querySelector('#hand');
  const origin = box(hand);
  const cards = [...document.querySelectorAll('#hand > .card')];
  const laid = (c) => ({ left: c.offsetLeft, top: c.offsetTop,
                        width: c.offsetWidth, height: c.offsetHeight });
  const stolen = [];
  cards.forEach((e, i) => {
    const r = laid(e);
    const next = cards[i + 1] && laid(cards[i + 1]);
    const wide = next && Math.abs(next.top - r.top) < 1 ? Math.min(r.width, next.left - r.left) : r.width;
    const high = Math.min(r.height, ...cards.slice(i + 1).map(laid)
      .filter((o) => o.top > r.top + 1 && o.left < r.left + wide - 1 && o.left + o.width > r.left + 1)
      .map((o) => o.top - r.top));
    for (const fx of [0.15, 0.5, 0.85]) {
      for (const fy of [0.15, 0.5, 0.85]) {
        const x = origin.left + r.left + 3 + fx * (wide - 6);
        const y = origin.top + r.top + 3 + fy * (high - 6);
        const hit = document.elementFromPoint(x, y)?.closest('.card');
        if (hit !== e) stolen.push(`${e.dataset.card} at (${fx},${fy}) -> ${hit?.dataset.card ?? 'none'}`);
      }
    }
  });
  const bar = document.querySelector('#me .seat-head');
  if (bar) {
    const r = box(bar);
    for (const fx of [0.1, 0.5, 0.9]) {
      const hit = document.elementFromPoint(r.left + fx * r.width, r.top + r.height / 2);
      if (hit && !document.querySelector('#me').contains(hit)) {
        const what = hit.closest('.card')?.dataset.card ?? hit.id ?? hit.className;
        stolen.push(`the person's bar at ${fx} -> ${what}`);
      }
    }
  }
  const seats = window.whistTable.table.seats;
  const lines = shown('#centre > #context p').map(box);
  const unowned = shown('#trick .play').flatMap((fig) => {
    const card = fig.querySelector('.card');
    const cap = fig.querySelector('figcaption');
    const name = seats[Number(fig.dataset.seat)].name;
    const face = card.dataset.face;
    const problems = [];
    if (!cap || !cap.getClientRects().length || getComputedStyle(cap).opacity === '0') {
      return [`${face}: no name`];
    }
    const c = box(cap);
    const k = box(card);
    if (!cap.textContent.includes(name)) problems.push(`${face}: says ${cap.textContent}`);
    // The dot and the padding beside the name take their part of the caption's width too.
    const floor = width(cap, name.slice(0, 4) + '…') + cap.scrollWidth - width(cap, name);
    if (cap.scrollWidth > cap.clientWidth + 0.5 && cap.clientWidth + 0.5 < floor) {
      problems.push(`${face}: name cut to ${Math.round(cap.clientWidth)} px`);
    }
    const hit = document.elementFromPoint(c.left + Math.min(c.width / 2, 12), c.top + c.height / 2);
    if (!hit || !fig.contains(hit)) {
      problems.push(`${face}: its name covered by ${hit?.closest('.play')?.textContent ?? hit?.id}`);
    }
    const drawn = fig.closest('[data-layout="names"]') === null;
    if (drawn && !meet(c, k)) problems.push(`${face}: name apart from it`);
    if (lines.some((l) => meet(l, k))) problems.push(`${face}: drawn over a line about the hand`);
    return problems;
  });
  const px = (sel) => shown(sel).map((e) => parseFloat(getComputedStyle(e).fontSize));
  return {
    cutNames, titleCut, stolen, unowned,
    seatText: Math.min(...px('#opponents .seat-name, #opponents .facts dt, #opponents .facts dd')),
    trickCard: Math.min(...shown('#trick .play .card').map((e) => box(e).width)),
    handCard: Math.max(...cards.map((e) => e.offsetWidth)),
    chips: shown('#opponents .updown.chips').length,
    rows: shown('#opponents .updown').length,
  };
}"""


def assert_owned(page: Any, where: str, size: tuple[int, int]) -> dict[str, Any]:
    """Names whole to four letters, taps land on what is under them, the trick's cards owned."""
    seen: dict[str, Any] = page.evaluate(OWNED)
    if seen["cutNames"] or seen["titleCut"] or seen["stolen"] or seen["unowned"]:
        page.screenshot(path=str(ARTIFACTS / f"failed-{where.split(' (')[0].replace(' ', '-')}.png"))
    assert not seen["cutNames"], f"{where}: names cut below four letters: {seen['cutNames']}"
    assert not seen["titleCut"], f"{where}: the title is cut inside 'Whist Table'"
    assert not seen["stolen"], f"{where}: taps land elsewhere: {seen['stolen'][:6]}"
    assert not seen["unowned"], f"{where}: trick cards without their seat: {seen['unowned']}"
    if size == (1920, 1080):
        assert seen["seatText"] >= 16, f"{where}: seat text {seen['seatText']} px"
        if seen["trickCard"] != float("inf"):
            assert seen["trickCard"] >= seen["handCard"], \
                f"{where}: trick cards {seen['trickCard']} px, hand cards {seen['handCard']} px"
    if min(size) >= 800:
        assert not seen["chips"], f"{where}: face-up rows drawn as chips with room for cards"
    key = where.split(" step")[0]
    low = SIZES_SEEN.setdefault(key, {})
    for name in ("seatText", "trickCard", "handCard"):
        if seen[name] != float("inf"):
            low[name] = min(low.get(name, 1e9), round(seen[name], 1))
    return seen


def thinking_names(page: Any, where: str) -> None:
    """While a computer seat shows "thinking", every seat's name still shows four letters."""
    try:
        page.wait_for_selector("#opponents .seat.thinking .turn-mark", timeout=5000)
    except Exception:
        return  # the person moves next: nobody thinks
    seen = page.evaluate(OWNED)
    assert not seen["cutNames"], f"{where}: names cut below four letters: {seen['cutNames']}"


#: The smallest seat text, trick card and largest hand card seen, by size and game (printed).
SIZES_SEEN: dict[str, dict[str, float]] = {}


#: Per size: 9-5-2 (three seats, the kitty and discard lines, choosing cards in rows) and Black
#: Queen for six (a crowded table, every seat with a face-up row).
SIZE_GAMES = [("nine-five-two", {"target": 3}), ("black-queen", {"players": 6, "hands": 1})]


def sized_context(browser: Any, size: tuple[int, int], request_log: Any) -> tuple[Any, dict[str, Any]]:
    """A fresh browser context at ``size`` (a phone's touch below 600 px), the memory
    snapshot off and every request logged; and the touch settings it was given."""
    width, height = size
    touch = PHONE if min(size) < 600 else {}
    context = browser.new_context(viewport={"width": width, "height": height}, **touch)
    context.add_init_script("try { localStorage.setItem('whist-snapshot', 'off'); } catch {}")
    context.on("request", request_log.record)
    return context, touch


@pytest.mark.parametrize("size", SIX_SIZES, ids=[f"{w}x{h}" for w, h in SIX_SIZES])
def test_who_played_what_at_every_size(browser: Any, base_url: str, artifacts_dir: Path,
                                       request_log: Any, size: tuple[int, int]) -> None:
    """Issue 19 items 2 and 5, played through the page at one of the six sizes."""
    width, height = size
    context, touch = sized_context(browser, size, request_log)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    tap = bool(touch)
    try:
        open_table(page, base_url, "?seed=7")
        for game, options in SIZE_GAMES:
            # 9-5-2 at the normal speed: the seat to move shows "thinking" long enough to look.
            speed = "normal" if game == "nine-five-two" else "instant"
            setup_game(page, game, options, level="beginner", speed=speed)
            rng = random.Random(f"{game}{size}")
            name = f"sizes-{width}x{height}-{game}"
            tricks_seen = 0
            for step in range(30):
                if wait_idle(page) != "human":
                    break
                kind = decision(page)
                where = f"{name} step {step} ({kind})"
                if kind in ("discard", "pass"):
                    # Choose cards from the last row up: a chosen card must not take the taps of
                    # the row above it or of the person's bar.
                    count = int(page.evaluate("window.whistTable.table.choices.select.count"))
                    cards = page.locator("#hand .card")
                    for index in range(cards.count() - 1, cards.count() - 1 - count, -1):
                        click_card(page.locator(f'#hand .card[data-index="{index}"]'), tap)
                        assert_owned(page, f"{where} chose {index}", size)
                    shot(page, artifacts_dir / f"{name}-{kind}.png")
                    page.locator("#confirm-cards:not([disabled])").click()
                    continue
                assert_owned(page, where, size)
                assert_readable(page, where)
                if game == "nine-five-two" and kind == "card":
                    # The context says "Your discard: …"; the felt's newest line does not repeat it.
                    said = " ".join(page.locator(".latest").all_inner_texts())
                    assert "You discard" not in said, (where, said)
                if game == "black-queen" and min(size) >= 600:
                    # Beyond a phone the opponents' face-up rows are cards, not chips (item 5).
                    rows = page.evaluate("""() => [...document.querySelectorAll("#opponents .updown")]
                      .map((row) => [row.classList.contains("chips"),
                                     Math.min(...[...row.querySelectorAll(".slot")]
                                       .map((s) => s.getBoundingClientRect().width))])""")
                    assert rows and all(not chips and wide >= 34 for chips, wide in rows), (where, rows)
                plays = page.locator("#trick .play").count()
                if kind == "card" and plays >= 2 and tricks_seen < 2:
                    tricks_seen += 1
                    shot(page, artifacts_dir / f"{name}-trick{tricks_seen}.png")
                    if tricks_seen == 2:
                        break
                take_turn(page, rng, tap=tap)
                if speed == "normal":
                    thinking_names(page, f"{where} then")
        assert not errors, errors
        print("sizes (px):", json.dumps({k: v for k, v in SIZES_SEEN.items() if f"{width}x{height}" in k}))
    finally:
        context.close()

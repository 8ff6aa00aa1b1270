"""The small labels of the seat panels read whole at phone and desktop sizes.

A seat's badges (Bidding Whist's "rules 5♥" and "opens", Black Queen's
"dealer") and its turn mark ("thinking", with its dots) once shrank beside the
name to an ellipsis ("r..", "d.", "t") in the narrow side panels. At each size
(phones upright 360x640 and 390x844, sideways 844x390 and 640x360, desktops
1366x860 and 1024x700) one page resumes a Black Queen at its second hand
(Blair deals) and plays a few decisions, then starts Bidding Whist at the fast
speed (the person skips, so a computer seat wins the bidding and wears
"rules …"), and asserts at every decision, and in the frame a computer seat
shows "thinking", that no badge or turn mark in a seat panel is cut (its text
as wide as its box) and that each, with the dots, lies inside its panel; that
the felt does not overflow and the trick lies clear of the seats (test_table's
checks). On a phone the bar's "Tip" button is a tap target of 44 px and more
that answers a tap over its whole height, and leaves the bar its own height.
Screenshots go to artifacts/seat-labels-<size>-<game>-<moment>.png: look at them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from table_helpers import IDLE, decision, open_table, setup_game, take_turn, wait_idle
from test_six_sizes import RESUME_ONCE
from test_table import assert_fits, sized_context

from whist.games import new_game

SIZES = [(360, 640), (640, 360), (1366, 860)]
#: Black Queen resumed at its second hand (Blair deals: "dealer" in a side panel); then Bidding
#: Whist, fast: each computer seat shows "thinking" a moment before it moves.
GAMES = [("black-queen", {"players": 4, "hands": 2}), ("bidding-whist", {"hands": 1})]
#: Decisions played in each game: bidding, betting and a few tricks' cards.
STEPS = 7

#: Every badge and turn mark shown in a seat panel that is cut short (its text wider than its
#: box) or reaches outside its panel, the dots beside a turn mark too; the felt overflowing.
LABELS = """() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const box = (e) => e.getBoundingClientRect();
  const outside = (r, s) => r.left < s.left - 0.5 || r.right > s.right + 0.5 || r.top < s.top - 0.5
    || r.bottom > s.bottom + 0.5;
  const problems = [];
  const labels = [...document.querySelectorAll('#felt .seat, #me .seat')].flatMap((seat) =>
    [...seat.querySelectorAll('.badge, .turn-mark, .dots')].filter(shown).map((el) => ({ seat, el })));
  for (const { seat, el } of labels) {
    const who = seat.querySelector('.seat-name')?.textContent;
    const what = `${who}'s ${el.className} "${el.textContent}"`;
    if (!el.classList.contains('dots') && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`${what} cut: ${el.scrollWidth} > ${el.clientWidth} px`);
    }
    const r = box(el);
    const s = box(seat);
    if (outside(r, s)) {
      problems.push(`${what} outside its panel: ${Math.round(r.left)}..${Math.round(r.right)} x `
        + `${Math.round(r.top)}..${Math.round(r.bottom)} in ${Math.round(s.left)}..${Math.round(s.right)} x `
        + `${Math.round(s.top)}..${Math.round(s.bottom)}`);
    }
  }
  const felt = document.querySelector('#felt');
  if (felt.scrollHeight > felt.clientHeight + 1 || felt.scrollWidth > felt.clientWidth + 1) {
    problems.push(`the felt overflows: ${felt.scrollWidth}x${felt.scrollHeight} in `
      + `${felt.clientWidth}x${felt.clientHeight}`);
  }
  const f = box(felt);
  for (const seat of document.querySelectorAll('#opponents .seat')) {
    const r = box(seat);
    if (outside(r, f)) {
      problems.push(`${seat.getAttribute('aria-label')} outside the felt`);
    }
  }
  return { problems, kinds: labels.map(({ el }) => el.className + ':' + el.textContent) };
}"""

#: Resolves (polled every frame) once a computer seat shows "thinking", with LABELS measured in
#: that same frame; or with "idle" once the person is to act, or the hand or the game is over.
WHILE_THINKING = """() => {
  const mark = [...document.querySelectorAll('#opponents .seat.thinking .turn-mark')]
    .find((e) => e.getClientRects().length > 0);
  if (mark) return { ...(LABELS)(), thinker: mark.closest('.seat').dataset.seat };
  return document.querySelector('IDLE') ? 'idle' : false;
}""".replace("LABELS", LABELS).replace("IDLE", IDLE)

#: True once the seat that was thinking (the argument) thinks no more.
MOVED = """(seat) => !document.querySelector(`#opponents .seat.thinking[data-seat="${seat}"]`)"""

#: The bar's "Tip" button: its box, what a tap at its middle and 3 px inside its top and foot
#: finds, and the bar's height beside the status line's.
TIP = """() => {
  const button = document.querySelector('#tip-show');
  if (button.hidden) return null;
  const r = button.getBoundingClientRect();
  const x = r.left + r.width / 2;
  const hits = [r.top + 3, r.top + r.height / 2, r.bottom - 3]
    .map((y) => document.elementFromPoint(x, y)).map((e) => (e === button ? 'tip' : e?.id || e?.className));
  const bar = document.querySelector('#bar').getBoundingClientRect();
  const status = document.querySelector('#status').getBoundingClientRect();
  // The bar's own line: the status line, the bar's least height, the 1.5rem pill drawn.
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  const least = Math.max(parseFloat(getComputedStyle(document.querySelector('#bar')).minHeight), 1.5 * rem);
  return { width: r.width, height: r.height, hits, bar: bar.height, line: Math.max(status.height, least) };
}"""


def second_hand(game: str, options: dict[str, Any], seed: int = 3) -> dict[str, Any]:
    """A saved game at the start of its second hand (random play), the person in seat 0."""
    state = new_game(game, options, seed=seed)
    rng = random.Random(seed)
    while len(state.record()["hands"]) < 2:
        state.apply(rng.choice(state.legal_actions()))
    return {**state.record(), "seats": ["human"] + ["beginner"] * (state.players - 1)}


def picture(page: Any, path: Path) -> None:
    """A screenshot with the pointer off the cards (no hover zoom in it)."""
    page.mouse.move(0, 0)
    page.screenshot(path=str(path))


def assert_labels(seen: dict[str, Any], where: str, page: Any, artifacts: Path) -> None:
    if seen["problems"]:
        page.screenshot(path=str(artifacts / f"failed-{where.replace(' ', '-')}.png"))
    assert not seen["problems"], f"{where}: {seen['problems']}"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_seat_badges_and_turn_mark_read_whole(browser: Any, base_url: str, artifacts_dir: Path,
                                              request_log: Any, size: tuple[int, int]) -> None:
    width, height = size
    context, touch = sized_context(browser, size, request_log)
    context.add_init_script(f"({RESUME_ONCE})({json.dumps(json.dumps(second_hand(*GAMES[0])))})")
    page = context.new_page()
    errors: list[str] = []
    tip: dict[str, Any] | None = None
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_table(page, base_url, "?seed=5")
        for game, options in GAMES:
            if game != GAMES[0][0]:
                setup_game(page, game, options, level="beginner", speed="fast")
            rng = random.Random(f"{game}{size}")
            name = f"seat-labels-{width}x{height}-{game}"
            seen_kinds: set[str] = set()
            thought = 0
            for step in range(STEPS):
                if wait_idle(page) != "human":
                    break
                kind = decision(page)
                where = f"{name} step {step} ({kind})"
                seen = page.evaluate(LABELS)
                assert_labels(seen, where, page, artifacts_dir)
                seen_kinds.update(seen["kinds"])
                assert_fits(page, where)
                if touch and step == 0 and game == "bidding-whist":
                    tip = page.evaluate(TIP)  # asserted at the end: the labels first
                if step == 0 or kind != "card" and kind not in {k.split(":")[0] for k in seen_kinds}:
                    picture(page, artifacts_dir / f"{name}-{step}-{kind}.png")
                skip = page.locator('#controls button[data-action="skip"]:not([disabled])')
                if skip.count():
                    skip.click()  # a computer seat wins the bidding: its panel says "rules …"
                else:
                    take_turn(page, rng, tap=bool(touch))
                while True:
                    during = page.wait_for_function(WHILE_THINKING, polling="raf").json_value()
                    if during == "idle":
                        break
                    thought += 1
                    assert_labels(during, f"{where} then thinking", page, artifacts_dir)
                    seen_kinds.update(during["kinds"])
                    if thought == 1:
                        picture(page, artifacts_dir / f"{name}-thinking.png")
                    page.wait_for_function(MOVED, arg=during["thinker"], polling="raf")
            labels = {k.split(":", 1)[1] for k in seen_kinds}
            if game == "bidding-whist":
                assert thought and "turn-mark:thinking" in seen_kinds, (name, seen_kinds)
            for word in ("rules ", "opens") if game == "bidding-whist" else ("dealer",):
                assert any(text.startswith(word) for text in labels), (name, word, labels)
            picture(page, artifacts_dir / f"{name}-{step}-last.png")
        if touch:
            assert tip, "no Tip button on a phone's first hand"
            assert tip["height"] >= 43.5 and tip["width"] >= 43.5, f"Tip button too small: {tip}"
            assert tip["hits"] == ["tip"] * 3, f"taps on the Tip button land elsewhere: {tip}"
            assert tip["bar"] <= tip["line"] + 1, f"the Tip button makes the bar taller: {tip}"
        assert not errors, errors
    finally:
        context.close()

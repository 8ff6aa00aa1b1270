"""The table's flow between moves: the felt's newest line, and the summaries at a game's end.

- The newest-event line on the felt (``#context .latest``) says what just happened: a
  bid while the bidding goes on; once a card is on the felt the bid is old news and
  the line goes, rather than sit all hand under some seat's panel as if its caption.
- The game's last hand is summed up like every other (its bets, tricks and how each
  score came about) before the game's summary; a reload there lands on the game's
  summary, and Undo stays off.

What the felt showed is read from the page itself: a MutationObserver (installed before
the page's scripts) notes every change of the newest line and of the trick's cards.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from table_helpers import IDLE, decision, open_table, setup_game, take_turn, turn, wait_idle

#: Notes each state of the felt after a change: the newest line, the cards on the
#: trick and the hand in play (only when one of them changed).
WATCH_FELT = """
window.__felt = [];
document.addEventListener("DOMContentLoaded", () => {
  let last = "";
  new MutationObserver(() => {
    const note = {
      latest: document.querySelector("#context .latest")?.textContent ?? "",
      trick: document.querySelectorAll("#trick .play").length,
      hand: document.body.dataset.handNumber ?? "",
    };
    const key = JSON.stringify(note);
    if (key !== last) { last = key; window.__felt.push(note); }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
});
"""

BID_LINE = re.compile(r"^(You|Blair|Casey|Drew) (bids?|bets?) ")


def test_the_newest_line_goes_once_the_first_card_is_played(
        page: Any, base_url: str, request_log: Any, artifacts_dir: Path) -> None:
    page.add_init_script(WATCH_FELT)
    open_table(page, base_url, "?seed=10")
    setup_game(page, "diminishing-whist", {"players": 4}, level="beginner")
    rng = random.Random(10)
    shot = False
    for _ in range(40):
        if wait_idle(page) != "human":
            break
        hand_number = page.evaluate("document.body.dataset.handNumber")
        if hand_number != "0":
            break  # the first round is done
        if decision(page) == "card" and page.locator("#trick .play").count() and not shot:
            page.mouse.move(1, 1)
            page.screenshot(path=str(artifacts_dir / "flow-newest-line-in-play.png"))
            shot = True
            # A card is on the felt: no bid line under any seat's panel.
            assert page.locator("#context .latest").count() == 0, \
                page.locator("#context .latest").inner_text()
        take_turn(page, rng)
    assert shot, "no card decision with a card on the felt in the first round"
    felt: list[dict[str, Any]] = page.evaluate("window.__felt")
    first = [n for n in felt if n["hand"] == "0"]
    played = next(i for i, n in enumerate(first) if n["trick"])
    # While the bidding went on, the newest line said each bid as it came ...
    assert any(BID_LINE.match(n["latest"]) for n in first[:played]), first[:played]
    # ... and from the first card on, no bid line came back (neither beside the cards
    # nor between tricks): only the hand's score, when it ends, may show.
    stale = [n for n in first[played:] if n["latest"] and "scored" not in n["latest"]]
    assert not stale, stale


def test_the_games_last_hand_is_summed_up_before_the_game(
        page: Any, base_url: str, request_log: Any, artifacts_dir: Path) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_table(page, base_url, "?seed=29")
    # Bidding Whist's default game is one hand: its summary is the game's last.
    setup_game(page, "bidding-whist", level="beginner")
    rng = random.Random(29)
    for _ in range(80):
        page.wait_for_selector(IDLE, state="attached", timeout=30_000)
        now = turn(page)
        if now != "human":
            break
        take_turn(page, rng)
    else:
        raise AssertionError("the hand did not end")
    assert now == "summary", "the game ended with no summary of its last hand"
    dialog = page.locator("#hand-summary")
    dialog.wait_for(state="visible")
    # The game is over behind it (counted, its summary still to come), and Undo is off.
    assert page.evaluate("window.whistTable.table.over") is True
    assert page.evaluate("document.body.dataset.over") == "1"
    assert not page.locator("#summary[open]").count()
    assert page.locator("#btn-undo").is_disabled()
    assert page.locator("#hand-summary-title").inner_text() == "Hand 1 scored"
    rows = page.locator("#hand-summary tbody tr")
    assert rows.count() == 4
    view = page.evaluate("window.whistTable.table.hand_summary")
    for i, row in enumerate(view["rows"]):
        cells = rows.nth(i)
        assert cells.locator('td[data-key="target"]').inner_text() == row["target"]
        assert re.fullmatch(r"bet \d+", row["target"])
        assert cells.locator('td[data-key="tricks"]').inner_text() == str(row["tricks"])
        assert cells.locator('td[data-key="detail"]').inner_text() == row["detail"] != ""
        shown = cells.locator('td[data-key="points"]').inner_text()
        assert shown == (f"+{row['points']}" if row["points"] > 0 else str(row["points"]))
    page.screenshot(path=str(artifacts_dir / "flow-last-hand-summary.png"))
    totals = [r["total"] for r in view["rows"]]

    # A reload here lands on the game's summary (the game is saved over).
    saved = json.loads(page.evaluate("localStorage.getItem('whist.game')"))
    assert set(saved) == {"sealed", "speed", "saved"}
    page.click("#hand-summary-continue")
    assert wait_idle(page) == "over"
    summary = page.locator("#summary")
    summary.wait_for(state="visible")
    assert not dialog.is_visible()
    ranking = page.evaluate("window.whistTable.table.summary.ranking")
    assert sorted(r["total"] for r in ranking) == sorted(totals)
    page.screenshot(path=str(artifacts_dir / "flow-game-summary.png"))
    page.reload()
    page.wait_for_selector("body[data-app]", state="attached", timeout=60_000)
    assert wait_idle(page) == "over"
    page.locator("#summary").wait_for(state="visible")
    assert not page.locator("#hand-summary[open]").count()
    assert page.locator("#btn-undo").is_disabled()
    assert not errors

"""The game's last hand is summed up like every other: the reply that ends the game carries
that hand's summary (targets, tricks, how each score came about), and Bidding Whist says why."""

from __future__ import annotations

import random
from typing import Any

import pytest

from whist.events import HandScored
from whist.games.bidding import bet_score
from whist_app import webapi
from whist_app.presenters.bidding import BiddingPresenter


def _play_out(game: str, seats: list[str], seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """Start a game through the web API and play it to its end; the last reply."""
    reply: dict[str, Any] = dict(webapi.start({"game": game, "seats": seats, "seed": seed,
                                               "options": options}))
    rng = random.Random(seed)
    for _ in range(2000):
        if reply["view"]["over"]:
            return reply
        if reply["view"]["computer_to_move"]:
            reply = dict(webapi.step({}))
        else:
            legal = webapi._current().state.legal_actions()
            reply = dict(webapi.act({"action": str(rng.choice(legal))}))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game, seats, options", [
    ("bidding-whist", ["human", "random", "random", "random"], {}),
    ("classic-whist", ["human", "random"], {"players": 2, "cards": 3, "winning_score": 3}),
])
def test_the_reply_that_ends_the_game_carries_its_last_hands_summary(
        game: str, seats: list[str], options: dict[str, Any]) -> None:
    reply = _play_out(game, seats, 5, options)
    view = reply["view"]
    summary = view["hand_summary"]
    assert summary is not None and view["summary"] is not None
    assert summary["hand"] == view["hand_number"]
    assert [e["type"] for e in reply["events"]][-1] == "scored"
    rows = summary["rows"]
    assert [r["total"] for r in rows] == [r["total"] for r in sorted(
        view["summary"]["ranking"], key=lambda r: r["seat"])]
    assert all(isinstance(r["tricks"], int) for r in rows)
    if game == "bidding-whist":
        assert all(r["target"].startswith("bet ") and r["detail"] for r in rows), rows


def _scored(bets: tuple[int | None, ...], tricks: tuple[int, ...]) -> HandScored:
    total = sum(b or 0 for b in bets)
    scores = tuple(bet_score(b or 0, t, total) for b, t in zip(bets, tricks, strict=True))
    return HandScored(hand=0, scores=scores, totals=scores, tricks=tricks, targets=bets)


def test_bidding_whist_says_why_each_seat_scored_what_it_did() -> None:
    presenter = BiddingPresenter()
    event = _scored((9, 4, 0, 0), (4, 6, 0, 3))
    assert [presenter.score_detail(event, seat) for seat in range(4)] == [
        "5 short", "2 over", "zero kept: bonus 100", "zero broken: 10 × 3 − 100"]
    assert event.scores[:2] == (-10, 20)
    exact = _scored((7, 2, 3, 1), (7, 2, 3, 1))
    assert {presenter.score_detail(exact, seat) for seat in range(4)} == {"exact"}
    crowded = _scored((6, 5, 3, 0), (6, 4, 3, 0))
    assert presenter.score_detail(crowded, 3) == "zero kept: bonus 50" and crowded.scores[3] == 50
    # A hand never played (everyone skipped and the game ended): nothing to explain.
    unplayed = HandScored(hand=0, scores=(0,) * 4, totals=(0,) * 4)
    assert presenter.score_detail(unplayed, 0) == ""

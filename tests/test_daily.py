"""The daily deal (issue 20, item 1): the same deals for a date, a result with no card."""

from __future__ import annotations

import re

import pytest

from whist.cards import SUIT_SYMBOLS
from whist.protocol import OptionError
from whist.records import replay
from whist_app import webapi
from whist_app.daily import DAILY_LEVEL, MADE, MISSED, daily_seed, result_text


def first_legal() -> str:
    """The first legal action of the game in play, as text (what the person sends)."""
    return str(webapi._current().state.legal_actions()[0])


def first_deal(game: str, date: str, options: dict[str, object] | None = None) -> object:
    webapi.daily({"game": game, "options": options or {}, "date": date})
    return webapi._current().state.hands_log[0]["deal"]


def play_out() -> None:
    """The person plays the first legal choice, the computers their own, to the end."""
    view = webapi.view({})
    while not view["view"]["over"]:
        view = webapi.act({"action": first_legal()}) \
            if view["view"]["human_to_move"] else webapi.step({})


def test_the_same_date_deals_the_same_cards_and_another_date_others() -> None:
    for game in ("diminishing-whist", "black-queen", "nine-five-two", "bidding-whist",
                 "classic-whist"):
        assert first_deal(game, "2026-11-24") == first_deal(game, "2026-11-24")
        assert first_deal(game, "2026-11-24") != first_deal(game, "2026-11-25")
    # Options written out or left to their defaults are the same daily game.
    assert daily_seed("2026-11-24", "dw", {}) == daily_seed("2026-11-24", "diminishing-whist",
                                                            {"players": 4})
    assert daily_seed("2026-11-24", "dw", {"players": 5}) != daily_seed("2026-11-24", "dw", {})


def test_daily_seats_are_fixed_and_the_record_is_marked() -> None:
    view = webapi.daily({"game": "black-queen", "options": {"players": 3}, "date": "2026-01-02"})
    assert view["view"]["daily"] == "2026-01-02"
    assert view["view"]["levels"] == ["human", DAILY_LEVEL, DAILY_LEVEL]
    assert webapi._current().record()["daily"] == "2026-01-02"


@pytest.mark.parametrize("date", ["2026-13-01", "24.11.2026", "", None, 20261124, "2026-02-30"])
def test_a_bad_date_is_refused_in_one_line(date: object) -> None:
    with pytest.raises(OptionError, match="date"):
        webapi.daily({"game": "dw", "date": date})


def test_the_result_holds_no_card_and_the_statistics_line_is_marked() -> None:
    webapi.daily({"game": "classic-whist", "options": {"players": 2, "cards": 5,
                                                         "winning_score": 7},
                  "date": "2026-11-24"})
    with pytest.raises(OptionError, match="not finished"):
        webapi.daily_result({})
    play_out()
    reply = webapi.daily_result({"expert": 4})
    text = reply["text"]
    lines = text.splitlines()
    assert lines[0] == "Whist Table daily · Classic Whist · 2026-11-24"
    assert re.fullmatch(r"Score \d+ · (1st|2nd) of 2 · Expert 4", lines[1])
    record = webapi._current().record()
    assert len(lines[2]) == len(replay(record).hand_scores)
    assert set(lines[2]) <= {MADE, MISSED}
    assert not any(symbol in text for symbol in SUIT_SYMBOLS)
    assert not re.search(r"\b(10|[2-9JQKA])\b", lines[2])
    assert webapi.game_stats({})["daily"] == "2026-11-24"
    assert result_text(record, 0) == text.replace(" · Expert 4", "")


def play_to_hand(hand: int) -> None:
    view = webapi.view({})
    while webapi._current().state.hand_number < hand:
        view = webapi.act({"action": first_legal()}) \
            if view["view"]["human_to_move"] else webapi.step({})


def test_a_saved_daily_game_deals_on_from_the_days_seed() -> None:
    webapi.daily({"game": "diminishing-whist", "date": "2026-11-24"})
    play_to_hand(1)
    sealed = webapi.save({})["sealed"]
    webapi.resume({"sealed": sealed})
    assert webapi._current().daily == "2026-11-24"
    play_to_hand(2)
    resumed = webapi._current().state.hands_log[2]["deal"]
    # The day's third deal, however the first two went: a fresh daily game played on.
    webapi.daily({"game": "diminishing-whist", "date": "2026-11-24"})
    play_to_hand(2)
    assert webapi._current().state.hands_log[2]["deal"] == resumed

"""The score sheet: every past hand's tricks beside what each seat played for (issue 19 item 6)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from whist.events import HandScored
from whist.games import new_game
from whist.protocol import GameState
from whist.records import replay
from whist_app.table import Table
from whist_app.terminal import score_sheet
from whist_app.views import TableView

#: Every game, and the options that change what a hand is played for.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("diminishing-whist", {}),
    ("diminishing-whist", {"players": 5}),
    ("nine-five-two", {"target": 5}),
    ("bidding-whist", {"hands": 3}),
    ("bidding-whist", {"hands": 2, "on_all_skip": "no_trump"}),
    ("bidding-whist", {"on_all_skip": "end"}),
    ("black-queen", {"players": 3}),
    ("classic-whist", {"cards": 5, "winning_score": 12}),
]
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for g, o in CONFIGS]
SIGNED = re.compile(r"^(\+[1-9]\d*|-[1-9]\d*|0)$")


def played(game: str, options: dict[str, Any], seed: int) -> tuple[GameState, list[HandScored]]:
    """A whole random game, with the HandScored events its actions announced."""
    state = new_game(game, options, seed=seed)
    rng = random.Random(seed)
    announced: list[HandScored] = []
    while not state.over:
        events = state.apply(rng.choice(state.legal_actions()))
        announced += [e for e in events if isinstance(e, HandScored)]
    return state, announced


def sheet_of(game: str, options: dict[str, Any], seed: int) -> tuple[Table, TableView]:
    seats = ["random"] * (3 if game == "nine-five-two" else int(options.get("players", 4)))
    table = Table.new(game, options, seats, seed=seed)
    while not table.state.over:
        table.play_computer()
    return table, table.view(0)


@pytest.mark.parametrize("game, options", CONFIGS, ids=IDS)
def test_every_scored_hand_keeps_the_result_it_announced(game: str, options: dict[str, Any]) -> None:
    for seed in range(3):
        state, announced = played(game, options, seed)
        assert state.hand_results == announced
        assert [list(r.scores) for r in state.hand_results] == state.hand_scores
        assert [r.hand for r in state.hand_results] == list(range(len(state.hand_scores)))
        # The history is the record's: a replay keeps the same results.
        assert replay(state.record()).hand_results == state.hand_results


def test_a_hand_everyone_skipped_has_no_tricks_or_targets() -> None:
    state = new_game("bidding-whist", {"on_all_skip": "end"}, seed=1)
    while not state.over:
        state.apply_text("skip")
    (result,) = state.hand_results
    assert (result.tricks, result.targets, result.trump, result.declarer) == ((), (), None, None)
    view = Table(state, ["random"] * 4).view(0)
    assert view["sheet"]["rows"][0]["sub"] == "all skipped"
    assert [c["points"] for c in view["sheet"]["rows"][0]["cells"]] == ["0"] * 4


def test_undo_across_a_scored_hand_cuts_the_results_back() -> None:
    state = new_game("diminishing-whist", {}, seed=5)
    rng = random.Random(5)
    while len(state.hand_results) < 2:
        last = rng.choice(state.legal_actions())
        state.apply(last)
    kept = list(state.hand_results)
    state.undo()
    assert state.hand_results == kept[:1] and len(state.hand_scores) == 1
    state.apply(last)
    assert state.hand_results == kept


def test_a_search_adds_no_results() -> None:
    state = new_game("black-queen", {"players": 3, "hands": 2}, seed=2)
    rng = random.Random(2)
    search = state.search_copy()
    while not search.over:
        search.step(rng.choice(search.legal_actions()))
    assert len(search.hand_scores) == 2 and search.hand_results == []


@pytest.mark.parametrize("game, options", [CONFIGS[0], CONFIGS[1], CONFIGS[2], CONFIGS[3]],
                         ids=IDS[:4])
def test_each_row_shows_tricks_beside_the_target_and_the_points(
        game: str, options: dict[str, Any]) -> None:
    table, view = sheet_of(game, options, seed=4)
    sheet = view["sheet"]
    assert sheet["key"].startswith("Each cell: tricks taken/")
    assert len(sheet["rows"]) == len(table.state.hand_results)
    for row, result in zip(sheet["rows"], table.state.hand_results, strict=True):
        for seat, cell in enumerate(row["cells"]):
            took, target = result.tricks[seat], result.targets[seat]
            assert cell["tricks"] == f"{took}/{target}"
            assert SIGNED.match(cell["points"]) and int(cell["points"]) == row["scores"][seat]
            assert cell["title"].startswith(f"took {took}, ")
        if game == "nine-five-two":
            assert sorted(t for t in result.targets if t is not None) == [2, 5, 9]
            made = [c["made"] for c in row["cells"]]
            assert made == [t >= g for t, g in zip(result.tricks, result.targets, strict=True)]
            assert row["sub"].startswith(str(result.trump))
        if game == "diminishing-whist":
            assert [c["made"] for c in row["cells"]] == [
                t == g for t, g in zip(result.tricks, result.targets, strict=True)]


def test_a_bidding_row_names_the_contract_and_its_ruler() -> None:
    table, view = sheet_of("bidding-whist", {"hands": 3}, seed=4)
    for row, result in zip(view["sheet"]["rows"], table.state.hand_results, strict=True):
        ruler = result.declarer
        assert ruler is not None
        name = table.seating(0).name(ruler)
        assert row["sub"] == f"{result.targets[ruler]}{result.trump} {name}"
        assert re.fullmatch(r"([5-9]|1[0-3])(♣|♦|♥|♠|NT) \S+", row["sub"]), row["sub"]


@pytest.mark.parametrize("game, options", [CONFIGS[6], CONFIGS[7]], ids=IDS[6:8])
def test_games_without_targets_keep_plain_points(game: str, options: dict[str, Any]) -> None:
    _, view = sheet_of(game, options, seed=1)
    sheet = view["sheet"]
    assert sheet["key"] == "" and sheet["rows"]
    for row in sheet["rows"]:
        assert [c["points"] for c in row["cells"]] == [str(s) for s in row["scores"]]
        assert all(c["tricks"] == "" and c["made"] is None for c in row["cells"])


def test_the_terminal_sheet_shows_tricks_beside_bids() -> None:
    table, view = sheet_of("diminishing-whist", {}, seed=4)
    text = score_sheet(view)
    lines = text.splitlines()
    assert lines[0].split() == ["hand", *view["sheet"]["columns"]]
    first = view["sheet"]["rows"][0]["cells"][0]
    assert f"{first['tricks']} {first['points']} (" in lines[1]
    assert lines[1].rstrip().endswith("10♥")  # the round's cards and trump
    assert lines[-1].startswith("(Each cell: tricks taken/bid, then points")
    assert len(lines) == 1 + 10 + 2

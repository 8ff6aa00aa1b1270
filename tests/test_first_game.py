"""A first game in a player's words (issue 19, item 3): levels, the Beginner, the tips."""

from __future__ import annotations

import json
import re

import pytest

from engines.levels import load_engine
from whist.games import GAME_NAMES, new_game
from whist_app import webapi
from whist_app.table import Table, default_seats
from whist_app.tips import first_hand_tip

JARGON = re.compile(r"engine|compat|nerd|strength\d|expectation|heuristic|[a-z]_[a-z]|\+|\(")


def _catalog() -> dict[str, object]:
    reply: dict[str, object] = json.loads(webapi.dispatch("catalog", "{}"))
    return reply


def test_the_four_levels_speak_a_players_words_and_the_engines_stay_selectable() -> None:
    for game in _catalog()["games"]:  # type: ignore[attr-defined]
        plain = [level for level in game["levels"] if not level["advanced"]]
        assert [level["label"] for level in plain] == \
            ["Beginner", "Intermediate", "Advanced", "Expert"]
        for level in plain:
            assert level["description"] and not JARGON.search(level["description"].lower()), level
        advanced = {level["level"] for level in game["levels"] if level["advanced"]}
        assert "random" in advanced and "strong" in advanced
        assert game["rules"]["summary"]  # the first screen's line for the game
        for option in game["options"]:
            assert option["advanced"] == (option["name"] in ("compat", "enforce_rules"))


def test_beginner_bids_near_the_counting_bidder_never_wildly() -> None:
    off = []
    for seed in range(40):
        state = new_game("diminishing-whist", {}, seed=seed)
        counting = load_engine("expectation", "diminishing-whist", seed=seed)
        beginner = load_engine("beginner", "diminishing-whist", seed=seed)
        obs = state.observe(state.to_move)
        legal = state.legal_actions()
        off.append(int(str(beginner.choose(obs, legal))) - int(str(counting.choose(obs, legal))))
    assert set(off) <= {-1, 0, 1} and off.count(0) > len(off) // 2


def test_beginner_plays_every_game_to_the_end() -> None:
    for game in GAME_NAMES:
        table = Table.new(game, {}, ["beginner"] * len(default_seats(game)), seed=3)
        while not table.state.over:
            table.play_computer()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_tip_at_every_decision_of_the_first_hand_in_plain_words(game: str) -> None:
    table = Table.new(game, {}, default_seats(game), seed=5)
    explained = False
    while not table.state.over and not table.state.hand_scores:
        if not table.human_to_move():
            table.play_computer()
            continue
        obs = table.state.observe(0)
        tip = first_hand_tip(obs, table.explain)
        assert tip and not re.search(r"[a-z]_[a-z]|@", tip), tip
        barred = [card for card in obs["hand"] if card not in obs["legal"]]
        if obs["decision"] == "card" and barred:
            reason = table.explain(barred[0])
            assert reason and reason in tip  # the core's own reason, not one of ours
            explained = True
        legal = obs["legal"]
        if legal:
            table.play_human(legal[0])
        else:  # choosing cards (a discard or a pass): the first ones
            count = obs.get("choose_count") or obs.get("pass_count") or 1
            table.play_human(" ".join(obs["hand"][:count]))  # type: ignore[index]
    assert explained or game == "nine-five-two"


def test_the_view_carries_the_tip_only_on_the_persons_turn() -> None:
    reply = json.loads(webapi.dispatch("start", json.dumps(
        {"game": "diminishing-whist", "seats": ["human"] + ["beginner"] * 3, "seed": 4})))
    view = reply.get("result", reply)
    while not view["view"]["human_to_move"]:
        reply = json.loads(webapi.dispatch("step", "{}"))
        view = reply.get("result", reply)
    assert view["view"]["tip"] and "tricks" in view["view"]["tip"]

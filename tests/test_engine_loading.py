"""Levels by name or module:Class, and every way an engine can fail, named clearly."""

import json

import pytest

from engines.interface import EngineError
from engines.levels import describe_levels, load_engine
from engines.referee import choose_action
from whist.games import GAME_NAMES, new_game
from whist_app.table import Table


def test_every_game_offers_its_original_levels_and_strong_with_descriptions() -> None:
    expected = {
        "diminishing-whist": {"expectation", "gaussian"},
        "black-queen": {"strength0", "strength1", "strength2"},
        "nine-five-two": {"random", "rules"},
        "bidding-whist": {"heuristic"},
        "classic-whist": {"none+random", "naive_legal+highest_rank", "trump_saving+smart"},
    }
    for game in GAME_NAMES:
        levels = dict(describe_levels(game))
        assert expected[game] <= set(levels) and "strong" in levels and "random" in levels
        assert all(description for description in levels.values())
    assert "expectation" not in dict(describe_levels("black-queen"))


def test_unknown_level_lists_the_levels() -> None:
    with pytest.raises(EngineError, match=r"unknown engine level 'grandmaster' \(levels: random"):
        load_engine("grandmaster")
    with pytest.raises(EngineError, match="does not play black-queen"):
        load_engine("expectation", "black-queen")
    with pytest.raises(EngineError, match="'sometimes' is not a selector|unknown"):
        load_engine("none+sometimes", "classic-whist")


def test_plugins_load_by_module_and_class() -> None:
    engine = load_engine("engines.interface:RandomEngine", "black-queen", seed=1)
    assert engine.level == "random"
    with pytest.raises(EngineError, match="'nowhere.engine:X' failed to load: ModuleNotFoundError"):
        load_engine("nowhere.engine:X")
    with pytest.raises(EngineError, match="failed to load: AttributeError"):
        load_engine("tests.plugins.faulty:Missing")
    with pytest.raises(EngineError, match="is not an Engine subclass"):
        load_engine("tests.plugins.faulty:NOT_AN_ENGINE")
    with pytest.raises(EngineError, match="failed to start: RuntimeError: no licence file"):
        load_engine("tests.plugins.faulty:FailsToStart")


@pytest.mark.parametrize("plugin, message", [
    # A plug-in is named as it was loaded (its level may be anything, even "engine").
    ("tests.plugins.faulty:Crashes",
     r"engine 'tests.plugins.faulty:Crashes' at seat 1 raised ZeroDivisionError: division by zero"),
    ("tests.plugins.faulty:Cheats", r"engine 'tests.plugins.faulty:Cheats' at seat 1 chose an "
                                    r"illegal action 99: a bid must be from 0 to 10"),
])
def test_a_failing_plugin_is_named_with_its_seat_and_the_game_is_untouched(plugin: str,
                                                                            message: str) -> None:
    table = Table.new("diminishing-whist", None, ["random", plugin, "random", "random"], seed=4)
    table.play_computer()
    before = json.dumps(table.record())
    with pytest.raises(EngineError, match=message):
        table.play_computer()
    assert json.dumps(table.record()) == before and table.state.to_move == 1


def test_choose_action_refuses_when_the_game_is_over() -> None:
    state = new_game("bidding-whist", {"on_all_skip": "end"}, seed=1)
    while not state.over:
        state.apply(state.legal_actions()[0])
    with pytest.raises(EngineError, match="the game is over"):
        choose_action(state, load_engine("random"))

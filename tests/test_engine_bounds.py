"""Engines are bounded: a time limit per decision, answers checked by exact type, budgets checked.

The misbehaving plug-ins live in tests/plugins/misbehaving.py; every failure must
name the plug-in as ``module:Class`` with its seat and leave the game untouched,
in the table, the arena and the terminal.
"""

from __future__ import annotations

import dataclasses
import io
import json
import math
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import get_args

import pytest

from engines.arena import ArenaConfig, run_deals, summarize
from engines.arena import main as arena_main
from engines.interface import Engine, EngineError
from engines.levels import load_engine
from engines.referee import _FIELD_TYPES, _shape, choose_action, decision_time_limit
from whist.actions import Action, Bid
from whist.games import GAME_NAMES, new_game
from whist.observations import Observation
from whist.records import replay
from whist_app.table import Table
from whist_app.terminal import main as terminal_main

PLUGINS = "tests.plugins.misbehaving"
#: Short enough to keep this file quick, long enough for a random engine on a busy machine.
LIMIT = 0.2


class Answers(Engine):
    """Answers the same action every time."""

    def __init__(self, answer: Action) -> None:
        super().__init__()
        self.answer = answer

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return self.answer


def dw_table(plugin: str, timeout: float | None = None) -> Table:
    """Diminishing Whist with ``plugin`` at seat 1, after seat 0's (random) first bid."""
    table = Table.new("diminishing-whist", None, ["random", f"{PLUGINS}:{plugin}", "random",
                                                  "random"], seed=4, engine_timeout=timeout)
    table.play_computer()
    return table


@pytest.mark.parametrize("plugin, message", [
    ("FloatBid", "returned a Bid with a float as its tricks, which must be an int"),
    ("BoolBid", "returned a Bid with a bool as its tricks, which must be an int"),
    ("PlainInt", "returned 0 (a int), not an action"),
    ("IntCard", "returned a Play with a int as its card, which must be a Card"),
    ("EqualsAnything", "(a _EqualToAnything), not an action"),
    ("EqualityRaises", "(a _ExplodingBid), not an action"),
])
def test_an_answer_of_the_wrong_type_is_refused_and_the_game_is_untouched(
        plugin: str, message: str) -> None:
    table = dw_table(plugin)
    before = json.dumps(table.record())
    with pytest.raises(EngineError) as caught:
        table.play_computer()
    text = str(caught.value)
    assert text.startswith(f"engine '{PLUGINS}:{plugin}' at seat 1 "), text
    assert message in text, text
    assert json.dumps(table.record()) == before and table.state.to_move == 1
    assert replay(table.record()).record() == table.state.record()


@pytest.mark.parametrize("plugin, message", [
    ("AppendsToLegal", "changed the list of legal actions it was handed"),
    ("ReplacesLegal", "changed the list of legal actions it was handed"),
    ("ChangesObservation", "changed the observation it was handed"),
])
def test_an_engine_that_changes_what_it_was_handed_is_refused(plugin: str, message: str) -> None:
    # The check reads the game's own legal actions, never the engine's list: an action
    # appended there is no more legal than before.
    table = dw_table(plugin)
    before = json.dumps(table.record())
    with pytest.raises(EngineError) as caught:
        table.play_computer()
    text = str(caught.value)
    assert text.startswith(f"engine '{PLUGINS}:{plugin}' at seat 1 {message}"), text
    assert json.dumps(table.record()) == before and table.state.to_move == 1
    assert all(type(a).__name__ == "Bid" and a.tricks <= 13  # type: ignore[union-attr]
               for a in table.state.legal_actions())


def test_an_action_appended_to_the_engine_s_list_is_checked_against_the_game() -> None:
    # Even without the tampering check, the answer is matched against the game's list.
    class Appends(Engine):
        def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
            mine = Bid(99)
            assert isinstance(legal, list)
            legal.append(mine)
            return mine

    state = new_game("diminishing-whist", None, seed=4)
    with pytest.raises(EngineError, match="at seat 0 "):
        choose_action(state, Appends(), time_limit=math.inf)
    assert Bid(99) not in state.legal_actions()


def test_every_action_type_and_field_is_checked() -> None:
    # A new action type or field must be added to the exact-type table, or engines
    # answering with it would be refused.
    assert set(get_args(Action)) == set(_FIELD_TYPES)
    for kind, checks in _FIELD_TYPES.items():
        assert [f.name for f in dataclasses.fields(kind)] == [name for name, _, _ in checks]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_legal_action_of_every_game_passes_the_exact_check(game: str) -> None:
    # An engine that builds its own copy of a legal action (Bid(3), not the list's) must
    # be matched: the game's own actions are all of the exact types the check expects.
    state = new_game(game, None, seed=1)
    rng = random.Random(1)
    while not state.over:
        legal = state.legal_actions()
        for action in legal:
            copy = type(action)(*(getattr(action, f.name) for f in dataclasses.fields(action)))
            chosen = choose_action(state, Answers(copy), time_limit=math.inf)
            assert type(chosen) is type(action) and chosen == action and chosen is not copy
            break  # one per decision keeps this quick; the next line walks the whole game
        assert all(_shape(action) for action in legal)
        state.apply(legal[rng.randrange(len(legal))])


def test_a_well_typed_answer_comes_back_as_the_legal_list_s_own_action() -> None:
    table = dw_table("Sleeps")
    engine = load_engine("random", seed=1)
    action = choose_action(table.state, engine)
    assert any(action is legal for legal in table.state.legal_actions())


def test_an_engine_that_overruns_is_named_and_then_refused_until_it_is_done() -> None:
    table = dw_table("Sleeps", timeout=LIMIT)
    before = json.dumps(table.record())
    start = time.monotonic()
    with pytest.raises(EngineError, match=rf"engine '{PLUGINS}:Sleeps' at seat 1 did not answer "
                                          r"within its time limit of 0\.2 s"):
        table.play_computer()
    assert time.monotonic() - start < 0.9  # it sleeps a whole second
    # Its late decision still runs (a thread cannot be stopped): asked again, it is refused
    # at once rather than run twice at the same time.
    with pytest.raises(EngineError, match="still busy with a decision that went over"):
        table.play_computer()
    assert json.dumps(table.record()) == before and table.state.to_move == 1


def test_without_threads_the_time_is_checked_after_the_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # As in the browser (Pyodide has no threads): the engine is called directly.
    monkeypatch.setattr("engines.referee.THREADS", False)
    table = dw_table("Sleeps", timeout=LIMIT)
    before = json.dumps(table.record())
    with pytest.raises(EngineError, match=rf"engine '{PLUGINS}:Sleeps' at seat 1 took 1\.\d\d s, "
                                          r"over its time limit of 0\.2 s"):
        table.play_computer()
    assert json.dumps(table.record()) == before


def test_time_limits_follow_the_budget() -> None:
    assert decision_time_limit(load_engine("random")) == 10.0
    assert decision_time_limit(load_engine("strong", budget=1.0)) == 5.0
    assert decision_time_limit(load_engine("strong", budget=0.01)) == 2.0
    assert decision_time_limit(load_engine("strong")) == 5.0  # its own default: 1 s
    assert decision_time_limit(load_engine("strong", iterations=50)) == 10.0
    state = dw_table("Sleeps").state
    with pytest.raises(EngineError, match="time limit must be more than 0"):
        choose_action(state, load_engine("random"), time_limit=math.nan)


@pytest.mark.parametrize("budget", [math.nan, math.inf, -math.inf, -1, -0.5, True, "1", 10 ** 400])
def test_budgets_that_are_not_finite_seconds_are_refused_at_once(budget: object) -> None:
    with pytest.raises(EngineError, match="time budget must be a"):
        load_engine("strong", "diminishing-whist", budget=budget)  # type: ignore[arg-type]
    with pytest.raises(EngineError, match="seat 1: a time budget"):
        Table.new("diminishing-whist", None, ["human", "strong", "random", "random"],
                  budget=budget)  # type: ignore[arg-type]


def test_zero_and_ordinary_budgets_are_accepted() -> None:
    assert load_engine("strong", budget=0).budget == 0
    assert load_engine("strong", budget=0.5).budget == 0.5


def test_the_arena_counts_an_overrunning_plugin_and_plays_on() -> None:
    config = ArenaConfig("diminishing-whist", [f"{PLUGINS}:Sleeps", "random", "random", "random"],
                         deals=1, seed=4, engine_timeout=LIMIT)
    start = time.monotonic()
    summary = summarize(config, run_deals(config, workers=1))
    # One wait per rotation (a new engine each); its other decisions are refused at once.
    assert time.monotonic() - start < 4 * LIMIT + 2.0
    assert summary["deals"] == 1
    counts = {name: e["failures"] for name, e in summary["engines"].items()}
    assert counts == {f"{PLUGINS}:Sleeps": summary["failures"], "random": 0}
    assert summary["failures"] >= 4
    messages = summary["failure_messages"]
    assert any(f"engine '{PLUGINS}:Sleeps' at seat 0 did not answer within its time limit "
               "of 0.2 s" in m for m in messages), messages


@pytest.mark.parametrize("plugin, failure", [
    ("FloatBid", "returned a Bid with a float"), ("EqualsAnything", "returned <"),
    # Its own move appended to its list: no revoke reaches the game.
    ("AppendsToLegal", "changed the list of legal actions it was handed"),
    ("ChangesObservation", "changed the observation it was handed"),
])
def test_the_arena_counts_every_wrong_answer(plugin: str, failure: str) -> None:
    config = ArenaConfig("diminishing-whist", [f"{PLUGINS}:{plugin}", "random", "random",
                                               "random"], deals=1, seed=4)
    summary = summarize(config, run_deals(config, workers=1))
    # Every decision fails (the arena plays the first legal action instead): 65 a game
    # (10 bids, 55 cards), four rotations.
    assert summary["failures"] == 4 * 65
    assert summary["engines"][f"{PLUGINS}:{plugin}"]["failures"] == 4 * 65
    assert all(f"engine '{PLUGINS}:{plugin}' at seat " in m and failure in m
               for m in summary["failure_messages"]), summary["failure_messages"][0]


def test_the_arena_command_reports_counts_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code = arena_main(["dw", "--seats", f"{PLUGINS}:BoolBid,random,random,random", "--deals", "1",
                       "--workers", "1", "--engine-timeout", "5"])
    assert code == 1
    out = capsys.readouterr().out
    assert f"failures: 260 ({PLUGINS}:BoolBid: 260)" in out


@pytest.mark.parametrize("argv, message", [
    (["--budget", "nan"], "argument --budget: must be a finite number of seconds"),
    (["--budget", "-1"], "argument --budget: must be a finite number of seconds"),
    (["--budget", "inf"], "argument --budget: must be a finite number of seconds"),
    (["--options", "5"], "argument --options: must be a JSON object"),
    (["--options", "[" * 100_000], "argument --options: not JSON"),
    (["--deals", "0"], "argument --deals: must be from 1"),
    (["--deals", "9" * 5000], "argument --deals: expected a whole number"),
    (["--workers", "0"], "argument --workers: must be from 1"),
    (["--engine-timeout", "0"], "argument --engine-timeout: must be a finite number"),
    (["--iterations", "²"], "argument --iterations: expected a whole number"),
])
def test_bad_arena_arguments_are_one_line_and_exit_2(argv: list[str], message: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code = arena_main(["dw", "--seats", "random,random,random,random", "--workers", "1", *argv])
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.splitlines()) == 1 and len(err) < 300, err


def terminal(argv: list[str], answers: str, tmp_path: Path) -> tuple[int, str, str, Path]:
    path = tmp_path / "game.json"
    out, err = io.StringIO(), io.StringIO()
    status = terminal_main(["dw", "--seed", "3", "--record", str(path), *argv],
                           stdin=io.StringIO(answers), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue(), path


@pytest.mark.parametrize("plugin, timeout, message", [
    ("Sleeps", ["--engine-timeout", "0.2"], "did not answer within its time limit of 0.2 s"),
    ("AppendsToLegal", [], "changed the list of legal actions it was handed"),
    ("ChangesObservation", [], "changed the observation it was handed"),
    ("FloatBid", [], "returned a Bid with a float as its tricks"),
    ("EqualityRaises", [], "not an action"),
])
def test_the_terminal_names_a_failing_plugin_saves_and_stops(
        plugin: str, timeout: list[str], message: str, tmp_path: Path) -> None:
    # Seat 0 (the person) bids first; the plug-in at seat 1 fails at once.
    status, out, err, path = terminal(["--seats", f"human,{PLUGINS}:{plugin},random,random",
                                       *timeout], "1\n", tmp_path)
    assert status == 4
    first = err.splitlines()[0]
    assert first.startswith(f"error: engine '{PLUGINS}:{plugin}' at seat 1 "), err
    assert message in first
    assert f"the game so far is saved to {path}" in err
    assert "error" not in out
    state = replay(path)
    assert state.hand_number == 0 and state.record()["hands"][0]["actions"] == ["0"]
    assert state.to_move == 1

"""The record corpus: every fixture replays to the results it carries, also through the CLI.

``tests/fixtures/records/*.json`` are game records written by
``scripts/make_fixtures.py`` (seeded random legal play) with two extra top-level
keys readers ignore: ``"description"`` and ``"expected"`` (what the game that
wrote the record ended with).  Here each is replayed with
``whist.records.replay`` and with ``python -m whist replay`` (in process), and
the replayed game is recorded again: it must give back the same hands.  The
golden Bidding Whist worked game (rules.md §4) is checked against its known
totals, 10 / 70 / 20 / 20.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from whist.games import GAME_NAMES
from whist.protocol import GameState
from whist.records import replay
from whist_app.cli import EXIT_FINISHED, EXIT_IN_PROGRESS, main

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "fixtures" / "records"
FIXTURES = sorted(CORPUS.glob("*.json"))
WORKED = ROOT / "tests" / "fixtures" / "bidding-whist-worked.json"
#: rules.md §4: the worked game's final scores, seats 0-3 (players 1-4).
WORKED_TOTALS = [10, 70, 20, 20]


def load(path: Path) -> dict[str, Any]:
    """A fixture's JSON."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def results(state: GameState) -> dict[str, Any]:
    """A replayed state's results in the form of a fixture's ``"expected"``."""
    return {
        "over": state.over,
        "hand_over": state.hand_over,
        "hands": len(state.record()["hands"]),
        "hand_scores": [list(row) for row in state.hand_scores],
        "totals": list(state.totals),
        "winners": state.winners() if state.over else None,
        "to_move": state.to_move,
        "decision": None if state.decision is None else state.decision.value,
    }


def ids(paths: list[Path]) -> list[str]:
    return [p.stem for p in paths]


def test_the_corpus_covers_every_game_finished_and_in_progress() -> None:
    seen: dict[str, set[bool]] = {}
    for path in FIXTURES:
        data = load(path)
        assert {"game", "options", "hands", "description", "expected"} <= data.keys(), path.name
        seen.setdefault(data["game"], set()).add(data["expected"]["over"])
    assert set(seen) == set(GAME_NAMES)
    assert all(kinds == {True, False} for kinds in seen.values()), seen


def test_the_corpus_covers_the_option_settings_it_promises() -> None:
    options = [(load(p)["game"], load(p)["options"]) for p in FIXTURES]

    def has(game: str, **wanted: Any) -> bool:
        return any(g == game and all(o.get(k) == v for k, v in wanted.items()) for g, o in options)

    assert has("diminishing-whist", players=5)
    assert has("black-queen", players=3) and has("black-queen", players=6)
    assert len({o["face_down"] for g, o in options if g == "black-queen"}) >= 3
    assert has("nine-five-two", target=5)
    for rule in ("redeal", "no_trump", "end"):
        assert has("bidding-whist", on_all_skip=rule)
    assert has("classic-whist", enforce_rules=False, compat="nerd")


@pytest.mark.parametrize("path", FIXTURES, ids=ids(FIXTURES))
def test_replay_gives_the_expected_results(path: Path) -> None:
    data = load(path)
    state = replay(path)
    expected = data["expected"]
    assert results(state) == expected
    # The totals are the hands' scores added up, seat by seat; except in a Classic Whist
    # deal under way, whose tricks already count (a point each) but have no row yet.
    if expected["hand_scores"] and (data["game"] != "classic-whist" or expected["over"]):
        columns = [sum(col) for col in zip(*expected["hand_scores"], strict=True)]
        assert columns == expected["totals"]


@pytest.mark.parametrize("path", FIXTURES, ids=ids(FIXTURES))
def test_replay_command_exit_status_and_printed_scores(path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    expected = load(path)["expected"]
    status = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert err == ""
    assert status == (EXIT_FINISHED if expected["over"] else EXIT_IN_PROGRESS)
    lines = out.splitlines()
    assert lines[-1] == "totals: " + " ".join(str(t) for t in expected["totals"])
    printed = [line for line in lines if line.startswith("hand ")]
    assert printed == [f"hand {n}: " + " ".join(str(s) for s in row)
                       for n, row in enumerate(expected["hand_scores"], start=1)]
    in_progress = [line for line in lines if line.startswith("in progress: ")]
    assert len(in_progress) == (0 if expected["over"] else 1)


@pytest.mark.parametrize("path", FIXTURES, ids=ids(FIXTURES))
def test_recording_the_replayed_game_gives_back_the_same_record(path: Path) -> None:
    data = load(path)
    again = replay(path).record()
    assert again["game"] == data["game"]
    assert again["options"] == data["options"]
    assert again["hands"] == data["hands"]
    # And the record written again replays to the same results.
    assert results(replay(again)) == data["expected"]


def test_the_generator_still_writes_the_corpus_as_it_is() -> None:
    """Seeded play is part of the behaviour: the same core must write the same files.

    If a change of seeded play is intended, run ``scripts/make_fixtures.py`` and
    review the changed files (their ``expected`` values) before committing them.
    """
    written = generator().texts()
    assert sorted(written) == [p.name for p in FIXTURES]
    stale = [name for name, text in written.items()
             if (CORPUS / name).read_text(encoding="utf-8") != text]
    assert not stale, f"rerun scripts/make_fixtures.py: these differ from the generator: {stale}"


def generator() -> ModuleType:
    """``scripts/make_fixtures.py`` as a module (scripts/ is no package)."""
    spec = importlib.util.spec_from_file_location("make_fixtures", ROOT / "scripts" / "make_fixtures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered first: its dataclasses look their module up while being made.
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


# -------------------------------------------------------- the golden worked game
def test_worked_bidding_whist_game_replays_to_its_known_totals(
        capsys: pytest.CaptureFixture[str]) -> None:
    state = replay(WORKED)
    assert state.over
    assert state.hand_scores == [WORKED_TOTALS]
    assert state.totals == WORKED_TOTALS
    assert state.winners() == [1]
    assert main(["replay", str(WORKED)]) == EXIT_FINISHED
    assert capsys.readouterr().out.splitlines()[-1] == "totals: 10 70 20 20"
    # Recorded again, it is the same game (its extra "source" key aside).
    assert state.record()["hands"] == load(WORKED)["hands"]

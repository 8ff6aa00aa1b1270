"""The record doors of the command line (issue 18, item 5): review takes every record replay takes.

A 9-5-2 discard or pass typed in another order than the game's card order
reviews, replays and goes through the page's review; ``--iterations`` below
what a review needs is refused up front; every command line error of
``replay``, ``review`` and ``play`` is one line (never argparse's usage block);
only regular files are read, and a path is always a path.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from whist.records import replay
from whist_app import webapi
from whist_app.cli import main

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures" / "records"


def _reversed(action: str) -> str:
    return " ".join(reversed(action.split()))


def shuffled_952_record() -> dict[str, Any]:
    """A 9-5-2 record whose first discard (seat 0) and first pass (seat 2) are typed in
    the reverse of the game's card order, as a person may type them at the terminal."""
    record = copy.deepcopy(json.loads((FIXTURES / "nine-five-two-finished.json")
                                      .read_text(encoding="utf-8")))
    first, second = record["hands"][0], record["hands"][1]
    first["actions"][1] = _reversed(first["actions"][1])
    second["actions"] = [_reversed(second["actions"][0]), *second["actions"][1:3]]
    record["hands"] = [first, second]
    return record


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_discard_and_a_pass_in_another_order_replay_review_and_review_on_the_page(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = shuffled_952_record()
    discard, passed = record["hands"][0]["actions"][1], record["hands"][1]["actions"][0]
    path = tmp_path / "952.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    # The replayed game reads them as the very actions it lists (its card order).
    state = replay(path)
    actions = [hand["actions"] for hand in state.record()["hands"]]
    assert actions[0][1] != discard and sorted(actions[0][1].split()) == sorted(discard.split())
    assert actions[1][0] != passed and sorted(actions[1][0].split()) == sorted(passed.split())
    assert run(capsys, "replay", str(path))[0] == 3
    for seat in ("0", "2"):  # the dealer who discarded; the seat that passed
        status, out, err = run(capsys, "review", str(path), "--iterations", "2",
                               "--workers", "1", "--seat", seat)
        assert (status, err) == (0, ""), err
        assert out.splitlines()[-1].startswith("total expected loss: ")
    reply = json.loads(webapi.dispatch("review_hand", json.dumps(
        {"record": record, "hand_number": 0, "seat": 0, "iterations": 2}, ensure_ascii=False)))
    assert "error" not in reply, reply
    assert any(d["decision"] == "discard" for d in reply["decisions"])


@pytest.mark.parametrize("iterations", ["1", "0", "-3", "x", "9" * 40])
def test_review_refuses_too_few_iterations_up_front_in_one_line(
        iterations: str, capsys: pytest.CaptureFixture[str]) -> None:
    record = FIXTURES / "diminishing-whist-5p-bidding.json"
    status, out, err = run(capsys, "review", str(record), "--iterations", iterations)
    assert status == 2 and out == ""
    assert err.startswith("python -m whist review: error: argument --iterations: ")
    assert len(err.splitlines()) == 1 and len(err) <= 300, err
    if iterations in ("1", "0", "-3"):
        assert "must be from 2 to" in err


@pytest.mark.parametrize("argv, message", [
    ([], "the following arguments are required: command"),
    (["chess"], "invalid choice: 'chess'"),
    (["--bogus"], "the following arguments are required: command"),
    (["replay"], "the following arguments are required: file"),
    (["replay", "a.json", "b.json"], "unrecognized arguments: b.json"),
    (["replay", "a.json", "--bogus"], "unrecognized arguments: --bogus"),
    (["review"], "the following arguments are required: record"),
    (["review", "a.json", "--bogus"], "unrecognized arguments: --bogus"),
    (["review", "a.json", "--seat", "x"], "argument --seat: invalid int value: 'x'"),
    (["review", "a.json", "--iterations", "3", "--budget", "1"],
     "argument --budget: not allowed with argument --iterations"),
    (["review", "a.json", "--budget", "nan"], "argument --budget: must be above 0"),
    (["review", "a.json", "--workers", "0"], "argument --workers: must be from 1"),
    (["review", "a.json", "--seed", "-1"], "argument --seed: must be from 0"),
    (["play", "dw", "--bogus"], "unrecognized arguments: --bogus"),
    (["play"], "the following arguments are required: game"),
])
def test_every_command_line_error_is_one_line_and_status_2(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err and len(err.splitlines()) == 1 and len(err) <= 301, err
    assert "usage:" not in err


def test_a_bad_flag_is_one_line_from_the_real_program() -> None:
    done = subprocess.run([sys.executable, "-m", "whist", "review", "x.json", "--bogus"],
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "python -m whist review: error: unrecognized arguments: --bogus\n"


@pytest.mark.parametrize("command", ["replay", "review"])
def test_a_fifo_is_refused_at_once_not_waited_on(command: str, tmp_path: Path) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    # The real program, so that a hang is a timeout here and not a stuck test run.
    done = subprocess.run([sys.executable, "-m", "whist", command, str(fifo)], cwd=REPO,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"faulty record: cannot read {str(fifo)!r}: it is a FIFO (named "
                           "pipe), not a regular file\n")


@pytest.mark.parametrize("path, kind", [("/dev/zero", "a character device"),
                                        ("/dev/null", "a character device")])
def test_a_device_is_refused(path: str, kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "replay", path)
    assert status == 2 and err == f"faulty record: cannot read {path!r}: it is {kind}, not a " \
                                  "regular file\n"


def test_a_folder_is_refused_in_one_line(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "replay", str(tmp_path))
    assert status == 2 and err.startswith(f"faulty record: cannot read {str(tmp_path)!r}: ")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("name", ["[1].json", "{x}.json", " [].json"])
def test_a_path_is_always_a_path(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    record = (FIXTURES / "nine-five-two-finished.json").read_text(encoding="utf-8")
    (tmp_path / name).write_text(record, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "replay", name)
    assert (status, err) == (0, "") and out.startswith("9-5-2, 3 players\n")
    status, out, err = run(capsys, "replay", "[2].json")  # no such file: not JSON text either
    assert status == 2 and err.startswith("faulty record: cannot read '[2].json': No such file")


@pytest.mark.parametrize("entry", [["-m", "whist"], ["-m", "whist_app"],
                                   ["-c", "import sys; from whist_app.__main__ import run; sys.exit(run())"]])
def test_every_entry_point_is_the_same_command_line(entry: list[str]) -> None:
    """``python -m whist``, ``python -m whist_app`` and the ``whist`` command (pyproject's
    script entry, whist_app.__main__:run) run one command line with one exit status."""
    scripts = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert 'whist = "whist_app.__main__:run"' in scripts
    path = FIXTURES / "nine-five-two-finished.json"
    done = subprocess.run([sys.executable, *entry, "replay", str(path)], cwd=REPO,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == subprocess.run([sys.executable, "-m", "whist", "replay", str(path)],
                                         cwd=REPO, capture_output=True, text=True, timeout=60,
                                         check=False).stdout != ""
    missing = subprocess.run([sys.executable, *entry, "replay", str(path) + ".missing"], cwd=REPO,
                             capture_output=True, text=True, timeout=60, check=False)
    assert missing.returncode != 0 and len(missing.stderr.splitlines()) == 1

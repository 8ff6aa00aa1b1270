"""Fuzzing the command line's doors (issue 18, item 7): ``python -m whist``, replay, review, play.

Seeded loops (the same inputs on every run) throw random command lines at each
door, built from hostile tokens (unknown flags, bad numbers, NUL characters,
Unicode digits, huge values) and hostile files: a FIFO, a socket, a folder,
devices, link loops, dangling links, files of random bytes, a file named
``[1].json``, a path over the length limit, plus real records.  Play also gets
random input lines.  Each door must answer with one of its documented statuses,
never a traceback, and a refusal (status 2) is one line on standard error.  A
game that was played must leave a record that replays.

The counts tried, and what they got, are printed at the end of the module
(``fuzz (cli): ...``).  ``WHIST_FUZZ_SCALE=N`` tries N times as many
(``make fuzz`` runs it at 20).
"""

from __future__ import annotations

import copy
import io
import json
import os
import random
import re
import socket
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.fuzz_report import say_after_module
from whist.records import MAX_RECORD_BYTES, replay
from whist_app.cli import main

FIXTURES = Path(__file__).parent / "fixtures" / "records"
#: How many times the fast counts below are tried (make fuzz: 20).
SCALE = max(1, int(os.environ.get("WHIST_FUZZ_SCALE", "1") or 1))
#: Inputs tried per door, and the outcomes, for the line printed at the end.
TRIED: Counter[str] = Counter()
OUTCOMES: defaultdict[str, Counter[str]] = defaultdict(Counter)

#: Values for any flag: wrong types, edges, huge, Unicode digits, NUL, empty.
VALUES = ["0", "1", "2", "3", "-1", "x", "nan", "inf", "-inf", "1e400", "0.01", "9" * 30,
          "1000001", "²", "٣", "", " ", "a\x00b", "--", "-", "0x10", "1_0", "2.5", "é漢",
          "\ud800", "x" * 3000]
REVIEW_FLAGS = ["--seat", "--iterations", "--budget", "--workers", "--seed", "--json",
                "--progress", "--bogus", "-x", "--seat=1", "--iterations=1", "--", "-"]
PLAY_FLAGS = ["--players", "--seats", "--seed", "--record", "--option", "--engine-timeout",
              "--levels", "--bogus", "-p", "--"]
GAMES = ["dw", "bq", "952", "bw", "cw", "diminishing-whist", "black-queen", "nine-five-two",
         "bidding-whist", "classic-whist", "chess", "", "DW", "d\x00w", "²", "x" * 500]
#: Quick computer levels (no searching), plug-ins that misbehave, and nonsense.
LEVELS = ["random", "beginner", "intermediate", "rules", "heuristic", "expectation",
          "strength0", "none+random", "trump_saving+smart", "bogus", "os:path", "", " ",
          "whist.cards:Card", "tests.plugins.misbehaving:FloatBid",
          "tests.plugins.misbehaving:AppendsToLegal",
          "tests.plugins.misbehaving:ChangesObservation", "nope:Nope", ":", "human"]
OPTIONS = ["hands=1", "hands=2", "players=3", "players=7", "target=5", "target=-1",
           "cards=3", "winning_score=3", "on_all_skip=no_trump", "face_down=8", "x=y", "junk",
           "hands=[1]", "players=" + "9" * 5000, "=", "hands=", "players=null",
           "players=1e400", "players=true"]
LINES = ["1", "2", "3", "7", "q", "u", "x", "", "9" * 50, "A♠", "QH", "10♥", "A♠ K♠ Q♠ J♠",
         "1 2 3 4", "1 2 3 4 5", "NT", "♥", "skip", "7♥", "²", "\x00", "\ufffd", "x" * 300,
         "0", "-1", "5NT"]
#: A hint searches for a second: only with a larger scale, and then one line in a hundred.
HINT = "?"


# ------------------------------------------------------------------ files
def _small_record() -> dict[str, Any]:
    """A Diminishing Whist game a few bids in: a review of any seat values one or two bids."""
    record = json.loads((FIXTURES / "diminishing-whist-5p-bidding.json")
                        .read_text(encoding="utf-8"))
    record["hands"] = [{**record["hands"][0], "actions": record["hands"][0]["actions"][:3]}]
    return record


def _reordered_952() -> dict[str, Any]:
    """A 9-5-2 record whose discard is typed in another order than the game's."""
    record = copy.deepcopy(json.loads((FIXTURES / "nine-five-two-finished.json")
                                      .read_text(encoding="utf-8")))
    first = record["hands"][0]
    first["actions"] = [first["actions"][0], " ".join(reversed(first["actions"][1].split()))]
    record["hands"] = [first]
    return record


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Every kind of file a door may be given, by name (paths as text)."""
    folder = tmp_path_factory.mktemp("cli-fuzz")
    rng = random.Random(18)
    kinds: dict[str, str] = {}

    def write(name: str, data: bytes | str) -> None:
        path = folder / name
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        kinds[name] = str(path)

    write("small.json", json.dumps(_small_record(), ensure_ascii=False))
    write("reordered-952.json", json.dumps(_reordered_952(), ensure_ascii=False))
    write("[1].json", json.dumps(_small_record(), ensure_ascii=False))
    write("{x}.json", (FIXTURES / "nine-five-two-discard-in-progress.json").read_text("utf-8"))
    write("random-bytes.json", bytes(rng.randrange(256) for _ in range(2000)))
    write("empty.json", b"")
    write("not-utf8.json", b'{"game": "\xff\xfe"}')
    write("array.json", "[1]")
    write("deep.json", "[" * 100_000)
    write("huge.json", b" " * (MAX_RECORD_BYTES + 1))
    write("nan.json", '{"game": "diminishing-whist", "hands": NaN}')
    kinds["finished"] = str(FIXTURES / "black-queen-4p-finished.json")
    (folder / "a folder").mkdir()
    kinds["folder"] = str(folder / "a folder")
    os.mkfifo(folder / "fifo.json")
    kinds["fifo"] = str(folder / "fifo.json")
    (folder / "loop.json").symlink_to(folder / "loop.json")
    kinds["loop"] = str(folder / "loop.json")
    (folder / "dangling.json").symlink_to(folder / "nowhere" / "x.json")
    kinds["dangling"] = str(folder / "dangling.json")
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(folder / "sock"))
    kinds["socket"] = str(folder / "sock")
    kinds.update({"dev-null": "/dev/null", "dev-zero": "/dev/zero", "dev-full": "/dev/full",
                  "missing": str(folder / "missing.json"),
                  "no-folder": str(folder / "no folder" / "x.json"),
                  "nul": str(folder / "a\x00b.json"), "long": str(folder / ("x" * 5000)),
                  "json-text": '{"game": "diminishing-whist"}', "blank": "", "dash": "-",
                  "bracket": "[1].json", "brace": "{x}.json"})
    try:
        yield kinds
    finally:
        server.close()


@pytest.fixture(autouse=True)
def _in_the_fuzz_folder(files: dict[str, str], tmp_path: Path,
                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Relative names (``[1].json``) are read from the files' folder; records that fall
    back to the temp folder (a full /dev/full) go to this test's own."""
    monkeypatch.chdir(Path(files["small.json"]).parent)
    (tmp_path / "temp").mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "temp"))


def _tokens(rng: random.Random, flags: list[str], files: dict[str, str],
            count: int) -> list[str]:
    """``count`` random tokens: flags, values and file names."""
    pool = [flags, flags, VALUES, list(files.values())]
    return [rng.choice(rng.choice(pool)) for _ in range(count)]


def _check(door: str, argv: list[str], status: int, allowed: set[int], out: str,
           err: str) -> None:
    """The door's status is documented, no traceback, and a refusal is one line."""
    OUTCOMES[door][f"exit {status}"] += 1
    TRIED[door] += 1
    assert status in allowed, (argv, status, err[-500:])
    assert "Traceback" not in out + err, argv
    if status == 2:
        assert err.count("\n") == 1 and err.endswith("\n") and len(err) <= 301, (argv, err)
        assert "usage:" not in err


# ------------------------------------------------------------------ the doors
def test_the_program_s_own_command_line(capsys: pytest.CaptureFixture[str],
                                        files: dict[str, str]) -> None:
    rng = random.Random(1)
    commands = ["replay", "review", "play", "Replay", "", "-h", "help", "--version"]
    for _ in range(60 * SCALE):
        # Never "serve" or "nerd": the first would serve, the second is another door.
        argv = [rng.choice(commands + VALUES)] + _tokens(rng, ["--bogus", "-x"], files,
                                                         rng.randrange(3))
        if argv[0] in ("play", "review", "-h") or "-h" in argv:
            argv[0] = "--bogus"  # the doors below; -h prints help (no error)
        try:
            status = main(argv)
        except SystemExit as stop:  # only help or --version: argparse's own exit 0
            assert stop.code == 0, argv
            status = 0
        out, err = capsys.readouterr()
        _check("python -m whist", argv, status, {0, 2, 3}, out, err)


def test_replay(capsys: pytest.CaptureFixture[str], files: dict[str, str]) -> None:
    rng = random.Random(2)
    for number in range(300 * SCALE):
        argv = ["replay", rng.choice(list(files.values()))]
        if number % 4 == 0:
            argv += _tokens(rng, ["--bogus", "-x", "--"], files, rng.randrange(1, 3))
        status = main(argv)
        out, err = capsys.readouterr()
        _check("replay", argv, status, {0, 2, 3}, out, err)
        if status != 2:
            assert err == "" and out.splitlines()[-1].startswith("totals: ")


def test_review(capsys: pytest.CaptureFixture[str], files: dict[str, str]) -> None:
    rng = random.Random(3)
    records = [files[name] for name in ("small.json", "reordered-952.json", "bracket",
                                        "{x}.json")]
    for _ in range(80 * SCALE):
        path = rng.choice(records if rng.random() < 0.5 else list(files.values()))
        argv = ["review", path, *_tokens(rng, REVIEW_FLAGS, files, rng.randrange(5))]
        if path == files["finished"]:  # a whole game's review takes seconds: not here
            continue
        # Quick, whatever else was drawn: two worlds, this process (the last flag wins).
        argv += ["--iterations", "2", "--workers", "1"] if rng.random() < 0.7 else []
        status = main(argv)
        out, err = capsys.readouterr()
        _check("review", argv, status, {0, 2}, out, err)
        if status == 0:
            assert out.splitlines()[-1].startswith("total expected loss: ") or \
                json.loads(out)["decisions"] is not None


def _play_argv(rng: random.Random, files: dict[str, str], record: str) -> list[str]:
    argv = ["play", rng.choice(GAMES[:10] if rng.random() < 0.8 else GAMES)]
    for _ in range(rng.randrange(5)):
        flag = rng.choice(PLAY_FLAGS)
        argv.append(flag)
        if flag == "--seats":
            seats = [rng.choice(LEVELS) for _ in range(rng.choice([3, 4, 4, 5, 6, 2]))]
            if rng.random() < 0.8:
                seats[0] = "human"
            argv.append(",".join(seats))
        elif flag == "--option":
            argv.append(rng.choice(OPTIONS))
        elif flag == "--record":
            argv.append(rng.choice(list(files.values())))
        elif flag in ("--players", "--seed", "--engine-timeout"):
            argv.append(rng.choice(VALUES))
    if "--levels" not in argv:
        argv += ["--record", record]
    return argv


def test_play(capsys: pytest.CaptureFixture[str], files: dict[str, str], tmp_path: Path,
              monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(4)
    hints = 0.01 if SCALE > 1 else 0.0
    for number in range(100 * SCALE):
        record = str(tmp_path / f"game-{number}.json")
        argv = _play_argv(rng, files, record)
        seats = next((argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "--seats"), "human")
        if "human" not in seats.split(","):
            # Only computers: the game plays to its end, so no option may make it long.
            argv = [a for a in argv if not re.match(r"hands=", a)]
        typed = "\n".join(HINT if rng.random() < hints else rng.choice(LINES)
                          for _ in range(rng.randrange(15)))
        # Now and then no standard input at all (a terminal started with it closed).
        monkeypatch.setattr(sys, "stdin", io.StringIO(typed) if rng.random() > 0.05 else None)
        status = main(argv)
        out, err = capsys.readouterr()
        _check("play", argv, status, {0, 2, 4}, out, err)
        if status == 2:
            assert out == ""
            continue
        saved = re.search(r"(?:record saved to|the game so far is saved to) (.+)$", out + err,
                          re.MULTILINE)
        if "--levels" in argv:
            continue
        assert saved is not None, (argv, out[-300:], err)
        where = saved.group(1).strip()
        if where.startswith("/dev/"):
            continue  # written to a device: nothing to read back
        replay(Path(where))


@pytest.fixture(scope="module", autouse=True)
def _report_counts(request: pytest.FixtureRequest) -> Iterator[None]:
    """After the module: how many inputs each door got and what they got back."""
    yield
    if not TRIED:
        return
    doors = "; ".join(f"{door} {TRIED[door]} ("
                      + ", ".join(f"{n}× {what}" for what, n in sorted(OUTCOMES[door].items()))
                      + ")" for door in TRIED)
    say_after_module(request, f"\nfuzz (cli): {sum(TRIED.values())} inputs: {doors}")

"""Terminal play driven through its real input and output."""

import io
import json
from pathlib import Path

import pytest

from whist.records import replay
from whist.terminal import main

GAMES = ["diminishing-whist", "black-queen", "nine-five-two", "bidding-whist", "classic-whist"]


class FirstChoice(io.StringIO):
    """Answers every prompt with its first choice, or the first N cards when N are asked for."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out
        self.answered = 0

    def readline(self, size: int = -1) -> str:
        self.answered += 1
        if self.answered > 5000:
            return ""
        tail = self.out.getvalue()[-400:]
        marker = tail.rfind("   choose ")
        if marker >= 0 and tail.rfind("choices:") < marker:
            count = int(tail[marker:].split()[1])
            return " ".join(str(i + 1) for i in range(count)) + "\n"
        return "1\n"


def play(argv: list[str], answers: str | None = None) -> str:
    out = io.StringIO()
    stdin = io.StringIO(answers) if answers is not None else FirstChoice(out)
    status = main(argv, stdin=stdin, stdout=out)
    assert status == 0, out.getvalue()[-2000:]
    return out.getvalue()


@pytest.mark.parametrize("game", GAMES)
def test_a_person_plays_a_whole_game_and_the_record_replays(game: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    options = ["--option", "hands=1"] if game in ("black-queen",) else []
    if game == "nine-five-two":
        options = ["--option", "target=3"]
    text = play([game, "--seed", "7", "--record", str(path), *options])
    assert "game over — winner:" in text and "total" in text
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["seats"][0] == "human"
    state = replay(record)
    assert state.over
    assert text.count("your hand:") > 0


def test_bad_input_is_answered_with_the_reason_and_asked_again(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    text = play(["dw", "--seed", "1", "--record", str(path)], "banana\n99\nZ♥\nq\n")
    assert "not allowed: 'banana' is not a number of tricks" in text
    assert "not allowed: a bid must be from 0 to 10" in text
    assert "record saved" in text
    state = replay(path)
    assert not state.over and state.hand_number == 0


def test_hint_and_undo_leave_the_game_consistent(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    text = play(["dw", "--seed", "2", "--record", str(path), "--seats", "human,random,random,random"],
                "3\nu\n2\nq\n")
    assert "undone" in text
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["hands"][0]["actions"][0] == "1"


def test_wrong_options_and_levels_are_reported() -> None:
    out = io.StringIO()
    assert main(["dw", "--players", "7"], stdin=io.StringIO(""), stdout=out) == 2
    assert "option 'players' must be one of 4, 5" in out.getvalue()
    out = io.StringIO()
    assert main(["dw", "--seats", "human,grandmaster,random,random"], stdin=io.StringIO(""),
                stdout=out) == 2
    assert "unknown engine level 'grandmaster'" in out.getvalue()
    out = io.StringIO()
    assert main(["dw", "--seats", "human,random"], stdin=io.StringIO(""), stdout=out) == 2
    assert "needs 4 seats, not 2" in out.getvalue()

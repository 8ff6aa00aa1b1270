"""Terminal play driven through its real input and output."""

import io
import json
from pathlib import Path

import pytest

from whist.records import replay
from whist_app.terminal import main

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


def test_wrong_options_and_levels_are_reported(tmp_path: Path) -> None:
    # Errors go to standard error, one line each; nothing is played.
    record = ["--record", str(tmp_path / "g.json")]
    for argv, message in [
        (["dw", "--players", "7"], "option 'players' must be one of 4, 5"),
        (["dw", "--seats", "human,grandmaster,random,random"], "unknown engine level 'grandmaster'"),
        (["dw", "--seats", "human,random"], "needs 4 seats, not 2"),
    ]:
        out, err = io.StringIO(), io.StringIO()
        assert main(argv + record, stdin=io.StringIO(""), stdout=out, stderr=err) == 2
        assert message in err.getvalue() and out.getvalue() == ""
        assert len(err.getvalue().splitlines()) == 1


def test_the_table_is_drawn_in_words_for_every_game(tmp_path: Path) -> None:
    """Each game's own facts are on the table (bids, contracts, face-up rows, the hook rule)."""
    expected = {
        "diminishing-whist": ["Round 1 of 10: 10 cards each, trump ♥", "bid –"],
        "black-queen": ["penalty points in play", "face-up: ", "face-down)", "points 0"],
        "nine-five-two": ["you deal", "goes for 9", "goes for 5", "goes for 2"],
        "bidding-whist": ["Hand 1: bidding, opened by you"],
        "classic-whist": ["first to 24 points wins"],
    }
    for game, phrases in expected.items():
        text = play([game, "--seed", "3", "--record", str(tmp_path / f"{game}.json")], "q\n")
        for phrase in phrases:
            assert phrase in text, (game, phrase, text)
        # No raw observation data: no JSON null, and no list brackets in the first table drawn.
        first_table = text.split("choices:")[0].split("==")[-1]
        assert "null" not in text and "[" not in first_table, text


def test_the_last_bidder_is_told_which_bid_the_hook_rule_forbids(tmp_path: Path) -> None:
    # Seat 3 is the person and bids last in round 1; the three computer bids come first.
    told = 0
    for seed in range(1, 9):
        text = play(["dw", "--seed", str(seed), "--record", str(tmp_path / "g.json"),
                     "--seats", "expectation,expectation,expectation,human"], "q\n")
        bids = [int(ln.split("→ ")[1]) for ln in text.splitlines()
                if ln.startswith("   seat ") and " → " in ln]
        assert len(bids) == 3
        forbidden = 10 - sum(bids)
        lines = [ln for ln in text.splitlines() if "You bid last:" in ln]
        if 0 <= forbidden <= 10:
            assert lines == [f"   You bid last: {forbidden} is not allowed (that bid would make "
                             "the total 10: the last bidder may not make the bids add up to "
                             "the tricks)"]
            told += 1
        else:
            assert lines == []
    assert told >= 2

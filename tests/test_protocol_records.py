"""The shared protocol, option checking, records and the replay command."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from whist.actions import Bid
from whist.cards import Card, Suit
from whist.games import new_game
from whist.protocol import IllegalAction, OptionError
from whist.records import RecordError, replay
from whist.trick_rule import trick_winner

ROOT = Path(__file__).resolve().parent.parent


def play_randomly(game: str, seed: int, stop_after: int | None = None, **options: object):
    state = new_game(game, options, seed=seed)
    rng = random.Random(seed)
    count = 0
    while not state.over and (stop_after is None or count < stop_after):
        state.apply(rng.choice(state.legal_actions()))
        count += 1
    return state


def test_unknown_option_names_the_option_and_the_known_ones() -> None:
    with pytest.raises(OptionError, match=r"no option 'player'.*players"):
        new_game("diminishing-whist", {"player": 4})


def test_bad_option_value_says_what_is_allowed() -> None:
    with pytest.raises(OptionError, match="must be one of 4, 5"):
        new_game("diminishing-whist", {"players": 6})
    with pytest.raises(OptionError, match="whole number"):
        new_game("diminishing-whist", {"players": "four"})


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(OptionError, match="unknown game 'hearts'.*bidding-whist"):
        new_game("hearts")


def test_trick_winner_trump_led_suit_and_equal_cards() -> None:
    c = Card.parse
    assert trick_winner([(0, c("Q♥")), (1, c("2♥")), (2, c("A♥")), (3, c("7♥"))], None) == 2
    assert trick_winner([(0, c("Q♥")), (1, c("2♠")), (2, c("A♥"))], Suit.SPADES) == 1
    assert trick_winner([(0, c("Q♥")), (1, c("A♦")), (2, c("3♥"))], Suit.CLUBS) == 0
    # Two decks: of equal cards the later one wins.
    assert trick_winner([(0, c("K♥")), (1, c("K♥")), (2, c("3♥"))], None) == 1


def test_illegal_action_raises_and_changes_nothing() -> None:
    state = new_game("diminishing-whist", seed=3)
    before = json.dumps(state.record()), json.dumps(state.observe(0))
    with pytest.raises(IllegalAction, match="a bid must be from 0 to 10"):
        state.apply(Bid(11))
    with pytest.raises(IllegalAction, match="not a number"):
        state.apply_text("A♠")
    assert (json.dumps(state.record()), json.dumps(state.observe(0))) == before


def test_undo_back_to_the_start_and_redo_gives_the_same_game() -> None:
    done = play_randomly("diminishing-whist", seed=11)
    actions = [a for h in done.record()["hands"] for a in h["actions"]]
    state = new_game("diminishing-whist", seed=11)
    snapshots = []
    for text in actions:
        snapshots.append((json.dumps(state.record()), [json.dumps(state.observe(s)) for s in range(4)]))
        state.apply_text(text)
    assert state.totals == done.totals
    for _ in reversed(actions):
        state.undo()
        assert (json.dumps(state.record()),
                [json.dumps(state.observe(s)) for s in range(4)]) == snapshots.pop()
    for text in actions:
        state.apply_text(text)
    assert state.record() == done.record()
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply_text("1")


def test_copy_is_independent() -> None:
    state = play_randomly("diminishing-whist", seed=2, stop_after=30)
    twin = state.copy()
    twin.apply(twin.legal_actions()[0])
    assert state.record() != twin.record()
    assert len(state.record()["hands"][-1]["actions"]) + 1 == len(twin.record()["hands"][-1]["actions"]) or \
        len(twin.record()["hands"]) == len(state.record()["hands"]) + 1


def test_replay_command_statuses(tmp_path: Path) -> None:
    done = play_randomly("diminishing-whist", seed=4)
    finished = tmp_path / "done.json"
    finished.write_text(json.dumps(done.record(), ensure_ascii=False), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "whist", "replay", str(finished)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0
    assert run.stdout.strip().splitlines()[-1] == "totals: " + " ".join(map(str, done.totals))

    partial = play_randomly("diminishing-whist", seed=4, stop_after=50)
    saved = tmp_path / "saved.json"
    saved.write_text(json.dumps(partial.record(), ensure_ascii=False), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "whist", "replay", str(saved)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 3
    assert "in progress" in run.stdout and partial.pending_text() in run.stdout

    broken = done.record()
    broken["hands"][1]["actions"][5] = "Z♥"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken, ensure_ascii=False), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "whist", "replay", str(bad)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2
    assert "hand 2, action 6 ('Z♥')" in run.stderr


@pytest.mark.parametrize("mutate, message", [
    (lambda r: r.update(game="poker"), "unknown game 'poker'"),
    (lambda r: r.update(options={"players": 9}), "options: option 'players'"),
    (lambda r: r.update(hands=[]), "no hands"),
    (lambda r: r["hands"][0]["deal"][0].__setitem__(0, r["hands"][0]["deal"][1][0]),
     "holds .* 2 times but the pack has it only 1 time"),
    (lambda r: r["hands"][0]["deal"][0].pop(), "round 1 deals 10 cards each, but seat 0 has 9"),
    (lambda r: r["hands"][0]["deal"][2].__setitem__(3, "X♥"), "seat 2's hand: 'X♥' is not a card"),
    (lambda r: r["hands"][0]["actions"].__setitem__(0, "11"), "hand 1, action 1 .* from 0 to 10"),
    (lambda r: r["hands"][0]["actions"].pop(), "hand 2: hand 1 is not finished"),
    (lambda r: r["hands"][-1]["actions"].append("A♠"), "already"),
    (lambda r: r["hands"][0].__setitem__("actions", "1 2 3"), "must be a list of strings"),
])
def test_faulty_records_are_rejected_with_the_place_and_reason(mutate, message: str) -> None:
    record = play_randomly("diminishing-whist", seed=8).record()
    mutate(record)
    with pytest.raises(RecordError, match=message):
        replay(record)


def test_replay_rejects_invalid_json_and_wrong_shapes(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="invalid JSON"):
        replay("{not json")
    with pytest.raises(RecordError, match="cannot read"):
        replay(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="top level must be a JSON object"):
        replay("[1, 2]")


@pytest.mark.parametrize("game, message", [
    ("bidding-whist", r"deal 1 deals 13 cards each, but seat 1 has 12"),
    ("nine-five-two", r"hand 1 deals 16 cards each, but seat 1 has 15"),
    ("classic-whist", r"deal 1 deals 13 cards each, but seat 1 has 12"),
])
def test_a_deal_with_a_card_missing_is_rejected_in_every_game(game: str, message: str) -> None:
    record = play_randomly(game, seed=3, stop_after=5).record()
    record["hands"][0]["deal"][1].pop()
    with pytest.raises(RecordError, match=message):
        replay(record)
    record["hands"][0]["deal"].pop()
    with pytest.raises(RecordError, match="must deal"):
        replay(record)

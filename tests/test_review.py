"""Reviews (issue 10): valuing decisions, the review command, the page's review and replay.

The exact cases are worked out by hand below: positions where nothing hidden
can change the outcome, so every sampled world gives the same numbers and the
expected loss is exact.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engines.valuation import value_decision
from whist.actions import BIDS, PLAYS, Discard
from whist.cards import Card
from whist.games.diminishing import DiminishingWhist
from whist.records import replay
from whist_app import webapi
from whist_app.cli import main
from whist_app.review import (
    GRADES,
    Settings,
    decision_seed,
    default_seat,
    grade,
    hand_review,
    moments,
    review_game,
)

FIXTURES = Path(__file__).parent / "fixtures" / "records"


def _card(text: str) -> Card:
    return Card.parse(text)


# ------------------------------------------------------------------ records
def last_round_record(round_ten: dict[str, Any]) -> dict[str, Any]:
    """A Diminishing Whist game: nine rounds played from seed 3, then ``round_ten`` as written."""
    state = DiminishingWhist(seed=3, stop_after_hand=True)
    while not (state.hand_over and state.hand_number == 8):
        if state.hand_over:
            state.deal_next()
        state.apply(state.legal_actions()[0])
    record = state.record()
    record["hands"].append(round_ten)
    record["seats"] = ["expectation", "human", "expectation", "expectation"]
    return record


#: Round 10: one card each, no trump, opened and led by seat 1 (9 mod 4), who holds A♠.
#: Whoever leads the only trick of a no-trump round with an ace takes it, whatever the
#: others hold: seat 1 takes exactly one trick.  Bid 1 scores 1 + 10 = 11; bid 0 (made
#: here) scores 0 (over the bid).  The loss is exactly 11 points in every world.
ROUND_TEN = {"deal": [["2♣"], ["A♠"], ["3♦"], ["4♥"]],
             "actions": ["0", "0", "0", "0", "A♠", "3♦", "4♥", "2♣"]}


def full_pack_record(choice: str) -> dict[str, Any]:
    """Classic Whist, two players with 26 cards each: the whole pack is dealt, so in the
    last tricks seat 1 knows the one card seat 0 still holds.

    Seat 0 (leading) takes the first 24 tricks with its 13 clubs (trump) and 11 spades;
    seat 1 throws its hearts 2♥, 4♥..Q♥ and diamonds and follows with 2♠ 3♠.  Trick 25:
    seat 0 leads K♥ keeping 5♦; seat 1, last to play, holds A♥ and 3♥:

    * A♥ takes trick 25, then 3♥ leads to trick 26 and 5♦ (no heart, no trump) cannot
      take it: 2 tricks, 2 points;
    * 3♥ loses trick 25, seat 0 leads 5♦ and A♥ (no diamond, not trump) cannot take it:
      0 points.

    So 3♥ loses exactly 2 points.  (Every heart between 3♥ and A♥ but K♥ is gone; K♥ is
    on the trick, so the two are *not* equivalent cards.)
    """
    clubs = [f"{r}♣" for r in "A K Q J 10 9 8 7 6 5 4 3 2".split()]
    spades0 = [f"{r}♠" for r in "A K Q J 10 9 8 7 6 5 4".split()]
    hearts1 = ["2♥"] + [f"{r}♥" for r in "4 5 6 7 8 9 10 J Q".split()]
    diamonds1 = [f"{r}♦" for r in "A K Q J 10 9 8 7 6 4 3 2".split()]
    seat0 = clubs + spades0 + ["K♥", "5♦"]
    seat1 = ["2♠", "3♠"] + hearts1 + diamonds1 + ["A♥", "3♥"]
    throws = hearts1 + diamonds1[:3]          # to the 13 club tricks
    later = diamonds1[3:]                      # to the spade tricks after 2♠ and 3♠
    actions: list[str] = []
    for lead, throw in zip(clubs, throws, strict=True):
        actions += [lead, throw]
    actions += ["A♠", "2♠", "K♠", "3♠"]
    for lead, throw in zip(spades0[2:], later, strict=True):
        actions += [lead, throw]
    other = "3♥" if choice == "A♥" else "A♥"
    actions += ["K♥", choice, other if choice == "A♥" else "5♦",
                "5♦" if choice == "A♥" else other]
    return {"game": "classic-whist",
            "options": {"players": 2, "cards": 26, "winning_score": 1000,
                        "enforce_rules": True, "compat": "none"},
            "seats": ["strong", "human"],
            "hands": [{"deal": [seat0, seat1], "trump": "♣", "leader": 0, "actions": actions}]}


# ------------------------------------------------------------ exact answers
def test_last_round_bid_is_valued_exactly() -> None:
    record = last_round_record(ROUND_TEN)
    assert replay(record).over
    assert default_seat(record, 4) == 1                 # the record's human seat
    found = moments(record, 1, hand=9)
    assert [m.kind for m in found] == ["bid", "card"]
    bid = found[0]
    assert bid.chosen == BIDS[0] and set(bid.legal) == {BIDS[0], BIDS[1]}
    valuation = value_decision(bid.observation, bid.legal, bid.chosen, seed=1, worlds=12)
    assert valuation.best == BIDS[1]
    assert valuation.value_of(BIDS[1]) == 11.0 and valuation.value_of(BIDS[0]) == 0.0
    assert valuation.loss == 11.0 and valuation.interval == (11.0, 11.0)
    assert not valuation.noisy and not valuation.trivial
    assert grade("diminishing-whist", valuation.loss) == "mistake"
    card = value_decision(found[1].observation, found[1].legal, found[1].chosen, seed=1, worlds=4)
    assert card.trivial and card.loss == 0.0 and card.worlds == 0   # one card: nothing to do


def test_last_card_of_a_trick_is_valued_exactly() -> None:
    for choice, loss in (("3♥", 2.0), ("A♥", 0.0)):
        record = full_pack_record(choice)
        state = replay(record)
        assert state.hand_over and state.hand_scores == [[24, 2] if choice == "A♥" else [26, 0]]
        decision = moments(record, 1)[-2]            # trick 25; trick 26 is forced
        assert decision.trick == 24 and decision.observation["trick"] == [(0, "K♥")]
        valuation = value_decision(decision.observation, decision.legal, decision.chosen,
                                   seed=7, worlds=10)
        assert valuation.best == PLAYS[_card("A♥")]
        assert valuation.value_of(PLAYS[_card("A♥")]) == 2.0
        assert valuation.value_of(PLAYS[_card("3♥")]) == 0.0
        assert valuation.loss == loss and valuation.interval == (loss, loss)


def test_only_what_the_seat_saw_counts() -> None:
    """The same bid with other hidden cards in the other hands: the very same valuation."""
    other = {"deal": [["9♣"], ["A♠"], ["J♦"], ["K♥"]],
             "actions": ["0", "0", "0", "0", "A♠", "J♦", "K♥", "9♣"]}
    first = moments(last_round_record(ROUND_TEN), 1, hand=9)[0]
    second = moments(last_round_record(other), 1, hand=9)[0]
    assert first.observation == second.observation
    settings = Settings(worlds=6, seed=4)
    a = value_decision(first.observation, first.legal, first.chosen,
                       seed=decision_seed(4, 9, 0), worlds=settings.worlds)
    b = value_decision(second.observation, second.legal, second.chosen,
                       seed=decision_seed(4, 9, 0), worlds=settings.worlds)
    assert a == b


def test_the_choice_made_is_valued_among_pruned_discards() -> None:
    record = json.loads((FIXTURES / "nine-five-two-finished.json").read_text(encoding="utf-8"))
    state = replay({**record, "hands": [{**record["hands"][0], "actions": record["hands"][0]
                                         ["actions"][:1]}]})
    assert state.decision is not None and state.decision.value == "discard"
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions()
    # The four highest cards: a discard strong's heuristic would never put forward.
    worst = Discard(tuple(sorted(state.hands[seat], key=lambda c: -(c % 13))[:4]))
    worst = next(a for a in legal if isinstance(a, Discard) and set(a.cards) == set(worst.cards))
    valuation = value_decision(state.observe(seat), legal, worst, seed=2, worlds=3,
                               max_candidates=6)
    assert valuation.pruned and len(legal) > 1000 and len(valuation.choices) == 7
    assert valuation.value_of(worst) is not None and valuation.loss >= 0.0


def test_repeatable_and_the_same_for_any_number_of_workers() -> None:
    record = json.loads((FIXTURES / "diminishing-whist-4p-between-hands.json")
                        .read_text(encoding="utf-8"))
    settings = Settings(worlds=6, seed=9)
    one = review_game(record, 2, settings, workers=1)
    two = review_game(record, 2, settings, workers=2)
    assert [v for _, v in one.items] == [v for _, v in two.items]
    assert one.to_json()["decisions"] == two.to_json()["decisions"]
    assert len(one.items) == 21 and one.total_loss == two.total_loss


def test_grades_by_thresholds() -> None:
    inaccurate, mistake = GRADES["diminishing-whist"]
    assert grade("diminishing-whist", 0.0) == "good"
    assert grade("diminishing-whist", inaccurate) == "inaccurate"
    assert grade("diminishing-whist", mistake - 0.01) == "inaccurate"
    assert grade("diminishing-whist", mistake) == "mistake"
    assert all(low < high for low, high in GRADES.values())


# ---------------------------------------------------------------- the command
def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["review", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_prints_each_decision_and_the_total(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(last_round_record(ROUND_TEN), ensure_ascii=False), "utf-8")
    status, out, err = run(capsys, str(path), "--iterations", "4", "--workers", "1")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Diminishing Whist, 4 players: review of seat 1 (human)"
    assert lines[1].startswith("4 worlds per decision, seed 0")
    assert f"{'round 10, bid':<20} | hand A♠ | chose 0, best 1, loss 11.0  mistake" in lines
    for line in lines[2:-2]:
        assert re.fullmatch(r"round \d+, (bid|trick \d+) +\| hand [^|]+( \| trick [^|]+)? \| "
                            r"chose \S+, best \S+, loss \d+\.\d( \(-?\d+\.\d to -?\d+\.\d\))?"
                            r"(  (inaccurate|mistake))?", line), line
    assert re.fullmatch(r"\d+ decisions: \d+ listed, \d+ with nothing to choose", lines[-2])
    assert re.fullmatch(r"total expected loss: \d+\.\d points", lines[-1])
    assert float(lines[-1].split()[3]) >= 11.0
    # --json: the same review as data, and a progress bar on request.
    status, out, err = run(capsys, str(path), "--iterations", "4", "--workers", "1", "--json",
                           "--progress", "--seat", "1")
    data = json.loads(out)
    assert status == 0 and "reviewing [" in err and err.endswith("\n")
    last = data["decisions"][-2]
    assert (last["hand_number"], last["decision"], last["chosen"], last["best"], last["loss"],
            last["grade"]) == (9, "bid", "0", "1", 11.0, "mistake")
    assert data["decisions"][-1]["trivial"] and data["over"]
    assert round(sum(d["loss"] for d in data["decisions"]), 3) == data["total_loss"]


def test_cli_unfinished_record_and_faults(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    unfinished = FIXTURES / "diminishing-whist-5p-bidding.json"
    status, out, err = run(capsys, str(unfinished), "--iterations", "2", "--workers", "1",
                           "--seat", "4")
    assert status == 0 and err == ""
    assert out.splitlines()[-2].startswith("in progress: reviewed what was played (seat ")
    assert out.splitlines()[-1].startswith("total expected loss: ")
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "diminishing-whist", "hands": [{"deal": [["A♠"]]}]}', "utf-8")
    for args in ([str(bad)], [str(tmp_path / "missing.json")],
                 [str(unfinished), "--seat", "5"], [str(unfinished), "--seat", "-1"]):
        status, out, err = run(capsys, *args)
        assert status == 2 and out == "" and err.count("\n") == 1 and len(err) < 301, args
    assert err.startswith("error: --seat must be from 0 to 4")
    # A bad command line is status 2 too, and one line.
    status, out, err = run(capsys, str(unfinished), "--iterations", "3", "--budget", "1")
    assert status == 2 and out == "" and err.count("\n") == 1


# ---------------------------------------------------------------- the page
def call(name: str, payload: dict[str, Any]) -> dict[str, Any]:
    text = webapi.dispatch(name, json.dumps(payload, ensure_ascii=False))
    reply = json.loads(text)
    assert isinstance(reply, dict)
    assert json.loads(json.dumps(reply, allow_nan=False)) == reply   # strict JSON, round trip
    return reply


def test_review_hand_shows_the_deal_and_grades_the_decisions() -> None:
    record = last_round_record(ROUND_TEN)
    reply = call("review_hand", {"record": record, "hand_number": 9, "iterations": 4})
    assert "error" not in reply
    assert reply["seat"] == 1 and reply["label"] == "Round 10" and reply["trump"] == "NT"
    assert reply["dealt"] == [["2♣"], ["A♠"], ["3♦"], ["4♥"]]
    assert [t["winner"] for t in reply["tricks"]] == [1] and reply["scores"] == [10, 0, 10, 10]
    bid, card = reply["decisions"]
    assert (bid["chosen"], bid["best"], bid["loss"], bid["grade"]) == ("0", "1", 11.0, "mistake")
    assert card["trivial"] and card["grade"] == "good" and reply["total_loss"] == 11.0
    one = call("review_decision", {"record": record, "hand_number": 9, "index": 0,
                                   "iterations": 4})
    assert one == bid
    layout = call("review_hand", {"record": json.dumps(record), "hand_number": 9,
                                  "iterations": 0, "seat": 0})
    assert layout["seat"] == 0 and "loss" not in layout["decisions"][0]
    assert call("review_hand", {"record": record, "hand_number": 10})["kind"] == "ValueError"
    assert call("review_hand", {"record": record, "hand_number": 9,
                                "iterations": 5000})["kind"] == "OptionError"
    assert call("review_hand", {"record": record})["error"] == "hand_number is required"


def test_review_refuses_a_hand_in_play_and_replay_shows_no_hidden_card() -> None:
    record = json.loads((FIXTURES / "diminishing-whist-4p-mid-trick.json")
                        .read_text(encoding="utf-8"))
    last = len(record["hands"]) - 1
    refused = call("review_hand", {"record": record, "hand_number": last})
    assert "not finished" in refused["error"]
    assert "not finished" in call("review_decision", {"record": record, "hand_number": last,
                                                      "index": 0})["error"]
    # The game in progress: finish round 1 through the page's own calls.
    call("start", {"game": "diminishing-whist", "seed": 5,
                   "seats": ["human", "random", "random", "random"]})
    while webapi._current().state.hand_number == 0:
        view = call("view", {})
        if view["view"]["human_to_move"]:
            call("act", {"action": str(webapi._current().state.legal_actions()[0])})
        else:
            call("step", {})
    table = webapi._current()
    assert "not finished" in call("review_hand", {"hand_number": 1})["error"]
    hand = table.record()["hands"][1]
    own = set(hand["deal"][0])
    # Round 2 step by step as the person sees it: only their own hand and cards played.
    steps = call("replay_steps", {"hand_number": 1})
    assert steps["finished"] is False and steps["steps"][0]["played"] is None
    assert len(steps["steps"]) == steps["total"] == len(hand["actions"]) + 1
    for step in steps["steps"]:
        view = step["table"]
        played = set(hand["actions"][:step["step"]])
        assert {c["card"] for c in view["hand"]} <= own
        shown = list(view["trick"]) + (view["last_trick"]["plays"] if view["last_trick"] else [])
        assert {p["card"] for p in shown} <= played
        assert "deal" not in json.dumps(step)
    assert "only your own seat" in call("replay_steps", {"hand_number": 1, "seat": 2})["error"]
    # Round 1 is over: its review shows every hand as dealt.
    reviewed = call("review_hand", {"hand_number": 0, "iterations": 2})
    assert reviewed["seat"] == 0 and len(reviewed["dealt"]) == 4
    assert sorted(c for cards in reviewed["dealt"] for c in cards) == sorted(
        c for cards in table.record()["hands"][0]["deal"] for c in cards)
    paged = call("replay_steps", {"hand_number": 0, "first": 40, "count": 5})
    assert [s["step"] for s in paged["steps"]] == [40, 41, 42, 43, 44] and paged["total"] == 45
    # Another seat's view of a finished hand waits for the game's end (a 9-5-2 dealer's
    # discard is never shown to the others); so does its review.
    for name in ("replay_steps", "review_hand"):
        refused = call(name, {"hand_number": 0, "seat": 2, "iterations": 0})
        assert "only your own seat" in refused["error"]


def test_a_stored_hand_review_matches_the_command(tmp_path: Path) -> None:
    """The page's numbers and the terminal's agree (same seed and worlds, same positions)."""
    record = last_round_record(ROUND_TEN)
    page = hand_review(record, 9, 1, worlds=3, seed=0)
    review = review_game(record, 1, Settings(worlds=3, seed=0))
    terminal = [d for d in review.to_json()["decisions"] if d["hand_number"] == 9]
    assert page["decisions"] == terminal


def test_game_stats_for_the_statistics_page() -> None:
    record = json.loads((FIXTURES / "diminishing-whist-4p-finished.json")
                        .read_text(encoding="utf-8"))
    stats = call("game_stats", {"record": record, "seat": 1})
    # An exact bid scores bid + 10 (at least 10); any other round at most 9.
    exact = sum(1 for scores in record["expected"]["hand_scores"] if scores[1] >= 10)
    assert stats["target"] == {"label": "exact bids", "made": exact, "of": 10}
    assert stats["won"] and stats["score"] == 56 and stats["hands"] == 10
    queen = json.loads((FIXTURES / "black-queen-4p-finished.json").read_text(encoding="utf-8"))
    assert call("game_stats", {"record": queen})["target"] is None
    assert "seat must be" in call("game_stats", {"record": record, "seat": 4})["error"]


@pytest.mark.parametrize(("fixture", "label"), [
    ("nine-five-two-finished.json", "contracts made"),
    ("nine-five-two-target-5-finished.json", "contracts made"),
    ("classic-whist-4p-finished.json", None),
])
def test_game_stats_count_each_games_target_from_its_scores(fixture: str,
                                                            label: str | None) -> None:
    record = json.loads((FIXTURES / fixture).read_text(encoding="utf-8"))
    scores = record["expected"]["hand_scores"]
    for seat in range(len(scores[0])):
        target = call("game_stats", {"record": record, "seat": seat})["target"]
        if label is None:
            assert target is None
        else:
            # Read back from the scores alone: a 9-5-2 hand scores tricks minus the
            # contract, so a contract made (or beaten) scores at least 0.
            made = sum(1 for s in scores if s[seat] >= 0)
            assert target == {"label": label, "made": made, "of": len(scores)}, seat


def test_a_bet_or_bid_is_made_only_exactly_a_contract_also_with_more() -> None:
    from whist_app.presenters.registry import PRESENTERS
    for game in ("diminishing-whist", "bidding-whist"):
        made = PRESENTERS[game].made
        assert (made(3, 3), made(4, 3), made(2, 3), made(0, 0), made(1, None)) == (
            True, False, False, True, None)
    contract = PRESENTERS["nine-five-two"].made
    assert (contract(5, 5), contract(6, 5), contract(4, 5)) == (True, True, False)
    assert PRESENTERS["black-queen"].made(3, 3) is None  # nothing to play for

"""The view model both front ends draw: every legal choice offered once, every refusal explained."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from whist.games import GAME_NAMES, new_game
from whist_app.presenters.registry import PRESENTERS
from whist_app.rules_text import RULES
from whist_app.table import Table
from whist_app.views import TableView

SEATS = {"nine-five-two": 3}
SHARED_RULES = Path(__file__).resolve().parents[2] / "shared" / "rules.md"


def offered(view: TableView) -> tuple[set[str], set[str]]:
    """(allowed, refused) actions the view offers: choices, hand cards and face-up cards."""
    allowed: set[str] = set()
    refused: set[str] = set()
    for item in view["choices"]["items"]:
        (allowed if item["allowed"] else refused).add(item["action"])
        assert item["allowed"] or item["reason"], item
    for card in view["hand"]:
        if card["action"] is not None:
            (allowed if card["allowed"] else refused).add(card["action"])
            assert card["allowed"] or card["reason"], card
    for seat in view["seats"]:
        for slot in seat["face_up"] or []:
            if slot["action"] is not None and view["decision"] == "card":
                (allowed if slot["allowed"] else refused).add(slot["action"])
    return allowed, refused


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_legal_action_is_offered_and_every_refusal_has_the_cores_reason(game: str) -> None:
    players = SEATS.get(game, 4)
    for seed in range(3):
        table = Table.new(game, {"hands": 1} if game == "black-queen" else {},
                          ["human"] + ["random"] * (players - 1), seed=seed)
        rng = random.Random(seed)
        decisions = 0
        while not table.state.over and decisions < 80:
            if table.computer_to_move():
                table.play_computer()
                continue
            view = table.view()
            obs = table.state.observe(view["seat"])
            assert view["decision"] == obs["decision"]
            json.dumps(view)  # JSON-ready
            legal = set(obs["legal"])
            allowed, refused = offered(view)
            if view["choices"]["layout"] == "select":
                select = view["choices"]["select"]
                assert select is not None and select["count"] == obs["choose_count"]
                assert all(card["allowed"] for card in view["hand"])
                hand = [c["card"] for c in view["hand"]]
                table.play_human(" ".join(rng.sample(hand, select["count"])))
            else:
                assert allowed == legal, (game, view["decision"])
                assert not refused & legal
                for action in refused:
                    assert table.explain(action)
                table.play_human(rng.choice(sorted(allowed)))
            decisions += 1
            events = table.event_views()
            assert all(e["text"] for e in events)


def test_the_view_speaks_in_words_and_knows_whose_turn_it_is() -> None:
    table = Table.new("diminishing-whist", {}, ["human", "random", "random", "random"], seed=4)
    view = table.view()
    assert view["heading"] == "Round 1 of 10: 10 cards each, trump ♥"
    assert view["prompt"] == "Your bid: how many tricks will you take?"
    assert [s["name"] for s in view["seats"]] == ["You", "Blair", "Casey", "Drew"]
    assert [s["label"] for s in view["schedule"] or []][:3] == ["10♥", "9♣", "8♦"]
    assert view["choices"]["layout"] == "numbers"
    assert [c["action"] for c in view["choices"]["items"]] == [str(n) for n in range(11)]
    table.play_human("3")
    while table.computer_to_move():
        table.play_computer()
    view = table.view()
    assert view["decision"] == "card" and view["choices"]["layout"] == "cards"
    assert sum(1 for c in view["hand"] if c["allowed"]) == len(table.state.legal_actions())


def test_the_last_bidder_sees_the_forbidden_bid_with_the_reason() -> None:
    for seed in range(50):  # random bidders: find a deal where the last bid is restricted
        table = Table.new("diminishing-whist", {}, ["random", "random", "random", "human"],
                          seed=seed)
        while table.computer_to_move():
            table.play_computer()
        forbidden = table.state.observe(3)["forbidden_bid"]
        if forbidden is not None:
            break
    assert forbidden is not None
    view = table.view()
    item = view["choices"]["items"][forbidden]
    assert not item["allowed"] and "total" in (item["reason"] or "")
    assert view["choices"]["note"] == (f"You bid last: {forbidden} is not allowed "
                                       f"({item['reason']})")


def test_the_bidding_whist_grid_comes_from_the_cores_contracts() -> None:
    table = Table.new("bidding-whist", {}, ["human", "random", "random", "random"], seed=5)
    view = table.view()
    choices = view["choices"]
    assert choices["layout"] == "grid"
    assert choices["rows"] == [str(n) for n in range(5, 14)]
    assert choices["columns"] == ["♣", "♦", "♥", "♠", "NT"]
    assert {"skip"} <= {c["action"] for c in choices["items"] if c["allowed"]}


def test_a_finished_game_has_a_summary_and_a_full_sheet() -> None:
    table = Table.new("classic-whist", {"winning_score": 5, "cards": 5},
                      ["human", "random", "random", "random"], seed=1)
    rng = random.Random(1)
    while not table.state.over:
        if table.computer_to_move():
            table.play_computer()
        else:
            table.play_human(rng.choice([str(a) for a in table.state.legal_actions()]))
    view = table.view()
    summary = view["summary"]
    assert summary is not None and view["over"] and view["prompt"].startswith("Game over")
    assert [r["total"] for r in summary["ranking"]] == sorted(table.state.totals, reverse=True)
    assert view["sheet"]["totals"] == table.state.totals
    assert len(view["sheet"]["rows"]) == len(table.state.hand_scores)


# ------------------------------------------------------------ rules text
def test_the_rules_text_says_what_the_core_does() -> None:
    dw = " ".join(RULES["diminishing-whist"]["points"])
    assert "10♥, 9♣, 8♦, 7♠, 6NT, 5♥, 4♣, 3♦, 2♠, 1NT" in dw
    bq = " ".join(RULES["black-queen"]["points"])
    assert "Q♠ −12" in bq and "+10" in bq and "+5" in bq
    cw = " ".join(RULES["classic-whist"]["points"])
    # rules.md §5: a random leader for the first deal only; then the trick winner leads.
    assert "first deal also draws a random first leader" in cw
    assert "winner of a trick leads the next" in cw
    nfw = " ".join(RULES["nine-five-two"]["points"])
    assert "going for 5 leads" in nfw and "16 cards each, 4 to the kitty" in nfw


@pytest.mark.skipif(not SHARED_RULES.is_file(), reason="the shared rules page is not beside the checkout")
def test_the_rules_text_agrees_with_the_shared_rules_page() -> None:
    shared = SHARED_RULES.read_text(encoding="utf-8")
    schedule = re.search(r"10♥, 9♣, 8♦, 7♠, 6 no-trump, 5♥, 4♣, 3♦, 2♠, 1 no-trump", shared)
    assert schedule, "rules.md's schedule moved: check whist/games/diminishing.py SCHEDULE"
    assert "16 cards each, 4 to the kitty" in shared
    assert "Q♠ −12" in shared and "+10" in shared and "+5" in shared


def test_the_hand_that_just_ended_is_summed_up_in_the_reply_that_ended_it() -> None:
    table = Table.new("diminishing-whist", {}, ["human", "random", "random", "random"], seed=8)
    rng = random.Random(8)
    summary = None
    while summary is None:
        if table.computer_to_move():
            table.play_computer()
        else:
            table.play_human(rng.choice([str(a) for a in table.state.legal_actions()]))
        summary = table.view()["hand_summary"]
    assert summary["title"] == "Round 1 scored"
    rows = summary["rows"]
    assert [r["points"] for r in rows] == table.state.hand_scores[0]
    assert sum(r["tricks"] or 0 for r in rows) == 10
    assert all(r["target"].startswith("bid ") for r in rows)
    for row in rows:  # the score follows from the bid and the tricks (rules.md §1)
        bid, tricks = int(row["target"].split()[1]), row["tricks"] or 0
        assert row["points"] == (bid + 10 if tricks == bid else tricks if tricks < bid else 0)
    # The next action's view no longer carries it.
    if table.computer_to_move():
        table.play_computer()
    else:
        table.play_human(str(table.state.legal_actions()[0]))
    assert table.view()["hand_summary"] is None


def test_levels_a_player_understands_name_their_engines() -> None:
    table = Table.new("black-queen", {"hands": 1}, ["human", "beginner", "intermediate", "expert"],
                      seed=1)
    seats = table.view()["seats"]
    assert [(s["level"], s["engine"]) for s in seats] == [
        ("you", None), ("Beginner", "beginner"), ("Intermediate", "strength2"),
        ("Expert", "strong")]
    # Expert searches a fixed number of rollouts; its time is a cap for slow devices.
    assert (table.engines[3].iterations, table.engines[3].budget) == (650, 3.0)


def test_a_download_during_the_game_holds_only_what_the_person_saw() -> None:
    for game, players in (("diminishing-whist", 4), ("black-queen", 4), ("nine-five-two", 3),
                          ("bidding-whist", 4), ("classic-whist", 4)):
        table = Table.new(game, {"hands": 1} if game == "black-queen" else {},
                          ["human"] + ["random"] * (players - 1), seed=3)
        while table.computer_to_move():
            table.play_computer()
        record = table.export()
        assert record["seen_by"] == 0
        deal = record["hands"][0]["deal"]
        full = table.record()["hands"][0]["deal"]
        if game == "black-queen":
            assert [d["hand"] for d in deal] == [full[0]["hand"], None, None, None]
            assert all(card is None for d in deal for card in d["down"])
            assert [d["up"] for d in deal] == [d["up"] for d in full]  # face up from the deal
        else:
            assert deal == [full[0]] + [None] * (players - 1)
        if game == "nine-five-two":
            assert record["hands"][0]["kitty"] == (full and table.record()["hands"][0]["kitty"]
                                                   if table.state.kitty_taken else None)
        with pytest.raises(Exception, match="only what one seat saw"):
            from whist.records import replay
            replay(record)


def test_undo_never_revives_a_finished_game() -> None:
    table = Table.new("classic-whist", {"winning_score": 3, "cards": 3},
                      ["human", "random", "random", "random"], seed=2)
    rng = random.Random(2)
    while not table.state.over:
        if table.computer_to_move():
            table.play_computer()
        else:
            table.play_human(rng.choice([str(a) for a in table.state.legal_actions()]))
    with pytest.raises(Exception, match="the game is over"):
        table.undo_to_human()
    assert table.state.over and table.export()["hands"] == table.record()["hands"]


def test_the_hint_speaks_plain_words() -> None:
    from whist_app import webapi
    webapi.start({"game": "black-queen", "seed": 5, "seats": ["human", "random", "random",
                                                              "random"]})
    reply = webapi.hint({"budget": 0.05})
    assert reply["best"] == reply["items"][0]["action"] == reply["hint"][0]["action"]
    for item in reply["items"]:
        assert item["label"].startswith("Play ")
        assert ("@" in item["action"]) == item["label"].endswith("from your face-up row")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_presenter_narrows_its_own_game_once_and_refuses_another(game: str) -> None:
    """A presenter is generic over its game's observation: ``narrow`` hands back the very
    observation of its own game and refuses another game's (TypeError), before any method."""
    assert set(PRESENTERS) == set(GAME_NAMES)
    obs = new_game(game, seed=3).observe(0)
    assert PRESENTERS[game].narrow(obs) is obs
    for other in GAME_NAMES:
        if other != game:
            with pytest.raises(TypeError, match="observation was expected"):
                PRESENTERS[other].narrow(obs)


def test_a_hint_names_the_hand_cards_of_a_choice_of_several() -> None:
    """The page marks a discard's or a pass's cards from the hint item, never by parsing it."""
    from whist_app.presenters.hints import hint_items

    discard, bid, card = (hint_items("discard", [("3♠ 10♥", 1.5)])[0],
                          hint_items("bid", [("3", 0.5)])[0], hint_items("card", [("Q♥@2", 0.0)])[0])
    assert discard["cards"] == ["3♠", "10♥"]
    assert hint_items("pass", [("A♦ 2♣ 9♥", 0.0)])[0]["cards"] == ["A♦", "2♣", "9♥"]
    assert bid["cards"] == [] and card["cards"] == []


def test_nine_five_two_marks_the_events_its_context_lines_already_say() -> None:
    marked: dict[str, int] = {"own discard": 0, "other discard": 0, "pass": 0}
    for seed in range(4):
        table = Table.new("nine-five-two", {}, ["human", "random", "random"], seed=seed)
        rng = random.Random(seed)
        while not table.state.over and len(table.state.hand_scores) < 3:
            if table.computer_to_move():
                table.play_computer()
            else:
                view = table.view()
                if view["choices"]["layout"] == "select":
                    hand = [c["card"] for c in view["hand"]]
                    table.play_human(" ".join(rng.sample(hand, view["choices"]["select"]["count"])))
                else:
                    table.play_human(rng.choice(sorted(table.state.observe(0)["legal"])))
            context = table.view()["context"]
            for event in table.event_views():
                if event["text"].startswith("You discard"):
                    marked["own discard"] += 1
                    assert event["on_table"] and any(c.startswith("Your discard: ") for c in context)
                elif "discards" in event["text"]:
                    marked["other discard"] += 1
                    assert not event["on_table"]
                elif event["type"] == "passed":
                    marked["pass"] += 1
                    assert event["on_table"] and any(" gave " in c for c in context)
                else:
                    assert not event["on_table"], event
    assert all(marked.values()), marked

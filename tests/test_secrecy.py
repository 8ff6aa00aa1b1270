"""Secrecy as a property: no reply the page can get holds a card its person could not know.

Over random games of all five games and every player count, at a random moment:
take the game's record, move two cards the person's seat has never seen (in any
hand so far) between the places that hold them, and replay it.  If the changed
record still replays (nobody's past play becomes illegal), every reply the page
can get for the person (view, the last action's events, export, replay_steps,
review_hand, hints, statistics, for every seat it may name) must be the same in
both worlds: a reply that changed showed a card the person could not know.

The sealed save is the exception by design: it holds the whole record, so it is
checked to be opaque (no card in clear) and to be refused for other seats'
unfinished hands instead.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from whist.actions import Decision
from whist.events import Event
from whist.games import game_class
from whist.protocol import GameState, IllegalAction, OptionError
from whist.records import RecordError, walk
from whist_app import webapi
from whist_app.table import Table

#: Random games per game and player count (``make fuzz`` asks for many more).
EXAMPLES = int(os.environ.get("WHIST_SECRECY_EXAMPLES", "5"))

CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")

#: Every game at every player count it takes (options that set the length kept short).
SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("diminishing-whist", {"players": 4}), ("diminishing-whist", {"players": 5}),
    *[("black-queen", {"players": n}) for n in range(2, 7)],
    ("nine-five-two", {}),
    ("bidding-whist", {}),
    *[("classic-whist", {"players": n}) for n in range(2, 5)],
    ("classic-whist", {"players": 4, "compat": "nerd"}),
]


def _observations(record: dict[str, Any], seat: int) -> Iterator[tuple[int, str]]:
    """``seat``'s observations through the record, as text, with the hand: after each deal
    and after each action (a hand's end included, before the next deal)."""

    def dealt(state: GameState) -> str | None:
        if state.hands_log[-1]["actions"]:
            return None
        return json.dumps(state.observe(seat), ensure_ascii=False)

    walked = walk(record, dealt)
    for step in walked:
        if step.before is not None:
            yield step.hand, step.before
        yield step.hand, json.dumps(walked.state.observe(seat), ensure_ascii=False)
    if not record["hands"][-1]["actions"]:  # the last hand dealt, nothing played in it yet
        yield len(record["hands"]) - 1, json.dumps(walked.state.observe(seat),
                                                   ensure_ascii=False)


def _seen_by_hand(record: dict[str, Any], seat: int) -> dict[int, set[str]]:
    """Every card ``seat``'s observations have shown, hand by hand, up to the record's end."""
    seen: dict[int, set[str]] = {}
    for index, text in _observations(record, seat):
        seen.setdefault(index, set()).update(CARD.findall(text))
    return seen


def _card_places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Each card string in a hand's chance outcome, with its path."""
    if isinstance(value, str) and CARD.fullmatch(value):
        yield path, value
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _card_places(item, (*path, i))
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "actions":
                yield from _card_places(item, (*path, key))


def _put(root: Any, path: tuple[Any, ...], card: str) -> None:
    for step in path[:-1]:
        root = root[step]
    root[path[-1]] = card


#: Decisions whose action text names cards (a bid such as "5♥" only looks like one).
CARD_DECISIONS = frozenset({Decision.CARD, Decision.DISCARD, Decision.PASS})


def _card_actions(record: dict[str, Any]) -> set[tuple[int, int]]:
    """(hand, action index) of every action that names cards."""
    return {(step.hand, step.index) for step in walk(record) if step.decision in CARD_DECISIONS}


def other_world(record: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    """The record with two cards ``seat`` never saw trading places, if it still replays
    and ``seat``'s every observation stays the same.

    The two cards change places in the hand's deal and in every action of that hand that
    names them (a face-down discard, a pass the seat did not see), so the other seats'
    hidden actions stay legal while their cards differ.
    """
    from whist.records import replay
    seen = _seen_by_hand(record, seat)
    naming = _card_actions(record)
    history = _history(record, seat)
    hands = list(range(len(record["hands"])))
    rng.shuffle(hands)
    for hand in hands:
        places = [(p, c) for p, c in _card_places(record["hands"][hand]) if c not in seen[hand]]
        for _ in range(30):
            if len(places) < 2:
                break
            (p1, c1), (p2, c2) = rng.sample(places, 2)
            if c1 == c2 or p1[:1] == p2[:1] == ("deal",) and p1[1] == p2[1]:
                continue
            changed = json.loads(json.dumps(record, ensure_ascii=False))
            played = changed["hands"][hand]
            _put(played, p1, c2)
            _put(played, p2, c1)
            trade = {c1: c2, c2: c1}
            played["actions"] = [
                CARD.sub(lambda m, trade=trade: trade.get(m.group(0), m.group(0)), text)
                if (hand, number) in naming else text
                for number, text in enumerate(played["actions"])]
            try:
                # The record as the game writes it (a discard's cards in pack order).
                changed["hands"] = replay(changed).record()["hands"]
            except RecordError:
                continue
            if _history(changed, seat) != history:
                # The seat would have seen a difference (a 9-5-2 return is the receiver's
                # highest card of the suit): not a world it cannot tell apart.
                continue
            return changed
    return None


def _history(record: dict[str, Any], seat: int) -> list[str]:
    """Every observation ``seat`` had through the record, as text."""
    return [text for _, text in _observations(record, seat)]


def _table_at(record: dict[str, Any]) -> tuple[Table, int]:
    """A table where ``record`` leaves off, the events of its last action kept, and the seat
    that took it (-1 if none)."""
    walked = walk(record)
    last_seat = -1
    events: tuple[Event, ...] = ()
    for step in walked:
        last_seat, events = step.seat, step.events
    assert walked.state.record()["hands"] == record["hands"] and not walked.state.hand_over
    table = Table(walked.state, record["seats"], seed=7)
    table.last_events = events
    return table, last_seat


def _answer(call: Callable[[dict[str, Any]], Any], payload: dict[str, Any]) -> Any:
    """A reply as JSON data, or the refusal's words (a refusal is an answer too)."""
    try:
        reply = call(payload)
    except (IllegalAction, OptionError, ValueError) as error:
        return f"refused: {type(error).__name__}"
    return json.loads(json.dumps(reply, ensure_ascii=False))


def replies(record: dict[str, Any], person: int) -> dict[str, Any]:
    """Everything the page can ask about the game in ``record`` as its person sees it."""
    table, last_seat = _table_at(record)
    webapi._table = table
    out: dict[str, Any] = {"view": _answer(webapi.view, {})}
    if table.last_events:
        after = webapi._reply(table, {"seat": last_seat, "action": "x"})
        after.pop("sealed")
        out["after_action"] = json.loads(json.dumps(after, ensure_ascii=False))
    out["story"] = table.story()
    reopened = webapi._reply(table, reopened=True)  # what a resume or an undo answers
    reopened.pop("sealed")
    out["reopened"] = json.loads(json.dumps(reopened, ensure_ascii=False))
    out["export"] = _answer(webapi.export, {})
    out["stats"] = _answer(webapi.game_stats, {})
    sealed = webapi.save({})["sealed"]
    assert not CARD.search(sealed)
    hands = len(record["hands"])
    # Seeded by what both worlds share (the JSON's length is not: 10♠ for 9♠ is longer).
    rng = random.Random(sum(len(hand["actions"]) for hand in record["hands"]))
    # The hand in play and one before it; the person and one other seat (every source).
    for hand in sorted({hands - 1, rng.randrange(hands)}):
        for seat in sorted({person, rng.randrange(table.state.players)}):
            for source in ({}, {"sealed": sealed}):
                payload = {**source, "hand_number": hand, "seat": seat}
                out[f"steps {hand} {seat} {bool(source)}"] = _answer(webapi.replay_steps, payload)
                out[f"review {hand} {seat} {bool(source)}"] = _answer(
                    webapi.review_hand, {**payload, "iterations": 0})
    if table.human_to_move():
        out["hint"] = table.hint(iterations=6)
    return out


def random_record(game: str, options: dict[str, Any], seed: int) -> tuple[dict[str, Any], int]:
    """A game played at random to a random moment before its end, and the person's seat."""
    rng = random.Random(seed)
    players = game_class(game)(options, seed=0).players
    seats = ["human"] + ["random"] * (players - 1)
    table = Table.new(game, options, seats, seed=seed)
    stop = rng.randrange(1, 160)
    for _ in range(stop):
        legal = table.state.legal_actions()
        table.state.apply(legal[rng.randrange(len(legal))])
        if table.state.over:
            # Once the game is over the person may download it whole: stop just before.
            table.state.undo()
            break
    record = table.record()
    return record, 0


@pytest.mark.parametrize(("game", "options"), SETUPS, ids=[f"{g}-{o}" for g, o in SETUPS])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(seed=st.integers(0, 2**32 - 1))
def test_no_reply_changes_when_cards_the_person_never_saw_move(
        game: str, options: dict[str, Any], seed: int) -> None:
    record, person = random_record(game, options, seed)
    changed = other_world(record, person, random.Random(seed))
    if changed is None:
        return
    first, second = replies(record, person), replies(changed, person)
    for key in first:
        assert first[key] == second[key], f"{key} shows a card the person could not know"


def test_the_page_takes_only_its_own_levels_as_seats() -> None:
    webapi.start({"game": "diminishing-whist", "seed": 3})
    record = webapi._current().record()
    for seats in (["human", "this:X", "random", "random"], ["human", "os:system", "random", "random"],
                  ["human", 3, "random", "random"], "human", [None] * 4):
        with pytest.raises(OptionError):
            webapi.resume({"record": {**record, "seats": seats}})
        with pytest.raises(OptionError):
            webapi.start({"game": "diminishing-whist", "seats": seats})
    reply = json.loads(webapi.dispatch("resume", json.dumps(
        {"record": {**record, "seats": ["human", "this:X", "random", "random"]}})))
    assert reply["kind"] == "OptionError" and "not a level" in reply["error"]

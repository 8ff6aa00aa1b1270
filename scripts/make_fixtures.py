#!/usr/bin/env python3
"""Write the record corpus ``tests/fixtures/records/*.json``: games that carry their results.

Each fixture is a game record (docs/records.md) played by seeded random legal
play, so the same core always writes the same files.  Beside the record's own
keys it has two more, which readers ignore:

* ``"description"``: what the fixture covers, in words;
* ``"expected"``: what the game that wrote it ended with: ``over``, ``hand_over``
  (a hand finished and the next deal not in the record), ``hands`` (entries in
  ``"hands"``), ``hand_scores``, ``totals``, ``winners`` (finished games) and
  ``to_move``/``decision`` (the decision pending, if any).

``tests/test_record_corpus.py`` replays every file and checks these values, also
through ``python -m whist replay``, and checks that this script still writes the
files as they are.  Each fixture also states what it must show (a redeal, a card
passed, a revoke, ...): the script fails rather than write a file that does not.

Usage::

    .venv/bin/python scripts/make_fixtures.py            # (re)write the corpus
    .venv/bin/python scripts/make_fixtures.py --check    # exit 1 if a file differs
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    # Run as a script from anywhere: the packages live at the repository's top level.
    sys.path.insert(0, str(ROOT))

from whist.actions import Action, Contract, Decision, Skip  # noqa: E402
from whist.cards import Card  # noqa: E402
from whist.games import game_class  # noqa: E402
from whist.games.bidding import DENOMINATIONS  # noqa: E402
from whist.protocol import GameState  # noqa: E402
from whist.records import walk  # noqa: E402

#: Where the corpus lives.
CORPUS = ROOT / "tests" / "fixtures" / "records"

#: A player for the generator: picks one of ``state.legal_actions()`` with ``rng``.
Policy = Callable[[GameState, random.Random], Action]
#: Stop here (before the next action) when this says so; ``count`` is actions taken so far.
StopRule = Callable[[GameState, int], bool]
#: A fixture's promise about its game, checked on the finished state and its record.
Check = Callable[[GameState, dict[str, Any]], bool]


def uniform(state: GameState, rng: random.Random) -> Action:
    """Any legal action, each equally likely."""
    return rng.choice(state.legal_actions())


def shy_bidder(state: GameState, rng: random.Random) -> Action:
    """Bidding Whist: skip three times in four, else one of the three lowest contracts.

    Uniform play bids 13NT at once half the time and almost never has all four
    skip; this one reaches redeals, all-skip rules and longer auctions.
    """
    actions = state.legal_actions()
    if state.decision is not Decision.INITIAL_BID:
        return rng.choice(actions)
    contracts = sorted((a for a in actions if isinstance(a, Contract)),
                       key=lambda c: (c.tricks, DENOMINATIONS.index(c.trump)))
    skips = [a for a in actions if isinstance(a, Skip)]
    if not contracts or rng.random() < 0.75:
        return skips[0]
    return rng.choice(contracts[:3])


def to_end(state: GameState, count: int) -> bool:
    """Play the game to its end."""
    return False


def in_hand(hand: int, decision: Decision, actions_into_hand: int = 0) -> StopRule:
    """Stop in hand ``hand`` (0-based) at ``decision`` once the hand has that many actions."""
    def rule(state: GameState, count: int) -> bool:
        return (state.hand_number == hand and state.decision is decision
                and len(state.hands_log[-1]["actions"]) >= actions_into_hand)
    return rule


def after_hands(hands: int) -> StopRule:
    """Stop (between hands, with ``stop_after_hand``) once ``hands`` hands are finished."""
    def rule(state: GameState, count: int) -> bool:
        return state.hand_over and len(state.hand_scores) >= hands
    return rule


@dataclass(frozen=True)
class Fixture:
    """One file of the corpus: a game, its options, a seed, where to stop, what it shows."""

    name: str
    game: str
    options: Mapping[str, Any]
    seed: int
    description: str
    stop: StopRule = to_end
    policy: Policy = uniform
    #: Held at the end of every hand (the record then ends between hands).
    stop_after_hand: bool = False
    checks: tuple[tuple[str, Check], ...] = field(default=())


# ------------------------------------------------------------------- checks
def _actions(record: dict[str, Any]) -> list[list[str]]:
    return [hand["actions"] for hand in record["hands"]]


def finished(state: GameState, record: dict[str, Any]) -> bool:
    """The game is over."""
    return state.over


def in_progress(state: GameState, record: dict[str, Any]) -> bool:
    """The game is not over."""
    return not state.over


def has_all_skip_hand(state: GameState, record: dict[str, Any]) -> bool:
    """Some hand of a Bidding Whist record opens with four skips."""
    return any(actions[:4] == ["skip"] * 4 for actions in _actions(record))


def has_redeal(state: GameState, record: dict[str, Any]) -> bool:
    """Some deal was abandoned (four skips and nothing else) and dealt again."""
    return any(actions == ["skip"] * 4 for actions in _actions(record)[:-1])


def has_passing(state: GameState, record: dict[str, Any]) -> bool:
    """9-5-2: some hand after the first opened with card passing."""
    return any(_passes_in(actions) for actions in _actions(record)[1:])


_TRUMPS = ("♠", "♥", "♦", "♣", "NT")


def _passes_in(actions: list[str]) -> bool:
    """A 9-5-2 hand's actions start with a pass (anything before the trump is named)."""
    return bool(actions) and actions[0] not in _TRUMPS


def has_two_exchanges(state: GameState, record: dict[str, Any]) -> bool:
    """9-5-2: some hand opened with two exchanges (two passers, or one passer twice)."""
    return any(len(actions) > 1 and _passes_in(actions) and actions[1] not in _TRUMPS
               for actions in _actions(record)[1:])


def passing_pending(state: GameState, record: dict[str, Any]) -> bool:
    """9-5-2: an exchange has been made and another pass is pending."""
    return state.decision is Decision.PASS and _passes_in(record["hands"][-1]["actions"])


def has_revoke(state: GameState, record: dict[str, Any]) -> bool:
    """Some seat did not follow the led suit while holding it (Classic Whist, rules off).

    Found by replaying the record's deals and reading each seat's hand before its play.
    """
    for step in walk(record, _mover_sees):
        seen = step.before
        if seen["trick"]:
            led = Card.parse(seen["trick"][0][1]).suit
            played = Card.parse(step.text).suit
            if played != led and any(Card.parse(c).suit == led for c in seen["hand"]):
                return True
    return False


def _mover_sees(game: GameState) -> Any:
    """What the seat about to act sees (a walk's look before each action)."""
    assert game.to_move is not None
    return game.observe(game.to_move)


def has_empty_hand_row(state: GameState, record: dict[str, Any]) -> bool:
    """Black Queen: every card of the deal lies on the table (no hand cards)."""
    return all(not seat["hand"] for hand in record["hands"] for seat in hand["deal"])


def has_face_up_play(state: GameState, record: dict[str, Any]) -> bool:
    """Black Queen: some card was played from a face-up row."""
    return any("@" in a for actions in _actions(record) for a in actions)


def several_hands(state: GameState, record: dict[str, Any]) -> bool:
    """The record holds more than one hand."""
    return len(record["hands"]) > 1


# ----------------------------------------------------------------- fixtures
DW = "diminishing-whist"
BQ = "black-queen"
NFT = "nine-five-two"
BW = "bidding-whist"
CW = "classic-whist"

FIXTURES: tuple[Fixture, ...] = (
    # Diminishing Whist
    Fixture("diminishing-whist-4p-finished", DW, {"players": 4}, 101,
            "four players, all ten rounds (10 cards down to 1, trump ♥ ♣ ♦ ♠ NT twice)",
            checks=(("finished", finished),)),
    Fixture("diminishing-whist-5p-finished", DW, {"players": 5}, 102,
            "five players, all ten rounds; the opener moves round by round over five seats",
            checks=(("finished", finished),)),
    Fixture("diminishing-whist-5p-bidding", DW, {"players": 5}, 103,
            "five players, saved in round 4 with two bids made",
            stop=in_hand(3, Decision.BID, 2), checks=(("in progress", in_progress),)),
    Fixture("diminishing-whist-4p-mid-trick", DW, {"players": 4}, 104,
            "four players, saved in round 7 (4 cards, trump ♣) with its first trick half played",
            stop=in_hand(6, Decision.CARD, 4 + 2), checks=(("in progress", in_progress),)),
    Fixture("diminishing-whist-4p-between-hands", DW, {"players": 4}, 105,
            "four players held after round 2 (stop_after_hand): the record ends between hands, "
            "the next deal not in it", stop=after_hands(2), stop_after_hand=True,
            checks=(("in progress", in_progress),)),
    # Black Queen
    Fixture("black-queen-4p-finished", BQ, {"players": 4}, 201,
            "four players, two decks (equal cards), 8 face-down + 8 face-up + 10 in hand, four hands",
            checks=(("finished", finished), ("a face-up play", has_face_up_play))),
    Fixture("black-queen-3p-face-down-0-finished", BQ, {"players": 3, "face_down": 0}, 202,
            "three players, one deck without 2♦, no face-down or face-up rows (17 in hand)",
            checks=(("finished", finished),)),
    Fixture("black-queen-3p-face-down-8-in-progress", BQ, {"players": 3, "face_down": 8}, 203,
            "three players, 8 face-down + 8 face-up + 1 in hand (the most allowed), saved in "
            "hand 2 mid-trick after face-down cards turned up",
            stop=in_hand(1, Decision.CARD, 3 * 4 + 1),
            checks=(("in progress", in_progress), ("a face-up play", has_face_up_play))),
    Fixture("black-queen-6p-face-down-13-finished", BQ, {"players": 6, "face_down": 13, "hands": 2},
            204, "six players, three decks, every card on the table (13 down, 13 up, none in "
            "hand), two hands", checks=(("finished", finished), ("no hand cards", has_empty_hand_row))),
    Fixture("black-queen-6p-in-progress", BQ, {"players": 6}, 205,
            "six players, three decks, default 8 face-down, saved in hand 3 mid-trick",
            stop=in_hand(2, Decision.CARD, 6 * 5 + 3), checks=(("in progress", in_progress),)),
    # 9-5-2
    Fixture("nine-five-two-target-5-finished", NFT, {"target": 5}, 301,
            "target 5: a short game of several hands with card passing (and forced returns)",
            checks=(("finished", finished), ("several hands", several_hands),
                    ("card passing", has_passing), ("two exchanges", has_two_exchanges))),
    Fixture("nine-five-two-finished", NFT, {"target": 15}, 302,
            "default target 15, played to the end with card passing every hand after the first",
            checks=(("finished", finished), ("card passing", has_passing))),
    Fixture("nine-five-two-passing-in-progress", NFT, {"target": 15}, 306,
            "saved in hand 2 between two exchanges: hand 1 ended −6 +3 +3, so seat 1 (going for 9) "
            "then seat 2 each pass three cards to seat 0; seat 1's exchange is made",
            stop=in_hand(1, Decision.PASS, 1),
            checks=(("in progress", in_progress), ("second pass pending", passing_pending))),
    Fixture("nine-five-two-discard-in-progress", NFT, {"target": 5}, 304,
            "target 5, saved in hand 1 with trump named and the dealer's discard pending",
            stop=in_hand(0, Decision.DISCARD), checks=(("in progress", in_progress),)),
    # Bidding Whist
    Fixture("bidding-whist-redeal-finished", BW, {"hands": 2, "on_all_skip": "redeal"}, 404,
            "on_all_skip redeal, two hands: a deal of four skips stays in the record unscored and "
            "the same seat opens the redeal", policy=shy_bidder,
            checks=(("finished", finished), ("a redeal", has_redeal))),
    Fixture("bidding-whist-redeal-in-progress", BW, {"hands": 3, "on_all_skip": "redeal"}, 405,
            "on_all_skip redeal, saved in the bidding of a redealt deal", policy=shy_bidder,
            stop=lambda state, count: len(state.hands_log) > 1
            and state.hands_log[-2]["actions"] == ["skip"] * 4
            and len(state.hands_log[-1]["actions"]) == 1,
            checks=(("in progress", in_progress), ("a redeal", has_redeal))),
    Fixture("bidding-whist-no-trump-finished", BW, {"hands": 2, "on_all_skip": "no_trump"}, 403,
            "on_all_skip no_trump: after four skips the opening seat rules with no trump and all "
            "four bet, the ruler first", policy=shy_bidder,
            checks=(("finished", finished), ("four skips", has_all_skip_hand))),
    Fixture("bidding-whist-end-finished", BW, {"hands": 3, "on_all_skip": "end"}, 405,
            "on_all_skip end: four skips end the game; that deal scores a row of zeros",
            policy=shy_bidder, checks=(("finished", finished), ("four skips", has_all_skip_hand))),
    Fixture("bidding-whist-bets-in-progress", BW, {"hands": 3, "on_all_skip": "redeal"}, 405,
            "three hands, saved in hand 2 during the secondary bets", policy=shy_bidder,
            stop=lambda state, count: len(state.hand_scores) == 1
            and state.decision is Decision.SECONDARY_BET
            and state.hands_log[-1]["actions"][-1].isdigit(),
            checks=(("in progress", in_progress),)),
    # Classic Whist
    Fixture("classic-whist-4p-finished", CW, {}, 501,
            "defaults: four players, 13 cards, first to 24 tricks, follow-suit enforced, redeals",
            checks=(("finished", finished), ("several deals", several_hands))),
    Fixture("classic-whist-nerd-legal-finished", CW,
            {"players": 3, "cards": 6, "winning_score": 6, "enforce_rules": False, "compat": "nerd"},
            30006, "compat nerd with legal.properties' table (3 players, 6 cards, first to 6, "
            "rules not enforced, seed 30006: the original's deals, trump ♥ then ♦)",
            checks=(("finished", finished), ("a revoke", has_revoke))),
    Fixture("classic-whist-nerd-in-progress", CW,
            {"players": 4, "cards": 13, "winning_score": 24, "enforce_rules": False,
             "compat": "nerd"}, 30006,
            "compat nerd with whist.properties' table (4 players, 13 cards, 24, rules not "
            "enforced, seed 30006), saved in the second deal", stop=in_hand(1, Decision.CARD, 9),
            checks=(("in progress", in_progress), ("a revoke", has_revoke))),
    Fixture("classic-whist-2p-free-in-progress", CW,
            {"players": 2, "cards": 5, "winning_score": 10, "enforce_rules": False}, 503,
            "two players, 5 cards, first to 10, rules not enforced, saved mid-trick in deal 2",
            stop=in_hand(1, Decision.CARD, 3), checks=(("in progress", in_progress),)),
)


# ----------------------------------------------------------------- writing
def play(fixture: Fixture) -> GameState:
    """Play the fixture's game from its seed until its stop rule (or the end)."""
    cls = game_class(fixture.game)
    state = cls(dict(fixture.options), seed=fixture.seed, stop_after_hand=fixture.stop_after_hand)
    rng = random.Random(fixture.seed)
    count = 0
    while not state.over and not fixture.stop(state, count):
        if state.hand_over:
            state.deal_next()
            continue
        state.apply(fixture.policy(state, rng))
        count += 1
    return state


def expected(state: GameState) -> dict[str, Any]:
    """The results a replay of ``state.record()`` must reproduce."""
    return {
        "over": state.over,
        "hand_over": state.hand_over,
        "hands": len(state.hands_log),
        "hand_scores": [list(row) for row in state.hand_scores],
        "totals": list(state.totals),
        "winners": state.winners() if state.over else None,
        "to_move": state.to_move,
        "decision": None if state.decision is None else state.decision.value,
    }


def fixture_record(fixture: Fixture) -> dict[str, Any]:
    """The fixture's record with its description and expected results; ValueError if a check fails."""
    state = play(fixture)
    record = state.record()
    for what, check in fixture.checks:
        if not check(state, record):
            raise ValueError(f"{fixture.name}: the game shows no {what}; choose another seed")
    return {"game": record["game"], "options": record["options"],
            "description": fixture.description, "expected": expected(state),
            "hands": record["hands"]}


def dumps(record: Mapping[str, Any]) -> str:
    """JSON text, one line per key and one per hand, so a changed hand is a one-line diff."""
    lines = ["{"]
    keys = [k for k in record if k != "hands"]
    for key in keys:
        lines.append(f" {json.dumps(key)}: {json.dumps(record[key], ensure_ascii=False)},")
    lines.append(' "hands": [')
    hands = [json.dumps(hand, ensure_ascii=False) for hand in record["hands"]]
    lines.extend(f"  {text}," for text in hands[:-1])
    lines.append(f"  {hands[-1]}")
    lines.append(" ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def texts() -> dict[str, str]:
    """Every fixture's file name and text, as this core writes them now."""
    return {f"{fixture.name}.json": dumps(fixture_record(fixture)) for fixture in FIXTURES}


def main(argv: list[str] | None = None) -> int:
    """Write the corpus (or, with --check, compare it); return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a file is missing or differs")
    args = parser.parse_args(argv)
    stale = []
    for name, text in texts().items():
        path = CORPUS / name
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(name)
        if not args.check:
            CORPUS.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    if args.check and stale:
        print("differs from the generator: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

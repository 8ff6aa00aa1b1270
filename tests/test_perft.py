"""Perft for the five games: counts of legal action sequences from fixed deals, pinned.

As in chess engines, ``perft(state, d)`` is the number of sequences of ``d``
legal actions from ``state`` (a sequence that ends the game early is not
counted at a greater depth).  Each pinned table ``(perft(1), ..., perft(n))`` is
computed twice:

(a) on the logged game, through ``apply`` and ``undo``: every action the
    rules list is applied (so ``apply``'s own check accepts it) and taken back,
    and the game must be exactly as before (record, every seat's observation,
    the legal actions);
(b) on a search copy (``search_copy()``), through ``fork()`` and the unchecked
    ``step``.

A failing count prints the *divide* (the count under each first action) of
both walks at the first wrong depth, so the fault can be bisected: replay the
first action whose counts disagree and divide again one level down.

The deals are written here (drawn once from the seeds named beside them), so
the counts depend on the rules alone, not on the shuffle.  Every count at small
depth is worked out independently in :func:`test_pinned_counts_agree_with_independent_counting`
(combinatorics for the bidding; suit counts from the written deals for the
first trick) and in the comments beside the positions.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Any

import pytest

from whist.games import game_class, new_game
from whist.protocol import GameState


# --------------------------------------------------------------------- perft
def perft(state: GameState, depth: int) -> int:
    """The number of legal action sequences of length ``depth`` from ``state``.

    A logged game is walked with apply/undo, a search copy with fork/step.
    """
    return perft_counts(state, depth)[-1] if depth > 0 else 1


def perft_counts(state: GameState, depth: int) -> list[int]:
    """``[perft(state, 1), ..., perft(state, depth)]`` from one walk of the tree."""
    counts = [0] * depth
    if depth > 0:
        if state.is_search_copy:
            _walk_search(state, 0, counts)
        else:
            _walk_logged(state, 0, counts)
    return counts


def _walk_logged(state: GameState, ply: int, counts: list[int]) -> None:
    deeper = ply + 1 < len(counts)
    for action in state.legal_actions():
        state.apply(action)
        counts[ply] += 1
        if deeper:
            _walk_logged(state, ply + 1, counts)
        state.undo()


def _walk_search(state: GameState, ply: int, counts: list[int]) -> None:
    deeper = ply + 1 < len(counts)
    for action in state.legal_actions():
        child = state.fork()
        child.step(action)
        counts[ply] += 1
        if deeper:
            _walk_search(child, ply + 1, counts)


def divide(state: GameState, depth: int) -> dict[str, int]:
    """perft(depth - 1) after each first action, by the action's record notation."""
    result: dict[str, int] = {}
    for action in state.legal_actions():
        if state.is_search_copy:
            child = state.fork()
            child.step(action)
            result[str(action)] = perft(child, depth - 1)
        else:
            state.apply(action)
            result[str(action)] = perft(state, depth - 1)
            state.undo()
    return result


def snapshot(state: GameState) -> str:
    """Everything a walk must leave as it found it: record, observations, legal actions."""
    return json.dumps({
        "record": state.record(),
        "observations": [state.observe(seat) for seat in range(state.players)],
        "legal": [str(a) for a in state.legal_actions()],
        "to_move": state.to_move, "over": state.over, "hand_over": state.hand_over,
    }, ensure_ascii=False, sort_keys=True, default=str)


# ----------------------------------------------------------------- positions
def cards(text: str) -> list[str]:
    """``"Q♠ J♣ K♥"`` as a record's list of cards."""
    return text.split()


def row(down: str, up: str, hand: str) -> dict[str, list[str]]:
    """One Black Queen seat's deal."""
    return {"down": cards(down), "up": cards(up), "hand": cards(hand)}


@dataclass(frozen=True)
class Position:
    """A fixed deal (or deals), the actions taken on it, and its pinned perft table."""

    name: str
    game: str
    options: Mapping[str, Any]
    chance: tuple[Mapping[str, Any], ...]
    counts: tuple[int, ...]
    moves: tuple[str, ...] = field(default=())

    def start(self) -> GameState:
        """A logged game at the position: the deals from ``chance``, then ``moves`` applied."""
        state = game_class(self.game)(dict(self.options), seed=0,
                                      chance=[dict(c) for c in self.chance])
        for text in self.moves:
            state.apply_text(text)
        return state


# Diminishing Whist, round 1 (10 cards, trump ♥), seed 1's deal; seat 0 opens and leads.
DW_DEAL: dict[str, Any] = {"deal": [cards("Q♠ J♣ K♥ J♦ 4♣ A♥ 8♦ K♣ J♥ 7♣"),
                    cards("5♥ A♠ 6♠ 4♦ Q♦ 9♠ 10♠ 10♦ 3♠ 2♠"),
                    cards("A♣ K♠ 8♥ 9♦ A♦ 2♥ 10♥ Q♣ 9♥ 5♣"),
                    cards("7♦ 3♦ 6♦ 7♠ 2♣ 3♥ 5♠ 3♣ 8♠ 8♣")]}
# Black Queen, four players (two decks), default 8 down / 8 up / 10 in hand, seed 24's deal.
# Seat 1 (left of the dealer) leads: 10 hand cards with 7♣ twice (one action) and 8 face-up
# cards with 6♥ twice (two positions, two actions), A♣ both in hand and face up (two actions).
BQ4_DEAL: dict[str, Any] = {"deal": [
    row("3♣ Q♥ 2♥ J♦ 4♦ 2♣ 10♥ 7♥", "9♥ J♠ A♠ 8♠ 4♥ K♠ 2♦ 4♠", "8♠ 7♦ 6♠ 10♣ 4♥ A♦ 9♣ A♦ K♠ 5♥"),
    row("K♦ K♥ 5♦ 2♦ 4♣ J♣ 8♥ 8♣", "5♦ Q♦ 6♥ A♣ 10♥ J♠ 6♥ Q♠", "7♠ 10♦ 7♣ 5♣ K♥ 7♣ A♣ 3♥ 10♠ J♥"),
    row("6♦ 7♦ 7♥ 4♣ 2♣ 8♦ A♠ 2♥", "5♠ 4♦ 8♣ 9♦ 10♣ 6♠ 3♠ 10♠", "6♣ 9♠ 6♦ J♣ 2♠ 4♠ 9♦ 8♥ Q♣ K♣"),
    row("A♥ 5♠ Q♣ 7♠ 3♦ 5♣ 3♦ 5♥", "9♣ 6♣ 3♣ Q♥ 3♠ 8♦ A♥ K♣", "J♥ 9♥ 9♠ K♦ 10♦ 3♥ Q♦ J♦ Q♠ 2♠"),
]}
# Black Queen, three players, face_down 8 (the most: 8 down, 8 up, 1 in hand), seed 1's deal.
BQ3_DEAL: dict[str, Any] = {"deal": [
    row("4♣ 5♦ J♠ J♣ J♦ 6♥ K♠ 7♣", "10♠ 4♦ K♣ 9♥ J♥ 3♥ A♠ 9♦", "3♠"),
    row("2♠ A♣ Q♦ A♥ 10♦ 6♠ Q♥ 10♥", "Q♣ 5♣ 8♦ 9♠ 2♥ K♦ 7♦ 7♠", "2♣"),
    row("4♥ 4♠ 3♣ 8♠ 8♣ 3♦ A♦ 5♠", "7♥ 5♥ 8♥ 9♣ 6♦ 6♣ Q♠ K♥", "10♣"),
]}
# 9-5-2, seed 1's first deal: seat 0 deals (going for 9), seat 1 goes for 5 and leads.
NFT_DEAL: dict[str, Any] = {"deal": [cards("Q♠ J♣ K♥ J♦ 4♣ A♥ 8♦ K♣ J♥ 7♣ 5♥ A♠ 6♠ 4♦ Q♦ 9♠"),
                     cards("10♠ 10♦ 3♠ 2♠ A♣ K♠ 8♥ 9♦ A♦ 2♥ 10♥ Q♣ 9♥ 5♣ 7♦ 3♦"),
                     cards("6♦ 7♠ 2♣ 3♥ 5♠ 3♣ 8♠ 8♣ 2♦ K♦ 4♠ 6♥ 4♥ 7♥ 9♣ 5♦")],
            "kitty": cards("6♣ J♠ Q♥ 10♣")}
NFT_DISCARD = "4♣ 6♣ 4♦ 8♦"
# 9-5-2, seed 9: hand 1 played at random ends +1 / -2 / +1, so hand 2 (seat 1 deals, seat 1
# going for 9, seat 2 for 5, seat 0 for 2) opens with two exchanges of one card each to
# seat 1: first seat 2 (the higher contract), then seat 0.
NFT_SEED9: tuple[dict[str, Any], ...] = (
    {"deal": [cards("7♥ 4♦ 9♥ 9♠ J♠ 10♠ 8♦ 3♦ 7♠ 6♥ A♦ K♥ 9♦ 2♥ 3♠ Q♠"),
              cards("2♦ 4♠ 8♣ J♣ 5♠ A♣ J♦ Q♥ 7♦ 5♦ 6♣ 5♣ 3♣ 9♣ K♠ 10♥"),
              cards("3♥ 4♥ Q♣ K♦ 4♣ J♥ 8♠ 7♣ A♥ A♠ 8♥ 10♦ 2♣ 6♠ K♣ 10♣")],
     "kitty": cards("6♦ Q♦ 2♠ 5♥")},
    {"deal": [cards("6♠ 5♦ J♦ Q♣ 8♦ J♠ A♦ 5♣ K♦ 6♥ 8♠ J♣ 3♦ Q♠ K♣ Q♦"),
              cards("Q♥ 2♠ J♥ 9♥ 6♣ 7♦ 2♥ 9♦ 4♥ 3♠ 4♣ 2♦ 8♣ 5♥ 6♦ 7♥"),
              cards("5♠ 8♥ K♠ 10♥ A♠ 7♣ 7♠ 10♦ 4♠ A♣ K♥ 9♠ 2♣ A♥ 9♣ 10♠")],
     "kitty": cards("3♥ 4♦ 3♣ 10♣")},
)
NFT_SEED9_HAND1 = tuple(
    "♠|9♦ Q♦ 5♥ 10♠|7♦|K♦|8♦|K♣|2♥|8♣|8♠|Q♠|5♠|K♥|Q♥|J♥|A♦|5♦|10♦|7♠|4♠|6♠|6♥|10♥|4♥|J♦|3♥|4♦|"
    "A♣|10♣|9♥|K♠|A♠|9♠|7♣|J♠|6♣|6♦|2♦|A♥|3♦|9♣|8♥|3♠|J♣|Q♣|7♥|3♣|4♣|2♠|5♣|2♣".split("|"))
# Bidding Whist, seed 1's and seed 2's deals (the second only for a redeal); seat 0 opens.
BW_DEALS: tuple[dict[str, Any], ...] = (
    {"deal": [cards("Q♠ J♣ K♥ J♦ 4♣ A♥ 8♦ K♣ J♥ 7♣ 5♥ A♠ 6♠"),
              cards("4♦ Q♦ 9♠ 10♠ 10♦ 3♠ 2♠ A♣ K♠ 8♥ 9♦ A♦ 2♥"),
              cards("10♥ Q♣ 9♥ 5♣ 7♦ 3♦ 6♦ 7♠ 2♣ 3♥ 5♠ 3♣ 8♠"),
              cards("8♣ 2♦ K♦ 4♠ 6♥ 4♥ 7♥ 9♣ 5♦ 6♣ J♠ Q♥ 10♣")]},
    {"deal": [cards("4♦ 5♥ J♣ 10♦ 6♣ 8♣ A♠ 2♥ J♦ K♦ 10♣ 10♥ Q♥"),
              cards("7♦ 3♠ 6♥ 8♠ 9♣ 9♦ 7♥ Q♠ 7♠ 9♠ A♣ 4♠ 3♦"),
              cards("K♣ 2♣ 2♠ 3♣ 9♥ 6♦ J♥ 4♥ J♠ 8♥ A♦ 3♥ 10♠"),
              cards("K♥ 4♣ 6♠ 2♦ A♥ 5♦ 8♦ 5♠ Q♣ Q♦ K♠ 7♣ 5♣")]},
)
# Classic Whist, four players, seed 1's deal: trump ♥, seat 2 leads.
CW_DEAL: dict[str, Any] = {"deal": [cards("A♠ Q♠ 6♠ A♥ K♥ J♥ 5♥ J♦ 8♦ K♣ J♣ 7♣ 4♣"),
                    cards("K♠ 10♠ 9♠ 3♠ 2♠ 8♥ 2♥ A♦ Q♦ 10♦ 9♦ 4♦ A♣"),
                    cards("8♠ 7♠ 5♠ 10♥ 9♥ 3♥ 7♦ 6♦ 3♦ Q♣ 5♣ 3♣ 2♣"),
                    cards("J♠ 4♠ Q♥ 7♥ 6♥ 4♥ K♦ 5♦ 2♦ 10♣ 9♣ 8♣ 6♣")],
           "trump": "♥", "leader": 2}
# Classic Whist as the original's legal.properties: compat nerd, seed 30006's first deal
# (java.util.Random; rules.md §5: trump ♥, seat 1 leads and holds ♣A, seat 2 ♠K, seat 0 ♣J).
NERD_OPTIONS: dict[str, Any] = {"players": 3, "cards": 6, "winning_score": 6, "enforce_rules": False,
                "compat": "nerd"}
NERD_DEAL: dict[str, Any] = {"deal": [cards("4♥ A♦ 3♦ J♣ 10♣ 3♣"), cards("8♠ 7♥ A♣ 9♣ 6♣ 4♣"),
                      cards("K♠ 10♠ 9♠ J♥ 10♥ 7♣")], "trump": "♥", "leader": 1}
# Classic Whist, two players, three cards, first to 3: two written deals, so the walk crosses
# the redeal and reaches the end of every game.
TINY_OPTIONS: dict[str, Any] = {"players": 2, "cards": 3, "winning_score": 3}
TINY_DEALS: tuple[dict[str, Any], ...] = (
    {"deal": [cards("Q♠ K♥ J♣"), cards("A♥ J♦ 4♣")], "trump": "♥", "leader": 1},
    {"deal": [cards("5♥ 4♦ J♣"), cards("10♦ 8♣ 6♣")], "trump": "♦"},
)

POSITIONS: tuple[Position, ...] = (
    # Bids 0..10 each; the last bidder may not make the total 10: 11, 11², 11³, then
    # 11⁴ less the C(13, 3) = 286 triples summing to at most 10 (for those one bid is out).
    Position("diminishing-whist-bids", "diminishing-whist", {"players": 4}, (DW_DEAL,),
             (11, 121, 1331, 14355)),
    # Bids 3 and 2 made (sum 5): seat 2 bids 0..10 (11), seat 3 then loses one bid when
    # 5 + b ≤ 10 (6 of the 11): 121 − 6 = 115 pairs; then seat 0 leads any of 10 cards:
    # 1150; the first trick's cards multiply: 115 × 55 = 6325, 115 × 150 = 17250.
    Position("diminishing-whist-bids-into-play", "diminishing-whist", {"players": 4}, (DW_DEAL,),
             (11, 115, 1150, 6325, 17250), moves=("3", "2")),
    # All bids made: the first trick (10, 55, 150, 426 from the suits, see below), then its
    # winner leads any of 9 cards: 426 × 9 = 3834.
    Position("diminishing-whist-play", "diminishing-whist", {"players": 4}, (DW_DEAL,),
             (10, 55, 150, 426, 3834), moves=("3", "2", "4", "0")),
    # The first trick from the suits of hand and face-up cards (equal hand cards are one
    # action, equal face-up cards at two positions two).
    Position("black-queen-4p", "black-queen", {"players": 4}, (BQ4_DEAL,), (17, 70, 298, 1388)),
    # 9 playable each (1 hand + 8 face-up).  Every first-trick winner (33 sequences) played a
    # face-up card, and the face-down card under it turns up when the trick is collected, so
    # it leads from 8 + 1 cards: 33 × 9 = 297 (without the turn-up it would be 33 × 8).
    Position("black-queen-3p-face-down-8", "black-queen", {"players": 3, "face_down": 8},
             (BQ3_DEAL,), (9, 18, 33, 297, 827)),
    # Trump: 4 suits or NT = 5; then the dealer's discard, any 4 of 20: 5 × C(20, 4) = 24225.
    Position("nine-five-two-trump-and-discard", "nine-five-two", {"target": 15}, (NFT_DEAL,),
             (5, 24225)),
    # After ♠ and the discard: the first trick by suits (16, 64, 248), then its winner leads
    # any of 15: 248 × 15 = 3720.
    Position("nine-five-two-play", "nine-five-two", {"target": 15}, (NFT_DEAL,),
             (16, 64, 248, 3720, 13770), moves=("♠", NFT_DISCARD)),
    # Hand 2's passing: any 1 of 16 cards, twice (the return keeps each hand at 16), then
    # trump: 16, 16², 16² × 5.
    Position("nine-five-two-passing", "nine-five-two", {"target": 15}, NFT_SEED9,
             (16, 256, 1280), moves=NFT_SEED9_HAND1),
    # Skip or any of the 45 contracts above the high bid: with no hand ended within three
    # actions, perft(d) = Σₖ C(d, k) · C(45, k) (k contracts, strictly rising, among d actions).
    Position("bidding-whist-auction", "bidding-whist", {"on_all_skip": "redeal"}, BW_DEALS,
             (46, 1081, 17296)),
    # After skip, skip, 12NT: seat 3 skips (seat 2 rules; bets by seats 0, 1, 3, 14 each, the
    # last not the one making 13) or bids one of the five 13s, and so on (worked below).
    Position("bidding-whist-auction-ends", "bidding-whist", {"on_all_skip": "redeal"}, BW_DEALS,
             (6, 29, 286, 3876), moves=("skip", "skip", "12NT")),
    # After three skips, seat 3 skips too or bids one of 45 (and then rules: seats 0, 1 bet
    # 14 ways each: 45 × 14 = 630, 45 × 14² = 8820).  Four skips:
    # redeal: a fresh auction, same opener: 46, then 1081 → 46, 676, 9901;
    Position("bidding-whist-all-skip-redeal", "bidding-whist", {"on_all_skip": "redeal"},
             BW_DEALS, (46, 676, 9901), moves=("skip",) * 3),
    # no_trump: seat 0 rules and all four bet, seat 0 first (14, 14²) → 46, 644, 9016;
    Position("bidding-whist-all-skip-no-trump", "bidding-whist", {"on_all_skip": "no_trump"},
             BW_DEALS, (46, 644, 9016), moves=("skip",) * 3),
    # end: the game is over, nothing follows → 46, 630, 8820.
    Position("bidding-whist-all-skip-end", "bidding-whist", {"on_all_skip": "end"},
             BW_DEALS, (46, 630, 8820), moves=("skip",) * 3),
    # The first trick by suits (13, 43, 148, 340), then its winner leads any of 12: 4080.
    Position("classic-whist", "classic-whist", {}, (CW_DEAL,), (13, 43, 148, 340, 4080)),
    # Rules not enforced: any card, 6 × 6 × 6, then the winner and the rest hold 5: ×5, ×5.
    Position("classic-whist-nerd-rules-off", "classic-whist", NERD_OPTIONS, (NERD_DEAL,),
             (6, 36, 216, 1080, 5400)),
    # Seat 1 leads A♥ (seat 0 must K♥), J♦ (seat 0 void: 3) or 4♣ (J♣): 3, 5; the winner
    # leads from 2: 10; the last trick is forced: 14, 14, 14.  Deal 2: 3 of the 14 games were
    # 3-0 and ended; the other 11 go on: 33, ...; every game has ended by 10 actions.
    Position("classic-whist-tiny-to-the-end", "classic-whist", TINY_OPTIONS, TINY_DEALS,
             (3, 5, 10, 14, 14, 14, 33, 48, 46, 56, 0)),
)
POSITION_IDS = [p.name for p in POSITIONS]


def explain(position: Position, got: Sequence[int], way: str) -> str:
    """The counts against the pinned ones and both walks' divide at the first wrong depth."""
    depth = next(d for d, (a, b) in enumerate(zip(got, position.counts, strict=True), 1) if a != b)
    logged = divide(position.start(), depth)
    searched = divide(position.start().search_copy(), depth)
    lines = [f"{position.name} through {way}: perft 1..{len(got)} = {list(got)}, "
             f"pinned {list(position.counts)}; divide at depth {depth} (apply/undo, search):"]
    for action in dict.fromkeys([*logged, *searched]):
        a, b = logged.get(action), searched.get(action)
        lines.append(f"  {action}: {a} {b}" + ("" if a == b else "   <- differ"))
    lines.append(f"  total: {sum(logged.values())} {sum(searched.values())}")
    return "\n".join(lines)


# --------------------------------------------------------------------- tests
@pytest.mark.parametrize("position", POSITIONS, ids=POSITION_IDS)
def test_perft_through_apply_and_undo(position: Position) -> None:
    state = position.start()
    before = snapshot(state)
    got = perft_counts(state, len(position.counts))
    assert tuple(got) == position.counts, explain(position, got, "apply/undo")
    assert snapshot(state) == before, "undo did not restore the game exactly"


@pytest.mark.parametrize("position", POSITIONS, ids=POSITION_IDS)
def test_perft_through_search_copies(position: Position) -> None:
    game = position.start()
    before = snapshot(game)
    search = game.search_copy()
    assert search.is_search_copy and not game.is_search_copy
    searched_before = snapshot(search)
    got = perft_counts(search, len(position.counts))
    assert tuple(got) == position.counts, explain(position, got, "search_copy/fork/step")
    assert snapshot(search) == searched_before, "a fork's steps changed the copy it came from"
    assert snapshot(game) == before, "searching a copy changed the logged game"


def test_divide_adds_up_to_perft_both_ways() -> None:
    position = POSITIONS[POSITION_IDS.index("diminishing-whist-play")]
    logged = divide(position.start(), 3)
    assert logged == divide(position.start().search_copy(), 3)
    assert sum(logged.values()) == position.counts[2]
    assert list(logged) == [str(a) for a in position.start().legal_actions()]
    assert perft(position.start(), 0) == 1


def test_a_logged_game_refuses_step() -> None:
    state = POSITIONS[0].start()
    with pytest.raises(TypeError):
        state.step(state.legal_actions()[0])


# ------------------------------------------------- independent cross-checks
def one_trick(playable: Sequence[Sequence[str]], plays: int) -> int:
    """Sequences of a trick's first ``plays`` cards, from suits alone (no game code).

    ``playable[i]`` holds the suit of each distinct choice of the i-th seat to play
    (a card, or a face-up position): the leader may play any; a follower must play
    the led suit if it has a choice of it, else any.
    """
    total = 0
    for led in playable[0]:
        ways = 1
        for choices in playable[1:plays]:
            ways *= choices.count(led) or len(choices)
        total += ways
    return total


def suits(hand: Sequence[str]) -> list[str]:
    """The suit of each distinct card."""
    return [card[-1] for card in dict.fromkeys(hand)]


def bq_choices(seat: Mapping[str, list[str]]) -> list[str]:
    """A Black Queen seat's choices before any card turns up: distinct hand cards, each position."""
    return suits(seat["hand"]) + [card[-1] for card in seat["up"]]


def in_order(seats: Sequence[Any], leader: int) -> list[Any]:
    """``seats`` from the leader round."""
    return [seats[(leader + i) % len(seats)] for i in range(len(seats))]


def pinned(name: str) -> tuple[int, ...]:
    return POSITIONS[POSITION_IDS.index(name)].counts


def test_pinned_counts_agree_with_independent_counting() -> None:
    # Diminishing Whist bidding: bids 0..10; the hook takes one from the last bidder when
    # the others' bids total at most 10 (C(13, 3) triples do, by stars and bars).
    assert pinned("diminishing-whist-bids") == (11, 11**2, 11**3, 11**4 - comb(13, 3))
    pairs = 11 * 11 - sum(1 for b in range(11) if 3 + 2 + b <= 10)
    first_trick = [one_trick([suits(h) for h in DW_DEAL["deal"]], n) for n in (1, 2, 3, 4)]
    assert first_trick == [10, 55, 150, 426]
    assert pinned("diminishing-whist-bids-into-play") == (
        11, pairs, pairs * 10, pairs * first_trick[1], pairs * first_trick[2])
    assert pinned("diminishing-whist-play")[:4] == tuple(first_trick)
    assert pinned("diminishing-whist-play")[4] == first_trick[3] * 9

    # Black Queen: the first trick from the written rows, seat 1 leading.
    bq4 = in_order([bq_choices(s) for s in BQ4_DEAL["deal"]], 1)
    assert pinned("black-queen-4p") == tuple(one_trick(bq4, n) for n in (1, 2, 3, 4))
    bq3 = in_order([bq_choices(s) for s in BQ3_DEAL["deal"]], 1)
    assert pinned("black-queen-3p-face-down-8")[:3] == tuple(one_trick(bq3, n) for n in (1, 2, 3))
    assert pinned("black-queen-3p-face-down-8")[3] == pinned("black-queen-3p-face-down-8")[2] * 9

    # 9-5-2: trump then any 4 of 20; the dealer's 16 after the discard; passing 1 of 16.
    assert pinned("nine-five-two-trump-and-discard") == (5, 5 * comb(20, 4))
    dealer = [c for c in NFT_DEAL["deal"][0] + NFT_DEAL["kitty"] if c not in NFT_DISCARD.split()]
    nft = in_order([suits(dealer), *(suits(h) for h in NFT_DEAL["deal"][1:])], 1)
    play = pinned("nine-five-two-play")
    assert play[:3] == tuple(one_trick(nft, n) for n in (1, 2, 3))
    assert play[3] == play[2] * 15
    assert pinned("nine-five-two-passing") == (16, 16 * 16, 16 * 16 * 5)

    # Bidding Whist: k contracts among d actions, strictly rising from 45.
    assert pinned("bidding-whist-auction") == tuple(
        sum(comb(d, k) * comb(45, k) for k in range(d + 1)) for d in (1, 2, 3))
    bets = 14  # 0..13
    # After three skips: the fourth seat's 45 bids (then seats 0 and 1 bet) plus its skip.
    bid_then_bets = (45, 45 * bets, 45 * bets * bets)
    assert pinned("bidding-whist-all-skip-redeal") == tuple(
        a + b for a, b in zip(bid_then_bets, (1, 46, 1081), strict=True))
    assert pinned("bidding-whist-all-skip-no-trump") == tuple(
        a + b for a, b in zip(bid_then_bets, (1, bets, bets * bets), strict=True))
    assert pinned("bidding-whist-all-skip-end") == (46, 45 * bets, 45 * bets * bets)
    # After skip, skip, 12NT (index 0..4 = 13♣ ♦ ♥ ♠ NT above it):
    #  seat 3 skips → seat 2 rules at 12NT; bets by seats 0, 1, 3; seat 3 (last) may not
    #   make 12 + b0 + b1 + b3 = 13, which is possible only when b0 + b1 ≤ 1 (3 pairs);
    #  seat 3 bids 13x → seat 2 skips (seat 3 rules, bets by 0, 1, 2) or bids 13y > 13x →
    #   seat 3 skips (seat 2 rules) or bids 13z > 13y → seat 2 skips or bids higher.
    skip_branch = (1, bets, bets**2, bets**3 - 3)
    higher = [sum(1 for z in range(5) if z > y) for y in range(5)]   # bids above index y
    one_bid = (5, sum(1 + higher[x] for x in range(5)),
               5 * bets + sum(1 + higher[y] for x in range(5) for y in range(5) if y > x),
               5 * bets * bets + sum(bets + sum(1 + higher[z] for z in range(5) if z > y)
                                     for x in range(5) for y in range(5) if y > x))
    assert pinned("bidding-whist-auction-ends") == tuple(
        a + b for a, b in zip(skip_branch, one_bid, strict=True))

    # Classic Whist: the first trick by suits, seat 2 leading; rules off: any card.
    cw = in_order([suits(h) for h in CW_DEAL["deal"]], 2)
    classic = pinned("classic-whist")
    assert classic[:4] == tuple(one_trick(cw, n) for n in (1, 2, 3, 4))
    assert classic[4] == classic[3] * 12
    assert pinned("classic-whist-nerd-rules-off") == (6, 6**2, 6**3, 6**3 * 5, 6**3 * 5 * 5)
    tiny = in_order([suits(h) for h in TINY_DEALS[0]["deal"]], 1)
    assert pinned("classic-whist-tiny-to-the-end")[:2] == (one_trick(tiny, 1), one_trick(tiny, 2))


def test_the_written_nerd_deal_is_the_originals() -> None:
    """NERD_DEAL is what compat nerd draws from java.util.Random(30006) (rules.md §5)."""
    drawn = new_game("classic-whist", NERD_OPTIONS, seed=30006).record()["hands"][0]
    assert {k: v for k, v in drawn.items() if k != "actions"} == NERD_DEAL

"""Black Queen's own rollout policy (engines/black_queen_search.py) on hand-made positions."""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.black_queen_search import black_queen_policy, forced_cover
from engines.strong import HOOKS, StrongEngine
from whist.actions import PLAYS, Play
from whist.cards import Card
from whist.games import new_game
from whist.games.black_queen import PENALTY


def _c(text: str) -> int:
    return int(Card.parse(text))


def _cards(texts: str) -> list[int]:
    return [_c(t) for t in texts.split()]


@dataclass
class Table:
    """The parts of a Black Queen state the policy reads (four seats, seat 0 to move)."""

    hands: list[list[int]]
    trick: list[tuple[int, int]] = field(default_factory=list)
    up: list[list[int | None]] = field(default_factory=lambda: [[], [], [], []])
    down: list[list[int | None]] = field(default_factory=lambda: [[], [], [], []])
    to_move: int = 0
    players: int = 4


def _choose(table: Table, legal: list[Play]) -> Play:
    play = black_queen_policy(table, legal, False, PENALTY)
    assert isinstance(play, Play)
    return play


def test_void_seat_dumps_the_queen_of_spades() -> None:
    table = Table(hands=[_cards("Q♠ A♥ 2♠"), _cards("5♣"), _cards("9♣"), _cards("K♣")],
                  trick=[(1, _c("4♣")), (2, _c("7♣")), (3, _c("J♣"))])
    legal = [PLAYS[c] for c in table.hands[0]]
    assert _choose(table, legal) == PLAYS[_c("Q♠")]


def test_void_seat_sheds_a_high_spade_while_another_holds_the_queen() -> None:
    table = Table(hands=[_cards("A♠ A♥ 2♠"), _cards("Q♠ 5♣"), _cards("9♣"), _cards("K♣")],
                  trick=[(1, _c("4♣")), (2, _c("7♣")), (3, _c("J♣"))])
    legal = [PLAYS[c] for c in table.hands[0]]
    assert _choose(table, legal) == PLAYS[_c("A♠")]
    # With every queen out of the others' hands, the highest heart goes first.
    table.hands[1] = _cards("3♠ 5♣")
    assert _choose(table, legal) == PLAYS[_c("A♥")]


def test_queen_goes_under_a_seat_forced_to_overtake() -> None:
    # Spades led low; the last seat holds only K♠ and A♠, so it must overtake: Q♠ is safe.
    table = Table(hands=[_cards("Q♠ 3♠ 2♥"), _cards("4♣"), _cards("K♠ A♠"), _cards("8♠")],
                  trick=[(3, _c("5♠"))])
    legal = [PLAYS[_c("Q♠")], PLAYS[_c("3♠")]]
    assert forced_cover(table, [1, 2], 3) == _c("K♠")
    assert _choose(table, legal) == PLAYS[_c("Q♠")]
    # Had that seat a low spade to duck with, the queen stays home.
    table.hands[2] = _cards("K♠ 2♠")
    assert _choose(table, legal) == PLAYS[_c("3♠")]


def test_lead_a_card_that_a_follower_must_overtake() -> None:
    # Seat 2's only hearts are above 9♥: leading it surely loses and gives away a heart.
    table = Table(hands=[_cards("9♥ 2♣ 7♦"), _cards("3♣ 4♦"), _cards("J♥ Q♥"), _cards("5♣ 6♦")])
    legal = [PLAYS[c] for c in table.hands[0]]
    assert _choose(table, legal) == PLAYS[_c("9♥")]
    # Otherwise it leads where winning costs least: not hearts, lowest card.
    table.hands[2] = _cards("2♥ Q♥")
    assert _choose(table, legal) == PLAYS[_c("2♣")]


def test_face_up_cards_count_for_following() -> None:
    # Seat 2 holds no spade in hand but a face-up A♠ and nothing lower: it must overtake.
    table = Table(hands=[_cards("Q♠ 4♠"), _cards("2♣"), _cards("3♦"), _cards("5♦")],
                  trick=[(3, _c("9♠"))], up=[[], [], [_c("A♠")], []])
    legal = [PLAYS[_c("Q♠")], PLAYS[_c("4♠")]]
    assert _choose(table, legal) == PLAYS[_c("Q♠")]
    # Turned face down, that A♠ no longer forces anything: duck with 4♠.
    table.up[2] = [None]
    table.down[2] = [_c("A♠")]
    assert _choose(table, legal) == PLAYS[_c("4♠")]


def test_strong_plays_black_queen_with_its_own_policy() -> None:
    assert HOOKS["black-queen"].card_policy is black_queen_policy
    state = new_game("black-queen", seed=3)
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions()
    choice = StrongEngine(seed=1, iterations=40).choose(state.observe(seat), legal)
    assert choice in legal

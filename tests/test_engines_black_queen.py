"""Black Queen's computer players (engines.md): positions whose right answer is worked by hand."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from engines.black_queen import Strength0, Strength1, Strength2
from engines.levels import load_engine
from engines.referee import choose_action
from whist.actions import PLAYS, Play
from whist.cards import SUIT_OF, Card
from whist.games.black_queen import BlackQueen, pack_for

C = Card.parse


def deal(players: int, face_down: int, fixed: dict[int, tuple[list[str], list[str], list[str]]],
         avoid: dict[int, str] | None = None) -> list[dict[str, list[str]]]:
    """A full deal: each seat's given (down, up, hand-prefix) cards, the rest filled in.

    Fillers come from the unused pack in order (♣ first); a seat never gets a filler of
    a suit named in ``avoid`` for it (such seats are filled first).
    """
    avoid = avoid or {}
    rest = Counter(pack_for(players))
    for down, up, hand in fixed.values():
        rest.subtract(C(c) for c in [*down, *up, *hand])
    pool = sorted(rest.elements())
    each = len(pack_for(players)) // players
    out: dict[int, dict[str, list[str]]] = {}
    for seat in sorted(range(players), key=lambda s: s not in avoid):
        down, up, hand = (list(x) for x in fixed.get(seat, ([], [], [])))
        banned = {"♣♦♥♠".index(s) for s in avoid.get(seat, "")}

        def take(banned: set[int] = banned) -> str:
            card = next(c for c in pool if SUIT_OF[c] not in banned)
            pool.remove(card)
            return str(card)

        while len(down) < face_down:
            down.append(take())
        while len(up) < face_down:
            up.append(take())
        while len(hand) < each - 2 * face_down:
            hand.append(take())
        out[seat] = {"down": down, "up": up, "hand": hand}
    return [out[seat] for seat in range(players)]


def position(players: int, face_down: int,
             fixed: dict[int, tuple[list[str], list[str], list[str]]], actions: list[str],
             avoid: dict[int, str] | None = None) -> BlackQueen:
    """Hand 0 of a hand-made deal (seat 1 leads), after ``actions``."""
    game = BlackQueen({"players": players, "face_down": face_down, "hands": 1}, seed=0,
                      chance=[{"deal": deal(players, face_down, fixed, avoid)}])
    for text in actions:
        game.apply_text(text)
    return game


def values(engine: Strength1, game: BlackQueen) -> dict[str, float]:
    """The engine's worst-case value of each legal card, by its record text."""
    seat = game.to_move
    assert seat is not None
    return {str(a): v for a, v in engine.evaluate(game.observe(seat), game.legal_actions())}


def choice(engine: Strength0 | Strength1, game: BlackQueen) -> str:
    """The engine's move, as record text."""
    return str(choose_action(game, engine))


def duck_under_the_queen() -> BlackQueen:
    """Seat 1 leads 5♠, seat 2 drops Q♠; seat 0, last, holds A♠ and 4♠ and no other spade."""
    return position(3, 0, {0: ([], [], ["A♠", "4♠"]), 1: ([], [], ["5♠"]),
                           2: ([], [], ["Q♠"])}, ["5♠", "Q♠"], avoid={0: "♠"})


@pytest.mark.parametrize("engine", [Strength1(seed=1), Strength2(seed=1)])
def test_declines_the_trick_holding_the_queen_when_it_can_duck(engine: Strength1) -> None:
    game = duck_under_the_queen()
    # A♠ wins Q♠: -12, and seat 0 (no cards yet) loses its +10 hope: -0.5.
    # 4♠ leaves Q♠ (over 5♠) winning: seat 2 takes its own queen: +12 + 0.5 for us.
    assert values(engine, game) == {"A♠": -12.5, "4♠": 12.5}
    assert choice(engine, game) == "4♠"


def queen_face_up_behind() -> BlackQueen:
    """Seat 1 leads 5♠; seat 2 holds A♠ 3♠; seat 0, next, shows Q♠ face up and must follow."""
    return position(3, 1, {0: ([], ["Q♠"], []), 1: ([], [], ["5♠"]),
                           2: (["3♦"], ["2♥"], ["A♠", "3♠"])}, ["5♠"], avoid={2: "♠♥"})


def test_strength1_sees_a_face_up_queen_that_must_follow() -> None:
    game = queen_face_up_behind()
    assert [str(a) for a in game.legal_actions()] == ["A♠", "3♠"]
    engine = Strength1(seed=0)
    # Strength 1 thinks seat 0 holds only Q♠: it must play it.  Over A♠ it costs us
    # 12 and our +10 hope; over 3♠ it wins (Q > 5) and seat 0 takes it: +12.5.
    assert values(engine, game) == {"A♠": -12.5, "3♠": 12.5}
    assert choice(engine, game) == "3♠"


def test_strength2_weighs_the_hidden_low_spade_that_spares_the_queen_holder() -> None:
    game = queen_face_up_behind()
    engine = Strength2(seed=0)
    found = values(engine, game)
    # After A♠, seat 0 must still follow: Q♠ is its only certain card, and any hidden
    # spade it might play instead is better for us.  So A♠ is worth -12.5 as before.
    assert found["A♠"] == -12.5
    # After 3♠: certain Q♠ gives +12.5; the worst hidden option is a spade under 5♠ (2♠
    # or 4♠; 3♠ is ours), letting seat 1 (no cards yet) win a pointless trick: +0.25.
    # (A higher hidden spade lets seat 0 win a pointless trick: +0.25 just the same.)
    # Unseen: 51 - our 15 hand cards - 3 face-up cards - 5♠ = 32 (our face-down 3♦
    # among them); seat 0 holds 15 in hand; one copy of each card: p = 1 - (1 - 1/32)^15.
    p_two = 1 - (1 - 1 / 32) ** 15
    assert found["3♠"] == pytest.approx(12.5 + math.sqrt(p_two) * (0.25 - 12.5))
    assert choice(engine, game) == "3♠"


def spade_lead_after_two_heart_tricks() -> BlackQueen:
    """Seats 2 and 1 have taken hearts; seat 1 leads 5♠; seat 2 holds A♠ 3♠ and clubs."""
    return position(3, 0, {
        0: ([], [], ["3♥", "5♥"]),
        1: ([], [], ["2♥", "6♥", "5♠"]),
        2: ([], [], ["A♥", "4♥", "A♠", "3♠", *[r + "♣" for r in
                                                "2 3 4 5 6 7 8 9 10 J Q K A".split()]]),
    }, ["2♥", "A♥", "3♥", "4♥", "5♥", "6♥", "5♠"])


def test_strength1_plays_the_ace_of_spades_when_it_sees_no_cost() -> None:
    game = spade_lead_after_two_heart_tricks()
    assert game.to_move == 2 and game.points == [0, 3, 3]
    engine = Strength1(seed=0)
    # Seat 0 shows no card: strength 1 leaves it out.  A♠ wins an empty trick, 3♠ lets
    # seat 1 win it; both seats already have points, so both are worth 0.  The tie goes
    # to A♠ (getting rid of the spades that could catch the queen later).
    assert values(engine, game) == {"A♠": 0.0, "3♠": 0.0}
    assert choice(engine, game) == "A♠"


def test_strength2_fears_a_hidden_queen_dropped_on_the_ace() -> None:
    game = spade_lead_after_two_heart_tricks()
    engine = Strength2(seed=0)
    # Unseen: 51 - our 15 - 7 played = 29 cards (one Q♠ among them); seat 0 holds 15.
    # p(seat 0 holds Q♠) = 1 - (1 - 1/29)^15; the risk of A♠ is -12 * sqrt(p).  Hearts
    # thrown on A♠ cost only 1.  After 3♠ nothing seat 0 can do hurts us: 0.
    p_queen = 1 - (1 - 1 / 29) ** 15
    found = values(engine, game)
    assert found["A♠"] == pytest.approx(-12 * math.sqrt(p_queen))
    assert found["3♠"] == 0.0
    assert choice(engine, game) == "3♠"


def last_to_a_diamond(my_hand: list[str]) -> BlackQueen:
    """Seat 1 leads 3♦ (three players: no 2♦), seat 2 plays 4♦; seat 0, last, has none."""
    return position(3, 0, {0: ([], [], my_hand), 1: ([], [], ["3♦"]), 2: ([], [], ["4♦"])},
                    ["3♦", "4♦"], avoid={0: "♦♥"})


@pytest.mark.parametrize("engine", [Strength1(seed=3), Strength2(seed=3)])
def test_discards_a_heart_on_another_seat_before_anything_else(engine: Strength1) -> None:
    game = last_to_a_diamond(["2♥", "A♠", "K♠"])
    found = values(engine, game)
    # Seat 2 wins with 4♦.  Our 2♥ gives it a point and ends its +10 hope: 1 + 0.5.
    # A pointless card only moves it from +10 to +5 hope: 0.25.
    assert found["2♥"] == 1.5 and found["A♠"] == 0.25 and found["2♣"] == 0.25
    assert choice(engine, game) == "2♥"


@pytest.mark.parametrize("engine", [Strength1(seed=3), Strength2(seed=3)])
def test_a_free_discard_gets_rid_of_the_ace_of_spades(engine: Strength1) -> None:
    game = last_to_a_diamond(["K♠", "A♠"])
    found = values(engine, game)
    assert set(found.values()) == {0.25}
    # Every discard is worth the same: A♠ (then K♠) is preferred to higher clubs.
    assert choice(engine, game) == "A♠"


def test_follows_with_its_highest_card_when_every_card_loses_anyway() -> None:
    game = position(3, 0, {0: ([], [], ["5♣", "9♣", "K♣"]), 1: ([], [], ["2♣"]),
                           2: ([], [], ["A♣"])}, ["2♣", "A♣"], avoid={0: "♣"})
    engine = Strength1(seed=0)
    assert values(engine, game) == {"5♣": 0.25, "9♣": 0.25, "K♣": 0.25}
    assert choice(engine, game) == "K♣"


def test_strength0_plays_a_random_legal_card_the_same_for_the_same_seed() -> None:
    game = BlackQueen({"players": 4}, seed=4)
    legal = game.legal_actions()
    picks = {str(Strength0(seed=s).choose(game.observe(1), legal)) for s in range(30)}
    assert picks <= {str(a) for a in legal} and len(picks) > 5
    assert Strength0(seed=7).choose(game.observe(1), legal) == \
        Strength0(seed=7).choose(game.observe(1), legal)


def test_face_up_and_hand_copies_are_valued_alike() -> None:
    # Two decks: seat 1 leads with Q♥ in hand and Q♥ face up; both are the same card.
    game = position(4, 1, {1: ([], ["Q♥"], ["Q♥"])}, [])
    found = values(Strength1(seed=0), game)
    assert found["Q♥"] == found["Q♥@0"]
    assert PLAYS[C("Q♥")] in game.legal_actions() and Play(C("Q♥"), 0) in game.legal_actions()


@pytest.mark.parametrize("players", [2, 4, 5])
def test_levels_load_and_play_whole_hands_legally(players: int) -> None:
    game = BlackQueen({"players": players, "hands": 1}, seed=players)
    levels = ["strength0", "strength1", "strength2"]
    seats = [load_engine(levels[s % 3], "black-queen", seed=s) for s in range(players)]
    while not game.over:
        seat = game.to_move
        assert seat is not None
        game.apply(choose_action(game, seats[seat]))
    assert len(game.hand_scores) == 1

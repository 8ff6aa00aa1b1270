"""One rule, one place (issue 7): the trick rule and the constrained dealer, pinned.

The trick rule lives in ``whist.protocol`` (``trick_strengths``, ``trick_winner``,
``beats``) and the dealer in ``whist.sampling`` (``deal_hidden`` over
``deal_constrained``).  When the copies were merged, a differential run over
hundreds of thousands of tricks and thousands of deals and sampled worlds showed
old and new agree exactly, draw for draw.  These tests keep a short version: the
digests below were computed by the old copies (``deal_hidden`` and 9-5-2's own
``_deal_constrained``) before they were deleted, so a search's worlds, and with
them ``strong``'s choices for a seed, cannot drift unnoticed.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence

from whist.cards import CARDS, SUIT_OF, Card
from whist.games import GAME_NAMES, game_class, new_game
from whist.sampling import deal_constrained, deal_hidden
from whist.trick_rule import beats, trick_winner

Allowed = dict[Card, list[int]]


def _plain_winner(plays: Sequence[tuple[int, Card]], trump: int | None) -> int:
    """The rule as rules.md says it: the highest trump, else the highest card of the led suit;
    of equal cards the later one."""
    led = SUIT_OF[plays[0][1]]
    trumps = [i for i, (_, c) in enumerate(plays) if SUIT_OF[c] == trump]
    followers = trumps or [i for i, (_, c) in enumerate(plays) if SUIT_OF[c] == led]
    return max(followers, key=lambda i: (plays[i][1], i))


def _random_trick(rng: random.Random) -> tuple[list[tuple[int, Card]], int | None]:
    size = rng.randrange(1, 7)
    if rng.random() < 0.5:
        cards = rng.sample(range(52), size)
    else:  # two decks: a card can come twice
        cards = [rng.randrange(52) for _ in range(size)]
    return [(seat, CARDS[c]) for seat, c in enumerate(cards)], rng.choice([None, 0, 1, 2, 3])


def test_trick_winner_is_the_rule_as_written() -> None:
    rng = random.Random(7)
    for _ in range(20_000):
        plays, trump = _random_trick(rng)
        assert trick_winner(plays, trump) == _plain_winner(plays, trump)


def test_beats_says_whether_a_card_played_next_takes_the_trick() -> None:
    rng = random.Random(8)
    for _ in range(20_000):
        plays, trump = _random_trick(rng)
        best = plays[trick_winner(plays, trump)][1]
        card = CARDS[rng.randrange(52)]
        taken = trick_winner([*plays, (9, card)], trump) == len(plays)
        assert beats(card, best, SUIT_OF[plays[0][1]], trump) is taken


# ----------------------------------------------------------- the dealer, pinned
def _digest(values: object) -> str:
    return hashlib.sha256(repr(values).encode()).hexdigest()[:16]


def hidden_deals_digest(deal: Callable[..., list[list[Card]]]) -> str:
    """``deal`` (deal_hidden's signature) on seeded pools, sizes and voids, odd ones included."""
    rng = random.Random(2)
    out = []
    for case in range(300):
        seats = rng.randrange(2, 6)
        pool = [CARDS[c] for c in rng.sample(range(52), rng.randrange(5, 52))]
        if case % 3 == 0:
            pool += pool[:len(pool) // 3]  # two decks
        sizes = [rng.randrange(max(1, len(pool) // seats) + 1) for _ in range(seats)]
        while sum(sizes) > len(pool):
            sizes[rng.randrange(seats)] = 0
        voids = [set(rng.sample(range(4), rng.choice([0, 1, 1, 2, 3, 4]))) for _ in range(seats)]
        draws = random.Random(case)
        out.append((deal(pool, sizes, voids, draws), draws.getrandbits(32)))
    return _digest(out)


def constrained_deals_digest(deal: Callable[[list[Card], list[int], Allowed, random.Random],
                                            list[list[Card]]]) -> str:
    """``deal`` (9-5-2's way: every card placed, constraints dropped if they fail) on seeded cases."""
    rng = random.Random(3)
    out = []
    for case in range(300):
        places = rng.randrange(2, 5)
        pool = [CARDS[c] for c in rng.sample(range(52), rng.randrange(4, 40))]
        room = [0] * places
        for _ in pool:
            room[rng.randrange(places)] += 1
        free = [p for p in range(places) if room[p]]
        allowed = {c: sorted(rng.sample(free, min(rng.choice([1, 1, 2, len(free)]), len(free))))
                   for c in pool}
        draws = random.Random(case)
        out.append((deal(pool, room, allowed, draws), draws.getrandbits(32)))
    return _digest(out)


def worlds_digest(game: str) -> str:
    """Sampled worlds of ``game`` at seeded points of random games, and the draws they took."""
    cls = game_class(game)
    out = []
    for seed in range(3):
        state = new_game(game, None, seed=seed)
        drive = random.Random(seed)
        for step in range(300):
            if state.over:
                break
            if step % 7 == 3:
                draws = random.Random(step)
                world = cls.sample_world(state.observe(state.to_move), draws)
                out.append((world.hands, getattr(world, "kitty", None),
                            getattr(world, "down", None), draws.getrandbits(32)))
            legal = state.legal_actions()
            state.apply(legal[drive.randrange(len(legal))])
    return _digest(out)


def _nine_five_two_way(pool: list[Card], room: list[int], allowed: Allowed,
                       rng: random.Random) -> list[list[Card]]:
    """How 9-5-2's sample_world calls the dealer."""
    dealt = deal_constrained(pool, room, allowed, rng, fresh_order=False)
    if dealt is None:
        free = [p for p in range(len(room)) if room[p]]
        dealt = deal_constrained(pool, room, {c: free for c in pool}, rng, fresh_order=False)
    assert dealt is not None
    return dealt


#: Computed by the old copies (see the module's docstring).
PINNED_HIDDEN = "34b6bb26ff8a1473"
PINNED_CONSTRAINED = "da0f0e7beccd4303"
PINNED_WORLDS = {
    "diminishing-whist": "ad5a803420fb9df5",
    "black-queen": "f64fd55ea7e27b05",
    "nine-five-two": "3a9b28d3540c99d3",
    "bidding-whist": "aa9a313a392a1f17",
    "classic-whist": "128bbd7b11e32a3a",
}


def test_deal_hidden_makes_the_old_dealers_draws() -> None:
    assert hidden_deals_digest(deal_hidden) == PINNED_HIDDEN


def test_deal_constrained_makes_nine_five_twos_old_draws() -> None:
    assert constrained_deals_digest(_nine_five_two_way) == PINNED_CONSTRAINED


def test_sampled_worlds_are_the_old_ones() -> None:
    assert {game: worlds_digest(game) for game in GAME_NAMES} == PINNED_WORLDS

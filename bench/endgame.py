"""Exact play of a hand's last tricks in one sampled world (``strong``'s end-game solver).

When few cards are left, ``strong`` no longer plays a sampled world out with its
heuristic rollout policy: every seat's remaining hand is known in that world, so
the rest of the hand is solved exactly.  The search is *max^n* (the many-player
form of alpha-beta's minimax): each seat, when it is to move, plays the card that
gives it the best value, each seat's value being what ``strong``'s rollout scores
for it (its own hand score minus ``weight`` times the other seats' mean).  With
more than two sides there is no common value to prune against, so what keeps the
tree small is:

- **equivalent cards**: two cards of the mover's suit with no live card (held by
  another seat, or on the current trick) between them win and lose against exactly
  the same cards, so only the lowest is tried;
- **a transposition table** at every trick's start, keyed by the hands left, the
  leader and the tricks each seat has taken this hand (the order the earlier tricks
  were played in does not matter);
- **scores per outcome**: a hand's score depends only on the tricks each seat took,
  so each distinct outcome is scored once through the game's own rules.

Legality is the rules core's: one deck, follow suit if you can, else any card
(:meth:`Solver.legal_cards` is checked against ``legal_actions`` in
``tests/test_endgame.py``); the trick's winner is read from
:data:`whist.trick_rule.TRICK_STRENGTHS`.  Ties go to the lowest card, the same in
every world, so a world's result does not depend on the order of the hands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from whist.cards import SUIT_OF
from whist.trick_rule import TRICK_STRENGTHS

#: Every card of each suit, as a bit mask (card number c is bit c).
SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
#: Bits strictly between two cards c < d: BETWEEN[c][d].
BETWEEN: tuple[tuple[int, ...], ...] = tuple(
    tuple(((1 << d) - (1 << (c + 1))) if d > c + 1 else 0 for d in range(52)) for c in range(52))

#: Values per seat of a finished hand, given the tricks each seat took this hand.
Scorer = Callable[[tuple[int, ...]], tuple[float, ...]]


def mask_of(cards: Sequence[int]) -> int:
    """A hand as a bit mask."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The cards of a bit mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Solver:
    """Solves the rest of one hand of a one-deck, follow-suit trick game for every seat."""

    def __init__(self, players: int, trump: int | None, scorer: Scorer) -> None:
        """``scorer`` gives each seat's value for the tricks each seat took this hand."""
        self.players = players
        self.strengths = TRICK_STRENGTHS[trump]
        self.scorer = scorer
        self.scores: dict[tuple[int, ...], tuple[float, ...]] = {}
        self.table: dict[tuple[tuple[int, ...], int, tuple[int, ...]], tuple[float, ...]] = {}
        self.nodes = 0

    # ---------------------------------------------------------------- moves
    @staticmethod
    def legal_cards(hand: int, trick: Sequence[tuple[int, int]]) -> int:
        """The cards that may be played from ``hand`` (a mask): follow the led suit if you can."""
        if trick:
            follow = hand & SUIT_MASKS[SUIT_OF[trick[0][1]]]
            if follow:
                return follow
        return hand

    @staticmethod
    def distinct(legal: int, own: int, live: int) -> list[int]:
        """One card per group of equivalent cards in ``legal``: the lowest of each group.

        ``own`` is the mover's hand, ``live`` every card still held or on the trick.
        """
        others = live & ~own
        out: list[int] = []
        previous = -1
        while legal:
            low = legal & -legal
            card = low.bit_length() - 1
            legal ^= low
            if previous < 0 or SUIT_OF[previous] != SUIT_OF[card] \
                    or others & BETWEEN[previous][card]:
                out.append(card)
            previous = card
        return out

    # --------------------------------------------------------------- search
    def solve(self, hands: list[int], trick: list[tuple[int, int]], to_move: int,
              won: Sequence[int]) -> tuple[float, ...]:
        """Every seat's value when all play on perfectly from here."""
        return self._node(list(hands), list(trick), to_move, tuple(won))

    def best(self, hands: list[int], trick: list[tuple[int, int]], to_move: int,
             won: Sequence[int]) -> tuple[int, tuple[float, ...]]:
        """The mover's best card (the lowest of equals) and every seat's value after it."""
        hands = list(hands)
        own = hands[to_move]
        live = _live(hands, trick)
        best_card = -1
        best_value: tuple[float, ...] = ()
        for card in self.distinct(self.legal_cards(own, trick), own, live):
            value = self._after(hands, trick, to_move, tuple(won), card)
            if best_card < 0 or value[to_move] > best_value[to_move]:
                best_card, best_value = card, value
        return best_card, best_value

    def _node(self, hands: list[int], trick: list[tuple[int, int]], mover: int,
              won: tuple[int, ...]) -> tuple[float, ...]:
        self.nodes += 1
        key = None
        if not trick:
            if not hands[mover]:
                return self._score(won)
            key = (tuple(hands), mover, won)
            found = self.table.get(key)
            if found is not None:
                return found
        own = hands[mover]
        best: tuple[float, ...] | None = None
        for card in self.distinct(self.legal_cards(own, trick), own, _live(hands, trick)):
            value = self._after(hands, trick, mover, won, card)
            if best is None or value[mover] > best[mover]:
                best = value
        assert best is not None
        if key is not None:
            self.table[key] = best
        return best

    def _after(self, hands: list[int], trick: list[tuple[int, int]], mover: int,
               won: tuple[int, ...], card: int) -> tuple[float, ...]:
        """Every seat's value after ``mover`` plays ``card``."""
        hands[mover] ^= 1 << card
        trick.append((mover, card))
        try:
            if len(trick) < self.players:
                nxt = mover + 1
                return self._node(hands, trick, 0 if nxt == self.players else nxt, won)
            strengths = self.strengths[SUIT_OF[trick[0][1]]]
            winner, top = -1, -2
            for seat, played in trick:
                if strengths[played] > top:
                    winner, top = seat, strengths[played]
            after = list(won)
            after[winner] += 1
            return self._node(hands, [], winner, tuple(after))
        finally:
            trick.pop()
            hands[mover] ^= 1 << card

    def _score(self, won: tuple[int, ...]) -> tuple[float, ...]:
        found = self.scores.get(won)
        if found is None:
            found = self.scores[won] = self.scorer(won)
        return found


def _live(hands: list[int], trick: Sequence[tuple[int, int]]) -> int:
    live = 0
    for h in hands:
        live |= h
    for _, c in trick:
        live |= 1 << c
    return live


def seat_values(deltas: Sequence[float], weight: float) -> tuple[float, ...]:
    """Each seat's value of a hand's score deltas, as ``strong``'s rollout scores its own seat."""
    n = len(deltas)
    total = sum(deltas)
    if weight == 0.0 or n < 2:
        return tuple(float(d) for d in deltas)
    return tuple(d - weight * (total - d) / (n - 1) for d in deltas)

"""Black Queen's original computer players, strengths 0, 1 and 2 (engines.md "Black Queen").

Strength 1 and 2 look only at the current trick: for each card they may play,
the seats still to play answer in the way worst for them (a minimax where
every opponent minimises), and the move with the best worst case is chosen.

Value of a finished trick for the engine's seat: the negative points it takes
count against it, points another seat takes count for it, and a lost +10/+5
bonus counts 0.5/0.25 (for itself against, for another seat for).  Among
moves of equal value it prefers K♠/A♠, then higher cards, then face-up cards
(playing one can turn a face-down card up).

Strength 1 treats hidden cards as absent: a seat plays only its face-up cards
(and is skipped if it has none).  Strength 2 also lets each seat play hidden
cards, each a risk weighted by the square root of its probability:
p(no card of the led suit) ≈ (1 − S/N)^n, p(holds a card) ≈ 1 − (1 − c/N)^n.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import ClassVar, Final

from engines.interface import Engine
from whist.actions import Action, Play
from whist.cards import RANK_OF, SUIT_OF, Card, Suit
from whist.games.black_queen import PENALTY, pack_for
from whist.observations import BlackQueenObservation, Observation, as_black_queen
from whist.trick_rule import beats, trick_winner
from whist.tricks import note_voids

ACE_OF_SPADES: Final = Card.of(Suit.SPADES, 14)
KING_OF_SPADES: Final = Card.of(Suit.SPADES, 13)
#: Values closer than this are equal (so the tie-break preferences decide).
TIE: Final = 1e-9
#: An option for a seat still to play: (card, weight); weight 1.0 means certain.
Option = tuple[Card, float]


class Strength0(Engine):
    """Strength 0: a random legal card."""

    level: ClassVar[str] = "strength0"
    description: ClassVar[str] = "Black Queen strength 0: plays a random legal card."
    games: ClassVar[tuple[str, ...]] = ("black-queen",)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A uniformly random legal card."""
        return legal[self.rng.randrange(len(legal))]


class Strength1(Engine):
    """Strength 1: best worst case over the current trick, seeing only visible cards."""

    level: ClassVar[str] = "strength1"
    description: ClassVar[str] = ("Black Queen strength 1: minimax over the current trick "
                                  "with the cards it can see.")
    games: ClassVar[tuple[str, ...]] = ("black-queen",)
    #: Strength 2 sets this: hidden cards take part, weighted by probability.
    weigh_hidden: ClassVar[bool] = False

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The legal card with the best worst-case value; preferences break ties."""
        if len(legal) == 1:
            return legal[0]
        scored = self.evaluate(observation, legal)
        best = max(v for _, v in scored)
        tied = [a for a, v in scored if v >= best - TIE]
        top = max(_preference(a) for a in tied)
        finalists = [a for a in tied if _preference(a) == top]
        return finalists[self.rng.randrange(len(finalists))]

    def evaluate(self, observation: Observation,
                 legal: Sequence[Action]) -> list[tuple[Action, float]]:
        """Each legal card's worst-case trick value for this seat."""
        search = TrickSearch(as_black_queen(observation), self.weigh_hidden)
        values: dict[Card, float] = {}
        out: list[tuple[Action, float]] = []
        for action in legal:
            assert isinstance(action, Play)
            card = action.card
            if card not in values:
                values[card] = search.value_of(card)
            out.append((action, values[card]))
        return out


class Strength2(Strength1):
    """Strength 2: as strength 1, with hidden cards weighed by the square root of their odds."""

    level: ClassVar[str] = "strength2"
    description: ClassVar[str] = ("Black Queen strength 2: minimax over the current trick, "
                                  "weighing the cards it cannot see by probability.")
    weigh_hidden: ClassVar[bool] = True


def _preference(action: Action) -> tuple[int, int, int]:
    """Tie-break order: K♠/A♠ first, then higher ranks, then face-up plays."""
    assert isinstance(action, Play)
    card = action.card
    return (card in (ACE_OF_SPADES, KING_OF_SPADES), RANK_OF[card], action.up is not None)


class TrickSearch:
    """The worst case of the current trick for one seat, from its observation."""

    def __init__(self, obs: BlackQueenObservation, weigh_hidden: bool) -> None:
        """Read the trick, the face-up rows and (for strength 2) the unseen cards."""
        self.me: int = obs["seat"]
        players: int = obs["players"]
        self.trick = [(s, Card.parse(c)) for s, c in obs["trick"]]
        self.taken: list[int] = list(obs["taken"])
        self.points: list[int] = list(obs["points"])
        self.up = [[Card.parse(c) for c in row if c is not None] for row in obs["up"]]
        self.hand_sizes: list[int] = list(obs["hand_sizes"])
        self.weigh_hidden = weigh_hidden
        later = players - len(self.trick) - 1
        self.after = [(self.me + k) % players for k in range(1, later + 1)]
        if weigh_hidden:
            self.unseen, self.voids = _unseen_and_voids(obs, self.up)
            self.unseen_total = sum(self.unseen.values())
        self._memo: dict[tuple[int, int, int, int], float] = {}
        self._options: dict[int, tuple[list[Card], list[Option]]] = {}
        self.led = SUIT_OF[self.trick[0][1]] if self.trick else -1

    # ------------------------------------------------------------- search
    def value_of(self, card: Card) -> float:
        """Worst-case value of playing ``card`` now."""
        if not self.trick:
            # Leading sets the suit: options computed for another led suit are stale.
            if self.led != SUIT_OF[card]:
                self.led = SUIT_OF[card]
                self._memo.clear()
                self._options.clear()
            return self._solve(0, self.me, card, PENALTY[card])
        plays = [*self.trick, (self.me, card)]
        winner, best = plays[trick_winner(plays, None)]
        return self._solve(0, winner, best, sum(PENALTY[c] for _, c in plays))

    def _solve(self, index: int, winner: int, best: Card, points: int) -> float:
        if index == len(self.after):
            return self._leaf(winner, points)
        key = (index, winner, best, points)
        known = self._memo.get(key)
        if known is not None:
            return known
        seat = self.after[index]
        certain, risky = self._seat_options(index)
        led = self.led
        if certain:
            base = min(self._solve(index + 1, *_after(seat, c, led, winner, best, points))
                       for c in certain)
        else:
            base = self._solve(index + 1, winner, best, points)
        worst_risk = 0.0
        for card, weight in risky:
            value = self._solve(index + 1, *_after(seat, card, led, winner, best, points))
            if value < base:
                worst_risk = min(worst_risk, weight * (value - base))
        result = base + worst_risk
        self._memo[key] = result
        return result

    def _leaf(self, winner: int, points: int) -> float:
        loss = self._bonus_loss(winner, points)
        return -points - loss if winner == self.me else points + loss

    def _bonus_loss(self, seat: int, points: int) -> float:
        """How much of its +10 (0.5) / +5 (0.25) hope ``seat`` loses by taking this trick."""
        before = 0.5 if self.taken[seat] == 0 else 0.25 if self.points[seat] == 0 else 0.0
        after = 0.25 if self.points[seat] + points == 0 else 0.0
        return before - after

    # ------------------------------------------------------------ options
    def _seat_options(self, index: int) -> tuple[list[Card], list[Option]]:
        """(cards the seat surely can play, hidden or doubtful cards with their weights)."""
        cached = self._options.get(index)
        if cached is not None:
            return cached
        seat = self.after[index]
        visible = self.up[seat]
        follow = [c for c in visible if SUIT_OF[c] == self.led]
        certain: list[Card]
        risky: list[Option] = []
        if follow:
            certain = sorted(set(follow))
        elif not self.weigh_hidden or self.hand_sizes[seat] == 0:
            # Seen as all it holds (strength 1), or all it holds indeed: it must discard one.
            certain = _by_penalty([(c, 1.0) for c in visible])
        else:
            certain = []
            p_void = self._p_void(seat)
            risky.extend(_by_penalty_weighted([(c, math.sqrt(p_void)) for c in visible]))
        if self.weigh_hidden and self.hand_sizes[seat]:
            hidden_follow: list[Option] = []
            hidden_discard: list[Option] = []
            void = self.led in self.voids[seat]
            p_void = self._p_void(seat)
            for card, copies in self.unseen.items():
                p_hold = self._p_hold(seat, copies)
                if SUIT_OF[card] == self.led:
                    if not void:
                        hidden_follow.append((card, math.sqrt(p_hold)))
                elif not follow:
                    hidden_discard.append((card, math.sqrt(p_void * p_hold)))
            risky.extend(hidden_follow)
            risky.extend(_by_penalty_weighted(hidden_discard))
        self._options[index] = (certain, risky)
        return certain, risky

    def _p_void(self, seat: int) -> float:
        """Probability that ``seat``'s hand holds no card of the led suit."""
        if self.led in self.voids[seat]:
            return 1.0
        total = self.unseen_total
        if total == 0:
            return 1.0
        of_suit = sum(n for c, n in self.unseen.items() if SUIT_OF[c] == self.led)
        return float((1 - of_suit / total) ** self.hand_sizes[seat])

    def _p_hold(self, seat: int, copies: int) -> float:
        """Probability that ``seat``'s hand holds a card with ``copies`` unseen copies."""
        total = self.unseen_total
        return float(1 - (1 - copies / total) ** self.hand_sizes[seat])


def _after(seat: int, card: Card, led: int, winner: int, best: Card,
           points: int) -> tuple[int, Card, int]:
    """(winner, winning card, points) after ``seat`` adds ``card`` (equal cards: later wins)."""
    if beats(card, best, led, None):
        return seat, card, points + PENALTY[card]
    return winner, best, points + PENALTY[card]


def _by_penalty(options: list[Option]) -> list[Card]:
    """One card per penalty value: a discard matters only for its points."""
    return [c for c, _ in _by_penalty_weighted(options)]


def _by_penalty_weighted(options: list[Option]) -> list[Option]:
    """For discards, keep the likeliest card of each penalty value."""
    best: dict[int, Option] = {}
    for card, weight in options:
        kept = best.get(PENALTY[card])
        if kept is None or weight > kept[1]:
            best[PENALTY[card]] = (card, weight)
    return list(best.values())


def _unseen_and_voids(obs: BlackQueenObservation,
                      up: list[list[Card]]) -> tuple[Counter[Card], list[set[int]]]:
    """Cards the seat has not seen (other hands, all face-down cards) and the voids shown."""
    unseen = Counter(pack_for(obs["players"]))
    unseen.subtract(Card.parse(c) for c in obs["hand"])
    for row in up:
        unseen.subtract(row)
    voids: list[set[int]] = [set() for _ in range(obs["players"])]
    for trick in obs["tricks"]:
        plays = [(s, Card.parse(c)) for s, c in trick["plays"]]
        unseen.subtract(c for _, c in plays)
        note_voids(plays, voids)
    current = [(s, Card.parse(c)) for s, c in obs["trick"]]
    unseen.subtract(c for _, c in current)
    note_voids(current, voids)
    return +unseen, voids

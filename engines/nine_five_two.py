"""A rule-based 9-5-2 player (level ``rules``): trump, discard, passing and card play.

Every trick is a point in 9-5-2 (over-tricks score and carry into passing), so
the player always tries to win, as cheaply as it can:

- trump: the suit with the best length-plus-honours score, or no-trump for a
  balanced hand rich in high cards;
- discard: keep trumps, aces, kings and sure tricks; void a short side suit if it can,
  otherwise dump the low cards of the short side suits;
- passing: pass the lowest cards.  The receiver must give back their highest
  card of each suit passed, so a low card comes back as itself at worst and
  often fetches an honour;
- play: lead a card no unseen card can beat (drawing trumps first), else low
  from the longest side suit; follow with the cheapest card sure to win, or
  the cheapest winner when last; otherwise throw the lowest card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from engines.interface import Engine
from whist.actions import PLAYS, Action, Decision, Discard, NameTrump, PassCards, Play
from whist.cards import RANK_OF, SUIT_OF, Card, Suit
from whist.observations import NineFiveTwoObservation, Observation, as_nine_five_two
from whist.trick_rule import beats, trick_winner
from whist.tricks import note_voids

#: Honour points: A 4, K 3, Q 2, J 1.
HONOURS: Final = {14: 4, 13: 3, 12: 2, 11: 1}


def _cards(texts: Sequence[str] | None) -> list[Card]:
    return [Card.parse(t) for t in texts or ()]


def _by_suit(hand: Sequence[Card]) -> list[list[Card]]:
    suits: list[list[Card]] = [[], [], [], []]
    for card in hand:
        suits[SUIT_OF[card]].append(card)
    for cards in suits:
        cards.sort()
    return suits


def choose_trump(hand: Sequence[Card]) -> Suit | None:
    """The suit with the best length + honours/2 score; no-trump for strong balanced hands."""
    suits = _by_suit(hand)
    points = [sum(HONOURS.get(RANK_OF[c], 0) for c in cards) for cards in suits]
    aces = sum(1 for c in hand if RANK_OF[c] == 14)
    if min(len(cards) for cards in suits) >= 3 and sum(points) >= 20 and aces >= 3:
        return None
    scores = [len(cards) + points[s] / 2 for s, cards in enumerate(suits)]
    return Suit(max(range(4), key=lambda s: (scores[s], s)))


def choose_discard(hand: Sequence[Card], trump: int | None, count: int = 4) -> tuple[Card, ...]:
    """``count`` cards to throw: void a short side suit if cheap, else low cards of short suits."""
    suits = _by_suit(hand)

    def keeper(card: Card) -> bool:
        # Trumps, aces, kings, and any card whose higher cards are all ours (a sure trick).
        if SUIT_OF[card] == trump or RANK_OF[card] >= 13:
            return True
        above = sum(1 for c in suits[SUIT_OF[card]] if c > card)
        return above == 14 - RANK_OF[card]

    chosen: list[Card] = []
    if trump is not None:
        # A void lets the trumps ruff; pick the shortest side suits with nothing worth keeping.
        side = sorted((s for s in range(4) if s != trump and suits[s]),
                      key=lambda s: (len(suits[s]), max(suits[s])))
        for s in side:
            if len(chosen) + len(suits[s]) <= count and not any(keeper(c) for c in suits[s]):
                chosen.extend(suits[s])
    rest = [c for c in hand if c not in chosen and not keeper(c)]
    rest.sort(key=lambda c: (RANK_OF[c] >= 12, len(suits[SUIT_OF[c]]), RANK_OF[c]))
    chosen.extend(rest[:count - len(chosen)])
    if len(chosen) < count:
        # Only trumps and honours left: part with the lowest of them.
        extra = sorted((c for c in hand if c not in chosen), key=lambda c: (
            SUIT_OF[c] == trump, RANK_OF[c]))
        chosen.extend(extra[:count - len(chosen)])
    return tuple(sorted(chosen))


def choose_pass(hand: Sequence[Card], count: int) -> tuple[Card, ...]:
    """The ``count`` lowest cards, from suits where the most higher cards are elsewhere.

    A passed card comes back as the receiver's highest of its suit, so a low
    card risks nothing and may fetch an honour.
    """
    suits = _by_suit(hand)

    def key(card: Card) -> tuple[int, int]:
        mine_above = sum(1 for c in suits[SUIT_OF[card]] if c > card)
        return (RANK_OF[card], mine_above)

    return tuple(sorted(sorted(hand, key=key)[:count]))


class _Table:
    """What the seat knows during card play, read from the observation."""

    def __init__(self, obs: NineFiveTwoObservation) -> None:
        self.seat: int = obs["seat"]
        self.hand = _cards(obs["hand"])
        self.trump: int | None = None if obs["trump"] is None else int(Suit.parse(obs["trump"]))
        self.trick = [(s, Card.parse(c)) for s, c in obs["trick"]]
        self.voids: list[set[int]] = [set() for _ in range(obs["players"])]
        seen = set(self.hand)
        seen.update(_cards(obs["discard"]))
        for t in obs["tricks"]:
            plays = [(s, Card.parse(c)) for s, c in t["plays"]]
            note_voids(plays, self.voids)
            seen.update(c for _, c in plays)
        note_voids(self.trick, self.voids)
        seen.update(c for _, c in self.trick)
        self.unseen = [c for c in range(52) if c not in seen]

    def master(self, card: int) -> bool:
        """No unseen card of its suit is higher."""
        suit = SUIT_OF[card]
        return not any(SUIT_OF[c] == suit and c > card for c in self.unseen)

    def unseen_of(self, suit: int) -> int:
        return sum(1 for c in self.unseen if SUIT_OF[c] == suit)


def _lowest(cards: Sequence[Card], trump: int | None) -> Card:
    """The cheapest card: lowest non-trump, else lowest trump."""
    return min(cards, key=lambda c: (SUIT_OF[c] == trump, RANK_OF[c]))


def choose_card(obs: NineFiveTwoObservation, legal: Sequence[Card]) -> Card:
    """Lead a sure winner or low from length; follow with the cheapest sure winner."""
    table = _Table(obs)
    trump = table.trump
    if len(legal) == 1:
        return legal[0]
    others = [s for s in range(obs["players"]) if s != table.seat]
    if not table.trick:
        return _lead(table, legal, others)
    led = SUIT_OF[table.trick[0][1]]
    best = table.trick[trick_winner(table.trick, trump)][1]
    winners = [c for c in legal if beats(c, best, led, trump)]
    if not winners:
        return _lowest(legal, trump)
    if len(table.trick) == obs["players"] - 1:
        return _lowest(winners, trump)
    # Players still to come: play the cheapest card none of them can beat, if any.
    played = {s for s, _ in table.trick}
    later = [s for s in others if s not in played]
    safe = [c for c in winners if _safe(table, c, led, later)]
    if safe:
        return _lowest(safe, trump)
    return _lowest(legal, trump)


def _safe(table: _Table, card: int, led: int, later: Sequence[int]) -> bool:
    """True if no player still to come can beat ``card`` with a card they may hold."""
    trump = table.trump
    for seat in later:
        can_follow = led not in table.voids[seat] and table.unseen_of(led) > 0
        if can_follow:
            # They must follow suit: only a higher card of the led suit can beat ours.
            if SUIT_OF[card] == led and not table.master(card):
                return False
            continue
        if trump is None or trump in table.voids[seat]:
            continue
        if SUIT_OF[card] != trump and table.unseen_of(trump) > 0:
            return False
        if SUIT_OF[card] == trump and not table.master(card):
            return False
    return True


def _lead(table: _Table, legal: Sequence[Card], others: Sequence[int]) -> Card:
    trump = table.trump
    if trump is not None and table.unseen_of(trump) > 0:
        top_trumps = [c for c in legal if SUIT_OF[c] == trump and table.master(c)]
        if top_trumps:
            return max(top_trumps)
    trumps_out = trump is not None and table.unseen_of(trump) > 0
    cashable = []
    for card in legal:
        suit = SUIT_OF[card]
        if suit == trump or not table.master(card):
            continue
        ruffable = trumps_out and any(suit in table.voids[s] and trump not in table.voids[s]
                                      for s in others)
        if not ruffable:
            cashable.append(card)
    if cashable:
        return max(cashable)
    side = [c for c in legal if SUIT_OF[c] != trump] or list(legal)
    length = [0, 0, 0, 0]
    for card in side:
        length[SUIT_OF[card]] += 1
    longest = max(side, key=lambda c: (length[SUIT_OF[c]], -RANK_OF[c]))
    return min((c for c in side if SUIT_OF[c] == SUIT_OF[longest]), key=lambda c: RANK_OF[c])


class RulesEngine(Engine):
    """Rule-based 9-5-2 player: sensible trump, discard, passing and cheap winning play."""

    level: ClassVar[str] = "rules"
    description: ClassVar[str] = ("Names its best suit, discards to void a short suit, passes low "
                                  "cards, and wins tricks as cheaply as it can.")
    games: ClassVar[tuple[str, ...]] = ("nine-five-two",)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Pick the rule-based action for the pending decision."""
        observation = as_nine_five_two(observation)
        decision = observation["decision"]
        hand = _cards(observation["hand"])
        if decision == Decision.TRUMP:
            return NameTrump(choose_trump(hand))
        if decision == Decision.DISCARD:
            trump = observation["trump"]
            return Discard(choose_discard(hand, None if trump is None
                                          else int(Suit.parse(trump))))
        if decision == Decision.PASS:
            return PassCards(choose_pass(hand, observation["pass_count"] or 0))
        cards = [a.card for a in legal if isinstance(a, Play)]
        return PLAYS[choose_card(observation, cards)]

"""The tricks a hand takes when every seat plays uniformly at random, and bids by them.

Issue 21.  OpenSpiel's ISMCTS keys its nodes by the acting player's information
state, so at a bid it is flat UCB1 over the bids, each simulation one uniformly
random playout of a freshly sampled world (docs/strength.md).  Its bid is then,
up to noise, the bid of best mean return over random playouts: under random play
the tricks do not depend on the bid, so under oh_hell's scoring (tricks, plus 10
for an exact bid) that is the most likely trick count of random play.  Measured
on ISMCTS's 800 bids of ``bench/results/issue21-rep-strong5600-cards-seed12.json``:
ISMCTS asked again with another seed bids the same in 96%; :class:`RandomPlayBids`
(2,000 playouts) in 95.8% when its worlds are dealt, as OpenSpiel's resampling
deals them, from the cards the other players really hold
(``bench/ismcts_match.py --strong-knows-undealt``), and in 69.3% when they are
dealt from every card the seat cannot see.

:func:`random_trick_chances` estimates P(tricks = k) for a seat under random play
of every seat, from worlds dealt uniformly from the cards the seat cannot see;
:class:`RandomPlayBids` is ``strong`` bidding by it (its cards are ``strong``'s).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from bench.outcome_model import expected_score, world_scoring
from engines.strong import StrongEngine
from whist.actions import Action, Bid
from whist.cards import Card
from whist.games.diminishing import DiminishingWhist
from whist.observations import Observation

SUITS = "♣♦♥♠"


def random_trick_chances(hand: Sequence[int], trump: int | None, players: int, seat: int,
                         out_of_play: Sequence[int], playouts: int,
                         rng: random.Random) -> list[float]:
    """P(``seat`` takes k tricks), k = 0..len(hand), when every seat plays a uniformly
    random legal card and the other hands are dealt uniformly from the cards neither
    in ``hand`` nor ``out_of_play``.

    Cards are numbered suit * 13 + rank - 2 (as :class:`whist.cards.Card`); seat 0
    leads the first trick; ``trump`` is a suit number or None.
    """
    size = len(hand)
    if size < 1 or playouts < 1:
        raise ValueError("a hand of at least one card and at least one playout are needed")
    known = set(hand) | set(out_of_play)
    deck = [c for c in range(52) if c not in known]
    if len(deck) < size * (players - 1):
        raise ValueError("too few unseen cards to deal the other hands")
    counts = [0] * (size + 1)
    randrange = rng.randrange
    for _ in range(playouts):
        rng.shuffle(deck)
        hands: list[list[int]] = []
        dealt = 0
        for s in range(players):
            if s == seat:
                hands.append(list(hand))
            else:
                hands.append(deck[dealt:dealt + size])
                dealt += size
        leader = 0
        won = 0
        for _trick in range(size):
            best_seat = leader
            cards = hands[leader]
            best = cards.pop(randrange(len(cards)))
            led = best // 13
            for i in range(1, players):
                s = (leader + i) % players
                cards = hands[s]
                follow = [j for j, c in enumerate(cards) if c // 13 == led]
                card = cards.pop(follow[randrange(len(follow))] if follow
                                 else randrange(len(cards)))
                suit = card // 13
                if suit == best // 13:
                    if card > best:
                        best, best_seat = card, s
                elif suit == trump:
                    best, best_seat = card, s
            leader = best_seat
            won += best_seat == seat
        counts[won] += 1
    return [n / playouts for n in counts]


class RandomPlayBids(StrongEngine):
    """``strong`` whose Diminishing Whist bids are the best by expected score under
    :func:`random_trick_chances` (``bid_playouts`` setting, default 2,000), as ISMCTS's
    are; every other decision is ``strong``'s.  The scoring is Diminishing Whist's, or
    oh_hell's when the engine searches bench/ismcts_match.py's ``OhHellRound`` worlds."""

    setting_names: ClassVar[tuple[str, ...]] = (*StrongEngine.setting_names, "bid_playouts")
    #: The default of the ``bid_playouts`` setting.
    BID_PLAYOUTS: ClassVar[int] = 2000

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """``strong``'s settings and ``bid_playouts`` (random playouts a bid, 1 or more)."""
        super().__init__(seed=seed, budget=budget, **settings)
        self.bid_playouts = int(settings.get("bid_playouts", self.BID_PLAYOUTS))
        if self.bid_playouts < 1:
            raise ValueError(f"bid_playouts must be 1 or more, not {self.bid_playouts}")
        self.scoring = world_scoring(self.world_class)

    def bid_chances(self, observation: Observation) -> list[float]:
        """P(tricks = k) for the seat to bid under random play of every seat."""
        obs = cast("Mapping[str, Any]", observation)  # Diminishing Whist's, or the adapter's
        players: int = obs["players"]
        seat = (obs["seat"] - obs["opener"]) % players
        trump_text = obs["trump"]
        trump = None if trump_text in (None, "NT") else SUITS.index(trump_text)
        hand = [int(Card.parse(c)) for c in obs["hand"]]
        seen = [int(Card.parse(c)) for c in obs.get("seen", ())]
        return random_trick_chances(hand, trump, players, seat, seen, self.bid_playouts,
                                    self._decision_rng(observation))

    #: How many of the best bids under random play ``strong``'s search then compares
    #: (0: none, the best is bid outright).
    TOP: ClassVar[int] = 0

    def random_play_ranking(self, observation: Observation,
                            legal: Sequence[Action]) -> list[Bid]:
        """The legal bids, best expected score under random play first (ties: lower bid)."""
        chances = self.bid_chances(observation)
        values = {b: expected_score(self.scoring, b.tricks, chances)
                  for b in legal if isinstance(b, Bid)}
        self.last_stats = {"random_play": {b.tricks: round(v, 3) for b, v in values.items()}}
        return sorted(values, key=lambda b: (-values[b], b.tricks))

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """At a Diminishing Whist bid, the bid of best expected score under random play
        (or ``strong``'s search over the best :attr:`TOP`)."""
        if len(legal) > 1 and isinstance(legal[0], Bid) \
                and observation["game"] == DiminishingWhist.name:
            ranked = self.random_play_ranking(observation, legal)
            if self.TOP == 0:
                return ranked[0]
            shortlist: list[Action] = list(ranked[:self.TOP])
            return self._search(observation, shortlist)[0][0]
        return super().choose(observation, legal)


class RandomPlayTop2(RandomPlayBids):
    """``strong``'s search over the two best bids under random play: the rollouts judge
    between the bids random play finds likeliest to pay."""

    TOP = 2

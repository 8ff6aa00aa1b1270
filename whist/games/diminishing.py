"""Diminishing Whist (rules.md §1): ten rounds of 10 down to 1 cards, bid exactly."""

from __future__ import annotations

import random
from collections.abc import Mapping
from operator import getitem, itemgetter
from typing import Any, ClassVar, Final, cast

from whist.actions import BIDS, PLAYS, Action, Bid, Decision, Play
from whist.cards import CARDS, SUIT_OF, Card, Suit, pack
from whist.dealing import check_pack, read_hands, shuffle
from whist.events import TrickTaken
from whist.observations import AdaptedDiminishingObservation, DiminishingObservation
from whist.protocol import JSON, DealError, OptionSpec, illegal
from whist.sampling import deal_hidden, remove_cards
from whist.trick_rule import TRICK_STRENGTHS
from whist.tricks import TrickGame, new_world, read_public_tricks

#: Each card's notation, by card number (str() of a Card, without the call).
CARD_NAMES: Final[tuple[str, ...]] = tuple(str(c) for c in CARDS)

_CARD: Final = Decision.CARD
_BID: Final = Decision.BID
#: The bids 0..n as actions, for each n.
_BID_LISTS: Final[tuple[list[Action], ...]] = tuple(
    [BIDS[b] for b in range(n + 1)] for n in range(11))
#: For each number of players and cards dealt: the slice of the shuffled pack each seat gets.
_SEAT_SLICES: Final[dict[tuple[int, int], tuple[slice, ...]]] = {
    (players, n): tuple(slice(i * n, (i + 1) * n) for i in range(players))
    for players in (4, 5) for n in range(1, 11)}

#: (cards dealt, trump) for each of the ten rounds; None is no-trump.
SCHEDULE: Final[tuple[tuple[int, Suit | None], ...]] = (
    (10, Suit.HEARTS), (9, Suit.CLUBS), (8, Suit.DIAMONDS), (7, Suit.SPADES), (6, None),
    (5, Suit.HEARTS), (4, Suit.CLUBS), (3, Suit.DIAMONDS), (2, Suit.SPADES), (1, None),
)


def round_score(bid: int, tricks: int) -> int:
    """Exact: bid + 10; under: the tricks taken; over: nothing."""
    if tricks == bid:
        return bid + 10
    return tricks if tricks < bid else 0


#: round_score(bid, tricks) by bid (None, as no bid, counts as 0) then tricks.
_ROUND_SCORES: Final[dict[int | None, tuple[int, ...]]] = {
    bid: tuple(round_score(bid or 0, tricks) for tricks in range(11)) for bid in (None, *range(11))}


class DiminishingWhist(TrickGame):
    """Four or five players bid exactly how many tricks they will take, round after round."""

    name: ClassVar[str] = "diminishing-whist"
    title: ClassVar[str] = "Diminishing Whist"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("players", int, 4, "number of players", choices=(4, 5)),
    )

    round: int
    cards: int
    opener: int
    bids: list[int | None]

    def _setup(self) -> None:
        self.players = self.options["players"]
        self.totals = [0] * self.players
        self.hand_scores = []
        self.begin_hand()

    def _draw_chance(self, rng: random.Random) -> dict[str, JSON]:
        slices = _SEAT_SLICES[self.players, SCHEDULE[len(self.hands_log)][0]]
        deck = list(CARDS)
        shuffle(deck, rng)
        hands = list(map(deck.__getitem__, slices))
        # All of this in C (itemgetter, map): a comprehension per hand is slower (dealing is hot).
        names = list(itemgetter(*deck[:slices[-1].stop])(CARD_NAMES))
        deal = list(map(names.__getitem__, slices))
        # _start_hand takes these cards as they are instead of re-reading a deal it knows is
        # valid: dealing is a large part of a search's playout.
        self._drawn = (deal, hands)
        return {"deal": deal}

    def _start_hand(self, chance: Mapping[str, JSON]) -> None:
        drawn = self.__dict__.pop("_drawn", None)
        self.round = len(self.hands_log)
        if self.round >= len(SCHEDULE):
            raise DealError("Diminishing Whist has only ten rounds")
        self.cards, trump = SCHEDULE[self.round]
        deal = chance.get("deal")
        if drawn is not None and drawn[0] is deal:
            hands = drawn[1]
        else:
            hands = self._read_deal(deal)
        self.trump = trump
        self.opener = self.round % self.players
        self.bids = [None] * self.players
        self.decision = _BID
        self.to_move = self.opener
        self._reset_tricks(hands, self.opener)

    def _read_deal(self, deal: JSON) -> list[list[Card]]:
        """A deal from a record, checked: a hand per seat, the round's cards, one pack."""
        hands = read_hands(deal, self.players, self.cards, f"round {self.round + 1}")
        check_pack([c for h in hands for c in h], pack())
        return hands

    # ------------------------------------------------------------- bidding
    def forbidden_bid(self) -> int | None:
        """The bid the last bidder may not make (it would total the tricks), if any."""
        if self.decision is not Decision.BID:
            return None
        made = [b for b in self.bids if b is not None]
        if len(made) != self.players - 1:
            return None
        forbidden = self.cards - sum(made)
        return forbidden if 0 <= forbidden <= self.cards else None

    def legal_actions(self) -> list[Action]:
        """Bids 0..cards (less the forbidden one), or the cards that may be played."""
        # The hottest path of a search: the forbidden bid and follow-suit are inlined here.
        decision = self.decision
        if decision is _CARD:
            hand = self.hands[self.to_move]  # type: ignore[index]
            trick = self.trick
            if trick:
                led = SUIT_OF[trick[0][1]]
                follow: list[Action] = []
                for card in hand:
                    if SUIT_OF[card] == led:
                        follow.append(PLAYS[card])
                if follow:
                    return follow
            if len(hand) > 1:
                return list(itemgetter(*hand)(PLAYS))
            return [PLAYS[card] for card in hand]
        if decision is _BID:
            bids = self.bids
            legal = _BID_LISTS[self.cards][:]
            if bids.count(None) == 1:
                forbidden = self.cards - sum(filter(None, bids))  # None (and 0) left out
                if 0 <= forbidden <= self.cards:
                    del legal[forbidden]
            return legal
        return []

    def _explain_illegal(self, action: Action) -> str | None:
        if self.decision is Decision.BID:
            if not isinstance(action, Bid):
                return illegal("wrong-kind", f"it is time to bid, not to play {action}")
            if not 0 <= action.tricks <= self.cards:
                return illegal("out-of-range", f"a bid must be from 0 to {self.cards}")
            if action.tricks == self.forbidden_bid():
                return (illegal("forbidden", f"that bid would make the total {self.cards}: "
                        "the last bidder may not make the bids add up to the tricks"))
            return None
        return self._explain_play(action)

    def _do(self, action: Action) -> None:
        """Carry out a legal bid or card (also :meth:`step`, the unchecked fast path)."""
        seat: int = self.to_move  # type: ignore[assignment]
        if isinstance(action, Play):
            # TrickGame.play_card inlined (one deck, follow-suit checked by legal_actions).
            card = action.card
            self.hands[seat].remove(card)
            trick = self.trick
            trick.append((seat, card))
            if len(trick) < self.players:
                seat += 1
                self.to_move = 0 if seat == self.players else seat
                return
            # trick_winner inlined over its table: the strongest card wins (one deck: no
            # equal cards, so its "later equal card wins" never arises here).
            strengths = TRICK_STRENGTHS[self.trump][SUIT_OF[trick[0][1]]]
            best = -1
            winner = seat
            for player, played in trick:
                strength = strengths[played]
                if strength > best:
                    best = strength
                    winner = player
            if self._events is not None:
                self._events.append(TrickTaken(self.leader, tuple(trick), winner))
            tricks = self.tricks
            tricks.append((self.leader, trick, winner))
            self.tricks_won[winner] += 1
            self.trick = []
            self.leader = self.to_move = winner
            if len(tricks) == self.cards:
                self.score_hand()
            return
        assert isinstance(action, Bid)
        self.bids[seat] = action.tricks
        seat += 1
        if seat == self.players:
            seat = 0
        self.to_move = seat
        if seat == self.opener:
            self.decision = _CARD


    def score_hand(self) -> None:
        """Score the round just played out (each bid against its tricks) and close it."""
        # round_score from a table, mapped in C: the end of a round is part of every playout.
        bids, won = self.bids, self.tricks_won
        if len(bids) != len(won):
            raise ValueError("a bid and a trick count for every seat")
        self._close_hand(list(map(getitem, map(_ROUND_SCORES.__getitem__, bids), won)))

    @staticmethod
    def bid_score(bid: int, tricks: int) -> int:
        """A seat's round score for ``bid`` and ``tricks`` taken (:func:`round_score`; a
        variant scored otherwise overrides it with :meth:`score_hand`)."""
        return round_score(bid, tricks)

    def wants_tricks(self, seat: int) -> bool:
        """While it has bid and is under its bid (a round scores only an exact bid)."""
        bid = self.bids[seat]
        return bid is not None and self.tricks_won[seat] < bid

    def _targets(self) -> tuple[int | None, ...]:
        """The bids."""
        return tuple(self.bids)

    def _game_ends(self) -> bool:
        return self.round == len(SCHEDULE) - 1

    # --------------------------------------------------------- observation
    def observe(self, seat: int) -> DiminishingObservation:
        """Own hand (in dealt order), bids, tricks and scores; nobody else's cards."""
        obs: DiminishingObservation = {
            "game": "diminishing-whist",
            **self._observe_tricks(seat),
            "round": self.round,
            "cards": self.cards,
            "schedule": [(n, "NT" if t is None else t.symbol) for n, t in SCHEDULE],
            "opener": self.opener,
            "bids": list(self.bids),
            "forbidden_bid": self.forbidden_bid(),
        }
        return obs

    @classmethod
    def sample_world(cls, obs: DiminishingObservation | AdaptedDiminishingObservation,
                     rng: random.Random) -> DiminishingWhist:
        """A full state consistent with ``obs``: hidden hands dealt at random, voids respected.

        The trump is the one ``obs`` shows (our own rounds always show the
        schedule's).  An optional ``"seen"`` key lists cards the seat has seen
        that are out of play (an adapter for another game's rules, such as a
        turned-up trump card): no hidden hand is dealt them.
        """
        # Later rounds are dealt from the caller's generator, so worlds differ there too
        # (a seed drawn from it; the generator is made only if a later round is dealt).
        state = new_world(cls, obs, rng.getrandbits(64))
        own = [Card.parse(c) for c in obs["hand"]]
        seat = obs["seat"]
        state.round = obs["round"]
        state.cards = obs["cards"]
        state.opener = obs["opener"]
        state.bids = list(obs["bids"])
        trump = obs["trump"]
        state.trump = None if trump is None else Suit.parse(trump)
        plays, voids = read_public_tricks(obs, state)
        pool = list(CARDS)
        remove_cards(pool, own)
        remove_cards(pool, plays)
        # Only an adapter's observation has the key (see AdaptedDiminishingObservation).
        seen: list[str] | None = cast("dict[str, Any]", obs).get("seen")
        if seen:
            remove_cards(pool, [Card.parse(c) for c in seen])
        sizes = [0 if s == seat else n for s, n in enumerate(obs["hand_sizes"])]
        dealt = deal_hidden(pool, sizes, voids, rng)
        dealt[seat] = own
        state.hands = dealt
        return state

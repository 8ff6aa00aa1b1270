"""Bidding Whist for four players (rules.md §4, Israeli style).

A hand: initial bidding for the contract (5..13 tricks and a denomination,
No-trump > ♠ > ♥ > ♦ > ♣) until all but one have skipped; the highest bidder
rules and names trump with their denomination; the other three make
secondary bets (0..13, seat order from the opening seat, the ruler left out;
the last bettor may not make the four bets total 13); the ruler leads.

Decisions this module takes where the rules leave room (documented here and
in the report):

- The ruler's bet is their contract's number and is not an action (the
  record holds only the three secondary bets).
- All four skip, ``on_all_skip``:
  ``redeal``: the abandoned deal stays in the record as a hand whose actions
  are the four skips; it has no score row; a fresh deal follows with the
  same opening seat.  ``no_trump``: the opening seat rules with no trump and
  all four bet 0..13, the ruler first; the last bettor's restriction holds.
  ``end``: the game ends and the deal scores a row of zeros (so every played
  deal but a redealt one has a score row, and ``replay`` prints it).
- The opening seat of a counted hand is ``len(hand_scores) % 4``: hands that
  were scored move it on, redealt deals do not.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar, Final

from whist.actions import BIDS, SKIP, Action, Bid, Contract, Decision, Play, Skip, parse_action
from whist.cards import CARDS, Card, Suit, pack
from whist.dealing import check_pack, read_hands, shuffle
from whist.events import Redeal
from whist.observations import BiddingObservation
from whist.protocol import JSON, OptionSpec, illegal
from whist.sampling import deal_hidden, remove_cards
from whist.tricks import TrickGame, new_world, read_public_tricks

PLAYERS: Final = 4
TRICKS: Final = 13
MIN_CONTRACT: Final = 5
#: Denominations from lowest to highest; None is no-trump.
DENOMINATIONS: Final[tuple[Suit | None, ...]] = (
    Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None)
#: Every initial bid, lowest first, interned so legal-move lists allocate nothing.
CONTRACTS: Final[tuple[Contract, ...]] = tuple(
    Contract(n, d) for n in range(MIN_CONTRACT, TRICKS + 1) for d in DENOMINATIONS)
CONTRACT_INDEX: Final[dict[Contract, int]] = {c: i for i, c in enumerate(CONTRACTS)}
#: legal initial bids after the contract of index i (-1: none yet), Skip first.
_BID_CHOICES: Final[tuple[tuple[Action, ...], ...]] = tuple(
    (SKIP, *CONTRACTS[i + 1:]) for i in range(-1, len(CONTRACTS)))
ON_ALL_SKIP: Final = ("redeal", "no_trump", "end")
ZERO_BONUS_CROWDED: Final = 50
ZERO_BONUS: Final = 100


def bet_score(bet: int, tricks: int, total_bets: int) -> int:
    """A seat's score: 10 × (min(t, b) − |t − b|); a zero bet wins or pays its bonus.

    The zero bonus is 50 when the four bets total more than 13, else 100; a zero
    bettor who takes no trick scores the bonus, otherwise 10 per trick less it.
    """
    if bet > 0:
        return 10 * (min(tricks, bet) - abs(tricks - bet))
    bonus = ZERO_BONUS_CROWDED if total_bets > TRICKS else ZERO_BONUS
    return bonus if tricks == 0 else 10 * tricks - bonus


class BiddingWhist(TrickGame):
    """Four players bid for the right to name trump, then all bet on their tricks."""

    name: ClassVar[str] = "bidding-whist"
    title: ClassVar[str] = "Bidding Whist"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        # Bounded (as Black Queen's) so that the longest game's record fits the record size
        # cap (docs/records.md, Options).
        OptionSpec("hands", int, 1, "number of hands (deals that are scored)", low=1,
                   high=1000),
        OptionSpec("on_all_skip", str, "redeal",
                   "when all four skip: redeal, no_trump (opening seat rules) or end",
                   choices=ON_ALL_SKIP),
    )

    opener: int
    #: Initial bidding so far: [seat, "7♥" or "skip"] in order.
    auction: list[list[int | str]]
    skipped: list[bool]
    #: Index in CONTRACTS of the highest bid so far, -1 if none.
    high: int
    high_seat: int | None
    ruler: int | None
    contract: Contract | None
    #: True when all four skipped and the opening seat rules with no trump.
    all_skipped: bool
    bets: list[int | None]
    bet_order: list[int]

    def _setup(self) -> None:
        self.players = PLAYERS
        self.totals = [0] * PLAYERS
        self.hand_scores = []
        self.begin_hand()

    def _draw_chance(self, rng: random.Random) -> dict[str, JSON]:
        deck = list(CARDS)
        shuffle(deck, rng)
        return {"deal": [[str(c) for c in deck[i * TRICKS:(i + 1) * TRICKS]]
                         for i in range(PLAYERS)]}

    def _start_hand(self, chance: Mapping[str, JSON]) -> None:
        hands = read_hands(chance.get("deal"), PLAYERS, TRICKS, f"deal {len(self.hands_log) + 1}")
        check_pack([c for h in hands for c in h], pack(), exact=True)
        self.opener = len(self.hand_scores) % PLAYERS
        self.auction = []
        self.skipped = [False] * PLAYERS
        self.high = -1
        self.high_seat = None
        self.ruler = None
        self.contract = None
        self.all_skipped = False
        self.bets = [None] * PLAYERS
        self.bet_order = []
        self.trump = None
        self.decision = Decision.INITIAL_BID
        self.to_move = self.opener
        self._reset_tricks(hands, self.opener)

    # ------------------------------------------------------------- queries
    def high_bid(self) -> Contract | None:
        """The highest initial bid so far (None before anyone bids)."""
        return CONTRACTS[self.high] if self.high >= 0 else None

    def forbidden_bet(self) -> int | None:
        """The bet the last bettor may not make (it would total 13), if one is asked now."""
        if self.decision is not Decision.SECONDARY_BET or self.to_move != self.bet_order[-1]:
            return None
        forbidden = TRICKS - sum(b for b in self.bets if b is not None)
        return forbidden if 0 <= forbidden <= TRICKS else None

    def legal_actions(self) -> list[Action]:
        """Skip or an outranking contract; a secondary bet 0..13; or the playable cards."""
        if self.over or self.to_move is None:
            return []
        if self.decision is Decision.CARD:
            return self.legal_plays(self.to_move)
        if self.decision is Decision.INITIAL_BID:
            return list(_BID_CHOICES[self.high + 1])
        forbidden = self.forbidden_bet()
        return [BIDS[n] for n in range(TRICKS + 1) if n != forbidden]

    def _explain_illegal(self, action: Action) -> str | None:
        if self.decision is Decision.INITIAL_BID:
            if not isinstance(action, Contract):
                return (illegal("wrong-kind",
                                f"it is time to make an initial bid (tricks and denomination, like 7♥ "
                        f"or 5NT) or skip, not {action}"))
            if not MIN_CONTRACT <= action.tricks <= TRICKS:
                return illegal("out-of-range",
                               f"an initial bid must be from {MIN_CONTRACT} to {TRICKS} tricks")
            high = self.high_bid()
            if high is not None and not action.outranks(high):
                return (illegal("too-low",
                                f"{action} does not beat the highest bid, {high}: bid more tricks, "
                        "or as many in a higher denomination (NT > ♠ > ♥ > ♦ > ♣)"))
            return None
        if self.decision is Decision.SECONDARY_BET:
            if not isinstance(action, Bid):
                return illegal("wrong-kind",
                               f"it is time to make a secondary bet (0 to {TRICKS} tricks), not {action}")
            if not 0 <= action.tricks <= TRICKS:
                return illegal("out-of-range", f"a secondary bet must be from 0 to {TRICKS}")
            if action.tricks == self.forbidden_bet():
                return (illegal("forbidden", f"that bet would make the total {TRICKS}: "
                        f"the last bettor may not make the four bets add up to {TRICKS}"))
            return None
        return self._explain_play(action)

    # -------------------------------------------------------------- moves
    def _do(self, action: Action) -> None:
        seat = self.to_move
        assert seat is not None
        decision = self.decision
        if decision is Decision.CARD:
            assert isinstance(action, Play)
            self.play_card(seat, action.card)
            if len(self.tricks) == TRICKS:
                self.score_hand()
        elif decision is Decision.INITIAL_BID:
            self._initial_bid(seat, action)
        else:
            assert isinstance(action, Bid)
            self._secondary_bet(seat, action.tricks)


    def _initial_bid(self, seat: int, action: Action) -> None:
        if isinstance(action, Skip):
            self.skipped[seat] = True
            self.auction.append([seat, "skip"])
        else:
            assert isinstance(action, Contract)
            self.high = CONTRACT_INDEX[action]
            self.high_seat = seat
            self.auction.append([seat, str(action)])
        active = self.skipped.count(False)
        if active == 0:
            self._all_skipped()
        elif active == 1 and self.high >= 0:
            # The one seat left is the high bidder: it is never asked while it holds the high.
            assert self.high_seat is not None
            contract = CONTRACTS[self.high]
            self.contract = contract
            self._begin_bets(self.high_seat, contract.trump)
            self.bets[self.high_seat] = contract.tricks
        else:
            nxt = (seat + 1) % PLAYERS
            while self.skipped[nxt]:
                nxt = (nxt + 1) % PLAYERS
            self.to_move = nxt

    def _begin_bets(self, ruler: int, trump: Suit | None) -> None:
        self.ruler = ruler
        self.trump = trump
        order = [(self.opener + i) % PLAYERS for i in range(PLAYERS)]
        if not self.all_skipped:
            order.remove(ruler)
        self.bet_order = order
        self.decision = Decision.SECONDARY_BET
        self.to_move = order[0]

    def _all_skipped(self) -> None:
        rule = self.options["on_all_skip"]
        if rule == "redeal":
            # The abandoned deal stays in the log; the next deal keeps the same opener.
            self._note(Redeal(len(self.hands_log) - 1, "everyone skipped"))
            self._next_hand()
        elif rule == "no_trump":
            self.all_skipped = True
            self._begin_bets(self.opener, None)
        else:
            self._keep_scores([0] * PLAYERS, played=False)
            self._finish()

    def _secondary_bet(self, seat: int, bet: int) -> None:
        self.bets[seat] = bet
        if seat != self.bet_order[-1]:
            self.to_move = self.bet_order[self.bet_order.index(seat) + 1]
            return
        assert self.ruler is not None
        self.decision = Decision.CARD
        self.leader = self.ruler
        self.to_move = self.ruler

    def score_hand(self) -> None:
        """Score the hand just played out (each seat's bet against its tricks) and close it."""
        bets = [b or 0 for b in self.bets]
        total = sum(bets)
        scores = [bet_score(b, t, total) for b, t in zip(bets, self.tricks_won, strict=True)]
        self._close_hand(scores)

    def wants_tricks(self, seat: int) -> bool:
        """Before it has bet, and while under its bet."""
        bet = self.bets[seat]
        return bet is None or self.tricks_won[seat] < bet

    def _targets(self) -> tuple[int | None, ...]:
        """The bets (the ruler's is its bid)."""
        return tuple(self.bets)

    def hand_declared(self) -> tuple[str | None, int | None]:
        """Trump and the ruler who bid it (none when everyone skipped into no trump)."""
        trump, _ = super().hand_declared()
        return trump, None if self.all_skipped else self.ruler

    def _game_ends(self) -> bool:
        return len(self.hand_scores) >= int(self.options["hands"])

    # --------------------------------------------------------- observation
    def observe(self, seat: int) -> BiddingObservation:
        """Own hand, the bidding, ruler, contract, bets, tricks and scores; no other hand."""
        high = self.high_bid()
        obs: BiddingObservation = {
            "game": "bidding-whist",
            **self._observe_tricks(seat),
            "opener": self.opener,
            "bidding": [(int(seat), str(bid)) for seat, bid in self.auction],
            "skipped": list(self.skipped),
            "high_bid": None if high is None else str(high),
            "high_bidder": self.high_seat,
            "ruler": self.ruler,
            "contract": None if self.contract is None else str(self.contract),
            "all_skipped": self.all_skipped,
            "bets": list(self.bets),
            "bet_order": list(self.bet_order),
            "forbidden_bet": self.forbidden_bet(),
        }
        return obs

    @classmethod
    def sample_world(cls, obs: BiddingObservation, rng: random.Random) -> BiddingWhist:
        """A full state consistent with ``obs``: hidden hands dealt at random, voids respected."""
        state = new_world(cls, obs)
        seat = obs["seat"]
        own = [Card.parse(c) for c in obs["hand"]]
        state.opener = obs["opener"]
        state.auction = [list(entry) for entry in obs["bidding"]]
        state.skipped = list(obs["skipped"])
        high = obs["high_bid"]
        state.high = -1 if high is None else CONTRACT_INDEX[_parse_contract(high)]
        state.high_seat = obs["high_bidder"]
        state.ruler = obs["ruler"]
        contract = obs["contract"]
        state.contract = None if contract is None else _parse_contract(contract)
        state.all_skipped = obs["all_skipped"]
        state.bets = list(obs["bets"])
        state.bet_order = list(obs["bet_order"])
        trump = obs["trump"]
        state.trump = None if trump is None else Suit.parse(trump)
        plays, voids = read_public_tricks(obs, state)
        pool = list(CARDS)
        remove_cards(pool, own)
        remove_cards(pool, plays)
        sizes = [0 if s == seat else n for s, n in enumerate(obs["hand_sizes"])]
        dealt = deal_hidden(pool, sizes, voids, rng)
        dealt[seat] = own
        state.hands = dealt
        return state


def _parse_contract(text: str) -> Contract:
    """A contract from its record notation (``7♥``, ``5NT``), interned."""
    contract = parse_action(text, Decision.INITIAL_BID)
    if not isinstance(contract, Contract):
        raise ValueError(f"{text!r} is not a contract")
    return CONTRACTS[CONTRACT_INDEX[contract]]


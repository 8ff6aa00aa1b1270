"""Black Queen (rules.md §2): dodge hearts and the queen of spades, with face-up rows.

Each seat has a row of face-down cards, a face-up card on each of them, and a
hand.  Hand cards and face-up cards are both playable; a face-down card turns
up (taking its cover's position) when the trick its cover was played to is
collected.  Seats are stored as three parallel structures: ``hands`` (list of
cards, dealt order), ``up`` and ``down`` (one slot per position, None when
empty).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from whist.actions import PLAYS, Action, Decision, Play
from whist.cards import CARDS, SUIT_OF, SUIT_SYMBOLS, Card, Suit, pack
from whist.dealing import card_strings, check_pack, read_cards, shuffle
from whist.events import TrickTaken
from whist.observations import BlackQueenObservation
from whist.protocol import JSON, DealError, OptionSpec, illegal
from whist.sampling import deal_hidden, remove_cards
from whist.trick_rule import trick_winner
from whist.tricks import TrickGame, new_world, read_public_tricks, unique_actions

QUEEN_OF_SPADES: Final = Card.of(Suit.SPADES, 12)
#: Cards taken out of the pack, in this order, until it divides evenly among the players.
REMOVAL_ORDER: Final = (Card.of(Suit.DIAMONDS, 2), Card.of(Suit.DIAMONDS, 2),
                        Card.of(Suit.CLUBS, 2), Card.of(Suit.SPADES, 2))
#: Negative points of each card (as a positive number): hearts 1, Q♠ 12.
PENALTY: Final[tuple[int, ...]] = tuple(
    12 if c == QUEEN_OF_SPADES else 1 if SUIT_OF[c] == Suit.HEARTS else 0 for c in range(52))
NO_CARDS_BONUS: Final = 10
NO_POINTS_BONUS: Final = 5
#: Face-up rows are at most half of 26 cards long; plays from them are interned like PLAYS.
MAX_POSITIONS: Final = 13
UP_PLAYS: Final[tuple[tuple[Play, ...], ...]] = tuple(
    tuple(Play(c, p) for c in CARDS) for p in range(MAX_POSITIONS))
#: Marks a play from the hand in ``trick_from`` (face-up plays store their position).
FROM_HAND: Final = -1


def decks_for(players: int) -> int:
    """One deck for every two players, at least one."""
    return max(1, players // 2)


def pack_for(players: int) -> list[Card]:
    """The pack for ``players``: their decks less 2♦, 2♦, 2♣, 2♠ until it divides evenly."""
    decks = decks_for(players)
    size = 52 * decks
    removed: list[Card] = []
    for card in REMOVAL_ORDER:
        if size % players == 0:
            break
        removed.append(card)
        size -= 1
    if size % players:
        raise ValueError(f"no Black Queen pack divides among {players} players")
    return pack(decks, removed)


def cards_each(players: int) -> int:
    """Cards dealt to each player (down, up and hand together)."""
    return len(pack_for(players)) // players


def hand_score(taken: int, points: int, total: int) -> int:
    """A seat's score for a hand from the cards it took and their negative points.

    ``points`` and ``total`` are the seat's and the whole hand's negative points as
    positive numbers: no cards +10, no negative points +5, all of them +total.
    """
    if taken == 0:
        return NO_CARDS_BONUS
    if points == 0:
        return NO_POINTS_BONUS
    if points == total:
        return total
    return -points


def _check_face_down(value: Any, options: dict[str, Any]) -> str | None:
    most = cards_each(options["players"]) // 2
    if not 0 <= value <= most:
        return f"must be from 0 to {most} (half the cards each player gets), not {value}"
    return None


class BlackQueen(TrickGame):
    """Two to six players avoid hearts and Q♠; face-up and face-down rows on the table."""

    name: ClassVar[str] = "black-queen"
    title: ClassVar[str] = "Black Queen"
    card_points: ClassVar[tuple[int, ...]] = PENALTY
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("players", int, 4, "number of players", low=2, high=6),
        OptionSpec("face_down", int, None, "face-down cards per player (one face-up on each)",
                   derive=lambda o: cards_each(o["players"]) // 3, check=_check_face_down),
        OptionSpec("hands", int, None, "number of hands in the game (default: one per player)",
                   low=1, high=1000, derive=lambda o: o["players"]),
    )

    up: list[list[Card | None]]
    down: list[list[Card | None]]
    #: For each play of the current trick: its face-up position, or FROM_HAND.
    trick_from: list[int]
    taken: list[int]
    points: list[int]
    dealer: int
    cards_each: int
    face_down: int
    total_points: int

    def _setup(self) -> None:
        self.players = self.options["players"]
        self.face_down = self.options["face_down"]
        self.multi_deck = decks_for(self.players) > 1
        self.cards_each = cards_each(self.players)
        self.total_points = sum(PENALTY[c] for c in pack_for(self.players))
        self.totals = [0] * self.players
        self.hand_scores = []
        self.trump = None
        self.begin_hand()

    def _draw_chance(self, rng: random.Random) -> dict[str, JSON]:
        cards = pack_for(self.players)
        shuffle(cards, rng)
        n, f = self.cards_each, self.face_down
        deal = []
        for seat in range(self.players):
            mine = cards[seat * n:(seat + 1) * n]
            deal.append({"down": card_strings(mine[:f]), "up": card_strings(mine[f:2 * f]),
                         "hand": card_strings(mine[2 * f:])})
        return {"deal": deal}

    def _start_hand(self, chance: Mapping[str, JSON]) -> None:
        index = len(self.hands_log)
        if index >= self.options["hands"]:
            raise DealError(f"the game has only {self.options['hands']} hands")
        deal = chance.get("deal")
        if not isinstance(deal, list) or len(deal) != self.players:
            raise DealError(f"hand {index + 1} must deal {self.players} seats")
        f = self.face_down
        in_hand = self.cards_each - 2 * f
        downs, ups, hands = [], [], []
        for seat, layout in enumerate(deal):
            if not isinstance(layout, Mapping):
                raise DealError(f"seat {seat}'s deal must be an object with down, up and hand")
            down = read_cards(layout.get("down"), f"seat {seat}'s face-down row")
            up = read_cards(layout.get("up"), f"seat {seat}'s face-up row")
            hand = read_cards(layout.get("hand"), f"seat {seat}'s hand")
            if len(down) != f or len(up) != f or len(hand) != in_hand:
                raise DealError(f"seat {seat} must get {f} face-down, {f} face-up and "
                                f"{in_hand} hand cards, not {len(down)}, {len(up)} and "
                                f"{len(hand)}")
            downs.append(list[Card | None](down))
            ups.append(list[Card | None](up))
            hands.append(hand)
        check_pack([c for seat in range(self.players)
                    for c in (*downs[seat], *ups[seat], *hands[seat]) if c is not None],
                   pack_for(self.players), exact=True)
        self.down = downs
        self.up = ups
        self.trick_from = []
        self.taken = [0] * self.players
        self.points = [0] * self.players
        self.dealer = index % self.players
        self.decision = Decision.CARD
        leader = (self.dealer + 1) % self.players
        self.to_move = leader
        self._reset_tricks(hands, leader)

    # ---------------------------------------------------------------- play
    def legal_actions(self) -> list[Action]:
        """Hand cards and face-up cards; the led suit from either place when there is one."""
        if self.over or self.to_move is None:
            return []
        plays = self.search_plays(self.to_move)
        return unique_actions(plays) if self.multi_deck else plays

    def search_plays(self, seat: int) -> list[Action]:
        """The plays ``seat`` may make, equal cards of two decks kept apart.

        The follow rule in one place: hand cards and face-up cards, those of the led suit
        when there are any.  :meth:`legal_actions` drops the repeats; a search's rollout
        does not mind them and saves the work.
        """
        hand = self.hands[seat]
        row = self.up[seat]
        if self.trick:
            led = SUIT_OF[self.trick[0][1]]
            plays: list[Action] = [PLAYS[c] for c in hand if SUIT_OF[c] == led]
            plays.extend(UP_PLAYS[p][c] for p, c in enumerate(row)
                         if c is not None and SUIT_OF[c] == led)
            if plays:
                return plays
        plays = [PLAYS[c] for c in hand]
        plays.extend(UP_PLAYS[p][c] for p, c in enumerate(row) if c is not None)
        return plays

    def wants_tricks(self, seat: int) -> bool:
        """Never: a trick only ever brings penalty points (shooting the moon aside)."""
        return False

    @classmethod
    def card_copies(cls, obs: BlackQueenObservation) -> list[int]:  # type: ignore[override]
        """Copies of each card in the pack for ``obs``'s players (see :func:`pack_for`)."""
        copies = [0] * 52
        for card in pack_for(obs["players"]):
            copies[card] += 1
        return copies

    @classmethod
    def own_cards(cls, obs: BlackQueenObservation) -> list[str]:  # type: ignore[override]
        """The seat's hand and its face-up row."""
        return [*obs["hand"], *(card for card in obs["up"][obs["seat"]] if card is not None)]

    def _explain_illegal(self, action: Action) -> str | None:
        if not isinstance(action, Play):
            return illegal("wrong-kind", f"it is time to play a card, not {action}")
        seat = self.to_move
        assert seat is not None
        row = self.up[seat]
        if action.up is not None:
            if not 0 <= action.up < len(row):
                return illegal("not-held", f"your face-up row has positions 0 to {len(row) - 1}" if row else \
                    "you have no face-up row")
            if row[action.up] is None:
                return illegal("not-held", f"position {action.up} of your face-up row is empty")
            if row[action.up] != action.card:
                return illegal("not-held",
                               f"position {action.up} of your face-up row holds {row[action.up]}, " \
                    f"not {action.card}")
        elif action.card not in self.hands[seat]:
            if action.card in row:
                return (illegal("not-held", f"{action.card} is in your face-up row: play it as "
                        f"{action.card}@{row.index(action.card)}"))
            return illegal("not-held", f"{action.card} is not in your hand")
        if self.trick:
            return illegal("must-follow", f"you must follow {SUIT_SYMBOLS[SUIT_OF[self.trick[0][1]]]}")
        return None

    def _do(self, action: Action) -> None:
        seat = self.to_move
        assert seat is not None and isinstance(action, Play)
        card = action.card
        if action.up is None:
            self.hands[seat].remove(card)
            self.trick_from.append(FROM_HAND)
        else:
            self.up[seat][action.up] = None
            self.trick_from.append(action.up)
        trick = self.trick
        trick.append((seat, card))
        if len(trick) < self.players:
            self.to_move = (seat + 1) % self.players
            return
        winner = trick[trick_winner(trick, None)][0]
        self.taken[winner] += len(trick)
        self.points[winner] += sum(PENALTY[c] for _, c in trick)
        for (player, _), position in zip(trick, self.trick_from, strict=True):
            if position != FROM_HAND:
                below = self.down[player][position]
                if below is not None:
                    self.up[player][position] = below
                    self.down[player][position] = None
        if self._events is not None:
            self._events.append(TrickTaken(self.leader, tuple(trick), winner))
        self.tricks.append((self.leader, trick, winner))
        self.tricks_won[winner] += 1
        self.trick = []
        self.trick_from = []
        self.leader = winner
        self.to_move = winner
        if len(self.tricks) == self.cards_each:
            self.score_hand()


    def score_hand(self) -> None:
        """Score the hand just played out (penalty points and bonuses) and close it."""
        scores = [hand_score(t, p, self.total_points)
                  for t, p in zip(self.taken, self.points, strict=True)]
        self._close_hand(scores)

    def hand_counted(self) -> tuple[tuple[str, ...], ...]:
        """The penalty cards (hearts, Q♠) each seat took in the hand just played."""
        counted: list[list[str]] = [[] for _ in range(self.players)]
        for _, trick, winner in self.tricks:
            counted[winner].extend(str(CARDS[c]) for _, c in trick if PENALTY[c])
        return tuple(tuple(cards) for cards in counted)

    def _seen_chance(self, chance: dict[str, JSON], seat: int, hand: int) -> dict[str, JSON]:
        """Every face-up row, the seat's own hand; no face-down card (not even its own)."""
        deal = chance.get("deal")
        if not isinstance(deal, list):
            return dict(chance)
        return {**chance, "deal": [{"down": [None] * len(layout.get("down", [])),
                                    "up": layout.get("up"),
                                    "hand": layout.get("hand") if i == seat else None}
                                   for i, layout in enumerate(deal)]}

    def _game_ends(self) -> bool:
        return len(self.hands_log) >= int(self.options["hands"])

    # --------------------------------------------------------- observation
    def observe(self, seat: int) -> BlackQueenObservation:
        """Own hand, every face-up row, face-down counts, cards and points taken; no hidden card."""
        obs: BlackQueenObservation = {
            "game": "black-queen",
            **self._observe_tricks(seat),
            "dealer": self.dealer,
            "face_down": self.face_down,
            "cards_each": self.cards_each,
            "decks": decks_for(self.players),
            "total_points": self.total_points,
            "up": [[None if c is None else str(c) for c in row] for row in self.up],
            "down": [[0 if c is None else 1 for c in row] for row in self.down],
            "trick_from": [None if p == FROM_HAND else p for p in self.trick_from],
            "taken": list(self.taken),
            "points": list(self.points),
        }
        return obs

    @classmethod
    def sample_world(cls, obs: BlackQueenObservation, rng: random.Random) -> BlackQueen:
        """A state consistent with ``obs``: other hands and all face-down cards dealt at random.

        The seat's own face-down cards are hidden from it too.  A seat that failed to
        follow a suit holds none of it in hand (its face-up cards are visible anyway).
        """
        state = new_world(cls, obs)
        seat = obs["seat"]
        players = obs["players"]
        state.face_down = obs["face_down"]
        state.multi_deck = decks_for(players) > 1
        state.cards_each = obs["cards_each"]
        state.total_points = obs["total_points"]
        state.trump = None
        state.dealer = obs["dealer"]
        state.taken = list(obs["taken"])
        state.points = list(obs["points"])
        state.trick_from = [FROM_HAND if p is None else p for p in obs["trick_from"]]
        state.up = [[None if c is None else Card.parse(c) for c in row] for row in obs["up"]]
        played, voids = read_public_tricks(obs, state)
        own = [Card.parse(c) for c in obs["hand"]]
        pool = pack_for(players)
        remove_cards(pool, own)
        remove_cards(pool, played)
        remove_cards(pool, [c for row in state.up for c in row if c is not None])
        slots = [(s, p) for s, row in enumerate(obs["down"]) for p, n in enumerate(row) if n]
        sizes = [0 if s == seat else n for s, n in enumerate(obs["hand_sizes"])] + [len(slots)]
        voids = [set() if s == seat else v for s, v in enumerate(voids)] + [set()]
        dealt = deal_hidden(pool, sizes, voids, rng)
        state.down = [[None] * len(row) for row in obs["down"]]
        for (s, p), card in zip(slots, dealt[players], strict=True):
            state.down[s][p] = card
        state.hands = dealt[:players]
        state.hands[seat] = own
        return state

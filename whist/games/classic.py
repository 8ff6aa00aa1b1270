"""Classic Whist (rules.md §5), the NERD Games design: one point a trick, first to the target.

Each deal draws a trump suit at random; the first deal also draws the first
leader.  Every trick is a point, and the first seat to reach the winning
score wins at once.  When the hands run out first, a new trump is drawn and
the cards are dealt again; scores and the leader carry over.

With option ``compat: nerd`` the chance comes from ``java.util.Random(seed)``
in the original program's order (see :func:`nerd_deal`), so the same seed
gives the original's deals, trumps and first leader; the original's computer
players draw their random choices from the same generator
(:attr:`ClassicWhist.java_random`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Final

from whist.actions import Action, Decision, Play
from whist.cards import CARDS, SUIT_OF, Card, CardError, Suit
from whist.dealing import check_pack, read_hands, shuffle
from whist.javarandom import JavaRandom
from whist.observations import ClassicObservation
from whist.protocol import JSON, DealError, GameState, OptionSpec
from whist.sampling import deal_hidden, remove_cards
from whist.tricks import TrickGame, new_world, read_public_tricks

#: The original's suit order (its ``Suit`` enum): ♠ ♥ ♦ ♣.  Trump is ``NERD_SUITS[nextInt(4)]``.
NERD_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: The original's pack order: ♠A..♠2, ♥A..♥2, ♦A..♦2, ♣A..♣2 (card numbers descending).
NERD_PACK: Final = tuple(sorted(CARDS, reverse=True))


def nerd_order(cards: Iterable[Card]) -> list[Card]:
    """Cards in the original's sorted order: suits ♠ ♥ ♦ ♣, each high to low.

    Part of the rules here, not a display order (that is :func:`whist.cards.sort_hand`):
    the original keeps each hand so, and its players pick from it in this order.
    A card's number is suit * 13 + rank - 2 with ♣ < ♦ < ♥ < ♠, so that order is
    simply descending card numbers.
    """
    return sorted(cards, reverse=True)


def nerd_deal(rng: JavaRandom, players: int, cards: int) -> list[list[Card]]:
    """The original's deal: seat by seat, each card ``pack.remove(nextInt(remaining))``."""
    pack = list(NERD_PACK)
    hands = []
    for _ in range(players):
        hands.append(nerd_order(pack.pop(rng.next_int(len(pack))) for _ in range(cards)))
    return hands


def _check_cards(value: int, options: dict[str, Any]) -> str | None:
    if value * options["players"] > 52:
        return f"{options['players']} players cannot each have {value} cards from one pack"
    return None


class ClassicWhist(TrickGame):
    """Two to four players; each trick is a point; the first to the winning score wins."""

    name: ClassVar[str] = "classic-whist"
    title: ClassVar[str] = "Classic Whist"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("players", int, 4, "number of players", low=2, high=4),
        OptionSpec("cards", int, 13, "cards dealt to each player", low=1, high=26,
                   check=_check_cards),
        OptionSpec("winning_score", int, 24, "points (tricks) that win the game", low=1,
                   high=1000),
        OptionSpec("enforce_rules", bool, True,
                   "players must follow suit (off: any card may be played, as the original)"),
        OptionSpec("compat", str, "none",
                   "nerd: draw chance from java.util.Random as the original program did",
                   choices=("none", "nerd")),
    )

    cards: int
    winning_score: int

    def __init__(self, options: Mapping[str, Any] | None = None, *, seed: int | None = None,
                 chance: Iterable[Mapping[str, JSON]] | None = None,
                 rng: random.Random | None = None, stop_after_hand: bool = False) -> None:
        """Start a game as every game starts; with ``compat: nerd`` the seed seeds a
        ``java.util.Random`` (or ``rng`` may be a :class:`JavaRandom` itself)."""
        # _setup needs the seed itself (the base class keeps only a Python generator).
        self._java_seed = seed
        super().__init__(options, seed=seed, chance=chance, rng=rng,
                         stop_after_hand=stop_after_hand)

    # ----------------------------------------------------------------- setup
    def _setup(self) -> None:
        options = self.options
        self.players = options["players"]
        self.cards = options["cards"]
        self.winning_score = options["winning_score"]
        self.enforce_follow = options["enforce_rules"]
        if options["compat"] == "nerd" and not isinstance(self._rng, JavaRandom):
            self._rng = JavaRandom(self._java_seed)
        del self._java_seed
        self.totals = [0] * self.players
        self.hand_scores = []
        self.trump = None
        self.leader = 0
        self.begin_hand()

    @property
    def java_random(self) -> JavaRandom | None:
        """The ``java.util.Random`` the game draws from (``compat: nerd``), else None.

        The original's random and smart players draw from this same generator,
        between the game's own draws.
        """
        return self._rng if isinstance(self._rng, JavaRandom) else None

    def _draw_chance(self, rng: random.Random) -> dict[str, JSON]:
        first = not self.hands_log
        if isinstance(rng, JavaRandom):
            # The original: deal, trump, first leader; at each redeal trump before the deal.
            if first:
                hands = nerd_deal(rng, self.players, self.cards)
                trump = NERD_SUITS[rng.next_int(4)]
            else:
                trump = NERD_SUITS[rng.next_int(4)]
                hands = nerd_deal(rng, self.players, self.cards)
            leader = rng.next_int(self.players) if first else None
        else:
            deck = list(CARDS)
            shuffle(deck, rng)
            n = self.cards
            hands = [nerd_order(deck[i * n:(i + 1) * n]) for i in range(self.players)]
            trump = NERD_SUITS[rng.randrange(4)]
            leader = rng.randrange(self.players) if first else None
        chance: dict[str, JSON] = {"deal": [[str(c) for c in h] for h in hands],
                                   "trump": trump.symbol}
        if leader is not None:
            chance["leader"] = leader
        return chance

    def _start_hand(self, chance: Mapping[str, JSON]) -> None:
        number = len(self.hands_log) + 1
        hands = read_hands(chance.get("deal"), self.players, self.cards, f"deal {number}")
        check_pack([c for h in hands for c in h], CARDS)
        trump_text = chance.get("trump")
        if not isinstance(trump_text, str):
            raise DealError(f"deal {number} must name its trump suit (\"trump\": \"♥\")")
        try:
            trump = Suit.parse(trump_text)
        except CardError as error:
            raise DealError(f"deal {number}: {error}") from None
        leader = chance.get("leader")
        if number == 1:
            if isinstance(leader, bool) or not isinstance(leader, int) \
                    or not 0 <= leader < self.players:
                raise DealError(f"the first deal must name its leader, a seat from 0 to "
                                f"{self.players - 1} (\"leader\": 1)")
        elif leader is not None:
            raise DealError(f"deal {number}: only the first deal names a leader; later deals "
                            "are led by the last trick's winner")
        else:
            leader = self.leader
        self.trump = int(trump)
        self.decision = Decision.CARD
        self.to_move = leader
        self._reset_tricks([nerd_order(h) for h in hands], leader)

    # ------------------------------------------------------------------ play
    def legal_actions(self) -> list[Action]:
        """The cards the seat to move may play (any card when rules are not enforced)."""
        if self.over or self.to_move is None:
            return []
        return self.legal_plays(self.to_move)

    def _explain_illegal(self, action: Action) -> str | None:
        return self._explain_play(action)

    def _do(self, action: Action) -> None:
        seat = self.to_move
        assert seat is not None and isinstance(action, Play)
        winner = self.play_card(seat, action.card)
        if winner is not None:
            self.score_trick(winner)

    def score_trick(self, winner: int) -> bool:
        """Score the trick ``winner`` just took (a point) and end the deal, or the game, if
        it did; whether it did.

        Classic Whist's scoring rule, in one place: :meth:`step`/:meth:`apply` call it
        after each trick, and a search that plays a hand's cards on by itself
        (``engines/fast_rollout.py``) calls it the same way.
        """
        self.totals[winner] += 1
        if self.totals[winner] >= self.winning_score:
            self._score_deal()
            self._finish()
            return True
        if len(self.tricks) == self.cards:
            self._score_deal()
            self._next_hand()
            return True
        return False

    def _score_deal(self) -> None:
        """Write the deal's row (each trick a point, already in the totals as it was taken)."""
        self._keep_scores(self.tricks_won)

    def lead_suit(self) -> Suit | None:
        """The suit led to the current trick, if it has begun."""
        return Suit(SUIT_OF[self.trick[0][1]]) if self.trick else None

    # ----------------------------------------------------------- observation
    def observe(self, seat: int) -> ClassicObservation:
        """Own hand (sorted ♠ ♥ ♦ ♣, high to low), trump, this deal's tricks, scores."""
        lead = self.lead_suit()
        obs: ClassicObservation = {
            "game": "classic-whist",
            **self._observe_tricks(seat),
            "cards": self.cards,
            "winning_score": self.winning_score,
            "enforce_rules": self.enforce_follow,
            "lead_suit": None if lead is None else lead.symbol,
        }
        return obs

    @classmethod
    def sample_world(cls, obs: ClassicObservation, rng: random.Random) -> ClassicWhist:
        """A full state consistent with ``obs``: hidden hands dealt at random.

        Voids shown by failing to follow count only when the rules are
        enforced; otherwise a player may discard while holding the suit.
        """
        state = new_world(cls, obs)
        seat = obs["seat"]
        own = [Card.parse(c) for c in obs["hand"]]
        state.cards = obs["cards"]
        state.winning_score = obs["winning_score"]
        state.enforce_follow = obs["enforce_rules"]
        state.trump = None if obs["trump"] is None else int(Suit.parse(obs["trump"]))
        plays, voids = read_public_tricks(obs, state)
        if not state.enforce_follow:
            voids = [set() for _ in voids]
        pool = list(CARDS)
        remove_cards(pool, own)
        remove_cards(pool, plays)
        sizes = [0 if s == seat else n for s, n in enumerate(obs["hand_sizes"])]
        hands = deal_hidden(pool, sizes, voids, rng)
        hands[seat] = own
        state.hands = [nerd_order(h) for h in hands]
        return state

    def copy(self) -> GameState:
        """An independent copy; a Java generator is copied too, in its current state."""
        java = self.java_random
        if java is None:
            return super().copy()
        # The base class copies only Python generators; swap ours out around it.
        self._rng = random.Random(0)
        try:
            other = super().copy()
        finally:
            self._rng = java
        other._rng = java.copy()
        return other

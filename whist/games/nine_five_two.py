"""9-5-2 (rules.md §3): three players contract for 9, 5 and 2 tricks; overs pass cards to unders.

A hand goes: (from the second hand on) card passing by the previous hand's
results → the dealer names trump or no-trump → the dealer takes the four-card
kitty and discards any four → the player going for 5 leads sixteen tricks.

Card passing is one :class:`PassCards` action per (passer, receiver) pair in
the order the rules give; the receiver's returns (their highest card of the
suit, for each card received, in the order passed) are automatic and are not
actions.  The pass and the discard choose several cards at once, so their
legal-action lists can be large (up to C(16, 9) = 11440 passes, C(20, 4) = 4845
discards): :meth:`NineFiveTwo.why_illegal` checks such actions directly, and
observations carry ``choose_count`` instead of listing every combination.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, ClassVar, Final

from whist.actions import Action, Decision, Discard, NameTrump, PassCards, Play, in_pack_order
from whist.cards import CARDS, RANK_OF, SUIT_OF, Card, Suit, pack
from whist.dealing import card_strings, check_pack, read_cards, read_hands, shuffle
from whist.events import CardsPassed
from whist.observations import ExchangeJSON, NineFiveTwoObservation
from whist.protocol import JSON, DealError, OptionSpec, illegal
from whist.sampling import deal_constrained
from whist.tricks import TrickGame, new_world, read_public_tricks

PLAYERS: Final = 3
HAND_SIZE: Final = 16
KITTY_SIZE: Final = 4
#: Contracts by distance clockwise from the dealer: dealer 9, left 5, third 2.
CONTRACT_BY_OFFSET: Final = (9, 5, 2)
TRUMP_CHOICES: Final[tuple[NameTrump, ...]] = (
    *(NameTrump(s) for s in Suit), NameTrump(None))
#: Index of the face-down pile (kitty before it is taken, discards after) in sampled deals.
OUT: Final = PLAYERS


def contracts_for(dealer: int) -> list[int]:
    """Each seat's contract when ``dealer`` deals."""
    return [CONTRACT_BY_OFFSET[(seat - dealer) % PLAYERS] for seat in range(PLAYERS)]


def plan_passes(results: Sequence[int], dealer: int) -> list[tuple[int, int, int]]:
    """(passer, receiver, cards) for each exchange the coming hand opens with, in order.

    ``results`` are the previous hand's tricks minus contract; ``dealer``
    deals the coming hand (its contracts order two passers).
    """
    over = [s for s in range(PLAYERS) if results[s] > 0]
    under = [s for s in range(PLAYERS) if results[s] < 0]
    if not over:
        return []
    if len(over) == 1:
        passer = over[0]
        receivers = sorted(under, key=lambda r: (r - passer) % PLAYERS)
        return [(passer, r, -results[r]) for r in receivers]
    contracts = contracts_for(dealer)
    receiver = under[0]
    passers = sorted(over, key=lambda p: -contracts[p])
    return [(p, receiver, results[p]) for p in passers]


def forced_returns(receiver_hand: list[Card], passed: Sequence[Card]) -> list[Card]:
    """Add ``passed`` to the receiver's hand card by card, taking out each forced return.

    For each card received, in the order passed, the receiver gives back their
    highest card of its suit (possibly that very card).  Mutates the hand;
    returns the cards given back, in order.
    """
    returned: list[Card] = []
    for card in passed:
        receiver_hand.append(card)
        suit = SUIT_OF[card]
        best = max(c for c in receiver_hand if SUIT_OF[c] == suit)
        receiver_hand.remove(best)
        returned.append(best)
    return returned


def _target_ok(value: Any, _options: dict[str, Any]) -> str | None:
    return None if value > 0 else "the target must be a positive number of points"


class NineFiveTwo(TrickGame):
    """Three players with contracts 9, 5 and 2; over- and under-tricks carry into card passing."""

    name: ClassVar[str] = "nine-five-two"
    title: ClassVar[str] = "9-5-2"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        # The totals add up to zero, so no target bounds the game's length; the bound keeps
        # a game well inside the record size cap (docs/records.md, Options).
        OptionSpec("target", int, 15, "the game ends when a total reaches +target or -target",
                   high=100, check=_target_ok),
    )

    dealer: int
    contracts: list[int]
    trump_named: bool
    kitty: list[Card]
    discards: list[Card]
    kitty_taken: bool
    #: (passer, receiver, count) for each exchange of this hand, in order.
    passes: list[tuple[int, int, int]]
    #: Exchanges made so far: [passer, receiver, cards passed, cards returned].
    #: In sampled worlds the cards of exchanges the observer did not see are None.
    exchanges: list[list[Any]]

    def _setup(self) -> None:
        self.players = PLAYERS
        self.totals = [0] * PLAYERS
        self.hand_scores = []
        self.begin_hand()

    def _draw_chance(self, rng: random.Random) -> dict[str, JSON]:
        deck = list(CARDS)
        shuffle(deck, rng)
        return {"deal": [[str(c) for c in deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]]
                         for i in range(PLAYERS)],
                "kitty": [str(c) for c in deck[PLAYERS * HAND_SIZE:]]}

    def _start_hand(self, chance: Mapping[str, JSON]) -> None:
        number = len(self.hands_log)
        hands = read_hands(chance.get("deal"), PLAYERS, HAND_SIZE, f"hand {number + 1}")
        if "kitty" not in chance:
            raise DealError(f"hand {number + 1} has no kitty (\"kitty\": four cards)")
        kitty = read_cards(chance["kitty"], "the kitty")
        if len(kitty) != KITTY_SIZE:
            raise DealError(f"the kitty holds {KITTY_SIZE} cards, not {len(kitty)}")
        check_pack([c for h in hands for c in h] + kitty, pack(), exact=True)
        self.dealer = number % PLAYERS
        self.contracts = contracts_for(self.dealer)
        self.trump = None
        self.trump_named = False
        self.kitty = kitty
        self.kitty_taken = False
        self.discards = []
        self.exchanges = []
        self._reset_tricks(hands, (self.dealer + 1) % PLAYERS)
        self.passes = plan_passes(self.hand_scores[-1], self.dealer) if self.hand_scores else []
        if self.passes:
            self.decision = Decision.PASS
            self.to_move = self.passes[0][0]
        else:
            self.decision = Decision.TRUMP
            self.to_move = self.dealer

    # ------------------------------------------------------------- queries
    def pending_pass(self) -> tuple[int, int, int] | None:
        """(passer, receiver, count) of the exchange waiting now, if passing is under way."""
        if self.decision is not Decision.PASS:
            return None
        return self.passes[len(self.exchanges)]

    def cards_to_give(self) -> int | None:
        """How many cards the pending pass or discard takes (None for other decisions)."""
        return self.choose_count()

    def choose_count(self) -> int | None:
        """How many cards the pending pass or discard takes (None for other decisions)."""
        if self.decision is Decision.PASS:
            return self.passes[len(self.exchanges)][2]
        if self.decision is Decision.DISCARD:
            return KITTY_SIZE
        return None

    # ------------------------------------------------------------- actions
    def legal_actions(self) -> list[Action]:
        """Every legal action; passes and discards are every combination (possibly thousands)."""
        if self.over or self.to_move is None:
            return []
        decision = self.decision
        if decision is Decision.CARD:
            return self.legal_plays(self.to_move)
        if decision is Decision.TRUMP:
            return list(TRUMP_CHOICES)
        hand = sorted(self.hands[self.to_move])
        if decision is Decision.DISCARD:
            return [Discard(combo) for combo in combinations(hand, KITTY_SIZE)]
        count = self.passes[len(self.exchanges)][2]
        return [PassCards(combo) for combo in combinations(hand, count)]

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` may not be taken now, in a player's words; None if it may.

        Passes and discards are checked directly (any order of the right number
        of distinct cards from the hand) rather than looked up in the long list.
        """
        refused = self._refused_before_rules(action)
        if refused is not None:
            return refused
        if self.decision is Decision.PASS or self.decision is Decision.DISCARD:
            return self._explain_cards(action)
        return super().why_illegal(action)

    def _explain_cards(self, action: Action) -> str | None:
        seat = self.to_move
        assert seat is not None
        if self.decision is Decision.PASS:
            _, receiver, count = self.passes[len(self.exchanges)]
            if not isinstance(action, PassCards):
                return (illegal("wrong-kind", f"it is time to pass {_cards_word(count)} to seat {receiver}, "
                        f"not {_describe(action)}"))
            cards = action.cards
            verb, whom = "pass", f" to seat {receiver}"
        else:
            count = KITTY_SIZE
            if not isinstance(action, Discard):
                return illegal("wrong-kind",
                               f"it is time to discard {_cards_word(count)}, not {_describe(action)}")
            cards = action.cards
            verb, whom = "discard", ""
        if len(cards) != count:
            return illegal("wrong-cards",
                           f"you must {verb} exactly {_cards_word(count)}{whom}, not {len(cards)}")
        if len(set(cards)) != len(cards):
            twice = next(c for c in cards if cards.count(c) > 1)
            return illegal("wrong-cards", f"you cannot {verb} {twice} twice")
        hand = self.hands[seat]
        for card in cards:
            if card not in hand:
                return illegal("not-held", f"{card} is not in your hand")
        return None

    def _explain_illegal(self, action: Action) -> str | None:
        if self.decision is Decision.TRUMP:
            return illegal("wrong-kind", f"it is time to name trump (a suit or NT), not {_describe(action)}")
        return self._explain_play(action)

    def _do(self, action: Action) -> None:
        seat = self.to_move
        assert seat is not None
        if isinstance(action, Play):
            self.play_card(seat, action.card)
            if len(self.tricks) == HAND_SIZE:
                self.score_hand()
            return
        if isinstance(action, PassCards):
            passer, receiver, _ = self.passes[len(self.exchanges)]
            passer_hand = self.hands[passer]
            # One order for the same choice, however it was given: the state after an
            # undo (which redoes the record's text) is exactly the state before it.
            passed = in_pack_order(action.cards)
            for card in passed:
                passer_hand.remove(card)
            returned = forced_returns(self.hands[receiver], passed)
            passer_hand.extend(returned)
            self.exchanges.append([passer, receiver, list(passed), returned])
            self._note(CardsPassed(passer, receiver, len(passed)))
            if len(self.exchanges) < len(self.passes):
                self.to_move = self.passes[len(self.exchanges)][0]
            else:
                self.decision = Decision.TRUMP
                self.to_move = self.dealer
            return
        if isinstance(action, NameTrump):
            self.trump = action.trump
            self.trump_named = True
            self.hands[seat].extend(self.kitty)
            self.kitty_taken = True
            self.decision = Decision.DISCARD
            return
        assert isinstance(action, Discard)
        hand = self.hands[seat]
        for card in action.cards:
            hand.remove(card)
        self.discards = list(in_pack_order(action.cards))
        self.decision = Decision.CARD
        self.to_move = self.leader

    def score_hand(self) -> None:
        """Score the hand just played out (tricks over or under each contract) and close it."""
        scores = [won - contract for won, contract in zip(self.tricks_won, self.contracts,
                                                          strict=True)]
        self._close_hand(scores)

    def _seen_chance(self, chance: dict[str, JSON], seat: int, hand: int) -> dict[str, JSON]:
        """The seat's own hand; the kitty only for the dealer who took it."""
        seen = super()._seen_chance(chance, seat, hand)
        took = seat == hand % PLAYERS and (hand < self.hand_number or self.kitty_taken)
        if not took:
            seen["kitty"] = None
        return seen

    def _seen_actions(self, actions: list[str], seat: int, hand: int) -> list[str | None]:
        """A pass only for its passer and receiver, the discard only for the dealer."""
        dealer = hand % PLAYERS
        passes = plan_passes(self.hand_scores[hand - 1], dealer) if hand > 0 else []
        seen: list[str | None] = list(actions)
        for index, (passer, receiver, _) in enumerate(passes[:len(seen)]):
            if seat not in (passer, receiver):
                seen[index] = None
        discard = len(passes) + 1  # after the passes and the naming of trump
        if discard < len(seen) and seat != dealer:
            seen[discard] = None
        return seen

    def _targets(self) -> tuple[int | None, ...]:
        """The contracts: 9, 5 and 2 tricks."""
        return tuple(self.contracts)

    def hand_declared(self) -> tuple[str | None, int | None]:
        """Trump and the dealer who named it."""
        trump, _ = super().hand_declared()
        return trump, self.dealer

    def _game_ends(self) -> bool:
        target = self.options["target"]
        return any(abs(t) >= target for t in self.totals)

    # --------------------------------------------------------- observation
    def observe(self, seat: int) -> NineFiveTwoObservation:
        """Own hand, contracts, trump, passing as this seat may see it, results and totals.

        The kitty and the discard are shown only to the dealer once taken/made;
        the cards of an exchange only to its passer and receiver (others see
        the count).  For a pass or discard, ``legal`` is empty (it would hold
        thousands of combinations); ``choose_count`` says how many cards of the
        hand to choose, which is all a player interface needs.
        """
        mover = self.to_move
        many = self.decision is Decision.PASS or self.decision is Decision.DISCARD
        pending = self.pending_pass()
        is_dealer = seat == self.dealer
        obs: NineFiveTwoObservation = {
            "game": "nine-five-two",
            **self._observe_tricks(seat),
            "dealer": self.dealer,
            "contracts": list(self.contracts),
            "target": self.options["target"],
            "trump_named": self.trump_named,
            "kitty_taken": self.kitty_taken,
            "kitty": card_strings(self.kitty) if is_dealer and self.kitty_taken else None,
            "discard": card_strings(self.discards) if is_dealer and self.discards else None,
            "discarded": bool(self.discards),
            "previous_results": list(self.hand_scores[-1]) if self.hand_number > 0 else None,
            "passing": [self._observe_exchange(i, seat) for i in range(len(self.passes))],
            "pass_to": None if pending is None else pending[1],
            "pass_count": None if pending is None else pending[2],
            "choose_count": self.choose_count() if many and mover == seat else None,
        }
        if many:
            # Thousands of combinations would swamp the page; choose_count is all it needs.
            obs["legal"] = []
        if not self.trump_named:
            obs["trump_name"] = None
        return obs

    def _observe_exchange(self, index: int, seat: int) -> ExchangeJSON:
        passer, receiver, count = self.passes[index]
        entry: ExchangeJSON = {"passer": passer, "receiver": receiver, "count": count,
                                  "done": index < len(self.exchanges),
                                  "cards": None, "returned": None}
        if index < len(self.exchanges) and seat in (passer, receiver):
            cards, returned = self.exchanges[index][2], self.exchanges[index][3]
            if cards is not None:
                entry["cards"] = card_strings(cards)
                entry["returned"] = card_strings(returned)
        return entry

    # ------------------------------------------------------ sampled worlds
    @classmethod
    def sample_world(cls, obs: NineFiveTwoObservation, rng: random.Random) -> NineFiveTwo:
        """A full state consistent with ``obs``: hidden cards dealt at random.

        Respected: own hand; cards played; voids shown in play; the cards this
        seat passed or received and where they went (until an exchange it did
        not see could have moved them); the returns' proof that the receiver
        held nothing higher in that suit; the kitty and discard for the dealer
        (the others see neither; the discard may hold cards passed to the dealer).
        """
        # The generator for later hands is seeded from this only if one is dealt.
        state = new_world(cls, obs, rng.getrandbits(64))
        seat: int = obs["seat"]
        dealer: int = obs["dealer"]
        state.dealer = dealer
        state.contracts = list(obs["contracts"])
        state.trump_named = obs["trump_named"]
        state.trump = None if obs["trump"] is None else int(Suit.parse(obs["trump"]))
        state.kitty_taken = obs["kitty_taken"]
        state.passes = [(e["passer"], e["receiver"], e["count"]) for e in obs["passing"]]
        state.exchanges = []
        played, voids = read_public_tricks(obs, state)
        gone = set(played)
        own = [Card.parse(c) for c in obs["hand"]]

        # Where this seat last saw each card go, and each seat's known ceiling per suit.
        holder: dict[Card, int] = {}
        ceiling: dict[tuple[int, int], int] = {}
        for entry in obs["passing"]:
            if not entry["done"]:
                break
            passer, receiver = entry["passer"], entry["receiver"]
            if entry["cards"] is None:
                state.exchanges.append([passer, receiver, None, None])
                for card in [c for c, h in holder.items() if h in (passer, receiver)]:
                    del holder[card]
                for key in [k for k in ceiling if k[0] in (passer, receiver)]:
                    del ceiling[key]
                continue
            cards = [Card.parse(c) for c in entry["cards"]]
            returned = [Card.parse(c) for c in entry["returned"] or ()]
            state.exchanges.append([passer, receiver, cards, returned])
            for card in cards:
                holder[card] = receiver
            for card in returned:
                holder[card] = passer
                key = (receiver, SUIT_OF[card])
                ceiling[key] = min(ceiling.get(key, 99), RANK_OF[card])

        is_dealer = seat == dealer
        kitty_known = [Card.parse(c) for c in obs["kitty"]] if obs["kitty"] else []
        discard_known = [Card.parse(c) for c in obs["discard"]] if obs["discard"] else []
        discarded: bool = obs["discarded"]
        sizes = [0 if s == seat else n for s, n in enumerate(obs["hand_sizes"])]
        if not state.kitty_taken:
            out_size = KITTY_SIZE
        elif discarded and not is_dealer:
            out_size = KITTY_SIZE
        else:
            out_size = 0
        if state.kitty_taken and dealer != seat:
            # The kitty (and maybe returns the dealer drew) could lift the dealer's suits.
            for key in [k for k in ceiling if k[0] == dealer]:
                del ceiling[key]
        pool = [c for c in CARDS if c not in gone and c not in own
                and c not in discard_known]
        allowed: dict[Card, list[int]] = {}
        open_seats = [s for s in range(PLAYERS) if sizes[s]] + ([OUT] if out_size else [])
        for card in pool:
            suit, rank = SUIT_OF[card], RANK_OF[card]
            known = holder.get(card)
            if known is not None and known != seat:
                if known == dealer and discarded and not is_dealer:
                    choices = [dealer, OUT]
                else:
                    choices = [known]
            else:
                choices = list(open_seats)
            allowed[card] = [h for h in choices
                             if h == OUT or (suit not in voids[h]
                                             and rank <= ceiling.get((h, suit), 99))]
        room = sizes + [out_size]
        dealt = deal_constrained(pool, room, allowed, rng, fresh_order=False)
        if dealt is None:
            # An odd observation: drop the constraints rather than fail.
            free = [p for p in range(len(room)) if room[p]]
            dealt = deal_constrained(pool, room, {c: free for c in pool}, rng, fresh_order=False)
            assert dealt is not None, "every card may go to any place with room"
        dealt[seat] = list(own)
        state.hands = dealt[:PLAYERS]
        out = dealt[OUT]
        if not state.kitty_taken:
            state.kitty = out
            state.discards = []
        elif not discarded:
            if is_dealer:
                state.kitty = kitty_known
            else:
                # The kitty is somewhere in the dealer's 20 cards.
                state.kitty = rng.sample(state.hands[dealer], KITTY_SIZE)
            state.discards = []
        elif is_dealer:
            state.kitty = kitty_known
            state.discards = discard_known
        else:
            state.kitty = list(out)
            state.discards = out
        return state


def _cards_word(count: int) -> str:
    return f"{count} card" + ("" if count == 1 else "s")


def _describe(action: Action) -> str:
    if isinstance(action, Play):
        return f"to play {action}"
    if isinstance(action, NameTrump):
        return f"to name trump {action}"
    if isinstance(action, PassCards):
        return f"to pass {action}"
    if isinstance(action, Discard):
        return f"to discard {action}"
    return str(action)


__all__ = ["NineFiveTwo", "contracts_for", "forced_returns", "plan_passes"]

"""Trick play shared by all five games: hands, follow suit, trick winners, observations."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from whist.actions import PLAYS, Action, Decision, Play
from whist.cards import SUIT_OF, SUIT_SYMBOLS, Card, Suit, format_trump
from whist.dealing import card_strings
from whist.events import TrickTaken
from whist.observations import Observation, TrickPlayObservation
from whist.protocol import GameState, illegal
from whist.trick_rule import trick_winner


class TrickGame(GameState):
    """A game whose hands are played out in tricks; subclasses add bidding and scoring."""

    hands: list[list[Card]]
    trump: int | None
    leader: int
    trick: list[tuple[int, Card]]
    tricks: list[tuple[int, list[tuple[int, Card]], int]]
    tricks_won: list[int]
    #: When false, any card may be played (Classic Whist with enforce_rules off).
    enforce_follow: bool = True
    #: True for games with two or more decks, where a hand can hold equal cards.
    multi_deck: bool = False

    #: Each card's penalty points, by card number: what a seat would rather not take
    #: (Black Queen's hearts and Q♠); none where only tricks count.
    card_points: ClassVar[tuple[int, ...]] = (0,) * 52

    def _reset_tricks(self, hands: list[list[Card]], leader: int) -> None:
        """Begin trick play bookkeeping for a new hand."""
        self.hands = hands
        self.leader = leader
        self.trick = []
        self.tricks = []
        self.tricks_won = [0] * self.players

    # --------------------------------------------------------------- play
    def legal_plays(self, seat: int) -> list[Action]:
        """The cards ``seat`` may play now: the led suit if it holds one (when following is
        enforced), else any card; repeats dropped with two decks.

        What ``legal_actions()`` returns at a card decision, for the games that play from
        the hand only (not Black Queen's face-up rows).
        """
        hand = self.hands[seat]
        if self.trick and self.enforce_follow:
            led = SUIT_OF[self.trick[0][1]]
            follow: list[Action] = [PLAYS[c] for c in hand if SUIT_OF[c] == led]
            if follow:
                return unique_actions(follow) if self.multi_deck else follow
        plays: list[Action] = [PLAYS[c] for c in hand]
        return unique_actions(plays) if self.multi_deck else plays

    def _explain_play(self, action: Action) -> str | None:
        """Why a card play is illegal, in words."""
        if self.decision is not Decision.CARD:
            return illegal("wrong-kind", f"it is not time to play a card: {self.pending_text()}")
        if not isinstance(action, Play):
            return illegal("wrong-kind", f"{action} is not a card")
        seat = self.to_move
        assert seat is not None
        if action.up is not None:
            return illegal("not-held", "that card is not in a face-up row")
        if action.card not in self.hands[seat]:
            return illegal("not-held", f"{action.card} is not in your hand")
        if self.trick and self.enforce_follow:
            led = SUIT_OF[self.trick[0][1]]
            return illegal("must-follow", f"you must follow {SUIT_SYMBOLS[led]}")
        return None

    def play_card(self, seat: int, card: Card) -> int | None:
        """Move ``card`` from the seat's hand to the trick; return the winner if the trick ends.

        The trick play of a card already known to be legal (a game's ``_do`` calls it;
        the hand's scoring is the game's, :meth:`score_hand`).
        """
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.players:
            self.to_move = (seat + 1) % self.players
            return None
        winner = self.trick[trick_winner(self.trick, self.trump)][0]
        if self._events is not None:
            self._events.append(TrickTaken(self.leader, tuple(self.trick), winner))
        self.tricks.append((self.leader, self.trick, winner))
        self.tricks_won[winner] += 1
        self.trick = []
        self.leader = winner
        self.to_move = winner
        return winner

    # -------------------------------------------------------- observation
    def _observe_tricks(self, seat: int) -> TrickPlayObservation:
        """The common part of every game's observation for ``seat``."""
        legal = [str(a) for a in self.legal_actions()] if self.to_move == seat else []
        last = self.tricks[-1] if self.tricks else None
        return {
            "title": self.title,
            "options": dict(self.options),
            "players": self.players,
            "seat": seat,
            "hand_number": self.hand_number,
            "to_move": self.to_move,
            "decision": None if self.decision is None else self.decision.value,
            "legal": legal,
            "hand": card_strings(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "trump": None if self.trump is None else SUIT_SYMBOLS[self.trump],
            "trump_name": format_trump(None if self.trump is None else Suit(self.trump)),
            "leader": self.leader,
            "trick": [(s, str(c)) for s, c in self.trick],
            "tricks": [{"leader": lead, "plays": [(s, str(c)) for s, c in plays],
                        "winner": win} for lead, plays, win in self.tricks],
            "last_trick": None if last is None else {
                "leader": last[0], "plays": [(s, str(c)) for s, c in last[1]],
                "winner": last[2]},
            "tricks_won": list(self.tricks_won),
            "totals": list(self.totals),
            "hand_scores": [list(h) for h in self.hand_scores],
            "over": self.over,
            "winners": self.winners() if self.over else [],
        }

    def score_hand(self) -> None:
        """Score the hand whose last trick was just taken, then close it (hook).

        The game's own scoring rule, in one place: ``step``/``apply`` call it after the
        hand's last trick, and a search that plays a hand's cards on by itself (e.g.
        ``engines/fast_rollout.py``) calls it to score the hand the same way.  A game
        that scores trick by trick (Classic Whist) has none.
        """
        raise NotImplementedError(f"{self.title} scores no hand at its end")

    def hand_result(self) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
        """Each seat's tricks this hand, and what it played for (:meth:`_targets`)."""
        return tuple(self.tricks_won), self._targets()

    def _targets(self) -> tuple[int | None, ...]:
        """What each seat played for this hand: a bid, bet or contract (hook; default none)."""
        return ()

    # ------------------------------------------------------- search facts
    def wants_tricks(self, seat: int) -> bool:
        """Whether another trick would raise ``seat``'s score for this hand as it stands.

        A search's rollouts play for tricks while it does and duck otherwise.  By
        default always (every trick counts); a game with bids or penalties says.
        """
        return True

    def cards_to_give(self) -> int | None:
        """How many cards the seat to move must give away now (a discard or a pass), if any."""
        return None

    @classmethod
    def card_copies(cls, obs: Observation) -> list[int]:
        """How many copies of each card (by number) the pack of ``obs``'s game holds."""
        return [1] * 52

    @classmethod
    def cards_gone(cls, obs: Observation) -> list[int]:
        """How many copies of each card ``obs``'s seat knows no other seat can play any more.

        Its own cards (its hand, and a face-up row where the game has one) and every card
        of the hand's completed tricks.  Not the trick in progress: its cards are still
        to be beaten (after a led K♥, A♥ wins and 3♥ does not, though every heart
        between them is gone).
        """
        gone = [0] * 52
        for text in cls.own_cards(obs):
            gone[Card.parse(text)] += 1
        for trick in obs["tricks"]:
            for _, text in trick["plays"]:
                gone[Card.parse(text)] += 1
        return gone

    @classmethod
    def own_cards(cls, obs: Observation) -> list[str]:
        """Every card ``obs``'s seat may play, in notation: its hand (and face-up row, if any)."""
        return list(obs["hand"])

    def hand_declared(self) -> tuple[str | None, int | None]:
        """The hand's trump (``"♥"``, ``"NT"``); no seat chose it unless a game says so."""
        return format_trump(None if self.trump is None else Suit(self.trump)), None

    def public_cards_seen(self) -> list[Card]:
        """Every card played this hand, completed tricks and the current one."""
        seen = [c for _, plays, _ in self.tricks for _, c in plays]
        seen.extend(c for _, c in self.trick)
        return seen


#: A trick game's class (for :func:`new_world`).
G = TypeVar("G", bound=TrickGame)


def unique_actions(actions: list[Action]) -> list[Action]:
    """Drop repeated actions, keeping the first of each (two decks can put equal cards in one hand)."""
    if len(actions) < 2:
        return actions
    return list(dict.fromkeys(actions))


# ------------------------------------------------ sampled worlds for search
def new_world(cls: type[G], obs: Observation, deal_seed: int = 0) -> G:
    """A search state of ``cls`` holding the fields every sampled world reads off ``obs``
    (its public state; see :meth:`GameState.search_world`); the game's ``sample_world``
    sets the rest.

    ``deal_seed`` seeds the generator of a later hand, should the world deal one.
    """
    return cls.search_world({
        "options": dict(obs["options"]),
        "players": obs["players"],
        "to_move": obs["to_move"],
        "decision": None if obs["decision"] is None else Decision(obs["decision"]),
        "over": obs["over"],
        "hand_over": obs["over"],
        "totals": list(obs["totals"]),
        "hand_scores": [list(h) for h in obs["hand_scores"]],
        # A search adds nothing to it (see GameState.hand_results).
        "hand_results": [],
        "leader": obs["leader"],
        "tricks_won": list(obs["tricks_won"]),
    }, hands=obs["hand_number"] + 1, deal_seed=deal_seed)


def read_public_tricks(obs: Observation, state: TrickGame) -> tuple[list[Card], list[set[int]]]:
    """Fill the state's tricks from ``obs``; return the cards played and each seat's voids."""
    voids: list[set[int]] = [set() for _ in range(obs["players"])]
    played: list[Card] = []
    state.tricks = []
    for t in obs["tricks"]:
        plays = [(s, Card.parse(c)) for s, c in t["plays"]]
        state.tricks.append((t["leader"], plays, t["winner"]))
        note_voids(plays, voids)
        played.extend(c for _, c in plays)
    state.trick = [(s, Card.parse(c)) for s, c in obs["trick"]]
    note_voids(state.trick, voids)
    played.extend(c for _, c in state.trick)
    return played, voids


def note_voids(plays: list[tuple[int, Card]], voids: list[set[int]]) -> None:
    """Add to ``voids`` every seat that did not follow the led suit in ``plays``."""
    if not plays:
        return
    led = SUIT_OF[plays[0][1]]
    for seat, card in plays[1:]:
        if SUIT_OF[card] != led:
            voids[seat].add(led)

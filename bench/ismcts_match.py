"""``strong`` against OpenSpiel's ISMCTS bot on OpenSpiel's own ``oh_hell`` hands.

    python bench/ismcts_match.py --deals N --seed S --seconds T [--json] [--out PATH]
                                 [--uct-c C] [--calibrate]
                                 [--iterations K --ismcts-simulations N]

The game is OpenSpiel's ``oh_hell`` with 4 players and 10 tricks
(``pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 10})``):
its chance nodes (dealer, 40 cards, then one more card turned up whose suit is
trump) are played from ``random.Random(S * 1_000_003 + d)`` for deal ``d``, and
each hand is scored by OpenSpiel itself (the returns of its terminal state).

Duplicate format: each deal is played twice on the same chance outcomes, once
with ``strong`` in seats 0 and 2 and ISMCTS in 1 and 3, once the other way
round, so each side holds every hand once.  A deal's figure is strong's mean
return over its four seat-hands minus ISMCTS's over its four; the report gives
the mean of that over deals with a 95% t confidence interval, and the mean
wall-clock seconds per decision of each side.

Equal time per decision: ``--seconds T`` is both sides' budget.  ISMCTS gets it
as its own ``max_wall_clock_time`` (it searches until T has passed), ``strong``
as its ``budget`` (it stops at the first world finished after T, so it overruns
by a little and sometimes stops early when every card is equivalent).  The
time is measured around each call, the adapter included, and reported.
Decisions with a single legal action are played without asking either side.
``--calibrate`` also times ISMCTS at a fixed simulation count to report how
many simulations T buys it.

ISMCTS settings: ``pyspiel.ISMCTSBot(seed, RandomRolloutEvaluator(1, seed),
uct_c, max_simulations=10**9, max_world_samples=-1 (a fresh world from the
information state every simulation), MAX_VISIT_COUNT, use_observation_string=False,
allow_inconsistent_action_sets=False, max_wall_clock_time=T)``.  ``uct_c``
defaults to 10: returns here run from 0 to 20, not the 0..1 that c ≈ 1.4
is meant for (30 duplicate deals of ISMCTS c = 10 against c = 2 at 0.02 s
gave +0.63 [-0.75, +2.01]: no clear difference).  If a timed search fails
because the busy machine gave it no time at all, that decision is searched
with 300 simulations instead (``ismcts_fallbacks`` in the JSON).

The adapter (:class:`StrongAdapter`) turns an OpenSpiel state into the
observation our own Diminishing Whist would show the seat (seats renumbered so
that the first bidder, left of OpenSpiel's dealer, is our seat 0, the opener;
the real trump; the turned-up card listed under ``"seen"`` so that strong's
sampled worlds never deal it to anyone), asks ``strong``, and maps its bid or
card back to OpenSpiel's action id.

Scoring differs: OpenSpiel scores tricks taken plus 10 for an exact bid
(without its optional off-bid penalty), so an overbid hand still scores its
tricks; our Diminishing Whist scores an overbid hand 0.  By default ``strong``
searches worlds of :class:`OhHellRound` (our round scored OpenSpiel's way,
through its ``world_class`` setting) and values a rollout by its own score
alone (``others_weight`` 0), since that is what the match counts;
``--strong-scoring ours`` and ``--others-weight W`` put back our own scoring
and the arena's weighting (the first published run used those).

Information: OpenSpiel 2.0.2's ``oh_hell`` resamples a world for ISMCTS by
shuffling the cards the other players really hold among them; the 11 cards
nobody was dealt never enter its worlds (measured: an opponent keeps 3.3 of its
10 real cards per resample, 10 x 10/30, where a deal from the 41 unseen cards
gives 2.44, and no undealt card was ever dealt in 2,000 resamples).  ISMCTS
therefore knows which cards are out of play.  ``--strong-knows-undealt`` gives
``strong`` the same knowledge (the undealt cards join ``"seen"``, so its worlds
are dealt from the same 30 cards): the match on equal information.
``--fair-ismcts K`` closes the leak on ISMCTS's side instead (with
``--ismcts-simulations``): each decision's simulations are split over K copies
of the state with the unseen cards re-dealt at random (bench/ismcts_fair_child.py).
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyspiel  # noqa: E402

from bench.ismcts_server import IsmctsServer, child_digest, ismcts_bot  # noqa: E402
from bench.oh_hell_round import OhHellRound  # noqa: E402
from engines.arena import mean_ci  # noqa: E402
from engines.interface import Engine, EngineError  # noqa: E402
from engines.levels import load_engine  # noqa: E402
from whist.actions import BIDS, PLAYS, Action, Bid, Play  # noqa: E402
from whist.cards import SUIT_OF, Card, Suit, format_trump  # noqa: E402
from whist.games.diminishing import SCHEDULE, DiminishingWhist  # noqa: E402
from whist.protocol import Observation
from whist.trick_rule import trick_winner

PLAYERS = 4
TRICKS = 10
GAME_PARAMS: dict[str, int] = {"players": PLAYERS, "num_tricks_fixed": TRICKS}
BID_OFFSET = 52  # oh_hell bid actions are 52 + tricks for a 52-card deck
#: History positions: the number of tricks, the dealer, the 40 cards, the turned-up card.
DEALER_AT = 1
DEAL_AT = 2
TRUMP_AT = DEAL_AT + PLAYERS * TRICKS
BIDS_AT = TRUMP_AT + 1
PLAYS_AT = BIDS_AT + PLAYERS


def load_game() -> Any:
    """OpenSpiel's ``oh_hell`` with four players and ten tricks."""
    return pyspiel.load_game("oh_hell", GAME_PARAMS)


_CARD_OF: dict[int, Card] = {}


def card_of_action(game: Any) -> dict[int, Card]:
    """OpenSpiel card action id -> our card, read once from its deal-phase action strings."""
    if not _CARD_OF:
        state = game.new_initial_state()
        while len(state.legal_actions()) < 52:  # skip the tricks and dealer chance nodes
            state.apply_action(state.legal_actions()[0])
        for a in state.legal_actions():
            _CARD_OF[a] = Card.parse(state.action_to_string(a))
        if len(set(_CARD_OF.values())) != 52:
            raise RuntimeError("oh_hell's card strings did not give 52 distinct cards")
    return _CARD_OF


def deal_chance(game: Any, seed: int) -> list[int]:
    """The chance actions of one hand (tricks, dealer, deal, trump card), drawn from ``seed``."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    actions: list[int] = []
    while state.is_chance_node():
        outcomes = [a for a, _ in state.chance_outcomes()]  # all uniform in oh_hell
        action = outcomes[rng.randrange(len(outcomes))]
        state.apply_action(action)
        actions.append(action)
    if len(actions) != PLAYS_AT - PLAYERS:
        raise RuntimeError(f"expected {PLAYS_AT - PLAYERS} chance actions, got {len(actions)}")
    return actions


# ------------------------------------------------------------------ the adapter
@dataclass
class Replay:
    """A hand of ``oh_hell`` read back from its history, in OpenSpiel's player numbers."""

    dealer: int
    hands: list[list[Card]]  # cards still held, in dealt order
    up: Card  # the turned-up card: its suit is trump
    bids: list[int | None]
    tricks: list[tuple[int, list[tuple[int, Card]], int]] = field(default_factory=list)
    trick: list[tuple[int, Card]] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=lambda: [0] * PLAYERS)

    @property
    def first(self) -> int:
        """The first bidder and first leader: left of the dealer."""
        return (self.dealer + 1) % PLAYERS

    @property
    def trump(self) -> int:
        """The trump suit (OpenSpiel always has one)."""
        return SUIT_OF[self.up]

    @property
    def leader(self) -> int:
        """Who leads (or led) the current trick."""
        if self.trick:
            return self.trick[0][0]
        return self.tricks[-1][2] if self.tricks else self.first


def replay(history: Sequence[int], card_of: dict[int, Card]) -> Replay:
    """Read an ``oh_hell`` history: deal round-robin from player 0, bids, then tricks."""
    if len(history) < BIDS_AT:
        raise ValueError("the hand has not been dealt yet")
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for i, action in enumerate(history[DEAL_AT:TRUMP_AT]):
        hands[i % PLAYERS].append(card_of[action])
    view = Replay(dealer=history[DEALER_AT], hands=hands, up=card_of[history[TRUMP_AT]],
                  bids=[None] * PLAYERS)
    for i, action in enumerate(history[BIDS_AT:PLAYS_AT]):
        view.bids[(view.first + i) % PLAYERS] = action - BID_OFFSET
    player = view.first
    for action in history[PLAYS_AT:]:
        card = card_of[action]
        view.hands[player].remove(card)
        view.trick.append((player, card))
        if len(view.trick) < PLAYERS:
            player = (player + 1) % PLAYERS
            continue
        winner = view.trick[trick_winner(view.trick, view.trump)][0]
        view.tricks.append((view.trick[0][0], view.trick, winner))
        view.tricks_won[winner] += 1
        view.trick = []
        player = winner
    return view


def our_legal(view: Replay, player: int) -> list[Action]:
    """The legal actions of ``player`` by our rules, in our game's order."""
    if None in view.bids:
        made = [b for b in view.bids if b is not None]
        forbidden = TRICKS - sum(made) if len(made) == PLAYERS - 1 else None
        return [BIDS[b] for b in range(TRICKS + 1) if b != forbidden]
    hand = view.hands[player]
    if view.trick:
        led = SUIT_OF[view.trick[0][1]]
        follow: list[Action] = [PLAYS[c] for c in hand if SUIT_OF[c] == led]
        if follow:
            return follow
    return [PLAYS[c] for c in hand]


def undealt(history: Sequence[int], card_of: dict[int, Card]) -> list[Card]:
    """The cards of the deck that no player was dealt and that were not turned up."""
    used = set(history[DEAL_AT:TRUMP_AT + 1])
    return [card for action, card in sorted(card_of.items()) if action not in used]


def observation(state: Any, player: int, card_of: dict[int, Card],
                knows_undealt: bool = False) -> Observation:
    """What our Diminishing Whist would show ``player`` in this ``oh_hell`` state.

    Seats are renumbered so that the first bidder is our seat 0 (the opener of
    our round 1): our seat = (player - first) mod 4.  The trump is the
    turned-up card's suit and that card is listed under ``"seen"`` (out of
    play, so :meth:`DiminishingWhist.sample_world` deals it to nobody); with
    ``knows_undealt``, so are the cards nobody was dealt (what ISMCTS's
    resampling knows, see the module docstring).
    """
    view = replay(state.history(), card_of)
    first = view.first

    def ours(p: int) -> int:
        return (p - first) % PLAYERS

    def plays(trick: list[tuple[int, Card]]) -> list[list[Any]]:
        return [(ours(p), str(c)) for p, c in trick]

    mover = state.current_player()
    to_move = None if state.is_terminal() else ours(mover)
    bidding = None in view.bids
    bids = [view.bids[(s + first) % PLAYERS] for s in range(PLAYERS)]
    made = [b for b in bids if b is not None]
    forbidden = None
    if bidding and len(made) == PLAYERS - 1 and 0 <= TRICKS - sum(made) <= TRICKS:
        forbidden = TRICKS - sum(made)
    tricks = [{"leader": ours(lead), "plays": plays(trick), "winner": ours(win)}
              for lead, trick, win in view.tricks]
    seat = ours(player)
    legal = [str(a) for a in our_legal(view, player)] if to_move == seat else []
    return {
        "game": DiminishingWhist.name,
        "title": DiminishingWhist.title,
        "options": {"players": PLAYERS},
        "players": PLAYERS,
        "seat": seat,
        "hand_number": 0,
        "to_move": to_move,
        "decision": None if to_move is None else ("bid" if bidding else "card"),
        "legal": legal,
        "hand": [str(c) for c in view.hands[player]],
        "hand_sizes": [len(view.hands[(s + first) % PLAYERS]) for s in range(PLAYERS)],
        "trump": Suit(view.trump).symbol,
        "trump_name": format_trump(Suit(view.trump)),
        "leader": ours(view.leader),
        "trick": plays(view.trick),
        "tricks": tricks,
        "last_trick": tricks[-1] if tricks else None,
        "tricks_won": [view.tricks_won[(s + first) % PLAYERS] for s in range(PLAYERS)],
        "totals": [0] * PLAYERS,
        "hand_scores": [],
        "over": False,
        "winners": [],
        "round": 0,
        "cards": TRICKS,
        "schedule": [(n, "NT" if t is None else t.symbol) for n, t in SCHEDULE],
        "opener": 0,
        "bids": bids,
        "forbidden_bid": forbidden,
        "seen": [str(view.up)] + ([str(c) for c in undealt(state.history(), card_of)]
                                  if knows_undealt else []),
    }


def to_openspiel(action: Action, card_of: dict[int, Card]) -> int:
    """Our bid or card as OpenSpiel's action id."""
    if isinstance(action, Bid):
        return BID_OFFSET + action.tricks
    if isinstance(action, Play):
        for a, card in card_of.items():
            if card == action.card:
                return a
    raise ValueError(f"{action} has no oh_hell action")


def from_openspiel(action: int, card_of: dict[int, Card]) -> Action:
    """OpenSpiel's bid or card action id as our action."""
    if action >= BID_OFFSET:
        return BIDS[action - BID_OFFSET]
    return PLAYS[card_of[action]]


class StrongAdapter:
    """Plays an ``oh_hell`` seat with one of our engines (``strong``) through our observation."""

    def __init__(self, engine: Engine, card_of: dict[int, Card],
                 knows_undealt: bool = False) -> None:
        """``engine`` plays Diminishing Whist; ``card_of`` maps OpenSpiel card ids to our cards;
        ``knows_undealt``: the engine is told which cards nobody was dealt."""
        self.engine = engine
        self.card_of = card_of
        self.knows_undealt = knows_undealt

    def step(self, state: Any) -> int:
        """The engine's choice for the player to move, as an OpenSpiel action id."""
        player = state.current_player()
        obs = observation(state, player, self.card_of, self.knows_undealt)
        view_legal = our_legal(replay(state.history(), self.card_of), player)
        theirs = sorted(state.legal_actions())
        if sorted(to_openspiel(a, self.card_of) for a in view_legal) != theirs:
            raise RuntimeError(f"legal actions disagree: ours {view_legal}, oh_hell's {theirs}")
        action = to_openspiel(self.engine.choose(obs, view_legal), self.card_of)
        if action not in theirs:
            raise RuntimeError(f"the engine chose an illegal action {action}")
        return action


class ISMCTSAgent:
    """ISMCTS under a time limit, with a fallback for a search that got no time at all.

    OpenSpiel's bot fails a check when its clock runs out before a second
    simulation (it happens when the busy machine deschedules the process for
    the whole budget); that decision is then searched with a few hundred
    simulations instead (counted in ``fallbacks``, timed like any other).
    """

    FALLBACK_SIMULATIONS = 300

    def __init__(self, seed: int, seconds: float, uct_c: float,
                 simulations: int | None = None, server: IsmctsServer | None = None,
                 fair_worlds: int = 0) -> None:
        """The bot for one seat: ``seconds`` per decision (or exactly ``simulations``),
        exploration ``uct_c``.  With ``server`` and ``simulations``, each decision is
        searched by a fresh bot in the server's forked child, seeded by ``seed`` and the
        state's move number: the same state always gets the same answer."""
        self.seed = seed
        self.uct_c = uct_c
        self.simulations = simulations
        self.server = server if simulations is not None else None
        if fair_worlds > 0 and self.server is None:
            raise ValueError("a fair ISMCTS searches in the server: give it simulations and one")
        self.fair_worlds = fair_worlds
        if simulations is None:
            self.bot = ismcts_bot(seed, seconds, uct_c)
        elif self.server is None:
            self.bot = ismcts_bot(seed, 0.0, uct_c, simulations)
        self.fallbacks = 0

    def step(self, state: Any) -> int:
        """The bot's action for the player to move."""
        if self.server is not None and self.simulations is not None:
            history = state.history()
            return self.server.step(history, self.seed * 1_000_003 + len(history),
                                    self.simulations, self.uct_c, self.fair_worlds)
        try:
            return int(self.bot.step(state))
        except pyspiel.SpielError:
            self.fallbacks += 1
            fallback = ismcts_bot(self.seed + self.fallbacks, 0.0, self.uct_c,
                                  self.FALLBACK_SIMULATIONS)
            return int(fallback.step(state))


class SplitAgent:
    """One seat that bids with one agent and plays its cards with another.

    ``--strong-decides bids`` seats ``strong``'s bids over ISMCTS's card play
    (and ``cards`` the other way round): against plain ISMCTS, the difference
    is what ``strong``'s bidding alone (or its card play alone) gains or loses.
    """

    def __init__(self, bids: Callable[[Any], int], cards: Callable[[Any], int]) -> None:
        """``bids`` chooses at a bid, ``cards`` at a card."""
        self.bids = bids
        self.cards = cards

    def step(self, state: Any) -> int:
        """The bid agent's choice while bidding, else the card agent's."""
        bidding = min(state.legal_actions()) >= BID_OFFSET
        return self.bids(state) if bidding else self.cards(state)


#: ``--strong-decides``: which of a ``strong`` seat's decisions ``strong`` makes.
DECIDES = ("all", "bids", "cards")


# ------------------------------------------------------------------ the match
@dataclass
class HandResult:
    """One hand: who sat where, OpenSpiel's returns, bids, tricks, decision times."""

    kinds: list[str]
    returns: list[float]
    bids: list[int]
    tricks: list[int]
    times: dict[str, list[float]]
    #: OpenSpiel's history of the hand (chance, bids and cards): :func:`replay` reads it.
    history: list[int]


def play_hand(game: Any, chance: list[int], agents: list[Callable[[Any], int]],
              kinds: list[str]) -> HandResult:
    """Play one hand from ``chance`` with ``agents[p]`` choosing for OpenSpiel player p."""
    card_of = card_of_action(game)
    state = game.new_initial_state()
    for action in chance:
        state.apply_action(action)
    times: dict[str, list[float]] = {kind: [] for kind in set(kinds)}
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])  # nothing to decide: neither side is asked
            continue
        start = time.perf_counter()
        action = agents[player](state)
        times[kinds[player]].append(time.perf_counter() - start)
        if action not in legal:
            raise RuntimeError(f"{kinds[player]} chose illegal action {action}")
        state.apply_action(action)
    returns = list(state.returns())
    view = replay(state.history(), card_of)
    bids = [b if b is not None else -1 for b in view.bids]
    # Our reading of the hand must give OpenSpiel's scores: tricks, +10 when exact.
    expected = [t + (10 if t == b else 0) for b, t in zip(bids, view.tricks_won, strict=True)]
    if expected != returns:
        raise RuntimeError(f"scores disagree: ours {expected}, oh_hell's {returns}")
    return HandResult(kinds, returns, bids, list(view.tricks_won), times, list(state.history()))


#: ``--strong-scoring``: the class whose worlds ``strong`` searches.
WORLD_CLASSES: dict[str, type[DiminishingWhist]] = {"oh_hell": OhHellRound,
                                                    "ours": DiminishingWhist}


def arrangements() -> list[list[str]]:
    """The two seatings of a duplicate deal."""
    return [["strong", "ismcts"] * 2, ["ismcts", "strong"] * 2]


def seat_seed(seed: int, deal: int, rotation: int, player: int) -> int:
    """The seed of the engine at OpenSpiel ``player`` in hand ``rotation`` (0 or 1, as
    :func:`arrangements`) of deal ``deal`` of a match seeded ``seed``."""
    return (seed * 1_000_003 + deal) * 16 + rotation * 4 + player


def play_deal(game: Any, deal: int, seed: int, seconds: float, uct_c: float,
              iterations: int | None = None, scoring: str = "oh_hell",
              others_weight: float | None = 0.0,
              settings: dict[str, Any] | None = None, decides: str = "all",
              engine_spec: str = "strong",
              ismcts_simulations: int | None = None,
              server: IsmctsServer | None = None,
              knows_undealt: bool = False, fair_worlds: int = 0) -> dict[str, Any]:
    """Both seatings of deal ``deal``; the deal's difference and everything to report.

    ``knows_undealt``: ``strong`` is told the cards nobody was dealt, as ISMCTS's
    resampling knows them (equal information); ``fair_worlds`` > 0: ISMCTS is not
    (its searches split over that many fairly re-dealt copies of the state).

    ``server``: with ``ismcts_simulations``, every ISMCTS decision is searched in its forked
    child (bench/ismcts_server.py), so the same state always gets the same answer.

    ``ismcts_simulations``: ISMCTS searches exactly this many simulations per decision
    instead of ``seconds`` (with ``iterations``, a match the machine's load cannot change).

    ``engine_spec``: the engine in the ``strong`` seats (a bench variant such as
    ``bench.strong_variants:Tunable``, which takes the settings measured and left off).

    ``decides``: ``strong``'s seats make all their decisions with ``strong`` or only
    their bids or only their cards, the others with an ISMCTS of their own.
    """
    card_of = card_of_action(game)
    chance = deal_chance(game, seed * 1_000_003 + deal)
    hands: list[HandResult] = []
    bots: list[ISMCTSAgent] = []
    for rotation, kinds in enumerate(arrangements()):
        agents: list[Callable[[Any], int]] = []
        for player, kind in enumerate(kinds):
            agent_seed = seat_seed(seed, deal, rotation, player)
            if kind == "strong":
                engine = load_engine(engine_spec, DiminishingWhist.name, seed=agent_seed,
                                     budget=seconds if iterations is None else None,
                                     iterations=iterations,
                                     world_class=WORLD_CLASSES[scoring],
                                     others_weight=others_weight, **(settings or {}))
                agent = StrongAdapter(engine, card_of, knows_undealt).step
                if decides != "all":
                    own = ISMCTSAgent(agent_seed % 2**31, seconds, uct_c, ismcts_simulations,
                                      server, fair_worlds)
                    bots.append(own)
                    agent = (SplitAgent(agent, own.step) if decides == "bids"
                             else SplitAgent(own.step, agent)).step
                agents.append(agent)
            else:
                bot = ISMCTSAgent(agent_seed % 2**31, seconds, uct_c, ismcts_simulations, server,
                                  fair_worlds)
                bots.append(bot)
                agents.append(bot.step)
        hands.append(play_hand(game, chance, agents, kinds))
    score = {kind: [h.returns[p] for h in hands for p in range(PLAYERS) if h.kinds[p] == kind]
             for kind in ("strong", "ismcts")}
    exact = {kind: [h.bids[p] == h.tricks[p] for h in hands for p in range(PLAYERS)
                    if h.kinds[p] == kind] for kind in ("strong", "ismcts")}
    return {
        "deal": deal,
        "chance": chance,
        "difference": statistics.fmean(score["strong"]) - statistics.fmean(score["ismcts"]),
        "strong_mean": statistics.fmean(score["strong"]),
        "ismcts_mean": statistics.fmean(score["ismcts"]),
        "strong_exact": sum(exact["strong"]),
        "ismcts_exact": sum(exact["ismcts"]),
        "ismcts_fallbacks": sum(bot.fallbacks for bot in bots),
        "hands": [{"kinds": h.kinds, "returns": h.returns, "bids": h.bids, "tricks": h.tricks,
                   "history": h.history} for h in hands],
        "times": {kind: [t for h in hands for t in h.times.get(kind, [])]
                  for kind in ("strong", "ismcts")},
    }


def calibrate(game: Any, seconds: float, uct_c: float, simulations: int = 2000) -> dict[str, float]:
    """ISMCTS's speed on a first-bid state: seconds for ``simulations``, and sims per ``seconds``."""
    state = game.new_initial_state()
    for action in deal_chance(game, 12345):
        state.apply_action(action)
    bot = ismcts_bot(1, 0.0, uct_c, simulations)
    start = time.perf_counter()
    for _ in range(3):
        bot.step(state)
    took = (time.perf_counter() - start) / 3
    return {"simulations": simulations, "seconds": took,
            "simulations_per_decision": simulations * seconds / took}


def _interrupt(signum: int, frame: object) -> None:
    """SIGTERM stops a match as Ctrl-C does."""
    raise KeyboardInterrupt


def summarize(results: list[dict[str, Any]], args: argparse.Namespace,
              calibration: dict[str, float] | None, elapsed: float) -> dict[str, Any]:
    """The match's figures: mean difference with its 95% CI, means, exact bids, times."""
    mean, low, high = mean_ci([r["difference"] for r in results])
    times = {kind: [t for r in results for t in r["times"][kind]] for kind in ("strong", "ismcts")}
    hands = 2 * len(results) * PLAYERS // 2  # seat-hands per side
    return {
        "game": "oh_hell", "params": GAME_PARAMS, "deals": len(results), "deals_asked": args.deals,
        "seed": args.seed,
        "seconds": args.seconds, "uct_c": args.uct_c, "iterations": args.iterations,
        "strong_scoring": args.strong_scoring, "others_weight": args.others_weight,
        "strong_engine": args.strong, "strong_settings": args.strong_settings,
        "strong_decides": args.strong_decides, "ismcts_simulations": args.ismcts_simulations,
        "ismcts_repeatable": args.ismcts_simulations is not None and not args.ismcts_in_process,
        "ismcts_child": child_digest(args.fair_ismcts > 0),
        "strong_knows_undealt": args.strong_knows_undealt,
        "ismcts_fair_worlds": args.fair_ismcts,
        "mean_difference": mean, "ci_low": low, "ci_high": high,
        "strong_mean": statistics.fmean(r["strong_mean"] for r in results),
        "ismcts_mean": statistics.fmean(r["ismcts_mean"] for r in results),
        "strong_exact_rate": sum(r["strong_exact"] for r in results) / hands,
        "ismcts_exact_rate": sum(r["ismcts_exact"] for r in results) / hands,
        "strong_seconds_per_decision": statistics.fmean(times["strong"]),
        "ismcts_seconds_per_decision": statistics.fmean(times["ismcts"]),
        "strong_decisions": len(times["strong"]), "ismcts_decisions": len(times["ismcts"]),
        "ismcts_fallbacks": sum(r["ismcts_fallbacks"] for r in results),
        "calibration": calibration, "elapsed_seconds": elapsed,
        "results": [{k: v for k, v in r.items() if k != "times"} for r in results],
    }


def report_lines(summary: dict[str, Any]) -> list[str]:
    """The summary in words."""
    s = summary
    lines = [
        f"oh_hell {s['params']}: {s['deals']} duplicate deals, seed {s['seed']}, "
        f"{s['seconds']} s per decision, ISMCTS uct_c {s['uct_c']}; strong searches "
        f"{s['strong_scoring']} scoring, others weight {s['others_weight']}",
        f"strong mean {s['strong_mean']:.2f}, ISMCTS mean {s['ismcts_mean']:.2f} per seat-hand",
        f"mean difference {s['mean_difference']:+.2f}, 95% CI "
        f"[{s['ci_low']:+.2f}, {s['ci_high']:+.2f}]",
        f"exact bids: strong {s['strong_exact_rate']:.1%}, ISMCTS {s['ismcts_exact_rate']:.1%}",
        f"seconds per decision: strong {s['strong_seconds_per_decision']:.3f} "
        f"({s['strong_decisions']} decisions), ISMCTS {s['ismcts_seconds_per_decision']:.3f} "
        f"({s['ismcts_decisions']} decisions, {s['ismcts_fallbacks']} fallback searches)",
        f"wall time {s['elapsed_seconds']:.0f} s",
    ]
    if s.get("iterations") or s.get("ismcts_simulations"):
        lines.append(f"fixed budgets: strong {s.get('iterations') or 'by time'} rollouts, "
                     f"ISMCTS {s.get('ismcts_simulations') or 'by time'} simulations "
                     "per decision")
    if s["calibration"]:
        c = s["calibration"]
        lines.append(f"ISMCTS speed: {c['simulations']} simulations in {c['seconds']:.3f} s, "
                     f"about {c['simulations_per_decision']:.0f} per {s['seconds']} s decision")
    return lines


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=10, help="duplicate deals to play")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the players")
    parser.add_argument("--seconds", type=float, default=0.2,
                        help="seconds per decision for both sides")
    parser.add_argument("--uct-c", type=float, default=10.0, help="ISMCTS exploration constant")
    parser.add_argument("--iterations", type=int, default=None,
                        help="give strong this many rollouts instead of --seconds (tests)")
    parser.add_argument("--ismcts-simulations", type=int, default=None, metavar="N",
                        help="give ISMCTS exactly N simulations instead of --seconds (with "
                             "--iterations: a match independent of the machine's load)")
    parser.add_argument("--strong-scoring", choices=sorted(WORLD_CLASSES), default="oh_hell",
                        help="the scoring strong's rollouts use (default: the match's own)")
    parser.add_argument("--others-weight", type=float, default=0.0,
                        help="strong's weight of the other seats' mean score (default 0; "
                             "-1: the arena's per-game default)")
    parser.add_argument("--strong", default="strong", metavar="SPEC",
                        help="the engine in strong's seats (default strong; the settings "
                             "measured and left off: bench.strong_variants:Tunable)")
    parser.add_argument("--strong-settings", type=json.loads, default={},
                        help='more settings for that engine, as JSON (e.g. \'{"epsilon": 0.0}\' '
                             'with --strong bench.strong_variants:Tunable)')
    parser.add_argument("--strong-decides", choices=DECIDES, default="all",
                        help="strong's seats make all their decisions with strong, or only "
                             "their bids or only their cards (the rest by ISMCTS)")
    parser.add_argument("--strong-knows-undealt", action="store_true",
                        help="tell strong which cards nobody was dealt, as ISMCTS's "
                             "resampling knows them (equal information)")
    parser.add_argument("--fair-ismcts", type=int, default=0, metavar="K",
                        help="close ISMCTS's leak: split its simulations over K copies of the "
                             "state with the unseen cards re-dealt (needs --ismcts-simulations)")
    parser.add_argument("--calibrate", action="store_true",
                        help="also time ISMCTS at a fixed simulation count")
    parser.add_argument("--ismcts-in-process", action="store_true",
                        help="with --ismcts-simulations, search in this process as before "
                             "(not repeatable) instead of in bench/ismcts_server.py's forked "
                             "children (the default: the same state, the same answer)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--out", type=Path, default=None, help="also write the JSON here")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Play the match and report it."""
    args = parse_args(argv)
    for name in ("iterations", "ismcts_simulations"):
        count = getattr(args, name)
        if count is not None and count < 1:
            print(f"ismcts_match: --{name.replace('_', '-')} must be at least 1, not {count}",
                  file=sys.stderr)
            return 2
    if args.fair_ismcts < 0 or (args.fair_ismcts and (args.ismcts_simulations is None
                                                      or args.ismcts_in_process)):
        print("ismcts_match: --fair-ismcts K wants K >= 0 and --ismcts-simulations "
              "(searched in the server)", file=sys.stderr)
        return 2
    try:  # a wrong engine or setting: one line now, not a traceback in the first deal
        load_engine(args.strong, DiminishingWhist.name, iterations=1, **args.strong_settings)
    except EngineError as error:
        print(f"ismcts_match: {error}", file=sys.stderr)
        return 2
    game = load_game()
    calibration = calibrate(game, args.seconds, args.uct_c) if args.calibrate else None
    start = time.perf_counter()
    results: list[dict[str, Any]] = []
    server = None
    if args.ismcts_simulations is not None and not args.ismcts_in_process:
        server = IsmctsServer(GAME_PARAMS, fair=args.fair_ismcts > 0)
    # A long match stopped (Ctrl-C, SIGTERM) still writes the deals it finished.
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        for deal in range(args.deals):
            weight = None if args.others_weight < 0 else args.others_weight
            results.append(play_deal(game, deal, args.seed, args.seconds, args.uct_c,
                                     args.iterations, args.strong_scoring, weight,
                                     args.strong_settings, args.strong_decides, args.strong,
                                     args.ismcts_simulations, server,
                                     args.strong_knows_undealt, args.fair_ismcts))
            running = statistics.fmean(r["difference"] for r in results)
            print(f"deal {deal + 1}/{args.deals}: {results[-1]['difference']:+.2f} "
                  f"(running mean {running:+.2f}, {time.perf_counter() - start:.0f} s)",
                  file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        if len(results) < 2:
            print(f"ismcts_match: stopped after {len(results)} deal(s): nothing written", file=sys.stderr)
            return 130
        print(f"ismcts_match: stopped after {len(results)} of {args.deals} deals: "
              "writing those", file=sys.stderr)
    finally:
        signal.signal(signal.SIGTERM, previous)
        if server is not None:
            server.close()
    summary = summarize(results, args, calibration, time.perf_counter() - start)
    text = json.dumps(summary, sort_keys=True, indent=1) + "\n"
    if args.out is not None:
        args.out.write_text(text)
    if args.json:
        sys.stdout.write(text)
    else:
        print("\n".join(report_lines(summary)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

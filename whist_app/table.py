"""A table: one game, its seats (people or engine levels), turns, hints and the record.

The terminal and the browser both play through a :class:`Table`, so seating,
engine errors and hints behave the same everywhere.  It is their one facade:
neither front end reaches into the game state behind it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypedDict

from engines.interface import Engine, EngineError
from engines.levels import load_engine, resolve_level
from engines.referee import choose_action
from whist.actions import Action
from whist.claim import can_claim, claim
from whist.events import Acted, Event
from whist.games import game_class, new_game
from whist.games.classic import ClassicWhist
from whist.observations import Observation
from whist.protocol import JSON, GameState, IllegalAction, OptionError
from whist.records import record_text, replay, save_record, walk
from whist_app.presenters.base import HUMAN, Seating
from whist_app.presenters.events import describe_events
from whist_app.presenters.view import completed_trick, present
from whist_app.views import EventView, TableView, TrickView

__all__ = ["HUMAN", "Table", "TableUpdate", "default_seats"]


class TableUpdate(TypedDict):
    """The table as one seat sees it after the last action, from one observation."""

    view: TableView
    #: What the last action did, in words (empty after a start, a resume or an undo).
    events: list[EventView]
    #: The trick the last action completed, with its taker, or None.
    completed: TrickView | None


class ReopenedUpdate(TableUpdate):
    """:class:`TableUpdate` with the hand's story so far: what a resume or an undo shows."""

    #: Everything that happened in the hand in play, in words (:meth:`Table.story`).
    story: list[EventView]


class Table:
    """A game in progress with a person or a computer level in each seat."""

    #: The date (YYYY-MM-DD) of the daily deal this game is (whist_app/daily.py), or None.
    daily: str | None = None

    def __init__(self, state: GameState, seats: Sequence[str], seed: int = 0,
                 budget: float | None = None, engine_timeout: float | None = None) -> None:
        """Seat ``seats`` (``"human"`` or a level name) at ``state``'s game.

        ``engine_timeout``: seconds a computer seat may take per decision (None: each
        engine's default, see :func:`engines.referee.decision_time_limit`).
        """
        if len(seats) != state.players:
            raise OptionError(f"{state.title} with {state.players} players needs "
                              f"{state.players} seats, not {len(seats)}")
        self.state = state
        self.seats = [s.strip() for s in seats]
        self.seed = seed
        self.budget = budget
        self.engine_timeout = engine_timeout
        self.engines: dict[int, Engine] = {}
        #: What the last action applied through this table did (see :meth:`GameState.apply`).
        self.last_events: tuple[Event, ...] = ()
        #: The computer seats' answers by position (:meth:`position_key`): an undone
        #: position reached again gets the same answer, so Undo cannot re-roll a computer.
        self.answers: dict[str, str] = {}
        #: The seat that took each action this table applied and may still undo, oldest
        #: first: Undo goes back only as far as the person's own actions in this session.
        self._movers: list[int] = []
        # Original-compatible Classic Whist: its players draw from the game's one Java generator.
        java = state.java_random if isinstance(state, ClassicWhist) else None
        for seat, level in enumerate(self.seats):
            if level != HUMAN:
                engine, _ = resolve_level(level, state.name)
                shared = {"java_random": java} if java is not None and "+" in engine else {}
                try:
                    self.engines[seat] = load_engine(level, state.name, seed=seed * 101 + seat,
                                                     budget=budget, **shared)
                except EngineError as error:
                    raise EngineError(f"seat {seat}: {error}") from None

    @classmethod
    def new(cls, game: str, options: Mapping[str, Any] | None, seats: Sequence[str],
            seed: int = 0, budget: float | None = None,
            engine_timeout: float | None = None) -> Table:
        """A fresh game dealt from ``seed``."""
        return cls(new_game(game, options, seed=seed), seats, seed=seed, budget=budget,
                   engine_timeout=engine_timeout)

    def deal_again(self, seed: int) -> Table:
        """The finished game's deals dealt again at a new table with the same seats and levels.

        The new game takes this one's deals in order (its record's chance); a longer
        game deals on from ``seed``.  OptionError while the game goes on: its deals
        are not to be seen again before it ends.
        """
        if not self.state.over:
            raise OptionError("the deal can be replayed once the game is over")
        record = self.state.record()
        chance = [{k: v for k, v in hand.items() if k != "actions"} for hand in record["hands"]]
        state = game_class(self.state.name)(record["options"], seed=seed, chance=chance)
        table = Table(state, self.seats, seed=seed, budget=self.budget,
                      engine_timeout=self.engine_timeout)
        table.daily = self.daily
        return table

    def follow(self, actions: Iterable[str]) -> None:
        """Apply a record's actions (as text) in order; IllegalAction at the first refused.

        They are not the person's moves of this session: Undo does not go back over them.
        """
        for text in actions:
            self.state.apply_text(text)

    @classmethod
    def resume(cls, record: Mapping[str, Any], seats: Sequence[str] | None = None,
               seed: int = 0, budget: float | None = None,
               engine_timeout: float | None = None,
               secret: Mapping[str, Any] | None = None) -> Table:
        """Continue a saved game (a record); seats default to the record's own ``seats``.

        ``secret`` is what :meth:`secret` gave when the game was saved: with it the game
        goes on exactly as it would have without the stop (the same seed, the same deals
        to come, the computers' answers already given); without it (a record opened from
        a file) the deals still to come are drawn from ``seed``.
        """
        state = replay(record)
        chosen = list(seats or record.get("seats") or [])
        if not chosen:
            chosen = [HUMAN] + ["random"] * (state.players - 1)
        if secret is None:
            # Deals after the record's last hand must not repeat the seed's first ones.
            state.reseed(seed * 7919 + len(state.hands_log))
        else:
            seed = _secret_seed(secret)
            state.restore_chance(secret.get("chance") or {})
        if state.hand_over and not state.over:
            # The record stops between hands (replay invents no deal): deal on from here.
            state.deal_next()
        table = cls(state, chosen, seed=seed, budget=budget, engine_timeout=engine_timeout)
        if secret is not None:
            table.answers = _secret_answers(secret)
            table._movers = _secret_movers(secret, state)
        return table

    def secret(self) -> dict[str, Any]:
        """What a saved game needs besides its record to go on unchanged (kept sealed).

        The game's seed, the generator of its deals to come and the computers' answers
        already given in the hand in play (an undone position keeps its answer).
        """
        hand = f"{self.state.hand_number}:"
        return {"seed": self.seed, "chance": self.state.chance_state(),
                "answers": {k: v for k, v in self.answers.items() if k.startswith(hand)},
                "movers": list(self._movers)}

    # ----------------------------------------------------------- the game
    @property
    def game(self) -> str:
        """The game's name (``diminishing-whist``)."""
        return self.state.name

    @property
    def players(self) -> int:
        """How many seats the game has."""
        return self.state.players

    @property
    def over(self) -> bool:
        """True once the game is finished."""
        return self.state.over

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now (None between hands and once the game is over)."""
        return self.state.to_move

    @property
    def hand_number(self) -> int:
        """The hand in play (from 0)."""
        return self.state.hand_number

    @property
    def decision(self) -> str | None:
        """The kind of decision the seat to move must make (``card``, ``bid`` ...), or None."""
        decision = self.state.decision
        return None if decision is None else decision.value

    @property
    def pending(self) -> str:
        """Who must do what, for messages: ``seat 2 to bid``, ``hand over`` or ``game over``."""
        return self.state.pending_text()

    @property
    def last_finished_hand(self) -> int:
        """The last hand whose play is over (-1 before the first one ends)."""
        state = self.state
        return state.hand_number if state.over or state.hand_over else state.hand_number - 1

    def winners(self) -> list[int]:
        """The seats with the best total (the winners once the game is over)."""
        return self.state.winners()

    # ---------------------------------------------------------------- turns
    @property
    def human_seats(self) -> list[int]:
        """Seats played by people."""
        return [s for s, level in enumerate(self.seats) if level == HUMAN]

    def computer_to_move(self) -> bool:
        """True if the game goes on and a computer seat must decide."""
        return not self.state.over and self.state.to_move in self.engines

    def human_to_move(self) -> bool:
        """True if the game goes on and a person must decide."""
        return not self.state.over and self.state.to_move is not None \
            and self.state.to_move not in self.engines

    def play_computer(self) -> tuple[int, Action]:
        """Let the computer seat to move decide and apply its action.

        EngineError (the game unchanged) if the engine raises, overruns its time
        limit or answers with anything but a legal action.
        """
        seat, action = self.computer_choice()
        self.apply(seat, action)
        return seat, action

    def computer_choice(self) -> tuple[int, Action]:
        """What the computer seat to move chooses, not yet applied (EngineError if it fails).

        A position this table has seen before (the person undid and acted the same)
        gets the answer given then; a new one asks the engine, seeded by the game's
        seed and the position, so the answer does not depend on what was undone.
        """
        seat = self.state.to_move
        if seat is None or seat not in self.engines:
            raise IllegalAction("it is not a computer seat's turn")
        key = self.position_key()
        given = self.answers.get(key)
        if given is not None:
            try:
                action = self.state.action_from_text(given)
            except IllegalAction:
                action = None
            if action is not None and self.state.can_apply(action):
                return seat, action
        engine = self.engines[seat]
        if not self._shares_game_generator(engine):
            engine.rng.seed(_derived_seed(self.seed, key))
        action = choose_action(self.state, engine, seat, self.engine_timeout)
        self.answers[key] = str(action)
        return seat, action

    def _shares_game_generator(self, engine: Engine) -> bool:
        """Whether ``engine`` draws from the game's own generator (the original Classic Whist)."""
        java = self.state.java_random if isinstance(self.state, ClassicWhist) else None
        return java is not None and getattr(engine, "java", None) is java

    def position_key(self) -> str:
        """The game's history so far as a short key: ``"hand:digest"`` of every action taken."""
        digest = hashlib.blake2b(digest_size=12)
        for hand in self.state.hands_log:
            digest.update("\x1f".join(hand["actions"]).encode("utf-8") + b"\x1e")
        return f"{self.state.hand_number}:{digest.hexdigest()}"

    def play_human(self, text: str) -> Action:
        """Apply a person's action given as text; IllegalAction says why it is refused."""
        if not self.human_to_move():
            raise IllegalAction(f"it is not your turn ({self.state.pending_text()})",
                                "not-your-turn")
        action = self.state.action_from_text(text)
        seat = self.state.to_move
        assert seat is not None
        self.apply(seat, action)
        return action

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` (legal, or IllegalAction) for ``seat``, the seat to move, and
        remember who took it (Undo goes back to the person's own actions)."""
        self.last_events = self.state.apply(action)
        self._movers.append(seat)

    def can_claim(self) -> bool:
        """True if a person is to play a card and can prove how the rest of the hand goes.

        Proved from that seat's own knowledge (:mod:`whist.claim`), so offering it
        reveals nothing about the hidden cards.
        """
        seat = self.state.to_move
        return self.human_to_move() and seat is not None and can_claim(self.state, seat)

    def claim_human(self) -> int:
        """The person to move claims the rest of the hand; the claiming seat.

        IllegalAction with the reason if it is not a person's turn or the claim
        cannot be proved (nothing changes).  Computer seats never claim.
        """
        seat = self.state.to_move
        if not self.human_to_move() or seat is None:
            raise IllegalAction(f"it is not your turn ({self.state.pending_text()})",
                                "not-your-turn")
        self.last_events = claim(self.state, seat)
        # Every play of the claimed hand is undone like any other: who took each is kept.
        self._movers.extend(e.seat for e in self.last_events if isinstance(e, Acted))
        return seat

    @property
    def can_undo(self) -> bool:
        """True once a person has acted in this session and the game goes on.

        Undo before the person's first action would only take back computers' moves,
        which they would make again: it is not offered.
        """
        humans = self.human_seats
        return not self.state.over and any(seat in humans for seat in self._movers)

    def undo_to_human(self) -> int:
        """Take back actions up to the person's last one; return how many were undone.

        None of the person's actions to take back: nothing happens (0).  A finished
        game stays finished: IllegalAction (code ``game-over``).
        """
        if self.state.over:
            raise IllegalAction("the game is over: start a new one, or open its record",
                                "game-over")
        if not self.can_undo:
            return 0
        self.last_events = ()
        humans = self.human_seats
        undone = 0
        while self._movers:
            seat = self._movers.pop()
            self.state.undo()
            undone += 1
            if seat in humans:
                break
        return undone

    def hint(self, seat: int | None = None, budget: float = 0.5,
             iterations: int | None = None) -> list[tuple[str, float]]:
        """What ``strong`` would do for ``seat``: candidates with estimates, best first.

        ``iterations`` instead of ``budget``: rollouts per decision, which makes the
        hint repeatable (tests).
        """
        seat = self.state.to_move if seat is None else seat
        if seat is None or self.state.over:
            return []
        settings: dict[str, Any] = {} if iterations is None else {"iterations": iterations}
        engine = load_engine("strong", self.state.name, seed=self.seed + len(self.state.hands_log),
                             budget=None if iterations is not None else budget, **settings)
        legal = self.state.legal_actions()
        estimates = engine.evaluate(self.state.observe(seat), legal)
        if estimates is None:
            choice = engine.choose(self.state.observe(seat), legal)
            return [(str(choice), 0.0)]
        return sorted(((str(a), float(v)) for a, v in estimates), key=lambda p: -p[1])

    # ----------------------------------------------------------------- views
    def view_seat(self) -> int:
        """The seat a front end shows: the person to move, else the first person, else seat 0."""
        humans = self.human_seats
        if self.state.to_move in humans:
            return self.state.to_move
        return humans[0] if humans else 0

    def seating(self, seat: int | None = None) -> Seating:
        """Who sits where and what the session allows, for the presenter."""
        return Seating(levels=list(self.seats), seat=self.view_seat() if seat is None else seat,
                       computer_to_move=self.computer_to_move(),
                       human_to_move=self.human_to_move(),
                       can_undo=self.can_undo, can_claim=self.can_claim(),
                       daily=self.daily)

    def explain(self, text: str) -> str | None:
        """Why the action ``text`` may not be taken now (the core's words), None if it may."""
        try:
            action = self.state.action_from_text(text)
        except IllegalAction as error:
            return str(error)
        return self.state.why_illegal(action)

    def view(self, seat: int | None = None) -> TableView:
        """The table as ``seat`` (default :meth:`view_seat`) sees it: the view both front ends draw."""
        return self.update(seat)["view"]

    def event_views(self, seat: int | None = None) -> list[EventView]:
        """The last action's events in words, as ``seat`` may know them."""
        seating = self.seating(seat)
        return describe_events(self.last_events, self.state.observe(seating.seat), seating)

    def story(self, seat: int | None = None) -> list[EventView]:
        """Everything that happened in the hand in play, in words, as ``seat`` (default
        :meth:`view_seat`) may know it: the log a resumed game opens with."""
        seating = self.seating(seat)
        return self._story(self.state.observe(seating.seat), seating)

    def _story(self, obs: Observation, seating: Seating) -> list[EventView]:
        hand = self.state.hand_number
        events = [event for step in walk(self.record()) if step.hand == hand
                  for event in step.events]
        return describe_events(events, obs, seating)

    def reopen(self, seat: int | None = None) -> ReopenedUpdate:
        """:meth:`update` with the hand's :meth:`story`, from one observation: the table
        after a resume or an undo, its log without the lines taken back."""
        seating = self.seating(seat)
        obs = self.state.observe(seating.seat)
        return {**self._update(obs, seating), "story": self._story(obs, seating)}

    def update(self, seat: int | None = None) -> TableUpdate:
        """The view, the last action's events in words and the trick it completed, as
        ``seat`` (default :meth:`view_seat`) may know them: all from one observation."""
        seating = self.seating(seat)
        return self._update(self.state.observe(seating.seat), seating)

    def _update(self, obs: Observation, seating: Seating) -> TableUpdate:
        return {"view": present(obs, seating, self.explain, self.last_events,
                                self.state.hand_results),
                "events": describe_events(self.last_events, obs, seating),
                "completed": completed_trick(self.last_events, seating)}

    def export(self, seat: int | None = None) -> dict[str, JSON]:
        """What the person may download: the full record once the game is over; before that,
        only what ``seat`` (default the person's) has seen, no hidden card."""
        record = self.record()
        if not self.state.over:
            record = {**self.state.seen_record(self.view_seat() if seat is None else seat),
                      "seats": list(self.seats)}
        return record

    def record(self) -> dict[str, JSON]:
        """The game's record with the seats' levels."""
        record = self.state.record()
        record.update(self._record_extras())
        return record

    def record_text(self) -> str:
        """:meth:`record` as one line of JSON text."""
        return record_text(self.state, **self._record_extras())

    def save(self, path: str | Path) -> None:
        """Write :meth:`record` to ``path`` whole or not at all (OSError if it cannot be)."""
        save_record(self.state, path, **self._record_extras())

    def _record_extras(self) -> dict[str, JSON]:
        """What a record of this table holds besides the game's: the seats' levels, the day."""
        extras: dict[str, JSON] = {"seats": list(self.seats)}
        if self.daily is not None:
            extras["daily"] = self.daily
        return extras


def _derived_seed(seed: int, key: str) -> int:
    """An engine's seed for one position: the game's seed and the history, mixed."""
    digest = hashlib.blake2b(f"{seed}|{key}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def _secret_seed(secret: Mapping[str, Any]) -> int:
    seed = secret.get("seed")
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise OptionError("the saved game's seed is damaged")
    return seed


def _secret_answers(secret: Mapping[str, Any]) -> dict[str, str]:
    answers = secret.get("answers") or {}
    if not isinstance(answers, dict) or len(answers) > 10_000 or not all(
            isinstance(k, str) and isinstance(v, str) and len(k) < 64 and len(v) < 64
            for k, v in answers.items()):
        raise OptionError("the saved game's computer answers are damaged")
    return dict(answers)


def _secret_movers(secret: Mapping[str, Any], state: GameState) -> list[int]:
    movers = secret.get("movers") or []
    actions = sum(len(hand["actions"]) for hand in state.hands_log)
    if not isinstance(movers, list) or len(movers) > actions or not all(
            type(m) is int and 0 <= m < state.players for m in movers):
        raise OptionError("the saved game's list of who moved is damaged")
    return movers


def default_seats(game: str, options: Mapping[str, Any] | None = None,
                  level: str = "random") -> list[str]:
    """A person in seat 0 and ``level`` in the others."""
    players = game_class(game)(options, seed=0).players
    return [HUMAN] + [level] * (players - 1)

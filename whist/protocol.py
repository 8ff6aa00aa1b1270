"""The one state-machine protocol every game implements.

A game is a :class:`GameState` subclass.  The pattern (after pokerkit's
verify/can/do triples): :meth:`GameState.why_illegal` says in a player's words
why an action is not allowed (or None), :meth:`GameState.can_apply` asks, and
:meth:`GameState.apply` acts, raising :class:`IllegalAction` and changing
nothing when the action is not allowed.  Chance is explicit: each hand's
deal (and any other drawn outcome) comes from a seeded ``random.Random`` or
from a record, and is kept in the action log, which is the source of truth.

Subclasses implement the ``_``-prefixed hooks; everything else is shared.
"""

from __future__ import annotations

import random
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import add
from typing import Any, ClassVar, NamedTuple, Self

from whist.actions import (
    Action,
    ActionError,
    Bid,
    Contract,
    Decision,
    Discard,
    NameTrump,
    PassCards,
    Play,
    Skip,
    action_type_problem,
    parse_action,
)
from whist.cards import Card, Suit
from whist.events import Acted, Event, GameOver, HandDealt, HandScored
from whist.inputs import OPTION_DIGITS, shown, small_number
from whist.javarandom import JavaRandom
from whist.observations import Observation

JSON = Any


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why, ``code`` says what.

    ``code`` is stable (a program may branch on it; the words may change):
    ``game-over``, ``hand-over``, ``not-your-turn``, ``wrong-kind`` (not the kind of
    action pending), ``unreadable`` (text that is no action), ``not-held`` (a card
    the seat does not hold), ``must-follow``, ``forbidden`` (a bid or bet the rules
    exclude), ``too-low`` (a bid that does not beat the high bid), ``wrong-cards``
    (a discard or pass of the wrong cards), ``nothing-to-undo`` or ``not-allowed``.
    """

    def __init__(self, reason: str, code: str | None = None) -> None:
        """``reason`` in a player's words; ``code`` defaults to the reason's own, if it has one."""
        super().__init__(reason)
        self.code: str = code or getattr(reason, "code", None) or "not-allowed"


class Reason(str):
    """Why an action is illegal: the words (it is a str) and a stable :attr:`code`."""

    code: str

    def __new__(cls, text: str, code: str = "not-allowed") -> Reason:
        """``Reason("you must follow ♥", "must-follow")``."""
        reason = super().__new__(cls, text)
        reason.code = code
        return reason


def illegal(code: str, text: str) -> Reason:
    """A :class:`Reason` with a stable code (see :class:`IllegalAction` for the codes)."""
    return Reason(text, code)


class OptionError(ValueError):
    """A game option that does not exist or has a value the game cannot take."""


class DealError(ValueError):
    """A deal (from a record) that the game's packs cannot produce."""


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game: its name, type, default and allowed values."""

    name: str
    kind: type
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    low: int | None = None
    high: int | None = None
    #: A default computed from the other (already validated) options.
    derive: Callable[[dict[str, Any]], Any] | None = field(default=None, compare=False)
    #: Extra range check given the other options: returns an error message or None.
    check: Callable[[Any, dict[str, Any]], str | None] | None = field(default=None, compare=False)


def validate_options(game: str, specs: Sequence[OptionSpec],
                     given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Fill defaults and check every option; raise OptionError naming the bad one.

    Types are exact: a bool is not a number, a float is not a whole number.  A
    whole number may also be given as its text (``"5"``, ``"-3"``: ASCII digits,
    at most :data:`OPTION_DIGITS` of them); values in messages are cut short.
    """
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise OptionError(f"options for {game} must be a JSON object, not {type(given).__name__}")
    names = [s.name for s in specs]
    for key in given:
        if key not in names:
            known = ", ".join(names) or "none"
            raise OptionError(f"{game} has no option {shown(key)} (its options: {known})")
    options: dict[str, Any] = {}
    for spec in specs:
        if spec.name in given and given[spec.name] is not None:
            value = _option_value(spec, given[spec.name])
        elif spec.derive is not None:
            value = spec.derive(options)
        else:
            value = spec.default
        if spec.choices is not None and value not in spec.choices:
            allowed = ", ".join(str(c) for c in spec.choices)
            raise OptionError(f"option {spec.name!r} must be one of {allowed}, not {shown(value)}")
        if spec.low is not None and value < spec.low or spec.high is not None and value > spec.high:
            raise OptionError(f"option {spec.name!r} must be {_bounds(spec.low, spec.high)}, "
                              f"not {shown(value)}")
        if spec.check is not None:
            problem = spec.check(value, options)
            if problem:
                raise OptionError(f"option {spec.name!r}: {problem}")
        options[spec.name] = value
    return options


def _option_value(spec: OptionSpec, value: Any) -> Any:
    """A given option value checked against ``spec.kind`` (exactly), or OptionError."""
    if spec.kind is bool:
        if type(value) is not bool:
            raise OptionError(f"option {spec.name!r} must be true or false, not {shown(value)}")
        return value
    if spec.kind is int:
        number: int | None = None
        if type(value) is int:
            number = value
        elif type(value) is str:
            # Text only as an optional minus and ASCII digits: "²" or "--4" is no number.
            text = value.strip()
            digits = small_number(text[1:] if text[:1] == "-" else text, OPTION_DIGITS + 1)
            if digits is not None:
                number = -digits if text[:1] == "-" else digits
        # The digit limit keeps an absurd value (or one int() would refuse) out of the game.
        if number is None or abs(number) >= 10 ** OPTION_DIGITS:
            raise OptionError(f"option {spec.name!r} must be a whole number of at most "
                              f"{OPTION_DIGITS} digits, not {shown(value)}")
        return number
    if type(value) is not spec.kind:
        raise OptionError(f"option {spec.name!r} must be a {spec.kind.__name__}, "
                          f"not {shown(value)}")
    return value


def _bounds(low: int | None, high: int | None) -> str:
    """'from 1 to 6', 'at least 1' or 'at most 6'."""
    if low is not None and high is not None:
        return f"from {low} to {high}"
    return f"at least {low}" if low is not None else f"at most {high}"


#: Exact types of the immutable values a state holds in its lists and dicts.  A list or
#: dict holding only these is copied in one go; anything else is cloned item by item.
_ATOMS: frozenset[type] = frozenset({int, bool, float, str, type(None), tuple, Card, Suit,
                                     Decision, Play, Bid, Contract, Skip, NameTrump, Discard,
                                     PassCards, HandScored})


def _clone(value: Any) -> Any:
    """Copy nested lists and dicts; everything else in a state is immutable."""
    if isinstance(value, list):
        if _ATOMS.issuperset(map(type, value)):
            return value[:]
        return [_clone(v) for v in value]
    if isinstance(value, dict):
        if _ATOMS.issuperset(map(type, value.values())):
            return value.copy()
        return {k: _clone(v) for k, v in value.items()}
    return value


#: State attributes a snapshot or copy must not duplicate naively.
_UNCLONED = frozenset({"_rng", "_snapshots", "hands_log", "_deal_queue"})
#: What an undo snapshot leaves out besides: lists that only grow during a game (copying
#: them at every snapshot made a game's undo history grow with the square of its length).
#: Undo restores them by cutting them back to their length at the snapshot.
_UNSNAPPED = _UNCLONED | {"hand_scores", "hand_results"}


class _Snapshot(NamedTuple):
    """The state at one point of its log, kept so that :meth:`GameState.undo` can go back."""

    #: Every attribute but those in :data:`_UNSNAPPED`, cloned.
    attributes: dict[str, Any]
    #: Where in the log: the number of hands dealt, and of actions in the last of them.
    hands: int
    actions: int
    #: The length of ``hand_scores`` (and of ``hand_results``) then.
    scored: int


class GameState(ABC):
    """A whole game: options, the hands played so far, and the decision pending now."""

    #: The record name, e.g. ``"diminishing-whist"``.
    name: ClassVar[str]
    #: The name people read, e.g. ``"Diminishing Whist"``.
    title: ClassVar[str]
    option_specs: ClassVar[tuple[OptionSpec, ...]]

    players: int
    #: The seat to decide now; None once the game is over or the hand is over and held.
    to_move: int | None
    decision: Decision | None
    #: True once the game has ended (its last hand scored): nothing more will happen.
    over: bool
    #: True when no hand is in play: the last one has been scored and no next one dealt,
    #: because the game is over or because :attr:`stop_after_hand` held it.
    hand_over: bool = False
    #: When true, a scored hand is not followed by the next deal: the state stops with
    #: ``hand_over`` true (``over`` false unless the game also ended) until :meth:`deal_next`.
    #: Search worlds and one-hand playouts set it to save dealing a hand nobody plays.
    stop_after_hand: bool = False
    #: Seed of the generator of later deals while ``_rng`` is None (see :meth:`_chance_rng`).
    _rng_seed: int = 0
    #: Or the state of that generator (a copy's), which takes precedence over the seed.
    _rng_state: tuple[Any, ...] | None = None
    totals: list[int]
    hand_scores: list[list[int]]
    #: Each scored hand's public result, in order: the HandScored it announced (tricks and
    #: targets beside the scores, for the score sheet).  Search copies add nothing to it:
    #: no search reads it, and Black Queen's counted cards would cost every rollout.
    hand_results: list[HandScored]
    #: True on a game's :meth:`search_type` (whose ``step`` is the fast path).
    is_search_copy: ClassVar[bool] = False
    _search_type_of_class: ClassVar[type[GameState] | None] = None
    #: The events of the :meth:`apply` in progress; None otherwise (searches pay nothing).
    _events: list[Event] | None = None

    def __init__(self, options: Mapping[str, Any] | None = None, *, seed: int | None = None,
                 chance: Iterable[Mapping[str, JSON]] | None = None,
                 rng: random.Random | None = None, stop_after_hand: bool = False) -> None:
        """Start a game; deals are drawn from ``seed`` or taken in order from ``chance``.

        ``rng`` instead of ``seed``: deals are drawn from this generator itself (shared,
        not copied: a search or benchmark dealing from its own generator skips seeding a
        new one).  ``stop_after_hand`` sets :attr:`stop_after_hand`.
        """
        self.options = validate_options(self.name, self.option_specs, options)
        self._rng: random.Random | None = random.Random(seed) if rng is None else rng
        self._deal_queue: list[dict[str, JSON]] = [dict(c) for c in chance] if chance else []
        self.hands_log: list[dict[str, JSON]] = []
        self._snapshots: list[_Snapshot] = []
        self.hand_results = []
        self.over = False
        self.hand_over = False
        if stop_after_hand:
            self.stop_after_hand = True
        self.to_move = None
        self.decision = None
        self._setup()

    # ----------------------------------------------------------------- hooks
    @abstractmethod
    def _setup(self) -> None:
        """Initialise the game (players, totals) and begin the first hand."""

    @abstractmethod
    def _draw_chance(self, rng: random.Random) -> dict[str, JSON]:
        """Draw the next hand's chance outcome: ``{"deal": ..., ...}`` in record form."""

    @abstractmethod
    def _start_hand(self, chance: Mapping[str, JSON]) -> None:
        """Check a chance outcome (raise DealError) and set up the hand it deals."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the seat to move may take now (empty when the game is over)."""

    @abstractmethod
    def _do(self, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def observe(self, seat: int) -> Observation:
        """What ``seat`` may see now, as JSON-ready data; never another seat's hidden card."""

    # ------------------------------------------------------------ protocol
    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` may not be taken now, in a player's words; None if it may.

        A reason is a :class:`Reason` (a str with a stable ``code``).
        """
        refused = self._refused_before_rules(action)
        if refused is not None:
            return refused
        if action in self.legal_actions():
            return None
        reason = self._explain_illegal(action)
        if reason is None:
            return illegal("not-allowed", f"{action} is not allowed now")
        return reason if isinstance(reason, Reason) else illegal("not-allowed", reason)

    def _refused_before_rules(self, action: Action) -> Reason | None:
        """Why no game would take ``action`` now: a mistyped action, the game or hand over."""
        # First the exact types: Bid(False) or Play(5) would otherwise equal a legal action.
        problem = action_type_problem(action)
        if problem is not None:
            return illegal("unreadable", problem)
        if self.over:
            return illegal("game-over", "the game is over")
        if self.hand_over:
            return illegal("hand-over", "the hand is over")
        return None

    def _explain_illegal(self, action: Action) -> str | None:
        """A game's specific reason an action is illegal (called only when it is)."""
        return None

    def can_apply(self, action: Action) -> bool:
        """True if ``action`` is legal now."""
        return self.why_illegal(action) is None

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Take ``action`` for the seat to move and say what happened.

        Returns the events in order: :class:`~whist.events.Acted` first, then any
        trick taken, hand scored, new deal, redeal or end of game.  Raises
        IllegalAction (changing nothing) if the action is illegal.
        """
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        seat = self.to_move
        assert seat is not None
        if not self._snapshots:
            # The first action since the game was made or copied: undo may go back to here.
            self._snapshot()
        hand = self.hands_log[-1]
        before = len(self.hands_log), len(hand["actions"])
        hand["actions"].append(str(action))
        events: list[Event] = [Acted(seat, action)]
        self._events = events
        try:
            self._do(action)
        except Exception:
            # A faulty next deal from a record must not leave a half-applied action.
            self._events = None
            self._rewind(before)
            raise
        self._events = None
        if len(self.hands_log) != before[0]:
            # Undo snapshots only at the start of each hand (see undo).
            self._snapshot()
        return tuple(events)

    def apply_text(self, text: str) -> Action:
        """Read ``text`` as the pending kind of action and apply it; return the action."""
        action = self.action_from_text(text)
        self.apply(action)
        return action

    def step(self, action: Action) -> None:
        """Search copies only: apply a legal action with no checks, no undo and no log.

        A logged game (made by the constructor, :meth:`copy` or a replay) refuses:
        stepping it would desynchronise its record and its undo history.  Search
        on :meth:`search_copy`, :meth:`sample_world` or ``search_type()(...)``.
        """
        raise TypeError(f"step() is for search copies; a logged {self.title} game takes apply() "
                        "(or search on state.search_copy())")

    @classmethod
    def search_type(cls) -> type[Self]:
        """This game's search type: the same state whose :meth:`step` is the unchecked fast path.

        Instances keep no undo history and need no log; everything else (rules,
        observation, ``apply``) is the game's own.
        """
        found = cls.__dict__.get("_search_type_of_class")
        if found is None:
            if cls.__dict__.get("is_search_copy", False):
                return cls
            found = type(f"{cls.__name__}Search", (cls,), {
                "step": cls._do, "is_search_copy": True, "__module__": cls.__module__,
                "__doc__": f"{cls.__name__} for search: step() is the unchecked fast path."})
            # Reachable by name, so a search state pickles like its game.
            setattr(sys.modules[cls.__module__], found.__name__, found)
            cls._search_type_of_class = found
        return found

    def search_copy(self) -> Self:
        """An independent copy of this game as its :meth:`search_type` (for rollouts)."""
        other = self.copy()
        other.__class__ = type(self).search_type()
        return other  # type: ignore[return-value]

    def fork(self) -> Self:
        """A quick copy for one rollout of a search copy: lists and dicts copied, the rest shared.

        The generator of later deals is shared, not copied (rollouts need not be
        reproducible one by one, only as a whole); use :meth:`copy` otherwise.
        """
        other = object.__new__(type(self))
        d = self.__dict__.copy()
        for key, value in d.items():
            if key != "hands_log" and (type(value) is list or type(value) is dict):
                d[key] = _clone(value)
        # The log's past hands never change again: share them (a deep copy made a fork's
        # cost grow with the game), and copy only the hand in play, which apply extends.
        log = self.hands_log
        if log:
            d["hands_log"] = [*log[:-1], {**log[-1], "actions": log[-1]["actions"][:]}]
        other.__dict__ = d
        return other

    @classmethod
    def sample_world(cls, obs: Any, rng: random.Random) -> Self:  # obs: the game's own type
        """A search copy consistent with what ``obs``'s seat has seen; hidden cards dealt at random.

        Every card the seat cannot see is dealt from ``rng`` to a seat that may hold
        it (hand sizes and shown voids respected); the result is a
        :meth:`search_type` instance whose next decision is ``obs``'s.
        """
        raise NotImplementedError(f"{cls.__name__} cannot sample worlds")

    @property
    def recording_events(self) -> bool:
        """True while an :meth:`apply` is collecting the events of its action.

        A fast path that changes the state by itself (``engines/fast_rollout.py``)
        must not run then: it would leave events out.  Never true on a search step.
        """
        return self._events is not None

    @classmethod
    def search_world(cls, fields: Mapping[str, Any], *, hands: int, deal_seed: int = 0) -> Self:
        """A search state made from ``fields`` (attribute name: value): how :meth:`sample_world`
        builds its worlds, the one way besides the constructor, :meth:`copy` and :meth:`fork`.

        Nothing is checked and nothing is dealt: ``fields`` must give every attribute the
        game's state holds (``options`` first, then the seats, the decision, the hands,
        the tricks ...), consistent with its rules.  The state is a :meth:`search_type`
        instance with no undo history and no deals queued; its log holds ``hands`` hands
        whose deals and actions are unknown; a generator for a later deal is seeded from
        ``deal_seed`` only if the world deals one.
        """
        state = object.__new__(cls.search_type())
        attributes: dict[str, Any] = {
            "options": fields.get("options"), "_rng": None, "_rng_seed": deal_seed,
            "_deal_queue": [], "hands_log": [{"deal": None, "actions": []} for _ in range(hands)],
            "_snapshots": []}
        attributes.update(fields)
        # One update of the new state's attributes, as the constructor's copy and fork make
        # them: filled key by key, the attribute table came out slower for every rollout.
        state.__dict__.update(attributes)
        return state

    def _note(self, event: Event) -> None:
        """Record ``event`` for the :meth:`apply` in progress (nothing while searching)."""
        events = self._events
        if events is not None:
            events.append(event)

    def undo(self) -> None:
        """Take back the last applied action, restoring the exact previous state.

        The state goes back to the snapshot taken at the start of the hand (or at the
        first action applied, if later) and the hand's actions up to the last are done
        again from the log: snapshots are kept once a hand, not once an action, so the
        undo history of a long game stays in proportion to its length.
        """
        target = self._undo_target()
        if target is None:
            raise IllegalAction("there is nothing to undo", "nothing-to-undo")
        self._rewind(target)

    @property
    def can_undo(self) -> bool:
        """True if an action can be taken back."""
        return self._undo_target() is not None

    def _undo_target(self) -> tuple[int, int] | None:
        """Where in the log the state was before its last applied action; None if nowhere."""
        snapshots = self._snapshots
        if not snapshots:
            return None
        log = self.hands_log
        hands = len(log)
        # A hand dealt by the last action (or by deal_next after it) has no action yet.
        while hands and not log[hands - 1]["actions"]:
            hands -= 1
        if not hands:
            return None
        target = hands, len(log[hands - 1]["actions"]) - 1
        first = snapshots[0]
        return target if target >= (first.hands, first.actions) else None

    def _snapshot(self) -> None:
        """Keep the state as it is now, to go back to (see :meth:`undo`)."""
        log = self.hands_log
        attributes = {k: _clone(v) for k, v in self.__dict__.items() if k not in _UNSNAPPED}
        self._snapshots.append(_Snapshot(attributes, len(log), len(log[-1]["actions"]),
                                         len(self.hand_scores)))

    def _rewind(self, target: tuple[int, int]) -> None:
        """Put the state back where it was at ``target`` (hands dealt, actions in the last).

        From the last snapshot at or before ``target``, the logged actions after it are
        carried out again (known legal: they were applied), without events.
        """
        snapshots = self._snapshots
        while (snapshots[-1].hands, snapshots[-1].actions) > target:
            snapshots.pop()
        mark = snapshots[-1]
        log = self.hands_log
        hands, actions = target
        # The actions to do again, hand by hand, from the snapshot's hand to the target's.
        again = [log[i]["actions"][mark.actions if i == mark.hands - 1 else 0:
                                   actions if i == hands - 1 else None]
                 for i in range(mark.hands - 1, hands)]
        # Deals drawn after the snapshot go back on the queue so a redo sees them again.
        later = [{k: v for k, v in h.items() if k != "actions"} for h in log[mark.hands:]]
        del log[mark.hands:]
        del log[-1]["actions"][mark.actions:]
        self._deal_queue = later + self._deal_queue
        del self.hand_scores[mark.scored:]
        del self.hand_results[mark.scored:]
        # Cloned: the snapshot stays, for the undo after this one.
        self.__dict__.update({k: _clone(v) for k, v in mark.attributes.items()})
        for number, texts in enumerate(again):
            if number and len(log) < mark.hands + number:
                # The hand was held at its end (stop_after_hand), then dealt by deal_next.
                self.begin_hand()
            for text in texts:
                action = self.action_from_text(text)
                log[-1]["actions"].append(text)
                self._do(action)

    def copy(self) -> GameState:
        """An independent copy (log and chance included, undo history not).

        The log's deals (and other chance outcomes) are shared with the copy: nothing
        ever changes them in place.  The copy's generator is only the state of this
        one's, made into a generator if the copy deals again.
        """
        other = object.__new__(type(self))
        other.__dict__.update({k: _clone(v) for k, v in self.__dict__.items()
                               if k not in _UNCLONED})
        other.hands_log = [{**hand, "actions": hand["actions"][:]} for hand in self.hands_log]
        other._deal_queue = [dict(chance) for chance in self._deal_queue]
        other._snapshots = []
        other._rng = None
        if self._rng is not None:
            other._rng_state = self._rng.getstate()
        return other

    def drop_queued_deals(self) -> None:
        """Forget the record's deals still to come: a later hand is drawn from the generator.

        A copy made to replay one hand of a record this way can never deal the record's
        next hand by mistake.
        """
        self._deal_queue = []

    def reseed(self, seed: int) -> None:
        """Draw the deals still to come from ``seed`` (e.g. after resuming a saved game)."""
        if self._rng is None:
            self._rng = random.Random(seed)
        else:
            self._rng.seed(seed)
        self._rng_state = None

    def chance_state(self) -> dict[str, JSON]:
        """The generator of the deals still to come, as JSON (see :meth:`restore_chance`).

        A saved game carries it (sealed) so that resuming deals exactly the cards the
        game would have dealt had it never stopped: a reload must not re-roll a deal.
        """
        rng = self._chance_rng()
        if isinstance(rng, JavaRandom):
            return {"kind": "java", "seed48": rng._seed48}
        version, internal, gauss = rng.getstate()
        return {"kind": "mt", "version": version, "state": list(internal), "gauss": gauss}

    def restore_chance(self, saved: Mapping[str, JSON]) -> None:
        """Draw the deals still to come from a generator saved by :meth:`chance_state`.

        OptionError (the state unchanged) if ``saved`` is not such a generator.
        """
        rng = _generator_from(saved)
        if isinstance(rng, JavaRandom) != isinstance(self._chance_rng(), JavaRandom):
            raise OptionError("the saved generator is of another kind than this game's")
        self._rng = rng
        self._rng_state = None

    def _chance_rng(self) -> random.Random:
        """The generator the next deal is drawn from.

        A sampled world may leave ``_rng`` None and a seed in ``_rng_seed`` instead,
        and a copy the state of the original's generator in ``_rng_state``: making a
        generator is a cost every world of a search would pay, and most worlds never
        deal again.
        """
        rng = self._rng
        if rng is None:
            if self._rng_state is None:
                rng = random.Random(self._rng_seed)
            else:
                rng = random.Random(0)
                rng.setstate(self._rng_state)
            self._rng = rng
        return rng

    def begin_hand(self) -> None:
        """Start the next hand from the record's chance or the seeded generator."""
        if self._deal_queue:
            chance = self._deal_queue.pop(0)
        else:
            rng = self._rng
            chance = self._draw_chance(self._chance_rng() if rng is None else rng)
        # Both sources hand over a dict of their own, kept as the log entry.
        if "actions" in chance:
            chance = {k: v for k, v in chance.items() if k != "actions"}
        self.hand_over = False
        self._start_hand(chance)
        chance["actions"] = []
        self.hands_log.append(chance)
        if self._events is not None:
            self._events.append(HandDealt(len(self.hands_log) - 1))

    def hand_result(self) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
        """The hand just played: each seat's tricks and what it played for (hook).

        What its HandScored event carries; read it there, or on a state held at the
        hand's end (:attr:`stop_after_hand`).  Empty where a game counts neither.
        """
        return (), ()

    def hand_counted(self) -> tuple[tuple[str, ...], ...]:
        """The cards that counted in each seat's score for the hand just played (hook).

        What its HandScored event carries; empty where a game counts tricks only.
        """
        return ()

    def hand_declared(self) -> tuple[str | None, int | None]:
        """The hand just played's trump as the record writes it, and the seat that chose it.

        What its HandScored event carries (hook; default: neither).
        """
        return None, None

    def _game_ends(self) -> bool:
        """Whether the game is over once the hand just scored is added (hook; default: never)."""
        return False

    def _close_hand(self, scores: Sequence[int]) -> None:
        """Add a finished hand's scores, then end the game or deal the next hand."""
        totals = self.totals
        if len(scores) != len(totals):
            raise ValueError(f"{len(scores)} scores for {len(totals)} seats")
        self.totals = list(map(add, totals, scores))
        self._keep_scores(scores)
        if self._game_ends():
            self._finish()
        else:
            self._next_hand()

    def _keep_scores(self, scores: Sequence[int], played: bool = True) -> None:
        """Write a scored hand (its scores already in the totals) and announce it.

        The one place a hand's row goes into ``hand_scores`` and its HandScored into
        ``hand_results`` and the events; ``played`` false: a hand never played, scored
        with no tricks, targets or trump.
        """
        self.hand_scores.append(list(scores))
        events = self._events
        if events is None and self.is_search_copy:
            return
        if played:
            tricks, targets = self.hand_result()
            trump, declarer = self.hand_declared()
            result = HandScored(len(self.hand_scores) - 1, tuple(scores), tuple(self.totals),
                                tricks, targets, self.hand_counted(), trump, declarer)
        else:
            result = HandScored(len(self.hand_scores) - 1, tuple(scores), tuple(self.totals))
        if not self.is_search_copy:
            self.hand_results.append(result)
        if events is not None:
            events.append(result)

    def _next_hand(self) -> None:
        """Deal the next hand, or hold here (``hand_over``) if :attr:`stop_after_hand` is set."""
        if self.stop_after_hand:
            self.hand_over = True
            self.to_move = None
            self.decision = None
        else:
            self.begin_hand()

    def deal_next(self) -> None:
        """Go on after a stop at the end of a hand (:attr:`stop_after_hand`): deal the next one.

        ``stop_after_hand`` stays as it is, so the state stops again after that hand.
        """
        if self.over or not self.hand_over:
            raise IllegalAction("there is no finished hand to deal after")
        self.begin_hand()
        if self._snapshots:
            self._snapshot()

    def _finish(self) -> None:
        """End the game: nobody is to move any more."""
        self.over = True
        self.hand_over = True
        self.to_move = None
        self.decision = None
        if self._events is not None:
            self._events.append(GameOver(tuple(self.winners())))

    # ------------------------------------------------------------- queries
    @property
    def hand_number(self) -> int:
        """0-based index of the hand (round, deal) in progress or last played."""
        return len(self.hands_log) - 1

    def winners(self) -> list[int]:
        """Seats with the highest total (ties share the win)."""
        best = max(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    def record(self) -> dict[str, JSON]:
        """The game so far as a game record (see docs/records.md)."""
        return {"game": self.name, "options": dict(self.options),
                "hands": _clone(self.hands_log)}

    def seen_record(self, seat: int) -> dict[str, JSON]:
        """The record as ``seat`` has seen it: every card it never saw replaced by null.

        What a player may download during a game: it holds no hidden card (an action
        taken face down, such as another seat's discard, is null too), so it is marked
        ``"seen_by"`` and cannot be replayed (only the full record can).
        """
        record = self.record()
        record["seen_by"] = seat
        record["hands"] = [{**self._seen_chance(hand, seat, index),
                            "actions": self._seen_actions(hand["actions"], seat, index)}
                           for index, hand in enumerate(record["hands"])]
        return record

    def seen_actions(self, hand: int, seat: int) -> list[str | None]:
        """Hand ``hand``'s actions so far as ``seat`` saw them: null for one taken face down."""
        return self._seen_actions(self.hands_log[hand]["actions"], seat, hand)

    def _seen_actions(self, actions: list[str], seat: int, hand: int) -> list[str | None]:
        """A hand's actions as ``seat`` saw them, each one it did not see null (hook;
        default: every action is taken in the open)."""
        return list(actions)

    def _seen_chance(self, chance: dict[str, JSON], seat: int, hand: int) -> dict[str, JSON]:
        """A hand's chance outcome as ``seat`` saw it (hook; default: its own hand of the deal)."""
        deal = chance.get("deal")
        seen = dict(chance)
        if isinstance(deal, list):
            seen["deal"] = [cards if i == seat else None for i, cards in enumerate(deal)]
        return seen

    def pending_text(self) -> str:
        """'seat 2 to bid', 'hand over' (held between hands) or 'game over', for messages."""
        if self.hand_over and not self.over:
            return "hand over"
        if self.over or self.to_move is None or self.decision is None:
            return "game over"
        return f"seat {self.to_move} to {DECISION_VERBS[self.decision]}"

    def action_from_text(self, text: str) -> Action:
        """Parse ``text`` as the pending kind of action (raise IllegalAction if unreadable)."""
        if self.over or self.decision is None:
            if self.hand_over and not self.over:
                raise IllegalAction("the hand is over", "hand-over")
            raise IllegalAction("the game is over", "game-over")
        try:
            return parse_action(text, self.decision)
        except ActionError as error:
            raise IllegalAction(str(error), "unreadable") from None


DECISION_VERBS: dict[Decision, str] = {
    Decision.BID: "bid",
    Decision.INITIAL_BID: "make an initial bid or skip",
    Decision.SECONDARY_BET: "make a secondary bet",
    Decision.TRUMP: "name trump",
    Decision.DISCARD: "discard",
    Decision.PASS: "pass cards",
    Decision.CARD: "play a card",
}


# ------------------------------------------------------------------ helpers
def _generator_from(saved: Mapping[str, JSON]) -> random.Random:
    """The generator :meth:`GameState.chance_state` described; OptionError if malformed."""
    problem = OptionError("the saved deal generator is damaged")
    if not isinstance(saved, Mapping):
        raise problem
    if saved.get("kind") == "java":
        seed48 = saved.get("seed48")
        if type(seed48) is not int or not 0 <= seed48 < 1 << 48:
            raise problem
        java = JavaRandom(0)
        java._seed48 = seed48
        return java
    internal, version, gauss = saved.get("state"), saved.get("version"), saved.get("gauss")
    if saved.get("kind") != "mt" or type(version) is not int or not isinstance(internal, list) \
            or len(internal) != 625 or not all(type(n) is int and 0 <= n < 1 << 32 for n in internal) \
            or not (gauss is None or type(gauss) is float):
        raise problem
    rng = random.Random(0)
    try:
        rng.setstate((version, tuple(internal), gauss))
    except (ValueError, TypeError, OverflowError):
        raise problem from None
    return rng

"""The computer-player interface and the registry of levels.

An engine sees exactly what its seat may see (the observation) plus the legal
actions, and returns one of them.  It is seeded, so the same seed, budget and
observations give the same choices.  Levels load by name (``expectation``,
``strong``, ``trump_saving+smart`` ...) or as ``module:Class`` for plug-ins.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from whist.actions import Action
from whist.protocol import GameState, Observation


class EngineError(RuntimeError):
    """An engine that cannot be loaded, fails, or answers with an illegal action."""


class Engine:
    """Base class for computer players; subclasses implement :meth:`choose`."""

    #: The level name people pick (``"expectation"``).
    level: ClassVar[str] = "engine"
    #: One line for seat choosers.
    description: ClassVar[str] = ""
    #: Record names of the games this level plays; empty means every game.
    games: ClassVar[tuple[str, ...]] = ()

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """``seed`` fixes every random choice; ``budget`` is seconds per decision (if it searches)."""
        self.seed = seed
        self.rng = random.Random(seed)
        self.budget = budget
        self.settings = settings

    @property
    def name(self) -> str:
        """The name to show for this engine."""
        return self.level

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` given what the seat sees."""
        raise NotImplementedError

    def evaluate(self, observation: Observation,
                 legal: Sequence[Action]) -> list[tuple[Action, float]] | None:
        """Estimates for each candidate (for hints); None if this engine has none."""
        return None


class RandomEngine(Engine):
    """Any legal action, uniformly at random."""

    level: ClassVar[str] = "random"
    description: ClassVar[str] = "Plays a random legal card and makes random legal choices."

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A uniformly random legal action."""
        return legal[self.rng.randrange(len(legal))]


#: level name -> "module:Class".  Classic Whist's FILTER+SELECTOR names are resolved apart.
LEVELS: Final[dict[str, str]] = {
    "random": "engines.base:RandomEngine",
    "expectation": "engines.diminishing:ExpectationEngine",
    "gaussian": "engines.diminishing:GaussianEngine",
    "strength0": "engines.black_queen:Strength0",
    "strength1": "engines.black_queen:Strength1",
    "strength2": "engines.black_queen:Strength2",
    "rules": "engines.nine_five_two:RulesEngine",
    "heuristic": "engines.bidding:HeuristicEngine",
    "strong": "engines.strong:StrongEngine",
}
CLASSIC_FILTERS: Final = ("none", "naive_legal", "trump_saving")
CLASSIC_SELECTORS: Final = ("random", "highest_rank", "smart")


def _resolve(spec: str) -> type[Engine]:
    if spec in LEVELS:
        target = LEVELS[spec]
    elif "+" in spec and ":" not in spec:
        target = "engines.classic:classic_engine_class"
    elif ":" in spec:
        target = spec
    else:
        raise EngineError(f"unknown engine level {spec!r} (levels: {', '.join(all_levels())}, "
                          "or module:Class)")
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
        found = getattr(module, attr)
    except Exception as error:  # a plug-in can fail in any way; say which one failed
        raise EngineError(f"engine {spec!r} failed to load: {type(error).__name__}: {error}") \
            from error
    if attr == "classic_engine_class":
        found = found(spec)
    if not (isinstance(found, type) and issubclass(found, Engine)):
        raise EngineError(f"engine {spec!r} is not an Engine subclass")
    return found


def engine_class(spec: str) -> type[Engine]:
    """The Engine class for a level name or ``module:Class``; EngineError if there is none."""
    return _resolve(spec.strip())


def load_engine(spec: str, game: str | None = None, seed: int = 0,
                budget: float | None = None, **settings: Any) -> Engine:
    """Create the engine ``spec`` for ``game``; EngineError if unknown or not for that game.

    ``settings`` (such as ``iterations=200`` for ``strong``) go to the engine's constructor.
    """
    cls = engine_class(spec)
    if game is not None and cls.games and game not in cls.games:
        raise EngineError(f"engine {spec!r} does not play {game} "
                          f"(it plays {', '.join(cls.games)})")
    try:
        engine = cls(seed=seed, budget=budget, **settings)
    except Exception as error:
        raise EngineError(f"engine {spec!r} failed to start: {type(error).__name__}: {error}") \
            from error
    return engine


def all_levels() -> list[str]:
    """Every named level, Classic Whist's combinations included."""
    return list(LEVELS) + [f"{f}+{s}" for f in CLASSIC_FILTERS for s in CLASSIC_SELECTORS]


def levels_for(game: str) -> list[str]:
    """The level names that play ``game``."""
    out = []
    for level in all_levels():
        try:
            cls = engine_class(level)
        except EngineError:
            continue
        if not cls.games or game in cls.games:
            out.append(level)
    return out


def describe_levels(game: str) -> list[tuple[str, str]]:
    """(level, one-line description) for each level that plays ``game``."""
    return [(level, engine_class(level).description) for level in levels_for(game)]


def choose_action(state: GameState, engine: Engine, seat: int | None = None) -> Action:
    """Ask ``engine`` for the move of the seat to move; EngineError (state untouched) if it fails."""
    seat = state.to_move if seat is None else seat
    if seat is None:
        raise EngineError("the game is over: no seat is to move")
    legal = state.legal_actions()
    observation = state.observe(seat)
    try:
        action = engine.choose(observation, legal)
    except EngineError:
        raise
    except Exception as error:
        raise EngineError(f"engine {engine.name!r} at seat {seat} raised "
                          f"{type(error).__name__}: {error}") from error
    reason = state.why_illegal(action) if action is not None else "it returned nothing"
    if reason is not None:
        raise EngineError(f"engine {engine.name!r} at seat {seat} chose an illegal action "
                          f"{action}: {reason}")
    return action

"""The registry of levels: load an engine by name, and the levels a player picks from.

Levels load by name (``expectation``, ``strong``, ``trump_saving+smart`` ...) or as
``module:Class`` for plug-ins; the player levels (Beginner to Expert) stand for an
engine and a search budget (rollouts per decision, with a time cap for slow devices).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from engines.interface import Engine, EngineError
from engines.referee import check_budget

#: level name -> "module:Class".  Classic Whist's FILTER+SELECTOR names are resolved apart.
LEVELS: Final[dict[str, str]] = {
    "random": "engines.interface:RandomEngine",
    "expectation": "engines.diminishing:ExpectationEngine",
    "gaussian": "engines.diminishing:GaussianEngine",
    "strength0": "engines.black_queen:Strength0",
    "strength1": "engines.black_queen:Strength1",
    "strength2": "engines.black_queen:Strength2",
    "rules": "engines.nine_five_two:RulesEngine",
    "heuristic": "engines.bidding:HeuristicEngine",
    "beginner": "engines.beginner:BeginnerEngine",
    "strong": "engines.strong:StrongEngine",
}
#: The original program's own computer player for each game: the level a new seat gets.
ORIGINAL_LEVELS: Final[dict[str, str]] = {
    "diminishing-whist": "expectation",
    "black-queen": "strength2",
    "nine-five-two": "rules",
    "bidding-whist": "heuristic",
    "classic-whist": "none+smart",
}



@dataclass(frozen=True)
class PlayerLevel:
    """A level a player understands, built from the engines: a label and what plays it."""

    name: str
    label: str
    #: The engine that plays it (None: the game's original player, ORIGINAL_LEVELS).
    engine: str | None
    #: Seconds per decision for a searching engine (None: the engine's default); with
    #: ``iterations``, only the longest a decision may take on a slow device.
    budget: float | None
    summary: str
    #: Rollouts per decision by game, for a searching engine: the same answer from the
    #: same position on any device and after any reload (a time budget alone would make
    #: the answer depend on how fast the device was at that moment).
    iterations: Mapping[str, int] | None = None


#: Expert's rollouts per decision in each game: what ends 95% of ``strong``'s decisions
#: within about 0.8 s in the page's Pyodide on the test machine (docs/performance.md,
#: "Levels that never re-roll").  Advanced searches a fifth of it.  Each level's
#: ``budget`` is three times its nominal second (or fifth of one): a cap for slow
#: devices, not the usual stop.
EXPERT_ROLLOUTS: Final[Mapping[str, int]] = MappingProxyType({
    "diminishing-whist": 3600,
    "black-queen": 650,
    "nine-five-two": 1000,
    "bidding-whist": 700,
    "classic-whist": 1800,
})

#: The levels offered first, weakest to strongest; every engine stays selectable by name.
#: The summaries are what a player reads when choosing an opponent.
PLAYER_LEVELS: Final[tuple[PlayerLevel, ...]] = (
    PlayerLevel("beginner", "Beginner", "beginner", None,
                "Knows the rules and plays a simple game, with a careless bid or card "
                "now and then: a good first opponent."),
    PlayerLevel("intermediate", "Intermediate", None, None,
                "Plays the steady, sensible game of the original program's computer player."),
    PlayerLevel("advanced", "Advanced", "strong", 0.6,
                "Thinks through many ways the unseen cards could lie before each move: "
                "hard to beat.",
                MappingProxyType({game: n // 5 for game, n in EXPERT_ROLLOUTS.items()})),
    PlayerLevel("expert", "Expert", "strong", 3.0,
                "Thinks five times as many ways through as Advanced before every move: "
                "the strongest opponent here.", EXPERT_ROLLOUTS),
)
_PLAYER_LEVELS: Final = {level.name: level for level in PLAYER_LEVELS}


def resolve_level(name: str, game: str | None) -> tuple[str, float | None]:
    """The engine spec and budget a level name stands for (a plain engine name: itself)."""
    level = _PLAYER_LEVELS.get(name.strip())
    if level is None:
        return name.strip(), None
    if level.engine is not None:
        return level.engine, level.budget
    if game is None or game not in ORIGINAL_LEVELS:
        raise EngineError(f"level {name!r} needs a game (it is that game's original player)")
    return ORIGINAL_LEVELS[game], level.budget


def level_iterations(name: str, game: str | None) -> int | None:
    """The rollouts per decision a player level searches in ``game`` (None: not such a level)."""
    level = _PLAYER_LEVELS.get(name.strip())
    if level is None or level.iterations is None or game is None:
        return None
    return level.iterations.get(game)


def level_label(name: str) -> str:
    """What a player reads for a level: ``Expert`` for a level, the engine's name otherwise."""
    level = _PLAYER_LEVELS.get(name.strip())
    return level.label if level is not None else name.strip()


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
    ``spec`` may be a player level (``expert``): its engine and budget are used.
    """
    check_budget(budget)
    level = spec.strip()
    spec, level_budget = resolve_level(level, game)
    if level_budget is not None:
        budget = level_budget
    rollouts = level_iterations(level, game)
    if rollouts is not None:
        settings = {"iterations": rollouts, **settings}
    cls = engine_class(spec)
    if game is not None and cls.games and game not in cls.games:
        raise EngineError(f"engine {spec!r} does not play {game} "
                          f"(it plays {', '.join(cls.games)})")
    try:
        engine = cls(seed=seed, budget=budget, **settings)
    except Exception as error:
        raise EngineError(f"engine {spec!r} failed to start: {type(error).__name__}: {error}") \
            from error
    try:
        engine.loaded_as = level
    except Exception:  # a plug-in may refuse new attributes; it is then named by its level
        pass
    return engine


def all_levels() -> list[str]:
    """Every named level, Classic Whist's combinations included."""
    return list(LEVELS) + [f"{f}+{s}" for f in CLASSIC_FILTERS for s in CLASSIC_SELECTORS]


def levels_for(game: str) -> list[str]:
    """The level names that play ``game``: the player levels first, then every engine."""
    out = [level.name for level in PLAYER_LEVELS]
    for level in all_levels():
        if level in out:  # the Beginner level is also its engine's name
            continue
        try:
            cls = engine_class(level)
        except EngineError:
            continue
        if not cls.games or game in cls.games:
            out.append(level)
    return out


def describe_levels(game: str) -> list[tuple[str, str]]:
    """(level, one-line description) for each level that plays ``game``.

    A player level's description names the engine that plays it.
    """
    out = []
    for name in levels_for(game):
        level = _PLAYER_LEVELS.get(name)
        if level is None:
            out.append((name, engine_class(name).description))
            continue
        engine, _ = resolve_level(name, game)
        out.append((name, f"{level.label}: {level.summary} (engine: {engine}: "
                          f"{engine_class(engine).description})"))
    return out

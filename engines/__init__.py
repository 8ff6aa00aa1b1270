"""Computer players: one interface (:class:`engines.interface.Engine`), one module per family."""

from engines.interface import Engine, EngineError
from engines.levels import describe_levels, load_engine
from engines.referee import choose_action

__all__ = ["Engine", "EngineError", "choose_action", "describe_levels", "load_engine"]

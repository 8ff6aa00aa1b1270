"""Computer players: one interface (:class:`engines.base.Engine`), one module per family."""

from engines.base import Engine, EngineError, choose_action, describe_levels, load_engine

__all__ = ["Engine", "EngineError", "choose_action", "describe_levels", "load_engine"]

"""Rules core for five trick-taking games: pure standard-library Python.

Start with :func:`whist.games.new_game` and the :class:`whist.protocol.GameState`
protocol; records are in :mod:`whist.records`.

The names below load on first use: ``python -m whist`` imports this package
before its entry point can catch Ctrl-C, so importing it must take no time.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from whist.actions import Action, Decision, parse_action
    from whist.cards import Card, Suit
    from whist.protocol import GameState, IllegalAction, OptionError

#: Each name of the package and the module it lives in.
_HOMES = {"Action": "whist.actions", "Decision": "whist.actions", "parse_action": "whist.actions",
          "Card": "whist.cards", "Suit": "whist.cards", "GameState": "whist.protocol",
          "IllegalAction": "whist.protocol", "OptionError": "whist.protocol"}

__all__ = ["Action", "Card", "Decision", "GameState", "IllegalAction", "OptionError", "Suit",
           "parse_action"]


def __getattr__(name: str) -> Any:
    """Load one of the package's names from its module on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'whist' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value

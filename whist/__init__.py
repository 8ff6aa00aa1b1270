"""Rules core for five trick-taking games: pure standard-library Python.

Start with :func:`whist.games.new_game` and the :class:`whist.protocol.GameState`
protocol; records are in :mod:`whist.records`.
"""

from whist.actions import Action, Decision, parse_action
from whist.cards import Card, Suit
from whist.protocol import GameState, IllegalAction, OptionError

__all__ = ["Action", "Card", "Decision", "GameState", "IllegalAction", "OptionError", "Suit",
           "parse_action"]

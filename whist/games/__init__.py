"""The five games, by record name."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Final

from whist.inputs import shown
from whist.protocol import GameState, OptionError

#: record name -> (module, class)
GAME_CLASSES: Final[dict[str, tuple[str, str]]] = {
    "diminishing-whist": ("whist.games.diminishing", "DiminishingWhist"),
    "black-queen": ("whist.games.black_queen", "BlackQueen"),
    "nine-five-two": ("whist.games.nine_five_two", "NineFiveTwo"),
    "bidding-whist": ("whist.games.bidding", "BiddingWhist"),
    "classic-whist": ("whist.games.classic", "ClassicWhist"),
}
GAME_NAMES: Final = tuple(GAME_CLASSES)
#: Short names people may type in the terminal.
ALIASES: Final = {"dw": "diminishing-whist", "diminishing": "diminishing-whist",
                  "bq": "black-queen", "952": "nine-five-two", "9-5-2": "nine-five-two",
                  "bw": "bidding-whist", "bidding": "bidding-whist", "cw": "classic-whist",
                  "classic": "classic-whist", "whist": "classic-whist"}


def game_class(name: str) -> type[GameState]:
    """The GameState subclass for a record name (or alias); OptionError if unknown."""
    # Anything but a str (a list from a record, say) is no game name, and may not even hash.
    key = ALIASES.get(name.lower(), name.lower()) if isinstance(name, str) else None
    if key not in GAME_CLASSES:
        raise OptionError(f"unknown game {shown(name)} (games: {', '.join(GAME_NAMES)})")
    module, cls = GAME_CLASSES[key]
    found: type[GameState] = getattr(importlib.import_module(module), cls)
    return found


def new_game(name: str, options: Mapping[str, Any] | None = None,
             seed: int | None = None) -> GameState:
    """A new game of ``name`` with ``options``, dealt from ``seed``."""
    return game_class(name)(options, seed=seed)

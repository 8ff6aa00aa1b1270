"""The bench's self-play step: the only legal action, else the seat's engine's choice.

Unchecked on purpose: in the bench's data and measurement loops a misbehaving
engine is a bug to see, not a failure to referee (the app and the arena ask
engines through :func:`engines.referee.choose_action`).  It lives on the bench,
not in engines/, so the page's bundle does not carry it.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.interface import Engine, EngineError
from whist.actions import Action
from whist.protocol import GameState


def next_action(state: GameState, engines: Sequence[Engine]) -> Action:
    """The only legal action, else the choice of the engine of the seat to move (unchecked);
    EngineError once the game is over."""
    seat = state.to_move
    if seat is None:
        raise EngineError("the game is over: no seat is to move")
    legal = state.legal_actions()
    return legal[0] if len(legal) == 1 else engines[seat].choose(state.observe(seat), legal)

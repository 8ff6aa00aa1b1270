"""Engines that misbehave in ways a legality check by ``==`` would miss: for tests only.

Each answers the same wrong thing at every decision, so a test can meet it at
the first decision of any game.
"""

import time
from collections.abc import Sequence
from typing import Any

from engines.interface import Engine
from whist.actions import Action, Bid, Play
from whist.cards import CARDS
from whist.protocol import Observation


class Sleeps(Engine):
    """Thinks for a second (well past a test's time limit), then plays the first legal action."""

    level = "sleeps"
    seconds = 1.0

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The first legal action, late."""
        time.sleep(self.seconds)
        return legal[0]


class SleepsLong(Sleeps):
    """Thinks for half a minute: to be interrupted (Ctrl-C) while it thinks."""

    level = "sleeps-long"
    seconds = 30.0


class FloatBid(Engine):
    """Bids ``Bid(0.0)``: equal to ``Bid(0)`` under ``==``, but a record would say ``0.0``."""

    level = "float-bid"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A float number of tricks."""
        return Bid(0.0)  # type: ignore[arg-type]


class BoolBid(Engine):
    """Bids ``Bid(False)``: equal to ``Bid(0)`` under ``==``, printed ``False``."""

    level = "bool-bid"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A bool number of tricks."""
        return Bid(False)


class PlainInt(Engine):
    """Answers a plain ``int`` instead of an action."""

    level = "plain-int"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Zero, not Bid(0)."""
        result: Any = 0
        return result  # type: ignore[no-any-return]


class IntCard(Engine):
    """Plays ``Play(5)``: a plain int where a Card belongs (equal to ``Play(CARDS[5])``)."""

    level = "int-card"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A Play of an int."""
        return Play(int(CARDS[5]))  # type: ignore[arg-type]


class _EqualToAnything:
    """Says it equals whatever it is compared with."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class EqualsAnything(Engine):
    """Answers an object whose ``__eq__`` is always True (``x in legal`` holds for any list)."""

    level = "equals-anything"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A liar."""
        result: Any = _EqualToAnything()
        return result  # type: ignore[no-any-return]


class _ExplodingBid(Bid):
    """A Bid whose comparison raises."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        raise AssertionError("compared")

    __hash__ = Bid.__hash__


class EqualityRaises(Engine):
    """Answers a subclass of Bid whose ``__eq__`` raises."""

    level = "equality-raises"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A Bid that cannot be compared."""
        return _ExplodingBid(0)


class AppendsToLegal(Engine):
    """Appends a move of its own making to the ``legal`` list it was handed and answers it.

    At a bid it bids one trick more than the cards dealt; at a card it plays a card
    it does not hold (a revoke or worse when the check reads the engine's list).
    """

    level = "appends-to-legal"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Its own move, made legal by adding it to the list."""
        first = legal[0]
        mine: Action = (Bid(len(observation["hand"]) + 1) if isinstance(first, Bid)
                        else Play(next(c for c in CARDS if str(c) not in observation["hand"])))
        assert isinstance(legal, list)
        legal.append(mine)
        return mine


class ReplacesLegal(Engine):
    """Empties the ``legal`` list it was handed, puts its own move in, and answers a legal one."""

    level = "replaces-legal"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The first legal action, after rewriting the list."""
        assert isinstance(legal, list)
        first = legal[0]
        legal[:] = [Bid(99)]
        return first


class ChangesObservation(Engine):
    """Changes the observation it was handed (its hand and legal notation), then plays legally."""

    level = "changes-observation"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The first legal action, after writing over what it saw."""
        observation["hand"].append("A♠")
        observation["legal"].clear()
        return legal[0]


class Announces(SleepsLong):
    """Says on standard output that it starts thinking, then thinks for half a minute.

    A test waits for its line, so a signal is sent while it surely thinks.
    """

    level = "announces"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The first legal action, late, after saying so."""
        print("   (the plug-in thinks)", flush=True)
        return super().choose(observation, legal)

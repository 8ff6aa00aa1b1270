"""The Beginner level: a player who knows the rules and the usual ideas but slips.

It decides as the game's original player does (``ORIGINAL_LEVELS``: the
counting bidder of Diminishing Whist, Bidding Whist's heuristic, the rule-based
9-5-2 player, Black Queen's strength 1, Classic Whist's ``naive_legal+highest_rank``,
the player who just plays its highest card) and then makes a beginner's slips:
a bid is sometimes one off its count (never a wild one), and now and then a card
is any legal card instead of the considered one (Bidding Whist: only its bids slip,
see :data:`GAME_SLIPS`).  So it bids near what its hand
is worth, unlike ``random``, and loses more than the original player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

from engines.interface import Engine
from engines.levels import ORIGINAL_LEVELS, load_engine
from whist.actions import Action, Bid, Contract, Play
from whist.observations import Observation

#: The considered player a beginner imitates, per game: the simpler original where
#: a game has two (Black Queen's strength 1, Classic Whist's highest-card player).
BEGINNER_BASE: Final[dict[str, str]] = {
    **ORIGINAL_LEVELS,
    "black-queen": "strength1",
    "classic-whist": "naive_legal+highest_rank",
}
#: How often a card is any legal card rather than the considered one, and how often a
#: bid or bet is one more or one fewer than the considered one.
SLIPS: Final = (0.3, 0.3)
#: Games whose considered player plays its cards so plainly that random slips would
#: help it (Bidding Whist's always plays its lowest legal card): only its bids slip,
#: more often (docs/strength.md has the arena runs that set these).
GAME_SLIPS: Final[dict[str, tuple[float, float]]] = {"bidding-whist": (0.0, 0.5)}
#: Games where a slipped bid is always one too few: Bidding Whist's plain bidder
#: already bets low, so a bet one higher would more often help it than hurt.
CAUTIOUS: Final = frozenset({"bidding-whist"})


class BeginnerEngine(Engine):
    """The game's simple player with a beginner's slips: bids near its count, some odd cards."""

    level: ClassVar[str] = "beginner"
    description: ClassVar[str] = ("Bids about what its hand is worth, sometimes one off, "
                                  "and now and then plays a careless card.")

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """The considered player is made on the first decision, once the game is known."""
        super().__init__(seed=seed, budget=budget, **settings)
        self._base: dict[str, Engine] = {}

    def _considered(self, game: str) -> Engine:
        if game not in self._base:
            self._base[game] = load_engine(BEGINNER_BASE.get(game, "random"), game,
                                           seed=self.seed, budget=self.budget)
        return self._base[game]

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The considered choice, or a slip from it (a neighbouring bid, any legal card)."""
        game = observation["game"]
        choice = self._considered(game).choose(observation, legal)
        card_slip, bid_slip = GAME_SLIPS.get(game, SLIPS)
        slip = self.rng.random()
        if isinstance(choice, Play):
            if slip < card_slip:
                return legal[self.rng.randrange(len(legal))]
            return choice
        if isinstance(choice, Bid | Contract) and slip < bid_slip:
            near = [a for a in legal if _near(a, choice)]
            if game in CAUTIOUS:  # a beginner's caution: one trick fewer than the count
                near = [a for a in near if isinstance(a, Bid | Contract)
                        and a.tricks < choice.tricks]
            if near:
                return near[self.rng.randrange(len(near))]
        return choice


def _near(action: Action, choice: Bid | Contract) -> bool:
    """A bid one trick off ``choice`` (the same trump for a contract)."""
    if isinstance(choice, Bid):
        return isinstance(action, Bid) and abs(action.tricks - choice.tricks) == 1
    return (isinstance(action, Contract) and action.trump == choice.trump
            and abs(action.tricks - choice.tricks) == 1)

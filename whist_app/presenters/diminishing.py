"""Diminishing Whist's presenter."""

from __future__ import annotations

from whist.observations import (
    Observation,
    as_diminishing,
)
from whist_app.presenters.base import (
    Explain,
    GamePresenter,
    Seating,
    _fact,
    _info,
    _no_choices,
    _numbers,
    _plural,
    _trump_item,
    trump_words,
)
from whist_app.views import (
    ChoicesView,
    FactView,
    InfoView,
    StepView,
)


class DiminishingPresenter(GamePresenter):
    """Diminishing Whist: rounds, their schedule, bids and the hook rule."""

    hand_word = "Round"
    target_word = "bid"
    made_words = "exact bids"
    # One trick can swing a round by ten points or more (a bid missed): marks sit higher.
    grades = (1.0, 4.0)

    def heading(self, obs: Observation, seating: Seating) -> str:
        """Round n of 10, its cards and trump."""
        o = as_diminishing(obs)
        return (f"Round {o['round'] + 1} of {len(o['schedule'])}: {_plural(o['cards'], 'card')} "
                f"each, {trump_words(o['trump_name'])}")

    def info(self, obs: Observation, seating: Seating) -> list[InfoView]:
        """Round, cards, trump."""
        o = as_diminishing(obs)
        return [_info("round", "Round", f"{o['round'] + 1}/{len(o['schedule'])} · "
                                         f"{_plural(o['cards'], 'card')}"),
                _trump_item(o)]

    def schedule(self, obs: Observation) -> list[StepView]:
        """The ten rounds, the current one marked."""
        o = as_diminishing(obs)
        return [{"label": f"{n}{t}",
                 "state": "current" if i == o["round"] else "done" if i < o["round"] else "next"}
                for i, (n, t) in enumerate(o["schedule"])]

    def facts(self, obs: Observation, seat: int, seating: Seating) -> list[FactView]:
        """The seat's bid."""
        bid = as_diminishing(obs)["bids"][seat]
        return [_fact("bid", "–" if bid is None else bid)]

    def badges(self, obs: Observation, seat: int, seating: Seating) -> list[str]:
        """Who opened the bidding."""
        return ["opens"] if as_diminishing(obs)["opener"] == seat else []

    def choices(self, obs: Observation, seating: Seating, explain: Explain) -> ChoicesView:
        """Bids 0..cards, the forbidden one shown but not allowed."""
        o = as_diminishing(obs)
        if o["decision"] == "bid":
            return _numbers(o, o["forbidden_bid"], explain)
        return _no_choices()

    def sheet_sub(self, obs: Observation, hand: int) -> str:
        """The round's cards and trump."""
        schedule = as_diminishing(obs)["schedule"]
        if hand >= len(schedule):
            return ""
        cards, trump = schedule[hand]
        return f"{cards}{trump}"

"""Diminishing Whist's presenter."""

from __future__ import annotations

from whist.events import HandScored
from whist.observations import (
    DiminishingObservation,
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


class DiminishingPresenter(GamePresenter[DiminishingObservation]):
    """Diminishing Whist: rounds, their schedule, bids and the hook rule."""

    hand_word = "Round"
    target_word = "bid"
    made_words = "exact bids"
    sheet_key = "Each cell: tricks taken/bid, then points"
    # One trick can swing a round by ten points or more (a bid missed): marks sit higher.
    grades = (1.0, 4.0)

    def narrow(self, obs: Observation) -> DiminishingObservation:
        """``obs`` as a Diminishing Whist observation; TypeError for any other game."""
        return as_diminishing(obs)

    def heading(self, obs: DiminishingObservation, seating: Seating) -> str:
        """Round n of 10, its cards and trump."""
        return (f"Round {obs['round'] + 1} of {len(obs['schedule'])}: {_plural(obs['cards'], 'card')} "
                f"each, {trump_words(obs['trump_name'])}")

    def info(self, obs: DiminishingObservation, seating: Seating) -> list[InfoView]:
        """Round, cards, trump."""
        return [_info("round", "Round", f"{obs['round'] + 1}/{len(obs['schedule'])} · "
                                         f"{_plural(obs['cards'], 'card')}"),
                _trump_item(obs)]

    def schedule(self, obs: DiminishingObservation) -> list[StepView]:
        """The ten rounds, the current one marked."""
        return [{"label": f"{n}{t}",
                 "state": "current" if i == obs["round"] else "done" if i < obs["round"] else "next"}
                for i, (n, t) in enumerate(obs["schedule"])]

    def facts(self, obs: DiminishingObservation, seat: int, seating: Seating) -> list[FactView]:
        """The seat's bid."""
        bid = obs["bids"][seat]
        return [_fact("bid", "–" if bid is None else bid)]

    def badges(self, obs: DiminishingObservation, seat: int, seating: Seating) -> list[str]:
        """Who opened the bidding."""
        return ["opens"] if obs["opener"] == seat else []

    def choices(self, obs: DiminishingObservation, seating: Seating, explain: Explain) -> ChoicesView:
        """Bids 0..cards, the forbidden one shown but not allowed."""
        if obs["decision"] == "bid":
            return _numbers(obs, obs["forbidden_bid"], explain)
        return _no_choices()

    def sheet_sub(self, obs: DiminishingObservation, hand: int, result: HandScored | None,
                  seating: Seating) -> str:
        """The round's cards and trump."""
        schedule = obs["schedule"]
        if hand >= len(schedule):
            return ""
        cards, trump = schedule[hand]
        return f"{cards}{trump}"

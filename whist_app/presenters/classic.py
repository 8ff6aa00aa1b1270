"""Classic Whist's presenter."""

from __future__ import annotations

from whist.observations import (
    Observation,
    as_classic,
)
from whist_app.presenters.base import (
    GamePresenter,
    Seating,
    _info,
    _trump_item,
    trump_words,
)
from whist_app.views import (
    InfoView,
)


class ClassicPresenter(GamePresenter):
    """Classic Whist: deals, each trick a point, first to the winning score."""

    hand_word = "Deal"

    def heading(self, obs: Observation, seating: Seating) -> str:
        """Deal n, the trump, the winning score."""
        o = as_classic(obs)
        return (f"Deal {o['hand_number'] + 1}: {trump_words(o['trump_name'])}, first to "
                f"{o['winning_score']} points wins")

    def info(self, obs: Observation, seating: Seating) -> list[InfoView]:
        """Deal n, the winning score, the trump."""
        o = as_classic(obs)
        return [_info("hand", "Deal", f"{o['hand_number'] + 1} · first to {o['winning_score']}"),
                _trump_item(o)]

    def context(self, obs: Observation, seating: Seating) -> list[str]:
        """Whether follow-suit is off."""
        if not as_classic(obs)["enforce_rules"]:
            return ["Follow-suit is not enforced in this game"]
        return []

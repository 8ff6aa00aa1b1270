"""Classic Whist's presenter."""

from __future__ import annotations

from whist.observations import (
    ClassicObservation,
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


class ClassicPresenter(GamePresenter[ClassicObservation]):
    """Classic Whist: deals, each trick a point, first to the winning score."""

    hand_word = "Deal"

    def narrow(self, obs: Observation) -> ClassicObservation:
        """``obs`` as a Classic Whist observation; TypeError for any other game."""
        return as_classic(obs)

    def heading(self, obs: ClassicObservation, seating: Seating) -> str:
        """Deal n, the trump, the winning score."""
        return (f"Deal {obs['hand_number'] + 1}: {trump_words(obs['trump_name'])}, first to "
                f"{obs['winning_score']} points wins")

    def info(self, obs: ClassicObservation, seating: Seating) -> list[InfoView]:
        """Deal n, the winning score, the trump."""
        return [_info("hand", "Deal", f"{obs['hand_number'] + 1} · first to {obs['winning_score']}"),
                _trump_item(obs)]

    def context(self, obs: ClassicObservation, seating: Seating) -> list[str]:
        """Whether follow-suit is off."""
        if not obs["enforce_rules"]:
            return ["Follow-suit is not enforced in this game"]
        return []

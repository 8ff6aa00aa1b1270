"""Black Queen's presenter."""

from __future__ import annotations

from whist.events import HandScored
from whist.observations import (
    BlackQueenObservation,
    Observation,
    as_black_queen,
)
from whist_app.presenters.base import (
    Explain,
    GamePresenter,
    Seating,
    _fact,
    _info,
    _plural,
)
from whist_app.views import (
    FaceUpSlotView,
    FactView,
    InfoView,
)


class BlackQueenPresenter(GamePresenter[BlackQueenObservation]):
    """Black Queen: no trump, penalty points, face-up rows."""

    # One trick can swing a hand by ten points or more (the Q♠): marks sit higher.
    grades = (1.0, 4.0)

    def narrow(self, obs: Observation) -> BlackQueenObservation:
        """``obs`` as a Black Queen observation; TypeError for any other game."""
        return as_black_queen(obs)

    def score_detail(self, event: HandScored, seat: int) -> str:
        """Which cards cost what: ``3 hearts −3, Q♠ −12``; or why the seat gained."""
        cards = event.counted[seat] if seat < len(event.counted) else ()
        score = event.scores[seat]
        taken = event.tricks[seat] if seat < len(event.tricks) else None
        if not cards:
            return "took no cards" if taken == 0 else "took no penalty cards"
        if score > 0:
            return "took every penalty card"
        hearts = sum(1 for card in cards if card.endswith("♥"))
        queens = len(cards) - hearts
        parts = [f"{_plural(hearts, 'heart')} −{hearts}"] if hearts else []
        parts += ["Q♠ −12"] * queens
        return ", ".join(parts)

    def table_cards(self, obs: BlackQueenObservation, seat: int) -> list[str]:
        """The seat's face-up row."""
        return [card for card in obs["up"][seat] if card is not None]

    def heading(self, obs: BlackQueenObservation, seating: Seating) -> str:
        """Hand n of m, the dealer, the points in play."""
        hands = obs["options"].get("hands") or obs["players"]
        return (f"Hand {obs['hand_number'] + 1} of {hands}, {seating.does(obs['dealer'], 'deal')}: "
                f"no trump, {obs['total_points']} penalty points in play")

    def info(self, obs: BlackQueenObservation, seating: Seating) -> list[InfoView]:
        """Hand n of m, no trump and the points in play."""
        hands = obs["options"].get("hands") or obs["players"]
        return [_info("hand", "Hand", f"{obs['hand_number'] + 1} of {hands}"),
                _info("points", "No trump ·", f"{obs['total_points']} penalty points")]

    def facts(self, obs: BlackQueenObservation, seat: int, seating: Seating) -> list[FactView]:
        """Penalty points taken this hand."""
        return [_fact("points", obs["points"][seat])]

    def badges(self, obs: BlackQueenObservation, seat: int, seating: Seating) -> list[str]:
        """The dealer."""
        return ["dealer"] if obs["dealer"] == seat else []

    def face_up(self, obs: BlackQueenObservation, seat: int, card_turn: bool,
                explain: Explain) -> tuple[list[FaceUpSlotView] | None, int | None]:
        """The row: each position's face-up card (playable by its owner) over a face-down one."""
        mine = seat == obs["seat"]
        legal = set(obs["legal"])
        slots: list[FaceUpSlotView] = []
        for position, (card, down) in enumerate(zip(obs["up"][seat], obs["down"][seat], strict=True)):
            action = f"{card}@{position}" if card is not None and mine else None
            allowed = card_turn and action is not None and action in legal
            reason = explain(action) if card_turn and action is not None and not allowed else None
            slots.append({"card": card, "down": bool(down), "action": action,
                          "allowed": allowed, "reason": reason})
        return slots, sum(obs["down"][seat])

    def played_face_up(self, obs: BlackQueenObservation, index: int) -> bool:
        """Whether that card of the trick was played from a face-up row."""
        trick_from = obs["trick_from"]
        return index < len(trick_from) and trick_from[index] is not None

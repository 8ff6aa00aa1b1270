"""The table view: a seat's observation assembled into a :class:`TableView`."""

from __future__ import annotations

from collections.abc import Sequence

from engines.levels import level_label, resolve_level
from whist.cards import Card, Suit, sort_hand
from whist.events import Event, HandScored, TrickTaken
from whist.observations import Observation
from whist_app.presenters.base import (
    HUMAN,
    Explain,
    GamePresenter,
    Obs,
    Seating,
    _fact,
    _no_choices,
    _plural,
    _signed,
)
from whist_app.presenters.events import hand_summary
from whist_app.presenters.registry import PRESENTERS
from whist_app.tips import first_hand_tip
from whist_app.views import (
    CardView,
    PlayView,
    RankView,
    SeatView,
    SheetCellView,
    SheetRowView,
    SheetView,
    SummaryView,
    TableView,
    TrickView,
)


def present(obs: Observation, seating: Seating, explain: Explain,
            events: Sequence[Event] = (), results: Sequence[HandScored] = ()) -> TableView:
    """The whole table as ``obs``'s seat sees it; ``events``: what the last action did.

    ``results``: the state's ``hand_results``, for the tricks and targets on the score sheet.
    """
    game = PRESENTERS[obs["game"]]
    return _table(game, game.narrow(obs), seating, explain, events, results)


def _table(game: GamePresenter[Obs], obs: Obs, seating: Seating, explain: Explain,
           events: Sequence[Event], results: Sequence[HandScored]) -> TableView:
    """The table view, ``obs`` narrowed once to its game presenter's observation type."""
    person_turn = seating.human_to_move and obs["to_move"] == obs["seat"]
    decision = obs["decision"] if person_turn else None
    return {
        "game": obs["game"],
        "title": obs["title"],
        "options": dict(obs["options"]),
        "seat": obs["seat"],
        "hand_number": obs["hand_number"],
        "heading": game.heading(obs, seating),
        "info": game.info(obs, seating),
        "schedule": game.schedule(obs),
        "seats": [_seat(game, obs, seat, seating, explain, decision == "card")
                  for seat in range(obs["players"])],
        "context": game.context(obs, seating),
        "prompt": _prompt(game, obs, seating, person_turn),
        "decision": decision,
        "choices": game.choices(obs, seating, explain) if person_turn and decision != "card"
        else ({**_no_choices(), "layout": "cards"} if person_turn else _no_choices()),
        "hand": _hand(game, obs, explain, decision),
        "trick": [_play(game, obs, seating, i, seat, card)
                  for i, (seat, card) in enumerate(obs["trick"])],
        "trick_empty": _trick_empty(obs, seating),
        "last_trick": None if obs["last_trick"] is None else trick_view(
            obs["last_trick"]["plays"], obs["last_trick"]["winner"], seating),
        "sheet": _sheet(game, obs, seating, results),
        "hand_summary": next((hand_summary(game, e, seating) for e in reversed(events)
                              if isinstance(e, HandScored)), None),
        "summary": _summary(obs, seating) if obs["over"] else None,
        "human_to_move": seating.human_to_move,
        "computer_to_move": seating.computer_to_move,
        "over": obs["over"],
        "can_undo": seating.can_undo,
        "can_claim": seating.can_claim,
        # The guided first hand's tip for the person's decision (the page may hide it).
        "tip": first_hand_tip(obs, explain) if person_turn else None,
        "levels": list(seating.levels),
        "daily": seating.daily,
    }


def _seat(game: GamePresenter[Obs], obs: Obs, seat: int, seating: Seating, explain: Explain,
          card_turn: bool) -> SeatView:
    level = seating.levels[seat]
    facts = game.facts(obs, seat, seating)
    facts += [_fact("tricks", obs["tricks_won"][seat]), _fact("cards", obs["hand_sizes"][seat]),
              _fact("total", obs["totals"][seat])]
    face_up, face_down = game.face_up(obs, seat, card_turn, explain)
    human = level == HUMAN
    return {
        "seat": seat,
        "name": seating.name(seat),
        "level": ("you" if seat == seating.seat else level) if human else level_label(level),
        "engine": None if human else resolve_level(level, obs["game"])[0],
        "human": human,
        "you": seat == seating.seat,
        "to_move": obs["to_move"] == seat and not obs["over"],
        "badges": game.badges(obs, seat, seating),
        "facts": facts,
        "face_up": face_up,
        "face_down": face_down,
    }


def _prompt(game: GamePresenter[Obs], obs: Obs, seating: Seating, person_turn: bool) -> str:
    if obs["over"]:
        return f"Game over — {winners_text(obs, seating)}"
    mover = obs["to_move"]
    if person_turn:
        return game.prompt(obs, seating)
    if mover is None:
        return "The hand is over"
    if seating.computer_to_move:
        return f"{seating.name(mover)} ({level_label(seating.levels[mover])}) is thinking…"
    return f"{seating.name(mover)} to play"


def _hand(game: GamePresenter[Obs], obs: Obs, explain: Explain,
          decision: str | None) -> list[CardView]:
    trump = None if obs["trump"] is None else Suit.parse(obs["trump"])
    cards = sort_hand([Card.parse(c) for c in obs["hand"]], trump)
    legal = set(obs["legal"])
    highlight = game.highlighted(obs, decision)
    out: list[CardView] = []
    for card in map(str, cards):
        view: CardView = {"card": card, "action": None, "allowed": None, "reason": None,
                          "highlight": card in highlight}
        if decision == "card":
            view["action"] = card
            view["allowed"] = card in legal
            if card not in legal:
                view["reason"] = explain(card)
        elif decision in ("discard", "pass"):
            view["allowed"] = True
        out.append(view)
    return out


def _play(game: GamePresenter[Obs], obs: Obs, seating: Seating, index: int, seat: int,
          card: str) -> PlayView:
    return {"seat": seat, "name": seating.name(seat), "card": card,
            "face_up": game.played_face_up(obs, index)}


def trick_view(plays: Sequence[tuple[int, str]], winner: int, seating: Seating) -> TrickView:
    """A completed trick with its taker, in words."""
    name = seating.name(winner)
    verb = "take" if name == "You" else "takes"
    return {"plays": [{"seat": s, "name": seating.name(s), "card": c, "face_up": False}
                      for s, c in plays],
            "winner": winner, "winner_name": name, "text": f"{name} {verb} the trick"}


def completed_trick(events: Sequence[Event], seating: Seating) -> TrickView | None:
    """The last trick ``events`` completed (a claim completes several), with its taker, or None."""
    for event in reversed(events):
        if isinstance(event, TrickTaken):
            return trick_view([(s, str(c)) for s, c in event.plays], event.winner, seating)
    return None


def _trick_empty(obs: Observation, seating: Seating) -> str:
    if obs["over"]:
        return "Game over"
    last = obs["last_trick"]
    if last is not None:
        return f"{seating.name(last['winner'])} took the last trick"
    return "No cards on the table yet"


def _sheet(game: GamePresenter[Obs], obs: Obs, seating: Seating,
           results: Sequence[HandScored]) -> SheetView:
    rows: list[SheetRowView] = []
    for i, scores in enumerate(obs["hand_scores"]):
        result = results[i] if i < len(results) else None
        rows.append({"label": f"{game.hand_word} {i + 1}",
                     "sub": game.sheet_sub(obs, i, result, seating), "scores": list(scores),
                     "cells": _sheet_cells(game, scores, result)})
    columns = [seating.name(s) for s in range(obs["players"])]
    return {"columns": columns, "short": [_short_name(c) for c in columns], "rows": rows,
            "totals": list(obs["totals"]),
            "empty": f"No {game.hand_word.lower()} scored yet",
            "key": game.sheet_key if any(r["tricks"] for row in rows for r in row["cells"])
            else ""}


def _sheet_cells(game: GamePresenter[Obs], scores: Sequence[int],
                 result: HandScored | None) -> list[SheetCellView]:
    """A hand's cells: ``3/3 +13`` where a seat played for something, else the points."""
    targets = () if result is None else result.targets
    tricks = () if result is None else result.tricks
    cells: list[SheetCellView] = []
    for seat, points in enumerate(scores):
        target = targets[seat] if seat < len(targets) else None
        if target is None or not game.target_word or seat >= len(tricks):
            cells.append({"tricks": "", "points": str(points), "made": None,
                          "title": _plural(points, "point")})
            continue
        took, signed = tricks[seat], _signed(points)
        cells.append({"tricks": f"{took}/{target}", "points": signed,
                      "made": game.made(took, target),
                      "title": f"took {took}, {game.target_word} {target}: {signed}"})
    return cells


def _short_name(name: str) -> str:
    """A name for a narrow column: its first four letters (the same names as the legend)."""
    return name if len(name) <= 5 else name[:4] + "."


def winners_text(obs: Observation, seating: Seating) -> str:
    """``you win!``, ``Seat 2 wins`` or ``You and Seat 1 share the win``."""
    winners = obs["winners"]
    if not winners:
        return "no winner"
    names = [seating.name(w) for w in winners]
    you = obs["seat"] in winners and seating.name(obs["seat"]) == "You"
    if len(names) == 1:
        return "you win!" if you else f"{names[0]} wins"
    return f"{' and '.join(names)} share the win"


def _summary(obs: Observation, seating: Seating) -> SummaryView:
    order = sorted(range(obs["players"]), key=lambda s: (-obs["totals"][s], s))
    you = obs["seat"] in obs["winners"] and seating.name(obs["seat"]) == "You"
    ranking: list[RankView] = [{"seat": s, "name": seating.name(s), "total": obs["totals"][s],
                                "won": s in obs["winners"]} for s in order]
    return {"title": "You win!" if you else "Game over", "text": winners_text(obs, seating),
            "ranking": ranking}

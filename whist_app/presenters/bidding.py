"""Bidding Whist's presenter."""

from __future__ import annotations

from whist.cards import Suit
from whist.events import HandScored
from whist.games.bidding import CONTRACTS, bet_score
from whist.observations import (
    BiddingObservation,
    Observation,
    as_bidding,
)
from whist_app.presenters.base import (
    Explain,
    GamePresenter,
    Seating,
    _choice,
    _fact,
    _info,
    _no_choices,
    _numbers,
    _trump_item,
    trump_words,
)
from whist_app.views import (
    ChoicesView,
    FactView,
    InfoView,
)


class BiddingPresenter(GamePresenter[BiddingObservation]):
    """Bidding Whist: the auction, the ruler, secondary bets."""

    target_word = "bet"
    made_words = "exact bets"
    sheet_key = ("Each cell: tricks taken/bet, then points. Beside each hand: the contract and "
                 "its ruler")
    grades = (2.5, 10.0)  # ten points a trick

    def sheet_sub(self, obs: BiddingObservation, hand: int, result: HandScored | None,
                  seating: Seating) -> str:
        """The contract and its ruler (``7♠ Blair``), or that everyone skipped."""
        if result is None:
            return ""
        ruler = result.declarer
        if ruler is None or ruler >= len(result.targets):
            return "all skipped" if result.trump is None else "all skipped, no trump"
        return f"{result.targets[ruler]}{result.trump} {seating.name(ruler)}"

    def score_detail(self, event: HandScored, seat: int) -> str:
        """Why a seat scored what it did: its tricks against its bet (``5 short``,
        ``exact``, ``1 over``), or a zero bet kept (its bonus) or broken."""
        bet = event.targets[seat] if seat < len(event.targets) else None
        tricks = event.tricks[seat] if seat < len(event.tricks) else None
        if bet is None or tricks is None:
            return ""
        if bet == 0:
            # The bonus as the rules count it (it depends on the four bets' total).
            bonus = bet_score(0, 0, sum(b or 0 for b in event.targets))
            return (f"zero kept: bonus {bonus}" if tricks == 0
                    else f"zero broken: 10 × {tricks} − {bonus}")
        if tricks == bet:
            return "exact"
        return f"{bet - tricks} short" if tricks < bet else f"{tricks - bet} over"

    def narrow(self, obs: Observation) -> BiddingObservation:
        """``obs`` as a Bidding Whist observation; TypeError for any other game."""
        return as_bidding(obs)

    def heading(self, obs: BiddingObservation, seating: Seating) -> str:
        """Hand n: who rules with what, or the bidding and who opened it."""
        number = counted_hand(obs)
        if obs["contract"] is not None and obs["ruler"] is not None:
            return (f"Hand {number}: {seating.does(obs['ruler'], 'rule')} with {obs['contract']}, "
                    f"{trump_words(obs['trump_name'])}")
        return f"Hand {number}: bidding, opened by {seating.who(obs['opener'])}"

    def info(self, obs: BiddingObservation, seating: Seating) -> list[InfoView]:
        """Hand n of m; the trump once someone rules, else the high bid."""
        items = [_info("hand", "Hand", f"{counted_hand(obs)} of {obs['options'].get('hands', 1)}")]
        if obs["ruler"] is not None:
            items.append(_trump_item(obs))
        elif obs["high_bid"] is not None and obs["high_bidder"] is not None:
            items.append(_info("high-bid", "High bid:",
                               f"{obs['high_bid']} ({seating.name(obs['high_bidder'])})"))
        else:
            items.append(_info("high-bid", "High bid:", "none yet"))
        return items

    def facts(self, obs: BiddingObservation, seat: int, seating: Seating) -> list[FactView]:
        """The seat's bet, or its last bid during the auction."""
        bet = obs["bets"][seat]
        if bet is not None:
            return [_fact("bet", bet)]
        if obs["ruler"] is None:
            last = next((b for s, b in reversed(obs["bidding"]) if s == seat), None)
            if last is not None:
                return [_fact("bid", last)]
        return []

    def badges(self, obs: BiddingObservation, seat: int, seating: Seating) -> list[str]:
        """The ruler (with the contract) and who opened the bidding."""
        marks = []
        if obs["ruler"] == seat and obs["contract"] is not None:
            marks.append(f"rules {obs['contract']}")
        if obs["opener"] == seat:
            marks.append("opens")
        return marks

    def context(self, obs: BiddingObservation, seating: Seating) -> list[str]:
        """The auction in order while bidding and betting, the bets so far, everyone skipping."""
        lines = []
        betting = obs["decision"] == "secondary_bet"
        if obs["bidding"] and (obs["ruler"] is None or betting):
            lines.append("Bidding: " + ", ".join(
                f"{seating.name(s)} {'skipped' if b == 'skip' else b}" for s, b in obs["bidding"]))
        if betting:
            bets = [f"{seating.name(s)} {obs['bets'][s]}" for s in obs["bet_order"]
                    if obs["bets"][s] is not None]
            if bets:
                lines.append("Bets so far: " + ", ".join(bets))
        if obs["all_skipped"]:
            lines.append("Everyone skipped: no trump, and everyone bets")
        return lines

    def choices(self, obs: BiddingObservation, seating: Seating, explain: Explain) -> ChoicesView:
        """The contract grid and skip, or the secondary bets."""
        if obs["decision"] == "secondary_bet":
            return _numbers(obs, obs["forbidden_bet"], explain)
        if obs["decision"] != "initial_bid":
            return _no_choices()
        legal = set(obs["legal"])
        columns = list(dict.fromkeys(_denomination(c.trump) for c in CONTRACTS))
        rows = list(dict.fromkeys(str(c.tricks) for c in CONTRACTS))
        items = [_choice(str(c), str(c), explain, legal, row=str(c.tricks),
                         column=_denomination(c.trump)) for c in CONTRACTS]
        items.append(_choice("skip", "Skip", explain, legal))
        return {"layout": "grid", "items": items, "columns": columns, "rows": rows,
                "select": None, "note": None}


def _denomination(trump: Suit | None) -> str:
    return "NT" if trump is None else trump.symbol


def counted_hand(obs: BiddingObservation) -> int:
    """The 1-based number of the hand in play (or the last, once the game is over) among the
    hands that count: a deal redealt because all four skipped stays in the record but is
    not a hand of the game (whist/games/bidding.py), so the count is of scored hands."""
    scored = len(obs["hand_scores"])
    return scored if obs["over"] else scored + 1

"""Bidding Whist's presenter."""

from __future__ import annotations

from whist.cards import Suit
from whist.games.bidding import CONTRACTS
from whist.observations import (
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


class BiddingPresenter(GamePresenter):
    """Bidding Whist: the auction, the ruler, secondary bets."""

    target_word = "bet"
    made_words = "exact bets"
    grades = (2.5, 10.0)  # ten points a trick

    def heading(self, obs: Observation, seating: Seating) -> str:
        """Hand n: who rules with what, or the bidding and who opened it."""
        o = as_bidding(obs)
        number = o["hand_number"] + 1
        if o["contract"] is not None and o["ruler"] is not None:
            return (f"Hand {number}: {seating.does(o['ruler'], 'rule')} with {o['contract']}, "
                    f"{trump_words(o['trump_name'])}")
        return f"Hand {number}: bidding, opened by {seating.who(o['opener'])}"

    def info(self, obs: Observation, seating: Seating) -> list[InfoView]:
        """Hand n of m; the trump once someone rules, else the high bid."""
        o = as_bidding(obs)
        items = [_info("hand", "Hand", f"{o['hand_number'] + 1} of {o['options'].get('hands', 1)}")]
        if o["ruler"] is not None:
            items.append(_trump_item(o))
        elif o["high_bid"] is not None and o["high_bidder"] is not None:
            items.append(_info("high-bid", "High bid:",
                               f"{o['high_bid']} ({seating.name(o['high_bidder'])})"))
        else:
            items.append(_info("high-bid", "High bid:", "none yet"))
        return items

    def facts(self, obs: Observation, seat: int, seating: Seating) -> list[FactView]:
        """The seat's bet, or its last bid during the auction."""
        o = as_bidding(obs)
        bet = o["bets"][seat]
        if bet is not None:
            return [_fact("bet", bet)]
        if o["ruler"] is None:
            last = next((b for s, b in reversed(o["bidding"]) if s == seat), None)
            if last is not None:
                return [_fact("bid", last)]
        return []

    def badges(self, obs: Observation, seat: int, seating: Seating) -> list[str]:
        """The ruler (with the contract) and who opened the bidding."""
        o = as_bidding(obs)
        marks = []
        if o["ruler"] == seat and o["contract"] is not None:
            marks.append(f"rules {o['contract']}")
        if o["opener"] == seat:
            marks.append("opens")
        return marks

    def context(self, obs: Observation, seating: Seating) -> list[str]:
        """The auction in order while bidding and betting, the bets so far, everyone skipping."""
        o = as_bidding(obs)
        lines = []
        betting = o["decision"] == "secondary_bet"
        if o["bidding"] and (o["ruler"] is None or betting):
            lines.append("Bidding: " + ", ".join(
                f"{seating.name(s)} {'skipped' if b == 'skip' else b}" for s, b in o["bidding"]))
        if betting:
            bets = [f"{seating.name(s)} {o['bets'][s]}" for s in o["bet_order"]
                    if o["bets"][s] is not None]
            if bets:
                lines.append("Bets so far: " + ", ".join(bets))
        if o["all_skipped"]:
            lines.append("Everyone skipped: no trump, and everyone bets")
        return lines

    def choices(self, obs: Observation, seating: Seating, explain: Explain) -> ChoicesView:
        """The contract grid and skip, or the secondary bets."""
        o = as_bidding(obs)
        if o["decision"] == "secondary_bet":
            return _numbers(o, o["forbidden_bet"], explain)
        if o["decision"] != "initial_bid":
            return _no_choices()
        legal = set(o["legal"])
        columns = list(dict.fromkeys(_denomination(c.trump) for c in CONTRACTS))
        rows = list(dict.fromkeys(str(c.tricks) for c in CONTRACTS))
        items = [_choice(str(c), str(c), explain, legal, row=str(c.tricks),
                         column=_denomination(c.trump)) for c in CONTRACTS]
        items.append(_choice("skip", "Skip", explain, legal))
        return {"layout": "grid", "items": items, "columns": columns, "rows": rows,
                "select": None, "note": None}


def _denomination(trump: Suit | None) -> str:
    return "NT" if trump is None else trump.symbol

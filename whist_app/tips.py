"""The guided first hand: a tip at each of the person's decisions, in a player's words.

A tip says what is being decided, what the person is aiming at, and which
cards may be played and why not the others.  Why a card is not allowed is the
rules core's own sentence (``explain``, from ``why_illegal``), so no rule is
restated here; the page only shows the text (and lets the player switch tips off).
"""

from __future__ import annotations

from collections.abc import Callable

from whist.observations import (
    Observation,
    as_bidding,
    as_diminishing,
    as_nine_five_two,
)

#: Why an action (as text) may not be taken now, None if it may: :meth:`Table.explain`.
Explain = Callable[[str], str | None]


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _trump(obs: Observation) -> str:
    trump = obs["trump"]
    return "there is no trump" if trump is None else f"{trump} is trump"


def _goal(obs: Observation) -> str:
    """What the person is aiming at in this hand, with where they stand."""
    seat = obs["seat"]
    won = obs["tricks_won"][seat]
    game = obs["game"]
    if game == "diminishing-whist":
        bid = as_diminishing(obs)["bids"][seat]
        if bid is None:
            return ""
        return (f"You bid {bid} and have {_count(won, 'trick')}: you score only with "
                f"exactly {bid}.")
    if game == "nine-five-two":
        o = as_nine_five_two(obs)
        target = o["contracts"][(seat - o["dealer"]) % o["players"]]
        return f"You are going for {target} tricks and have {won}."
    if game == "bidding-whist":
        bet = as_bidding(obs)["bets"][seat]
        return "" if bet is None else (f"You bet {bet} and have {_count(won, 'trick')}: "
                                       "you score most by taking exactly that many.")
    if game == "black-queen":
        return "Hearts and the queen of spades cost points: let others take them."
    if game == "classic-whist":
        return (f"Every trick you take is a point; the first to "
                f"{obs['options'].get('winning_score', 24)} wins.")
    return ""


def _face_up(obs: Observation) -> list[str]:
    """The person's face-up cards as actions (``Q♠@3``): Black Queen's row, else none."""
    rows = obs.get("up")
    if not isinstance(rows, list):
        return []
    return [f"{card}@{position}" for position, card in enumerate(rows[obs["seat"]])
            if card is not None]


def _card_tip(obs: Observation, explain: Explain) -> str:
    hand = list(obs["hand"])
    up = _face_up(obs)
    legal = set(obs["legal"])
    lead = "You lead this trick" if not obs["trick"] else "Your card to this trick"
    parts = [f"{lead}; {_trump(obs)}."]
    # The hand's barred cards first: the reason given is the one a hand card gets.
    barred = [card for card in hand + up if card not in legal]
    if not barred:
        parts.append("Any card in your hand is allowed now." if not up
                     else "Any of your face-up cards is allowed now." if not hand
                     else "Any card in your hand or face up is allowed now.")
        return " ".join(parts)
    reason = explain(barred[0])
    because = f" ({reason})." if reason else "."
    in_hand = len([card for card in hand if card in legal])
    if not up:
        parts.append(f"{_count(in_hand, 'card')} of your hand may be played now; the dimmed "
                     f"ones may not{because}")
    else:
        face_up = len([card for card in up if card in legal])
        places = " and ".join(place for n, place in ((in_hand, f"{in_hand} in your hand"),
                                                     (face_up, f"{face_up} face up")) if n)
        parts.append(f"{_count(in_hand + face_up, 'card')} may be played now ({places}); "
                     f"the dimmed ones may not{because}")
    return " ".join(parts)


def first_hand_tip(obs: Observation, explain: Explain) -> str | None:
    """The tip for the person's decision in ``obs`` (their own seat's view), None if none."""
    if obs["over"] or obs["to_move"] != obs["seat"] or obs["decision"] is None:
        return None
    decision = obs["decision"]
    goal = _goal(obs)
    if decision == "card":
        text = _card_tip(obs, explain)
    elif decision == "bid":
        forbidden = obs.get("forbidden_bid")
        text = (f"Say how many tricks you will take with your {_count(len(obs['hand']), 'card')}; "
                f"{_trump(obs)}. Count your aces, kings and trumps: you score only if you "
                "take exactly your bid.")
        if forbidden is not None:
            text += (f" You may not say {forbidden}: "
                     f"{explain(str(forbidden)) or 'the bids may not add up to the cards'}.")
        goal = ""
    elif decision == "initial_bid":
        text = ("Bid how many tricks you think you could take with the trump you name, or "
                "skip. The highest bid names trump for everyone; with no long, strong suit, "
                "skip.")
    elif decision == "secondary_bet":
        text = ("Now everyone bets how many tricks they will take under this trump. "
                "Count your high cards and trumps: you score most by taking exactly your bet.")
        forbidden = obs.get("forbidden_bet")
        if forbidden is not None:
            text += f" You may not bet {forbidden}: {explain(str(forbidden)) or 'it is barred'}."
        goal = ""
    elif decision == "trump":
        text = ("As dealer you name trump, then take the kitty: pick your longest, "
                "strongest suit (or no trump with high cards everywhere).")
    elif decision == "discard":
        cards = _count(as_nine_five_two(obs)["choose_count"] or 0, "card")
        text = (f"Put {cards} face down. Keep your "
                "trumps and aces; throw low cards, ideally to leave a suit empty.")
    elif decision == "pass":
        cards = _count(as_nine_five_two(obs)["pass_count"] or 0, "card")
        text = (f"You went over last hand, so you give {cards} "
                "to a player who went under, who gives back their highest card of each suit "
                "you give: give low cards of suits where you want their best card.")
    else:
        return None
    return f"{text} {goal}".strip()

"""9-5-2's presenter."""

from __future__ import annotations

from whist.cards import Suit
from whist.observations import (
    Observation,
    as_nine_five_two,
)
from whist_app.presenters.base import (
    Explain,
    GamePresenter,
    Seating,
    _choice,
    _fact,
    _info,
    _no_choices,
    _plural,
    _signed,
    _trump_item,
    trump_words,
)
from whist_app.views import (
    ChoicesView,
    FactView,
    InfoView,
    SelectView,
)


class NineFiveTwoPresenter(GamePresenter):
    """9-5-2: contracts, the trump the dealer names, the kitty, card passing."""

    target_word = "goes for"
    made_words = "contracts made"
    made_with_more = True

    def heading(self, obs: Observation, seating: Seating) -> str:
        """Hand n, the dealer, the trump and the target."""
        o = as_nine_five_two(obs)
        return (f"Hand {o['hand_number'] + 1}, {seating.does(o['dealer'], 'deal')}: "
                f"{trump_words(o['trump_name'])}, the game ends at ±{o['target']}")

    def info(self, obs: Observation, seating: Seating) -> list[InfoView]:
        """Hand, trump (once named) and the target."""
        o = as_nine_five_two(obs)
        return [_info("hand", "Hand", o["hand_number"] + 1), _trump_item(o),
                _info("target", "Target", f"±{o['target']}")]

    def facts(self, obs: Observation, seat: int, seating: Seating) -> list[FactView]:
        """The seat's contract."""
        return [_fact("goes-for", as_nine_five_two(obs)["contracts"][seat])]

    def badges(self, obs: Observation, seat: int, seating: Seating) -> list[str]:
        """The dealer."""
        return ["dealer"] if as_nine_five_two(obs)["dealer"] == seat else []

    def highlighted(self, obs: Observation, decision: str | None) -> set[str]:
        """While the dealer discards: the cards that came from the kitty."""
        return set(as_nine_five_two(obs)["kitty"] or []) if decision == "discard" else set()

    def passed_cards(self, obs: Observation, passer: int,
                     receiver: int) -> tuple[list[str], list[str]] | None:
        """The cards passed and returned, as the passer and the receiver saw them."""
        for exchange in as_nine_five_two(obs)["passing"]:
            if (exchange["passer"], exchange["receiver"]) == (passer, receiver) \
                    and exchange["cards"]:
                return exchange["cards"], exchange["returned"] or []
        return None

    def context(self, obs: Observation, seating: Seating) -> list[str]:
        """Last hand's results, the passing, the kitty and the discard."""
        o = as_nine_five_two(obs)
        lines: list[str] = []
        if o["previous_results"] is not None and not o["trump_named"]:
            results = ", ".join(f"{seating.name(s)} {_signed(r)}"
                                for s, r in enumerate(o["previous_results"]))
            lines.append(f"Last hand: {results}")
        for exchange in o["passing"]:
            giver, taker = seating.name(exchange["passer"]), seating.who(exchange["receiver"])
            if not exchange["done"]:
                lines.append(f"{giver} {'owe' if giver == 'You' else 'owes'} {taker} "
                             f"{_plural(exchange['count'], 'card')}")
            elif exchange["cards"]:
                lines.append(f"{giver} gave {taker} {' '.join(exchange['cards'])}; "
                             f"back came {' '.join(exchange['returned'] or [])}")
            else:
                lines.append(f"{giver} gave {taker} {_plural(exchange['count'], 'card')}")
        if o["kitty"]:
            lines.append("The kitty you took: " + " ".join(o["kitty"]))
        if o["discard"]:
            lines.append("Your discard: " + " ".join(o["discard"]))
        return lines

    def prompt(self, obs: Observation, seating: Seating) -> str:
        """Name trump (with the dealer's contract), discard n, give n to a seat."""
        o = as_nine_five_two(obs)
        count = o["choose_count"] or 0
        if o["decision"] == "trump":
            return f"Name trump (you are the dealer, going for {o['contracts'][o['seat']]})"
        if o["decision"] == "discard":
            return f"Choose {_plural(count, 'card')} to discard face down, then confirm"
        if o["decision"] == "pass" and o["pass_to"] is not None:
            return f"Choose {_plural(count, 'card')} to give {seating.who(o['pass_to'])}, then confirm"
        return super().prompt(obs, seating)

    def choices(self, obs: Observation, seating: Seating, explain: Explain) -> ChoicesView:
        """The four suits and no trump; or choosing cards to discard or pass."""
        o = as_nine_five_two(obs)
        if o["decision"] == "trump":
            legal = set(o["legal"])
            items = [_choice(s.symbol, s.symbol, explain, legal) for s in Suit]
            items.append(_choice("NT", "No trump", explain, legal))
            return {"layout": "row", "items": items, "columns": [], "rows": [], "select": None,
                    "note": None}
        if o["decision"] in ("discard", "pass"):
            select: SelectView = {
                "count": o["choose_count"] or 0,
                "verb": "Discard" if o["decision"] == "discard" else "Give",
                "to": None if o["decision"] == "discard" or o["pass_to"] is None
                else seating.name(o["pass_to"]),
                "highlight": list(o["kitty"] or []) if o["decision"] == "discard" else []}
            return {"layout": "select", "items": [], "columns": [], "rows": [],
                    "select": select, "note": None}
        return _no_choices()

"""9-5-2's presenter."""

from __future__ import annotations

from whist.actions import Discard
from whist.cards import Suit
from whist.events import Acted, CardsPassed, Event
from whist.observations import (
    NineFiveTwoObservation,
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


class NineFiveTwoPresenter(GamePresenter[NineFiveTwoObservation]):
    """9-5-2: contracts, the trump the dealer names, the kitty, card passing."""

    target_word = "goes for"
    made_words = "contracts made"
    made_with_more = True
    sheet_key = ("Each cell: tricks taken/contract, then points. Beside each hand: trump and "
                 "the dealer who named it")

    def narrow(self, obs: Observation) -> NineFiveTwoObservation:
        """``obs`` as a 9-5-2 observation; TypeError for any other game."""
        return as_nine_five_two(obs)

    def heading(self, obs: NineFiveTwoObservation, seating: Seating) -> str:
        """Hand n, the dealer, the trump and the target."""
        return (f"Hand {obs['hand_number'] + 1}, {seating.does(obs['dealer'], 'deal')}: "
                f"{trump_words(obs['trump_name'])}, the game ends at ±{obs['target']}")

    def info(self, obs: NineFiveTwoObservation, seating: Seating) -> list[InfoView]:
        """Hand, trump (once named) and the target."""
        return [_info("hand", "Hand", obs["hand_number"] + 1), _trump_item(obs),
                _info("target", "Target", f"±{obs['target']}")]

    def facts(self, obs: NineFiveTwoObservation, seat: int, seating: Seating) -> list[FactView]:
        """The seat's contract."""
        return [_fact("goes-for", obs["contracts"][seat])]

    def badges(self, obs: NineFiveTwoObservation, seat: int, seating: Seating) -> list[str]:
        """The dealer."""
        return ["dealer"] if obs["dealer"] == seat else []

    def highlighted(self, obs: NineFiveTwoObservation, decision: str | None) -> set[str]:
        """While the dealer discards: the cards that came from the kitty."""
        return set(obs["kitty"] or []) if decision == "discard" else set()

    def passed_cards(self, obs: NineFiveTwoObservation, passer: int,
                     receiver: int) -> tuple[list[str], list[str]] | None:
        """The cards passed and returned, as the passer and the receiver saw them."""
        for exchange in obs["passing"]:
            if (exchange["passer"], exchange["receiver"]) == (passer, receiver) \
                    and exchange["cards"]:
                return exchange["cards"], exchange["returned"] or []
        return None

    def context(self, obs: NineFiveTwoObservation, seating: Seating) -> list[str]:
        """Last hand's results, the passing, the kitty and the discard."""
        lines: list[str] = []
        if obs["previous_results"] is not None and not obs["trump_named"]:
            results = ", ".join(f"{seating.name(s)} {_signed(r)}"
                                for s, r in enumerate(obs["previous_results"]))
            lines.append(f"Last hand: {results}")
        for exchange in obs["passing"]:
            giver, taker = seating.name(exchange["passer"]), seating.who(exchange["receiver"])
            if not exchange["done"]:
                lines.append(f"{giver} {'owe' if giver == 'You' else 'owes'} {taker} "
                             f"{_plural(exchange['count'], 'card')}")
            elif exchange["cards"]:
                lines.append(f"{giver} gave {taker} {' '.join(exchange['cards'])}; "
                             f"back came {' '.join(exchange['returned'] or [])}")
            else:
                lines.append(f"{giver} gave {taker} {_plural(exchange['count'], 'card')}")
        if obs["kitty"]:
            lines.append("The kitty you took: " + " ".join(obs["kitty"]))
        if obs["discard"]:
            lines.append("Your discard: " + " ".join(obs["discard"]))
        return lines

    def in_context(self, event: Event, obs: NineFiveTwoObservation) -> bool:
        """Your own discard ("Your discard: …") and a pass the context lists (each exchange of
        the hand)."""
        match event:
            case Acted(action=Discard(), seat=seat):
                return seat == obs["seat"] and bool(obs["discard"])
            case CardsPassed(passer=passer, receiver=receiver):
                return any(e["done"] and e["passer"] == passer and e["receiver"] == receiver
                           for e in obs["passing"])
        return False

    def prompt(self, obs: NineFiveTwoObservation, seating: Seating) -> str:
        """Name trump (with the dealer's contract), discard n, give n to a seat."""
        count = obs["choose_count"] or 0
        if obs["decision"] == "trump":
            return f"Name trump (you are the dealer, going for {obs['contracts'][obs['seat']]})"
        if obs["decision"] == "discard":
            return f"Choose {_plural(count, 'card')} to discard face down, then confirm"
        if obs["decision"] == "pass" and obs["pass_to"] is not None:
            return f"Choose {_plural(count, 'card')} to give {seating.who(obs['pass_to'])}, then confirm"
        return super().prompt(obs, seating)

    def choices(self, obs: NineFiveTwoObservation, seating: Seating, explain: Explain) -> ChoicesView:
        """The four suits and no trump; or choosing cards to discard or pass."""
        if obs["decision"] == "trump":
            legal = set(obs["legal"])
            items = [_choice(s.symbol, s.symbol, explain, legal) for s in Suit]
            items.append(_choice("NT", "No trump", explain, legal))
            return {"layout": "row", "items": items, "columns": [], "rows": [], "select": None,
                    "note": None}
        if obs["decision"] in ("discard", "pass"):
            select: SelectView = {
                "count": obs["choose_count"] or 0,
                "verb": "Discard" if obs["decision"] == "discard" else "Give",
                "to": None if obs["decision"] == "discard" or obs["pass_to"] is None
                else seating.name(obs["pass_to"]),
                "highlight": list(obs["kitty"] or []) if obs["decision"] == "discard" else []}
            return {"layout": "select", "items": [], "columns": [], "rows": [],
                    "select": select, "note": None}
        return _no_choices()

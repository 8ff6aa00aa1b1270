"""Classic Whist's original computer players: a filter and a selector (engines.md).

A player is named ``FILTER+SELECTOR``, e.g. ``trump_saving+highest_rank``.
The filter narrows the cards it may play; the selector picks one of them.
Both see cards in the original's sorted order (suits ♠ ♥ ♦ ♣, high to low),
which is descending card numbers.  The functions here are the original
program's logic, exactly; ``whist_app.nerd`` calls them directly to reproduce its
games, and :func:`classic_engine_class` wraps them as engines.

Randomness: ``random`` and ``smart`` draw one ``nextInt(len(list))`` per move.
Given a shared ``java_random`` (a :class:`whist.javarandom.JavaRandom`, as
the original shares one ``java.util.Random`` among the deal and all players)
they draw from it; otherwise from the engine's own seeded generator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final

from engines.interface import Engine, EngineError
from engines.levels import CLASSIC_FILTERS, CLASSIC_SELECTORS
from whist.actions import PLAYS, Action, Play
from whist.cards import CARDS, RANK_OF, SUIT_OF, Card, Suit
from whist.games.classic import nerd_order
from whist.javarandom import JavaRandom
from whist.observations import Observation
from whist.trick_rule import beats as trick_beats
from whist.trick_rule import trick_strengths

#: Draw an index below the bound (``nextInt``).
Draw = Callable[[int], int]

FILTER_HELP: Final = {
    "none": "considers its whole hand",
    "naive_legal": "keeps the led suit and trumps",
    "trump_saving": "keeps the led suit, else trumps",
}
SELECTOR_HELP: Final = {
    "random": "plays one of them at random",
    "highest_rank": "plays the highest",
    "smart": "plays the cheapest card that can win, or throws its lowest",
}


def beats(card: int, other: int, trump: int) -> bool:
    """The original's ``winCard``: same suit and higher, or a trump on a non-trump."""
    # The trick rule with ``other`` as the card to beat; a card does not beat itself.
    return card != other and trick_beats(card, other, SUIT_OF[other], trump)


def filter_cards(kind: str, hand: Sequence[Card], lead: int | None, trump: int) -> list[Card]:
    """The cards filter ``kind`` leaves from ``hand`` (in order); ``lead`` is None when leading."""
    if kind == "none" or lead is None:
        return list(hand)
    if kind == "naive_legal":
        kept = [c for c in hand if SUIT_OF[c] == lead or SUIT_OF[c] == trump]
        return kept or list(hand)
    if kind == "trump_saving":
        kept = [c for c in hand if SUIT_OF[c] == lead]
        if not kept:
            kept = [c for c in hand if SUIT_OF[c] == trump]
        return kept or list(hand)
    raise EngineError(f"unknown filter {kind!r} (filters: {', '.join(CLASSIC_FILTERS)})")


def _highest(cards: Sequence[Card]) -> list[Card]:
    """The cards of the highest rank present, in order."""
    best = max(RANK_OF[c] for c in cards)
    return [c for c in cards if RANK_OF[c] == best]


def _lowest(cards: Sequence[Card]) -> list[Card]:
    """The cards of the lowest rank present, in order."""
    worst = min(RANK_OF[c] for c in cards)
    return [c for c in cards if RANK_OF[c] == worst]


def lowest_loss(cards: Sequence[Card], trump: int) -> Card:
    """The cheapest card to give up: the lowest non-trump, else the lowest trump."""
    plain = [c for c in cards if SUIT_OF[c] != trump]
    return _lowest(plain or cards)[0]


def select_highest_rank(cards: Sequence[Card], lead: int | None, trump: int) -> Card:
    """Among the highest-ranked cards: the led suit's, else a trump, else the first."""
    top = _highest(cards)
    for card in top:
        if SUIT_OF[card] == lead:
            return card
    for card in top:
        if SUIT_OF[card] == trump:
            return card
    return top[0]


def trick_leader_card(trick: Sequence[Card], lead: int, trump: int) -> Card:
    """The card winning ``trick`` so far: the highest trump in it, else the highest of the lead."""
    strengths = trick_strengths(trump, lead)
    return max(trick, key=strengths.__getitem__)  # one deck: no two cards are equally strong


def select_smart(cards: Sequence[Card], trick: Sequence[Card], lead: int | None, trump: int,
                 players: int, played: Sequence[Card], draw: Draw) -> Card:
    """The original's smart selector (engines.md): cheapest winning card, or lowest loss.

    ``played`` is this deal's finished tricks.  The unseen cards are the pack
    less those, the current trick and ``cards`` (the list the selector was
    given, as the original removes it, not the whole hand).
    """
    index = draw(len(cards))
    if lead is None:
        return cards[index]
    best = trick_leader_card(trick, lead, trump)
    winners = [c for c in cards if beats(c, best, trump)]
    if not winners:
        return lowest_loss(cards, trump)
    if len(trick) + 1 == players:
        return lowest_loss(winners, trump)
    seen = set(played)
    seen.update(trick)
    seen.update(cards)
    unseen = [c for c in CARDS if c not in seen]
    top_count = -1
    strongest: list[Card] = []
    for card in winners:
        count = sum(1 for other in unseen if beats(card, other, trump))
        if count > top_count:
            top_count = count
            strongest = [card]
        elif count == top_count:
            strongest.append(card)
    return lowest_loss(strongest, trump)


def select_card(kind: str, cards: Sequence[Card], trick: Sequence[Card], lead: int | None,
                trump: int, players: int, played: Sequence[Card], draw: Draw) -> Card:
    """Selector ``kind``'s choice among ``cards`` (sorted ♠ ♥ ♦ ♣, high to low)."""
    if kind == "random":
        return cards[draw(len(cards))]
    if kind == "highest_rank":
        return select_highest_rank(cards, lead, trump)
    if kind == "smart":
        return select_smart(cards, trick, lead, trump, players, played, draw)
    raise EngineError(f"unknown selector {kind!r} (selectors: {', '.join(CLASSIC_SELECTORS)})")


def parse_spec(spec: str) -> tuple[str, str]:
    """Split ``"FILTER+SELECTOR"``; EngineError naming the unknown part."""
    text = spec.strip().lower().replace("-", "_")
    filter_name, plus, selector = text.partition("+")
    if not plus:
        raise EngineError(f"{spec!r} is not FILTER+SELECTOR (e.g. trump_saving+highest_rank)")
    if filter_name not in CLASSIC_FILTERS:
        raise EngineError(f"unknown filter {filter_name!r} in {spec!r} "
                          f"(filters: {', '.join(CLASSIC_FILTERS)})")
    if selector not in CLASSIC_SELECTORS:
        raise EngineError(f"unknown selector {selector!r} in {spec!r} "
                          f"(selectors: {', '.join(CLASSIC_SELECTORS)})")
    return filter_name, selector


class ClassicEngine(Engine):
    """A Classic Whist filter+selector player; subclasses fix the two parts."""

    games: ClassVar[tuple[str, ...]] = ("classic-whist",)
    filter_name: ClassVar[str] = "none"
    selector_name: ClassVar[str] = "random"

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """``java_random``: a shared Java generator to draw from (the original's single one)."""
        super().__init__(seed, budget, **settings)
        java = settings.get("java_random")
        if java is not None and not isinstance(java, JavaRandom):
            raise EngineError("java_random must be a whist.javarandom.JavaRandom")
        self.java: JavaRandom | None = java

    def _draw(self, bound: int) -> int:
        if self.java is not None:
            return self.java.next_int(bound)
        return self.rng.randrange(bound)

    def pick(self, hand: Sequence[Card], trick: Sequence[Card], trump: int, players: int,
             played: Sequence[Card]) -> Card:
        """Filter ``hand`` (sorted ♠ ♥ ♦ ♣, high to low) and select a card from what is left."""
        lead = SUIT_OF[trick[0]] if trick else None
        kept = filter_cards(self.filter_name, hand, lead, trump)
        return select_card(self.selector_name, kept, trick, lead, trump, players, played,
                           self._draw)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Filter the legal cards and select one (with rules not enforced: the whole hand)."""
        cards = nerd_order(a.card for a in legal if isinstance(a, Play))
        if not cards:
            raise EngineError("a Classic Whist player can only play cards")
        trick = [Card.parse(c) for _, c in observation["trick"]]
        trump_symbol = observation["trump"]
        if trump_symbol is None:
            raise EngineError("a Classic Whist deal always has a trump suit")
        trump = int(Suit.parse(trump_symbol))
        played = [Card.parse(c) for t in observation["tricks"] for _, c in t["plays"]]
        card = self.pick(cards, trick, trump, observation["players"], played)
        return PLAYS[card]


_CLASSES: dict[tuple[str, str], type[Engine]] = {}


def classic_engine_class(spec: str) -> type[Engine]:
    """The Engine class for ``"FILTER+SELECTOR"``; EngineError for an unknown part."""
    filter_name, selector = parse_spec(spec)
    key = (filter_name, selector)
    if key not in _CLASSES:
        level = f"{filter_name}+{selector}"
        description = (f"Original Classic Whist player: {FILTER_HELP[filter_name]}, "
                       f"then {SELECTOR_HELP[selector]}.")
        _CLASSES[key] = type(f"Classic_{filter_name}_{selector}", (ClassicEngine,), {
            "level": level, "description": description,
            "filter_name": filter_name, "selector_name": selector,
            "__doc__": f"Classic Whist player {level}.", "__module__": __name__,
        })
    return _CLASSES[key]

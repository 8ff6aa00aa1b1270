"""P(tricks taken = k | hand, position, earlier bids, bid), learned from what really happened.

Issue 21, item 2.  ``bench/outcome_data.py`` logs self-play bids of ``strong``
(with exploration) and the tricks each then took; ``bench/fit_outcome_model.py``
fits a small model on them offline and writes ``bench/outcome_model_weights.py``;
this module reads those weights and runs the model in plain Python (no numpy).

The canonical hand (:func:`canonical_hand`): four lists of ranks (2..14, highest
first), one per suit.  With a trump, the trump suit comes first; the other suits
(all four at no-trump) follow by length, longest first, then by their ranks
compared highest card first (A-K-3 before A-Q-J); two suits equal on both are
interchangeable, so their order does not matter.

The model predicts the bid's *error* d = tricks - bid over :data:`OFFSETS`
(clipped at the ends), from :func:`features`; the classes that would put the
tricks outside 0..cards are dropped and the rest renormalised
(:func:`trick_chances`).  :func:`expected_scores` values every bid by its
expected score under those chances, by Diminishing Whist's or oh_hell's scoring.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from bench.oh_hell_round import OhHellRound
from engines.hand_strength import expected_tricks
from whist.cards import RANK_OF, SUIT_OF, Card
from whist.games.diminishing import round_score

#: The bid errors (tricks - bid) the model tells apart; the ends take everything beyond.
OFFSETS: tuple[int, ...] = tuple(range(-4, 5))
#: The scorings a bid can be valued by: Diminishing Whist's and OpenSpiel oh_hell's.
SCORINGS: tuple[str, ...] = ("dw", "oh_hell")


def world_scoring(world_class: type | None) -> str:
    """The scoring a search over ``world_class`` worlds counts: oh_hell's for
    :class:`bench.oh_hell_round.OhHellRound`, else Diminishing Whist's."""
    return "oh_hell" if world_class is not None and issubclass(world_class, OhHellRound) else "dw"

#: Names of :func:`features`' values, in order (the weights module repeats them).
FEATURE_NAMES: tuple[str, ...] = (
    "cards", "five_players", "position_share", "last", "earlier_share", "room_share",
    "oh_hell", "has_trump", "estimate", "estimate_share",
    "bid", "bid_share", "bid_minus_estimate", "abs_bid_minus_estimate", "bid_zero", "bid_all",
    "bid_minus_room",
    *(f"s{i}_{name}" for i in range(4) for name in ("len", "ace", "king", "queen", "jack", "high")),
    "side_aces", "side_kings_guarded", "side_queens_guarded", "voids", "singletons",
    "doubletons", "longest_side",
)


def canonical_hand(cards: Sequence[int], trump: int | None) -> list[list[int]]:
    """``cards`` (card numbers) as four rank lists: trump first, the rest by length, then ranks."""
    suits: list[list[int]] = [[] for _ in range(4)]
    for c in cards:
        suits[SUIT_OF[c]].append(RANK_OF[c])
    for ranks in suits:
        ranks.sort(reverse=True)
    others = [suits[s] for s in range(4) if s != trump]
    others.sort(key=lambda ranks: (len(ranks), ranks), reverse=True)
    return ([suits[trump]] if trump is not None else []) + others


def bid_facts(obs: Mapping[str, Any]) -> dict[str, Any]:
    """A bid decision's facts: hand (raw and canonical), players, position, earlier bids, trump.

    ``position`` counts from the round's opener (0 = first to bid); ``earlier`` holds
    the bids made before, in bidding order.
    """
    players: int = obs["players"]
    opener: int = obs["opener"]
    position = (obs["seat"] - opener) % players
    earlier = [obs["bids"][(opener + i) % players] for i in range(position)]
    trump_text = obs["trump"]
    trump = None if trump_text in (None, "NT") else "♣♦♥♠".index(trump_text)
    cards = [int(Card.parse(c)) for c in obs["hand"]]
    return {"players": players, "cards": len(cards), "position": position, "earlier": earlier,
            "hand": canonical_hand(cards, trump), "has_trump": trump is not None,
            "raw": list(obs["hand"]), "trump": trump_text}


def canonical_cards(hand: Sequence[Sequence[int]]) -> list[int]:
    """A canonical hand's cards as card numbers, its first suit as suit 0 (clubs)."""
    return [s * 13 + r - 2 for s, ranks in enumerate(hand) for r in ranks]


def hand_features(hand: Sequence[Sequence[int]], has_trump: bool, players: int,
                  earlier: Sequence[int], scoring: str) -> list[float]:
    """The features that do not depend on the bid (computed once per decision).

    ``hand``: canonical (see :func:`canonical_hand`); ``earlier``: the bids made
    before this seat's, in bidding order.
    """
    if scoring not in SCORINGS:
        raise ValueError(f"unknown scoring {scoring!r} (scorings: {', '.join(SCORINGS)})")
    cards = sum(len(ranks) for ranks in hand)
    if cards < 1:
        raise ValueError("a bid needs a hand of at least one card")
    position = len(earlier)
    made = sum(earlier)
    room = cards - made
    estimate = expected_tricks(canonical_cards(hand), 0 if has_trump else None, players)
    out = [float(cards), float(players == 5), position / (players - 1),
           float(position == players - 1), made / cards, room / cards,
           float(scoring == "oh_hell"), float(has_trump), estimate, estimate / cards]
    suit_values: list[float] = []
    for ranks in hand:
        suit_values += [float(len(ranks)), float(14 in ranks), float(13 in ranks),
                        float(12 in ranks), float(11 in ranks),
                        float(sum(1 for r in ranks if r >= 10))]
    side = hand[1:] if has_trump else hand
    out += suit_values
    out += [float(sum(1 for ranks in side if 14 in ranks)),
            float(sum(1 for ranks in side if 13 in ranks and len(ranks) >= 2)),
            float(sum(1 for ranks in side if 12 in ranks and len(ranks) >= 3)),
            float(sum(1 for ranks in side if not ranks)),
            float(sum(1 for ranks in side if len(ranks) == 1)),
            float(sum(1 for ranks in side if len(ranks) == 2)),
            float(max((len(ranks) for ranks in side), default=0))]
    return out


def with_bid(base: Sequence[float], bid: int) -> list[float]:
    """:func:`hand_features`' values with the bid's own inserted: the model's input."""
    cards = base[0]
    estimate = base[8]
    room = base[5] * cards
    return [*base[:10], float(bid), bid / cards, bid - estimate, abs(bid - estimate),
            float(bid == 0), float(bid == cards), bid - room, *base[10:]]


def features(hand: Sequence[Sequence[int]], has_trump: bool, players: int,
             earlier: Sequence[int], scoring: str, bid: int) -> list[float]:
    """The model's input for one bid (in the order of :data:`FEATURE_NAMES`)."""
    return with_bid(hand_features(hand, has_trump, players, earlier, scoring), bid)


def offset_logits(weights: dict[str, Any], x: Sequence[float]) -> list[float]:
    """The model's raw scores of :data:`OFFSETS` for input ``x`` (standardised inside)."""
    values = [(v - m) / s for v, m, s in zip(x, weights["mean"], weights["scale"], strict=True)]
    layers = weights["layers"]
    for depth, (matrix, bias) in enumerate(layers):
        values = [b + sum(w * v for w, v in zip(row, values, strict=True))
                  for row, b in zip(matrix, bias, strict=True)]
        if depth < len(layers) - 1:
            values = [v if v > 0.0 else 0.0 for v in values]  # ReLU between layers
    return values


def trick_chances(weights: dict[str, Any], x: Sequence[float], bid: int,
                  cards: int) -> list[float]:
    """P(tricks = k) for k = 0..cards: the offsets' softmax, kept to possible trick counts.

    An end class of :data:`OFFSETS` (the most under or over) goes to the trick count it
    names; beyond it, nothing (the data has almost no such errors).
    """
    logits = offset_logits(weights, x)
    top = max(logits)
    chances = [0.0] * (cards + 1)
    for d, z in zip(OFFSETS, logits, strict=True):
        k = bid + d
        if 0 <= k <= cards:
            chances[k] += math.exp(z - top)
    total = sum(chances)
    if total <= 0.0:  # every class fell outside 0..cards: the bid itself
        chances[bid] = total = 1.0
    return [c / total for c in chances]


def in_support(weights: dict[str, Any], x: Sequence[float]) -> bool:
    """Whether a bid's input lies where the training data had bids: its distance from the
    hand's estimate (``bid_minus_estimate``) within the weights' ``support``, if given."""
    support = weights.get("support")
    if support is None:
        return True
    gap = x[FEATURE_NAMES.index("bid_minus_estimate")]
    return bool(support[0] <= gap <= support[1])


def score(scoring: str, bid: int, tricks: int) -> int:
    """A hand's score for ``bid`` and ``tricks``: Diminishing Whist's or oh_hell's."""
    if scoring == "oh_hell":
        return OhHellRound.bid_score(bid, tricks)
    return round_score(bid, tricks)


def expected_score(scoring: str, bid: int, chances: Sequence[float]) -> float:
    """The mean score of ``bid`` when P(tricks = k) is ``chances[k]``."""
    return sum(p * score(scoring, bid, k) for k, p in enumerate(chances))


def expected_scores(weights: dict[str, Any], hand: Sequence[Sequence[int]], has_trump: bool,
                    players: int, earlier: Sequence[int], scoring: str,
                    bids: Sequence[int]) -> dict[int, tuple[float, list[float]]]:
    """Each of ``bids`` the data covers (:func:`in_support`; all of them if none is): its
    expected score under the model and P(tricks = k) for k = 0..cards."""
    base = hand_features(hand, has_trump, players, earlier, scoring)
    cards = sum(len(ranks) for ranks in hand)
    inputs = {bid: with_bid(base, bid) for bid in bids}
    covered = [bid for bid in bids if in_support(weights, inputs[bid])] or list(bids)
    out: dict[int, tuple[float, list[float]]] = {}
    for bid in covered:
        chances = trick_chances(weights, inputs[bid], bid, cards)
        out[bid] = (expected_score(scoring, bid, chances), chances)
    return out

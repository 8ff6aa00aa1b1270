"""Differential test: our Diminishing Whist against OpenSpiel's ``oh_hell``, round by round.

Each round of our game is mirrored in a fresh one-round ``oh_hell`` game
(``num_tricks_fixed`` = the round's cards) whose chance outcomes we choose:

- OpenSpiel deals one card per chance action, seat 0 first, round-robin, so
  feeding our hands card k of seat 0, card k of seat 1, ... gives the same deal;
  its card indices are mapped to ours by reading its action strings (``"CT"``).
- Its dealer is a chance outcome; bidding and the first lead start left of the
  dealer, so the dealer is our opener − 1.
- Its trump is the suit of one more card dealt after the hands.  For a trump
  round we keep one card of the schedule's trump suit out of the hands and
  deal it as that card.  OpenSpiel always has a trump, so a no-trump round
  cannot be mirrored as such; instead we deal that round's hands from three
  suits only and turn up a card of the fourth: a trump nobody holds never
  takes a trick, so the two games must agree exactly there too (every
  no-trump round here is such a deal, which our rules allow like any other).

Bids use the same hook rule in both (the last bidder may not make the total
equal the tricks), so legal bids are compared too.  At every decision we
assert the same player to move and the same legal bids or cards, after every
trick the same tricks won per seat, and at the end of each round scores that
agree where the scoring agrees (exact: bid + 10 in both; under: the tricks;
over: we score 0 where OpenSpiel, without its off-bid penalty, scores the
tricks).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from whist.actions import BIDS, PLAYS, Bid, Play
from whist.cards import CARDS, SUIT_OF, Card
from whist.games.diminishing import SCHEDULE, DiminishingWhist, round_score

pyspiel = pytest.importorskip("pyspiel")

BID_OFFSET = 52  # OpenSpiel oh_hell bid actions are 52 + tricks for a 52-card deck


def card_index(state: Any) -> dict[Card, int]:
    """Our card -> OpenSpiel's action, read from its deal-phase action strings."""
    mapping = {Card.parse(state.action_to_string(a)): a for a in state.legal_actions()}
    assert len(mapping) == 52
    return mapping


def make_deals(players: int, rng: random.Random) -> tuple[list[dict[str, Any]], list[Card]]:
    """Ten rounds of deals, each with the card OpenSpiel will turn up for trump."""
    deals = []
    turned = []
    for cards, trump in SCHEDULE:
        if trump is None:
            absent = rng.randrange(4)
            deck = [c for c in CARDS if SUIT_OF[c] != absent]
            up = rng.choice([c for c in CARDS if SUIT_OF[c] == absent])
        else:
            up = rng.choice([c for c in CARDS if SUIT_OF[c] == trump])
            deck = [c for c in CARDS if c != up]
        rng.shuffle(deck)
        hands = [[str(c) for c in deck[i * cards:(i + 1) * cards]] for i in range(players)]
        deals.append({"deal": hands})
        turned.append(up)
    return deals, turned


def tricks_won(state: Any) -> list[int]:
    """OpenSpiel's tricks won per player, read from its state text."""
    match = re.search(r"Tricks Won:\s*([\d ]+)", str(state))
    assert match is not None
    return [int(x) for x in match.group(1).split()]


def mirror_round(ours: DiminishingWhist, up: Card, rng: random.Random) -> None:
    """Play the round ``ours`` has just begun in both games with random legal actions."""
    players, cards, opener = ours.players, ours.cards, ours.opener
    game = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": cards})
    theirs = game.new_initial_state()
    assert theirs.legal_actions() == [cards]
    theirs.apply_action(cards)
    theirs.apply_action((opener - 1) % players)  # the dealer: bidding starts on its left
    index = card_index(theirs)
    for k in range(cards):
        for seat in range(players):
            theirs.apply_action(index[ours.hands[seat][k]])
    theirs.apply_action(index[up])
    if ours.trump is None:
        assert all(SUIT_OF[c] != SUIT_OF[up] for h in ours.hands for c in h)
    else:
        assert SUIT_OF[up] == ours.trump
    by_action = {a: c for c, a in index.items()}
    start_round = ours.round
    while True:
        assert theirs.current_player() == ours.to_move
        legal = ours.legal_actions()
        their_legal = theirs.legal_actions()
        if isinstance(legal[0], Bid):
            assert sorted(a - BID_OFFSET for a in their_legal) == \
                [b.tricks for b in legal if isinstance(b, Bid)]
            bid = rng.choice(legal)
            assert isinstance(bid, Bid)
            ours.apply(BIDS[bid.tricks])
            theirs.apply_action(BID_OFFSET + bid.tricks)
            continue
        assert {by_action[a] for a in their_legal} == \
            {p.card for p in legal if isinstance(p, Play)}
        play = rng.choice(legal)
        assert isinstance(play, Play)
        # Held across the round's end, when our game starts the next round in new lists.
        won_this_round = ours.tricks_won
        bids_this_round = ours.bids
        ours.apply(PLAYS[play.card])
        theirs.apply_action(index[play.card])
        if ours.trick:
            continue  # the trick goes on (a finished trick, or round, leaves it empty)
        assert tricks_won(theirs) == won_this_round
        if theirs.is_terminal():
            assert ours.over or ours.round == start_round + 1
            returns = theirs.returns()
            for seat in range(players):
                made, took = bids_this_round[seat], won_this_round[seat]
                assert made is not None
                ours_score = ours.hand_scores[start_round][seat]
                assert ours_score == round_score(made, took)
                if took <= made:
                    assert ours_score == returns[seat]
                else:
                    assert ours_score == 0 and returns[seat] == took
            return


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("game_seed", range(20))
def test_matches_openspiel_oh_hell(players: int, game_seed: int) -> None:
    rng = random.Random(1000 * players + game_seed)
    deals, turned = make_deals(players, rng)
    ours = DiminishingWhist({"players": players}, chance=deals)
    for r in range(10):
        assert ours.round == r
        mirror_round(ours, turned[r], rng)
    assert ours.over

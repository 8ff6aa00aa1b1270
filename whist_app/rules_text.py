"""The rules of each game in a player's words: the one source the page's Rules dialog shows.

The text follows the decisions of ``rules.md`` (the project's rules page), and
every number in it (the schedule, the contracts, option ranges and defaults,
penalties, bonuses) is read from the rules core, so the text cannot say one
thing while the game does another.  ``tests/test_rules_text.py`` checks the
decided points against the core.
"""

from __future__ import annotations

from typing import TypedDict

from whist.games import game_class
from whist.games.bidding import (
    MIN_CONTRACT,
    TRICKS,
    ZERO_BONUS,
    ZERO_BONUS_CROWDED,
    bet_score,
)
from whist.games.black_queen import NO_CARDS_BONUS, NO_POINTS_BONUS, PENALTY, QUEEN_OF_SPADES
from whist.games.diminishing import SCHEDULE
from whist.games.nine_five_two import HAND_SIZE, KITTY_SIZE, contracts_for
from whist.protocol import OptionSpec


class RulesText(TypedDict):
    """A game's rules: a one-line summary and the full text as paragraphs and bullet points."""

    summary: str
    points: list[str]


#: What every game shares, shown under each game's own rules: true of a game without
#: trump too (Black Queen), so trump is only "in a game with trump".
COMMON = ("One or more 52-card decks, Ace high. Play goes clockwise; you must follow the suit "
          "led if you can; the highest card of the suit led wins the trick, unless the game "
          "has trump and a trump was played: then the highest trump wins (with more than one "
          "deck, of two equal cards the one played later wins); the winner leads the next "
          "trick.")

#: Each choice of Bidding Whist's ``on_all_skip`` in words, by its value.
ALL_SKIP_WORDS: dict[str, str] = {
    "redeal": "the cards are shuffled and dealt again, and the same player opens the bidding "
              "(that deal does not count as a hand)",
    "no_trump": "the player who opened the bidding rules with no trump, and everyone, that "
                f"player included, bets 0–{TRICKS} tricks, starting with the ruler",
    "end": "the game ends, and that deal scores nothing",
}


def _spec(game: str, name: str) -> OptionSpec:
    return next(s for s in game_class(game).option_specs if s.name == name)


def _signed(n: int) -> str:
    """``+40``, ``−40`` (a minus sign, as the rest of the text), ``0``."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def _range(spec: OptionSpec) -> str:
    if spec.choices is not None:
        return " or ".join(str(c) for c in spec.choices)
    return f"{spec.low}–{spec.high}"


def _diminishing() -> RulesText:
    players = _spec("diminishing-whist", "players")
    schedule = ", ".join(f"{n}{'NT' if t is None else t.symbol}" for n, t in SCHEDULE)
    return {"summary": f"{_range(players)} players, {len(SCHEDULE)} rounds of "
                       f"{SCHEDULE[0][0]} down to {SCHEDULE[-1][0]} cards: bid exactly.",
            "points": [
                f"{_range(players)} players (default {players.default}), one deck, "
                f"{len(SCHEDULE)} rounds with a fixed schedule of cards and trump: {schedule}.",
                "Each round everyone bids how many tricks they will take (0 up to the cards "
                "dealt), starting with the round's opener: the first seat (yours, in a game "
                "set up here) opens round 1, and the opener moves one player to the left "
                "(clockwise) each round.",
                "The last bidder may not bid the number that would make the bids add up to "
                "exactly the number of tricks (the hook).",
                "The opening bidder leads the first trick.",
                "Score: exactly your bid → bid + 10; fewer tricks → the tricks you took; "
                "more → 0. Highest total after the last round wins; ties share."]}


def _black_queen() -> RulesText:
    players = _spec("black-queen", "players")
    heart = next(p for c, p in enumerate(PENALTY) if p and c != QUEEN_OF_SPADES)
    return {"summary": f"{_range(players)} players dodge hearts and {QUEEN_OF_SPADES}, "
                       "with face-up rows on the table.",
            "points": [
                f"{_range(players)} players (default {players.default}); one deck per two "
                "players, a few 2s removed so the cards divide evenly.",
                "Each player has a row of face-down cards, a face-up card on each, and a "
                "hand. Everyone sees all face-up cards.",
                "You may play a hand card or one of your face-up cards. If either holds the "
                "suit led, you must follow suit. No trump.",
                "When a face-up card has been played, the card under it is turned face up "
                "once the trick is collected.",
                "The player to the left (clockwise) of the dealer leads the first trick; "
                "the deal moves one player to the left each hand.",
                f"Scoring per hand: each heart −{heart}, each {QUEEN_OF_SPADES} "
                f"−{PENALTY[QUEEN_OF_SPADES]}. Took no cards: +{NO_CARDS_BONUS}. Took cards "
                f"but no penalty points: +{NO_POINTS_BONUS}. Took every penalty point: they "
                "count as plus instead (shooting).",
                "The game lasts a number of hands (one per player by default); highest total "
                "wins."]}


def _nine_five_two() -> RulesText:
    target = _spec("nine-five-two", "target")
    dealer, left, third = contracts_for(0)
    return {"summary": f"Three players go for {dealer}, {left} and {third} tricks.",
            "points": [
                f"Three players, {HAND_SIZE} cards each, {KITTY_SIZE} to the kitty.",
                f"Contracts: the dealer must take {dealer} tricks, the next player {left}, the "
                f"third {third}. The deal moves one player to the left (clockwise) each hand.",
                f"The dealer names trump (or no trump), takes the kitty and discards any "
                f"{KITTY_SIZE} cards face down.",
                f"The player going for {left} leads the first trick.",
                "Score per hand: tricks − contract, added to your total.",
                "From the second hand on, players who went over pass that many cards to "
                "players who went under; for each card received the receiver gives back "
                "their highest card of that suit (automatic).",
                f"The game ends after a hand where some total reaches +target or −target "
                f"({target.default} by default); highest total wins."]}


def _all_skip() -> str:
    """What the option ``on_all_skip`` does, each choice named as the set-up screen shows it."""
    spec = _spec("bidding-whist", "on_all_skip")
    label = spec.name.replace("_", " ").capitalize()
    choices = [f"“{str(c).replace('_', ' ')}”"
               f"{' (the default)' if c == spec.default else ''}: {ALL_SKIP_WORDS[str(c)]}"
               for c in spec.choices or ()]
    return f"If everyone skips, the option “{label}” decides. " + "; ".join(choices) + "."


def _bidding() -> RulesText:
    b = 4
    examples = ", ".join(f"{t} tricks {_signed(bet_score(b, t, 0))}" for t in (b, b + 1, b - 1, 0))
    return {"summary": "Four players bid for trump, then everyone bets on their tricks.",
            "points": [
                f"Four players, {TRICKS} cards each (Israeli style).",
                f"Initial bidding: a number of tricks ({MIN_CONTRACT}–{TRICKS}) and a "
                "denomination; No trump > ♠ > ♥ > ♦ > ♣. Each bid must beat the highest so "
                "far; or skip (a player who skips is out of the bidding).",
                "The highest bidder rules: their denomination is trump and their bid is "
                "their bet.",
                f"Secondary bets: the other three bet 0–{TRICKS} tricks; the last may not make "
                f"the four bets total exactly {TRICKS}.",
                _all_skip(),
                "The ruler leads the first trick.",
                "Score with a bet of 1 or more: 10 points for each trick you take up to your "
                "bet, less 10 points for each trick you end up over or under it "
                f"(bet {b}: {examples}).",
                f"Score with a bet of 0: +{ZERO_BONUS} if you take no trick "
                f"(+{ZERO_BONUS_CROWDED} if the four bets total more than {TRICKS}); otherwise "
                "10 points for each trick you take, less that bonus."]}


def _classic() -> RulesText:
    players = _spec("classic-whist", "players")
    cards = _spec("classic-whist", "cards")
    score = _spec("classic-whist", "winning_score")
    return {"summary": "Each trick is a point: first to the winning score wins.",
            "points": [
                f"{_range(players)} players (NERD Games design), {cards.default} cards each by "
                "default.",
                "Each deal: the cards, then a random trump suit; the first deal also draws a "
                "random first leader, and from then on the winner of a trick leads the next.",
                f"Every trick is worth one point. The first player to reach the winning score "
                f"({score.default} by default) wins at once.",
                "If the cards run out first, a new trump is drawn and the cards are dealt "
                "again; scores and the leader carry over.",
                "Following suit is enforced unless the option is turned off (as the original "
                "allowed)."]}


#: Each game's rules, by record name.
RULES: dict[str, RulesText] = {
    "diminishing-whist": _diminishing(),
    "black-queen": _black_queen(),
    "nine-five-two": _nine_five_two(),
    "bidding-whist": _bidding(),
    "classic-whist": _classic(),
}

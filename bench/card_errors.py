"""Where the card play loses against ISMCTS (issue 21): each side's card decisions, read back.

    python bench/card_errors.py bench/results/issue21-rep-FittedModelBids650-seed12.json \\
        [--json]

Reads the hands that bench/ismcts_match.py runs keep with their histories (runs made
since 2026-11-29), replays every card of them and sorts each side's card decisions
(two or more legal cards) by what the seat still wanted: ``want`` (tricks won below
its bid), ``made`` (at its bid: every further trick breaks it) or ``over`` (past it:
the hand is lost either way).  For each side, over its seat-hands:

- the hands' outcome: exact, over (more tricks than bid), under;
- the trick at which a bid of 1 or more was reached, on average over the hands that
  reached it (the earlier, the longer the seat must then lose every trick);
- tricks won a hand while ``made`` (each one broke a bid that stood; forced plays
  included);
- sure ducks missed: at ``made``, following, the seat held a legal card already beaten
  by the trick's best card (so it could not win, whatever came after) and won the
  trick anyway;
- sure wins missed: at ``want``, last to play, the seat held a legal card that wins the
  trick and lost it;
- the same, on the seat-hands both sides bid alike (``same bid``), since a bid sets
  what the play has to do.

Sides are ``strong`` (the run's ``--strong`` engine) and ``ismcts``; with
``--strong-decides`` the ``strong`` seats' cards are whoever played them.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whist.cards import SUIT_OF, Card  # noqa: E402
from whist.trick_rule import TRICK_STRENGTHS, trick_winner  # noqa: E402

SIDES = ("strong", "ismcts")


@dataclass
class Tally:
    """One side's counts over a set of seat-hands."""

    hands: int = 0
    exact: int = 0
    over: int = 0
    under: int = 0
    decisions: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    won: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    sure_ducks: int = 0
    ducks_missed: int = 0
    sure_wins: int = 0
    wins_missed: int = 0
    #: Over the hands with a bid of 1 or more that reached it: how many, and the sum of
    #: the tricks played by then (the trick that made it included).
    reached: int = 0
    reached_at: int = 0

    def row(self) -> dict[str, float]:
        """The tally as shares and rates a hand."""
        n = max(self.hands, 1)
        return {
            "hands": self.hands,
            "exact": self.exact / n, "over": self.over / n, "under": self.under / n,
            "made_decisions_a_hand": self.decisions["made"] / n,
            "tricks_won_at_made_a_hand": self.won["made"] / n,
            "want_decisions_a_hand": self.decisions["want"] / n,
            "tricks_won_at_want_a_hand": self.won["want"] / n,
            "sure_ducks": self.sure_ducks,
            "ducks_missed": self.ducks_missed,
            "duck_miss_rate": self.ducks_missed / max(self.sure_ducks, 1),
            "sure_wins": self.sure_wins,
            "wins_missed": self.wins_missed,
            "win_miss_rate": self.wins_missed / max(self.sure_wins, 1),
            "bid_reached_at_trick": self.reached_at / max(self.reached, 1),
        }


def stage(bid: int, won: int) -> str:
    """What a seat with ``bid`` and ``won`` tricks still wants: want, made or over."""
    return "want" if won < bid else "made" if won == bid else "over"


def beats(card: Card, best: Card, led: Card, trump: int) -> bool:
    """Whether ``card`` played after ``best`` (the best so far of a trick ``led`` opened)
    takes the lead."""
    strengths = TRICK_STRENGTHS[trump][SUIT_OF[led]]
    return strengths[card] > strengths[best]


def tally_hand(history: Sequence[int], card_of: dict[int, Card], tallies: list[Tally],
               players: int) -> None:
    """Add one hand's card decisions to ``tallies`` (one per OpenSpiel player)."""
    from bench.ismcts_match import PLAYS_AT, replay
    view = replay(list(history[:PLAYS_AT]), card_of)
    hands = [list(h) for h in view.hands]
    bids = [b if b is not None else -1 for b in view.bids]
    trump = view.trump
    won = [0] * players
    player = view.first
    trick: list[tuple[int, Card]] = []
    pending: list[tuple[int, str, bool, bool]] = []  # (player, stage, sure duck, sure win)
    for action in history[PLAYS_AT:]:
        card = card_of[action]
        hand = hands[player]
        legal = [c for c in hand if trick and SUIT_OF[c] == SUIT_OF[trick[0][1]]] or hand
        now = stage(bids[player], won[player])
        duck = win = False
        if len(legal) > 1:
            tallies[player].decisions[now] += 1
            if trick:
                best = trick[trick_winner(trick, trump)][1]
                duck = now == "made" and any(not beats(c, best, trick[0][1], trump) for c in legal)
                win = now == "want" and len(trick) == players - 1 \
                    and any(beats(c, best, trick[0][1], trump) for c in legal)
        hand.remove(card)
        trick.append((player, card))
        pending.append((player, now, duck, win))
        if len(trick) < players:
            player = (player + 1) % players
            continue
        winner = trick[trick_winner(trick, trump)][0]
        for p, when, sure_duck, sure_win in pending:
            t = tallies[p]
            if p == winner:
                t.won[when] += 1
            if sure_duck:
                t.sure_ducks += 1
                t.ducks_missed += p == winner
            if sure_win:
                t.sure_wins += 1
                t.wins_missed += p != winner
        won[winner] += 1
        if won[winner] == bids[winner]:
            tallies[winner].reached += 1
            tallies[winner].reached_at += sum(won)
        trick, pending = [], []
        player = winner
    for p in range(players):
        t = tallies[p]
        t.hands += 1
        t.exact += won[p] == bids[p]
        t.over += won[p] > bids[p]
        t.under += won[p] < bids[p]


def merge(into: Tally, part: Tally) -> None:
    """Add ``part``'s counts to ``into``."""
    for name in ("hands", "exact", "over", "under", "sure_ducks", "ducks_missed", "sure_wins",
                 "wins_missed", "reached", "reached_at"):
        setattr(into, name, getattr(into, name) + getattr(part, name))
    for key, value in part.decisions.items():
        into.decisions[key] += value
    for key, value in part.won.items():
        into.won[key] += value


def analyse(paths: Sequence[Path]) -> dict[str, dict[str, dict[str, float]]]:
    """Each side's figures over all seat-hands and over those both sides bid alike."""
    from bench.ismcts_match import PLAYERS, card_of_action, load_game
    card_of = card_of_action(load_game())
    groups: dict[str, dict[str, Tally]] = {g: {s: Tally() for s in SIDES}
                                          for g in ("all", "same bid")}
    for path in paths:
        match = json.loads(path.read_text())
        for result in match["results"]:
            hands = result["hands"]
            if any("history" not in h for h in hands):
                raise SystemExit(f"card_errors: {path} keeps no hand histories "
                                 "(runs made before 2026-11-29)")
            per_hand = []
            for hand in hands:
                tallies = [Tally() for _ in range(PLAYERS)]
                tally_hand(hand["history"], card_of, tallies, PLAYERS)
                per_hand.append(tallies)
            for h, hand in enumerate(hands):
                other = hands[1 - h] if len(hands) == 2 else None
                for p in range(PLAYERS):
                    side = hand["kinds"][p]
                    merge(groups["all"][side], per_hand[h][p])
                    if other is not None and other["bids"][p] == hand["bids"][p]:
                        merge(groups["same bid"][side], per_hand[h][p])
    return {g: {s: t.row() for s, t in sides.items()} for g, sides in groups.items()}


def table(figures: dict[str, dict[str, dict[str, float]]]) -> str:
    """The figures as a Markdown table, strong / ISMCTS in each cell."""
    rows = [("seat-hands", "hands", "{:.0f}"), ("exact", "exact", "{:.1%}"),
            ("over (tricks > bid)", "over", "{:.1%}"), ("under", "under", "{:.1%}"),
            ("bid reached at trick (bids of 1 or more)", "bid_reached_at_trick", "{:.2f}"),
            ("card decisions a hand at made", "made_decisions_a_hand", "{:.2f}"),
            ("tricks won a hand at made", "tricks_won_at_made_a_hand", "{:.3f}"),
            ("card decisions a hand at want", "want_decisions_a_hand", "{:.2f}"),
            ("tricks won a hand at want", "tricks_won_at_want_a_hand", "{:.3f}"),
            ("sure ducks (count)", "sure_ducks", "{:.0f}"),
            ("sure ducks missed", "duck_miss_rate", "{:.1%}"),
            ("sure wins (count)", "sure_wins", "{:.0f}"),
            ("sure wins missed", "win_miss_rate", "{:.1%}")]
    groups = list(figures)
    out = ["| figure | " + " | ".join(f"{g}: strong / ISMCTS" for g in groups) + " |",
           "|---|" + "---|" * len(groups)]
    for label, key, form in rows:
        cells = [form.format(figures[g]["strong"][key]) + " / "
                 + form.format(figures[g]["ismcts"][key]) for g in groups]
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the card-play figures of the runs named."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path, help="bench/ismcts_match.py JSON files")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    for path in args.runs:
        if not path.is_file():
            parser.error(f"no such file: {path}")
    figures: Any = analyse(args.runs)
    print(json.dumps(figures, indent=1) if args.json else table(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
